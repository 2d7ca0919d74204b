"""QTI 3.0 packages as a learning platform imports them: schema-valid items, test and manifest, the
content's text and answer key, right-to-left Urdu with Latin runs isolated by markup, byte-identical
zips, the delivery variant without answers, and text that never turns into markup."""

from __future__ import annotations

import io
import re
import subprocess
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from lxml import etree
from support import EVERY_TYPE_QUIZ, exported_once, fixture_project, qti_schemas, run_quizkit_in_process

from toolkit import keys
from toolkit.content.validation import load_content
from toolkit.exporters import ExportError
from toolkit.exporters.base import ExportRequest
from toolkit.exporters.qti.qti3 import QtiExporter, append_bidi_text
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header
from toolkit.gettext.po_reader import parse_po
from toolkit.localization import FallbackPolicy, localize
from toolkit.model import ChoiceQuestion, Content, Level, Option, Origin, QuestionType, Quiz, Text

Quizkit = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def quizkit() -> Quizkit:
    """The command in this process (support.run_quizkit_in_process): these tests read what it wrote."""
    return run_quizkit_in_process


CATALOG = "locales/ur/LC_MESSAGES/data-parallel.po"
QTI = "http://www.imsglobal.org/xsd/imsqtiasi_v3p0"
CP = "http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1"
NS = {"q": QTI, "cp": CP}
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
BIDI_CONTROLS = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
SAFE_PARSER = etree.XMLParser(resolve_entities=False, no_network=True)


@dataclass(frozen=True)
class Schemas:
    qti: Any
    package: Any


@pytest.fixture(scope="module")
def schemas() -> Schemas:
    """Both schemas, compiled once per process (support.qti_schemas): the QTI 3 schema alone takes a few
    seconds; the module's validations are skipped where they are missing (tests/standard_schemas.py)."""
    return Schemas(*qti_schemas())


