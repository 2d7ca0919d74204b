"""docs/importing.md shows what quizkit prints: its report examples are run here, and each must be the
command's output exactly (review of issue 39, finding 13: the page showed catalogs an all-drafts import
never writes)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import fixture_project, run_quizkit_in_process

PAGE = Path(__file__).resolve().parents[2] / "docs" / "importing.md"

GIFT_BANK = """\
::gpu-holds:: What does each GPU hold in data parallelism? {
=A full copy of the model
~A slice of the layers
####Each GPU trains the whole model on its own batch.}

::averages:: Which collective averages the gradients? {=all-reduce ~broadcast}

::ring:: A ring all-reduce passes each piece of data around the ring. {T ####Each GPU sends its piece to the next.}
"""
GIFT_BANK_UR = """\
::gpu-holds:: ڈیٹا متوازی میں ہر GPU کیا رکھتا ہے؟ {
=ماڈل کی پوری نقل
~تہوں کا ایک حصہ
####ہر GPU اپنے بیچ پر پورا ماڈل تربیت دیتا ہے۔}

::averages:: کون سا اجتماعی عمل گریڈیئنٹس کا اوسط لیتا ہے؟ {=all-reduce ~broadcast}

::ring:: رنگ all-reduce ڈیٹا کا ہر ٹکڑا رنگ میں گھماتا ہے۔ {T ####ہر GPU اپنا ٹکڑا اگلے کو بھیجتا ہے۔}
"""
AIKEN_BANK = "What does each GPU hold?\nA) A full copy\nB) A slice\nANSWER: A\n"
AIKEN_BANK_UR = "ہر GPU کیا رکھتا ہے؟\nA) پوری نقل\nB) ایک حصہ\nANSWER: A\n"


def report_examples() -> list[str]:
    """The text blocks of the page's report section, in order."""
    page = PAGE.read_text(encoding="utf-8")
    section = page[page.index("### The report") : page.index("### Readers are plugins")]
    return re.findall(r"```text\n(.*?)```", section, re.DOTALL)


@pytest.mark.parametrize(
    ("example", "bank", "translation", "whole"),
    [(0, GIFT_BANK, GIFT_BANK_UR, True), (1, AIKEN_BANK, AIKEN_BANK_UR, False)],
    ids=["gift-with-a-draft", "aiken-all-drafts"],
)
def test_the_report_examples_are_what_the_import_prints(
    tmp_path: Path, example: int, bank: str, translation: str, whole: bool
) -> None:
    project = fixture_project(tmp_path / "project", {})
    (project / "bank.txt").write_text(bank, encoding="utf-8")
    (project / "bank.ur.txt").write_text(translation, encoding="utf-8")
    result = run_quizkit_in_process(
        project, "import", "bank.txt", "--quiz", "networking", "--locale", "ur", "bank.ur.txt"
    )
    assert result.returncode == 0, result.stderr
    shown = report_examples()[example]
    # The first example is the whole report; the second its last lines (what an all-drafts import writes).
    assert result.stdout == shown if whole else result.stdout.endswith(shown)
    written = sorted(str(path.relative_to(project)) for path in project.rglob("networking*"))
    expected = ["content/networking.yaml"]
    if whole:
        expected += ["locales/networking.pot", "locales/ur/LC_MESSAGES/networking.po"]
    assert written == sorted(expected)
