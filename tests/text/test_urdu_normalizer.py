"""The Urdu normalizer: safe fixes applied and reported, doubtful letters left to people."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from toolkit.text.urdu_normalizer import normalize_urdu

# Words that naive normalizers corrupt (every U+0647 to ہ, diacritics stripped): they must survive.
CORRECT_WORDS = ["بہت", "بھی", "تھا", "چوتھی", "کہہ", "جرأت", "زکوٰۃ", "کچھ", "ہے", "ئی", "آپ", "گئی", "اعلیٰ"]


@pytest.mark.parametrize("word", CORRECT_WORDS)
def test_correct_urdu_is_left_alone(word: str) -> None:
    result = normalize_urdu(f"یہ {word} ہے۔")
    assert (result.text, result.changes, result.doubts) == (f"یہ {word} ہے۔", (), ())


@pytest.mark.parametrize(
    ("text", "fixed", "rules"),
    [
        ("كتاب", "کتاب", ["arabic-kaf"]),
        ("كيا", "کیا", ["arabic-kaf", "arabic-yeh"]),
        ("على", "علی", ["arabic-yeh"]),
        ("یه", "یہ", ["final-heh"]),
        ("وه گیا", "وہ گیا", ["final-heh"]),
        ("کچه", "کچھ", ["final-heh"]),
        ("خانۀ", "خانۂ", ["heh-yeh"]),
        ("سال ١٢", "سال ۱۲", ["arabic-indic-digit", "arabic-indic-digit"]),
        ("گی\u0654", "گئ", ["yeh-hamza", "yeh-hamza"]),
        ("ﺳﻼﻡ", "سلام", ["presentation-form"] * 3),
        ("یہ ہے.", "یہ ہے۔", ["urdu-punctuation"]),
        ("کیا یہ ہے?", "کیا یہ ہے؟", ["urdu-punctuation"]),
        ("یہ, وہ; اور", "یہ، وہ؛ اور", ["urdu-punctuation", "urdu-punctuation"]),
        ("ہے ۔", "ہے۔", ["space-before-punctuation"]),
        ("لیں۔8 سوالات", "لیں۔ 8 سوالات", ["glued-sentence"]),
        ("بـہت", "بہت", ["tatweel"]),
        ("\u200cیہ\u200c", "یہ", ["zero-width", "zero-width"]),
        ("ا\u200cب", "اب", ["zero-width"]),
        ("یہ\u200f ہے", "یہ ہے", ["bidi-control"]),
        ("یہ  ہے ", "یہ ہے", ["whitespace", "whitespace"]),
    ],
)
def test_safe_fixes(text: str, fixed: str, rules: list[str]) -> None:
    result = normalize_urdu(text)
    assert result.text == fixed
    assert sorted(change.rule for change in result.changes) == sorted(rules)
    assert result.doubts == ()


@pytest.mark.parametrize(
    ("text", "word", "suggestions"),
    [
        ("بهت اچھا", "بهت", ("بہت",)),
        ("بهی", "بهی", ("بھی",)),
        ("ٹهنڈا", "ٹهنڈا", ("ٹھنڈا", "ٹہنڈا")),
        ("سهی", "سهی", ("سہی", "سھی")),
    ],
)
def test_medial_heh_is_a_question_not_a_fix(text: str, word: str, suggestions: tuple[str, ...]) -> None:
    result = normalize_urdu(text)
    assert result.text == text
    assert [(doubt.text, doubt.suggestions) for doubt in result.doubts] == [(word, suggestions)]


@pytest.mark.parametrize(
    "text",
    [
        "`all-reduce.` اور `x,y`",
        "قیمت 1.5 اور 2,000 ہے",
        "دیکھیں https://example.org/a.b?c=d",
        "ڈیٹا... جاری",
        "GPU, NCCL",
    ],
)
def test_code_urls_numbers_and_latin_are_protected(text: str) -> None:
    assert normalize_urdu(text).text == text


urdu_like = st.lists(
    st.sampled_from(
        [*"ابپتٹثجچحخدڈذرڑزژسشصضطظعغفقکگلمنوہھءیےۓكيىهۀ٠١٩۔؟،؛.?,; `\u0640\u200c\u200f", "GPU", "1.5"]
    ),
    max_size=40,
).map("".join)


@settings(max_examples=examples(400), deadline=None)
@given(urdu_like)
@example("هـ")  # a heh before a tatweel is final once the tatweel goes
@example("ــا")  # a run of tatweels
@example("اـٔ")  # a mark that composes only after the tatweel between goes
@example("ـ\u200cا")  # a tatweel that meets a letter only after the ZWNJ goes
def test_normalizing_twice_changes_nothing_more(text: str) -> None:
    once = normalize_urdu(text).text
    assert normalize_urdu(once).text == once


@pytest.mark.parametrize(
    ("text", "normalized"),
    [
        # A ligature grows one slot into four letters; the heh pass must still find its slot.
        ("\ufdf2", "اللہ"),
        ("\ufdf2 کہ", "اللہ کہ"),
        # Yeh and hamza joined empty a slot; the final heh after them is one letter, not two.
        ("یٔه", "ئہ"),
    ],
)
def test_heh_after_a_fix_that_changed_the_length_of_the_text(text: str, normalized: str) -> None:
    assert normalize_urdu(text).text == normalized
