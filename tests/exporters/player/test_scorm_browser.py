"""The SCORM package in headless Chromium under scorm-again (tests/node), the SCORM 1.2 run-time LMS
vendors embed: an LMS page of the test's own creates ``Scorm12API`` as ``window.API`` and opens the
package's launch page in a frame, the quiz is taken in Urdu with responses from the shared grading
cases, and what scorm-again recorded (score, status, interactions, suspend data) is read back and compared
with the library's grader. A relaunch with the saved suspend data resumes the attempt.

Needs Debian's ``chromium`` and the ``playwright`` package, as test_html_browser.py, and
``tests/node/node_modules`` (``npm ci`` in tests/node).
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urlsplit

import pytest
from browser import chromium
from exporters.player.test_html_browser import CSP_REPORTER, sync_api
from exporters.player.test_html_kinds import every_type_request
from exporters.player.test_html_kinds_browser import set_response
from localization.test_grading import CASES, localized
from lxml import etree

from toolkit.exporters.player.scorm import scorm_package
from toolkit.localization import LocalizedQuiz, grade

ROOT = Path(__file__).resolve().parents[3]
SCORM_AGAIN = ROOT / "tests" / "node" / "node_modules" / "scorm-again" / "dist" / "scorm12.js"
if not SCORM_AGAIN.exists():
    pytest.skip(f"scorm-again is missing: {SCORM_AGAIN} (run npm ci in tests/node)", allow_module_level=True)
ORIGIN = "http://lms.test"
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".xml": "application/xml",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
}
"""As a web server sends the package's files (an LMS serves them as it stores them)."""
LMS_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>LMS</title><script src="/scorm12.js"></script></head>
<body><button type="button" onclick="window.open('/package/index.html', 'sco-window')">Open in a window</button>
<iframe name="sco" title="SCO" style="width: 100%; height: 900px"></iframe></body></html>
"""
# The SCORM 1.2 run-time's formats of student_response and correct_responses.n.pattern per interaction
# type (RTE 3.4.2.7): single characters 0-9, a-z for choices, matches and items; at most 255 characters.
SINGLE = "[0-9a-z]"
SCORM_12_FORMATS = {
    "true-false": re.compile(r"^[01tf]$"),
    "choice": re.compile(rf"^{SINGLE}(,{SINGLE})*$"),
    "matching": re.compile(rf"^{SINGLE}\.{SINGLE}(,{SINGLE}\.{SINGLE})*$"),
    "sequencing": re.compile(rf"^{SINGLE}(,{SINGLE})*$"),
    "numeric": re.compile(r"^-?\d+(\.\d+)?$"),
    "fill-in": re.compile(r"^.{0,255}$", re.DOTALL),
}
CMI_TIMESPAN = re.compile(r"^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(sync_api) as browser:
        yield browser


@pytest.fixture(scope="module")
def package() -> dict[str, bytes]:
    request = every_type_request()
    data = scorm_package(request.versions("every-type"), Decimal(80))  # the format's default mastery score
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@pytest.fixture(scope="module")
def urdu() -> LocalizedQuiz:
    return localized("ur")


def player_ready(page: Any) -> None:
    """Wait until the player page in ``page`` (a page or a frame) has run every script. The player renders
    the question as its own script runs, and the SCORM adapter, a script after it, then resumes the saved
    attempt and starts listening for answers: a test that went on once the question was shown read the
    state before the resume, or answered before the adapter heard it, whenever the browser ran the
    adapter's script a moment later (under load). The page's load event comes once every script has run;
    Playwright counts it for the document now in ``page``, the player's (not the launch page it came from,
    nor a predicate polled in the page: the player's Content-Security-Policy forbids the eval one needs)."""
    page.wait_for_selector("#quiz > *")
    page.wait_for_load_state("load")


class Frame:
    """The SCO's frame, as the player helpers of test_html_kinds_browser.py expect a page."""

    def __init__(self, frame: Any) -> None:
        self.page = frame

    def data(self) -> dict[str, Any]:
        result: dict[str, Any] = json.loads(self.page.text_content("#quiz-data") or "")
        return result


