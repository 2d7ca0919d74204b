"""XLIFF 2.1 out to CAT tools and back: valid against the XLIFF 2 schema, lossless, hostile XML refused."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from lxml import etree
from standard_schemas import XLIFF2, schema_file
from support import fixture_project, run_quizkit_in_process, translate

from toolkit.gettext.po_reader import parse_po

ROOT = Path(__file__).resolve().parents[2]
Quizkit = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def quizkit() -> Quizkit:
    """The command in this process (support.run_quizkit_in_process): these tests read what it wrote."""
    return run_quizkit_in_process


NS = {"x": "urn:oasis:names:tc:xliff:document:2.0"}


@pytest.fixture
def exported(project_copy: Path, quizkit: Quizkit) -> Path:
    result = quizkit(project_copy, "export", "-f", "xliff")
    assert result.returncode == 0, result.stderr
    return project_copy / "dist" / "xliff" / "ur"


def catalog_bytes(project: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in (project / "locales/ur/LC_MESSAGES").glob("*.po")}


def test_valid_against_the_xliff_schema(exported: Path) -> None:
    schema = etree.XMLSchema(etree.parse(str(schema_file(XLIFF2, "xliff_core_2.0.xsd"))))
    for path in sorted(exported.glob("*.xlf")):
        document = etree.parse(str(path))
        assert schema.validate(document), (path.name, schema.error_log)
        root = document.getroot()
        assert (root.get("version"), root.get("srcLang"), root.get("trgLang")) == ("2.1", "en", "ur")


def test_units_are_keys_with_context_and_state(exported: Path) -> None:
    root = etree.parse(str(exported / "data-parallel.xlf")).getroot()
    unit = root.find(".//x:unit[@id='data-parallel.questions.gpu-holds.options.full-replica']", NS)
    assert unit is not None
    notes = [note.text for note in unit.findall(".//x:note", NS)]
    assert "This option is the correct answer." in notes
    segment = unit.find("x:segment", NS)
    # Translated, not approved (issue 21: "final" is for approved entries only).
    assert segment is not None and segment.get("state") == "translated"
    plural = etree.parse(str(exported / "ui.xlf")).getroot().find(".//x:group[@id='ui.question-count']", NS)
    assert plural is not None
    assert [unit.get("id") for unit in plural.findall("x:unit", NS)] == [
        "ui.question-count:one",
        "ui.question-count:other",
    ]


def test_round_trip_changes_nothing(project_copy: Path, exported: Path, quizkit: Quizkit) -> None:
    before = catalog_bytes(project_copy)
    result = quizkit(project_copy, "import-xliff", *map(str, sorted(exported.glob("*.xlf"))))
    assert result.returncode == 0, result.stderr
    assert catalog_bytes(project_copy) == before


def edit_unit(path: Path, unit_id: str, target: str | None, state: str, source: str | None = None) -> None:
    tree = etree.parse(str(path))
    unit = tree.getroot().find(f".//x:unit[@id='{unit_id}']", NS)
    assert unit is not None
    segment = unit.find("x:segment", NS)
    assert segment is not None
    segment.set("state", state)
    element = segment.find("x:target", NS)
    if target is None and element is not None:
        segment.remove(element)
    elif target is not None:
        if element is None:
            element = etree.SubElement(segment, f"{{{NS['x']}}}target")
        element.text = target
    if source is not None:
        source_element = segment.find("x:source", NS)
        assert source_element is not None
        source_element.text = source
    tree.write(str(path), xml_declaration=True, encoding="UTF-8")


def test_translations_come_back_with_their_review_state(
    project_copy: Path, exported: Path, quizkit: Quizkit
) -> None:
    path = exported / "data-parallel.xlf"
    base = "data-parallel.questions"
    edit_unit(path, f"{base}.gpu-holds.options.layer-slice", "ماڈل کی تہوں کا الگ حصہ", "final")
    edit_unit(path, f"{base}.gpu-holds.options.compressed", "کمپریسڈ ماڈل", "translated")
    # A unit the tool left without a target erases nothing.
    edit_unit(path, f"{base}.gpu-holds.options.optimizer-only", None, "initial")
    # A target in state "initial" needs work (translate-toolkit's fuzzy): it comes in fuzzy.
    edit_unit(path, f"{base}.gpu-holds.prompt", "کچھ اور", "initial")
    # A target made for an older source never replaces a reviewed translation of the current one.
    edit_unit(path, f"{base}.memory-limit.prompt", "پرانا ترجمہ", "final", source="An older English prompt?")
    before = parse_po(
        (project_copy / "locales/ur/LC_MESSAGES/data-parallel.po").read_text(encoding="utf-8"), "x"
    ).by_context()
    result = quizkit(project_copy, "import-xliff", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "dist/xliff/ur/data-parallel.xlf → locales/ur/LC_MESSAGES/data-parallel.po: 3 entries updated "
        "(2 translated, 1 fuzzy)",
        f"  {base}.memory-limit.prompt: the source text changed since export and the catalog has a reviewed "
        "translation; kept it",
        f"  {base}.gpu-holds.options.layer-slice: reviewed in the file, but only a reviewer approves "
        "(import-xliff --reviewer NAME, or quizkit review approve); imported as translated, not approved",
    ]
    entries = parse_po(
        (project_copy / "locales/ur/LC_MESSAGES/data-parallel.po").read_text(encoding="utf-8"), "x"
    ).by_context()
    assert entries[f"{base}.gpu-holds.options.layer-slice"].msgstr == "ماڈل کی تہوں کا الگ حصہ"
    assert entries[f"{base}.gpu-holds.options.layer-slice"].is_translated
    # "translated" is a translation, not reviewed (issue 21; it came in fuzzy before).
    assert entries[f"{base}.gpu-holds.options.compressed"].is_translated
    assert (entries[f"{base}.gpu-holds.prompt"].msgstr, entries[f"{base}.gpu-holds.prompt"].is_fuzzy) == (
        "کچھ اور",
        True,
    )
    for unchanged in ("gpu-holds.options.optimizer-only", "memory-limit.prompt"):
        assert entries[f"{base}.{unchanged}"] == before[f"{base}.{unchanged}"]


def test_a_stale_target_fills_an_unreviewed_entry_as_fuzzy(
    project_copy: Path, exported: Path, quizkit: Quizkit
) -> None:
    catalog = project_copy / "locales/ur/LC_MESSAGES/data-parallel.po"
    key = "data-parallel.questions.memory-limit.prompt"
    text = catalog.read_text(encoding="utf-8")
    catalog.write_text(text.replace(f'msgctxt "{key}"', f'#, fuzzy\nmsgctxt "{key}"'), encoding="utf-8")
    edit_unit(exported / "data-parallel.xlf", key, "پرانا ترجمہ", "final", source="An older English prompt?")
    result = quizkit(project_copy, "import-xliff", str(exported / "data-parallel.xlf"))
    assert result.returncode == 0, result.stderr
    entry = parse_po(catalog.read_text(encoding="utf-8"), "x").by_context()[key]
    assert (entry.msgstr, entry.is_fuzzy, entry.previous_msgid) == (
        "پرانا ترجمہ",
        True,
        "An older English prompt?",
    )


def test_units_without_notes_keep_translator_comments(project_copy: Path, quizkit: Quizkit) -> None:
    catalog = project_copy / "locales/ur/LC_MESSAGES/data-parallel.po"
    text = catalog.read_text(encoding="utf-8")
    catalog.write_text(
        text.replace(
            'msgctxt "data-parallel.title"',
            '# quizkit-ignore: identical-to-source: reviewed\nmsgctxt "data-parallel.title"',
        ),
        encoding="utf-8",
    )
    assert quizkit(project_copy, "export", "-f", "xliff").returncode == 0
    path = project_copy / "dist/xliff/ur/data-parallel.xlf"
    tree = etree.parse(str(path))
    for notes in tree.getroot().findall(".//x:notes", NS):
        parent = notes.getparent()
        assert parent is not None
        parent.remove(notes)
    tree.write(str(path), xml_declaration=True, encoding="UTF-8")
    before = catalog.read_bytes()
    assert quizkit(project_copy, "import-xliff", str(path)).returncode == 0
    assert catalog.read_bytes() == before


def test_several_files_for_one_catalog_all_count(
    project_copy: Path, exported: Path, quizkit: Quizkit
) -> None:
    first, second = exported / "a.xlf", exported / "b.xlf"
    first.write_bytes((exported / "data-parallel.xlf").read_bytes())
    second.write_bytes((exported / "data-parallel.xlf").read_bytes())
    edit_unit(first, "data-parallel.title", "پہلی فائل", "final")
    edit_unit(second, "data-parallel.questions.gpu-holds.prompt", "دوسری فائل؟", "final")
    result = quizkit(project_copy, "import-xliff", str(first), str(second))
    assert result.returncode == 0, result.stderr
    entries = parse_po(
        (project_copy / "locales/ur/LC_MESSAGES/data-parallel.po").read_text(encoding="utf-8"), "x"
    ).by_context()
    assert entries["data-parallel.title"].msgstr == "پہلی فائل"
    assert entries["data-parallel.questions.gpu-holds.prompt"].msgstr == "دوسری فائل؟"


HOSTILE = [
    (
        "entity bomb",
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>\n'
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en" trgLang="ur"/>',
        "dist/xliff/ur/bad.xlf:2: error[catalog]: a DOCTYPE or entity declaration is not allowed in XLIFF (entity expansion is refused)",
    ),
    (
        "external entity",
        '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n<x>&secret;</x>',
        "dist/xliff/ur/bad.xlf:2: error[catalog]: a DOCTYPE or entity declaration is not allowed in XLIFF (entity expansion is refused)",
    ),
    (
        "not well-formed",
        '<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1">\n<file>\n</xliff>',
        "dist/xliff/ur/bad.xlf:4: error[catalog]: not well-formed XML: Opening and ending tag mismatch: file line 3 and xliff",
    ),
    (
        "unknown unit",
        '<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en" trgLang="ur">\n'
        '<file id="ui">\n<unit id="ui.no-such-message"><segment state="final"><source>x</source><target>y</target></segment></unit>\n'
        "</file>\n</xliff>",
        "dist/xliff/ur/bad.xlf:4: error[catalog]: unit ui.no-such-message is not in the catalog; was the XLIFF exported from this project?",
    ),
    (
        "another language",
        '<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en" trgLang="fr">\n'
        '<file id="ui"/>\n</xliff>',
        "dist/xliff/ur/bad.xlf:2: error[catalog]: trgLang fr is not a target locale of this project",
    ),
]


@pytest.mark.parametrize(("name", "document", "message"), HOSTILE, ids=[case[0] for case in HOSTILE])
def test_bad_xliff_is_refused_and_nothing_written(
    project_copy: Path, exported: Path, quizkit: Quizkit, name: str, document: str, message: str
) -> None:
    bad = exported / "bad.xlf"
    bad.write_text(document, encoding="utf-8")
    before = catalog_bytes(project_copy)
    result = quizkit(project_copy, "import-xliff", str(exported / "ui.xlf"), str(bad))
    assert result.returncode == 1
    assert result.stderr == message + "\n"
    assert "Traceback" not in result.stderr
    assert catalog_bytes(project_copy) == before


def test_a_control_character_in_a_translator_comment_is_named_not_a_traceback(tmp_path: Path) -> None:
    """XML cannot carry U+0001, and the XLIFF export writes a translator comment as a note: the comment
    is reported by check (so build stops there), and an export without the checks names the entry's line
    instead of failing inside lxml with a ValueError traceback."""
    root = fixture_project(tmp_path)
    assert run_quizkit_in_process(root, "update").returncode == 0
    catalog = root / "locales/ur/LC_MESSAGES/tiny.po"
    text = catalog.read_text(encoding="utf-8")
    marker = 'msgctxt "tiny.title"'
    assert text.count(marker) == 1
    catalog.write_text(text.replace(marker, "# note\x01 here\n" + marker), encoding="utf-8")
    entry = parse_po(catalog.read_text(encoding="utf-8"), "tiny.po").by_context()["tiny.title"]
    line, msgstr_line = entry.line, entry.msgstr_line  # the entry's first line, and its msgstr's

    check = run_quizkit_in_process(root, "check")
    assert check.returncode == 1
    assert (
        f"locales/ur/LC_MESSAGES/tiny.po:{msgstr_line}: error[control-characters]: control character U+0001 in a "
        "translator comment; remove it [tiny.title]"
    ) in check.stdout

    export = run_quizkit_in_process(root, "export", "-f", "xliff", "--no-checks")
    assert export.returncode == 1
    assert "Traceback" not in export.stderr
    assert export.stderr == (
        f"error[export]: locales/ur/LC_MESSAGES/tiny.po:{line}: tiny.title: its translator comment holds "
        "U+0001, a control character XML cannot carry; remove it from the catalog and export again\n"
    )


PROTECTED = """\
id: ring
level: beginner
title: Ring all-reduce
description: What each GPU sends.
questions:
  - id: sends
    type: single_choice
    prompt: "Each GPU sends $2(N-1)/N$ of the data with `all_reduce`, as $$\\\\frac{a}{b}$$ says:\\n```python\\ndist.all_reduce(t)  # $5 of `t`\\n```\\nWhich is it?"
    options:
      - id: this
        text: This one
      - id: that
        text: That one
    correct: [this]
    explanation: It is this one.
