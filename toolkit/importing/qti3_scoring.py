"""How a QTI 3.0 item grades its response, read back: the accepted answers of a text response, the
answer and tolerance of a number (``qti-equal`` with an absolute tolerance, or quizkit's own number
pattern), and whether a mapping of choice scores is quizkit's partial credit.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from toolkit.importing.local_names import descendants
from toolkit.importing.number_patterns import accepted_interval
from toolkit.importing.qti3_item_parts import (
    Declaration,
    ItemReader,
    Problem,
    RefusedError,
    attribute,
    made_up,
)
from toolkit.model import AcceptedAnswer


def check_partial_scheme(reader: ItemReader, declaration: Declaration, correct: list[str]) -> None:
    """quizkit's partial credit: each correct option chosen earns one share, each wrong one costs one."""
    mapped = {key: value for key, value, _ in declaration.mapping}
    shares = {mapped.get(key) for key in correct}
    penalties = {value for key, value in mapped.items() if key not in correct}
    if len(shares) == 1 and (share := shares.pop()) is not None and share > 0 and penalties <= {-share}:
        return
    reader.reading.problems.append(
        Problem(
            declaration.line,
            "the choices' scores are not quizkit's partial credit (each correct choice one share, each wrong "
            "choice one share off); the question is imported with quizkit's partial credit, so scores differ",
        )
    )


def accepted_texts(reader: ItemReader, declaration: Declaration) -> tuple[list[str], bool, list[Problem]]:
    """The accepted answers of a text response (the correct response and every key mapped to full marks)
    and whether they are compared case-sensitively: as the mapping's entries say where the score comes
    from the mapping, as ``qti-string-match`` says where it compares, else exactly (``qti-match`` and
    the ``match_correct`` template compare strings as they are)."""
    problems = []
    texts: dict[str, None] = {}
    for correct in declaration.correct:
        if correct:
            texts[correct] = None
    top = max((mapped for _, mapped, _ in declaration.mapping), default=Decimal(0))
    for key, mapped, _ in declaration.mapping:
        if mapped == top and mapped > 0:
            texts[" ".join(key.split())] = None
        elif mapped > 0:
            problems.append(
                Problem(
                    declaration.line,
                    f"the answer {key!r} earns part of the score; quizkit accepts an answer or not, so it is "
                    "left out of the accepted answers",
                )
            )
    if reader.processing_has("qti-pattern-match") and reader.item.get("tool-name") != "quizkit":
        # quizkit's own patterns accept what its accepted answers do (spaces, case, Urdu letters); an
        # author's pattern may accept anything.
        problems.append(
            Problem(
                reader.processing.sourceline if reader.processing is not None else None,
                "the response is also graded by a pattern (qti-pattern-match), which quizkit cannot grade by: "
                "only the answers listed in the item are accepted; add others the pattern accepts",
            )
        )
    if declaration.mapping and reader.scored_by_mapping():
        cases = {case for _, _, case in declaration.mapping}
    else:
        matches = descendants(reader.processing, "qti-string-match") if reader.processing is not None else []
        cases = {attribute(match, "case-sensitive", "true") in {"true", "1"} for match in matches} or {True}
    if len(cases) > 1:
        problems.append(
            Problem(
                declaration.line,
                "some answers are compared case-sensitively and some not; quizkit compares all of an "
                "answer's texts alike: the question is case-sensitive",
            )
        )
    return list(texts), True in cases, problems


def accepted_answers(texts: list[str]) -> tuple[AcceptedAnswer[str], ...]:
    return tuple(AcceptedAnswer(id=made_up(index, ""), text=text) for index, text in enumerate(texts))


def graded_number(reader: ItemReader, declaration: Declaration) -> tuple[Decimal, Decimal] | None:
    """The answer and tolerance of a numeric response, or None when it is typed text."""
    float_types = {"float", "integer"}
    pattern_matches = (
        descendants(reader.processing, "qti-pattern-match") if reader.processing is not None else []
    )
    if declaration.base_type not in float_types and not (
        declaration.base_type == "string" and not declaration.mapping and pattern_matches
    ):
        return None
    if len(declaration.correct) != 1:
        raise RefusedError(declaration.line, "a numeric response needs exactly one correct value")
    try:
        answer = Decimal(declaration.correct[0])
    except InvalidOperation:
        if declaration.base_type == "string":
            return None
        raise RefusedError(declaration.line, "the correct value is not a number") from None
    if not answer.is_finite():
        raise RefusedError(declaration.line, "the correct value is not a finite number")
    if declaration.base_type == "string":
        interval = accepted_interval(pattern_matches[0].get("pattern") or "")
        if interval is None or interval.high - answer != answer - interval.low:
            raise RefusedError(
                pattern_matches[0].sourceline,
                "the number is graded by a pattern that is not a number within a tolerance",
            )
        return answer, (interval.high - answer).normalize()
    tolerance = Decimal(0)
    for equal in descendants(reader.processing, "qti-equal") if reader.processing is not None else []:
        mode = attribute(equal, "tolerance-mode", "exact")
        bounds = (equal.get("tolerance") or "0").split()
        if mode == "relative":
            raise RefusedError(
                equal.sourceline,
                "the number is graded within a relative tolerance (a percentage); quizkit's tolerance is "
                "absolute",
            )
        if mode == "absolute":
            try:
                values = {Decimal(bound) for bound in bounds}
            except InvalidOperation:
                raise RefusedError(equal.sourceline, "the tolerance is not a number") from None
            if len(values) != 1:
                raise RefusedError(
                    equal.sourceline,
                    "the tolerance differs below and above the answer; quizkit's is the same both ways",
                )
            tolerance = abs(values.pop())
    if reader.processing_has("qti-equal-rounded"):
        raise RefusedError(
            reader.processing.sourceline if reader.processing is not None else None,
            "the number is graded after rounding (qti-equal-rounded), which quizkit does not do",
        )
    return answer, tolerance