class Lms:
    """An LMS page at http://lms.test/ (served by the test, no network) around the package."""

    def __init__(self, browser: Any, package: dict[str, bytes]) -> None:
        self.package = package
        self.context = browser.new_context(viewport={"width": 1000, "height": 1000})
        self.context.route(f"{ORIGIN}/**", self._serve)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.context.add_init_script(CSP_REPORTER)
        self.page.on("request", lambda request: self.requests.append(request.url.split("#")[0]))
        self.page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _serve(self, route: Any) -> None:
        path = urlsplit(route.request.url).path
        if path == "/lms.html":
            route.fulfill(body=LMS_PAGE, content_type="text/html; charset=utf-8")
        elif path == "/scorm12.js":
            route.fulfill(body=SCORM_AGAIN.read_bytes(), content_type="text/javascript")
        elif re.fullmatch(r"/nest/\d+\.html", path):
            # A frame of the LMS's own around the next one, down to the SCO.
            depth = int(path.removeprefix("/nest/").removesuffix(".html"))
            inner = f"/nest/{depth - 1}.html" if depth > 1 else "/package/index.html"
            page = f'<!DOCTYPE html><title>{depth}</title><iframe src="{inner}" style="width: 100%; height: 900px"></iframe>'
            route.fulfill(body=page, content_type="text/html; charset=utf-8")
        elif path.startswith("/package/") and path.removeprefix("/package/") in self.package:
            name = path.removeprefix("/package/")
            route.fulfill(body=self.package[name], content_type=CONTENT_TYPES[PurePosixPath(name).suffix])
        else:
            route.fulfill(status=404, body="not found")

    def launch(self, language: str, cmi: dict[str, Any], frames_between: int = 0) -> Frame:
        """A new API (what the LMS stored before: ``cmi``), the launch page in the frame (inside
        ``frames_between`` frames of the LMS); the player page it goes to."""
        self.page.goto(f"{ORIGIN}/lms.html")
        source = f"/nest/{frames_between}.html" if frames_between else "/package/index.html"
        # The frame is the one that navigates to a player page (the launch page goes on to one), awaited
        # from before the launch rather than polled for on a timer.
        player = re.compile(rf"^{re.escape(ORIGIN)}/package/(?!index\.html)[^/#]+\.html")
        with self.page.expect_event(
            "framenavigated", predicate=lambda frame: player.match(frame.url) is not None
        ) as navigated:
            self.page.evaluate(
                """([language, cmi, source]) => {
                  window.API = new Scorm12API({ logLevel: 5 });
                  window.API.loadFromJSON(cmi);
                  window.API.cmi.student_preference.language = language;
                  // Every LMSSetValue the SCO makes must be accepted.
                  const set = window.API.LMSSetValue.bind(window.API);
                  window.refused = [];
                  window.API.LMSSetValue = (name, value) => {
                    const result = set(name, value);
                    if (result !== "true") {
                      window.refused.push([name, value, window.API.LMSGetLastError()]);
                    }
                    return result;
                  };
                  document.querySelector("iframe").src = source;
                }""",
                [language, cmi, source],
            )
        frame = navigated.value
        player_ready(frame)
        return Frame(frame)

    def leave(self) -> None:
        """The learner closes the SCO: its page unloads."""
        self.page.evaluate('document.querySelector("iframe").src = "about:blank"')
        self.page.wait_for_function("window.API.isTerminated()")
        assert self.page.evaluate("window.refused") == []

    def recorded(self) -> dict[str, Any]:
        result: dict[str, Any] = self.page.evaluate(
            "JSON.parse(JSON.stringify(window.API.renderCMIToJSONObject()))"
        )
        cmi: dict[str, Any] = result["cmi"]
        return cmi

    def close(self) -> None:
        assert self.errors == []
        self.context.close()


