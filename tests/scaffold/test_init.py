"""``quizkit init``: a project that builds at once, refusals that write nothing, and what it holds."""

from __future__ import annotations

import re
from pathlib import Path

import lxml.html
import pytest
import yaml
from support import run_quizkit_in_process, snapshot

from toolkit.model import Level, QuestionType
from toolkit.scaffold import DEFAULT_FORMATS

ROOT = Path(__file__).resolve().parents[2]
PLAYER = ROOT / "toolkit" / "exporters" / "player"
CREATED = [
    "quizkit.toml",
    "content/first-quiz.yaml",
    "content/ui.yaml",
    ".gitignore",
    ".github/workflows/quizkit.yml",
    "schema/quiz.schema.json",
    "schema/ui.schema.json",
    "schema/glossary.schema.json",
]


def _route_warnings(project: Path) -> list[str]:
    """What init says of the install route of the workflow it wrote in ``project``: nothing where the
    quizkit running these tests came from an index or a pushed commit, else its ci-requirement warning
    (tests/scaffold/test_ci_workflow.py checks each route; how this checkout is installed is the
    developer's choice, not the test's)."""
    from toolkit.scaffold.requirement import install_requirement

    problem = install_requirement().problem
    if problem is None:
        return []
    workflow = project / ".github" / "workflows" / "quizkit.yml"
    line = next(
        number
        for number, text in enumerate(workflow.read_text(encoding="utf-8").splitlines(), start=1)
        if text.strip().startswith("QUIZKIT_REQUIREMENT:")
    )
    return [f"{project.name}/.github/workflows/quizkit.yml:{line}: warning[ci-requirement]: {problem}"]


def test_a_new_project_builds_every_default_format_with_no_warning(tmp_path: Path) -> None:
    result = run_quizkit_in_process(tmp_path, "init", "demo")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines == [
        *(f"demo/{name}: written" for name in CREATED),
        "demo/locales/first-quiz.pot: written",
        "demo/locales/ui.pot: written",
        *_route_warnings(tmp_path / "demo"),
        "project ready: 10 files written; next: cd demo && quizkit serve --open",
    ]
    project = tmp_path / "demo"
    built = run_quizkit_in_process(project, "build", "--strict", "--format", "json")
    assert built.returncode == 0, built.stdout + built.stderr
    assert '"warnings": []' in built.stdout
    # mo and xliff carry translations: with no target locale they have nothing to write.
    assert sorted(path.name for path in (project / "dist").iterdir()) == sorted(
        set(DEFAULT_FORMATS) - {"mo", "xliff"}
    )
    assert (project / "dist" / "html" / "first-quiz" / "en.html").is_file()


def test_with_a_target_locale_every_format_is_written_and_only_translations_wait(tmp_path: Path) -> None:
    import json

    assert run_quizkit_in_process(tmp_path, "init", "demo", "--locale", "fr").returncode == 0
    project = tmp_path / "demo"
    built = run_quizkit_in_process(project, "build", "--strict", "--format", "json")
    report = json.loads(built.stdout)
    # No question is left out of any format: the one kind of warning is the untranslated catalog.
    assert {warning["code"] for warning in report["warnings"]} == {"untranslated"}
    assert built.returncode == 1
    assert sorted(path.name for path in (project / "dist").iterdir()) == sorted(DEFAULT_FORMATS)


def test_target_locales_get_their_catalogs_as_update_makes_them(tmp_path: Path) -> None:
    result = run_quizkit_in_process(tmp_path, "init", "demo", "--locale", "fr", "--locale", "ur")
    assert result.returncode == 0, result.stderr
    project = tmp_path / "demo"
    for locale in ("fr", "ur"):
        for domain in ("first-quiz", "ui"):
            assert (project / "locales" / locale / "LC_MESSAGES" / f"{domain}.po").is_file()
    assert 'target-locales = ["fr", "ur"]' in (project / "quizkit.toml").read_text(encoding="utf-8")
    checked = run_quizkit_in_process(project, "update", "--check")
    assert (checked.returncode, checked.stdout) == (0, "templates and catalogs are up to date\n")
    # Untranslated catalogs build (the texts fall back to English); --strict would say they wait.
    built = run_quizkit_in_process(project, "build")
    assert built.returncode == 0, built.stdout + built.stderr
    assert (project / "dist" / "html" / "first-quiz" / "ur.html").is_file()


