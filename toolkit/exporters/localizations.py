"""Catalogs and localized quizzes for an export, read and built only when an exporter asks for them.

``quizkit build`` exports only the quizzes that changed, yet an index page lists every quiz: these
mappings hold every key, and the cost of a quiz nobody asks for is nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from toolkit.catalogs.workflow import CatalogError, validated_catalog
from toolkit.content.validation import display_path
from toolkit.gettext.catalog import Catalog
from toolkit.keys import UI_DOMAIN
from toolkit.localization import FallbackPolicy, LocalizedQuiz, localize
from toolkit.model import Content
from toolkit.text.locale_info import PSEUDO_LOCALES


class LazyCatalogs(Mapping[tuple[str, str], Catalog]):
    """Target-locale catalogs by (locale, domain), each read and validated on first use; those of
    pseudo-locales (``made``) are made on first use instead, from the source, never read or written."""

    def __init__(
        self,
        paths: Mapping[tuple[str, str], Path],
        preloaded: Mapping[tuple[str, str], Catalog] | None = None,
        made: Mapping[tuple[str, str], Callable[[], Catalog]] | None = None,
    ) -> None:
        self._paths = dict(paths)
        self._made = dict(made or {})
        self._loaded: dict[tuple[str, str], Catalog] = {
            key: catalog for key, catalog in (preloaded or {}).items() if key in self._paths
        }

    def __getitem__(self, key: tuple[str, str]) -> Catalog:
        catalog = self._loaded.get(key)
        if catalog is None and key in self._made:
            catalog = self._loaded[key] = self._made[key]()
        if catalog is None:
            path = self._paths[key]
            if not path.exists():
                raise CatalogError(
                    display_path(path), None, "catalog missing; run quizkit update to create it"
                )
            catalog = self._loaded[key] = validated_catalog(path, key[0])
        return catalog

    def __iter__(self) -> Iterator[tuple[str, str]]:
        yield from self._paths
        yield from self._made

    def __len__(self) -> int:
        return len(self._paths) + len(self._made)


class LazyLocalizations(Mapping[tuple[str, str], LocalizedQuiz]):
    """Every quiz in every locale by (quiz id, locale), each localized on first use."""

    def __init__(
        self,
        content: Content,
        source_locale: str,
        target_locales: tuple[str, ...],
        catalogs: Mapping[tuple[str, str], Catalog],
        policy: FallbackPolicy,
        require_approved: bool = False,
        numbering_systems: Mapping[str, str] | None = None,
    ) -> None:
        self._require_approved = require_approved
        self._numbering_systems = dict(numbering_systems or {})
        self._content = content
        self._source_locale = source_locale
        self._catalogs = catalogs
        self._policy = policy
        self._quizzes = {quiz.id: quiz for quiz in content.quizzes}
        self._locales = (source_locale, *target_locales)
        self._done: dict[tuple[str, str], LocalizedQuiz] = {}

    def __getitem__(self, key: tuple[str, str]) -> LocalizedQuiz:
        localized = self._done.get(key)
        if localized is not None:
            return localized
        quiz_id, locale = key
        if quiz_id not in self._quizzes or locale not in self._locales:
            raise KeyError(key)
        quiz = self._quizzes[quiz_id]
        # The source locale is the quiz itself: no catalogs, and no translation to review.
        is_source = locale == self._source_locale
        localized = localize(
            quiz,
            self._content.interface,
            locale,
            self._source_locale,
            None if is_source else self._catalogs[(locale, quiz_id)],
            None if is_source else self._catalogs.get((locale, UI_DOMAIN)),
            self._policy,
            # A pseudo-locale is made from the source by quizkit: there is no translation to review.
            require_approved=self._require_approved and not is_source and locale not in PSEUDO_LOCALES,
            numbering_system=self._numbering_systems.get(locale),
        )
        self._done[key] = localized
        return localized

    def __contains__(self, key: object) -> bool:
        return (
            isinstance(key, tuple) and len(key) == 2 and key[0] in self._quizzes and key[1] in self._locales
        )

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return ((quiz.id, locale) for quiz in self._content.quizzes for locale in self._locales)

    def __len__(self) -> int:
        return len(self._quizzes) * len(self._locales)

    def localized_so_far(self) -> dict[tuple[str, str], LocalizedQuiz]:
        """The quizzes some exporter asked for: what fallback reports speak about."""
        return dict(self._done)
