"""Compare ``quizkit check`` with translate-toolkit's ``pofilter`` on the same planted defects.

Usage (from the repository root)::

    .venv/bin/python benchmarks/pofilter_comparison.py [--keep DIR]

Requires translate-toolkit in the same environment (``.venv/bin/pip install translate-toolkit``); this
script installs nothing. It copies content/, locales/ and pyproject.toml into two temporary projects, a
clean one and one with the defects of ``tests/checks/test_planted_defects.py`` planted (the test module is
imported by file path, so the defects are defined once), then runs on each:

* ``quizkit check --format json``;
* ``pofilter`` with all its default tests, once as is and once with ``--language=ur`` (which makes
  pofilter skip its capitalisation tests and map . ? , ; to ۔ ؟ ، ؛).

pofilter writes only the failing units, each with ``# (pofilter) test: message`` comments. A pofilter
test counts as catching a planted defect only if it fires on the planted unit with a message it did not
give for the same unit in the clean catalog: tests that fire on the clean Urdu too are noise, not
detection. Findings on entries where nothing was planted, and on the clean catalogs, are false positives.

Finally a small experiment on pofilter's ``numbers`` and ``pythonbraceformat`` tests (Urdu and
Arabic-Indic digits, a set ``{1, 2}`` in prose) with quizkit's verdict on the same entries.

The report is Markdown on standard output, ready to paste.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

import polib

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.checks.runner import check_catalog  # noqa: E402
from toolkit.content.glossary import load_glossary  # noqa: E402
from toolkit.gettext.po_reader import parse_po  # noqa: E402

PLANTED_DEFECTS = ROOT / "tests/checks/test_planted_defects.py"
CATALOGS = Path("locales/ur/LC_MESSAGES")
KEY_PREFIX = "data-parallel.questions."
NOISE_SHARE = 4  # a test firing on 1/NOISE_SHARE of the clean units or more is noise
LIST_AT_MOST = 10  # list the findings on clean catalogs one by one when there are this few
POFILTER_VARIANTS = {"pofilter": [], "pofilter --language=ur": ["--language=ur"]}

Findings = dict[str, set[tuple[str, str]]]
"""Per translation key: the (check or test id, message) pairs a tool reported."""


def load_planted_defects() -> ModuleType:
    spec = importlib.util.spec_from_file_location("planted_defects", PLANTED_DEFECTS)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot import {PLANTED_DEFECTS}")
    module = importlib.util.module_from_spec(spec)
    # Dataclasses resolve their string annotations through sys.modules.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def find_pofilter() -> Path:
    beside = Path(sys.executable).parent / "pofilter"
    found = beside if beside.exists() else shutil.which("pofilter")
    if not found:
        raise SystemExit(
            "pofilter not found: install translate-toolkit into this environment first\n"
            "    .venv/bin/pip install translate-toolkit"
        )
    return Path(found)


def copy_project(target: Path) -> Path:
    for folder in ("content", "locales"):
        shutil.copytree(ROOT / folder, target / folder, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(ROOT / "pyproject.toml", target / "pyproject.toml")
    return target


def run_quizkit(project: Path) -> Findings:
    result = subprocess.run(
        [sys.executable, "-m", "toolkit", "check", "--format", "json"],
        cwd=project,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    if result.returncode not in (0, 1) or not result.stdout:
        raise SystemExit(f"quizkit check failed ({result.returncode}):\n{result.stderr}")
    found: Findings = {}
    for diagnostic in json.loads(result.stdout)["diagnostics"]:
        found.setdefault(diagnostic["key"] or "", set()).add((diagnostic["code"], diagnostic["message"]))
    return found


def pofilter_findings(path: Path) -> Findings:
    """The failing units of one pofilter output file, by key (msgctxt)."""
    found: Findings = {}
    for entry in polib.pofile(str(path)):
        for line in entry.tcomment.splitlines():
            if line.startswith("(pofilter) "):
                test, _, message = line.removeprefix("(pofilter) ").partition(": ")
                found.setdefault(entry.msgctxt or entry.msgid, set()).add((test, message))
    return found


def run_pofilter(pofilter: Path, catalogs: Path, options: list[str], output: Path) -> Findings:
    found: Findings = {}
    output.mkdir(parents=True, exist_ok=True)
    for po in sorted(catalogs.glob("*.po")):
        out = output / po.name
        result = subprocess.run(
            [str(pofilter), "--progress=none", *options, "-i", str(po), "-o", str(out)],
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=False,
        )
        if result.returncode != 0:
            raise SystemExit(f"pofilter failed on {po.name} ({result.returncode}):\n{result.stderr}")
        if out.exists():
            for key, items in pofilter_findings(out).items():
                found.setdefault(key, set()).update(items)
    return found


def units(catalogs: Path) -> list[str]:
    return [
        entry.msgctxt or entry.msgid
        for po in sorted(catalogs.glob("*.po"))
        for entry in polib.pofile(str(po))
        if not entry.obsolete and entry.msgid
    ]


def ids(items: set[tuple[str, str]]) -> list[str]:
    return sorted({item for item, _ in items})


def code(names: Iterable[str]) -> str:
    return ", ".join(f"`{name}`" for name in sorted(names))


def shorten(message: str, limit: int = 90) -> str:
    return message if len(message) <= limit else message[: limit - 1] + "…"


def short_key(key: str) -> str:
    return key.removeprefix(KEY_PREFIX)


def quizkit_cell(found: set[tuple[str, str]], expected: frozenset[str]) -> str:
    fired = set(ids(found))
    if not fired:
        return "**no**"
    verdict = "yes" if expected <= fired else "partly"
    cell = f"{verdict}: {code(fired & expected)}"
    if fired - expected:
        cell += f" (+ unexpected {code(fired - expected)})"
    if expected - fired:
        cell += f" (missing {code(expected - fired)})"
    return cell


def noise_tests(clean: Findings, unit_count: int) -> set[str]:
    """Tests that fire on at least a quarter of the clean units: they say nothing about one unit."""
    counts = Counter(test for items in clean.values() for test in ids(items))
    return {test for test, count in counts.items() if count * NOISE_SHARE >= unit_count}


def pofilter_cell(planted: set[tuple[str, str]], clean: set[tuple[str, str]], noise: set[str]) -> str:
    new = set(ids(planted - clean))
    old = set(ids(planted)) - new
    if new - noise:
        return f"yes: {code(new - noise)}"
    if new:
        return f"incidental: {code(new)} (noise test)"
    if old:
        return f"no (only {code(old)}, as on the clean unit)"
    return "no"


def comparison_table(
    plants: list[Any], quizkit: dict[str, Findings], pofilter: dict[str, dict[str, Findings]], unit_count: int
) -> tuple[list[str], Counter[str], Counter[str]]:
    header = ["#", "Planted defect", "Entry", "quizkit check", *POFILTER_VARIANTS]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    caught = Counter[str]()
    incidental = Counter[str]()
    noise = {variant: noise_tests(pofilter[variant]["clean"], unit_count) for variant in POFILTER_VARIANTS}
    for number, plant in enumerate(plants, 1):
        found = quizkit["planted"].get(plant.key, set())
        cells = [str(number), plant.kind, f"`{short_key(plant.key)}`", quizkit_cell(found, plant.expected)]
        caught["quizkit check"] += bool(plant.expected & set(ids(found)))
        for variant in POFILTER_VARIANTS:
            cell = pofilter_cell(
                pofilter[variant]["planted"].get(plant.key, set()),
                pofilter[variant]["clean"].get(plant.key, set()),
                noise[variant],
            )
            cells.append(cell)
            caught[variant] += cell.startswith("yes")
            incidental[variant] += cell.startswith("incidental")
        lines.append("| " + " | ".join(cells) + " |")
    return lines, caught, incidental


def false_positive_table(
    all_units: list[str], planted_keys: set[str], runs: dict[str, dict[str, Findings]]
) -> list[str]:
    """Per tool: units flagged on the clean catalogs, and on unplanted entries of the planted ones."""
    clean_keys = [key for key in all_units if key not in planted_keys]
    lines = [
        "| Tool | Clean catalogs: units flagged | by test / check | Planted catalogs, unplanted entries: units flagged |",
        "|---|---|---|---|",
    ]
    for tool, run in runs.items():
        clean = {key: items for key, items in run["clean"].items() if items}
        per_test = Counter(test for items in clean.values() for test in ids(items))
        unplanted = [key for key in clean_keys if run["planted"].get(key)]
        breakdown = ", ".join(f"`{test}` {count}" for test, count in per_test.most_common()) or "—"
        lines.append(
            f"| {tool} | {len(clean)} of {len(all_units)} | {breakdown} | "
            f"{len(unplanted)} of {len(clean_keys)} |"
        )
    return lines


def changed_unplanted(
    all_units: list[str], planted_keys: set[str], run: dict[str, Findings]
) -> list[tuple[str, list[str]]]:
    """Unplanted entries whose findings changed between the clean and the planted catalogs."""
    changed = []
    for key in all_units:
        if key in planted_keys:
            continue
        difference = run["planted"].get(key, set()) ^ run["clean"].get(key, set())
        if difference:
            changed.append((key, sorted(f"{test}: {message}" for test, message in difference)))
    return changed


# The numbers experiment: (case, source, translation).
NUMBER_CASES = [
    ("Latin digits", "What is 50% of 80?", "80 کا 50% کیا ہے؟"),
    ("Urdu digits (U+06F0–06F9)", "What is 50% of 80?", "۸۰ کا ۵۰% کیا ہے؟"),
    ("Arabic-Indic digits (U+0660–0669)", "What is 50% of 80?", "٨٠ کا ٥٠% کیا ہے؟"),
    ("set `{1, 2}` in prose, kept", "The set {1, 2} has two elements.", "سیٹ {1, 2} میں دو عناصر ہیں۔"),
    ("set in prose, Urdu comma", "The set {1, 2} has two elements.", "سیٹ {1، 2} میں دو عناصر ہیں۔"),
    (
        "set in prose, Urdu comma and digits",
        "The set {1, 2} has two elements.",
        "سیٹ {۱، ۲} میں دو عناصر ہیں۔",
    ),
    ("digits in Latin tokens", "An 8-GPU node with FP16 weights", "FP16 ویٹس والا ایک 8-GPU نوڈ"),
    (
        "Urdu digit before a Latin token",
        "An 8-GPU node with FP16 weights",
        "FP16 ویٹس والا ایک ۸-GPU نوڈ",
    ),
    ("decimal, Latin", "The loss fell to 0.25.", "لاس کم ہو کر 0.25 رہ گیا۔"),
    ("thousands, Urdu digits and ٬ (ur_IN style)", "It has 1,024 GPUs.", "اس میں ۱٬۰۲۴ GPUs ہیں۔"),
    ("decimal, Urdu digits and ٫ (ur_IN style)", "The loss fell to 0.25.", "لاس کم ہو کر ۰٫۲۵ رہ گیا۔"),
]

PO_HEADER = """msgid ""
msgstr ""
"Language: ur\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"""