def export(project: Path, quizkit: Quizkit, *arguments: str) -> Path:
    result = quizkit(project, "export", "-f", "qti", *arguments)
    assert result.returncode == 0, result.stdout + result.stderr
    out = arguments[arguments.index("--out") + 1] if "--out" in arguments else "dist"
    return project / out / "qti"


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Read only (support.exported_once)."""
    with exported_once(tmp_path_factory, "export", "-f", "qti") as project:
        yield project / "dist" / "qti"


def entries(package: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(package) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def parse(data: bytes) -> Any:
    return etree.fromstring(data, SAFE_PARSER)


def item(package: Path, question_id: str) -> Any:
    return parse(entries(package)[f"items/{question_id}.xml"])


def assert_valid(schemas: Schemas, package: Path) -> None:
    for name, data in entries(package).items():
        if not name.endswith(".xml"):
            continue  # an image the items show
        schema = schemas.package if name == "imsmanifest.xml" else schemas.qti
        valid = schema.validate(parse(data))
        assert valid, f"{package.name}:{name}: " + "; ".join(str(error) for error in schema.error_log)


def source_text(element: Any) -> str:
    """The plain text an element was built from: isolation spans removed, inline code back in backticks,
    line breaks back from ``<br/>``."""
    parts = [element.text or ""]
    for child in element:
        name = etree.QName(child).localname
        assert name in {"span", "code", "br"}, f"unexpected <{name}> in text"
        if name == "br":
            assert (child.attrib, child.text, len(child)) == ({}, None, 0)
            parts.append("\n")
        else:
            assert child.get("dir") == "ltr"
            inner = source_text(child)
            parts.append(f"`{inner}`" if name == "code" else inner)
        parts.append(child.tail or "")
    return "".join(parts)


@dataclass(frozen=True)
class ItemTexts:
    prompt: str
    options: dict[str, str]
    explanation: str | None


def item_texts(document: Any) -> ItemTexts:
    explanation = document.find(
        "q:qti-modal-feedback[@identifier='EXPLANATION']/q:qti-content-body/q:div", NS
    )
    return ItemTexts(
        source_text(document.find(".//q:qti-prompt", NS)),
        {
            choice.get("identifier"): source_text(choice)
            for choice in document.iterfind(".//q:qti-simple-choice", NS)
        },
        None if explanation is None else source_text(explanation),
    )


def quiz_of(project: Path) -> Quiz:
    return load_content(project / "content").quiz("data-parallel")


def test_one_package_per_quiz_and_locale(exported: Path, project_copy: Path) -> None:
    assert sorted(str(path.relative_to(exported)) for path in exported.rglob("*") if path.is_file()) == [
        "data-parallel/en.zip",
        "data-parallel/ur.zip",
    ]
    quiz = quiz_of(project_copy)
    for package in exported.glob("*/*.zip"):
        with zipfile.ZipFile(package) as archive:
            assert archive.testzip() is None
            infos = archive.infolist()
        names = [info.filename for info in infos]
        assert names == sorted(names)
        assert names == [
            "imsmanifest.xml",
            *sorted(f"items/{question.id}.xml" for question in quiz.questions),
            "test.xml",
        ]
        assert {(info.date_time, info.compress_type) for info in infos} == {
            ((1980, 1, 1, 0, 0, 0), zipfile.ZIP_DEFLATED)
        }


def test_every_document_validates(exported: Path, schemas: Schemas) -> None:
    for package in sorted(exported.glob("*/*.zip")):
        assert_valid(schemas, package)
        for name, data in entries(package).items():
            assert data.startswith(b"<?xml version='1.0' encoding='UTF-8'?>\n"), name


def test_manifest_and_test_reference_every_item(exported: Path, project_copy: Path) -> None:
    question_ids = [question.id for question in quiz_of(project_copy).questions]
    files = entries(exported / "data-parallel" / "ur.zip")
    manifest = parse(files["imsmanifest.xml"])
    assert manifest.findtext("cp:metadata/cp:schemaversion", namespaces=NS) == "3.0.0"
    resources = manifest.findall("cp:resources/cp:resource", NS)
    test, items = resources[0], resources[1:]
    assert (test.get("type"), test.get("href")) == ("imsqti_test_xmlv3p0", "test.xml")
    assert [file.get("href") for file in test.iterfind("cp:file", NS)] == ["test.xml"]
    assert [dependency.get("identifierref") for dependency in test.iterfind("cp:dependency", NS)] == [
        resource.get("identifier") for resource in items
    ]
    assert [resource.get("href") for resource in items] == [f"items/{id_}.xml" for id_ in question_ids]
    for resource in items:
        assert resource.get("type") == "imsqti_item_xmlv3p0"
        assert [file.get("href") for file in resource.iterfind("cp:file", NS)] == [resource.get("href")]
    assert {resource.get("href") for resource in resources} | {"imsmanifest.xml"} == set(files)
    references = parse(files["test.xml"]).findall(
        "q:qti-test-part/q:qti-assessment-section/q:qti-assessment-item-ref", NS
    )
    assert [(ref.get("identifier"), ref.get("href")) for ref in references] == [
        (id_, f"items/{id_}.xml") for id_ in question_ids
    ]
    for id_ in question_ids:
        assert parse(files[f"items/{id_}.xml"]).get("identifier") == id_


def test_items_carry_the_content_and_the_catalog(exported: Path, project_copy: Path) -> None:
    quiz = quiz_of(project_copy)
    catalog = parse_po((project_copy / CATALOG).read_text(encoding="utf-8"), CATALOG).by_context()
    for question in quiz.questions:
        english = item_texts(item(exported / "data-parallel" / "en.zip", question.id))
        assert english == ItemTexts(
            question.prompt.source,
            {option.id: option.text.source for option in question.options},
            question.explanation.source,
        )
        urdu = item_texts(item(exported / "data-parallel" / "ur.zip", question.id))
        assert urdu == ItemTexts(
            catalog[question.prompt.key].msgstr,
            {option.id: catalog[option.text.key].msgstr for option in question.options},
            catalog[question.explanation.key].msgstr,
        )


def test_responses_score_the_contents_answer_key(exported: Path, project_copy: Path) -> None:
    quiz = quiz_of(project_copy)
    for locale in ("en", "ur"):
        for question in quiz.questions:
            document = item(exported / "data-parallel" / f"{locale}.zip", question.id)
            declaration = document.find("q:qti-response-declaration", NS)
            assert (declaration.get("cardinality"), declaration.get("base-type")) == ("single", "identifier")
            correct = declaration.findall("q:qti-correct-response/q:qti-value", NS)
            assert [value.text for value in correct] == list(question.correct)
            interaction = document.find(".//q:qti-choice-interaction", NS)
            assert interaction.get("max-choices") == "1"
            assert interaction.get("shuffle") == "false"
            assert [
                choice.get("identifier") for choice in interaction.iterfind("q:qti-simple-choice", NS)
            ] == [option.id for option in question.options]
            outcomes = {
                outcome.get("identifier"): outcome
                for outcome in document.iterfind("q:qti-outcome-declaration", NS)
            }
            assert set(outcomes) == {"SCORE", "FEEDBACK"}
            # match_correct: SCORE is 1 when the response matches the correct response, else 0.
            condition = document.find("q:qti-response-processing/q:qti-response-condition", NS)
            match = condition.find("q:qti-response-if/q:qti-match", NS)
            assert [(etree.QName(child).localname, child.get("identifier")) for child in match] == [
                ("qti-variable", "RESPONSE"),
                ("qti-correct", "RESPONSE"),
            ]
            scores = condition.findall(".//q:qti-set-outcome-value[@identifier='SCORE']/q:qti-base-value", NS)
            assert [score.text for score in scores] == ["1", "0"]
            feedback = document.find("q:qti-modal-feedback", NS)
            assert (feedback.get("outcome-identifier"), feedback.get("show-hide")) == ("FEEDBACK", "show")


def test_urdu_items_are_right_to_left_with_latin_runs_isolated(exported: Path, project_copy: Path) -> None:
    for question in quiz_of(project_copy).questions:
        document = item(exported / "data-parallel" / "ur.zip", question.id)
        assert document.get(XML_LANG) == "ur"
        assert document.get("dir") is None  # the schema rejects dir on qti-assessment-item
        containers = [
            document.find("q:qti-item-body", NS),
            document.find(".//q:qti-choice-interaction", NS),
            document.find(".//q:qti-prompt", NS),
            *document.iterfind(".//q:qti-simple-choice", NS),
            *document.iterfind("q:qti-modal-feedback/q:qti-content-body/q:div", NS),
        ]
        assert [element.get("dir") for element in containers] == ["rtl"] * len(containers)
        # No Latin letter is left bare in right-to-left text: every one is inside an isolate (a bare
        # number, digits only, may stay: see toolkit.text.bidi).
        for container in containers[2:]:
            bare = (container.text or "") + "".join(child.tail or "" for child in container)
            assert not re.search(r"[A-Za-z]", bare), (question.id, bare)
    gpu = item(exported / "data-parallel" / "ur.zip", "gpu-holds").find(".//q:qti-prompt", NS)
    assert [(span.text, span.get("dir"), span.get(XML_LANG)) for span in gpu] == [("GPU", "ltr", "en")]
    latency = item(exported / "data-parallel" / "ur.zip", "hide-latency").find(".//q:qti-prompt", NS)
    # The translation reads "PyTorch کا DistributedDataParallel": two isolates, the Urdu word between them.
    assert [span.text for span in latency.iterfind("q:span", NS)] == ["PyTorch", "DistributedDataParallel"]
    batch = item(exported / "data-parallel" / "ur.zip", "global-batch")
    spans = [span.text for span in batch.iterfind("q:qti-modal-feedback//q:span", NS)]
    assert "B × W" in spans
    code = item(exported / "data-parallel" / "ur.zip", "sync-operation").find(".//q:code", NS)
    assert (code.text, code.get("dir")) == ("all-reduce", "ltr")


def test_english_items_are_left_to_right_without_isolates(exported: Path, project_copy: Path) -> None:
    for question in quiz_of(project_copy).questions:
        document = item(exported / "data-parallel" / "en.zip", question.id)
        assert document.get(XML_LANG) == "en"
        assert document.find("q:qti-item-body", NS).get("dir") == "ltr"
        assert document.find(".//q:span", NS) is None


def test_no_bidi_control_characters(exported: Path) -> None:
    for package in exported.glob("*/*.zip"):
        for name, data in entries(package).items():
            assert not set(data.decode("utf-8")) & BIDI_CONTROLS, f"{package.name}:{name}"


def test_packages_are_byte_identical_across_exports(project_copy: Path, quizkit: Quizkit) -> None:
    first = export(project_copy, quizkit, "--out", "first")
    second = export(project_copy, quizkit, "--out", "second")
    packages = sorted(path.relative_to(first) for path in first.rglob("*.zip"))
    assert packages == sorted(path.relative_to(second) for path in second.rglob("*.zip"))
    for package in packages:
        assert (first / package).read_bytes() == (second / package).read_bytes(), package


def test_delivery_variant_has_no_answers(project_copy: Path, quizkit: Quizkit, schemas: Schemas) -> None:
    delivered = export(project_copy, quizkit, "--no-answers")
    assert sorted(path.name for path in delivered.glob("data-parallel/*")) == [
        "en.no-answers.zip",
        "ur.no-answers.zip",
    ]
    quiz = quiz_of(project_copy)
    for package in delivered.glob("*/*.zip"):
        assert_valid(schemas, package)
        for question in quiz.questions:
            document = item(package, question.id)
            assert document.find("q:qti-response-declaration", NS) is not None
            for absent in ("qti-correct-response", "qti-response-processing", "qti-modal-feedback"):
                assert document.find(f".//q:{absent}", NS) is None, (package.name, question.id, absent)
            assert document.find("q:qti-outcome-declaration[@identifier='FEEDBACK']", NS) is None
        english = b"".join(entries(package).values()).decode("utf-8")
        assert quiz.questions[0].explanation.source not in english


def test_fallen_back_question_is_wholly_in_the_source_language(project_copy: Path, quizkit: Quizkit) -> None:
    catalog = project_copy / CATALOG
    marker = 'msgctxt "data-parallel.questions.memory-limit.options.batch-only"'
    catalog.write_text(
        catalog.read_text(encoding="utf-8").replace(marker, f"#, fuzzy\n{marker}"), encoding="utf-8"
    )
    urdu = export(project_copy, quizkit) / "data-parallel" / "ur.zip"
    question = quiz_of(project_copy).question("memory-limit")
    document = item(urdu, "memory-limit")
    assert document.get(XML_LANG) == "en"
    directions = {element.get("dir") for element in document.iter() if element.get("dir") is not None}
    assert directions == {"ltr"}
    assert item_texts(document) == ItemTexts(
        question.prompt.source,
        {option.id: option.text.source for option in question.options},
        question.explanation.source,
    )
    assert item(urdu, "gpu-holds").get(XML_LANG) == "ur"


def test_choice_features_feedback_and_hostile_text(
    project_copy: Path, quizkit: Quizkit, schemas: Schemas
) -> None:
    hostile = "<script>alert(1)</script> & \"quoted\" 'single' ]]> <![CDATA[x]]> &amp;"
    path = project_copy / "content" / "data-parallel.yaml"
    text = path.read_text(encoding="utf-8")
    edits = {
        "  - id: nccl-factors\n    type: single_choice\n": (
            "  - id: nccl-factors\n    type: multiple_choice\n    shuffle: true\n    partial_credit: true\n"
        ),
        "        text: Message size and topology\n    correct: [size-and-topology]\n": (
            "        text: Message size and topology\n        pinned: true\n"
            "    correct: [parameter-count, size-and-topology]\n"
        ),
        "        text: A different slice of the model's layers\n": (
            f"        text: '{hostile.replace(chr(39), chr(39) * 2)}'\n"
            "        feedback: That is pipeline parallelism, not `data` parallelism.\n"
        ),
    }
    for old, new in edits.items():
        assert old in text
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    exported = export(project_copy, quizkit)
    for package in exported.glob("*/*.zip"):
        assert_valid(schemas, package)

    english = exported / "data-parallel" / "en.zip"
    nccl = item(english, "nccl-factors")
    declaration = nccl.find("q:qti-response-declaration", NS)
    assert declaration.get("cardinality") == "multiple"
    assert [value.text for value in declaration.iterfind("q:qti-correct-response/q:qti-value", NS)] == [
        "parameter-count",
        "size-and-topology",
    ]
    assert {
        entry.get("map-key"): entry.get("mapped-value")
        for entry in declaration.iterfind(".//q:qti-map-entry", NS)
    } == {
        "seed-and-rate": "-1",
        "parameter-count": "1",
        "optimizer-and-score": "-1",
        "size-and-topology": "1",
    }
    interaction = nccl.find(".//q:qti-choice-interaction", NS)
    assert (interaction.get("shuffle"), interaction.get("max-choices")) == ("true", "0")
    assert {
        choice.get("identifier"): choice.get("fixed")
        for choice in interaction.iterfind("q:qti-simple-choice", NS)
    } == {
        "seed-and-rate": None,
        "parameter-count": None,
        "optimizer-and-score": None,
        "size-and-topology": "true",
    }

    holds = item(english, "gpu-holds")
    assert item_texts(holds).options["layer-slice"] == hostile
    assert holds.find(".//q:script", NS) is None and holds.find(".//script") is None
    option_feedback = holds.find(
        "q:qti-modal-feedback[@identifier='FEEDBACK.layer-slice']/q:qti-content-body/q:div", NS
    )
    assert source_text(option_feedback) == "That is pipeline parallelism, not `data` parallelism."
    # The new, untranslated feedback sends gpu-holds back to English in the Urdu package, whole.
    urdu_holds = item(exported / "data-parallel" / "ur.zip", "gpu-holds")
    assert urdu_holds.get(XML_LANG) == "en"
    assert item_texts(urdu_holds).options["layer-slice"] == hostile


def in_process_request(texts: dict[str, tuple[str, str]], policy: FallbackPolicy) -> ExportRequest:
    """A one-question quiz, ``texts`` mapping each field to (English source, Urdu translation)."""
    quiz_id, question_id = "hostile", "q"

    def text(key: str, field: str) -> Text:
        return Text(key, texts[field][0], Origin("content/hostile.yaml", 1))

    options = tuple(
        Option(option_id, text(keys.option_key(quiz_id, question_id, option_id), option_id))
        for option_id in ("a", "b")
    )
    question = ChoiceQuestion(
        question_id,
        QuestionType.SINGLE_CHOICE,
        text(keys.prompt_key(quiz_id, question_id), "prompt"),
        options,
        ("a",),
        text(keys.explanation_key(quiz_id, question_id), "explanation"),
    )
    quiz = Quiz(
        quiz_id,
        Level.BEGINNER,
        text(keys.quiz_title_key(quiz_id), "title"),
        text(keys.quiz_description_key(quiz_id), "title"),
        (question,),
        Origin("content/hostile.yaml", 1),
    )
    fields = {keys.quiz_title_key(quiz_id): "title", keys.quiz_description_key(quiz_id): "title"}
    fields |= {
        keys.prompt_key(quiz_id, question_id): "prompt",
        keys.explanation_key(quiz_id, question_id): "explanation",
    }
    fields |= {keys.option_key(quiz_id, question_id, option_id): option_id for option_id in ("a", "b")}
    catalog = Catalog(
        Header((("Language", "ur"), ("Plural-Forms", "nplurals=2; plural=(n != 1);"))),
        tuple(CatalogEntry(texts[field][0], texts[field][1], key) for key, field in fields.items()),
    )
    localized = {
        (quiz_id, "en"): localize(quiz, None, "en", "en", None, None, policy),
        (quiz_id, "ur"): localize(quiz, None, "ur", "en", catalog, None, policy),
    }
    return ExportRequest(Content((quiz,), None), "en", ("ur",), localized, {("ur", quiz_id): catalog}, policy)


def in_process_export(request: ExportRequest) -> dict[str, dict[str, bytes]]:
    packages: dict[str, dict[str, bytes]] = {}
    for output in QtiExporter().export(request):
        with zipfile.ZipFile(io.BytesIO(output.data)) as archive:
            packages[str(output.path)] = {name: archive.read(name) for name in archive.namelist()}
    return packages


def test_hostile_texts_through_the_exporter(schemas: Schemas) -> None:
    texts = {
        "title": ("<b>Quiz</b> & co", "<b>کوئز</b> اور & co"),
        "prompt": ("<script>alert(1)</script> on a GPU?", "ایک GPU پر <script>alert(1)</script>؟"),
        "a": ("Tom & Jerry &amp; ]]> `<i>code</i>`", "ٹام & جیری &amp; ]]> `<i>code</i>`"),
        "b": ("\"double\" and 'single' <!-- c --> <?pi x?>", "\"ڈبل\" اور 'سنگل' <!-- c --> <?pi x?>"),
        "explanation": (
            "<![CDATA[ x ]]> B × W\n\nThen `a\nb` GPU\nlines",
            "<![CDATA[ x ]]> یعنی B × W\n\nپھر GPU\nلائن",
        ),
    }
    packages = in_process_export(in_process_request(texts, FallbackPolicy.QUESTION))
    assert sorted(packages) == ["hostile/en.zip", "hostile/ur.zip"]
    for path, files in packages.items():
        language = 0 if path.endswith("en.zip") else 1
        for name, data in files.items():
            schema = schemas.package if name == "imsmanifest.xml" else schemas.qti
            assert schema.validate(parse(data)), f"{path}:{name}: {schema.error_log}"
        document = parse(files["items/q.xml"])
        assert item_texts(document) == ItemTexts(
            texts["prompt"][language],
            {"a": texts["a"][language], "b": texts["b"][language]},
            texts["explanation"][language],
        )
        assert {
            etree.QName(element).localname for element in document.iter("{*}script", "{*}b", "{*}i")
        } == set()
        assert all(isinstance(element.tag, str) for element in document.iter())  # no comment or PI appeared
        assert parse(files["test.xml"]).get("title") == texts["title"][language]


def test_text_xml_cannot_carry_is_a_clear_error() -> None:
    texts = {field: ("plain", "سادہ") for field in ("title", "prompt", "a", "explanation")}
    texts["b"] = ("vertical\x0btab", "عمودی\x0bٹیب")
    with pytest.raises(ExportError) as raised:
        in_process_export(in_process_request(texts, FallbackPolicy.QUESTION))
    assert str(raised.value) == (
        "hostile.questions.q.options.b [en] contains U+000B, a control character XML cannot carry; "
        "remove it from the text"
    )


# --- the text-to-markup function -------------------------------------------------------------------------


def markup(text: str, direction: str) -> tuple[bytes, Any]:
    """``text`` through the exporter's text-to-markup function: the serialized prompt, and it parsed back."""
    prompt = etree.Element(f"{{{QTI}}}qti-prompt", dir=direction)
    append_bidi_text(prompt, text, direction, "en")
    serialized: bytes = etree.tostring(prompt, encoding="UTF-8")
    return serialized, parse(serialized)


