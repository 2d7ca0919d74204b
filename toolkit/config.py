"""Project configuration: ``[tool.quizkit]`` in pyproject.toml, or a quizkit.toml beside it."""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from toolkit.diagnostics import Diagnostic, Severity
from toolkit.errors import LocatedError
from toolkit.files import FileTooLargeError, read_regular_file
from toolkit.schemas import config_schema, setting_message, settings_refusals

CONFIG_FILES = ("quizkit.toml", "pyproject.toml")
MAX_CONFIG_BYTES = 1024 * 1024
_LOCALE = re.compile(r"^[a-z]{2,3}(_[A-Z]{2}|_[A-Z][a-z]{3}(_[A-Z]{2})?)?$")


class ConfigError(LocatedError):
    pass


@dataclass(frozen=True)
class ProjectConfig:
    root: Path
    config_file: Path | None
    source_locale: str = "en"
    target_locales: tuple[str, ...] = ()
    content_dir: str = "content"
    locales_dir: str = "locales"
    output_dir: str = "dist"
    screenshots_dir: str = "screenshots"
    """Where ``quizkit screenshots`` writes (``<locale>/<key>.png``), relative to the project root."""
    screenshots_base: Path | None = None
    """The folder ``screenshots_dir`` is relative to, where that is not ``root``: the preview builds a
    copy of the project and reads the project's own screenshots (the catalogs name them relative to
    the project, and the copy's catalogs must stay line for line the author's)."""
    build_screenshots: bool = False
    """Whether ``quizkit build`` also takes the screenshots."""
    export_formats: tuple[str, ...] = ()
    """Formats ``quizkit build`` exports; empty means every registered format."""
    pseudo_locales: tuple[str, ...] = ()
    """Pseudo-locales (``en_XA``, ``ar_XB``) every export and build adds, made from the source on the fly."""
    memory_similarity: int = 75
    """The least similarity (percent) at which ``update`` pre-fills an entry from the translation memory."""
    numbering_systems: tuple[tuple[str, str], ...] = ()
    """(locale, CLDR numbering system) where the project writes numbers in other digits than CLDR's usual
    ones for the locale (``ar = "arab"``: Arabic-Indic digits for ``ar``, whose usual ones are Latin)."""
    require: str = "translated"
    """``approved``: publish only translations a reviewer approved (the release gate); ``translated``:
    every translation that is not fuzzy."""
    format_settings: Mapping[str, Mapping[str, object]] = field(default_factory=dict, hash=False)
    """Each format's own settings as written (``[formats.<name>]``), by format name; the exporters
    check them against what each format declares (``toolkit.exporters.format_options``)."""
    warnings: tuple[Diagnostic, ...] = ()
    """What the commands that read the configuration report about it without stopping (a deprecated
    setting)."""

    @property
    def require_approved(self) -> bool:
        return self.require == "approved"

    @property
    def content_path(self) -> Path:
        return self.root / self.content_dir

    @property
    def locales_path(self) -> Path:
        return self.root / self.locales_dir

    @property
    def output_path(self) -> Path:
        return self.root / self.output_dir

    @property
    def screenshots_path(self) -> Path:
        return (self.screenshots_base or self.root) / self.screenshots_dir


