"""``gift``: every question read back with a GIFT reader that follows Moodle's importer
(tests/exporters/lms/gift_grammar.py), checked against the library's model; special characters escaped;
ordering and fill_in_blanks left out with a warning."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest
from exporters.lms.gift_grammar import GiftQuestion, moodle_short_answer_matches, read_gift
from support import EVERY_TYPE_QUIZ, every_type_urdu, fixture_project, run_quizkit_in_process, translate

from toolkit.catalogs import read_po
from toolkit.content.validation import load_content
from toolkit.localization import localize
from toolkit.model import (
    ChoiceQuestion,
    EssayQuestion,
    MatchingQuestion,
    NumericQuestion,
    OrderingQuestion,
    Question,
    ShortAnswerQuestion,
    TrueFalseQuestion,
)

GOLDEN = Path(__file__).parent / "gift"


def visible(markup: str) -> str:
    """What a learner reads of an HTML text: tags dropped, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = fixture_project(
        tmp_path_factory.mktemp("gift"), {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8")}
    )
    assert run_quizkit_in_process(root, "update").returncode == 0
    translate(root / "locales/ur/LC_MESSAGES/every-type.po", every_type_urdu())
    result = run_quizkit_in_process(root, "export", "--format", "gift")
    assert result.returncode == 0, result.stdout + result.stderr
    return root


def localized_questions(root: Path, locale: str) -> list[Question[str]]:
    content = load_content(root / "content")
    quiz = content.quiz("every-type")
    catalog = None
    if locale != "en":
        path = root / "locales" / locale / "LC_MESSAGES" / "every-type.po"
        catalog = read_po(path.read_bytes(), path.name)
    return list(localize(quiz, content.interface, locale, "en", catalog, None).questions)


def assert_carries(gift: GiftQuestion, question: Question[str]) -> None:
    assert gift.name == question.id
    assert gift.text_format == "html"
    assert visible(gift.general_feedback) == question.explanation
    if isinstance(question, ChoiceQuestion):
        assert gift.qtype == "multichoice"
        assert [visible(answer) for answer in gift.answers] == [option.text for option in question.options]
        correct = [option.id in question.correct for option in question.options]
        if question.type.value == "single_choice":
            assert gift.single and gift.fractions == [1.0 if right else 0.0 for right in correct]
        else:
            assert not gift.single
            assert sum(weight for weight in gift.fractions if weight > 0) == pytest.approx(1)
            assert all((weight > 0) == right for weight, right in zip(gift.fractions, correct, strict=True))
    elif isinstance(question, TrueFalseQuestion):
        assert (gift.qtype, gift.correct_answer) == ("truefalse", question.correct)
        assert visible(gift.text) == question.prompt
    elif isinstance(question, ShortAnswerQuestion):
        assert gift.qtype == "shortanswer"
        assert gift.answers == [accepted for answer in question.answers for accepted in answer.accepted]
        assert gift.fractions == [1.0] * len(gift.answers)
    elif isinstance(question, NumericQuestion):
        assert gift.qtype == "numerical"
        assert (gift.answers, gift.tolerances) == ([str(question.answer)], [str(question.tolerance)])
        assert visible(gift.text) == f"{question.prompt}_____ {question.unit}"
    elif isinstance(question, MatchingQuestion):
        assert gift.qtype == "match"
        assert [visible(text) for text in gift.subquestions] == [pair.prompt for pair in question.pairs] + [
            "" for _ in question.distractors
        ]
        assert gift.subanswers == [pair.match for pair in question.pairs] + [
            item.text for item in question.distractors
        ]
    elif isinstance(question, OrderingQuestion):
        assert gift.qtype == "ordering"
        assert visible(gift.text) == question.prompt
        assert gift.ordering == {
            "count": str(len(question.items)),
            "select": "ALL",
            "layout": "VERTICAL",
            "grading": "ABSOLUTE_POSITION" if question.partial_credit else "ALL_OR_NOTHING",
            "show": "SHOW",
            "numbering": "none",
        }
        assert [visible(answer) for answer in gift.answers] == [item.text for item in question.items]
    else:
        assert isinstance(question, EssayQuestion)
        assert (gift.qtype, visible(gift.text)) == ("essay", question.prompt)


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_every_question_reads_back_as_moodle_reads_it(exported: Path, locale: str) -> None:
    document = (exported / "dist" / "gift" / "every-type" / f"{locale}.txt").read_text(encoding="utf-8")
    category, *questions = read_gift(document)
    assert category.category == "$course$/quizkit/every-type"
    carried = [
        question
        for question in localized_questions(exported, locale)
        if question.type.value != "fill_in_blanks"
    ]
    assert [gift.name for gift in questions] == [question.id for question in carried]
    for gift, question in zip(questions, carried, strict=True):
        assert not question.fell_back
        assert_carries(gift, question)


def test_urdu_texts_carry_their_language_and_direction(exported: Path) -> None:
    document = (exported / "dist" / "gift" / "every-type" / "ur.txt").read_text(encoding="utf-8")
    prompt = read_gift(document)[1].text
    assert prompt.startswith('<div dir="rtl" lang="ur">')
    assert '<span dir="ltr" lang="en">GPU</span>' in prompt


def test_golden_english_file(exported: Path) -> None:
    """Regenerate with QUIZKIT_UPDATE_GOLDEN=1 after an intended change, and read the diff."""
    document = (exported / "dist" / "gift" / "every-type" / "en.txt").read_text(encoding="utf-8")
    golden = GOLDEN / "every-type.en.txt"
    if os.environ.get("QUIZKIT_UPDATE_GOLDEN"):
        golden.write_text(document, encoding="utf-8")
    assert document == golden.read_text(encoding="utf-8")


def test_fill_in_blanks_is_left_out_with_a_warning(tmp_path: Path) -> None:
    root = fixture_project(tmp_path, {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8")})
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "gift", "--no-checks")
    warnings = [line for line in result.stdout.splitlines() if "unsupported-question" in line]
    assert [line.split(": ", 1)[1] for line in warnings] == [
        "warning[unsupported-question]: format gift cannot carry fill_in_blanks questions: question "
        "'fill-replica' of quiz 'every-type' is left out of gift [every-type.questions.fill-replica]",
    ]


@pytest.mark.parametrize("partial", [False, True])
def test_ordering_is_moodle_s_gift_ordering_form(tmp_path: Path, partial: bool) -> None:
    """Issue 36: Moodle 4.4+ reads ordering questions from GIFT (qtype_ordering::import_from_gift); an
    item that starts with a word of the form's options stays an item, and one holding GIFT's special
    characters (but "}") reads back exactly."""
    quiz = f"""\
id: order
level: beginner
title: T
description: D
questions:
  - id: steps
    type: ordering
    prompt: "Put the steps in order: a # b = c ~ d {{e}}."
    items:
      - {{id: one, text: "ALL of the forward pass"}}
      - {{id: two, text: "none: the backward pass = 2 ~ 3 # 4"}}
      - {{id: three, text: "abc <the> all-reduce & step"}}
      - {{id: four, text: "0"}}
    partial_credit: {str(partial).lower()}
    explanation: "Forward {{then}} backward."
"""
    root = fixture_project(tmp_path, {"order": quiz})
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "gift", "--no-checks")
    assert result.returncode == 0, result.stderr
    assert "warning[" not in result.stdout
    _, steps = read_gift((root / "dist/gift/order/en.txt").read_text(encoding="utf-8"))
    assert (steps.qtype, steps.name, visible(steps.text)) == (
        "ordering",
        "steps",
        "Put the steps in order: a # b = c ~ d {e}.",
    )
    assert visible(steps.general_feedback) == "Forward {then} backward."
    assert steps.ordering["grading"] == ("ABSOLUTE_POSITION" if partial else "ALL_OR_NOTHING")
    assert [visible(answer) for answer in steps.answers] == [
        "ALL of the forward pass",
        "none: the backward pass = 2 ~ 3 # 4",
        "abc <the> all-reduce & step",
        "0",
    ]


def test_an_ordering_item_gift_cannot_write_leaves_that_question_out_with_a_warning(tmp_path: Path) -> None:
    """Moodle's GIFT reader ends the answers at the first ``}`` and never undoes an escape inside an
    ordering item (qformat_gift ``escapedchar_pre`` turns ``\\}`` into a placeholder that
    ``qtype_ordering::import_from_gift`` keeps): the question is left out of that locale's file with a
    warning, and the rest of the export goes on (it used to fail whole)."""
    quiz = """\
id: order
level: beginner
title: T
description: D
questions:
  - id: steps
    type: ordering
    prompt: Order them.
    items: [{id: one, text: "first }"}, {id: two, text: second}]
    explanation: E
  - id: more
    type: ordering
    prompt: Order these.
    items: [{id: one, text: forward}, {id: two, text: backward}]
    explanation: E
  - id: yes
    type: true_false
    prompt: Right?
    correct: true
    explanation: E
"""
    root = fixture_project(tmp_path, {"order": quiz})
    assert run_quizkit_in_process(root, "update").returncode == 0
    # The source item of "more" is fine; its Urdu translation holds a backslash.
    translate(
        root / "locales/ur/LC_MESSAGES/order.po",
        {
            "order.questions.more.prompt": "ترتیب دیں۔",
            "order.questions.more.items.one": "آگے \\ پاس",
            "order.questions.more.items.two": "پیچھے",
            "order.questions.more.explanation": "وضاحت",
        },
    )
    result = run_quizkit_in_process(root, "export", "--format", "gift", "--no-checks")
    assert result.returncode == 0, result.stdout + result.stderr
    warnings = [line for line in result.stdout.splitlines() if "warning[" in line]
    assert warnings == [
        "content/order.yaml:8: warning[unsupported-question]: format gift cannot carry '}' or '\\' in an "
        "ordering item ('first }'; Moodle never unescapes one): question 'steps' of quiz 'order' is left "
        "out of gift in en, ur [order.questions.steps]",
        "content/order.yaml:13: warning[unsupported-question]: format gift cannot carry '}' or '\\' in "
        "an ordering item ('آگے \\\\ پاس'; Moodle never unescapes one): question 'more' of quiz 'order' is "
        "left out of gift in ur [order.questions.more]",
    ]
    _, *english = read_gift((root / "dist/gift/order/en.txt").read_text(encoding="utf-8"))
    assert [question.name for question in english] == ["more", "yes"]
    _, *urdu = read_gift((root / "dist/gift/order/ur.txt").read_text(encoding="utf-8"))
    assert [question.name for question in urdu] == ["yes"]
    strict = run_quizkit_in_process(root, "export", "--format", "gift", "--no-checks", "--strict")
    assert strict.returncode == 1


def test_an_arrow_in_an_answer_or_a_match_leaves_that_question_out_with_a_warning(tmp_path: Path) -> None:
    """qformat_gift splits a pair at its first "->" and reads a short answer holding one as a pair, and
    GIFT has no escape for it: the question is left out with a warning, as an unwritable ordering item
    is, instead of failing the whole export."""
    quiz = """\
id: arrows
level: beginner
title: T
description: D
questions:
  - id: mapping
    type: short_answer
    prompt: Which notation maps a to b?
    answers: [{id: arrow, text: "a -> b"}]
    explanation: E
  - id: pairs
    type: matching
    prompt: Match them.
    pairs:
      - {id: one, prompt: One, match: "goes -> there"}
      - {id: two, prompt: Two, match: stays}
    explanation: E
  - id: fine
    type: true_false
    prompt: Right?
    correct: true
    explanation: E
"""
    root = fixture_project(tmp_path, {"arrows": quiz})
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "gift", "--locale", "en", "--no-checks")
    assert result.returncode == 0, result.stdout + result.stderr
    warnings = [line for line in result.stdout.splitlines() if "warning[" in line]
    assert warnings == [
        "content/arrows.yaml:8: warning[unsupported-question]: format gift cannot carry '->' in an answer or a "
        "match ('a -> b'; Moodle reads it as a pair): question 'mapping' of quiz 'arrows' is left out of gift "
        "in en [arrows.questions.mapping]",
        "content/arrows.yaml:13: warning[unsupported-question]: format gift cannot carry '->' in an answer or "
        "a match ('goes -> there'; Moodle reads it as a pair): question 'pairs' of quiz 'arrows' is left out "
        "of gift in en [arrows.questions.pairs]",
    ]
    _, *english = read_gift((root / "dist/gift/arrows/en.txt").read_text(encoding="utf-8"))
    assert [question.name for question in english] == ["fine"]


