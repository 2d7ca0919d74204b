"""``import-xliff`` does work in proportion to its input (issue 17: it read the whole content once per
``<file>`` element, and rebuilt the catalog for each; 2,000 empty ``<file>`` elements took 17 s and
20,000 did not finish in 120 s). Counted here, never timed: the content is read once, each catalog is
read once and written once, however many files and ``<file>`` elements name it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from support import copy_project

import toolkit.catalogs.workflow as catalogs_project
import toolkit.catalogs.xliff_import as xliff_import
import toolkit.files as files
from toolkit.config import load_config
from toolkit.gettext.po_reader import read_po

PROMPT = "data-parallel.questions.gpu-holds.prompt"


def xliff(*files: str) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en" trgLang="ur">\n'
        + "".join(files)
        + "</xliff>\n"
    )


def unit_file(domain: str, key: str, source: str, target: str) -> str:
    return (
        f'<file id="{domain}"><unit id="{key}"><segment state="final">'
        f"<source>{source}</source><target>{target}</target></segment></unit></file>\n"
    )


def test_many_files_and_file_elements_read_the_content_and_each_catalog_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = copy_project(tmp_path / "project")
    empty_ui = '<file id="ui" original="content/ui.yaml"/>\n' * 500
    first = project / "first.xlf"
    first.write_text(
        xliff(
            empty_ui,
            unit_file("ui", "ui.level-beginner", "Beginner", "نوآموز"),
            empty_ui,
            unit_file(
                "data-parallel", PROMPT, "In standard data parallelism, what does each GPU hold?", "نیا"
            ),
        ),
        encoding="utf-8",
    )
    second = project / "second.xlf"
    second.write_text(
        xliff(empty_ui, unit_file("ui", "ui.level-advanced", "Advanced", "ماہر"), empty_ui), encoding="utf-8"
    )
    reads: Counter[str] = Counter()
    writes: Counter[str] = Counter()
    content_loads: list[Path] = []
    # The XLIFF files are read where the import is, the catalogs where the project's catalogs are read.
    read_regular_file, write_bytes_atomic = (
        catalogs_project.read_regular_file,
        xliff_import.write_bytes_atomic,
    )
    load_content = catalogs_project.load_content

    def counted_read(path: Path, limit: int) -> bytes:
        reads[path.relative_to(project).as_posix()] += 1
        return read_regular_file(path, limit)

    def counted_write(path: Path, data: bytes, **options: Any) -> bool:
        writes[path.relative_to(project).as_posix()] += 1
        return write_bytes_atomic(path, data, **options)

    def counted_load(path: Path) -> Any:
        content_loads.append(path)
        return load_content(path)

    monkeypatch.setattr(catalogs_project, "read_regular_file", counted_read)
    monkeypatch.setattr(xliff_import, "read_regular_file", counted_read)
    # The checks that no editor saved a catalog meanwhile read its bytes through toolkit.files.
    digest_of = files.digest_of

    def counted_digest(path: Path, limit: int) -> str | None:
        reads[path.relative_to(project).as_posix()] += 1
        return digest_of(path, limit)

    monkeypatch.setattr(files, "digest_of", counted_digest)
    monkeypatch.setattr(xliff_import, "write_bytes_atomic", counted_write)
    monkeypatch.setattr(catalogs_project, "load_content", counted_load)
    monkeypatch.chdir(project)

    outcomes = xliff_import.import_xliff_files(load_config(project), [first, second])

    assert len(outcomes) == 1002 + 1001
    assert len(content_loads) == 1
    # Each catalog is read once to be imported into, and its bytes twice more, unparsed, to make sure no
    # editor saved it meanwhile: before the first write and just before its own replace.
    assert reads == {
        "first.xlf": 1,
        "second.xlf": 1,
        "locales/ur/LC_MESSAGES/ui.po": 3,
        "locales/ur/LC_MESSAGES/data-parallel.po": 3,
    }
    assert writes == {"locales/ur/LC_MESSAGES/ui.po": 1, "locales/ur/LC_MESSAGES/data-parallel.po": 1}
    assert [outcome.updated for outcome in outcomes if outcome.updated] == [
        ("ui.level-beginner",),
        (PROMPT,),
        ("ui.level-advanced",),
    ]
    ui = read_po((project / "locales/ur/LC_MESSAGES/ui.po").read_bytes(), "ui.po").by_context()
    assert (ui["ui.level-beginner"].msgstr, ui["ui.level-advanced"].msgstr) == ("نوآموز", "ماہر")
    quiz = read_po((project / "locales/ur/LC_MESSAGES/data-parallel.po").read_bytes(), "quiz.po")
    assert quiz.by_context()[PROMPT].msgstr == "نیا"
