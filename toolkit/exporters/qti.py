"""``qti``: one QTI 3.0 content package per quiz and locale, for learning platforms.

Layout: ``qti/<quiz>/<locale>.zip``; the delivery variant (``--no-answers``) is
``qti/<quiz>/<locale>.no-answers.zip``. Each package holds ``imsmanifest.xml`` (IMS CP 1.2, QTI 3.0
profile), ``test.xml`` (one test part, one section, every question in order) and
``items/<question>.xml`` (one choice interaction per question). The delivery variant has no correct
response, no response processing and no feedback: the key stays on the server that grades.

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

import io
import zipfile
from collections.abc import Iterator, Sequence
from pathlib import PurePosixPath
from typing import Any, ClassVar

from lxml import etree

from toolkit import __version__
from toolkit.exporters.base import NOT_XML_CHARACTER, ExportError, ExportRequest, OutputFile, choice_questions
from toolkit.localization import LocalizedChoiceQuestion, LocalizedQuiz
from toolkit.model import QuestionType
from toolkit.text.bidi import bidi_segments, has_latin_letter
from toolkit.text.locale_info import LocaleInfo

QTI_NAMESPACE = "http://www.imsglobal.org/xsd/imsqtiasi_v3p0"
QTI_SCHEMA_URL = "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd"
CP_NAMESPACE = "http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1"
CP_SCHEMA_URL = "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd"
XSI_NAMESPACE = "http://www.w3.org/2001/XMLSchema-instance"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
SCHEMA_LOCATION = f"{{{XSI_NAMESPACE}}}schemaLocation"

ITEM_RESOURCE = "imsqti_item_xmlv3p0"
TEST_RESOURCE = "imsqti_test_xmlv3p0"
ZIP_TIMESTAMP = (1980, 1, 1, 0, 0, 0)
ZIP_LEVEL = 9

# Identifiers of our own are upper case, so they can never collide with a content id (those are lower case).
RESPONSE = "RESPONSE"
SCORE = "SCORE"
FEEDBACK = "FEEDBACK"
EXPLANATION = "EXPLANATION"
OPTION_FEEDBACK = "FEEDBACK."

# --- text to markup ------------------------------------------------------------------------------------


def _append_text(parent: Any, text: str) -> None:
    if len(parent):
        parent[-1].tail = (parent[-1].tail or "") + text
    else:
        parent.text = (parent.text or "") + text


def append_bidi_text(parent: Any, text: str, direction: str, latin_lang: str | None = None) -> None:
    """Append ``text`` to an lxml element as text, ``<span dir="ltr">`` isolates and ``<code>``.

    ``parent`` must be a QTI element whose content model allows ``span`` and ``code`` (prompt, simple
    choice, ``div``, ``p``). The text only ever becomes character data: markup in it stays text.
    ``latin_lang`` tags Latin runs that contain a letter (names and acronyms, read in that language);
    runs of digits and symbols are left untagged.
    """
    namespace = etree.QName(parent).namespace
    for segment in bidi_segments(text, isolate_latin=direction == "rtl"):
        if segment.kind == "text":
            _append_text(parent, segment.text)
            continue
        if segment.kind == "code":
            element = etree.SubElement(parent, _tag(namespace, "code"), dir="ltr")
        else:
            element = etree.SubElement(parent, _tag(namespace, "span"), dir="ltr")
            if latin_lang and has_latin_letter(segment.text):
                element.set(XML_LANG, latin_lang)
        element.text = segment.text


def _tag(namespace: str | None, name: str) -> str:
    return f"{{{namespace}}}{name}" if namespace else name


# --- documents -------------------------------------------------------------------------------------------


def _qti(name: str) -> str:
    return f"{{{QTI_NAMESPACE}}}{name}"


def _sub(parent: Any, name: str, **attributes: str) -> Any:
    return etree.SubElement(parent, _qti(name), attributes)


def _value(parent: Any, name: str, text: str, **attributes: str) -> Any:
    element = _sub(parent, name, **attributes)
    element.text = text
    return element


def _root(name: str, **attributes: str) -> Any:
    root = etree.Element(_qti(name), nsmap={None: QTI_NAMESPACE, "xsi": XSI_NAMESPACE})
    root.set(SCHEMA_LOCATION, f"{QTI_NAMESPACE} {QTI_SCHEMA_URL}")
    for key, value in attributes.items():
        root.set(key, value)
    return root


def _response_declaration(item: Any, question: LocalizedChoiceQuestion, answers: bool) -> None:
    multiple = question.type is QuestionType.MULTIPLE_CHOICE
    declaration = _sub(
        item,
        "qti-response-declaration",
        identifier=RESPONSE,
        cardinality="multiple" if multiple else "single",
        **{"base-type": "identifier"},
    )
    if not answers:
        return
    correct = _sub(declaration, "qti-correct-response")
    for option_id in question.correct:
        _value(correct, "qti-value", option_id)
    if multiple and question.partial_credit:
        # Per-option scoring: +1 for each correct option chosen, -1 for each wrong one, at least 0;
        # response processing divides by the number of correct options so full marks are exactly 1.
        mapping = _sub(
            declaration,
            "qti-mapping",
            **{"lower-bound": "0", "upper-bound": str(len(question.correct)), "default-value": "0"},
        )
        for option in question.options:
            _sub(
                mapping,
                "qti-map-entry",
                **{"map-key": option.id, "mapped-value": "1" if option.id in question.correct else "-1"},
            )


def _set_score(parent: Any, value: str) -> None:
    setter = _sub(parent, "qti-set-outcome-value", identifier=SCORE)
    _value(setter, "qti-base-value", value, **{"base-type": "float"})


def _response_processing(item: Any, question: LocalizedChoiceQuestion) -> None:
    processing = _sub(item, "qti-response-processing")
    multiple = question.type is QuestionType.MULTIPLE_CHOICE
    if multiple and question.partial_credit:
        setter = _sub(processing, "qti-set-outcome-value", identifier=SCORE)
        divide = _sub(setter, "qti-divide")
        _sub(divide, "qti-map-response", identifier=RESPONSE)
        _value(divide, "qti-base-value", str(len(question.correct)), **{"base-type": "float"})
    else:
        condition = _sub(processing, "qti-response-condition")
        when = _sub(condition, "qti-response-if")
        match = _sub(when, "qti-match")
        _sub(match, "qti-variable", identifier=RESPONSE)
        _sub(match, "qti-correct", identifier=RESPONSE)
        _set_score(when, "1")
        _set_score(_sub(condition, "qti-response-else"), "0")
    # FEEDBACK lists the modal feedback to show: the explanation always, and the feedback of each
    # chosen option that has some.
    setter = _sub(processing, "qti-set-outcome-value", identifier=FEEDBACK)
    _value(_sub(setter, "qti-multiple"), "qti-base-value", EXPLANATION, **{"base-type": "identifier"})
    for option in question.options:
        if option.feedback is None:
            continue
        condition = _sub(processing, "qti-response-condition")
        when = _sub(condition, "qti-response-if")
        # Single choice: the response is the option; multiple choice: the option is among the responses.
        test = _sub(when, "qti-member" if multiple else "qti-match")
        _value(test, "qti-base-value", option.id, **{"base-type": "identifier"})
        _sub(test, "qti-variable", identifier=RESPONSE)
        append = _sub(when, "qti-set-outcome-value", identifier=FEEDBACK)
        both = _sub(append, "qti-multiple")
        _sub(both, "qti-variable", identifier=FEEDBACK)
        _value(both, "qti-base-value", OPTION_FEEDBACK + option.id, **{"base-type": "identifier"})


def _modal_feedback(item: Any, identifier: str, text: str, direction: str, latin_lang: str | None) -> None:
    # qti-modal-feedback and qti-content-body reject dir: the direction goes on a div inside.
    feedback = _sub(
        item,
        "qti-modal-feedback",
        **{"outcome-identifier": FEEDBACK, "show-hide": "show", "identifier": identifier},
    )
    body = _sub(feedback, "qti-content-body")
    append_bidi_text(_sub(body, "div", dir=direction), text, direction, latin_lang)


def _latin_lang(source: LocaleInfo) -> str | None:
    # Latin runs inside a right-to-left translation are names and terms of the (left-to-right) source.
    return source.tag if source.direction == "ltr" else None


def _check_xml_text(localized: LocalizedQuiz, key: str, text: str) -> None:
    found = NOT_XML_CHARACTER.search(text)
    if found:
        raise ExportError(
            f"{localized.quiz.id}.{key} [{localized.locale.tag}] contains U+{ord(found.group(0)):04X}, "
            "a control character XML cannot carry; remove it from the text"
        )


def _check_question(localized: LocalizedQuiz, question: LocalizedChoiceQuestion, answers: bool) -> None:
    prefix = f"questions.{question.id}"
    _check_xml_text(localized, f"{prefix}.prompt", question.prompt)
    for option in question.options:
        _check_xml_text(localized, f"{prefix}.options.{option.id}", option.text)
        if answers and option.feedback is not None:
            _check_xml_text(localized, f"{prefix}.options.{option.id}.feedback", option.feedback)
    if answers:
        _check_xml_text(localized, f"{prefix}.explanation", question.explanation)


def item_document(localized: LocalizedQuiz, question: LocalizedChoiceQuestion, answers: bool) -> Any:
    _check_question(localized, question, answers)
    locale = localized.source if question.fell_back else localized.locale
    direction = locale.direction
    latin_lang = _latin_lang(localized.source)
    item = _root(
        "qti-assessment-item",
        identifier=question.id,
        title=question.id,
        adaptive="false",
        **{"time-dependent": "false", "tool-name": "quizkit", "tool-version": __version__},
    )
    item.set(XML_LANG, locale.tag)
    _response_declaration(item, question, answers)
    score = _sub(
        item,
        "qti-outcome-declaration",
        identifier=SCORE,
        cardinality="single",
        **{"base-type": "float", "normal-maximum": "1"},
    )
    _value(_sub(score, "qti-default-value"), "qti-value", "0")
    if answers:
        _sub(
            item,
            "qti-outcome-declaration",
            identifier=FEEDBACK,
            cardinality="multiple",
            **{"base-type": "identifier"},
        )
    body = _sub(item, "qti-item-body", dir=direction)
    interaction = _sub(body, "qti-choice-interaction", **{"response-identifier": RESPONSE})
    interaction.set("shuffle", "true" if question.shuffle or localized.quiz.shuffle else "false")
    # max-choices 0 means any number of choices.
    interaction.set("max-choices", "0" if question.type is QuestionType.MULTIPLE_CHOICE else "1")
    interaction.set("dir", direction)
    append_bidi_text(_sub(interaction, "qti-prompt", dir=direction), question.prompt, direction, latin_lang)
    for option in question.options:
        choice = _sub(interaction, "qti-simple-choice", identifier=option.id)
        if option.pinned:
            choice.set("fixed", "true")
        choice.set("dir", direction)
        append_bidi_text(choice, option.text, direction, latin_lang)
    if answers:
        _response_processing(item, question)
        for option in question.options:
            if option.feedback is not None:
                _modal_feedback(item, OPTION_FEEDBACK + option.id, option.feedback, direction, latin_lang)
        _modal_feedback(item, EXPLANATION, question.explanation, direction, latin_lang)
    return item


def item_path(question_id: str) -> str:
    return f"items/{question_id}.xml"


def assessment_test_document(localized: LocalizedQuiz, answers: bool) -> Any:
    _check_xml_text(localized, "title", localized.title)
    test = _root(
        "qti-assessment-test",
        identifier=localized.quiz.id,
        title=localized.title,
        **{"tool-name": "quizkit", "tool-version": __version__},
    )
    if answers:
        score = _sub(test, "qti-outcome-declaration", identifier=SCORE, cardinality="single")
        score.set("base-type", "float")
        _value(_sub(score, "qti-default-value"), "qti-value", "0")
    part = _sub(
        test,
        "qti-test-part",
        identifier="PART",
        **{"navigation-mode": "nonlinear", "submission-mode": "individual"},
    )
    section = _sub(
        part, "qti-assessment-section", identifier="SECTION", title=localized.title, visible="true"
    )
    for question in choice_questions(localized):
        _sub(section, "qti-assessment-item-ref", identifier=question.id, href=item_path(question.id))
    if answers:
        processing = _sub(test, "qti-outcome-processing")
        setter = _sub(processing, "qti-set-outcome-value", identifier=SCORE)
        _sub(_sub(setter, "qti-sum"), "qti-test-variables", **{"variable-identifier": SCORE})
    return test


def _cp(name: str) -> str:
    return f"{{{CP_NAMESPACE}}}{name}"


def manifest_document(localized: LocalizedQuiz) -> Any:
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
    for question in choice_questions(localized):
        etree.SubElement(test, _cp("dependency"), identifierref=f"item-{question.id}")
    for question in choice_questions(localized):
        item = etree.SubElement(
            resources,
            _cp("resource"),
            identifier=f"item-{question.id}",
            type=ITEM_RESOURCE,
            href=item_path(question.id),
        )
        etree.SubElement(item, _cp("file"), href=item_path(question.id))
    return manifest


# --- serialization -----------------------------------------------------------------------------------

# Elements whose content is text: indenting inside them would change what the candidate reads.
_TEXT_ELEMENTS = frozenset(
    _qti(name) for name in ("qti-prompt", "qti-simple-choice", "div", "p", "span", "code")
)


def _indent(element: Any, level: int = 0) -> None:
    if element.tag in _TEXT_ELEMENTS or not len(element):
        return
    inner = "\n" + "  " * (level + 1)
    element.text = inner
    for child in element:
        _indent(child, level + 1)
        child.tail = inner
    element[-1].tail = "\n" + "  " * level


def serialize(root: Any) -> bytes:
    _indent(root)
    data: bytes = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    return data + b"\n"


def package(files: Sequence[tuple[str, bytes]]) -> bytes:
    """A zip that depends only on its entries: sorted, fixed timestamps and attributes, fixed deflate."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in sorted(files):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIMESTAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = 0o100644 << 16
            archive.writestr(info, data, compresslevel=ZIP_LEVEL)
    return buffer.getvalue()


def package_files(localized: LocalizedQuiz, answers: bool = True) -> list[tuple[str, bytes]]:
    files = [("imsmanifest.xml", serialize(manifest_document(localized)))]
    files.append(("test.xml", serialize(assessment_test_document(localized, answers))))
    for question in choice_questions(localized):
        files.append((item_path(question.id), serialize(item_document(localized, question, answers))))
    return files


class QtiExporter:
    name: ClassVar[str] = "qti"
    description: ClassVar[str] = (
        "QTI 3.0 content packages (items, test, imsmanifest.xml), one zip per quiz and locale"
    )
    presents_quiz: ClassVar[bool] = True
    omits_answers: ClassVar[bool] = True

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        suffix = ".zip" if request.answers else ".no-answers.zip"
        for locale in request.locales:
            for localized in request.quizzes_in(locale):
                path = PurePosixPath(localized.quiz.id) / f"{localized.locale.tag}{suffix}"
                yield OutputFile(
                    path, package(package_files(localized, request.answers)), quiz=localized.quiz.id
                )
