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
from installed_package import build_distributions, fresh_environment
from packaging.requirements import Requirement
from support import run_quizkit_in_process

from toolkit.scaffold.requirement import install_requirement, public_url, requirement_for

ACTIONS_PLAYED_HERE = {"actions/checkout", "actions/setup-python", "actions/upload-artifact"}


def _workflow(project: Path) -> dict[Any, Any]:
    loaded = yaml.safe_load((project / ".github" / "workflows" / "quizkit.yml").read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def test_the_generated_workflow_installs_by_a_requirement_pip_reads(tmp_path: Path) -> None:
    assert run_quizkit_in_process(tmp_path, "init", "demo").returncode == 0
    job = _workflow(tmp_path / "demo")["jobs"]["build"]
    requirement = job["env"]["QUIZKIT_REQUIREMENT"]
    assert requirement == install_requirement()
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
            ("https://author:secret@gitlab.example.org/team/quizkit.git", COMMIT),
            f"quizkit @ git+https://gitlab.example.org/team/quizkit.git@{COMMIT}",
        ),
        (
            {"url": "file:///home/author/quizkit", "dir_info": {}},
            ("git@github.com:owner/quizkit.git", COMMIT),
            f"quizkit @ git+https://github.com/owner/quizkit.git@{COMMIT}",
        ),
        # Nothing CI can reach: a checkout with no remote, a remote that is a folder, a wheel file.
        ({"url": "file:///home/author/quizkit", "dir_info": {}}, None, "quizkit==0.1.0"),
        (
            {"url": "file:///home/author/quizkit", "dir_info": {}},
            ("/srv/git/quizkit.git", COMMIT),
            "quizkit==0.1.0",
        ),
        ({"url": "file:///tmp/quizkit-0.1.0-py3-none-any.whl", "archive_info": {}}, None, "quizkit==0.1.0"),
    ],
)
def test_the_requirement_follows_the_route_quizkit_was_installed_by(
    direct_url: dict[str, Any] | None, remote: tuple[str, str] | None, expected: str
) -> None:
    requirement = requirement_for("0.1.0", direct_url, lambda folder: remote)
    assert requirement == expected
    assert Requirement(requirement).name == "quizkit"


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
