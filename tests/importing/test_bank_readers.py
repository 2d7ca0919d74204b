"""The bank readers' registry (toolkit/importing/bank_readers.py) and ``quizkit import``'s choice of one:
a third-party reader installed the way pip lays it out is used exactly as the built-in ones, a file two
readers recognize is refused naming both, a broken plugin is reported, and a file no reader recognizes
is a scraped page when it is text and refused when it is not."""

from __future__ import annotations

import json
import os
import textwrap
import zipfile
from pathlib import Path

import pytest
from support import ROOT, fixture_project, run_quizkit, run_quizkit_in_process, snapshot

from toolkit.gettext.po_reader import read_po
from toolkit.importing.bank_readers import PAGE, detect_format, format_names, reader_names

PLUGIN = '''
from pathlib import Path
from typing import ClassVar

from toolkit import keys
from toolkit.importing.aiken_bank import AikenReader
from toolkit.importing.bank import BankRequest, ImportedBank
from toolkit.model import ChoiceQuestion, Level, Option, Origin, QuestionType, Quiz, Text


class LinesReader:
    """One question a line: prompt; right option; wrong option; explanation; the prompt in Urdu."""

    name: ClassVar[str] = "lines"
    description: ClassVar[str] = "one question a line"

    @staticmethod
    def detects(path: Path, head: bytes) -> bool:
        return path.suffix == ".lines"

    @staticmethod
    def read(request: BankRequest) -> ImportedBank:
        quiz = request.quiz_id
        questions = []
        for number, line in enumerate(request.path.read_text(encoding="utf-8").splitlines(), start=1):
            prompt, right, wrong, explanation, urdu = line.split(";")
            origin = Origin(request.display_name, number)
            question = f"q{number}"
            questions.append(
                ChoiceQuestion(
                    question,
                    QuestionType.SINGLE_CHOICE,
                    Text(keys.prompt_key(quiz, question), prompt, origin, imported=(("ur", urdu),)),
                    (
                        Option("right", Text(keys.option_key(quiz, question, "right"), right, origin)),
                        Option("wrong", Text(keys.option_key(quiz, question, "wrong"), wrong, origin)),
                    ),
                    ("right",),
                    Text(keys.explanation_key(quiz, question), explanation, origin),
                )
            )
        origin = Origin(request.display_name, 1)
        return ImportedBank(
            Quiz(
                quiz,
                Level.BEGINNER,
                Text(keys.quiz_title_key(quiz), "Lines", origin),
                Text(keys.quiz_description_key(quiz), "One question a line.", origin),
                tuple(questions),
                origin,
            ),
            request.source_locale,
            ("ur",),
        )


class SecondAiken(AikenReader):
    name: ClassVar[str] = "aiken-again"
'''


def plugin_site(root: Path, entry_points: str) -> Path:
    site = root / "site"
    (site / "quizkit_example_bank").mkdir(parents=True)
    (site / "quizkit_example_bank" / "__init__.py").write_text(PLUGIN, encoding="utf-8")
    info = site / "quizkit_example_bank-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: quizkit-example-bank\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(textwrap.dedent(entry_points), encoding="utf-8")
    return site


def run_with(site: Path, project: Path, *arguments: str) -> tuple[int, str, str]:
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    result = run_quizkit(project, *arguments, env=environment)
    return result.returncode, result.stdout, result.stderr


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = fixture_project(tmp_path / "project", {})
    (root / "gpu.lines").write_text(
        "What does each GPU hold?;A full copy;A slice;Each GPU holds a replica.;ہر GPU کیا رکھتا ہے؟\n",
        encoding="utf-8",
    )
    (root / "gpu.txt").write_text(
        "What does each GPU hold?\nA) A full copy\nB) A slice\nANSWER: A\n", encoding="utf-8"
    )
    return root


def test_a_third_party_reader_imports_like_a_built_in_one_and_its_translations_are_translated(
    tmp_path: Path, project: Path
) -> None:
    site = plugin_site(tmp_path, "[quizkit.importers]\nlines = quizkit_example_bank:LinesReader\n")
    code, stdout, stderr = run_with(
        site, project, "import", "gpu.lines", "--quiz", "lines", "--format", "json"
    )
    assert code == 0, stderr
    report = json.loads(stdout)
    assert (report["format"], report["questions"], report["files"]) == (
        "lines",
        1,
        ["content/lines.yaml", "locales/lines.pot", "locales/ur/LC_MESSAGES/lines.po"],
    )
    catalog_file = project / "locales" / "ur" / "LC_MESSAGES" / "lines.po"
    entry = {each.context: each for each in read_po(catalog_file.read_bytes(), str(catalog_file)).entries}[
        "lines.questions.q1.prompt"
    ]
    assert (entry.msgstr, entry.is_fuzzy, entry.translator_comments) == (
        "ہر GPU کیا رکھتا ہے؟",
        False,
        ("Imported from gpu.lines; translated there, not reviewed in quizkit.",),
    )
    assert run_quizkit(project, "validate").returncode == 0


