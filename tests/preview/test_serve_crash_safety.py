"""Crash safety of ``quizkit serve`` (issue 35, Deliver 2): SIGKILL at random moments, during its first
build or during the rebuild an edit starts, loses no translation and leaves no torn file.

Each trial runs the real command in a process of its own on a project of the test's own (a quiz with a
French translation in its catalog) and kills it after a random delay, from none to the time a clean start
takes (the rebuild trials count from the edit). Then: every file of the project outside ``.quizkit/`` is
byte-identical to what the test wrote (serve writes nothing there, so no translation can be lost);
every file of the preview's copy parses (catalogs, templates, compiled catalogs, content, bundles: a torn
file would not; the build cache is sealed, and held to the next build trusting only what is whole), and the copy's catalog, where it exists, still holds the translation; and a new
``quizkit serve`` starts, builds with no problem, shows the translation in its translator view, leaves
no temporary file behind, and stops on Ctrl-C with exit 0. ``pytest -s`` shows where the kills fell.
"""

from __future__ import annotations

import gettext
import io
import json
import random
import selectors
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from support import snapshot

from toolkit.build.cache import CACHE_FOLDER as CACHE
from toolkit.files import TEMPORARY_SUFFIX
from toolkit.gettext.po_reader import read_po
from toolkit.preview import PREVIEW_FOLDER
from toolkit.scaffold import create_project

SEED = 35  # issue 35
KILLS = 6
"""Trials of each kind (first build, rebuild)."""
HANG_SECONDS = 180.0
"""What a trial waits for serve to print its address before it calls it a hang (never reached otherwise)."""
TRANSLATION = "Le cycle de l'eau"
TITLE = 'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr "'
EDIT = ("Which of these are forms of precipitation?", "Which of these fall from clouds?")


@dataclass(frozen=True)
class Scenario:
    base: Path
    start_seconds: float
    """How long a clean ``quizkit serve`` took to print its address (its first build included)."""


class Serve:
    def __init__(self, project: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "toolkit", "serve", "--port", "0"],
            cwd=project,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def address(self) -> str:
        """The URL serve prints once its first build is done."""
        assert self.process.stdout is not None
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + HANG_SECONDS
        while time.monotonic() < deadline:
            if selector.select(timeout=1.0):
                line = self.process.stdout.readline()
                assert line, self.stderr()
                return line.strip()
            assert self.process.poll() is None, self.stderr()
        raise AssertionError("quizkit serve printed no address")

    def stderr(self) -> str:
        self.process.kill()
        return self.process.communicate()[1]

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.communicate()

    def interrupt(self) -> tuple[int, str]:
        self.process.send_signal(signal.SIGINT)
        _, err = self.process.communicate(timeout=HANG_SECONDS)
        return self.process.returncode, err


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Scenario:
    base = tmp_path_factory.mktemp("base") / "demo"
    create_project(base, ["fr"])
    catalog = base / "locales" / "fr" / "LC_MESSAGES" / "first-quiz.po"
    text = catalog.read_text(encoding="utf-8")
    assert text.count(TITLE + '"') == 1
    catalog.write_text(
        text.replace(TITLE + '"', TITLE + TRANSLATION.replace('"', '\\"') + '"'), encoding="utf-8"
    )
    durations = []
    for attempt in range(2):
        clean = tmp_path_factory.mktemp(f"clean-{attempt}") / "demo"
        shutil.copytree(base, clean)
        started = time.perf_counter()
        serve = Serve(clean)
        serve.address()
        durations.append(time.perf_counter() - started)
        assert serve.interrupt()[0] == 0
    return Scenario(base, min(durations))


