"""The CI workflow ``quizkit init`` writes: it installs quizkit by a route a CI machine can take, and its
commands, run as GitHub Actions runs them, pass on the new project, so the workflow cannot drift from
what quizkit really does.

GitHub Actions cannot run here; the test plays its part for the steps that use actions (checkout: the
project is the working folder; setup-python: a fresh virtual environment; upload-artifact: the folder
must hold files) and runs every ``run`` step with bash as the runner does, with the workflow's
environment, a locally built wheel standing in for the index or git URL in ``QUIZKIT_REQUIREMENT``.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from installed_package import BUILD_REQUIREMENTS, build_distributions, fresh_environment
from packaging.requirements import Requirement
from support import ROOT, run_quizkit_in_process

from toolkit.scaffold.requirement import (
    Checkout,
    InstallRoute,
    checkout_of,
    install_requirement,
    public_url,
    requirement_for,
)

ACTIONS_PLAYED_HERE = {"actions/checkout", "actions/setup-python", "actions/upload-artifact"}


def _workflow(project: Path) -> dict[Any, Any]:
    loaded = yaml.safe_load((project / ".github" / "workflows" / "quizkit.yml").read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def test_the_generated_workflow_installs_by_a_requirement_pip_reads(tmp_path: Path) -> None:
    assert run_quizkit_in_process(tmp_path, "init", "demo").returncode == 0
    job = _workflow(tmp_path / "demo")["jobs"]["build"]
    requirement = job["env"]["QUIZKIT_REQUIREMENT"]
    assert requirement == install_requirement().requirement
    assert Requirement(requirement).name == "quizkit"
    assert 'pip install "$QUIZKIT_REQUIREMENT"' in [step.get("run") for step in job["steps"]]


def test_the_workflow_installs_a_built_wheel_and_its_checks_pass(tmp_path: Path) -> None:
    _, wheel = build_distributions(tmp_path / "dist")
    environment = fresh_environment(tmp_path / "env")
    assert run_quizkit_in_process(tmp_path, "init", "demo").returncode == 0
    project = tmp_path / "demo"
    workflow = _workflow(project)
    (job,) = workflow["jobs"].values()
    assert job["runs-on"] == "ubuntu-latest"
    variables = environment.variables() | {"CI": "true", "GITHUB_ACTIONS": "true"}
    variables |= {name: str(value) for name, value in {**workflow.get("env", {}), **job["env"]}.items()}
    # The stand-in for the index or the git repository: the wheel of this checkout, by the same syntax.
    variables["QUIZKIT_REQUIREMENT"] = f"quizkit @ {wheel.as_uri()}"
    ran = []
    for step in job["steps"]:
        if "uses" in step:
            action = step["uses"].split("@")[0]
            assert action in ACTIONS_PLAYED_HERE, (
                f"a new action in the workflow: play its part here ({action})"
            )
            if action == "actions/setup-python":
                assert step["with"]["python-version"] == "3.11"
            if action == "actions/upload-artifact":
                uploaded = project / step["with"]["path"]
                assert any(path.is_file() for path in uploaded.rglob("*")), f"nothing to upload in {uploaded}"
            continue
        # GitHub's default shell on Linux: bash --noprofile --norc -eo pipefail {0}.
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
            cwd=project,
            env={**variables, **{name: str(value) for name, value in step.get("env", {}).items()}},
            capture_output=True,
            text=True,
            check=False,
            timeout=600,
        )
        assert done.returncode == 0, f"{step.get('name', step['run'])}:\n{done.stdout}{done.stderr}"
        ran.append(step["run"])
    assert ran == ['pip install "$QUIZKIT_REQUIREMENT"', "quizkit update --check", "quizkit build --strict"]
    # The steps ran the quizkit the first one installed, not this checkout's.
    located = environment.run(["python", "-c", "import toolkit; print(toolkit.__file__)"], project)
    assert Path(located.stdout.strip()) == environment.site_packages / "toolkit" / "__init__.py"
    assert (environment.bin / "quizkit").is_file()


COMMIT = "0123456789abcdef0123456789abcdef01234567"


@pytest.mark.parametrize(
    ("direct_url", "remote", "expected"),
    [
        # Served by an index: no direct_url.json.
        (None, None, "quizkit==0.1.0"),
        (
            {"url": "https://github.com/owner/quizkit.git", "vcs_info": {"vcs": "git", "commit_id": COMMIT}},
            None,
            f"quizkit @ git+https://github.com/owner/quizkit.git@{COMMIT}",
        ),
        # An ssh URL needs the author's key: CI fetches the same repository over https.
        (
            {
                "url": "ssh://git@github.com/owner/quizkit.git",
                "vcs_info": {"vcs": "git", "commit_id": COMMIT},
            },
            None,
            f"quizkit @ git+https://github.com/owner/quizkit.git@{COMMIT}",
        ),
        (
            {
                "url": "https://example.org/quizkit-0.1.0-py3-none-any.whl",
                "archive_info": {"hash": "sha256=" + "a" * 64},
            },
            None,
            "quizkit @ https://example.org/quizkit-0.1.0-py3-none-any.whl#sha256=" + "a" * 64,
        ),
        # A checkout (pip install ., editable): its origin remote at its HEAD commit, credentials dropped.
        (
            {"url": "file:///home/author/quizkit", "dir_info": {"editable": True}},
            Checkout("https://author:secret@gitlab.example.org/team/quizkit.git", COMMIT, published=True),
            f"quizkit @ git+https://gitlab.example.org/team/quizkit.git@{COMMIT}",
        ),
        (
            {"url": "file:///home/author/quizkit", "dir_info": {}},
            Checkout("git@github.com:owner/quizkit.git", COMMIT, published=True),
            f"quizkit @ git+https://github.com/owner/quizkit.git@{COMMIT}",
        ),
    ],
)
def test_the_requirement_follows_the_route_quizkit_was_installed_by(
    direct_url: dict[str, Any] | None, remote: Checkout | None, expected: str
) -> None:
    route = requirement_for("0.1.0", direct_url, lambda folder: remote)
    assert route == InstallRoute(expected)
    assert Requirement(route.requirement).name == "quizkit"


def _fallback(why: str) -> str:
    return (
        "it installs quizkit==0.1.0, which only an index serving that version provides, not the quizkit that "
        f"ran init: {why}. Set QUIZKIT_REQUIREMENT to a route CI can reach (a git URL pinned to a pushed "
        'commit, "quizkit @ git+https://HOST/PATH@COMMIT", or a wheel on a server CI can fetch)'
    )


@pytest.mark.parametrize(
    ("direct_url", "remote", "why"),
    [
        # Nothing CI can reach: the version is the one requirement left, and the problem says so.
        (
            {"url": "file:///home/author/quizkit", "dir_info": {}},
            None,
            "it was installed from the folder /home/author/quizkit, which is no git checkout with a remote "
            "origin, so CI cannot fetch it",
        ),
        (
            {"url": "file:///home/author/quizkit", "dir_info": {}},
            Checkout("/srv/git/quizkit.git", COMMIT, published=True),
            "it was installed from the checkout /home/author/quizkit, whose remote origin "
            "(/srv/git/quizkit.git) only this machine can reach",
        ),
        (
            {"url": "file:///tmp/quizkit-0.1.0-py3-none-any.whl", "archive_info": {}},
            None,
            "it was installed from the file /tmp/quizkit-0.1.0-py3-none-any.whl, which CI cannot reach",
        ),
        (
            {"url": "file:///srv/git/quizkit.git", "vcs_info": {"vcs": "git", "commit_id": COMMIT}},
            None,
            "it was installed from git+file:///srv/git/quizkit.git, a repository only this machine can reach",
        ),
        (
            {"url": "https://author:secret@/quizkit-0.1.0.tar.gz", "archive_info": {}},
            None,
            "it was installed from https:///quizkit-0.1.0.tar.gz, which names no host",
        ),
        (
            {"url": "sftp://author:secret@example.org/quizkit-0.1.0.tar.gz", "archive_info": {}},
            None,
            "it was installed from sftp://example.org/quizkit-0.1.0.tar.gz, which CI cannot reach",
        ),
        ({"dir_info": {}}, None, "its install record (direct_url.json) names no URL"),
    ],
)
def test_a_route_ci_cannot_take_falls_back_to_the_version_saying_why(
    direct_url: dict[str, Any], remote: Checkout | None, why: str
) -> None:
    assert requirement_for("0.1.0", direct_url, lambda folder: remote) == InstallRoute(
        "quizkit==0.1.0", _fallback(why)
    )


def test_a_checkout_is_asked_for_its_remote_by_its_folder() -> None:
    asked: list[Path] = []

    def remote(folder: Path) -> None:
        asked.append(folder)

    requirement_for("0.1.0", {"url": "file:///home/author/my%20quizkit", "dir_info": {}}, remote)
    assert asked == [Path("/home/author/my quizkit")]


@pytest.mark.parametrize(
    ("url", "public"),
    [
        ("https://github.com/owner/quizkit", "https://github.com/owner/quizkit"),
        ("https://token@github.com/owner/quizkit", "https://github.com/owner/quizkit"),
        ("https://gitlab.example.org/quizkit.git?private_token=x", "https://gitlab.example.org/quizkit.git"),
        ("https://git.example.org:8443/quizkit.git", "https://git.example.org:8443/quizkit.git"),
        ("git://example.org/quizkit.git", "https://example.org/quizkit.git"),
        ("file:///srv/git/quizkit.git", None),
        # A Windows path is no host and path.
        ("C:\\src\\quizkit", None),
        ("../quizkit", None),
    ],
)
def test_public_urls(url: str, public: str | None) -> None:
    assert public_url(url) == public


REMOTE_URL = "https://example.org/team/quizkit.git"


def _git(folder: Path, *arguments: str) -> str:
    done = subprocess.run(
        [
            "git",
            "-C",
            str(folder),
            "-c",
            "user.name=Author",
            "-c",
            "user.email=author@example.org",
            *arguments,
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return done.stdout.strip()


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A git checkout with one commit and an ``origin`` remote it has never fetched from or pushed to."""
    folder = tmp_path / "quizkit"
    folder.mkdir()
    _git(folder, "init", "--quiet", "--initial-branch=main")
    (folder / "README.md").write_text("quizkit\n", encoding="utf-8")
    _git(folder, "add", "README.md")
    _git(folder, "commit", "--quiet", "-m", "first")
    _git(folder, "remote", "add", "origin", REMOTE_URL)
    return folder


