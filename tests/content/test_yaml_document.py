"""YAML reading: text stays text, positions are kept, and hostile documents are refused cleanly."""

from __future__ import annotations

import subprocess
import sys
import tracemalloc

import pytest

from toolkit.content.yaml_document import MAX_DEPTH, Position, YamlError, parse_yaml


def parse(text: str) -> object:
    return parse_yaml(text.encode("utf-8")).data


@pytest.mark.parametrize(
    "scalar",
    [
        "no",
        "No",
        "NO",
        "yes",
        "on",
        "off",
        "y",
        "n",
        "010",
        "0x1F",
        "12:30",
        "1_000",
        "1e3",
        "3.14",
        ".inf",
        "2026-11-29",
    ],
)
def test_yaml_11_scalars_stay_text(scalar: str) -> None:
    assert parse(f"text: {scalar}\n") == {"text": scalar}


@pytest.mark.parametrize(("scalar", "value"), [("true", True), ("False", False), ("~", None), ("null", None)])
def test_core_booleans_and_null(scalar: str, value: object) -> None:
    assert parse(f"value: {scalar}\n") == {"value": value}


def test_quoted_scalars_are_text() -> None:
    assert parse("a: 'true'\nb: \"null\"\n") == {"a": "true", "b": "null"}


def test_positions_are_one_based_and_count_characters() -> None:
    document = parse_yaml("# comment\ntitle: سلام\nlist:\n  - ڈیٹا: x\n".encode())
    assert document.positions[("title",)] == Position(2, 8, 2, 1)
    assert document.positions[("list", 0, "ڈیٹا")] == Position(4, 11, 4, 5)


def test_byte_order_mark_is_accepted() -> None:
    assert parse_yaml(b"\xef\xbb\xbfid: quiz\n").data == {"id": "quiz"}


def test_duplicate_key_is_refused_with_both_lines() -> None:
    with pytest.raises(YamlError) as caught:
        parse("a: 1\nb: 2\na: 3\n")
    assert caught.value.problem.code == "yaml-duplicate-key"
    assert caught.value.problem.message == "duplicate key 'a' (first defined on line 1); remove one of them"
    assert (caught.value.problem.line, caught.value.problem.column) == (3, 1)


def test_aliases_expand_within_budget() -> None:
    assert parse("a: &x [1, 2]\nb: *x\n") == {"a": ["1", "2"], "b": ["1", "2"]}


def test_alias_bomb_is_refused_with_bounded_memory() -> None:
    levels = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    levels += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 10)]
    tracemalloc.start()
    try:
        with pytest.raises(YamlError) as caught:
            parse("\n".join(levels) + "\n")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert caught.value.problem.code == "yaml-alias-limit"
    assert peak < 64 * 1024 * 1024


def test_recursive_alias_is_refused() -> None:
    with pytest.raises(YamlError) as caught:
        parse("a: &a [*a]\n")
    assert caught.value.problem.code in {"yaml-alias-limit", "yaml-too-deep"}


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, "- " * 200_000 + "x"])
def test_pathological_nesting_is_an_error_not_a_crash(text: str) -> None:
    # In a child process: a crash of the YAML C library must fail this test, not the test run.
    code = (
        "import sys\nfrom toolkit.content.yaml_document import parse_yaml, YamlError\n"
        "try:\n    parse_yaml(sys.stdin.buffer.read())\nexcept YamlError as error:\n"
        "    print(error.problem.code)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], input=text.encode(), capture_output=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().strip() == "yaml-too-deep"


def test_moderate_nesting_is_fine() -> None:
    depth = MAX_DEPTH - 1
    assert parse_yaml(("[" * depth + "]" * depth).encode()).data is not None


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        (
            "a: !!binary aGk=\n",
            "yaml-tag",
            "unsupported YAML tag '!!binary'; content holds only mappings, lists, text and true/false",
        ),
        (
            "a: !custom x\n",
            "yaml-tag",
            "unsupported YAML tag '!custom'; content holds only mappings, lists, text and true/false",
        ),
        ("<<: {a: 1}\n", "yaml-merge-key", "merge keys (<<) are not supported; write the fields out"),
        ("? [a]\n: b\n", "yaml-key", "mapping keys must be plain words; found a complex key"),
        ("a: 1\0\n", "encoding", "file contains a NUL character; is it a binary file?"),
        ("   \n\n", "empty-file", "file is empty; expected a YAML mapping"),
        ("---\n...\n", "empty-file", "file is empty; expected a YAML mapping"),
        (
            "a: 1\n---\nb: 2\n",
            "yaml-syntax",
            "the file holds more than one YAML document; a content file holds exactly one (remove the second ---)",
        ),
    ],
)
def test_refused_documents(text: str, code: str, message: str) -> None:
    with pytest.raises(YamlError) as caught:
        parse(text)
    assert (caught.value.problem.code, caught.value.problem.message) == (code, message)


def test_invalid_utf8_names_line_and_column() -> None:
    with pytest.raises(YamlError) as caught:
        parse_yaml(b"a: ok\nb: caf\xe9\n")
    problem = caught.value.problem
    assert (problem.code, problem.line, problem.column) == ("encoding", 2, 7)
    assert problem.message == "byte 0xe9 is not valid UTF-8; save the file as UTF-8"