def response_of(question_id: str, locale: str, index: int) -> Any:
    """The ``index``-th case of a question that the grading cases give for ``locale`` (or for every locale)."""
    (entry,) = [every for every in CASES if every["question"] == question_id]
    cases = [case for case in entry["cases"] if case.get("locale", locale) == locale]
    return cases[index]["response"]


# Per question, which of its grading cases (for ur) the learner gives: right and wrong ones, a partial match.
CHOSEN = {
    "gpu-holds": 0,  # right
    "overlap-true": 1,  # wrong
    "name-collective": 7,  # right: Arabic yeh typed for Urdu yeh
    "global-batch-size": 6,  # right: Urdu digits
    "match-collectives": 2,  # two pairs of three
    "step-order": 0,  # right
    "fill-replica": 4,  # right: the Urdu answer
    "memory-essay": 0,  # not graded
}


def answer(frame: Frame, quiz: LocalizedQuiz, question_id: str, response: Any) -> None:
    page = frame.page
    (question,) = [every for every in frame.data()["view"]["questions"] if every["id"] == question_id]
    assert set_response(frame, quiz, question, response)  # type: ignore[arg-type]
    page.click("button.check")
    page.click("button.next")


def percent(points: Fraction, gradable: int) -> str:
    value = (Decimal(points.numerator) * 100 / Decimal(points.denominator * gradable)).quantize(
        Decimal("0.01"), ROUND_HALF_UP
    )
    return format(value.normalize(), "f")


def test_a_run_in_urdu_is_recorded_by_the_lms_and_resumes(
    browser: Any, package: dict[str, bytes], urdu: LocalizedQuiz
) -> None:
    order = [question.id for question in urdu.questions]
    responses = {question_id: response_of(question_id, "ur", CHOSEN[question_id]) for question_id in order}
    manifest = etree.fromstring(package["imsmanifest.xml"])
    (mastery,) = manifest.xpath("//*[local-name()='masteryscore']/text()")
    lms = Lms(browser, package)

    # First session: the launch page picks Urdu; three questions, then the learner leaves.
    frame = lms.launch("ur", {"core": {"entry": "ab-initio"}, "student_data": {"mastery_score": mastery}})
    assert frame.page.url == f"{ORIGIN}/package/ur.html#q=1&score=0"
    assert frame.page.get_attribute("html", "lang") == "ur"
    assert frame.page.get_attribute("html", "dir") == "rtl"
    assert frame.page.locator("a[data-locale-link]").count() == 2  # the player's switcher is there
    for question_id in order[:3]:
        answer(frame, urdu, question_id, responses[question_id])
    lms.leave()
    first = lms.recorded()
    assert first["core"]["exit"] == "suspend"
    assert first["core"]["lesson_status"] == "incomplete"
    assert first["core"]["score"]["raw"] == ""
    assert CMI_TIMESPAN.match(first["core"]["session_time"]), first["core"]["session_time"]
    saved = first["suspend_data"]
    assert saved.startswith("q=4&score=2&answers=full-replica.false.")
    assert len(saved) <= 4096

    # Relaunch: the LMS passes the suspend data back with entry "resume"; the attempt continues at 4.
    frame = lms.launch(
        "ur", {"core": {"entry": "resume"}, "suspend_data": saved, "student_data": {"mastery_score": mastery}}
    )
    state = frame.page.evaluate("quizkitPlayer.state")
    assert state["index"] == 3
    assert state["answers"][:3] == [responses[question_id] for question_id in order[:3]]
    assert frame.page.text_content("#progress") == frame.page.evaluate(
        "quizkitPlayer.messageText('question-progress', {current: 4, total: 8})"
    )
    for question_id in order[3:]:
        answer(frame, urdu, question_id, responses[question_id])
    lms.leave()
    record = lms.recorded()

    grades = {question.id: grade(question, responses[question.id], "ur") for question in urdu.questions}
    graded = [every for every in grades.values() if every is not None]
    points = sum((every.score for every in graded), Fraction(0))
    assert points == Fraction(17, 3)  # 1 + 0 + 1 + 1 + 2/3 + 1 + 1; the essay has no score
    raw = percent(points, len(graded))
    assert record["core"]["score"] == {"raw": raw, "min": "0", "max": "100"}
    assert raw == "80.95"
    assert record["core"]["lesson_status"] == ("passed" if Decimal(raw) >= Decimal(mastery) else "failed")
    assert record["core"]["lesson_status"] == "passed"
    assert record["core"]["exit"] == ""
    assert record["suspend_data"].endswith("&reported")
    # scorm-again renders a collection as an object keyed "0", "1", ...
    interactions = [record["interactions"][str(n)] for n in range(len(record["interactions"]))]
    for every in interactions:
        every["correct_responses"] = [
            every["correct_responses"][str(n)] for n in range(len(every["correct_responses"]))
        ]
    assert [every["id"] for every in interactions] == order
    assert [every["type"] for every in interactions] == [
        "choice",
        "true-false",
        "fill-in",
        "numeric",
        "matching",
        "sequencing",
        "fill-in",
        "fill-in",
    ]
    results = {every["id"]: every["result"] for every in interactions}
    assert results == {
        "gpu-holds": "correct",
        "overlap-true": "wrong",
        "name-collective": "correct",
        "global-batch-size": "correct",
        "match-collectives": "0.6667",
        "step-order": "correct",
        "fill-replica": "correct",
        "memory-essay": "neutral",
    }
    by_id = {every["id"]: every for every in interactions}
    assert by_id["overlap-true"]["student_response"] == "f"
    assert by_id["overlap-true"]["correct_responses"] == [{"pattern": "t"}]
    assert by_id["global-batch-size"]["student_response"] == "256"
    assert by_id["global-batch-size"]["correct_responses"] == [{"pattern": "256"}]
    assert by_id["name-collective"]["student_response"] == responses["name-collective"]
    assert by_id["memory-essay"]["student_response"] == responses["memory-essay"]
    assert by_id["memory-essay"]["weighting"] == "0"
    for every in interactions:
        pattern = SCORM_12_FORMATS[every["type"]]
        assert pattern.match(every["student_response"]), every
        assert all(pattern.match(each["pattern"]) for each in every["correct_responses"]), every
    lms.close()


