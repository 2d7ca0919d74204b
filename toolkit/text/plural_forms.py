"""gettext's Plural-Forms header (``nplurals=N; plural=EXPRESSION;``), read and evaluated as GNU does.

The expression is parsed with the grammar of GNU gettext's ``plural.y`` (the C operators ``?:``, ``||``,
``&&``, ``==``, ``!=``, ``<``, ``>``, ``<=``, ``>=``, ``+``, ``-``, ``*``, ``/``, ``%``, ``!``, decimal numbers
and ``n``) and evaluated in C's ``unsigned long`` arithmetic, so every value stays below 2**64 whatever the
expression does (``n*n*n``), and a result reads as negative exactly when libintl's would. Like
``msgfmt -c``, it is evaluated for n = 0…1000 and refused when a result lies outside 0…nplurals-1 or
a division by zero can happen.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from toolkit.errors import QuizkitError

SAMPLES = range(0, 1001)
"""The numbers ``msgfmt -c`` evaluates an expression on."""

MAX_EXPRESSION_LENGTH = 1000
"""Longer expressions are refused (Python's gettext refuses them too); real ones are under 200."""

_MAX_DEPTH = 50
_MAX_COUNT_DIGITS = 9
_MASK = (1 << 64) - 1
_SIGN = 1 << 63
_TOKEN = re.compile(r"\s*(?:(\d+)|(n)|(\|\||&&|==|!=|<=|>=|[<>+\-*/%!?:()]))")
_BINARY = (
    ("||",),
    ("&&",),
    ("==", "!="),
    ("<", ">", "<=", ">="),
    ("+", "-"),
    ("*", "/", "%"),
)


class PluralFormsError(QuizkitError):
    """The Plural-Forms value cannot be used; the message says why, for a person."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class PluralForms:
    """A valid Plural-Forms value: the number of forms and the form of every sample number."""

    text: str
    count: int
    expression: str
    forms: tuple[int, ...]
    """``forms[n]`` is the form gettext picks for n, for every n in :data:`SAMPLES`."""


def _field(text: str, name: str) -> str | None:
    """The value after ``name=`` up to the next ``;`` (GNU looks the names up the same way)."""
    match = re.search(rf"(?<![A-Za-z]){name}=", text)
    if match is None:
        return None
    return text[match.end() :].split(";", 1)[0]


class _Parser:
    """Recursive descent over plural.y's grammar, producing Python source in unsigned arithmetic."""

    def __init__(self, expression: str) -> None:
        self.tokens: list[str] = []
        position = 0
        stripped = expression.rstrip()
        while position < len(stripped):
            match = _TOKEN.match(stripped, position)
            if match is None:
                raise PluralFormsError(
                    f"plural={quoted_excerpt(expression.strip())} is not a C expression gettext can read"
                )
            number, variable, operator = match.groups()
            if number is not None:
                self.tokens.append(str(int(number) & _MASK))
            else:
                self.tokens.append(variable or operator)
            position = match.end()
        self.position = 0
        self.depth = 0
        self.expression = expression.strip()

    def fail(self) -> PluralFormsError:
        return PluralFormsError(
            f"plural={quoted_excerpt(self.expression)} is not a C expression gettext can read"
        )

    def peek(self) -> str | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if token is None or (expected is not None and token != expected):
            raise self.fail()
        self.position += 1
        return token

    def parse(self) -> str:
        if not self.tokens:
            raise self.fail()
        source = self.conditional()
        if self.peek() is not None:
            raise self.fail()
        return source

    def nest(self) -> None:
        self.depth += 1
        if self.depth > _MAX_DEPTH:
            raise PluralFormsError(
                f"plural={quoted_excerpt(self.expression)} nests deeper than {_MAX_DEPTH} levels"
            )

    def conditional(self) -> str:
        self.nest()
        condition = self.binary(0)
        if self.peek() == "?":
            self.take("?")
            chosen = self.conditional()
            self.take(":")
            other = self.conditional()
            condition = f"({chosen} if {condition} else {other})"
        self.depth -= 1
        return condition

    def binary(self, level: int) -> str:
        """One precedence level, left-associative. Chains stay flat in the generated source (one pair of
        parentheses for ``a || b || c`` or ``a + b - c``), so long expressions do not nest deeply."""
        if level == len(_BINARY):
            return self.unary()
        left = self.binary(level + 1)
        chain: list[str] = []
        while self.peek() in _BINARY[level]:
            operator = self.take()
            right = self.binary(level + 1)
            if operator in ("||", "&&", "+", "-", "*"):
                chain.append(f" {_PYTHON_OPERATOR.get(operator, operator)} {right}")
                continue
            left = _closed(left, chain)
            chain = []
            if operator in ("/", "%"):
                left = f"({left} {'//' if operator == '/' else '%'} {right})"
            else:
                left = f"(1 if {left} {operator} {right} else 0)"
        return _closed(left, chain)

    def unary(self) -> str:
        token = self.peek()
        if token == "!":
            self.take()
            self.nest()
            operand = self.unary()
            self.depth -= 1
            return f"(0 if {operand} else 1)"
        if token == "(":
            self.take()
            inner = self.conditional()
            self.take(")")
            return inner
        if token == "n" or (token is not None and token.isdigit()):
            return self.take()
        raise self.fail()


_PYTHON_OPERATOR = {"||": "or", "&&": "and"}


def _closed(left: str, chain: list[str]) -> str:
    """``left`` followed by a chain of one level's operators, as one parenthesized value below 2**64.

    Python's ``or``/``and`` give an operand's value, not 0 or 1, hence the conversion; ``+ - *`` are exact
    on Python integers, so masking once after the chain gives C's unsigned result.
    """
    if not chain:
        return left
    joined = left + "".join(chain)
    if chain[0].startswith((" or ", " and ")):
        return f"(1 if {joined} else 0)"
    return f"(({joined}) & {_MASK})"


def compile_expression(expression: str) -> Callable[[int], int]:
    """The expression as a function of n, in C ``unsigned long`` arithmetic (results below 2**64).

    Raises :class:`PluralFormsError` for anything plural.y would not read. Division by zero raises
    ``ZeroDivisionError`` when it happens, as libintl raises SIGFPE.
    """
    if len(expression) > MAX_EXPRESSION_LENGTH:
        raise PluralFormsError(f"the plural expression is longer than {MAX_EXPRESSION_LENGTH} characters")
    source = _Parser(expression).parse()
    try:
        # The source is built only from our own tokens: digits, "n" and operators.
        function: Callable[[int], int] = eval(f"lambda n: {source}", {"__builtins__": {}})
    except (SyntaxError, RecursionError, MemoryError):
        raise PluralFormsError("the plural expression is too complex to evaluate") from None
    return function


def _forms_phrase(count: int) -> str:
    if count == 1:
        return "form 0 only"
    if count == 2:
        return "forms 0 and 1 only"
    return f"forms 0 to {count - 1} only"


def quoted_excerpt(text: str, limit: int = 200) -> str:
    """Header text as quoted in a message: a hostile header may be megabytes long."""
    return text if len(text) <= limit else text[:limit] + "…"


def parse_plural_forms(text: str) -> PluralForms:
    """A Plural-Forms value checked as ``msgfmt -c`` checks it; raises :class:`PluralFormsError`."""
    quoted = quoted_excerpt(text)
    count_text = _field(text, "nplurals")
    if count_text is None:
        raise PluralFormsError(f"Plural-Forms '{quoted}' has no nplurals=<number of forms>")
    if not re.fullmatch(r"\s*\d+\s*", count_text):
        raise PluralFormsError(
            f"Plural-Forms '{quoted}': nplurals={quoted_excerpt(count_text.strip())} is not a number of forms"
        )
    if len(count_text.strip()) > _MAX_COUNT_DIGITS:
        raise PluralFormsError(f"Plural-Forms '{quoted}': nplurals is far more forms than any language has")
    count = int(count_text)
    if count == 0:
        raise PluralFormsError(f"Plural-Forms '{quoted}': nplurals=0 leaves no form for any number")
    expression = _field(text, "plural")
    if expression is None:
        raise PluralFormsError(f"Plural-Forms '{quoted}' has no plural=<expression>")
    try:
        select = compile_expression(expression)
    except PluralFormsError as error:
        raise PluralFormsError(f"Plural-Forms '{quoted}': {error.message}") from None
    forms: list[int] = []
    for number in SAMPLES:
        try:
            form = select(number)
        except ZeroDivisionError:
            raise PluralFormsError(f"Plural-Forms '{quoted}' divides by zero for n = {number}") from None
        if form & _SIGN:
            raise PluralFormsError(
                f"Plural-Forms '{quoted}' gives a negative form ({form - (1 << 64)}) for n = {number}"
            )
        if form >= count:
            raise PluralFormsError(
                f"Plural-Forms '{quoted}' gives form {form} for n = {number}, "
                f"but nplurals={count} allows {_forms_phrase(count)}"
            )
        forms.append(form)
    return PluralForms(text, count, expression.strip(), tuple(forms))
