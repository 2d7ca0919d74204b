"""A bank in another language than the project's source (toolkit/importing/source_language.py), through
``quizkit import``: the Urdu file of a bank, quizkit's own Urdu exports, a package whose items say they
are in Urdu are refused, saying which file to import and how (nothing written), unless ``--force``;
``--source-locale`` must name the project's source locale (review 39, finding 5)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from support import (
    EVERY_TYPE_QUIZ,
    every_type_urdu,
    fixture_project,
    run_quizkit_in_process,
    snapshot,
    translate,
)

URDU_AIKEN = """\
ہر GPU کیا رکھتا ہے؟
A) ماڈل کی پوری نقل
B) تہوں کا ایک حصہ
ANSWER: A
"""
ENGLISH_AIKEN = """\
What does each GPU hold?
A) A full copy of the model
B) A slice of the layers
ANSWER: A
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    project = fixture_project(tmp_path / "project", {})
    (project / "gpu.ur.txt").write_text(URDU_AIKEN, encoding="utf-8")
    (project / "gpu.txt").write_text(ENGLISH_AIKEN, encoding="utf-8")
    return project


@pytest.fixture(scope="module")
def urdu_exports(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """quizkit's own exports of the every-type quiz with its Urdu: dist/<format>/every-type/ur.*"""
    root = fixture_project(
        tmp_path_factory.mktemp("exports") / "project",
        {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8")},
    )
    assert run_quizkit_in_process(root, "update").returncode == 0
    translate(root / "locales/ur/LC_MESSAGES/every-type.po", every_type_urdu())
    exported = run_quizkit_in_process(root, "export", "-f", "gift,moodle,canvas,cc", "--no-checks")
    assert exported.returncode == 0, exported.stdout + exported.stderr
    return root / "dist"


def test_the_urdu_file_of_a_bank_is_refused_as_the_source(project: Path) -> None:
    before = snapshot(project)
    result = run_quizkit_in_process(project, "import", "gpu.ur.txt", "--quiz", "gpu")
    assert (result.returncode, result.stderr) == (
        1,
        "gpu.ur.txt: error[import]: most of the bank's texts are in Arabic script, and the project's source "
        "locale en is written in Latin: the quiz file holds the en texts. Import the bank written in en with "
        "this one as its translation: --locale ur gpu.ur.txt; or, if these texts are the source, import again "
        "with --force\n",
    )
    assert snapshot(project) == before


def test_with_force_the_bank_is_imported_as_the_source_with_a_note(project: Path) -> None:
    result = run_quizkit_in_process(project, "import", "gpu.ur.txt", "--quiz", "gpu", "--force")
    assert result.returncode == 0, result.stdout + result.stderr
    assert (
        "note: most of the bank's texts are in Arabic script, and the project's source locale en is written in "
        "Latin; imported as the source all the same (--force)"
    ) in result.stdout.splitlines()
    assert (project / "content/gpu.yaml").is_file()


def test_the_english_bank_with_its_urdu_file_is_imported(project: Path) -> None:
    result = run_quizkit_in_process(
        project, "import", "gpu.txt", "--quiz", "gpu", "--locale", "ur", "gpu.ur.txt"
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("format_name", "file", "expected"),
    [
        (
            "gift",
            "ur.txt",
            "the bank's texts say they are in ur, not in the source locale en: the quiz file holds the en texts. "
            "Import the bank written in en with this one as its translation: --locale ur ur.txt; or, if these "
            "texts are the source, import again with --force",
        ),
        (
            "moodle",
            "ur.xml",
            "the bank's texts say they are in ur, not in the source locale en: the quiz file holds the en texts. "
            "Import the bank written in en with this one as its translation: --locale ur ur.xml; or, if these "
            "texts are the source, import again with --force",
        ),
        (
            "canvas",
            "ur.zip",
            "the bank's texts say they are in ur, not in the source locale en: the quiz file holds the en texts. "
            "Import the bank written in en with this one as its translation: --locale ur ur.zip; or, if these "
            "texts are the source, import again with --force",
        ),
        (
            "cc",
            "ur.imscc",
            "the bank's texts say they are in ur, not in the source locale en: the quiz file holds the en texts. "
            "Import the bank written in en with this one as its translation: --locale ur ur.imscc; or, if these "
            "texts are the source, import again with --force",
        ),
    ],
)
def test_quizkits_own_urdu_export_is_refused_as_the_source(
    project: Path, urdu_exports: Path, format_name: str, file: str, expected: str
) -> None:
    shutil.copy(urdu_exports / format_name / "every-type" / file, project / file)
    before = snapshot(project)
    result = run_quizkit_in_process(project, "import", file, "--from", format_name, "--quiz", "every-type")
    assert (result.returncode, result.stderr) == (1, f"{file}: error[import]: {expected}\n")
    assert snapshot(project) == before


FRENCH_GIFT = """\
// quiz [fr]: written by quizkit
::capital::[html]<div dir\\="ltr" lang\\="fr">Quelle est la capitale de la France ?</div>{
\t=<div dir\\="ltr" lang\\="fr">Paris</div>
\t~<div dir\\="ltr" lang\\="fr">Lyon</div>
\t####<div dir\\="ltr" lang\\="fr">Paris est la capitale.</div>
}
"""


@pytest.mark.parametrize("form", ["gift", "moodle"])
def test_a_bank_that_says_it_is_in_a_language_of_the_same_script_is_refused(project: Path, form: str) -> None:
    """French in an English project: the script cannot tell, the lang quizkit's export wraps each text in
    can. A word marked in another language inside a text is not the text's language."""
    if form == "gift":
        name, bank = "capital.fr.txt", FRENCH_GIFT
    else:
        name = "capital.fr.xml"
        bank = (
            '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n<question type="truefalse"><name><text>capital</text>'
            '</name><questiontext format="html"><text><![CDATA[<div dir="ltr" lang="fr">Paris est la capitale '
            '<span lang="en">(capital)</span> ?</div>]]></text></questiontext><generalfeedback format="html"><text>'
            '<![CDATA[<div dir="ltr" lang="fr">Oui.</div>]]></text></generalfeedback>'
            '<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>'
            "</question>\n</quiz>\n"
        )
    (project / name).write_text(bank, encoding="utf-8")
    result = run_quizkit_in_process(project, "import", name, "--from", form, "--quiz", "capital")
    assert (result.returncode, result.stderr) == (
        1,
        f"{name}: error[import]: the bank's texts say they are in fr, not in the source locale en: the quiz file "
        f"holds the en texts. Import the bank written in en with this one as its translation: --locale fr {name}, after "
        "quizkit add-locale fr; "
        "or, if these texts are the source, import again with --force\n",
    )


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (
            "ur",
            "ur is a target locale of this project, whose source locale is en: the quiz file holds the en texts. "
            "Import the bank written in en with this one as its translation (--locale ur FILE); a bank holding "
            "both languages needs no --source-locale",
        ),
        (
            "english",
            "english is not this project's source locale (en): the quiz file holds the en texts. Import the bank "
            "written in en, each other language as --locale XX FILE, or leave --source-locale out",
        ),
    ],
)
def test_a_source_locale_other_than_the_projects_is_refused(project: Path, given: str, expected: str) -> None:
    before = snapshot(project)
    result = run_quizkit_in_process(project, "import", "gpu.txt", "--quiz", "gpu", "--source-locale", given)
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == f"Error: Invalid value for --source-locale: {expected}"
    assert snapshot(project) == before


def test_the_projects_source_locale_in_another_spelling_is_accepted(project: Path) -> None:
    result = run_quizkit_in_process(project, "import", "gpu.txt", "--quiz", "gpu", "--source-locale", "en_US")
    assert result.returncode == 0, result.stdout + result.stderr