@pytest.mark.parametrize("direction", ["rtl", "ltr"])
@pytest.mark.parametrize(
    "text",
    [
        "<script>alert(1)</script>",
        "Tom & Jerry &amp; &#x41; &lt;",
        "\"double\" and 'single' quotes in GPU کی",
        "]]> and <![CDATA[ inside ]]>",
        'کوڈ `<b onclick="x()">&</b>` میں',
        "<span dir='rtl'>GPU</span> <!-- comment --> <?pi x?>",
        "first line\nGPU کا `code\nline`\n\nlast",
    ],
)
def test_hostile_text_comes_back_as_text(text: str, direction: str) -> None:
    serialized, element = markup(text, direction)
    assert b"<script" not in serialized and b"<b " not in serialized
    assert {etree.QName(child).localname for child in element.iter() if child is not element} <= {
        "span",
        "code",
        "br",
    }
    assert "\n" not in "".join(element.itertext())  # a line break is a <br/>: a player shows it
    assert all(isinstance(child.tag, str) for child in element.iter())  # no comments or PIs were created
    assert source_text(element) == text


@pytest.mark.parametrize(
    ("answer", "tolerance", "message"),
    [
        (
            "1e5000",
            "0",
            "the numbers it accepts are written with 5001 digits, from the first of the largest to the last "
            "the answer or the tolerance writes, and a QTI pattern lists at most 12; round the answer or "
            "the tolerance to fewer digits",
        ),
        (
            "-1234567.12345678",
            "1234567.12345678",
            "the numbers it accepts are written with 15 digits, from the first of the largest to the last "
            "the answer or the tolerance writes, and a QTI pattern lists at most 12; round the answer or "
            "the tolerance to fewer digits",
        ),
        (
            "-1111.2222",
            "1111.2222",
            "the numbers it accepts need a pattern of more than 256 KB (the tolerance spans too many "
            "digits); round the answer or the tolerance to fewer digits",
        ),
    ],
)
def test_a_number_pattern_is_bounded_and_refused_in_words_past_the_bound(
    answer: str, tolerance: str, message: str
) -> None:
    """Issue 35: numbers validation accepts made a 58 MB item, a MemoryError or a ValueError traceback
    (1e5000: more digits than int() converts to text); the pattern is bounded instead."""
    from decimal import Decimal

    from toolkit.exporters.qti.patterns import NumberPatternError, number_pattern, number_pattern_problem

    with pytest.raises(NumberPatternError) as raised:
        number_pattern(Decimal(answer), Decimal(tolerance), "ur")
    assert str(raised.value) == message
    # The export asks before it builds the item, and the answer is the same whatever the locale.
    assert number_pattern_problem(Decimal(answer), Decimal(tolerance)) == message
    assert number_pattern_problem(Decimal("299792458"), Decimal("1000")) is None
    # A quiz's ordinary numbers stay well inside the bound.
    assert len(number_pattern(Decimal("299792458"), Decimal("1000"), "ur").accept) < 64 * 1024


