"""Localize the content model for one locale, deciding fallback per question.

A question with any untranslated or fuzzy text is never exported half translated: an English correct
option among Urdu distractors gives the answer away. Under the ``question`` policy such a question is
exported wholly in the source language and tagged with its language; ``omit`` leaves it out and lists
it; ``fail`` stops the export; ``text`` (the translators' screenshots only) mixes them. Titles,
descriptions and interface messages fall back one by one.

With ``require_approved`` (``--require approved``, ``require = "approved"``), a translation counts only
when a reviewer approved it in its present form (:mod:`toolkit.gettext.review`): a question with any
text not approved falls back exactly as an untranslated one does, under the same policy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from toolkit.gettext.catalog import Catalog, CatalogEntry
from toolkit.gettext.review import is_approved
from toolkit.localization.localized import FallbackError, FallbackPolicy, LocalizedMessage, LocalizedQuiz
from toolkit.model import (
    ChoiceQuestion,
    InterfaceMessages,
    Message,
    Question,
    Quiz,
    Text,
    accepted_answers,
    with_texts,
)
from toolkit.text.locale_info import (
    LocaleInfo,
    locale_info,
    plural_index_categories,
    source_form_for_category,
)


class _Translations:
    """Usable translations of one catalog: not fuzzy, complete, and for the current source text."""

    def __init__(self, catalog: Catalog | None, require_approved: bool = False) -> None:
        self.entries: Mapping[str | None, CatalogEntry] = catalog.by_context() if catalog else {}
        self.require_approved = require_approved

    def text(self, text: Text) -> str | None:
        entry = self.entries.get(text.key)
        if entry is None or not usable(entry, self.require_approved) or entry.msgid != text.source:
            return None
        return entry.msgstr


def usable(entry: CatalogEntry, require_approved: bool) -> bool:
    """Whether a translation may be published: translated, and approved where that is required."""
    return entry.is_translated and (not require_approved or is_approved(entry))


def _localize_question(
    question: Question[Text],
    translations: _Translations,
    quiz_shuffle: bool,
    per_text: bool = False,
    locale: str | None = None,
) -> tuple[Question[str], frozenset[str]]:
    """The question in ``locale`` (its images that locale's files), and the keys of its texts shown in the source language under the
    ``text`` policy (each stands in the source's language and direction on the page)."""
    texts = list(question.texts())
    translated = {text.key: translations.text(text) for text in texts}
    for key in _accepted_answer_keys(question):
        # A translation of an accepted answer with no line of text accepts nothing: not translated.
        value = translated.get(key)
        if value is not None and not value.strip():
            translated[key] = None
    # Under the ``text`` policy the question is written in the locale whatever it lacks: each
    # untranslated text stands in the source language (its Latin runs isolated on a right-to-left page).
    complete = per_text or all(value is not None for value in translated.values())

    def pick(text: Text) -> str:
        value = translated.get(text.key) if complete else None
        return value if value is not None else text.source

    # A question in the source language shows the source's images too (their labels are in its language).
    images_of = locale if complete else None
    in_source = frozenset(key for key, value in translated.items() if value is None)
    fallen_back = in_source if per_text else frozenset()
    if isinstance(question, ChoiceQuestion) and question.shuffle is None:
        # A question's own setting, where it has one, overrides the quiz's.
        return with_texts(
            question, pick, images_of, fell_back=not complete, shuffle=quiz_shuffle
        ), fallen_back
    return with_texts(question, pick, images_of, fell_back=not complete), fallen_back


def _accepted_answer_keys(question: Question[Text]) -> list[str]:
    return [answer.text.key for answer in accepted_answers(question)]


def _localize_message(
    message: Message, catalog: Catalog | None, locale: LocaleInfo, source_locale: str, require_approved: bool
) -> LocalizedMessage:
    placeholders = tuple(placeholder.name for placeholder in message.placeholders)
    entry = catalog.by_context().get(message.key) if catalog else None
    is_usable = (
        entry is not None
        and usable(entry, require_approved)
        and entry.msgid == message.source
        and entry.msgid_plural == (message.other if message.is_plural else None)
    )
    if not message.is_plural:
        text = entry.msgstr if is_usable and entry is not None else message.source
        return LocalizedMessage(
            message.name, text, (), None, placeholders, not is_usable and catalog is not None
        )
    if is_usable and entry is not None and catalog is not None:
        categories = plural_index_categories(
            locale.locale, catalog.header.plural_forms or "nplurals=2; plural=(n != 1);"
        )
        by_category = dict(zip(categories, entry.msgstr_plural, strict=False))
        forms = tuple(
            (category, by_category[category])
            for category in locale.plural_categories
            if category in by_category
        )
        return LocalizedMessage(message.name, None, forms, message.plural, placeholders, False)
    source_forms = {"one": message.one or "", "other": message.other or ""}
    if catalog is None:
        forms = tuple(source_forms.items())
    else:
        # Untranslated, the source's forms stand in for every category of the locale, each where the
        # source language would use it (Arabic "zero", 0, takes English "other"), so a consumer that picks
        # the locale's category (i18next _zero, Intl.PluralRules) always finds a form.
        forms = tuple(
            (category, source_forms.get(source_form_for_category(source_locale, locale.locale, category), ""))
            for category in locale.plural_categories
        )
    return LocalizedMessage(message.name, None, forms, message.plural, placeholders, catalog is not None)


def localize(
    quiz: Quiz,
    interface: InterfaceMessages | None,
    locale: str,
    source_locale: str,
    quiz_catalog: Catalog | None,
    ui_catalog: Catalog | None,
    policy: FallbackPolicy = FallbackPolicy.QUESTION,
    *,
    require_approved: bool = False,
    numbering_system: str | None = None,
) -> LocalizedQuiz:
    """``quiz`` in ``locale``; for the source locale pass no catalogs. ``require_approved``: only
    approved translations count (the release gate). ``numbering_system``: the digits the project writes
    numbers of ``locale`` in, where it chose others than CLDR's usual ones."""
    translations = _Translations(quiz_catalog, require_approved)
    info = locale_info(locale)
    if numbering_system is not None:
        info = replace(info, numbering_system=numbering_system)
    is_source = locale == source_locale
    per_text = policy is FallbackPolicy.TEXT
    localized_questions = [
        _localize_question(question, translations, quiz.shuffle, per_text, locale)
        for question in quiz.questions
    ]
    questions = [question for question, _ in localized_questions]
    fallen_back_keys = (
        frozenset() if is_source else frozenset(key for _, keys in localized_questions for key in keys)
    )
    incomplete = [question.id for question in questions if question.fell_back and not is_source]
    if is_source:
        questions = [replace(question, fell_back=False) for question in questions]
    omitted: tuple[str, ...] = ()
    if incomplete and policy is FallbackPolicy.FAIL:
        raise FallbackError(quiz.id, locale, incomplete, require_approved)
    if incomplete and policy is FallbackPolicy.OMIT:
        omitted = tuple(incomplete)
        questions = [question for question in questions if question.id not in omitted]
    fallen_back_texts = []
    title = quiz.title.source if is_source else translations.text(quiz.title)
    if title is None:
        title = quiz.title.source
        fallen_back_texts.append("title")
    description = quiz.description.source if is_source else translations.text(quiz.description)
    if description is None:
        description = quiz.description.source
        fallen_back_texts.append("description")
    messages = tuple(
        _localize_message(message, None if is_source else ui_catalog, info, source_locale, require_approved)
        for message in (interface.messages if interface else ())
    )
    level_name = f"level-{quiz.level.value}"
    level_label = next(
        (message.text for message in messages if message.name == level_name and message.text),
        quiz.level.value,
    )
    return LocalizedQuiz(
        quiz=quiz,
        locale=info,
        source=locale_info(source_locale),
        title=title,
        description=description,
        level_label=level_label,
        questions=tuple(questions),
        messages=messages,
        policy=policy,
        fallen_back_texts=tuple(fallen_back_texts),
        omitted=omitted,
        fallen_back_keys=fallen_back_keys,
    )
