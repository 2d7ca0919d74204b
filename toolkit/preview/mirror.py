"""The project's sources copied into the preview folder, so that a preview build writes nowhere else.

A build updates catalogs and templates, compiles ``.mo`` files, writes its cache and exports: run on
the project itself it would change the author's files. The preview runs the same build on a copy of the
configuration, ``content/`` and ``locales/`` inside ``.quizkit/preview/project/``. A source file is copied
again only when its bytes changed since it was last copied (the build's own update of the copy is not
undone by every sync), and read again only when its size, times or inode changed (a save reads one
file, not the whole project), and a copy whose source was deleted is deleted: as the preview runs, and, for
what was deleted while it did not run, at its first sync (every copied input that is no source any
more goes; the build's own outputs it no longer needs are the build's to remove).

The copy never reaches outside the project: a source that is a link leading out of the project is not
copied (the build refuses it the same way), and the copy's own folder must be a plain folder of the
project, no link on the way, so that neither the copy nor the build writes over someone else's files.
A source that is no regular file (a folder or a pipe named like a quiz or a catalog) is not copied
either: the preview names it as validate and build do, and does not build without it (a build of the
copy would make a fresh, empty catalog in its place and say nothing).
"""

from __future__ import annotations

import errno
import hashlib
import os
import time
from collections.abc import Callable, Collection, Iterable
from dataclasses import replace
from pathlib import Path

from toolkit.config import ProjectConfig
from toolkit.diagnostics import Diagnostic
from toolkit.files import (
    TEMPORARY_SUFFIX,
    Access,
    OutsideProjectError,
    confined,
    read_regular_file,
    remove_stale_temporaries,
    write_bytes_atomic,
)

MAX_SOURCE_BYTES = 64 * 1024 * 1024
SETTLED_NANOSECONDS = 2_000_000_000
"""A file's times are kept to the kernel's clock tick (milliseconds): a second write of the same size in
the same tick leaves them as they were. A file written this recently is read whatever its times say,
and its times are trusted only once they are older (as git treats its index's "racily clean" files)."""
COMPILED_SUFFIX = ".mo"
_SOURCE_SUFFIXES = (".yaml", ".yml", ".po", ".pot", ".toml", ".tmx")
PREVIEW_ROOT = ".quizkit"
"""The project's folder of quizkit's own files (the preview's among them): never a source."""


