"""``quizkit import``: scraped pages into quiz YAML, a catalog and to-dos (issue 8)."""

from __future__ import annotations

import codecs
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from support import run_quizkit_in_process, snapshot

from toolkit.catalogs.imported import IMPORTED_NOTE
from toolkit.content.validation import validate_paths
from toolkit.gettext.po_reader import read_po

PAGES = Path(__file__).parent / "pages"
SEED = PAGES / "tensor-parallel-mixed.txt"
"""A page in the scraped form, half in Urdu: the quiz of ORIGINAL as such a page shows it."""
ORIGINAL = PAGES / "tensor-parallel.yaml"


def import_json(project: Path, page: Path, quiz: str, *extra: str) -> dict[str, Any]:
    result = run_quizkit_in_process(project, "import", str(page), "--quiz", quiz, "--format", "json", *extra)
    assert result.returncode == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def test_seed_gives_the_structure_of_the_original_quiz(project: Path) -> None:
    report = import_json(project, SEED, "scraped")
    data = load(project / "content" / "scraped.yaml")
    original = load(ORIGINAL)
    assert data["level"] == original["level"] == "intermediate"
    assert [len(question["options"]) for question in data["questions"]] == [4] * 5
    assert [question["id"] for question in data["questions"]] == [f"q{n}" for n in range(1, 6)]
    assert [option["id"] for option in data["questions"][0]["options"]] == ["a", "b", "c", "d"]
    languages = [question["language"] for question in report["questions"]]
    assert languages == ["ur", "en", "ur", "en", "en"]
    # Urdu items wait in the to-do slot; English items are the text itself.
    assert data["title"] == {
        "todo": "write the title in English under text (the page has it only in Urdu)",
        "ur": "ٹینسر متوازی کوئز",
    }
    assert data["questions"][2]["prompt"]["ur"].startswith("ٹینسر متوازی عموماً")
    assert data["questions"][1]["prompt"] == original["questions"][1]["prompt"]
    assert data["questions"][3]["options"][1]["text"] == "The heads of each attention layer"
    assert all(
        "todo" in question["correct"] and "todo" in question["explanation"] for question in data["questions"]
    )
    # Interface text is recognized, glued strings split, the repeated first question left out.
    assert [(item["line"], item["message"]) for item in report["interface"]] == [
        (1, "guide-linked-quiz"),
        (4, "question-progress"),
        (6, "review-each-question"),
        (6, "question-count"),
        (7, "answers-appear"),
    ]
    assert report["repeated_first_question"] == 5
    assert report["unrecognized"] == []
    kinds = [todo["kind"] for todo in report["todos"]]
    assert kinds.count("source-text") == 2 + 2 * 5
    assert kinds.count("correct") == kinds.count("explanation") == 5
    # The catalog holds the English items (untranslated); Urdu-only texts have no entry yet.
    catalog = read_po((project / "locales" / "ur" / "LC_MESSAGES" / "scraped.po").read_bytes(), "x.po")
    contexts = [entry.context for entry in catalog.active()]
    assert len(contexts) == 3 * 5
    assert "scraped.questions.q2.prompt" in contexts and "scraped.title" not in contexts
    # Until the to-dos are done, validate fails on each of them.
    result = run_quizkit_in_process(project, "validate", "content/scraped.yaml")
    assert result.returncode == 1
    assert (
        "content/scraped.yaml:7:9: error[todo]: to-do in 'title' of the quiz: write the title in English"
        in (result.stdout)
    )
    assert result.stdout.count("error[todo]") == len(report["todos"])


def _fill(value: Any, english: Any) -> Any:
    """A to-do mapping with its English written in; the Urdu stays beside it."""
    text = english["text"] if isinstance(english, dict) else english
    if isinstance(value, dict):
        filled = {key: item for key, item in value.items() if key != "todo"}
        return {"text": text, **filled}
    return value