TWO_NUMBERS = """\
id: numbers
level: beginner
title: Numbers
description: D
questions:
  - id: boiling-point
    type: numeric
    prompt: Any number near zero?
    answer: "0.0000001"
    tolerance: "123456789.5"
    explanation: E
  - id: speed-of-light
    type: numeric
    prompt: The speed of light in m/s?
    answer: "299792458"
    tolerance: "1000"
    explanation: E
"""


def test_a_number_qti_cannot_grade_is_left_out_with_a_located_warning_and_the_rest_is_exported(
    tmp_path: Path,
) -> None:
    """Review of issue 35: such a number passed validate, then refused the whole export with no file or
    line (``error[export]``), and no item was written for any question."""
    root = fixture_project(tmp_path, {"numbers": TWO_NUMBERS})
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "qti", "--no-checks")
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if "warning[" in line] == [
        "content/numbers.yaml:8: warning[unsupported-question]: format qti cannot grade this numeric answer: "
        "the numbers it accepts are written with 16 digits, from the first of the largest to the last the "
        "answer or the tolerance writes, and a QTI pattern lists at most 12; round the answer or the "
        "tolerance to fewer digits: question 'boiling-point' of quiz 'numbers' is left out of qti in en, ur "
        "[numbers.questions.boiling-point]"
    ]
    for locale in ("en", "ur"):
        with zipfile.ZipFile(root / "dist" / "qti" / "numbers" / f"{locale}.zip") as archive:
            assert sorted(name for name in archive.namelist() if name.startswith("items/")) == [
                "items/speed-of-light.xml"
            ]
            test = etree.fromstring(archive.read("test.xml"))
        references = test.findall("q:qti-test-part/q:qti-assessment-section/q:qti-assessment-item-ref", NS)
        assert [ref.get("identifier") for ref in references] == ["speed-of-light"]
    strict = run_quizkit_in_process(root, "export", "--format", "qti", "--no-checks", "--strict")
    assert strict.returncode != 0