def test_the_working_folder_by_default(tmp_path: Path) -> None:
    result = run_quizkit_in_process(tmp_path, "init")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "project ready: 10 files written; next: quizkit serve --open"
    assert (tmp_path / "quizkit.toml").is_file()


def test_a_folder_that_is_not_empty_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "notes.txt").write_text("mine\n", encoding="utf-8")
    before = snapshot(tmp_path)
    result = run_quizkit_in_process(tmp_path, "init", "demo")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "demo is not empty; quizkit init makes a new project in an empty folder "
        "(--force writes into this one, keeping every file that is already there)\n"
    )
    assert snapshot(tmp_path) == before


def test_force_writes_into_a_folder_and_replaces_no_file(tmp_path: Path) -> None:
    project = tmp_path / "demo"
    (project / "content").mkdir(parents=True)
    (project / "README.md").write_text("# my quizzes\n", encoding="utf-8")
    own_gitignore = "/build/\n"
    (project / ".gitignore").write_text(own_gitignore, encoding="utf-8")
    result = run_quizkit_in_process(tmp_path, "init", "demo", "--force")
    assert result.returncode == 0, result.stderr
    assert "demo/.gitignore: kept (it exists already)" in result.stdout.splitlines()
    assert (project / ".gitignore").read_text(encoding="utf-8") == own_gitignore
    assert (project / "README.md").read_text(encoding="utf-8") == "# my quizzes\n"
    assert (project / "content" / "first-quiz.yaml").is_file()


def test_a_file_is_not_a_folder(tmp_path: Path) -> None:
    (tmp_path / "demo").write_text("", encoding="utf-8")
    result = run_quizkit_in_process(tmp_path, "init", "demo", "--force")
    assert (result.returncode, result.stderr) == (
        1,
        "demo is a file, not a folder; name a new folder or an empty one\n",
    )


@pytest.mark.parametrize(
    ("locale", "message"),
    [
        ("xx", "--locale: 'xx' is not a locale CLDR knows; write it like 'ur' or 'ur_PK'\n"),
        ("en", "--locale: 'en' is the source locale; it has no catalog\n"),
        ("Urdu", "--locale: 'urdu' is not a locale; write it like 'ur' or 'ur_PK'\n"),
        (
            "und",
            "--locale: 'und' names no language ('und' is BCP 47's code for an undetermined language); "
            "name the language, such as 'ur' or 'ur_PK'\n",
        ),
        ("iw", "--locale: 'iw' is an old code for Hebrew; write it 'he'\n"),
    ],
)
def test_a_locale_is_checked_as_the_configuration_is_before_anything_is_written(
    tmp_path: Path, locale: str, message: str
) -> None:
    result = run_quizkit_in_process(tmp_path, "init", "demo", "--locale", locale)
    assert (result.returncode, result.stderr) == (1, message)
    assert not (tmp_path / "demo").exists()


@pytest.mark.parametrize(
    ("given", "configured"), [("ar-EG", "ar_EG"), ("zh-Hant", "zh_Hant"), ("ur_PK", "ur_PK")]
)
def test_a_locale_is_taken_in_either_spelling_as_add_locale_takes_it(
    tmp_path: Path, given: str, configured: str
) -> None:
    from toolkit.config import load_config

    result = run_quizkit_in_process(tmp_path, "init", "demo", "--locale", given)
    assert result.returncode == 0, result.stderr
    assert load_config(tmp_path / "demo").target_locales == (configured,)
    assert f"demo/locales/{configured}/LC_MESSAGES/ui.po: written" in result.stdout.splitlines()


PYPROJECT = """\
[project]
name = "my-quizzes"

[tool.quizkit]
target-locales = ["ur"]
content-dir = "quizzes"
require = "approved"
export-formats = ["json"]
"""


