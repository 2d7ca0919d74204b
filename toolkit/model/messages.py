"""The interface messages of the content model (``ui.yaml``): apart from the quizzes, whose model is the
package's, they share only :class:`toolkit.model.Origin`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # an annotation only: the package imports this module
    from toolkit.model import Origin


@dataclass(frozen=True, slots=True)
class Placeholder:
    name: str
    meaning: str


@dataclass(frozen=True, slots=True)
class Variant:
    """A wording of a message seen on a scraped page, with numbers replaced by placeholders."""

    locale: str
    text: str


@dataclass(frozen=True, slots=True)
class Message:
    """One interface message; either ``text``, or plural forms ``one``/``other`` selected by ``plural``."""

    name: str
    key: str
    origin: Origin
    text: str | None = None
    one: str | None = None
    other: str | None = None
    plural: str | None = None
    placeholders: tuple[Placeholder, ...] = ()
    comment: str | None = None
    variants: tuple[Variant, ...] = ()

    @property
    def is_plural(self) -> bool:
        return self.plural is not None

    @property
    def source(self) -> str:
        """The singular (or only) source text: the gettext msgid."""
        source = self.one if self.is_plural else self.text
        assert source is not None, "a validated message always has its text"
        return source


@dataclass(frozen=True, slots=True)
class InterfaceMessages:
    messages: tuple[Message, ...]
    origin: Origin

    def message(self, name: str) -> Message:
        for message in self.messages:
            if message.name == name:
                return message
        raise KeyError(name)
