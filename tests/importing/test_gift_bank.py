"""GIFT files as Moodle writes them and people type them, read into the content model.

Data-driven: each ``gift/<name>.txt`` is read with the files ``gift/<name>.<locale>.txt`` beside it as
its other languages, and what it becomes (questions as quiz YAML, issues, notes, languages) must equal
``gift/<name>.expected.yaml``. Each ``gift/bad/<name>.txt`` must be refused with the message in
``gift/bad/<name>.message`` (with ``gift/bad/<name>.<locale>.txt`` as its other languages).
Regenerate the expected files with ``QUIZKIT_UPDATE_GOLDEN=1`` after an intended change, and read the diff.

``moodle-export.txt`` follows what Moodle's exporter writes (qformat_gift::writequestion in
question/format/gift/format.php, public/question/format/gift/format.php in Moodle 5; the ordering form
of qtype_ordering::export_to_gift in question/type/ordering/questiontype.php): a ``// question: id
name: …`` comment and ``[id:…] [tag:…]`` line before each question, ``[html]`` texts with
``repchar``'s escapes (``\\=`` inside attributes, ``\\:``), ``=%100%answer#feedback`` short answers,
``{#`` numerical answers written ``answer:tolerance`` unescaped, ``~#feedback`` for any other number,
``= -> extra`` distractors, ``{TRUE#wrong#right####general}``, and multilang spans in both syntaxes.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from toolkit.importing.bank import BankError, BankRequest, ImportedBank
from toolkit.importing.gift_bank import GiftReader
from toolkit.importing.gift_syntax import MAX_GIFT_BYTES
from toolkit.importing.question_drafts import draft_mapping

FIXTURES = Path(__file__).parent / "gift"
QUIZ_SCHEMA = Draft202012Validator(
    json.loads(
        (Path(__file__).resolve().parents[2] / "schema" / "quiz.schema.json").read_text(encoding="utf-8")
    )
)
BANKS = sorted(path for path in FIXTURES.glob("*.txt") if path.stem.count(".") == 0)
BAD = sorted(path for path in (FIXTURES / "bad").glob("*.txt") if path.stem.count(".") == 0)


def request(path: Path, quiz_id: str = "bank") -> BankRequest:
    translations = {
        other.stem.split(".")[1]: other for other in sorted(path.parent.glob(f"{path.stem}.*.txt"))
    }
    return BankRequest(path, path.name, quiz_id, "en", translations)


def summary(bank: ImportedBank) -> dict[str, object]:
    return {
        "locales": list(bank.locales),
        "questions": [draft_mapping(question, {}) for question in bank.quiz.questions],
        "issues": [
            {"line": issue.line, "question": issue.question, "reason": issue.reason}
            | ({"draft": dict(issue.draft)} if issue.draft is not None else {})
            for issue in bank.issues
        ],
        "notes": list(bank.notes),
    }


@pytest.mark.parametrize("path", BANKS, ids=lambda path: path.stem)
def test_a_bank_reads_as_expected(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(path.parent)
    found = summary(GiftReader.read(request(Path(path.name))))
    expected_path = path.with_suffix(".expected.yaml")
    if os.environ.get("QUIZKIT_UPDATE_GOLDEN"):
        expected_path.write_text(
            yaml.safe_dump(found, allow_unicode=True, sort_keys=False, width=110), encoding="utf-8"
        )
    assert found == yaml.safe_load(expected_path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", BANKS, ids=lambda path: path.stem)
def test_every_question_and_draft_is_valid_quiz_yaml(path: Path) -> None:
    """What the import writes of a bank (its questions, and its drafts with their to-dos) is what the
    quiz schema allows: a draft's to-do beside its text, translations as imported ones."""
    bank = GiftReader.read(request(path))
    questions = [draft_mapping(question, {}) for question in bank.quiz.questions]
    drafts = [dict(issue.draft) for issue in bank.issues if issue.draft is not None]
    document = {
        "id": "bank",
        "level": "beginner",
        "title": "T",
        "description": "D",
        "questions": questions + drafts,
    }
    assert [error.message for error in QUIZ_SCHEMA.iter_errors(document)] == []