def _published(folder: Path, remote: str = "origin", branch: str = "main") -> None:
    """What ``git push`` (or a fetch) leaves in the checkout: a remote-tracking branch at HEAD."""
    _git(folder, "update-ref", f"refs/remotes/{remote}/{branch}", "HEAD")


def test_a_checkout_knows_whether_its_head_is_on_a_branch_of_origin(checkout: Path) -> None:
    first = _git(checkout, "rev-parse", "HEAD")
    assert checkout_of(checkout) == Checkout(REMOTE_URL, first, published=False)
    _published(checkout)
    assert checkout_of(checkout) == Checkout(REMOTE_URL, first, published=True)
    # A commit after the push: on no branch of origin until it is pushed too.
    _git(checkout, "commit", "--quiet", "--allow-empty", "-m", "local")
    second = _git(checkout, "rev-parse", "HEAD")
    assert checkout_of(checkout) == Checkout(REMOTE_URL, second, published=False)
    # Pushed to another remote (a fork): still not where the workflow fetches from.
    _git(checkout, "remote", "add", "fork", "https://example.org/me/quizkit.git")
    _published(checkout, remote="fork")
    assert checkout_of(checkout) == Checkout(REMOTE_URL, second, published=False)
    _published(checkout, branch="feature")
    assert checkout_of(checkout) == Checkout(REMOTE_URL, second, published=True)


