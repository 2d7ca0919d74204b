"""Writing an imported bank (toolkit/importing/bank_writing.py): the quiz YAML reads back to the same
model for every kind, and each language of the bank becomes a catalog as ``quizkit update`` makes it,
its translations translated (not fuzzy), not approved, and marked with the bank file."""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from support import EVERY_TYPE_QUIZ, every_type_urdu, fixture_project, run_quizkit_in_process

from toolkit.config import load_config
from toolkit.content.validation import validate_file, validate_paths
from toolkit.gettext.po_reader import read_po
from toolkit.gettext.review import approvals
from toolkit.importing.bank import ImportedBank, ImportIssue
from toolkit.importing.bank_writing import (
    BankWriteError,
    plan_bank_import,
    quiz_yaml,
    write_bank_import,
)
from toolkit.importing.plan import ImportConflictError
from toolkit.importing.quiz_size import least_yaml_bytes
from toolkit.model import (
    AcceptedAnswer,
    ChoiceQuestion,
    NumericQuestion,
    Option,
    Origin,
    QuestionType,
    Quiz,
    ShortAnswerQuestion,
    Text,
    with_texts,
)
from toolkit.text.characters import has_visible_character

BANK = "banks/every-type.xml"


def every_type() -> Quiz:
    diagnostics, model = validate_file(EVERY_TYPE_QUIZ)
    assert isinstance(model, Quiz), diagnostics
    return model


def with_imported(quiz: Quiz, translations: dict[str, dict[str, str]]) -> Quiz:
    """``quiz`` as a reader gives it: each text with its translations (locale → key → text)."""

    def mapped(value: Any) -> Any:
        if isinstance(value, Text):
            found = tuple(
                (locale, by_key[value.key]) for locale, by_key in translations.items() if value.key in by_key
            )
            return replace(value, imported=found)
        if isinstance(value, tuple):
            return tuple(mapped(part) for part in value)
        if is_dataclass(value) and not isinstance(value, type):
            return replace(value, **{each.name: mapped(getattr(value, each.name)) for each in fields(value)})
        return value

    rebuilt: Quiz = mapped(quiz)
    return rebuilt


def comparable(quiz: Quiz) -> tuple[object, ...]:
    """What must survive the round trip: every key with its source text and note, and every question's
    fields (kinds, answers, grades, shuffle, partial credit) with its texts."""
    texts = [(text.key, text.source, text.note) for text in quiz.texts()]
    keyed = [list(question.keyed_texts()) for question in quiz.questions]
    questions = [with_texts(question, lambda text: text.source) for question in quiz.questions]
    return (quiz.id, quiz.level, quiz.shuffle, texts, [[key for key, _ in each] for each in keyed], questions)


def loaded(path: Path) -> Quiz:
    diagnostics, model = validate_file(path)
    assert isinstance(model, Quiz), [str(each) for each in diagnostics]
    return model


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = fixture_project(tmp_path / "project", {})
    (root / "quizkit.toml").write_text(
        'source-locale = "en"\ntarget-locales = ["ur", "ar"]\n', encoding="utf-8"
    )
    monkeypatch.chdir(root)
    return root


def test_every_kind_reads_back_as_the_same_model_and_the_urdu_becomes_a_translated_catalog(
    project: Path,
) -> None:
    original = every_type()
    urdu = every_type_urdu()
    bank = ImportedBank(with_imported(original, {"ur": urdu}), "en", ("ur",))
    plan = plan_bank_import(load_config(project), bank, BANK)
    written = write_bank_import(plan)

    quiz_file = project / "content" / "every-type.yaml"
    catalog_file = project / "locales" / "ur" / "LC_MESSAGES" / "every-type.po"
    # The template and a catalog for every target locale, as quizkit update writes them.
    assert written == [
        quiz_file,
        project / "locales" / "every-type.pot",
        project / "locales" / "ar" / "LC_MESSAGES" / "every-type.po",
        catalog_file,
    ]
    assert comparable(loaded(quiz_file)) == comparable(original)
    assert validate_paths([project / "content"]).error_count == 0

    catalog = read_po(catalog_file.read_bytes(), str(catalog_file))
    entries = {entry.context: entry for entry in catalog.entries}
    translatable = {text.key for text in original.texts()}
    assert set(entries) == translatable
    for key in translatable:
        entry = entries[key]
        assert entry.msgstr == urdu[key], key
        assert not entry.is_fuzzy, key
        assert entry.translator_comments == (
            "Imported from banks/every-type.xml; translated there, not reviewed in quizkit.",
        ), key
        assert approvals(entry) == [], key
    assert catalog.header.get("Language") == "ur"
    assert catalog.header.get("Last-Translator") == "Automatically generated"
    # Written as quizkit update writes it: an update right after changes nothing.
    written_catalog = catalog_file.read_bytes()
    updated = run_quizkit_in_process(project, "update")
    assert updated.returncode == 0, updated.stdout + updated.stderr
    assert catalog_file.read_bytes() == written_catalog