HOSTILE = "a ~ b = c # d { e } f : g \\ h // i"


def test_every_special_character_is_escaped(tmp_path: Path) -> None:
    quiz = f"""\
id: hostile
level: beginner
title: 'T {HOSTILE}'
description: D
questions:
  - id: pick
    type: single_choice
    prompt: '{HOSTILE}'
    options:
      - {{id: one, text: '{HOSTILE}', feedback: '{HOSTILE}'}}
      - {{id: two, text: "%50% two"}}
    correct: [one]
    explanation: '{HOSTILE}'
  - id: typed
    type: short_answer
    prompt: "Type it."
    answers: [{{id: a, text: '{HOSTILE}'}}, {{id: b, text: "%5% off"}}]
    explanation: E
"""
    root = fixture_project(tmp_path, {"hostile": quiz})
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "gift", "--no-checks")
    assert result.returncode == 0, result.stderr
    _, pick, typed = read_gift((root / "dist/gift/hostile/en.txt").read_text(encoding="utf-8"))
    assert visible(pick.text) == HOSTILE
    assert [visible(answer) for answer in pick.answers] == [HOSTILE, "%50% two"]
    assert pick.fractions == [1.0, 0.0]
    assert visible(pick.feedback[0]) == HOSTILE
    assert visible(pick.general_feedback) == HOSTILE
    assert typed.answers == [HOSTILE, "%5% off"]


