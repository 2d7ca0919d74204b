"""The spans no script fix touches (toolkit/text/protected_spans.py), for every locale pack."""

from __future__ import annotations

import pytest

from toolkit.text.protected_spans import protected_spans


@pytest.mark.parametrize(
    ("text", "protected"),
    [
        ("کوئی محفوظ حصہ نہیں، بس متن۔", []),
        ("استعمال کریں `all_reduce(x, y)` یہاں", ["`all_reduce(x, y)`"]),
        ("دیکھیں https://pytorch.org/docs, پھر", ["https://pytorch.org/docs,"]),
        ("اور www.example.com پر", ["www.example.com"]),
        ("قیمت 1,024 اور ۳.۵ اور ٢:٣٠", ["1,024", "۳.۵", "٢:٣٠"]),
        ("سیٹ {1, 2, 3} اور وقفہ (0, 1]", ["{1, 2, 3}", "(0, 1]"]),
        ("ایک عدد 256، اور ایک فہرست", []),
        ("حصہ $2(N-1)/N$، اور $$x^2$$ بھی", ["$2(N-1)/N$", "$$x^2$$"]),
        (
            "قیمت $5 اور `$HOME$`",
            ["`$HOME$`"],
        ),  # a price is prose; dollars in code are code  # a lone number and the Urdu comma after it are prose
    ],
)
def test_what_is_protected(text: str, protected: list[str]) -> None:
    assert sorted(text[start:end] for start, end in protected_spans(text)) == sorted(protected)
