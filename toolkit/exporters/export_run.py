"""One export: load content and catalogs, localize every quiz, run the chosen exporters, write files.

Files are written only after every exporter has produced its output, atomically, and only inside
``<out>/<format>/``: nothing a quiz id or an exporter says can place a file elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath

from toolkit import keys
from toolkit.catalogs.layout import CatalogLayout
from toolkit.config import ProjectConfig
from toolkit.content.validation import display_path, load_content
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.errors import DiagnosedError
from toolkit.exporters.base import (
    ALL_QUESTION_TYPES,
    NOT_XML_CHARACTER,
    Exporter,
    ExportError,
    ExportRequest,
    OutputFile,
    QuizSummary,
    export_notes,
    exporter_names,
    load_exporter,
    lost_in_quiz,
    lost_settings,
    omits_answers,
    question_types,
    unwritable,
    writes_every_question,
)
from toolkit.exporters.format_options import configured_options, default_options
from toolkit.exporters.localizations import LazyCatalogs, LazyLocalizations
from toolkit.exporters.translated_formulas import UnrenderableFormulaError, unrenderable_formulas
from toolkit.files import OutsideProjectError, confined, confined_name, write_bytes_atomic
from toolkit.gettext.catalog import Catalog
from toolkit.keys import UI_DOMAIN
from toolkit.localization import FallbackPolicy, LocalizedQuiz
from toolkit.localization.pseudo import pseudo_catalogs
from toolkit.model import Content, Question, QuestionType, Quiz


class ExportBlockedError(DiagnosedError):
    """Check errors in the catalogs: errors block export (warnings do not)."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(f"{len(diagnostics)} check error(s)", diagnostics)


