"""The index finds what comparing with every unit finds: the length bounds never exclude a unit that
reaches the threshold, and the token pre-filter loses nothing on generated quiz texts."""

from __future__ import annotations

import itertools
import random
import sys
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz, process

import toolkit.memory.index
from tests.hypothesis_profiles import examples
from tests.support import ROOT
from toolkit.memory.index import MAX_CHANGED_SHARE, ChangedIndex, MemoryIndex, _pairs
from toolkit.memory.translation_memory import MemoryOrigin, MemoryUnit

sys.path.insert(0, str(ROOT / "benchmarks"))
import catalog_benchmark


def _unit(text: str, number: int) -> MemoryUnit:
    return MemoryUnit(text, ("ترجمہ",), MemoryOrigin(False, "memory", 0, f"memory.k{number}", "ur"))


@settings(max_examples=examples(100), deadline=None)
@given(
    st.text(min_size=1, max_size=40),
    st.text(min_size=1, max_size=40),
    st.integers(min_value=50, max_value=100),
)
def test_the_length_window_keeps_every_text_that_can_reach_the_threshold(
    first: str, second: str, threshold: int
) -> None:
    index = MemoryIndex([_unit(second, 0)])
    low, high = index._window(len(first), threshold)
    if fuzz.ratio(first, second) >= threshold:
        assert low == 0 and high == 1


def test_the_pre_filter_misses_only_texts_that_share_too_few_tokens_and_rarely() -> None:
    rng = random.Random(20)
    texts = [catalog_benchmark.sentence_pair(rng, 2, 20)[0] for _ in range(2000)]
    index = MemoryIndex([_unit(text, number) for number, text in enumerate(texts)])
    queries = [catalog_benchmark.edit_source(rng, rng.choice(texts)) for _ in range(300)]
    missed = []
    for query in queries:
        everything = process.extractOne(query, texts, scorer=fuzz.ratio, score_cutoff=75)
        found = next(iter(index.matches(query, 75)), None)
        if (found.similarity if found else None) != (everything[1] if everything else None):
            assert everything is not None
            indexed = _pairs(query) & index._postings.keys()
            shared = indexed & _pairs(everything[0])
            assert len(shared) < index._shared_needed(len(indexed)), query
            missed.append(query)
    assert len(missed) <= 3, missed  # 1% of the queries at most; none on the benchmark's sample


def test_matches_come_best_first_with_ties_in_the_memorys_order() -> None:
    units = [_unit("abcdef", 0), _unit("abcdeg", 1), _unit("abcdef", 2), _unit("abcdxy", 3)]
    found = [(match.similarity, match.unit.origin.key) for match in MemoryIndex(units).matches("abcdef", 60)]
    assert [key for _, key in found] == ["memory.k0", "memory.k2", "memory.k1", "memory.k3"]
    assert found[0][0] == 100.0


def test_a_long_text_is_compared_only_with_texts_that_share_several_of_its_tokens() -> None:
    # Ten or more of its word pairs are in the memory: a text must share two of them (one in five).
    query = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima"
    words = query.split()
    one_pair = " ".join([*words[:2], "zulu", "yankee", "xray", "whiskey", "victor", "uniform"])
    two_pairs = " ".join([*words[:3], "zulu", "yankee", "xray", "whiskey", "victor"])
    others = [
        f"{first} {second} other{number}"
        for number, (first, second) in enumerate(itertools.pairwise(words[2:]))
    ]
    fillers = [f"filler{number} text{number} here{number}" for number in range(60)]
    texts = [one_pair, two_pairs, *others, *fillers]
    units = [_unit(text, number) for number, text in enumerate(texts)]
    index = MemoryIndex(units)
    assert index._shared_needed(len(_pairs(query) & index._postings.keys())) == 2
    compared = {index._texts[rank] for rank in index._candidates(query, 10, None)}
    assert two_pairs in compared and one_pair not in compared


