"""The ``imsmanifest.xml`` of a SCORM 1.2 package: one organization with one item, launching one SCO
whose resource lists every file of the package.

No ``imsmd:`` metadata: SCORM 1.2's metadata schema cannot be compiled by libxml2 (docs/testing.md,
Standards' schemas), so the title goes in ``<organization><title>`` and the manifest
stays valid against the CP and ADLCP schemas alone. Identifiers are NCNames built from the quiz id
(which starts with a letter): ``quizkit-<quiz>``, ``org-<quiz>``, ``item-<quiz>``, ``sco-<quiz>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from lxml import etree

IMSCP = "http://www.imsproject.org/xsd/imscp_rootv1p1p2"
ADLCP = "http://www.adlnet.org/xsd/adlcp_rootv1p2"
XSI = "http://www.w3.org/2001/XMLSchema-instance"
SCHEMA_LOCATION = (
    f"{IMSCP} imscp_rootv1p1p2.xsd "
    "http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd "
    f"{ADLCP} adlcp_rootv1p2.xsd"
)
LAUNCH_PAGE = "index.html"


def mastery_text(score: Decimal) -> str:
    """A mastery score as SCORM writes a CMIDecimal: ``80``, ``62.5`` (no exponent, no trailing zeros)."""
    text = format(score, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def manifest(quiz_id: str, title: str, files: Sequence[str], mastery_score: Decimal) -> bytes:
    """The manifest of the package of ``quiz_id``: ``files`` are every file in it but the manifest."""
    root = etree.Element(
        f"{{{IMSCP}}}manifest",
        {"identifier": f"quizkit-{quiz_id}", "version": "1.0", f"{{{XSI}}}schemaLocation": SCHEMA_LOCATION},
        nsmap={None: IMSCP, "adlcp": ADLCP, "xsi": XSI},
    )
    metadata = etree.SubElement(root, f"{{{IMSCP}}}metadata")
    etree.SubElement(metadata, f"{{{IMSCP}}}schema").text = "ADL SCORM"
    etree.SubElement(metadata, f"{{{IMSCP}}}schemaversion").text = "1.2"
    organizations = etree.SubElement(root, f"{{{IMSCP}}}organizations", default=f"org-{quiz_id}")
    organization = etree.SubElement(organizations, f"{{{IMSCP}}}organization", identifier=f"org-{quiz_id}")
    etree.SubElement(organization, f"{{{IMSCP}}}title").text = title
    item = etree.SubElement(
        organization,
        f"{{{IMSCP}}}item",
        identifier=f"item-{quiz_id}",
        identifierref=f"sco-{quiz_id}",
        isvisible="true",
    )
    etree.SubElement(item, f"{{{IMSCP}}}title").text = title
    etree.SubElement(item, f"{{{ADLCP}}}masteryscore").text = mastery_text(mastery_score)
    resources = etree.SubElement(root, f"{{{IMSCP}}}resources")
    resource = etree.SubElement(
        resources,
        f"{{{IMSCP}}}resource",
        {
            "identifier": f"sco-{quiz_id}",
            "type": "webcontent",
            f"{{{ADLCP}}}scormtype": "sco",
            "href": LAUNCH_PAGE,
        },
    )
    for name in sorted(files):
        etree.SubElement(resource, f"{{{IMSCP}}}file", href=name)
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True))
