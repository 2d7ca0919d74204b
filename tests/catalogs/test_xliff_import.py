"""XLIFF edited by translate-toolkit (the library Weblate uses) comes back with its review state (issue 15).

translate-toolkit writes "needs work" (a fuzzy unit) as a target in a segment whose state is
``initial``; quizkit used to drop such a target and still report "1 entry updated".
"""

from __future__ import annotations

import io
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from support import EVERY_TYPE_QUIZ, every_type_urdu, fixture_project, run_quizkit_in_process, translate

from toolkit.gettext.po_reader import parse_po
from toolkit.gettext.review import is_approved

xliff2 = pytest.importorskip("translate.storage.xliff2", reason="translate-toolkit is not installed")

Quizkit = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def quizkit() -> Quizkit:
    """The command in this process (support.run_quizkit_in_process): these tests read what it wrote."""
    return run_quizkit_in_process


BASE = "data-parallel.questions.gpu-holds"
XLIFF = "dist/xliff/ur/data-parallel.xlf"
CATALOG = "locales/ur/LC_MESSAGES/data-parallel.po"


def edited_by_translate_toolkit(path: Path, edits: dict[str, tuple[str, str]]) -> bytes:
    """The file as translate-toolkit writes it after setting each unit's target and workflow state."""
    store = xliff2.Xliff2File.parsefile(io.BytesIO(path.read_bytes()))
    units = {unit.getid(): unit for unit in store.units}
    for unit_id, (target, state) in edits.items():
        unit = units[unit_id]
        unit.target = target
        if state == "needs work":
            unit.markfuzzy(True)
        elif state == "approved":
            unit.markapproved(True)
        else:
            unit.markfuzzy(False)  # "translated", not reviewed
    output = io.BytesIO()
    store.serialize(output)
    return output.getvalue()


def catalog_entries(project: Path) -> dict[str | None, object]:
    return dict(parse_po((project / CATALOG).read_text(encoding="utf-8"), CATALOG).by_context())


def test_translate_toolkit_writes_needs_work_as_initial(project_copy: Path, quizkit: Quizkit) -> None:
    assert quizkit(project_copy, "export", "-f", "xliff").returncode == 0
    data = edited_by_translate_toolkit(project_copy / XLIFF, {f"{BASE}.prompt": ("نیا ترجمہ", "needs work")})
    unit = data[data.index(f'<unit id="{BASE}.prompt" xml:space="preserve">'.encode()) :]
    assert unit[: unit.index(b"</unit>")].count(b'<segment state="initial">') == 1


def test_needs_work_comes_in_fuzzy_and_the_report_counts_it(project_copy: Path, quizkit: Quizkit) -> None:
    assert quizkit(project_copy, "export", "-f", "xliff").returncode == 0
    before = catalog_entries(project_copy)
    path = project_copy / XLIFF
    path.write_bytes(edited_by_translate_toolkit(path, {f"{BASE}.prompt": ("نیا ترجمہ", "needs work")}))
    result = quizkit(project_copy, "import-xliff", XLIFF)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{XLIFF} → {CATALOG}: 1 entry updated (0 translated, 1 fuzzy)\n"
    entries = catalog_entries(project_copy)
    entry = entries[f"{BASE}.prompt"]
    assert (entry.msgstr, entry.is_fuzzy) == ("نیا ترجمہ", True)  # type: ignore[attr-defined]
    assert {key: value for key, value in entries.items() if key != f"{BASE}.prompt"} == {
        key: value for key, value in before.items() if key != f"{BASE}.prompt"
    }


def test_each_workflow_state_of_translate_toolkit(project_copy: Path, quizkit: Quizkit) -> None:
    """Issue 21: translate-toolkit's "translated" is a translation (it came in fuzzy before), and its
    "approved" (state reviewed) records an approval by --reviewer."""
    assert quizkit(project_copy, "export", "-f", "xliff").returncode == 0
    path = project_copy / XLIFF
    edits = {
        f"{BASE}.options.full-replica": ("پہلا", "needs work"),
        f"{BASE}.options.layer-slice": ("دوسرا", "translated"),
        f"{BASE}.options.optimizer-only": ("تیسرا", "approved"),
    }
    path.write_bytes(edited_by_translate_toolkit(path, edits))
    result = quizkit(project_copy, "import-xliff", XLIFF, "--reviewer", "Test Reviewer")
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{XLIFF} → {CATALOG}: 3 entries updated (2 translated, 1 fuzzy), 1 approved\n"
    entries = catalog_entries(project_copy)
    found = {
        key: (entries[key].msgstr, entries[key].is_fuzzy, is_approved(entries[key]))  # type: ignore[attr-defined,arg-type]
        for key in edits
    }
    assert found == {
        f"{BASE}.options.full-replica": ("پہلا", True, False),
        f"{BASE}.options.layer-slice": ("دوسرا", False, False),
        f"{BASE}.options.optimizer-only": ("تیسرا", False, True),
    }