class ProjectMirror:
    def __init__(self, config: ProjectConfig, folder: Path) -> None:
        self.root = config.root.absolute()
        self.folder = folder.absolute()
        """The copy's root: the preview folder's ``project/``."""
        self.preview = self.folder.parent
        self._copied: dict[str, str] = {}
        """The digest of each source file as it was last copied, by its name relative to the project."""
        self._stamps: dict[str, tuple[int, int, int, int, int]] = {}
        """The file's device, inode, size and modification and change times when it was last copied:
        a source whose stamp is the same is not read again (a save changes the times, and a file
        written in place keeps no earlier change time)."""
        self._pruned = False
        """Whether the first sync removed the copies of files deleted while the preview did not run."""
        self._sources: dict[str, Path] | None = None
        """The sources as the last sync found them, while they can stand for the next sync given the
        paths that changed since (:meth:`sync`): None after a scan that found something the scan alone
        judges (a link out of the project, a source that is no regular file)."""
        self._plain = False
        """Whether the last scan found nothing but regular files among the sources."""
        self.configure(config)

    def configure(self, config: ProjectConfig) -> None:
        """Follow the project's configuration as it is now (it is watched too)."""
        self.source = config
        self.config = replace(
            config,
            root=self.folder,
            config_file=self.folder / config.config_file.name if config.config_file is not None else None,
            # Not copied (hundreds of PNGs per locale): the copy's update reads the project's own, so it
            # keeps every "#. Screenshot:" comment and the copy's catalogs line for line the author's.
            screenshots_base=self.root,
        )

    def is_source(self, path: Path) -> bool:
        """Whether a change to ``path`` (absolute) changes what the preview builds."""
        if path.is_relative_to(self.preview) or path.name.endswith(TEMPORARY_SUFFIX):
            return False
        if self.source.config_file is not None and path == self.source.config_file.absolute():
            return True
        if path.is_relative_to(self.root) and self._builds_own(path.relative_to(self.root)):
            return False
        return any(
            path.is_relative_to(folder.absolute())
            for folder in (self.source.content_path, self.source.locales_path)
        )

    def _builds_own(self, relative: Path) -> bool:
        """Whether ``relative`` (to the project, or to the copy) is where a build writes, never what it
        reads: compiled catalogs, the cache, the output folder, quizkit's own folder. A content folder
        that is the project's root holds them too: they are neither copied nor pruned."""
        from toolkit.build.cache import CACHE_FOLDER

        if relative.suffix == COMPILED_SUFFIX or relative.name.endswith(TEMPORARY_SUFFIX):
            return True
        parts = relative.parts
        if parts and parts[0] in (CACHE_FOLDER, PREVIEW_ROOT):
            return True
        output = Path(os.path.normpath(self.source.output_dir))
        return relative == output or relative.is_relative_to(output)

    def sources(self) -> dict[str, Path]:
        """The project's source files by their name relative to the project (links out of it left out)."""
        return self._scan()[0]

    def _scan(self) -> tuple[dict[str, Path], list[Diagnostic]]:
        """The sources, and a refusal for each link that leads out of the project and for each source
        that is no regular file (:meth:`_not_files`)."""
        from toolkit.content.validation import link_outside_project

        found: dict[str, Path] = {}
        others: list[Path] = []
        """What is found in the content and locales folders that is no regular file."""
        refused: list[Diagnostic] = []
        root = self.root.resolve()

        def inside(path: Path) -> bool:
            if path.resolve().is_relative_to(root):
                return True
            refused.append(link_outside_project(path))
            return False

        config_file = self.source.config_file
        if config_file is not None and config_file.is_file() and inside(config_file):
            found[config_file.name] = config_file
        for folder in (self.source.content_path, self.source.locales_path):
            if not folder.is_dir() or not inside(folder):
                continue
            # rglob never goes down a linked folder: a link (to a file or a folder) is looked at here.
            for path in sorted(folder.rglob("*")):
                absolute = path.absolute()
                if not self.is_source(absolute) or (path.is_symlink() and not inside(path)):
                    continue
                if path.is_file():
                    found[absolute.relative_to(self.root).as_posix()] = path
                else:
                    others.append(path)
        refused += self._not_files(found.values(), others)
        # A plain folder named like no source is nothing a later change can make a problem of; any other
        # (a link, a pipe, a folder named like a quiz or a catalog) the scan judges again each time.
        self._plain = not any(
            path.is_symlink() or not path.is_dir() or path.suffix in _SOURCE_SUFFIXES for path in others
        )
        return found, refused

    def _not_files(self, sources: Iterable[Path], others: list[Path]) -> list[Diagnostic]:
        """What validate and build say of each of ``others`` that they would read (a folder, a pipe, a
        link to nothing where a regular file belongs), in their words, from their own readers.

        As a build does: a content file stops it before anything else is read; otherwise the templates
        and catalogs of the quizzes and interface (``sources``) in the target locales, and the target
        locales' glossaries, are read, and nothing else: a memory file (or an orphan catalog) that is
        no regular file the build passes over, and so does the preview (it is not copied)."""
        from toolkit.catalogs.workflow import CatalogError, read_catalog
        from toolkit.content.glossary import GlossaryError, load_glossary
        from toolkit.content.validation import CONTENT_SUFFIXES, content_file_problem, is_interface_file
        from toolkit.keys import UI_DOMAIN, is_valid_id

        content = self.source.content_path.absolute()

        def is_content(path: Path) -> bool:
            return path.suffix in CONTENT_SUFFIXES and path.absolute().is_relative_to(content)

        problems = [found for path in others if is_content(path) and (found := content_file_problem(path))]
        if problems:
            return problems
        domains = {
            UI_DOMAIN if is_interface_file(path) else path.stem for path in sources if is_content(path)
        }
        locales = self.source.locales_path.absolute()
        targets = set(self.source.target_locales)
        for path in others:
            absolute = path.absolute()
            if not path.exists() or not absolute.is_relative_to(locales) or absolute == locales:
                continue  # a link to nothing reads as no file: the build makes the file, as it would here
            parts = absolute.relative_to(locales).parts
            name = Path(parts[-1])
            if not is_valid_id(name.stem):
                continue
            if len(parts) == 1 and name.suffix == ".pot" and name.stem in domains:
                problems += _template_problems(path)
            elif (
                len(parts) == 3 and parts[0] in targets and parts[1] == "LC_MESSAGES" and name.suffix == ".po"
            ):
                if name.stem in domains:
                    problems += _reading_problems(path, read_catalog, CatalogError)
            elif (
                len(parts) == 2 and parts[0] == "glossary" and name.suffix == ".yaml" and name.stem in targets
            ):
                problems += _reading_problems(path, load_glossary, GlossaryError)
        return problems

    def check_folder(self, action: Access = "write") -> None:
        """Refuse a copy folder that is not plainly the project's own: a link on the way from the project
        to it would send the copy and the build's writes somewhere else (another project, even this
        project's own sources), and have the server show pages and catalogs read from there. The refusal
        says which of the two ``action`` is."""
        root = self.root.resolve()
        expected = root / self.folder.relative_to(self.root)
        if action == "write":
            rule = f"the preview writes only into the plain folder {expected}"
            remedy = "remove it, and quizkit serve makes the folder"
        else:
            rule = f"the preview reads only from the plain folder {expected}"
            remedy = "remove it, and restart quizkit serve: it makes the folder"
        step = root
        for part in self.folder.relative_to(self.root).parts:
            step = step / part
            if step.is_symlink() or (step.exists() and not step.is_dir()):
                kind = "a link" if step.is_symlink() else "not a folder"
                raise OutsideProjectError(f"{step}: it is {kind}; {rule} ({remedy})", action=action)
        if self.folder.exists() and self.folder.resolve() != expected:
            raise OutsideProjectError(f"{self.folder}: it leads outside {root}", action=action)

    def _changed_sources(self, paths: Collection[Path]) -> tuple[dict[str, Path], set[str]] | None:
        """The sources after the last sync's, given the ``paths`` (absolute) that changed since, and the
        names to look at; None where only a scan can tell (the configuration, a folder, a link, something
        that is no regular file, or no scan to start from)."""
        if self._sources is None or not self._pruned:
            return None
        current = dict(self._sources)
        names: set[str] = set()
        configuration = self.source.config_file.absolute() if self.source.config_file is not None else None
        for path in paths:
            absolute = Path(path).absolute()
            if not self.is_source(absolute):
                continue
            # A link on the way (or the file itself one) is the scan's to judge, as a folder is.
            if absolute == configuration or os.path.realpath(absolute) != os.fspath(absolute):
                return None
            name = absolute.relative_to(self.root).as_posix()
            if absolute.is_file():
                current[name] = absolute
            elif os.path.lexists(absolute) or any(other.startswith(f"{name}/") for other in current):
                return None  # no regular file, or a folder gone with its files
            else:
                current.pop(name, None)
            names.add(name)
        return current, names

    def sync(self, paths: Collection[Path] | None = None) -> bool:
        """Bring the copy in step with the project; whether anything changed.

        ``paths``: the paths a watcher saw change since the last sync (None: unknown). Then only they,
        and the files last read too recently for their times to tell (:data:`SETTLED_NANOSECONDS`), are
        looked at, not every source of the project; anything only a scan can judge makes it a scan.

        A link out of the project is not copied, and ends the sync with a ContentError that names it,
        after everything else is copied."""
        from toolkit.content.validation import ContentError

        self.check_folder()
        changed_sources = self._changed_sources(paths) if paths is not None else None
        if changed_sources is None:
            current, refused = self._scan()
            looked_at: Collection[str] = current
        else:
            (current, looked_at), refused = changed_sources, []
            looked_at = {*looked_at, *(name for name in current if name not in self._stamps)}
        # Kept only once this sync is done: one that stops midway leaves the next sync a scan.
        self._sources = None
        changed = False
        if not self._pruned:
            # Under the preview's writer lock: a temporary file found now was left by a killed serve.
            remove_stale_temporaries(self.preview)
            changed = self._prune(current)
            self._pruned = True
        # Deletions first: a source file that replaced a folder of the same name (or a folder that replaced
        # a file) finds its place in the copy free.
        for name in sorted(set(self._copied) - set(current)):
            target = confined(self.folder / name, self.folder)
            target.unlink(missing_ok=True)
            self._remove_empty_folders(target.parent)
            del self._copied[name]
            self._stamps.pop(name, None)
            changed = True
        for name in looked_at:
            path = current.get(name)
            if path is None:
                continue  # gone: removed above
            stamp = _stamp(path)
            if stamp is not None and name in self._copied and self._stamps.get(name) == stamp:
                continue
            data = read_regular_file(path, MAX_SOURCE_BYTES)
            digest = hashlib.sha256(data).hexdigest()
            if self._copied.get(name) != digest:
                target = confined(self.folder / name, self.folder)
                target.parent.mkdir(parents=True, exist_ok=True)
                write_bytes_atomic(target, data)
                self._copied[name] = digest
                changed = True
            if stamp is not None:  # taken before the read: a write meanwhile makes the next sync read it
                self._stamps[name] = stamp
            else:
                self._stamps.pop(name, None)  # read again until its times can tell
        if refused:
            raise ContentError(refused)
        self._sources = current if self._plain else None
        return changed

    def forget_sources(self) -> None:
        """Make the next sync a scan: changes were seen that no sync took in."""
        self._sources = None

    def _prune(self, current: dict[str, Path]) -> bool:
        """Remove the copies of inputs deleted while the preview did not run (a quiz, a catalog, a
        glossary, a memory file): every file of the copy's content and locales folders that is no source
        now, whatever the layout (a content folder that is the project root too), except what the build
        writes there itself (:meth:`_builds_own`)."""
        from toolkit.config import CONFIG_FILES

        removed = False
        copy_root = self.folder.resolve()
        names = set(current)
        for name in CONFIG_FILES:  # a project that moved its configuration from one file to the other
            if name not in names and (self.folder / name).is_file():
                (self.folder / name).unlink()
                removed = True
        for source_folder in (self.source.content_path, self.source.locales_path):
            try:
                relative = source_folder.absolute().relative_to(self.root)
            except ValueError:
                continue
            folder = self.folder / relative
            if not folder.is_dir():
                continue
            for path in sorted(folder.rglob("*"), reverse=True):  # a folder after what it holds
                in_copy = path.relative_to(self.folder)
                if in_copy.as_posix() in names or self._builds_own(in_copy):
                    continue
                confined(path.parent, copy_root)
                if path.is_dir() and not path.is_symlink():
                    if not any(path.iterdir()):
                        path.rmdir()
                    continue
                path.unlink(missing_ok=True)
                removed = True
        return removed

    def _top_folders(self) -> list[str]:
        """The content and locales folders, relative to the project (and so to the copy)."""
        names = []
        for folder in (self.source.content_path, self.source.locales_path):
            absolute = folder.absolute()
            if absolute.is_relative_to(self.root):
                names.append(absolute.relative_to(self.root).as_posix())
        return names

    def _remove_empty_folders(self, folder: Path) -> None:
        """Remove ``folder`` and the folders above it while they are empty, up to the copy's content and
        locales folders (kept, as the project's are: an empty content folder is the build's to report)."""
        root = self.folder.resolve()
        kept = {root, *(confined(self.folder / name, root) for name in self._top_folders())}
        while (
            folder not in kept
            and folder.is_relative_to(root)
            and folder.is_dir()
            and not any(folder.iterdir())
        ):
            folder.rmdir()
            folder = folder.parent

    def original(self, path: Path) -> Path:
        """The project file that ``path`` in the copy stands for (``path`` itself if it is not in the copy)."""
        absolute = Path(
            os.path.normpath(Path.cwd() / path)
        )  # messages name files relative to the working folder
        if absolute.is_relative_to(self.folder):
            return self.root / absolute.relative_to(self.folder)
        return path

    def in_project(self, text: str) -> str:
        """``text`` (a message) with each file of the copy it names, absolute or relative to the working
        folder as messages name them, named as the project's own file (a message that names a second
        file, such as where a key was first defined, names the author's)."""
        named = text.replace(f"{self.folder}{os.sep}", f"{self.root}{os.sep}")
        try:
            working = Path.cwd()
        except OSError:  # no working folder any more: messages name no file relative to it
            return named
        if self.folder.is_relative_to(working):
            project = os.path.relpath(self.root, working)
            named = named.replace(
                f"{os.path.relpath(self.folder, working)}{os.sep}",
                "" if project == os.curdir else f"{project}{os.sep}",
            )
        return named


