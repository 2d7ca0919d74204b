"""The planted-defect corpus of the answer-key checks (README.md): its cases, the project they edit, and
what the checks find in each case.

A case is one small edit of a correct translation, in one catalog of one locale: a defect the checks
must find (``expect`` lists the findings) or a translation that is tricky but right and must produce no
finding (``expect: []``). The project is built from ``quizzes/`` (a small quiz per kind) and the correct
translations of ``base/<locale>.yaml``; each case is checked by the library function ``quizkit check``
runs on every catalog (:func:`toolkit.checks.runner.check_catalog`), on the catalog with the case's edit.
"""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from toolkit.catalogs import read_po, write_po
from toolkit.checks.question_facts import SourceQuestions, source_questions
from toolkit.checks.runner import check_catalog
from toolkit.config import load_config
from toolkit.content.validation import load_content
from toolkit.gettext.catalog import Catalog
from toolkit.model import QuestionType

CORPUS = Path(__file__).resolve().parent
LOCALES = ("ur", "ar", "fa", "hi")
KINDS = (*(kind.value for kind in QuestionType if kind is not QuestionType.ESSAY), "cloze")
"""The kinds a case names: every kind with an answer key, and ``cloze`` for a fill-in-the-blanks
question whose blanks are drop-downs (Moodle's Cloze)."""
CASE_FIELDS = frozenset({"id", "locale", "kind", "why", "edit", "expect", "gap"})
EXPECT_FIELDS = frozenset({"check", "key", "message"})


@dataclass(frozen=True)
class Finding:
    """One finding of ``quizkit check``: the check, the entry's key and the message."""

    check: str
    key: str
    message: str


@dataclass(frozen=True)
class Expected:
    check: str
    key: str
    message: str | None = None
    """The exact message where it is stable; None accepts any message of that check on that key."""

    def matches(self, finding: Finding) -> bool:
        return (
            finding.check == self.check
            and finding.key == self.key
            and (self.message is None or finding.message == self.message)
        )


@dataclass(frozen=True)
class Case:
    id: str
    locale: str
    kind: str
    why: str
    edit: tuple[tuple[str, str], ...]
    """(key, new translation) of every entry the case changes, all in one catalog."""
    expect: tuple[Expected, ...]
    gap: str | None = None
    """Why the checks do not yet do what the case expects: a known miss or false alarm, reported in the
    rates and in README.md, and asserted to be still a gap (so that fixing it means removing this)."""

    @property
    def is_defect(self) -> bool:
        return bool(self.expect)

    @property
    def domain(self) -> str:
        return self.edit[0][0].split(".", 1)[0]


@dataclass(frozen=True)
class Outcome:
    case: Case
    findings: frozenset[Finding]

    @property
    def missed(self) -> tuple[Expected, ...]:
        return tuple(
            expected
            for expected in self.case.expect
            if not any(expected.matches(finding) for finding in self.findings)
        )

    @property
    def unexpected(self) -> tuple[Finding, ...]:
        return tuple(
            sorted(
                (
                    finding
                    for finding in self.findings
                    if not any(expected.matches(finding) for expected in self.case.expect)
                ),
                key=lambda finding: (finding.key, finding.check, finding.message),
            )
        )

    @property
    def passed(self) -> bool:
        """Every expected finding and nothing else."""
        return not self.missed and not self.unexpected

    @property
    def detected(self) -> bool:
        """A defect case: every expected finding is there."""
        return self.case.is_defect and not self.missed

    @property
    def false_alarm(self) -> bool:
        """A correct case: something was reported."""
        return not self.case.is_defect and bool(self.findings)


class CorpusError(Exception):
    """A case file that does not say what a case is."""


def _expected(item: Any, edit: tuple[tuple[str, str], ...], where: str) -> Expected:
    if isinstance(item, str):
        item = {"check": item}
    if not isinstance(item, dict) or not set(item) <= EXPECT_FIELDS or "check" not in item:
        raise CorpusError(f"{where}: an expected finding is a check id or {{check, key, message}}")
    key = item.get("key")
    if key is None:
        if len(edit) != 1:
            raise CorpusError(f"{where}: the case edits several entries; name the key of {item['check']}")
        key = edit[0][0]
    return Expected(str(item["check"]), str(key), item.get("message"))


