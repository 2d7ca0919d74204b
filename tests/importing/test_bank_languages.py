"""A bank's languages settled against the project's (toolkit/importing/bank_languages.py), through
``quizkit import``: one spelling per locale of the project, conflicting translations of one text reported,
and a text its question's other texts are translated past reported and left untranslated, never lost or
missing in silence."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import polib
import pytest
import yaml
from support import EVERY_TYPE_QUIZ, fixture_project, run_quizkit_in_process

from toolkit.content.validation import validate_file
from toolkit.importing.bank import ImportedBank, ImportIssue
from toolkit.importing.bank_languages import project_spelling, settled_languages
from toolkit.model import Quiz

IMPORTED_COMMENT = "Imported from {file}; translated there, not reviewed in quizkit."


@pytest.mark.parametrize(
    ("written", "project", "expected"),
    [
        # The same locale but for case, separator and Moodle 1.9's charset suffix.
        ("ur", ("en", "ur"), "ur"),
        ("UR", ("en", "ur"), "ur"),
        ("ur_utf8", ("en", "ur"), "ur"),
        ("ur-pk", ("en", "ur_PK"), "ur_PK"),
        ("pt_br_utf8", ("en", "pt_BR"), "pt_BR"),
        # A regional spelling is the project's bare language; a bare one the project's only locale of it.
        ("ur_PK", ("en", "ur"), "ur"),
        ("ur", ("en", "ur_PK"), "ur_PK"),
        ("en_US", ("en", "ur"), "en"),
        # The exact locale first; two regions of a language are not one locale.
        ("pt_BR", ("en", "pt", "pt_BR"), "pt_BR"),
        ("ur_IN", ("en", "ur_PK"), "ur_IN"),
        ("ur", ("en", "ur_PK", "ur_IN"), "ur"),
        # A script is another writing: never merged.
        ("sr_Latn", ("en", "sr"), "sr_Latn"),
        ("sr", ("en", "sr_Latn"), "sr"),
        # The script is the likely one where not written (CLDR's likely subtags): zh_CN is Hans, zh_TW Hant.
        ("zh_cn", ("en", "zh_Hans"), "zh_Hans"),
        ("zh", ("en", "zh_Hans", "zh_Hant"), "zh_Hans"),
        ("zh_TW", ("en", "zh_Hans"), "zh_TW"),
        ("zh_TW", ("en", "zh_Hans", "zh_Hant"), "zh_Hant"),
        ("sr_Latn_RS", ("en", "sr_Latn"), "sr_Latn"),
        ("sr_RS", ("en", "sr_Latn"), "sr_RS"),
        # No locale of the project: normalized, and reported as no target locale by the import.
        ("FA-ir", ("en", "ur"), "fa_IR"),
    ],
)
def test_the_projects_spelling_of_a_banks_locale(
    written: str, project: tuple[str, ...], expected: str
) -> None:
    assert project_spelling(written, project) == expected


def _spans(**by_language: str) -> str:
    spans = "".join(
        f'<span lang="{code}" class="multilang">{text}</span>' for code, text in by_language.items()
    )
    return f"<text><![CDATA[<p>{spans}</p>]]></text>"


def _question(name: str, prompt: str, feedback: str | None, *answers: tuple[int, str]) -> str:
    general = f'<generalfeedback format="html">{feedback}</generalfeedback>' if feedback is not None else ""
    options = "".join(
        f'<answer fraction="{fraction}" format="html">{text}</answer>' for fraction, text in answers
    )
    return (
        f'<question type="multichoice"><name><text>{name}</text></name>'
        f'<questiontext format="html">{prompt}</questiontext>{general}<single>true</single>{options}</question>'
    )


def _bank(*questions: str) -> str:
    # One question per line, so that each question's texts are on a line of their own.
    return '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n' + "\n".join(questions) + "\n</quiz>\n"


def _imported(tmp_path: Path, files: dict[str, str], locales: tuple[str, ...] = ()) -> Path:
    project = fixture_project(tmp_path / "project", {})
    for locale in locales:
        added = run_quizkit_in_process(project, "add-locale", locale)
        assert added.returncode == 0, added.stdout + added.stderr
    for name, text in files.items():
        (project / name).write_text(text, encoding="utf-8")
    return project


def _catalog(project: Path, locale: str) -> dict[str, str]:
    return {
        entry.msgctxt: entry.msgstr
        for entry in polib.pofile(str(project / f"locales/{locale}/LC_MESSAGES/q.po"))
        if not entry.obsolete
    }


# --- a text lacking one of its question's languages ------------------------------------------------------

PARTLY_ARABIC = _bank(
    _question(
        "port",
        _spans(
            en="Which port does HTTP use?",
            ur="HTTP کون سا پورٹ استعمال کرتا ہے؟",
            ar="ما المنفذ الذي يستخدمه HTTP؟",
        ),
        _spans(en="HTTP listens on port 80.", ur="HTTP پورٹ 80 پر سنتا ہے۔", ar="يستمع HTTP على المنفذ 80."),
        (100, "<text>80</text>"),
        (0, _spans(en="Port four four three", ur="پورٹ چار چار تین")),
    )
)


def test_a_text_lacking_a_language_of_its_question_is_reported_and_left_untranslated(tmp_path: Path) -> None:
    """The prompt, the feedback and the shared option 80 are in Arabic, one option only in English and
    Urdu: the report names that option, its line and the language; its Arabic entry stays untranslated
    (not the English, not the Urdu), and ``quizkit check`` lists it as not translated yet."""
    project = _imported(tmp_path, {"bank.xml": PARTLY_ARABIC}, locales=("ar",))
    result = run_quizkit_in_process(project, "import", "bank.xml", "--quiz", "q")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        "bank.xml (moodle): 1 question imported, 0 drafts",
        "1 issue",
        "  bank.xml:3: port: q.questions.port.options.b ('Port four four three') has no ar translation in the "
        "bank, which translates the question's other texts: it stays untranslated in the ar catalog, for a "
        "translator to translate there",
    ]
    arabic, urdu = _catalog(project, "ar"), _catalog(project, "ur")
    assert arabic["q.questions.port.options.b"] == ""
    assert arabic["q.questions.port.options.a"] == "80"
    assert arabic["q.questions.port.prompt"] == "ما المنفذ الذي يستخدمه HTTP؟"
    assert urdu["q.questions.port.options.b"] == "پورٹ چار چار تین"
    checked = run_quizkit_in_process(project, "check")
    assert "warning[untranslated]: not translated yet [q.questions.port.options.b]" in checked.stdout
    untranslated = [
        line for line in checked.stdout.splitlines() if "LC_MESSAGES/q.po" in line and "port" in line
    ]
    assert len(untranslated) == 1 and untranslated[0].startswith("locales/ar/LC_MESSAGES/q.po:"), (
        checked.stdout
    )


def test_a_question_never_translated_and_text_outside_spans_are_not_reported(tmp_path: Path) -> None:
    """Text outside every span is each language's (the option 80 above); a question with no spans at all
    was never translated into any language, which is no gap in one of its texts."""
    plain = _question(
        "plain",
        "<text>Which protocol is connectionless?</text>",
        "<text>UDP is.</text>",
        (100, "<text>UDP</text>"),
        (0, "<text>TCP</text>"),
    )
    whole = PARTLY_ARABIC.replace(
        _spans(en="Port four four three", ur="پورٹ چار چار تین"),
        _spans(en="Port four four three", ur="پورٹ چار چار تین", ar="المنفذ أربعة أربعة ثلاثة"),
    )
    bank = whole.replace("\n</quiz>", "\n" + plain + "\n</quiz>")
    project = _imported(tmp_path, {"bank.xml": bank}, locales=("ar",))
    result = run_quizkit_in_process(project, "import", "bank.xml", "--quiz", "q")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[:2] == ["bank.xml (moodle): 2 questions imported, 0 drafts", "0 issues"]


def test_a_drafts_text_lacking_a_language_of_its_question_is_reported(tmp_path: Path) -> None:
    """The same gap in a question kept as a draft (it has no general feedback): its translations wait in
    the YAML, the option's Arabic is missing there, and the report says so before the draft is finished."""
    draft = PARTLY_ARABIC.replace(
        '<generalfeedback format="html">'
        + _spans(en="HTTP listens on port 80.", ur="HTTP پورٹ 80 پر سنتا ہے۔", ar="يستمع HTTP على المنفذ 80.")
        + "</generalfeedback>",
        "",
    )
    assert draft != PARTLY_ARABIC
    project = _imported(tmp_path, {"bank.xml": draft}, locales=("ar",))
    result = run_quizkit_in_process(project, "import", "bank.xml", "--quiz", "q")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "bank.xml (moodle): 0 questions imported, 1 draft"
    assert (
        "  bank.xml:3: port: the draft's options[1].text ('Port four four three') has no ar translation in the "
        "bank, which translates the question's other texts: once the draft is finished it stays untranslated "
        "in the ar catalog, for a translator to translate there"
    ) in lines, result.stdout
    assert sum("has no ar translation" in line for line in lines) == 1, result.stdout


