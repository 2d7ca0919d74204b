"""Benchmark quizkit's catalog update and compile against GNU msgmerge and msgfmt.

Usage (from the repository root)::

    .venv/bin/python benchmarks/catalog_benchmark.py [--sizes 5000,50000] [--repeat 3]
                                                     [--skip-fuzzy] [--profile] [--keep DIR]

For each size it generates, deterministically (``--seed``), an old translated Urdu catalog (``old.po``)
and a new template (``new.pot``) in which 10% of the sources are edited, 5% of the entries are removed
and 5% added. Then it times, as medians over ``--repeat`` runs:

* quizkit update: read template + read catalog + the checks ``quizkit update`` makes + merge + format_po
  + the durable atomic write, with the library functions ``quizkit update`` calls for each catalog;
* ``msgmerge`` (default fuzzy matching) and ``msgmerge --no-fuzzy-matching`` on the same two files;
* quizkit compile: read + checks + compile_mo + statistics + atomic write, as ``quizkit compile`` does
  for each catalog; and ``msgfmt -o out.mo`` on the same merged catalog (quizkit's output).

Fuzzy msgmerge can take minutes on large catalogs: when its first run takes longer than
``--fuzzy-once-after`` seconds it is not repeated, and ``--skip-fuzzy`` leaves it out at sizes of 20,000
entries and more. ``--profile`` runs cProfile over one update and one compile at the largest size.
"""

# ruff: noqa: SIM905  (word lists read best as one string each)

from __future__ import annotations

import argparse
import cProfile
import gc
import gettext
import io
import os
import platform
import pstats
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.catalogs.extraction import template_header  # noqa: E402
from toolkit.catalogs.statistics import catalog_statistics  # noqa: E402
from toolkit.cli.output import bulk_work  # noqa: E402
from toolkit.files import write_bytes_atomic, write_text_atomic  # noqa: E402
from toolkit.gettext.catalog import FUZZY, Catalog, CatalogEntry, Header  # noqa: E402
from toolkit.gettext.merge import check_plural_counts, merge  # noqa: E402
from toolkit.gettext.mo_writer import compile_mo  # noqa: E402
from toolkit.gettext.po_reader import read_po  # noqa: E402
from toolkit.gettext.po_writer import format_po  # noqa: E402

LOCALE = "ur"
PLURAL_FORMS = "nplurals=2; plural=(n != 1);"
SKIP_FUZZY_FROM = 20_000

# --------------------------------------------------------------------------------------------------
# Text generation: real English and Urdu words, sentence lengths of quiz content.
# --------------------------------------------------------------------------------------------------

EN_DETERMINERS = "the the the a a each every this that its their some no all most".split()
EN_ADJECTIVES = (
    "global local single complete different same large small new old ancient modern common rare fast slow "
    "correct wrong main central northern southern eastern western high low average total final first last "
    "important difficult simple equal separate physical chemical political economic digital natural"
).split()
EN_NOUNS = (
    "model gradient batch worker replica layer optimizer state weight parameter network bandwidth latency "
    "memory device processor cluster node step loss accuracy dataset sample update copy slice shard "
    "river mountain ocean desert city country capital empire king queen treaty war border language "
    "cell organ heart blood plant animal tree seed flower energy force speed distance mass pressure "
    "temperature planet moon star orbit light water air soil rock volcano island coast valley forest "
    "number fraction equation angle triangle circle area volume result example reason difference "
    "student teacher school exam answer question lesson chapter book word sentence poem author"
).split()
EN_VERBS = (
    "holds computes averages sends receives stores splits combines reduces increases decreases changes "
    "controls divides measures explains describes contains produces requires allows prevents causes "
    "supports replaces follows crosses surrounds feeds protects carries connects separates"
).split()
EN_PREPOSITIONS = (
    "of in on across between after before during with without through under over into from".split()
)
EN_CONJUNCTIONS = "and but so because while although when".split()
EN_CODE = ["`all-reduce`", "`torch.distributed`", "`DistributedDataParallel`", "`broadcast()`", "`len(x)`"]

