"""The languages of an imported bank settled against the project's, before anything is written.

A bank may spell one language several ways: Moodle spans ``ur`` in one text and ``ur_PK`` or ``UR`` in
another, Moodle 1.9's ``ur_utf8`` beside ``ur``, ``--locale ur-PK FILE`` beside spans in ``ur``. Each
spelling is one locale of the project (:func:`project_spelling`), so each text's translations are merged
under the project's spelling; where two spellings give one text different translations, one is kept
(the one spelled as the project spells it, else the first the bank gives) and the other is reported as
a conflict with the text's file and line, never overwritten in silence.

A question the bank translates into a language, one of whose texts it does not (a prompt in ``en``,
``ur`` and ``ar`` spans, an option in ``en`` and ``ur`` only), leaves that text untranslated in that
language's catalog, for a translator: never the source text, never another language's. Each such text
is reported, so that the gap is not silent. (Text outside every span is every language's: the readers
have given it already, :func:`toolkit.importing.bank.shared_texts_translated`.)

A "translation" in words that is the source text itself, in a language other than the source's (a
``--locale ur FILE`` only partly translated, whose other questions are still in English), is none: it
stays untranslated in that catalog, for a translator, and is reported, as words outside every span are
(:func:`toolkit.importing.bank.in_words`: a code, a number or an acronym such as ``TCP`` or ``443``
reads the same in every language and is kept, and so is a single word, which may be a name the
translation keeps in the source's script, such as ``all-reduce``).

A translation whose letters its locale's pack refuses (Urdu given as Arabic: ``--locale ar urdu.xml``) is
reported, and kept (:mod:`toolkit.importing.translation_checks`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from toolkit.content.loader import TEXT_FIELDS
from toolkit.content.rules import question_text_fields
from toolkit.importing.bank import ImportedBank, ImportIssue, in_words, with_each_text
from toolkit.importing.multilang import without_charset
from toolkit.importing.question_drafts import field_place
from toolkit.importing.translation_checks import refusals
from toolkit.model import Question, Text
from toolkit.text.locale_packs import language_of, normalized_locale

_QUOTE_LIMIT = 40


def project_spelling(locale: str, project_locales: Sequence[str]) -> str:
    """The locale of ``project_locales`` that ``locale``, as a bank spells it, is: the one equal to it
    but for case, ``-`` or ``_`` and Moodle's ``_utf8`` (``UR``, ``ur-pk``, ``ur_utf8``); else, for a
    regional locale (``ur_PK``), the project's locale of its language and script in that region, else
    the project's one of its language and script with no region (``ur``; ``zh_CN`` → ``zh_Hans``,
    ``sr_Latn_RS`` → ``sr_Latn``); else, for a locale with no region (``ur``), the project's only locale
    of that language and script (``ur_PK``). A locale's script is its own subtag, else the one CLDR's
    likely subtags give it (``zh_CN`` and ``zh`` are Hans, ``zh_TW`` Hant, ``sr`` Cyrl, ``ur`` Arab), so
    that a different writing (``sr_Latn`` and ``sr``, ``zh_TW`` and ``zh_Hans``) never matches. None of
    these: ``locale`` normalized (``ur_PK``), which the import reports as no target locale of the project."""
    wanted = normalized_locale(without_charset(locale))
    for candidate in project_locales:
        if normalized_locale(candidate) == wanted:
            return candidate
    writing = (language_of(wanted), _script(wanted))
    same = [
        candidate
        for candidate in project_locales
        if (language_of(candidate), _script(normalized_locale(candidate))) == writing
    ]
    region = _region(wanted)
    if region is not None:
        regional = [candidate for candidate in same if _region(normalized_locale(candidate)) == region]
        bare = [candidate for candidate in same if _region(normalized_locale(candidate)) is None]
        return (regional or bare or [wanted])[0]
    return same[0] if len(same) == 1 else wanted


def _region(locale: str) -> str | None:
    """The region subtag of a normalized locale (``PK``, ``419``), or None."""
    return next((part for part in locale.split("_")[1:] if len(part) != 4), None)


def _script(locale: str) -> str | None:
    """The script of a normalized locale: its own subtag, else the likely one (CLDR's likely subtags, as
    babel ships them: ``zh_TW`` → ``zh_Hant_TW``); None for a language CLDR does not know."""
    from babel.core import get_global

    parts = locale.split("_")
    own = next((part for part in parts[1:] if len(part) == 4), None)
    if own is not None:
        return own
    likely = get_global("likely_subtags")
    region = _region(locale)
    for key in ([f"{parts[0]}_{region}"] if region else []) + [parts[0]]:
        full = likely.get(key)
        if full:
            return next((part for part in str(full).split("_")[1:] if len(part) == 4), None)
    return None


@dataclass(frozen=True)
class _Conflict:
    locale: str
    kept_spelling: str
    kept: str
    other_spelling: str
    other: str
    kept_from: str | None = None
    other_from: str | None = None
    """Where each came from (``en.xml:3``, ``urdu.xml``), where known."""


def _merged(
    translations: Iterable[tuple[str, str]],
    spelling: Callable[[str], str],
    source: str,
    origins: Sequence[str | None] = (),
) -> tuple[dict[str, tuple[str, str]], list[_Conflict]]:
    """(project locale → (spelling, translation)) and the conflicts. The project's own spelling wins;
    between others, the first given. An empty translation is none, and one that is ``source`` itself (a
    text written outside every span, which every language shows) yields to a translation that is not,
    without a conflict: it was no translation. Each locale's winner is decided first, from all its
    translations, and every different translation is then reported against it, once. ``origins`` says
    where each of ``translations`` came from, in the same order, where known."""
    given: dict[str, list[tuple[str, str, str | None]]] = {}
    for index, (written, translation) in enumerate(translations):
        if translation.strip():
            where = origins[index] if index < len(origins) else None
            given.setdefault(spelling(written), []).append((written, translation, where))
    chosen: dict[str, tuple[str, str]] = {}
    conflicts: list[_Conflict] = []
    for locale, candidates in given.items():
        real = [candidate for candidate in candidates if candidate[1] != source] or candidates
        kept_spelling, kept, kept_from = next((each for each in real if each[0] == locale), real[0])
        chosen[locale] = (kept_spelling, kept)
        reported = {kept}
        for written, translation, where in real:
            if translation not in reported:
                reported.add(translation)
                conflicts.append(
                    _Conflict(locale, kept_spelling, kept, written, translation, kept_from, where)
                )
    return chosen, conflicts


def _quoted(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= _QUOTE_LIMIT else text[: _QUOTE_LIMIT - 1] + "…")


def _conflict_reason(name: str, conflict: _Conflict) -> str:
    # Where the two came from different files (spans and a --locale file), each names its own.
    named = conflict.kept_from != conflict.other_from
    kept_from = f" in {conflict.kept_from}" if named and conflict.kept_from else ""
    other_from = f" in {conflict.other_from}" if named and conflict.other_from else ""
    return (
        f"{name} has two different {conflict.locale} translations in the bank: "
        f"{_quoted(conflict.kept)} (written as {conflict.kept_spelling}{kept_from}), kept, and "
        f"{_quoted(conflict.other)} (written as {conflict.other_spelling}{other_from}), left out; if the "
        f"one left out is right, put it in the {conflict.locale} catalog"
    )


def _origins(text: Text) -> list[str | None]:
    """Where each of ``text``'s translations came from: a ``--locale`` file a reader names in
    :attr:`Text.imported_from` (its translation is the last of that spelling: readers add a file's after
    the bank's own), else the bank at the text's line."""
    files = dict(text.imported_from)
    last = {written: index for index, (written, _translation) in enumerate(text.imported)}
    here = f"{text.origin.file}:{text.origin.line}" if text.origin.line else text.origin.file
    return [
        files[written] if written in files and last[written] == index else here
        for index, (written, _translation) in enumerate(text.imported)
    ]


def _copy_reason(name: str, source: str, locale: str, file: str | None) -> str:
    given = f" in {file}" if file else ""
    return (
        f"{name} ({_quoted(source)}) is given as its own {locale} translation{given}, which is the source "
        f"text, not a translation: it stays untranslated in the {locale} catalog, for a translator to "
        "translate there"
    )


def _listed(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


class _Settler:
    """Settles the texts of one bank in turn; what it finds goes into ``issues`` and ``spellings``."""

    def __init__(
        self, project_locales: Sequence[str], targets: Sequence[str], files: Mapping[str, str]
    ) -> None:
        self.project_locales = tuple(project_locales)
        self.files = dict(files)
        """Each ``--locale`` file's name, by the locale as given."""
        self.targets = frozenset(targets)
        self.issues: list[ImportIssue] = []
        self.spellings: dict[str, str] = {}
        """Each spelling of the bank that is not the project's, and the project's locale it was taken as."""
        self.source_language = language_of(normalized_locale(project_locales[0]))
        self.copied: set[tuple[str, str]] = set()
        """(text key, locale) of each source text the bank gave as its own translation, reported already."""

    def spelling(self, written: str) -> str:
        locale = project_spelling(written, self.project_locales)
        if written != locale:
            self.spellings.setdefault(written, locale)
        return locale

    def text(self, text: Text, question: str | None) -> Text:
        chosen, conflicts = _merged(text.imported, self.spelling, text.source, _origins(text))
        for conflict in conflicts:
            self.issues.append(
                ImportIssue(
                    text.origin.file, text.origin.line, question, _conflict_reason(text.key, conflict)
                )
            )
        files = {**self.files, **dict(text.imported_from)}
        for locale, (written, translation) in list(chosen.items()):
            if self.is_copy(locale, translation, text.source):
                del chosen[locale]
                self.copied.add((text.key, locale))
                self.issues.append(
                    ImportIssue(
                        text.origin.file,
                        text.origin.line,
                        question,
                        _copy_reason(text.key, text.source, locale, files.get(written)),
                    )
                )
        imported = tuple((locale, translation) for locale, (_written, translation) in chosen.items())
        for locale, translation in imported:
            if locale in self.targets:
                self.check(text, question, locale, translation)
        imported_from = tuple(
            (locale, file)
            for locale, file in dict(
                (self.spelling(locale), file) for locale, file in text.imported_from
            ).items()
            if (text.key, locale) not in self.copied
        )
        if imported == text.imported and imported_from == text.imported_from:
            return text
        return replace(text, imported=imported, imported_from=imported_from)

    def check(self, text: Text, question: str | None, locale: str, translation: str) -> None:
        """Report what ``locale``'s pack refuses in ``translation`` (:mod:`toolkit.importing.translation_checks`)."""
        found = refusals(text.key, text.source, translation, locale, self.project_locales[0])
        if found:
            self.issues.append(
                ImportIssue(
                    text.origin.file,
                    text.origin.line,
                    question,
                    f"{text.key}'s {locale} translation ({_quoted(translation)}) holds what the {locale} "
                    f"checks refuse: {'; '.join(found)}; is it {locale}? It was imported, and quizkit check "
                    f"reports it until it is corrected in the {locale} catalog",
                )
            )

    def is_copy(self, locale: str, translation: str, source: str) -> bool:
        """Whether ``translation`` into ``locale`` is ``source`` itself, in words, in a target language
        other than the source's (``en_GB`` may well read as ``en`` does). A single word is not: it may be
        a name the translation keeps in the source's script (``all-reduce``, ``PyTorch``: the Urdu style
        keeps names of operations, APIs and products in Latin script)."""
        return (
            translation == source
            and locale in self.targets
            and language_of(normalized_locale(locale)) != self.source_language
            and in_words(source)
            and len(source.split()) > 1
        )

    def question(self, question: Question[Text]) -> Question[Text]:
        settled: Question[Text] = with_each_text(question, lambda text: self.text(text, question.id))
        self.untranslated(settled)
        return settled

    def untranslated(self, question: Question[Text]) -> None:
        """Report each text of ``question`` that lacks a target locale its other texts are translated in."""
        texts = [text for text in question.texts() if text.source.strip()]
        languages: list[str] = []
        for text in texts:
            for locale, _translation in text.imported:
                if locale in self.targets and locale not in languages:
                    languages.append(locale)
        for text in texts:
            missing = [
                locale
                for locale in languages
                if locale not in dict(text.imported) and (text.key, locale) not in self.copied
            ]
            if not missing:
                continue
            catalogs = "catalog" if len(missing) == 1 else "catalogs"
            self.issues.append(
                ImportIssue(
                    text.origin.file,
                    text.origin.line,
                    question.id,
                    f"{text.key} ({_quoted(text.source)}) has no {_listed(missing)} translation in the bank, "
                    "which translates the question's other texts: it stays untranslated in the "
                    f"{_listed(missing)} {catalogs}, for a translator to translate there",
                )
            )

    def draft(self, issue: ImportIssue) -> ImportIssue:
        """A draft's waiting translations (``ur:`` beside a text) under the project's spellings."""
        if issue.draft is None:
            return issue
        draft = _copied(issue.draft)
        assert isinstance(draft, dict)
        changed = False
        for path, value in list(question_text_fields(draft, ())):
            if not isinstance(value, dict):
                continue
            translations = [
                (str(name), translation)
                for name, translation in value.items()
                if name not in TEXT_FIELDS and isinstance(translation, str)
            ]
            if not translations:
                continue
            chosen, conflicts = _merged(translations, self.spelling, str(value.get("text", "")))
            name = ".".join(str(part) for part in path)
            for conflict in conflicts:
                self.issues.append(
                    ImportIssue(issue.file, issue.line, issue.question, _conflict_reason(name, conflict))
                )
            settled = {
                **{field: value[field] for field in value if field in TEXT_FIELDS},
                **{locale: translation for locale, (_written, translation) in chosen.items()},
            }
            if settled != value:
                owner, field_name = field_place(draft, path)
                owner[field_name] = settled
                changed = True
        self.untranslated_draft(issue, draft)
        return replace(issue, draft=draft) if changed else issue

    def untranslated_draft(self, issue: ImportIssue, draft: dict[str, object]) -> None:
        """As :meth:`untranslated`, for a draft's texts and the translations waiting beside them: once
        the draft is finished, ``quizkit update`` leaves such a text untranslated in that catalog."""
        texts: list[tuple[str, str, list[str]]] = []
        for path, value in question_text_fields(draft, ()):
            if field_place(draft, path)[0].get("translate") is False:
                continue
            if isinstance(value, str):
                source, locales = value, []
            elif isinstance(value, dict) and isinstance(value.get("text"), str):
                source = str(value["text"])
                locales = [
                    str(name)
                    for name, translation in value.items()
                    if name not in TEXT_FIELDS and isinstance(translation, str) and translation.strip()
                ]
            else:
                continue
            if source.strip():
                name = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path)[1:]
                texts.append((name, source, locales))
        languages: list[str] = []
        for _name, _source, locales in texts:
            languages.extend(
                locale for locale in locales if locale in self.targets and locale not in languages
            )
        for name, source, locales in texts:
            missing = [locale for locale in languages if locale not in locales]
            if missing:
                catalogs = "catalog" if len(missing) == 1 else "catalogs"
                self.issues.append(
                    ImportIssue(
                        issue.file,
                        issue.line,
                        issue.question,
                        f"the draft's {name} ({_quoted(source)}) has no {_listed(missing)} translation in the "
                        "bank, which translates the question's other texts: once the draft is finished it "
                        f"stays untranslated in the {_listed(missing)} {catalogs}, for a translator to "
                        "translate there",
                    )
                )