def test_the_best_match_comes_first_however_its_score_rounds() -> None:
    # rapidfuzz's cut-off at exactly this score (98.4) rejects the text: the index must still find it.
    memory = (
        "Its complete blood this areas that western replica replaces separates a island `all-reduce` "
        'no slow slice "light" stores during the slice `DistributedDataParallel` "number" in. The last '
        'latency produces "memory" in each example most slices every.'
    )
    query = memory.replace("in each example", "in each ancient example")
    found = [
        (match.similarity, match.unit.origin.key)
        for match in MemoryIndex([_unit(memory, 0)]).matches(query, 75)
    ]
    assert found == [(fuzz.ratio(query, memory), "memory.k0")]
    assert round(found[0][0], 6) == 98.4


def _memory(units: list[MemoryUnit]) -> list[MemoryUnit]:
    """Units in the memory's order, as the pre-fill indexes them."""
    return sorted(units, key=lambda unit: (unit.origin.place, unit.origin.key))


def _found(index: MemoryIndex | ChangedIndex, query: str) -> list[tuple[float, MemoryUnit]]:
    return [(match.similarity, match.unit) for match in index.matches(query, 75)]


def _words_unit(rng: random.Random, words: list[str], place: str, number: int) -> MemoryUnit:
    text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 9)))
    return MemoryUnit(text, ("ترجمہ",), MemoryOrigin(False, place, 0, f"{place}.k{number:04d}", "ur"))


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.booleans())
def test_a_changed_index_finds_what_an_index_of_the_changed_units_finds(seed: int, keep_common: bool) -> None:
    """Units taken away (some texts gone, some kept by another unit) and added (new texts, and texts the
    memory holds): every query's matches, scores and order are those of an index built afresh (over a
    base that kept the texts of its common tokens, or not)."""
    rng = random.Random(seed)
    words = [f"w{number}ord" for number in range(rng.randint(4, 40))]
    earlier = _memory([_words_unit(rng, words, f"quiz-{rng.randint(1, 30):02d}", n) for n in range(600)])
    removed = [unit for unit in earlier if rng.random() < 0.02]
    added = [
        _words_unit(rng, words, f"quiz-{rng.randint(1, 30):02d}", 1000 + n) for n in range(rng.randint(0, 12))
    ]
    added += [replace(unit, origin=replace(unit.origin, key=unit.origin.key + "x")) for unit in removed[:3]]
    now = _memory([*(unit for unit in earlier if unit not in removed), *added])
    fresh = MemoryIndex(now)
    changed = ChangedIndex.of(MemoryIndex(earlier, keep_common=keep_common), removed, added)
    if changed is None:
        assert not keep_common or len(removed) + len(added) > MAX_CHANGED_SHARE * len(earlier)
        return  # a token the earlier index left out as common is one to look up now: indexed afresh
    assert len(changed) == len(fresh)
    queries = [unit.source for unit in rng.sample(now, 20)]
    queries += [_words_unit(rng, words, "query", n).source for n in range(20)]
    for query in queries:
        assert _found(changed, query) == _found(fresh, query), query


def test_a_changed_index_gives_way_when_a_common_token_is_one_to_look_up_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Unless its base kept that token's texts."""
    monkeypatch.setattr(toolkit.memory.index, "MAX_CHANGED_SHARE", 1.0)
    common = [_unit(f"shared token {number}", number) for number in range(60)]
    others = [_unit(f"other text {number}", 100 + number) for number in range(10)]
    base = MemoryIndex(_memory([*common, *others]))
    assert "shar" in base._common_counts
    assert ChangedIndex.of(base, common[:20], []) is None
    kept = ChangedIndex.of(MemoryIndex(_memory([*common, *others]), keep_common=True), common[:20], [])
    assert kept is not None
    assert _found(kept, "shared token 30") == _found(
        MemoryIndex(_memory([*common[20:], *others])), "shared token 30"
    )