def _stamp(path: Path) -> tuple[int, int, int, int, int] | None:
    """What changes when the file at ``path`` (followed through a link) is written or replaced; None
    for a file changed in the last :data:`SETTLED_NANOSECONDS`, whose bytes are read every time."""
    try:
        status = path.stat()
    except OSError:
        return None  # read_regular_file says what is wrong
    if time.time_ns() - max(status.st_mtime_ns, status.st_ctime_ns) < SETTLED_NANOSECONDS:
        return None
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns)


def _template_problems(path: Path) -> list[Diagnostic]:
    """What build says of a template it cannot write over: a folder (the rename over it fails) or a
    pipe (refused unwritten)."""
    from toolkit.build.failures import failure_diagnostics
    from toolkit.files import refuse_unwritable

    try:
        if path.is_dir():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
        refuse_unwritable(path, b"")
    except OSError as error:
        return failure_diagnostics(error)
    return []


def _reading_problems(
    path: Path, read: Callable[[Path], object], error_type: type[Exception]
) -> list[Diagnostic]:
    """What build and check say of a file they cannot read (a catalog, a glossary): the diagnostics of
    the ``error_type`` that ``read`` raises for it."""
    from toolkit.build.failures import failure_diagnostics

    try:
        read(path)
    except error_type as error:
        return failure_diagnostics(error)
    return []