def load_cases(locales: Iterable[str] = LOCALES, folder: Path = CORPUS) -> list[Case]:
    """The cases of ``cases/<locale>.yaml``, checked for shape: a known kind, keys of the base
    translations (a misspelt key would edit nothing), all edits in one catalog, ids unique."""
    cases: list[Case] = []
    for locale in locales:
        path = folder / "cases" / f"{locale}.yaml"
        base = base_translations(locale, folder)
        for index, item in enumerate(yaml.safe_load(path.read_text(encoding="utf-8"))):
            where = f"{path.name} case {index + 1} ({item.get('id', 'no id')})"
            if not set(item) <= CASE_FIELDS or not {"id", "locale", "kind", "edit", "expect"} <= set(item):
                raise CorpusError(f"{where}: fields are {', '.join(sorted(CASE_FIELDS))}")
            if item["locale"] != locale or item["kind"] not in KINDS:
                raise CorpusError(f"{where}: locale must be {locale}, kind one of {', '.join(KINDS)}")
            edit = tuple((str(key), str(value)) for key, value in item["edit"].items())
            unknown = [key for key, _ in edit if key not in base]
            if not edit or unknown or len({key.split(".", 1)[0] for key, _ in edit}) != 1:
                raise CorpusError(
                    f"{where}: edit keys of base/{locale}.yaml, all of one catalog (not in it: {unknown})"
                )
            if all(base[key] == value for key, value in edit):
                raise CorpusError(f"{where}: the edit changes nothing")
            expect = tuple(_expected(entry, edit, where) for entry in item["expect"])
            cases.append(
                Case(item["id"], locale, item["kind"], item.get("why", ""), edit, expect, item.get("gap"))
            )
    repeated = [name for name, count in Counter(case.id for case in cases).items() if count > 1]
    if repeated:
        raise CorpusError(f"case ids used twice: {', '.join(repeated)}")
    return cases


def base_translations(locale: str, folder: Path = CORPUS) -> dict[str, str]:
    translations: dict[str, str] = yaml.safe_load(
        (folder / "base" / f"{locale}.yaml").read_text(encoding="utf-8")
    )
    return translations


def write_project(target: Path) -> Path:
    """The corpus project in ``target``: the quizzes, a configuration declaring the four locales, no
    catalogs yet (``quizkit update`` makes them; :func:`translate_catalogs` fills them)."""
    (target / "content").mkdir(parents=True)
    for quiz in sorted((CORPUS / "quizzes").glob("*.yaml")):
        shutil.copy(quiz, target / "content" / quiz.name)
    locales = ", ".join(f'"{locale}"' for locale in LOCALES)
    (target / "quizkit.toml").write_text(
        f'source-locale = "en"\ntarget-locales = [{locales}]\n', encoding="utf-8"
    )
    return target


def catalog_path(project: Path, locale: str, domain: str) -> Path:
    return project / "locales" / locale / "LC_MESSAGES" / f"{domain}.po"


def translate_catalogs(project: Path) -> None:
    """Fill every catalog with the base translations; a text the base does not translate, or a base
    key no catalog has, is an error of the corpus."""
    for locale in LOCALES:
        base = base_translations(locale)
        seen: set[str] = set()
        for path in sorted((project / "locales" / locale / "LC_MESSAGES").glob("*.po")):
            catalog = read_po(path.read_bytes(), path.name)
            entries = []
            for entry in catalog.entries:
                if entry.context is None:
                    entries.append(entry)
                    continue
                if entry.context not in base:
                    raise CorpusError(f"base/{locale}.yaml does not translate {entry.context}")
                seen.add(entry.context)
                entries.append(replace(entry, msgstr=base[entry.context]))
            path.write_bytes(write_po(replace(catalog, entries=tuple(entries))))
        if set(base) - seen:
            raise CorpusError(f"base/{locale}.yaml translates keys no quiz has: {sorted(set(base) - seen)}")


