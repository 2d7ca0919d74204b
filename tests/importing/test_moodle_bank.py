"""The Moodle XML bank reader (toolkit/importing/moodle_bank.py): round trips through quizkit's own Moodle
exporter, banks as Moodle's own exporter writes them, and files it must refuse."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from support import EVERY_TYPE_QUIZ, fixture_project, run_quizkit_in_process, translate

from toolkit.catalogs import read_po
from toolkit.content.validation import validate_paths
from toolkit.importing.bank import BankError, BankRequest, ImportedBank
from toolkit.importing.moodle_bank import MAX_BANK_BYTES, MoodleXmlReader
from toolkit.importing.moodle_bank_drafts import question_mapping
from toolkit.localization import localize
from toolkit.model import (
    ChoiceBlank,
    ChoiceQuestion,
    EssayQuestion,
    FillInBlanksQuestion,
    MatchingQuestion,
    NumericQuestion,
    OrderingQuestion,
    Question,
    Quiz,
    ShortAnswerQuestion,
    Text,
    TrueFalseQuestion,
    with_texts,
)

HERE = Path(__file__).parent / "moodle"
URDU: dict[str, str] = yaml.safe_load(
    (EVERY_TYPE_QUIZ.parent / "every-type.ur.yaml").read_text(encoding="utf-8")
)
LOCALES = ("en", "ur", "ar")


_URDU_TO_ARABIC = str.maketrans("کہیےںڈٹھڑگپچژۓۃ۔", "كهييندتهركبجزئة.")


def _arabic(urdu: str) -> str:
    """An Arabic catalog for the test: the Urdu text in Arabic letters (the Arabic checks block Urdu
    ones), so that the two languages' versions of a text differ and a reader that mixed them up fails."""
    return urdu.translate(_URDU_TO_ARABIC)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The every-type quiz in en, ur and ar, exported to Moodle XML by quizkit."""
    root = fixture_project(
        tmp_path_factory.mktemp("moodle-bank"), {"every-type": EVERY_TYPE_QUIZ.read_text("utf-8")}
    )
    (root / "quizkit.toml").write_text(
        'source-locale = "en"\ntarget-locales = ["ur", "ar"]\n', encoding="utf-8"
    )
    result = run_quizkit_in_process(root, "update")
    assert result.returncode == 0, result.stdout + result.stderr
    translate(root / "locales/ur/LC_MESSAGES/every-type.po", URDU)
    translate(
        root / "locales/ar/LC_MESSAGES/every-type.po", {key: _arabic(text) for key, text in URDU.items()}
    )
    result = run_quizkit_in_process(root, "export", "-f", "moodle")
    assert result.returncode == 0, result.stdout + result.stderr
    return root


def _original(root: Path, locale: str) -> tuple[Question[str], ...]:
    """The every-type quiz in ``locale`` as the library localizes it: what the export wrote."""
    (quiz,) = validate_paths([root / "content" / "every-type.yaml"]).content().quizzes
    catalog = None
    if locale != "en":
        path = root / "locales" / locale / "LC_MESSAGES" / "every-type.po"
        catalog = read_po(path.read_bytes(), path.name)
    return localize(quiz, None, locale, "en", catalog, None).questions


def _imported(quiz: Quiz, locale: str) -> tuple[Question[str], ...]:
    """The imported quiz in ``locale``: each text's imported translation, else its source."""

    def pick(text: Text) -> str:
        return dict(text.imported).get(locale, text.source)

    return tuple(with_texts(question, pick) for question in quiz.questions)


Answers = dict[tuple[str, int], frozenset[str]]
"""Accepted answers by (question id, blank number; 0 for a short answer's own)."""


