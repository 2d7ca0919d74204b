"""Bank HTML reduced to quiz text: code kept in backticks, what a text cannot hold named."""

from __future__ import annotations

import pytest

from toolkit.importing.markup_reduction import ReducedText, looks_like_markup, reduce_markup

CASES = [
    # What quizkit's Moodle export writes comes back as the text it was written from.
    (
        '<div dir="rtl" lang="ur">ایک <code dir="ltr">all-reduce</code> '
        '<span dir="ltr" lang="en">GPU</span><br>دو</div>',
        ReducedText("ایک `all-reduce` GPU\nدو", ()),
    ),
    ("<p>Pick &amp; <b>choose</b></p>\n\n<p>next</p>", ReducedText("Pick & choose\nnext", ())),
    ("a&nbsp;&nbsp;b", ReducedText("a b", ())),
    ("<code>a`b</code>", ReducedText("`a'b`", ())),
    ("x <img src='i.png' alt='a chart'> y", ReducedText("x y", ("an image",))),
    (r"area \(\pi r^2\)", ReducedText(r"area \(\pi r^2\)", ("math (TeX)",))),
    ("<math><mi>x</mi></math>", ReducedText("x", ("math (MathML)",))),
    ("<a href='https://example.org'>docs</a>", ReducedText("docs", ("a link's address",))),
    ("<script>alert(1)</script>safe", ReducedText("safe", ())),
    ("\u2067مرحبا\u2069", ReducedText("مرحبا", ())),
]


@pytest.mark.parametrize(("html", "expected"), CASES)
def test_bank_html_becomes_a_quiz_text(html: str, expected: ReducedText) -> None:
    assert reduce_markup(html) == expected


@pytest.mark.parametrize(
    ("text", "markup"),
    [("plain text", False), ("a < b and c > d", False), ("<p>x</p>", True), ("a &amp; b", True)],
)
def test_markup_is_told_from_plain_text(text: str, markup: bool) -> None:
    assert looks_like_markup(text) is markup