# --- two spellings of one locale -------------------------------------------------------------------------

SPELLINGS = _bank(
    _question(
        "one",
        _spans(en="One?", ur="ایک؟"),
        _spans(en="One.", ur="ایک۔"),
        (100, _spans(en="Yes", ur="ہاں")),
        (0, _spans(en="No", ur="نہیں")),
    ),
    _question(
        "two",
        _spans(en="Two?", **{"ur-PK": "دو؟"}),
        _spans(en="Two.", **{"ur-PK": "دو۔"}),
        (100, _spans(en="Right", **{"ur-PK": "درست"})),
        (0, _spans(en="Wrong", **{"ur-PK": "غلط"})),
    ),
    _question(
        "three",
        _spans(en="Three?", ur_utf8="تین؟"),
        _spans(en="Three.", ur_utf8="تین۔"),
        (100, _spans(en="True", ur_utf8="صحیح")),
        (0, _spans(en="False", ur_utf8="جھوٹ")),
    ),
)


def test_every_spelling_of_the_projects_locale_comes_into_its_catalog(tmp_path: Path) -> None:
    """``ur``, ``ur-PK`` and Moodle 1.9's ``ur_utf8`` are the project's ``ur``: every question's Urdu is in
    the ur catalog (before, one spelling's catalog replaced the others', and their Urdu was lost), and the
    report says which spellings were taken as ur."""
    project = _imported(tmp_path, {"bank.xml": SPELLINGS})
    result = run_quizkit_in_process(project, "import", "bank.xml", "--quiz", "q")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[1] == "0 issues"
    assert "note: the bank's ur_PK is the project's ur" in lines
    assert "ur: 12 translations into locales/ur/LC_MESSAGES/q.po" in lines
    assert not any(line.startswith("ur_PK") for line in lines), result.stdout
    urdu = _catalog(project, "ur")
    assert [urdu[f"q.questions.{name}.prompt"] for name in ("one", "two", "three")] == ["ایک؟", "دو؟", "تین؟"]
    assert urdu["q.questions.two.options.b"] == "غلط"
    assert urdu["q.questions.three.explanation"] == "تین۔"
    assert not (project / "locales/ur_PK").exists()


