"""Issue 39's done-when, end to end through the commands: a Moodle XML bank carrying every text in English,
Urdu and Arabic in ``multilang`` spans becomes one YAML and two catalogs, and exporting the project gives
each language's texts exactly as the bank has them.

The bank (moodle/multilang-bank.xml) is written as Moodle's own exporter writes a question bank
(question/format/xml/format.php, ``qformat_xml::writequestion``): a category record first, every rich text
a ``<text>`` inside an element with ``format="html"``, CDATA where the text holds markup
(``qformat_xml::xml_escape``), fractions in percent, combined feedback with Moodle's default sentences,
and the three languages of each text in spans of the core "Multi-language content" filter
(filter/multilang/filter.php, whose pattern accepts ``class`` before ``lang`` too, as the essay's Arabic
spans have it). Seven kinds: single and multiple choice with per-option feedback, true/false, short answer
(one list of accepted answers for every language, as Moodle keeps it), numerical, matching with a
distractor, essay with grader information.

What each language should read is computed here from the XML with lxml's HTML parser (the spans of the
other languages dropped, ``<code>`` as backticks, tags stripped), not with quizkit's reader; the same
parse reads quizkit's Moodle exports back, and the JSON export is compared with it field by field.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import lxml.html
import polib
import pytest
import yaml
from lxml import etree
from support import fixture_project, run_quizkit_in_process

BANK = Path(__file__).parent / "moodle" / "multilang-bank.xml"
LOCALES = ("en", "ur", "ar")
IMPORTED_COMMENT = "Imported from {file}; translated there, not reviewed in quizkit."
KINDS = {
    "single_choice": "multichoice",
    "multiple_choice": "multichoice",
    "true_false": "truefalse",
    "short_answer": "shortanswer",
    "numeric": "numerical",
    "matching": "matching",
    "essay": "essay",
}
"""quizkit's kinds by the Moodle question type of the same name (docs/importing.md, Moodle XML, Kinds)."""


# --- the independent parse -----------------------------------------------------------------------------


def in_language(html: str, locale: str) -> str:
    """What Moodle's multilang filter shows a learner of ``locale`` (the spans of other languages dropped,
    text outside spans kept), as quiz text: ``<code>`` in backticks, other tags stripped, spaces collapsed."""
    if not html.strip():
        return ""
    fragment = lxml.html.fragment_fromstring(html, create_parent="div")
    for span in fragment.xpath('.//span[contains(concat(" ", normalize-space(@class), " "), " multilang ")]'):
        if span.get("lang") != locale:
            span.drop_tree()
    for code in fragment.iter("code"):
        code.text = f"`{code.text_content()}`"
        for child in list(code):
            code.remove(child)
    return " ".join(fragment.text_content().translate(INVISIBLE_DIRECTION).split())


INVISIBLE_DIRECTION = dict.fromkeys(map(ord, "\u200e\u200f\u061c\u2066\u2067\u2068\u2069"))
"""Direction marks and isolates, which nobody sees: quizkit's Moodle export isolates a left-to-right run in
right-to-left plain text (a matching answer is plain text in Moodle XML, so no ``<bdo>`` there)."""


def has_languages(html: str) -> bool:
    return 'class="multilang"' in html


def _text(element: etree._Element | None, path: str) -> str:
    found = element.find(path) if element is not None else None
    return (found.text or "") if found is not None else ""