UR_WORDS = (
    # function words, pronouns, postpositions, auxiliaries
    "اور کا کی کے میں سے پر کو نے ہے ہیں تھا تھی تھے ہو ہوتا ہوتی ہوتے یہ وہ ایک دو تین چار پانچ جو جس "
    "جب تک بھی صرف ہر سب تمام کوئی کچھ زیادہ کم بہت نہیں اگر تو لیکن مگر کیونکہ ساتھ بعد پہلے درمیان "
    "اندر باہر اوپر نیچے کیا کون کب کہاں کیوں کیسے "
    # nouns
    "کتاب سوال جواب ماڈل ڈیٹا نظام طریقہ وقت دن سال ملک شہر دریا پہاڑ سمندر زمین سورج چاند پانی ہوا "
    "روشنی توانائی قوت رفتار فاصلہ وزن حصہ عدد نتیجہ مثال وجہ فرق تعداد قیمت سائنس تاریخ جغرافیہ ریاضی "
    "زبان لفظ جملہ حکومت بادشاہ جنگ امن معاہدہ عمل تجربہ مشاہدہ نظریہ قانون اصول یادداشت حساب کمپیوٹر "
    "پروگرام گریڈیئنٹ بیچ ورکر نیٹ ورک تاخیر لاگت حالت کاپی نقل تہ سطح مرکز کنارہ درجہ حرارت دباؤ خلیہ "
    "جسم دل دماغ خون پودا جانور درخت پھول بیج کھانا صحت بیماری علاج دوا طالب علم استاد اسکول امتحان "
    "سبق آپٹیمائزر ویٹس پیرامیٹر سرحد سلطنت دارالحکومت جزیرہ ساحل وادی جنگل آتش فشاں سیارہ ستارہ مدار "
    # verbs and adjectives
    "کرتا کرتی کرتے کرنا کریں دیتا دیتی لیتا لیتی جاتا جاتی جاتے آتا آتی رکھتا رکھتی بناتا بناتی "
    "بڑھتا گھٹتا بدلتا ملتا چلتا سمجھتا بڑا چھوٹا نیا پرانا اہم مشکل آسان تیز سست مکمل مختلف یکساں "
    "درست صحیح غلط واحد عام خاص مشترک مقامی عالمی قدیم جدید شمالی جنوبی مشرقی مغربی اوسط کل آخری "
    # with a zer, as the project's catalogs write NCCL's ring (رِنگ, not رنگ "colour")
    "رِنگ ٹری"
).split()
UR_LATIN = ["GPU", "GPUs", "NCCL", "PyTorch", "CPU", "B", "W"]


def english_sentence(rng: random.Random, words: int, question: bool = False) -> str:
    out: list[str] = []
    while len(out) < words:
        phrase = rng.random()
        if phrase < 0.45:
            out += [rng.choice(EN_DETERMINERS)]
            if rng.random() < 0.5:
                out.append(rng.choice(EN_ADJECTIVES))
            out.append(rng.choice(EN_NOUNS) + ("s" if rng.random() < 0.2 else ""))
        elif phrase < 0.65:
            out.append(rng.choice(EN_VERBS))
        elif phrase < 0.85:
            out += [rng.choice(EN_PREPOSITIONS), rng.choice(EN_DETERMINERS), rng.choice(EN_NOUNS)]
        elif phrase < 0.92:
            if out:
                out[-1] += ","
            out.append(rng.choice(EN_CONJUNCTIONS))
        elif phrase < 0.96:
            out.append(rng.choice(EN_CODE))
        else:
            out.append(f'"{rng.choice(EN_NOUNS)}"')  # escaped as \" in PO files
    out = out[:words]
    out[-1] = out[-1].rstrip(",")
    text = " ".join(out)
    text = text[0].upper() + text[1:]
    return text + ("?" if question else ".")


def urdu_sentence(rng: random.Random, words: int, question: bool = False) -> str:
    out = [rng.choice(UR_WORDS) for _ in range(words)]
    for index in range(2, words - 1):
        if rng.random() < 0.06:
            out[index] += "،"  # Urdu comma
        elif rng.random() < 0.04:
            out[index] = rng.choice(UR_LATIN)
    return " ".join(out) + ("؟" if question else "۔")


def sentence_pair(rng: random.Random, low: int, high: int, question: bool = False) -> tuple[str, str]:
    words = rng.randint(low, high)
    urdu_words = max(3, round(words * rng.uniform(0.85, 1.25)))
    return english_sentence(rng, words, question), urdu_sentence(rng, urdu_words, question)


