"""Exports as frontends consume them: schema-valid JSON bundles, i18next in Node, gettext .mo files,
fallback decided per question, and the delivery variant without answers."""

from __future__ import annotations

import gettext
import json
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from support import FIXTURE, exported_once, fixture_project, node_consumer, run_quizkit_in_process, translate

from toolkit.content.validation import load_content
from toolkit.exporters.canonical_json import content_hash
from toolkit.gettext.po_reader import parse_po

ROOT = Path(__file__).resolve().parents[2]
Quizkit = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def quizkit() -> Quizkit:
    """The command in this process (support.run_quizkit_in_process): these tests read what it wrote."""
    return run_quizkit_in_process


CATALOG = "locales/ur/LC_MESSAGES/data-parallel.po"


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Read only (support.exported_once)."""
    with exported_once(tmp_path_factory, "export", "-f", "json,i18next,mo") as project:
        yield project / "dist"


@pytest.fixture
def exported_copy(project_copy: Path, quizkit: Quizkit) -> Path:
    """An export of the test's own, for a test that runs quizkit on it."""
    result = quizkit(project_copy, "export", "-f", "json,i18next,mo")
    assert result.returncode == 0, result.stdout + result.stderr
    return project_copy / "dist"


def test_layout(exported: Path) -> None:
    files = sorted(str(path.relative_to(exported)) for path in exported.rglob("*") if path.is_file())
    assert files == [
        "i18next/en/data-parallel.json",
        "i18next/en/ui.json",
        "i18next/ur/data-parallel.json",
        "i18next/ur/ui.json",
        "json/data-parallel/en.json",
        "json/data-parallel/ur.json",
        "mo/ur/LC_MESSAGES/data-parallel.mo",
        "mo/ur/LC_MESSAGES/ui.mo",
    ]