def test_an_asterisk_in_an_accepted_answer_is_no_wildcard_in_moodle(tmp_path: Path) -> None:
    quiz = """\
id: star
level: beginner
title: T
description: D
questions:
  - id: typed
    type: short_answer
    prompt: Which pointer?
    answers: [{id: a, text: "a*b"}, {id: b, text: "x**"}]
    explanation: E
"""
    root = fixture_project(tmp_path, {"star": quiz})
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "gift", "--no-checks")
    assert result.returncode == 0, result.stderr
    _, typed = read_gift((root / "dist/gift/star/en.txt").read_text(encoding="utf-8"))
    assert typed.qtype == "shortanswer"
    graded = {
        response: [moodle_short_answer_matches(response, stored) for stored in typed.answers]
        for response in ("a*b", "ab", "aXYZb", "x**", "x", "xyz")
    }
    assert graded == {
        "a*b": [True, False],
        "ab": [False, False],
        "aXYZb": [False, False],
        "x**": [False, True],
        "x": [False, False],
        "xyz": [False, False],
    }


def test_a_case_sensitive_short_answer_is_exported_with_a_warning(tmp_path: Path) -> None:
    quiz = """\
id: cased
level: beginner
title: T
description: D
questions:
  - id: typed
    type: short_answer
    prompt: Which library?
    answers: [{id: a, text: NCCL}]
    case_sensitive: true
    explanation: E
"""
    root = fixture_project(tmp_path, {"cased": quiz})
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "gift", "--no-checks")
    assert result.returncode == 0, result.stderr
    assert [line.split(": ", 1)[1] for line in result.stdout.splitlines() if "warning[" in line] == [
        "warning[unsupported-setting]: format gift cannot keep case_sensitive (GIFT has no form for it; "
        "Moodle grades ignoring case): question 'typed' of quiz 'cased' [cased.questions.typed]"
    ]


