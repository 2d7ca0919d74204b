"""``imsmanifest.xml`` of a Common Cartridge 1.1 package holding one assessment.

The manifest is CC 1.1's profile of IMS Content Packaging (namespace ``imsccv1p1/imscp_v1p1``): metadata
naming the schema (``IMS Common Cartridge`` ``1.1.0``) with the cartridge's title in LOM, one organization
(``rooted-hierarchy``: a root item holding one item, the quiz, that points at the assessment) and one
resource of type ``imsqti_xmlv1p2/imscc_xmlv1p1/assessment`` whose one file is the assessment XML, as
Moodle's Common Cartridge writer lays it out (``backup/cc/cc_lib``). An assessment needs nothing else: CC
1.1 lets a resource stand alone, and the package has no web content or attachments.

Identifiers come from ``<quiz> [<locale>]`` (``base``): stable for the same content, different per locale (the
packages of two locales import as two quizzes), and ``xs:ID``s (they start with a letter). The manifest
carries no date, so the package stays byte-identical.
"""

from __future__ import annotations

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


def assessment_ident(base: str) -> str:
    """The assessment's identifier, which also names its resource and its folder in the package."""
    return ident(base)


def assessment_path(base: str) -> str:
    return f"{assessment_ident(base)}/{ASSESSMENT_FILE}"


def _element(
    parent: etree._Element, namespace: str, name: str, text: str | None = None, **attributes: str
) -> etree._Element:
    element = etree.SubElement(parent, f"{{{namespace}}}{name}", attributes)
    element.text = text
    return element


def manifest(base: str, title: str, language: str) -> etree._Element:
    """The manifest of the cartridge holding the assessment of ``base``, titled ``title`` in
    ``language``."""
    root = etree.Element(
        f"{{{CP_NAMESPACE}}}manifest",
        nsmap={None: CP_NAMESPACE, "lomimscc": LOM_NAMESPACE, "xsi": XSI_NAMESPACE},
        identifier=ident(f"{base} manifest"),
    )
    root.set(SCHEMA_LOCATION, CP_SCHEMA_LOCATION)
    metadata = _element(root, CP_NAMESPACE, "metadata")
    _element(metadata, CP_NAMESPACE, "schema", "IMS Common Cartridge")
    _element(metadata, CP_NAMESPACE, "schemaversion", "1.1.0")
    general = _element(_element(metadata, LOM_NAMESPACE, "lom"), LOM_NAMESPACE, "general")
    _element(_element(general, LOM_NAMESPACE, "title"), LOM_NAMESPACE, "string", title, language=language)
    _element(general, LOM_NAMESPACE, "language", language)
    organization = _element(
        _element(root, CP_NAMESPACE, "organizations"),
        CP_NAMESPACE,
        "organization",
        identifier=ident(f"{base} organization"),
        structure="rooted-hierarchy",
    )
    top = _element(organization, CP_NAMESPACE, "item", identifier=ident(f"{base} root"))
    resource_ident = assessment_ident(base)
    item = _element(top, CP_NAMESPACE, "item", identifier=ident(f"{base} item"), identifierref=resource_ident)
    _element(item, CP_NAMESPACE, "title", title)
    resources = _element(root, CP_NAMESPACE, "resources")
    resource = _element(
        resources, CP_NAMESPACE, "resource", identifier=resource_ident, type=ASSESSMENT_RESOURCE
    )
    _element(resource, CP_NAMESPACE, "file", href=assessment_path(base))
    return root