def shape(question: Question[str], every_locale: Answers | None = None) -> dict[str, Any]:
    """What a learner sees and how a response is graded, with the ids (which Moodle XML has no place for:
    options, pairs, items and blanks are numbered on import) replaced by positions."""
    shaped: dict[str, Any] = {"id": question.id, "type": question.type.value, "prompt": question.prompt}
    shaped["explanation"] = question.explanation
    if isinstance(question, ChoiceQuestion):
        ids = [option.id for option in question.options]
        shaped["options"] = [(option.text, option.feedback) for option in question.options]
        shaped["correct"] = sorted(ids.index(option_id) for option_id in question.correct)
        shaped["partial_credit"] = question.partial_credit
    elif isinstance(question, TrueFalseQuestion):
        shaped["correct"] = question.correct
    elif isinstance(question, ShortAnswerQuestion):
        accepted = {line for answer in question.answers for line in answer.accepted}
        shaped["accepted"] = sorted(accepted | (every_locale or {}).get((question.id, 0), frozenset()))
        shaped["case_sensitive"] = question.case_sensitive
    elif isinstance(question, NumericQuestion):
        shaped.update(answer=question.answer, tolerance=question.tolerance, unit=question.unit)
    elif isinstance(question, MatchingQuestion):
        shaped["pairs"] = [(pair.prompt, pair.match) for pair in question.pairs]
        shaped["distractors"] = [item.text for item in question.distractors]
        shaped["partial_credit"] = question.partial_credit
    elif isinstance(question, OrderingQuestion):
        shaped["items"] = [item.text for item in question.items]
        shaped["partial_credit"] = question.partial_credit
    elif isinstance(question, FillInBlanksQuestion):
        text = question.text
        blanks = []
        for number, blank in enumerate(question.blanks, start=1):
            text = text.replace("{{" + blank.id + "}}", f"[{number}]")
            if isinstance(blank, ChoiceBlank):
                options = [option.id for option in blank.options]
                blanks.append(([option.text for option in blank.options], options.index(blank.correct)))
            else:
                accepted = {line for answer in blank.answers for line in answer.accepted}
                every = (every_locale or {}).get((question.id, number), frozenset())
                blanks.append((sorted(accepted | every), blank.case_sensitive))
        shaped.update(text=text, blanks=blanks)
    else:
        assert isinstance(question, EssayQuestion)
        shaped["model_answer"] = question.model_answer
    return shaped


def _every_locale_answers(root: Path) -> Answers:
    """Every locale's accepted answers of each short answer and typed blank: Moodle keeps one list of
    answers for a question, which multilang.xml fills with every locale's."""
    found: dict[tuple[str, int], set[str]] = {}
    for locale in LOCALES:
        for question in _original(root, locale):
            if isinstance(question, ShortAnswerQuestion):
                found.setdefault((question.id, 0), set()).update(
                    line for answer in question.answers for line in answer.accepted
                )
            if isinstance(question, FillInBlanksQuestion):
                for number, blank in enumerate(question.blanks, start=1):
                    if not isinstance(blank, ChoiceBlank):
                        found.setdefault((question.id, number), set()).update(
                            line for answer in blank.answers for line in answer.accepted
                        )
    return {owner: frozenset(lines) for owner, lines in found.items()}


def _read(path: Path, translations: dict[str, Path] | None = None) -> ImportedBank:
    request = BankRequest(path, path.name, "every-type", "en", translations or {})
    return MoodleXmlReader.read(request)


@pytest.mark.parametrize("locale", LOCALES)
def test_multilang_file_in_en_ur_ar_imports_as_one_quiz_with_each_language_texts(
    project: Path, locale: str
) -> None:
    """The issue's done-when at the reader: multilang.xml (en, ur, ar in multilang spans) becomes one quiz
    whose texts are the English and whose imported translations are the Urdu and the Arabic, so that
    the quiz in each language is the original in that language, question by question."""
    bank = _read(project / "dist/moodle/every-type/multilang.xml")
    assert bank.locales == ("ar", "ur")
    assert bank.source_locale == "en"
    every = _every_locale_answers(project)
    original = [shape(question, every) for question in _original(project, locale)]
    imported = [shape(question) for question in _imported(bank.quiz, locale)]
    # One question serves every language in Moodle: a typed answer is accepted whatever the language
    # (toolkit/exporters/lms/moodle.py), so the import accepts each one in every locale.
    assert imported == original
    assert [issue.reason for issue in bank.issues] == []


def test_multilang_typed_answers_are_the_same_in_every_locale(project: Path) -> None:
    bank = _read(project / "dist/moodle/every-type/multilang.xml")
    question = bank.quiz.question("name-collective")
    assert isinstance(question, ShortAnswerQuestion)
    assert all(answer.translate is False for answer in question.answers)


@pytest.mark.parametrize("locale", LOCALES)
def test_one_file_per_language_aligned_question_by_question(project: Path, locale: str) -> None:
    folder = project / "dist/moodle/every-type"
    bank = _read(folder / "en.xml", {"ur": folder / "ur.xml", "ar": folder / "ar.xml"})
    assert bank.locales == ("ar", "ur")
    original = [shape(question) for question in _original(project, locale)]
    imported = [shape(question) for question in _imported(bank.quiz, locale)]
    assert imported == original


