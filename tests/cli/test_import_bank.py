"""``quizkit import`` of a bank (toolkit/cli/import_bank.py): ``--locale XX FILE`` beside the page
import's ``--locale XX``, a bank's language given without its file, and ``--force``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support import fixture_project, run_quizkit_in_process, snapshot

from toolkit.cli.import_bank import paired_locales

BANK = "What does each GPU hold?\nA) A full copy\nB) A slice\nANSWER: A\n"


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        # A file after the language, and the file to import elsewhere: a bank's translation.
        ("bank.txt --locale ur bank.ur.txt --quiz x", "bank.txt --translation ur bank.ur.txt --quiz x"),
        ("--locale=ur bank.ur.txt bank.txt", "--translation ur bank.ur.txt bank.txt"),
        (
            "bank.txt --locale ur ur.txt --locale ar ar.txt",
            "bank.txt --translation ur ur.txt --translation ar ar.txt",
        ),
        # The only file on the line is the one to import: --locale is a page's catalog language.
        ("--locale ur page.txt --quiz x", "--locale ur page.txt --quiz x"),
        ("page.txt --locale ur", "page.txt --locale ur"),
        ("page.txt --locale ur --dry-run", "page.txt --locale ur --dry-run"),
        # Values of the other options are never taken for files.
        ("--quiz x --locale ur --from aiken bank.txt", "--quiz x --locale ur --from aiken bank.txt"),
    ],
)
def test_a_locale_with_a_file_after_it_is_a_translation(arguments: str, expected: str) -> None:
    assert paired_locales(arguments.split()) == expected.split()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = fixture_project(tmp_path / "project", {})
    (root / "bank.txt").write_text(BANK, encoding="utf-8")
    return root


def test_a_banks_language_without_its_file_is_a_usage_error(project: Path) -> None:
    before = snapshot(project)
    result = run_quizkit_in_process(project, "import", "bank.txt", "--quiz", "gpu", "--locale", "ur")
    assert result.returncode == 2
    assert (
        "Invalid value for --locale: give the file of ur after it (--locale ur FILE): a bank's languages come "
        "from the bank, or from one file per language" in result.stderr
    )
    assert snapshot(project) == before


def test_a_missing_translation_file_is_a_usage_error(project: Path) -> None:
    result = run_quizkit_in_process(
        project, "import", "bank.txt", "--locale", "ur", "gone.txt", "--quiz", "gpu"
    )
    assert result.returncode == 2
    assert "Invalid value for --locale: gone.txt does not exist" in result.stderr


def test_an_import_is_not_written_over_without_force(project: Path) -> None:
    first = run_quizkit_in_process(project, "import", "bank.txt", "--quiz", "gpu")
    assert first.returncode == 0, first.stderr
    (project / "bank.txt").write_text(BANK.replace("A slice", "A layer"), encoding="utf-8")
    before = snapshot(project)
    dry = run_quizkit_in_process(project, "import", "bank.txt", "--quiz", "gpu", "--dry-run")
    assert dry.stdout.splitlines()[-2:] == [
        "dry run: would write content/gpu.yaml",
        "  existing, replaced only with --force: content/gpu.yaml",
    ]
    again = run_quizkit_in_process(project, "import", "bank.txt", "--quiz", "gpu")
    assert (again.returncode, again.stderr) == (
        1,
        "error[exists]: content/gpu.yaml already exists; use --force to overwrite it\n",
    )
    assert snapshot(project) == before
    forced = run_quizkit_in_process(project, "import", "bank.txt", "--quiz", "gpu", "--force")
    assert forced.returncode == 0, forced.stderr
    assert "A layer" in (project / "content" / "gpu.yaml").read_text(encoding="utf-8")


def test_a_missing_bank_names_the_file(project: Path) -> None:
    result = run_quizkit_in_process(project, "import", "gone.txt", "--quiz", "gpu")
    assert (result.returncode, result.stderr) == (1, "gone.txt: error[import]: No such file or directory\n")


@pytest.mark.parametrize("locale", ["fr", "../../x"])
def test_a_translation_into_a_language_the_project_lacks_is_a_usage_error(project: Path, locale: str) -> None:
    (project / "bank.other.txt").write_text(BANK, encoding="utf-8")
    before = snapshot(project)
    result = run_quizkit_in_process(
        project, "import", "bank.txt", "--locale", locale, "bank.other.txt", "--quiz", "gpu"
    )
    assert result.returncode == 2
    assert result.stderr.endswith(
        f"Invalid value for --locale: {locale} is not a target locale of this project (configured: ur); add it "
        f"first with quizkit add-locale {locale}\n"
    )
    assert snapshot(project) == before


@pytest.mark.parametrize(
    "arguments",
    [("bank.txt", "--locale", "en", "bank.other.txt"), ("bank.txt", "--locale", "EN", "bank.other.txt")],
    ids=["bank", "bank-other-case"],
)
def test_the_source_locale_as_a_translation_says_it_is_the_files_own(
    project: Path, arguments: tuple[str, ...]
) -> None:
    """Not "add it first with quizkit add-locale": the source locale is no target locale to add."""
    (project / "bank.other.txt").write_text(BANK, encoding="utf-8")
    before = snapshot(project)
    result = run_quizkit_in_process(project, "import", *arguments, "--quiz", "gpu")
    assert result.returncode == 2
    given = arguments[2]
    assert result.stderr.endswith(
        f"Invalid value for --locale: {given} is the project's source locale, the language of FILE itself; "
        "--locale names a language to translate into (target locales: ur)\n"
    )
    assert snapshot(project) == before


@pytest.mark.parametrize(
    ("quiz_id", "message"),
    [
        (
            "Bad_Id",
            "'Bad_Id' is not a quiz id: use lowercase letters and digits in words joined by hyphens, starting "
            "with a letter, at most 64 characters (--quiz bad-id)",
        ),
        (
            "2024",
            "'2024' is not a quiz id: use lowercase letters and digits in words joined by hyphens, starting "
            "with a letter, at most 64 characters",
        ),
        ("ui", "'ui' is reserved for the interface messages' catalog: choose another id"),
    ],
)
def test_a_quiz_id_that_names_no_quiz_says_why(project: Path, quiz_id: str, message: str) -> None:
    before = snapshot(project)
    result = run_quizkit_in_process(project, "import", "bank.txt", "--quiz", quiz_id)
    assert (result.returncode, result.stderr.splitlines()[-1]) == (
        2,
        f"Error: Invalid value for --quiz: {message}",
    )
    assert snapshot(project) == before


ONLY_CALCULATED = """\
<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="calculatedsimple">
    <name><text>batch-size</text></name>
    <questiontext format="html"><text><![CDATA[<p>With {b} samples on each of {w} GPUs?</p>]]></text></questiontext>
    <answer fraction="100"><text>{b}*{w}</text><tolerance>0.01</tolerance></answer>
  </question>