def test_filled_todos_give_the_original_quiz_and_update_takes_the_urdu(project: Path) -> None:
    import_json(project, SEED, "tensor-parallel")
    path = project / "content" / "tensor-parallel.yaml"
    data = load(path)
    shipped = load(ORIGINAL)
    data["guide"] = shipped["guide"]
    for field in ("title", "description"):
        data[field] = _fill(data[field], shipped[field])
    for question, original in zip(data["questions"], shipped["questions"], strict=True):
        question["prompt"] = _fill(question["prompt"], original["prompt"])
        ids = [option["id"] for option in original["options"]]
        for option, shipped_option in zip(question["options"], original["options"], strict=True):
            option["text"] = _fill(option["text"], shipped_option["text"])
        question["correct"] = [question["options"][ids.index(answer)]["id"] for answer in original["correct"]]
        question["explanation"] = original["explanation"]
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert run_quizkit_in_process(project, "validate").returncode == 0

    imported = validate_paths([path]).quizzes[0]
    expected = validate_paths([ORIGINAL]).quizzes[0]
    assert (imported.id, imported.level, imported.guide) == (expected.id, expected.level, expected.guide)
    assert imported.title.source == expected.title.source
    assert imported.description.source == expected.description.source
    differences = []
    for mine, theirs in zip(imported.questions, expected.questions, strict=True):
        assert mine.type == theirs.type and mine.prompt.source == theirs.prompt.source
        assert mine.explanation.source == theirs.explanation.source
        assert [mine.options.index(mine.option(i)) for i in mine.correct] == [
            theirs.options.index(theirs.option(i)) for i in theirs.correct
        ]
        for option, shipped_option in zip(mine.options, theirs.options, strict=True):
            if option.text.source != shipped_option.text.source:
                differences.append((option.text.source, shipped_option.text.source))
    # The original's English is the page's English, filled in.
    assert differences == []

    assert run_quizkit_in_process(project, "update", "--locale", "ur").returncode == 0
    catalog_path = project / "locales" / "ur" / "LC_MESSAGES" / "tensor-parallel.po"
    catalog = read_po(catalog_path.read_bytes(), "x.po").by_context()
    title = catalog["tensor-parallel.title"]
    assert (title.msgstr, title.is_fuzzy) == ("ٹینسر متوازی کوئز", True)
    assert IMPORTED_NOTE in title.extracted_comments
    inside_node = catalog["tensor-parallel.questions.q3.prompt"]
    assert inside_node.msgstr.startswith("ٹینسر متوازی عموماً") and inside_node.is_fuzzy
    assert catalog["tensor-parallel.questions.q2.prompt"].msgstr == ""
    # Update again: nothing changes, the note stays while the entry is unreviewed.
    before = catalog_path.read_bytes()
    assert run_quizkit_in_process(project, "update", "--locale", "ur").returncode == 0
    assert catalog_path.read_bytes() == before
    assert run_quizkit_in_process(project, "update", "--check").returncode == 0


def test_update_never_overrides_an_existing_translation(project: Path) -> None:
    path = project / "content" / "data-parallel.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace(
        "title: Data Parallelism Quiz", "title:\n  text: Data Parallelism Quiz\n  ur: کوئی اور عنوان"
    )
    path.write_text(text, encoding="utf-8")
    catalog_path = project / "locales" / "ur" / "LC_MESSAGES" / "data-parallel.po"
    before = read_po(catalog_path.read_bytes(), "x.po").by_context()["data-parallel.title"]
    assert before.msgstr
    assert run_quizkit_in_process(project, "update", "--locale", "ur").returncode == 0
    after = read_po(catalog_path.read_bytes(), "x.po").by_context()["data-parallel.title"]
    assert after.msgstr == before.msgstr and IMPORTED_NOTE not in after.extracted_comments


def test_four_questions_english_first_with_two_to_eight_options(project: Path) -> None:
    report = import_json(project, PAGES / "four-questions-english-first.txt", "collectives")
    data = load(project / "content" / "collectives.yaml")
    assert data["level"] == "beginner"
    assert data["title"] == "Collective Operations Quiz"
    assert [len(question["options"]) for question in report["questions"]] == [2, 3, 8, 5]
    assert report["questions"][0]["language"] == "en"
    assert [option["language"] for option in report["questions"][1]["options"]] == ["ur", "ur", "en"]
    assert [option["language"] for option in report["questions"][3]["options"]] == [
        "en",
        "en",
        "en",
        "ur",
        "en",
    ]
    # Text without letters (code, numbers) is language-neutral: it stays as source text.
    assert data["questions"][1]["options"][2]["text"] == "`all-reduce`"
    assert data["questions"][2]["options"][7] == {"id": "h", "text": "8"}
    assert data["questions"][1]["prompt"]["ur"].endswith("بھیجتا ہے؟")


