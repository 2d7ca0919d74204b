"""``quizkit import --quiz-per-category`` (toolkit/importing/bank_categories.py): a GIFT or Moodle XML bank
of nested categories, its names in English and Urdu multilang spans, becomes one quiz per category that
holds questions, each with its YAML and catalog as a one-quiz import writes them, all written as one.

The banks are written as Moodle writes them: a category's path joins its names with ``/`` and writes a
name's own ``/`` as ``//`` (qformat_default::assemble_category_path in question/format.php), so a
multilang name's ``</span>`` stands as ``<//span>``; Moodle XML wraps such a text in CDATA
(qformat_xml::writetext).
"""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from dataclasses import replace
from pathlib import Path

import polib
import pytest
import yaml
from fault_injection import RAISING_MODES, run_with_fault, written_targets
from importing.qti12_documents import QTI12_ASSESSMENT
from support import (
    EVERY_TYPE_QUIZ,
    ROOT,
    every_type_urdu,
    fixture_project,
    run_quizkit,
    run_quizkit_in_process,
    snapshot,
    translate,
)

from toolkit.config import load_config
from toolkit.content.validation import validate_file
from toolkit.importing.bank import BankCategory, ImportedBank, bank_category, category_path
from toolkit.importing.bank_categories import quiz_ids, slug
from toolkit.importing.bank_writing import BankWriteError, plan_bank_import, plan_bank_imports
from toolkit.model import Origin, Quiz, Text, with_texts


def spans(english: str, urdu: str, separator: str = "/") -> str:
    """A text in both languages as Moodle's multilang filter reads it; in a category path (``//``) the
    closing tags are written as Moodle writes a name's ``/``."""
    close = "<" + separator + "span>"
    return (
        f'<span lang="en" class="multilang">{english}{close}<span lang="ur" class="multilang">{urdu}{close}'
    )


def category(*names: tuple[str, str]) -> str:
    return "$course$/top/Default for Maths/" + "/".join(spans(en, ur, "//") for en, ur in names)


ALGEBRA = ("Algebra", "الجبرا")
FRACTIONS = ("Fractions", "کسور")
GEOMETRY = ("Geometry", "جیومیٹری")


def moodle_category(path: str, info: str | None = None) -> str:
    described = f'\n    <info format="html"><text><![CDATA[{info}]]></text></info>' if info else ""
    return (
        f'  <question type="category">\n    <category><text><![CDATA[{path}]]></text></category>{described}\n'
        "  </question>\n"
    )


def moodle_true_false(name: str, prompt: tuple[str, str], feedback: tuple[str, str], truth: bool) -> str:
    right, wrong = ("true", "false") if truth else ("false", "true")
    return f"""  <question type="truefalse">
    <name><text>{name}</text></name>
    <questiontext format="html"><text><![CDATA[{spans(*prompt)}]]></text></questiontext>
    <generalfeedback format="html"><text><![CDATA[{spans(*feedback)}]]></text></generalfeedback>
    <answer fraction="100" format="moodle_auto_format"><text>{right}</text></answer>
    <answer fraction="0" format="moodle_auto_format"><text>{wrong}</text></answer>
  </question>
"""


MOODLE_BANK = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n'
    # Moodle writes the parent category too, with no question of its own: it makes no quiz.
    + moodle_category("$course$/top/Default for Maths")
    + moodle_category(category(ALGEBRA), spans("Equations and unknowns.", "مساوات اور نامعلوم۔"))
    + moodle_true_false(
        "x-plus-one",
        ("Is x + 1 greater than x?", "کیا x + 1 ، x سے بڑا ہے؟"),
        ("One more is more.", "ایک زیادہ، زیادہ ہے۔"),
        True,
    )
    + moodle_category(category(ALGEBRA, FRACTIONS))
    + moodle_true_false(
        "half",
        ("Is a half more than a third?", "کیا آدھا ایک تہائی سے زیادہ ہے؟"),
        ("Three sixths against two.", "تین چھٹے بمقابلہ دو۔"),
        True,
    )
    + moodle_true_false(
        "quarter",
        ("Is a quarter more than a half?", "کیا چوتھائی آدھے سے زیادہ ہے؟"),
        ("A quarter is half a half.", "چوتھائی آدھے کا آدھا ہے۔"),
        False,
    )
    + moodle_category(category(GEOMETRY))
    + moodle_true_false(
        "triangle",
        ("A triangle has three sides.", "مثلث کے تین اضلاع ہوتے ہیں۔"),
        ("Tri means three.", "تین کا مطلب ہے تین۔"),
        True,
    )
    + "</quiz>\n"
)


def gift_question(name: str, prompt: tuple[str, str], feedback: tuple[str, str], truth: bool) -> str:
    return f"::{name}::{spans(*prompt)}{{{'T' if truth else 'F'}####{spans(*feedback)}}}\n"