MATHML = "{http://www.w3.org/1998/Math/MathML}"


def test_formulas_are_mathml_in_left_to_right_isolates_that_the_schema_accepts(schemas: Schemas) -> None:
    texts = {field: ("plain", "سادہ") for field in ("title", "a", "b")}
    texts["prompt"] = (
        "Each GPU sends $\\frac{2(N-1)}{N}$ of it?",
        "ہر GPU اس کا $\\frac{2(N-1)}{N}$ حصہ بھیجتا ہے؟",
    )
    texts["explanation"] = (
        "In total: $$\\sum_{i=1}^{N} x_i$$ and `$x$`",
        "کل: $$\\sum_{i=1}^{N} x_i$$ اور `$x$`",
    )
    packages = in_process_export(in_process_request(texts, FallbackPolicy.QUESTION))
    for path, files in packages.items():
        document = parse(files["items/q.xml"])
        assert schemas.qti.validate(document), f"{path}: {schemas.qti.error_log}"
        formulas = list(document.iter(f"{MATHML}math"))
        assert [formula.get("display") for formula in formulas] == ["inline", "block"]
        for formula in formulas:
            island = formula.getparent()
            assert (etree.QName(island).localname, island.get("dir"), len(island)) == ("span", "ltr", 1)
        presentation, annotation = formulas[0].find(f"{MATHML}semantics")
        assert "".join(presentation.find(f"{MATHML}mfrac").itertext()) == "2(N\u22121)N"
        # The TeX source as MathML 3's annotation (§5.1), which an importer takes back as the formula.
        assert (annotation.tag, annotation.get("encoding"), annotation.text) == (
            f"{MATHML}annotation",
            "application/x-tex",
            "\\frac{2(N-1)}{N}",
        )
        assert "$" not in "".join(document.find(".//q:qti-prompt", NS).itertext())
        assert document.find(".//q:code", NS).text == "$x$"  # code keeps its dollars


