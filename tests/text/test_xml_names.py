"""The XML namespace's attribute names, defined once (toolkit/text/xml_names.py)."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from toolkit.text.xml_names import XML_BASE, XML_LANG, XML_SPACE

TOOLKIT = Path(__file__).resolve().parents[2] / "toolkit"


def test_the_names_are_those_lxml_gives_the_xml_prefix() -> None:
    element = etree.fromstring(b'<a xml:lang="ur" xml:space="preserve" xml:base="items/"/>')
    assert dict(element.attrib) == {XML_LANG: "ur", XML_SPACE: "preserve", XML_BASE: "items/"}


def test_no_other_module_spells_the_xml_namespace() -> None:
    """QTI's exporter and reader, TMX and TBX each defined xml:lang, XLIFF xml:space, and the QTI 1.2
    reader spelled xml:base inline: one definition, so that a reader and the writer of a format cannot
    disagree on it."""
    spelled = sorted(
        str(path.relative_to(TOOLKIT))
        for path in TOOLKIT.rglob("*.py")
        if "w3.org/XML/1998/namespace" in path.read_text(encoding="utf-8")
    )
    assert spelled == ["text/xml_names.py"]
