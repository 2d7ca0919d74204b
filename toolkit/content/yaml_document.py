"""Safe YAML reading that keeps positions and refuses YAML's surprises.

Content files are read into plain Python data (dicts, lists, strings, booleans, None) together with the
line and column of every value and mapping key, so that any later error can name its place.

What differs from ``yaml.safe_load``, on purpose:

* Only ``true``/``false`` (in any case) are booleans and only ``null``/``~``/empty are null. Every
  other plain scalar is text: YAML 1.1's ``no``, ``on``, ``yes``, ``010`` and ``12:30`` stay strings, so
  an option whose text is ``no`` keeps that text. Content has no numeric fields.
* Duplicate mapping keys are errors (PyYAML silently keeps the last one).
* Aliases are expanded with a budget of nodes, so an alias bomb is refused quickly with bounded memory.
* Unknown tags (``!!python/object`` and the like) are refused.
* Input size and nesting depth are bounded: libyaml overflows the C stack on very deep nesting.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from toolkit.content.yaml_indentation import explain_indentation
from toolkit.errors import DocumentError

MAX_FILE_BYTES = 1024 * 1024
"""Largest content file read, in bytes (1 MiB: about a hundred times the size of a large quiz)."""

MAX_NODES = 100_000
"""Most values a document may expand to, aliases included."""

MAX_DEPTH = 64
"""Deepest nesting of mappings and lists accepted."""

# Below this structural bound the C parser is safe; above it the pure-Python parser is used, whose
# recursion limit turns pathological nesting into a clean error instead of a crash.
_C_PARSER_DEPTH_BOUND = 400

JsonPath = tuple[str | int, ...]
RawValue = object

_BOOL_TAG = "tag:yaml.org,2002:bool"
_NULL_TAG = "tag:yaml.org,2002:null"
_STR_TAG = "tag:yaml.org,2002:str"
_INT_TAG = "tag:yaml.org,2002:int"
_FLOAT_TAG = "tag:yaml.org,2002:float"
_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"


_IMPLICIT_TAGS = {
    **dict.fromkeys(("true", "True", "TRUE", "false", "False", "FALSE"), _BOOL_TAG),
    **dict.fromkeys(("~", "null", "Null", "NULL", ""), _NULL_TAG),
}
"""The plain scalars that are not strings: YAML 1.2's core booleans and null (no yes/no, no numbers)."""


class _CoreResolver(yaml.resolver.BaseResolver):
    """Resolves only true/false and null implicitly; everything else plain is a string."""

    def resolve(self, kind: type, value: str, implicit: tuple[bool, bool]) -> str:
        # One look-up in place of PyYAML's regular expressions per first character: a plain scalar has no
        # line break to end in, so the whole value is what they matched (a tenth of parsing a quiz).
        if kind is ScalarNode:
            return (_IMPLICIT_TAGS.get(value) if implicit[0] else None) or _STR_TAG
        return _SEQ_TAG if kind is SequenceNode else _MAP_TAG


class _PythonComposer(
    yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, yaml.composer.Composer, _CoreResolver
):
    def __init__(self, text: str) -> None:
        yaml.reader.Reader.__init__(self, text)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        yaml.composer.Composer.__init__(self)
        _CoreResolver.__init__(self)


_CComposer: type | None
try:
    from yaml._yaml import CParser

    class _CComposerClass(CParser, _CoreResolver):
        def __init__(self, text: str) -> None:
            CParser.__init__(self, text)
            _CoreResolver.__init__(self)

    _CComposer = _CComposerClass
except ImportError:  # PyYAML built without libyaml
    _CComposer = None


@dataclass(frozen=True)
class Position:
    """1-based line and column of a value, and of its mapping key where it has one."""

    line: int
    column: int
    key_line: int | None = None
    key_column: int | None = None
    flow: bool = False
    """The value is a list or mapping written in flow style (``[a, b]``, ``{id: a}``): a message that
    says how to fix an item of it speaks of brackets and braces, not of '-' lines."""


@dataclass(frozen=True)
class YamlProblem:
    """A problem that stops the document from being read; positions are 1-based."""

    code: str
    message: str
    line: int | None = None
    column: int | None = None


@dataclass
class YamlDocument:
    data: RawValue
    positions: dict[JsonPath, Position] = field(default_factory=dict)

    def position(self, path: JsonPath) -> Position | None:
        """The position of ``path``, or of its nearest ancestor that has one."""
        for length in range(len(path), -1, -1):
            found = self.positions.get(path[:length])
            if found is not None:
                return found
        return None