def test_a_file_two_readers_recognize_is_refused_naming_both(tmp_path: Path, project: Path) -> None:
    site = plugin_site(tmp_path, "[quizkit.importers]\naiken-again = quizkit_example_bank:SecondAiken\n")
    before = snapshot(project)
    code, _, stderr = run_with(site, project, "import", "gpu.txt", "--quiz", "gpu")
    assert (code, stderr) == (
        1,
        "error[import]: gpu.txt could be aiken, aiken-again: say which with --from aiken or --from aiken-again\n",
    )
    assert snapshot(project) == before
    code, stdout, stderr = run_with(
        site, project, "import", "gpu.txt", "--quiz", "gpu", "--from", "aiken-again"
    )
    assert code == 0, stderr
    assert stdout.startswith("gpu.txt (aiken-again): 0 questions imported, 1 draft\n")


@pytest.mark.parametrize(
    ("entry_point", "expected"),
    [
        (
            "missing = quizkit_example_bank:Missing",
            "error[import]: bank reader plugin missing (quizkit_example_bank:Missing) failed to load: module "
            "'quizkit_example_bank' has no attribute 'Missing'\n",
        ),
        (
            "other = quizkit_example_bank:LinesReader",
            "error[import]: bank reader plugin other declares name 'lines'; they must match\n",
        ),
    ],
    ids=["does-not-load", "another-name"],
)
def test_a_broken_reader_plugin_is_reported(
    tmp_path: Path, project: Path, entry_point: str, expected: str
) -> None:
    site = plugin_site(tmp_path, f"[quizkit.importers]\n{entry_point}\n")
    code, _, stderr = run_with(site, project, "import", "gpu.txt", "--quiz", "gpu")
    assert (code, stderr) == (1, expected)


def test_an_unknown_format_is_refused_naming_the_known_ones(project: Path) -> None:
    code, _, stderr = run_with(project, project, "import", "gpu.txt", "--quiz", "gpu", "--from", "webct")
    assert (code, stderr) == (
        1,
        f"error[import]: unknown format 'webct'; available: {', '.join(format_names())}\n",
    )


def test_a_package_no_reader_recognizes_is_refused_and_text_is_a_page(project: Path) -> None:
    with zipfile.ZipFile(project / "bank.zip", "w") as archive:
        archive.writestr("notes.txt", "no manifest, no quiz")
    (project / "bank.xml").write_text("<?xml version='1.0'?>\n<unknown/>\n", encoding="utf-8")
    (project / "page.txt").write_text("Quiz · Beginner\n", encoding="utf-8")
    known = ", ".join(format_names())
    for name in ("bank.zip", "bank.xml"):
        code, _, stderr = run_with(project, project, "import", name, "--quiz", "gpu")
        assert (code, stderr) == (
            1,
            f"error[import]: {name} is in no format quizkit recognizes; if it is a question bank, name its format "
            f"with --from (one of: {known})\n",
        )
    assert detect_format(project / "page.txt", "page.txt") == PAGE
    assert detect_format(project / "gpu.txt", "gpu.txt") == "aiken"


def test_a_folder_that_is_no_package_is_in_no_format(project: Path) -> None:
    """Only a package is checked as one: a folder without a manifest (a link in it is no package's)."""
    (project / "notes").mkdir()
    (project / "notes" / "passwords").symlink_to("/etc/passwd")
    result = run_quizkit_in_process(project, "import", "notes", "--quiz", "bank")
    assert (result.returncode, result.stderr) == (
        1,
        "error[import]: notes is in no format quizkit recognizes; if it is a question bank, name its format "
        f"with --from (one of: {', '.join(format_names())})\n",
    )


def test_the_built_in_readers_are_registered_as_plugins() -> None:
    assert "aiken" in reader_names()
    assert format_names()[-1] == PAGE
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert (
        '[project.entry-points."quizkit.importers"]\naiken = "toolkit.importing.aiken_bank:AikenReader"'
        in pyproject
    )


CANVAS_MANIFEST = (
    '<manifest identifier="m"><resources>'
    '<resource identifier="q1" type="imsqti_xmlv1p2" href="q1/q1.xml"><file href="q1/q1.xml"/></resource>'
    "</resources></manifest>"
)
CC_MANIFEST = CANVAS_MANIFEST.replace('"imsqti_xmlv1p2"', '"imsqti_xmlv1p2/imscc_xmlv1p1/assessment"')
QTI3_MANIFEST = CANVAS_MANIFEST.replace('"imsqti_xmlv1p2"', '"imsqti_item_xmlv3p0"')
BOMB = b"\0" * (16 * 1024 * 1024)
"""Deflates about 1,000:1: a member that claims far more than its packed size."""