def test_a_cloze_question_earns_partial_credit_as_in_moodle(project: Path) -> None:
    """Moodle sums a Cloze question's blanks (question/type/multianswer), so the import says so even
    where the original scored its blanks all or nothing: a loss of the export, not of the import."""
    bank = _read(project / "dist/moodle/every-type/en.xml")
    question = bank.quiz.question("fill-replica")
    assert isinstance(question, FillInBlanksQuestion)
    assert question.partial_credit is True


BAD = HERE / "bad"


@pytest.mark.parametrize("case", sorted(path.stem for path in BAD.glob("*.xml")))
def test_a_malformed_or_hostile_file_is_refused_with_its_line(case: str) -> None:
    """Each file in moodle/bad/ is refused with the message in expected.yaml (file:line: message), and
    the reader returns nothing."""
    expected = yaml.safe_load((BAD / "expected.yaml").read_text(encoding="utf-8"))[case]
    path = BAD / f"{case}.xml"
    with pytest.raises(BankError) as raised:
        MoodleXmlReader.read(BankRequest(path, f"{case}.xml", "bank", "en"))
    assert str(raised.value) == expected


def test_every_bad_case_has_its_expected_message() -> None:
    expected = yaml.safe_load((BAD / "expected.yaml").read_text(encoding="utf-8"))
    assert sorted(expected) == sorted(path.stem for path in BAD.glob("*.xml"))


def summary(bank: ImportedBank) -> dict[str, Any]:
    """Everything a reader gives back, as plain data to compare with an expected file: each question's
    kind, grading fields and texts (source, and each imported translation), the issues and the notes."""

    def text(value: Text) -> Any:
        return {"source": value.source, **dict(value.imported)} if value.imported else value.source

    questions = []
    for question in bank.quiz.questions:
        entry: dict[str, Any] = {"id": question.id, "type": question.type.value}
        for field in ("correct", "partial_credit", "shuffle", "case_sensitive"):
            value = getattr(question, field, None)
            if value is not None:
                entry[field] = list(value) if isinstance(value, tuple) else value
        if isinstance(question, NumericQuestion):
            entry.update(answer=str(question.answer), tolerance=str(question.tolerance))
        if isinstance(question, FillInBlanksQuestion):
            entry["blanks"] = [
                {"id": blank.id, "correct": blank.correct}
                if isinstance(blank, ChoiceBlank)
                else {"id": blank.id, "case_sensitive": blank.case_sensitive}
                for blank in question.blanks
            ]
        entry["texts"] = {key: text(value) for key, value in question.keyed_texts()}
        questions.append(entry)
    return {
        "title": text(bank.quiz.title),
        "description": text(bank.quiz.description),
        "locales": list(bank.locales),
        "questions": questions,
        "issues": [
            {
                "line": issue.line,
                "question": issue.question,
                "reason": issue.reason,
                **({"draft": json.loads(json.dumps(issue.draft))} if issue.draft is not None else {}),
            }
            for issue in bank.issues
        ],
        "notes": list(bank.notes),
    }


@pytest.mark.parametrize("bank", sorted(path.stem for path in HERE.glob("*.xml")))
def test_a_bank_as_moodle_writes_it_imports_as_expected(bank: str) -> None:
    """Banks written as Moodle's own export writes them (question/format/xml/format.php: CDATA texts,
    category first, fractions in percent, a Cloze question as type "cloze" with its codes in the text,
    qtype_ordering's answers in order with their place as fraction, multilang spans and {mlang} blocks),
    beside what the reader must make of them (<bank>.expected.yaml)."""
    path = HERE / f"{bank}.xml"
    read = MoodleXmlReader.read(BankRequest(path, path.name, "collectives", "en"))
    expected = yaml.safe_load((HERE / f"{bank}.expected.yaml").read_text(encoding="utf-8"))
    assert summary(read) == expected


def _as_quiz_file(bank: ImportedBank, folder: Path) -> Path:
    """The imported quiz written as a quiz file (its questions, and its drafts with their to-dos, as
    quiz YAML), for content validation to judge."""
    questions = [question_mapping(question, {}) for question in bank.quiz.questions]
    questions += [dict(issue.draft) for issue in bank.issues if issue.draft is not None]
    data = {
        "id": bank.quiz.id,
        "level": bank.quiz.level.value,
        "title": bank.quiz.title.source,
        "description": bank.quiz.description.source,
        "draft": True,
        "questions": questions,
    }
    path = folder / f"{bank.quiz.id}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("bank", sorted(path.stem for path in HERE.glob("*.xml")))