def paragraph_pair(rng: random.Random, sentences: int) -> tuple[str, str]:
    pairs = [sentence_pair(rng, 8, 24) for _ in range(sentences)]
    joiner = "\n" if rng.random() < 0.05 else " "  # a few explanations have a line break
    return joiner.join(en for en, _ in pairs), joiner.join(ur for _, ur in pairs)


def edit_source(rng: random.Random, text: str) -> str:
    """A realistic revision: mostly one or two words, sometimes a rewrite."""
    words = text.split(" ")
    kind = rng.random()
    if kind < 0.45:
        index = rng.randrange(len(words))
        ending = words[index][-1:] if words[index][-1:] in ",.?" else ""
        words[index] = rng.choice(EN_NOUNS + EN_ADJECTIVES) + ending
    elif kind < 0.65:
        words.insert(rng.randrange(1, len(words) + 1), rng.choice(EN_ADJECTIVES))
    elif kind < 0.75 and len(words) > 5:
        del words[rng.randrange(1, len(words) - 1)]
    elif kind < 0.9:
        if text[-1:] in ".?!":
            return text[:-1] + ("!" if text.endswith(".") else ".")
        return text + "."
    else:
        return english_sentence(rng, max(5, min(30, len(words))), text.endswith("?"))
    edited = " ".join(words)
    return edited if edited != text else edited + " again"


# --------------------------------------------------------------------------------------------------
# Catalog generation
# --------------------------------------------------------------------------------------------------


@dataclass
class Slot:
    """One message of the generated content, before it is split into the old and new versions."""

    key: str
    source: str
    translation: str
    comments: tuple[str, ...]
    reference: str
    prompt: int | None = None  # index of the question's prompt slot, quoted in the comments
    plural: str | None = None
    translation_plural: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()