def copy_problems(project: Path) -> list[str]:
    """Every file of the preview's copy that does not parse, and a lost translation."""
    problems: list[str] = []
    copy = project / PREVIEW_FOLDER / "project"
    for path in sorted(copy.rglob("*")) if copy.is_dir() else []:
        if not path.is_file() or path.name.endswith(TEMPORARY_SUFFIX):
            continue  # a killed write leaves its temporary file beside an intact target
        if CACHE in path.relative_to(copy).parts:
            continue  # sealed records, not plain JSON: held to the restart's build succeeding
        name = path.relative_to(project).as_posix()
        data = path.read_bytes()
        try:
            if path.suffix in (".po", ".pot"):
                catalog = read_po(data, name)
                if path.name == "first-quiz.po" and "/fr/" in name:
                    entry = next(entry for entry in catalog.entries if entry.context == "first-quiz.title")
                    if entry.translations != (TRANSLATION,):
                        problems.append(f"{name}: the translation is lost ({entry.translations})")
            elif path.suffix == ".mo":
                gettext.GNUTranslations(io.BytesIO(data))
            elif path.suffix in (".yaml", ".yml"):
                yaml.safe_load(data)
            elif path.suffix == ".json":
                json.loads(data)
            elif path.suffix == ".html" and not data.rstrip().endswith(b"</html>"):
                problems.append(f"{name}: torn ({len(data)} bytes)")
        except Exception as error:
            problems.append(f"{name}: does not parse: {error}")
    return problems


def restart_problems(project: Path) -> list[str]:
    """What a new ``quizkit serve`` on the killed one's project does not do as a clean start does."""
    serve = Serve(project)
    url = serve.address()
    try:
        with urllib.request.urlopen(url + "__quizkit/state", timeout=HANG_SECONDS) as response:
            state = json.loads(response.read())
        with urllib.request.urlopen(url + "translate/first-quiz/fr", timeout=HANG_SECONDS) as response:
            view = response.read().decode("utf-8")
    finally:
        code, err = serve.interrupt()
    problems = []
    if (state["built"], state["problems"]) != (True, []):
        problems.append(f"the restart did not build: {state}")
    if (
        f">{TRANSLATION.replace(chr(39), '&#39;')}</textarea>" not in view
        and f">{TRANSLATION}</textarea>" not in view
    ):
        problems.append("the translator view lacks the translation")
    if (code, err.splitlines()[-1:]) != (0, ["stopped"]) or "Traceback" in err:
        problems.append(f"the restart did not stop cleanly: {code} {err}")
    left = sorted(path.name for path in (project / ".quizkit").rglob(f"*{TEMPORARY_SUFFIX}"))
    if left:
        problems.append(f"temporary files left after the restart: {left}")
    return problems


def trial(scenario: Scenario, folder: Path, rebuild: bool, delay: float) -> list[str]:
    project = folder / "demo"
    shutil.copytree(scenario.base, project)
    serve = Serve(project)
    if rebuild:
        serve.address()
        quiz = project / "content" / "first-quiz.yaml"
        quiz.write_text(quiz.read_text(encoding="utf-8").replace(*EDIT), encoding="utf-8")
    expected = {name: data for name, data in snapshot(project).items() if not name.startswith(".quizkit/")}
    time.sleep(delay)
    serve.kill()
    problems = []
    now = {name: data for name, data in snapshot(project).items() if not name.startswith(".quizkit/")}
    if now != expected:
        problems.append(f"the project changed: {sorted(set(now.items()) ^ set(expected.items()))}")
    return problems + copy_problems(project) + restart_problems(project)


@pytest.mark.parametrize("rebuild", [False, True], ids=["first-build", "rebuild"])
def test_sigkill_at_random_moments_loses_nothing(scenario: Scenario, tmp_path: Path, rebuild: bool) -> None:
    chance = random.Random(SEED + rebuild)
    delays = [chance.uniform(0, scenario.start_seconds) for _ in range(KILLS)]
    failed = {}
    for index, delay in enumerate(delays):
        problems = trial(scenario, tmp_path / f"kill-{index}", rebuild, delay)
        if problems:
            failed[f"SIGKILL after {delay:.3f} s"] = problems
    print(
        f"\nserve, {'rebuild' if rebuild else 'first build'}: {len(delays)} kills (seed {SEED + rebuild}) "
        f"at 0..{scenario.start_seconds:.2f} s: " + ", ".join(f"{delay:.2f}" for delay in delays)
    )
    assert not failed, "\n".join(f"{label}: {'; '.join(problems)}" for label, problems in failed.items())
