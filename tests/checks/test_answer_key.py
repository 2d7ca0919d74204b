"""The answer-key checks: length-cue, numeric-answer-explanation, negation-changed. Each case is a small
catalog of one question, as extract writes it (the kind and the correct options in translator comments),
with the exact messages it must produce; the correct translations beside them must produce none."""

from __future__ import annotations

from decimal import Decimal

import pytest

from toolkit.checks.question_facts import SourceQuestions
from toolkit.checks.runner import check_catalog
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header
from toolkit.model import NumericQuestion, Origin, QuestionType, Text

Q = "quiz.questions.q"
TRUE_FALSE = QuestionType.TRUE_FALSE.described
SINGLE = QuestionType.SINGLE_CHOICE.described


def findings(
    entries: list[CatalogEntry], code: str, locale: str = "ur", questions: SourceQuestions | None = None
) -> list[str]:
    header = Header((("Language", locale), ("Plural-Forms", "nplurals=2; plural=(n != 1);")))
    result = check_catalog(Catalog(header, tuple(entries)), "x.po", locale, None, questions=questions)
    return [diagnostic.message for diagnostic in result.diagnostics if diagnostic.code == code]


def prompt(source: str, translation: str, kind: str) -> CatalogEntry:
    return CatalogEntry(
        source, translation, f"{Q}.prompt", extracted_comments=(f"Question 1 of 3 ({kind}).",)
    )


def option(option_id: str, source: str, translation: str, correct: bool = False) -> CatalogEntry:
    role = "the correct answer" if correct else "a distractor (a wrong answer)"
    return CatalogEntry(
        source,
        translation,
        f"{Q}.options.{option_id}",
        extracted_comments=(f"Option 1 of 3 for question 1: “{source}”", f"This option is {role}."),
    )


PROMPT = prompt("Which operation averages gradients?", "کون سا آپریشن گریڈیئنٹس کا اوسط نکالتا ہے؟", SINGLE)
LONG_CORRECT = "تمام GPUs پر گریڈیئنٹس کا all-reduce، جو ہر GPU کو پورا نتیجہ دیتا ہے"
LONGER = (
    "the correct option of question q is 4.2× the distractors' mean length in ur (the only longer one), "
    "1.3× in the source: a learner can pick it by its length; make the options about as long as one "
    "another, as the source's are"
)
SHORTER = (
    "the correct option of question q is 0.3× the distractors' mean length in ur (the only shorter one), "
    "1.0× in the source: a learner can pick it by its length; make the options about as long as one "
    "another, as the source's are"
)


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        pytest.param(
            [
                option("a", "An all-reduce of the gradients", LONG_CORRECT, correct=True),
                option("b", "A broadcast of the weights", "ویٹس کا براڈکاسٹ"),
                option("c", "A scatter of the data", "ڈیٹا کا اسکیٹر"),
            ],
            [LONGER],
            id="longer-only-in-translation",
        ),
        pytest.param(
            [
                option("a", "An all-reduce of the gradients", "all-reduce", correct=True),
                option("b", "A broadcast of the weights to all", "ویٹس کا تمام GPUs پر براڈکاسٹ کرنا"),
                option("c", "A scatter of the data over GPUs", "ڈیٹا کا تمام GPUs پر اسکیٹر کرنا"),
            ],
            [SHORTER],
            id="shorter-only-in-translation",
        ),
        pytest.param(
            [
                option("a", "An all-reduce of the gradients", "گریڈیئنٹس کا all-reduce", correct=True),
                option("b", "A broadcast of the weights", "ویٹس کا براڈکاسٹ"),
                option("c", "A scatter of the data", "ڈیٹا کا اسکیٹر"),
            ],
            [],
            id="as-long-as-the-distractors",
        ),
        pytest.param(
            [
                option("a", "An all-reduce of the gradients across every GPU of the job", LONG_CORRECT, True),
                option("b", "A broadcast", "ویٹس کا براڈکاسٹ"),
                option("c", "A scatter", "ڈیٹا کا اسکیٹر"),
            ],
            [],
            id="the-source-cues-already",
        ),
        pytest.param(
            [
                option("a", "An all-reduce of the gradients", LONG_CORRECT, correct=True),
                option("b", "A broadcast of the weights", "ویٹس کا براڈکاسٹ"),
                option("c", "A scatter of the data", ""),
            ],
            [],
            id="a-distractor-untranslated",
        ),
    ],
)
def test_length_cue(options: list[CatalogEntry], expected: list[str]) -> None:
    assert findings([PROMPT, *options], "length-cue") == expected


