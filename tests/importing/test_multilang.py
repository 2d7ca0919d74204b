"""Moodle multilang texts split into their languages' versions, in both filters' syntaxes."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.importing.bank import BankRequest
from toolkit.importing.gift_bank import GiftReader
from toolkit.importing.moodle_bank import MoodleXmlReader
from toolkit.importing.multilang import (
    Versions,
    declared_language,
    other_declared_language,
    quizkit_locale,
    source_version,
    split_versions,
    translation_locale,
)

CASES = [
    (
        '<span lang="en" class="multilang">Hello</span><span lang="ur" class="multilang">سلام</span>',
        Versions((("en", "Hello"), ("ur", "سلام")), ""),
    ),
    (  # class before lang, and text shared by both languages around the spans
        'Q1: <span class="multilang" lang="en">one</span><span class="multilang" lang="ar">واحد</span>!',
        Versions((("en", "Q1: one!"), ("ar", "Q1: واحد!")), "Q1: !"),
    ),
    (
        "{mlang en}Hi{mlang}{mlang ur,ar}سلام{mlang} all",
        Versions((("en", "Hi all"), ("ur", "سلام all"), ("ar", "سلام all")), " all"),
    ),
    ("{mlang other}Hello{mlang}{mlang ur}سلام{mlang}", Versions((("other", "Hello"), ("ur", "سلام")), "")),
    ('<span lang="pt-BR" class="multilang">Olá</span>', Versions((("pt_br", "Olá"),), "")),
    (  # Moodle 1.9's language packs, whose names have a digit (filter/multilang/filter.php: [a-zA-Z0-9_-])
        '<span lang="en_utf8" class="multilang">Hello</span><span lang="ur_utf8" class="multilang">سلام</span>',
        Versions((("en_utf8", "Hello"), ("ur_utf8", "سلام")), ""),
    ),
    (
        "{mlang en_utf8}Hi{mlang}{mlang ur_utf8}سلام{mlang}",
        Versions((("en_utf8", "Hi"), ("ur_utf8", "سلام")), ""),
    ),
    # A version holding spans of its own ends at the </span> closing its multilang span, however deep
    # they nest and whatever other elements they hold (review 39, finding 4: the first </span> ended it).
    (
        '<p><span lang="en" class="multilang">Is <span style="color:red">red</span> a colour?</span>'
        '<span lang="ur" class="multilang">کیا <span style="color:red">سرخ</span> ایک رنگ ہے؟</span></p>',
        Versions(
            (
                ("en", '<p>Is <span style="color:red">red</span> a colour?</p>'),
                ("ur", '<p>کیا <span style="color:red">سرخ</span> ایک رنگ ہے؟</p>'),
            ),
            "<p></p>",
        ),
    ),
    (
        '<span class="multilang" lang="ar"><span dir="rtl">هل <span><b><span>الأحمر</span></b></span>'
        " لون؟</span></span>"
        '<span class="multilang" lang="en"><span>Is <span><code>red</code><br/></span></span> a colour?</span>',
        Versions(
            (
                ("ar", '<span dir="rtl">هل <span><b><span>الأحمر</span></b></span> لون؟</span>'),
                ("en", "<span>Is <span><code>red</code><br/></span></span> a colour?"),
            ),
            "",
        ),
    ),
    (
        '{mlang en}Is <span style="color:red">red</span> a colour?{mlang}'
        "{mlang ur}کیا <span><span>سرخ</span></span> ایک رنگ ہے؟{mlang}",
        Versions(
            (
                ("en", 'Is <span style="color:red">red</span> a colour?'),
                ("ur", "کیا <span><span>سرخ</span></span> ایک رنگ ہے؟"),
            ),
            "",
        ),
    ),
    (  # inner spans that never close: read as Moodle's filter reads it, and said
        '<span lang="en" class="multilang">Is <span>red a colour?</span>'
        '<span lang="ur" class="multilang">کیا سرخ ایک رنگ ہے؟</span>',
        Versions((("en", "Is <span>red a colour?"), ("ur", "کیا سرخ ایک رنگ ہے؟")), "", unbalanced=True),
    ),
    (  # Moodle 1.x's syntax, which the filter still reads (filter_multilang_force_old)
        '<lang lang="en">Yes, <b>red</b>.</lang><lang lang="ar">نعم، <b>الأحمر</b>.</lang>',
        Versions((("en", "Yes, <b>red</b>."), ("ar", "نعم، <b>الأحمر</b>.")), ""),
    ),
    # Spans of one language side by side are one language's text written twice: Moodle's filter shows the
    # last (filter_multilang_impl keeps one text per language of a block), never both joined (review R3,
    # finding 3). Case does not make another language; spans apart (text between) are each shown.
    (
        '<span lang="en" class="multilang">One?</span><span lang="en" class="multilang">Uno?</span>',
        Versions((("en", "Uno?"),), "", repeated=(("en", "One?", "Uno?"),)),
    ),
    (
        '<span lang="en" class="multilang">One?</span><span lang="UR" class="multilang">Z؟</span>\n'
        '<span lang="ur" class="multilang">Y؟</span>',
        Versions((("en", "One?\n"), ("ur", "\nY؟")), "\n", repeated=(("ur", "Z؟", "Y؟"),)),
    ),
    (
        '<span lang="en" class="multilang">A.</span><span lang="ur" class="multilang">ا۔</span> and '
        '<span lang="en" class="multilang">B.</span><span lang="ur" class="multilang">ب۔</span>',
        Versions((("en", "A. and B."), ("ur", "ا۔ and ب۔")), " and "),
    ),
    ("no markup", Versions((), "no markup")),
    ('<span lang="en">not multilang</span>', Versions((), '<span lang="en">not multilang</span>')),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_a_multilang_text_splits_into_versions(text: str, expected: Versions) -> None:
    assert split_versions(text) == expected


def test_a_version_is_found_by_language() -> None:
    versions = split_versions("{mlang en}Hi{mlang}{mlang ur}سلام{mlang}")
    assert (versions.version("ur"), versions.version("fa")) == ("سلام", None)


@pytest.mark.parametrize(
    ("moodle", "locale"),
    [("ur", "ur"), ("pt_br", "pt_BR"), ("zh_cn", "zh_CN"), ("ur_utf8", "ur"), ("pt_br_utf8", "pt_BR")],
)
def test_moodle_language_codes_become_locales(moodle: str, locale: str) -> None:
    assert quizkit_locale(moodle) == locale


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ('<div dir="rtl" lang="ur">ہر <span dir="ltr" lang="en">GPU</span> کیا رکھتا ہے؟</div>', "ur"),
        ("<p lang='pt-BR'>Olá</p>", "pt_BR"),
        ('<span lang="EN-US">Word paste</span>', "en_US"),
        ('<p dir="ltr" style="text-align: left;">Moodle\'s editor</p>', None),
        ('Plain <span lang="fr">mot</span>', None),  # a word marked inside is not the text's language
    ],
)
def test_the_language_a_text_says_it_is_in(text: str, language: str | None) -> None:
    assert declared_language(text) == language


def test_a_bank_is_in_the_language_most_of_its_texts_declare() -> None:
    assert other_declared_language(["ur", "en", "ur"], "en") == ("ur",)
    assert other_declared_language(["en_US", "en", "ur"], "en") == ()
    assert other_declared_language([], "en") == ()


@pytest.mark.parametrize(
    ("declared", "source_locale", "expected"),
    [
        (["ur", "ur"], "UR-pk", ()),
        (["en_GB"], "EN", ()),
        (["ur_PK", "ur_PK"], "en-US", ("ur_PK",)),
    ],
)
def test_the_declared_language_is_the_sources_by_primary_subtag_case_aside(
    declared: list[str], source_locale: str, expected: tuple[str, ...]
) -> None:
    assert other_declared_language(declared, source_locale) == expected


@pytest.mark.parametrize(
    ("text", "source_locale", "expected"),
    [
        ("{mlang en}Hi{mlang}{mlang other}Hello{mlang}", "en", ("en", False)),
        # The language's range before other's, as filter_multilang2 falls back to a parent language.
        ("{mlang other}Hello{mlang}{mlang en}Hi{mlang}", "en_GB", ("en", False)),
        ("{mlang en_utf8}Hi{mlang}{mlang ur}سلام{mlang}", "en-GB", ("en_utf8", True)),
        # The nearest range holding the source locale, wherever it stands.
        ("{mlang zh}甲{mlang}{mlang zh_hant}乙{mlang}", "zh_Hant_TW", ("zh_hant", True)),
        ("{mlang zh_hant}乙{mlang}{mlang zh}甲{mlang}", "zh_Hant_TW", ("zh_hant", True)),
        # A narrower locale is no fallback of Moodle's: other's first; then it, before another region.
        ("{mlang ur_pk}سلام{mlang}{mlang other}Hello{mlang}", "ur", ("other", False)),
        ("{mlang pt_pt}Olá{mlang}{mlang pt_br}Oi{mlang}", "pt", ("pt_br", True)),
        ("{mlang ur_pk}سلام{mlang}{mlang en}Hi{mlang}", "ur", ("ur_pk", True)),
        # The source locale's own code before its range, wherever it stands.
        ("{mlang en_gb}Colour{mlang}{mlang en}Color{mlang}", "en_GB", ("en_gb", True)),
        # Another region of the language: after other's, which Moodle would show; before nothing.
        ("{mlang pt_pt}Olá{mlang}{mlang other}Hello{mlang}", "pt_BR", ("other", False)),
        ("{mlang pt_pt}Olá{mlang}{mlang ur}سلام{mlang}", "pt_BR", ("pt_pt", True)),
        # An empty span is no version: other's is shown.
        ("{mlang en}{mlang}{mlang other}Hello{mlang}", "en", ("other", False)),
        ("{mlang ur}سلام{mlang}", "en", (None, False)),
    ],
    ids=[
        "own",
        "range-before-other",
        "charset",
        "nearest-range",
        "nearest-range-written-first",
        "other-before-narrower",
        "narrower-last-written",
        "narrower-before-nothing",
        "own-before-range",
        "other-before-sibling",
        "sibling",
        "empty",
        "none",
    ],
)
def test_the_source_version_is_the_nearest_to_the_source_locale(
    text: str, source_locale: str, expected: tuple[str | None, bool]
) -> None:
    assert source_version(split_versions(text).by_language, source_locale) == expected


@pytest.mark.parametrize(
    ("prompt", "source_locale", "source"),
    [
        # A span that is empty once reduced to quiz text is none: other's is the source.
        ("{mlang en}<p> </p>{mlang}{mlang other}Hello, DNS{mlang}", "en", "Hello, DNS"),
        ("{mlang en_gb}Colour{mlang}{mlang en}Color{mlang}", "en_GB", "Colour"),
        ("{mlang other}Texte{mlang}{mlang en}DNS resolves names{mlang}", "en_GB", "DNS resolves names"),
    ],
    ids=["empty-span", "own-before-range", "range-before-other"],
)
def test_the_gift_and_moodle_xml_readers_take_the_same_source_of_a_multilang_text(
    tmp_path: Path, prompt: str, source_locale: str, source: str
) -> None:
    escaped = prompt.replace("{", "\\{").replace("}", "\\}")
    gift = tmp_path / "bank.gift"
    gift.write_text(f"::dns::[html]{escaped}{{T####It does.}}\n", encoding="utf-8")
    moodle = tmp_path / "bank.xml"
    moodle.write_text(
        '<quiz><question type="truefalse"><name><text>dns</text></name>'
        f'<questiontext format="html"><text><![CDATA[{prompt}]]></text></questiontext>'
        '<generalfeedback format="html"><text>It does.</text></generalfeedback>'
        '<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>'
        "</question></quiz>",
        encoding="utf-8",
    )
    read = [
        reader.read(BankRequest(path, path.name, "bank", source_locale))
        for reader, path in ((GiftReader, gift), (MoodleXmlReader, moodle))
    ]
    assert [bank.quiz.questions[0].prompt.source for bank in read] == [source, source]


@pytest.mark.parametrize(
    ("code", "source_locale", "expected"),
    [
        ("ur", "en", "ur"),
        ("pt_br", "en", "pt_BR"),
        ("ur_utf8", "en", "ur"),
        ("other", "en", None),
        # Any spelling of the source's language is the source, never its translation.
        ("en", "en_GB", None),
        ("en_us", "en", None),
        ("en", "EN", None),
    ],
)
def test_a_version_in_another_language_is_its_translation(
    code: str, source_locale: str, expected: str | None
) -> None:
    assert translation_locale(code, source_locale) == expected
