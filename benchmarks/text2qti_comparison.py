"""``quizkit export -f canvas`` against text2qti on the same questions, same run (issue 43 item 3).

Usage (from the repository root, after ``pip install -e '.[bench]'``, which installs text2qti)::

    .venv/bin/python benchmarks/text2qti_comparison.py [--size 1000] [--repeat 3] [--keep DIR] [--cli]

On a generated project of ``--size`` quizzes (``corpus.py``: single and multiple choice questions with
explanations, some option feedback and inline code, all kinds text2qti supports; kept and reused with
``--keep``) it writes each quiz's English source in text2qti's plain-text form (one ``.md`` file per quiz:
the same title, description, prompts, options, correct answers, explanations as general feedback and option
feedback), then times, as subprocesses and interleaved:

* ``quizkit export -f canvas --locale en`` in the project: one Canvas QTI 1.2 package per quiz;
* text2qti converting every ``.md`` file to its Canvas QTI 1.2 package in one process, through the
  functions its command runs for one file (``Quiz``, then ``QTI(quiz).save``): the same work in one
  process, as quizkit does it, so neither side pays a process start per file;
* with ``--cli``, text2qti's command once per file (one process each), as its users run it.

It prints the medians, the ratio (target: quizkit at most 0.5x text2qti's time) and checks that both
wrote one package per quiz with the same number of items.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import shutil
import statistics
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import corpus
import corpus_stamp
from command_measurement import measured, measured_sequence

TARGET = 0.5
"""Issue 43: ``quizkit export -f canvas`` at most half text2qti's time on the same questions."""
LETTERS = "abcdefghijklmnopqrstuvwxyz"

# Run in one process with the .md folder: what text2qti's command does for each file (cmdline.main).
TEXT2QTI_ALL = r"""
import pathlib, sys
from text2qti.config import Config
from text2qti.qti import QTI
from text2qti.quiz import Quiz

folder = pathlib.Path(sys.argv[1])
config = Config()
config.load()
for path in sorted(folder.glob("*.md")):
    quiz = Quiz(path.read_text(encoding="utf-8-sig"), config=config, source_name=path.as_posix())
    QTI(quiz).save(path.with_suffix(".zip"))
"""


def one_line(text: str) -> str:
    """A text on one line of text2qti's form (its continuation lines would need the item's indent)."""
    return " ".join(text.split())


def text2qti_quiz(document: dict[str, Any]) -> str:
    """A quiz of single and multiple choice questions in text2qti's plain-text form."""
    lines = [f"Quiz title: {one_line(document['title'])}"]
    lines.append(f"Quiz description: {one_line(document.get('description', ''))}")
    for number, question in enumerate(document["questions"], 1):
        kind = question["type"]
        if kind not in ("single_choice", "multiple_choice"):
            raise SystemExit(f"the corpus has a {kind} question: this comparison knows choice questions only")
        lines += ["", f"{number}.  {one_line(question['prompt'])}"]
        if question.get("explanation"):
            lines.append(f"... {one_line(question['explanation'])}")
        correct = set(question["correct"])
        for index, option in enumerate(question["options"]):
            right = option["id"] in correct
            if kind == "single_choice":
                lines.append(f"{'*' if right else ''}{LETTERS[index]}) {one_line(option['text'])}")
            else:
                lines.append(f"[{'*' if right else ' '}] {one_line(option['text'])}")
            if option.get("feedback"):
                lines.append(f"... {one_line(option['feedback'])}")
    return "\n".join(lines) + "\n"


def write_text2qti_sources(project: Path, folder: Path) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    count = 0
    for path in sorted((project / "content").glob("quiz-*.yaml")):
        (folder / f"{path.stem}.md").write_text(text2qti_quiz(corpus.read_quiz(path)), encoding="utf-8")
        count += 1
    return count


def items_in(package: Path) -> int:
    with zipfile.ZipFile(package) as archive:
        return sum(
            len(re.findall(rb"<item[ >]", archive.read(name)))
            for name in archive.namelist()
            if name.endswith(".xml") and name != "imsmanifest.xml" and "assessment_meta" not in name
        )