def test_length_cue_needs_to_know_the_correct_option() -> None:
    bare = [CatalogEntry(entry.msgid, entry.msgstr, entry.context) for entry in (PROMPT,)]
    options = [
        CatalogEntry("An all-reduce of the gradients", LONG_CORRECT, f"{Q}.options.a"),
        CatalogEntry("A broadcast of the weights", "ویٹس کا براڈکاسٹ", f"{Q}.options.b"),
    ]
    assert findings([*bare, *options], "length-cue") == []


ORIGIN = Origin("content/quiz.yaml", 1)


def numeric(answer: str, tolerance: str = "0") -> SourceQuestions:
    def text(source: str) -> Text:
        return Text(f"{Q}.x", source, ORIGIN)

    question = NumericQuestion(
        id="q",
        prompt=text("How many GB?"),
        answer=Decimal(answer),
        tolerance=Decimal(tolerance),
        explanation=text("…"),
    )
    return {Q: question}


RING = "With N = 8, each GPU sends 2 × 7 / 8 = 1.75 times its 1 GB of gradients, that is 1.75 GB."


@pytest.mark.parametrize(
    ("translation", "locale", "answer", "expected"),
    [
        (
            "N = 8 پر ہر GPU اپنے 1 GB کا 2 × 7 / 8 = 1.57 گنا، یعنی 1.57 GB بھیجتا ہے۔",
            "ur",
            ("1.75", "0.01"),
            [
                "the explanation of question q states the answer 1.75 (within 0.01) in the source but not in "
                "ur (its numbers there: 1, 1.57, 2, 7, 8): a learner who typed the right answer reads "
                "another; write the answer as the source does"
            ],
        ),
        (
            "N = 8 پر ہر GPU اپنے 1 GB کا 2 × 7 / 8 = 1.75 گنا بھیجتا ہے۔",
            "ur",
            ("1.75", "0"),
            [],
        ),
        # Urdu digits and the Arabic decimal separator (ur_IN) are the same number.
        ("N = ۸ پر ہر GPU اپنے ۱ GB کا ۲ × ۷ / ۸ = ۱٫۷۵ گنا بھیجتا ہے۔", "ur_IN", ("1.75", "0"), []),
        # Persian digits, Hindi digits.
        ("با N = ۸ هر GPU ‏۱٫۷۵ برابر ۱ GB می‌فرستد.", "fa", ("1.75", "0"), []),
        ("N = ८ पर हर GPU अपने १ GB का १.७५ गुना भेजता है।", "hi", ("1.75", "0"), []),
        # A rounded value within the tolerance states the answer too.
        ("N = 8 پر ہر GPU تقریباً 1.8 GB بھیجتا ہے۔", "ur", ("1.75", "0.05"), []),
        (
            "N = 8 پر ہر GPU تقریباً 1.8 GB بھیجتا ہے۔",
            "ur",
            ("1.75", "0.01"),
            [
                "the explanation of question q states the answer 1.75 (within 0.01) in the source but not in "
                "ur (its numbers there: 1.8, 8): a learner who typed the right answer reads another; write "
                "the answer as the source does"
            ],
        ),
        # A source that does not state the answer asks nothing of its translation.
        ("کچھ نہیں", "ur", ("3", "0"), []),
    ],
)
def test_numeric_answer_explanation(
    translation: str, locale: str, answer: tuple[str, str], expected: list[str]
) -> None:
    entry = CatalogEntry(RING, translation, f"{Q}.explanation")
    assert findings([entry], "numeric-answer-explanation", locale, questions=numeric(*answer)) == expected