def _quote(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return f"“{text if len(text) <= limit else text[: limit - 1] + '…'}”"


def generate_slots(rng: random.Random, count: int) -> list[Slot]:
    slots: list[Slot] = []
    quiz = 0
    while len(slots) < count:
        quiz += 1
        qid = f"quiz-{quiz:04d}"
        reference = f"content/{qid}.yaml"
        en, ur = sentence_pair(rng, 3, 8)
        slots.append(Slot(f"{qid}.title", en.rstrip("."), ur.rstrip("۔"), ("Title of the quiz.",), reference))
        en, ur = paragraph_pair(rng, rng.randint(1, 2))
        slots.append(
            Slot(f"{qid}.description", en, ur, ("Description shown under the quiz title.",), reference)
        )
        questions = rng.randint(6, 12)
        for number in range(1, questions + 1):
            base = f"{qid}.questions.q{number}"
            prompt = len(slots)
            en, ur = sentence_pair(rng, 6, 30, question=True)
            slots.append(
                Slot(
                    f"{base}.prompt",
                    en,
                    ur,
                    (f"Question {number} of {questions} (one correct answer).",),
                    reference,
                )
            )
            options = rng.randint(3, 5)
            correct = rng.randrange(options)
            for option in range(options):
                letter = "abcde"[option]
                role = "the correct answer" if option == correct else "a distractor (a wrong answer)"
                en, ur = sentence_pair(rng, 5, 20)
                en, ur = en.rstrip("."), ur.rstrip("۔")
                comments: tuple[str, ...] = (
                    f"Option {option + 1} of {options} for question {number}: {{prompt}}",
                    f"This option is {role}.",
                )
                slots.append(Slot(f"{base}.options.{letter}", en, ur, comments, reference, prompt))
                if rng.random() < 0.25:
                    en_feedback, ur_feedback = sentence_pair(rng, 5, 30)
                    comments = (
                        f"Feedback shown when option {option + 1} for question {number} is chosen.",
                        f"That option is {role}: {_quote(en)}.",
                    )
                    slots.append(
                        Slot(
                            f"{base}.options.{letter}.feedback", en_feedback, ur_feedback, comments, reference
                        )
                    )
            # Explanations are the long entries that wrap over several lines.
            en, ur = paragraph_pair(rng, rng.randint(1, 4))
            comments = (f"Explanation shown after question {number} is answered: {{prompt}}",)
            slots.append(Slot(f"{base}.explanation", en, ur, comments, reference, prompt))
        if quiz % 8 == 0:  # a few plural entries
            noun = rng.choice(EN_NOUNS)
            slots.append(
                Slot(
                    f"{qid}.results.score",
                    f"You answered {{count}} {noun} question correctly out of {{total}}.",
                    "",
                    ("{count}: questions answered correctly", "{total}: questions in the quiz"),
                    reference,
                    plural=f"You answered {{count}} {noun} questions correctly out of {{total}}.",
                    translation_plural=(
                        "آپ نے {total} میں سے {count} سوال کا درست جواب دیا۔",
                        "آپ نے {total} میں سے {count} سوالات کے درست جوابات دیے۔",
                    ),
                    flags=("python-brace-format",),
                )
            )
    return slots[:count]


@dataclass
class Scenario:
    size: int
    old: Catalog
    new: Catalog
    counts: dict[str, int] = field(default_factory=dict)


def build_scenario(size: int, seed: int) -> Scenario:
    rng = random.Random(seed * 1_000_003 + size)
    delta = size // 20  # 5%
    slots = generate_slots(rng, size + delta)
    indexes = list(range(len(slots)))
    added = set(rng.sample(indexes, delta))
    old_indexes = [index for index in indexes if index not in added]
    removed = set(rng.sample(old_indexes, delta))
    both = [index for index in old_indexes if index not in removed]
    edited = set(rng.sample(both, size // 10))  # 10% of the sources
    rest = [index for index in both if index not in edited]
    fuzzy = set(rng.sample(rest, size // 100))  # the old catalog already has some fuzzy entries ...
    untranslated = set(rng.sample([i for i in rest if i not in fuzzy], size // 50))  # ... and gaps

    new_sources = {index: slots[index].source for index in indexes}
    for index in edited:
        new_sources[index] = edit_source(rng, slots[index].source)
    old_sources = {index: slots[index].source for index in indexes}

    def comments(index: int, sources: dict[int, str]) -> tuple[str, ...]:
        slot = slots[index]
        if slot.prompt is None:
            return slot.comments
        return tuple(comment.replace("{prompt}", _quote(sources[slot.prompt])) for comment in slot.comments)

    old_entries: list[CatalogEntry] = []
    for index in old_indexes:
        slot = slots[index]
        translated = index not in untranslated
        entry = CatalogEntry(
            msgid=old_sources[index],
            msgstr=slot.translation if translated and slot.plural is None else "",
            context=slot.key,
            msgid_plural=slot.plural,
            msgstr_plural=(slot.translation_plural if translated else ("", "")) if slot.plural else (),
            flags=slot.flags,
            extracted_comments=comments(index, old_sources),
            references=(slot.reference,),
        )
        if index in fuzzy:
            entry = replace(entry, flags=(FUZZY, *slot.flags), previous_msgid=edit_source(rng, entry.msgid))
        old_entries.append(entry)
    # A few obsolete entries from earlier revisions, as real catalogs carry.
    for number in range(size // 200):
        en, ur = sentence_pair(rng, 5, 20)
        old_entries.append(
            CatalogEntry(
                msgid=en, msgstr=ur, context=f"quiz-{number + 1:04d}.questions.q99.options.z", obsolete=True
            )
        )
    old_header = Header(
        (
            ("Project-Id-Version", "benchmark"),
            ("Report-Msgid-Bugs-To", ""),
            ("PO-Revision-Date", "2026-11-29 17:00+0000"),
            ("Last-Translator", "quizkit translators"),
            ("Language-Team", "Urdu"),
            ("Language", LOCALE),
            ("MIME-Version", "1.0"),
            ("Content-Type", "text/plain; charset=UTF-8"),
            ("Content-Transfer-Encoding", "8bit"),
            ("Plural-Forms", PLURAL_FORMS),
        ),
        ("Urdu translation of the quiz benchmark.",),
    )
    new_entries = [
        CatalogEntry(
            msgid=new_sources[index],
            context=slots[index].key,
            msgid_plural=slots[index].plural,
            msgstr_plural=("", "") if slots[index].plural else (),
            flags=slots[index].flags,
            extracted_comments=comments(index, new_sources),
            references=(slots[index].reference,),
        )
        for index in indexes
        if index not in removed
    ]
    counts = {
        "old entries": len(old_indexes),
        "template entries": len(new_entries),
        "edited": len(edited),
        "removed": len(removed),
        "added": len(added),
        "plural": sum(1 for index in indexes if slots[index].plural),
    }
    return Scenario(
        size,
        Catalog(old_header, tuple(old_entries)),
        Catalog(template_header("benchmark", "content/"), tuple(new_entries)),
        counts,
    )


# --------------------------------------------------------------------------------------------------
# The operations measured
# --------------------------------------------------------------------------------------------------


def quizkit_update(
    template_path: Path, catalog_path: Path, out: Path, stages: dict[str, list[float]] | None = None
) -> None:
    """What ``quizkit update`` does for one catalog (toolkit.catalogs.workflow.update),
    with the template read from a .pot file instead of extracted from YAML, and the garbage collector
    paused as the command pauses it (toolkit.cli.output.bulk_work)."""
    with bulk_work():
        _quizkit_update(template_path, catalog_path, out, stages)


def _quizkit_update(
    template_path: Path, catalog_path: Path, out: Path, stages: dict[str, list[float]] | None = None
) -> None:
    clock = time.perf_counter
    t0 = clock()
    template = read_po(template_path.read_bytes(), str(template_path))
    t1 = clock()
    existing = read_po(catalog_path.read_bytes(), str(catalog_path))
    language = existing.language
    if language and language.replace("-", "_") != LOCALE:
        raise SystemExit(f"{catalog_path}: wrong Language {language}")
    plural_count = existing.header.plural_count
    if plural_count is not None:
        check_plural_counts(existing, plural_count)
    header = existing.header
    if header.plural_forms is None:
        header = header.with_field("Plural-Forms", PLURAL_FORMS)
    if header.get("Language") is None:
        header = header.with_field("Language", LOCALE)
    existing = Catalog(header, existing.entries)
    t2 = clock()
    merged, _summary = merge(template, existing, existing.header.plural_count or 2)
    t3 = clock()
    text = format_po(merged)
    t4 = clock()
    write_text_atomic(out, text, durable=True)
    t5 = clock()
    if stages is not None:
        for name, seconds in (
            ("read template", t1 - t0),
            ("read catalog + checks", t2 - t1),
            ("merge", t3 - t2),
            ("format_po (format + wrap)", t4 - t3),
            ("write file (atomic, fsync)", t5 - t4),
        ):
            stages.setdefault(name, []).append(seconds)


def quizkit_compile(catalog_path: Path, out: Path, stages: dict[str, list[float]] | None = None) -> None:
    """What ``quizkit compile`` does for one catalog (toolkit.catalogs.compiling.compile_catalogs),
    with the garbage collector paused as the command pauses it."""
    with bulk_work():
        _quizkit_compile(catalog_path, out, stages)


def _quizkit_compile(catalog_path: Path, out: Path, stages: dict[str, list[float]] | None = None) -> None:
    clock = time.perf_counter
    t0 = clock()
    catalog = read_po(catalog_path.read_bytes(), str(catalog_path))
    plural_count = catalog.header.plural_count
    if plural_count is not None:
        check_plural_counts(catalog, plural_count)
    t1 = clock()
    data = compile_mo(catalog)
    t2 = clock()
    catalog_statistics(catalog)
    t3 = clock()
    write_bytes_atomic(out, data)
    t4 = clock()
    if stages is not None:
        for name, seconds in (
            ("read catalog + checks", t1 - t0),
            ("compile_mo", t2 - t1),
            ("statistics", t3 - t2),
            ("write file (atomic)", t4 - t3),
        ):
            stages.setdefault(name, []).append(seconds)


@dataclass
class Measurement:
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.wall)


def timed_python(function: Callable[[], None]) -> tuple[float, float]:
    gc.collect()  # start every run with the same heap, as a fresh quizkit process would
    cpu0, wall0 = time.process_time(), time.perf_counter()
    function()
    return time.perf_counter() - wall0, time.process_time() - cpu0


def timed_command(command: list[str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall0 = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - wall0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({result.returncode}):\n{result.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def unlink(*paths: Path) -> None:
    for path in paths:
        path.unlink(missing_ok=True)


def mo_catalog(path: Path) -> dict[object, object]:
    with path.open("rb") as handle:
        return dict(gettext.GNUTranslations(handle)._catalog)  # type: ignore[attr-defined]


def po_counts(path: Path) -> str:
    catalog = read_po(path.read_bytes(), str(path))
    stats = catalog_statistics(catalog)
    return (
        f"{stats.total} active ({stats.translated} translated, {stats.fuzzy} fuzzy, "
        f"{stats.untranslated} untranslated), {stats.obsolete} obsolete"
    )


# --------------------------------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------------------------------


def command_output(command: list[str]) -> str:
    try:
        return subprocess.run(command, capture_output=True, text=True, check=False).stdout
    except OSError:
        return ""


def machine_lines() -> list[str]:
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    gettext_version = (command_output(["msgmerge", "--version"]).splitlines() or ["msgmerge not found"])[0]
    openmp = "libgomp" in command_output(["ldd", shutil.which("msgmerge") or "msgmerge"])
    memory = "unknown"
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                memory = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    commit = command_output(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"]).strip()
    if commit:
        dirty = command_output(["git", "-C", str(ROOT), "status", "--porcelain", "--", "toolkit"]).strip()
        commit += " (toolkit/ has uncommitted changes)" if dirty else ""
    return [
        f"quizkit:  {ROOT} at commit {commit or 'unknown (not a git checkout)'}",
        f"load:     {' '.join(f'{load:.2f}' for load in os.getloadavg())} (1, 5, 15 min averages; ideally near 0)",
        f"nproc:    {os.cpu_count()} (usable: {len(os.sched_getaffinity(0))})",
        f"CPU:      {model}",
        f"memory:   {memory}",
        f"OS:       {platform.platform()}",
        f"Python:   {platform.python_implementation()} {platform.python_version()} ({sys.executable})",
        f"gettext:  {gettext_version}"
        + (" (built with OpenMP: fuzzy matching may use every core)" if openmp else ""),
    ]


@dataclass
class SizeResult:
    size: int
    measurements: dict[str, Measurement]
    update_stages: dict[str, list[float]]
    compile_stages: dict[str, list[float]]
    notes: list[str]


UPDATE = "quizkit update"
FUZZY_MERGE = "msgmerge"
EXACT_MERGE = "msgmerge --no-fuzzy-matching"
COMPILE = "quizkit compile"
MSGFMT = "msgfmt"


def run_size(size: int, args: argparse.Namespace, workdir: Path) -> SizeResult:
    folder = workdir / str(size)
    folder.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    scenario = build_scenario(size, args.seed)
    old_po, new_pot = folder / "old.po", folder / "new.pot"
    old_po.write_text(format_po(scenario.old), encoding="utf-8")
    new_pot.write_text(format_po(scenario.new), encoding="utf-8")
    counts = scenario.counts
    del scenario  # a real quizkit run holds no other catalogs: keep the garbage collector's work the same
    gc.collect()
    notes = [
        f"generated in {time.perf_counter() - started:.1f} s: "
        + ", ".join(f"{name} {value:,}" for name, value in counts.items())
        + f"; old.po {old_po.stat().st_size / 1e6:.1f} MB, new.pot {new_pot.stat().st_size / 1e6:.1f} MB"
    ]
    print(f"\n== {size:,} entries ==  ({notes[0]})", flush=True)

    merged = folder / "merged-quizkit.po"
    fuzzy_out, exact_out = folder / "merged-msgmerge.po", folder / "merged-msgmerge-no-fuzzy.po"
    mo_quizkit, mo_msgfmt = folder / "quizkit.mo", folder / "msgfmt.mo"
    measurements = {name: Measurement() for name in (UPDATE, FUZZY_MERGE, EXACT_MERGE, COMPILE, MSGFMT)}
    update_stages: dict[str, list[float]] = {}
    compile_stages: dict[str, list[float]] = {}

    def record(name: str, result: tuple[float, float]) -> None:
        measurements[name].wall.append(result[0])
        measurements[name].cpu.append(result[1])
        print(f"  {name:<30} {result[0]:9.3f} s wall {result[1]:9.3f} s CPU", flush=True)

    skip_fuzzy = args.skip_fuzzy and size >= SKIP_FUZZY_FROM
    fuzzy_runs = 0
    for run in range(args.repeat):
        print(f" run {run + 1} of {args.repeat}", flush=True)
        unlink(merged)
        record(UPDATE, timed_python(lambda: quizkit_update(new_pot, old_po, merged, update_stages)))
        unlink(exact_out)
        record(
            EXACT_MERGE,
            timed_command(
                [
                    "msgmerge",
                    "--quiet",
                    "--no-fuzzy-matching",
                    "-o",
                    str(exact_out),
                    str(old_po),
                    str(new_pot),
                ]
            ),
        )
        if not skip_fuzzy and (fuzzy_runs == 0 or measurements[FUZZY_MERGE].wall[0] <= args.fuzzy_once_after):
            unlink(fuzzy_out)
            record(
                FUZZY_MERGE,
                timed_command(["msgmerge", "--quiet", "-o", str(fuzzy_out), str(old_po), str(new_pot)]),
            )
            fuzzy_runs += 1
        unlink(mo_quizkit)
        record(COMPILE, timed_python(lambda: quizkit_compile(merged, mo_quizkit, compile_stages)))
        unlink(mo_msgfmt)
        record(MSGFMT, timed_command(["msgfmt", "-o", str(mo_msgfmt), str(merged)]))
    notes.append(f"load average after the runs: {os.getloadavg()[0]:.2f} (1 min)")
    if skip_fuzzy:
        notes.append(f"{FUZZY_MERGE} (fuzzy) skipped (--skip-fuzzy)")
    elif fuzzy_runs < args.repeat:
        notes.append(
            f"{FUZZY_MERGE} (fuzzy) measured once: its first run took more than {args.fuzzy_once_after:g} s"
        )

    # Sanity checks: what each merge produced, and whether both .mo files say the same.
    notes.append(f"quizkit merged:       {po_counts(merged)}")
    notes.append(f"msgmerge no-fuzzy:    {po_counts(exact_out)}")
    if fuzzy_out.exists():
        notes.append(f"msgmerge fuzzy:       {po_counts(fuzzy_out)}")
    same = mo_catalog(mo_quizkit) == mo_catalog(mo_msgfmt)
    notes.append(
        f".mo files: quizkit {mo_quizkit.stat().st_size:,} bytes, msgfmt {mo_msgfmt.stat().st_size:,} bytes; "
        f"same messages: {'yes' if same else 'NO'}"
    )
    return SizeResult(size, measurements, update_stages, compile_stages, notes)


def ratio_rows(result: SizeResult) -> list[tuple[str, str, str, str, str]]:
    """(comparison, wall-clock result, CPU-time result, target, verdict); verdicts go by wall clock."""
    m = result.measurements

    def cpu(name: str) -> float:
        return statistics.median(m[name].cpu)

    rows: list[tuple[str, str, str, str, str]] = []
    if m[FUZZY_MERGE].wall:
        speedup = m[FUZZY_MERGE].median / m[UPDATE].median
        verdict = "met" if speedup >= 50 else "MISSED"
        cpu_speedup = f"{cpu(FUZZY_MERGE) / cpu(UPDATE):.1f}x faster"
        rows.append(
            ("update vs msgmerge (fuzzy)", f"{speedup:.1f}x faster", cpu_speedup, ">= 50x faster", verdict)
        )
    else:
        rows.append(("update vs msgmerge (fuzzy)", "not measured", "", ">= 50x faster", "skipped"))
    for comparison, ours, theirs in (
        ("update vs msgmerge --no-fuzzy-matching", UPDATE, EXACT_MERGE),
        ("compile vs msgfmt", COMPILE, MSGFMT),
    ):
        ratio = m[ours].median / m[theirs].median
        rows.append(
            (
                comparison,
                f"{ratio:.2f}x its time",
                f"{cpu(ours) / cpu(theirs):.2f}x its time",
                "<= 1.5x",
                "met" if ratio <= 1.5 else "MISSED",
            )
        )
    return rows


def print_report(results: list[SizeResult], args: argparse.Namespace) -> None:
    print("\n" + "=" * 100)
    print("Machine")
    for line in machine_lines():
        print("  " + line)
    print(f"Command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(f"Medians over {args.repeat} runs (wall clock; CPU = user+sys of the process or the child)\n")
    header = f"| {'entries':>7} | {'operation':<30} | {'runs':>4} | {'median s':>9} | {'min s':>8} | {'max s':>8} | {'CPU s':>8} |"
    print(header)
    print("|" + "|".join("-" * (len(cell)) for cell in header.split("|")[1:-1]) + "|")
    for result in results:
        for name, measurement in result.measurements.items():
            if not measurement.wall:
                print(
                    f"| {result.size:>7,} | {name:<30} | {0:>4} | {'skipped':>9} | {'':>8} | {'':>8} | {'':>8} |"
                )
                continue
            print(
                f"| {result.size:>7,} | {name:<30} | {len(measurement.wall):>4} | {measurement.median:>9.3f} | "
                f"{min(measurement.wall):>8.3f} | {max(measurement.wall):>8.3f} | "
                f"{statistics.median(measurement.cpu):>8.3f} |"
            )
    print("\nTargets")
    print(
        f"| {'entries':>7} | {'comparison':<38} | {'wall clock':<16} | {'(CPU time)':<16} | {'target':<14} | {'':<7} |"
    )
    print(f"|{'-' * 9}|{'-' * 40}|{'-' * 18}|{'-' * 18}|{'-' * 16}|{'-' * 9}|")
    for result in results:
        for comparison, value, cpu_value, target, verdict in ratio_rows(result):
            print(
                f"| {result.size:>7,} | {comparison:<38} | {value:<16} | {cpu_value:<16} | {target:<14} | {verdict:<7} |"
            )
    print("\nWhere quizkit's time goes (medians, seconds)")
    for result in results:
        for title, stages, total in (
            ("update", result.update_stages, result.measurements[UPDATE].median),
            ("compile", result.compile_stages, result.measurements[COMPILE].median),
        ):
            parts = ", ".join(
                f"{name} {statistics.median(values):.3f} ({100 * statistics.median(values) / total:.0f}%)"
                for name, values in stages.items()
            )
            print(f"  {result.size:>7,} {title:<8} {parts}")
    print("\nChecks")
    for result in results:
        for note in result.notes:
            print(f"  {result.size:>7,}  {note}")


def profile(size: int, args: argparse.Namespace, workdir: Path) -> None:
    folder = workdir / str(size)
    old_po, new_pot, merged = folder / "old.po", folder / "new.pot", folder / "profile-merged.po"
    mo = folder / "profile.mo"
    unlink(merged, mo)
    operations: list[tuple[str, Callable[[], None]]] = [
        (f"quizkit update, {size:,} entries", lambda: quizkit_update(new_pot, old_po, merged)),
        (f"quizkit compile, {size:,} entries", lambda: quizkit_compile(merged, mo)),
    ]
    for title, call in operations:
        profiler = cProfile.Profile()
        profiler.enable()
        call()
        profiler.disable()
        for order, label in (("cumulative", "cumulative time"), ("tottime", "total (own) time")):
            stream = io.StringIO()
            stats = pstats.Stats(profiler, stream=stream)
            stats.strip_dirs().sort_stats(order).print_stats(15)
            text = re.sub(r"\A.*?(?=\s+\d+ function calls)", "", stream.getvalue(), flags=re.DOTALL)
            print(f"\n--- cProfile: {title}, top 15 by {label} ---")
            print(text.strip("\n"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes", default="5000,50000", help="comma-separated entry counts (default 5000,50000)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement; medians are reported")
    parser.add_argument(
        "--skip-fuzzy", action="store_true", help=f"skip fuzzy msgmerge at {SKIP_FUZZY_FROM:,}+ entries"
    )
    parser.add_argument(
        "--fuzzy-once-after",
        type=float,
        default=20.0,
        help="run fuzzy msgmerge once if its first run takes longer (s)",
    )
    parser.add_argument(
        "--profile", action="store_true", help="cProfile one update and one compile at the largest size"
    )
    parser.add_argument(
        "--profile-only", action="store_true", help="generate the largest size and only profile"
    )
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--keep", type=Path, help="work in this folder and keep the generated files")
    args = parser.parse_args()
    sizes = [int(size.replace("_", "")) for size in args.sizes.split(",") if size.strip()]
    for tool in ("msgmerge", "msgfmt"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} not found: install GNU gettext")

    workdir = args.keep or Path(tempfile.mkdtemp(prefix="quizkit-bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    try:
        print("Machine")
        for line in machine_lines():
            print("  " + line)
        if args.profile_only:
            size = max(sizes)
            folder = workdir / str(size)
            folder.mkdir(parents=True, exist_ok=True)
            scenario = build_scenario(size, args.seed)
            (folder / "old.po").write_text(format_po(scenario.old), encoding="utf-8")
            (folder / "new.pot").write_text(format_po(scenario.new), encoding="utf-8")
            profile(size, args, workdir)
            return
        results = [run_size(size, args, workdir) for size in sizes]
        print_report(results, args)
        if args.profile:
            profile(max(sizes), args, workdir)
    finally:
        if args.keep is None:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