def test_two_spellings_that_translate_one_text_differently_keep_the_projects_and_report_the_other(
    tmp_path: Path,
) -> None:
    """The same option in ``ur_PK`` and ``ur``, translated differently: the one spelled as the project
    spells it is kept, whichever comes first, and the other is reported with the text's line."""
    bank = _bank(
        _question(
            "none",
            _spans(en="Which one?", ur="کون سا؟"),
            _spans(en="Neither.", ur="کوئی نہیں۔"),
            (100, _spans(en="Neither", ur_PK="کوئی بھی نہیں", ur="کوئی نہیں")),
            (0, _spans(en="Both", ur_PK="دونوں", UR="دونوں")),
        )
    )
    project = _imported(tmp_path, {"bank.xml": bank})
    result = run_quizkit_in_process(project, "import", "bank.xml", "--quiz", "q")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[1:3] == [
        "1 issue",
        "  bank.xml:3: none: q.questions.none.options.a has two different ur translations in the bank: "
        "'کوئی نہیں' (written as ur), kept, and 'کوئی بھی نہیں' (written as ur_PK), left out; if the one left "
        "out is right, put it in the ur catalog",
    ]
    urdu = _catalog(project, "ur")
    assert urdu["q.questions.none.options.a"] == "کوئی نہیں"
    assert urdu["q.questions.none.options.b"] == "دونوں"


ENGLISH = _bank(
    _question(
        "one", "<text>One?</text>", "<text>One.</text>", (100, "<text>Yes</text>"), (0, "<text>No</text>")
    )
)
URDU = _bank(
    _question(
        "one", "<text>ایک؟</text>", "<text>ایک۔</text>", (100, "<text>ہاں</text>"), (0, "<text>نہیں</text>")
    )
)


