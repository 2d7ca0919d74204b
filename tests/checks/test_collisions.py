"""items-collide and cloze-options-collide: texts a learner must tell apart that the translation made
alike, and the translations that stay apart."""

from __future__ import annotations

import pytest

from toolkit.checks.runner import check_catalog
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header

Q = "quiz.questions.q"
APART = "a learner cannot tell them apart; translate them so they differ as the sources do"


def findings(entries: list[CatalogEntry], code: str, locale: str = "ur") -> list[tuple[str, str]]:
    header = Header((("Language", locale), ("Plural-Forms", "nplurals=2; plural=(n != 1);")))
    result = check_catalog(Catalog(header, tuple(entries)), "x.po", locale, None)
    return [
        (diagnostic.key or "", diagnostic.message)
        for diagnostic in result.diagnostics
        if diagnostic.code == code
    ]


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        (
            [
                CatalogEntry(
                    "Copies the data of one GPU to all others",
                    "ایک GPU کا ڈیٹا سب کو بھیجتا ہے",
                    f"{Q}.pairs.broadcast.match",
                ),
                CatalogEntry(
                    "Gives every GPU the parts all GPUs hold",
                    "ایک GPU کا ڈیٹا سب کو بھیجتا ہے۔",
                    f"{Q}.distractors.x",
                ),
            ],
            [
                (
                    f"{Q}.distractors.x",
                    f"distractors.x reads like pairs.broadcast.match in ur (matches of question q), though their sources differ: {APART}",
                )
            ],
        ),
        (
            [
                CatalogEntry("Broadcast", "براڈکاسٹ", f"{Q}.pairs.broadcast.prompt"),
                CatalogEntry("Scatter", "براڈكاسٹ", f"{Q}.pairs.scatter.prompt"),
            ],
            [
                (
                    f"{Q}.pairs.scatter.prompt",
                    f"pairs.scatter.prompt reads like pairs.broadcast.prompt in ur (prompts to match of question q), though their sources differ: {APART}",
                )
            ],
        ),
        (
            [
                CatalogEntry(
                    "Each GPU runs the forward pass", "ہر GPU فارورڈ پاس چلاتا ہے", f"{Q}.items.forward"
                ),
                CatalogEntry(
                    "Each GPU runs the backward pass", "ہر GPU فارورڈ پاس چلاتا ہے", f"{Q}.items.backward"
                ),
            ],
            [
                (
                    f"{Q}.items.backward",
                    f"items.backward reads like items.forward in ur (items to order of question q), though their sources differ: {APART}",
                )
            ],
        ),
        # Review R42, 2: sources that differ only in a sign are two items; the translation lost it.
        (
            [
                CatalogEntry("-20 °C", "20 °C", f"{Q}.items.cold"),
                CatalogEntry("20 °C", "20 °C", f"{Q}.items.warm"),
            ],
            [
                (
                    f"{Q}.items.warm",
                    f"items.warm reads like items.cold in ur (items to order of question q), though their sources differ: {APART}",
                )
            ],
        ),
        # Review R42, 3: a sign and a case keep two translations apart.
        (
            [
                CatalogEntry("minus 20 degrees", "−20 °C", f"{Q}.items.cold"),
                CatalogEntry("20 degrees", "20 °C", f"{Q}.items.warm"),
                CatalogEntry("Cobalt", "Co", f"{Q}.pairs.cobalt.match"),
                CatalogEntry("Carbon monoxide", "CO", f"{Q}.pairs.monoxide.match"),
            ],
            [],
        ),
        # Review R42, 6: a fuzzy item is not shown (its source is): nothing collides with it.
        (
            [
                CatalogEntry("Ghost", "بھوت", f"{Q}.items.ghost", flags=("fuzzy",)),
                CatalogEntry("Spirit", "بھوت", f"{Q}.items.spirit"),
            ],
            [],
        ),
        # A prompt and its own match may read alike; so may texts of two questions.
        (
            [
                CatalogEntry("Broadcast", "براڈکاسٹ", f"{Q}.pairs.broadcast.prompt"),
                CatalogEntry("A broadcast", "براڈکاسٹ", f"{Q}.pairs.broadcast.match"),
                CatalogEntry("Broadcasting", "براڈکاسٹ", "quiz.questions.other.items.a"),
            ],
            [],
        ),
        (
            [
                CatalogEntry(
                    "Each GPU runs the forward pass", "ہر GPU فارورڈ پاس چلاتا ہے", f"{Q}.items.forward"
                ),
                CatalogEntry(
                    "Each GPU runs the backward pass", "ہر GPU بیک ورڈ پاس چلاتا ہے", f"{Q}.items.backward"
                ),
            ],
            [],
        ),
    ],
)
def test_items_collide(entries: list[CatalogEntry], expected: list[tuple[str, str]]) -> None:
    assert findings(entries, "items-collide") == expected


def collided(locale: str) -> list[tuple[str, str]]:
    return [
        (
            f"{Q}.blanks.timing.options.after",
            f"options.after reads like options.during in {locale} (options of blank {{{{timing}}}} of question "
            f"q), though their sources differ: {APART}",
        )
    ]


@pytest.mark.parametrize(
    ("locale", "translations", "expected"),
    [
        ("ur", ("بیک ورڈ پاس کے دوران", "آپٹیمائزر کے قدم کے بعد"), []),
        ("ur", ("بیک ورڈ پاس کے دوران", "بیک ورڈ پاس کے دوران"), collided("ur")),
        # Persian digits for Latin ones: still one text to a learner.
        ("fa", ("بعد از ۲ گام", "بعد از 2 گام"), collided("fa")),
        ("fa", ("بعد از ۲ گام", "بعد از ۳ گام"), []),
    ],
)
def test_cloze_options_collide(
    locale: str, translations: tuple[str, str], expected: list[tuple[str, str]]
) -> None:
    entries = [
        CatalogEntry("during the backward pass", translations[0], f"{Q}.blanks.timing.options.during"),
        CatalogEntry("after the optimizer step", translations[1], f"{Q}.blanks.timing.options.after"),
    ]
    assert findings(entries, "cloze-options-collide", locale) == expected
