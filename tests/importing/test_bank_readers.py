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


ASSESSMENT = (
    '<questestinterop xmlns="http://www.imsglobal.org/xsd/ims_qtiasiv1p2"><assessment ident="a" title="Sets">'
    + "".join(
        f'<item ident="i{n}"><!-- the set {{T}} of true statements, number {n} --></item>' for n in range(60)
    )
    + "</assessment></questestinterop>"
)
"""Long enough that flipping bytes in the middle of its packed form damages it; holds GIFT's ``{T}``."""


def _patched(path: Path, member: str, local: dict[int, bytes], central: dict[int, bytes]) -> None:
    """Overwrite bytes of ``member``'s local header and its central directory entry, at these offsets: a
    zip saying what a real tool's zip says (a password, Deflate64), which Python's zipfile cannot write."""
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        start = archive.getinfo(member).header_offset
    entry = data.index(b"PK\x01\x02")
    while data[entry + 46 : entry + 46 + len(member)] != member.encode():
        entry = data.index(b"PK\x01\x02", entry + 4)
    for offset, value in local.items():
        data[start + offset : start + offset + len(value)] = value
    for offset, value in central.items():
        data[entry + offset : entry + offset + len(value)] = value
    path.write_bytes(bytes(data))


def _damaged(project: Path, case: str) -> str:
    """Writes the damaged package of ``case`` into ``project``; its file name."""
    members = {"imsmanifest.xml": CANVAS_MANIFEST, "q1/q1.xml": ASSESSMENT}
    if case == "qti-cut-short":
        _zip(project / "items.zip", {**members, "imsmanifest.xml": QTI3_MANIFEST})
        whole = (project / "items.zip").read_bytes()
        (project / "items.zip").write_bytes(whole[: len(whole) // 2])
        return "items.zip"
    path = project / ("course.imscc" if case.startswith("cc") else "canvas.zip")
    if case == "cc-stored-checksum":
        members["imsmanifest.xml"] = CC_MANIFEST
    with zipfile.ZipFile(
        path, "w", zipfile.ZIP_STORED if "stored" in case else zipfile.ZIP_DEFLATED
    ) as archive:
        for name, text in members.items():
            archive.writestr(name, text)
        damaged = "imsmanifest.xml" if case == "manifest-stored-checksum" else "q1/q1.xml"
        start = archive.getinfo(damaged).header_offset + 30 + len(damaged)
        size = archive.getinfo(damaged).compress_size
    if case in ("canvas-flipped", "cc-stored-checksum", "manifest-stored-checksum"):
        # As a download or a disk damages a file: some bytes in the middle of the member's data.
        data = bytearray(path.read_bytes())
        middle = start + size // 2
        data[middle : middle + 40] = bytes(byte ^ 0xFF for byte in data[middle : middle + 40])
        path.write_bytes(bytes(data))
    elif case == "canvas-encrypted":
        _patched(path, "q1/q1.xml", {6: b"\x01\x00"}, {8: b"\x01\x00"})
    else:
        assert case == "canvas-deflate64"
        _patched(path, "q1/q1.xml", {8: b"\x09\x00"}, {10: b"\x09\x00"})
    return path.name


DAMAGED_MEMBER = (
    "error[import]: is damaged: its bytes in the zip do not unpack or fail their checksum; export or "
    "download it again"
)


@pytest.mark.parametrize(
    ("case", "reader", "expected"),
    [
        ("canvas-flipped", "canvas", f"canvas.zip/q1/q1.xml: {DAMAGED_MEMBER}"),
        ("cc-stored-checksum", "cc", f"course.imscc/q1/q1.xml: {DAMAGED_MEMBER}"),
        # Detection cannot read which format the manifest names: the damage is what is reported.
        ("manifest-stored-checksum", "canvas", f"canvas.zip/imsmanifest.xml: {DAMAGED_MEMBER}"),
        (
            "canvas-encrypted",
            "canvas",
            "canvas.zip/q1/q1.xml: error[import]: is encrypted (the zip has a password): export or download the "
            "package again without one",
        ),
        (
            "canvas-deflate64",
            "canvas",
            "canvas.zip/q1/q1.xml: error[import]: is packed with a compression method quizkit cannot unpack (zip "
            "tools of Windows use Deflate64 for large files): export or download the package again, or pack it "
            "again as an ordinary zip",
        ),
        (
            "qti-cut-short",
            "qti",
            "items.zip: error[import]: is a zip that is incomplete or damaged (its list of files cannot be read): "
            "download or export it again",
        ),
    ],
)
def test_a_damaged_package_is_refused_naming_the_member_with_or_without_from(
    project: Path, case: str, reader: str, expected: str
) -> None:
    name = _damaged(project, case)
    before = snapshot(project)
    for chosen in ((), ("--from", reader)):
        result = run_quizkit_in_process(project, "import", name, "--quiz", "bank", *chosen)
        assert (result.returncode, result.stdout, result.stderr) == (1, "", expected + "\n")
        assert snapshot(project) == before


def test_every_refusal_is_a_json_report_with_format_json(project: Path) -> None:
    name = _damaged(project, "qti-cut-short")
    result = run_quizkit_in_process(project, "import", name, "--quiz", "bank", "--format", "json")
    assert (result.returncode, json.loads(result.stdout), result.stderr) == (
        1,
        {
            "ok": False,
            "bank": "items.zip",
            "written": False,
            "error": {
                "code": "import",
                "file": "items.zip",
                "line": None,
                "message": "is a zip that is incomplete or damaged (its list of files cannot be read): download "
                "or export it again",
            },
        },
        "",
    )
    (project / "content" / "gpu.yaml").write_text("kept: true\n", encoding="utf-8")
    exists = run_quizkit_in_process(project, "import", "gpu.txt", "--quiz", "gpu", "--format", "json")
    assert (exists.returncode, json.loads(exists.stdout)["error"]) == (
        1,
        {
            "code": "exists",
            "file": "content/gpu.yaml",
            "line": None,
            "message": "already exists; use --force to overwrite it",
        },
    )
    imported = run_quizkit_in_process(project, "import", "gpu.txt", "--quiz", "gpu2", "--format", "json")
    assert (imported.returncode, json.loads(imported.stdout)["ok"]) == (0, True)


def test_a_zip_is_never_taken_for_text_by_its_packed_bytes(project: Path) -> None:
    """GIFT's signature (``{T}``, ``::name::``) matches compressed bytes by chance, and stored ones always."""
    with zipfile.ZipFile(project / "canvas.zip", "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("imsmanifest.xml", CANVAS_MANIFEST)
        archive.writestr("q1/q1.xml", ASSESSMENT)
    assert detect_format(project / "canvas.zip", "canvas.zip") == "canvas"


AIKEN = "What does DNS resolve?\nA. Names to addresses\nB. Ports to services\nANSWER: A\n"
GIFT = "::dns::What does DNS resolve?{=Names to addresses ~Ports to services}\n"
MOODLE = '<?xml version="1.0" encoding="UTF-16"?>\n<quiz>\n</quiz>\n'
"""In UTF-16 without a byte order mark, as XML allows (its appendix F tells it by the first '<')."""
UNDECLARED_MOODLE = "<quiz>\n</quiz>\n"
"""Without a mark and without a declaration: the NUL beside the first '<' still tells UTF-16."""


@pytest.mark.parametrize(
    ("text", "encoding", "expected"),
    [
        (AIKEN, "utf-16", "aiken"),
        (AIKEN, "utf-32", "aiken"),
        (GIFT, "utf-16", "gift"),
        (GIFT, "utf-8-sig", "gift"),
        (MOODLE, "utf-16-le", "moodle"),
        (MOODLE, "utf-16-be", "moodle"),
        (UNDECLARED_MOODLE, "utf-16-le", "moodle"),
        (UNDECLARED_MOODLE, "utf-32-be", "moodle"),
        ("\r\n" + UNDECLARED_MOODLE, "utf-16-le", "moodle"),
    ],
    ids=[
        "aiken-utf-16",
        "aiken-utf-32",
        "gift-utf-16",
        "gift-utf-8-mark",
        "moodle-utf-16-le",
        "moodle-utf-16-be",
        "moodle-utf-16-le-undeclared",
        "moodle-utf-32-be-undeclared",
        "moodle-utf-16-le-undeclared-white-space-first",
    ],
)
def test_a_bank_in_utf_16_or_utf_32_is_detected(
    project: Path, text: str, encoding: str, expected: str
) -> None:
    (project / "bank.txt").write_bytes(text.encode(encoding))
    assert detect_format(project / "bank.txt", "bank.txt") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Question one?\nA) x\nB) y\nANSWER: a\n",
            "bank.txt:4: error[import]: ANSWER: names 'a'; write the letter of the correct option in capitals "
            "(Moodle takes no lowercase letter), A to B",
        ),
        (
            "Question one?\nA - x\nB - y\nANSWER: A\n",
            "bank.txt:2: error[import]: 'A - x' is not an option as Aiken writes them: write its letter, then ')' "
            "or '.' and a space ('A) text')",
        ),
    ],
    ids=["lowercase-answer", "dash-options"],
)
def test_a_near_aiken_file_is_detected_as_aiken_and_says_what_to_write(
    project: Path, text: str, expected: str
) -> None:
    (project / "bank.txt").write_text(text, encoding="utf-8")
    result = run_quizkit_in_process(project, "import", "bank.txt", "--quiz", "bank")
    assert (result.returncode, result.stderr) == (1, expected + "\n")