def test_what_a_bank_gives_is_valid_quiz_content(bank: str, tmp_path: Path) -> None:
    """Every imported question, and every draft, is a question the quiz schema and rules accept: the
    only diagnostics are the drafts' to-dos (warnings in a draft quiz)."""
    path = HERE / f"{bank}.xml"
    read = MoodleXmlReader.read(BankRequest(path, path.name, "collectives", "en"))
    result = validate_paths([_as_quiz_file(read, tmp_path)])
    drafts = [issue.draft for issue in read.issues if issue.draft is not None]
    todos = sum(json.dumps(draft).count('"todo":') for draft in drafts)
    codes = sorted(diagnostic.code for diagnostic in result.diagnostics)
    # Each to-do of a draft is reported, and a draft quiz leaves it out of the catalog until it is done.
    assert todos >= len(drafts)
    assert codes == ["draft-question-left-out"] * len(drafts) + ["todo"] * todos


def test_the_multilang_export_is_valid_quiz_content(project: Path, tmp_path: Path) -> None:
    bank = _read(project / "dist/moodle/every-type/multilang.xml")
    result = validate_paths([_as_quiz_file(bank, tmp_path)])
    assert [str(diagnostic) for diagnostic in result.diagnostics] == []


@pytest.mark.parametrize(
    ("name", "head", "detected"),
    [
        ("moodle-export.xml", (HERE / "moodle-export.xml").read_bytes()[:512], True),
        ("bom.xml", b'\xef\xbb\xbf<?xml version="1.0"?>\n<!-- question: 0 -->\n<quiz>\n', True),
        ("bare.xml", b"<quiz>\n  <question type='truefalse'>", True),
        ("qti.xml", b'<?xml version="1.0"?>\n<questestinterop>', False),
        ("quizzes.xml", b'<?xml version="1.0"?>\n<quizzes>', False),
        ("bank.gift", b"::Q1:: 2+2 {=4}", False),
        ("folder", b"", False),
    ],
)
def test_detects_moodle_xml_by_its_root_element(name: str, head: bytes, detected: bool) -> None:
    assert MoodleXmlReader.detects(Path(name), head) is detected


SCORING_QUIZ = """\
id: scoring
level: beginner
title: Scoring
description: Multiple choice as Moodle scores it.
questions:
  - id: even
    type: multiple_choice
    prompt: Which two are collectives?
    options:
      - {id: all-reduce, text: All-reduce}
      - {id: broadcast, text: Broadcast}
      - {id: checkpoint, text: Checkpoint}
      - {id: profile, text: Profile}
    correct: [all-reduce, broadcast]
    partial_credit: true
    explanation: All-reduce and broadcast involve every GPU.
  - id: uneven
    type: multiple_choice
    prompt: Which two split the model?
    options:
      - {id: tensor, text: Tensor parallelism}
      - {id: pipeline, text: Pipeline parallelism}
      - {id: data, text: Data parallelism}
    correct: [tensor, pipeline]
    partial_credit: true
    explanation: Tensor and pipeline parallelism split the model.
  - id: all-or-nothing
    type: multiple_choice
    prompt: Which two run on GPUs?
    options:
      - {id: nccl, text: NCCL}
      - {id: cuda, text: CUDA}
      - {id: gloo, text: Gloo on CPUs}
      - {id: mpi, text: MPI on CPUs}
    correct: [nccl, cuda]
    explanation: NCCL and CUDA run on GPUs.
"""


def test_multiple_choice_scoring_comes_back_as_moodle_scores_it(tmp_path: Path) -> None:
    """quizkit's Moodle export gives correct options +100/R and wrong ones -100/W
    (toolkit/exporters/lms/moodle.py): read back, that is partial credit. Where W differs from R, Moodle
    takes another share off per wrong option than the reference grader does, and the reader says so;
    all-or-nothing, which Moodle's multichoice cannot express, comes back as partial credit."""
    root = fixture_project(tmp_path, {"scoring": SCORING_QUIZ})
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "-f", "moodle")
    assert result.returncode == 0, result.stdout + result.stderr
    path = root / "dist/moodle/scoring/en.xml"
    bank = MoodleXmlReader.read(BankRequest(path, "en.xml", "scoring", "en"))
    scoring = [
        (question.id, question.correct, question.partial_credit)
        for question in bank.quiz.questions
        if isinstance(question, ChoiceQuestion)
    ]
    assert scoring == [
        ("even", ("a", "b"), True),
        ("uneven", ("a", "b"), True),
        ("all-or-nothing", ("a", "b"), True),
    ]
    assert [(issue.question, issue.reason) for issue in bank.issues] == [
        (
            "uneven",
            "Moodle takes 100 % off for each wrong option ticked (a 50 %, b 50 %, c -100 %); quizkit's partial "
            "credit takes 1/2 of the marks off for each (as its reference grader defines it), so a response "
            "with wrong options ticked scores differently; imported with partial credit",
        )
    ]