def test_twelve_questions(project: Path) -> None:
    report = import_json(project, PAGES / "twelve-questions.txt", "pipeline")
    assert [len(question["options"]) for question in report["questions"]] == [
        2,
        3,
        4,
        5,
        6,
        3,
        3,
        2,
        2,
        7,
        4,
        2,
    ]
    assert load(project / "content" / "pipeline.yaml")["level"] == "advanced"
    assert report["questions"][7]["language"] == "ur"
    assert report["interface"][1] == {"line": 4, "message": "question-progress", "text": "Question 1 of 12"}


def test_arabic_code_points_are_fixed_and_ambiguous_letters_become_todos(project: Path) -> None:
    report = import_json(project, PAGES / "arabic-code-points.txt", "scaling")
    data = load(project / "content" / "scaling.yaml")
    # The header's "درمیانه سطح" (final Arabic heh) is recognized as a variant after normalization.
    assert data["level"] == "intermediate"
    assert [len(question["options"]) for question in report["questions"]] == [2, 3, 4, 2, 3]
    assert data["title"]["ur"] == "اسکیلنگ کوئز"
    assert data["description"]["ur"] == "ورکرز کی تعداد اور تھروپٹ کا جائزہ لیں۔"
    assert data["questions"][2]["options"][0]["text"]["ur"] == "ورکرز کی تعداد"
    written = (project / "content" / "scaling.yaml").read_text(encoding="utf-8")
    assert not {"\u064a", "\u0643"} & set(written)
    rules = {
        (change["line"], change["rule"], change["before"], change["after"])
        for change in report["normalizations"]
    }
    assert (2, "arabic-kaf", "ك", "ک") in rules
    assert (3, "final-heh", "ه", "ہ") in rules
    assert (16, "arabic-yeh", "ي", "ی") in rules
    doubts = [todo for todo in report["todos"] if todo["kind"] == "ambiguous-letter"]
    assert {"line": 10, "suggestions": ["بھی"]} in [
        {"line": todo["line"], "suggestions": todo["suggestions"]} for todo in doubts
    ]
    assert {todo["line"] for todo in doubts} == {8, 9, 10, 20}
    # The ambiguous letter is left as the page had it, for a person to decide.
    assert "بهی" in data["questions"][0]["options"][1]["text"]["ur"]


def test_text_report(project: Path) -> None:
    result = run_quizkit_in_process(
        project, "import", str(PAGES / "four-questions-english-first.txt"), "--quiz", "c"
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].endswith(
        "four-questions-english-first.txt: 4 questions (options: 2 3 8 5), level beginner"
    )
    assert "  line 8: q1 [en] options [en en]" in lines
    assert "  line 5: the first question shown on its own, left out" in lines
    assert lines[-1] == "wrote content/c.yaml, locales/ur/LC_MESSAGES/c.po"


def test_dry_run_writes_nothing(project: Path) -> None:
    before = snapshot(project)
    result = run_quizkit_in_process(project, "import", str(SEED), "--quiz", "scraped", "--dry-run")
    assert result.returncode == 0, result.stderr
    assert (
        result.stdout.splitlines()[-1]
        == "dry run: would write content/scraped.yaml, locales/ur/LC_MESSAGES/scraped.po"
    )
    assert snapshot(project) == before


def test_existing_files_need_force(project: Path) -> None:
    before = snapshot(project)
    result = run_quizkit_in_process(project, "import", str(SEED), "--quiz", "data-parallel")
    assert result.returncode == 1
    assert (
        result.stderr
        == "error[exists]: content/data-parallel.yaml already exists; use --force to overwrite it\n"
    )
    assert snapshot(project) == before
    forced = run_quizkit_in_process(project, "import", str(SEED), "--quiz", "data-parallel", "--force")
    assert forced.returncode == 0, forced.stderr
    assert "todo:" in (project / "content" / "data-parallel.yaml").read_text(encoding="utf-8")