def test_an_empty_file_is_called_empty_not_an_empty_page(project: Path) -> None:
    (project / "bank.xml").write_bytes(b"")
    (project / "blank.txt").write_text("\n  \n", encoding="utf-8")
    (project / "mark.txt").write_bytes(b"\xef\xbb\xbf\n")  # an editor's empty file: a byte order mark
    (project / "wide.txt").write_bytes("\ufeff \n".encode("utf-16-le"))
    import zipfile

    with zipfile.ZipFile(project / "empty.zip", "w"):
        pass  # a zip of no member: only its end record
    for name in ("bank.xml", "blank.txt", "mark.txt", "wide.txt"):
        result = run_quizkit_in_process(project, "import", name, "--quiz", "bank")
        assert (result.returncode, result.stderr) == (
            1,
            f"{name}: error[import]: is empty: there is nothing to import; is the export or download complete?\n",
        )
    result = run_quizkit_in_process(project, "import", "empty.zip", "--quiz", "bank")
    assert (result.returncode, result.stderr) == (
        1,
        "empty.zip: error[import]: is an empty zip: there is nothing to import; is the export or download "
        "complete?\n",
    )


@pytest.mark.parametrize(
    ("reader", "kind"), [("moodle", "a Moodle XML file"), ("gift", "a GIFT file"), ("aiken", "an Aiken file")]
)
def test_a_package_given_to_a_text_reader_is_called_a_package(project: Path, reader: str, kind: str) -> None:
    _zip(project / "canvas.zip", {"imsmanifest.xml": CANVAS_MANIFEST, "q1/q1.xml": ASSESSMENT})
    result = run_quizkit_in_process(project, "import", "canvas.zip", "--quiz", "bank", "--from", reader)
    assert (result.returncode, result.stderr) == (
        1,
        f"canvas.zip: error[import]: is a zip package, not {kind}: for a package give --from canvas, cc or "
        "qti, or leave --from out and its format is detected\n",
    )


