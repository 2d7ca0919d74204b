"""What a long-running process (``quizkit serve``) keeps in memory between its builds of one project.

Each build reads, from :mod:`toolkit.build.store`, the validated model of every content file it does not
validate again and, when it pre-fills from the translation memory, the memory units of every catalog. A
command's build reads them once and ends; the preview rebuilds on every save, and at 1,000 quizzes reading
and decoding them again was most of a rebuild's time. Both are named by a digest of everything that decides
them (the store's names), so an item once decoded stands for that name for good: what is kept here can
never be stale, only unused, and each build keeps no more than the names it used.

It keeps the build's record too (``build.json``, :mod:`toolkit.build.cache`): the cache last read or
written, by the digest of the file's bytes, and each entry's JSON, so that a rebuild neither parses nor
encodes again the records of the quizzes it did not redo. And once a build of the process succeeded, the
outputs its record lists are the ones it left: the process holds the project's writer lock, so no other
build writes there, and a rebuild checks only the outputs of what it redoes (a build that fails, or
any record it did not leave, has every output checked again).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from toolkit.memory.translation_memory import MemoryUnit
from toolkit.model import InterfaceMessages, Quiz

if TYPE_CHECKING:
    from toolkit.build.cache import BuildCache
    from toolkit.memory.prefill import KeptIndex

_Value = TypeVar("_Value")


class _Kept(Generic[_Value]):
    """Items by store name: the ones of the last build, and those this build used so far."""

    def __init__(self) -> None:
        self._earlier: dict[str, _Value] = {}
        self._used: dict[str, _Value] = {}

    def get(self, name: str) -> _Value | None:
        found = self._used.get(name)
        if found is None:
            found = self._earlier.get(name)
            if found is not None:
                self._used[name] = found
        return found

    def put(self, name: str, value: _Value) -> None:
        self._used[name] = value

    def end_build(self) -> None:
        """What this build did not use goes (a deleted quiz's model, a catalog's earlier units); a build
        that used none (one that changed nothing, or read no memory) leaves what was kept as it was."""
        if self._used:
            self._earlier, self._used = self._used, {}


class ResidentState:
    """Decoded models and memory units, by store name, kept from one build to the next."""

    def __init__(self) -> None:
        self.models: _Kept[Quiz | InterfaceMessages] = _Kept()
        self.memory_units: _Kept[Sequence[MemoryUnit]] = _Kept()
        self.memory_indexes: dict[tuple[str, int], KeptIndex] = {}
        """The translation memory's index of each locale (and number of plural forms) last built afresh:
        a rebuild lays the units that changed over it (:class:`toolkit.memory.prefill.PrefillMemory`)."""
        self.build_record: tuple[str, BuildCache] | None = None
        """The digest of ``build.json``'s bytes as this process last read or wrote them, and the cache
        they hold."""
        self.encoded_records: dict[int, tuple[object, bytes]] = {}
        """The JSON of each record the last written cache held, by the record's id (kept beside it)."""
        self.outputs_as_recorded: BuildCache | None = None
        """The cache whose recorded outputs are on disk as this process's last build left them: set when
        a build succeeded, cleared when one starts (a build that fails may have written some)."""
        self.swept = False
        """Whether a build of this process removed the temporary files a killed process left."""

    def end_build(self) -> None:
        self.models.end_build()
        self.memory_units.end_build()