class YamlError(DocumentError):
    """``problem`` has the column and the diagnostic code too."""

    def __init__(self, problem: YamlProblem) -> None:
        super().__init__(problem.line, problem.message)
        self.problem = problem


def too_large_problem(size: int) -> YamlProblem:
    return YamlProblem(
        "file-too-large",
        f"file is {size:,} bytes; quizkit reads YAML files of at most {MAX_FILE_BYTES:,} bytes",
    )


def decode_content(raw: bytes) -> str:
    """Decode UTF-8 (a byte-order mark is accepted and dropped); refuse anything else with its line."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        bom = 3 if raw.startswith(b"\xef\xbb\xbf") else 0
        offset = error.start + bom
        line = raw.count(b"\n", 0, offset) + 1
        column = offset - (raw.rfind(b"\n", 0, offset) + 1) + 1
        raise YamlError(
            YamlProblem(
                "encoding",
                f"byte 0x{raw[offset]:02x} is not valid UTF-8; save the file as UTF-8",
                line,
                column,
            )
        ) from None


def parse_yaml(raw: bytes) -> YamlDocument:
    """Parse one YAML document from bytes. Raises :class:`YamlError` with a located problem."""
    if len(raw) > MAX_FILE_BYTES:
        raise YamlError(too_large_problem(len(raw)))
    text = decode_content(raw)
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise YamlError(YamlProblem("encoding", "file contains a NUL character; is it a binary file?", line))
    if not text.strip() or _only_comments(text):
        raise YamlError(YamlProblem("empty-file", "file is empty; expected a YAML mapping", 1))
    node = _compose(text)
    if node is None:
        raise YamlError(YamlProblem("empty-file", "file is empty; expected a YAML mapping", 1))
    builder = _Builder()
    data = builder.build(node, (), 0)
    if data is None:
        raise YamlError(YamlProblem("empty-file", "file is empty; expected a YAML mapping", 1))
    return YamlDocument(data, builder.positions)


def _only_comments(text: str) -> bool:
    return all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines())


def _structural_depth_bound(text: str) -> int:
    """A cheap upper bound of nesting depth, to decide whether libyaml can parse without overflow."""
    flow_openers = text.count("[") + text.count("{")
    deepest_line = 0
    for line in text.splitlines():
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        deepest_line = max(deepest_line, indent + stripped.count("- ") + stripped.count(": ") + 1)
    return flow_openers + deepest_line


def _compose(text: str) -> Node | None:
    use_c_parser = _CComposer is not None and _structural_depth_bound(text) < _C_PARSER_DEPTH_BOUND
    composer = _CComposer(text) if use_c_parser and _CComposer is not None else _PythonComposer(text)
    try:
        node: Node | None = composer.get_single_node()
        return node
    except yaml.MarkedYAMLError as error:
        raise YamlError(_syntax_problem(error, text)) from None
    except yaml.YAMLError as error:
        raise YamlError(YamlProblem("yaml-syntax", f"invalid YAML: {error}")) from None
    except RecursionError:
        raise YamlError(YamlProblem("yaml-too-deep", f"nesting is deeper than {MAX_DEPTH} levels")) from None
    finally:
        dispose = getattr(composer, "dispose", None)
        if dispose is not None:
            dispose()


# What PyYAML says about a line that is indented where nothing above it starts.
_INDENTATION_SYMPTOMS = re.compile(
    r"did not find expected key|did not find expected '-' indicator|mapping values are not allowed|"
    r"expected <block end>"
)


def _syntax_problem(error: yaml.MarkedYAMLError, text: str) -> YamlProblem:
    mark = error.problem_mark or error.context_mark
    line = mark.line + 1 if mark is not None else None
    column = mark.column + 1 if mark is not None else None
    problem = (error.problem or "").strip()
    context = (error.context or "").strip()
    if mark is not None and ("\t" in problem + context or _tab_at(text, mark)):
        return YamlProblem(
            "yaml-tab",
            "tab character in indentation; YAML indents with spaces only",
            line,
            _tab_column(text, mark) or column,
        )
    if "expected a single document" in context:
        return YamlProblem(
            "yaml-syntax",
            "the file holds more than one YAML document; a content file holds exactly one (remove the second ---)",
            line,
            column,
        )
    if "found duplicate anchor" in problem:
        return YamlProblem("yaml-syntax", f"invalid YAML: {problem}", line, column)
    message = problem or context or "invalid YAML"
    explained = (
        explain_indentation(text, line)
        if line is not None and _INDENTATION_SYMPTOMS.search(message)
        else None
    )
    if explained is not None:
        return YamlProblem("yaml-indentation", f"{explained} (YAML: {problem or context})", line, column)
    if context and problem:
        context_mark = error.context_mark
        if context_mark is not None and mark is not None and context_mark.line != mark.line:
            message = f"{problem} ({context} that starts on line {context_mark.line + 1})"
        else:
            message = f"{problem} ({context})"
    return YamlProblem("yaml-syntax", f"invalid YAML: {message}", line, column)


def _tab_at(text: str, mark: yaml.Mark | None) -> bool:
    if mark is None:
        return False
    lines = text.splitlines()
    if mark.line >= len(lines):
        return False
    line = lines[mark.line]
    indent = line[: len(line) - len(line.lstrip(" \t"))]
    return "\t" in indent


def _tab_column(text: str, mark: yaml.Mark) -> int | None:
    lines = text.splitlines()
    if mark.line < len(lines) and "\t" in lines[mark.line]:
        return lines[mark.line].index("\t") + 1
    return None


class _Builder:
    """Turns composed nodes into plain data, recording positions and enforcing the budgets."""

    def __init__(self) -> None:
        self.positions: dict[JsonPath, Position] = {}
        self.nodes_built = 0

    def build(self, node: Node, path: JsonPath, depth: int, key_node: Node | None = None) -> RawValue:
        self.nodes_built += 1
        if self.nodes_built > MAX_NODES:
            raise _error_at(
                node,
                "yaml-alias-limit",
                f"document expands to more than {MAX_NODES:,} values (aliases included); is it an alias bomb?",
            )
        if depth > MAX_DEPTH:
            raise _error_at(node, "yaml-too-deep", f"nesting is deeper than {MAX_DEPTH} levels")
        self.positions[path] = Position(
            node.start_mark.line + 1,
            node.start_mark.column + 1,
            key_node.start_mark.line + 1 if key_node is not None else None,
            key_node.start_mark.column + 1 if key_node is not None else None,
            isinstance(node, SequenceNode | MappingNode) and bool(node.flow_style),
        )
        if isinstance(node, ScalarNode):
            return self._scalar(node)
        if isinstance(node, SequenceNode):
            if node.tag != _SEQ_TAG:
                raise self._unsupported_tag(node)
            return [self.build(item, (*path, index), depth + 1) for index, item in enumerate(node.value)]
        if isinstance(node, MappingNode):
            if node.tag != _MAP_TAG:
                raise self._unsupported_tag(node)
            return self._mapping(node, path, depth)
        raise self._unsupported_tag(node)  # pragma: no cover - PyYAML has no other node kinds

    def _mapping(self, node: MappingNode, path: JsonPath, depth: int) -> dict[str, RawValue]:
        result: dict[str, RawValue] = {}
        first_seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode) or key_node.tag not in (_STR_TAG, _NULL_TAG, _BOOL_TAG):
                raise _error_at(key_node, "yaml-key", "mapping keys must be plain words; found a complex key")
            key = str(key_node.value)
            if key == "<<":
                raise _error_at(
                    key_node, "yaml-merge-key", "merge keys (<<) are not supported; write the fields out"
                )
            if key in first_seen:
                raise _error_at(
                    key_node,
                    "yaml-duplicate-key",
                    f"duplicate key '{key}' (first defined on line {first_seen[key]}); remove one of them",
                )
            first_seen[key] = key_node.start_mark.line + 1
            result[key] = self.build(value_node, (*path, key), depth + 1, key_node)
        return result

    def _scalar(self, node: ScalarNode) -> RawValue:
        value: str = node.value
        if node.tag == _STR_TAG:
            return value
        if node.tag == _BOOL_TAG:
            lowered = value.lower()
            if lowered in ("true", "false"):
                return lowered == "true"
        elif node.tag == _NULL_TAG:
            return None
        elif node.tag == _INT_TAG:
            try:
                return int(value, 0)
            except ValueError:
                pass
        elif node.tag == _FLOAT_TAG:
            try:
                return float(value)
            except ValueError:
                pass
        raise self._unsupported_tag(node)

    @staticmethod
    def _unsupported_tag(node: Node) -> YamlError:
        return _error_at(
            node,
            "yaml-tag",
            f"unsupported YAML tag '{node.tag.replace('tag:yaml.org,2002:', '!!')}'; "
            "content holds only mappings, lists, text and true/false",
        )


def _error_at(node: Node, code: str, message: str) -> YamlError:
    """The problem ``message`` located where ``node`` starts (1-based line and column)."""
    return YamlError(YamlProblem(code, message, node.start_mark.line + 1, node.start_mark.column + 1))