def test_switching_language_keeps_the_session_and_the_answers(
    browser: Any, package: dict[str, bytes], urdu: LocalizedQuiz
) -> None:
    """The player's own switcher: the Urdu page's answers go on in English, in the same LMS session."""
    english = localized("en")
    order = [question.id for question in urdu.questions]
    lms = Lms(browser, package)
    frame = lms.launch("ur-PK", {"core": {"entry": "ab-initio"}})  # no Urdu (Pakistan) page: Urdu
    assert frame.page.url.split("#")[0] == f"{ORIGIN}/package/ur.html"
    answer(frame, urdu, order[0], response_of(order[0], "ur", 0))
    frame.page.click("a[hreflang='en']")
    frame.page.wait_for_url(re.compile(r"/package/en\.html#q=2"))
    player_ready(frame.page)
    assert not lms.page.evaluate("window.API.isTerminated()")
    assert lms.page.evaluate("window.API.isInitialized()")
    responses = {question_id: response_of(question_id, "en", 0) for question_id in order}
    for question_id in order[1:]:
        answer(frame, english, question_id, responses[question_id])
    lms.leave()
    record = lms.recorded()
    assert record["core"]["score"]["raw"] == "100"
    assert record["core"]["lesson_status"] == "passed"
    assert [record["interactions"][str(n)]["result"] for n in range(len(order))] == ["correct"] * 7 + [
        "neutral"
    ]
    lms.close()


