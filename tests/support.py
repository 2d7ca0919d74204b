"""Helpers shared by the tests: copying the project and running the real quizkit command."""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import process_server
import pytest

ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def qti_schemas() -> tuple[Any, Any]:
    """The QTI 3.0 item schema and the package (manifest) schema, compiled once per process: compiling the
    item schema takes seconds, and three modules validate against both (test_qti3, test_qti_kinds,
    test_shipped_build). The calling test is skipped where the schemas are missing (tests/standard_schemas.py)."""
    from lxml import etree
    from standard_schemas import QTI3, QTI3_PACKAGE, schema_file

    parser = etree.XMLParser(resolve_entities=False, no_network=True)

    def compile_schema(path: Path) -> Any:
        return etree.XMLSchema(etree.parse(str(path), parser))

    return (
        compile_schema(schema_file(QTI3, "imsqti_asiv3p0_sbacv1p0_v1p0.xsd")),
        compile_schema(schema_file(QTI3_PACKAGE, "imsqtiv3p0_imscpv1p2_v1p0.xsd")),
    )


FIXTURE = Path(__file__).resolve().parent / "project"
"""The tests' own project (tests/project/README.md): what content/ and locales/ held when the tests were
written, so that content added to the repository never changes what a test sees."""
EVERY_TYPE_QUIZ = Path(__file__).resolve().parent / "content" / "types" / "every-type.yaml"
"""One question of every kind (tests/content/types/), for tests of the kinds beyond choice."""


def every_type_urdu() -> dict[str, str]:
    """Urdu translations of EVERY_TYPE_QUIZ by key (every-type.ur.yaml), for ``translate``."""
    import yaml

    translations: dict[str, str] = yaml.safe_load(
        (EVERY_TYPE_QUIZ.parent / "every-type.ur.yaml").read_text(encoding="utf-8")
    )
    return translations