def numbers_experiment(pofilter: Path, folder: Path) -> list[str]:
    folder.mkdir(parents=True)
    catalog = polib.pofile(PO_HEADER)
    for number, (_, source, translation) in enumerate(NUMBER_CASES, 1):
        catalog.append(polib.POEntry(msgctxt=f"case-{number}", msgid=source, msgstr=translation))
    (folder / "numbers.po").write_text(str(catalog), encoding="utf-8")
    results = {
        variant: run_pofilter(pofilter, folder, options, folder / variant.replace(" ", "_"))
        for variant, options in POFILTER_VARIANTS.items()
    }
    glossary = load_glossary(ROOT / "locales/glossary/ur.yaml")
    catalog = parse_po((folder / "numbers.po").read_text(encoding="utf-8"), "numbers")
    quizkit_locales = ("ur", "ur_IN")
    quizkit: dict[str, Findings] = {}
    for locale in quizkit_locales:
        found = quizkit.setdefault(locale, {})
        for diagnostic in check_catalog(catalog, "numbers.po", locale, glossary).diagnostics:
            found.setdefault(diagnostic.key or "", set()).add((diagnostic.code, diagnostic.message))
    columns = [*POFILTER_VARIANTS, *(f"quizkit check ({locale})" for locale in quizkit_locales)]
    lines = [
        "| Case | Source | Translation | " + " | ".join(columns) + " |",
        "|---|---|---|" + "---|" * len(columns),
    ]

    def cell(items: set[tuple[str, str]], only: set[str] | None = None) -> str:
        shown = sorted(
            f"`{test}`: {shorten(message)}" for test, message in items if only is None or test in only
        )
        return "<br>".join(shown) or "—"

    relevant = {"numbers", "pythonbraceformat", "variables", "printf"}
    for number, (case, source, translation) in enumerate(NUMBER_CASES, 1):
        key = f"case-{number}"
        cells = [case, source, translation]
        cells += [cell(results[variant].get(key, set()), relevant) for variant in POFILTER_VARIANTS]
        cells += [cell(quizkit[locale].get(key, set())) for locale in quizkit_locales]
        lines.append("| " + " | ".join(text.replace("|", "\\|") for text in cells) + " |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="keep the temporary projects and pofilter output here")
    arguments = parser.parse_args()
    pofilter = find_pofilter()
    defects = load_planted_defects()

    with tempfile.TemporaryDirectory(prefix="quizkit-pofilter-") as temporary:
        work = arguments.keep or Path(temporary)
        if arguments.keep:
            shutil.rmtree(work, ignore_errors=True)
        clean = copy_project(work / "clean")
        planted = copy_project(work / "planted")
        plants = defects.plant_all(planted)
        planted_keys = {plant.key for plant in plants}
        all_units = units(clean / CATALOGS)

        quizkit = {name: run_quizkit(project) for name, project in (("clean", clean), ("planted", planted))}
        pofilter_runs = {
            variant: {
                name: run_pofilter(
                    pofilter,
                    project / CATALOGS,
                    options,
                    work / f"pofilter-{name}-{variant.replace(' ', '_')}",
                )
                for name, project in (("clean", clean), ("planted", planted))
            }
            for variant, options in POFILTER_VARIANTS.items()
        }
        experiment = numbers_experiment(pofilter, work / "numbers-experiment")

    table, caught, incidental = comparison_table(plants, quizkit, pofilter_runs, len(all_units))
    runs = {"quizkit check": quizkit, **pofilter_runs}
    out = print
    out(
        f"## quizkit check vs pofilter (translate-toolkit {importlib.metadata.version('translate-toolkit')})\n"
    )
    out(
        f"{len(plants)} defects planted, one per entry, into copies of the Urdu catalogs "
        f"({len(all_units)} units). A pofilter test counts only if it fires on the planted unit with a "
        "message it does not give for the same unit in the clean catalog; a test that fires on a quarter "
        "or more of the clean units is noise, and a defect only a noise test noticed is marked incidental.\n"
    )
    out("\n".join(table))
    out("")
    out(
        "Caught: "
        + "; ".join(
            f"{tool} {caught[tool]} of {len(plants)}"
            + (f" (+ {incidental[tool]} incidental)" if incidental[tool] else "")
            for tool in ("quizkit check", *POFILTER_VARIANTS)
        )
        + ".\n"
    )
    out("### False positives\n")
    out("\n".join(false_positive_table(all_units, planted_keys, runs)))
    out("")
    for tool, run in runs.items():
        changed = changed_unplanted(all_units, planted_keys, run)
        if changed:
            out(f"{tool}: findings that changed on unplanted entries after planting:\n")
            for key, items in changed:
                out(f"- `{short_key(key)}`: " + "; ".join(items))
            out("")
    for tool, run in runs.items():
        flagged = {key: findings for key, findings in sorted(run["clean"].items()) if findings}
        if not flagged:
            out(f"{tool} on the clean catalogs: no findings.\n")
        elif len(flagged) <= LIST_AT_MOST:
            out(f"{tool} on the clean catalogs:\n")
            for key, findings in flagged.items():
                out(
                    f"- `{short_key(key)}`: "
                    + "; ".join(f"`{test}`: {message}" for test, message in sorted(findings))
                )
            out("")
    out("### pofilter numbers and placeholders on Urdu digits and `{1, 2}` in prose\n")
    out(
        "Only the `numbers`, `pythonbraceformat`, `variables` and `printf` tests are shown for pofilter; "
        "no entry carries a format flag.\n"
    )
    out("\n".join(experiment))


if __name__ == "__main__":
    main()
