"""Incremental ``quizkit build`` (toolkit/build/): it redoes only what changed, and is never stale.

Each incremental build is compared, file for file, with a build of the same inputs from scratch (a copy
with no cache and no outputs), after each kind of change the cache must notice in turn.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from support import EVERY_TYPE_QUIZ, TINY_QUIZ, fixture_project, snapshot

import toolkit
import toolkit.exporters.qti.qti3
from toolkit.build import BuildFailedError, BuildResult, run_build
from toolkit.build.cache import CACHE_FILE, CACHE_FOLDER, cache_path, digest_bytes, sealed_json
from toolkit.build.seal import cache_key, seal, unsealed
from toolkit.build.steps import MODELS_FOLDER
from toolkit.build.store import SealedStore
from toolkit.config import load_config

QUIZ = "data-parallel"
SECOND = "data-parallel-copy"
OUTPUT_FOLDERS = ("locales", "dist")


def add_second_quiz(project: Path) -> None:
    """A second quiz (a renamed copy, translated), so that one quiz can change while another does not."""
    source = (project / f"content/{QUIZ}.yaml").read_text(encoding="utf-8")
    (project / f"content/{SECOND}.yaml").write_text(
        source.replace(f"id: {QUIZ}\n", f"id: {SECOND}\n", 1), encoding="utf-8"
    )
    catalog = (project / f"locales/ur/LC_MESSAGES/{QUIZ}.po").read_text(encoding="utf-8")
    (project / f"locales/ur/LC_MESSAGES/{SECOND}.po").write_text(
        catalog.replace(f'msgctxt "{QUIZ}.', f'msgctxt "{SECOND}.'), encoding="utf-8"
    )


def build(project: Path, monkeypatch: pytest.MonkeyPatch, *, clean: bool = False) -> BuildResult:
    monkeypatch.chdir(project)
    return run_build(load_config(project), clean=clean)


def outputs(project: Path) -> dict[str, bytes]:
    found: dict[str, bytes] = {}
    for folder in OUTPUT_FOLDERS:
        found.update({f"{folder}/{name}": data for name, data in snapshot(project / folder).items()})
    return found


def inputs_only(project: Path, target: Path) -> Path:
    """A copy of the project's inputs: no cache, no bundles, no compiled catalogs, no templates."""
    shutil.copytree(project, target, ignore=shutil.ignore_patterns(CACHE_FOLDER, "dist", "*.mo", "*.pot"))
    return target


def outcome(project: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, object]:
    try:
        build(project, monkeypatch)
    except BuildFailedError as error:
        return ("failed", [item.to_dict() for item in error.diagnostics])
    return ("built", outputs(project))