# Review R42, 4: a negative answer is read with its sign; an explanation that lost it is reported.
@pytest.mark.parametrize(
    ("locale", "translation", "expected"),
    [
        ("ur", "منفی 40 پر دونوں پیمانے ایک ہی عدد دکھاتے ہیں، کیونکہ −40 × 9/5 + 32 = −40۔", []),
        ("ar", "عند ٤٠- درجة يتفق المقياسان، لأن −٤٠ × ٩/٥ + ٣٢ = −٤٠.", []),
        (
            "ur",
            "40 پر دونوں پیمانے ایک ہی عدد دکھاتے ہیں، کیونکہ 40 × 9/5 + 32 = 40۔",
            [
                "the explanation of question q states the answer -40 in the source but not in ur (its numbers "
                "there: 5, 9, 32, 40): a learner who typed the right answer reads another; write the answer "
                "as the source does"
            ],
        ),
    ],
)
def test_numeric_answer_explanation_keeps_the_sign(
    locale: str, translation: str, expected: list[str]
) -> None:
    source = "At -40 degrees both scales agree, since -40 × 9/5 + 32 = -40."
    entry = CatalogEntry(source, translation, f"{Q}.explanation")
    assert findings([entry], "numeric-answer-explanation", locale, questions=numeric("-40")) == expected


def test_numeric_answer_explanation_needs_the_content() -> None:
    entry = CatalogEntry(RING, "N = 8 پر ہر GPU ‏1.57 GB بھیجتا ہے۔", f"{Q}.explanation")
    assert findings([entry], "numeric-answer-explanation") == []


NEGATED_IN_SOURCE = (
    "the statement of question q is negated in the source ({source}) but not in {locale}: the translation "
    "states the opposite, and the right answer flips; translate the negation"
)
NEGATED_IN_TRANSLATION = (
    "the statement of question q is negated in {locale} ({word}) but not in the source: the translation "
    "states the opposite, and the right answer flips; remove the negation"
)
NEGATIVE = "Doubling the GPUs does not halve the time of one epoch."
CONTRACTED = "Doubling the GPUs doesn't halve the time of one epoch."
POSITIVE = "Doubling the GPUs halves the time of one epoch."