def test_a_language_the_project_does_not_translate_into_is_not_written(project: Path) -> None:
    original = every_type()
    title = original.title.key
    bank = ImportedBank(with_imported(original, {"fr": {title: "Chaque type"}}), "en", ("fr",))
    plan = plan_bank_import(load_config(project), bank, BANK)
    assert [(each.locale, each.catalog is None, each.skipped) for each in plan.locales] == [
        ("ar", False, None),
        ("fr", True, "not a target locale of this project: run quizkit add-locale fr, then import again"),
        ("ur", False, None),
    ]
    write_bank_import(plan)
    assert not (project / "locales" / "fr").exists()


def test_nothing_is_overwritten_without_force_and_a_translators_work_is_kept_with_it(project: Path) -> None:
    original = every_type()
    title = original.title.key
    bank = ImportedBank(with_imported(original, {"ur": {title: "ہر قسم"}}), "en", ("ur",))
    config = load_config(project)
    write_bank_import(plan_bank_import(config, bank, BANK))
    catalog_file = project / "locales" / "ur" / "LC_MESSAGES" / "every-type.po"
    catalog_file.write_text(
        catalog_file.read_text(encoding="utf-8").replace('msgstr "ہر قسم"', 'msgstr "سب اقسام"'),
        encoding="utf-8",
    )
    before = catalog_file.read_bytes()
    plan = plan_bank_import(config, bank, BANK)
    with pytest.raises(ImportConflictError) as refused:
        write_bank_import(plan)
    assert refused.value.path == project / "content" / "every-type.yaml"
    assert catalog_file.read_bytes() == before
    assert [(each.locale, each.kept) for each in plan.locales] == [("ar", 0), ("ur", 1)]
    write_bank_import(plan, force=True)
    entry = {each.context: each for each in read_po(catalog_file.read_bytes(), str(catalog_file)).entries}[
        title
    ]
    assert entry.msgstr == "سب اقسام"


def test_drafts_are_appended_with_their_todos_and_the_quiz_validates_as_a_draft(project: Path) -> None:
    original = every_type()
    draft = {
        "id": "q9",
        "type": "single_choice",
        "prompt": "What is 2 + {x}?",
        "options": [{"id": "a", "text": "3"}, {"id": "b", "text": "4"}],
        "correct": {"todo": "the bank's calculated question has no fixed answer: pick the correct option"},
        "explanation": {"todo": "write the explanation"},
    }
    issue = ImportIssue(BANK, 12, "Sum", "a calculated question", draft)
    bank = ImportedBank(original, "en", (), (issue,))
    write_bank_import(plan_bank_import(load_config(project), bank, BANK))
    quiz_file = project / "content" / "every-type.yaml"
    text = quiz_file.read_text(encoding="utf-8")
    assert "draft: true\n" in text
    assert "todo: 'the bank''s calculated question has no fixed answer: pick the correct option'" in text
    result = validate_paths([project / "content"])
    assert result.error_count == 0
    assert comparable(loaded(quiz_file)) == comparable(replace(original, draft=True))


def test_a_bank_with_no_question_is_refused(project: Path) -> None:
    bank = ImportedBank(replace(every_type(), questions=()), "en", ())
    with pytest.raises(BankWriteError) as refused:
        plan_bank_import(load_config(project), bank, BANK)
    assert str(refused.value) == (
        "banks/every-type.xml: no question could be imported (see the issues listed); nothing written"
    )