@pytest.mark.parametrize("path", BAD, ids=lambda path: path.stem)
def test_a_bad_bank_is_refused_with_its_place(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Messages name a file given with --locale relative to the working folder, as every command does.
    monkeypatch.chdir(path.parent)
    with pytest.raises(BankError) as raised:
        GiftReader.read(request(Path(path.name)))
    assert str(raised.value) == path.with_suffix(".message").read_text(encoding="utf-8").strip()


def test_a_file_larger_than_any_bank_is_refused_before_it_is_read(tmp_path: Path) -> None:
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as handle:
        handle.truncate(MAX_GIFT_BYTES + 1)  # sparse: no disk used
    with pytest.raises(BankError) as raised:
        GiftReader.read(request(huge))
    assert str(raised.value) == (
        f"huge.txt: is {MAX_GIFT_BYTES + 1:,} bytes; GIFT files are limited to {MAX_GIFT_BYTES:,} bytes: split "
        "the bank into several files"
    )


@pytest.mark.parametrize(
    ("head", "is_gift"),
    [
        (b"::q1::What?{=yes ~no}", True),
        (b"// comment\n$CATEGORY: $course$/top/x\n", True),
        (b"\xef\xbb\xbfWho is buried in Grant's tomb?{~Grant =no one}", True),
        (b"Grant is buried there.{FALSE}", True),
        (b"What?\n{\n\t=yes\n\t~no\n}", True),
        (b'<?xml version="1.0"?><quiz><question type="multichoice">{=a ~b}</question></quiz>', False),
        (b"What is 2+2?\nA. 3\nB. 4\nANSWER: B\n", False),
        (b"<!doctype html><html>{=a ~b}</html>", False),
    ],
)
def test_gift_is_told_from_the_other_formats_by_its_first_bytes(head: bytes, is_gift: bool) -> None:
    assert GiftReader.detects(Path("bank.txt"), head) is is_gift


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_a_bank_saved_with_a_byte_order_mark_reads_as_its_utf8_twin(encoding: str, tmp_path: Path) -> None:
    """Windows editors save UTF-8 with a byte-order mark, and "Unicode" as UTF-16 with one."""
    text = (FIXTURES / "typed-by-hand.txt").read_text(encoding="utf-8")
    plain, marked = tmp_path / "plain.txt", tmp_path / "marked.txt"
    plain.write_bytes(text.encode("utf-8"))
    marked.write_bytes(text.encode(encoding))
    assert marked.read_bytes()[:2] in (b"\xef\xbb", b"\xff\xfe", b"\xfe\xff")
    read = [GiftReader.read(BankRequest(path, "bank.txt", "bank", "en")) for path in (marked, plain)]
    assert read[0] == read[1]


def test_an_answer_every_language_file_lists_alike_is_the_same_in_every_locale(tmp_path: Path) -> None:
    """A short answer whose files (one per language) all accept the English, Urdu and Arabic words: each
    is accepted in every language (``translate: false``), not taken as its own translation, which put the
    Urdu word in the Arabic catalog, whose checks refuse it, so that every export was blocked."""
    from support import fixture_project, run_quizkit_in_process

    project = fixture_project(tmp_path / "project", {})
    assert run_quizkit_in_process(project, "add-locale", "ar").returncode == 0
    question = "::name-collective::{} {{=all-reduce =آل ریڈیوس =الاختزال الشامل ####{}}}\n"
    files = {
        "en.txt": question.format("Which collective averages gradients?", "An all-reduce sums them."),
        "ur.txt": question.format("کون سا کلیکٹو اوسط نکالتا ہے؟", "آل ریڈیوس انہیں جمع کرتا ہے۔"),
        "ar.txt": question.format("ما العملية التي تحسب المتوسط؟", "الاختزال الشامل يجمعها."),
    }
    for name, text in files.items():
        (project / name).write_text(text, encoding="utf-8")
    arguments = ["en.txt", "--quiz", "q", "--locale", "ur", "ur.txt", "--locale", "ar", "ar.txt"]
    imported = run_quizkit_in_process(project, "import", *arguments)
    assert imported.returncode == 0, imported.stdout + imported.stderr
    quiz = yaml.safe_load((project / "content/q.yaml").read_text(encoding="utf-8"))
    assert [answer.get("translate") for answer in quiz["questions"][0]["answers"]] == [False] * 3
    exported = run_quizkit_in_process(project, "export", "-f", "json")
    assert exported.returncode == 0, exported.stdout + exported.stderr
    arabic = json.loads((project / "dist/json/q/ar.json").read_text(encoding="utf-8"))["questions"][0]
    assert arabic["prompt"] == "ما العملية التي تحسب المتوسط؟"
    assert [answer["accepted"] for answer in arabic["answers"]] == [
        ["all-reduce"],
        ["آل ریڈیوس"],
        ["الاختزال الشامل"],
    ]


def test_a_text_only_in_a_source_span_is_no_other_languages_text(tmp_path: Path) -> None:
    """An answer in an ``en`` span only is the English's alone (Moodle's multilang filter shows it to no
    other language), not text outside every span: it gets no Urdu translation, so the import reports it
    and leaves it untranslated (docs/importing.md); ``50``, outside every span, is every language's."""
    bank = tmp_path / "bank.txt"
    spans = '<span lang\\="{}" class\\="multilang">{}</span>'.format  # "=" escaped, as Moodle writes it
    bank.write_text(
        f"::percent::[html]{spans('en', 'Whole?')}{spans('ur', 'پورا؟')}"
        f"{{={spans('en', 'Hundred')} ~50 ####{spans('en', 'All of it.')}{spans('ur', 'سارا۔')}}}\n",
        encoding="utf-8",
    )
    (question,) = GiftReader.read(request(bank)).quiz.questions
    assert [(text.source, text.imported) for text in question.texts()] == [
        ("Whole?", (("ur", "پورا؟"),)),
        ("Hundred", ()),
        ("50", (("ur", "50"),)),
        ("All of it.", (("ur", "سارا۔"),)),
    ]


def test_a_translation_file_that_differs_from_the_spans_is_a_conflict_not_an_overwrite(
    tmp_path: Path,
) -> None:
    """Review: where the spans and a ``--locale`` file both translate a text, the file's silently replaced
    the spans' (a dict); now both reach the import, which keeps the spans' and reports the file's."""
    from toolkit.importing.bank_languages import settled_languages

    spans = '<span lang\\="{}" class\\="multilang">{}</span>'.format
    bank = tmp_path / "bank.txt"
    bank.write_text(
        f"::one::[html]{spans('en', 'Is water wet?')}{spans('ur', 'کیا پانی گیلا ہے؟')}{{T ####Yes.}}\n",
        encoding="utf-8",
    )
    (tmp_path / "bank.ur.txt").write_text("::one:: کیا پانی تر ہے؟ {T ####جی ہاں۔}\n", encoding="utf-8")
    settled = settled_languages(GiftReader.read(request(bank)), "en", ("ur",))
    (question,) = settled.quiz.questions
    assert question.prompt.imported == (("ur", "کیا پانی گیلا ہے؟"),)
    assert [issue.reason for issue in settled.issues if "two different" in issue.reason] == [
        "bank.questions.one.prompt has two different ur translations in the bank: 'کیا پانی گیلا ہے؟' (written "
        "as ur), kept, and 'کیا پانی تر ہے؟' (written as ur), left out; if the one left out is right, put it "
        "in the ur catalog"
    ]


def test_two_spans_of_one_language_side_by_side_keep_the_last_and_report_the_other(tmp_path: Path) -> None:
    """Moodle's filter shows a learner the last of two spans of their language side by side
    (filter/multilang/filter.php, filter_multilang_impl); before, both were joined ('Z؟Y؟') with no
    issue."""
    bank = tmp_path / "bank.txt"
    spans = '<span lang\\="{}" class\\="multilang">{}</span>'.format
    bank.write_text(
        f"::twice::[html]{spans('en', 'One?')}{spans('UR', 'Z؟')}{spans('ur', 'Y؟')}"
        f"{{=1 ~2 ####{spans('en', 'One.')}{spans('ur', 'ایک۔')}}}\n",
        encoding="utf-8",
    )
    imported = GiftReader.read(request(bank))
    (question,) = imported.quiz.questions
    assert (question.prompt.source, question.prompt.imported) == ("One?", (("ur", "Y؟"),))
    assert [(issue.line, issue.reason) for issue in imported.issues] == [
        (
            1,
            "prompt holds two ur multilang spans side by side, of which Moodle's filter shows only the "
            "last: 'Y؟' was imported, 'Z؟' left out",
        )
    ]


@pytest.mark.parametrize("source_locale", ["EN", "en-GB", "En_us"])
def test_the_source_spans_are_found_whatever_the_case_or_region_of_the_source_locale(
    source_locale: str,
) -> None:
    """GIFT's multilang spans in the source's language are the source, by primary subtag and case aside
    (toolkit.text.locale_packs.same_language), as Moodle's filter shows ``en`` to an ``en_us`` learner."""
    path = FIXTURES / "moodle-export.txt"
    expected = GiftReader.read(BankRequest(path, path.name, "bank", "en"))
    found = GiftReader.read(BankRequest(path, path.name, "bank", source_locale))
    assert expected.locales == ("ar", "ur")
    assert (found.quiz, found.locales, found.issues) == (expected.quiz, expected.locales, expected.issues)


def test_a_source_span_in_another_spelling_is_the_source_not_the_other_languages_text(
    tmp_path: Path,
) -> None:
    """In an ``en_GB`` project an ``{mlang en}`` block is the source and ``{mlang other}`` every other
    language's, as the Moodle XML reader and Moodle's filter take them: the reader took other's first."""
    path = tmp_path / "bank.txt"
    path.write_text(
        "::dns::\\{mlang other\\}Texte\\{mlang\\}\\{mlang en\\}DNS resolves names.\\{mlang\\}{T####It does.}\n",
        encoding="utf-8",
    )
    bank = GiftReader.read(BankRequest(path, path.name, "bank", "en_GB"))
    assert bank.quiz.questions[0].prompt.source == "DNS resolves names."


def test_tex_in_a_plain_gift_text_becomes_formulas_and_dollars_stay_dollars(tmp_path: Path) -> None:
    r"""Moodle's filters read TeX in a GIFT question of any format: \(…\) is an inline formula, $$…$$ a
    display one (wrap_math_in_nolink in filter/mathjaxloader/classes/text_filter.php); GIFT escapes only
    ~=#{}: so \( reaches the reader as written. A dollar of the text is escaped only where it would
    otherwise open a formula."""
    bank = tmp_path / "bank.txt"
    bank.write_text(
        "::ring::Each GPU sends \\(\\frac\\{2(N-1)\\}\\{N\\}\\) of it, at $5 a GB: $$x^\\{2\\}$$?"
        "{T####A $x$ pair of dollars.}\n",
        encoding="utf-8",
    )
    (question,) = GiftReader.read(request(bank)).quiz.questions
    assert [text.source for text in question.texts()] == [
        "Each GPU sends $\\frac{2(N-1)}{N}$ of it, at $5 a GB: $$x^{2}$$?",
        "A \\$x\\$ pair of dollars.",
    ]