</quiz>
"""
CALCULATED_ISSUE = (
    "a calculated question draws its numbers from a formula; quizkit has no such question; left out"
)
NO_METADATA_NOTE = (
    "the bank has no quiz title, description or level: the title is the quiz id, 'calc', the description "
    "repeats the title, the level is intermediate; change them in the quiz file"
)
NOTHING_IMPORTED = "no question could be imported (see the issues listed); nothing written"


@pytest.mark.parametrize("dry_run", [(), ("--dry-run",)], ids=["import", "dry-run"])
def test_a_bank_with_nothing_to_import_shows_why_before_it_is_refused(
    project: Path, dry_run: tuple[str, ...]
) -> None:
    (project / "onlycalc.xml").write_text(ONLY_CALCULATED, encoding="utf-8")
    before = snapshot(project)
    result = run_quizkit_in_process(project, "import", "onlycalc.xml", "--quiz", "calc", *dry_run)
    assert (result.returncode, result.stdout.splitlines(), result.stderr) == (
        1,
        [
            "onlycalc.xml (moodle): 0 questions imported, 0 drafts",
            "1 issue",
            f"  onlycalc.xml:3: batch-size: {CALCULATED_ISSUE}",
            f"note: {NO_METADATA_NOTE}",
        ],
        # The bank is the error's file, as in every diagnostic (path: severity[code]: message).
        f"onlycalc.xml: error[import]: {NOTHING_IMPORTED}\n",
    )
    assert snapshot(project) == before


def test_a_bank_with_nothing_to_import_gives_its_report_and_the_error_in_json(project: Path) -> None:
    (project / "onlycalc.xml").write_text(ONLY_CALCULATED, encoding="utf-8")
    before = snapshot(project)
    result = run_quizkit_in_process(project, "import", "onlycalc.xml", "--quiz", "calc", "--format", "json")
    assert result.returncode == 1
    assert json.loads(result.stdout) == {
        "ok": False,
        "bank": "onlycalc.xml",
        "format": "moodle",
        "quiz": "calc",
        "source_locale": "en",
        "questions": 0,
        "drafts": 0,
        "issues": [
            {
                "file": "onlycalc.xml",
                "line": 3,
                "question": "batch-size",
                "reason": CALCULATED_ISSUE,
                "draft": False,
            }
        ],
        "notes": [NO_METADATA_NOTE],
        "locales": [],
        "files": [],
        "existing": [],
        "written": False,
        # The bank is the error's file, not only words of its message.
        "error": {"code": "import", "file": "onlycalc.xml", "line": None, "message": NOTHING_IMPORTED},
        "by_category": False,
        "quizzes": [],
    }
    assert snapshot(project) == before


GIFT_BANK = "::gpu::What does each GPU hold?{=A full copy ~A slice ####Each GPU holds the whole model.}\n"
GIFT_URDU = "::gpu::ہر GPU کیا رکھتا ہے؟{=پوری نقل ~ایک حصہ ####ہر GPU پورا ماڈل رکھتا ہے۔}\n"


@pytest.mark.parametrize(
    ("inside", "named"),
    [(True, "banks/ml.gift"), (False, "ml.gift")],
    ids=["inside-the-project", "outside-it"],
)
def test_the_written_files_name_the_bank_the_same_from_any_folder(
    tmp_path: Path, project: Path, inside: bool, named: str
) -> None:
    banks = project / "banks" if inside else tmp_path / "elsewhere" / "banks"
    banks.mkdir(parents=True)
    (banks / "ml.gift").write_text(GIFT_BANK, encoding="utf-8")
    (banks / "ml.ur.gift").write_text(GIFT_URDU, encoding="utf-8")
    for folder, quiz in ((project, "from-root"), (project / "content", "from-content")):
        result = run_quizkit_in_process(
            folder,
            "import",
            str(banks / "ml.gift"),
            "--locale",
            "ur",
            str(banks / "ml.ur.gift"),
            "--quiz",
            quiz,
        )
        assert result.returncode == 0, result.stderr
        yaml_text = (project / "content" / f"{quiz}.yaml").read_text(encoding="utf-8")
        assert yaml_text.splitlines()[1] == f"# Imported by quizkit import from {named}."
        catalog = (project / "locales" / "ur" / "LC_MESSAGES" / f"{quiz}.po").read_text(encoding="utf-8")
        comments = {line for line in catalog.splitlines() if line.startswith("# Imported from")}
        assert comments == {
            f"# Imported from {named.replace('ml.gift', 'ml.ur.gift')}; translated there, not reviewed in quizkit."
        }


def test_after_an_import_the_template_and_catalogs_are_what_update_makes(project: Path) -> None:
    # The first bank brings Urdu; the second, the same questions in English only, has its catalog
    # pre-filled from the first one's translations, as quizkit update pre-fills it from the memory.
    assert run_quizkit_in_process(project, "update").returncode == 0
    (project / "ml.gift").write_text(GIFT_BANK, encoding="utf-8")
    (project / "ml.ur.gift").write_text(GIFT_URDU, encoding="utf-8")
    first = run_quizkit_in_process(
        project, "import", "ml.gift", "--locale", "ur", "ml.ur.gift", "--quiz", "first"
    )
    assert first.returncode == 0, first.stderr
    second = run_quizkit_in_process(project, "import", "ml.gift", "--quiz", "second")
    assert second.returncode == 0, second.stderr
    assert second.stdout.splitlines()[-2:] == [
        "ur: 0 translations into locales/ur/LC_MESSAGES/second.po",
        "wrote content/second.yaml, locales/second.pot, locales/ur/LC_MESSAGES/second.po",
    ]
    catalog = (project / "locales" / "ur" / "LC_MESSAGES" / "second.po").read_text(encoding="utf-8")
    # The first bank's translation, which nobody has reviewed, says so (docs/memory.md).
    assert (
        "# quizkit memory: 100% from first.questions.gpu.prompt (first/ur), an unreviewed translation imported "
        "from ml.ur.gift\n"
        "#. Question 1 of 1 (one correct answer).\n"
        "#: content/second.yaml\n"
        "#, fuzzy\n"
        'msgctxt "second.questions.gpu.prompt"\n'
        'msgid "What does each GPU hold?"\n'
        'msgstr "ہر GPU کیا رکھتا ہے؟"\n'
    ) in catalog
    checked = run_quizkit_in_process(project, "update", "--check")
    assert (checked.returncode, checked.stdout) == (0, "templates and catalogs are up to date\n")
    status = run_quizkit_in_process(project, "status")
    assert status.returncode == 0, status.stderr
    rows = [line.split()[:3] for line in status.stdout.splitlines()[1:]]
    assert rows == [
        ["ur", "first", "4/6"],
        ["ur", "second", "0/6"],
        ["ur", "ui", "44/44"],
    ]


MOODLE_QUESTION = """\
  <question type="multichoice">
    <name><text>q{n}</text></name>
    <questiontext format="html"><text>Which number is {n}, among the numbers this question lists?</text></questiontext>
    <generalfeedback format="html"><text>It is {n}; the other one is not.</text></generalfeedback>
    <single>true</single>
    <answer fraction="100"><text>{n}</text></answer>
    <answer fraction="0"><text>{other}</text></answer>
  </question>
