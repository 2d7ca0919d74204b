"""The locale-pack interface: which pack serves a locale, and how a broken or clashing pack is reported."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from toolkit.text import locale_packs
from toolkit.text.locale_packs import (
    LocalePack,
    LocalePackError,
    normalized_locale,
    one_within_the_other,
    pack_for,
    same_language,
    same_locale,
)


@pytest.mark.parametrize(
    ("locale", "expected"),
    [("ur", "ur"), ("ur-pk", "ur_PK"), ("UR_in", "ur_IN"), ("sr-latn-rs", "sr_Latn_RS"), ("fa", "fa")],
)
def test_normalized_locale(locale: str, expected: str) -> None:
    assert normalized_locale(locale) == expected


@pytest.mark.parametrize("locale", ["ur", "ur_PK", "ur-IN", "ur_IN"])
def test_the_urdu_pack_serves_every_urdu_locale(locale: str) -> None:
    pack = pack_for(locale)
    assert pack is not None and pack.name == "urdu"


@pytest.mark.parametrize("locale", ["en", "de_DE", "pa"])
def test_a_locale_without_a_pack_gets_none(locale: str) -> None:
    assert pack_for(locale) is None


def test_urdu_digits_by_locale() -> None:
    pack = pack_for("ur")
    assert pack is not None
    assert (pack.digits_for("ur"), pack.digits_for("ur-PK"), pack.digits_for("ur-in")) == (
        "latn",
        "latn",
        "arabext",
    )


class FakeEntryPoint:
    def __init__(self, name: str, value: Any) -> None:
        self.name = name
        self.value = f"plugin:{name}"
        self._value = value

    def load(self) -> Any:
        if isinstance(self._value, Exception):
            raise self._value
        return self._value


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[FakeEntryPoint]]:
    """The entry points the registry sees, replaced by the test's own (the caches emptied around it)."""
    points: list[FakeEntryPoint] = []
    monkeypatch.setattr(locale_packs, "entry_points", lambda group: list(points))
    locale_packs.registered_packs.cache_clear()
    locale_packs.pack_for.cache_clear()
    yield points
    locale_packs.registered_packs.cache_clear()
    locale_packs.pack_for.cache_clear()


def pack(name: str, *locales: str) -> LocalePack:
    return LocalePack(name=name, locales=locales, summary=f"{name} rules")


def test_the_most_specific_pack_wins(installed: list[FakeEntryPoint]) -> None:
    installed += [FakeEntryPoint("urdu", pack("urdu", "ur")), FakeEntryPoint("india", pack("india", "ur_IN"))]
    assert [pack_for(locale).name for locale in ("ur", "ur_PK", "ur-IN")] == ["urdu", "urdu", "india"]  # type: ignore[union-attr]


def test_two_packs_for_one_locale_are_refused(installed: list[FakeEntryPoint]) -> None:
    installed += [FakeEntryPoint("one", pack("one", "ar")), FakeEntryPoint("two", pack("two", "ar"))]
    with pytest.raises(LocalePackError) as raised:
        pack_for("ar_EG")
    assert str(raised.value) == (
        "locale packs one, two all serve ar_EG; uninstall one, or make one name the exact locale"
    )


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            ImportError("No module named 'house'"),
            "locale pack bad (plugin:bad) failed to load: No module named 'house'",
        ),
        ("not a pack", "locale pack bad (plugin:bad) is not a toolkit.text.locale_packs.LocalePack"),
    ],
)
def test_a_broken_pack_is_named(installed: list[FakeEntryPoint], value: Any, message: str) -> None:
    installed.append(FakeEntryPoint("bad", value))
    with pytest.raises(LocalePackError) as raised:
        pack_for("ur")
    assert str(raised.value) == message


def test_two_packs_with_one_name_are_refused(installed: list[FakeEntryPoint]) -> None:
    installed += [FakeEntryPoint("a", pack("same", "ar")), FakeEntryPoint("b", pack("same", "fa"))]
    with pytest.raises(LocalePackError) as raised:
        pack_for("ar")
    assert str(raised.value) == "two locale packs are named same"


# How the question-bank readers compare language tags (toolkit/importing): one rule each, BCP 47's.
TAG_PAIRS = [
    # one, other, same_locale, same_language, one_within_the_other
    ("ur-PK", "ur_PK", True, True, True),
    ("UR-pk", "ur_PK", True, True, True),
    ("UR", "ur", True, True, True),
    ("ur", "ur-PK", False, True, True),
    ("ur_PK", "UR", False, True, True),
    ("ur-PK", "ur-IN", False, True, False),
    ("zh_Hant", "zh-hant-TW", False, True, True),
    ("zh_Hans", "zh_Hant", False, True, False),
    ("ur", "ar", False, False, False),
    ("en", "eng", False, False, False),
]


@pytest.mark.parametrize(("one", "other", "locale", "language", "within"), TAG_PAIRS)
def test_language_tags_compare_case_insensitively_by_their_subtags(
    one: str, other: str, locale: bool, language: bool, within: bool
) -> None:
    for first, second in ((one, other), (other, one)):
        assert same_locale(first, second) is locale
        assert same_language(first, second) is language
        assert one_within_the_other(first, second) is within
