"""The player's table of question kinds (player/kinds.js), read in Node: an entry for every kind of the
model holding everything player.js, the grader and the SCORM adapter look up (they name no kind), and
each kind's hint one that toolkit.content.player_messages declares with its English. The entries' behaviour
is the browser tests' (test_html_kinds_browser.py, test_scorm_browser.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from toolkit.content.player_messages import KIND_HINTS
from toolkit.model import QuestionType

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is missing (apt-get install nodejs)")
KINDS = Path(__file__).resolve().parents[3] / "toolkit" / "exporters" / "player" / "kinds.js"

# The table is built with player.js's DOM helpers; building it calls none of them.
SCRIPT = """
const code = require("fs").readFileSync(process.argv[2], "utf8");
const quizkitKinds = require("vm").runInThisContext(code + "\\nquizkitKinds");
const kindOf = quizkitKinds(new Proxy({}, { get: () => () => null }));
const out = {};
for (const type of JSON.parse(process.argv[3])) {
  const kind = kindOf({ type: type });
  out[type] = kind === undefined ? null : {
    hint: kind.hint,
    graded: kind.graded,
    methods: Object.keys(kind).filter((name) => typeof kind[name] === "function").sort(),
  };
}
process.stdout.write(JSON.stringify(out));
"""
EVERY_KIND = ["answerTerms", "control", "correctTerms", "decode", "encode", "grade", "interaction"]
"""What every entry has (player-globals.d.ts, Kind); ``mark`` and ``feedback`` are a kind's own."""


def table(tmp_path: Path) -> dict[str, Any]:
    script = tmp_path / "table.js"
    script.write_text(SCRIPT, encoding="utf-8")
    types = json.dumps([kind.value for kind in QuestionType])
    result = subprocess.run(
        [str(NODE), str(script), str(KINDS), types], capture_output=True, text=True, check=False, timeout=60
    )
    assert result.returncode == 0, result.stderr
    entries: dict[str, Any] = json.loads(result.stdout)
    return entries


def test_every_kind_of_the_model_has_an_entry_with_everything_the_player_looks_up(tmp_path: Path) -> None:
    entries = table(tmp_path)
    assert [kind for kind, entry in entries.items() if entry is None] == []
    assert {kind: sorted(set(EVERY_KIND) - set(entry["methods"])) for kind, entry in entries.items()} == {
        kind.value: [] for kind in QuestionType
    }
    # Choices mark their options after checking (the right answer is shown that way); an essay is not graded.
    assert sorted(kind for kind, entry in entries.items() if "mark" in entry["methods"]) == [
        "multiple_choice",
        "single_choice",
        "true_false",
    ]
    assert [kind for kind, entry in entries.items() if not entry["graded"]] == ["essay"]


def test_each_kind_s_hint_is_declared_with_its_english(tmp_path: Path) -> None:
    hints = {kind: entry["hint"] for kind, entry in table(tmp_path).items()}
    assert sorted(set(hints.values())) == sorted(hint.name for hint in KIND_HINTS)
    assert (hints["single_choice"], hints["true_false"], hints["multiple_choice"]) == (
        "choose-one",
        "choose-one",
        "choose-all",
    )
