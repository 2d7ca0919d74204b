"""``quizkit merge OLD.po TEMPLATE.pot -o NEW.po`` against GNU ``msgmerge --previous``.

On catalogs without keys (with and without msgctxt, the same msgid in several contexts, plurals, fuzzy
and obsolete entries, texts changed, removed and added; tests/realistic_catalogs.py) it writes exactly
what msgmerge writes. On catalogs keyed by msgctxt it merges by key and keeps every translation that
msgmerge keeps. ``msgfmt -c`` accepts every result.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from realistic_catalogs import catalog_pair
from support import run_quizkit as quizkit

from toolkit.gettext.catalog import Catalog
from toolkit.gettext.po_reader import read_po

needs_gettext = pytest.mark.skipif(
    shutil.which("msgmerge") is None or shutil.which("msgfmt") is None,
    reason="GNU gettext's msgmerge and msgfmt are not installed (apt-get install gettext)",
)


def _files(folder: Path, seed: int, *, keyed: bool = False) -> tuple[Path, Path]:
    pair = catalog_pair(seed, keyed=keyed)
    old, template = folder / "old.po", folder / "template.pot"
    old.write_text(pair.old, encoding="utf-8")
    template.write_text(pair.template, encoding="utf-8")
    return old, template


def _msgmerge(old: Path, template: Path, output: Path) -> Catalog:
    subprocess.run(
        ["msgmerge", "--quiet", "--previous", "-o", str(output), str(old), str(template)], check=True
    )
    return read_po(output.read_bytes(), output.name)


def _msgfmt_accepts(path: Path) -> None:
    checked = subprocess.run(
        ["msgfmt", "-c", "-o", "/dev/null", str(path)], capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0, checked.stderr


def _translations(catalog: Catalog) -> set[str]:
    return {translation for entry in catalog for translation in entry.translations if translation}


KEPT = "# Kept by quizkit: msgstr["


def _kept_text(line: str) -> str:
    """The translation a ``# Kept by quizkit: msgstr[1] was "…"; …`` comment keeps."""
    return str(json.loads(line.split(" was ", 1)[1].rsplit("; this entry has no", 1)[0]))


def _first_forms(catalog: Catalog) -> set[str]:
    return {entry.translations[0] for entry in catalog if entry.translations[0]}


@needs_gettext
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_without_keys_it_writes_what_msgmerge_writes(tmp_path: Path, seed: int) -> None:
    old, template = _files(tmp_path, seed)

    result = quizkit(tmp_path, "merge", "old.po", "template.pot", "-o", "new.po")

    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith(" (matched by msgctxt and msgid)\n")
    gnu = _msgmerge(old, template, tmp_path / "gnu.po")
    # The one difference: a plural matched to a singular keeps its other forms in translator comments,
    # where msgmerge drops them (merge_cases/plural-became-singular).
    written = (tmp_path / "new.po").read_text(encoding="utf-8")
    kept = [line for line in written.split("\n") if line.startswith(KEPT)]
    assert "\n".join(line for line in written.split("\n") if not line.startswith(KEPT)) == (
        tmp_path / "gnu.po"
    ).read_text(encoding="utf-8")
    _msgfmt_accepts(tmp_path / "new.po")
    ours = read_po((tmp_path / "new.po").read_bytes(), "new.po")
    assert _translations(ours) == _translations(gnu)
    # Not a translation of the old catalog lost: each is active (exact or fuzzy) or obsolete, or, a
    # later form of a plural that became singular, in a comment.
    old_catalog = read_po(old.read_bytes(), "old.po")
    assert _first_forms(old_catalog) <= _translations(ours)
    later_forms = {form for entry in old_catalog for form in entry.translations[1:] if form}
    assert later_forms <= _translations(ours) | {_kept_text(line) for line in kept}
    assert sum(entry.is_fuzzy for entry in ours.active()) > 20  # msgmerge's fuzzy matching was exercised
    again = quizkit(tmp_path, "merge", "new.po", "template.pot", "-o", "again.po")
    assert again.returncode == 0, again.stderr
    assert (tmp_path / "again.po").read_bytes() == (tmp_path / "new.po").read_bytes()  # idempotent


def test_realistic_catalog_without_context_loses_nothing(tmp_path: Path) -> None:
    """Hundreds of entries without msgctxt (and some with), texts changed, removed, added: every entry
    that kept its text keeps its own translation; every translation is still in the file."""
    old, _ = _files(tmp_path, 7)
    pair = catalog_pair(7)

    result = quizkit(tmp_path, "merge", "old.po", "template.pot", "-o", "new.po")

    assert result.returncode == 0, result.stderr
    before = read_po(old.read_bytes(), "old.po")
    after = read_po((tmp_path / "new.po").read_bytes(), "new.po")
    assert len(list(before.active())) == len(pair.old_messages) > 300
    assert sum(entry.context is None for entry in before) > 150
    old_by_identity = {entry.identity: entry for entry in before}
    kept = [entry for entry in after.active() if entry.identity in old_by_identity]
    assert len(kept) > 250
    for entry in kept:
        assert entry.translations[0] == old_by_identity[entry.identity].translations[0], entry
    assert _first_forms(before) <= _translations(after)
    identities = [(*entry.identity, entry.obsolete) for entry in after]
    assert len(identities) == len(set(identities))
    assert len({entry.identity for entry in after}) == len(after.entries)  # no identity twice