def test_a_checkout_without_origin_is_no_route(checkout: Path, tmp_path: Path) -> None:
    _git(checkout, "remote", "remove", "origin")
    assert checkout_of(checkout) is None
    assert checkout_of(tmp_path / "not-a-checkout") is None


def _route(folder: Path) -> InstallRoute:
    return requirement_for("0.1.0", {"url": folder.as_uri(), "dir_info": {"editable": True}}, checkout_of)


def test_a_commit_not_pushed_falls_back_to_the_version_saying_why(checkout: Path) -> None:
    _published(checkout)
    first = _git(checkout, "rev-parse", "HEAD")
    assert _route(checkout) == InstallRoute(f"quizkit @ git+{REMOTE_URL}@{first}")
    _git(checkout, "commit", "--quiet", "--allow-empty", "-m", "local")
    second = _git(checkout, "rev-parse", "HEAD")
    assert _route(checkout) == InstallRoute(
        "quizkit==0.1.0",
        f"it installs quizkit==0.1.0, not the quizkit checkout that ran init ({checkout}): that checkout's "
        f"commit {second[:12]} is on no branch of its remote origin ({REMOTE_URL}), so CI could not fetch "
        f'it. Push the commit (git push origin), then set QUIZKIT_REQUIREMENT to "quizkit @ '
        f'git+{REMOTE_URL}@{second}", or to another route CI can take',
    )


