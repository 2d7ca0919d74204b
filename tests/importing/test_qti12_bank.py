"""Canvas and Common Cartridge packages as the platforms' own exporters write them (fixtures in
tests/importing/qti12/, each beside its expected result), detection of the two formats, and bad input
refused with the file, the line and what to do."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from importing.qti12_summary import summary

from toolkit.importing.bank import BankRequest
from toolkit.importing.qti12_bank import CanvasReader, CommonCartridgeReader

HERE = Path(__file__).parent / "qti12"
READERS = {"canvas": CanvasReader, "cc": CommonCartridgeReader}
# Fixture (a folder, as the package unpacks), its reader, and the platform code it follows.
FIXTURES = [
    # Canvas's QTI export of a quiz: lib/cc/qti/qti_generator.rb (generate_qti_only, generate_assessment,
    # generate_assessment_meta) and lib/cc/qti/qti_items.rb (add_question and the *_resprocessing
    # methods) in instructure/canvas-lms.
    ("canvas-quiz-export", "canvas"),
    # A Common Cartridge 1.1 quiz as Moodle's cartridge writer lays it out (backup/cc/cc_lib/
    # cc_asssesment.php and cc_assesment_truefalse.php in moodle/moodle): a "General feedback" <other/>
    # condition, a "Correct" condition that does not continue, answer feedback by add_response_condition
    # (varequal case="Yes"), true/false answers whose idents are their lower-cased texts; plus a
    # pattern-match item (cc.pattern_match.v0p1) as other cartridge tools write it.
    ("moodle-cartridge", "cc"),
]


@pytest.mark.parametrize(("fixture", "reader"), FIXTURES)
def test_a_platforms_export_reads_as_its_expected_questions_and_issues(fixture: str, reader: str) -> None:
    bank = READERS[reader].read(BankRequest(HERE / fixture, fixture, "bank", "en"))
    expected = yaml.safe_load((HERE / f"{fixture}.expected.yaml").read_text(encoding="utf-8"))
    assert summary(bank) == expected
