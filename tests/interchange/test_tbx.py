"""Glossaries as TBX: export, import, the TBX schemas, bad files, and translate-toolkit both ways."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from lxml import etree
from standard_schemas import TBX, schema_file
from support import FIXTURE, run_quizkit_in_process

from toolkit.content.glossary import Gender, Glossary, Term, glossary_path, load_glossary
from toolkit.interchange.tbx import ADMITTED, DEPRECATED, PREFERRED, SUPERSEDED, glossaries_to_tbx, read_tbx

HERE = Path(__file__).resolve().parent / "tbx"
BAD = sorted((HERE / "bad").glob("*.tbx"))
SHIPPED = FIXTURE / "locales" / "glossary" / "ur.yaml"


def project(tmp_path: Path, with_glossary: bool = True) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "quizkit.toml").write_text(
        'source-locale = "en"\ntarget-locales = ["ur"]\n', encoding="utf-8"
    )
    (tmp_path / "content").mkdir()
    (tmp_path / "locales" / "glossary").mkdir(parents=True)
    if with_glossary:
        shutil.copy(SHIPPED, tmp_path / "locales" / "glossary" / "ur.yaml")
    return tmp_path


def shipped() -> Glossary:
    return load_glossary(SHIPPED)


@pytest.mark.parametrize("schema", ["TBXcoreStructV03.rng", "TBXcoreStructV03_TBX-Basic_integrated.rng"])
def test_export_is_valid_tbx_v3_core_and_basic(schema: str) -> None:
    relax_ng = etree.RelaxNG(etree.parse(str(schema_file(TBX, schema))))
    document = etree.fromstring(glossaries_to_tbx([shipped()]))
    assert relax_ng.validate(document), relax_ng.error_log
    assert document.tag == "{urn:iso:std:iso:30042:ed-2}tbx"
    assert document.get("type") == "TBX-Basic" and document.get("style") == "dca"


def test_one_concept_per_term_with_statuses_gender_and_notes() -> None:
    glossary = shipped()
    namespace = {"t": "urn:iso:std:iso:30042:ed-2"}
    document = etree.fromstring(glossaries_to_tbx([glossary]))
    concepts = document.findall(".//t:conceptEntry", namespace)
    assert len(concepts) == len(glossary.terms)
    for concept, term in zip(concepts, glossary.terms, strict=True):
        english, urdu = concept.findall("t:langSec", namespace)
        assert english.get("{http://www.w3.org/XML/1998/namespace}lang") == "en"
        assert english.findtext("t:termSec/t:term", namespaces=namespace) == term.english
        statuses = [
            (
                section.findtext("t:term", namespaces=namespace),
                section.findtext("t:termNote[@type='administrativeStatus']", namespaces=namespace),
            )
            for section in urdu.findall("t:termSec", namespace)
        ]
        assert statuses == [
            (term.preferred, PREFERRED),
            *((form, ADMITTED) for form in (*term.variants, *term.forms)),
            *((form, SUPERSEDED) for form in term.discouraged),
            *((form, DEPRECATED) for form in term.wrong),
        ]
        gender = urdu.findtext("t:termSec/t:termNote[@type='grammaticalGender']", namespaces=namespace)
        assert gender == (term.gender.value if term.gender else None)
        assert urdu.findtext("t:note", namespaces=namespace) == term.note


@pytest.mark.parametrize("version", [3, 2])
def test_round_trip_keeps_every_field(version: int) -> None:
    glossary = shipped()
    data = glossaries_to_tbx([glossary], version=version)
    assert read_tbx(data, "ur.tbx", "en", ["ur"]) == {"ur": glossary}


def test_import_of_our_export_leaves_the_glossary_byte_identical(tmp_path: Path) -> None:
    folder = project(tmp_path)
    result = run_quizkit_in_process(folder, "glossary", "export", "-o", "ur.tbx")
    assert result.returncode == 0, result.stderr
    assert result.stderr == "ur.tbx: written\n"
    result = run_quizkit_in_process(folder, "glossary", "import", "ur.tbx")
    assert result.returncode == 0, result.stderr
    count = len(shipped().terms)
    assert (
        result.stdout == f"locales/glossary/ur.yaml: unchanged (0 terms added, {count} kept, 0 conflicting)\n"
    )
    assert (folder / "locales/glossary/ur.yaml").read_bytes() == SHIPPED.read_bytes()


def test_import_writes_a_glossary_that_exports_byte_identically(tmp_path: Path) -> None:
    exported = run_quizkit_in_process(project(tmp_path / "first"), "glossary", "export", "--format", "tbx")
    assert exported.returncode == 0, exported.stderr
    folder = project(tmp_path / "second", with_glossary=False)
    (folder / "ur.tbx").write_text(exported.stdout, encoding="utf-8")
    result = run_quizkit_in_process(folder, "glossary", "import", "ur.tbx")
    assert result.returncode == 0, result.stderr
    count = len(shipped().terms)
    assert (
        result.stdout == f"locales/glossary/ur.yaml: written ({count} terms added, 0 kept, 0 conflicting)\n"
    )
    written = folder / "locales/glossary/ur.yaml"
    assert load_glossary(written) == shipped()
    again = run_quizkit_in_process(folder, "glossary", "export")
    assert again.stdout == exported.stdout
    first = written.read_bytes()
    written.unlink()
    assert run_quizkit_in_process(folder, "glossary", "import", "ur.tbx").returncode == 0
    assert written.read_bytes() == first


@pytest.mark.parametrize("tbx", BAD, ids=[path.stem for path in BAD])
def test_bad_tbx_is_refused_at_its_line_and_nothing_is_written(tmp_path: Path, tbx: Path) -> None:
    folder = project(tmp_path)
    shutil.copy(tbx, folder / tbx.name)
    before = (folder / "locales/glossary/ur.yaml").read_bytes()
    result = run_quizkit_in_process(folder, "glossary", "import", tbx.name)
    assert result.returncode == 1
    assert result.stdout == tbx.with_suffix(".txt").read_text(encoding="utf-8")
    assert (
        result.stderr == f"{tbx.name}: not imported; fix the file and import it again (nothing was written)\n"
    )
    assert (folder / "locales/glossary/ur.yaml").read_bytes() == before
    assert "Traceback" not in result.stderr


def test_export_without_a_glossary_says_so(tmp_path: Path) -> None:
    result = run_quizkit_in_process(project(tmp_path, with_glossary=False), "glossary", "export")
    assert result.returncode == 1
    assert result.stderr == "error[glossary]: no glossary in locales/glossary for the target locales (ur)\n"


def test_a_tbx_without_the_locale_says_which_languages_it_has(tmp_path: Path) -> None:
    folder = project(tmp_path)
    german = glossaries_to_tbx([Glossary("de", shipped().terms[:1])])
    (folder / "de.tbx").write_bytes(german)
    result = run_quizkit_in_process(folder, "glossary", "import", "de.tbx")
    assert result.returncode == 1
    assert result.stderr == "error[glossary]: de.tbx: no terms for ur; the file's languages are: de, en\n"


translate_tbx = pytest.importorskip(
    "translate.storage.tbx", reason="translate-toolkit is missing (the dev extra)"
)


def test_translate_toolkit_reads_our_tbx_v2_with_the_same_terms(tmp_path: Path) -> None:
    glossary = shipped()
    store = translate_tbx.tbxfile.parsestring(glossaries_to_tbx([glossary], version=2))
    assert [unit.source for unit in store.units] == [term.english for term in glossary.terms]
    for unit, term in zip(store.units, glossary.terms, strict=True):
        renderings = [(found.text, found.administrative_status) for found in unit.get_target_terms("ur")]
        assert renderings == [
            (term.preferred, PREFERRED),
            *((form, ADMITTED) for form in (*term.variants, *term.forms)),
            *((form, SUPERSEDED) for form in term.discouraged),
            *((form, DEPRECATED) for form in term.wrong),
        ]
        assert unit.target == term.preferred
        # Deprecated renderings are not what translate-toolkit offers as the translation.
        assert unit.isobsolete() is False


def test_a_tbx_translate_toolkit_writes_imports(tmp_path: Path) -> None:
    store = translate_tbx.tbxfile(sourcelanguage="en", targetlanguage="ur")
    unit = store.addsourceunit("gradient")
    unit.settarget("گریڈیئنٹ")
    unit.addnote("تدریجی means gradual.")
    store.addsourceunit("data parallelism").set_target_terms(["ڈیٹا پیرالیلزم", "ڈیٹا متوازی"])
    folder = project(tmp_path, with_glossary=False)
    (folder / "terms.tbx").write_bytes(bytes(store))
    result = run_quizkit_in_process(folder, "glossary", "import", "terms.tbx")
    assert result.returncode == 0, result.stdout + result.stderr
    glossary = load_glossary(glossary_path(folder / "locales", "ur"))
    assert [(term.english, term.preferred, term.variants, term.note) for term in glossary.terms] == [
        ("gradient", "گریڈیئنٹ", (), "تدریجی means gradual."),
        ("data parallelism", "ڈیٹا پیرالیلزم", ("ڈیٹا متوازی",), None),
    ]


def _agency_tbx(folder: Path) -> tuple[Term, Term, Term]:
    """A three-term file as an agency sends it: one term the glossary lacks, one it has the same, one it
    has differently."""
    terms = {term.english: term for term in shipped().terms}
    new = Term("mixed precision", "مکسڈ پریسیژن", gender=Gender.FEMININE)
    same = terms["broadcast"]
    different = dataclasses.replace(terms["gradient"], preferred="گریڈئنٹ", forms=("گریڈئنٹس",))
    (folder / "agency.tbx").write_bytes(glossaries_to_tbx([Glossary("ur", (different, same, new))]))
    return new, same, different


def test_import_merges_by_default_keeping_every_term_and_comment_and_listing_conflicts(
    tmp_path: Path,
) -> None:
    folder = project(tmp_path)
    _agency_tbx(folder)
    original = SHIPPED.read_text(encoding="utf-8")
    count = len(shipped().terms)

    result = run_quizkit_in_process(folder, "glossary", "import", "agency.tbx")

    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f"locales/glossary/ur.yaml: written (1 term added, {count - 1} kept, 1 conflicting)\n"
        "  gradient: the file's term differs in preferred, forms; the glossary's is kept (--replace takes "
        "the file's)\n"
    )
    # Every line stays as the author wrote it, comments included; the new term follows the last one.
    assert (folder / "locales/glossary/ur.yaml").read_text(encoding="utf-8") == original + (
        "  - english: mixed precision\n    preferred: مکسڈ پریسیژن\n    gender: feminine\n"
    )


def test_import_with_replace_makes_the_glossary_the_files_terms_keeping_its_comments(tmp_path: Path) -> None:
    folder = project(tmp_path)
    new, same, different = _agency_tbx(folder)
    count = len(shipped().terms)

    result = run_quizkit_in_process(folder, "glossary", "import", "agency.tbx", "--replace")

    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        "locales/glossary/ur.yaml: written (replaced by the file's terms: 1 added, 1 changed, 1 unchanged, "
        f"{count - 2} removed)\n"
    )
    written = folder / "locales/glossary/ur.yaml"
    assert load_glossary(written) == Glossary("ur", (different, same, new))
    text = written.read_text(encoding="utf-8")
    header = SHIPPED.read_text(encoding="utf-8").split("terms:\n")[0]
    assert text.startswith(header + "terms:\n")  # the file's opening comments stay
    assert "\n".join(SHIPPED.read_text(encoding="utf-8").splitlines()[87:91]) in text  # broadcast, untouched


def test_a_broken_glossary_is_not_merged_into(tmp_path: Path) -> None:
    folder = project(tmp_path)
    _agency_tbx(folder)
    glossary = folder / "locales/glossary/ur.yaml"
    glossary.write_text("locale: ur\nterms: [\n", encoding="utf-8")

    result = run_quizkit_in_process(folder, "glossary", "import", "agency.tbx")

    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "error[glossary]: locales/glossary/ur.yaml does not read as a glossary, so nothing can be merged "
        "into it: quizkit validate shows why; fix it, or import with --replace to replace it with the "
        "file's terms\n"
    )
    assert glossary.read_text(encoding="utf-8") == "locale: ur\nterms: [\n"


def test_a_glossary_in_another_layout_is_merged_and_written_whole_saying_so(tmp_path: Path) -> None:
    folder = project(tmp_path)
    new, _, _ = _agency_tbx(folder)
    glossary = folder / "locales/glossary/ur.yaml"
    glossary.write_text("locale: ur\nterms: [{english: broadcast, preferred: براڈکاسٹ}]\n", encoding="utf-8")

    result = run_quizkit_in_process(folder, "glossary", "import", "agency.tbx")

    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        "locales/glossary/ur.yaml: written (2 terms added, 0 kept, 1 conflicting) (written whole: its layout "
        "could not be edited in place)\n"
        "  broadcast: the file's term differs in note, gender; the glossary's is kept (--replace takes the "
        "file's)\n"
    )
    assert [term.english for term in load_glossary(glossary).terms] == ["broadcast", "gradient", new.english]


@pytest.mark.parametrize(
    ("linked", "outside_target"),
    [("locales/glossary", "outside"), ("locales/glossary/ur.yaml", "outside/ur.yaml")],
    ids=["folder", "file"],
)
def test_import_neither_reads_nor_writes_a_glossary_through_a_link_out_of_the_project(
    tmp_path: Path, linked: str, outside_target: str
) -> None:
    """Review finding 1: a linked glossary folder took the import's write (and its read of the glossary
    to merge into) outside the project, exit 0."""
    folder = project(tmp_path / "project", with_glossary=False)
    _agency_tbx(folder)
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copy(SHIPPED, outside / "ur.yaml")
    if (folder / linked).is_dir():
        (folder / linked).rmdir()  # project() made the folder: the link takes its place
    (folder / linked).symlink_to(tmp_path / outside_target)
    before = (outside / "ur.yaml").read_bytes()

    result = run_quizkit_in_process(folder, "glossary", "import", "agency.tbx")

    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        f"error[confinement]: refusing to write {folder / linked}: it leads outside {folder / 'locales'}\n"
    )
    assert sorted(path.name for path in outside.iterdir()) == ["ur.yaml"]
    assert (outside / "ur.yaml").read_bytes() == before


def test_a_glossary_saved_in_an_editor_while_the_import_runs_is_never_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The import edits the author's YAML in place; a save made in an editor after the import read the
    glossary is left as it was saved, and the import says so (the rule update and review follow). The
    save is played by the call that edits the text the import read."""
    from toolkit.catalogs import glossary_import

    folder = project(tmp_path)
    _agency_tbx(folder)
    glossary = folder / "locales/glossary/ur.yaml"
    saved = glossary.read_text(encoding="utf-8") + "# saved in an editor\n"
    real = glossary_import.edited_glossary

    def editor_saves_then(*args: object, **kwargs: object) -> object:
        glossary.write_text(saved, encoding="utf-8")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(glossary_import, "edited_glossary", editor_saves_then)
    result = run_quizkit_in_process(folder, "glossary", "import", "agency.tbx")
    assert result.returncode == 1
    assert result.stderr == (
        "error[glossary]: locales/glossary/ur.yaml: the file changed while quizkit was working on it (saved "
        "in an editor?), "
        "so it was left as it is now and nothing was written over it; run the command again to work on the "
        "saved version\n"
    )
    assert glossary.read_text(encoding="utf-8") == saved