@pytest.mark.parametrize(
    ("locale", "source", "translation", "expected"),
    [
        ("ur", NEGATIVE, "GPUs دگنے کرنے سے ایک ایپوک کا وقت آدھا نہیں ہوتا۔", []),
        (
            "ur",
            NEGATIVE,
            "GPUs دگنے کرنے سے ایک ایپوک کا وقت آدھا ہو جاتا ہے۔",
            [NEGATED_IN_SOURCE.format(source="not", locale="ur")],
        ),
        (
            "ur",
            POSITIVE,
            "GPUs دگنے کرنے سے ایک ایپوک کا وقت آدھا نہیں ہوتا۔",
            [NEGATED_IN_TRANSLATION.format(locale="ur", word="نہیں")],
        ),
        ("ur", POSITIVE, "GPUs دگنے کرنے سے ایک ایپوک کا وقت آدھا ہو جاتا ہے۔", []),
        # An Arabic yeh in نہیں (arabic-code-points reports it) still negates.
        ("ur", NEGATIVE, "GPUs دگنے کرنے سے ایک ایپوک کا وقت آدھا نہيں ہوتا۔", []),
        # نہ inside نہیں or نہایت is no negation: whole words only.
        ("ur", POSITIVE, "GPUs دگنے کرنے سے وقت نہایت کم ہو جاتا ہے۔", []),
        ("ar", CONTRACTED, "مضاعفة عدد وحدات GPU لا تنصف زمن الحقبة.", []),
        ("ar", NEGATIVE, "مضاعفة عدد وحدات GPU ليست كافية لتنصيف زمن الحقبة.", []),
        (
            "ar",
            POSITIVE,
            "مضاعفة عدد وحدات GPU لم تنصف زمن الحقبة.",
            [NEGATED_IN_TRANSLATION.format(locale="ar", word="لم")],
        ),
        # ما is "what, that which" here: not a negation.
        ("ar", POSITIVE, "مضاعفة عدد وحدات GPU تنصف ما تستغرقه الحقبة.", []),
        ("fa", CONTRACTED, "دو برابر کردن GPUها زمان هر دوره را نصف نمی‌کند.", []),
        ("fa", NEGATIVE, "دو برابر کردن GPUها زمان هر دوره را نصف نکرده است.", []),
        (
            "fa",
            NEGATIVE,
            "دو برابر کردن GPUها زمان هر دوره را نصف می‌کند.",
            [NEGATED_IN_SOURCE.format(source="not", locale="fa")],
        ),
        # Words that begin with ن but are no negated verb: نتیجه (result), نشان (shows).
        ("fa", POSITIVE, "نتیجه نشان می‌دهد که دو برابر کردن GPUها زمان هر دوره را نصف می‌کند.", []),
        ("hi", CONTRACTED, "GPU दोगुने करने से एक epoch का समय आधा नहीं होता।", []),
        (
            "hi",
            CONTRACTED,
            "GPU दोगुने करने से एक epoch का समय आधा हो जाता है।",
            [NEGATED_IN_SOURCE.format(source="doesn't", locale="hi")],
        ),
        (
            "hi",
            "The speed-up is never linear.",
            "गति कभी रैखिक नहीं होती।",
            [],
        ),
        # A negation inside inline code is code, not the statement's.
        ("ur", "The flag `--no-sync` halves the time.", "فلیگ `--no-sync` وقت آدھا کر دیتا ہے۔", []),
    ],
)
def test_negation_changed(locale: str, source: str, translation: str, expected: list[str]) -> None:
    entry = prompt(source, translation, TRUE_FALSE)
    assert findings([entry], "negation-changed", locale) == expected