def edited(catalog: Catalog, edit: Mapping[str, str]) -> Catalog:
    return replace(
        catalog,
        entries=tuple(
            replace(entry, msgstr=edit[entry.context]) if entry.context in edit else entry
            for entry in catalog.entries
        ),
    )


def read_catalog(project: Path, locale: str, domain: str) -> Catalog:
    path = catalog_path(project, locale, domain)
    return read_po(path.read_bytes(), path.name)


@dataclass(frozen=True)
class Project:
    """The built corpus project: its folder and its questions, which ``quizkit check`` gives the checks."""

    path: Path
    questions: SourceQuestions

    @classmethod
    def open(cls, path: Path) -> Project:
        return cls(path, source_questions(load_content(load_config(path).content_path)))


def catalog_findings(project: Project, locale: str, domain: str, catalog: Catalog) -> frozenset[Finding]:
    """What ``quizkit check`` reports on ``catalog`` as the project's ``<locale>/<domain>.po``."""
    file = catalog_path(project.path, locale, domain).relative_to(project.path).as_posix()
    result = check_catalog(catalog, file, locale, None, source_locale="en", questions=project.questions)
    return frozenset(
        Finding(diagnostic.code, diagnostic.key or "", diagnostic.message)
        for diagnostic in result.diagnostics
    )


def run_case(project: Project, case: Case) -> Outcome:
    catalog = edited(read_catalog(project.path, case.locale, case.domain), dict(case.edit))
    return Outcome(case, catalog_findings(project, case.locale, case.domain, catalog))


@dataclass(frozen=True)
class Rates:
    defects: int
    detected: int
    correct: int
    false_alarms: int

    @property
    def detection(self) -> float:
        return self.detected / self.defects if self.defects else 1.0

    @property
    def false_alarm(self) -> float:
        return self.false_alarms / self.correct if self.correct else 0.0


def rates(outcomes: Iterable[Outcome]) -> Rates:
    outcomes = list(outcomes)
    defects = [outcome for outcome in outcomes if outcome.case.is_defect]
    correct = [outcome for outcome in outcomes if not outcome.case.is_defect]
    return Rates(
        len(defects),
        sum(outcome.detected for outcome in defects),
        len(correct),
        sum(outcome.false_alarm for outcome in correct),
    )


def _percent(value: float) -> str:
    return f"{value * 100:.1f} %"


def rates_table(outcomes: list[Outcome]) -> str:
    """The Markdown table of README.md: detection and false-alarm rates by locale and by kind, and the
    cases that are known gaps."""
    lines = [
        "| cases | defects | detected | detection | correct | false alarms | false-alarm rate |",
        "|---|---|---|---|---|---|---|",
    ]
    groups: list[tuple[str, list[Outcome]]] = [("all", outcomes)]
    groups += [(locale, [o for o in outcomes if o.case.locale == locale]) for locale in LOCALES]
    groups += [(kind, [o for o in outcomes if o.case.kind == kind]) for kind in KINDS]
    for name, group in groups:
        if not group:
            continue
        counted = rates(group)
        lines.append(
            f"| {name} | {counted.defects} | {counted.detected} | {_percent(counted.detection)} | "
            f"{counted.correct} | {counted.false_alarms} | {_percent(counted.false_alarm)} |"
        )
    gaps = [outcome for outcome in outcomes if outcome.case.gap]
    lines.append("")
    if gaps:
        lines.append("Known gaps (the case says what the checks should do):")
        lines.append("")
        lines.extend(f"- `{outcome.case.id}`: {outcome.case.gap}" for outcome in gaps)
    else:
        lines.append("No known gaps: every defect is found and no correct case has a finding.")
    return "\n".join(lines) + "\n"


TABLE_START = "<!-- rates: written by scripts/planted_corpus_rates.py -->"
TABLE_END = "<!-- end of rates -->"


def readme_with_table(readme: str, table: str) -> str:
    before, rest = readme.split(TABLE_START, 1)
    _, after = rest.split(TABLE_END, 1)
    return f"{before}{TABLE_START}\n{table}{TABLE_END}{after}"
