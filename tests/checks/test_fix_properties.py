"""--fix, for any mix of fixable defects: changes only msgstr lines, is idempotent, leaves no fixable finding."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from toolkit.checks.runner import apply_fixes, check_catalog
from toolkit.content.glossary import load_glossary
from toolkit.gettext.po_reader import parse_po
from toolkit.gettext.po_writer import format_po

ROOT = Path(__file__).resolve().parents[2]
TEXT = (ROOT / "locales/ur/LC_MESSAGES/data-parallel.po").read_text(encoding="utf-8")
CATALOG = parse_po(TEXT, "data-parallel.po")
GLOSSARY = load_glossary(ROOT / "locales/glossary/ur.yaml")
KEYS = [entry.context for entry in CATALOG.entries]

DEFECTS = {
    "arabic kaf": lambda text: text.replace("ک", "\u0643"),
    "arabic yeh": lambda text: text.replace("ی", "\u064a"),
    "final heh as arabic heh": lambda text: text.replace("ہ ", "\u0647 "),
    "latin full stop": lambda text: text.replace("۔", "."),
    "latin comma": lambda text: text.replace("،", ","),
    "space before punctuation": lambda text: text.replace("۔", " ۔"),
    "glued sentences": lambda text: text.replace("۔ ", "۔"),
    "tatweel": lambda text: text.replace("ما", "مـا"),
    "leading zwnj": lambda text: "\u200c" + text,
    "bidi control": lambda text: text.replace("GPU", "\u200fGPU"),
    "decomposed alef madda": lambda text: text.replace("آ", "\u0627\u0653"),
    "double space": lambda text: text.replace(" ", "  ", 1),
}


def fixable_keys(text: str) -> set[str]:
    findings = check_catalog(parse_po(text, "x.po"), "x.po", "ur", GLOSSARY)
    return {entry.context or "" for entry, _ in findings.fixable_entries}


@settings(max_examples=examples(40), deadline=None)
@given(st.lists(st.tuples(st.sampled_from(KEYS), st.sampled_from(sorted(DEFECTS))), min_size=1, max_size=6))
def test_fix_changes_only_msgstr_lines_and_is_idempotent(plants: list[tuple[str, str]]) -> None:
    entries = {entry.context: entry for entry in CATALOG.entries}
    for key, defect in plants:
        entries[key] = replace(entries[key], msgstr=DEFECTS[defect](entries[key].msgstr))
    planted = format_po(replace(CATALOG, entries=tuple(entries[key] for key in KEYS)))
    findings = check_catalog(parse_po(planted, "x.po"), "x.po", "ur", GLOSSARY)
    fixed, _ = apply_fixes(planted, findings, "ur")

    before_lines, after_lines = planted.split("\n"), fixed.split("\n")
    non_msgstr = lambda lines: [line for line in lines if not line.startswith(("msgstr", '"'))]  # noqa: E731
    assert non_msgstr(before_lines) == non_msgstr(after_lines)
    # Every other entry part is untouched.
    before_catalog, after_catalog = parse_po(planted, "x.po"), parse_po(fixed, "x.po")
    for old, new in zip(before_catalog.entries, after_catalog.entries, strict=True):
        assert replace(old, msgstr="") == replace(new, msgstr="")
    assert fixable_keys(fixed) == set()
    second, fixes = apply_fixes(fixed, check_catalog(after_catalog, "x.po", "ur", GLOSSARY), "ur")
    assert (second, fixes) == (fixed, [])