class StrictModeError(DiagnosedError):
    """Warnings under ``--strict``: nothing was written."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(f"{len(diagnostics)} warning(s) in strict mode", diagnostics)


@dataclass
class ExportResult:
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    fell_back: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    omitted: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    quiz_of: dict[Path, str | None] = field(default_factory=dict)
    """The quiz each file presents (:attr:`OutputFile.quiz`)."""
    left_out: list[str] = field(default_factory=list)
    """Formats left out of the delivery variant because they cannot leave out the answer key."""
    formats: list[str] = field(default_factory=list)
    """The formats exported (those chosen, less ``left_out``)."""
    warnings: list[Diagnostic] = field(default_factory=list)
    """Questions left out of formats that cannot carry their kind, and draft quizzes left out."""
    notes: list[str] = field(default_factory=list)
    """What a format says once per export though nothing is lost (:func:`export_notes`)."""


def unsupported_questions(content: Content, formats: Sequence[str], drafts: bool = False) -> list[Diagnostic]:
    """A warning for every question a chosen format cannot carry (the export leaves it out of that
    format), and for every setting a format cannot keep of a question it carries (``--strict`` makes
    these errors)."""
    found: list[Diagnostic] = []
    for name in resolve_formats(formats):
        exporter = load_exporter(name)
        carried = question_types(exporter)
        for quiz in content.quizzes:
            if quiz.draft and not drafts:
                continue
            in_quiz: dict[str, list[str]] = {}
            for question_id, sentence in lost_in_quiz(exporter, quiz):
                in_quiz.setdefault(question_id, []).append(sentence)
            for question in quiz.questions:
                if question.type in carried:
                    found.extend(
                        _question_warning(quiz, question.id, "unsupported-setting", f"format {name} {lost}")
                        for lost in (*lost_settings(exporter, question), *in_quiz.get(question.id, ()))
                    )
                    continue
                found.append(
                    _question_warning(
                        quiz,
                        question.id,
                        "unsupported-question",
                        f"format {name} cannot carry {question.type.value} questions",
                        f" is left out of {name}",
                    )
                )
    return found


DRAFT_QUIZ_LEFT_OUT = "draft-quiz-left-out"


def draft_left_out(quiz: Quiz) -> Diagnostic:
    """The warning for a draft quiz (``draft: true``) an export without ``--drafts`` leaves out, so that
    no quiz is missing from the output unsaid. Not one ``--strict`` stops for: a draft is left out on
    purpose, until a person finishes it."""
    return Diagnostic(
        quiz.origin.file,
        quiz.origin.line,
        None,
        Severity.WARNING,
        DRAFT_QUIZ_LEFT_OUT,
        f"draft quiz '{quiz.id}' is left out of the export until its draft: true is removed; "
        "quizkit export --drafts includes it, for a preview",
        path="$.draft",
    )


def unwritable_questions(request: ExportRequest, formats: Sequence[str]) -> list[Diagnostic]:
    """A warning for every question a chosen format carries but cannot write in some locale (the
    export leaves it out of that format there; ``--strict`` makes these errors), one per question
    with the locales it is left out in; and one for every quiz left with no question in a format in
    some locale, for which no file of that format is written there (an empty quiz would import as one)."""
    found: list[Diagnostic] = []
    for name in resolve_formats(formats):
        exporter = load_exporter(name)
        writes_every = writes_every_question(exporter)
        carried = question_types(exporter)
        if writes_every and carried >= ALL_QUESTION_TYPES:
            continue
        for quiz, every in request.versions_by_quiz():
            refused: dict[str, tuple[str, list[str]]] = {}
            empty: list[str] = []
            for localized in every:
                written = 0
                for question in localized.questions:
                    if question.type not in carried:
                        continue
                    reason = None if writes_every else unwritable(exporter, question)
                    if reason is None:
                        written += 1
                    else:
                        refused.setdefault(question.id, (reason, []))[1].append(localized.locale.tag)
                if localized.questions and not written:
                    empty.append(localized.locale.tag)
            found.extend(
                _question_warning(
                    quiz,
                    question_id,
                    "unsupported-question",
                    f"format {name} {reason}",
                    f" is left out of {name} in {', '.join(locales)}",
                )
                for question_id, (reason, locales) in refused.items()
            )
            if empty:
                found.append(_empty_quiz_warning(quiz, name, empty))
    return found


QUIZ_LEFT_OUT = "quiz-left-out"


def _empty_quiz_warning(quiz: Quiz, format_name: str, locales: Sequence[str]) -> Diagnostic:
    return Diagnostic(
        quiz.origin.file,
        quiz.origin.line,
        None,
        Severity.WARNING,
        QUIZ_LEFT_OUT,
        f"quiz '{quiz.id}' is left out of {format_name} in {', '.join(locales)}: {format_name} can write "
        "none of its questions there (their warnings say why), and a file with no question would import as "
        f"an empty quiz; make one of them one {format_name} can write, or leave {format_name} out of "
        "export-formats",
        key=quiz.id,
    )


def _question_warning(
    quiz: Quiz, question_id: str, code: str, what: str, consequence: str = ""
) -> Diagnostic:
    """A warning about a question of ``quiz``, at its prompt: ``what``, the question, then ``consequence``."""
    origin = quiz.question(question_id).prompt.origin
    return Diagnostic(
        origin.file,
        origin.line,
        None,
        Severity.WARNING,
        code,
        f"{what}: question '{question_id}' of quiz '{quiz.id}'{consequence}",
        key=keys.question_key(quiz.id, question_id),
    )


class _Carried(Mapping[tuple[str, str], LocalizedQuiz]):
    """The localized quizzes as a format sees them: without the questions of kinds it cannot carry,
    nor those it cannot write in their locale."""

    def __init__(
        self,
        localized: Mapping[tuple[str, str], LocalizedQuiz],
        carried: frozenset[QuestionType],
        exporter: type[Exporter],
    ) -> None:
        self.localized = localized
        self.carried = carried
        self.exporter = exporter
        self._seen: dict[tuple[str, str], LocalizedQuiz] = {}
        """Each quiz as this format carries it, once: membership and reading both need it, and whether a
        format can write a question may take a pattern of hundreds of KB to tell (QTI's numbers)."""

    def _writes(self, question: Question[str]) -> bool:
        return question.type in self.carried and unwritable(self.exporter, question) is None

    def __getitem__(self, key: tuple[str, str]) -> LocalizedQuiz:
        carried = self._seen.get(key)
        if carried is None:
            quiz = self.localized[key]
            questions = tuple(question for question in quiz.questions if self._writes(question))
            carried = quiz if len(questions) == len(quiz.questions) else replace(quiz, questions=questions)
            self._seen[key] = carried
        return carried

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, tuple) or key not in self.localized:
            return False
        # A quiz this format leaves with no question is no quiz of it: an empty file would import as one.
        # (One the fallback policy emptied, leaving out every untranslated question, stays, as in every
        # other format.)
        return bool(self[key].questions) or not self.localized[key].questions

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return (key for key in self.localized if key in self)

    def __len__(self) -> int:
        return sum(1 for _key in self)