def test_init_warns_where_the_workflow_cannot_install_the_checkout_it_came_from(
    checkout: Path, tmp_path: Path
) -> None:
    from contextlib import chdir

    from toolkit.scaffold import create_project

    commit = _git(checkout, "rev-parse", "HEAD")
    with chdir(tmp_path):
        result = create_project(Path("demo"), route=_route(checkout))
    workflow = tmp_path / "demo" / ".github" / "workflows" / "quizkit.yml"
    assert _workflow(tmp_path / "demo")["jobs"]["build"]["env"]["QUIZKIT_REQUIREMENT"] == "quizkit==0.1.0"
    (warning,) = result.warnings
    line = workflow.read_text(encoding="utf-8").splitlines()[warning.line - 1]
    assert line.strip() == 'QUIZKIT_REQUIREMENT: "quizkit==0.1.0"'
    assert warning.to_text() == (
        f"demo/.github/workflows/quizkit.yml:{warning.line}: warning[ci-requirement]: it installs quizkit==0.1.0, not the quizkit "
        f"checkout that ran init ({checkout}): that checkout's commit {commit[:12]} is on no branch of its "
        f"remote origin ({REMOTE_URL}), so CI could not fetch it. Push the commit (git push origin), then "
        f'set QUIZKIT_REQUIREMENT to "quizkit @ git+{REMOTE_URL}@{commit}", or to another route CI can take'
    )
    # Pushed: the workflow pins that commit, and there is nothing to say.
    _published(checkout)
    pinned = create_project(tmp_path / "pinned", route=_route(checkout))
    requirement = _workflow(tmp_path / "pinned")["jobs"]["build"]["env"]["QUIZKIT_REQUIREMENT"]
    assert (requirement, pinned.warnings) == (f"quizkit @ git+{REMOTE_URL}@{commit}", ())


