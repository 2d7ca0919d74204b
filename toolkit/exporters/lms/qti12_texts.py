"""The texts of one quiz in one locale as the QTI 1.2 formats (``canvas``, ``cc``) write them.

Both formats have no language model of their own: every text is an HTML fragment carrying its ``lang`` and
``dir`` (the source locale's for a question that fell back, which is wholly in the source language), with
Latin runs isolated in right-to-left text, as in Moodle XML. Interface messages (the true/false labels)
follow the same rule: a question that fell back takes them from the quiz in the source locale.
"""

from __future__ import annotations

from lxml import etree

from toolkit.exporters.lms.html_text import html_text, serialize
from toolkit.exporters.media import MediaFiles, alt_text
from toolkit.keys import question_key
from toolkit.localization import LocalizedQuiz
from toolkit.model import Image, Question
from toolkit.text.formulas import plain_formulas
from toolkit.text.locale_info import LocaleInfo

FILE_BASE = "$IMS-CC-FILEBASE$"
"""The token a package's HTML starts a file's path with: the package's root (see :mod:`.cc_package`)."""


class QuizTexts:
    """Texts, keys and interface messages of ``localized``; ``source`` is the same quiz in the source
    locale (None when the export has no such version)."""

    def __init__(self, localized: LocalizedQuiz, source: LocalizedQuiz | None) -> None:
        self.localized = localized
        self.source = source
        """The quiz in the source locale, for the interface messages of questions that fell back."""
        self.quiz_id = localized.quiz.id
        self.tag = localized.locale.tag
        self.media = MediaFiles()
        """The package's image files: each image a text shows is added here, once."""
        self.title = plain_formulas(localized.title)
        """The quiz's title where no markup goes (attributes, the manifest): a formula as its plain text."""

    def info(self, question: Question[str] | None) -> LocaleInfo:
        return self.localized.source if question is not None and question.fell_back else self.localized.locale

    def html(self, question: Question[str] | None, text: str) -> str:
        info = self.info(question)
        return html_text(text, info.tag, info.direction, latin_lang=self.localized.source.tag, math="mathml")

    def image_html(self, question: Question[str] | None, image: Image[str] | None) -> str:
        """The HTML of ``image`` (empty for none), to follow its text: ``<p dir lang><img src alt></p>``,
        the ``src`` ``$IMS-CC-FILEBASE$/<its path in the package>`` (see :mod:`.cc_package`)."""
        if image is None:
            return ""
        info = self.info(question)
        paragraph = etree.Element("p", dir=info.direction, lang=info.tag)
        etree.SubElement(
            paragraph, "img", src=f"{FILE_BASE}/{self.media.file(image).path}", alt=alt_text(image)
        )
        return serialize(paragraph)

    def key(self, question: Question[str], suffix: str) -> str:
        return f"{question_key(self.quiz_id, question.id)}.{suffix}"

    def label(self, question: Question[str], name: str, default: str) -> tuple[str, LocaleInfo]:
        """An interface message's text, with the locale it is written in: the source's for a question
        that fell back, which is wholly in the source language."""
        quiz = self.source if question.fell_back and self.source is not None else self.localized
        for message in quiz.messages:
            if message.name == name and message.text is not None:
                return message.text, quiz.source if message.fell_back else quiz.locale
        return default, self.localized.source

    def label_html(self, question: Question[str], name: str, default: str) -> str:
        """:meth:`label` as an HTML fragment in the language it is written in."""
        text, info = self.label(question, name, default)
        return html_text(text, info.tag, info.direction, latin_lang=self.localized.source.tag, math="mathml")
