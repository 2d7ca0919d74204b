"""A toy question kind in the player, in headless Chromium: one more entry in kinds.js's table, and a
question of its type in the page's data, and the player shows it with its hint, checks it with the
entry's grade, carries its answer in the URL hash and reviews it, with no line of player.js or
grading.js changed. The table is the player's only code per kind (docs/architecture.md's recipe).

Needs Debian's ``chromium`` and the ``playwright`` package, as test_html_browser.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import lxml.html
from browser import chromium
from exporters.player.test_html import assets
from exporters.player.test_html_browser import Watched, sync_api
from exporters.player.test_html_kinds import kind_pages, page_data

# A scale the learner picks a level of; the right one is ``expected``. Built with the DOM helpers the
# table is given (ui), graded with grading.js's tools, as a real entry is.
TOY_ENTRY = """
    scale: {
      hint: "choose-one",
      graded: true,
      control: function (question) {
        var select = inQuestion("select", question, { "class": "scale", "aria-labelledby": "prompt-" + question.id });
        question.levels.forEach(function (level) {
          select.appendChild(el("option", { value: level }, [level]));
        });
        select.value = "";
        return { node: select, response: function () { return select.value || null; } };
      },
      encode: function (_question, response) { return response; },
      decode: function (question, token) { return question.levels.indexOf(token) >= 0 ? token : null; },
      grade: function (question, response, grader) {
        return response === question.expected ? grader.RIGHT : grader.WRONG;
      },
      answerTerms: function (question, response) {
        return [inQuestion("dd", question, { "class": "chosen" }, [["text", response]])];
      },
      correctTerms: function (question) {
        return [inQuestion("dd", question, { "class": "correct" }, [["text", question.expected]])];
      },
      interaction: function (question) {
        return { type: "choice", patterns: [question.expected], response: function (answer) { return answer; } };
      }
    },
"""
TABLE_END = "    essay: essay\n  };"
TOY_QUESTION = {
    "id": "toy",
    "type": "scale",
    "lang": "en",
    "dir": "ltr",
    "prompt": [["text", "How sure are you?"]],
    "levels": ["low", "mid", "high"],
    "expected": "mid",
    "explanation": [["text", "Mid is the expected level."]],
}


def toy_page(folder: Path) -> Path:
    """The every-type quiz's English page with the toy question alone, and the player's script with
    the toy entry in its table (under the name the page refers to)."""
    path, page = next((path, page) for path, page in kind_pages(True).items() if path.name == "en.html")
    data = page_data(page)
    (embedded,) = lxml.html.fromstring(page).xpath("//script[@id='quiz-data']/text()")
    text = page.decode("utf-8")
    assert text.count(embedded) == 1
    data["view"]["questions"] = [TOY_QUESTION]
    # "<" escaped as the page's writer escapes it: no text can close the script element.
    text = text.replace(embedded, json.dumps(data, ensure_ascii=False).replace("<", "\\u003c"))
    for name, content in assets().items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if name.suffix == ".js":
            script = content.decode("utf-8")
            assert script.count(TABLE_END) == 1
            content = script.replace(
                TABLE_END, "    essay: essay," + TOY_ENTRY.rstrip(",\n") + "\n  };"
            ).encode()
        target.write_bytes(content)
    written = folder / path
    written.parent.mkdir(parents=True, exist_ok=True)
    written.write_text(text, encoding="utf-8")
    return written


def test_a_kind_that_is_one_more_entry_of_the_table_is_shown_checked_and_reviewed(tmp_path: Path) -> None:
    with chromium(sync_api) as browser:
        watched = Watched(browser, toy_page(tmp_path))
        page: Any = watched.page
        assert page.get_attribute("fieldset", "data-type") == "scale"
        assert page.text_content(".hint") == page.evaluate("quizkitPlayer.messageText('choose-one')")
        assert page.locator("button.check").is_disabled()
        page.select_option("select.scale", "high")
        page.click("button.check")
        assert page.get_attribute(".feedback .verdict", "data-score") == "0"
        # Not wholly right: the right answer, from the entry's correctTerms, as for any kind.
        assert page.text_content(".feedback .right-answer dd.correct") == "mid"
        page.click("button.next")
        assert page.evaluate("location.hash") == "#q=2&score=0&answers=high"
        assert page.text_content(".review-item dd.chosen") == "high"
        assert page.text_content(".review-item dd.correct") == "mid"
        assert page.get_attribute("#score", "data-score") == "0"
        # The answer travels in the hash: a reload grades it again with the entry.
        page.goto(watched.url + "#q=2&score=0&answers=mid")
        page.reload()
        assert page.get_attribute("#score", "data-score") == "1"
        watched.close()