def test_bundles_are_valid_complete_and_hashed(exported: Path) -> None:
    schema = load(ROOT / "schema" / "bundle.schema.json")
    content = load_content(FIXTURE / "content")
    quiz = content.quiz("data-parallel")
    for locale in ("en", "ur"):
        bundle = load(exported / "json" / "data-parallel" / f"{locale}.json")
        assert list(Draft202012Validator(schema).iter_errors(bundle)) == []
        assert bundle["contentHash"] == content_hash(
            {key: value for key, value in bundle.items() if key != "contentHash"}
        )
        assert [question["id"] for question in bundle["questions"]] == [
            question.id for question in quiz.questions
        ]
        for question, source in zip(bundle["questions"], quiz.questions, strict=True):
            assert [option["id"] for option in question["options"]] == [
                option.id for option in source.options
            ]
            assert question["correct"] == list(source.correct)
        assert bundle["fallback"] == {
            "policy": "question",
            "questions": [],
            "omitted": [],
            "texts": [],
            "messages": [],
        }
    urdu = load(exported / "json" / "data-parallel" / "ur.json")
    assert (urdu["locale"], urdu["dir"], urdu["sourceLocale"], urdu["numberingSystem"]) == (
        "ur",
        "rtl",
        "en",
        "latn",
    )
    assert urdu["pluralCategories"] == ["one", "other"]
    assert urdu["title"] == "ڈیٹا پیرالیلزم کوئز"
    assert urdu["messages"]["question-count"] == {
        "plural": "count",
        "forms": {"one": "{count} سوال", "other": "{count} سوالات"},
        "icu": "{count, plural, one {{count} سوال} other {{count} سوالات}}",
        "placeholders": ["count"],
    }
    # Data formats carry the text exactly as translated: no bidi controls inserted.
    text = (exported / "json" / "data-parallel" / "ur.json").read_text(encoding="utf-8")
    assert not set(text) & set("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def test_output_is_byte_identical_across_runs(exported_copy: Path, quizkit: Quizkit) -> None:
    before = {path: path.read_bytes() for path in exported_copy.rglob("*") if path.is_file()}
    result = quizkit(exported_copy.parent, "export", "-f", "json,i18next,mo")
    assert result.stdout.splitlines()[-1] == "dist: 0 files written, 8 unchanged"
    assert {path: path.read_bytes() for path in exported_copy.rglob("*") if path.is_file()} == before


def test_icu_messages_format_in_intl_messageformat(exported: Path) -> None:
    bundle = load(exported / "json" / "data-parallel" / "ur.json")
    requests = [
        {"locale": "ur", "message": bundle["messages"][name]["icu"], "values": {"count": count, "total": 8}}
        for name in ("question-count", "score")
        for count in (1, 8)
    ]
    assert node_consumer("icu-consumer.mjs", {"requests": requests}, "intl-messageformat") == [
        "1 سوال",
        "8 سوالات",
        "آپ نے 8 میں سے 1 سوال کا درست جواب دیا۔",
        "آپ نے 8 میں سے 8 سوالات کے درست جوابات دیے۔",
    ]


def i18next_key(key: str) -> str:
    """A translation key as the i18next export documents it: the namespace (quiz id) left out, and
    option feedback in i18next's context form, ``options.<id>_feedback``."""
    within = key.split(".", 1)[1]
    option, dot, last = within.rpartition(".")
    if dot and last == "feedback" and option.rsplit(".", 2)[-2:-1] == ["options"]:
        return f"{option}_feedback"
    return within


def i18next_requests(locale: str, root: Path = FIXTURE) -> list[dict[str, Any]]:
    content = load_content(root / "content")
    requests: list[dict[str, Any]] = []
    for quiz in content.quizzes:
        for text in quiz.texts():
            requests.append({"lng": locale, "ns": quiz.id, "key": i18next_key(text.key)})
    assert content.interface is not None
    for message in content.interface.messages:
        values = {placeholder.name: 3 for placeholder in message.placeholders}
        if message.is_plural:
            for count in (1, 8):
                requests.append(
                    {"lng": locale, "ns": "ui", "key": message.name, "options": {**values, "count": count}}
                )
        else:
            requests.append({"lng": locale, "ns": "ui", "key": message.name, "options": values})
    return requests


def resolve_in_i18next(resources: Path, requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``requests`` answered by the real i18next package in Node: ``exists`` and ``value`` each."""
    answers: list[dict[str, Any]] = node_consumer(
        "i18next-consumer.mjs", {"resources": str(resources), "requests": requests}, "i18next"
    )
    return answers


FEEDBACK_PROJECT = Path(__file__).parent / "i18next_project"


@pytest.fixture
def feedback_project(tmp_path: Path, quizkit: Quizkit) -> Path:
    """A project of its own, with option feedback: catalogs made by quizkit update, then translated."""
    project = tmp_path / "project"
    shutil.copytree(FEEDBACK_PROJECT, project)
    translations = load(project / "translations-ur.json")
    result = quizkit(project, "update")
    assert result.returncode == 0, result.stdout + result.stderr
    for domain in ("feedback", "ui"):
        path = project / f"locales/ur/LC_MESSAGES/{domain}.po"
        text = path.read_text(encoding="utf-8")
        for key, value in translations.items():
            marker = f'msgctxt "{key}"\n'
            if marker not in text:
                continue
            start = text.index(marker)
            if isinstance(value, list):
                for index, form in enumerate(value):
                    empty = f'msgstr[{index}] ""'
                    at = text.index(empty, start)
                    text = text[:at] + f'msgstr[{index}] "{form}"' + text[at + len(empty) :]
            else:
                at = text.index('msgstr ""', start)
                text = text[:at] + f'msgstr "{value}"' + text[at + len('msgstr ""') :]
        path.write_text(text, encoding="utf-8")
    result = quizkit(project, "export", "-f", "i18next,json")
    assert result.returncode == 0, result.stdout + result.stderr
    return project


def test_bundle_segments_beside_texts_with_inline_code(feedback_project: Path, quizkit: Quizkit) -> None:
    schema = load(ROOT / "schema" / "bundle.schema.json")
    bundle = load(feedback_project / "dist/json/feedback/ur.json")
    assert list(Draft202012Validator(schema).iter_errors(bundle)) == []
    (question,) = bundle["questions"]
    assert question["explanation"] == "`all-reduce` گریڈیئنٹس جمع کر کے نتیجہ ہر GPU کو واپس بھیجتا ہے۔"
    assert question["segments"] == {
        "explanation": [
            {"code": "all-reduce"},
            {"text": " گریڈیئنٹس جمع کر کے نتیجہ ہر GPU کو واپس بھیجتا ہے۔"},
        ]
    }
    all_reduce, broadcast = question["options"]
    assert all_reduce["segments"] == {"text": [{"code": "all-reduce"}]}
    assert "segments" not in broadcast and "segments" not in bundle  # no code, no segments
    english = load(feedback_project / "dist/json/feedback/en.json")["questions"][0]
    assert english["segments"]["explanation"] == [
        {"text": "An "},
        {"code": "all-reduce"},
        {"text": " sums the gradients and returns the result to every GPU."},
    ]
    # The delivery variant has no explanation, so no segments for it either.
    assert quizkit(feedback_project, "export", "-f", "json", "--no-answers").returncode == 0
    delivery = load(feedback_project / "dist/json/feedback/ur.no-answers.json")
    assert list(Draft202012Validator(schema).iter_errors(delivery)) == []
    assert "segments" not in delivery["questions"][0]
    assert delivery["questions"][0]["options"][0]["segments"] == {"text": [{"code": "all-reduce"}]}


def test_i18next_option_feedback_is_read_as_documented(feedback_project: Path) -> None:
    requests = i18next_requests("ur", feedback_project)
    keys = [request["key"] for request in requests if request["ns"] == "feedback"]
    assert "questions.collective.options.all-reduce_feedback" in keys
    answers = resolve_in_i18next(feedback_project / "dist" / "i18next", requests)
    assert [request for request, answer in zip(requests, answers, strict=True) if not answer["exists"]] == []
    translations = load(FEEDBACK_PROJECT / "translations-ur.json")
    for request, answer in zip(requests, answers, strict=True):
        if request["ns"] == "feedback":
            assert (
                answer["value"]
                == translations[f"feedback.{request['key'].replace('_feedback', '.feedback')}"]
            )
    # The docs' snippet: exists() on the _feedback key tells an option without feedback apart, where
    # t() with context falls back to the option's own text.
    option = "questions.collective.options"
    probes = [
        {"lng": "ur", "ns": "feedback", "key": f"{option}.all-reduce_feedback"},
        {"lng": "ur", "ns": "feedback", "key": f"{option}.broadcast_feedback"},
        {"lng": "ur", "ns": "feedback", "key": f"{option}.broadcast", "options": {"context": "feedback"}},
    ]
    found = resolve_in_i18next(feedback_project / "dist" / "i18next", probes)
    assert [answer["exists"] for answer in found[:2]] == [True, False]
    assert found[0]["value"] == translations["feedback.questions.collective.options.all-reduce.feedback"]
    assert found[2]["value"] == translations["feedback.questions.collective.options.broadcast"]


def test_i18next_resolves_every_key(exported: Path) -> None:
    catalog = parse_po((FIXTURE / CATALOG).read_text(encoding="utf-8"), "x").by_context()
    ui = parse_po((FIXTURE / "locales/ur/LC_MESSAGES/ui.po").read_text(encoding="utf-8"), "x").by_context()
    for locale in ("en", "ur"):
        requests = i18next_requests(locale)
        answers = resolve_in_i18next(exported / "i18next", requests)
        assert all(answer["exists"] for answer in answers), [
            r for r, a in zip(requests, answers, strict=True) if not a["exists"]
        ]
        values = {
            (request["ns"], request["key"], json.dumps(request.get("options"))): answer["value"]
            for request, answer in zip(requests, answers, strict=True)
        }
        if locale == "ur":
            assert (
                values[("data-parallel", "questions.gpu-holds.prompt", "null")]
                == catalog["data-parallel.questions.gpu-holds.prompt"].msgstr
            )
            assert values[("ui", "question-count", json.dumps({"count": 1}))] == "1 سوال"
            assert values[("ui", "question-count", json.dumps({"count": 8}))] == "8 سوالات"
            assert (
                values[("ui", "question-progress", json.dumps({"current": 3, "total": 3}))] == "سوال 3 از 3"
            )
            assert values[("ui", "check-answer", json.dumps({}))] == ui["ui.check-answer"].msgstr
        else:
            assert values[("ui", "question-count", json.dumps({"count": 1}))] == "1 question"
            assert values[("ui", "question-count", json.dumps({"count": 8}))] == "8 questions"


def test_mo_files_answer_gettext_lookups(exported: Path) -> None:
    with (exported / "mo/ur/LC_MESSAGES/ui.mo").open("rb") as handle:
        translations = gettext.GNUTranslations(handle)
    assert (
        translations.npgettext("ui.question-count", "{count} question", "{count} questions", 8)
        == "{count} سوالات"
    )
    assert translations.pgettext("ui.check-answer", "Check answer") == "جواب چیک کریں"


def make_fuzzy(project: Path, key: str) -> None:
    path = project / CATALOG
    text = path.read_text(encoding="utf-8")
    marker = f'msgctxt "{key}"'
    assert marker in text
    path.write_text(text.replace(marker, f"#, fuzzy\n{marker}"), encoding="utf-8")


def test_fallback_is_per_question(project_copy: Path, quizkit: Quizkit) -> None:
    make_fuzzy(project_copy, "data-parallel.questions.memory-limit.options.batch-only")
    result = quizkit(project_copy, "export", "-f", "json,i18next")
    assert result.returncode == 0, result.stderr
    assert "data-parallel [ur]: 1 question in the source language: memory-limit" in result.stdout
    bundle = load(project_copy / "dist/json/data-parallel/ur.json")
    memory = next(question for question in bundle["questions"] if question["id"] == "memory-limit")
    content = load_content(FIXTURE / "content").quiz("data-parallel").question("memory-limit")
    # The whole question is English: no Urdu distractor next to an English answer.
    assert memory["prompt"] == content.prompt.source
    assert [option["text"] for option in memory["options"]] == [
        option.text.source for option in content.options
    ]
    assert memory["explanation"] == content.explanation.source
    assert (memory["lang"], memory["dir"]) == ("en", "ltr")
    assert bundle["fallback"]["questions"] == ["memory-limit"]
    others = [question for question in bundle["questions"] if question["id"] != "memory-limit"]
    assert all("lang" not in question for question in others)
    meta = load(project_copy / "dist/i18next/ur/data-parallel.json")["_meta"]
    assert meta["fellBack"] == ["memory-limit"]
    # gettext consumers get the whole question in English too, never one English option among Urdu ones.
    assert quizkit(project_copy, "export", "-f", "mo").returncode == 0
    with (project_copy / "dist/mo/ur/LC_MESSAGES/data-parallel.mo").open("rb") as handle:
        translations = gettext.GNUTranslations(handle)
    for text in content.texts():
        assert translations.pgettext(text.key, text.source) == text.source
    other = load_content(FIXTURE / "content").quiz("data-parallel").question("gpu-holds").prompt
    assert translations.pgettext(other.key, other.source) != other.source


def test_omit_and_fail_policies(project_copy: Path, quizkit: Quizkit) -> None:
    make_fuzzy(project_copy, "data-parallel.questions.nccl-factors.prompt")
    omit = quizkit(project_copy, "export", "-f", "json", "--fallback", "omit")
    assert omit.returncode == 0
    bundle = load(project_copy / "dist/json/data-parallel/ur.json")
    assert "nccl-factors" not in [question["id"] for question in bundle["questions"]]
    assert bundle["fallback"]["omitted"] == ["nccl-factors"]
    english = load(project_copy / "dist/json/data-parallel/en.json")
    assert len(english["questions"]) == 8
    fail = quizkit(project_copy, "export", "-f", "json", "--fallback", "fail", "--out", "release")
    assert fail.returncode == 1
    assert fail.stderr == (
        "error[fallback]: quiz data-parallel is not fully translated into ur: questions nccl-factors have "
        "untranslated or fuzzy texts (fallback policy 'fail')\n"
    )
    assert not (project_copy / "release").exists()


def test_delivery_variant_has_no_answers(project_copy: Path, quizkit: Quizkit) -> None:
    result = quizkit(project_copy, "export", "-f", "json,i18next", "--no-answers")
    assert result.returncode == 0, result.stderr
    bundle = load(project_copy / "dist/json/data-parallel/ur.no-answers.json")
    assert bundle["answers"] is False
    for question in bundle["questions"]:
        assert not {"correct", "explanation", "partialCredit"} & set(question)
        assert all("feedback" not in option for option in question["options"])
    schema = load(ROOT / "schema" / "bundle.schema.json")
    assert list(Draft202012Validator(schema).iter_errors(bundle)) == []
    resources = load(project_copy / "dist/i18next/no-answers/ur/data-parallel.json")
    assert all("explanation" not in question for question in resources["questions"].values())


def test_both_i18next_variants_live_side_by_side(project_copy: Path, quizkit: Quizkit) -> None:
    """The delivery variant once overwrote the resources with answers in the same dist/."""
    assert quizkit(project_copy, "export", "-f", "i18next").returncode == 0
    assert quizkit(project_copy, "export", "-f", "i18next", "--no-answers").returncode == 0
    with_answers = load(project_copy / "dist/i18next/ur/data-parallel.json")
    delivery = load(project_copy / "dist/i18next/no-answers/ur/data-parallel.json")
    assert all("explanation" in question for question in with_answers["questions"].values())
    assert all("explanation" not in question for question in delivery["questions"].values())
    assert load(project_copy / "dist/i18next/no-answers/ur/ui.json") == load(
        project_copy / "dist/i18next/ur/ui.json"
    )


def test_check_errors_block_export(project_copy: Path, quizkit: Quizkit) -> None:
    path = project_copy / CATALOG
    path.write_text(
        path.read_text(encoding="utf-8").replace("آپٹیمائزر کی حالت، جبکہ", "اصلاح کی حالت، جبکہ"),
        encoding="utf-8",
    )
    result = quizkit(project_copy, "export")
    assert result.returncode == 1
    assert "error[glossary-wrong-term]" in result.stdout
    assert result.stderr == "export blocked: 1 check error in the catalogs; fix them (quizkit check)\n"
    assert not (project_copy / "dist").exists()
    assert quizkit(project_copy, "export", "--no-checks").returncode == 0


def test_all_writes_every_registered_format(project_copy: Path, quizkit: Quizkit) -> None:
    from toolkit.exporters.base import exporter_names

    result = quizkit(project_copy, "export")
    assert result.returncode == 0, result.stdout + result.stderr
    assert sorted(path.name for path in (project_copy / "dist").iterdir()) == sorted(exporter_names())


def test_list_formats(quizkit: Quizkit) -> None:
    result = quizkit(ROOT, "export", "--list")
    assert result.returncode == 0
    assert "json     one self-contained JSON bundle per quiz and locale (all locales)" in result.stdout
    assert (
        "mo       compiled gettext catalogs (<locale>/LC_MESSAGES/<domain>.mo) (target locales)"
        in result.stdout
    )
    lines = result.stdout.splitlines()
    # Under each format, the question kinds it carries (a format leaves the others out, with a warning).
    mo = lines.index("mo       compiled gettext catalogs (<locale>/LC_MESSAGES/<domain>.mo) (target locales)")
    assert lines[mo + 1] == "         questions: every kind"
    gift = next(number for number, line in enumerate(lines) if line.startswith("gift "))
    assert lines[gift + 1] == (
        "         questions: single_choice, multiple_choice, true_false, short_answer, numeric, matching, ordering, "
        "essay"
    )


FORMULAS = """\
id: formulas
level: beginner
title: T
description: "Costs \\\\$5, and $x^2$"
questions:
  - id: ring
    type: single_choice
    prompt: "Each GPU sends $\\\\frac{2(N-1)}{N}$ of `$HOME`: $$\\\\sum_i x_i$$"
    options:
      - {id: right, text: "$5 and $10"}
      - {id: wrong, text: Wrong}
    correct: [right]
    explanation: |-
      Run:
      ```python
      send(chunk)  # $x$
      ```
      Done.
"""


def test_bundle_segments_carry_formulas_as_tex_and_code_blocks_with_their_kind(tmp_path: Path) -> None:
    project = fixture_project(tmp_path, {"formulas": FORMULAS})
    assert run_quizkit_in_process(project, "update").returncode == 0
    result = run_quizkit_in_process(project, "export", "-f", "json,i18next")
    assert result.returncode == 0, result.stdout + result.stderr
    bundle = load(project / "dist/json/formulas/en.json")
    assert list(Draft202012Validator(load(ROOT / "schema" / "bundle.schema.json")).iter_errors(bundle)) == []
    (question,) = bundle["questions"]
    assert question["prompt"] == "Each GPU sends $\\frac{2(N-1)}{N}$ of `$HOME`: $$\\sum_i x_i$$"
    assert question["segments"]["prompt"] == (
        [
            {"text": "Each GPU sends "},
            {"math": "\\frac{2(N-1)}{N}"},
            {"text": " of "},
            {"code": "$HOME"},
            {"text": ": "},
            {"display-math": "\\sum_i x_i"},
        ]
    )
    assert bundle["segments"] == {"description": [{"text": "Costs $5, and "}, {"math": "x^2"}]}
    assert "segments" not in question["options"][0]  # prices, not formulas
    assert question["segments"]["explanation"] == [
        {"text": "Run:"},
        {"code-block": "send(chunk)  # $x$"},
        {"text": "Done."},
    ]
    resources = load(project / "dist/i18next/en/formulas.json")
    assert resources["questions"]["ring"]["prompt"] == question["prompt"]  # the TeX as written


def test_a_translation_s_broken_formula_never_reaches_an_export(tmp_path: Path) -> None:
    project = fixture_project(tmp_path, {"formulas": FORMULAS})
    assert run_quizkit_in_process(project, "update").returncode == 0
    translate(
        project / "locales/ur/LC_MESSAGES/formulas.po",
        {"formulas.questions.ring.prompt": "ہر GPU $\\frac{2(N-1)}$ `$HOME`: $$\\sum_i x_i$$"},
    )
    blocked = run_quizkit_in_process(project, "export", "-f", "html")
    assert blocked.returncode == 1
    assert "error[inline-code]: formula $\\frac{2(N-1)}{N}$ is missing or changed" in blocked.stdout
    # Without the checks, the question whose translation fails them is shown in the source language.
    result = run_quizkit_in_process(project, "export", "-f", "html", "--no-checks")
    assert result.returncode == 0, result.stderr
    assert "formulas [ur]: 1 question in the source language: ring" in result.stdout
    page = (project / "dist/html/formulas/ur.html").read_text(encoding="utf-8")
    assert "\\frac{2(N-1)}$" not in page and "\\\\frac{2(N-1)}{N}" in page


def test_a_formula_in_a_title_is_its_plain_text_where_no_markup_goes(tmp_path: Path) -> None:
    """Issue 41: a quiz title is an attribute or a manifest string in the package formats (and the
    page's <title>): no MathML can go there, and TeX (\\frac) is no reading for a learner."""
    import io
    import re
    import zipfile

    project = fixture_project(
        tmp_path, {"formulas": FORMULAS.replace("title: T\n", 'title: "Ring: $\\\\frac{2(N-1)}{N}$"\n')}
    )
    assert run_quizkit_in_process(project, "update").returncode == 0
    result = run_quizkit_in_process(project, "export", "-f", "qti,canvas,cc,html")
    assert result.returncode == 0, result.stdout + result.stderr
    plain = "Ring: 2(N − 1)/N"
    page = (project / "dist/html/formulas/en.html").read_text(encoding="utf-8")
    assert f"<title>{plain}</title>" in page
    for package in ("qti/formulas/en.zip", "canvas/formulas/en.zip", "cc/formulas/en.imscc"):
        with zipfile.ZipFile(io.BytesIO((project / "dist" / package).read_bytes())) as archive:
            text = "".join(
                archive.read(name).decode("utf-8") for name in archive.namelist() if name.endswith(".xml")
            )
        titles = re.findall(r'title="([^"]*)"|<(?:\w+:)?(?:string|title)[^>]*>([^<]*)<', text)
        shown = {(first or second).strip() for first, second in titles} - {
            "",
            "ring",
            "General feedback",
            "Correct",
        }
        assert shown == {plain}, (package, shown)