@pytest.mark.parametrize(
    ("text", "encoding"),
    [(AIKEN, "utf-32"), (GIFT, "utf-32"), (AIKEN, "utf-16"), (GIFT, "utf-16-be")],
    ids=["aiken-utf-32", "gift-utf-32", "aiken-utf-16", "gift-utf-16-be"],
)
def test_a_text_bank_in_utf_16_or_utf_32_with_its_mark_imports_as_its_utf_8_twin(
    project: Path, text: str, encoding: str
) -> None:
    (project / "twin.txt").write_text(text, encoding="utf-8")
    marked = text.encode(encoding) if encoding != "utf-16-be" else b"\xfe\xff" + text.encode(encoding)
    (project / "bank.txt").write_bytes(marked)
    reports = [
        run_quizkit_in_process(project, "import", name, "--quiz", "bank", "--dry-run", "--format", "json")
        for name in ("twin.txt", "bank.txt")
    ]
    assert [report.returncode for report in reports] == [0, 0], [report.stdout for report in reports]
    twin, bank = (json.loads(report.stdout) for report in reports)
    assert (bank["format"], bank["questions"], bank["drafts"]) == (
        twin["format"],
        twin["questions"],
        twin["drafts"],
    )
    assert bank["questions"] + bank["drafts"] == 1


MOODLE_QUESTION = (
    '<quiz>\n<question type="truefalse"><name><text>dns</text></name>\n'
    '<questiontext format="html"><text>DNS resolves names to addresses.</text></questiontext>\n'
    '<generalfeedback format="html"><text>That is what it is for.</text></generalfeedback>\n'
    '<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>\n'
    "</question>\n</quiz>\n"
)


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-32-le"])
def test_an_xml_bank_in_utf_16_or_utf_32_without_mark_or_declaration_imports_as_its_utf_8_twin(
    project: Path, encoding: str
) -> None:
    """Detection and the XML reader tell the encoding by one rule: before they did not agree, and such a
    file was detected as Moodle XML, then refused as not well-formed."""
    (project / "twin.xml").write_text(MOODLE_QUESTION, encoding="utf-8")
    (project / "bank.xml").write_bytes(MOODLE_QUESTION.encode(encoding))
    reports = [
        run_quizkit_in_process(project, "import", name, "--quiz", "bank", "--dry-run", "--format", "json")
        for name in ("twin.xml", "bank.xml")
    ]
    assert [report.returncode for report in reports] == [0, 0], [report.stdout for report in reports]
    twin, bank = (json.loads(report.stdout) for report in reports)
    assert (
        (bank["format"], bank["questions"], bank["drafts"])
        == ("moodle", 1, 0)
        == (
            twin["format"],
            twin["questions"],
            twin["drafts"],
        )
    )
