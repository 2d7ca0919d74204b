"""Defects planted into copies of the real catalogs are each found, with the right ids and lines,
and nothing else is; --fix repairs exactly the fixable ones and touches no other byte."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from support import run_quizkit

from toolkit.checks.project_checks import run_checks
from toolkit.config import load_config
from toolkit.gettext.catalog import Catalog, CatalogEntry
from toolkit.gettext.po_reader import parse_po
from toolkit.gettext.po_writer import format_po

ROOT = Path(__file__).resolve().parents[2]
DP = "data-parallel.questions"


@dataclass(frozen=True)
class Plant:
    kind: str
    key: str
    change: Callable[[CatalogEntry], CatalogEntry]
    expected: frozenset[str]
    fixable: bool = False


def msgstr(function: Callable[[str], str]) -> Callable[[CatalogEntry], CatalogEntry]:
    return lambda entry: replace(entry, msgstr=function(entry.msgstr))


def plural(function: Callable[[tuple[str, ...]], tuple[str, ...]]) -> Callable[[CatalogEntry], CatalogEntry]:
    return lambda entry: replace(entry, msgstr_plural=function(entry.msgstr_plural))


def comment(text: str) -> Callable[[CatalogEntry], CatalogEntry]:
    return lambda entry: replace(entry, translator_comments=(*entry.translator_comments, text))


def prompt_translation(catalog: Catalog, question: str) -> str:
    return catalog.by_context()[f"{DP}.{question}.prompt"].msgstr


def plants(catalog: Catalog) -> list[Plant]:
    exactly_w = catalog.by_context()[f"{DP}.global-batch.options.exactly-w"].msgstr
    accumulation_prompt = prompt_translation(catalog, "gradient-accumulation").rstrip("؟")
    return [
        Plant(
            "untranslated",
            f"{DP}.gpu-holds.options.layer-slice",
            msgstr(lambda _: ""),
            frozenset({"untranslated"}),
        ),
        Plant(
            "fuzzy",
            f"{DP}.gpu-holds.options.compressed",
            lambda e: e.with_flag("fuzzy"),
            frozenset({"fuzzy"}),
        ),
        Plant(
            "placeholder missing",
            "ui.question-progress",
            msgstr(lambda _: "سوال {current}"),
            frozenset({"placeholders"}),
        ),
        Plant(
            "placeholder renamed",
            "ui.score",
            plural(lambda forms: (forms[0], forms[1].replace("{total}", "{all}"))),
            frozenset({"placeholders"}),
        ),
        Plant(
            "inline code changed",
            f"{DP}.sync-operation.options.all-reduce",
            msgstr(lambda s: s.replace("`all-reduce`", "`allreduce`")),
            frozenset({"inline-code"}),
        ),
        Plant(
            "variable dropped",
            f"{DP}.global-batch.options.divided",
            msgstr(lambda s: s.replace("B ", "")),
            frozenset({"latin-tokens"}),
        ),
        Plant(
            "end punctuation lost",
            f"{DP}.gpu-holds.prompt",
            msgstr(lambda s: s.rstrip("؟")),
            frozenset({"end-punctuation"}),
        ),
        Plant(
            "leading space",
            f"{DP}.memory-limit.options.batch-only",
            msgstr(lambda s: " " + s),
            frozenset({"whitespace"}),
            fixable=True,
        ),
        Plant(
            "identical to source",
            "ui.check-answer",
            lambda e: replace(e, msgstr=e.msgid),
            frozenset({"identical-to-source"}),
        ),
        Plant(
            "unbalanced bracket",
            f"{DP}.nccl-factors.options.seed-and-rate",
            msgstr(lambda s: s + " (رینڈم"),
            frozenset({"brackets"}),
        ),
        Plant(
            "far too short",
            f"{DP}.nccl-factors.options.parameter-count",
            msgstr(lambda _: "صرف"),
            # The stub also lost the glossary term "parameter" (پیرامیٹرز).
            frozenset({"length-ratio", "glossary-missing-term"}),
        ),
        Plant(
            "two options alike",
            f"{DP}.global-batch.options.parameters-over-b",
            msgstr(lambda _: exactly_w),
            # The copied option lacks this option's B and its "parameter" (پیرامیٹرز).
            frozenset({"duplicate-option-translation", "latin-tokens", "glossary-missing-term"}),
        ),
        Plant(
            "option repeats prompt",
            f"{DP}.gradient-accumulation.options.skip-computation",
            msgstr(lambda _: accumulation_prompt),
            frozenset({"option-repeats-prompt"}),
        ),
        Plant(
            "explanation lost a name",
            f"{DP}.nccl-factors.explanation",
            msgstr(lambda s: s.replace("NCCL ", "")),
            frozenset({"explanation-lost-content"}),
        ),
        Plant(
            "explanation lost a number",
            f"{DP}.global-batch.explanation",
            msgstr(lambda s: s.replace("256", "بہت")),
            frozenset({"explanation-lost-content"}),
        ),
        Plant(
            "glossary term missing",
            f"{DP}.hide-latency.options.overlap-backward",
            msgstr(lambda s: s.replace("بیک ورڈ پاس", "پچھلے مرحلے")),
            frozenset({"glossary-missing-term"}),
        ),
        Plant(
            "glossary wrong term",
            f"{DP}.gpu-holds.options.optimizer-only",
            msgstr(lambda s: s.replace("آپٹیمائزر کی حالت", "اصلاح کی حالت")),
            frozenset({"glossary-wrong-term"}),
        ),
        Plant(
            "Arabic kaf",
            f"{DP}.nccl-factors.prompt",
            msgstr(lambda s: s.replace("ک", "\u0643")),
            frozenset({"arabic-code-points"}),
            fixable=True,
        ),
        Plant(
            "Arabic yeh",
            f"{DP}.sync-operation.options.scatter",
            msgstr(lambda s: s.replace("ی", "\u064a", 1)),
            frozenset({"arabic-code-points"}),
            fixable=True,
        ),
        Plant(
            "Latin full stop",
            f"{DP}.memory-limit.explanation",
            msgstr(lambda s: s[:-1] + "."),
            frozenset({"latin-punctuation"}),
            fixable=True,
        ),
        Plant(
            "glued sentences",
            f"{DP}.gpu-holds.explanation",
            msgstr(lambda s: s.replace("۔ ", "۔", 1)),
            frozenset({"glued-sentence"}),
            fixable=True,
        ),
        Plant(
            "space before ؟",
            f"{DP}.hide-latency.prompt",
            msgstr(lambda s: s[:-1] + " ؟"),
            frozenset({"urdu-spacing"}),
            fixable=True,
        ),
        Plant(
            "tatweel",
            f"{DP}.memory-limit.options.auto-sharded",
            msgstr(lambda s: s.replace("ماڈل", "ماـڈل", 1)),
            frozenset({"tatweel"}),
            fixable=True,
        ),
        Plant(
            "stray ZWNJ",
            f"{DP}.memory-limit.options.different-layers",
            msgstr(lambda s: "\u200c" + s),
            frozenset({"zero-width"}),
            fixable=True,
        ),
        Plant(
            "bidi control",
            f"{DP}.hide-latency.options.cpu-forward",
            msgstr(lambda s: s.replace("CPU", "\u200eCPU\u200e")),
            frozenset({"bidi-controls"}),
            fixable=True,
        ),
        Plant(
            "not NFC",
            f"{DP}.sync-operation.prompt",
            msgstr(lambda s: s.replace("آ", "\u0627\u0653")),
            frozenset({"non-nfc"}),
            fixable=True,
        ),
        Plant(
            "mixed digits",
            f"{DP}.hide-latency.explanation",
            msgstr(lambda s: "3 اور ۴ " + s),
            # The source has no number: the two the plant adds are numbers' finding too.
            frozenset({"mixed-digits", "numbers"}),
        ),
        Plant(
            "ambiguous heh",
            f"{DP}.throughput-scaling.options.batch-to-zero",
            msgstr(lambda s: s.replace("ہمیشہ", "همیشہ")),
            frozenset({"ambiguous-heh"}),
        ),
        Plant(
            "suppression without reason",
            f"{DP}.memory-limit.prompt",
            comment("quizkit-ignore: fuzzy"),
            frozenset({"suppression-without-reason"}),
        ),
    ]


def plant_all(project: Path) -> list[Plant]:
    files = {domain: project / f"locales/ur/LC_MESSAGES/{domain}.po" for domain in ("data-parallel", "ui")}
    catalogs = {domain: parse_po(path.read_text(encoding="utf-8"), domain) for domain, path in files.items()}
    planted = plants(catalogs["data-parallel"])
    assert len({plant.kind for plant in planted}) >= 20
    assert len({plant.key for plant in planted}) == len(planted), "one defect per entry"
    for domain, catalog in catalogs.items():
        changes = {plant.key: plant.change for plant in planted}
        entries = tuple(
            changes[entry.context](entry) if entry.context in changes else entry for entry in catalog.entries
        )
        files[domain].write_text(format_po(replace(catalog, entries=entries)), encoding="utf-8")
    return planted


def findings_by_key(project: Path) -> dict[str, set[tuple[str, int | None]]]:
    run = run_checks(load_config(project))
    found: dict[str, set[tuple[str, int | None]]] = {}
    for result in run.results:
        for diagnostic in result.diagnostics:
            found.setdefault(diagnostic.key or "", set()).add((diagnostic.code, diagnostic.line))
    return found


def msgstr_lines(project: Path) -> dict[str, int]:
    lines: dict[str, int] = {}
    for path in (project / "locales/ur/LC_MESSAGES").glob("*.po"):
        for entry in parse_po(path.read_text(encoding="utf-8"), path.name).entries:
            lines[entry.context or ""] = entry.msgstr_line
    return lines


def test_shipped_catalogs_have_no_findings(project: Path) -> None:
    assert findings_by_key(project) == {}


def test_each_planted_defect_is_found_exactly(project: Path) -> None:
    planted = plant_all(project)
    lines = msgstr_lines(project)
    found = findings_by_key(project)
    expected: dict[str, set[tuple[str, int | None]]] = {}
    for plant in planted:
        line = lines[plant.key]
        if plant.kind == "suppression without reason":
            line = next(
                entry.line
                for entry in parse_po(
                    (project / "locales/ur/LC_MESSAGES/data-parallel.po").read_text(encoding="utf-8"), "x"
                ).entries
                if entry.context == plant.key
            )
        expected[plant.key] = {(check_id, line) for check_id in plant.expected}
    assert found == expected


def test_fix_repairs_exactly_the_fixable_defects(project: Path) -> None:
    original = {
        entry.context: entry
        for entry in parse_po(
            (project / "locales/ur/LC_MESSAGES/data-parallel.po").read_text(encoding="utf-8"), "x"
        ).entries
    }
    planted = plant_all(project)
    path = project / "locales/ur/LC_MESSAGES/data-parallel.po"
    before = path.read_text(encoding="utf-8").split("\n")
    run_checks(load_config(project), fix=True)
    after_text = path.read_text(encoding="utf-8")
    fixed = {entry.context: entry for entry in parse_po(after_text, "x").entries}
    for plant in planted:
        if plant.key.startswith("ui."):
            continue
        if plant.fixable:
            assert fixed[plant.key].msgstr == original[plant.key].msgstr, plant.kind
        else:
            assert fixed[plant.key] == parse_po("\n".join(before), "x").by_context()[plant.key], plant.kind
    remaining = findings_by_key(project)
    fixable_keys = {plant.key for plant in planted if plant.fixable}
    assert not fixable_keys & set(remaining)
    # Only msgstr lines changed.
    after = after_text.split("\n")
    changed_lines = [line for line in set(before) ^ set(after) if line]
    assert all(line.startswith(("msgstr", '"')) for line in changed_lines), changed_lines
    # Running the fix again changes nothing.
    run_checks(load_config(project), fix=True)
    assert path.read_text(encoding="utf-8") == after_text


def test_cli_reports_and_exits_1(project: Path) -> None:
    plant_all(project)
    result = run_quizkit(project, "check")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    summary = result.stdout.splitlines()[-1]
    assert summary.startswith("2 catalogs checked: ")
    line = next(line for line in result.stdout.splitlines() if "[glossary-wrong-term]" in line)
    assert line.startswith("locales/ur/LC_MESSAGES/data-parallel.po:")
    assert line.endswith(
        "error[glossary-wrong-term]: 'اصلاح کی حالت' is wrong for 'optimizer state'; use آپٹیمائزر کی حالت "
        "[data-parallel.questions.gpu-holds.options.optimizer-only]"
    )