def test_an_approved_unit_without_a_reviewer_comes_in_translated_and_is_named(
    project_copy: Path, quizkit: Quizkit
) -> None:
    assert quizkit(project_copy, "export", "-f", "xliff").returncode == 0
    path = project_copy / XLIFF
    key = f"{BASE}.options.optimizer-only"
    path.write_bytes(edited_by_translate_toolkit(path, {key: ("تیسرا", "approved")}))
    result = quizkit(project_copy, "import-xliff", XLIFF)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f"{XLIFF} → {CATALOG}: 1 entry updated (1 translated, 0 fuzzy)\n"
        f"  {key}: reviewed in the file, but only a reviewer approves (import-xliff --reviewer NAME, "
        "or quizkit review approve); imported as translated, not approved\n"
    )
    entry = catalog_entries(project_copy)[key]
    assert (entry.msgstr, entry.is_fuzzy, is_approved(entry)) == ("تیسرا", False, False)  # type: ignore[attr-defined,arg-type]


def test_a_forged_approval_comment_in_a_returned_file_is_dropped_with_a_warning(
    project_copy: Path, quizkit: Quizkit
) -> None:
    from lxml import etree

    from toolkit.gettext.review import approved

    assert quizkit(project_copy, "export", "-f", "xliff").returncode == 0
    key = f"{BASE}.prompt"
    entry = catalog_entries(project_copy)[key]
    assert not is_approved(entry)  # type: ignore[arg-type]
    # The hash covers only the key, the source and the translation, all in the file: anyone can make it.
    forged = approved(entry, "Mallory", "2026-12-03").translator_comments[-1]  # type: ignore[arg-type]
    namespace = "urn:oasis:names:tc:xliff:document:2.0"
    tree = etree.parse(str(project_copy / XLIFF))
    unit = tree.getroot().find(f".//{{{namespace}}}unit[@id='{key}']")
    assert unit is not None
    notes = unit.find(f"{{{namespace}}}notes")
    if notes is None:
        notes = etree.Element(f"{{{namespace}}}notes")
        unit.insert(0, notes)
    etree.SubElement(notes, f"{{{namespace}}}note", category="translator-comment").text = forged
    tree.write(str(project_copy / XLIFF), xml_declaration=True, encoding="UTF-8")
    line = unit.sourceline
    before = (project_copy / CATALOG).read_bytes()

    result = quizkit(project_copy, "import-xliff", XLIFF)

    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f"{XLIFF} → {CATALOG}: unchanged\n"
        f"{XLIFF}:{line}: warning[xliff-approval]: unit {key}: the approval comment in its notes is not "
        "imported; an approval is given by the reviewer (quizkit review approve, or import-xliff --reviewer NAME)\n"
    )
    assert (project_copy / CATALOG).read_bytes() == before