HEADER = "Guide-linked quiz · Beginner\nA quiz\nA description.\nQuestion 1 of 2\n"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        # Without --from, an empty file is called empty before any format is guessed (--from page: "the page
        # is empty").
        (b"", " error[import]: is empty: there is nothing to import; is the export or download complete?"),
        (
            b"\n  \n",
            " error[import]: is empty: there is nothing to import; is the export or download complete?",
        ),
        (b"Title\nline\x00two\n", "2: error[import]: binary file (it holds NUL bytes), not a text page"),
        (b"Title\n\xff\xfe\n", "2: error[import]: not UTF-8 text (byte 0xFF cannot be decoded)"),
        (
            HEADER.encode() + b"- An option\n- Another\n",
            "6: error[import]: no question on the page: no '- ' item ends with ? or ؟",
        ),
        (
            HEADER.encode() + b"- Orphan option\n- Which one?\n- A\n- B\n",
            "5: error[import]: option before any question: 'Orphan option' does not end with ? or ؟ and "
            "no question comes before it",
        ),
        (
            HEADER.encode() + b"- Which one?\n- A\n- Which other?\n- A\n- B\n",
            "5: error[import]: question 'Which one?' has 1 option; a question needs 2 to 8 options",
        ),
        (
            HEADER.encode()
            + b"- Which one?\n"
            + b"".join(b"- %d\n" % n for n in range(9))
            + b"- Next?\n- A\n- B\n",
            "5: error[import]: question 'Which one?' has 9 options; a question needs 2 to 8 options",
        ),
        (
            HEADER.encode() + b"- Which one?\n- A\n- B\n",
            "4: error[import]: 'Question 1 of 2' says the quiz has 2 questions, but the page lists 1",
        ),
        (
            HEADER.replace("2", "1").encode() + b"Review each question.3 questions\n- Which one?\n- A\n- B\n",
            "5: error[import]: '3 questions' says the quiz has 3 questions, but the page lists 1",
        ),
        (
            # A UTF-16 page cut in the middle of its last character (on line 2): an odd number of bytes.
            "title\nsecond line".encode("utf-16")[:-1],
            "2: error[import]: starts with the UTF-16 byte order mark, but byte 35 is no UTF-16 text; save "
            "the page as UTF-8 and import again",
        ),
    ],
    ids=[
        "empty",
        "blank",
        "binary",
        "not-utf8",
        "no-question",
        "option-first",
        "one-option",
        "nine-options",
        "count-mismatch",
        "count-line-mismatch",
        "broken-utf16",
    ],
)
def test_bad_pages(project: Path, tmp_path: Path, content: bytes, expected: str) -> None:
    page = tmp_path / "page.txt"
    page.write_bytes(content)
    before = snapshot(project)
    result = run_quizkit_in_process(project, "import", str(page), "--quiz", "bad")
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [f"page.txt:{expected}"]
    assert snapshot(project) == before


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32"])
def test_a_page_saved_as_unicode_imports_as_its_utf8_twin(
    project: Path, tmp_path: Path, encoding: str
) -> None:
    """An editor's "Unicode" page (UTF-16 or UTF-32 with its byte order mark) was refused as a binary file
    ("it holds NUL bytes"); it is decoded by its mark and imports as the same page in UTF-8 does."""
    text = SEED.read_text(encoding="utf-8")
    data = text.encode(encoding)
    if encoding == "utf-16-be":
        data = codecs.BOM_UTF16_BE + data
    page = tmp_path / "unicode.txt"
    page.write_bytes(data)
    twin = import_json(project, SEED, "twin")
    report = import_json(project, page, "unicode")
    assert [question["language"] for question in report["questions"]] == [
        question["language"] for question in twin["questions"]
    ]
    assert (project / "content/unicode.yaml").read_text(encoding="utf-8") == (
        project / "content/twin.yaml"
    ).read_text(encoding="utf-8").replace("id: twin", "id: unicode").replace(SEED.name, page.name)


def test_invalid_quiz_id_is_a_usage_error(project: Path) -> None:
    result = run_quizkit_in_process(project, "import", str(SEED), "--quiz", "Bad Id")
    assert result.returncode == 2
    assert not (project / "content" / "Bad Id.yaml").exists()