"""
PROTECTED_PROMPT = (
    "Each GPU sends $2(N-1)/N$ of the data with `all_reduce`, as $$\\frac{a}{b}$$ says:\n"
    "```python\ndist.all_reduce(t)  # $5 of `t`\n```\nWhich is it?"
)
# The translation puts the formulas in another order: the placeholders follow.
PROTECTED_URDU = (
    "ہر GPU ڈیٹا کا $$\\frac{a}{b}$$ یعنی $2(N-1)/N$ حصہ `all_reduce` سے بھیجتا ہے:\n"
    "```python\ndist.all_reduce(t)  # $5 of `t`\n```\nکون سا؟"
)
PROTECTED_KEY = "ring.questions.sends.prompt"
CODE_BLOCK = "```python\ndist.all_reduce(t)  # $5 of `t`\n```"


@pytest.fixture
def protected_export(tmp_path: Path) -> Path:
    root = fixture_project(tmp_path, {"ring": PROTECTED})
    assert run_quizkit_in_process(root, "update").returncode == 0
    translate(root / "locales/ur/LC_MESSAGES/ring.po", {PROTECTED_KEY: PROTECTED_URDU})
    result = run_quizkit_in_process(root, "export", "-f", "xliff")
    assert result.returncode == 0, result.stderr
    return root


def placeholders(element: etree._Element | None) -> list[tuple[str | None, ...]]:
    assert element is not None
    return [
        (ph.get("id"), ph.get("subType"), ph.get("equiv"), ph.get("canDelete"), ph.get("canCopy"))
        for ph in element.findall("x:ph", NS)
    ]


def test_formulas_and_code_go_out_as_placeholders_a_tool_cannot_edit(protected_export: Path) -> None:
    """Issue 41: a formula or code written as text in <source> is words to a CAT tool, which translates
    or "corrects" them; as <ph> it is one tag the translator places, the original kept in <originalData>."""
    path = protected_export / "dist/xliff/ur/ring.xlf"
    document = etree.parse(str(path))
    schema = etree.XMLSchema(etree.parse(str(schema_file(XLIFF2, "xliff_core_2.0.xsd"))))
    assert schema.validate(document), schema.error_log
    unit = document.getroot().find(f".//x:unit[@id='{PROTECTED_KEY}']", NS)
    assert unit is not None
    assert [(data.get("id"), data.text) for data in unit.findall("x:originalData/x:data", NS)] == [
        ("d1", "$2(N-1)/N$"),
        ("d2", "`all_reduce`"),
        ("d3", "$$\\frac{a}{b}$$"),
        ("d4", CODE_BLOCK),
    ]
    source = unit.find("x:segment/x:source", NS)
    assert placeholders(source) == [
        ("1", "quizkit:formula", "$2(N-1)/N$", "no", "no"),
        ("2", "quizkit:code", "`all_reduce`", "no", "no"),
        ("3", "quizkit:formula", "$$\\frac{a}{b}$$", "no", "no"),
        ("4", "quizkit:code-block", CODE_BLOCK, "no", "no"),
    ]
    assert source is not None and source.text == "Each GPU sends "
    target = unit.find("x:segment/x:target", NS)
    assert [ph[0] for ph in placeholders(target)] == ["3", "1", "2", "4"]
    assert target is not None and "$" not in "".join(target.itertext())


def test_placeholders_come_back_as_the_formulas_and_code_they_stand_for(protected_export: Path) -> None:
    catalog = protected_export / "locales/ur/LC_MESSAGES/ring.po"
    before = catalog.read_bytes()
    path = protected_export / "dist/xliff/ur/ring.xlf"
    result = run_quizkit_in_process(protected_export, "import-xliff", str(path))
    assert result.returncode == 0, result.stderr
    assert catalog.read_bytes() == before
    # The translator moves the tags and rewrites the words around them.
    tree = etree.parse(str(path))
    target = tree.getroot().find(f".//x:unit[@id='{PROTECTED_KEY}']/x:segment/x:target", NS)
    assert target is not None
    tags = {ph.get("id"): ph for ph in target.findall("x:ph", NS)}
    for ph in tags.values():
        target.remove(ph)
    target.text = "نیا: "
    for number, tail in (("2", " اور "), ("1", "، "), ("3", "\n"), ("4", "\nٹھیک؟")):
        target.append(tags[number])
        tags[number].tail = tail
    tree.write(str(path), xml_declaration=True, encoding="UTF-8")
    result = run_quizkit_in_process(protected_export, "import-xliff", str(path))
    assert result.returncode == 0, result.stderr
    entry = parse_po(catalog.read_text(encoding="utf-8"), "ring.po").by_context()[PROTECTED_KEY]
    assert (entry.msgid, entry.msgstr) == (
        PROTECTED_PROMPT,
        f"نیا: `all_reduce` اور $2(N-1)/N$، $$\\frac{{a}}{{b}}$$\n{CODE_BLOCK}\nٹھیک؟",
    )
    assert run_quizkit_in_process(protected_export, "check").returncode == 0


def test_a_placeholder_that_stands_for_nothing_is_refused_by_name(protected_export: Path) -> None:
    path = protected_export / "dist/xliff/ur/ring.xlf"
    tree = etree.parse(str(path))
    target = tree.getroot().find(f".//x:unit[@id='{PROTECTED_KEY}']/x:segment/x:target", NS)
    assert target is not None
    # A tool that wrote its own placeholder, with an id of its own and nothing saying what it stands for.
    for name in list(target[0].attrib):
        del target[0].attrib[name]
    target[0].set("id", "9")
    tree.write(str(path), xml_declaration=True, encoding="UTF-8")
    before = catalog_bytes(protected_export)
    result = run_quizkit_in_process(protected_export, "import-xliff", str(path))
    assert result.returncode == 1
    line = next(number for number, each in enumerate(path.read_text().splitlines(), 1) if 'ph id="9"' in each)
    assert result.stderr == (
        f'dist/xliff/ur/ring.xlf:{line}: error[catalog]: unit {PROTECTED_KEY}: placeholder <ph id="9"> '
        "stands for nothing its unit holds (no placeholder of the source has its id, and it has no dataRef "
        "or equiv); put back the placeholder the source has and import again\n"
    )
    assert catalog_bytes(protected_export) == before
