"""What is not a regular file, reads with a bound, and writes that must not happen (issue 17).

A FIFO hung every reader (and ``update``/``check`` held the writer lock while it waited), ``/dev/zero``
was read until memory ran out, a FIFO or a folder named ``*.yaml`` in content/ was skipped without a
word, a content link to ``/etc/passwd`` printed its first characters, a read-only catalog was replaced
by ``update`` and a failed write named no file. The situations cannot be stored as corpus files, so each
test builds its own in ``tmp_path``. Commands run with a short timeout: when a reader blocks on a FIFO the
test fails instead of hanging.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from support import copy_project, snapshot

CATALOG = "locales/ur/LC_MESSAGES/data-parallel.po"
PIPE_MESSAGE = "a named pipe (FIFO), not a regular file; quizkit reads only regular files"
DEVICE_MESSAGE = "a device, not a regular file; quizkit reads only regular files"
SHORT_TIMEOUT = 30
"""Seconds: a command here takes about one; a blocked read would wait forever."""


def run(
    folder: Path, *arguments: str, limit_file_size: int | None = None
) -> subprocess.CompletedProcess[str]:
    def limited() -> None:
        # The write then fails with EFBIG, as it would with ENOSPC on a full disk, and no signal kills it.
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        assert limit_file_size is not None
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit_file_size, limit_file_size))

    return subprocess.run(
        [sys.executable, "-m", "toolkit", *arguments],
        cwd=folder,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=SHORT_TIMEOUT,
        check=False,
        preexec_fn=limited if limit_file_size is not None else None,
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "project")


@pytest.mark.parametrize("command", [["status"], ["check"], ["update"], ["update", "--check"], ["build"]])
def test_a_fifo_catalog_is_refused_not_waited_for(project: Path, command: list[str]) -> None:
    (project / CATALOG).unlink()
    os.mkfifo(project / CATALOG)
    result = run(project, *command)
    assert (result.returncode, result.stderr) == (1, f"{CATALOG}: error[catalog]: {PIPE_MESSAGE}\n")
    assert (project / CATALOG).is_fifo()


@pytest.mark.parametrize(
    ("make", "message"),
    [(os.mkfifo, PIPE_MESSAGE), (lambda path: path.symlink_to("/dev/zero"), DEVICE_MESSAGE)],
    ids=["fifo", "dev-zero"],
)
@pytest.mark.parametrize(
    ("command", "kind"), [(["import", "--quiz", "scraped"], "import"), (["import-xliff"], "catalog")]
)
def test_a_pipe_or_a_device_given_to_an_import_is_refused(
    project: Path, make: object, message: str, command: list[str], kind: str
) -> None:
    source = project.parent / "input"
    assert callable(make)
    make(source)
    before = snapshot(project)
    result = run(project, *command, "../input")
    assert (result.returncode, result.stdout, result.stderr) == (
        1,
        "",
        f"../input: error[{kind}]: {message}\n",
    )
    assert snapshot(project) == before


def test_what_is_not_a_content_file_is_reported_by_name(project: Path) -> None:
    content = project / "content"
    os.mkfifo(content / "pipe.yaml")
    (content / "folder.yaml").mkdir()
    (content / "broken.yaml").symlink_to("missing.yaml")
    (content / "passwd.yaml").symlink_to("/etc/passwd")
    (content / "inside.yaml").symlink_to("data-parallel.yaml")  # a link within the project is read
    result = run(project, "validate")
    assert (result.returncode, result.stderr) == (1, "")
    assert result.stdout == (
        "content/broken.yaml: error[no-such-file]: a link to missing.yaml, which does not exist\n"
        "content/folder.yaml: error[not-a-file]: a folder named like a content file; "
        "quizkit reads only regular files\n"
        "content/passwd.yaml: error[link-outside-project]: a link to /etc/passwd, outside the project; "
        "quizkit does not follow it (copy the file into the project instead)\n"
        f"content/pipe.yaml: error[not-a-file]: {PIPE_MESSAGE}\n"
        "4 errors, 0 warnings in 4 of 6 files\n"
    )


def test_a_content_link_out_of_the_project_is_not_read(project: Path) -> None:
    secret = project.parent / "secret.yaml"
    secret.write_text("not-a-quiz: the first characters of a file quizkit must not show\n", encoding="utf-8")
    (project / "content" / "secret.yaml").symlink_to(secret)
    for command in ("validate", "build"):
        result = run(project, command)
        assert result.returncode == 1
        assert "must not show" not in result.stdout + result.stderr
        assert (
            "content/secret.yaml: error[link-outside-project]: a link to "
            f"{secret}, outside the project" in result.stdout
        )


def test_a_content_folder_linked_out_of_the_project_is_named_not_skipped(project: Path) -> None:
    """rglob does not go down a linked folder: its quizzes were left out of validate and build without a
    word. It is named as a linked file is (and as the preview names it), and nothing in it is read."""
    elsewhere = project.parent / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "hidden.yaml").write_text("not-a-quiz: a file quizkit must not show\n", encoding="utf-8")
    (project / "content" / "more").symlink_to(elsewhere, target_is_directory=True)
    for command in ("validate", "build"):
        result = run(project, command)
        assert result.returncode == 1, (command, result.stdout + result.stderr)
        assert "must not show" not in result.stdout + result.stderr
        assert (
            f"content/more: error[link-outside-project]: a link to {elsewhere}, outside the project; quizkit "
            "does not follow it (copy the file into the project instead)\n" in result.stdout
        ), (command, result.stdout)


def test_a_read_only_catalog_is_not_replaced(project: Path) -> None:
    quiz = project / "content" / "data-parallel.yaml"
    quiz.write_text(
        quiz.read_text(encoding="utf-8").replace("prompt: ", "prompt: Changed ", 1), encoding="utf-8"
    )
    catalog = project / CATALOG
    catalog.chmod(0o444)
    before = catalog.read_bytes()
    result = run(project, "update")
    assert (result.returncode, result.stderr) == (
        1,
        f"{CATALOG}: error[io]: the file is read-only; quizkit does not replace it "
        "(make it writable, chmod u+w, and run again)\n",
    )
    assert catalog.read_bytes() == before
    assert catalog.stat().st_mode & 0o777 == 0o444


def test_a_failed_write_names_the_file_being_written(project: Path) -> None:
    quiz = project / "content" / "data-parallel.yaml"
    quiz.write_text(
        quiz.read_text(encoding="utf-8").replace("prompt: ", "prompt: Changed ", 1), encoding="utf-8"
    )
    before = snapshot(project / "locales")
    result = run(project, "update", limit_file_size=4096)
    assert (result.returncode, result.stderr) == (1, "locales/data-parallel.pot: error[io]: File too large\n")
    assert snapshot(project / "locales") == before
