"""Benchmark the translation memory pre-fill against GNU msgmerge's fuzzy matching with a compendium.

Usage (from the repository root)::

    .venv/bin/python benchmarks/memory_benchmark.py [--memory 50000] [--new 5000] [--sample 300]
                                                    [--seed 42] [--keep DIR] [--skip-msgmerge]

It generates, deterministically (``--seed``), with the sentence generators of ``catalog_benchmark.py``
(real English and Urdu words, quiz sentence lengths):

* ``compendium.po``: a memory of ``--memory`` translated entries (keys ``memory-N.text``);
* ``new.pot``: ``--new`` new entries: 20% repeat a memory source exactly, 40% are a memory source
  revised as authors revise (``edit_source``: a word changed, added or dropped, punctuation), 40% are
  new sentences;
* ``empty.po``: a catalog with a header only.

Then it times

* quizkit's pre-fill, in process: building the memory index over the compendium's units and pre-filling
  every entry of the template (:func:`toolkit.memory.prefill.prefill_from_memory`); and, apart,
  the end-to-end time with reading both files and writing the result;
* ``msgmerge --compendium=compendium.po --previous -o out.po empty.po new.pot``: GNU's fuzzy search of
  every new entry in the compendium (what ``msgmerge -C`` does for translators);

and prints both and the ratio. Match quality is compared on ``--sample`` new entries, each judged by the
same measure (rapidfuzz's ratio of the new source and the matched source, in characters): how often
quizkit's match is as alike as msgmerge's (whose matched source is its ``#| msgid``), and how often the
pre-filter missed a unit that comparing with every unit finds (the recall of the pre-filter).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import catalog_benchmark  # noqa: E402

from toolkit.config import ProjectConfig  # noqa: E402
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header  # noqa: E402
from toolkit.gettext.po_reader import read_po  # noqa: E402
from toolkit.gettext.po_writer import write_po  # noqa: E402
from toolkit.memory.index import MemoryIndex  # noqa: E402
from toolkit.memory.prefill import PrefillMemory, prefill_from_memory  # noqa: E402
from toolkit.memory.translation_memory import TranslationMemory, catalog_units  # noqa: E402

HEADER = Header(
    (
        ("Content-Type", "text/plain; charset=UTF-8"),
        ("Content-Transfer-Encoding", "8bit"),
        ("Language", "ur"),
        ("Plural-Forms", catalog_benchmark.PLURAL_FORMS),
    )
)


def _source(rng: random.Random) -> tuple[str, str]:
    kind = rng.random()
    if kind < 0.5:
        return catalog_benchmark.sentence_pair(rng, 5, 20, question=rng.random() < 0.3)
    if kind < 0.8:
        return catalog_benchmark.sentence_pair(rng, 2, 6)
    return catalog_benchmark.paragraph_pair(rng, rng.randint(1, 2))


def generate(memory_size: int, new_size: int, seed: int) -> tuple[Catalog, Catalog]:
    rng = random.Random(seed)
    memory = []
    for number in range(memory_size):
        english, urdu = _source(rng)
        memory.append(CatalogEntry(english, urdu, context=f"memory-{number}.text"))
    new = []
    for number in range(new_size):
        kind = rng.random()
        if kind < 0.2:
            english = rng.choice(memory).msgid
        elif kind < 0.6:
            english = catalog_benchmark.edit_source(rng, rng.choice(memory).msgid)
        else:
            english, _ = _source(rng)
        new.append(CatalogEntry(english, context=f"new-{number}.text"))
    return Catalog(HEADER, tuple(memory)), Catalog(HEADER, tuple(new))


def quizkit_prefill(
    compendium: Catalog, template: Catalog, threshold: int
) -> tuple[Catalog, int, tuple[float, float]]:
    """The pre-fill as ``quizkit update`` runs it, and the seconds it took (index included): wall clock
    and CPU."""
    started, cpu = time.perf_counter(), time.process_time()
    units = tuple(sorted(catalog_units(compendium, "ur", "memory"), key=lambda unit: unit.origin))
    config = ProjectConfig(ROOT, None, target_locales=("ur",), memory_similarity=threshold)
    memory = PrefillMemory(config, TranslationMemory(units))
    filled, count = prefill_from_memory(template, memory, "ur", "new")
    return filled, count, (time.perf_counter() - started, time.process_time() - cpu)


def run_msgmerge(folder: Path) -> tuple[float, float]:
    """Wall-clock and CPU seconds (msgmerge is built with OpenMP and uses every core)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(
        [
            "msgmerge",
            "--quiet",
            f"--compendium={folder / 'compendium.po'}",
            "--previous",
            "-o",
            str(folder / "msgmerge.po"),
            str(folder / "empty.po"),
            str(folder / "new.pot"),
        ],
        check=True,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def quality(
    template: Catalog, compendium: Catalog, ours: Catalog, theirs: Catalog | None, sample: int, threshold: int
) -> list[str]:
    from rapidfuzz import fuzz, process

    rng = random.Random(7)
    picked = sorted(rng.sample(range(len(template.entries)), min(sample, len(template.entries))))
    sources = [entry.msgid for entry in compendium.entries]
    index = MemoryIndex(tuple(catalog_units(compendium, "ur", "memory")))
    by_msgstr_theirs = {entry.context: entry for entry in theirs.entries} if theirs else {}
    ours_by_key = {entry.context: entry for entry in ours.entries}
    same_or_better = worse = missed_by_prefilter = found_by_both = only_msgmerge = only_ours = 0
    for position in picked:
        entry = template.entries[position]
        best_any = process.extractOne(entry.msgid, sources, scorer=fuzz.ratio, score_cutoff=threshold)
        ours_match = next(iter(index.matches(entry.msgid, threshold)), None)
        if best_any is not None and ours_match is None:
            missed_by_prefilter += 1
        our_score = ours_match.similarity if ours_match else 0.0
        their_score = 0.0
        merged = by_msgstr_theirs.get(entry.context)
        if merged is not None and merged.msgstr:
            matched_source = merged.previous_msgid if merged.previous_msgid is not None else merged.msgid
            their_score = fuzz.ratio(entry.msgid, matched_source)
        if their_score < threshold:
            their_score = 0.0  # below the pre-fill threshold: not a suggestion quizkit would offer
        if our_score and their_score:
            found_by_both += 1
        elif their_score:
            only_msgmerge += 1
        elif our_score:
            only_ours += 1
        if our_score >= their_score:
            same_or_better += 1
        else:
            worse += 1
    del ours_by_key
    lines = [
        f"sample of {len(picked)} new entries, judged by rapidfuzz ratio (characters), threshold {threshold}%:",
        f"  quizkit's match as alike as msgmerge's or more: {same_or_better}; less alike: {worse}",
        f"  a match >= {threshold}%: both {found_by_both}, only msgmerge {only_msgmerge}, only quizkit {only_ours}",
        f"  the pre-filter missed a unit that comparing with every unit finds: {missed_by_prefilter}",
    ]
    if theirs is None:
        lines.append("  (msgmerge skipped: its column is empty)")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--memory", type=int, default=50_000)
    parser.add_argument("--new", type=int, default=5_000)
    parser.add_argument("--sample", type=int, default=300)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--threshold", type=int, default=75)
    parser.add_argument("--keep", type=Path)
    parser.add_argument("--skip-msgmerge", action="store_true")
    arguments = parser.parse_args()

    folder = arguments.keep or Path(tempfile.mkdtemp(prefix="memory-benchmark-"))
    folder.mkdir(parents=True, exist_ok=True)
    compendium, template = generate(arguments.memory, arguments.new, arguments.seed)
    (folder / "compendium.po").write_bytes(write_po(compendium))
    (folder / "new.pot").write_bytes(write_po(template))
    (folder / "empty.po").write_bytes(write_po(Catalog(HEADER, ())))
    print(f"{platform.platform()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}")
    print(
        f"memory {arguments.memory:,} units, {arguments.new:,} new entries, seed {arguments.seed}, in {folder}"
    )

    filled, count, (seconds, cpu) = quizkit_prefill(compendium, template, arguments.threshold)
    started = time.perf_counter()
    read_compendium = read_po((folder / "compendium.po").read_bytes(), "compendium.po")
    read_template = read_po((folder / "new.pot").read_bytes(), "new.pot")
    end_filled, _, _ = quizkit_prefill(
        read_compendium, replace(read_template, header=HEADER), arguments.threshold
    )
    (folder / "quizkit.po").write_bytes(write_po(end_filled))
    end_to_end = time.perf_counter() - started
    print(
        f"quizkit pre-fill: {seconds:.2f} s wall, {cpu:.2f} s CPU ({count:,} entries pre-filled); "
        f"with reading and writing the files {end_to_end:.2f} s wall"
    )

    theirs = None
    if not arguments.skip_msgmerge and shutil.which("msgmerge"):
        msgmerge_seconds, msgmerge_cpu = run_msgmerge(folder)
        theirs = read_po((folder / "msgmerge.po").read_bytes(), "msgmerge.po")
        suggested = sum(1 for entry in theirs.entries if entry.msgstr and not entry.obsolete)
        version = subprocess.run(
            ["msgmerge", "--version"], capture_output=True, text=True, check=True
        ).stdout.split("\n")[0]
        print(
            f"{version} --compendium: {msgmerge_seconds:.2f} s wall, {msgmerge_cpu:.2f} s CPU "
            f"({suggested:,} entries filled)"
        )
        print(
            f"ratio: {msgmerge_seconds / seconds:.0f}x wall, {msgmerge_cpu / cpu:.0f}x CPU (pre-fill); "
            f"{msgmerge_seconds / end_to_end:.0f}x wall end to end"
        )
    for line in quality(template, compendium, filled, theirs, arguments.sample, arguments.threshold):
        print(line)
    if arguments.keep is None:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
