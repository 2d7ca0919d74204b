"""Latin runs in right-to-left text: which stretches the markup exporters isolate, and how a text is split.

The table is written in one notation: ``⟦…⟧`` marks an isolated Latin run and backticks mark inline code;
the input is the same string without the ``⟦⟧`` marks.
"""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.text.bidi import Segment, bidi_segments, has_latin_letter, latin_runs, right_to_left_runs

# (what the row shows, the text with its expected isolates marked)
RIGHT_TO_LEFT = [
    # Names and terms: one run from the first Latin character to the last, through spaces and symbols.
    ("words", "⟦PyTorch DistributedDataParallel⟧ کیسے کام کرتا ہے؟"),
    ("urdu-word-between", "⟦PyTorch⟧ کا ⟦DistributedDataParallel⟧"),
    ("symbol-between", "گلوبل بیچ ⟦B × W⟧ ہوتا ہے۔"),
    ("hyphen", "ایک ⟦8-GPU⟧ نوڈ"),
    ("equation", "یعنی ⟦2 × 3 = 6⟧ ہے"),
    ("number-and-word", "⟦8 GPUs⟧ پر"),
    ("math-symbols", "⟦x ≤ 5⟧، ⟦a ± b⟧، ⟦x ≠ y⟧ اور ⟦a ≈ b⟧"),
    ("any-symbol", "⟦GPU → CPU⟧ کاپی"),
    ("combining-mark", "ہر ⟦cafe\u0301⟧ میں"),
    # Arabic-script punctuation and line breaks end a run: a list keeps its right-to-left order.
    ("urdu-list", "⟦GPU⟧، ⟦NCCL⟧، اور ⟦PyTorch⟧"),
    ("urdu-full-stop", "ماڈل کا ⟦GPU⟧۔"),
    ("line-break", "⟦GPU⟧\n⟦CPU⟧"),
    ("line-separator", "⟦GPU⟧\u2028⟦CPU⟧"),
    ("paragraph-separator", "⟦GPU⟧\u2029⟦CPU⟧"),
    # Signs that touch a run belong to it.
    ("signs-after", "زبان ⟦C++⟧ اور ⟦C#⟧ میں"),
    ("percent-and-minus", "صرف ⟦50%⟧ اور ⟦-1⟧"),
    ("degrees", "⟦30°⟧ اور ⟦2.5°⟧ پر"),
    ("primes", "قد ⟦5′ 3″⟧ ہے"),
    ("plus-minus", "فرق ⟦±0.5⟧ ہے"),
    ("currency", "قیمت ⟦$5⟧ یا ⟦€5⟧"),
    ("sign-after-bracket", "(⟦−1⟧، 1)"),
    ("number-sign", "⟦#1⟧ اور ⟦#GPU⟧"),
    ("sign-before-letter", "قدر ⟦-x⟧ ہے"),
    ("hyphen-after-urdu-is-no-sign", "سوال-1 دیکھیں"),
    # Brackets in a run pair up; quotes and unpaired brackets stay outside.
    ("paired-brackets", "ہر ⟦GPU (NCCL)⟧ سے"),
    ("brackets-around", "ہر (⟦GPU⟧) سے"),
    ("unpaired-bracket", "ہر ⟦GPU⟧ (⟦NCCL⟧ سے"),
    ("brackets-and-signs", "⟦f(C++)⟧ میں"),
    ("signs-before-unpaired-bracket", "⟦C++⟧) ⟦a⟧"),
    ("cut-run-keeps-its-pairs", "⟦f(x)⟧ (⟦y⟧"),
    ("quotes", "“⟦GPU⟧” ہے"),
    # A bare number keeps its order unaided; a decimal or anything more is isolated.
    ("bare-numbers", "32 سیمپلز والے 8 ورکرز"),
    ("decimal", "⟦1.5⟧ گنا"),
    ("urdu-digits", "۱۲ سوالات"),
    ("urdu-only", "سب اردو ہے"),
    # Inline code is its own segment, its backticks dropped.
    ("inline-code", "ایک `all-reduce`، جو"),
    ("code-and-run", "`all-reduce` اور ⟦NCCL⟧"),
]


def expected_segments(marked: str) -> list[Segment]:
    segments = []
    for piece in re.split(r"(⟦[^⟧]*⟧|`[^`]*`)", marked):
        if piece.startswith("⟦"):
            segments.append(Segment("latin", piece[1:-1]))
        elif piece.startswith("`"):
            segments.append(Segment("code", piece[1:-1]))
        elif piece:
            segments.append(Segment("text", piece))
    return segments


