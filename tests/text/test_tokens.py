"""Code in a text (toolkit/text/tokens.py): inline code in backticks and fenced code blocks, and what is
malformed about them."""

from __future__ import annotations

import pytest

from toolkit.text.tokens import code_block_spans, scan, split_code, split_inline_code

BLOCK = "Run:\n```python\nfor step in range(2):\n    send(`x`)  # $y$\n\n    done()\n```\nThen `b`."

SPLIT = [
    ("no-code", "plain text", [("plain text", "text")]),
    ("inline", "a `b` c", [("a ", "text"), ("b", "code"), (" c", "text")]),
    (
        "block",
        BLOCK,
        [
            ("Run:", "text"),
            ("for step in range(2):\n    send(`x`)  # $y$\n\n    done()", "code-block"),
            ("Then ", "text"),
            ("b", "code"),
            (".", "text"),
        ],
    ),
    ("block-alone", "```\nx = 1\n```", [("x = 1", "code-block")]),
    (
        "two-blocks",
        "```\na\n```\nand\n```sh\nb\n```",
        [("a", "code-block"), ("and", "text"), ("b", "code-block")],
    ),
    # A fence is a line of its own: three backticks inside a line are inline code and text.
    (
        "not-a-fence",
        "a ```b``` c",
        [("a ", "text"), ("", "code"), ("b", "code"), ("", "code"), (" c", "text")],
    ),
]


@pytest.mark.parametrize(
    ("text", "expected"), [(text, expected) for _, text, expected in SPLIT], ids=[name for name, *_ in SPLIT]
)
def test_split_code(text: str, expected: list[tuple[str, str]]) -> None:
    assert split_code(text) == expected
    assert split_inline_code(text) == [(piece, kind != "text") for piece, kind in expected]


def test_a_block_is_one_code_span_that_a_translation_must_keep() -> None:
    tokens = scan(BLOCK, with_placeholders=False)
    assert tokens.problems == ()  # the backticks inside the block are code, not an unclosed `
    assert tokens.code_spans == ("for step in range(2):\n    send(`x`)  # $y$\n\n    done()", "b")
    (span,) = code_block_spans(BLOCK)
    assert BLOCK[span[0] : span[1]].startswith("```python\n") and BLOCK[span[0] : span[1]].endswith("\n```")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (
            "Run:\n```python\nx = 1",
            "code block is not closed: the ``` on line 2 of the text has no closing ``` line; "
            "end the block with a line of three backticks",
        ),
        ("Use `all-reduce", "inline code is not closed: a ` at character 5 has no partner"),
        ("```\nx\n```\nthen `y", "inline code is not closed: a ` at character 16 has no partner"),
        ("empty `` here", "inline code is empty: write something between the backticks"),
    ],
)
def test_malformed_code(text: str, problem: str) -> None:
    assert scan(text, with_placeholders=False).problems == (problem,)