def test_todo_in_a_text_mapping_needs_text_or_todo(project: Path) -> None:
    path = project / "content" / "data-parallel.yaml"
    text = path.read_text(encoding="utf-8").replace("title: Data Parallelism Quiz", "title:\n  ur: عنوان")
    path.write_text(text, encoding="utf-8")
    result = run_quizkit_in_process(project, "validate", "content/data-parallel.yaml")
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == (
        "content/data-parallel.yaml:6:3: error[missing-field]: quiz is missing required field 'text' [$.title]"
    )


def test_force_over_a_translated_catalog_keeps_every_translation(project: Path) -> None:
    catalog_path = project / "locales" / "ur" / "LC_MESSAGES" / "data-parallel.po"
    before = read_po(catalog_path.read_bytes(), "x.po")
    result = run_quizkit_in_process(project, "import", str(SEED), "--quiz", "data-parallel", "--force")
    assert result.returncode == 0, result.stderr
    after = read_po(catalog_path.read_bytes(), "x.po")
    kept = {(entry.context, entry.msgstr) for entry in after.entries if entry.has_translation}
    assert {(entry.context, entry.msgstr) for entry in before.entries} <= kept


def seed_with(tmp_path: Path, header: str, progress: str | None = None) -> Path:
    """The seed page with another header line (and progress line)."""
    lines = SEED.read_text(encoding="utf-8").splitlines()
    lines[0] = header
    if progress is not None:
        lines[3] = progress
    page = tmp_path / "page.txt"
    page.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return page


@pytest.mark.parametrize(
    ("level_text", "level"),
    [
        ("ابتدائی سطح", "beginner"),  # the Urdu catalog's translation, and the page's "level" noun
        ("اعلیٰ", "advanced"),  # the Urdu catalog's translation, recorded in no ui.yaml variant
        ("Advanced level", "advanced"),
    ],
)
def test_a_level_is_recognized_through_the_interface_catalog(
    project: Path, tmp_path: Path, level_text: str, level: str
) -> None:
    page = seed_with(tmp_path, f"گائیڈ سے منسلک کوئز · {level_text}")
    report = import_json(project, page, "scraped")
    assert report["level"] == level
    assert load(project / "content" / "scraped.yaml")["level"] == level
    assert [todo for todo in report["todos"] if todo["kind"] == "level"] == []


def test_interface_text_in_the_catalogs_wording_is_recognized(project: Path, tmp_path: Path) -> None:
    page = seed_with(tmp_path, "گائیڈ سے منسلک کوئز · درمیانہ سطح", progress="سوال 1 از 5")
    report = import_json(project, page, "scraped")
    assert report["unrecognized"] == []
    assert {"line": 4, "message": "question-progress", "text": "سوال 1 از 5"} in report["interface"]


def test_a_level_in_an_unknown_wording_becomes_a_todo(project: Path, tmp_path: Path) -> None:
    page = seed_with(tmp_path, "گائیڈ سے منسلک کوئز · مشکل")
    report = import_json(project, page, "scraped")
    todo = (
        "replace this mapping with the level: beginner, intermediate or advanced (the page's header says "
        "'مشکل', a wording quizkit does not know)"
    )
    assert report["level"] is None
    assert [item for item in report["todos"] if item["kind"] == "level"] == [
        {"kind": "level", "path": "$.level", "line": 1, "message": todo, "suggestions": []}
    ]
    assert load(project / "content" / "scraped.yaml")["level"] == {"todo": todo}
    validated = run_quizkit_in_process(project, "validate", "content/scraped.yaml")
    assert validated.returncode == 1
    assert (
        validated.stdout.splitlines()[0]
        == f"content/scraped.yaml:6:9: error[todo]: to-do in 'level' of the quiz: {todo} [$.level.todo]"
    )


def test_a_header_without_its_separator_becomes_a_level_todo(project: Path, tmp_path: Path) -> None:
    page = seed_with(tmp_path, "گائیڈ سے منسلک کوئز درمیانہ")
    report = import_json(project, page, "scraped")
    assert report["level"] is None
    assert [item["line"] for item in report["todos"] if item["kind"] == "level"] == [1]
    alone = seed_with(tmp_path, "درمیانہ سطح")
    assert import_json(project, alone, "alone")["level"] == "intermediate"