def moodle_questions(path: Path, locale: str, grades: bool = True) -> list[dict[str, Any]]:
    """Each question of a Moodle XML file as a learner of ``locale`` sees it and as it is graded."""
    questions = []
    for element in etree.parse(str(path)).getroot().iter("question"):
        kind = element.get("type")
        if kind == "category":
            continue

        def shown(path: str, within: etree._Element = element) -> str:
            return in_language(_text(within, path), locale)

        shaped: dict[str, Any] = {
            "kind": kind,
            "prompt": shown("questiontext/text"),
            "explanation": shown("generalfeedback/text"),
        }
        answers = element.findall("answer")
        fractions = [float(answer.get("fraction", "0")) for answer in answers]
        if kind == "multichoice":
            shaped["options"] = [(shown("text", a), shown("feedback/text", a)) for a in answers]
            shaped["correct"] = [index for index, fraction in enumerate(fractions) if fraction > 0]
            shaped["single"] = _text(element, "single") == "true"
            if grades:
                shaped["fractions"] = fractions
        elif kind == "truefalse":
            (right,) = [answer for answer in answers if float(answer.get("fraction", "0")) == 100]
            shaped["correct"] = _text(right, "text") == "true"
        elif kind == "shortanswer":
            shaped["accepted"] = sorted(
                shown("text", a) for a, fraction in zip(answers, fractions, strict=True) if fraction == 100
            )
            shaped["case_sensitive"] = _text(element, "usecase") == "1"
        elif kind == "numerical":
            (right,) = [answer for answer in answers if float(answer.get("fraction", "0")) == 100]
            shaped["answer"] = float(_text(right, "text"))
            shaped["tolerance"] = float(_text(right, "tolerance") or "0")
        elif kind == "matching":
            subquestions = [
                (shown("text", s), shown("answer/text", s)) for s in element.findall("subquestion")
            ]
            shaped["pairs"] = [(prompt, match) for prompt, match in subquestions if prompt]
            shaped["distractors"] = [match for prompt, match in subquestions if not prompt]
        else:
            assert kind == "essay", kind
            shaped["model_answer"] = shown("graderinfo/text")
        questions.append(shaped)
    return questions


def bundle_questions(path: Path) -> list[dict[str, Any]]:
    """The questions of quizkit's JSON export (dist/json/<quiz>/<locale>.json) in the shape above."""
    questions = []
    for question in json.loads(path.read_text(encoding="utf-8"))["questions"]:
        kind = question["type"]
        shaped: dict[str, Any] = {
            "kind": KINDS[kind],
            "prompt": question["prompt"],
            "explanation": question["explanation"],
        }
        if kind in {"single_choice", "multiple_choice"}:
            ids = [option["id"] for option in question["options"]]
            shaped["options"] = [(o["text"], o.get("feedback", "")) for o in question["options"]]
            shaped["correct"] = sorted(ids.index(option_id) for option_id in question["correct"])
            shaped["single"] = kind == "single_choice"
        elif kind == "true_false":
            shaped["correct"] = question["correct"]
        elif kind == "short_answer":
            shaped["accepted"] = sorted(line for answer in question["answers"] for line in answer["accepted"])
            shaped["case_sensitive"] = question["caseSensitive"]
        elif kind == "numeric":
            shaped["answer"] = float(question["answer"])
            shaped["tolerance"] = float(question["tolerance"])
        elif kind == "matching":
            matches = {match["pair"]: match["text"] for match in question["matches"] if "pair" in match}
            shaped["pairs"] = [(pair["prompt"], matches[pair["id"]]) for pair in question["pairs"]]
            shaped["distractors"] = [match["text"] for match in question["matches"] if "distractor" in match]
        else:
            shaped["model_answer"] = question["modelAnswer"]
        questions.append(shaped)
    return questions


def translated_texts(path: Path, locale: str) -> set[str]:
    """Every text of the bank that has versions by language, in ``locale``: what its catalog must hold."""
    return {
        in_language(element.text, locale)
        for element in etree.parse(str(path)).getroot().iter("text")
        if element.text and has_languages(element.text)
    }


def one_language(bank: str, locale: str) -> str:
    """The bank as a course kept in one language would export it: each text's version in ``locale`` only."""
    span = re.compile(
        r'<span (?:lang="([\w-]+)" class="multilang"|class="multilang" lang="([\w-]+)")>(.*?)</span>'
    )
    return span.sub(lambda match: match[3] if locale in (match[1], match[2]) else "", bank)


# --- the project ---------------------------------------------------------------------------------------


