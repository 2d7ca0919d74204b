"""The two ways a QTI document is indented: the loop that leaves mixed text alone (QTI 3) and lxml's own
indenting (QTI 1.2), which must write a document without mixed text byte for byte as the loop does."""

from __future__ import annotations

import copy

from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from toolkit.exporters.lms.qti12 import QTI12_NAMESPACE
from toolkit.exporters.lms.qti12 import root as qti12_root
from toolkit.exporters.qti.markup import indented_document, indented_element_document

_NAMES = st.sampled_from(["item", "material", "mattext", "response_label", "qtimetadatafield"])
_TEXTS = st.one_of(
    st.none(),
    st.sampled_from(["", " ", "\n  ", "Is DNS a resolver?", "کیا یہ", "<p>escaped &amp; HTML</p>", "\u00a0"]),
)
_WHITE_SPACE = st.sampled_from([None, "", " ", "\n    "])
"""A tail an element can have before indenting: none, or white space (text after an element would be
mixed text, which QTI 1.2's documents do not hold)."""
_ATTRIBUTES = st.dictionaries(
    st.sampled_from(["ident", "title", "texttype", "rcardinality"]),
    st.sampled_from(["q1", "Is it?", "text/html", "Single", "کیا"]),
    max_size=3,
)


@st.composite
def _elements(draw: st.DrawFn, depth: int = 0) -> etree._Element:
    """An element whose text is only in elements without children, as QTI 1.2's documents are made: in
    QTI 1.2's namespace, as qti12.sub makes them."""
    element = etree.Element(f"{{{QTI12_NAMESPACE}}}{draw(_NAMES)}", draw(_ATTRIBUTES))
    children = draw(st.integers(0, 3)) if depth < 4 else 0
    for _ in range(children):
        child = draw(_elements(depth + 1))
        child.tail = draw(_WHITE_SPACE)
        element.append(child)
    if not children:
        element.text = draw(_TEXTS)
    return element


@st.composite
def _documents(draw: st.DrawFn) -> etree._Element:
    """A document as qti12.root starts one (namespaces and schema location), with generated content."""
    document = qti12_root()
    for _ in range(draw(st.integers(0, 3))):
        document.append(draw(_elements()))
    return document


@given(_documents())
def test_lxml_indents_a_document_without_mixed_text_as_the_loop_does(root: etree._Element) -> None:
    assert indented_element_document(copy.deepcopy(root)) == indented_document(root, frozenset())


def test_the_loop_leaves_the_text_elements_mixed_text_as_it_is() -> None:
    root = etree.fromstring("<item><body><p>Is <b>DNS</b> a resolver?</p></body><b>x</b></item>")
    assert indented_document(root, frozenset({"p"})) == (
        b"<?xml version='1.0' encoding='UTF-8'?>\n"
        b"<item>\n  <body>\n    <p>Is <b>DNS</b> a resolver?</p>\n  </body>\n  <b>x</b>\n</item>\n"
    )