# Any text a bank may hold survives the YAML: line breaks, quotes, YAML's special words, numbers,
# leading marks, right-to-left scripts.
_AWKWARD = st.sampled_from(
    [
        "yes",
        "no",
        "null",
        "~",
        "true",
        "3.14",
        "1e3",
        "0x1F",
        "- item",
        "? key",
        "a: b",
        "#1",
        "@x",
        "`code`",
        "|",
        ">",
    ]
)
_TEXT = st.one_of(
    _AWKWARD,
    st.text(
        st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\ufeff\u2028\u2029\x85`{}")
        | st.sampled_from(["\n", "\t", " ", "'", '"', "\\", "ب", "ے"]),
        min_size=1,
        max_size=40,
    ),
).filter(has_visible_character)  # what the content rules ask of every text


@settings(max_examples=examples(60), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    prompt=_TEXT,
    option=_TEXT,
    answer=_TEXT,
    number=st.decimals(allow_nan=False, allow_infinity=False, places=3),
)
def test_any_text_and_number_read_back_unchanged(
    tmp_path: Path, prompt: str, option: str, answer: str, number: Decimal
) -> None:
    origin = Origin(BANK, 1)

    def text(key: str, source: str) -> Text:
        return Text(key, source, origin)

    quiz = Quiz(
        "awkward",
        every_type().level,
        text("awkward.title", option),
        text("awkward.description", prompt),
        (
            ChoiceQuestion(
                "q1",
                QuestionType.SINGLE_CHOICE,
                text("awkward.questions.q1.prompt", prompt),
                (
                    Option("a", text("awkward.questions.q1.options.a", option)),
                    Option("b", text("awkward.questions.q1.options.b", f"Not {answer}")),
                ),
                ("a",),
                text("awkward.questions.q1.explanation", answer),
            ),
            ShortAnswerQuestion(
                id="q2",
                prompt=text("awkward.questions.q2.prompt", prompt),
                answers=(
                    AcceptedAnswer("a", text("awkward.questions.q2.answers.a", answer), translate=False),
                ),
                explanation=text("awkward.questions.q2.explanation", option),
            ),
            NumericQuestion(
                id="q3",
                prompt=text("awkward.questions.q3.prompt", answer),
                answer=number,
                tolerance=abs(number) / 10,
                explanation=text("awkward.questions.q3.explanation", prompt),
            ),
        ),
        origin,
    )
    path = tmp_path / "content" / "awkward.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(quiz_yaml(quiz, BANK), encoding="utf-8")
    assert comparable(loaded(path)) == comparable(quiz)
    path.unlink()


def test_a_draft_whose_id_is_taken_gets_a_free_one_and_a_note(project: Path) -> None:
    original = every_type()
    draft = {
        "id": "gpu-holds",
        "type": "essay",
        "prompt": "Describe the drawing.",
        "explanation": {"todo": "the bank's question is a drawing: write it as text"},
    }
    bank = ImportedBank(original, "en", (), (ImportIssue(BANK, 40, "Drawing", "a drawing", draft),))
    plan = plan_bank_import(load_config(project), bank, BANK)
    assert plan.bank.notes == (
        "the draft of 'Drawing' is question q9: its id was taken",
        "every-type is a draft quiz (draft: true) while it has drafts, left out of every export: finish the "
        "to-dos of the draft (q9) or delete it, then remove draft: true; quizkit export --drafts exports it now "
        "with its 8 finished questions, without the drafts",
    )
    write_bank_import(plan)
    assert validate_paths([project / "content"]).error_count == 0


@pytest.mark.parametrize(
    ("description", "early"),
    [
        # Its texts alone are too many bytes: refused before the YAML is written, by that size.
        ("A long text. " * 90_000, True),
        # Its texts fit, its YAML (each line indented) does not: refused by the YAML's size.
        ("A line.\n" * 110_000, False),
    ],
    ids=["texts-too-large", "yaml-too-large"],
)
def test_a_bank_too_large_for_one_quiz_file_is_refused_with_what_to_do(
    project: Path, description: str, early: bool
) -> None:
    original = every_type()
    large = replace(original, description=replace(original.description, source=description))
    least = least_yaml_bytes(large)
    size = len(quiz_yaml(large, BANK).encode("utf-8"))
    assert least <= size and size > 1024 * 1024 and (least > 1024 * 1024) == early
    with pytest.raises(BankWriteError) as refused:
        plan_bank_import(load_config(project), ImportedBank(large, "en", ()), BANK)
    would_be = f"at least {least:,}" if early else f"{size:,}"
    assert str(refused.value) == (
        f"banks/every-type.xml is too large for one quiz: its quiz YAML would be {would_be} bytes, and quizkit "
        "reads quiz files of at most 1,048,576 bytes; nothing written. Split the bank and import each part "
        "as its own quiz (a GIFT or Moodle bank split into categories is imported as a quiz per category with "
        "--quiz-per-category)"
    )


# --- texts that look like numbers, booleans or null ------------------------------------------------------

NUMBER_LIKE = ("256", "1e3", "0x10", "yes", "null", "~", "0o17", "y")
"""Texts some YAML reader takes for something else: YAML 1.1's (PyYAML: 256, 0x10, yes, null, ~; y by the
spec) and YAML 1.2's core schema (1e3, 0o17: ruamel.yaml, and the yaml library of the editors' YAML
language server, which the quiz file's first line names)."""


def _number_like_bank() -> str:
    """A Moodle bank whose option texts and their Urdu translations are all number-like (each option's
    Urdu is the next option's English, so that no language reads as the source's own), once as a
    whole question and once as a draft (no general feedback), whose translations wait in the YAML."""

    def spans(english: str, urdu: str) -> str:
        return (
            f'<text><![CDATA[<span lang="en" class="multilang">{english}</span>'
            f'<span lang="ur" class="multilang">{urdu}</span>]]></text>'
        )

    def question(name: str, feedback: bool) -> str:
        options = "".join(
            f'<answer fraction="{100 if index == 0 else 0}" format="html">'
            f"{spans(text, NUMBER_LIKE[(index + 1) % len(NUMBER_LIKE)])}</answer>"
            for index, text in enumerate(NUMBER_LIKE)
        )
        general = (
            f'<generalfeedback format="html">{spans("1e3", "256")}</generalfeedback>' if feedback else ""
        )
        return (
            f'<question type="multichoice"><name><text>{name}</text></name>'
            f'<questiontext format="html">{spans("0x10", "null")}</questiontext>{general}'
            f"<single>true</single>{options}</question>"
        )

    return f'<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n{question("whole", True)}\n{question("draft", False)}\n</quiz>\n'


def test_number_like_texts_and_translations_round_trip_through_import_yaml_and_catalogs(
    tmp_path: Path,
) -> None:
    """import → YAML → load → catalogs keeps every number-like text as written: the source texts and
    the whole question's Urdu in the catalog, the draft's Urdu waiting in the YAML and taken in by
    ``quizkit update`` once the draft is finished. The YAML reads as the same texts in quizkit, in PyYAML
    (YAML 1.1) and in ruamel.yaml (YAML 1.2), where a plain 1e3 or 0o17 would be a number."""
    import polib
    import yaml
    from ruamel.yaml import YAML

    project = fixture_project(tmp_path / "project", {})
    (project / "bank.xml").write_text(_number_like_bank(), encoding="utf-8")
    result = run_quizkit_in_process(project, "import", "bank.xml", "--quiz", "q")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[0] == "bank.xml (moodle): 1 question imported, 1 draft"
    written = (project / "content/q.yaml").read_text(encoding="utf-8")
    expected_options = [
        {"id": option_id, "text": text} for option_id, text in zip("abcdefgh", NUMBER_LIKE, strict=True)
    ]
    for read in (yaml.safe_load(written), YAML(typ="safe", pure=True).load(written)):
        whole, draft = read["questions"]
        assert (whole["prompt"], whole["explanation"], whole["options"]) == ("0x10", "1e3", expected_options)
        assert draft["prompt"] == {
            "text": "0x10",
            "ur": {"text": "null", "from": "bank.xml", "source": "0x10"},
        }
        assert [option["text"] for option in draft["options"]] == [
            {
                "text": text,
                "ur": {
                    "text": NUMBER_LIKE[(index + 1) % len(NUMBER_LIKE)],
                    "from": "bank.xml",
                    "source": text,
                },
            }
            for index, text in enumerate(NUMBER_LIKE)
        ]
    urdu = {
        entry.msgctxt: entry.msgstr for entry in polib.pofile(str(project / "locales/ur/LC_MESSAGES/q.po"))
    }
    for index, option_id in enumerate("abcdefgh"):
        assert urdu[f"q.questions.whole.options.{option_id}"] == NUMBER_LIKE[(index + 1) % len(NUMBER_LIKE)]
    assert (urdu["q.questions.whole.prompt"], urdu["q.questions.whole.explanation"]) == ("null", "256")

    # The draft finished as a person would: its explanation written, draft: true removed.
    quiz = yaml.safe_load(written)
    del quiz["draft"]
    quiz["questions"][1]["explanation"] = "256"
    (project / "content/q.yaml").write_text(
        yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False), encoding="utf-8"
    )
    updated = run_quizkit_in_process(project, "update")
    assert updated.returncode == 0, updated.stdout + updated.stderr
    urdu = {
        entry.msgctxt: entry.msgstr for entry in polib.pofile(str(project / "locales/ur/LC_MESSAGES/q.po"))
    }
    assert urdu["q.questions.draft.prompt"] == "null"
    for index, option_id in enumerate("abcdefgh"):
        assert urdu[f"q.questions.draft.options.{option_id}"] == NUMBER_LIKE[(index + 1) % len(NUMBER_LIKE)]