def with_formulas(node: Any) -> int:
    """Append an inline and a display formula to every text of a quiz's questions; how many texts."""
    count = 0
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("prompt", "text", "explanation", "feedback", "left", "right", "item") and isinstance(
                value, str
            ):
                node[key] = value + " $\\frac{1}{2}$ and $$x^{2}$$"
                count += 1
            else:
                count += with_formulas(value)
    elif isinstance(node, list):
        count += sum(with_formulas(item) for item in node)
    return count


def test_annotated_formulas_are_valid_wherever_a_text_is_written(
    tmp_path: Path, quizkit: Quizkit, schemas: Schemas
) -> None:
    """Issue 41: the formula's TeX as MathML's annotation (<semantics>…<annotation
    encoding="application/x-tex">) is valid QTI 3 in every text of every kind of question: prompts,
    choices, drop-down options, matching and ordering items, blanks' text, feedback."""
    quiz = yaml.safe_load(Path(EVERY_TYPE_QUIZ).read_text(encoding="utf-8"))
    assert with_formulas(quiz["questions"]) > 20
    project = fixture_project(tmp_path, {quiz["id"]: yaml.safe_dump(quiz, allow_unicode=True)})
    assert quizkit(project, "update").returncode == 0
    annotations = 0
    for path in sorted(export(project, quizkit).rglob("*.zip")):
        for name, data in entries(path).items():
            if name.startswith("items/") and name.endswith(".xml"):
                document = parse(data)
                assert schemas.qti.validate(document), f"{path.name} {name}: {schemas.qti.error_log}"
                annotations += len(document.findall(f".//{MATHML}annotation"))
    assert annotations > 40