WRONG_WORTH_NOTHING = """\
<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>free-wrong</text></name>
    <questiontext format="html"><text>Which one is a collective?</text></questiontext>
    <generalfeedback format="html"><text>All-reduce involves every GPU.</text></generalfeedback>
    <single>false</single>
    <answer fraction="100"><text>All-reduce</text></answer>
    <answer fraction="0"><text>Checkpoint</text></answer>
    <answer fraction="0"><text>Profile</text></answer>
  </question>
</quiz>
"""


def test_multiple_answers_whose_wrong_options_cost_nothing_are_a_draft(tmp_path: Path) -> None:
    """docs/importing.md (Moodle XML, Kinds): Moodle adds up the fractions of the options ticked
    (qtype_multichoice_multi_question::grade_response in question/type/multichoice/question.php), so with
    wrong options worth 0 ticking every option earns full marks; quizkit's partial credit takes a share
    off for each wrong one, so the question is a draft, not partial credit."""
    path = tmp_path / "bank.xml"
    path.write_text(WRONG_WORTH_NOTHING, encoding="utf-8")
    bank = MoodleXmlReader.read(BankRequest(path, "bank.xml", "bank", "en"))
    assert bank.quiz.questions == ()
    [issue] = bank.issues
    assert issue.draft is not None
    assert issue.draft["correct"] == {
        "todo": "Moodle grades the options a 100 %, b 0 %, c 0 %, which quizkit's multiple choice cannot (each "
        "correct option is worth the same, each wrong one takes as much off): replace this mapping with the "
        "correct option ids, e.g. [a], and check partial_credit"
    }


TEX_BANK = r"""<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="truefalse">
    <name><text>plain</text></name>
    <questiontext format="plain_text"><text>Is \(\frac{1}{2}\) of $4 equal to \[x^{2}\] at x = $$\sqrt{2}$$?</text></questiontext>
    <generalfeedback format="plain_text"><text>A $x$ pair of dollars, and \(\nosuchcommand\).</text></generalfeedback>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
  <question type="truefalse">
    <name><text>html</text></name>
    <questiontext format="html"><text><![CDATA[<p>Is <span>\(\frac{1}{2}\)</span> of $4 equal to $$x^{2}$$?</p>]]></text></questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>It costs $5 and $10.</p>]]></text></generalfeedback>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
</quiz>
"""


def test_tex_between_moodles_delimiters_becomes_formulas_in_every_text_format(tmp_path: Path) -> None:
    r"""Moodle's MathJax filter reads \(…\) inline and \[…\], $$…$$ display in every text format
    (wrap_math_in_nolink in filter/mathjaxloader/classes/text_filter.php): they become the quiz text's
    $…$ and $$…$$. A dollar of the text stays a dollar, written \$ only where it would otherwise open a
    formula; TeX quizkit cannot render stays text and is reported."""
    path = tmp_path / "bank.xml"
    path.write_text(TEX_BANK, encoding="utf-8")
    bank = MoodleXmlReader.read(BankRequest(path, "bank.xml", "bank", "en"))
    plain, html = bank.quiz.questions
    assert plain.prompt.source == r"Is $\frac{1}{2}$ of $4 equal to $$x^{2}$$ at x = $$\sqrt{2}$$?"
    assert plain.explanation.source == r"A \$x\$ pair of dollars, and \(\nosuchcommand\)."
    assert html.prompt.source == r"Is $\frac{1}{2}$ of $4 equal to $$x^{2}$$?"
    assert html.explanation.source == "It costs $5 and $10."
    assert [(issue.question, issue.reason) for issue in bank.issues] == [
        (
            "plain",
            "its texts hold math (TeX), which a quiz text cannot: their words were kept, the rest left out",
        )
    ]