def _as_carried_by(request: ExportRequest, exporter: type[Exporter]) -> ExportRequest:
    carried = question_types(exporter)
    if carried >= ALL_QUESTION_TYPES and writes_every_question(exporter):
        return request
    return replace(request, localized=_Carried(request.localized, carried, exporter))


def resolve_formats(names: Sequence[str]) -> list[str]:
    available = exporter_names()
    if not names or "all" in names:
        return list(available)
    unknown = [name for name in names if name not in available]
    if unknown:
        raise ExportError(f"unknown format {unknown[0]!r}; available: {', '.join(available)}, all")
    return list(dict.fromkeys(names))


def build_request(
    config: ProjectConfig,
    locales: Sequence[str] = (),
    policy: FallbackPolicy = FallbackPolicy.QUESTION,
    answers: bool = True,
    *,
    content: Content | None = None,
    quiz_ids: frozenset[str] | None = None,
    preloaded: Mapping[tuple[str, str], Catalog] | None = None,
    shared: bool = True,
    summaries: Mapping[tuple[str, str], QuizSummary] | None = None,
    drafts: bool = False,
) -> ExportRequest:
    """The export of ``content`` (read from the project if not given); files for ``quiz_ids`` only.

    Catalogs are validated up front for the quizzes to write; the others are read only if an exporter
    needs them (an index page). ``preloaded``: catalogs already read and validated, by (locale, domain).
    """
    format_options = configured_options(config)  # a configuration error first, before any catalog's
    if content is None:
        content = load_content(config.content_path)
    left_out_drafts: set[str] = set() if drafts else {quiz.id for quiz in content.quizzes if quiz.draft}
    if not drafts:
        content = replace(content, quizzes=tuple(quiz for quiz in content.quizzes if not quiz.draft))
    known = [quiz.id for quiz in content.quizzes]
    unknown = sorted(set(quiz_ids or ()) - set(known))
    # A draft named with --quiz exists: "no quiz" would send the user looking for a typo.
    named_drafts = [quiz_id for quiz_id in unknown if quiz_id in left_out_drafts]
    if named_drafts:
        raise ExportError(
            f"quiz {named_drafts[0]!r} is a draft, left out of exports until its draft: true is removed; "
            "quizkit export --drafts includes it, for a preview"
        )
    if unknown:
        raise ExportError(
            f"no quiz {unknown[0]!r} in {display_path(config.content_path)}; the quizzes are: "
            f"{', '.join(sorted(known)) or 'none'}"
        )
    pseudo = config.pseudo_locales
    targets = tuple(locales) if locales else (*config.target_locales, *pseudo)
    for locale in targets:
        if locale not in config.target_locales and locale != config.source_locale and locale not in pseudo:
            raise ExportError(f"locale {locale} is not a target locale of this project")
    target_locales = tuple(locale for locale in targets if locale != config.source_locale)
    layout = CatalogLayout.for_project(config)
    domains = [quiz.id for quiz in content.quizzes] + ([UI_DOMAIN] if content.interface else [])
    catalogs = LazyCatalogs(
        {
            (locale, domain): layout.catalog(locale, domain)
            for locale in target_locales
            if locale not in pseudo
            for domain in domains
        },
        preloaded,
        pseudo_catalogs(config, content, [locale for locale in target_locales if locale in pseudo], domains),
    )
    for locale, domain in catalogs:
        if (domain == UI_DOMAIN and shared) or quiz_ids is None or domain in quiz_ids:
            catalogs[(locale, domain)]
    localized = LazyLocalizations(
        content,
        config.source_locale,
        target_locales,
        catalogs,
        policy,
        config.require_approved,
        dict(config.numbering_systems),
    )
    return ExportRequest(
        content,
        config.source_locale,
        target_locales,
        localized,
        catalogs,
        policy,
        answers,
        quiz_ids,
        shared,
        summaries,
        format_options=format_options,
        require_approved=config.require_approved,
    )


