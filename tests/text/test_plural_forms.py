"""Plural-Forms values read and evaluated as GNU gettext does: bounded, in unsigned arithmetic, refused
where ``msgfmt -c`` refuses them (plural_forms_cases.toml; issue 17)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from toolkit.text.plural_forms import PluralFormsError, parse_plural_forms

CASES = tomllib.loads((Path(__file__).parent / "plural_forms_cases.toml").read_text(encoding="utf-8"))["case"]
NUMBERS = (0, 1, 2, 3, 11, 21, 101, 1000)


@pytest.mark.parametrize("case", CASES, ids=[case["value"] for case in CASES])
def test_plural_forms_value(case: dict[str, object]) -> None:
    value = str(case["value"])
    if "error" in case:
        with pytest.raises(PluralFormsError) as caught:
            parse_plural_forms(value)
        assert caught.value.message == case["error"]
    else:
        forms = parse_plural_forms(value)
        assert [forms.forms[number] for number in NUMBERS] == case["forms"]


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext (msgfmt) is not installed")
@pytest.mark.parametrize("case", CASES, ids=[case["value"] for case in CASES])
def test_msgfmt_agrees(case: dict[str, object], tmp_path: Path) -> None:
    """The table's msgfmt column is what GNU msgfmt -c says, so quizkit refuses exactly what it refuses."""
    source = tmp_path / "case.po"
    count = re.match(r"nplurals=(\d+);", str(case["value"]))
    forms = "".join(f'msgstr[{index}] "x"\n' for index in range(max(int(count.group(1)), 2) if count else 2))
    source.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        f'"Plural-Forms: {case["value"]}\\n"\n\nmsgid "a"\nmsgid_plural "as"\n{forms}',
        encoding="utf-8",
    )
    result = subprocess.run(
        ["msgfmt", "-c", "-o", str(tmp_path / "case.mo"), str(source)],
        capture_output=True,
        text=True,
        check=False,
        env={"LC_ALL": "C", "PATH": "/usr/bin:/bin"},
    )
    problems = [line for line in result.stderr.splitlines() if "warning: header field" not in line]
    if case["msgfmt"] == "ok":
        assert (result.returncode, problems) == (0, [])
        assert "error" not in case
    else:
        assert result.returncode == 1
        assert problems[0].split(": ", 1)[1] == case["msgfmt"]
        assert "error" in case


@pytest.mark.parametrize(
    "expression",
    [
        "(" * 60 + "n" + ")" * 60,
        "!" * 300 + "n",
        "n==1?0:" * 120 + "1",
        "n" + "+n" * 600,
    ],
    ids=["deep parentheses", "many negations", "long ternary chain", "too long"],
)
def test_hostile_expressions_are_refused_without_a_crash(expression: str) -> None:
    with pytest.raises(PluralFormsError) as caught:
        parse_plural_forms(f"nplurals=2; plural={expression};")
    assert caught.value.message.endswith(
        ("nests deeper than 50 levels", "longer than 1000 characters", "too complex to evaluate")
    )


def test_hostile_values_give_short_messages() -> None:
    """A header may be megabytes long: nothing is converted whole, and messages quote 200 characters."""
    with pytest.raises(PluralFormsError) as caught:
        parse_plural_forms("nplurals=" + "9" * 5000 + "; plural=0;")
    assert caught.value.message.endswith(": nplurals is far more forms than any language has")
    assert len(caught.value.message) < 300
    with pytest.raises(PluralFormsError) as caught:
        parse_plural_forms("nplurals=2; plural=" + "n+" * 500_000 + "n;")
    assert caught.value.message.endswith(": the plural expression is longer than 1000 characters")
    assert len(caught.value.message) < 300


def test_long_flat_chains_are_evaluated() -> None:
    """``a || b || …`` and ``n*n*…`` stay flat: a long but shallow expression is read, values wrap."""
    assert parse_plural_forms("nplurals=2; plural=" + "n*" * 400 + "0 || n==1;").forms[:3] == (0, 1, 0)
    assert parse_plural_forms("nplurals=2; plural=" + "n*" * 400 + "n%2;").forms[:4] == (0, 1, 0, 1)


ACCEPTED = [case for case in CASES if "error" not in case]


@pytest.mark.skipif(
    shutil.which("msgfmt") is None or shutil.which("ngettext") is None,
    reason="GNU gettext (msgfmt) and ngettext are not installed",
)
@pytest.mark.parametrize("case", ACCEPTED, ids=[case["value"] for case in ACCEPTED])
def test_libintl_picks_the_same_forms(case: dict[str, object], tmp_path: Path) -> None:
    """The table's forms are what the C library picks at run time (glibc's ngettext on a .mo file)."""
    value = str(case["value"])
    count = int(re.match(r"nplurals=(\d+);", value).group(1))  # type: ignore[union-attr]
    source = tmp_path / "case.po"
    forms = "".join(f'msgstr[{index}] "{index}"\n' for index in range(count))
    source.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        f'"Plural-Forms: {value}\\n"\n\nmsgid "a"\nmsgid_plural "as"\n{forms}',
        encoding="utf-8",
    )
    (tmp_path / "xx" / "LC_MESSAGES").mkdir(parents=True)
    subprocess.run(["msgfmt", "-o", str(tmp_path / "xx/LC_MESSAGES/case.mo"), str(source)], check=True)
    environment = {
        "LC_ALL": "C.UTF-8",
        "LANGUAGE": "xx",
        "TEXTDOMAINDIR": str(tmp_path),
        "PATH": "/usr/bin:/bin",
    }
    picked = [
        int(
            subprocess.run(
                ["ngettext", "-d", "case", "a", "as", str(number)],
                capture_output=True,
                text=True,
                check=True,
                env=environment,
            ).stdout
        )
        for number in NUMBERS
    ]
    assert picked == case["forms"]
