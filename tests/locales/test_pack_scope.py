"""A pack's checks, fixes and answer normalization apply only to the locales it serves: the Urdu rules
(Arabic ي and ك are the wrong letters, ? must be ؟) never fire on Arabic, where those letters are right."""

from __future__ import annotations

import pytest

from toolkit.checks.registry import checks_for_locale, registered_checks
from toolkit.checks.runner import check_catalog, fixed_translation
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header
from toolkit.localization.grading import normalize_answer

URDU_CHECKS = {
    item.info.id for item in registered_checks() if item.pack is not None and item.pack.name == "urdu"
}
# Correct Arabic: Arabic yeh (ي) and kaf (ك), the Arabic question mark and comma.
SOURCE = "Which collective averages the gradients, step by step?"
ARABIC = "أي عملية جماعية تحسب متوسط التدرجات، خطوة بخطوة؟"
WITH_ARABIC_KAF = "كل بطاقة تحمل نسخة كاملة من النموذج؟"


def codes(locale: str, translation: str) -> set[str]:
    header = Header((("Language", locale), ("Plural-Forms", "nplurals=2; plural=(n != 1);")))
    entry = CatalogEntry(msgid=SOURCE, msgstr=translation, context="quiz.questions.q.prompt")
    return {
        diagnostic.code
        for diagnostic in check_catalog(Catalog(header, (entry,)), "x.po", locale, None).diagnostics
    }


def test_the_urdu_pack_brings_its_checks() -> None:
    assert {"arabic-code-points", "latin-punctuation", "mixed-digits", "ambiguous-heh"} <= URDU_CHECKS


@pytest.mark.parametrize("text", [ARABIC, WITH_ARABIC_KAF])
def test_urdu_checks_fire_on_arabic_letters_in_an_urdu_catalog(text: str) -> None:
    assert "arabic-code-points" in codes("ur", text)


@pytest.mark.parametrize("locale", ["ar", "ar_EG", "fa", "en"])
@pytest.mark.parametrize("text", [ARABIC, WITH_ARABIC_KAF])
def test_urdu_checks_never_run_outside_urdu(locale: str, text: str) -> None:
    assert codes(locale, text) & URDU_CHECKS == set()
    assert {item.info.id for item in checks_for_locale(locale)} & URDU_CHECKS == set()


def test_fixes_of_the_urdu_pack_do_not_touch_arabic() -> None:
    every_fix = frozenset(URDU_CHECKS | {"whitespace"})
    assert fixed_translation(WITH_ARABIC_KAF, "ar", every_fix) == WITH_ARABIC_KAF
    assert fixed_translation(WITH_ARABIC_KAF, "ur", every_fix) != WITH_ARABIC_KAF


def test_answers_are_normalized_by_the_pack_of_their_locale() -> None:
    # Urdu folds the Arabic yeh into the Urdu one; in Arabic the Arabic yeh is the letter itself.
    assert normalize_answer("علي", "ur") == "علی"
    assert normalize_answer("علي", "ar") == "علي"