def run_export(
    config: ProjectConfig,
    formats: Sequence[str],
    out: Path,
    locales: Sequence[str] = (),
    policy: FallbackPolicy = FallbackPolicy.QUESTION,
    answers: bool = True,
    run_checks: bool = True,
    quiz_ids: frozenset[str] | None = None,
    drafts: bool = False,
    strict: bool = False,
    formats_named: bool = True,
) -> ExportResult:
    """Export the project, or only the files of ``quiz_ids`` (then no file that lists every quiz, such
    as an index, and no interface catalog); draft quizzes only with ``drafts``. ``strict``: a warning
    (a question a format cannot carry) stops the export before anything is written. ``formats_named``:
    the user named ``formats`` (``--format``), rather than the configuration's ``export-formats``."""
    configured_options(config)  # a configuration error first, as build_request gives it
    content = load_content(config.content_path)  # with its drafts, to name those left out
    request = build_request(
        config,
        locales,
        policy,
        answers,
        content=content,
        quiz_ids=quiz_ids,
        shared=quiz_ids is None,
        drafts=drafts,
    )
    chosen = resolve_formats(formats)
    left_out: list[str] = []
    if not answers:
        # The delivery variant must not carry the answer key in any format: a format that cannot leave
        # it out (mo and xliff carry every text of a catalog, explanations and answer notes included)
        # is refused when asked for by name, and left out (and reported) of "all" and of the
        # configured formats (every project init makes configures mo and xliff).
        unable = [name for name in chosen if not omits_answers(load_exporter(name))]
        if unable and formats_named and formats and "all" not in formats:
            raise ExportError(
                f"format {unable[0]!r} cannot leave out the answer key and explanations, so it has no "
                f"delivery variant; --no-answers exports: "
                f"{', '.join(name for name in exporter_names() if omits_answers(load_exporter(name)))}"
            )
        left_out = unable
        chosen = [name for name in chosen if name not in unable]
    if run_checks:
        blocking = check_errors(config, request)
        if blocking:
            raise ExportBlockedError(blocking)
    elif chosen and (unrenderable := unrenderable_formulas(config, request)):
        raise UnrenderableFormulaError(unrenderable)
    warnings = (
        unsupported_questions(
            replace(
                request.content,
                quizzes=tuple(quiz for quiz in request.content.quizzes if request.includes(quiz.id)),
            ),
            chosen,
            drafts,
        )
        if chosen
        else []
    )
    if chosen:
        warnings += unwritable_questions(request, chosen)
    if strict and warnings:
        raise StrictModeError(warnings)
    result = write_exports(request, chosen, out) if chosen else ExportResult()
    result.left_out = left_out
    result.formats = chosen
    result.warnings = warnings
    exported = [quiz for quiz in request.content.quizzes if request.includes(quiz.id)]
    result.notes = [note for name in chosen for note in export_notes(load_exporter(name), exported)]
    if not drafts:
        result.warnings += [
            draft_left_out(quiz)
            for quiz in content.quizzes
            if quiz.draft and (quiz_ids is None or quiz.id in quiz_ids)
        ]
    return result


