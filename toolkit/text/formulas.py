"""TeX formulas inside a text: where they are (pandoc's delimiter rule), and their MathML.

A formula is written ``$…$`` (inline) or ``$$…$$`` (display), as in pandoc's Markdown. For ``$`` the
opening one has no space after it, the closing one (the first unescaped ``$`` after it) has no space
before it and no digit after it, so "$5 and $10" holds no formula; ``\\$`` is a dollar sign, never a
delimiter. Formulas are found in the prose of a text (the caller leaves inline code out first).

The MathML is made at build time by latex2mathml, so no page needs math JavaScript at run time. The
converter accepts some TeX it cannot render (an unknown command becomes an identifier named
``\\command``, ``\\frac{1}`` a fraction with one part, ``{x`` a group that never closes): those are
reported as problems too, so that ``quizkit validate`` stops them before a learner sees them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from lxml import etree

from toolkit.errors import QuizkitError
from toolkit.text.tokens import code_block_spans


@dataclass(frozen=True)
class Formula:
    """A formula of a text: its TeX (without delimiters), display or inline, and its span in the text
    (``start``/``end``, delimiters included)."""

    tex: str
    display: bool
    start: int
    end: int

    @property
    def written(self) -> str:
        """The formula as the text writes it, delimiters included."""
        delimiter = "$$" if self.display else "$"
        return f"{delimiter}{self.tex}{delimiter}"


def _unescaped(text: str, position: int) -> Iterator[int]:
    """The positions from ``position`` on of the characters of ``text`` that no backslash escapes: a
    backslash and the character after it (``\\$``, ``\\{``, ``\\\\``) are passed over together."""
    while position < len(text):
        if text[position] == "\\":
            position += 2
            continue
        yield position
        position += 1


def _display_end(text: str, start: int) -> int:
    """The index of the ``$$`` that closes a display formula opened at ``start``, or -1."""
    for position in _unescaped(text, start + 2):
        if text.startswith("$$", position):
            return position if text[start + 2 : position].strip() else -1
    return -1


def _inline_end(text: str, start: int) -> int:
    """The index of the ``$`` that closes an inline formula opened at ``start``, or -1 (pandoc's rule)."""
    if start + 1 >= len(text) or text[start + 1].isspace() or text[start + 1] == "$":
        return -1
    for position in _unescaped(text, start + 1):
        if text[position] == "$":
            closes = not text[position - 1].isspace()
            followed_by_digit = position + 1 < len(text) and text[position + 1].isdigit()
            return position if closes and not followed_by_digit else -1
    return -1


def find_formulas(text: str) -> list[Formula]:
    """The formulas of ``text`` in order (``text`` holds no inline code: split it out first)."""
    if "$" not in text:  # most texts
        return []
    found: list[Formula] = []
    position = 0
    while True:
        start = text.find("$", position)
        if start == -1:
            return found
        if _escaped(text, start):
            position = start + 1
            continue
        display = text.startswith("$$", start)
        delimiter = 2 if display else 1
        end = _display_end(text, start) if display else _inline_end(text, start)
        if end == -1:  # no formula opens here: past its opening dollars
            position = start + delimiter
            continue
        found.append(Formula(text[start + delimiter : end], display, start, end + delimiter))
        position = end + delimiter


_INLINE_CODE = re.compile(r"`[^`]*`")


def formulas_outside_code(text: str) -> list[Formula]:
    """The formulas of a whole text, inline code left out (a ``$`` in code is code), with their spans
    in ``text`` itself."""
    if "`" not in text:
        return find_formulas(text)
    masked = text
    for start, end in code_block_spans(text):
        masked = masked[:start] + "`" * (end - start) + masked[end:]
    masked = _INLINE_CODE.sub(lambda code: "`" * len(code.group(0)), masked)
    return find_formulas(masked)


def _escaped(text: str, index: int) -> bool:
    """Whether ``text[index]`` follows an odd number of backslashes."""
    backslashes = 0
    while index - backslashes > 0 and text[index - backslashes - 1] == "\\":
        backslashes += 1
    return backslashes % 2 == 1


def unescape_dollars(text: str) -> str:
    """Prose as a reader sees it: ``\\$`` is a dollar sign."""
    return text.replace("\\$", "$")


# What each of the converter's exceptions means, by its class name.
_CONVERTER_PROBLEMS = {  # latex2mathml.exceptions
    "NumeratorNotFoundError": "a fraction has no numerator",
    "DenominatorNotFoundError": "a fraction has no denominator",
    "ExtraLeftOrMissingRightError": "a \\left has no matching \\right",
    "MissingSuperScriptOrSubscriptError": "a ^ or _ has nothing after it",
    "DoubleSubscriptsError": "a double subscript: group it with braces, x_{1_2}",
    "DoubleSuperscriptsError": "a double superscript: group it with braces, x^{a^b}",
    "NoAvailableTokensError": "the formula ends where more was expected",
    "InvalidStyleForGenfracError": "\\genfrac has an invalid style",
    "MissingEndError": "a \\begin has no matching \\end",
    "InvalidAlignmentError": "an environment has an invalid column alignment",
    "InvalidWidthError": "a width is invalid",
    "LimitsMustFollowMathOperatorError": "\\limits must follow an operator such as \\sum",
}
_MATHML = "http://www.w3.org/1998/Math/MathML"
TEX_ENCODING = "application/x-tex"
"""The ``encoding`` of the annotation that holds a formula's TeX source (MathML 3 §5.1.3)."""
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True)
# The MathML Core elements and attributes the converter writes for the TeX it knows; anything else
# (an \href's link, markup copied from \text{}) never reaches a page.
_ELEMENTS = frozenset(
    [
        "math",
        "mrow",
        "mi",
        "mn",
        "mo",
        "mtext",
        "mspace",
        "mfrac",
        "msqrt",
        "mroot",
        "mstyle",
        "mpadded",
        "mphantom",
        "menclose",
        "msub",
        "msup",
        "msubsup",
        "munder",
        "mover",
        "munderover",
        "mtable",
        "mtr",
        "mtd",
    ]
)
_ATTRIBUTES = frozenset(
    [
        "display",
        "xmlns",
        "mathvariant",
        "mathsize",
        "mathcolor",
        "mathbackground",
        "stretchy",
        "fence",
        "largeop",
        "movablelimits",
        "minsize",
        "maxsize",
        "displaystyle",
        "scriptlevel",
        "columnalign",
        "rowalign",
        "columnspan",
        "rowspan",
        "width",
        "height",
        "depth",
        "lspace",
        "rspace",
        "voffset",
        "notation",
        "separator",
        "form",
        "accent",
        "accentunder",
        "linethickness",
        "columnlines",
        "rowlines",
        "frame",
        "rowspacing",
        "columnspacing",
        "symmetric",
    ]
)
# How many children MathML Core gives each of these elements: fewer means an argument was missing.
_ARITY = {"mfrac": 2, "mroot": 2, "msub": 2, "msup": 2, "munder": 2, "mover": 2, "msubsup": 3}


def _unbalanced_brace(tex: str) -> str | None:
    depth = 0
    for index in _unescaped(tex, 0):
        if tex[index] == "{":
            depth += 1
        elif tex[index] == "}":
            depth -= 1
            if depth < 0:
                return "a } has no matching {"
    return "a { is not closed" if depth else None


@functools.lru_cache(maxsize=1 << 12)
def _converted(tex: str, display: bool) -> tuple[str, str | None]:
    """(MathML, problem): the problem is None when the MathML says what the TeX says."""
    problem = _unbalanced_brace(tex)
    if problem:
        return "", problem
    # Imported here, not at the top: it takes a tenth of a second, and most runs meet no formula.
    from latex2mathml.converter import convert

    try:
        mathml = convert(tex, display="block" if display else "inline")
    except Exception as error:  # the converter raises its own exception classes, and others on odd TeX
        problem = _CONVERTER_PROBLEMS.get(type(error).__name__, f"the converter cannot read it ({error})")
        return "", problem
    try:
        root = etree.fromstring(mathml, _PARSER)
    except etree.XMLSyntaxError:
        # The converter copies \text{…} as it is: a < or & there is no XML.
        return "", "it holds a < or & the converter cannot write: write \\lt, \\gt or \\& instead"
    for element in root.iter():
        if not isinstance(element.tag, str) or etree.QName(element).namespace != _MATHML:
            return "", "it holds markup, not TeX: write \\text{} without < or >"
        name = etree.QName(element).localname
        # Only MathML Core reaches a page: no script, no link (\href), nothing a sanitizer removes.
        if name not in _ELEMENTS:
            return (
                "",
                f"it holds <{name}>, markup quizkit never writes into a page: write \\text{{}} without < or >",
            )
        if unknown := sorted(set(element.attrib) - _ATTRIBUTES):
            return (
                "",
                f"it asks for {unknown[0]}= on <{name}>, which quizkit never writes into a page: leave out \\href",
            )
        if name in ("mi", "mo") and (element.text or "").startswith("\\") and len(element.text or "") > 1:
            return "", f"unknown command {element.text}"
        if name in _ARITY and len(element) < _ARITY[name]:
            return "", f"<{name}> is missing an argument (a command such as \\frac has too few {{…}} groups)"
    return _annotated(root, tex), None


def _annotated(root: etree._Element, tex: str) -> str:
    """The ``<math>`` element ``root`` with its TeX source kept as MathML's standard annotation (MathML 3
    §5.1: ``<semantics>`` holds the presentation, then ``<annotation encoding="application/x-tex">``): a
    browser shows only the presentation, and an importer (:mod:`toolkit.importing.markup_reduction`)
    takes the formula back as the TeX it was written in."""
    semantics = etree.Element(f"{{{_MATHML}}}semantics")
    children = list(root)
    if len(children) == 1:
        presentation = children[0]
    else:  # <semantics> holds one presentation element: several become one row
        presentation = etree.SubElement(semantics, f"{{{_MATHML}}}mrow")
        presentation.text, root.text = root.text, None
    for child in children:
        (semantics if len(children) == 1 else presentation).append(child)
    if len(children) != 1:
        semantics.append(presentation)
    annotation = etree.SubElement(semantics, f"{{{_MATHML}}}annotation", encoding=TEX_ENCODING)
    annotation.text = tex
    root.text = None
    root.append(semantics)
    return str(etree.tostring(root, encoding="unicode"))


def formula_problem(formula: Formula) -> str | None:
    """What makes the formula unreadable to the converter, or None when it converts."""
    return _converted(formula.tex, formula.display)[1]


class FormulaError(QuizkitError):
    """A formula an export meets that cannot be rendered. Validation stops such a formula in the source,
    and ``quizkit check`` (inline-code) one a translation changed; only an export that skips the checks
    meets one."""


def mathml(formula: Formula) -> str:
    """The formula as a MathML ``<math>`` element (serialized); raises FormulaError when it has a problem."""
    text, problem = _converted(formula.tex, formula.display)
    if problem:
        raise FormulaError(
            f"formula {formula.written} cannot be rendered: {problem}; a translation holds it "
            "(quizkit check names which, as inline-code), or correct the source"
        )
    return text


def mathml_element(formula: Formula) -> etree._Element:
    """The formula as a fresh lxml ``<math>`` element in the MathML namespace, to append to a document."""
    return etree.fromstring(mathml(formula), _PARSER)


# Operators written with a space either side in the plain form ("2(N − 1)/N", "a = b"), unless they
# begin an expression ("−1").
_SPACED_OPERATORS = frozenset(
    "+\u2212=<>\u2264\u2265\u2260\u2248\u00b1\u2213\u00d7\u00b7\u2192\u2190\u2194\u21d2\u21d4\u2208\u2209\u2282\u2286\u222a\u2229\u2261\u221d"
)
_SUPERSCRIPTS = str.maketrans(
    "0123456789+\u2212=()ni",
    "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u207a\u207b\u207c\u207d\u207e\u207f\u2071",
)
_SUPERSCRIPT_CHARACTERS = frozenset("0123456789+\u2212=()ni")


def _local_name(element: etree._Element) -> str:
    return etree.QName(element).localname if isinstance(element.tag, str) else ""


def _grouped(text: str) -> str:
    """``text`` as one operand of ``/``, ``^``, ``_`` or ``√``: in parentheses where it holds a space
    outside brackets (a sum, "a + b"), so that "2(N − 1)" stays as it is."""
    depth = 0
    for character in text:
        depth += character in "([{\u27e8"
        depth -= character in ")]}\u27e9"
        if character == " " and depth == 0:
            return f"({text})"
    return text


def _row(children: list[etree._Element]) -> str:
    """The plain form of a row of MathML elements, binary operators spaced."""
    pieces: list[str] = []
    previous: etree._Element | None = None
    for child in children:
        text = _plain(child)
        operator = _local_name(child) == "mo" and text.strip() in _SPACED_OPERATORS
        # A binary operator follows an operand: not the row's start, nor another operator or an opening.
        after_operand = previous is not None and not (
            _local_name(previous) == "mo" and (previous.text or "").strip() not in ")]}\u27e9"
        )
        ends_operand = previous is not None and (
            _local_name(previous) in ("mfrac", "mroot") or bool(_SCRIPT_END.search(pieces[-1]))
        )
        if ends_operand and text[:1].isalnum():
            pieces.append(" ")  # "∑_i x_i" and "1/2 x", not "∑_ix_i" and "1/2x"
        pieces.append(f" {text.strip()} " if operator and after_operand else text)
        previous = child
    return "".join(pieces).replace("  ", " ")


_SCRIPT_END = re.compile(r"[\^_][^ ]+$")


def _script(base: str, script: str, mark: str) -> str:
    script = script.replace(" ", "")  # "x_(i+1)": a script is short, and spaces would split it from its base
    if mark == "^" and script and all(character in _SUPERSCRIPT_CHARACTERS for character in script):
        return base + script.translate(_SUPERSCRIPTS)
    return f"{base}{mark}{script if len(script) == 1 or script.isdigit() else f'({script})'}"


def _plain(element: etree._Element) -> str:
    name = _local_name(element)
    children = [child for child in element if isinstance(child.tag, str)]
    parts = [_plain(child) for child in children]
    if name in ("mi", "mn", "mo", "mtext"):
        return element.text or ""
    if name == "mspace":
        return " "
    if name in ("mphantom", "annotation"):  # an annotation is the TeX source, not shown
        return ""
    if name == "mfrac" and len(parts) == 2:
        return f"{_grouped(parts[0])}/{_grouped(parts[1])}"
    if name == "msqrt":
        return f"\u221a{_grouped(_row(children))}"
    if name == "mroot" and len(parts) == 2:
        return f"{_grouped(parts[0])}^(1/{parts[1]})"
    if name in ("msub", "munder") and len(parts) == 2:
        return _script(parts[0], parts[1], "_")
    if name in ("msup", "mover") and len(parts) == 2:
        if name == "mover" and _local_name(children[1]) == "mo":  # an accent: \\vec{v} is "v→"
            return parts[0] + parts[1]
        return _script(parts[0], parts[1], "^")
    if name in ("msubsup", "munderover") and len(parts) == 3:
        return _script(_script(parts[0], parts[1], "_"), parts[2], "^")
    if name == "mtable":
        return "; ".join(_plain(row) for row in children)
    if name == "mtr":
        return ", ".join(parts)
    return _row(children)


@functools.lru_cache(maxsize=1 << 12)
def _plain_form(tex: str, display: bool) -> str:
    text = _plain(mathml_element(Formula(tex, display, 0, 0)))
    return " ".join(text.split())


def plain_text(formula: Formula) -> str:
    """The formula as plain text, for places that hold no markup (a page's ``<title>``, a drop-down's
    ``<option>``): the text of its MathML, fractions written with ``/``, powers with superscript digits
    where Unicode has them, binary operators spaced: ``$\\frac{2(N-1)}{N}$`` is ``2(N − 1)/N``, where
    TeX would show a reader ``\\frac``. Raises FormulaError when the formula has a problem."""
    return _plain_form(formula.tex, formula.display)


def plain_formulas(text: str) -> str:
    """``text`` with each formula (outside code) as its plain form (:func:`plain_text`)."""
    pieces: list[str] = []
    position = 0
    for formula in formulas_outside_code(text):
        pieces += [text[position : formula.start], plain_text(formula)]
        position = formula.end
    pieces.append(text[position:])
    return "".join(pieces)