def test_an_attempt_too_long_for_suspend_data_drops_the_longest_answer(
    browser: Any, package: dict[str, bytes], urdu: LocalizedQuiz
) -> None:
    order = [question.id for question in urdu.questions]
    responses = {question_id: response_of(question_id, "ur", CHOSEN[question_id]) for question_id in order}
    responses["memory-essay"] = "ہر GPU پورا ماڈل رکھتا ہے۔ " * 200  # 5,200 characters
    lms = Lms(browser, package)
    frame = lms.launch("ur", {"core": {"entry": "ab-initio"}})
    for question_id in order:
        answer(frame, urdu, question_id, responses[question_id])
    lms.leave()
    record = lms.recorded()
    saved = record["suspend_data"]
    assert len(saved) <= 4096
    # The essay's answer is left out; the position, the points and every other answer are kept.
    assert saved.startswith("q=9&score=17/3&answers=full-replica.false.")
    assert saved.endswith(".copy:نقل+collective:all-reduce.&reported")
    essay = record["interactions"]["7"]
    assert essay["student_response"] == responses["memory-essay"][:255]  # a CMIString255
    assert record["core"]["score"]["raw"] == "80.95"

    # Relaunched on the results: the same score and status, the essay not answered, nothing recorded twice.
    frame = lms.launch("ur", {"core": {"entry": "resume"}, "suspend_data": saved})
    assert frame.page.evaluate("quizkitPlayer.state.answers.length") == 8
    assert frame.page.evaluate("quizkitPlayer.state.answers[7]") is None
    assert frame.page.get_attribute("#score", "data-score") == "17/3"
    assert frame.page.locator("ol.review > li").nth(7).locator(".not-answered").count() == 1
    lms.leave()
    again = lms.recorded()
    assert again["interactions"] == {}  # this session recorded none: the attempt was reported before
    assert again["suspend_data"] == saved
    lms.close()


def test_without_an_lms_the_package_is_the_plain_player(browser: Any, package: dict[str, bytes]) -> None:
    lms = Lms(browser, package)
    page = lms.page
    page.goto(f"{ORIGIN}/package/index.html")
    page.wait_for_url(re.compile(r"/package/en\.html"))
    player_ready(page)
    # The package's one stylesheet applies to its pages; they asked for nothing but the package's files.
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(250, 250, 250)"
    page.check(".options input[value='full-replica']")
    page.click("button.check")
    assert page.get_attribute(".feedback .verdict", "data-score") == "1"
    requested = {url.removeprefix(f"{ORIGIN}/package/") for url in lms.requests}
    assert {"index.html", "en.html"} <= requested <= {"index.html", "en.html", *package}, requested
    assert any(name.startswith("assets/scorm-") for name in requested)
    lms.close()


def test_the_api_is_found_through_the_window_that_opened_the_sco(
    browser: Any, package: dict[str, bytes], urdu: LocalizedQuiz
) -> None:
    """An LMS that launches the SCO in a new window: window.opener's API."""
    lms = Lms(browser, package)
    lms.page.goto(f"{ORIGIN}/lms.html")
    lms.page.evaluate(
        """() => {
          window.API = new Scorm12API({ logLevel: 5 });
          window.API.cmi.student_preference.language = "ur";
        }"""
    )
    with lms.page.expect_popup() as opened:
        lms.page.click("button")
    popup = opened.value
    popup.wait_for_url(re.compile(r"/package/ur\.html"))
    player_ready(popup)
    answer(Frame(popup), urdu, "gpu-holds", ["full-replica"])
    assert lms.page.evaluate("window.API.cmi.suspend_data") == "q=2&score=1&answers=full-replica"
    assert lms.page.evaluate("window.API.cmi.core.lesson_status") == "incomplete"
    lms.close()


@pytest.mark.parametrize(("frames_between", "found"), [(6, True), (7, False)])
def test_the_api_is_found_at_most_seven_parents_up(
    browser: Any, package: dict[str, bytes], frames_between: int, found: bool
) -> None:
    """As ADL's sample API finder: the API of the LMS page 7 parents above the SCO, not 8."""
    lms = Lms(browser, package)
    frame = lms.launch("ur", {"core": {"entry": "ab-initio"}}, frames_between)
    # Without an API the launch page goes to the source locale, and nothing reaches the LMS.
    assert frame.page.url.split("#")[0] == f"{ORIGIN}/package/{'ur' if found else 'en'}.html"
    assert lms.page.evaluate("window.API.isInitialized()") is found
    lms.close()