@needs_gettext
@pytest.mark.parametrize("seed", [4, 5])
def test_keyed_catalog_keeps_every_translation_msgmerge_keeps(tmp_path: Path, seed: int) -> None:
    old, template = _files(tmp_path, seed, keyed=True)

    result = quizkit(tmp_path, "merge", "old.po", "template.pot", "-o", "new.po")

    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith(" (matched by key)\n")
    _msgfmt_accepts(tmp_path / "new.po")
    ours = read_po((tmp_path / "new.po").read_bytes(), "new.po")
    gnu = _msgmerge(old, template, tmp_path / "gnu.po")
    assert _translations(gnu) <= _translations(ours)
    # Where msgmerge's entry kept its exact translation, so does quizkit's.
    exact = {entry.identity: entry for entry in gnu.active() if entry.msgstr and not entry.is_fuzzy}
    for entry in ours.active():
        if entry.identity in exact:
            assert (entry.msgstr, entry.is_fuzzy) == (exact[entry.identity].msgstr, False)
    # And a translation on a non-fuzzy entry is one made for that key and text.
    made = {(entry.context, entry.msgid, entry.msgstr) for entry in read_po(old.read_bytes(), "old.po")}
    for entry in ours:
        if entry.msgstr and not entry.is_fuzzy:
            assert (entry.context, entry.msgid, entry.msgstr) in made, entry


def test_merge_to_standard_output(tmp_path: Path) -> None:
    _files(tmp_path, 8)
    written = quizkit(tmp_path, "merge", "old.po", "template.pot", "-o", "new.po")

    result = quizkit(tmp_path, "merge", "old.po", "template.pot", "-o", "-")

    assert result.returncode == 0, result.stderr
    assert result.stdout == (tmp_path / "new.po").read_text(encoding="utf-8")
    assert result.stderr == "-: " + written.stdout.partition(": ")[2]


def test_no_keys_option_matches_a_keyed_catalog_as_msgmerge_would(tmp_path: Path) -> None:
    _files(tmp_path, 9, keyed=True)

    result = quizkit(tmp_path, "merge", "--no-keys", "old.po", "template.pot", "-o", "new.po")

    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith(" (matched by msgctxt and msgid)\n")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("merge", "old.po", "template.pot"), "Error: Missing option '--output-file' / '-o'."),
        (("merge", "old.po", "-o", "new.po"), "Error: Missing argument 'TEMPLATE'."),
        (("merge", "old.po", "template.pot", "-o", "new.po", "--fuzzy"), "Error: No such option '--fuzzy'."),
    ],
)
def test_usage_errors_exit_2_and_write_nothing(
    tmp_path: Path, arguments: tuple[str, ...], message: str
) -> None:
    _files(tmp_path, 10)

    result = quizkit(tmp_path, *arguments)

    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == message
    assert not (tmp_path / "new.po").exists()


@pytest.mark.parametrize(
    ("old_text", "message"),
    [
        (None, "missing.po: error[catalog]: No such file or directory\n"),
        (
            'msgid ""\nmsgstr ""\n\nmsgid "Open"\nmsgstr "Öffnen\n',
            "old.po:5: error[catalog]: unterminated string: a string must start and end with a double quote "
            "on one line\n",
        ),
        (
            'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
            'msgid "One"\nmsgid_plural "Many"\nmsgstr[0] "Eins"\nmsgstr[1] "Viele"\nmsgstr[2] "Sehr viele"\n',
            "old.po:5: error[catalog]: entry 'One' has 3 plural forms but the header's Plural-Forms says nplurals=2\n",
        ),
        (
            'msgid ""\nmsgstr ""\n\nmsgid "Open"\nmsgstr "Öffnen"\n\n#~ msgid "Open"\n#~ msgstr "Aufmachen"\n',
            "old.po:7: error[catalog]: duplicate entry: msgid 'Open' is already defined on line 4; msgfmt "
            "refuses an obsolete (#~) entry and an active one with the same msgctxt and msgid: delete the one "
            "whose translation is not wanted\n",
        ),
    ],
    ids=["missing", "syntax", "plural-count", "active-and-obsolete-twin"],
)
def test_unreadable_input_exits_1_with_its_location_and_leaves_the_output_alone(
    tmp_path: Path, old_text: str | None, message: str
) -> None:
    _files(tmp_path, 11)
    (tmp_path / "new.po").write_bytes(b"the previous output\n")
    name = "missing.po" if old_text is None else "old.po"
    if old_text is not None:
        (tmp_path / "old.po").write_text(old_text, encoding="utf-8")

    result = quizkit(tmp_path, "merge", name, "template.pot", "-o", "new.po")

    assert result.returncode == 1
    assert result.stderr == message
    assert (tmp_path / "new.po").read_bytes() == b"the previous output\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["new.po", "old.po", "template.pot"]


def test_a_keyed_catalog_with_a_key_used_twice_is_refused(tmp_path: Path) -> None:
    (tmp_path / "template.pot").write_text(
        'msgctxt "quiz.title"\nmsgid "Quiz"\nmsgstr ""\n', encoding="utf-8"
    )
    (tmp_path / "old.po").write_text(
        'msgctxt "quiz.title"\nmsgid "Quiz"\nmsgstr "Quiz"\n\nmsgctxt "quiz.title"\nmsgid "Test"\nmsgstr "Test"\n',
        encoding="utf-8",
    )

    result = quizkit(tmp_path, "merge", "old.po", "template.pot", "-o", "new.po")

    assert (result.returncode, result.stderr) == (
        1,
        "old.po:5: error[catalog]: msgctxt 'quiz.title' is used by two entries (the first on line 1); merging "
        "by key needs one entry per key: remove one of them, or merge with --no-keys\n",
    )
    assert not (tmp_path / "new.po").exists()
