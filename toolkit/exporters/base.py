"""The exporter interface, the data every exporter receives, and the registry."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any, ClassVar, Protocol, cast

from toolkit.errors import QuizkitError
from toolkit.gettext.catalog import Catalog, CatalogEntry
from toolkit.keys import UI_DOMAIN
from toolkit.localization import FallbackPolicy, LocalizedQuiz
from toolkit.localization.localize import usable
from toolkit.model import CHOICE_TYPES, Content, Question, QuestionType, Quiz, Text
from toolkit.plugins import PluginLoadError, load_plugin, plugin_names
from toolkit.text.characters import NOT_XML_CHARACTER as NOT_XML_CHARACTER
from toolkit.text.locale_info import PSEUDO_LOCALES, LocaleInfo

ENTRY_POINT_GROUP = "quizkit.exporters"

# Characters XML 1.0 cannot carry at all, not even escaped (lxml refuses them with a bare ValueError);
# defined once in toolkit.text.characters and named here as the exporter API always did. quizkit check
# reports them as errors; _refuse_uncarryable_characters stops an export run with --no-checks before any
# exporter meets them, and exporters called directly use the same pattern.


class ExportError(QuizkitError):
    """An export that cannot be done: an unknown format or locale, or text a format cannot carry. Its
    message says which, and what to do."""


@dataclass(frozen=True)
class OutputFile:
    """One file an exporter produces, at a relative path inside its format's folder."""

    path: PurePosixPath
    data: bytes
    quiz: str | None = None
    """The quiz this file presents, if it depends on that quiz alone (with the interface messages);
    None for files that depend on the whole project, such as an index. ``quizkit build`` rewrites a
    quiz's files only when that quiz changed, and the others whenever anything did."""

    @classmethod
    def of_quiz(cls, localized: LocalizedQuiz, suffix: str, data: bytes) -> OutputFile:
        """The file of one quiz in one locale, where most formats put it: ``<quiz>/<locale><suffix>``."""
        return cls(
            PurePosixPath(localized.quiz.id) / f"{localized.locale.tag}{suffix}", data, localized.quiz.id
        )


@dataclass(frozen=True)
class QuizSummary:
    """What a file that lists every quiz (an index) needs of one quiz in one locale."""

    quiz_id: str
    locale: LocaleInfo
    source: LocaleInfo
    title: str
    fell_back: tuple[str, ...] = ()
    """Questions exported in the source language because their translation is incomplete."""
    description: str = ""
    """The quiz's description as exported (the index's start card shows it)."""
    questions: int = 0
    """How many questions the quiz has as exported in the locale (the fallback policy ``omit`` leaves
    untranslated ones out)."""

    @property
    def is_source(self) -> bool:
        return self.locale.locale == self.source.locale

    @classmethod
    def of(cls, localized: LocalizedQuiz) -> QuizSummary:
        return cls(
            localized.quiz.id,
            localized.locale,
            localized.source,
            localized.title,
            () if localized.is_source else localized.fallen_back_questions,
            localized.description,
            len(localized.questions),
        )


