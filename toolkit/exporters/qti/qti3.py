"""``qti``: one QTI 3.0 content package per quiz and locale, for learning platforms.

Layout: ``qti/<quiz>/<locale>.zip``; the delivery variant (``--no-answers``) is
``qti/<quiz>/<locale>.no-answers.zip``. Each package holds ``imsmanifest.xml`` (IMS CP 1.2, QTI 3.0
profile), ``test.xml`` (one test part, one section, every question in order) and
``items/<question>.xml`` (one item per question, every question kind: :mod:`toolkit.exporters.qti.items`),
and the images the items show (:mod:`toolkit.exporters.media`: ``media/ring-<digest>.png``), each an ``<img src
alt>`` in its item (the prompt's after the prompt, an option's in its choice, the explanation's in its
feedback; ``src`` relative to the item, ``alt`` the locale's alt text) and a ``<file>`` of its item's
resource in the manifest; the delivery variant has no explanation, so not its image either.
The delivery variant has no correct response, no response processing and no feedback: the key stays on
the server that grades. A numeric question whose pattern of accepted numerals would go past its bound
(:func:`toolkit.exporters.qti.patterns.number_pattern_problem`) is left out with a warning
(``unsupported-question``, an error under ``--strict``).

Right-to-left items carry ``dir="rtl"`` on every element that QTI allows it on (body, interaction,
prompt, choices, the ``div`` inside modal feedback) and isolate each Latin run (found by
:mod:`toolkit.text.bidi`) with ``<span dir="ltr">``; inline code becomes ``<code dir="ltr">``. No bidi
control characters are inserted. ``dir`` is written even when it is ``ltr``: the schema declares ``dir``
with the default ``auto``, which schema-aware processors would otherwise fill in, and ``auto`` misreads an
Urdu option that starts with "PyTorch". A question that fell back is wholly in the source language, tagged
with its ``xml:lang`` and ``dir``.

Packages are byte-identical for identical input: entries sorted, fixed timestamps and attributes, and
deflate at a fixed level.
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree

from toolkit import __version__
from toolkit.exporters.archive import package
from toolkit.exporters.base import ALL_QUESTION_TYPES, BaseExporter, ExportRequest, OutputFile
from toolkit.exporters.media import MediaFiles, package_entries, question_images
from toolkit.exporters.qti.interactions import Labels
from toolkit.exporters.qti.items import item_document
from toolkit.exporters.qti.markup import (
    SCHEMA_LOCATION,
    XSI_NAMESPACE,
    append_bidi_text,
    check_xml_text,
    indented_document,
    qti,
    root,
    sub,
    value,
)
from toolkit.exporters.qti.patterns import number_pattern_problem
from toolkit.exporters.qti.response_processing import SCORE
from toolkit.localization import LocalizedQuiz
from toolkit.model import NumericQuestion, Question
from toolkit.text.formulas import plain_formulas

__all__ = ["QtiExporter", "append_bidi_text", "item_document", "package_files"]

CP_NAMESPACE = "http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1"
CP_SCHEMA_URL = "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd"

ITEM_RESOURCE = "imsqti_item_xmlv3p0"
TEST_RESOURCE = "imsqti_test_xmlv3p0"
DEFAULT_LABELS = Labels("True", "False")


def item_path(question_id: str) -> str:
    return f"items/{question_id}.xml"


def assessment_test_document(localized: LocalizedQuiz, answers: bool) -> etree._Element:
    check_xml_text(localized, "title", localized.title)
    title = plain_formulas(localized.title)  # an attribute holds no MathML: a formula as its plain text
    test = root(
        "qti-assessment-test",
        identifier=localized.quiz.id,
        title=title,
        **{"tool-name": "quizkit", "tool-version": __version__},
    )
    if answers:
        score = sub(test, "qti-outcome-declaration", identifier=SCORE, cardinality="single")
        score.set("base-type", "float")
        value(sub(score, "qti-default-value"), "qti-value", "0")
    part = sub(
        test,
        "qti-test-part",
        identifier="PART",
        **{"navigation-mode": "nonlinear", "submission-mode": "individual"},
    )
    section = sub(part, "qti-assessment-section", identifier="SECTION", title=title, visible="true")
    for question in localized.questions:
        sub(section, "qti-assessment-item-ref", identifier=question.id, href=item_path(question.id))
    if answers:
        processing = sub(test, "qti-outcome-processing")
        setter = sub(processing, "qti-set-outcome-value", identifier=SCORE)
        sub(sub(setter, "qti-sum"), "qti-test-variables", variable_identifier=SCORE)
    return test


def _cp(name: str) -> str:
    return f"{{{CP_NAMESPACE}}}{name}"


def manifest_document(
    localized: LocalizedQuiz, answers: bool = True, media: MediaFiles | None = None
) -> etree._Element:
    media = media if media is not None else MediaFiles()
    manifest = etree.Element(_cp("manifest"), nsmap={None: CP_NAMESPACE, "xsi": XSI_NAMESPACE})
    manifest.set(SCHEMA_LOCATION, f"{CP_NAMESPACE} {CP_SCHEMA_URL}")
    manifest.set("identifier", f"manifest-{localized.quiz.id}-{localized.locale.tag}")
    metadata = etree.SubElement(manifest, _cp("metadata"))
    etree.SubElement(metadata, _cp("schema")).text = "QTI Package"
    etree.SubElement(metadata, _cp("schemaversion")).text = "3.0.0"
    etree.SubElement(manifest, _cp("organizations"))
    resources = etree.SubElement(manifest, _cp("resources"))
    # Resource ids are xs:ID, unique across the manifest: the prefixes keep items and the test apart.
    test = etree.SubElement(
        resources,
        _cp("resource"),
        identifier=f"test-{localized.quiz.id}",
        type=TEST_RESOURCE,
        href="test.xml",
    )
    etree.SubElement(test, _cp("file"), href="test.xml")
    for question in localized.questions:
        etree.SubElement(test, _cp("dependency"), identifierref=f"item-{question.id}")
    for question in localized.questions:
        item = etree.SubElement(
            resources,
            _cp("resource"),
            identifier=f"item-{question.id}",
            type=ITEM_RESOURCE,
            href=item_path(question.id),
        )
        etree.SubElement(item, _cp("file"), href=item_path(question.id))
        # The images the item shows are files of its resource (IMS CP: every file a resource needs).
        shown = question_images(question, answers)
        for path in dict.fromkeys(str(media.file(each.image).path) for each in shown):
            etree.SubElement(item, _cp("file"), href=path)
    return manifest


# --- serialization -----------------------------------------------------------------------------------

# Elements whose content is text: indenting inside them would change what the candidate reads.
_TEXT_ELEMENTS = frozenset(
    qti(name)
    for name in (
        "qti-prompt",
        "qti-simple-choice",
        "qti-simple-associable-choice",
        "qti-inline-choice",
        "div",
        "p",
        "span",
        "code",
    )
)


def serialize(root: etree._Element) -> bytes:
    return indented_document(root, _TEXT_ELEMENTS)


def true_false_labels(localized: LocalizedQuiz, source: Labels) -> tuple[Labels, Labels]:
    """The labels of true/false choices in ``localized``'s locale, and in the source (for questions that
    fell back): the interface messages ``ui.true`` and ``ui.false``, "True" and "False" without them."""
    true, false = localized.message_text("true"), localized.message_text("false")
    return Labels(true or source.true, false or source.false), source


def package_files(
    localized: LocalizedQuiz, answers: bool = True, source_labels: Labels = DEFAULT_LABELS
) -> list[tuple[str, bytes]]:
    labels, fallback = true_false_labels(localized, source_labels)
    media = MediaFiles()
    files = [("test.xml", serialize(assessment_test_document(localized, answers)))]
    for question in localized.questions:
        document = item_document(
            localized, question, answers, fallback if question.fell_back else labels, media
        )
        files.append((item_path(question.id), serialize(document)))
    files.append(("imsmanifest.xml", serialize(manifest_document(localized, answers, media))))
    return files + package_entries(media)


def source_labels(request: ExportRequest) -> Labels:
    interface = request.content.interface
    if interface is None:
        return DEFAULT_LABELS
    names = {message.name: message.source for message in interface.messages}
    return Labels(names.get("true", DEFAULT_LABELS.true), names.get("false", DEFAULT_LABELS.false))


class QtiExporter(BaseExporter):
    name = "qti"
    description = "QTI 3.0 content packages (items, test, imsmanifest.xml), one zip per quiz and locale"
    presents_quiz = True
    omits_answers = True
    question_types = ALL_QUESTION_TYPES

    @staticmethod
    def unwritable(question: Question[str]) -> str | None:
        if isinstance(question, NumericQuestion):
            # A number is graded by a pattern of every numeral it accepts (qti/patterns.py), bounded in
            # size; past the bound the question is left out, not the whole export refused (item_document
            # refuses it when called directly).
            problem = number_pattern_problem(question.answer, question.tolerance)
            if problem is not None:
                return f"cannot grade this numeric answer: {problem}"
        return None

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        suffix = ".zip" if request.answers else ".no-answers.zip"
        labels = source_labels(request)
        for localized in request.every_localized():
            yield OutputFile.of_quiz(
                localized, suffix, package(package_files(localized, request.answers, labels))
            )
