"""``cc``: Common Cartridge 1.1 packages valid against the CC 1.1 schemas, read back the way Moodle's
Common Cartridge importer reads them, and scored by a QTI 1.2 engine (tests/exporters/lms/qti12_engine.py)
against the reference grader on the shared grading cases."""

from __future__ import annotations

import functools
import os
import shutil
import zipfile
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from exporters.lms.lms_packages import export_format, package, visible
from exporters.lms.qti12_engine import ItemEngine, Response, children, local
from lxml import etree
from standard_schemas import CC11, schema_file
from support import EVERY_TYPE_QUIZ, every_type_urdu, fixture_project, run_quizkit_in_process

from toolkit.localization import LocalizedQuiz, grade

HERE = Path(__file__).parent / "cc"
CASES: list[dict[str, Any]] = yaml.safe_load(
    (EVERY_TYPE_QUIZ.parent / "grading-cases.yaml").read_text(encoding="utf-8")
)
CHOICES = (HERE / "choices.yaml").read_text(encoding="utf-8")
CARRIED = {
    "gpu-holds": "cc.multiple_choice.v0p1",
    "overlap-true": "cc.true_false.v0p1",
    "name-collective": "cc.fib.v0p1",
    "memory-essay": "cc.essay.v0p1",
}
"""The questions of every-type.yaml the profile carries, in order, with their cc_profile."""
ASSESSMENT = "imsqti_xmlv1p2/imscc_xmlv1p1/assessment"


