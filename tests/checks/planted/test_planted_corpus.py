"""The planted-defect corpus (README.md): every planted defect is found, with the findings its case
lists and no other, no correct translation has a finding, and README.md reports the rates as they are."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from checks.planted import corpus
from support import run_quizkit, run_quizkit_in_process, snapshot

from toolkit.catalogs import read_po, write_po

CASES = corpus.load_cases()


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Iterator[corpus.Project]:
    """The corpus project with its correct translations, shared read-only by the module's tests."""
    folder = corpus.write_project(tmp_path_factory.mktemp("planted") / "project")
    result = run_quizkit_in_process(folder, "update")
    assert result.returncode == 0, result.stdout + result.stderr
    corpus.translate_catalogs(folder)
    before = snapshot(folder)
    yield corpus.Project.open(folder)
    assert snapshot(folder) == before, "a test changed the project its module shares"


def test_the_corpus_has_every_locale_and_kind() -> None:
    defects = [case for case in CASES if case.is_defect]
    correct = [case for case in CASES if not case.is_defect]
    assert len(defects) >= 60
    assert len(correct) >= len(defects)
    for locale in corpus.LOCALES:
        assert sum(case.locale == locale for case in defects) >= 10, locale
        assert sum(case.locale == locale for case in correct) >= 10, locale
    assert set(Counter(case.kind for case in defects)) == set(corpus.KINDS)
    assert set(Counter(case.kind for case in correct)) == set(corpus.KINDS)


def test_the_correct_translations_have_no_finding(project: corpus.Project) -> None:
    found = {
        (locale, path.stem): corpus.catalog_findings(
            project, locale, path.stem, corpus.read_catalog(project.path, locale, path.stem)
        )
        for locale in corpus.LOCALES
        for path in (project.path / "locales" / locale / "LC_MESSAGES").glob("*.po")
    }
    assert len(found) == len(corpus.LOCALES) * len(list((corpus.CORPUS / "quizzes").glob("*.yaml")))
    assert {catalog: findings for catalog, findings in found.items() if findings} == {}


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_case(project: corpus.Project, case: corpus.Case) -> None:
    outcome = corpus.run_case(project, case)
    if case.gap:
        assert not outcome.passed, f"{case.id} passes now: remove its gap"
        return
    assert (outcome.missed, outcome.unexpected) == ((), ())


def test_readme_reports_the_rates(project: corpus.Project) -> None:
    outcomes = [corpus.run_case(project, case) for case in CASES]
    readme = (corpus.CORPUS / "README.md").read_text(encoding="utf-8")
    assert corpus.readme_with_table(readme, corpus.rates_table(outcomes)) == readme, (
        "README.md's rates are out of date: run python scripts/planted_corpus_rates.py"
    )


SAMPLE = (
    "ur-choice-identical-options",
    "ar-truefalse-negation-lost",
    "fa-short-answer-wrong-script",
    "hi-cloze-options-collide",
)
"""One defect of each locale, carried through ``quizkit check --format json``: three errors and
negation-changed, a warning."""


def test_quizkit_check_reports_a_sample_as_the_library_does(project: corpus.Project, tmp_path: Path) -> None:
    folder = tmp_path / "project"
    shutil.copytree(project.path, folder)
    cases = [case for case in CASES if case.id in SAMPLE]
    assert len(cases) == len(SAMPLE)
    expected = set()
    for case in cases:
        path = corpus.catalog_path(folder, case.locale, case.domain)
        catalog = corpus.edited(read_po(path.read_bytes(), path.name), dict(case.edit))
        path.write_bytes(write_po(catalog))
        written = read_po(path.read_bytes(), path.name).by_context()
        file = path.relative_to(folder).as_posix()
        for finding in corpus.catalog_findings(project, case.locale, case.domain, catalog):
            expected.add(
                (file, written[finding.key].msgstr_line, finding.check, finding.key, finding.message)
            )
        assert corpus.run_case(project, case).passed, case.id
    result = run_quizkit(folder, "check", "--format", "json")
    assert result.returncode == 1, result.stdout + result.stderr
    report = json.loads(result.stdout)
    reported = {
        (item["file"], item["line"], item["code"], item["key"], item["message"])
        for item in report["diagnostics"]
    }
    assert reported == expected
    assert (report["summary"]["errors"], report["summary"]["warnings"]) == (len(SAMPLE) - 1, 1)


BASE = 'choice.questions.planet.options.earth: "زمین"\nchoice.questions.planet.options.venus: "زہرہ"\n'
GOOD = "- {id: ur-x, locale: ur, kind: single_choice, edit: {choice.questions.planet.options.earth: زہرہ}, "


@pytest.mark.parametrize(
    ("cases", "message"),
    [
        (
            "- {id: ur-x, locale: ur, kind: single_choice, edit: {choice.questions.planet.options.erth: x}, "
            "expect: []}",
            "ur.yaml case 1 (ur-x): edit keys of base/ur.yaml, all of one catalog (not in it: "
            "['choice.questions.planet.options.erth'])",
        ),
        (
            "- {id: ur-x, locale: ur, kind: single_choice, edit: {choice.questions.planet.options.earth: زمین}, "
            "expect: []}",
            "ur.yaml case 1 (ur-x): the edit changes nothing",
        ),
        (
            "- {id: ur-x, locale: ar, kind: single_choice, edit: {choice.questions.planet.options.earth: x}, "
            "expect: []}",
            "ur.yaml case 1 (ur-x): locale must be ur, kind one of single_choice, multiple_choice, true_false, "
            "short_answer, numeric, matching, ordering, fill_in_blanks, cloze",
        ),
        (
            GOOD + "expect: [{check: numbers, text: x}]}",
            "ur.yaml case 1 (ur-x): an expected finding is a check id or {check, key, message}",
        ),
        (GOOD + "expect: []}\n" + GOOD + "expect: []}", "case ids used twice: ur-x"),
    ],
)
def test_a_case_that_would_check_nothing_is_refused(tmp_path: Path, cases: str, message: str) -> None:
    """A misspelt key or a no-op edit would make a correct case that passes whatever the checks do."""
    for folder, text in (("base", BASE), ("cases", cases)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "ur.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(corpus.CorpusError) as error:
        corpus.load_cases(["ur"], tmp_path)
    assert str(error.value) == message