@dataclass(frozen=True)
class ExportRequest:
    content: Content
    source_locale: str
    target_locales: tuple[str, ...]
    localized: Mapping[tuple[str, str], LocalizedQuiz]
    """Every quiz in every locale (source included), keyed by (quiz id, locale)."""
    catalogs: Mapping[tuple[str, str], Catalog]
    """Target-locale catalogs, keyed by (locale, domain)."""
    policy: FallbackPolicy
    answers: bool = True
    """False for the delivery variant: no correct ids, feedback or explanations."""
    quiz_ids: frozenset[str] | None = None
    """The quizzes to write files for (None: all). Files that depend on the whole project, such as an
    index, are written whenever ``shared`` is true, and may read every quiz: ``localized`` and
    ``catalogs`` hold all."""
    shared: bool = True
    """Whether to write the files that depend on the whole project (``OutputFile.quiz`` None). A
    parallel build asks each worker for its quizzes' files only, and for the shared files once."""
    summaries: Mapping[tuple[str, str], QuizSummary] | None = None
    """Summaries by (quiz id, locale), where the caller has them (a build keeps them in its cache), so
    that an index does not localize every quiz; read them through :meth:`summary`."""
    options: Mapping[str, object] = field(default_factory=dict)
    """The settings of the format receiving the request (:attr:`BaseExporter.options`), validated, with
    the defaults filled in: its ``[formats.<name>]`` table of the configuration."""
    format_options: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    """Every configured format's settings, validated, by format name; the export hands each format its
    own as :attr:`options`."""
    require_approved: bool = False
    """The release gate (``--require approved``): only approved translations are published. The
    localized quizzes hold only those already; a format that reads ``catalogs`` itself asks
    :meth:`publishes`."""

    @property
    def locales(self) -> tuple[str, ...]:
        return (self.source_locale, *self.target_locales)

    def summary(self, quiz_id: str, locale: str) -> QuizSummary:
        """The summary of a quiz in a locale: given, or made from the localized quiz."""
        if self.summaries is not None:
            given = self.summaries.get((quiz_id, locale))
            if given is not None:
                return given
        return QuizSummary.of(self.localized[(quiz_id, locale)])

    def includes(self, quiz_id: str) -> bool:
        return self.quiz_ids is None or quiz_id in self.quiz_ids

    def quizzes_in(self, locale: str) -> list[LocalizedQuiz]:
        """The quizzes to write files for, localized into ``locale``."""
        return [
            self.localized[(quiz.id, locale)]
            for quiz in self.content.quizzes
            if self.includes(quiz.id) and (quiz.id, locale) in self.localized
        ]

    def every_localized(self) -> Iterator[LocalizedQuiz]:
        """The quizzes to write files for in every locale, locale by locale (the source first)."""
        for locale in self.locales:
            yield from self.quizzes_in(locale)

    def versions(self, quiz_id: str) -> list[LocalizedQuiz]:
        """One quiz in every locale it is exported in, source first."""
        return [
            self.localized[(quiz_id, locale)]
            for locale in self.locales
            if (quiz_id, locale) in self.localized
        ]

    def versions_by_quiz(self) -> Iterator[tuple[Quiz, list[LocalizedQuiz]]]:
        """(quiz, :meth:`versions`) for each quiz to write files for that is exported in any locale:
        what a format writing one file for a quiz in all its locales (SCORM, Moodle multilang) needs."""
        for quiz in self.content.quizzes:
            if self.includes(quiz.id):
                every = self.versions(quiz.id)
                if every:
                    yield quiz, every

    def publishes(self, entry: CatalogEntry, locale: str) -> bool:
        """Whether ``entry``'s translation may be published in ``locale``: translated, and approved under
        the gate (a pseudo-locale's, made from the source, needs no reviewer)."""
        return usable(entry, self.require_approved and locale not in PSEUDO_LOCALES)

    def catalogs_to_write(self) -> Iterator[tuple[str, str, str | None, Catalog]]:
        """(locale, domain, quiz, catalog) for every catalog whose file this request writes: a quiz's
        when the quiz is included, the interface's (quiz None) when shared files are written."""
        for locale, domain in sorted(self.catalogs):
            quiz = None if domain == UI_DOMAIN else domain
            if self.shared if quiz is None else self.includes(quiz):
                yield locale, domain, quiz, self.catalogs[(locale, domain)]


ALL_QUESTION_TYPES = frozenset(QuestionType)


class Exporter(Protocol):
    """What quizkit needs of a format: the type every registered exporter is checked against. A plugin
    may implement just this; subclassing :class:`BaseExporter` adds the optional declarations below with
    their defaults, and typed."""

    name: ClassVar[str]
    description: ClassVar[str]
    presents_quiz: ClassVar[bool]
    """True for formats written for the source locale too (a quiz to show); False for catalog formats."""

    def export(self, request: ExportRequest) -> Iterable[OutputFile]: ...