def test_formulas_and_code_blocks_read_back_as_moodle_reads_them(tmp_path: Path) -> None:
    quiz = """\
id: rich
level: beginner
title: T
description: D
questions:
  - id: pick
    type: single_choice
    prompt: "Each GPU sends $\\\\frac{2(N-1)}{N}$ of it: {x} = ~y"
    options:
      - {id: one, text: "$$\\\\sum_{i=1}^{N} x_i$$"}
      - {id: two, text: Two}
    correct: [one]
    explanation: |-
      Run:
      ```python
      for step in range(2):

          send(chunk)  # {done}
      ```
"""
    root = fixture_project(tmp_path, {"rich": quiz})
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "gift")
    assert result.returncode == 0, result.stderr
    _, pick = read_gift((root / "dist/gift/rich/en.txt").read_text(encoding="utf-8"))
    # The TeX as Moodle's filters read it, in left-to-right isolates; the code block's blank line is a
    # <br>, not the blank line that would end the question.
    assert pick.text == (
        '<div dir="ltr" lang="en">Each GPU sends <span dir="ltr">\\(\\frac{2(N-1)}{N}\\)</span> of it: {x} = ~y</div>'
    )
    assert pick.answers[0] == '<div dir="ltr" lang="en"><span dir="ltr">$$\\sum_{i=1}^{N} x_i$$</span></div>'
    assert pick.general_feedback == (
        '<div dir="ltr" lang="en">Run:<pre dir="ltr"><code>for step in range(2):<br><br>    send(chunk)  # {done}'
        "</code></pre></div>"
    )