# Review R42, 1: a negation word that negates no statement (until, only, especially, no matter), and a
# word's negation (impossible, غیر معمولی) against a predicate's (not possible, ممکن نہیں): no finding.
# A predicate's negation against neither is still one.
@pytest.mark.parametrize(
    ("locale", "source", "translation", "expected"),
    [
        (
            "ur",
            "Water stays liquid until it reaches its boiling point.",
            "پانی اس وقت تک مائع رہتا ہے جب تک وہ اپنے نقطۂ جوش تک نہ پہنچ جائے۔",
            [],
        ),
        (
            "ur",
            "Water stays liquid until it reaches its boiling point.",
            "پانی مائع نہیں رہتا جب تک وہ اپنے نقطۂ جوش تک نہ پہنچ جائے۔",
            [NEGATED_IN_TRANSLATION.format(locale="ur", word="نہیں")],
        ),
        # The until-clause ends at the comma: the main clause's نہیں negates, as the source's not does.
        (
            "ur",
            "Water does not boil until it reaches its boiling point.",
            "جب تک پانی نقطۂ جوش تک نہ پہنچے، وہ نہیں ابلتا۔",
            [],
        ),
        (
            "hi",
            "Water stays liquid until it reaches its boiling point.",
            "पानी तब तक द्रव रहता है जब तक वह अपने क्वथनांक तक न पहुँच जाए।",
            [],
        ),
        (
            "ar",
            "Water stays liquid until it reaches its boiling point.",
            "يبقى الماء سائلًا ما لم يصل إلى درجة غليانه.",
            [],
        ),
        ("ar", "Only mammals feed their young with milk.", "لا تُرضع صغارها بالحليب إلا الثدييات.", []),
        (
            "ar",
            "Only mammals feed their young with milk.",
            "الثدييات لا تُرضع صغارها بالحليب.",
            [NEGATED_IN_TRANSLATION.format(locale="ar", word="لا")],
        ),
        (
            "ar",
            "Many metals, especially copper and silver, conduct heat well.",
            "كثير من المعادن، لا سيما النحاس والفضة، توصل الحرارة جيدًا.",
            [],
        ),
        ("ar", "The platypus is an unusual mammal.", "خلد الماء ثديي غير عادي.", []),
        ("ur", "The platypus is an unusual mammal.", "پلیٹیپس ایک غیر معمولی ممالیہ ہے۔", []),
        ("ur", "Water vapour is invisible.", "آبی بخارات نظر نہیں آتے۔", []),
        ("ur", "It is impossible to cool anything below absolute zero.", "یہ ممکن نہیں۔", []),
        ("ur", "It is not possible to cool anything below absolute zero.", "یہ ناممکن ہے۔", []),
        ("hi", "It is not possible to cool anything below absolute zero.", "यह असंभव है।", []),
        ("ar", "It is not possible to cool anything below absolute zero.", "من المستحيل ذلك.", []),
        ("fa", "Water vapour is invisible.", "بخار آب نامرئی است.", []),
        ("fa", "It is impossible.", "ممکن نیست.", []),
        (
            "ur",
            "Sound travels faster in water than in air, no matter the temperature.",
            "آواز ہوا کی نسبت پانی میں زیادہ تیز چلتی ہے، درجۂ حرارت چاہے کچھ بھی ہو۔",
            [],
        ),
        # Persian's past negated with ن-: kept, and lost.
        ("fa", "The Voyager probes did not land on any planet.", "کاوشگرها فرود نیامدند.", []),
        (
            "fa",
            "The Voyager probes did not land on any planet.",
            "کاوشگرها روی یک سیاره فرود آمدند.",
            [NEGATED_IN_SOURCE.format(source="not", locale="fa")],
        ),
        # A word's negation rendered without one is mostly fair (unusual: strange); the positive of a
        # negated word the pack lists (संभव, where असंभव is listed) is the opposite.
        ("ur", "The platypus is an unusual mammal.", "پلیٹیپس ایک عجیب ممالیہ ہے۔", []),
        (
            "hi",
            "It is impossible to cool anything below absolute zero.",
            "किसी भी चीज़ को परम शून्य से नीचे ठंडा करना संभव है।",
            [
                "the statement of question q negates a word in the source (impossible) but hi says संभव, that "
                "word without its negation: the translation states the opposite, and the right answer flips; "
                "translate the negation"
            ],
        ),
        # English words that begin like a negating prefix but negate nothing do not excuse an added negation.
        (
            "ur",
            "An important unit of heat is the joule.",
            "حرارت کی ایک اہم اکائی جول نہیں ہے۔",
            [NEGATED_IN_TRANSLATION.format(locale="ur", word="نہیں")],
        ),
    ],
)
def test_negation_changed_reads_what_negates_the_statement(
    locale: str, source: str, translation: str, expected: list[str]
) -> None:
    entry = prompt(source, translation, TRUE_FALSE)
    assert findings([entry], "negation-changed", locale) == expected


def test_negation_changed_only_in_a_true_false_statement() -> None:
    choice = prompt(NEGATIVE, "GPUs دگنے کرنے سے وقت آدھا ہو جاتا ہے۔", SINGLE)
    assert findings([choice], "negation-changed") == []
    explanation = CatalogEntry(NEGATIVE, "وقت آدھا ہو جاتا ہے۔", f"{Q}.explanation")
    assert (
        findings([prompt(POSITIVE, "وقت آدھا ہو جاتا ہے۔", TRUE_FALSE), explanation], "negation-changed")
        == []
    )