"""


def test_a_bank_too_large_for_one_quiz_is_refused_with_what_to_do(project: Path) -> None:
    questions = "".join(MOODLE_QUESTION.format(n=n, other=n + 1) for n in range(1, 5001))
    (project / "mid.xml").write_text(f'<?xml version="1.0"?>\n<quiz>\n{questions}</quiz>\n', encoding="utf-8")
    before = snapshot(project)
    result = run_quizkit_in_process(project, "import", "mid.xml", "--quiz", "mid")
    assert (result.returncode, result.stdout) == (1, "")
    size = re.fullmatch(
        r"error\[import\]: mid\.xml is too large for one quiz: its quiz YAML would be ([0-9,]+) .*\n",
        result.stderr,
        re.DOTALL,
    )
    assert size is not None, result.stderr
    assert int(size.group(1).replace(",", "")) > 1024 * 1024
    assert result.stderr == (
        f"error[import]: mid.xml is too large for one quiz: its quiz YAML would be {size.group(1)} bytes, and "
        "quizkit reads quiz files of at most 1,048,576 bytes; nothing written. Split the bank and import "
        "each part as its own quiz (a GIFT or Moodle bank split into categories is imported as a quiz per "
        "category with --quiz-per-category)\n"
    )
    assert snapshot(project) == before


def test_the_source_locale_is_no_translation_even_where_one_target_shares_its_language(
    tmp_path: Path,
) -> None:
    """``--locale pt FILE`` in a ``pt`` project with the one target ``pt_BR``: ``pt`` is the source, not
    that target's bare language (as a bank's ``pt`` span would be for a project without a ``pt``)."""
    project = fixture_project(tmp_path / "project", {})
    (project / "quizkit.toml").write_text(
        'source-locale = "pt"\ntarget-locales = ["pt_BR"]\n', encoding="utf-8"
    )
    (project / "bank.txt").write_text(BANK, encoding="utf-8")
    (project / "bank.other.txt").write_text(BANK, encoding="utf-8")
    before = snapshot(project)
    result = run_quizkit_in_process(
        project, "import", "bank.txt", "--locale", "pt", "bank.other.txt", "--quiz", "gpu", "--dry-run"
    )
    assert result.returncode == 2
    assert (
        "Invalid value for --locale: pt is the project's source locale, the language of FILE itself; --locale "
        "names a language to translate into (target locales: pt_BR)" in result.stderr
    )
    assert snapshot(project) == before