def test_init_from_a_checkout_whose_commit_is_not_pushed_prints_the_warning(tmp_path: Path) -> None:
    """quizkit installed from a git checkout (``pip install FOLDER``) at a commit its origin lacks, and
    ``quizkit init`` run by that installed copy, as an author would."""
    import shutil

    source = tmp_path / "quizkit"
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, source / name)
    for name in ("toolkit", "schema"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    _git(source, "init", "--quiet", "--initial-branch=main")
    _git(source, "add", "--all")
    _git(source, "commit", "--quiet", "-m", "quizkit")
    _git(source, "remote", "add", "origin", REMOTE_URL)
    commit = _git(source, "rev-parse", "HEAD")
    # The build backend: pip builds the checkout without asking an index for it.
    environment = fresh_environment(tmp_path / "env", tools=BUILD_REQUIREMENTS)
    installed = environment.run(
        ["python", "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", str(source)],
        tmp_path,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    result = environment.run(["quizkit", "init", "demo"], tmp_path)
    assert (result.returncode, result.stderr) == (0, "")
    line = next(
        number
        for number, text in enumerate(
            (tmp_path / "demo" / ".github" / "workflows" / "quizkit.yml")
            .read_text(encoding="utf-8")
            .splitlines(),
            start=1,
        )
        if text.strip().startswith("QUIZKIT_REQUIREMENT:")
    )
    version = _workflow(tmp_path / "demo")["jobs"]["build"]["env"]["QUIZKIT_REQUIREMENT"]
    assert result.stdout.splitlines()[-2:] == [
        f"demo/.github/workflows/quizkit.yml:{line}: warning[ci-requirement]: it installs {version}, not the "
        f"quizkit checkout that ran init ({source}): that checkout's commit {commit[:12]} is on no branch of "
        f"its remote origin ({REMOTE_URL}), so CI could not fetch it. Push the commit (git push origin), then "
        f'set QUIZKIT_REQUIREMENT to "quizkit @ git+{REMOTE_URL}@{commit}", or to another route CI can take',
        "project ready: 10 files written; next: cd demo && quizkit serve --open",
    ]
    assert version.startswith("quizkit==")
    _published(source)
    pinned = environment.run(["quizkit", "init", "pinned"], tmp_path)
    assert (pinned.returncode, pinned.stderr) == (0, "")
    assert "warning" not in pinned.stdout
    requirement = _workflow(tmp_path / "pinned")["jobs"]["build"]["env"]["QUIZKIT_REQUIREMENT"]
    assert requirement == f"quizkit @ git+{REMOTE_URL}@{commit}"


def _init_warning(tmp_path: Path, route: InstallRoute) -> str:
    """The one warning ``quizkit init`` gives for a workflow that installs by ``route``, as printed."""
    from contextlib import chdir

    from toolkit.scaffold import create_project

    with chdir(tmp_path):
        result = create_project(Path("demo"), route=route)
    assert _workflow(tmp_path / "demo")["jobs"]["build"]["env"]["QUIZKIT_REQUIREMENT"] == "quizkit==0.1.0"
    (warning,) = result.warnings
    workflow = (tmp_path / "demo" / ".github" / "workflows" / "quizkit.yml").read_text(encoding="utf-8")
    assert workflow.splitlines()[warning.line - 1].strip() == 'QUIZKIT_REQUIREMENT: "quizkit==0.1.0"'
    return warning.to_text()


def test_init_warns_where_quizkit_came_from_a_checkout_with_no_remote(checkout: Path, tmp_path: Path) -> None:
    """An editable install of a checkout that has no ``origin``: nothing CI can fetch."""
    _git(checkout, "remote", "remove", "origin")
    warning = _init_warning(tmp_path, _route(checkout))
    line = warning.split(":")[1]
    assert warning == (
        f"demo/.github/workflows/quizkit.yml:{line}: warning[ci-requirement]: "
        + _fallback(
            f"it was installed from the folder {checkout}, which is no git checkout with a remote origin, "
            "so CI cannot fetch it"
        )
    )


def test_init_warns_where_quizkit_came_from_a_wheel_file(tmp_path: Path) -> None:
    """``pip install dist/quizkit-0.1.0-py3-none-any.whl``, as pip records it (PEP 610)."""
    wheel = tmp_path / "dist" / "quizkit-0.1.0-py3-none-any.whl"
    recorded = {"url": wheel.as_uri(), "archive_info": {"hash": "sha256=" + "a" * 64}}
    warning = _init_warning(tmp_path, requirement_for("0.1.0", recorded, checkout_of))
    line = warning.split(":")[1]
    assert warning == (
        f"demo/.github/workflows/quizkit.yml:{line}: warning[ci-requirement]: "
        + _fallback(f"it was installed from the file {wheel}, which CI cannot reach")
    )


def test_quizkit_run_from_its_sources_not_installed_warns(tmp_path: Path) -> None:
    """The sources on ``sys.path`` with no quizkit installed: no install record, so no route to name."""
    environment = fresh_environment(tmp_path / "env")
    program = (
        f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
        "from toolkit.scaffold.requirement import install_requirement; print(install_requirement())"
    )
    done = environment.run(["python", "-c", program], tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    expected = InstallRoute(
        "quizkit==0.1.0", _fallback("it runs from its sources, not installed, so no route is recorded")
    )
    assert done.stdout == f"{expected}\n"