class BaseExporter:
    """The base class of every built-in exporter, and of plugins that want its defaults: each optional
    part of the exporter contract is declared here, with the value a format that says nothing gets. The
    functions below (:func:`question_types`, :func:`omits_answers`, ...) read them from any exporter, so
    a plugin that implements only :class:`Exporter` gets the same defaults."""

    name: ClassVar[str]
    description: ClassVar[str]
    presents_quiz: ClassVar[bool]
    """True for formats written for the source locale too (a quiz to show); False for catalog formats."""

    question_types: ClassVar[frozenset[QuestionType]] = CHOICE_TYPES
    """The question kinds the format carries. The export leaves the other kinds out of what the format
    sees, with a warning (an error under --strict), so no exporter meets a kind it does not know."""

    omits_answers: ClassVar[bool] = False
    """True for a format that honours ``request.answers`` (no correct ids, feedback or explanations when
    it is False); a format that says nothing is never used for the delivery variant."""

    options: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    """The format's own settings, read from ``[formats.<name>]`` (quizkit.toml) or
    ``[tool.quizkit.formats.<name>]`` (pyproject.toml): each setting's name and the JSON Schema of its
    value, with its ``default`` and a ``description``. The export validates the table against them (an
    error names the file and line) and hands the format every setting, defaults filled in, as
    ``request.options``. ``x-message`` in a setting's schema words the error for a value it refuses
    (``{name}`` and ``{value!r}`` are filled in)."""

    @staticmethod
    def lost_settings(question: Question[Text]) -> tuple[str, ...]:
        """What the format cannot keep of ``question``, a kind it carries (the target system ignores
        it): one sentence per setting lost. The export warns about each (an error under --strict)."""
        return ()

    @staticmethod
    def lost_in_quiz(quiz: Quiz) -> Iterable[tuple[str, str]]:
        """What the format cannot keep of a question because of the quiz's other questions (Moodle's
        marks): (question id, sentence) for each. The export warns as for :meth:`lost_settings`."""
        return ()

    @staticmethod
    def export_notes(quizzes: Sequence[Quiz]) -> Iterable[str]:
        """What a user of the format should know of the exported ``quizzes`` once per export, though
        nothing is lost (another format carries it): a sentence each, said as a note, not a warning."""
        return ()

    @staticmethod
    def unwritable(question: Question[str]) -> str | None:
        """Why the format cannot write this localized question, a kind it carries, in its locale (a
        character its target system cannot read there), as a sentence; None when it can. The export
        leaves the question out of the format in that locale with a warning (an error under --strict)
        rather than failing the whole export. A format that writes every question it carries keeps
        this default, and the export need not localize questions to ask."""
        return None

    def option(self, request: ExportRequest, name: str) -> object:
        """This format's setting ``name``: as the request carries it, else (a request made by hand,
        without the configuration) its declared default."""
        if name in request.options:
            return request.options[name]
        return self.options[name].get("default")

    def export(self, request: ExportRequest) -> Iterable[OutputFile]:
        raise NotImplementedError(f"exporter {self.name} does not implement export()")


class CatalogExporter(BaseExporter):
    """The base of a catalog format (``mo``, ``xliff``): one file per catalog the request writes, for
    target locales only; a subclass says what that file is (:meth:`catalog_file`)."""

    presents_quiz: ClassVar[bool] = False
    question_types: ClassVar[frozenset[QuestionType]] = ALL_QUESTION_TYPES
    """A catalog format carries every text of every kind by its key."""

    def catalog_file(
        self, request: ExportRequest, locale: str, domain: str, catalog: Catalog
    ) -> tuple[PurePosixPath, bytes]:
        """The path and content of the file of ``catalog``, of ``domain`` in ``locale``."""
        raise NotImplementedError(f"catalog format {self.name} does not implement catalog_file()")

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        for locale, domain, quiz, catalog in request.catalogs_to_write():
            path, data = self.catalog_file(request, locale, domain, catalog)
            yield OutputFile(path, data, quiz=quiz)