def test_code_blocks_are_pre_code_left_to_right_and_valid(schemas: Schemas) -> None:
    block = "```python\nfor step in range(2):\n    send(chunk)\n```"
    texts = {field: ("plain", "سادہ") for field in ("title", "a", "b")}
    texts["prompt"] = (f"What does this do?\n{block}", f"یہ کیا کرتا ہے؟\n{block}")
    texts["explanation"] = (f"It sends:\n{block}\nTwice.", f"یہ بھیجتا ہے:\n{block}\nدو بار۔")
    packages = in_process_export(in_process_request(texts, FallbackPolicy.QUESTION))
    for path, files in packages.items():
        document = parse(files["items/q.xml"])
        assert schemas.qti.validate(document), f"{path}: {schemas.qti.error_log}"
        blocks = document.findall(".//q:pre", NS)
        assert [(pre.get("dir"), [etree.QName(child).localname for child in pre]) for pre in blocks] == [
            ("ltr", ["code"]),
            ("ltr", ["code"]),
        ]
        for pre in blocks:
            code = pre.find("q:code", NS)
            assert [code.text, *(br.tail for br in code)] == ["for step in range(2):", "    send(chunk)"]


def image_sources(document: Any) -> list[tuple[str, str | None]]:
    """(src, alt) of every <img> of an item, in document order."""
    return [(img.get("src"), img.get("alt")) for img in document.iter(f"{{{QTI}}}img")]


