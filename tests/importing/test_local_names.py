"""XML elements found by local name: the same lookups whatever namespace, or none, a tool wrote."""

from __future__ import annotations

import pytest
from lxml import etree

from toolkit.importing.local_names import child, children, descendants, first, local_name

DOCUMENTS = [
    # QTI 1.2 as Canvas writes it (a default namespace), as other tools write it (none), and QTI 3.0
    # with a prefix of its own.
    '<item xmlns="http://www.imsglobal.org/xsd/ims_qtiasiv1p2"><!-- c --><value>a</value>'
    "<group><value>b</value><other/></group><value>c</value></item>",
    "<item><!-- c --><value>a</value><group><value>b</value><other/></group><value>c</value></item>",
    '<q:item xmlns:q="http://www.imsglobal.org/xsd/imsqtiasi_v3p0"><!-- c --><q:value>a</q:value>'
    "<q:group><q:value>b</q:value><q:other/></q:group><q:value>c</q:value></q:item>",
]


@pytest.mark.parametrize("document", DOCUMENTS)
def test_elements_are_found_by_local_name_in_any_namespace(document: str) -> None:
    root = etree.fromstring(document)
    assert local_name(root) == "item"
    assert [element.text for element in children(root, "value")] == ["a", "c"]
    assert [element.text for element in descendants(root, "value")] == ["a", "b", "c"]
    assert [local_name(element) for element in descendants(root, frozenset({"group", "other"}))] == [
        "group",
        "other",
    ]
    group = child(root, "group")
    assert group is not None and first(group, "value") is not None
    assert child(root, "other") is None
    assert first(root, "missing") is None


def test_a_comment_has_no_local_name_and_is_never_found() -> None:
    root = etree.fromstring("<item><!-- value --><?value pi?></item>")
    assert [local_name(node) for node in root] == ["", ""]
    assert descendants(root, "") == []