def question_types(exporter: type[Exporter]) -> frozenset[QuestionType]:
    """The question kinds a format carries (:attr:`BaseExporter.question_types`)."""
    declared = getattr(exporter, "question_types", None)
    return frozenset(declared) if isinstance(declared, frozenset | set) else BaseExporter.question_types


def lost_settings(exporter: type[Exporter], question: Question[Text]) -> tuple[str, ...]:
    """What a format cannot keep of a question it carries (:meth:`BaseExporter.lost_settings`)."""
    return tuple(str(sentence) for sentence in _hook(exporter, "lost_settings")(question))


def lost_in_quiz(exporter: type[Exporter], quiz: Quiz) -> tuple[tuple[str, str], ...]:
    """What a format cannot keep of a quiz's questions because of the others (:meth:`BaseExporter.lost_in_quiz`)."""
    declared = _hook(exporter, "lost_in_quiz")
    return tuple((str(question_id), str(sentence)) for question_id, sentence in declared(quiz))


def export_notes(exporter: type[Exporter], quizzes: Sequence[Quiz]) -> tuple[str, ...]:
    """What a format notes once per export of ``quizzes`` (:meth:`BaseExporter.export_notes`)."""
    return tuple(str(sentence) for sentence in _hook(exporter, "export_notes")(quizzes))


def unwritable(exporter: type[Exporter], question: Question[str]) -> str | None:
    """Why a format cannot write one localized question it carries, or None (:meth:`BaseExporter.unwritable`)."""
    reason = _hook(exporter, "unwritable")(question)
    return None if reason is None else str(reason)


def writes_every_question(exporter: type[Exporter]) -> bool:
    """Whether a format writes every question of a kind it carries (keeps the default ``unwritable``)."""
    return _hook(exporter, "unwritable") is BaseExporter.unwritable


def _hook(exporter: type[Exporter], name: str) -> Callable[..., Any]:
    """A format's static method ``name``, or the base class's default where it declares none."""
    declared = getattr(exporter, name, None)
    default: Callable[..., Any] = getattr(BaseExporter, name)
    return declared if callable(declared) else default


def omits_answers(exporter: type[Exporter]) -> bool:
    """Whether a format can write the delivery variant (``--no-answers``) without the answer key."""
    return getattr(exporter, "omits_answers", BaseExporter.omits_answers) is True


def declared_options(exporter: type[Exporter]) -> Mapping[str, Mapping[str, Any]]:
    """The settings a format declares (:attr:`BaseExporter.options`); none for a plugin that says nothing."""
    declared = getattr(exporter, "options", None)
    return declared if isinstance(declared, Mapping) else {}


class ExporterLoadError(QuizkitError):
    pass


@functools.cache
def exporter_names() -> tuple[str, ...]:
    """Names of every registered format; nothing is imported until a format is used."""
    names = plugin_names(ENTRY_POINT_GROUP)
    if not names:
        raise ExporterLoadError(
            f"no exporters are registered under {ENTRY_POINT_GROUP}: is quizkit installed?"
        )
    return names


@functools.cache
def load_exporter(name: str) -> type[Exporter]:
    try:
        exporter = load_plugin(ENTRY_POINT_GROUP, name, "exporter")
    except PluginLoadError as error:
        raise ExporterLoadError(str(error)) from error.__cause__
    if exporter is None:
        raise ExporterLoadError(f"unknown format {name!r}; available: {', '.join(exporter_names())}, all")
    return cast("type[Exporter]", exporter)


def registered_exporters() -> dict[str, type[Exporter]]:
    """Every registered format, loaded."""
    return {name: load_exporter(name) for name in exporter_names()}