export = functools.partial(export_format, "cc")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return export(
        tmp_path_factory.mktemp("cc") / "project",
        {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8"), "choices": CHOICES},
        every_type_urdu(),
    )


def cartridge(root: Path, quiz: str, locale: str) -> dict[str, bytes]:
    return package(root / "dist" / "cc" / quiz / f"{locale}.imscc")


def assessment_file(files: dict[str, bytes]) -> Any:
    """The assessment, found as an importer finds it: the manifest's resource of the assessment type."""
    manifest = etree.fromstring(files["imsmanifest.xml"])
    (resource,) = [r for r in manifest.iter("{*}resource") if r.get("type") == ASSESSMENT]
    (file,) = resource.iter("{*}file")
    return etree.fromstring(files[file.get("href")])


def items(root: Any) -> dict[str, Any]:
    return {item.get("title"): item for item in root.iter("{*}item")}


def localized_quiz(root: Path, quiz: str, locale: str) -> LocalizedQuiz:
    from toolkit.catalogs import read_po
    from toolkit.content.validation import load_content
    from toolkit.localization import localize

    def catalog(domain: str) -> Any:
        path = root / "locales" / locale / "LC_MESSAGES" / f"{domain}.po"
        return read_po(path.read_bytes(), path.name) if locale != "en" else None

    content = load_content(root / "content")
    return localize(content.quiz(quiz), content.interface, locale, "en", catalog(quiz), catalog("ui"))


# --- the package ------------------------------------------------------------------------------------------


def test_the_cartridge_holds_its_manifest_and_one_assessment(exported: Path) -> None:
    identifiers = {}
    for locale in ("en", "ur"):
        files = cartridge(exported, "every-type", locale)
        manifest = etree.fromstring(files["imsmanifest.xml"])
        assert etree.QName(manifest).namespace == "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1"
        assert [
            manifest.findtext("{*}metadata/{*}schema"),
            manifest.findtext("{*}metadata/{*}schemaversion"),
        ] == [
            "IMS Common Cartridge",
            "1.1.0",
        ]
        (resource,) = manifest.iter("{*}resource")
        assert resource.get("type") == ASSESSMENT
        hrefs = [file.get("href") for file in resource.iter("{*}file")]
        assert sorted(files) == sorted(["imsmanifest.xml", *hrefs])
        assert hrefs == [f"{resource.get('identifier')}/assessment.xml"]
        (organization,) = manifest.iter("{*}organization")
        (root_item,) = children(organization, "item")
        (quiz_item,) = children(root_item, "item")
        assert quiz_item.get("identifierref") == resource.get("identifier")
        title = "Every question type" if locale == "en" else "ہر قسم کا سوال"
        assert quiz_item.findtext("{*}title") == title
        assert manifest.find(".//{*}lom/{*}general/{*}title/{*}string").get("language") == locale
        assessment = next(assessment_file(files).iter("{*}assessment"))
        assert assessment.get("ident") == resource.get("identifier")
        identifiers[locale] = {
            element.get("identifier") for element in manifest.iter() if element.get("identifier")
        }
    # Each locale is its own cartridge: importing the ur one next to the en one adds a quiz.
    assert not identifiers["en"] & identifiers["ur"]


def test_the_cartridge_is_byte_identical_for_identical_input(exported: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    shutil.copytree(exported, again)
    shutil.rmtree(again / "dist")
    result = run_quizkit_in_process(again, "export", "--format", "cc")
    assert result.returncode == 0, result.stderr
    for path in ("every-type/en.imscc", "every-type/ur.imscc", "choices/en.imscc"):
        assert (again / "dist/cc" / path).read_bytes() == (exported / "dist/cc" / path).read_bytes()
    with zipfile.ZipFile(exported / "dist/cc/every-type/en.imscc") as archive:
        assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}


@pytest.mark.parametrize("name", ["imsmanifest.xml", "assessment.xml"])
def test_the_english_cartridge_matches_its_golden_files(exported: Path, name: str) -> None:
    """Regenerate with ``QUIZKIT_UPDATE_GOLDEN=1`` after an intended change, and read the diff."""
    files = cartridge(exported, "every-type", "en")
    (written,) = [data for path, data in files.items() if path.split("/")[-1] == name]
    golden = HERE / f"every-type.en.{name}"
    if os.environ.get("QUIZKIT_UPDATE_GOLDEN"):
        golden.write_bytes(written)
    assert written.decode("utf-8") == golden.read_text(encoding="utf-8")


def schema(name: str) -> Any:
    return etree.XMLSchema(etree.parse(str(schema_file(CC11, name))))


@pytest.mark.parametrize("locale", ["en", "ur"])
@pytest.mark.parametrize("quiz", ["every-type", "choices"])
def test_manifest_and_assessment_are_valid_against_the_cc_1_1_schemas(
    exported: Path, quiz: str, locale: str
) -> None:
    files = cartridge(exported, quiz, locale)
    manifest = etree.fromstring(files["imsmanifest.xml"])
    # Moodle's wrapper (what Moodle validates an imported cartridge with) and the CP profile itself.
    for name in ("cc11libxml2validator.xsd", "ccv1p1_imscp_v1p2_v1p0.xsd"):
        validator = schema(name)
        assert validator.validate(manifest), validator.error_log.filter_from_errors()
    validator = schema("ccv1p1_qtiasiv1p2p1_v1p0.xsd")
    assessment = assessment_file(files)
    assert validator.validate(assessment), validator.error_log.filter_from_errors()


def test_the_profile_has_no_or_so_alternatives_cannot_be_joined_with_one(exported: Path) -> None:
    """Why the accepted answers of a short answer are not in an <or> (as canvas writes them)."""
    validator = schema("ccv1p1_qtiasiv1p2p1_v1p0.xsd")
    assessment = assessment_file(cartridge(exported, "every-type", "en"))
    conditionvar = items(assessment)["name-collective"].find(
        ".//{*}respcondition[@title='Correct']/{*}conditionvar"
    )
    either = etree.SubElement(conditionvar, f"{{{etree.QName(conditionvar).namespace}}}or")
    either.append(conditionvar[0])
    assert not validator.validate(assessment)
    assert validator.error_log.filter_from_errors()[0].message == (
        "Element '{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}or': This element is not expected."
    )


# --- read back as Moodle's importer reads it (backup/cc/entity11.quiz.class.php) ---------------------------


def _texts(item: Any, feedback_idents: list[str]) -> str:
    found = []
    for name in feedback_idents:
        for feedback in children(item, "itemfeedback"):
            if feedback.get("ident") == name:
                found.append(visible(feedback.findtext("{*}flow_mat/{*}material/{*}mattext") or ""))
    return " ".join(found)


def _linked(condition: Any) -> list[str]:
    return [display.get("linkrefid") for display in children(condition, "displayfeedback")]


def _first_varequal(condition: Any) -> str:
    tests = children(condition.find("{*}conditionvar"), "varequal")
    return (tests[0].text or "") if tests else ""


def moodle_import(item: Any) -> dict[str, Any]:
    """What Moodle's CC 1.1 importer makes of an item: its type, text, general feedback and answers
    (text, score from 0 to 1, feedback), following entity11.quiz.class.php query by query."""
    fields = {
        field.findtext("{*}fieldlabel"): field.findtext("{*}fieldentry")
        for field in item.findall("{*}itemmetadata/{*}qtimetadata/{*}qtimetadatafield")
    }
    profile = fields["cc_profile"]
    conditions = item.findall("{*}resprocessing/{*}respcondition")
    general = [name for c in conditions if (c.get("continue") or "").lower() == "yes" for name in _linked(c)]
    result: dict[str, Any] = {
        "name": item.get("title"),
        "profile": profile,
        "text": visible(item.findtext("{*}presentation/{*}material/{*}mattext") or ""),
        "general_feedback": _texts(item, general).strip(),
        "answers": [],
    }
    if profile == "cc.fib.v0p1":
        (correct,) = [c for c in conditions if any(s.text == "100" for s in children(c, "setvar"))][:1]
        for test in children(correct.find("{*}conditionvar"), "varequal"):
            # cc11_quiz::get_answers_fib records every answer with 'case' => 0, whatever its case
            # attribute, and the shortanswer's usecase is 1 only when some answer's case is 1.
            result["answers"].append((test.text, Fraction(1), False))
        result["usecase"] = any(case for _, _, case in result["answers"])
        return result
    if profile == "cc.essay.v0p1":
        return result
    correct_multiple: set[str] = set()
    if profile == "cc.multiple_response.v0p1":
        for condition in conditions:
            if any(s.get("varname") == "SCORE" and s.text == "100" for s in children(condition, "setvar")):
                for test in condition.find("{*}conditionvar").iter("{*}varequal"):
                    if test.get("case") == "Yes" and local(test.getparent()) != "not":
                        correct_multiple.add(test.text or "")
    for label in item.findall("{*}presentation/{*}response_lid/{*}render_choice/{*}response_label"):
        ident = label.get("ident")
        linked = [
            name for c in conditions if _first_varequal(c).lower() == ident.lower() for name in _linked(c)
        ]
        score = Fraction(0)
        for condition in conditions:
            if _first_varequal(condition).lower() == ident.lower():
                setvars = children(condition, "setvar")
                score = Fraction(int(bool(setvars) and setvars[0].text not in ("", "0")))
        if correct_multiple:
            score = Fraction(1, len(correct_multiple)) if ident in correct_multiple else Fraction(0)
        text = visible(label.findtext("{*}material/{*}mattext") or "")
        result["answers"].append((ident, text, score, _texts(item, linked).strip()))
    return result


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_moodle_imports_every_carried_question_with_its_answers_and_feedback(
    exported: Path, locale: str
) -> None:
    quiz = localized_quiz(exported, "every-type", locale)
    imported = [
        moodle_import(item)
        for item in items(assessment_file(cartridge(exported, "every-type", locale))).values()
    ]
    assert [(question["name"], question["profile"]) for question in imported] == list(CARRIED.items())
    questions = {question.id: question for question in quiz.questions}
    for found in imported:
        question = questions[found["name"]]
        assert found["text"] == question.prompt
        assert found["general_feedback"] == question.explanation
    choice, true_false, short_answer, essay = imported
    options = questions["gpu-holds"].options
    assert [(text, score, feedback) for _, text, score, feedback in choice["answers"]] == [
        (option.text, Fraction(option.id in questions["gpu-holds"].correct), "") for option in options
    ]
    labels = [quiz.message_text("true"), quiz.message_text("false")]
    assert [(ident, text, score) for ident, text, score, _ in true_false["answers"]] == [
        ("true", labels[0], Fraction(1)),
        ("false", labels[1], Fraction(0)),
    ]
    accepted = [line for answer in questions["name-collective"].answers for line in answer.accepted]
    assert short_answer["answers"] == [(line, Fraction(1), False) for line in accepted]
    assert essay["answers"] == []


def test_moodle_imports_option_feedback_and_the_correct_options_of_a_multiple_response(
    exported: Path,
) -> None:
    found = {
        item.get("title"): moodle_import(item)
        for item in items(assessment_file(cartridge(exported, "choices", "en"))).values()
    }
    assert [(text, score, feedback) for _, text, score, feedback in found["pick-one"]["answers"]] == [
        ("all-reduce", Fraction(1), "Right, it sums and shares the result."),
        ("broadcast", Fraction(0), "A broadcast only copies."),
        ("scatter", Fraction(0), ""),
    ]
    assert [(text, score, feedback) for _, text, score, feedback in found["pick-many"]["answers"]] == [
        ("all-reduce", Fraction(1, 2), "A collective."),
        ("broadcast", Fraction(1, 2), ""),
        ("shuffle", Fraction(0), "Not a collective."),
        ("None of these", Fraction(0), ""),
    ]
    # Option feedback stays out of the general feedback: only the explanation continues.
    assert found["pick-many"]["general_feedback"] == "Shuffling is not a collective."
    # Case-sensitive in the cartridge (case="Yes"), but Moodle's importer reads no case: the export warns.
    assert found["name-library"]["answers"] == [
        ("NCCL", Fraction(1), False),
        ("NVIDIA Collective Communications Library", Fraction(1), False),
    ]


def test_shuffling_is_the_questions_and_a_pinned_option_keeps_its_place(exported: Path) -> None:
    item = items(assessment_file(cartridge(exported, "choices", "en")))["pick-many"]
    assert item.find(".//{*}render_choice").get("shuffle") == "Yes"
    pinned = {
        label.findtext(".//{*}mattext"): label.get("rshuffle") for label in item.iter("{*}response_label")
    }
    assert [visible(text) for text, rshuffle in pinned.items() if rshuffle == "No"] == ["None of these"]
    every_type = items(assessment_file(cartridge(exported, "every-type", "en")))["gpu-holds"]
    assert every_type.find(".//{*}render_choice").get("shuffle") == "No"


def test_an_essay_is_marked_for_hand_scoring(exported: Path) -> None:
    item = items(assessment_file(cartridge(exported, "every-type", "en")))["memory-essay"]
    fields = {
        field.findtext("{*}fieldlabel"): field.findtext("{*}fieldentry")
        for field in item.iter("{*}qtimetadatafield")
    }
    assert fields == {
        "cc_profile": "cc.essay.v0p1",
        "qmd_scoringpermitted": "Yes",
        "qmd_computerscored": "No",
    }
    assert not list(item.iter("{*}setvar"))
    # The model answer is for graders; the profile's only place for it (a solution) is shown to learners.
    assert "Every GPU holds the whole model" not in etree.tostring(item, encoding="unicode")


# --- scoring, against the reference grader -----------------------------------------------------------

# Where QTI's varequal cannot follow the library: it compares the whole response (no trimming, collapsing
# of spaces or Urdu normalization). The score the QTI gives instead, out of 100.
DIVERGES: dict[tuple[str, str, str], int] = {
    ("name-collective", "en", "  All-Reduce "): 0,
    ("name-collective", "en", "reduce   to all"): 0,
    ("name-collective", "ur", "سب کو ريڈیوس"): 0,
    # The profile has no partial scores: a multiple choice declaring partial credit is all or nothing.
    ("pick-many", "en", "['all-reduce']"): 0,
    ("pick-many", "en", "['all-reduce', 'broadcast', 'none']"): 0,
}
CHOICE_CASES = [
    ("pick-one", "en", ["all-reduce"]),
    ("pick-one", "en", ["broadcast"]),
    ("pick-many", "en", ["all-reduce", "broadcast"]),
    ("pick-many", "en", ["all-reduce"]),
    ("pick-many", "en", ["all-reduce", "broadcast", "none"]),
    ("pick-many", "en", []),
    ("name-library", "en", "NCCL"),
    ("name-library", "en", "nccl"),
    ("name-library", "en", "NVIDIA Collective Communications Library"),
    ("name-library", "en", "NCCL library"),
]
FLAT = [
    ("every-type", entry["question"], case.get("locale", "en"), case["response"])
    for entry in CASES
    if entry["question"] in CARRIED
    for case in entry["cases"]
] + [("choices", *case) for case in CHOICE_CASES]


def label_of(item: Any, text: str) -> str:
    """The ident of the label a learner picks by its visible text."""
    for label in item.iter("{*}response_label"):
        if visible(label.findtext(".//{*}mattext") or "") == text:
            return str(label.get("ident"))
    raise AssertionError(f"no label {text!r}")


def qti_response(item: Any, question: Any, given: Any, quiz: LocalizedQuiz) -> Response:
    kind = question.type.value
    if kind in ("single_choice", "multiple_choice"):
        texts = {option.id: option.text for option in question.options}
        return {"response1": [label_of(item, texts[option]) for option in given]}
    if kind == "true_false":
        return {"response1": [label_of(item, quiz.message_text("true" if given else "false"))]}
    assert kind in ("short_answer", "essay"), kind
    return {"response1": given}


@pytest.mark.parametrize("alternatives", [False, True], ids=["tests-all-hold", "tests-are-alternatives"])
@pytest.mark.parametrize(("quiz_id", "question_id", "locale", "given"), FLAT)
def test_response_processing_agrees_with_the_reference_grader(
    exported: Path, quiz_id: str, question_id: str, locale: str, given: Any, alternatives: bool
) -> None:
    """Both readings of several tests in one condition (QTI engines and IMS's migration tool: all must
    hold; Moodle: any) give full marks to exactly the responses the library accepts."""
    quiz = localized_quiz(exported, quiz_id, locale)
    question = next(question for question in quiz.questions if question.id == question_id)
    item = items(assessment_file(cartridge(exported, quiz_id, locale)))[question_id]
    result = ItemEngine(item, alternatives=alternatives).score(qti_response(item, question, given, quiz))
    reference = grade(question, given, locale)
    if reference is None:
        assert not list(item.iter("{*}setvar"))  # an essay is graded by hand
        return
    expected = DIVERGES.get((question_id, locale, str(given)), reference.score * 100)
    assert result == expected


# --- what is left out -----------------------------------------------------------------------------------


def test_kinds_the_profile_has_no_form_for_are_left_out_with_a_warning(tmp_path: Path) -> None:
    root = fixture_project(tmp_path, {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8")})
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "cc", "--no-checks")
    assert result.returncode == 0, result.stderr
    warnings = [
        line.split(": ", 1)[1] for line in result.stdout.splitlines() if "unsupported-question" in line
    ]
    assert warnings == [
        f"warning[unsupported-question]: format cc cannot carry {kind} questions: question '{question}' "
        f"of quiz 'every-type' is left out of cc [every-type.questions.{question}]"
        for kind, question in [
            ("numeric", "global-batch-size"),
            ("matching", "match-collectives"),
            ("ordering", "step-order"),
            ("fill_in_blanks", "fill-replica"),
        ]
    ]
    assert list(items(assessment_file(cartridge(root, "every-type", "en")))) == list(CARRIED)


def test_a_case_sensitive_short_answer_is_exported_with_a_warning_that_moodle_ignores_case(
    tmp_path: Path,
) -> None:
    """Issue 36: Moodle's CC importer reads no case sensitivity, so the export says so."""
    quiz = """\
id: cased
level: beginner
title: T
description: D
questions:
  - id: typed
    type: short_answer
    prompt: Which library?
    answers: [{id: a, text: NCCL}]
    case_sensitive: true
    explanation: E
"""
    root = fixture_project(tmp_path, {"cased": quiz})
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "cc", "--no-checks")
    assert result.returncode == 0, result.stderr
    assert [line.split(": ", 1)[1] for line in result.stdout.splitlines() if "warning[" in line] == [
        "warning[unsupported-setting]: format cc cannot keep case_sensitive in Moodle (its Common Cartridge "
        "import ignores case=\"Yes\" and grades ignoring case): question 'typed' of quiz 'cased' "
        "[cased.questions.typed]"
    ]
    (item,) = items(assessment_file(cartridge(root, "cased", "en"))).values()
    assert 'case="Yes"' in etree.tostring(item).decode()  # written for the engines that read it
    assert moodle_import(item)["usecase"] is False
    strict = run_quizkit_in_process(root, "export", "--format", "cc", "--no-checks", "--strict")
    assert strict.returncode != 0


def test_a_quiz_with_no_question_the_profile_carries_gets_no_cartridge(tmp_path: Path) -> None:
    numeric_only = """\
id: numbers
level: beginner
title: Numbers
description: D
questions:
  - id: global-batch-size
    type: numeric
    prompt: With B = 32 samples on each of W = 8 workers, what is the global batch size?
    answer: 256
    explanation: B × W.
"""
    root = fixture_project(tmp_path, {"numbers": numeric_only, "choices": CHOICES})
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "cc", "--no-checks")
    assert result.returncode == 0, result.stderr
    assert "format cc cannot carry numeric questions: question 'global-batch-size'" in result.stdout
    assert sorted(path.name for path in (root / "dist" / "cc").iterdir()) == ["choices"]


