"""XML elements found by their local name, whatever namespace a tool gave them: QTI 1.2 files carry
``ims_qtiasiv1p2`` (Canvas) or none, QTI 3.0 items ``imsqtiasi_v3p0`` or a prefix of their own. The
QTI 1.2 and QTI 3.0 readers walk their trees with these alone."""

from __future__ import annotations

from lxml import etree


def local_name(element: etree._Element) -> str:
    """The element's name without its namespace; "" for a comment or processing instruction."""
    return etree.QName(element).localname if isinstance(element.tag, str) else ""


def children(element: etree._Element, name: str) -> list[etree._Element]:
    return [child for child in element if local_name(child) == name]


def child(element: etree._Element, name: str) -> etree._Element | None:
    found = children(element, name)
    return found[0] if found else None


def descendants(element: etree._Element, names: frozenset[str] | str) -> list[etree._Element]:
    """``element`` and the elements below it named ``names`` (one name, or any of several)."""
    wanted = frozenset({names}) if isinstance(names, str) else names
    return [node for node in element.iter() if isinstance(node.tag, str) and local_name(node) in wanted]


def first(element: etree._Element, name: str) -> etree._Element | None:
    found = descendants(element, name)
    return found[0] if found else None