def copy_project(target: Path) -> Path:
    """The tests' own project (content/, locales/, pyproject.toml) copied into ``target``."""
    for folder in ("content", "locales"):
        shutil.copytree(FIXTURE / folder, target / folder, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(FIXTURE / "pyproject.toml.fixture", target / "pyproject.toml")
    return target


@contextmanager
def exported_once(factory: pytest.TempPathFactory, *arguments: str) -> Iterator[Path]:
    """The tests' own project, copied and given to ``quizkit <arguments>`` once, for a module's tests that
    only read what it wrote (instead of one copy and one quizkit process per test). They must leave it
    as it was: if any file in it changed, the module's teardown fails naming the files."""
    project = copy_project(factory.mktemp("exported-once"))
    result = run_quizkit(project, *arguments)
    assert result.returncode == 0, result.stdout + result.stderr
    before = snapshot(project)
    yield project
    after = snapshot(project)
    changed = sorted(name for name in set(before) | set(after) if before.get(name) != after.get(name))
    assert not changed, f"a test changed the project its module shares read-only: {changed}"


def run_quizkit(
    folder: Path, *arguments: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m toolkit <arguments>`` in ``folder``: a real process, forked from a server that has
    quizkit imported (tests/process_server.py)."""
    return process_server.run([sys.executable, "-m", "toolkit", *arguments], cwd=folder, env=env, timeout=300)


def run_quizkit_in_process(folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """``quizkit <arguments>`` in ``folder`` as :func:`run_quizkit` runs it, but in this process (click's
    CliRunner, the same command objects and the same environment), for the many tests that use the command
    to drive the library and then read what it wrote: a new interpreter and quizkit's imports cost about
    0.3 s of CPU a run, more than most of these commands do. What only a real process shows (the entry
    point, exit codes through the interpreter, no traceback, signals, two processes at once) stays with
    run_quizkit: the bad-input corpus, crash safety, special files, confinement, locking, the CLI tests.

    An exception the command lets escape is raised here (a real process would print a traceback)."""
    from contextlib import chdir

    from click.testing import CliRunner

    from toolkit.cli import main

    with chdir(folder):
        result = CliRunner().invoke(main, list(arguments), prog_name="quizkit")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return subprocess.CompletedProcess(
        ["quizkit", *arguments], result.exit_code, result.stdout, result.stderr
    )


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file below ``folder`` with its bytes, to prove that nothing was written."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


TINY_QUIZ = """\
# A quiz of the test's own, so that tests do not depend on what content/ holds.
id: tiny
level: beginner
title: Tiny quiz
description: Two questions about nothing in particular.
questions:
  - id: first
    type: single_choice
    prompt: Which one is first?
    options:
      - id: this
        text: This one
        feedback: Right, this one.
      - id: that
        text: That one
    correct: [this]
    explanation: This one comes first.
  - id: second
    type: multiple_choice
    prompt: Which ones come second?
    options:
      - id: one
        text: The one on the left
      - id: other
        text: The one on the right
    correct: [one, other]
    explanation: Both come second.
"""


def fixture_project(target: Path, quizzes: dict[str, str] | None = None) -> Path:
    """A project of the test's own: quizkit.toml (target locale ur), the given quizzes (file stem → YAML;
    default one quiz, ``tiny``), the fixture's interface messages with their Urdu catalog, and no quiz
    catalog yet (``quizkit update`` creates it)."""
    (target / "content").mkdir(parents=True)
    (target / "quizkit.toml").write_text('source-locale = "en"\ntarget-locales = ["ur"]\n', encoding="utf-8")
    for stem, text in (quizzes if quizzes is not None else {"tiny": TINY_QUIZ}).items():
        (target / "content" / f"{stem}.yaml").write_text(text, encoding="utf-8")
    shutil.copy(FIXTURE / "content" / "ui.yaml", target / "content" / "ui.yaml")
    (target / "locales" / "ur" / "LC_MESSAGES").mkdir(parents=True)
    shutil.copy(FIXTURE / "locales/ur/LC_MESSAGES/ui.po", target / "locales/ur/LC_MESSAGES/ui.po")
    shutil.copytree(FIXTURE / "locales" / "glossary", target / "locales" / "glossary")
    return target


def translate(catalog: Path, translations: dict[str, str], fuzzy: frozenset[str] = frozenset()) -> None:
    """Fill entries of a catalog by key (their msgctxt); keys in ``fuzzy`` are marked fuzzy."""
    from dataclasses import replace

    from toolkit.catalogs import FUZZY, read_po, write_po

    read = read_po(catalog.read_bytes(), catalog.name)
    entries = []
    for entry in read.entries:
        if entry.context in translations:
            entry = replace(entry, msgstr=translations[entry.context])
            entry = entry.with_flag(FUZZY, entry.context in fuzzy)
        entries.append(entry)
    catalog.write_bytes(write_po(replace(read, entries=tuple(entries))))


def fixture_interface_messages() -> int:
    """How many interface messages the test project's ui.yaml has: its ui catalog has one entry for each.
    Tests that print catalog sizes read it here, so adding a message changes no test."""
    import yaml

    data = yaml.safe_load((FIXTURE / "content" / "ui.yaml").read_text(encoding="utf-8"))
    return len(data["messages"])


def fixture_interface_words() -> int:
    """The source words of the test project's ui catalog, as ``quizkit status`` counts them."""
    from toolkit.catalogs.statistics import count_words
    from toolkit.gettext.po_reader import parse_po

    template = parse_po((FIXTURE / "locales" / "ui.pot").read_text(encoding="utf-8"), "ui.pot")
    return sum(count_words(entry.msgid) for entry in template.entries if entry.msgid)


NODE_CONSUMERS = ROOT / "tests" / "node"
"""The real JavaScript consumers (i18next, intl-messageformat…) and the scripts that drive them."""


def node_consumer(script: str, payload: dict[str, Any], package: str) -> Any:
    """What ``tests/node/<script>`` answers for ``payload`` (JSON on stdin, JSON on stdout), run by the
    real ``package`` from npm; skipped where Node or ``npm ci`` is missing (never in CI)."""
    if shutil.which("node") is None or not (NODE_CONSUMERS / "node_modules" / package).exists():
        pytest.skip(
            "Node consumers are not installed (npm ci in tests/node; ./dev test does it where npm is installed)"
        )
    result = subprocess.run(
        ["node", str(NODE_CONSUMERS / script)],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        pytest.fail(f"node {script} exited with {result.returncode}:\n{result.stderr}")
    return json.loads(result.stdout)
