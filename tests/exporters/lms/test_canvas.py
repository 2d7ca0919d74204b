"""``canvas``: the package layout Canvas imports, valid QTI 1.2, Canvas's metadata, scoring held to the
reference grader by a QTI 1.2 engine (tests/exporters/lms/qti12_engine.py), and the structure of every item
compared with what text2qti (whose packages Canvas imports) writes for the same questions."""

from __future__ import annotations

import functools
import hashlib
import re
import shutil
import subprocess
import sys
import zipfile
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from exporters.lms.lms_packages import export_format, package, visible
from exporters.lms.qti12_engine import ItemEngine, Response, children, local
from lxml import etree
from standard_schemas import QTI12, schema_file
from support import EVERY_TYPE_QUIZ, every_type_urdu, fixture_project, run_quizkit_in_process

HERE = Path(__file__).parent / "canvas"
CASES: list[dict[str, Any]] = yaml.safe_load(
    (EVERY_TYPE_QUIZ.parent / "grading-cases.yaml").read_text(encoding="utf-8")
)
DROPDOWNS = """\
id: dropdowns
level: beginner
title: Drop-downs
description: D
questions:
  - id: pick-words
    type: fill_in_blanks
    prompt: Complete the sentence.
    text: An {{collective}} averages the {{what}}.
    blanks:
      - id: collective
        options: [{id: all-reduce, text: all-reduce}, {id: broadcast, text: broadcast}]
        correct: all-reduce
      - id: what
        options: [{id: gradients, text: gradients}, {id: weights, text: weights}, {id: inputs, text: inputs}]
        correct: gradients
    explanation: E
"""