def test_force_in_a_project_configured_in_pyproject_keeps_and_uses_that_configuration(
    tmp_path: Path,
) -> None:
    from toolkit.config import load_config

    project = tmp_path / "demo"
    project.mkdir()
    (project / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    result = run_quizkit_in_process(tmp_path, "init", "demo", "--force")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "demo/pyproject.toml: kept; init uses its configuration (and writes no quizkit.toml, which would "
        "take precedence over it)",
        "demo/quizzes/first-quiz.yaml: written",
        "demo/quizzes/ui.yaml: written",
        "demo/.gitignore: written",
        "demo/.github/workflows/quizkit.yml: written",
        "demo/schema/quiz.schema.json: written",
        "demo/schema/ui.schema.json: written",
        "demo/schema/glossary.schema.json: written",
        "demo/locales/first-quiz.pot: written",
        "demo/locales/ui.pot: written",
        "demo/locales/ur/LC_MESSAGES/first-quiz.po: written",
        "demo/locales/ur/LC_MESSAGES/ui.po: written",
        *_route_warnings(project),
        "project ready: 11 files written; next: cd demo && quizkit serve --open",
    ]
    assert not (project / "quizkit.toml").exists()
    assert (project / "pyproject.toml").read_text(encoding="utf-8") == PYPROJECT
    config = load_config(project)
    assert (config.config_file, config.target_locales, config.require, config.export_formats) == (
        project / "pyproject.toml",
        ("ur",),
        "approved",
        ("json",),
    )
    assert not (project / "content").exists()
    first = (project / "quizzes" / "ui.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../schema/ui.schema.json"


def test_force_with_other_locales_than_the_configured_ones_is_refused(tmp_path: Path) -> None:
    project = tmp_path / "demo"
    project.mkdir()
    (project / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    before = snapshot(tmp_path)
    result = run_quizkit_in_process(tmp_path, "init", "demo", "--force", "--locale", "fr")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "--locale: pyproject.toml configures this project already (target-locales: ur), and init keeps it; "
        "add a locale with quizkit add-locale\n"
    )
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("linked", [".github", "schema", ".github/workflows"])
def test_a_linked_folder_leading_outside_is_refused_before_anything_is_written(
    tmp_path: Path, linked: str
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    project = tmp_path / "demo"
    (project / linked).parent.mkdir(parents=True, exist_ok=True)
    (project / linked).symlink_to(elsewhere, target_is_directory=True)
    before = snapshot(tmp_path)
    result = run_quizkit_in_process(tmp_path, "init", "demo", "--force")
    assert (result.returncode, result.stdout) == (1, "")
    name = ".github/workflows/quizkit.yml" if linked.startswith(".github") else "schema/quiz.schema.json"
    assert result.stderr == (
        f"demo/{linked} is a link that leads outside demo; quizkit init writes only inside the project, so "
        f"it does not write {name} through it (nothing was written): make {linked} a folder of the "
        "project, or remove it\n"
    )
    assert snapshot(tmp_path) == before
    assert list(elsewhere.iterdir()) == []


def test_a_linked_locales_folder_leading_outside_is_refused_naming_no_option(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "locales").symlink_to(elsewhere, target_is_directory=True)
    before = snapshot(tmp_path)
    result = run_quizkit_in_process(tmp_path, "init", "demo", "--force", "--locale", "ur")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        f"locales-dir 'locales' is outside the project folder {tmp_path / 'demo'}; nothing was written\n"
    )
    assert snapshot(tmp_path) == before


def test_a_locale_given_twice_in_two_spellings_is_refused(tmp_path: Path) -> None:
    result = run_quizkit_in_process(tmp_path, "init", "demo", "--locale", "ar-EG", "--locale", "ar_EG")
    assert (result.returncode, result.stderr) == (1, "--locale: 'ar_EG' is given twice\n")
    assert not (tmp_path / "demo").exists()


def test_the_configuration_names_a_document_that_describes_every_setting(tmp_path: Path) -> None:
    from toolkit.config import _KNOWN_FIELDS
    from toolkit.scaffold.new_project import config_text

    first = config_text(["ur"]).splitlines()[0]
    assert first == (
        "# quizkit configuration: docs/configuration.md in quizkit's repository describes every setting."
    )
    document = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    headings = re.findall(r"^### `([a-z-]+)`$", document, re.MULTILINE)
    assert sorted(headings) == sorted(_KNOWN_FIELDS)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("init")
    result = run_quizkit_in_process(folder, "init", "demo")
    assert result.returncode == 0, result.stderr
    return folder / "demo"


def test_the_example_has_every_question_kind_each_with_an_explanation(project: Path) -> None:
    quiz = yaml.safe_load((project / "content" / "first-quiz.yaml").read_text(encoding="utf-8"))
    assert sorted(question["type"] for question in quiz["questions"]) == sorted(
        kind.value for kind in QuestionType
    )
    assert [question["id"] for question in quiz["questions"] if not question.get("explanation")] == []


def test_ui_yaml_has_every_message_the_player_names(project: Path) -> None:
    scripts = "\n".join(path.read_text(encoding="utf-8") for path in PLAYER.glob("*.js"))
    used = set(re.findall(r"\b(?:message|messageBlock|messageText|spoken)\(\"([a-z-]+)\"", scripts))
    # The page itself (toolkit/exporters/player/html.py) names these; the header names the levels.
    used |= {"language", "quiz-list", "guide-linked-quiz", "level-beginner", "level-intermediate"}
    used |= {"level-advanced"}
    # The index page's heading and start cards (toolkit/exporters/player/index_page.py).
    index = (PLAYER / "index_page.py").read_text(encoding="utf-8")
    used |= set(re.findall(r"request, locale, source, \"([a-z-]+)\"", index))
    assert len(used) > 10
    interface = yaml.safe_load((project / "content" / "ui.yaml").read_text(encoding="utf-8"))
    assert sorted(used - {message["name"] for message in interface["messages"]}) == []


def test_every_message_of_ui_yaml_is_shown_by_the_player_or_its_page(project: Path) -> None:
    # The player's code names a message as a literal, or passes it on (a hint, a button) as one; the
    # pages (html.py, index_page.py) name their own, and localize builds the level's name from the
    # quiz's level.
    code = "\n".join(path.read_text(encoding="utf-8") for path in PLAYER.glob("*.js"))
    for page in ("html.py", "index_page.py"):
        code += (ROOT / "toolkit" / "exporters" / "player" / page).read_text(encoding="utf-8")
    levels = {f"level-{level.value}" for level in Level}
    interface = yaml.safe_load((project / "content" / "ui.yaml").read_text(encoding="utf-8"))
    never_shown = [
        message["name"]
        for message in interface["messages"]
        if f'"{message["name"]}"' not in code and message["name"] not in levels
    ]
    assert never_shown == []


def test_a_new_project_s_index_shows_every_start_card_message(project: Path, tmp_path: Path) -> None:
    # The template's ui.yaml lacked the start card's messages: a new project's cards showed the language,
    # the level and a link named by the language, and nothing else.
    result = run_quizkit_in_process(project, "export", "--format", "html", "--out", str(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    document = lxml.html.fromstring((tmp_path / "html" / "index.html").read_bytes())
    (card,) = document.xpath("//li[@class='start-card']")
    lines = [(line.get("class"), " ".join(line.text_content().split())) for line in card]
    quiz = yaml.safe_load((project / "content" / "first-quiz.yaml").read_text(encoding="utf-8"))
    assert lines[-3:] == [
        ("quiz-facts", f"Review each question. {len(quiz['questions'])} questions"),
        ("answers-note", "Answers and explanations appear when you take the quiz."),
        ("start-quiz", "Start quiz"),
    ]


def test_yaml_files_name_the_schema_copied_beside_them(project: Path) -> None:
    from toolkit.schemas import schema_directory

    for name, schema in (("first-quiz.yaml", "quiz.schema.json"), ("ui.yaml", "ui.schema.json")):
        first = (project / "content" / name).read_text(encoding="utf-8").splitlines()[0]
        assert first == f"# yaml-language-server: $schema=../schema/{schema}"
        copied = project / "content" / "../schema" / schema
        assert copied.read_bytes() == (schema_directory() / schema).read_bytes()


def test_gitignore_and_the_ci_workflow(project: Path) -> None:
    ignored = (project / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert {"/dist/", "*.mo", ".quizkit-cache/", ".quizkit/"} <= set(ignored)
    workflow = yaml.safe_load((project / ".github" / "workflows" / "quizkit.yml").read_text(encoding="utf-8"))
    commands = [step.get("run") for step in workflow["jobs"]["build"]["steps"]]
    assert "quizkit build --strict" in commands
    assert "quizkit update --check" in commands
    # The quizkit that created the project, by the route it came (tests/scaffold/test_ci_workflow.py).
    assert 'pip install "$QUIZKIT_REQUIREMENT"' in commands


def test_force_beside_another_tools_broken_pyproject_makes_a_project_of_its_own(tmp_path: Path) -> None:
    # A pyproject.toml that does not parse and names no tool.quizkit is another tool's, not a broken
    # quizkit configuration: init writes quizkit.toml and leaves that file alone.
    project = tmp_path / "demo"
    project.mkdir()
    broken = "[project]\nname = quizzes\n"
    (project / "pyproject.toml").write_text(broken, encoding="utf-8")
    result = run_quizkit_in_process(tmp_path, "init", "demo", "--force")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines()[0] == "demo/quizkit.toml: written"
    assert result.stdout.splitlines()[-1] == (
        "project ready: 10 files written; next: cd demo && quizkit serve --open"
    )
    assert (project / "pyproject.toml").read_text(encoding="utf-8") == broken


def test_force_beside_a_broken_quizkit_configuration_reports_it(tmp_path: Path) -> None:
    project = tmp_path / "demo"
    project.mkdir()
    (project / "pyproject.toml").write_text("[tool.quizkit]\ntarget-locales = [ur]\n", encoding="utf-8")
    before = snapshot(tmp_path)
    result = run_quizkit_in_process(tmp_path, "init", "demo", "--force")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        f"{project / 'pyproject.toml'}:2: invalid TOML: Invalid value (at line 2, column 19)\n"
    )
    assert snapshot(tmp_path) == before


def test_the_link_that_leads_outside_is_named_not_a_link_inside_the_project_on_the_way(
    tmp_path: Path,
) -> None:
    elsewhere = tmp_path / "elsewhere.yaml"
    elsewhere.write_text("mine\n", encoding="utf-8")
    project = tmp_path / "demo"
    (project / "quizzes").mkdir(parents=True)
    # content/ is a link to a folder of the project: harmless; the quiz file in it leads outside.
    (project / "content").symlink_to("quizzes", target_is_directory=True)
    (project / "quizzes" / "first-quiz.yaml").symlink_to(elsewhere)
    before = snapshot(tmp_path)
    result = run_quizkit_in_process(tmp_path, "init", "demo", "--force")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "demo/content/first-quiz.yaml is a link that leads outside demo; quizkit init writes only inside the "
        "project, so it does not write content/first-quiz.yaml through it (nothing was written): remove it\n"
    )
    assert snapshot(tmp_path) == before
    assert elsewhere.read_text(encoding="utf-8") == "mine\n"


def test_a_path_that_climbs_out_without_a_link_is_not_called_a_link(tmp_path: Path) -> None:
    from toolkit.scaffold.new_project import InitError, _confined_targets

    project = tmp_path / "demo"
    (project / "content").mkdir(parents=True)
    with pytest.raises(InitError) as caught:
        _confined_targets(Path("demo"), project, ["content/../../first-quiz.yaml"])
    assert caught.value.message == (
        "demo/content/../.. leads outside demo; quizkit init writes only inside the project, so it does not "
        "write content/../../first-quiz.yaml (nothing was written): name a folder inside the project"
    )


def test_a_kind_s_hint_newer_than_the_template_is_written_into_a_new_project(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new kind declares its hint once (toolkit.content.player_messages); a project made by init has
    it in its ui.yaml, worded as declared, and validates with no warning, though the template lacks it."""
    from toolkit.content import loader, player_messages
    from toolkit.content.player_messages import KIND_HINTS, KindHint
    from toolkit.scaffold import new_project

    scale = KindHint("rate-on-scale", "Choose a level on the scale.", 'Hint under a "scale" question.')
    for module in (player_messages, loader, new_project):
        monkeypatch.setattr(module, "KIND_HINTS", (*KIND_HINTS, scale))
    assert run_quizkit_in_process(tmp_path, "init", "demo").returncode == 0
    project = tmp_path / "demo"
    messages = yaml.safe_load((project / "content" / "ui.yaml").read_text(encoding="utf-8"))["messages"]
    assert messages[-1] == {"name": scale.name, "text": scale.text, "comment": scale.comment}
    result = run_quizkit_in_process(project, "validate")
    assert (result.returncode, "warning" in result.stdout) == (0, False), result.stdout


def test_the_template_lists_every_kind_s_hint_so_init_adds_none() -> None:
    from toolkit.scaffold.new_project import with_kind_hints

    template = (ROOT / "toolkit" / "scaffold" / "template" / "content" / "ui.yaml").read_bytes()
    assert with_kind_hints(template) == template