def _copied(value: object) -> object:
    if isinstance(value, Mapping):
        return {name: _copied(item) for name, item in value.items()}
    if isinstance(value, list | tuple):
        return [_copied(item) for item in value]
    return value


def _without_fallback(text: Text) -> Text:
    """A quiz's title or description without the "translations" that are its source text: an export
    writes the source title where a locale has no translation (quizkit's own Canvas, Common Cartridge and
    QTI packages do, in a title attribute that cannot say so), which is no translation of it."""
    kept = tuple((locale, translation) for locale, translation in text.imported if translation != text.source)
    return text if kept == text.imported else replace(text, imported=kept)


def settled_languages(
    bank: ImportedBank,
    source_locale: str,
    target_locales: Sequence[str],
    translation_files: Mapping[str, str] | None = None,
) -> ImportedBank:
    """``bank`` with every translation under the project's spelling of its locale (``source_locale`` and
    ``target_locales``), conflicting translations of one text reported, and each text that lacks a target
    locale its question's other texts have reported (:mod:`this module <toolkit.importing.bank_languages>`).
    A note names each spelling taken as the project's locale; a translation that is its source text names
    its ``--locale`` file from ``translation_files`` (file name by locale as given) where the bank does not."""
    settler = _Settler((source_locale, *target_locales), target_locales, translation_files or {})
    quiz = bank.quiz
    quiz = replace(
        quiz,
        title=settler.text(_without_fallback(quiz.title), None),
        description=settler.text(_without_fallback(quiz.description), None),
        questions=tuple(settler.question(question) for question in quiz.questions),
    )
    issues = [settler.draft(issue) for issue in bank.issues]
    locales = tuple(sorted({settler.spelling(locale) for locale in bank.locales}))
    notes = [
        f"the bank's {written} is the project's {locale}"
        for written, locale in sorted(settler.spellings.items())
        if normalized_locale(written) != locale
    ]
    return replace(
        bank,
        quiz=quiz,
        locales=locales,
        issues=_placed(issues, settler.issues),
        notes=(*bank.notes, *notes),
    )