export = functools.partial(export_format, "canvas")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return export(
        tmp_path_factory.mktemp("canvas") / "project",
        {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8"), "dropdowns": DROPDOWNS},
        every_type_urdu(),
    )


def assessment_file(files: dict[str, bytes]) -> Any:
    manifest = etree.fromstring(files["imsmanifest.xml"])
    (qti,) = [
        resource for resource in manifest.iter("{*}resource") if resource.get("type") == "imsqti_xmlv1p2"
    ]
    return etree.fromstring(files[next(qti.iter("{*}file")).get("href")])


def items(root: Any) -> dict[str, Any]:
    return {item.get("title"): item for item in root.iter("{*}item")}


def fields(item: Any) -> dict[str, str]:
    return {
        field.findtext("{*}fieldlabel"): field.findtext("{*}fieldentry") or ""
        for field in item.iter("{*}qtimetadatafield")
    }


def labels(item: Any) -> dict[str, str]:
    """Visible text of every response label, by ident."""
    return {
        label.get("ident"): visible("".join(label.itertext()).strip())
        for label in item.iter("{*}response_label")
    }


def test_the_package_is_laid_out_as_canvas_imports_it(exported: Path) -> None:
    for locale in ("en", "ur"):
        files = package(exported / "dist" / "canvas" / "every-type" / f"{locale}.zip")
        manifest = etree.fromstring(files["imsmanifest.xml"])
        hrefs = [file.get("href") for file in manifest.iter("{*}file")]
        assert sorted(files) == sorted(["imsmanifest.xml", *hrefs])
        (folder,) = {href.split("/")[0] for href in hrefs}
        assert sorted(hrefs) == [f"{folder}/assessment_meta.xml", f"{folder}/{folder}.xml"]
        meta = etree.fromstring(files[f"{folder}/assessment_meta.xml"])
        assert (etree.QName(meta).namespace, meta.get("identifier")) == (
            "http://canvas.instructure.com/xsd/cccv1p0",
            folder,
        )
        assert meta.findtext("{*}points_possible") == "7.0"  # ordering is left out: seven questions
        assessment = next(assessment_file(files).iter("{*}assessment"))
        assert assessment.get("ident") == folder
    en, ur = (
        package(exported / "dist" / "canvas" / "every-type" / f"{locale}.zip") for locale in ("en", "ur")
    )
    # Each locale is its own Canvas quiz: different identifiers, or importing one would replace the other.
    assert set(en) & set(ur) == {"imsmanifest.xml"}


def test_the_package_is_byte_identical_for_identical_input(exported: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    shutil.copytree(exported, again)
    shutil.rmtree(again / "dist")
    result = run_quizkit_in_process(again, "export", "--format", "canvas")
    assert result.returncode == 0, result.stderr
    for path in ("every-type/en.zip", "every-type/ur.zip"):
        assert (again / "dist/canvas" / path).read_bytes() == (exported / "dist/canvas" / path).read_bytes()
    with zipfile.ZipFile(exported / "dist/canvas/every-type/en.zip") as archive:
        assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}


@pytest.mark.parametrize("locale", ["en", "ur"])
@pytest.mark.parametrize("dtd", ["ims_qtiasiv1p2.dtd", "ims_qtiasiv1p2p1.dtd"])
def test_the_assessment_is_valid_against_the_qti_1_2_dtd(exported: Path, locale: str, dtd: str) -> None:
    validator = etree.DTD(str(schema_file(QTI12, dtd)))
    for quiz in ("every-type", "dropdowns"):
        root = assessment_file(package(exported / "dist" / "canvas" / quiz / f"{locale}.zip"))
        # A DTD has no namespace: drop it and the root's schema attributes (docs/testing.md, Standards' schemas).
        for element in root.iter():
            element.tag = local(element)
        for name in list(root.attrib):
            del root.attrib[name]
        etree.cleanup_namespaces(root)
        assert validator.validate(root), validator.error_log.filter_from_errors()


QUESTION_TYPES = {
    "gpu-holds": "multiple_choice_question",
    "overlap-true": "true_false_question",
    "name-collective": "short_answer_question",
    "global-batch-size": "numerical_question",
    "match-collectives": "matching_question",
    "fill-replica": "fill_in_multiple_blanks_question",  # a typed blank and a drop-down: typed wins
    "memory-essay": "essay_question",
}


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_every_item_has_canvas_metadata(exported: Path, locale: str) -> None:
    root = assessment_file(package(exported / "dist/canvas/every-type" / f"{locale}.zip"))
    found = items(root)
    assert list(found) == list(QUESTION_TYPES)
    for question_id, item in found.items():
        metadata = fields(item)
        assert list(metadata) == [
            "question_type",
            "points_possible",
            "original_answer_ids",
            "assessment_question_identifierref",
        ]
        expected = QUESTION_TYPES[question_id]
        if (question_id, locale) == ("overlap-true", "ur"):
            expected = "multiple_choice_question"  # what Canvas makes of Urdu labels (below)
        assert (metadata["question_type"], metadata["points_possible"]) == (expected, "1")
        answer_ids = metadata["original_answer_ids"].split(",") if metadata["original_answer_ids"] else []
        assert all(answer.isdigit() for answer in answer_ids)  # Canvas reads answer ids as integers
        if question_id == "match-collectives":
            prompts = [response.get("ident") for response in item.iter("{*}response_lid")]
            assert prompts == [f"response_{answer}" for answer in answer_ids]
        elif question_id not in ("name-collective", "global-batch-size", "memory-essay"):
            assert answer_ids == list(labels(item))
    general = found["gpu-holds"].find("{*}itemfeedback")
    assert general.get("ident") == "general_fb"
    explanation = "Each GPU holds a replica." if locale == "en" else "ہر GPU ایک نقل رکھتا ہے۔"
    assert visible("".join(general.itertext()).strip()) == explanation


def canvas_imported_type(item: Any) -> tuple[str, list[str]]:
    """The question type and answer texts Canvas's importer gives an item, for choice items: the declared
    question_type, except that a true_false_question stays one only when one of its two answers matches
    /true/i and the other /false/i, which are then rewritten "True" and "False"; any other becomes a
    multiple_choice_question (ChoiceInteraction#process_true_false_question,
    gems/plugins/qti_exporter/lib/qti/choice_interaction.rb)."""
    declared = fields(item)["question_type"]
    texts = list(labels(item).values())
    if declared != "true_false_question":
        return declared, texts
    if len(texts) == 2:
        true_answer = next((index for index, text in enumerate(texts) if re.search("true", text, re.I)), None)
        if true_answer is not None and re.search("false", texts[1 - true_answer], re.I):
            return declared, ["True", "False"] if true_answer == 0 else ["False", "True"]
    return "multiple_choice_question", texts


@pytest.mark.parametrize(
    ("locale", "question_type", "answers"),
    [("en", "true_false_question", ["True", "False"]), ("ur", "multiple_choice_question", ["صحیح", "غلط"])],
)
def test_a_true_false_question_is_declared_as_what_canvas_imports(
    exported: Path, locale: str, question_type: str, answers: list[str]
) -> None:
    """Issue 36: Canvas keeps true_false_question only for answers reading True and False; an Urdu one
    was declared true_false_question and imported as multiple_choice_question."""
    item = items(assessment_file(package(exported / "dist/canvas/every-type" / f"{locale}.zip")))[
        "overlap-true"
    ]
    assert fields(item)["question_type"] == question_type
    assert canvas_imported_type(item) == (question_type, answers)


def test_a_question_of_drop_downs_only_is_multiple_dropdowns_with_every_option(exported: Path) -> None:
    root = assessment_file(package(exported / "dist/canvas/dropdowns/en.zip"))
    item = items(root)["pick-words"]
    assert fields(item)["question_type"] == "multiple_dropdowns_question"
    text = visible(next(item.iter("{*}mattext")).text)
    assert text == "Complete the sentence.An [collective] averages the [what]."
    responses = {
        response.get("ident"): [
            visible("".join(label.itertext()).strip()) for label in response.iter("{*}response_label")
        ]
        for response in item.iter("{*}response_lid")
    }
    assert responses == {
        "response_collective": ["all-reduce", "broadcast"],
        "response_what": ["gradients", "weights", "inputs"],
    }


def test_a_mixed_question_keeps_only_the_right_option_of_its_drop_down(exported: Path) -> None:
    item = items(assessment_file(package(exported / "dist/canvas/every-type/en.zip")))["fill-replica"]
    responses = {
        response.get("ident"): [
            visible("".join(label.itertext()).strip()) for label in response.iter("{*}response_label")
        ]
        for response in item.iter("{*}response_lid")
    }
    assert responses == {"response_copy": ["replica", "copy"], "response_collective": ["all-reduce"]}


def test_urdu_texts_carry_their_language_and_direction_and_blanks_stay_whole(exported: Path) -> None:
    found = items(assessment_file(package(exported / "dist/canvas/every-type/ur.zip")))
    prompt = next(found["gpu-holds"].iter("{*}mattext")).text
    assert prompt == '<div dir="rtl" lang="ur">ہر <span dir="ltr" lang="en">GPU</span> کیا رکھتا ہے؟</div>'
    blanks = next(found["fill-replica"].iter("{*}mattext")).text
    # The translation reorders the blanks; each stays "[id]" for Canvas to find, outside any isolation.
    assert "[collective] گریڈیئنٹس" in blanks and "مکمل [copy] رکھتا" in blanks


def test_matches_are_listed_in_an_order_that_does_not_give_the_answer(exported: Path) -> None:
    item = items(assessment_file(package(exported / "dist/canvas/every-type/en.zip")))["match-collectives"]
    for response in item.iter("{*}response_lid"):
        listed = [visible("".join(label.itertext()).strip()) for label in response.iter("{*}response_label")]
        assert listed == sorted(listed, key=lambda text: hashlib.sha256(text.encode()).hexdigest())
        assert len(listed) == 4  # three matches and the distractor


# --- scoring, against the reference grader -----------------------------------------------------------

# Where Canvas's form or QTI 1.2 cannot follow the library (docs/exports.md, canvas.py's docstring): the
# score the QTI gives instead, out of 100.
DIVERGES: dict[tuple[str, str, str], Decimal] = {
    # varequal compares the whole response: no trimming, collapsing of spaces or Urdu normalization.
    ("name-collective", "en", "  All-Reduce "): Decimal(0),
    ("name-collective", "en", "reduce   to all"): Decimal(0),
    ("name-collective", "ur", "سب کو ريڈیوس"): Decimal(0),
    # QTI and Canvas read Latin digits only.
    ("global-batch-size", "ur", "۲۵۶"): Decimal(0),
    ("global-batch-size", "ur", "٢٥٦"): Decimal(0),
    # Canvas scores blanks per part; the question declares no partial credit.
    ("fill-replica", "en", "{'copy': 'replica', 'collective': 'broadcast'}"): Decimal(50),
    ("fill-replica", "en", "{'copy': 'slice', 'collective': 'all-reduce'}"): Decimal(50),
}


def localized_quiz(root: Path, locale: str) -> Any:
    from toolkit.catalogs import read_po
    from toolkit.content.validation import load_content
    from toolkit.localization import localize

    content = load_content(root / "content")
    catalog = None
    if locale != "en":
        path = root / "locales" / locale / "LC_MESSAGES" / "every-type.po"
        catalog = read_po(path.read_bytes(), path.name)
    return localize(content.quiz("every-type"), content.interface, locale, "en", catalog, None)


def ident_of(item: Any, text: str, response: str | None = None) -> str:
    """The ident of the label a learner picks by its text (in one response where given); a text no label
    has is a response no condition expects."""
    scope = (
        item
        if response is None
        else next(r for r in item.iter("{*}response_lid") if r.get("ident") == response)
    )
    for label in scope.iter("{*}response_label"):
        if visible("".join(label.itertext()).strip()).casefold() == text.strip().casefold():
            return str(label.get("ident"))
    return "no-such-label"


def qti_response(item: Any, question: Any, given: Any, quiz: Any) -> Response:
    """A grading case's response as the learner gives it in Canvas."""
    kind = question.type.value
    if kind in ("single_choice", "multiple_choice"):
        texts = {option.id: option.text for option in question.options}
        return {"response1": [ident_of(item, texts[option]) for option in given]}
    if kind == "true_false":
        label = quiz.message_text("true" if given else "false")
        return {"response1": [ident_of(item, label)]}
    if kind in ("short_answer", "numeric", "essay"):
        return {"response1": given}
    if kind == "matching":
        texts = {pair.id: pair.match for pair in question.pairs} | {
            item.id: item.text for item in question.distractors
        }
        prompts = {
            visible(response.find("{*}material/{*}mattext").text): response.get("ident")
            for response in item.iter("{*}response_lid")
        }
        pairs = {pair.id: prompts[pair.prompt] for pair in question.pairs}
        return {pairs[pair]: [ident_of(item, texts[match], pairs[pair])] for pair, match in given.items()}
    assert kind == "fill_in_blanks"
    response: Response = {}
    for blank_id, value in given.items():
        blank = question.blank(blank_id)
        text = value if hasattr(blank, "answers") else next(o.text for o in blank.options if o.id == value)
        response[f"response_{blank_id}"] = [ident_of(item, text, f"response_{blank_id}")]
    return response


FLAT = [
    (entry["question"], case.get("locale", "en"), case["response"], case["score"])
    for entry in CASES
    if entry["question"] != "step-order"  # ordering is not carried
    for case in entry["cases"]
]


@pytest.mark.parametrize(("question_id", "locale", "given", "score"), FLAT)
def test_response_processing_agrees_with_the_reference_grader(
    exported: Path, question_id: str, locale: str, given: Any, score: Any
) -> None:
    quiz = localized_quiz(exported, locale)
    question = next(question for question in quiz.questions if question.id == question_id)
    item = items(assessment_file(package(exported / "dist/canvas/every-type" / f"{locale}.zip")))[question_id]
    result = ItemEngine(item).score(qti_response(item, question, given, quiz))
    if score is None:
        assert not list(item.iter("{*}setvar"))  # an essay is graded by hand
        return
    expected = DIVERGES.get((question_id, locale, str(given)))
    if expected is None:
        expected = Decimal(Fraction(str(score)).numerator * 100) / Fraction(str(score)).denominator
    assert abs(result - expected) <= Decimal("0.01")
    assert (result == 100) == (expected == 100)  # full marks exactly for the right responses


# --- structure, against text2qti ----------------------------------------------------------------------


def text2qti() -> Path:
    found = Path(sys.executable).parent / "text2qti"
    if not found.exists():
        pytest.skip("text2qti is not installed (it is in the dev extra: pip install -e '.[dev]')")
    return found


def element_paths(item: Any, short_answer: bool) -> set[str]:
    paths = set()
    for element in item.iter():
        names = [
            local(ancestor) for ancestor in reversed(list(element.iterancestors())) if ancestor is not item
        ]
        names = [
            name for name in names if name != "section" and name != "assessment" and name != "questestinterop"
        ]
        path = "/".join([*names, local(element)])
        if short_answer:
            # Alternatives: we join them with <or>, text2qti lists them directly (see qti12.py).
            path = path.replace("conditionvar/or", "conditionvar")
        paths.add(path)
    return paths


def canonical(test: Any, names: dict[str, str], alternatives: bool) -> Any:
    """A condition with label idents replaced by their texts, numbers read as numbers, and text2qti's
    several tests directly in a short answer's conditionvar read as alternatives (as Canvas reads them)."""
    tests = children(test)
    name = local(test)
    if name == "conditionvar":
        if alternatives and len(tests) > 1:
            name = "or"
        elif len(tests) == 1:
            return canonical(tests[0], names, alternatives)
    if not tests:
        value = test.text or ""
        if value in names:
            return (name, test.get("respident"), names[value])
        number = re.fullmatch(r"-?\d+(\.\d+)?", value)
        return (name, test.get("respident"), Decimal(value).normalize() if number else value)
    return (name, tuple(sorted(repr(canonical(child, names, alternatives)) for child in tests)))


def scoring(item: Any) -> list[Any]:
    names = labels(item)
    short_answer = fields(item)["question_type"] == "short_answer_question"
    found = []
    for condition in item.iter("{*}respcondition"):
        setvars = [(setvar.get("action"), Decimal(setvar.text)) for setvar in condition.iter("{*}setvar")]
        if setvars:
            found.append((canonical(condition.find("{*}conditionvar"), names, short_answer), setvars))
    return found


def test_every_item_has_the_structure_text2qti_writes(tmp_path: Path) -> None:
    shutil.copy(HERE / "peers.md", tmp_path / "peers.md")
    result = subprocess.run([text2qti(), "peers.md"], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    theirs = list(assessment_file(package(tmp_path / "peers.zip")).iter("{*}item"))  # all titled "Question"
    root = export(tmp_path / "project", {"peers": (HERE / "peers.yaml").read_text(encoding="utf-8")})
    ours = list(items(assessment_file(package(root / "dist/canvas/peers/en.zip"))).values())
    assert len(ours) == len(theirs) == 6
    for our, their in zip(ours, theirs, strict=True):
        kind = fields(their)["question_type"]
        assert list(fields(our)) == list(fields(their))
        assert fields(our)["question_type"] == kind
        assert fields(our)["points_possible"] == fields(their)["points_possible"]
        assert len(fields(our)["original_answer_ids"].split(",")) == len(
            fields(their)["original_answer_ids"].split(",")
        )
        assert element_paths(our, kind == "short_answer_question") == element_paths(their, False), kind
        assert sorted(labels(our).values()) == sorted(labels(their).values())
        assert [visible(text.text) for text in our.iter("{*}mattext")] == [
            visible(text.text) for text in their.iter("{*}mattext")
        ]
        assert scoring(our) == scoring(their), kind


# --- what is left out -----------------------------------------------------------------------------------


def test_ordering_is_left_out_with_a_warning(tmp_path: Path) -> None:
    root = fixture_project(tmp_path, {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8")})
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "canvas", "--no-checks")
    assert result.returncode == 0, result.stderr
    warnings = [
        line.split(": ", 1)[1] for line in result.stdout.splitlines() if "unsupported-question" in line
    ]
    assert warnings == [
        "warning[unsupported-question]: format canvas cannot carry ordering questions: question 'step-order' "
        "of quiz 'every-type' is left out of canvas [every-type.questions.step-order]"
    ]
    carried = items(assessment_file(package(root / "dist/canvas/every-type/en.zip")))
    assert list(carried) == list(QUESTION_TYPES)


def test_a_blank_text_holding_the_characters_blanks_need_is_refused_with_a_message(tmp_path: Path) -> None:
    quiz = DROPDOWNS.replace("An {{collective}}", "An \U000f0000 {{collective}}").replace("dropdowns", "odd")
    root = fixture_project(tmp_path, {"odd": quiz})
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "canvas", "--no-checks")
    assert result.returncode == 1, result.stdout
    assert result.stderr.strip() == (
        "error[export]: odd.questions.pick-words [en]: the text holds private-use characters (U+F0000 and "
        "above) that the canvas format needs for its blanks; remove them"
    )
    assert not (root / "dist" / "canvas").exists()


def test_a_question_that_fell_back_is_wholly_in_the_source_language(tmp_path: Path) -> None:
    urdu = every_type_urdu()
    del urdu["every-type.questions.overlap-true.prompt"]
    root = export(tmp_path, {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8")}, urdu)
    found = items(assessment_file(package(root / "dist/canvas/every-type/ur.zip")))
    texts = [text.text for text in found["overlap-true"].iter("{*}mattext")]
    assert texts[:3] == [
        '<div dir="ltr" lang="en">DistributedDataParallel overlaps gradient communication with the backward '
        "pass.</div>",
        '<div dir="ltr" lang="en">True</div>',
        '<div dir="ltr" lang="en">False</div>',
    ]
    assert next(found["gpu-holds"].iter("{*}mattext")).text.startswith('<div dir="rtl" lang="ur">')


FEEDBACK = """\
id: feedback
level: beginner
title: T
description: D
questions:
  - id: pick
    type: single_choice
    prompt: Pick one.
    options:
      - {id: right, text: Right, feedback: "Yes, this one."}
      - {id: wrong, text: Wrong}
    correct: [right]
    explanation: E
"""


def test_an_option_s_feedback_is_shown_when_it_is_chosen(tmp_path: Path) -> None:
    root = export(tmp_path, {"feedback": FEEDBACK})
    item = items(assessment_file(package(root / "dist/canvas/feedback/en.zip")))["pick"]
    right, wrong = fields(item)["original_answer_ids"].split(",")
    feedbacks = {
        feedback.get("ident"): visible("".join(feedback.itertext()).strip())
        for feedback in item.iter("{*}itemfeedback")
    }
    assert feedbacks == {"general_fb": "E", f"{right}_fb": "Yes, this one."}
    shown = [
        (
            condition.findtext("{*}conditionvar/{*}varequal"),
            condition.find("{*}displayfeedback").get("linkrefid"),
        )
        for condition in item.iter("{*}respcondition")
        if condition.find("{*}displayfeedback") is not None
    ]
    assert shown == [(None, "general_fb"), (right, f"{right}_fb")]
    assert ItemEngine(item).score({"response1": [right]}) == 100
    assert ItemEngine(item).score({"response1": [wrong]}) == 0


CASED = """\
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
  - id: fill
    type: fill_in_blanks
    prompt: Complete the sentence.
    text: "{{library}} runs the {{collective}}, and {{other}} too."
    blanks:
      - id: library
        answers: [{id: nccl, text: NCCL}]
        case_sensitive: true
      - id: collective
        answers: [{id: all-reduce, text: all-reduce}]
      - id: other
        answers: [{id: gloo, text: Gloo}]
        case_sensitive: true
    explanation: E
  - id: plain
    type: short_answer
    prompt: Which collective?
    answers: [{id: a, text: all-reduce}]
    explanation: E
"""


def test_case_sensitive_short_answers_and_blanks_are_exported_with_a_warning_that_canvas_ignores_case(
    tmp_path: Path,
) -> None:
    """Review: Canvas grades short answers and typed blanks ignoring case (it strips and downcases the
    response and each answer), so a case-sensitive one lost its setting without a word."""
    root = fixture_project(tmp_path, {"cased": CASED})
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "canvas", "--no-checks")
    assert result.returncode == 0, result.stderr
    assert [line.split(": ", 1)[1] for line in result.stdout.splitlines() if "warning[" in line] == [
        "warning[unsupported-setting]: format canvas cannot keep case_sensitive (Canvas grades short answers "
        "ignoring case): question 'typed' of quiz 'cased' [cased.questions.typed]",
        "warning[unsupported-setting]: format canvas cannot keep case_sensitive of blanks 'library', 'other' "
        "(Canvas grades typed blanks ignoring case): question 'fill' of quiz 'cased' [cased.questions.fill]",
    ]
    carried = items(assessment_file(package(root / "dist/canvas/cased/en.zip")))
    assert list(carried) == ["typed", "fill", "plain"]
    assert 'case="Yes"' in etree.tostring(carried["typed"]).decode()  # written for the engines that read it
    strict = run_quizkit_in_process(root, "export", "--format", "canvas", "--no-checks", "--strict")
    assert strict.returncode != 0


FORMULAS = """\
id: formulas
level: beginner
title: T
description: D
questions:
  - id: ring
    type: single_choice
    prompt: "Each GPU sends $\\\\frac{2(N-1)}{N}$ of the data, at \\\\$5 a GB."
    options:
      - {id: right, text: "$$\\\\sum_i x_i$$"}
      - {id: wrong, text: "`$HOME`"}
    correct: [right]
    explanation: E
"""


def test_formulas_are_mathml_in_left_to_right_isolates(tmp_path: Path) -> None:
    # Canvas's sanitizer keeps MathML (toolkit/exporters/lms/html_text.py says where that is written), so
    # the formula needs no equation image, which only Canvas's server makes.
    root = export(tmp_path, {"formulas": FORMULAS})
    found = items(assessment_file(package(root / "dist/canvas/formulas/en.zip")))
    prompt, right, wrong = [text.text for text in found["ring"].iter("{*}mattext")][:3]
    mathml = (
        '<math xmlns="http://www.w3.org/1998/Math/MathML" display="{}"><semantics><mrow>{}</mrow>'
        '<annotation encoding="application/x-tex">\\frac{{2(N-1)}}{{N}}</annotation></semantics></math>'
    )
    fraction = (
        '<mfrac><mrow><mn>2</mn><mo stretchy="false">(</mo><mi>N</mi><mo>−</mo><mn>1</mn>'
        '<mo stretchy="false">)</mo></mrow><mrow><mi>N</mi></mrow></mfrac>'
    )
    assert prompt == (
        f'<div dir="ltr" lang="en">Each GPU sends <span dir="ltr">{mathml.format("inline", fraction)}</span> of '
        "the data, at $5 a GB.</div>"
    )
    assert right.startswith('<div dir="ltr" lang="en"><span dir="ltr"><math ') and 'display="block"' in right
    assert wrong == '<div dir="ltr" lang="en"><code dir="ltr">$HOME</code></div>'


def test_images_are_files_of_the_package_that_canvas_resolves(tmp_path: Path) -> None:
    """Issue 41: the question with a formula, a code block and an image, as Canvas imports a QTI .zip:
    the images are manifest <file>s that are no resource's href (so attachments), referred to as
    $IMS-CC-FILEBASE$/<path>, which Canvas's link migrator resolves to them; formula as MathML, code as
    <pre><code>, the alt the locale's; the assessment stays valid QTI 1.2."""
    from exporters.lms.lms_packages import canvas_attachments, canvas_resolved_file, image_sources
    from rich_project import CODE, DIVIDER, IMAGE_BYTES, RING, SQUARE, URDU_ALT, rich_project

    project = rich_project(tmp_path / "project")
    result = run_quizkit_in_process(project, "export", "-f", "canvas")
    assert result.returncode == 0, result.stdout + result.stderr
    alts = {"en": "Four GPUs in a ring", "ur": URDU_ALT}
    validator = etree.DTD(str(schema_file(QTI12, "ims_qtiasiv1p2p1.dtd")))
    for locale in ("en", "ur"):
        files = package(project / "dist/canvas/rich-question" / f"{locale}.zip")
        manifest = etree.fromstring(files["imsmanifest.xml"])
        assessment = assessment_file(files)
        # A DTD has no namespace: validate a copy without it, as the DTD test above does.
        plain = assessment_file(files)
        for element in plain.iter():
            element.tag = local(element)
        for name in list(plain.attrib):
            del plain.attrib[name]
        etree.cleanup_namespaces(plain)
        assert validator.validate(plain), validator.error_log.filter_from_errors()
        attachments = canvas_attachments(manifest, "qti")
        ring = RING[locale]
        assert {ring, SQUARE, DIVIDER} <= set(attachments)
        (item,) = items(assessment).values()
        prompt = item.findtext("{*}presentation/{*}material/{*}mattext")
        assert image_sources(prompt) == [(f"$IMS-CC-FILEBASE$/{ring}", alts[locale])]
        assert "<math" in prompt and f'<pre dir="ltr"><code>{CODE}</code></pre>' in prompt
        shown = [
            source for mattext in item.iter("{*}mattext") for source in image_sources(mattext.text or "")
        ]
        assert [alt for _, alt in shown][1:] == [
            "A green square" if locale == "en" else "ایک سبز مربع",
            "",  # decorative
        ]
        for src, _ in shown:
            resolved = canvas_resolved_file(src, attachments)
            assert resolved is not None and resolved in files, src
        assert files[ring] == IMAGE_BYTES[locale]