GIFT_BANK = "\n".join(
    [
        f"$CATEGORY: {category(GEOMETRY)}\n",
        gift_question(
            "triangle",
            ("A triangle has three sides.", "مثلث کے تین اضلاع ہوتے ہیں۔"),
            ("Tri means three.", "تین کا مطلب ہے تین۔"),
            True,
        ),
        f"$CATEGORY: {category(GEOMETRY, ('Circles', 'دائرے'))}\n",
        gift_question(
            "round",
            ("A circle has corners.", "دائرے کے کونے ہوتے ہیں۔"),
            ("It is round.", "یہ گول ہے۔"),
            False,
        ),
        # Two names that make the same id: the later one is numbered.
        f"$CATEGORY: {category(GEOMETRY, ('Unit 1: Angles', 'اکائی ۱: زاویے'))}\n",
        gift_question(
            "right-angle",
            ("A right angle is 90 degrees.", "قائمہ زاویہ 90 درجے کا ہوتا ہے۔"),
            ("A quarter turn.", "چوتھائی چکر۔"),
            True,
        ),
        f"$CATEGORY: {category(GEOMETRY, ('Unit 1 – Angles', 'اکائی ۱ – زاویے'))}\n",
        gift_question(
            "straight-angle",
            ("A straight angle is 180 degrees.", "سیدھا زاویہ 180 درجے کا ہوتا ہے۔"),
            ("A half turn.", "آدھا چکر۔"),
            True,
        ),
    ]
)


def project_with(tmp_path: Path, name: str, bank: str) -> Path:
    """A fixture project brought up to date (its interface template made), ``bank`` in it as ``name``."""
    project = fixture_project(tmp_path / "project", {})
    assert run_quizkit_in_process(project, "update").returncode == 0
    (project / name).write_text(bank, encoding="utf-8")
    return project