def write_exports(request: ExportRequest, formats: Sequence[str], out: Path) -> ExportResult:
    """Run the exporters over ``request`` and write what they produce under ``out/<format>/``.

    Nothing is written until every exporter has produced its files.
    """
    _refuse_uncarryable_characters(request)
    planned: list[tuple[Path, OutputFile]] = []
    for name in resolve_formats(formats):
        exporter_class = load_exporter(name)
        exporter = exporter_class()
        carried_request = replace(
            _as_carried_by(request, exporter_class),
            options=request.format_options.get(name) or default_options(exporter_class),
        )
        # The format's folder resolved inside the output folder: a link dist/json -> elsewhere must
        # not carry the files out of it.
        folder = confined(out / name, out)
        confined_folders: dict[PurePosixPath, Path] = {}
        for output in exporter.export(carried_request):
            planned.append((_target(folder, output, confined_folders), output))
    result = ExportResult()
    for path, output in planned:
        (result.written if write_bytes_atomic(path, output.data) else result.unchanged).append(path)
        result.quiz_of[path] = output.quiz
    localized = request.localized
    done = localized.localized_so_far() if isinstance(localized, LazyLocalizations) else dict(localized)
    for key, quiz in done.items():
        if not request.includes(key[0]):
            continue
        if quiz.fallen_back_questions:
            result.fell_back[key] = quiz.fallen_back_questions
        if quiz.omitted:
            result.omitted[key] = quiz.omitted
    return result


def _texts(localized: LocalizedQuiz) -> Iterator[tuple[str, str]]:
    yield "title", localized.title
    yield "description", localized.description
    for question in localized.questions:
        for key, text in question.keyed_texts():
            yield f"questions.{question.id}.{key}", text
    for message in localized.messages:
        if message.text is not None:
            yield f"{UI_DOMAIN}.{message.name}", message.text
        for category, text in message.forms:
            yield f"{UI_DOMAIN}.{message.name}[{category}]", text


def _refuse_uncarryable_characters(request: ExportRequest) -> None:
    for localized in request.every_localized():
        _refuse_in(localized)


def _refuse_in(localized: LocalizedQuiz) -> None:
    for key, text in _texts(localized):
        found = NOT_XML_CHARACTER.search(text)
        if found:
            where = key if key.startswith(f"{UI_DOMAIN}.") else f"{localized.quiz.id}.{key}"
            raise ExportError(
                f"{where} [{localized.locale.tag}] contains U+{ord(found.group(0)):04X}, a control "
                "character no export format can carry; remove it (quizkit check shows its line)"
            )


def check_errors(config: ProjectConfig, request: ExportRequest) -> list[Diagnostic]:
    """Error-severity findings of quizkit check in the catalogs being exported, checked as quizkit check
    checks them: with the project's source locale and its questions, so that a check reading the answer
    key from the content (a numeric answer) gates the export as it reports in quizkit check."""
    from toolkit.checks.question_facts import source_questions
    from toolkit.checks.runner import check_catalog
    from toolkit.content.glossary import glossary_path, load_glossary

    layout = CatalogLayout.for_project(config)
    questions = source_questions(request.content)
    errors: list[Diagnostic] = []
    for locale in request.target_locales:
        if locale in config.pseudo_locales:
            continue  # made from the source: nothing a translator wrote to check
        path = glossary_path(config.locales_path, locale)
        glossary = load_glossary(path) if path.exists() else None
        for catalog_locale, domain in request.catalogs:
            if catalog_locale != locale or not (domain == UI_DOMAIN or request.includes(domain)):
                continue
            catalog = request.catalogs[(catalog_locale, domain)]
            file = display_path(layout.catalog(locale, domain))
            findings = check_catalog(
                catalog, file, locale, glossary, source_locale=config.source_locale, questions=questions
            )
            errors.extend(diagnostic for diagnostic in findings.diagnostics if diagnostic.is_error)
    return errors


def _target(folder: Path, output: OutputFile, confined_folders: dict[PurePosixPath, Path]) -> Path:
    """Where an output goes, inside ``folder``; each subfolder is resolved once (thousands of files share
    a few folders), and the file name only when it is a link."""
    relative = PurePosixPath(output.path)
    if relative.is_absolute() or ".." in relative.parts or relative.name in ("", ".", ".."):
        raise OutsideProjectError(f"{relative} (an exporter tried to leave {folder})")
    parent = relative.parent
    resolved = confined_folders.get(parent)
    if resolved is None:
        try:
            resolved = confined(folder / Path(*parent.parts), folder)
        except OutsideProjectError:
            raise OutsideProjectError(f"{relative} (it leaves {folder})") from None
        confined_folders[parent] = resolved
    try:
        return confined_name(resolved, relative.name, folder)
    except OutsideProjectError:
        raise OutsideProjectError(f"{relative} (it leaves {folder})") from None