def test_images_are_files_of_the_package_listed_by_their_item_s_resource(
    tmp_path: Path, schemas: Schemas
) -> None:
    """Issue 41: an image is an <img src alt> in its item, the file inside the package at the path the
    src names (relative to the item), listed as a <file> of the item's resource; the alt is the locale's,
    the file the locale's own where the project has one; the schemas accept all of it."""
    from image_project import BLUE, RED, TREE_SVG, images_project, png
    from rich_project import DIVIDER, RING, SQUARE, TREE

    project = images_project(tmp_path / "project")
    result = run_quizkit_in_process(project, "export", "-f", "qti")
    assert result.returncode == 0, result.stdout + result.stderr
    expected_ring = {"en": png(40, 20, RED), "ur": png(40, 20, BLUE)}
    alts = {
        "en": [
            "Four GPUs in a ring, each sending to the next",
            "A green square",
            "A tree of three circles",
            "",
        ],
        "ur": [
            "چار جی پی یو ایک دائرے میں، ہر ایک اگلے کو بھیجتا ہے",
            "ایک سبز مربع",
            "تین دائروں کا ایک درخت",
            "",
        ],
    }
    for locale in ("en", "ur"):
        package = project / "dist/qti/images" / f"{locale}.zip"
        assert_valid(schemas, package)
        files = entries(package)
        ring = parse(files["items/ring.xml"])
        shown = image_sources(ring)
        ring_file = RING[locale]
        assert shown == list(
            zip(
                [f"../{ring_file}", f"../{SQUARE}", f"../{TREE}", f"../{DIVIDER}"],
                alts[locale],
                strict=True,
            )
        )
        # Where each image stands: after the prompt, in its option, in the explanation's feedback.
        images = list(ring.iter(f"{{{QTI}}}img"))
        assert [etree.QName(image.getparent()).localname for image in images] == [
            "qti-prompt",
            "qti-simple-choice",
            "qti-simple-choice",
            "div",
        ]
        assert files[ring_file] == expected_ring[locale]
        assert files[TREE] == TREE_SVG.encode()
        manifest = parse(files["imsmanifest.xml"])
        for question_id in ("ring", "steps"):
            resource = manifest.find(f".//cp:resource[@identifier='item-{question_id}']", NS)
            listed = [file.get("href") for file in resource.findall("cp:file", NS)]
            sources = [
                src.removeprefix("../") for src, _ in image_sources(parse(files[f"items/{question_id}.xml"]))
            ]
            assert listed == [f"items/{question_id}.xml", *dict.fromkeys(sources)]
            assert all(source in files for source in sources)
        assert RING["en"] in files if locale == "en" else RING["en"] not in files


def test_the_delivery_variant_leaves_out_the_explanation_s_image(tmp_path: Path, schemas: Schemas) -> None:
    from image_project import images_project
    from rich_project import DIVIDER, RING, SQUARE, TREE

    project = images_project(tmp_path / "project")
    result = run_quizkit_in_process(project, "export", "-f", "qti", "--no-answers")
    assert result.returncode == 0, result.stdout + result.stderr
    package = project / "dist/qti/images/ur.no-answers.zip"
    assert_valid(schemas, package)
    files = entries(package)
    assert [src for src, _ in image_sources(parse(files["items/ring.xml"]))] == [
        f"../{RING['ur']}",
        f"../{SQUARE}",
        f"../{TREE}",
    ]
    assert DIVIDER not in files  # shown with the explanation only
    assert image_sources(parse(files["items/steps.xml"])) == []
