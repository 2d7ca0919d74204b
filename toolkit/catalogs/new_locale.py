"""Adding a target locale to a project: the configuration, and its catalogs made from the templates.

The catalogs' Plural-Forms comes from CLDR's plural rules (:func:`toolkit.text.locale_info.cldr_plural_forms`)
and is checked against CLDR's categories on the numbers 0…1000 before anything is written, so a wrong
expression (Babel's hand-written Arabic rule was wrong for years) can never reach a new catalog. The
catalogs are written first and the configuration last: an interrupted run leaves the configuration as it
was, and running the command again finishes the job.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from toolkit.catalogs.statistics import catalog_statistics
from toolkit.catalogs.workflow import update
from toolkit.config import ProjectConfig, target_locale_problem, with_target_locale
from toolkit.errors import LocatedError
from toolkit.files import refuse_unwritable, write_text_atomic
from toolkit.gettext.catalog import Catalog
from toolkit.gettext.po_reader import read_po
from toolkit.text.locale_info import cldr_plural_forms, locale_info, plural_forms_problem
from toolkit.text.locale_packs import normalized_locale, pack_for


class AddLocaleError(LocatedError):
    def __init__(self, file: str, message: str) -> None:
        super().__init__(file, None, message)


@dataclass(frozen=True)
class NewCatalog:
    path: Path
    domain: str
    entries: int
    to_translate: int
    source_words: int


@dataclass(frozen=True)
class AddedLocale:
    locale: str
    english_name: str
    direction: str
    plural_forms: str
    plural_categories: tuple[str, ...]
    numbering_system: str
    pack: str | None
    """The locale pack whose checks and normalizations now apply, if one serves the locale."""
    config_file: Path
    catalogs: tuple[NewCatalog, ...]


def add_locale(config: ProjectConfig, requested: str) -> AddedLocale:
    """Add ``requested`` (``ar``, ``ar-EG`` or ``ar_EG``) to the project's target locales and create its
    catalogs. Raises :class:`AddLocaleError` with nothing written when it cannot be added."""
    locale = normalized_locale(requested)
    where = str(config.config_file or config.root / "quizkit.toml")
    if locale in config.target_locales:
        raise AddLocaleError(
            where, f"{locale} is already a target locale; quizkit update brings its catalogs up to date"
        )
    problem = target_locale_problem(locale, config.source_locale)
    if problem is not None:
        raise AddLocaleError(where, problem)
    plural_forms = cldr_plural_forms(locale)
    if plural_forms is None:
        raise AddLocaleError(
            where,
            f"no Plural-Forms expression agrees with CLDR's plural rules for {locale}; please report this",
        )
    disagreement = plural_forms_problem(locale, plural_forms)
    if disagreement is not None:  # cldr_plural_forms only returns agreeing ones; kept as the last guard
        raise AddLocaleError(where, disagreement)
    new_config, text = with_target_locale(config, locale)
    assert new_config.config_file is not None
    refuse_unwritable(new_config.config_file, text.encode("utf-8"))
    _, written = update(new_config, [locale])
    write_text_atomic(new_config.config_file, text, durable=True)
    info = locale_info(locale)
    pack = pack_for(locale)
    return AddedLocale(
        locale=locale,
        english_name=info.english_name,
        direction=info.direction,
        plural_forms=plural_forms,
        plural_categories=info.plural_categories,
        numbering_system=info.numbering_system,
        pack=pack.name if pack else None,
        config_file=new_config.config_file,
        catalogs=tuple(_described(plan.path, plan.domain, plan.data) for plan, _ in written),
    )


def _described(path: Path, domain: str, data: bytes) -> NewCatalog:
    catalog: Catalog = read_po(data, str(path))
    statistics = catalog_statistics(catalog)
    return NewCatalog(
        path, domain, statistics.total, statistics.untranslated + statistics.fuzzy, statistics.source_words
    )
