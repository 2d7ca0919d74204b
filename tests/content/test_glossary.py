"""Glossary files: gender and discouraged renderings load into the model; what would make the checks
contradict themselves is refused with its line. Cases in tests/content/glossaries/<case>/ (<locale>.yaml and
the exact diagnostics in expected.txt)."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.content.glossary import Gender, GlossaryError, Term, load_glossary

CASES = Path(__file__).parent / "glossaries"
BAD = sorted(path for path in CASES.iterdir() if path.is_dir())


def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, name: str = "ur.yaml") -> Path:
    """The glossary at its place in a project in tmp_path, which is the working folder."""
    path = tmp_path / "locales" / "glossary" / name
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return path


def test_gender_and_discouraged_renderings_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = installed(
        tmp_path,
        monkeypatch,
        "locale: ur\n"
        "terms:\n"
        "  - english: gradient\n"
        "    preferred: گریڈیئنٹ\n"
        "    forms: [گریڈیئنٹس]\n"
        "    discouraged: [گریڈینٹ, گراڈینٹ]\n"
        "    wrong: [تدریجی]\n"
        "    gender: masculine\n"
        "  - english: communication\n"
        "    preferred: کمیونیکیشن\n"
        "    gender: feminine\n"
        "  - english: asynchronous\n"
        "    preferred: اے سنکرونس\n",
    )
    gradient, communication, asynchronous = load_glossary(path).terms
    assert gradient == Term(
        "gradient",
        "گریڈیئنٹ",
        forms=("گریڈیئنٹس",),
        wrong=("تدریجی",),
        discouraged=("گریڈینٹ", "گراڈینٹ"),
        gender=Gender.MASCULINE,
    )
    assert (communication.gender, asynchronous.gender) == (Gender.FEMININE, None)
    # A discouraged form counts neither as the term rendered nor as wrong.
    assert gradient.discouraged_renderings_in("گریڈینٹس کا اوسط") == ["گریڈینٹ"]
    assert gradient.wrong_renderings_in("گریڈینٹس کا اوسط") == []
    assert not gradient.rendered_in("گریڈینٹس کا اوسط")
    assert gradient.misrendered_in("گریڈینٹس کا اوسط") and gradient.misrendered_in("تدریجی اوسط")
    assert not gradient.misrendered_in("گریڈیئنٹس کا اوسط")


@pytest.mark.parametrize("case", BAD, ids=[case.name for case in BAD])
def test_refused_glossary(case: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (glossary,) = case.glob("*.yaml")
    path = installed(tmp_path, monkeypatch, glossary.read_text(encoding="utf-8"), glossary.name)
    with pytest.raises(GlossaryError) as raised:
        load_glossary(path)
    found = "".join(f"{diagnostic.to_text()}\n" for diagnostic in raised.value.diagnostics)
    assert found == (case / "expected.txt").read_text(encoding="utf-8")


def test_every_case_has_its_expected_output() -> None:
    assert BAD and all(
        len(list(case.glob("*.yaml"))) == 1 and (case / "expected.txt").exists() for case in BAD
    )