def _zip(path: Path, members: dict[str, str | bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)


def _hostile(project: Path, case: str) -> str:
    """Writes the hostile bank of ``case`` into ``project``; its file name."""
    if case == "billion-laughs":
        (project / "bomb.xml").write_text(
            '<?xml version="1.0"?>\n<!DOCTYPE quiz [\n  <!ENTITY lol "lol">\n'
            '  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n'
            '<quiz><question type="truefalse"><name><text>&lol2;</text></name></question></quiz>\n',
            encoding="utf-8",
        )
        return "bomb.xml"
    if case == "external-entity":
        (project / "xxe.xml").write_text(
            '<?xml version="1.0"?>\n<!-- exported -->\n<!DOCTYPE quiz [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
            "<quiz><question><name><text>&xxe;</text></name></question></quiz>\n",
            encoding="utf-8",
        )
        return "xxe.xml"
    if case == "canvas-slip":
        _zip(project / "slip.zip", {"imsmanifest.xml": CANVAS_MANIFEST, "../evil.xml": "<x/>"})
        return "slip.zip"
    if case == "cc-bomb":
        _zip(project / "zbomb.imscc", {"imsmanifest.xml": CC_MANIFEST, "q1/q1.xml": BOMB})
        return "zbomb.imscc"
    if case == "qti-slip":
        _zip(project / "items.zip", {"imsmanifest.xml": QTI3_MANIFEST, "/etc/passwd": "x"})
        return "items.zip"
    if case == "manifest-bomb":
        _zip(project / "mbomb.zip", {"imsmanifest.xml": BOMB})
        return "mbomb.zip"
    if case == "qti-folder-link":
        (project / "items" / "items").mkdir(parents=True)
        (project / "items" / "imsmanifest.xml").write_text(QTI3_MANIFEST, encoding="utf-8")
        (project / "items" / "items" / "q1.xml").symlink_to("/etc/passwd")
        return "items"
    assert case == "manifest-entity"
    _zip(
        project / "entity.zip",
        {
            "imsmanifest.xml": '<?xml version="1.0"?>\n<!DOCTYPE manifest [<!ENTITY e "e">]>\n'
            + CANVAS_MANIFEST,
            "q1/q1.xml": "<questestinterop/>",
        },
    )
    return "entity.zip"


@pytest.mark.parametrize(
    ("case", "reader", "expected"),
    [
        (
            "billion-laughs",
            "moodle",
            "bomb.xml:2: error[import]: a DOCTYPE or entity declaration is not allowed in Moodle XML (entity expansion is "
            "refused); Moodle's XML export writes no DOCTYPE and no entity, so the file was changed since: "
            "export the bank again from Moodle",
        ),
        (
            "external-entity",
            "moodle",
            "xxe.xml:3: error[import]: a DOCTYPE or entity declaration is not allowed in Moodle XML (entity expansion is "
            "refused); Moodle's XML export writes no DOCTYPE and no entity, so the file was changed since: "
            "export the bank again from Moodle",
        ),
        (
            "canvas-slip",
            "canvas",
            "slip.zip: error[import]: the package holds a file named '../evil.xml', which points outside the package; "
            "quizkit reads no such package: export the bank again from its platform",
        ),
        (
            "cc-bomb",
            "cc",
            "zbomb.imscc: error[import]: q1/q1.xml inside the package expands to 16,777,216 bytes ({ratio} times its packed "
            "size): not a question bank",
        ),
        (
            "qti-slip",
            "qti",
            "items.zip: error[import]: the package holds a file named '/etc/passwd', which points outside the package; "
            "quizkit reads no such package: export the bank again from its platform",
        ),
        (
            "manifest-bomb",
            "canvas",
            "mbomb.zip: error[import]: imsmanifest.xml inside the package expands to 16,777,216 bytes ({ratio} times its "
            "packed size): not a question bank",
        ),
        (
            "qti-folder-link",
            "qti",
            "items: error[import]: items/q1.xml is a link; quizkit reads no links in a package",
        ),
        (
            "manifest-entity",
            "canvas",
            "entity.zip/imsmanifest.xml:2: error[import]: a DOCTYPE or entity declaration is not allowed in an IMS manifest "
            "(entity expansion is refused); the quiz exports of Canvas, Common Cartridge and QTI platforms write "
            "no DOCTYPE and no entity, so the file was changed since: export it again from the platform",
        ),
    ],
)
def test_a_hostile_bank_is_refused_for_what_it_is_with_or_without_from(
    project: Path, case: str, reader: str, expected: str
) -> None:
    """Detection reads a signature only (the root element past a DOCTYPE, the names in a zip's directory,
    the manifest's resource types), so the reader refuses the bank as it does when named with --from,
    never hidden behind "in no format quizkit recognizes"."""
    name = _hostile(project, case)
    ratio = ""
    if name.endswith((".zip", ".imscc")):
        # As deflate packed it here (zlib's builds differ by a few bytes).
        with zipfile.ZipFile(project / name) as archive:
            ratio = f"{max(info.file_size / info.compress_size for info in archive.infolist()):,.0f}"
    before = snapshot(project)
    for chosen in ((), ("--from", reader)):
        result = run_quizkit_in_process(project, "import", name, "--quiz", "bank", *chosen)
        assert (result.returncode, result.stdout, result.stderr) == (
            1,
            "",
            expected.format(ratio=ratio) + "\n",
        )
        assert snapshot(project) == before
