"""``imsmanifest.xml`` of a Common Cartridge 1.1 package holding one assessment.

The manifest is CC 1.1's profile of IMS Content Packaging (namespace ``imsccv1p1/imscp_v1p1``): metadata
naming the schema (``IMS Common Cartridge`` ``1.1.0``) with the cartridge's title in LOM, one organization
(``rooted-hierarchy``: a root item holding one item, the quiz, that points at the assessment) and one
resource of type ``imsqti_xmlv1p2/imscc_xmlv1p1/assessment`` whose one file is the assessment XML, as
Moodle's Common Cartridge writer lays it out (``backup/cc/cc_lib``). An assessment needs nothing else: CC
1.1 lets a resource stand alone. The images its items show are ``webcontent`` resources it depends on
(:func:`web_content`).

Identifiers come from ``<quiz> [<locale>]`` (``base``): stable for the same content, different per locale (the
packages of two locales import as two quizzes), and ``xs:ID``s (they start with a letter). The manifest
carries no date, so the package stays byte-identical.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from toolkit.exporters.lms.qti12 import SCHEMA_LOCATION, XSI_NAMESPACE, ident

CP_NAMESPACE = "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1"
LOM_NAMESPACE = "http://ltsc.ieee.org/xsd/imsccv1p1/LOM/manifest"
PROFILE = "http://www.imsglobal.org/profile/cc/ccv1p1"
CP_SCHEMA_LOCATION = (
    f"{CP_NAMESPACE} {PROFILE}/ccv1p1_imscp_v1p2_v1p0.xsd "
    f"{LOM_NAMESPACE} {PROFILE}/LOM/ccv1p1_lommanifest_v1p0.xsd"
)
ASSESSMENT_RESOURCE = "imsqti_xmlv1p2/imscc_xmlv1p1/assessment"
ASSESSMENT_FILE = "assessment.xml"
WEB_CONTENT = "webcontent"


def assessment_ident(base: str) -> str:
    """The assessment's identifier, which also names its resource and its folder in the package."""
    return ident(base)


def assessment_path(base: str) -> str:
    return f"{assessment_ident(base)}/{ASSESSMENT_FILE}"


def element(
    parent: etree._Element, namespace: str, name: str, text: str | None = None, **attributes: str
) -> etree._Element:
    """A child ``name`` of ``parent`` in ``namespace``, holding ``text``."""
    child = etree.SubElement(parent, f"{{{namespace}}}{name}", attributes)
    child.text = text
    return child


def manifest_root(
    base: str, prefix: str, namespace: str, schema_location: str, schema: str, version: str
) -> tuple[etree._Element, etree._Element]:
    """The ``manifest`` of a package of ``base`` in CC 1.1's Content Packaging namespace, declaring the
    metadata namespace ``prefix``, and its ``metadata`` naming ``schema`` and ``version``: the start of
    a Common Cartridge's manifest and of a Canvas package's, which uses the same namespace."""
    root = etree.Element(
        f"{{{CP_NAMESPACE}}}manifest",
        nsmap={None: CP_NAMESPACE, prefix: namespace, "xsi": XSI_NAMESPACE},
        identifier=ident(f"{base} manifest"),
    )
    root.set(SCHEMA_LOCATION, schema_location)
    metadata = element(root, CP_NAMESPACE, "metadata")
    element(metadata, CP_NAMESPACE, "schema", schema)
    element(metadata, CP_NAMESPACE, "schemaversion", version)
    return root, metadata


def manifest(base: str, title: str, language: str, files: Sequence[str] = ()) -> etree._Element:
    """The manifest of the cartridge holding the assessment of ``base``, titled ``title`` in
    ``language``, and the ``files`` (paths in the package) its items show."""
    root, metadata = manifest_root(
        base, "lomimscc", LOM_NAMESPACE, CP_SCHEMA_LOCATION, "IMS Common Cartridge", "1.1.0"
    )
    general = element(element(metadata, LOM_NAMESPACE, "lom"), LOM_NAMESPACE, "general")
    element(element(general, LOM_NAMESPACE, "title"), LOM_NAMESPACE, "string", title, language=language)
    element(general, LOM_NAMESPACE, "language", language)
    organization = element(
        element(root, CP_NAMESPACE, "organizations"),
        CP_NAMESPACE,
        "organization",
        identifier=ident(f"{base} organization"),
        structure="rooted-hierarchy",
    )
    top = element(organization, CP_NAMESPACE, "item", identifier=ident(f"{base} root"))
    resource_ident = assessment_ident(base)
    item = element(top, CP_NAMESPACE, "item", identifier=ident(f"{base} item"), identifierref=resource_ident)
    element(item, CP_NAMESPACE, "title", title)
    resources = element(root, CP_NAMESPACE, "resources")
    resource = element(
        resources, CP_NAMESPACE, "resource", identifier=resource_ident, type=ASSESSMENT_RESOURCE
    )
    element(resource, CP_NAMESPACE, "file", href=assessment_path(base))
    web_content(resources, resource, base, files)
    return root


def web_content(
    resources: etree._Element, assessment: etree._Element, base: str, files: Sequence[str]
) -> None:
    """Each file the assessment shows (its images) as a ``webcontent`` resource of its own, which the
    ``assessment`` resource depends on. The resource has no ``href``: Canvas's QTI import makes an
    attachment of every manifest ``<file>`` except one that is a resource's ``href``
    (``Qti.convert_files`` in gems/plugins/qti_exporter/lib/qti.rb), and its Common Cartridge import takes
    a ``webcontent`` resource's first ``<file>`` when it has no ``href``
    (lib/cc/importer/standard/webcontent_converter.rb)."""
    for path in files:
        identifier = ident(f"{base} file {path}")
        resource = element(resources, CP_NAMESPACE, "resource", identifier=identifier, type=WEB_CONTENT)
        element(resource, CP_NAMESPACE, "file", href=path)
        element(assessment, CP_NAMESPACE, "dependency", identifierref=identifier)