def test_images_are_left_out_with_one_warning_per_quiz_and_their_alt_text_in_their_place(
    tmp_path: Path,
) -> None:
    """Issue 41: GIFT holds no files. Read back as Moodle's GIFT reader reads it, the question keeps its
    formula and code, and where each image stood its alt text in brackets, in the locale's language
    (the decorative one leaves nothing); the export warns once for the quiz, naming every file."""
    import lxml.html
    from rich_project import CODE, URDU_ALT, rich_project

    project = rich_project(tmp_path / "project")
    result = run_quizkit_in_process(project, "export", "-f", "gift")
    assert result.returncode == 0, result.stdout + result.stderr
    assert [line for line in result.stdout.splitlines() if "warning[" in line] == [
        "content/rich-question.yaml:8: warning[unsupported-setting]: format gift cannot carry images (a GIFT file "
        "holds no files): media/ring.png, media/ur/ring.png, media/square.png and media/divider.png are "
        "left out, each alt text written in brackets where its image stood; the moodle format embeds them: "
        "question 'ring' of quiz 'rich-question' [rich-question.questions.ring]"
    ]
    for locale, alt, option_alt in (
        ("en", "Four GPUs in a ring", "A green square"),
        ("ur", URDU_ALT, "ایک سبز مربع"),
    ):
        document = (project / "dist/gift/rich-question" / f"{locale}.txt").read_text(encoding="utf-8")
        assert "<img" not in document and "media/" not in document
        (question,) = (question for question in read_gift(document) if question.qtype == "multichoice")
        shown = lxml.html.fragment_fromstring(question.text, create_parent="div")
        assert shown.findtext(".//pre/code") == CODE
        assert "\\(\\frac{2(N-1)}{N}\\)" in shown.text_content()
        assert shown[-1].text_content() == f"[{alt}]"
        assert lxml.html.fragment_fromstring(question.answers[0], create_parent="div")[-1].text_content() == (
            f"[{option_alt}]"
        )
        assert "[" not in question.general_feedback  # the explanation's image is decorative
