"""The player's grader (player/grading.js) against the library, in Node: the Urdu normalizer, casefold
and number parsing give the library's result on the same inputs (the fixture's answers, texts built to
hit every rule of the normalizer, and seeded random mixtures of the characters those rules act on).
The grades of the shared cases in the real page, in Chromium, are in test_player_kinds_browser.py."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from toolkit.exporters.player.assets import player_asset
from toolkit.exporters.player.player_grading import LAST_CASED_OR_DIGIT, grading_tables
from toolkit.localization.grading import applies_urdu_normalizer, normalize_answer
from toolkit.text.numbers import read_number

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is missing (apt-get install nodejs)")

# Characters the Urdu rules act on, and their neighbours: letters, heh, marks, tatweel, ZWNJ, bidi
# controls, hamza, presentation forms, Arabic and Urdu digits, punctuation, backticks, spaces, Latin.
ALPHABET = list(
    "بپتکگلمنرہھیےاودسشعقفوزژڑڈٹ"
    "\u0647\u0643\u064a\u0649\u06c0\u06cc\u0654\u0670\u064b\u0640\u200c\u200e\u200f\u2066\u2069\u061c"
    "\ufb8e\ufee9\ufefb\ufdf2\ufb50\u0660\u0665\u0669\u06f2\u06f5\u06f6\u066b\u066c"
    ".?,;:!\u06d4\u060c\u061f\u061b`{}[]()-  \u00a0\u2009\u202f\n\t"
    "aAbBzZßẞſΣςİIiﬁ0123456789٢٥٦۲۵۶eE+−–٫٬"
)
WORDS = [
    "بہت",
    "بهت",
    "بھی",
    "بهی",
    "تها",
    "چوتهی",
    "کچه",
    "ساته",
    "هاته",
    "کہہ",
    "جرأت",
    "زکوٰۃ",
    "یٔه",
    "سب کو ريڈیوس",
    "سب کو ریڈیوس",
    "ریڈیوس ٹو آل",
    "نقل",
    "کاپی",
    "ﷲ",
    "ك",
    "ي",
    "ـبـ",
    "ب\u200cا",
    "ا\u200cب",
    "`code`",
    "https://example.org/ه",
    "1,000.5",
    "(1, 2)",
    "۲۵۶",
    "٢٥٦",
    "256.0",
    "All-Reduce",
    "Straße",
    "ΣΑΣ",
    "ﬁnal",
    "لیں۔8",
    "لیں ۔",
    "کیا?",
    "ہاں.",
    "...",
    "رکھیں ،",
    "  ",
    "e5",
    "1e1001",
    "-٫۵",
]


NUMBER_ALPHABET = list("0123456789" * 3 + ".,.,.,  \u202f\u00a0٫٬-−+e۲٥")


def samples(seed: int, count: int) -> list[str]:
    generator = random.Random(seed)
    texts = list(WORDS)
    for _ in range(count):
        pieces = [
            generator.choice(WORDS) if generator.random() < 0.3 else generator.choice(ALPHABET)
            for _ in range(generator.randint(1, 12))
        ]
        texts.append("".join(pieces))
    # Numbers as learners type them in any convention: digits, both separators, spaces, signs.
    for _ in range(count // 2):
        texts.append("".join(generator.choice(NUMBER_ALPHABET) for _ in range(generator.randint(1, 9))))
    return texts


def python_results(texts: list[str], locale: str) -> list[Any]:
    results = []
    for text in texts:
        try:
            normalized: Any = [normalize_answer(text, locale, False), normalize_answer(text, locale, True)]
        except IndexError:
            normalized = None  # the library's normalizer fails on this text (see the report)
        number = read_number(text, locale)
        results.append(
            [
                normalized,
                None if number is None else format(number.value, "f"),
                None if number is None or number.otherwise is None else format(number.otherwise, "f"),
            ]
        )
    return results


SCRIPT = """
const grading = require(process.argv[2]);
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const grader = grading.create(input.tables);
function plain(number) {
  if (number === null) return null;
  let digits = number.coefficient.toString();
  let exponent = Number(number.exponent);
  if (exponent >= 0) digits = number.coefficient === 0n ? "0" : digits + "0".repeat(exponent);
  else {
    digits = digits.padStart(-exponent + 1, "0");
    digits = digits.slice(0, exponent) + "." + digits.slice(exponent);
  }
  return (number.negative ? "-" : "") + digits;
}
const out = input.texts.map((text) => {
  let normalized;
  try { normalized = [grader.normalizeAnswer(text, false), grader.normalizeAnswer(text, true)]; }
  catch (error) { normalized = "error: " + error; }
  const typed = grader.readNumber(text);
  if (plain(grader.parseNumber(text)) !== (typed === null ? null : plain(typed.value))) throw new Error(text);
  return [normalized, typed === null ? null : plain(typed.value), typed === null ? null : plain(typed.otherwise)];
});
process.stdout.write(JSON.stringify(out));
"""


def node_results(tmp_path: Path, texts: list[str], locale: str) -> list[Any]:
    module = tmp_path / "grading.js"
    module.write_text(player_asset("grading.js"), encoding="utf-8")
    script = tmp_path / "run.js"
    script.write_text(SCRIPT, encoding="utf-8")
    data = json.dumps({"tables": grading_tables(locale), "texts": texts})
    result = subprocess.run(
        [str(NODE), str(script), str(module)],
        input=data,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    output: list[Any] = json.loads(result.stdout)
    return output


@pytest.mark.parametrize("locale", ["en", "ur", "de", "fr", "hi"])
def test_normalizer_and_numbers_agree_with_the_library(tmp_path: Path, locale: str) -> None:
    texts = samples(18, 3000)
    expected = python_results(texts, locale)
    actual = node_results(tmp_path, texts, locale)
    differences = [
        (text, want, got)
        for text, want, got in zip(texts, expected, actual, strict=True)
        # Where the library itself fails (an IndexError), there is no result to agree with.
        if want[0] is not None and want != got
    ]
    assert differences == []


def test_the_urdu_normalizer_travels_only_where_the_library_applies_it() -> None:
    assert applies_urdu_normalizer("ur") and applies_urdu_normalizer("ur-PK")
    assert not applies_urdu_normalizer("en") and not applies_urdu_normalizer("fa")
    assert grading_tables("en")["urdu"] is None


def test_no_whitespace_case_or_digit_lies_beyond_the_planes_the_tables_scan() -> None:
    beyond = [
        f"U+{code:04X}"
        for code in range(LAST_CASED_OR_DIGIT + 1, sys.maxunicode + 1)
        if chr(code).isspace()
        or chr(code).casefold() != chr(code)
        or unicodedata.decimal(chr(code), None) is not None
    ]
    assert beyond == []


def test_casefold_of_every_code_point_agrees_with_python(tmp_path: Path) -> None:
    """JavaScript has no casefold: the page's table of Python's exceptions plus toLowerCase must give
    Python's casefold for every code point (in this Node; a browser with another Unicode version may
    differ on characters added since, see docs/player.md)."""
    folded = {
        code: chr(code).casefold()
        for code in range(sys.maxunicode + 1)
        if not 0xD800 <= code < 0xE000 and chr(code).casefold() != chr(code)
    }
    script = tmp_path / "fold.js"
    script.write_text(
        """
const grading = require(process.argv[2]);
const tables = JSON.parse(require("fs").readFileSync(0, "utf8"));
const grader = grading.create(tables);
const out = {};
for (let code = 0; code <= 0x10ffff; code++) {
  if (code >= 0xd800 && code < 0xe000) continue;
  const character = String.fromCodePoint(code);
  const folded = grader.casefold(character);
  if (folded !== character) out[code] = folded;
}
process.stdout.write(JSON.stringify(out));
""",
        encoding="utf-8",
    )
    module = tmp_path / "grading.js"
    module.write_text(player_asset("grading.js"), encoding="utf-8")
    result = subprocess.run(
        [str(NODE), str(script), str(module)],
        input=json.dumps(grading_tables("en")),
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    actual = {int(code): text for code, text in json.loads(result.stdout).items()}
    differences = {
        f"U+{code:04X} {unicodedata.name(chr(code), '?')}": (folded.get(code), actual.get(code))
        for code in set(folded) | set(actual)
        if folded.get(code) != actual.get(code)
    }
    assert differences == {}
