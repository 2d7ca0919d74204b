"""What the tests of the LMS package formats (canvas, cc) share: a fixture project exported in one
format, a package's files, and what a learner reads of an HTML text."""

from __future__ import annotations

import html
import re
import urllib.parse
import zipfile
from pathlib import Path
from typing import Any

from support import fixture_project, run_quizkit_in_process, translate


def visible(markup: str) -> str:
    """What a learner reads of an HTML text: tags dropped, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def export_format(
    output_format: str, root: Path, quizzes: dict[str, str], urdu: dict[str, str] | None = None
) -> Path:
    """A fixture project in ``root`` with ``quizzes`` (the Urdu translations of ``every-type``, if
    given), exported in ``output_format``."""
    fixture_project(root, quizzes)
    assert run_quizkit_in_process(root, "update").returncode == 0
    if urdu:
        translate(root / "locales/ur/LC_MESSAGES/every-type.po", urdu)
    result = run_quizkit_in_process(root, "export", "--format", output_format)
    assert result.returncode == 0, result.stdout + result.stderr
    return root


def package(path: Path) -> dict[str, bytes]:
    """Every file of a zip package, by name."""
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


# --- images, as Canvas's importers resolve them ---------------------------------------------------------

FILE_BASE = re.compile(r"\$IMS(?:-|_)CC(?:-|_)FILEBASE\$/(.*)")


def canvas_attachments(manifest: Any, importer: str) -> list[str]:
    """The package paths Canvas imports as course files. ``qti`` (a "QTI .zip"): every manifest
    ``<file>`` that is no resource's ``href`` (``Qti.convert_files``, gems/plugins/qti_exporter/lib/qti.rb);
    ``cc`` (a Common Cartridge): each ``webcontent`` resource's ``href``, else its first ``<file>``
    (``create_file_map``, lib/cc/importer/standard/webcontent_converter.rb)."""
    resources = list(manifest.iter("{*}resource"))
    if importer == "qti":
        hrefs = {resource.get("href") for resource in resources}
        return [
            urllib.parse.unquote(file.get("href"))
            for file in manifest.iter("{*}file")
            if file.get("href") not in hrefs
        ]
    found = []
    for resource in resources:
        if resource.get("type") == "webcontent":
            first = resource.find("{*}file")
            found.append(resource.get("href") or (first.get("href") if first is not None else None))
    return [path for path in found if path]


def canvas_resolved_file(src: str, attachments: list[str]) -> str | None:
    """The course file a ``src`` of imported HTML points at, as Canvas's link migrator resolves it: a
    ``$IMS-CC-FILEBASE$/<path>`` (or ``$IMS_CC_FILEBASE$``) is a relative file path, unescaped
    (``LinkParser#parse_url``, gems/canvas_link_migrator/lib/canvas_link_migrator/link_parser.rb), looked up
    whole, then without its first folder, and so on (``resolve_relative_file_url_with_qs`` in
    link_resolver.rb); None when nothing matches (Canvas links a missing file)."""
    found = FILE_BASE.fullmatch(src)
    if found is None:
        return None
    parts = [part for part in urllib.parse.unquote(found.group(1)).split("?")[0].split("/") if part]
    while parts:
        candidate = "/".join(parts)
        if candidate in attachments:
            return candidate
        parts.pop(0)
    return None


def image_sources(markup: str) -> list[tuple[str, str]]:
    """(src, alt) of each ``<img>`` of an HTML text."""
    import lxml.html

    fragment = lxml.html.fragment_fromstring(markup, create_parent="div")
    return [(image.get("src") or "", image.get("alt") or "") for image in fragment.iter("img")]