def find_project_root(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` with a quizkit configuration: a quizkit.toml, or a
    pyproject.toml that configures quizkit (:func:`configures_quizkit`). Any other pyproject.toml is
    another project's, broken or not, and the search goes on above it."""
    for folder in (start, *start.parents):
        if (folder / "quizkit.toml").is_file():
            return folder
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and configures_quizkit(pyproject):
            return folder
    return None


_TOOL_KEY = r"""(?:tool|"tool"|'tool')"""
_QUIZKIT_KEY = r"""(?:quizkit|"quizkit"|'quizkit')"""
"""The keys ``tool`` and ``quizkit`` as TOML lets them be spelled: bare or quoted."""
_QUIZKIT_MENTIONS = (
    # [tool.quizkit], [tool.quizkit.sub], tool.quizkit.require = ..., "tool"."quizkit" = ...
    re.compile(rf"(?<![\w.-]){_TOOL_KEY}\s*\.\s*{_QUIZKIT_KEY}(?![\w-])"),
    # tool = { quizkit = { ... } }
    re.compile(rf"^\s*{_TOOL_KEY}\s*=\s*\{{.*?(?<![\w-]){_QUIZKIT_KEY}\s*[.=]"),
)
_TOOL_HEADER = re.compile(rf"^\s*\[\s*{_TOOL_KEY}\s*\]")
_QUIZKIT_ENTRY = re.compile(rf"^\s*{_QUIZKIT_KEY}\s*[.=]")
_TABLE_HEADER = re.compile(r"^\s*\[")


def configures_quizkit(pyproject: Path) -> bool:
    """Whether ``pyproject`` is quizkit's configuration. A pyproject.toml that parses is, where its TOML
    has a ``tool.quizkit`` entry (a ``[tool.quizkit]`` table, dotted keys, an inline table; never the
    words in a comment or a string). One that does not parse is, where its text mentions
    ``tool.quizkit`` outside a comment: then :func:`load_config` reports its error, located, rather than
    "not a project"; another project's broken pyproject.toml in a folder above is none of quizkit's
    business. One that cannot be read at all cannot be told apart, and is not taken for quizkit's."""
    try:
        text = read_regular_file(pyproject, MAX_CONFIG_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return False
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return _mentions_quizkit(text)
    tool = document.get("tool")
    return isinstance(tool, dict) and "quizkit" in tool


def _mentions_quizkit(text: str) -> bool:
    """Whether TOML ``text`` that does not parse names ``tool.quizkit`` in a line that is not a comment
    (a ``#`` outside quotes ends a line's TOML): as a table header, a dotted key, a ``quizkit`` key of a
    ``[tool]`` table, or a key of an inline ``tool`` table."""
    in_tool_table = False
    for line in text.splitlines():
        code = _without_comment(line)
        if any(pattern.search(code) for pattern in _QUIZKIT_MENTIONS):
            return True
        if _TABLE_HEADER.match(code):
            in_tool_table = bool(_TOOL_HEADER.match(code))
        elif in_tool_table and _QUIZKIT_ENTRY.match(code):
            return True
    return False


def _without_comment(line: str) -> str:
    """``line`` up to its comment: the first ``#`` outside a quoted string of that line."""
    quote = ""
    escaped = False
    for index, character in enumerate(line):
        if quote:
            if escaped:
                escaped = False
            elif character == "\\" and quote == '"':
                escaped = True
            elif character == quote:
                quote = ""
        elif character in "\"'":
            quote = character
        elif character == "#":
            return line[:index]
    return line


def _pyproject_table(config_file: Path, text: str, document: dict[str, Any]) -> dict[str, object]:
    """``tool.quizkit`` of a parsed pyproject.toml, however it is spelled; a value that is not a table
    is refused, located."""
    tool = document.get("tool", {})
    table = tool.get("quizkit", {}) if isinstance(tool, dict) else {}
    if not isinstance(table, dict):
        raise ConfigError(
            str(config_file),
            _line_of(text, "quizkit"),
            f"tool.quizkit must be a table of settings ([tool.quizkit]), found {table!r}",
        )
    return table


def no_project_message(folder: str) -> str:
    """What every command, and the preview, says in ``folder``, which has no configuration: defaults
    would make every command "succeed" on nothing (0 catalogs checked, 1 of 0 files)."""
    quizkit_toml, pyproject = CONFIG_FILES
    return (
        f"{folder} is not inside a quizkit project: there is no {quizkit_toml}, and no {pyproject} with a "
        "[tool.quizkit] table, in this folder or any folder above it. Run the command inside a project, or "
        "make one with quizkit init or a [tool.quizkit] table (docs/configuration.md)."
    )


def load_config(start: Path) -> ProjectConfig:
    """Read the configuration that applies to ``start``; defaults where there is none."""
    root = find_project_root(start)
    if root is None:
        return ProjectConfig(root=start, config_file=None)
    quizkit_toml = root / "quizkit.toml"
    config_file = quizkit_toml if quizkit_toml.is_file() else root / "pyproject.toml"
    try:
        text = read_regular_file(config_file, MAX_CONFIG_BYTES).decode("utf-8", errors="replace")
    except FileTooLargeError as error:
        raise ConfigError(
            str(config_file),
            None,
            f"file is {error.size:,} bytes; configuration files are limited to {MAX_CONFIG_BYTES:,} bytes",
        ) from None
    except OSError as error:
        raise ConfigError(str(config_file), None, error.strerror or str(error)) from None
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line_match = re.search(r"line (\d+)", str(error))
        # tomllib says "at end of document" without a line: the unfinished construct is on the last line.
        line = int(line_match.group(1)) if line_match else max(1, len(text.splitlines()))
        raise ConfigError(str(config_file), line, f"invalid TOML: {error}") from None
    table = document if config_file.name == "quizkit.toml" else _pyproject_table(config_file, text, document)
    return _from_table(root, config_file, text, table)


def _refuse_shared_output(
    root: Path, folders: dict[str, str], fail: Callable[[str, str], ConfigError]
) -> None:
    """The output folder must be a folder of its own: a build removes outputs it no longer writes there,
    so an output folder that is, holds or lies in the project, the content or the catalogs could lose
    them (output-dir = "." once let a crafted cache delete the catalogs and pyproject.toml). The
    screenshots folder likewise: not the project folder, nor in the content, the catalogs, the outputs or
    the schema folder."""
    project = ("the project folder", root.resolve())
    content = ("content-dir", (root / folders["content-dir"]).resolve())
    locales = ("locales-dir", (root / folders["locales-dir"]).resolve())
    output = (root / folders["output-dir"]).resolve()
    shared = _shared_folder(output, (project, content, locales), may_hold=False)
    if shared is not None:
        raise fail(
            "output-dir",
            f"output-dir '{folders['output-dir']}' {shared}; builds remove outputs they no longer write "
            "there, so it must be a folder of its own, such as 'dist'",
        )
    screenshots = (root / folders["screenshots-dir"]).resolve()
    schema = ("the schema folder", (root / "schema").resolve())
    shared = _shared_folder(
        screenshots, (project, content, locales, ("output-dir", output), schema), may_hold=True
    )
    if shared is not None:
        # The screenshots command writes and removes PNG files per locale there: beside the catalogs,
        # the content or a build's outputs they would mix with files other commands own.
        raise fail(
            "screenshots-dir",
            f"screenshots-dir '{folders['screenshots-dir']}' {shared}; the screenshots command writes and "
            "removes files there, so it must be a folder of its own, such as 'screenshots'",
        )


def _shared_folder(folder: Path, others: tuple[tuple[str, Path], ...], may_hold: bool) -> str | None:
    """How ``folder`` meets the first of the labelled ``others`` it is, holds (unless ``may_hold``) or
    lies inside (every folder lies inside the project folder, the first of them): ``is content-dir``;
    None where it meets none."""
    for index, (label, other) in enumerate(others):
        if folder == other:
            return f"is {label}"
        if not may_hold and other.is_relative_to(folder):
            return f"holds {label}"
        if index > 0 and folder.is_relative_to(other):
            return f"lies inside {label}"
    return None


NOT_LANGUAGES = {
    "und": "BCP 47's code for an undetermined language",
    "mul": "BCP 47's code for several languages",
    "zxx": "BCP 47's code for no linguistic content",
    "mis": "BCP 47's code for a language without a code",
}
"""Codes that parse as locales but name no language a catalog could be written in (Babel reads ``und``
as English, ``en_US``, by CLDR's likely subtags)."""


def locale_problem(locale: str) -> str | None:
    """Why ``locale`` (as the configuration spells it: ``ur``, ``ur_PK``, ``zh_Hant``) names no language
    of CLDR; None when it does. The one rule for every locale of a project: the configuration's, those
    of ``quizkit init --locale`` and ``quizkit add-locale`` (which spell ``ar-EG`` as ``ar_EG`` first)."""
    from babel import Locale
    from babel.core import UnknownLocaleError

    if not _LOCALE.match(locale):
        from toolkit.text.locale_packs import normalized_locale

        spelled = normalized_locale(locale)
        if spelled != locale and _LOCALE.match(spelled) and locale_problem(spelled) is None:
            return f"'{locale}' is not a locale as the configuration spells it; write it '{spelled}'"
        return f"'{locale}' is not a locale; write it like 'ur' or 'ur_PK'"
    language = locale.split("_")[0]
    if language in NOT_LANGUAGES:
        return (
            f"'{locale}' names no language ('{language}' is {NOT_LANGUAGES[language]}); name the "
            "language, such as 'ur' or 'ur_PK'"
        )
    try:
        parsed = Locale.parse(locale)
    except (UnknownLocaleError, ValueError):
        return f"'{locale}' is not a locale CLDR knows; write it like 'ur' or 'ur_PK'"
    if parsed.language != language:
        # An old code CLDR replaces (iw for he, in for id): the catalogs would be for another tag.
        return (
            f"'{language}' is an old code for {Locale(parsed.language).english_name}; write it "
            f"'{parsed.language}'"
        )
    return None


def target_locale_problem(locale: str, source_locale: str) -> str | None:
    """Why ``locale`` cannot be a target locale of a project whose source is ``source_locale``."""
    problem = locale_problem(locale)
    if problem is not None:
        return problem
    if locale == source_locale:
        return f"'{locale}' is the source locale; it has no catalog"
    return None


def with_target_locale(config: ProjectConfig, locale: str) -> tuple[ProjectConfig, str]:
    """The configuration with ``locale`` added to ``target-locales``, and the configuration file's new
    text: only that list changes, every comment and the rest of the layout stay as the author wrote them
    (tomlkit edits TOML in place). Without a configuration file, a new ``quizkit.toml``."""
    import tomlkit

    targets = (*config.target_locales, locale)
    if config.config_file is None:
        document = tomlkit.document()
        document["target-locales"] = list(targets)
        return replace(
            config, target_locales=targets, config_file=config.root / "quizkit.toml"
        ), tomlkit.dumps(document)
    text = config.config_file.read_text(encoding="utf-8")
    document = tomlkit.parse(text)
    table: Any = document
    if config.config_file.name != "quizkit.toml":
        table = document["tool"]["quizkit"]
    if "target-locales" in table:
        table["target-locales"].append(locale)
    else:
        table["target-locales"] = list(targets)
    return replace(config, target_locales=targets), tomlkit.dumps(document)


def setting_line(config: ProjectConfig, name: str) -> int | None:
    """The line of the configuration file that sets ``name``, for messages about its value."""
    if config.config_file is None:
        return None
    try:
        return _line_of(config.config_file.read_text(encoding="utf-8", errors="replace"), name)
    except OSError:
        return None


def _line_of(text: str, name: str) -> int | None:
    # The setting as a key of its own line, a dotted key (tool.quizkit.require = ...) or a key of an
    # inline table (quizkit = { require = ... }).
    pattern = re.compile(rf"(?:^\s*|[.{{,]\s*){re.escape(name)}\s*=")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.search(line):
            return number
    return None


def _names_a_file(folder: Path, root: Path) -> bool:
    """Whether ``folder``, or a folder on the way to it below ``root``, exists as something else."""
    for step in (folder, *folder.parents):
        if step == root:
            return False
        if step.exists() and not step.is_dir():
            return True
    return False


_KNOWN_FIELDS = tuple(config_schema()["properties"])
"""The settings, in the order the schema lists them and a message names them."""


def _refused(table: dict[str, object]) -> dict[str, set[str]]:
    """The schema keywords each top-level setting's value fails, by setting. Errors inside a format's
    table are the format's to word (``toolkit.exporters.format_options``), and a format's table that
    is no table is :func:`_format_settings`'s."""
    refused: dict[str, set[str]] = {}
    for error in settings_refusals(config_schema(), table):
        path = tuple(error.absolute_path)
        if path and not (path[0] == "formats" and len(path) > 1):
            refused.setdefault(str(path[0]), set()).add(str(error.validator))
    return refused


def _from_table(root: Path, config_file: Path, text: str, table: dict[str, object]) -> ProjectConfig:
    def fail(name: str, message: str) -> ConfigError:
        return ConfigError(str(config_file), _line_of(text, name), message)

    for name in table:
        if name not in _KNOWN_FIELDS:
            close = difflib.get_close_matches(name, _KNOWN_FIELDS, n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"known settings: {', '.join(_KNOWN_FIELDS)}"
            raise fail(name, f"unknown setting '{name}'; {hint}")
    refused = _refused(table)
    properties = config_schema()["properties"]

    def value(name: str, *, late: bool = False, **words: str) -> Any:
        """The setting's value (its default when unset), or its error when the schema refuses it; a
        repeated item (``late``) is reported after the checks of each item, as the items' own
        problems come first."""
        found = table.get(name, properties[name].get("default"))
        keywords = refused.get(name, set()) - ({"uniqueItems"} if late else set())
        if keywords:
            keyword = "uniqueItems" if keywords == {"uniqueItems"} else ""
            raise fail(name, setting_message(properties[name], name, found, keyword, **words))
        return found

    source = value("source-locale")
    source_problem = locale_problem(source)
    if source_problem is not None:
        raise fail("source-locale", source_problem)
    targets = value("target-locales", late=True)
    for locale in targets:
        problem = target_locale_problem(locale, source)
        if problem is not None:
            raise fail("target-locales", problem)
    value("target-locales")
    folders = {
        name: _folder(root, name, value(name), fail)
        for name in ("content-dir", "locales-dir", "output-dir", "screenshots-dir")
    }
    _refuse_shared_output(root, folders, fail)
    formats = value("export-formats")
    value("scorm-mastery-score")
    pseudo = _pseudo_locales(value, fail)
    similarity = value("memory-similarity")
    require = value("require")
    numbering = _numbering_systems(value("numbering-systems"), targets, source, fail)
    format_settings, warnings = _format_settings(config_file, text, table, value("formats"))
    return ProjectConfig(
        root=root,
        pseudo_locales=pseudo,
        export_formats=tuple(formats),
        config_file=config_file,
        source_locale=source,
        target_locales=tuple(targets),
        content_dir=folders["content-dir"],
        locales_dir=folders["locales-dir"],
        output_dir=folders["output-dir"],
        screenshots_dir=folders["screenshots-dir"],
        build_screenshots=value("build-screenshots"),
        memory_similarity=similarity,
        require=require,
        numbering_systems=numbering,
        format_settings=format_settings,
        warnings=warnings,
    )


def _folder(root: Path, name: str, value: str, fail: Callable[[str, str], ConfigError]) -> str:
    """A folder setting's value, once it names a folder the project can use."""
    if any(ord(character) < 0x20 or ord(character) == 0x7F for character in value):
        raise fail(name, f"{name} {value!r} holds a control character; a folder name cannot")
    resolved = (root / value).resolve()
    if not resolved.is_relative_to(root.resolve()):
        raise fail(name, f"{name} '{value}' is outside the project folder {root}")
    if _names_a_file(resolved, root.resolve()):
        raise fail(name, f"{name} '{value}' names a file, not a folder; name a folder (or a new one)")
    return value


def _formats_header(config_file: Path, name: str) -> str:
    """The header of a format's table as the configuration file spells it."""
    return f"[formats.{name}]" if config_file.name == "quizkit.toml" else f"[tool.quizkit.formats.{name}]"


def _format_settings(
    config_file: Path, text: str, table: dict[str, object], formats: dict[str, object]
) -> tuple[dict[str, dict[str, object]], tuple[Diagnostic, ...]]:
    """Each format's settings, with the deprecated ``scorm-mastery-score`` moved to ``[formats.scorm]``
    where that table does not set ``mastery-score`` itself, and the warning that says what to write."""
    settings: dict[str, dict[str, object]] = {}
    for name, format_table in formats.items():
        if not isinstance(format_table, dict):
            raise ConfigError(
                str(config_file),
                _line_of(text, name),
                f"formats.{name} must be a table of the format's settings, such as "
                f"{_formats_header(config_file, name)}, found {format_table!r}",
            )
        settings[name] = dict(format_table)
    if "scorm-mastery-score" not in table:
        return settings, ()
    score = table["scorm-mastery-score"]
    header = _formats_header(config_file, "scorm")
    scorm = settings.setdefault("scorm", {})
    if "mastery-score" in scorm:
        message = (
            f"scorm-mastery-score is deprecated, and ignored here: {header} sets mastery-score; remove "
            "scorm-mastery-score"
        )
    else:
        scorm["mastery-score"] = score
        message = f"scorm-mastery-score is deprecated; write mastery-score = {score!r} under {header} instead"
    warning = Diagnostic(
        str(config_file), _line_of(text, "scorm-mastery-score"), None, Severity.WARNING, "config", message
    )
    return settings, (warning,)


def _numbering_systems(
    value: dict[str, object], targets: list[str], source: str, fail: Callable[[str, str], ConfigError]
) -> tuple[tuple[str, str], ...]:
    from babel import Locale

    if not value:
        # Most projects set none: reading CLDR's list would load a locale's data on every command.
        return ()
    known = sorted(Locale.parse("en").number_symbols)
    chosen = []
    for locale, system in value.items():
        if locale not in (source, *targets):
            raise fail(
                "numbering-systems",
                f"numbering-systems names '{locale}', which is not a locale of this project",
            )
        if not isinstance(system, str) or system not in known:
            close = difflib.get_close_matches(str(system), known, n=1)
            hint = (
                f"did you mean '{close[0]}'?"
                if close
                else "CLDR's names are latn, arab, arabext, deva, beng, ..."
            )
            raise fail(
                "numbering-systems",
                f"numbering-systems gives {locale} '{system}', which is no CLDR numbering system; {hint}",
            )
        chosen.append((locale, system))
    return tuple(sorted(chosen))


def parse_config(root: Path, config_file: Path, text: str) -> ProjectConfig:
    """The configuration ``text`` would give if written to ``config_file`` (a quizkit.toml), checked as
    :func:`load_config` checks it; for ``quizkit init``, which checks what it will write before writing."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(str(config_file), None, f"invalid TOML: {error}") from None
    return _from_table(root, config_file, text, document)


def _pseudo_locales(value: Callable[..., Any], fail: Callable[[str, str], ConfigError]) -> tuple[str, ...]:
    from toolkit.text.locale_info import PSEUDO_LOCALES

    known = ", ".join(f'"{locale}"' for locale in PSEUDO_LOCALES)
    chosen = value("pseudo-locales", late=True, pseudo_locales=known)
    for locale in chosen:
        if locale not in PSEUDO_LOCALES:
            spelled = locale.replace("-", "_")
            hint = f"write it '{spelled}'" if spelled in PSEUDO_LOCALES else f"the pseudo-locales are {known}"
            raise fail("pseudo-locales", f"'{locale}' is not a pseudo-locale; {hint}")
    value("pseudo-locales", pseudo_locales=known)
    return tuple(chosen)