def _placed(issues: Sequence[ImportIssue], added: Sequence[ImportIssue]) -> tuple[ImportIssue, ...]:
    """``issues`` in the reader's order (the bank's: a QTI package's items/q2.xml before items/q10.xml,
    which no sort of names gives), each of ``added`` put among those of its file before the first with a
    later line, else after the file's last, else (a file the reader gave none for) at the end, grouped by
    file. One merge: a bank of tens of thousands of questions can have as many issues."""
    pending: dict[str, list[ImportIssue]] = {}
    for issue in sorted(added, key=lambda each: each.line or 0):  # stable: equal lines keep their order
        pending.setdefault(issue.file, []).append(issue)
    last = {issue.file: index for index, issue in enumerate(issues)}
    placed: list[ImportIssue] = []
    for index, issue in enumerate(issues):
        waiting = pending.get(issue.file, [])
        line = issue.line or 0
        taken = 0
        while taken < len(waiting) and (waiting[taken].line or 0) < line:
            taken += 1
        placed += waiting[:taken]
        del waiting[:taken]
        placed.append(issue)
        if last[issue.file] == index:
            placed += waiting
            waiting.clear()
    files = list(dict.fromkeys(issue.file for issue in added))
    for file in files:
        if file not in last:
            placed += pending[file]
    return tuple(placed)