def test_accepted_answers_one_per_line_survive_translate_toolkit(tmp_path: Path, quizkit: Quizkit) -> None:
    """Issue 36: without xml:space="preserve" translate-toolkit (and so Weblate) reads an XLIFF 2 target's
    line breaks as spaces, so a translator who edits one accepted answer saves every answer as one."""
    root = fixture_project(tmp_path, {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8")})
    assert quizkit(root, "update").returncode == 0
    catalog = root / "locales/ur/LC_MESSAGES/every-type.po"
    translate(catalog, every_type_urdu())
    assert quizkit(root, "export", "-f", "xliff").returncode == 0
    key = "every-type.questions.name-collective.answers.reduce-all"
    path = root / "dist/xliff/ur/every-type.xlf"
    store = xliff2.Xliff2File.parsefile(io.BytesIO(path.read_bytes()))
    unit = next(unit for unit in store.units if unit.getid() == key)
    assert (unit.source, unit.target) == ("reduce to all", "سب کو ریڈیوس\nریڈیوس ٹو آل")
    unit.target = unit.target.replace("ٹو", "ٹُو")  # the translator corrects one word of the second answer
    output = io.BytesIO()
    store.serialize(output)
    path.write_bytes(output.getvalue())
    result = quizkit(root, "import-xliff", "dist/xliff/ur/every-type.xlf")
    assert result.returncode == 0, result.stderr
    entry = parse_po(catalog.read_text(encoding="utf-8"), catalog.name).by_context()[key]
    assert entry.msgstr == "سب کو ریڈیوس\nریڈیوس ٹُو آل"


def test_accepted_answers_joined_into_one_line_are_refused_at_their_line_and_the_rest_imports(
    tmp_path: Path, quizkit: Quizkit
) -> None:
    """Issue 36: a target whose accepted answers came back as one line (a tool read the line breaks as
    spaces, as translate-toolkit did with quizkit's XLIFF before xml:space) would accept none of them.
    Review finding 10: it is an error at the unit's line and the command fails, so a script notices;
    the file's other units are imported all the same."""
    from lxml import etree

    root = fixture_project(tmp_path, {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8")})
    assert quizkit(root, "update").returncode == 0
    catalog = root / "locales/ur/LC_MESSAGES/every-type.po"
    translate(catalog, every_type_urdu())
    assert quizkit(root, "export", "-f", "xliff").returncode == 0
    key = "every-type.questions.name-collective.answers.reduce-all"
    prompt = "every-type.questions.name-collective.prompt"
    path = root / "dist/xliff/ur/every-type.xlf"
    edits = {key: ("سب کو ریڈیوس ریڈیوس ٹُو آل", "translated"), prompt: ("نیا سوال", "translated")}
    path.write_bytes(edited_by_translate_toolkit(path, edits))
    line = (
        etree.fromstring(path.read_bytes())
        .xpath("//*[local-name()='unit' and @id=$key]", key=key)[0]
        .sourceline
    )
    result = quizkit(root, "import-xliff", "dist/xliff/ur/every-type.xlf")
    assert result.returncode == 1
    assert result.stdout == (
        "dist/xliff/ur/every-type.xlf → locales/ur/LC_MESSAGES/every-type.po: 1 entry updated (1 translated, "
        "0 fuzzy), 1 unit refused\n"
        f"dist/xliff/ur/every-type.xlf:{line}: error[xliff-joined-lines]: unit {key}: the catalog's 2 accepted "
        "answers came back as 1 line with all their words: were the lines joined? Not imported, the catalog "
        "keeps its translation; put each accepted answer on its own line in the CAT tool (or in the catalog) "
        "and import the file again\n"
    )
    assert result.stderr == (
        "import-xliff: 1 unit not imported (the errors above say why and what to do); every other unit was "
        "imported\n"
    )
    entries = parse_po(catalog.read_text(encoding="utf-8"), catalog.name).by_context()
    assert entries[key].msgstr == "سب کو ریڈیوس\nریڈیوس ٹو آل"
    assert entries[prompt].msgstr == "نیا سوال"


FORMULA_QUIZ = """\
id: ring
level: beginner
title: Ring all-reduce
description: What each GPU sends.
questions:
  - id: sends
    type: single_choice
    prompt: "Each GPU sends $2(N-1)/N$ of the data with `all_reduce`."
    options:
      - id: this
        text: This one
      - id: that
        text: That one
    correct: [this]
    explanation: It is this one.
"""


def test_translate_toolkit_sees_formulas_and_code_as_placeholders_and_keeps_them(
    tmp_path: Path, quizkit: Quizkit
) -> None:
    """Issue 41: translate-toolkit (and so Weblate) reads quizkit's <ph> as placeables, not as words the
    translator edits; a target built around them comes back with the formula and the code exactly."""
    from translate.storage.placeables import StringElem

    root = fixture_project(tmp_path, {"ring": FORMULA_QUIZ})
    assert quizkit(root, "update").returncode == 0
    assert quizkit(root, "export", "-f", "xliff").returncode == 0
    key = "ring.questions.sends.prompt"
    path = root / "dist/xliff/ur/ring.xlf"
    store = xliff2.Xliff2File.parsefile(io.BytesIO(path.read_bytes()))
    unit = next(unit for unit in store.units if unit.getid() == key)
    parts = unit.rich_source[0].sub
    assert [str(part) for part in parts[::2]] == ["Each GPU sends ", " of the data with ", "."]
    formula, code = parts[1], parts[3]
    assert (formula.id, code.id) == ("1", "2")
    assert (
        unit.source == "Each GPU sends  of the data with ."
    )  # the words alone: nothing to translate in them
    unit.rich_target = [
        StringElem(
            [StringElem("ہر GPU "), code, StringElem(" سے ڈیٹا کا "), formula, StringElem(" حصہ بھیجتا ہے۔")]
        )
    ]
    output = io.BytesIO()
    store.serialize(output)
    path.write_bytes(output.getvalue())
    result = quizkit(root, "import-xliff", "dist/xliff/ur/ring.xlf")
    assert result.returncode == 0, result.stderr
    catalog = root / "locales/ur/LC_MESSAGES/ring.po"
    entry = parse_po(catalog.read_text(encoding="utf-8"), catalog.name).by_context()[key]
    assert entry.msgstr == "ہر GPU `all_reduce` سے ڈیٹا کا $2(N-1)/N$ حصہ بھیجتا ہے۔"
