"""The content model as plain JSON data, so the build cache can hand back a validated quiz unparsed.

Generic over the model's frozen dataclasses: fields are read from their type hints (with the type
arguments of a generic class, ``ChoiceQuestion[Text]``, put in), so a field added to the model is carried
without touching this module. Only the types the model uses are supported (str,
int, bool, None, enums, tuples and nested dataclasses); anything else fails loudly, and the cache entry
is then simply rebuilt.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from decimal import Decimal
from typing import Any, TypeVar

from toolkit import model
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.errors import QuizkitError

ModelType = TypeVar("ModelType")


class CodecError(QuizkitError, ValueError):
    pass


def encode(value: object) -> object:
    if value is None or type(value) in (str, int, bool, float):
        return value
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Decimal):
        return str(value)
    kind = typing.cast(Any, type(value))
    names = _field_names(kind)
    # The class is named, since a field may hold one of several (a question of any kind, any blank).
    return {KIND: kind.__name__, **{name: encode(getattr(value, name)) for name in names}}


KIND = "$kind"


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    if not dataclasses.is_dataclass(kind):
        raise CodecError(f"cannot encode {kind.__name__}")
    return tuple(field.name for field in dataclasses.fields(kind))


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(model))


def decode(kind: type[ModelType], data: object) -> ModelType:
    return typing.cast(ModelType, _decoder(typing.cast(Any, kind))(data))


Decoder = typing.Callable[[object], object]


@functools.cache
def _decoder(kind: Any) -> Decoder:
    """A decoding function per type, worked out once: the cache decodes thousands of quizzes."""
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        inners = [option for option in options if option is not type(None)]
        allows_none = type(None) in options
        if len(inners) > 1:
            by_name = {(typing.get_origin(inner) or inner).__name__: _decoder(inner) for inner in inners}

            def decode_choice(data: object) -> object:
                if data is None and allows_none:
                    return None
                chosen = by_name.get(str(data.get(KIND))) if isinstance(data, dict) else None
                if chosen is None:
                    raise CodecError(f"expected one of {', '.join(by_name)}")
                return chosen(data)

            return decode_choice
        (inner,) = inners
        inner_decoder = _decoder(inner)

        def decode_union(data: object) -> object:
            if data is None and allows_none:
                return None
            return inner_decoder(data)

        return decode_union
    if origin is tuple:
        arguments = typing.get_args(kind)
        if len(arguments) == 2 and arguments[1] is Ellipsis:
            item_decoder = _decoder(arguments[0])

            def decode_sequence(data: object) -> object:
                if not isinstance(data, list):
                    raise CodecError(f"expected a list for {kind}")
                return tuple(item_decoder(item) for item in data)

            return decode_sequence
        decoders = [_decoder(argument) for argument in arguments]

        def decode_tuple(data: object) -> object:
            if not isinstance(data, list) or len(data) != len(decoders):
                raise CodecError(f"expected {len(decoders)} items for {kind}")
            return tuple(decoder(item) for decoder, item in zip(decoders, data, strict=True))

        return decode_tuple
    generic = origin if origin is not None and dataclasses.is_dataclass(origin) else None
    if generic is not None or (isinstance(kind, type) and dataclasses.is_dataclass(kind)):
        cls: Any = generic or kind
        # A generic class of the model (ChoiceQuestion[Text]): its fields' type variables take the
        # arguments given.
        type_arguments = dict(zip(getattr(cls, "__parameters__", ()), typing.get_args(kind), strict=False))
        hints = _hints(cls)
        fields = [
            (field.name, _decoder(_bound(hints[field.name], type_arguments)))
            for field in dataclasses.fields(cls)
        ]
        names = {name for name, _ in fields} | {KIND}

        def decode_dataclass(data: object) -> object:
            if not isinstance(data, dict) or data.keys() != names or data[KIND] != cls.__name__:
                raise CodecError(f"expected the fields of {cls.__name__}")
            return cls(**{name: decoder(data[name]) for name, decoder in fields})

        return decode_dataclass
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        enumeration = kind

        def decode_enum(data: object) -> object:
            try:
                return enumeration(data)
            except ValueError:
                raise CodecError(f"{data!r} is not a {enumeration.__name__}") from None

        return decode_enum
    if kind is Decimal:

        def decode_decimal(data: object) -> object:
            try:
                number = Decimal(data) if isinstance(data, str) else None
            except ArithmeticError:
                number = None
            if number is None or not number.is_finite():
                raise CodecError(f"expected a decimal number, found {data!r}")
            return number

        return decode_decimal
    if kind in (str, int, bool):
        scalar = kind

        def decode_scalar(data: object) -> object:
            if type(data) is not scalar:
                raise CodecError(f"expected {scalar.__name__}, found {data!r}")
            return data

        return decode_scalar
    raise CodecError(f"the model codec does not know {kind}")


def _bound(hint: Any, arguments: dict[Any, Any]) -> Any:
    """``hint`` with the type variables of a generic class replaced by the arguments it was given."""
    if isinstance(hint, TypeVar):
        return arguments[hint]
    parameters = getattr(hint, "__parameters__", ())
    return hint[tuple(arguments[parameter] for parameter in parameters)] if parameters else hint


def decode_diagnostic(data: object) -> Diagnostic:
    if not isinstance(data, dict):
        raise CodecError("expected a diagnostic object")
    try:
        return Diagnostic(
            str(data["file"]),
            _optional_int(data["line"]),
            _optional_int(data["column"]),
            Severity(data["severity"]),
            str(data["code"]),
            str(data["message"]),
            _optional_str(data["path"]),
            _optional_str(data["key"]),
        )
    except (KeyError, ValueError) as error:
        raise CodecError(f"bad diagnostic: {error}") from None


def _optional_int(value: object) -> int | None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise CodecError("expected an integer")


def _optional_str(value: object) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise CodecError("expected a string")