def test_a_question_that_fell_back_is_wholly_in_the_source_language(tmp_path: Path) -> None:
    urdu = every_type_urdu()
    del urdu["every-type.questions.overlap-true.prompt"]
    root = export(tmp_path, {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8")}, urdu)
    found = items(assessment_file(cartridge(root, "every-type", "ur")))
    texts = [text.text for text in found["overlap-true"].iter("{*}mattext")]
    assert texts == [
        '<div dir="ltr" lang="en">DistributedDataParallel overlaps gradient communication with the backward '
        "pass.</div>",
        '<div dir="ltr" lang="en">True</div>',
        '<div dir="ltr" lang="en">False</div>',
        '<div dir="ltr" lang="en">It starts the all-reduce of each bucket as soon as its gradients are ready.</div>',
    ]
    prompt = next(found["gpu-holds"].iter("{*}mattext")).text
    assert prompt == '<div dir="rtl" lang="ur">ہر <span dir="ltr" lang="en">GPU</span> کیا رکھتا ہے؟</div>'


def test_images_are_web_content_of_the_cartridge_that_canvas_and_the_schemas_accept(tmp_path: Path) -> None:
    """Issue 41: the question with a formula, a code block and an image. Its images are files of the
    cartridge, each a webcontent resource the assessment depends on, referred to as
    $IMS-CC-FILEBASE$/<path>; replayed as Canvas's Common Cartridge import resolves them, each src finds
    its file; the formula is MathML, the code a <pre><code>, the alt the locale's."""
    from exporters.lms.lms_packages import canvas_attachments, canvas_resolved_file, image_sources
    from rich_project import CODE, DIVIDER, IMAGE_BYTES, RING, SQUARE, URDU_ALT, rich_project

    project = rich_project(tmp_path / "project")
    result = run_quizkit_in_process(project, "export", "-f", "cc")
    assert result.returncode == 0, result.stdout + result.stderr
    alts = {"en": "Four GPUs in a ring", "ur": URDU_ALT}
    for locale in ("en", "ur"):
        files = cartridge(project, "rich-question", locale)
        manifest = etree.fromstring(files["imsmanifest.xml"])
        for name in ("cc11libxml2validator.xsd", "ccv1p1_imscp_v1p2_v1p0.xsd"):
            validator = schema(name)
            assert validator.validate(manifest), validator.error_log.filter_from_errors()
        assessment = assessment_file(files)
        validator = schema("ccv1p1_qtiasiv1p2p1_v1p0.xsd")
        assert validator.validate(assessment), validator.error_log.filter_from_errors()
        attachments = canvas_attachments(manifest, "cc")
        ring = RING[locale]
        assert sorted(attachments) == sorted([ring, SQUARE, DIVIDER])
        (item,) = items(assessment).values()
        prompt = item.findtext("{*}presentation/{*}material/{*}mattext")
        assert image_sources(prompt) == [(f"$IMS-CC-FILEBASE$/{ring}", alts[locale])]
        assert "<math" in prompt and f'<pre dir="ltr"><code>{CODE}</code></pre>' in prompt
        shown = [
            source for mattext in item.iter("{*}mattext") for source in image_sources(mattext.text or "")
        ]
        assert len(shown) == 3  # the prompt's, the option's, the explanation's
        for src, _ in shown:
            resolved = canvas_resolved_file(src, attachments)
            assert resolved is not None and resolved in files, src
        assert files[ring] == IMAGE_BYTES[locale]
        dependencies = {dependency.get("identifierref") for dependency in manifest.iter("{*}dependency")}
        web = [r for r in manifest.iter("{*}resource") if r.get("type") == "webcontent"]
        assert {resource.get("identifier") for resource in web} <= dependencies