def quiz_file(project: Path, quiz: str) -> dict[str, object]:
    data = yaml.safe_load((project / "content" / f"{quiz}.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def urdu(project: Path, quiz: str) -> dict[str, str]:
    catalog = polib.pofile(str(project / f"locales/ur/LC_MESSAGES/{quiz}.po"))
    return {entry.msgctxt: entry.msgstr for entry in catalog if entry.msgstr and not entry.fuzzy}


# --- Moodle XML --------------------------------------------------------------------------------------


def test_a_moodle_bank_becomes_a_quiz_per_category_titled_and_translated(tmp_path: Path) -> None:
    project = project_with(tmp_path, "bank.xml", MOODLE_BANK)
    result = run_quizkit_in_process(project, "import", "bank.xml", "--quiz", "maths", "--quiz-per-category")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == (
        "bank.xml (moodle): 4 questions imported, 0 drafts\n"
        "0 issues\n"
        "note: bank.xml: each quiz's title is its category's last name, its description the category's "
        "description or else the title, its level intermediate: change them in the quiz files\n"
        "3 quizzes, one per category:\n"
        "  maths-algebra: Algebra (category Default for Maths/Algebra): 1 question, 0 drafts\n"
        "    ur: 4 translations into locales/ur/LC_MESSAGES/maths-algebra.po\n"
        "  maths-algebra-fractions: Fractions (category Default for Maths/Algebra/Fractions): 2 questions, "
        "0 drafts\n"
        "    ur: 6 translations into locales/ur/LC_MESSAGES/maths-algebra-fractions.po\n"
        "  maths-geometry: Geometry (category Default for Maths/Geometry): 1 question, 0 drafts\n"
        "    ur: 4 translations into locales/ur/LC_MESSAGES/maths-geometry.po\n"
        "wrote content/maths-algebra.yaml, locales/maths-algebra.pot, locales/ur/LC_MESSAGES/maths-algebra.po, "
        "content/maths-algebra-fractions.yaml, locales/maths-algebra-fractions.pot, "
        "locales/ur/LC_MESSAGES/maths-algebra-fractions.po, content/maths-geometry.yaml, "
        "locales/maths-geometry.pot, locales/ur/LC_MESSAGES/maths-geometry.po\n"
    )
    algebra = quiz_file(project, "maths-algebra")
    assert (algebra["title"], algebra["description"]) == ("Algebra", "Equations and unknowns.")
    fractions = quiz_file(project, "maths-algebra-fractions")
    assert (fractions["title"], fractions["description"]) == ("Fractions", "Fractions")
    questions = {
        quiz: [question["id"] for question in quiz_file(project, quiz)["questions"]]  # type: ignore[attr-defined]
        for quiz in ("maths-algebra", "maths-algebra-fractions", "maths-geometry")
    }
    assert questions == {
        "maths-algebra": ["x-plus-one"],
        "maths-algebra-fractions": ["half", "quarter"],
        "maths-geometry": ["triangle"],
    }
    assert urdu(project, "maths-algebra") == {
        "maths-algebra.title": "الجبرا",
        "maths-algebra.description": "مساوات اور نامعلوم۔",
        "maths-algebra.questions.x-plus-one.prompt": "کیا x + 1 ، x سے بڑا ہے؟",
        "maths-algebra.questions.x-plus-one.explanation": "ایک زیادہ، زیادہ ہے۔",
    }
    assert urdu(project, "maths-algebra-fractions")["maths-algebra-fractions.title"] == "کسور"
    assert urdu(project, "maths-geometry")["maths-geometry.description"] == "جیومیٹری"
    # Each quiz as quizkit update makes it, and the project valid.
    checked = run_quizkit_in_process(project, "update", "--check")
    assert (checked.returncode, checked.stdout) == (0, "templates and catalogs are up to date\n")
    validated = run_quizkit_in_process(project, "validate")
    assert validated.returncode == 0, validated.stdout + validated.stderr


PROTOCOLS = spans("Protocols", "پروٹوکول")
"""A category name whose ``</span>`` is written as it is, not doubled as Moodle writes it: a bank written
by hand, or by a tool that does not know Moodle's escaping."""


def moodle_raw_category(path: str, info: str) -> str:
    """A category whose ``<text>`` holds the span elements themselves, without CDATA."""
    return (
        f'  <question type="category">\n    <category><text>{path}</text></category>\n'
        f'    <info format="html"><text>{info}</text></info>\n  </question>\n'
    )


def net_question(name: str, prompt: str) -> tuple[str, str]:
    moodle = moodle_true_false(name, (prompt, prompt), ("Because.", "کیونکہ۔"), True)
    return moodle, gift_question(name, (prompt, prompt), ("Because.", "کیونکہ۔"), True)


UNDOUBLED_BANKS = {
    "gift": "\n".join(
        [
            "$CATEGORY: $course$/top/Default for Net\n",
            net_question("wire", "Is a wire a link?")[1],
            f"$CATEGORY: $course$/top/Default for Net/{PROTOCOLS}\n",
            net_question("tcp", "Is TCP a protocol?")[1],
        ]
    ),
    "cdata": '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n'
    + moodle_category("$course$/top/Default for Net")
    + net_question("wire", "Is a wire a link?")[0]
    + moodle_category(
        f"$course$/top/Default for Net/{PROTOCOLS}", spans("About protocols.", "پروٹوکول کے بارے میں۔")
    )
    + net_question("tcp", "Is TCP a protocol?")[0]
    + "</quiz>\n",
    "elements": '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n'
    + moodle_category("$course$/top/Default for Net")
    + net_question("wire", "Is a wire a link?")[0]
    + moodle_raw_category(
        f"$course$/top/Default for Net/{PROTOCOLS}", spans("About protocols.", "پروٹوکول کے بارے میں۔")
    )
    + net_question("tcp", "Is TCP a protocol?")[0]
    + "</quiz>\n",
}


@pytest.mark.parametrize("form", UNDOUBLED_BANKS)
def test_a_category_name_of_multilang_spans_written_as_they_are_names_its_quiz(
    tmp_path: Path, form: str
) -> None:
    """R3: a ``</span>`` left undoubled split the path at its ``/`` (quiz ``net-protocols-span-span`` titled
    ``span>``), and span elements in a ``<text>`` without CDATA were dropped (both quizzes named
    ``Default for Net``, the second ``net-2``)."""
    name = "bank.gift" if form == "gift" else "bank.xml"
    project = project_with(tmp_path, name, UNDOUBLED_BANKS[form])
    result = run_quizkit_in_process(project, "import", name, "--quiz", "net", "--quiz-per-category")
    assert (result.returncode, result.stderr) == (0, "")
    assert [line for line in result.stdout.splitlines() if line.startswith("  net")] == [
        "  net: Default for Net (category Default for Net): 1 question, 0 drafts",
        "  net-protocols: Protocols (category Default for Net/Protocols): 1 question, 0 drafts",
    ]
    assert "note: categories" not in result.stdout
    protocols = quiz_file(project, "net-protocols")
    described = "Protocols" if form == "gift" else "About protocols."
    assert (protocols["title"], protocols["description"]) == ("Protocols", described)
    translated = urdu(project, "net-protocols")
    assert translated["net-protocols.title"] == "پروٹوکول"
    assert translated["net-protocols.description"] == (
        "پروٹوکول" if form == "gift" else "پروٹوکول کے بارے میں۔"
    )
    # Without the option the bank is one quiz, and the split it suggests names the same categories.
    plain = run_quizkit_in_process(project, "import", name, "--quiz", "net-all", "--dry-run")
    assert (
        f"note: {name}: its questions come from 2 categories ('Default for Net', 'Protocols'), all in quiz "
        "net-all; import with --quiz-per-category to make a quiz of each\n"
    ) in plain.stdout


def test_without_the_option_the_bank_is_one_quiz_whose_title_is_translated_and_the_split_suggested(
    tmp_path: Path,
) -> None:
    """The title made from a category carries the category's translations (it was the English alone,
    so the Urdu catalog showed an English title), and the report names the option."""
    project = project_with(tmp_path, "bank.xml", MOODLE_BANK)
    result = run_quizkit_in_process(project, "import", "bank.xml", "--quiz", "maths")
    assert result.returncode == 0, result.stdout + result.stderr
    assert (
        "note: bank.xml: its questions come from 3 categories ('Algebra', 'Algebra/Fractions', 'Geometry'), all "
        "in quiz maths; import with --quiz-per-category to make a quiz of each\n"
    ) in result.stdout
    assert [question["id"] for question in quiz_file(project, "maths")["questions"]] == [  # type: ignore[attr-defined]
        "x-plus-one",
        "half",
        "quarter",
        "triangle",
    ]
    assert quiz_file(project, "maths")["title"] == "Geometry"
    assert urdu(project, "maths")["maths.title"] == "جیومیٹری"


def test_the_dry_run_and_the_json_report_give_every_quiz_and_write_nothing(tmp_path: Path) -> None:
    project = project_with(tmp_path, "bank.xml", MOODLE_BANK)
    before = snapshot(project)
    result = run_quizkit_in_process(
        project,
        "import",
        "bank.xml",
        "--quiz",
        "maths",
        "--quiz-per-category",
        "--dry-run",
        "--format",
        "json",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert snapshot(project) == before
    report = json.loads(result.stdout)
    assert (report["quiz"], report["questions"], report["by_category"], report["written"]) == (
        None,
        4,
        True,
        False,
    )
    assert [
        (quiz["quiz"], quiz["title"], quiz["category"], quiz["questions"], quiz["files"])
        for quiz in report["quizzes"]
    ] == [
        (
            "maths-algebra",
            "Algebra",
            "Default for Maths/Algebra",
            1,
            [
                "content/maths-algebra.yaml",
                "locales/maths-algebra.pot",
                "locales/ur/LC_MESSAGES/maths-algebra.po",
            ],
        ),
        (
            "maths-algebra-fractions",
            "Fractions",
            "Default for Maths/Algebra/Fractions",
            2,
            [
                "content/maths-algebra-fractions.yaml",
                "locales/maths-algebra-fractions.pot",
                "locales/ur/LC_MESSAGES/maths-algebra-fractions.po",
            ],
        ),
        (
            "maths-geometry",
            "Geometry",
            "Default for Maths/Geometry",
            1,
            [
                "content/maths-geometry.yaml",
                "locales/maths-geometry.pot",
                "locales/ur/LC_MESSAGES/maths-geometry.po",
            ],
        ),
    ]
    assert report["files"] == [file for quiz in report["quizzes"] for file in quiz["files"]]
    assert [(locale["quiz"], locale["translations"]) for locale in report["locales"]] == [
        ("maths-algebra", 4),
        ("maths-algebra-fractions", 6),
        ("maths-geometry", 4),
    ]
    text = run_quizkit_in_process(
        project, "import", "bank.xml", "--quiz", "maths", "--quiz-per-category", "--dry-run"
    )
    assert text.stdout.splitlines()[-1] == (
        "dry run: would write content/maths-algebra.yaml, locales/maths-algebra.pot, "
        "locales/ur/LC_MESSAGES/maths-algebra.po, content/maths-algebra-fractions.yaml, "
        "locales/maths-algebra-fractions.pot, locales/ur/LC_MESSAGES/maths-algebra-fractions.po, "
        "content/maths-geometry.yaml, locales/maths-geometry.pot, locales/ur/LC_MESSAGES/maths-geometry.po"
    )
    assert snapshot(project) == before


def test_one_existing_quiz_of_the_split_stops_the_whole_import(tmp_path: Path) -> None:
    project = project_with(tmp_path, "bank.xml", MOODLE_BANK)
    (project / "content/maths-geometry.yaml").write_text("kept: as it was\n", encoding="utf-8")
    before = snapshot(project)
    result = run_quizkit_in_process(project, "import", "bank.xml", "--quiz", "maths", "--quiz-per-category")
    assert (result.returncode, result.stderr) == (
        1,
        "error[exists]: content/maths-geometry.yaml already exists; use --force to overwrite it\n",
    )
    assert snapshot(project) == before


# --- GIFT --------------------------------------------------------------------------------------------


def test_a_gift_bank_becomes_a_quiz_per_category_with_colliding_ids_numbered(tmp_path: Path) -> None:
    project = project_with(tmp_path, "bank.gift", GIFT_BANK)
    result = run_quizkit_in_process(project, "import", "bank.gift", "--quiz", "geo", "--quiz-per-category")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines()[:9] == [
        "bank.gift (gift): 4 questions imported, 0 drafts",
        "0 issues",
        "note: categories 'Default for Maths/Geometry/Unit 1: Angles' and 'Default for Maths/Geometry/Unit 1 – "
        "Angles' both make the quiz id geo-unit-1-angles: the second is geo-unit-1-angles-2",
        "note: bank.gift: each quiz's title is its category's last name, its description the category's "
        "description or else the title, its level intermediate: change them in the quiz files",
        "4 quizzes, one per category:",
        "  geo: Geometry (category Default for Maths/Geometry): 1 question, 0 drafts",
        "    ur: 4 translations into locales/ur/LC_MESSAGES/geo.po",
        "  geo-circles: Circles (category Default for Maths/Geometry/Circles): 1 question, 0 drafts",
        "    ur: 4 translations into locales/ur/LC_MESSAGES/geo-circles.po",
    ]
    quizzes = {
        quiz: (quiz_file(project, quiz)["title"], [q["id"] for q in quiz_file(project, quiz)["questions"]])  # type: ignore[attr-defined]
        for quiz in ("geo", "geo-circles", "geo-unit-1-angles", "geo-unit-1-angles-2")
    }
    assert quizzes == {
        "geo": ("Geometry", ["triangle"]),
        "geo-circles": ("Circles", ["round"]),
        "geo-unit-1-angles": ("Unit 1: Angles", ["right-angle"]),
        "geo-unit-1-angles-2": ("Unit 1 – Angles", ["straight-angle"]),
    }
    assert urdu(project, "geo-circles") == {
        "geo-circles.title": "دائرے",
        "geo-circles.description": "دائرے",
        "geo-circles.questions.round.prompt": "دائرے کے کونے ہوتے ہیں۔",
        "geo-circles.questions.round.explanation": "یہ گول ہے۔",
    }
    assert urdu(project, "geo-unit-1-angles-2")["geo-unit-1-angles-2.title"] == "اکائی ۱ – زاویے"
    checked = run_quizkit_in_process(project, "update", "--check")
    assert (checked.returncode, checked.stdout) == (0, "templates and catalogs are up to date\n")


def test_a_page_has_no_categories_to_split_by(tmp_path: Path) -> None:
    project = project_with(tmp_path, "page.txt", "Q1. What is 2 + 2?\nA) 4\nB) 5\n")
    result = run_quizkit_in_process(
        project, "import", "page.txt", "--from", "page", "--quiz", "sums", "--quiz-per-category"
    )
    assert result.returncode == 2
    assert (
        "Invalid value for --quiz-per-category: a scraped page has no categories: it is one quiz"
        in result.stderr
    )


# --- ids -----------------------------------------------------------------------------------------------


def every_type() -> Quiz:
    _diagnostics, model = validate_file(EVERY_TYPE_QUIZ)
    assert isinstance(model, Quiz)
    return model


def _category(written: str) -> BankCategory:
    return bank_category(written, "bank", "en", Origin("bank.xml", 1), ("q1",))


@pytest.mark.parametrize(
    ("written", "path"),
    [
        ("$course$/top/Algebra/Fractions", ("Algebra", "Fractions")),
        ("$system$/top/Shared", ("Shared",)),
        ("$module$/Quiz bank", ("Quiz bank",)),
        ("$course$/top/Ratios 1//2/Halves", ("Ratios 1/2", "Halves")),
        ("Plain/Path", ("Plain", "Path")),
        # A tag's own ``/``, doubled as Moodle writes it or not, separates nothing.
        (f"$course$/top/Net/{spans('A', 'B')}", ("Net", spans("A", "B"))),
        (f"$course$/top/Net/{spans('A', 'B', '//')}", ("Net", spans("A", "B"))),
        ("$course$/top/Net/<b>Ratios 1//2</b>/Halves", ("Net", "<b>Ratios 1/2</b>", "Halves")),
    ],
)
def test_a_category_path_is_split_as_moodle_splits_it(written: str, path: tuple[str, ...]) -> None:
    assert category_path(written) == path


@pytest.mark.parametrize(
    ("name", "expected"),
    [("Fractions & Décimaux", "fractions-decimaux"), ("Unit 1: Angles", "unit-1-angles"), ("زاویے", "")],
)
def test_a_slug_is_the_latin_words_of_a_name(name: str, expected: str) -> None:
    assert slug(name) == expected


def test_quiz_ids_are_valid_unique_and_reported_when_made_up() -> None:
    categories = [
        _category("$course$/top/Course/Algebra"),
        _category("$course$/top/Course/algebra!"),
        _category("$course$/top/Course/الجبرا"),
        _category("$course$/top/Course/" + "Long name " * 10),
        _category("$course$/top/Course"),
    ]
    ids, notes = quiz_ids("maths", categories)
    assert ids == (
        "maths-algebra",
        "maths-algebra-2",
        "maths-category-3",
        "maths-long-name-long-name-long-name-long-name-long-name-long",
        "maths",
    )
    assert notes == (
        "categories 'Course/Algebra' and 'Course/algebra!' both make the quiz id maths-algebra: the second is "
        "maths-algebra-2",
        "category 'Course/الجبرا' has a name without Latin letters or digits to make its quiz id of: it is quiz "
        "maths-category-3",
    )


def test_a_bank_of_several_categories_too_large_for_one_quiz_is_told_to_split_by_category(
    project: Path,
) -> None:
    original = every_type()
    large = replace(original, description=replace(original.description, source="A long text. " * 90_000))
    halves = (
        _category("$course$/top/A"),
        _category("$course$/top/B"),
    )
    ids = [question.id for question in large.questions]
    categories = (
        replace(halves[0], questions=tuple(ids[:2])),
        replace(halves[1], questions=tuple(ids[2:])),
    )
    with pytest.raises(BankWriteError) as refused:
        plan_bank_import(
            load_config(project), ImportedBank(large, "en", (), categories=categories), "bank.xml"
        )
    assert str(refused.value).endswith(
        "nothing written. Import it with --quiz-per-category to make a quiz of each of its 2 categories"
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return fixture_project(tmp_path / "project", {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8")})


# --- all or nothing ------------------------------------------------------------------------------------

ARGUMENTS = ("import", "bank.xml", "--quiz", "maths", "--quiz-per-category")


def injected(project: Path, mode: str, at: int) -> tuple[int, str, list[tuple[str, ...]]]:
    """The import run with the fault injection of tests/fault_injection.py breaking write ``at``."""
    return run_with_fault(project, ARGUMENTS, mode, at, (ROOT,))


def test_every_quizs_catalogs_are_written_before_any_quiz_file(tmp_path: Path) -> None:
    project = project_with(tmp_path, "bank.xml", MOODLE_BANK)
    code, stderr, log = injected(project, "none", 0)
    assert code == 0, stderr
    written = [str(Path(target).relative_to(project.resolve())) for target in written_targets(log)]
    assert written == [
        "locales/maths-algebra.pot",
        "locales/ur/LC_MESSAGES/maths-algebra.po",
        "locales/maths-algebra-fractions.pot",
        "locales/ur/LC_MESSAGES/maths-algebra-fractions.po",
        "locales/maths-geometry.pot",
        "locales/ur/LC_MESSAGES/maths-geometry.po",
        "content/maths-algebra.yaml",
        "content/maths-algebra-fractions.yaml",
        "content/maths-geometry.yaml",
    ]


@pytest.mark.parametrize("at", [4, 9])  # a later quiz's catalog; the last quiz file
@pytest.mark.parametrize("mode", RAISING_MODES[:1])
def test_a_failed_write_puts_back_every_file_of_every_quiz(tmp_path: Path, mode: str, at: int) -> None:
    project = project_with(tmp_path, "bank.xml", MOODLE_BANK)
    before = snapshot(project)
    code, stderr, log = injected(project, mode, at)
    assert [event[1] for event in log if event[0] == "fault"] == [str(at)]
    assert code == 1 and "Traceback" not in stderr, stderr
    assert snapshot(project) == before
    again = run_quizkit(project, *ARGUMENTS)
    assert again.returncode == 0, again.stderr


# --- round trip ------------------------------------------------------------------------------------------


def _questions(quiz: Quiz) -> list[object]:
    """A quiz's questions in the source language and each text's translations, its id left out of keys."""
    return [
        (with_texts(question, lambda text: text.source), [sorted(text.imported) for text in question.texts()])
        for question in quiz.questions
    ]


def test_two_quizzes_exported_together_come_back_as_two_quizzes(tmp_path: Path) -> None:
    """every-type and a shipped quiz, with their Urdu, exported to Moodle XML; the two multilang files as one
    bank (as Moodle's export of a course bank holding both categories writes them), imported with the option:
    each quiz comes back with the same questions, answers and languages."""
    shipped = "data-parallel"
    original = fixture_project(
        tmp_path / "original",
        {
            "every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8"),
            shipped: (ROOT / "content" / f"{shipped}.yaml").read_text(encoding="utf-8"),
        },
    )
    shutil.copy(
        ROOT / f"locales/ur/LC_MESSAGES/{shipped}.po", original / f"locales/ur/LC_MESSAGES/{shipped}.po"
    )
    assert run_quizkit_in_process(original, "update").returncode == 0
    translate(original / "locales/ur/LC_MESSAGES/every-type.po", every_type_urdu())
    exported = run_quizkit_in_process(original, "export", "-f", "moodle", "--no-checks")
    assert exported.returncode == 0, exported.stdout + exported.stderr
    bodies = [
        (original / f"dist/moodle/{quiz}/multilang.xml").read_text(encoding="utf-8").split("<quiz>", 1)[1]
        for quiz in ("every-type", shipped)
    ]
    bank = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>'
        + "".join(body.rsplit("</quiz>", 1)[0] for body in bodies)
        + "</quiz>\n"
    )

    fresh = project_with(tmp_path / "fresh", "bank.xml", bank)
    imported = run_quizkit_in_process(fresh, "import", "bank.xml", "--quiz", "back", "--quiz-per-category")
    assert imported.returncode == 0, imported.stdout + imported.stderr
    assert "2 quizzes, one per category:" in imported.stdout
    validated = run_quizkit_in_process(fresh, "validate")
    assert validated.returncode == 0, validated.stdout + validated.stderr
    again = run_quizkit_in_process(fresh, "export", "-f", "moodle", "--no-checks")
    assert again.returncode == 0, again.stdout + again.stderr

    from toolkit.importing.bank import BankRequest
    from toolkit.importing.moodle_bank import MoodleXmlReader

    for quiz, back in (("every-type", "back-every-type"), (shipped, f"back-{shipped}")):
        before = MoodleXmlReader.read(
            BankRequest(original / f"dist/moodle/{quiz}/multilang.xml", "multilang.xml", "x", "en")
        )
        after = MoodleXmlReader.read(
            BankRequest(fresh / f"dist/moodle/{back}/multilang.xml", "multilang.xml", "x", "en")
        )
        assert _questions(after.quiz) == _questions(before.quiz), quiz
        assert after.locales == before.locales == ("ur",)


def test_a_category_title_has_the_quiz_title_key() -> None:
    made = bank_category(category(ALGEBRA, FRACTIONS), "maths", "en", Origin("bank.xml", 4))
    assert made.path == ("Default for Maths", "Algebra", "Fractions")
    assert made.title == Text("maths.title", "Fractions", Origin("bank.xml", 4), imported=(("ur", "کسور"),))


def test_questions_in_no_category_are_the_quiz_id_and_leave_the_shared_path_alone() -> None:
    categories = [
        _category(""),
        _category("$course$/top/Course/Algebra"),
        _category("$course$/top/Course/Geometry"),
    ]
    assert quiz_ids("maths", categories) == (("maths", "maths-algebra", "maths-geometry"), ())


def test_a_bank_without_categories_is_one_quiz_with_the_option_and_the_report_says_so(tmp_path: Path) -> None:
    aiken = "What does each GPU hold?\nA) A full copy\nB) A slice\nANSWER: A\n"
    project = project_with(tmp_path, "bank.txt", aiken)
    result = run_quizkit_in_process(
        project, "import", "bank.txt", "--from", "aiken", "--quiz", "gpu", "--quiz-per-category"
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert (
        "note: bank.txt: no category holds an imported question, so --quiz-per-category made one quiz\n"
        in result.stdout
    )
    assert (project / "content/gpu.yaml").exists()


# --- packages ------------------------------------------------------------------------------------------

CARTRIDGE_MANIFEST = """<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1">
  <resources>
    <resource identifier="rivers" type="imsqti_xmlv1p2/imscc_xmlv1p1/assessment">
      <file href="rivers/assessment.xml"/>
    </resource>
    <resource identifier="mountains" type="imsqti_xmlv1p2/imscc_xmlv1p1/assessment">
      <file href="mountains/assessment.xml"/>
    </resource>
  </resources>
</manifest>
"""
ASSESSMENT = QTI12_ASSESSMENT.replace("{item_ident}", "{item}")


def test_a_cartridge_of_two_assessments_becomes_a_quiz_per_assessment(tmp_path: Path) -> None:
    """A Common Cartridge holding two quizzes (Moodle's cartridge writer, backup/cc/cc_lib, writes one
    assessment resource per quiz): each assessment is a "category", titled as the cartridge titles it."""
    project = project_with(tmp_path, "unused.txt", "")
    rivers = ASSESSMENT.format(
        ident="rivers",
        title="Rivers",
        item="nile",
        prompt="Longest?",
        right="Nile",
        wrong="Thames",
        why="6,650 km.",
    )
    mountains = ASSESSMENT.format(
        ident="mountains",
        title="Mountains",
        item="everest",
        prompt="Highest?",
        right="Everest",
        wrong="K2",
        why="8,849 m.",
    )
    with zipfile.ZipFile(project / "course.imscc", "w") as archive:
        archive.writestr("imsmanifest.xml", CARTRIDGE_MANIFEST)
        archive.writestr("rivers/assessment.xml", rivers)
        archive.writestr("mountains/assessment.xml", mountains)
    plain = run_quizkit_in_process(project, "import", "course.imscc", "--quiz", "geo", "--dry-run")
    assert "note: the package holds 2 assessments; their questions are one quiz now\n" in plain.stdout
    assert (
        "note: course.imscc: its questions come from 2 categories ('Rivers', 'Mountains'), all in quiz geo; "
        "import with --quiz-per-category to make a quiz of each\n"
    ) in plain.stdout
    result = run_quizkit_in_process(project, "import", "course.imscc", "--quiz", "geo", "--quiz-per-category")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "one quiz now" not in result.stdout
    assert [line for line in result.stdout.splitlines() if line.startswith("  geo")] == [
        "  geo-rivers: Rivers (category Rivers): 1 question, 0 drafts",
        "  geo-mountains: Mountains (category Mountains): 1 question, 0 drafts",
    ]
    assert [question["id"] for question in quiz_file(project, "geo-rivers")["questions"]] == ["nile"]  # type: ignore[attr-defined]
    assert [question["id"] for question in quiz_file(project, "geo-mountains")["questions"]] == ["everest"]  # type: ignore[attr-defined]


def cartridge_with_bank(project: Path, bank_title: str | None) -> None:
    """tests/importing/qti12/cartridge-with-bank (a quiz and the course's question bank) as course.imscc,
    its ``<objectbank>`` titled ``bank_title`` (untitled for None)."""
    folder = ROOT / "tests/importing/qti12/cartridge-with-bank"
    with zipfile.ZipFile(project / "course.imscc", "w") as archive:
        for member in sorted(folder.rglob("*")):
            if member.is_file():
                data = member.read_text(encoding="utf-8")
                if member.name == "questionbank.xml":
                    data = data.replace(
                        ' title="Course pool"', f' title="{bank_title}"' if bank_title else ""
                    )
                archive.writestr(member.relative_to(folder).as_posix(), data)


@pytest.mark.parametrize(
    ("bank_title", "quiz"), [("Course pool", "unit-course-pool"), (None, "unit-question-bank")]
)
def test_a_cartridges_question_bank_is_a_quiz_titled_by_the_bank_and_its_note_says_so(
    tmp_path: Path, bank_title: str | None, quiz: str
) -> None:
    """R3: split by category, a cartridge's question bank was a quiz titled with its file's name
    (``questionbank.xml``) and its note said its questions were "in this quiz too"."""
    project = project_with(tmp_path, "unused.txt", "")
    cartridge_with_bank(project, bank_title)
    result = run_quizkit_in_process(
        project, "import", "course.imscc", "--quiz", "unit", "--quiz-per-category"
    )
    assert result.returncode == 0, result.stdout + result.stderr
    title = bank_title or "Question bank"
    assert (
        "note: course.imscc/QB_1/questionbank.xml is a question bank (the course's pool of questions), not a "
        f"quiz: its 2 questions are a quiz of their own (category {title!r}); delete that quiz if no quiz should "
        "ask them\n"
    ) in result.stdout
    assert "too" not in result.stdout
    assert [line for line in result.stdout.splitlines() if line.startswith("  unit")] == [
        "  unit-unit-quiz: Unit quiz (category Unit quiz): 1 question, 0 drafts",
        f"  {quiz}: {title} (category {title}): 2 questions, 0 drafts",
    ]
    assert quiz_file(project, quiz)["title"] == title
    # One quiz, the bank's questions are the quiz's too, as before.
    plain = run_quizkit_in_process(project, "import", "course.imscc", "--quiz", "unit", "--dry-run")
    assert "its 2 questions are in this quiz too, in the manifest's order" in plain.stdout


def test_each_quizs_catalog_is_prefilled_from_the_others_as_update_would(tmp_path: Path) -> None:
    """A text one category's question translates and another's (with no translation in the bank) repeats:
    quizkit update pre-fills the second from the first once both catalogs exist, so the import does too,
    and an update right after it changes nothing."""
    untranslated = """  <question type="truefalse">
    <name><text>again</text></name>
    <questiontext format="html"><text>Is a half more than a third?</text></questiontext>
    <generalfeedback format="html"><text>Three sixths against two.</text></generalfeedback>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
"""
    bank = MOODLE_BANK.replace(
        "</quiz>", moodle_category(category(("Review", "دہرائی"))) + untranslated + "</quiz>"
    )
    project = project_with(tmp_path, "bank.xml", bank)
    result = run_quizkit_in_process(project, "import", "bank.xml", "--quiz", "maths", "--quiz-per-category")
    assert result.returncode == 0, result.stdout + result.stderr
    review = polib.pofile(str(project / "locales/ur/LC_MESSAGES/maths-review.po"))
    prompt = review.find("maths-review.questions.again.prompt", by="msgctxt")
    assert prompt is not None
    assert (prompt.msgstr, prompt.fuzzy) == ("کیا آدھا ایک تہائی سے زیادہ ہے؟", True)
    checked = run_quizkit_in_process(project, "update", "--check")
    assert (checked.returncode, checked.stdout) == (0, "templates and catalogs are up to date\n")


def test_a_category_too_large_for_one_quiz_is_refused_by_name(project: Path) -> None:
    original = every_type()
    large = replace(
        original,
        id="maths-algebra",
        description=replace(original.description, source="A long text. " * 90_000),
    )
    algebra = replace(
        _category("$course$/top/Course/Algebra"), questions=tuple(q.id for q in large.questions)
    )
    with pytest.raises(BankWriteError) as refused:
        plan_bank_imports(
            load_config(project),
            [ImportedBank(large, "en", (), categories=(algebra,))],
            "bank.xml",
            by_category=True,
        )
    message = str(refused.value)
    assert message.startswith(
        "bank.xml: the category Course/Algebra is too large for one quiz (maths-algebra): "
    )
    assert message.endswith(
        "nothing written. Split it where the bank was made (into subcategories, or smaller quizzes), export the "
        "bank again and import it again"
    )


def one_language(bank: str, locale: str) -> str:
    """The multilang bank as Moodle exports it for one language's readers: each span's text in that
    language, the others' gone (as a bank kept one file per language is)."""
    return re.sub(
        r'<span lang="(en|ur)" class="multilang">(.*?)</?/span>',
        lambda match: match.group(2) if match.group(1) == locale else "",
        bank,
    )


def test_one_file_per_language_gives_each_quiz_its_title_and_description_in_each_language(
    tmp_path: Path,
) -> None:
    project = project_with(tmp_path, "en.xml", one_language(MOODLE_BANK, "en"))
    (project / "ur.xml").write_text(one_language(MOODLE_BANK, "ur"), encoding="utf-8")
    result = run_quizkit_in_process(
        project, "import", "en.xml", "--locale", "ur", "ur.xml", "--quiz", "maths", "--quiz-per-category"
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert urdu(project, "maths-algebra") == {
        "maths-algebra.title": "الجبرا",
        "maths-algebra.description": "مساوات اور نامعلوم۔",
        "maths-algebra.questions.x-plus-one.prompt": "کیا x + 1 ، x سے بڑا ہے؟",
        "maths-algebra.questions.x-plus-one.explanation": "ایک زیادہ، زیادہ ہے۔",
    }
    assert urdu(project, "maths-geometry")["maths-geometry.title"] == "جیومیٹری"


def test_questions_in_no_category_and_the_shared_category_are_told_apart() -> None:
    categories = [_category(""), _category("$course$/top/Course")]
    assert quiz_ids("maths", categories) == (
        ("maths", "maths-2"),
        (
            "categories (the questions in no category) and 'Course' both make the quiz id maths: the second is maths-2",
        ),
    )


def test_each_quiz_is_written_as_a_one_quiz_import_of_its_category_writes_it(tmp_path: Path) -> None:
    split = project_with(tmp_path / "split", "bank.xml", MOODLE_BANK)
    assert (
        run_quizkit_in_process(
            split, "import", "bank.xml", "--quiz", "maths", "--quiz-per-category"
        ).returncode
        == 0
    )
    start = MOODLE_BANK.index(
        '  <question type="category">\n    <category><text><![CDATA[$course$/top/Default for Maths/<span lang="en" class="multilang">Geometry'
    )
    alone = project_with(
        tmp_path / "alone",
        "bank.xml",
        '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n' + MOODLE_BANK[start:],
    )
    assert run_quizkit_in_process(alone, "import", "bank.xml", "--quiz", "maths-geometry").returncode == 0
    for name in (
        "content/maths-geometry.yaml",
        "locales/maths-geometry.pot",
        "locales/ur/LC_MESSAGES/maths-geometry.po",
    ):
        written = [
            line for line in (split / name).read_text(encoding="utf-8").splitlines() if "-Date:" not in line
        ]
        expected = [
            line for line in (alone / name).read_text(encoding="utf-8").splitlines() if "-Date:" not in line
        ]
        assert written == expected, name


def test_a_draft_stands_where_it_stood_among_its_categorys_questions(tmp_path: Path) -> None:
    """A draft's place (ImportIssue.position) counts the whole questions before it in the bank; in a quiz of
    its category it counts those of its category, so it is not put after them all or too early."""
    from toolkit.importing.bank import BankRequest
    from toolkit.importing.bank_categories import split_by_category
    from toolkit.importing.bank_readers import load_reader
    from toolkit.importing.bank_writing import quiz_yaml

    bank = tmp_path / "bank.gift"
    bank.write_text(
        "$CATEGORY: $course$/top/Alpha\n\n::a1:: Is one odd? {T####Yes, one is odd.}\n\n"
        "::a2:: Is two odd? {F####No.}\n\n$CATEGORY: $course$/top/Beta\n\n::b1:: Is three odd? {T####Yes.}\n\n"
        "::b2:: Is four odd? {F}\n\n::b3:: Is five odd? {T####Yes.}\n",
        encoding="utf-8",
    )
    read = load_reader("gift").read(BankRequest(bank, "bank.gift", "odd", "en", {}, True))
    orders = {}
    for part in split_by_category(read, "bank.gift").quizzes:
        drafts = [issue for issue in part.bank.issues if issue.draft is not None]
        written = yaml.safe_load(quiz_yaml(part.bank.quiz, "bank.gift", drafts))
        orders[part.bank.quiz.id] = [question["id"] for question in written["questions"]]
    assert orders == {"odd-alpha": ["a1", "a2"], "odd-beta": ["b1", "b2", "b3"]}