def item_counts(packages: list[Path]) -> list[int]:
    return [items_in(package) for package in packages]


def parsed_arguments(arguments: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1000, help="quizzes (default 1000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; medians are reported")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--keep", type=Path, help="keep (and reuse) the generated project in this folder")
    parser.add_argument("--cli", action="store_true", help="also text2qti's command once per file")
    args = parser.parse_args(arguments)
    if args.size < 1 or args.repeat < 1:
        parser.error("--size and --repeat must be at least 1")
    return args


def main(arguments: list[str] | None = None) -> None:
    args = parsed_arguments(arguments)
    text2qti = Path(sys.executable).parent / "text2qti"
    if not text2qti.exists():
        raise SystemExit("text2qti is not installed: pip install -e '.[bench]'")
    with tempfile.TemporaryDirectory(prefix="quizkit-text2qti-") as scratch:
        workdir = args.keep or Path(scratch)
        project = workdir / str(args.size) / "corpus"
        stamp = corpus_stamp.prepared_corpus(project, args.size, args.seed)
        print(f"corpus of {args.size:,} quizzes {'reused' if stamp.reused else 'generated'} in {project}")
        sources = Path(scratch) / "text2qti"
        quizzes = write_text2qti_sources(project, sources)
        # text2qti writes its default configuration file into the home folder on its first run: not the
        # user's (the commands measured inherit this environment).
        os.environ["HOME"] = scratch
        times: dict[str, list[float]] = {"quizkit": [], "text2qti": [], "text2qti-cli": []}
        output = project / "dist" / "canvas"
        for run in range(args.repeat):
            shutil.rmtree(output, ignore_errors=True)
            outcome = measured(
                [*corpus.quizkit_command(), "export", "-f", "canvas", "--locale", "en"], project
            )
            times["quizkit"].append(outcome.seconds)
            for package in sources.glob("*.zip"):
                package.unlink()
            outcome = measured([sys.executable, "-c", TEXT2QTI_ALL, str(sources)], sources)
            times["text2qti"].append(outcome.seconds)
            if args.cli:
                commands = [[str(text2qti), path.name] for path in sorted(sources.glob("*.md"))]
                outcomes = measured_sequence(commands, sources)
                times["text2qti-cli"].append(sum(one.seconds for one in outcomes))
            print(f"  run {run + 1} of {args.repeat} done", flush=True)
        ours = sorted(output.glob("*/en.zip"))
        theirs = sorted(sources.glob("*.zip"))
        report = io.StringIO()
        print(
            f"\nCanvas QTI 1.2 from the same {quizzes:,} quizzes (English sources), median of {args.repeat} "
            "runs, each command a subprocess (start-up included)",
            file=report,
        )
        print("| converter | seconds | ms per quiz |", file=report)
        print("|---|---|---|", file=report)
        rows = [
            ("quizkit export -f canvas --locale en", "quizkit"),
            ("text2qti, every file in one process", "text2qti"),
        ]
        if args.cli:
            rows.append(("text2qti command, one process per file", "text2qti-cli"))
        for label, key in rows:
            median = statistics.median(times[key])
            print(f"| {label} | {median:.2f} | {1000 * median / quizzes:.2f} |", file=report)
        ratio = statistics.median(times["quizkit"]) / statistics.median(times["text2qti"])
        verdict = "met" if ratio <= TARGET else "MISSED"
        print(
            f"ratio quizkit / text2qti (one process): {ratio:.2f}x (target <= {TARGET}x): {verdict}",
            file=report,
        )
        ours_items, theirs_items = item_counts(ours), item_counts(theirs)
        same = len(ours) == len(theirs) == quizzes and ours_items == theirs_items
        print(
            f"check: quizkit wrote {len(ours):,} packages with {sum(ours_items):,} items, text2qti "
            f"{len(theirs):,} with {sum(theirs_items):,} items: {'the same' if same else 'NOT the same'}",
            file=report,
        )
        print(report.getvalue(), end="")
        if not same:
            raise SystemExit(1)


if __name__ == "__main__":
    main()