def assert_same_as_from_scratch(project: Path, scratch: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    reference = inputs_only(project, scratch)
    incremental = outcome(project, monkeypatch)
    expected = outcome(reference, monkeypatch)
    assert incremental[0] == expected[0]
    if isinstance(incremental[1], dict) and isinstance(expected[1], dict):
        different = sorted(
            name
            for name in set(incremental[1]) | set(expected[1])
            if incremental[1].get(name) != expected[1].get(name)
        )
        assert different == []
    else:
        assert incremental[1] == expected[1]
    return incremental[0]


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path.name} no longer holds {old!r}: choose another edit"
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_build_with_no_change_redoes_nothing_and_writes_nothing(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = build(project, monkeypatch)
    assert sorted(first.rebuilt) == [QUIZ, "ui"]
    before = snapshot(project)
    second = build(project, monkeypatch)
    assert (second.rebuilt, second.written, second.removed) == ([], [], [])
    assert snapshot(project) == before
    assert [(step.name, step.detail) for step in second.steps] == [
        ("validate", "2 files, 0 changed"),
        ("update", "0 of 2 domains"),
        ("check", "0 warnings"),
        ("compile", "0 of 2 catalogs"),
        ("export", "nothing changed"),
    ]
    # The summary comes from the cache, and says what the full build said.
    assert second.locales == first.locales


def warned(result: BuildResult, code: str) -> list[str]:
    return sorted(f"{item.file}:{item.line}: {item.message}" for item in result.warnings if item.code == code)


def unsupported(result: BuildResult) -> list[str]:
    return warned(result, "unsupported-question")


ORDER_QUIZ = """\
id: order
level: beginner
title: T
description: D
questions:
"""
UNWRITABLE_IN_GIFT = """\
  - id: steps
    type: ordering
    prompt: Order them.
    items: [{id: one, text: "first }"}, {id: two, text: second}]
    explanation: E
"""
"""An ordering item holding '}', which GIFT cannot write (Moodle never unescapes one)."""
WRITABLE_IN_GIFT = """\
  - id: plain
    type: ordering
    prompt: Order these.
    items: [{id: one, text: first}, {id: two, text: second}]
    explanation: E
"""


def gift_project(tmp_path: Path, questions: str) -> Path:
    """A project exporting gift only, whose quiz ``order`` holds ``questions``."""
    root = fixture_project(tmp_path, {"order": ORDER_QUIZ + questions})
    config = root / "quizkit.toml"
    config.write_text(config.read_text(encoding="utf-8") + 'export-formats = ["gift"]\n', encoding="utf-8")
    return root


def test_a_question_gift_cannot_write_is_left_out_with_a_warning_the_next_build_keeps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An ordering item holding '}' cannot be written in GIFT: build leaves that question out of gift and
    says so, as export does (it used to fail the build), and an unchanged build reports it again."""
    root = gift_project(tmp_path, UNWRITABLE_IN_GIFT + WRITABLE_IN_GIFT)
    expected = [
        "content/order.yaml:8: format gift cannot carry '}' or '\\' in an ordering item ('first }'; Moodle "
        "never unescapes one): question 'steps' of quiz 'order' is left out of gift in en, ur"
    ]
    assert unsupported(build(root, monkeypatch)) == expected
    written = (root / "dist/gift/order/en.txt").read_text(encoding="utf-8")
    assert "order.questions.steps " not in written and "order.questions.plain " in written
    assert unsupported(build(root, monkeypatch)) == expected


def test_a_quiz_left_with_no_question_a_format_can_write_has_no_file_and_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A quiz whose every question a format leaves out gets no file of that format (an empty GIFT file
    or QTI test would import as an empty quiz), and the build says so, again when nothing changed."""
    root = gift_project(tmp_path, UNWRITABLE_IN_GIFT)
    expected = [
        "content/order.yaml:1: quiz 'order' is left out of gift in en, ur: gift can write none of its "
        "questions there (their warnings say why), and a file with no question would import as an empty "
        "quiz; make one of them one gift can write, or leave gift out of export-formats"
    ]
    assert warned(build(root, monkeypatch), "quiz-left-out") == expected
    assert not (root / "dist/gift/order").exists()
    assert warned(build(root, monkeypatch), "quiz-left-out") == expected


def test_a_build_with_no_change_decodes_no_model_yet_reports_every_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import toolkit.build.codec

    root = fixture_project(
        tmp_path, {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8"), "tiny": TINY_QUIZ}
    )
    first = build(root, monkeypatch)
    # The kinds GIFT, Canvas and Common Cartridge cannot carry, for each of them.
    assert len(unsupported(first)) > 3
    decoded: list[object] = []
    real_decode = toolkit.build.codec.decode

    def counting_decode(kind: type[Any], data: object) -> Any:
        decoded.append(kind)
        return real_decode(kind, data)

    monkeypatch.setattr(toolkit.build.codec, "decode", counting_decode)
    second = build(root, monkeypatch)
    assert (second.rebuilt, decoded) == ([], [])
    assert unsupported(second) == unsupported(first)
    # A change to the other quiz decodes its model (the cache's copy of every-type stays as it is) and
    # still reports every-type's warnings, as a build from scratch does.
    replace_in(root / "content/tiny.yaml", "title:", "title: ")
    third = build(root, monkeypatch)
    assert third.rebuilt == ["tiny"]
    assert unsupported(third) == unsupported(build(root, monkeypatch, clean=True)) == unsupported(first)


def test_one_quiz_changed_rewrites_only_its_outputs(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    add_second_quiz(project)
    build(project, monkeypatch)
    before = snapshot(project)
    replace_in(
        project / f"content/{SECOND}.yaml",
        "In standard data parallelism, what does each GPU hold?",
        "In plain data parallelism, what does each GPU hold?",
    )
    result = build(project, monkeypatch)
    assert result.rebuilt == [SECOND]
    written = sorted(path.relative_to(project.resolve()).as_posix() for path in result.written)
    assert written == sorted(
        [
            f"locales/{SECOND}.pot",
            f"locales/ur/LC_MESSAGES/{SECOND}.po",
            f"locales/ur/LC_MESSAGES/{SECOND}.mo",
            f"dist/canvas/{SECOND}/en.zip",
            f"dist/canvas/{SECOND}/ur.zip",
            f"dist/cc/{SECOND}/en.imscc",
            f"dist/cc/{SECOND}/ur.imscc",
            f"dist/gift/{SECOND}/en.txt",
            f"dist/gift/{SECOND}/ur.txt",
            f"dist/html/{SECOND}/en.html",
            f"dist/html/{SECOND}/ur.html",
            f"dist/i18next/en/{SECOND}.json",
            f"dist/i18next/ur/{SECOND}.json",
            f"dist/json/{SECOND}/en.json",
            f"dist/json/{SECOND}/ur.json",
            f"dist/mo/ur/LC_MESSAGES/{SECOND}.mo",
            f"dist/moodle/{SECOND}/en.xml",
            f"dist/moodle/{SECOND}/ur.xml",
            f"dist/moodle/{SECOND}/multilang.xml",
            f"dist/qti/{SECOND}/en.zip",
            f"dist/qti/{SECOND}/ur.zip",
            f"dist/scorm/{SECOND}.zip",
            f"dist/xliff/ur/{SECOND}.xlf",
        ]
    )
    after = snapshot(project)
    changed = {name for name in set(before) | set(after) if before.get(name) != after.get(name)}
    models = {name for name in changed if name.startswith(f"{CACHE_FOLDER}/{MODELS_FOLDER}/")}
    # The edited quiz's model is new, and its old one gone.
    assert len(models & set(after)) == len(models - set(after)) == 1
    assert changed - models == set(written) | {f"content/{SECOND}.yaml", f"{CACHE_FOLDER}/build.json"}
    assert not any(QUIZ + "/" in name or name.endswith(f"/{QUIZ}.json") for name in changed)


def test_the_cache_never_serves_a_stale_output(
    project: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Content, catalogs, interface messages, configuration, quizkit's version and glossary change in
    turn; the interface catalog changes alone too (every quiz's bundles show its messages)."""
    add_second_quiz(project)
    build(project, monkeypatch)
    catalog = project / f"locales/ur/LC_MESSAGES/{QUIZ}.po"
    glossary = project / "locales/glossary/ur.yaml"
    configuration = project / "pyproject.toml"

    def move(old: str, new: str) -> None:
        (project / new).parent.mkdir(exist_ok=True)
        (project / old).rename(project / new)

    def bump_version() -> None:
        monkeypatch.setattr(toolkit, "__version__", "99.0.0")
        monkeypatch.setattr(toolkit.exporters.qti.qti3, "__version__", "99.0.0")

    changes: list[tuple[str, Callable[[], None], str]] = [
        (
            "content",
            lambda: replace_in(
                project / f"content/{QUIZ}.yaml",
                "In standard data parallelism, what does each GPU hold?",
                "In plain data parallelism, what does each GPU hold?",
            ),
            "built",
        ),
        (
            "catalog",
            lambda: replace_in(catalog, "ڈیٹا پیرالیلزم کوئز", "ڈیٹا پیرالیلزم کا کوئز"),
            "built",
        ),
        (
            "interface catalog",
            lambda: replace_in(
                project / "locales/ur/LC_MESSAGES/ui.po",
                'msgstr "سوال {current} از {total}"',
                'msgstr "سوال {current} / {total}"',
            ),
            "built",
        ),
        (
            "interface messages",
            lambda: replace_in(project / "content/ui.yaml", "text: Check answer", "text: Check my answer"),
            "built",
        ),
        (
            "configuration",
            lambda: replace_in(
                configuration,
                'output-dir = "dist"\n',
                'output-dir = "dist"\nexport-formats = ["json", "qti"]\n',
            ),
            "built",
        ),
        ("quizkit's version", bump_version, "built"),
        # Templates and catalogs name the file; the index lists quizzes in the order of their files.
        ("a quiz file moved", lambda: move(f"content/{QUIZ}.yaml", f"content/moved/{QUIZ}.yaml"), "built"),
        ("quizzes reordered", lambda: move(f"content/moved/{QUIZ}.yaml", f"content/0/{QUIZ}.yaml"), "built"),
        (
            "glossary",
            lambda: replace_in(
                glossary,
                "preferred: آپٹیمائزر کی حالت\n    wrong: [اصلاح کی حالت]",
                "preferred: اصلاح کی حالت\n    wrong: [آپٹیمائزر کی حالت]",
            ),
            "failed",
        ),
    ]
    for number, (what, change, expected) in enumerate(changes):
        change()
        scratch = tmp_path_factory.mktemp(f"scratch-{number}") / "project"
        assert assert_same_as_from_scratch(project, scratch, monkeypatch) == expected, what
    # The glossary made a translation wrong: the build fails, again and again, and never from the cache.
    with pytest.raises(BuildFailedError):
        build(project, monkeypatch)


def test_version_change_rewrites_what_names_the_version(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build(project, monkeypatch)
    package = project / f"dist/qti/{QUIZ}/ur.zip"
    before = package.read_bytes()
    monkeypatch.setattr(toolkit, "__version__", "99.0.0")
    monkeypatch.setattr(toolkit.exporters.qti.qti3, "__version__", "99.0.0")
    result = build(project, monkeypatch)
    assert sorted(result.rebuilt) == [QUIZ, "ui"]
    assert package.read_bytes() != before


def test_clean_redoes_every_quiz(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build(project, monkeypatch)
    before = outputs(project)
    result = build(project, monkeypatch, clean=True)
    assert sorted(result.rebuilt) == [QUIZ, "ui"]
    assert result.written == []
    assert outputs(project) == before


def test_outputs_deleted_or_edited_by_hand_are_rebuilt(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build(project, monkeypatch)
    before = outputs(project)
    (project / f"dist/json/{QUIZ}/ur.json").unlink()
    (project / "dist/html/index.html").write_text("edited", encoding="utf-8")
    for asset in (project / "dist/html/assets").iterdir():
        asset.unlink()  # the player's stylesheet and script, which every page needs
    (project / "locales/ur/LC_MESSAGES/ui.mo").unlink()
    result = build(project, monkeypatch)
    assert sorted(result.rebuilt) == [QUIZ, "ui"]
    assert outputs(project) == before


def test_outputs_of_a_deleted_quiz_and_a_dropped_format_are_removed(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    add_second_quiz(project)
    build(project, monkeypatch)
    translations = (project / f"locales/ur/LC_MESSAGES/{SECOND}.po").read_bytes()
    (project / f"content/{SECOND}.yaml").unlink()
    replace_in(
        project / "pyproject.toml",
        'output-dir = "dist"\n',
        'output-dir = "dist"\nexport-formats = ["json"]\n',
    )
    result = build(project, monkeypatch)
    names = outputs(project)
    assert not any(SECOND in name and not name.endswith((".po", ".pot")) for name in names)
    assert sorted(path.name for path in (project / "dist").iterdir()) == ["json"]
    # Translations are never removed, whatever happens to the content: the catalog is retired, as
    # update retires it, and taken back if the quiz returns.
    assert (project / f"locales/retired/ur/{SECOND}.po").read_bytes() == translations
    assert not (project / f"locales/ur/LC_MESSAGES/{SECOND}.po").exists()
    assert [retired.orphan.path.name for retired in result.retired] == [
        f"{SECOND}.pot",
        f"{SECOND}.mo",
        f"{SECOND}.po",
    ]
    assert result.removed


@pytest.fixture
def player_change(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], None]]:
    """What an edit of the player's stylesheet and scripts does to a build: other bytes in the shipped
    files, and another quizkit (the cache key hashes quizkit's files; here, its version changes)."""
    from toolkit.exporters.player import assets as player_assets

    def change() -> None:
        shipped = player_assets.player_asset
        monkeypatch.setattr(player_assets, "player_asset", lambda name: shipped(name) + "\n/* edited */\n")
        player_assets.forget_assets()
        monkeypatch.setattr(toolkit, "__version__", "99.0.0")
        monkeypatch.setattr(toolkit.exporters.qti.qti3, "__version__", "99.0.0")

    yield change
    monkeypatch.undo()
    player_assets.forget_assets()


def asset_names(project: Path) -> list[str]:
    return sorted(path.name for path in (project / "dist/html/assets").iterdir())


def page_assets(project: Path) -> dict[str, list[str]]:
    """The assets each html page refers to, by page (relative to dist/html)."""
    import lxml.html

    html = project / "dist/html"
    found: dict[str, list[str]] = {}
    for page in sorted(html.rglob("*.html")):
        document = lxml.html.fromstring(page.read_bytes())
        links = document.xpath("//link/@href") + document.xpath("//script/@src")
        found[page.relative_to(html).as_posix()] = sorted(link.rsplit("/", 1)[-1] for link in links)
    return found


def refer_to(pages: dict[str, list[str]], assets: list[str]) -> bool:
    """Whether every player page refers to both ``assets`` and the index to the stylesheet alone."""
    stylesheet = [name for name in assets if name.endswith(".css")]
    return all(found == (stylesheet if page == "index.html" else assets) for page, found in pages.items())


def test_a_new_player_writes_new_asset_names_and_removes_the_old_files(
    project: Path,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    player_change: Callable[[], None],
) -> None:
    add_second_quiz(project)
    build(project, monkeypatch)
    old = asset_names(project)
    assert len(old) == 2 and refer_to(page_assets(project), old)
    player_change()
    result = build(project, monkeypatch)
    new = asset_names(project)
    assert len(new) == 2 and not set(new) & set(old)
    assert sorted(path.relative_to(project.resolve()).as_posix() for path in result.removed) == [
        f"dist/html/assets/{name}" for name in old
    ]
    assert refer_to(page_assets(project), new)
    scratch = tmp_path_factory.mktemp("scratch") / "project"
    assert assert_same_as_from_scratch(project, scratch, monkeypatch) == "built"
    # Built again with nothing changed: nothing written, nothing removed.
    again = build(project, monkeypatch)
    assert (again.written, again.removed) == ([], [])


def test_a_build_of_one_quiz_with_a_new_player_keeps_the_old_assets_for_the_other_pages(
    project: Path, monkeypatch: pytest.MonkeyPatch, player_change: Callable[[], None]
) -> None:
    add_second_quiz(project)
    build(project, monkeypatch)
    old = asset_names(project)
    player_change()
    result = run_build(load_config(project), quizzes=frozenset({SECOND}))
    new = sorted(set(asset_names(project)) - set(old))
    assert len(new) == 2 and asset_names(project) == sorted(old + new)
    written = {path.relative_to(project.resolve()).as_posix() for path in result.written}
    assert {f"dist/html/assets/{name}" for name in new} <= written
    assert result.removed == []
    pages = page_assets(project)
    assert {name: set(pages[name]) for name in pages} == {
        f"{QUIZ}/en.html": set(old),
        f"{QUIZ}/ur.html": set(old),
        f"{SECOND}/en.html": set(new),
        f"{SECOND}/ur.html": set(new),
        "index.html": {name for name in old if name.endswith(".css")},
    }
    # The whole build moves every page to the new player; then no page needs the old files.
    whole = build(project, monkeypatch)
    assert asset_names(project) == new
    assert sorted(path.name for path in whole.removed if "/assets/" in path.as_posix()) == old
    assert refer_to(page_assets(project), new)


def cache_document(project: Path) -> dict[str, Any]:
    """The cache as this user's quizkit sealed it."""
    body = unsealed(cache_path(project).read_bytes(), cache_key(), CACHE_FILE)
    assert body is not None
    document: dict[str, Any] = json.loads(body)
    return document


def write_cache_bytes(project: Path, body: bytes) -> None:
    """A cache with this user's seal: what a damaged (not a foreign) cache looks like."""
    key = cache_key()
    assert key is not None
    cache_path(project).write_bytes(seal(body, key, CACHE_FILE))


@pytest.mark.parametrize("sealed_by", ["nobody", "another key"])
@pytest.mark.parametrize("foreign_file", ["cache", "model"])
def test_a_cache_this_user_did_not_seal_never_stands_in_for_content(
    project: Path,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    sealed_by: str,
    foreign_file: str,
) -> None:
    """A crafted cache once made build export a prompt and an answer key that are in no YAML file."""
    build(project, monkeypatch)
    document = cache_document(project)
    record = next(record for record in document["content"].values() if record["kind"] == "quiz")
    store = SealedStore(project, MODELS_FOLDER)
    model = store.read(record["model"])
    assert isinstance(model, dict)
    model["questions"][0]["prompt"]["source"] = "INJECTED prompt"
    model["questions"][0]["correct"] = [model["questions"][0]["options"][-1]["id"]]
    record["model"] = digest_bytes(sealed_json(model))

    def foreign(body: bytes, record_name: str) -> bytes:
        return body if sealed_by == "nobody" else seal(body, b"k" * 32, record_name)

    key = cache_key()
    assert key is not None
    model_body = json.dumps(model).encode("utf-8")
    model_record = f"{MODELS_FOLDER}/{record['model']}.json"
    (store.folder / f"{record['model']}.json").write_bytes(
        foreign(model_body, model_record) if foreign_file == "model" else seal(model_body, key, model_record)
    )
    body = json.dumps(document).encode("utf-8")
    cache_path(project).write_bytes(
        foreign(body, CACHE_FILE) if foreign_file == "cache" else seal(body, key, CACHE_FILE)
    )
    replace_in(project / f"locales/ur/LC_MESSAGES/{QUIZ}.po", "ڈیٹا پیرالیلزم کوئز", "ڈیٹا پیرالیلزم کا کوئز")
    scratch = tmp_path_factory.mktemp("scratch") / "project"
    assert assert_same_as_from_scratch(project, scratch, monkeypatch) == "built"
    assert not any(
        b"INJECTED" in path.read_bytes() for path in (project / "dist").rglob("*") if path.is_file()
    )


@pytest.mark.parametrize(
    "cache_text",
    [
        "not json",
        "{}",
        '{"format": 1, "environment": "x"}',
        "[1, 2]",
    ],
)
def test_an_unreadable_cache_is_ignored(
    project: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch, cache_text: str
) -> None:
    build(project, monkeypatch)
    write_cache_bytes(project, cache_text.encode("utf-8"))
    (project / f"dist/json/{QUIZ}/ur.json").write_text("stale", encoding="utf-8")
    scratch = tmp_path_factory.mktemp("scratch") / "project"
    assert assert_same_as_from_scratch(project, scratch, monkeypatch) == "built"


def test_a_hostile_cache_cannot_delete_files_outside_the_outputs(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build(project, monkeypatch)
    document = cache_document(project)
    outside = project.parent / "precious.txt"
    outside.write_text("keep me", encoding="utf-8")
    catalog = f"locales/ur/LC_MESSAGES/{QUIZ}.po"
    document["shared_outputs"].update(
        {"../precious.txt": [1, 1], catalog: [1, 1], f"content/{QUIZ}.yaml": [1, 1]}
    )
    write_cache_bytes(project, json.dumps(document).encode("utf-8"))
    result = build(project, monkeypatch)
    assert result.removed == []
    assert outside.read_text(encoding="utf-8") == "keep me"
    assert (project / catalog).exists() and (project / f"content/{QUIZ}.yaml").exists()


def add_quizzes(project: Path, count: int) -> list[str]:
    source = (project / f"content/{QUIZ}.yaml").read_text(encoding="utf-8")
    catalog = (project / f"locales/ur/LC_MESSAGES/{QUIZ}.po").read_text(encoding="utf-8")
    names = [f"{QUIZ}-{number}" for number in range(count)]
    for name in names:
        (project / f"content/{name}.yaml").write_text(
            source.replace(f"id: {QUIZ}\n", f"id: {name}\n", 1), encoding="utf-8"
        )
        (project / f"locales/ur/LC_MESSAGES/{name}.po").write_text(
            catalog.replace(f'msgctxt "{QUIZ}.', f'msgctxt "{name}.'), encoding="utf-8"
        )
    return names


@pytest.mark.parametrize("scale", ["small", "large"])
def test_worker_processes_build_exactly_what_one_process_builds(
    project: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch, scale: str
) -> None:
    import toolkit.build.content
    import toolkit.build.export_step
    import toolkit.build.steps

    monkeypatch.setattr(toolkit.build.steps, "PARALLEL_FROM", 1)
    defaults = (
        toolkit.build.export_step.EXPORT_SLICE,
        toolkit.build.steps.KEEP_CATALOGS_UP_TO,
        toolkit.build.content.DECODED_UP_TO,
    )
    if scale == "large":
        # As a large build does: the export quiz by quiz, the catalogs read again there, the models held
        # encoded and decoded in the workers.
        monkeypatch.setattr(toolkit.build.export_step, "EXPORT_SLICE", 1)
        monkeypatch.setattr(toolkit.build.steps, "KEEP_CATALOGS_UP_TO", 0)
        monkeypatch.setattr(toolkit.build.content, "DECODED_UP_TO", 0)
    add_quizzes(project, 5)
    replace_in(
        project / f"content/{QUIZ}-3.yaml", "In standard data parallelism", "In plain data parallelism"
    )
    serial_project = inputs_only(project, tmp_path_factory.mktemp("serial") / "project")
    default_project = inputs_only(project, tmp_path_factory.mktemp("default") / "project")
    monkeypatch.chdir(project)
    parallel = run_build(load_config(project), jobs=2)
    monkeypatch.chdir(serial_project)
    serial = run_build(load_config(serial_project), jobs=1)
    assert outputs(project) == outputs(serial_project)
    if scale == "large":
        monkeypatch.setattr(toolkit.build.export_step, "EXPORT_SLICE", defaults[0])
        monkeypatch.setattr(toolkit.build.steps, "KEEP_CATALOGS_UP_TO", defaults[1])
        monkeypatch.setattr(toolkit.build.content, "DECODED_UP_TO", defaults[2])
        monkeypatch.chdir(default_project)
        run_build(load_config(default_project), jobs=1)
        assert outputs(default_project) == outputs(project)
    assert (parallel.locales, parallel.warnings) == (serial.locales, serial.warnings)
    assert sorted(parallel.rebuilt) == sorted(serial.rebuilt)
    assert any(item.code == "fuzzy" for item in parallel.warnings)
    # Each export once, the player's assets too (every worker writes them beside its quizzes' pages).
    # (The serial copy had no templates or compiled catalogs: those it writes more.)
    exported = [
        [
            name
            for path in result.written
            if (name := path.relative_to(root.resolve()).as_posix()).startswith("dist/")
        ]
        for result, root in ((parallel, project), (serial, serial_project))
    ]
    assert sorted(exported[0]) == sorted(exported[1])
    assert len(exported[0]) == len(set(exported[0])) and sum("/assets/" in name for name in exported[0]) == 2


def test_an_error_in_a_worker_is_reported_with_its_place(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import toolkit.build.steps
    from toolkit.catalogs.workflow import CatalogError

    monkeypatch.setattr(toolkit.build.steps, "PARALLEL_FROM", 1)
    names = add_quizzes(project, 3)
    broken = project / f"locales/ur/LC_MESSAGES/{names[1]}.po"
    broken.write_text(broken.read_text(encoding="utf-8") + '\nmsgid "unterminated\n', encoding="utf-8")
    monkeypatch.chdir(project)
    with pytest.raises(CatalogError) as raised:
        run_build(load_config(project), jobs=2)
    assert raised.value.file == f"locales/ur/LC_MESSAGES/{names[1]}.po"
    assert raised.value.line is not None


def test_an_authors_edit_that_outdates_a_translation_does_not_stop_the_build(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The old Urdu (with `all-reduce`) stays as fuzzy; its inline-code fault is a warning, and the
    question falls back to English until a translator reviews it."""
    replace_in(
        project / f"content/{QUIZ}.yaml",
        "text: An `all-reduce`, which averages gradients across all GPUs",
        "text: An `all_reduce()`, which averages gradients across all GPUs",
    )
    result = build(project, monkeypatch)
    codes = sorted(item.code for item in result.warnings)
    assert codes == ["fuzzy", "inline-code"]
    bundle = json.loads((project / f"dist/json/{QUIZ}/ur.json").read_bytes())
    assert "`all_reduce()`" in json.dumps(bundle, ensure_ascii=False)


def test_compile_in_worker_processes_writes_what_one_process_writes(
    project: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolkit.catalogs.compiling import compile_catalogs

    add_quizzes(project, 40)  # 41 catalogs and ui: enough for compile to use workers
    build(project, monkeypatch)
    serial_project = inputs_only(project, tmp_path_factory.mktemp("serial") / "project")
    shutil.copytree(project / "locales", serial_project / "locales", dirs_exist_ok=True)
    for compiled in [*project.rglob("*.mo"), *serial_project.rglob("*.mo")]:
        compiled.unlink()
    parallel = compile_catalogs(load_config(project), jobs=2)
    serial = compile_catalogs(load_config(serial_project), jobs=1)
    assert [outcome.detail for outcome in parallel.files] == [outcome.detail for outcome in serial.files]
    assert len(parallel.files) == 42
    mo_files = {path.relative_to(project): path.read_bytes() for path in project.rglob("locales/**/*.mo")}
    assert mo_files == {
        path.relative_to(serial_project): path.read_bytes()
        for path in serial_project.rglob("locales/**/*.mo")
    }


def test_a_control_character_in_a_fuzzy_entry_still_stops_the_build(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """XLIFF carries fuzzy translations too, and XML cannot carry a control character at all."""
    catalog = project / f"locales/ur/LC_MESSAGES/{QUIZ}.po"
    anchor = f'msgctxt "{QUIZ}.title"'
    replace_in(catalog, anchor, "#, fuzzy\n" + anchor)
    replace_in(catalog, 'msgstr "ڈیٹا پیرالیلزم کوئز"', 'msgstr "ڈیٹا\x01 پیرالیلزم کوئز"')
    with pytest.raises(BuildFailedError) as raised:
        build(project, monkeypatch)
    assert [item.code for item in raised.value.diagnostics] == ["control-characters"]


def corrupt(field: str) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        domain = document["domains"][QUIZ]
        if field == "findings":
            domain["findings"] = ["abc"]
        elif field == "statistics":
            domain["statistics"] = {"ur": [1e400, 1]}
        elif field == "huge":
            domain["statistics"] = {"ur": [10**400, 1]}
        elif field == "null-name":
            domain["outputs"]["dist/x\u0000y"] = [1, 1]
        elif field == "model":
            # The file of the quiz's model holds a model no decoder takes.
            record = document["content"][f"content/{QUIZ}.yaml"]
            store = SealedStore(Path.cwd(), MODELS_FOLDER)
            model = store.read(record["model"])
            assert isinstance(model, dict)
            model["questions"] = "not a list"
            record["model"] = digest_bytes(sealed_json(model))
            store.write(record["model"], model)
        elif field == "missing model":
            document["content"][f"content/{QUIZ}.yaml"]["model"] = "0" * 64
        elif field == "kind":
            for record in document["content"].values():
                record["kind"] = "interface"

    return change


@pytest.mark.parametrize(
    "field", ["findings", "statistics", "huge", "null-name", "model", "missing model", "kind"]
)
def test_a_damaged_cache_entry_is_never_trusted(
    project: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch, field: str
) -> None:
    build(project, monkeypatch)
    document = cache_document(project)
    corrupt(field)(document)
    write_cache_bytes(project, json.dumps(document).encode("utf-8"))
    # A change, so that a domain is rebuilt and a cached model is needed.
    replace_in(project / f"locales/ur/LC_MESSAGES/{QUIZ}.po", "ڈیٹا پیرالیلزم کوئز", "ڈیٹا پیرالیلزم کا کوئز")
    scratch = tmp_path_factory.mktemp("scratch") / "project"
    assert assert_same_as_from_scratch(project, scratch, monkeypatch) == "built"


def test_a_schema_change_rebuilds_everything(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import toolkit.schemas

    build(project, monkeypatch)
    schemas = tmp_path.parent / f"{tmp_path.name}-schemas"
    shutil.copytree(toolkit.schemas.schema_directory(), schemas)
    path = schemas / "quiz.schema.json"
    path.write_text(path.read_text(encoding="utf-8").replace('"title"', '"title" '), encoding="utf-8")
    monkeypatch.setattr(toolkit.schemas, "schema_directory", lambda: schemas)
    assert sorted(build(project, monkeypatch).rebuilt) == [QUIZ, "ui"]


def test_a_catalog_linked_out_of_the_project_is_refused(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolkit.files import OutsideProjectError

    catalog = project / f"locales/ur/LC_MESSAGES/{QUIZ}.po"
    outside = project.parent / f"{project.name}-outside.po"
    outside.write_bytes(catalog.read_bytes())
    catalog.unlink()
    catalog.symlink_to(outside)
    before = outside.read_bytes()
    with pytest.raises(OutsideProjectError):
        build(project, monkeypatch)
    assert catalog.is_symlink() and outside.read_bytes() == before


def test_an_older_model_of_the_same_quiz_copied_over_the_current_one_is_never_trusted(
    project: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 35: the seal covered a file's bytes, not which record it is; this user's own older model of
    the quiz, copied over the current one, verified, and the build exported its old answer key."""
    build(project, monkeypatch)
    folder = SealedStore(project, MODELS_FOLDER).folder
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    replace_in(project / f"content/{QUIZ}.yaml", "In standard data parallelism", "In plain data parallelism")
    build(project, monkeypatch)
    after = {path.name for path in folder.iterdir()}
    # The quiz's new model replaced its older one; the interface's stayed.
    (older,) = (data for name, data in before.items() if name not in after)
    (current,) = (folder / name for name in after if name not in before)
    current.write_bytes(older)
    # A change elsewhere, so that the quiz is rebuilt from its cached model.
    replace_in(project / f"locales/ur/LC_MESSAGES/{QUIZ}.po", "ڈیٹا پیرالیلزم کوئز", "ڈیٹا پیرالیلزم کا کوئز")
    scratch = tmp_path_factory.mktemp("scratch") / "project"
    assert assert_same_as_from_scratch(project, scratch, monkeypatch) == "built"
    source = (project / f"dist/json/{QUIZ}/en.json").read_text(encoding="utf-8")
    assert "In plain data parallelism" in source and "In standard data parallelism" not in source


RING_QUIZ = """\
id: ring
level: beginner
title: Ring traffic
description: One numeric question.
questions:
  - id: traffic
    type: numeric
    prompt: With N = 8 and 1 GB of gradients, how many GB does each GPU send?
    answer: 1.75
    tolerance: 0.01
    explanation: Each GPU sends 2 × 7 / 8 = 1.75 times its 1 GB, that is 1.75 GB.
"""


def test_the_builds_check_reads_the_numeric_answer_from_the_content(tmp_path: Path) -> None:
    from support import run_quizkit, translate

    project = fixture_project(tmp_path / "project", {"ring": RING_QUIZ})
    assert run_quizkit(project, "update").returncode == 0
    translate(
        project / "locales/ur/LC_MESSAGES/ring.po",
        {
            "ring.title": "رنگ ٹریفک",
            "ring.description": "ایک عددی سوال۔",
            "ring.questions.traffic.prompt": "N = 8 اور 1 GB گریڈیئنٹس کے ساتھ ہر GPU کتنے GB بھیجتا ہے؟",
            "ring.questions.traffic.explanation": "ہر GPU اپنے 1 GB کا 2 × 7 / 8 = 1.57 گنا، یعنی 1.57 GB بھیجتا ہے۔",
        },
    )
    result = run_build(load_config(project))
    assert [
        warning.message for warning in result.warnings if warning.code == "numeric-answer-explanation"
    ] == [
        "the explanation of question traffic states the answer 1.75 (within 0.01) in the source but not in ur "
        "(its numbers there: 1, 1.57, 2, 7, 8): a learner who typed the right answer reads another; write the "
        "answer as the source does"
    ]


@pytest.mark.parametrize("change", ["changed", "added", "removed"])
def test_a_changed_image_file_rebuilds_as_a_build_from_scratch_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    """The YAML does not change, yet the quiz does: its model names each locale's file, its exports
    copy the bytes. An image changed, a locale's file added or removed is a rebuild like any change."""
    from image_project import BLUE, GREEN, images_project, png

    project = images_project(tmp_path / "project")
    urdu = project / "content/media/ur/ring.png"
    if change == "added":
        urdu.unlink()
    (project / "quizkit.toml").write_text(
        'source-locale = "en"\ntarget-locales = ["ur"]\nexport-formats = ["json", "html"]\n', encoding="utf-8"
    )
    build(project, monkeypatch)
    if change == "removed":
        urdu.unlink()
    else:
        urdu.write_bytes(png(40, 20, GREEN if change == "changed" else BLUE))
    result = build(project, monkeypatch)
    assert "images" in result.rebuilt
    bundle = json.loads((project / "dist/json/images/ur.json").read_text(encoding="utf-8"))
    shown = (project / "dist/json" / bundle["questions"][0]["image"]["src"]).read_bytes()
    assert shown == (urdu if change != "removed" else project / "content/media/ring.png").read_bytes()
    assert assert_same_as_from_scratch(project, tmp_path / "scratch", monkeypatch) == "built"


def test_a_bank_past_decoded_up_to_builds_what_a_small_one_builds(
    project: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past DECODED_UP_TO quizzes the build holds each model encoded and decodes it where a step asks:
    every output, warning and cache record as when every model is held decoded, through a first build,
    a build after a quiz changed, one after only a catalog changed (models taken from the cache) and a
    build with nothing to do."""
    import toolkit.build.content

    names = add_quizzes(project, 3)
    replace_in(project / f"content/{names[1]}.yaml", f"id: {names[1]}\n", f"id: {names[1]}\ndraft: true\n")
    held = inputs_only(project, tmp_path_factory.mktemp("held") / "project")

    def both(change: Callable[[Path], None] | None = None) -> tuple[BuildResult, BuildResult]:
        results = []
        for root, limit in ((project, 0), (held, toolkit.build.content.DECODED_UP_TO)):
            if change is not None:
                change(root)
            with monkeypatch.context() as patched:
                patched.setattr(toolkit.build.content, "DECODED_UP_TO", limit)
                results.append(build(root, patched))
        encoded, decoded = results
        assert outputs(project) == outputs(held)
        assert (encoded.locales, encoded.warnings) == (decoded.locales, decoded.warnings)
        assert sorted(encoded.rebuilt) == sorted(decoded.rebuilt)
        assert cache_document(project)["content"] == cache_document(held)["content"]
        return encoded, decoded

    first, _ = both()
    assert any(item.code == "draft-quiz-left-out" for item in first.warnings)
    assert not (project / f"dist/json/{names[1]}").exists()
    changed, _ = both(
        lambda root: replace_in(
            root / f"content/{names[2]}.yaml", "In standard data parallelism", "In plain data parallelism"
        )
    )
    assert sorted(changed.rebuilt) == [names[2]]
    catalog_only, _ = both(
        lambda root: replace_in(
            root / f"locales/ur/LC_MESSAGES/{names[0]}.po",
            'msgstr "ڈیٹا پیرالیلزم کوئز"',
            'msgstr "ڈیٹا پیرالیلزم کا کوئز"',
        )
    )
    assert sorted(catalog_only.rebuilt) == [names[0]]
    nothing, _ = both()
    assert nothing.written == [] and nothing.rebuilt == []
