"""Rewrite the rates table of tests/checks/planted/README.md: detection and false-alarm rates of the
answer-key checks on the planted-defect corpus, by locale and by kind, and the known gaps.

    python scripts/planted_corpus_rates.py          # rewrite the table, print it
    python scripts/planted_corpus_rates.py --check  # exit 1 if the table is out of date

It builds the corpus project in a temporary folder (``quizkit update`` and the correct translations)
and checks every case as tests/checks/planted/test_planted_corpus.py does; that test fails while the
README's table differs from what the checks do.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from checks.planted import corpus  # noqa: E402
from support import run_quizkit_in_process  # noqa: E402


def main(arguments: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="planted-corpus-") as temporary:
        folder = corpus.write_project(Path(temporary) / "project")
        result = run_quizkit_in_process(folder, "update")
        if result.returncode != 0:
            sys.stderr.write(result.stdout + result.stderr)
            return 1
        corpus.translate_catalogs(folder)
        project = corpus.Project.open(folder)
        table = corpus.rates_table([corpus.run_case(project, case) for case in corpus.load_cases()])
    readme_path = corpus.CORPUS / "README.md"
    readme = readme_path.read_text(encoding="utf-8")
    updated = corpus.readme_with_table(readme, table)
    sys.stdout.write(table)
    if "--check" in arguments:
        return 0 if updated == readme else 1
    readme_path.write_text(updated, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