def imported_project(target: Path, files: dict[str, str]) -> tuple[Path, str]:
    """A fixture project with target locales ur and ar (``quizkit add-locale ar``, as docs/importing.md
    says to do first), the bank's files copied in, and ``quizkit import`` run on them (format detected);
    returns the project and the import's report."""
    project = fixture_project(target, {})
    added = run_quizkit_in_process(project, "add-locale", "ar")
    assert added.returncode == 0, added.stdout + added.stderr
    for name, text in files.items():
        (project / name).write_text(text, encoding="utf-8")
    first, *others = files
    arguments = [first, "--quiz", "q"]
    for name in others:
        arguments += ["--locale", name.split(".")[0], name]
    result = run_quizkit_in_process(project, "import", *arguments)
    assert result.returncode == 0, result.stdout + result.stderr
    return project, result.stdout


MULTILANG = {"bank.xml": BANK.read_text(encoding="utf-8")}
PER_LANGUAGE = {f"{locale}.xml": one_language(MULTILANG["bank.xml"], locale) for locale in LOCALES}
SHAPES = {"multilang-spans": MULTILANG, "one-file-per-language": PER_LANGUAGE}


@pytest.fixture(scope="module", params=sorted(SHAPES))
def imported(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The bank imported and exported once per shape (read-only for the tests below)."""
    project, report = imported_project(tmp_path_factory.mktemp(request.param), SHAPES[request.param])
    for format_name in ("json", "moodle"):
        exported = run_quizkit_in_process(project, "export", "-f", format_name)
        assert exported.returncode == 0, exported.stdout + exported.stderr
    return project, report


# --- the tests -----------------------------------------------------------------------------------------


def test_the_bank_is_as_moodle_writes_it(tmp_path: Path) -> None:
    """The fixture itself: a category, then one question of each kind; every text with markup has each of
    its parts in the three languages; each per-language file holds its language only (else the
    comparisons below could pass on a bank that never exercised the spans)."""
    root = etree.parse(str(BANK)).getroot()
    assert [question.get("type") for question in root.iter("question")] == [
        "category",
        "multichoice",
        "multichoice",
        "truefalse",
        "shortanswer",
        "numerical",
        "matching",
        "essay",
    ]
    for element in root.iter("text"):
        html = element.text or ""
        if "<" in html:
            fragment = lxml.html.fragment_fromstring(html, create_parent="div")
            languages = [span.get("lang") for span in fragment.xpath('.//span[@class="multilang"]')]
            assert sorted(languages) == sorted(LOCALES * (len(languages) // len(LOCALES))) and languages, html
    for locale in LOCALES:
        path = tmp_path / f"{locale}.xml"
        path.write_text(PER_LANGUAGE[path.name], encoding="utf-8")
        assert "multilang" not in PER_LANGUAGE[path.name]
        assert moodle_questions(path, "xx") == moodle_questions(BANK, locale)


def test_the_import_reports_every_question_whole(imported: tuple[Path, str]) -> None:
    project, report = imported
    bank = "bank.xml" if (project / "bank.xml").exists() else "en.xml"
    assert report.splitlines()[:2] == [f"{bank} (moodle): 7 questions imported, 0 drafts", "0 issues"], report
    assert "ar: 32 translations into locales/ar/LC_MESSAGES/q.po" in report
    assert "ur: 32 translations into locales/ur/LC_MESSAGES/q.po" in report


def test_the_yaml_holds_the_english(imported: tuple[Path, str]) -> None:
    project, _ = imported
    quiz = yaml.safe_load((project / "content/q.yaml").read_text(encoding="utf-8"))
    english = moodle_questions(BANK, "en")
    assert [question["prompt"] for question in quiz["questions"]] == [q["prompt"] for q in english]
    assert [question["explanation"] for question in quiz["questions"]] == [q["explanation"] for q in english]
    assert "draft" not in quiz


@pytest.mark.parametrize("locale", ["ur", "ar"])
def test_each_catalog_holds_its_language_translated_not_approved_with_its_origin(
    imported: tuple[Path, str], locale: str
) -> None:
    project, _ = imported
    catalog = polib.pofile(str(project / f"locales/{locale}/LC_MESSAGES/q.po"))
    translated = [entry for entry in catalog if entry.msgstr]
    assert {entry.msgstr for entry in translated} == translated_texts(BANK, locale)
    origin = "bank.xml" if (project / "bank.xml").exists() else f"{locale}.xml"
    for entry in translated:
        assert "fuzzy" not in entry.flags, entry.msgctxt
        assert IMPORTED_COMMENT.format(file=origin) in entry.tcomment.splitlines(), entry.msgctxt
        assert "quizkit approved" not in entry.tcomment, entry.msgctxt


def test_the_project_validates(imported: tuple[Path, str]) -> None:
    project, _ = imported
    result = run_quizkit_in_process(project, "validate")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "2 files valid: 1 quiz (7 questions), 44 interface messages\n"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_json_export_gives_the_banks_texts_in_each_language(
    imported: tuple[Path, str], locale: str
) -> None:
    project, _ = imported
    expected = moodle_questions(BANK, locale, grades=False)
    assert bundle_questions(project / f"dist/json/q/{locale}.json") == expected


@pytest.mark.parametrize("locale", LOCALES)
def test_the_moodle_export_gives_the_banks_texts_and_grades_in_each_language(
    imported: tuple[Path, str], locale: str
) -> None:
    project, _ = imported
    expected = moodle_questions(BANK, locale)
    assert moodle_questions(project / f"dist/moodle/q/{locale}.xml", locale) == expected
    assert moodle_questions(project / "dist/moodle/q/multilang.xml", locale) == expected


# --- text outside the spans ------------------------------------------------------------------------------


def _spans(english: str, urdu: str, arabic: str) -> str:
    return (
        f'<p><span lang="en" class="multilang">{english}</span><span lang="ur" class="multilang">{urdu}</span>'
        f'<span lang="ar" class="multilang">{arabic}</span></p>'
    )


def _html(text: str) -> str:
    return f"<text><![CDATA[{text}]]></text>"


SHARED_BANK = f"""<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Networking</text></category></question>
  <question type="multichoice">
    <name><text>port-http</text></name>
    <questiontext format="html">{_html(_spans("Which port does HTTP use?", "HTTP کون سا پورٹ استعمال کرتا ہے؟", "ما المنفذ الذي يستخدمه HTTP؟"))}</questiontext>
    <generalfeedback format="html">{_html(_spans("HTTP listens on port 80.", "HTTP پورٹ 80 پر سنتا ہے۔", "يستمع HTTP على المنفذ 80."))}</generalfeedback>
    <single>true</single>
    <answer fraction="100" format="html"><text>80</text></answer>
    <answer fraction="0" format="html"><text>443</text></answer>
    <answer fraction="0" format="html"><text>22</text></answer>
  </question>
  <question type="matching">
    <name><text>layers</text></name>
    <questiontext format="html">{_html(_spans("Match each protocol with its layer.", "ہر پروٹوکول کو اس کی تہ سے ملائیں۔", "طابق كل بروتوكول مع طبقته."))}</questiontext>
    <generalfeedback format="html">{_html(_spans("IP routes packets; TCP delivers streams.", "IP پیکٹ بھیجتا ہے؛ TCP سٹریم پہنچاتا ہے۔", "IP يوجّه الحزم؛ TCP يوصل التدفقات."))}</generalfeedback>
    <subquestion format="html"><text>IP</text><answer>{_html(_spans("Network", "نیٹ ورک", "الشبكة"))}</answer></subquestion>
    <subquestion format="html"><text>TCP</text><answer>{_html(_spans("Transport", "ٹرانسپورٹ", "النقل"))}</answer></subquestion>
  </question>
  <question type="multichoice">
    <name><text>plain</text></name>
    <questiontext format="html"><text>Which protocol is connectionless?</text></questiontext>
    <generalfeedback format="html"><text>UDP sends datagrams without a connection.</text></generalfeedback>
    <single>true</single>
    <answer fraction="100" format="html"><text>UDP</text></answer>
    <answer fraction="0" format="html"><text>TCP</text></answer>
  </question>
</quiz>
"""
"""A bank as a team writes one by hand in Moodle: spans around the sentences, none around what reads the
same in every language (port numbers, protocol names), and one question never translated at all."""


def test_text_outside_the_spans_is_every_languages_and_the_export_reproduces_each_language(
    tmp_path: Path,
) -> None:
    """Moodle shows text outside multilang spans to every language (filter/multilang/filter.php), so a
    question translated in its spans is whole in each language: the JSON export gives it in that language
    (not fallen back to English), its options as the bank writes them. A question with no spans at all was
    never translated: it comes without translations, and the export shows its English, as Moodle does."""
    project, _report = imported_project(tmp_path, {"bank.xml": SHARED_BANK})
    bank = project / "bank.xml"
    exported = run_quizkit_in_process(project, "export", "-f", "json")
    assert exported.returncode == 0, exported.stdout + exported.stderr
    for locale in LOCALES:
        shown = json.loads((project / f"dist/json/q/{locale}.json").read_text(encoding="utf-8"))["questions"]
        assert bundle_questions(project / f"dist/json/q/{locale}.json") == moodle_questions(
            bank, locale, grades=False
        )
        assert [question.get("lang") for question in shown] == [None, None, None if locale == "en" else "en"]
    catalog = polib.pofile(str(project / "locales/ur/LC_MESSAGES/q.po"))
    option = catalog.find("q.questions.port-http.options.a", by="msgctxt")
    assert option is not None and option.msgstr == "80" and "fuzzy" not in option.flags
    assert IMPORTED_COMMENT.format(file="bank.xml") in option.tcomment.splitlines()
    plain = catalog.find("q.questions.plain.prompt", by="msgctxt")
    assert plain is not None and plain.msgstr == ""


def test_a_finished_drafts_translations_come_in_translated_with_the_bank_named(tmp_path: Path) -> None:
    """A question without general feedback is kept as a draft, its translations waiting beside its texts
    with the file they were translated in (the shared option texts too); once the explanation is written,
    ``quizkit update`` takes them in as the import's own catalogs hold a bank's translations."""
    without_feedback = re.sub(
        r"<generalfeedback format=\"html\"><text><!\[CDATA\[<p><span lang=\"en\" class=\"multilang\">HTTP listens"
        r".*?</generalfeedback>",
        "",
        SHARED_BANK,
        flags=re.DOTALL,
    )
    assert without_feedback != SHARED_BANK
    project, report = imported_project(tmp_path, {"bank.xml": without_feedback})
    assert report.splitlines()[0] == "bank.xml (moodle): 2 questions imported, 1 draft"
    path = project / "content/q.yaml"
    quiz = yaml.safe_load(path.read_text(encoding="utf-8"))
    (draft,) = [question for question in quiz["questions"] if question["id"] == "port-http"]
    assert draft["prompt"]["ur"] == {
        "text": "HTTP کون سا پورٹ استعمال کرتا ہے؟",
        "from": "bank.xml",
        "source": "Which port does HTTP use?",
    }
    assert draft["options"][0]["text"] == {
        "text": "80",
        "ur": {"text": "80", "from": "bank.xml", "source": "80"},
        "ar": {"text": "80", "from": "bank.xml", "source": "80"},
    }
    del quiz["draft"]
    assert set(draft["explanation"]) == {"todo"}
    draft["explanation"] = "HTTP listens on port 80."
    path.write_text(yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False), encoding="utf-8")
    updated = run_quizkit_in_process(project, "update")
    assert updated.returncode == 0, updated.stdout + updated.stderr
    for locale, prompt in (
        ("ur", "HTTP کون سا پورٹ استعمال کرتا ہے؟"),
        ("ar", "ما المنفذ الذي يستخدمه HTTP؟"),
    ):
        catalog = polib.pofile(str(project / f"locales/{locale}/LC_MESSAGES/q.po"))
        for key, translation in (("prompt", prompt), ("options.a", "80")):
            entry = catalog.find(f"q.questions.port-http.{key}", by="msgctxt")
            assert entry is not None and (entry.msgstr, entry.flags) == (translation, []), key
            assert entry.tcomment == IMPORTED_COMMENT.format(file="bank.xml")


SOURCE_ONLY_BANK = f"""<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>percent</text></name>
    <questiontext format="html">{_html(_spans("Whole?", "پورا؟", "كامل؟"))}</questiontext>
    <generalfeedback format="html">{_html(_spans("All of it.", "سارا۔", "كله."))}</generalfeedback>
    <single>true</single>
    <answer fraction="100" format="html">{_html('<span lang="en" class="multilang">Hundred</span>')}</answer>
    <answer fraction="0" format="html"><text>50</text></answer>
  </question>
</quiz>
"""


def test_a_text_only_in_a_source_span_is_reported_and_left_untranslated(tmp_path: Path) -> None:
    """An option in an ``en`` span only is the English's alone (Moodle shows it to nobody else), not text
    outside every span: it stays untranslated in the ur and ar catalogs and the report says so
    (docs/importing.md), while ``50``, outside every span, is every language's."""
    project, report = imported_project(tmp_path, {"bank.xml": SOURCE_ONLY_BANK})
    assert (
        "q.questions.percent.options.a ('Hundred') has no ur and ar translation in the bank, which translates "
        "the question's other texts: it stays untranslated in the ur and ar catalogs, for a translator to "
        "translate there"
    ) in report
    catalog = polib.pofile(str(project / "locales/ur/LC_MESSAGES/q.po"))
    option = catalog.find("q.questions.percent.options.a", by="msgctxt")
    assert option is not None and option.msgstr == ""
    shared = catalog.find("q.questions.percent.options.b", by="msgctxt")
    assert shared is not None and shared.msgstr == "50"


REPEATED_BANK = f"""<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>twice</text></name>
    <questiontext format="html">{
    _html(
        '<span lang="en" class="multilang">One?</span><span lang="en" class="multilang">Uno?</span>'
        '<span lang="ur" class="multilang">ایک؟</span><span lang="ar" class="multilang">واحد؟</span>'
    )
}</questiontext>
    <generalfeedback format="html">{
    _html(
        '<span lang="en" class="multilang">One.</span><span lang="UR" class="multilang">Z؟</span>'
        '<span lang="ur" class="multilang">Y؟</span><span lang="ar" class="multilang">واحد.</span>'
    )
}</generalfeedback>
    <single>true</single>
    <answer fraction="100" format="html"><text>1</text></answer>
    <answer fraction="0" format="html"><text>2</text></answer>
  </question>
</quiz>
"""


def test_two_spans_of_one_language_side_by_side_keep_the_last_and_report_the_other(tmp_path: Path) -> None:
    """Moodle's filter shows a learner the last of two spans of their language side by side
    (filter/multilang/filter.php, filter_multilang_impl); before, both came in joined ('One?Uno?',
    'Z؟Y؟') with no issue."""
    project, report = imported_project(tmp_path, {"bank.xml": REPEATED_BANK})
    assert report.splitlines()[1:4] == [
        "2 issues",
        "  bank.xml:5: twice: a text holds two en multilang spans side by side, of which Moodle's filter "
        "shows only the last: 'Uno?' was imported, 'One?' left out",
        "  bank.xml:6: twice: a text holds two ur multilang spans side by side, of which Moodle's filter "
        "shows only the last: 'Y؟' was imported, 'Z؟' left out",
    ], report
    content = yaml.safe_load((project / "content/q.yaml").read_text(encoding="utf-8"))
    assert content["questions"][0]["prompt"] == "Uno?"
    catalog = polib.pofile(str(project / "locales/ur/LC_MESSAGES/q.po"))
    explanation = catalog.find("q.questions.twice.explanation", by="msgctxt")
    assert explanation is not None and explanation.msgstr == "Y؟"