def test_a_file_larger_than_any_bank_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.xml"
    with path.open("wb") as handle:  # sparse: no disk is used, and the reader must not read it
        handle.truncate(MAX_BANK_BYTES + 1)
    with pytest.raises(BankError) as raised:
        MoodleXmlReader.read(BankRequest(path, "huge.xml", "bank", "en"))
    assert str(raised.value) == (
        "huge.xml: the file is 67,108,865 bytes, more than any Moodle bank (67,108,864 at most); export the "
        "questions in smaller categories"
    )


def test_a_folder_or_a_device_is_refused(tmp_path: Path) -> None:
    for path, kind in ((tmp_path, "a folder"), (Path("/dev/zero"), "a device")):
        with pytest.raises(BankError) as raised:
            MoodleXmlReader.read(BankRequest(path, "bank.xml", "bank", "en"))
        assert (
            str(raised.value)
            == f"bank.xml: cannot be read: {kind}, not a regular file; quizkit reads only regular files"
        )


def test_a_question_the_export_fell_back_on_brings_no_translation(tmp_path: Path) -> None:
    """With one question untranslated in Urdu, quizkit's export writes it in English in ur.xml and in the
    ur spans of multilang.xml; read back, that English must not pass for a finished Urdu translation,
    while the other questions keep theirs."""
    root = fixture_project(tmp_path, {"every-type": EVERY_TYPE_QUIZ.read_text("utf-8")})
    assert run_quizkit_in_process(root, "update").returncode == 0
    partial = {key: text for key, text in URDU.items() if ".gpu-holds." not in key}
    translate(root / "locales/ur/LC_MESSAGES/every-type.po", partial)
    result = run_quizkit_in_process(root, "export", "-f", "moodle")
    assert result.returncode == 0, result.stdout + result.stderr
    folder = root / "dist/moodle/every-type"
    for bank in (_read(folder / "multilang.xml"), _read(folder / "en.xml", {"ur": folder / "ur.xml"})):
        untranslated = bank.quiz.question("gpu-holds")
        assert [text.imported for _key, text in untranslated.keyed_texts()] == [()] * 4
        assert dict(bank.quiz.question("overlap-true").prompt.imported) == {
            "ur": URDU["every-type.questions.overlap-true.prompt"]
        }
        assert (
            "gpu-holds: its ur texts are the source's (an export that fell back to the source language writes "
            "them so): not imported as translations"
        ) in bank.notes


def test_files_of_two_languages_that_do_not_align_are_refused(project: Path, tmp_path: Path) -> None:
    folder = project / "dist/moodle/every-type"
    other = HERE / "moodle-edge-cases.xml"
    with pytest.raises(BankError) as raised:
        _read(folder / "en.xml", {"ur": other})
    assert str(raised.value) == (
        f"{other}:20: question tf-feedback is true_false, but question gpu-holds at the same place in en.xml is "
        "single_choice: the files must hold the same questions in the same order"
    )
    shorter = tmp_path / "ur.xml"
    ur = (folder / "ur.xml").read_text(encoding="utf-8")
    shorter.write_text(ur[: ur.rindex('  <question type="essay">')] + "</quiz>\n", encoding="utf-8")
    with pytest.raises(BankError) as raised:
        _read(folder / "en.xml", {"ur": shorter})
    assert str(raised.value) == (
        f"{shorter}: has 7 questions that quizkit can import, the source file en.xml has 8: the files must "
        "hold the same questions in the same order (export them from the same category)"
    )


def test_the_reader_is_registered_as_a_plugin_would_be() -> None:
    from importlib.metadata import entry_points

    (entry,) = [entry for entry in entry_points(group="quizkit.importers") if entry.name == "moodle"]
    assert entry.load() is MoodleXmlReader
    assert MoodleXmlReader.name == "moodle"


@pytest.mark.parametrize("source_locale", ["EN", "en-US", "En_gb"])
def test_the_source_spans_are_found_whatever_the_case_or_region_of_the_source_locale(
    source_locale: str,
) -> None:
    """Moodle's multilang spans in the source's language are the source whatever the source locale's case
    or region (``--source-locale EN``): the reader compared ``en`` with ``EN`` as written, and took the
    English spans for an ``en`` translation of a bank with no source text."""
    bank = HERE / "multilang-bank.xml"
    expected = MoodleXmlReader.read(BankRequest(bank, bank.name, "bank", "en"))
    found = MoodleXmlReader.read(BankRequest(bank, bank.name, "bank", source_locale))
    assert expected.locales == ("ar", "ur")
    assert (found.quiz, found.locales, found.issues) == (expected.quiz, expected.locales, expected.issues)
