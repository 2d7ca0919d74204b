"""Bank HTML reduced to quiz text: code kept in backticks, what a text cannot hold named."""

from __future__ import annotations

import pytest

from toolkit.importing.markup_reduction import ReducedText, looks_like_markup, only_images, reduce_markup

CASES = [
    # What quizkit's Moodle export writes comes back as the text it was written from.
    (
        '<div dir="rtl" lang="ur">ایک <code dir="ltr">all-reduce</code> '
        '<span dir="ltr" lang="en">GPU</span><br>دو</div>',
        ReducedText("ایک `all-reduce` GPU\nدو", ()),
    ),
    ("<p>Pick &amp; <b>choose</b></p>\n\n<p>next</p>", ReducedText("Pick & choose\nnext", ())),
    ("a&nbsp;&nbsp;b", ReducedText("a b", ())),
    ("<code>a`b</code>", ReducedText("`a'b`", ("a backtick inside code (written as ')",))),
    ("x <img src='i.png' alt='a chart'> y", ReducedText("x y", ("an image",))),
    # Math comes back as the text's TeX formulas: Moodle's MathJax delimiters (\(…\) inline, \[…\] and
    # $$…$$ display: filter/mathjaxloader/classes/text_filter.php) and MathML with its TeX annotation.
    (
        r"area \(\pi r^2\), \[\sum_i x_i\] and $$\frac{1}{2}$$",
        ReducedText(r"area $\pi r^2$, $$\sum_i x_i$$ and $$\frac{1}{2}$$", ()),
    ),
    (r"\(\nosuchcommand\) stays", ReducedText(r"\(\nosuchcommand\) stays", ("math (TeX)",))),
    (
        '<p>share <math display="inline"><semantics><mfrac><mn>1</mn><mi>N</mi></mfrac>'
        '<annotation encoding="application/x-tex">\\frac{1}{N}</annotation></semantics></math> each, '
        '<math display="block"><semantics><mrow><mi>x</mi></mrow><annotation encoding="application/x-tex">'
        "x^{2}</annotation></semantics></math></p>",
        ReducedText(r"share $\frac{1}{N}$ each, $$x^{2}$$", ()),
    ),
    ("<math><mi>x</mi></math>", ReducedText("x", ("math (MathML)",))),
    ("<math><mi>$</mi><mi>x</mi><mi>$</mi></math>", ReducedText(r"\$x\$", ("math (MathML)",))),
    # A dollar of the text is written \$ only where it would otherwise open or close a formula.
    ("$5 and $10 <code>$x$</code>", ReducedText("$5 and $10 `$x$`", ())),
    ("a $x$ dollar pair", ReducedText(r"a \$x\$ dollar pair", ())),
    (r"$\(x\)$ costs $5", ReducedText(r"\$$x$\$ costs \$5", ())),
    ("<a href='https://example.org'>docs</a>", ReducedText("docs", ("a link's address",))),
    ("<script>alert(1)</script>safe", ReducedText("safe", ())),
    ("\u2067مرحبا\u2069", ReducedText("مرحبا", ())),
    # Line breaks: a <br> is one, two make an empty line; the source's own breaks are white space; a <br>
    # ending a block adds none (as a browser shows them).
    ("first<br>second<br><br>after a blank line", ReducedText("first\nsecond\n\nafter a blank line", ())),
    ("<p>one sentence\n  over two source lines</p>", ReducedText("one sentence over two source lines", ())),
    ("<p>ends in a break<br></p><p>next</p>", ReducedText("ends in a break\nnext", ())),
    # A <pre> block is code, one inline code a line with its indentation (review 39, finding 8: it lost
    # both); its blank lines stay, its first and last empty ones go (as a browser shows it).
    ("<pre>kept\n  as written</pre>", ReducedText("`kept`\n`  as written`", ())),
    (
        "<p>Run:</p><pre>\n<code>def f():\n\n\treturn `x`  </code>\n</pre>then",
        ReducedText("Run:\n`def f():`\n\n`\treturn 'x'`\nthen", ("a backtick inside code (written as ')",)),
    ),
    # A superscript or subscript Unicode has exactly is written with its characters; any other is named.
    ("x<sup>2</sup> &lt; 10", ReducedText("x² < 10", ())),
    ("H<sub>2</sub>O, x<sup>n+1</sup>, 10<sup>−3</sup>", ReducedText("H₂O, xⁿ⁺¹, 10⁻³", ())),
    ("e<sup>x</sup> and a<sub>i,j</sub>", ReducedText("ex and ai,j", ("a superscript", "a subscript"))),
    ("The answer is <del>5</del> 6.", ReducedText("The answer is 5 6.", ("struck-out text",))),
    # A numbered list's items keep the numbers a browser shows them with: a text may refer to them.
    (
        '<p>Steps:</p><ol><li>Init</li><li>Wrap<ul><li>model</li></ul></li></ol><ol start="4"><li>Train</li></ol>',
        ReducedText("Steps:\n1. Init\n2. Wrap\nmodel\n4. Train", ()),
    ),
]


def test_a_format_that_makes_source_breaks_line_breaks_keeps_them() -> None:
    """Moodle's auto-format turns each line break of the text into <br> (text_to_html in lib/weblib.php)."""
    assert reduce_markup("<b>a</b>\nb\n\nc", source_breaks=True) == ReducedText("a\nb\n\nc", ())
    assert reduce_markup("<b>a</b>\nb\n\nc") == ReducedText("a b c", ())


@pytest.mark.parametrize(("html", "expected"), CASES)
def test_bank_html_becomes_a_quiz_text(html: str, expected: ReducedText) -> None:
    assert reduce_markup(html) == expected


@pytest.mark.parametrize(
    ("text", "markup"),
    [("plain text", False), ("a < b and c > d", False), ("<p>x</p>", True), ("a &amp; b", True)],
)
def test_markup_is_told_from_plain_text(text: str, markup: bool) -> None:
    assert looks_like_markup(text) is markup


@pytest.mark.parametrize(
    ("html", "said"),
    [
        ("<p>no image</p>", None),
        (
            '<p><img src="@@PLUGINFILE@@/star%20topology.png" alt=""></p>',
            "the bank shows only the image star topology.png there, which a quiz text cannot hold",
        ),
        (
            "<img src='ring.png' alt='A &amp; B'><img src=bus.png>",
            'the bank shows only the images ring.png (alt text "A & B"), bus.png there, which a quiz text '
            "cannot hold",
        ),
    ],
)
def test_a_text_of_images_only_names_them(html: str, said: str | None) -> None:
    assert only_images(html) == said