@pytest.mark.parametrize(
    "marked", [marked for _, marked in RIGHT_TO_LEFT], ids=[id_ for id_, _ in RIGHT_TO_LEFT]
)
def test_latin_runs_in_right_to_left_text(marked: str) -> None:
    text = marked.replace("⟦", "").replace("⟧", "")
    assert bidi_segments(text, isolate_latin=True) == expected_segments(marked)


def test_runs_are_spans_of_the_text() -> None:
    text = "ہر GPU (NCCL) سے اور -1"
    assert latin_runs(text) == [(3, 13), (21, 23)]
    assert [text[start:end] for start, end in latin_runs(text)] == ["GPU (NCCL)", "-1"]


def test_left_to_right_text_only_marks_code() -> None:
    assert bidi_segments("An `all-reduce` on 8 GPUs", isolate_latin=False) == [
        Segment("text", "An "),
        Segment("code", "all-reduce"),
        Segment("text", " on 8 GPUs"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("GPU", True),
        ("8-GPU", True),
        ("café", True),
        ("2 × 3 = 6", False),
        ("-1", False),
        ("50%", False),
        ("۱۲ سوالات", False),
        ("", False),
    ],
)
def test_has_latin_letter(text: str, expected: bool) -> None:
    assert has_latin_letter(text) is expected


TEXTS = st.text(alphabet=st.sampled_from(list("aZé09 -+×.,()[]%#°±$`،۔؟گیہ\u0301\n\u2029")), max_size=40)
LATIN = re.compile(r"[A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff]")


def balanced(text: str) -> bool:
    stack: list[str] = []
    for character in text:
        if character in "([{":
            stack.append(")]}"["([{".index(character)])
        elif character in ")]}" and (not stack or stack.pop() != character):
            return False
    return not stack


@given(TEXTS, st.booleans())
def test_segments_rebuild_the_text(text: str, isolate_latin: bool) -> None:
    segments = bidi_segments(text, isolate_latin)
    # An unclosed backtick stays in the text, so putting backticks back around code and dollar signs
    # around formulas gives the input; an escaped dollar (\$) is read as $, so it is compared as one.
    delimiters = {"code": "`", "math": "$", "display-math": "$$"}
    rebuilt = "".join(f"{delimiters.get(s.kind, '')}{s.text}{delimiters.get(s.kind, '')}" for s in segments)
    if "\\$" in text:
        assert rebuilt.replace("$", "") == text.replace("\\$", "$").replace("$", "")
    else:
        assert rebuilt == text
    if not isolate_latin:
        assert all(segment.kind != "latin" for segment in segments)


@given(TEXTS)
def test_isolated_runs_are_whole_and_leave_no_letter_bare(text: str) -> None:
    for segment in bidi_segments(text, isolate_latin=True):
        if segment.kind == "text":
            assert not has_latin_letter(segment.text)
        if segment.kind == "latin":
            run = segment.text
            assert run and run.strip() == run
            assert not (run.isascii() and run.isdigit())  # a bare number is not isolated
            assert LATIN.match(run) or run[0] in "+-\u2212±$€£#"
            last = run.rstrip("+#%°′″)]}")
            assert LATIN.match(last[-1]) or unicodedata.category(last[-1]).startswith("M")
            assert balanced(run)


@pytest.mark.parametrize(
    ("text", "runs"),
    [
        # A Latin word between Urdu words is part of the Urdu phrase; the brackets stay outside it.
        ("Masculine (ہر GPU … رکھتا ہے).", ["ہر GPU … رکھتا ہے"]),
        # Sentence punctuation and English words outside Urdu words end a phrase.
        ("Plural نقلیں, oblique نقلوں.", ["نقلیں", "نقلوں"]),
        (
            "never جی پی یو. Named like ڈیٹا پیرالیلزم; پائپ لائن is two words",
            ["جی پی یو", "ڈیٹا پیرالیلزم", "پائپ لائن"],
        ),
        ('as in "ماڈل کی ایک مکمل نقل"', ["ماڈل کی ایک مکمل نقل"]),
        ("Hebrew שלום too", ["שלום"]),
        ("English only (GPU).", []),
    ],
)
def test_right_to_left_phrases_in_english_text_are_found_whole(text: str, runs: list[str]) -> None:
    assert [text[start:end] for start, end in right_to_left_runs(text)] == runs