@pytest.mark.parametrize("spelling", ["ur-PK", "UR", "ur_utf8"])
def test_a_translation_file_given_in_another_spelling_is_the_projects_locale(
    tmp_path: Path, spelling: str
) -> None:
    """``--locale ur-PK FILE`` in a project whose locale is ``ur``: the file's Urdu comes into the ur
    catalog, each entry naming the file it was translated in (before, ``ur-PK`` was no target locale and
    nothing was written for it)."""
    project = _imported(tmp_path, {"en.xml": ENGLISH, "urdu.xml": URDU})
    result = run_quizkit_in_process(
        project, "import", "en.xml", "--locale", spelling, "urdu.xml", "--quiz", "q"
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ur: 4 translations into locales/ur/LC_MESSAGES/q.po" in result.stdout.splitlines(), result.stdout
    catalog = polib.pofile(str(project / "locales/ur/LC_MESSAGES/q.po"))
    entry = catalog.find("q.questions.one.prompt", by="msgctxt")
    assert entry is not None and entry.msgstr == "ایک؟"
    assert entry.tcomment == IMPORTED_COMMENT.format(file="urdu.xml")


def test_spans_and_a_translation_file_that_differ_are_a_conflict_not_an_overwrite(tmp_path: Path) -> None:
    """The bank's ur spans and ``--locale ur FILE`` translate the prompt differently: the spans' one (read
    first) is kept and the file's reported, where before the file's silently replaced it; each is named
    with the file it came from (before, both were 'written as ur' and urdu.xml was never named)."""
    spanned = _bank(
        _question(
            "one",
            _spans(en="One?", ur="ایک؟"),
            "<text>One.</text>",
            (100, "<text>Yes</text>"),
            (0, "<text>No</text>"),
        )
    )
    project = _imported(tmp_path, {"en.xml": spanned, "urdu.xml": URDU.replace("ایک؟", "ایک سوال؟")})
    result = run_quizkit_in_process(project, "import", "en.xml", "--locale", "ur", "urdu.xml", "--quiz", "q")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[1:3] == [
        "1 issue",
        "  en.xml:3: one: q.questions.one.prompt has two different ur translations in the bank: 'ایک؟' "
        "(written as ur in en.xml:3), kept, and 'ایک سوال؟' (written as ur in urdu.xml), left out; if the one "
        "left out is right, put it in the ur catalog",
    ]
    assert _catalog(project, "ur")["q.questions.one.prompt"] == "ایک؟"


def test_a_drafts_waiting_translations_are_written_in_the_projects_spelling(tmp_path: Path) -> None:
    """A question without general feedback is kept as a draft; its ``ur-PK`` translations wait in the YAML
    under ``ur``, where ``quizkit update`` takes them into the ur catalog once it is finished."""
    bank = _bank(
        _question(
            "one",
            _spans(en="One?", **{"ur-PK": "ایک؟"}),
            None,
            (100, _spans(en="Yes", **{"ur-PK": "ہاں"})),
            (0, _spans(en="No", **{"ur-PK": "نہیں"})),
        )
    )
    project = _imported(tmp_path, {"bank.xml": bank})
    result = run_quizkit_in_process(project, "import", "bank.xml", "--quiz", "q")
    assert result.returncode == 0, result.stdout + result.stderr
    quiz = yaml.safe_load((project / "content/q.yaml").read_text(encoding="utf-8"))
    (draft,) = quiz["questions"]
    assert draft["prompt"] == {"text": "One?", "ur": {"text": "ایک؟", "from": "bank.xml", "source": "One?"}}
    assert draft["options"][1]["text"] == {
        "text": "No",
        "ur": {"text": "نہیں", "from": "bank.xml", "source": "No"},
    }


# --- a title an export wrote in the source language where the locale had none ----------------------------


@pytest.mark.parametrize("format_name", ["canvas", "cc", "qti"])
def test_a_packages_fallen_back_title_is_no_translation(tmp_path: Path, format_name: str) -> None:
    """quizkit's own ur package of a quiz whose title nobody translated carries the English title (a title
    attribute cannot say it fell back): imported beside the en package, it is no Urdu title, so the ur
    catalog leaves the title (and the description Canvas and QTI packages make of it) untranslated, while
    the questions' Urdu comes in."""
    from support import EVERY_TYPE_QUIZ, every_type_urdu, translate

    original = fixture_project(
        tmp_path / "original",
        {"q": EVERY_TYPE_QUIZ.read_text(encoding="utf-8").replace("id: every-type", "id: q")},
    )
    assert run_quizkit_in_process(original, "update").returncode == 0
    urdu = {
        key.replace("every-type.", "q.", 1): text
        for key, text in every_type_urdu().items()
        if key not in ("every-type.title", "every-type.description")
    }
    translate(original / "locales/ur/LC_MESSAGES/q.po", urdu)
    exported = run_quizkit_in_process(original, "export", "-f", format_name, "--no-checks")
    assert exported.returncode == 0, exported.stdout + exported.stderr
    fresh = fixture_project(tmp_path / "fresh", {})
    folder = original / "dist" / format_name / "q"
    (source,) = folder.glob("en.*")
    (translation,) = folder.glob("ur.*")
    result = run_quizkit_in_process(
        fresh, "import", str(source), "--from", format_name, "--quiz", "q", "--locale", "ur", str(translation)
    )
    assert result.returncode == 0, result.stdout + result.stderr
    catalog = _catalog(fresh, "ur")
    assert (catalog["q.title"], catalog["q.description"]) == ("", "")
    assert catalog["q.questions.gpu-holds.prompt"] == urdu["q.questions.gpu-holds.prompt"]


def test_three_spellings_of_one_locale_report_each_left_out_against_the_one_kept() -> None:
    """``ur_PK``, ``UR`` and ``ur`` translate one title three ways in a ``ur`` project: ``ur`` (the project's
    spelling) is kept, decided before anything is reported, and each other is reported left out against
    it; before, the report said ``X`` was kept and then that ``X`` was left out."""
    _diagnostics, quiz = validate_file(EVERY_TYPE_QUIZ)
    assert isinstance(quiz, Quiz)
    title = replace(quiz.title, imported=(("ur_PK", "پہلا"), ("UR", "دوسرا"), ("ur", "تیسرا")))
    bank = ImportedBank(replace(quiz, title=title), "en", ("UR", "ur", "ur_PK"))
    settled = settled_languages(bank, "en", ("ur",))
    assert settled.quiz.title.imported == (("ur", "تیسرا"),)
    assert [issue.reason for issue in settled.issues] == [
        f"{title.key} has two different ur translations in the bank: 'تیسرا' (written as ur), kept, and "
        f"{other!r} (written as {written}), left out; if the one left out is right, put it in the ur catalog"
        for written, other in (("ur_PK", "پہلا"), ("UR", "دوسرا"))
    ]


def test_the_readers_issues_keep_the_banks_order() -> None:
    """A QTI package's issues come in its items' order (items/q2.xml before items/q10.xml), not sorted by
    file name; what settling the languages finds goes among its own file's issues, by line."""
    _diagnostics, quiz = validate_file(EVERY_TYPE_QUIZ)
    assert isinstance(quiz, Quiz)
    title = replace(quiz.title, imported=(("ur_PK", "پہلا"), ("ur", "تیسرا")))
    reader = (
        ImportIssue("items/q2.xml", 4, "q2", "two"),
        ImportIssue("items/q10.xml", 3, "q10", "ten"),
        ImportIssue(title.origin.file, (title.origin.line or 0) + 1, None, "after the title"),
    )
    settled = settled_languages(
        ImportedBank(replace(quiz, title=title), "en", ("ur",), reader), "en", ("ur",)
    )
    assert [(issue.file, issue.reason[:15]) for issue in settled.issues] == [
        ("items/q2.xml", "two"),
        ("items/q10.xml", "ten"),
        (title.origin.file, f"{title.key} has t"[:15]),
        (title.origin.file, "after the title"),
    ]


# --- a "translation" that is the source text itself --------------------------------------------------------

ENGLISH_GIFT = (
    "::one:: Water is wet. {T ####Yes, it is.}\n\n"
    "::two:: Fire is cold. {F ####No, it is hot.}\n\n"
    "::three:: Ice is cold at 0 °C. {T ####Yes, cold.}\n"
)
PARTLY_URDU_GIFT = (
    "::one:: پانی گیلا ہے۔ {T ####جی ہاں۔}\n\n"
    "::two:: Fire is cold. {F ####No, it is hot.}\n\n"
    "::three:: برف 0 °C پر ٹھنڈی ہے۔ {T ####Yes, cold.}\n"
)


def test_a_translation_file_still_in_the_source_language_is_no_translation(tmp_path: Path) -> None:
    """A translation file only partly translated: its texts still in English are no Urdu (before, they came
    in as finished Urdu translations with 0 issues). Each stays untranslated in the ur catalog and is
    reported once, naming the file; the translated ones come in."""
    project = _imported(tmp_path, {"en.gift": ENGLISH_GIFT, "ur.gift": PARTLY_URDU_GIFT})
    result = run_quizkit_in_process(project, "import", "en.gift", "--locale", "ur", "ur.gift", "--quiz", "q")
    assert result.returncode == 0, result.stdout + result.stderr
    copied = (
        "is given as its own ur translation in ur.gift, which is the source text, not a translation: it "
        "stays untranslated in the ur catalog, for a translator to translate there"
    )
    assert result.stdout.splitlines()[1:5] == [
        "3 issues",
        f"  en.gift:3: two: q.questions.two.prompt ('Fire is cold.') {copied}",
        f"  en.gift:3: two: q.questions.two.explanation ('No, it is hot.') {copied}",
        f"  en.gift:5: three: q.questions.three.explanation ('Yes, cold.') {copied}",
    ], result.stdout
    assert "ur: 3 translations into locales/ur/LC_MESSAGES/q.po" in result.stdout.splitlines(), result.stdout
    catalog = _catalog(project, "ur")
    assert catalog["q.questions.two.prompt"] == ""
    assert catalog["q.questions.two.explanation"] == ""
    assert catalog["q.questions.three.explanation"] == ""
    assert catalog["q.questions.three.prompt"] == "برف 0 °C پر ٹھنڈی ہے۔"
    assert catalog["q.questions.one.explanation"] == "جی ہاں۔"


def test_a_code_the_same_in_every_language_is_still_a_translation(tmp_path: Path) -> None:
    """A number, a symbol or an acronym reads the same in Urdu: the file giving it unchanged translated it."""
    english = "::port:: Which port does HTTPS use? {=443 ~80 ####HTTPS uses 443.}\n"
    urdu = "::port:: HTTPS کون سا پورٹ استعمال کرتا ہے؟ {=443 ~80 ####HTTPS پورٹ 443 استعمال کرتا ہے۔}\n"
    project = _imported(tmp_path, {"en.gift": english, "ur.gift": urdu})
    result = run_quizkit_in_process(project, "import", "en.gift", "--locale", "ur", "ur.gift", "--quiz", "q")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[1] == "0 issues", result.stdout
    catalog = _catalog(project, "ur")
    assert catalog["q.questions.port.options.a"] == "443"
    assert catalog["q.questions.port.options.b"] == "80"


def test_a_name_kept_in_the_source_script_is_still_a_translation(tmp_path: Path) -> None:
    """One word the Urdu keeps in Latin script (the Urdu style keeps names of operations and products so:
    ``all-reduce``, ``PyTorch``) is the translation, not a text left in English."""
    english = (
        "::op:: Which operation averages the gradients? {=all-reduce ~broadcast ####It is all-reduce.}\n"
    )
    urdu = "::op:: کون سا آپریشن گریڈیئنٹس کا اوسط لیتا ہے؟ {=all-reduce ~براڈکاسٹ ####یہ all-reduce ہے۔}\n"
    project = _imported(tmp_path, {"en.gift": english, "ur.gift": urdu})
    result = run_quizkit_in_process(project, "import", "en.gift", "--locale", "ur", "ur.gift", "--quiz", "q")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[1] == "0 issues", result.stdout
    assert _catalog(project, "ur")["q.questions.op.options.a"] == "all-reduce"


def test_a_file_in_another_language_than_its_locale_is_reported_where_its_checks_refuse_it(
    tmp_path: Path,
) -> None:
    """``--locale ar urdu.xml``: Urdu letters that Arabic does not have are what ``quizkit check`` refuses
    (ar-letters, an error no --fix repairs); the import now says so for each such text, where before it
    imported them with 0 issues and only check and every export stopped. The translations are kept."""
    project = _imported(tmp_path, {"en.xml": ENGLISH, "urdu.xml": URDU}, locales=("ar",))
    result = run_quizkit_in_process(project, "import", "en.xml", "--locale", "ar", "urdu.xml", "--quiz", "q")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[1:3] == [
        "4 issues",
        "  en.xml:3: one: q.questions.one.prompt's ar translation ('ایک؟') holds what the ar checks refuse: "
        "U+06CC 'ی' at character 2 is not an Arabic letter; write ي (U+064A), or ى (U+0649) where the word "
        "ends in alef maksura [ar-letters]; is it ar? It was imported, and quizkit check reports it until it "
        "is corrected in the ar catalog",
    ], result.stdout
    refused = [line.split(": ", 2)[2].split("'s ar translation")[0] for line in lines[2:6]]
    assert refused == [
        f"q.questions.one.{part}" for part in ("prompt", "options.a", "options.b", "explanation")
    ]
    assert _catalog(project, "ar")["q.questions.one.options.b"] == "نہیں"
