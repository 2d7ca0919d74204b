"""TeX formulas in a text (toolkit/text/formulas.py): pandoc's delimiter rule, and what the converter
cannot render.

The table writes each formula found as ``⟦…⟧`` around it, delimiters included; the input is the same
string without the marks.
"""

from __future__ import annotations

import re

import pytest
from lxml import etree

from toolkit.text.formulas import (
    Formula,
    FormulaError,
    find_formulas,
    formula_problem,
    formulas_outside_code,
    mathml,
    plain_formulas,
    plain_text,
)

MATHML_NAMESPACE = "http://www.w3.org/1998/Math/MathML"
FOUND = [
    ("inline", "The ring sends ⟦$2(N-1)/N$⟧ of the data."),
    ("display", "Then ⟦$$\\sum_{i=1}^{N} x_i$$⟧ is the total."),
    ("two-inline", "⟦$a$⟧ and ⟦$b$⟧"),
    ("prices-are-no-formula", "It costs $5 and $10."),  # the closing $ is followed by a digit
    ("space-after-opening", "between $ x$ and"),
    ("space-before-closing", "between $x $ and"),
    # The first $ after an opening one closes it or nothing does; the search goes on from the next $.
    ("first-closing-decides", "$x ⟦$5 later$⟧"),
    ("escaped-dollar", "a \\$5 note and ⟦$y$⟧"),
    ("escaped-inside", "⟦$a\\$b$⟧"),
    ("escaped-backslash-then-dollar", "\\\\⟦$x$⟧"),
    ("unclosed", "a lone $x"),
    ("unclosed-display", "a lone $$x"),
    ("blank-display", "$$  $$ is nothing"),
    ("empty-inline", "$$"),
    ("display-before-inline", "⟦$$a$$⟧ ⟦$b$⟧"),
    ("urdu-around", "رنگ ⟦$2(N-1)/N$⟧ حصہ بھیجتا ہے"),
]


@pytest.mark.parametrize(("marked",), [(marked,) for _, marked in FOUND], ids=[name for name, _ in FOUND])
def test_formulas_found(marked: str) -> None:
    text = marked.replace("⟦", "").replace("⟧", "")
    expected = re.findall("⟦(.*?)⟧", marked)
    found = find_formulas(text)
    assert [text[formula.start : formula.end] for formula in found] == expected
    assert [formula.written for formula in found] == expected


def test_a_formula_knows_its_kind_and_tex() -> None:
    assert find_formulas("x $$a^2$$ y $b$") == [Formula("a^2", True, 2, 9), Formula("b", False, 12, 15)]


def test_dollars_in_inline_code_are_code() -> None:
    text = "`echo $HOME$` and $x$"
    assert [formula.written for formula in formulas_outside_code(text)] == ["$x$"]
    assert formulas_outside_code(text)[0].start == text.index("$x$")


UNREADABLE = [
    ("\\frac{2(N-1)}{N", "a { is not closed"),
    ("x}", "a } has no matching {"),
    ("x^", "a ^ or _ has nothing after it"),
    ("x_1_2", "a double subscript: group it with braces, x_{1_2}"),
    ("\\left( x", "a \\left has no matching \\right"),
    ("\\begin{matrix} a", "a \\begin has no matching \\end"),
    ("\\unknowncommand{x}", "unknown command \\unknowncommand"),
    ("\\frac{1}", "<mfrac> is missing an argument (a command such as \\frac has too few {…} groups)"),
    # The converter copies \text{} as it is: markup there must never reach a page.
    (
        "\\text{<script>alert(1)</script>}",
        "it holds <script>, markup quizkit never writes into a page: write \\text{} without < or >",
    ),
    ("\\text{a < b}", "it holds a < or & the converter cannot write: write \\lt, \\gt or \\& instead"),
    (
        "\\href{javascript:alert(1)}{x}",
        "it asks for href= on <mrow>, which quizkit never writes into a page: leave out \\href",
    ),
]


@pytest.mark.parametrize(("tex", "problem"), UNREADABLE, ids=[tex for tex, _ in UNREADABLE])
def test_what_the_converter_cannot_render(tex: str, problem: str) -> None:
    assert formula_problem(Formula(tex, False, 0, 0)) == problem
    with pytest.raises(FormulaError, match=re.escape(problem)):
        mathml(Formula(tex, False, 0, 0))


@pytest.mark.parametrize(
    "tex",
    [
        "2(N-1)/N",
        "\\frac{2(N-1)}{N}",
        "\\sqrt[3]{x}",
        "\\{1, 2\\}",
        "a \\leq b",
        "a < b \\& c",
        "\\color{red}{x}",
    ],
)
def test_readable_formulas_become_mathml(tex: str) -> None:
    for display in (False, True):
        formula = Formula(tex, display, 0, 0)
        assert formula_problem(formula) is None
        root = etree.fromstring(mathml(formula))
        assert root.tag == f"{{{MATHML_NAMESPACE}}}math"
        assert root.get("display") == ("block" if display else "inline")
        # MathML 3 §5.1: one presentation element, then the TeX it was made from, for importers.
        (semantics,) = root
        presentation, annotation = semantics
        assert semantics.tag == f"{{{MATHML_NAMESPACE}}}semantics"
        assert etree.QName(presentation).localname not in ("annotation", "semantics")
        assert (annotation.tag, annotation.get("encoding"), annotation.text) == (
            f"{{{MATHML_NAMESPACE}}}annotation",
            "application/x-tex",
            tex,
        )


def test_the_ring_formula_reads_as_written() -> None:
    root = etree.fromstring(mathml(Formula("\\frac{2(N-1)}{N}", False, 0, 0)))
    fraction = root.find(f".//{{{MATHML_NAMESPACE}}}mfrac")
    assert fraction is not None
    numerator, denominator = ("".join(part.itertext()) for part in fraction)
    assert (numerator, denominator) == ("2(N\u22121)", "N")


PLAIN = [
    ("2(N-1)/N", "2(N − 1)/N"),
    ("\\frac{2(N-1)}{N}", "2(N − 1)/N"),
    ("\\frac{a+b}{c}", "(a + b)/c"),
    ("\\frac{1}{2} x", "1/2 x"),
    ("-1 \\times a \\cdot b", "−1 × a · b"),
    ("x^2 + y^{n+1} \\leq \\sqrt{z}", "x² + yⁿ⁺¹ ≤ √z"),
    ("e^{i\\pi}", "e^(iπ)"),
    ("\\sum_{i=1}^{N} x_i", "∑_(i=1)^N x_i"),
    ("\\sqrt{a+b}", "√(a + b)"),
    ("\\vec{v} = (1, -2)", "v→ = (1,−2)"),
    ("\\text{speed} = \\frac{d}{t}", "speed = d/t"),
    ("\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", "(1, 2; 3, 4)"),
]


@pytest.mark.parametrize(("tex", "plain"), PLAIN, ids=[case[0] for case in PLAIN])
def test_plain_text_is_the_mathml_read_in_a_line(tex: str, plain: str) -> None:
    """Issue 41: where no markup goes (a <title>, an <option>) a formula is read as text, not as TeX."""
    assert plain_text(Formula(tex, False, 0, 0)) == plain


def test_plain_formulas_replaces_each_formula_outside_code() -> None:
    assert plain_formulas("Each sends $\\frac{2(N-1)}{N}$, not `$x$` or \\$5") == (
        "Each sends 2(N − 1)/N, not `$x$` or \\$5"
    )
