"""``quizkit review``, ``status``'s approved column, the stale-approval check and the release gate
(issue 21), on the tests' own project copied into ``tmp_path``."""

from __future__ import annotations

import json
from pathlib import Path

from lxml import etree
from mo_files import mo_messages
from support import run_quizkit

from toolkit.gettext.po_reader import parse_po
from toolkit.gettext.review import approval_hash, approvals, is_approved

CATALOG = "locales/ur/LC_MESSAGES/data-parallel.po"
UI_CATALOG = "locales/ur/LC_MESSAGES/ui.po"
KEY = "data-parallel.questions.gpu-holds.options.full-replica"
TRANSLATION = "ماڈل کی ایک مکمل کاپی، جو بیچ کے ایک مختلف ٹکڑے کو پروسیس کرتی ہے"
EDITED = "ماڈل کی پوری کاپی، جو بیچ کے ایک مختلف ٹکڑے کو پروسیس کرتی ہے"
NS = {"x": "urn:oasis:names:tc:xliff:document:2.0"}


def entries(project: Path, catalog: str = CATALOG) -> dict[str | None, object]:
    return dict(parse_po((project / catalog).read_text(encoding="utf-8"), catalog).by_context())


def line_of(project: Path, key: str, catalog: str = CATALOG) -> int:
    entry = entries(project, catalog)[key]
    return entry.line  # type: ignore[attr-defined,no-any-return]


def approve_everything(project: Path) -> None:
    result = run_quizkit(project, "review", "approve", "--locale", "ur", "--reviewer", "Test Reviewer")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].startswith("94 entries approved, 0 already approved")


def edit_translation(project: Path, old: str, new: str, catalog: str = CATALOG) -> None:
    path = project / catalog
    text = path.read_text(encoding="utf-8")
    assert text.count(f'msgstr "{old}"') == 1
    path.write_text(text.replace(f'msgstr "{old}"', f'msgstr "{new}"'), encoding="utf-8")


def json_question(project: Path, question: str) -> dict[str, object]:
    bundle = json.loads((project / "dist/json/data-parallel/ur.json").read_text(encoding="utf-8"))
    found: dict[str, object] = next(item for item in bundle["questions"] if item["id"] == question)
    return found


def xliff_state(project: Path, unit_id: str) -> str | None:
    root = etree.parse(str(project / "dist/xliff/ur/data-parallel.xlf")).getroot()
    segment = root.find(f".//x:unit[@id='{unit_id}']/x:segment", NS)
    assert segment is not None
    return segment.get("state")


def test_editing_an_approved_translation_sends_its_question_back_to_english_until_approved_again(
    project: Path,
) -> None:
    """Issue 21, done when: editing one approved translation makes build --require approved export
    that question in English and review --pending list it; approving it again restores it; XLIFF shows
    final for approved units."""
    approve_everything(project)
    built = run_quizkit(project, "build", "--require", "approved", "--format", "text")
    assert built.returncode == 0, built.stdout + built.stderr
    assert "in the source language" not in built.stdout
    assert "lang" not in json_question(project, "gpu-holds")  # in the bundle's language
    assert xliff_state(project, KEY) == "final"

    edit_translation(project, TRANSLATION, EDITED)
    pending = run_quizkit(project, "review", "--pending")
    assert pending.returncode == 0, pending.stderr
    assert pending.stdout == f"{CATALOG}:{line_of(project, KEY)}: {KEY}\n1 entry awaiting review\n"
    built = run_quizkit(project, "build", "--require", "approved", "--format", "text")
    assert built.returncode == 0, built.stdout + built.stderr
    assert (
        "in the source language (a text untranslated, fuzzy or not approved):\n"
        "  data-parallel [ur]: 1 question: gpu-holds\n"
    ) in built.stdout
    question = json_question(project, "gpu-holds")
    assert (question["lang"], question["prompt"]) == (
        "en",
        "In standard data parallelism, what does each GPU hold?",
    )
    assert xliff_state(project, KEY) == "translated"
    # Without the gate the edited translation is published, as before issue 21.
    assert run_quizkit(project, "build").returncode == 0
    assert "lang" not in json_question(project, "gpu-holds")  # in the bundle's language

    approved = run_quizkit(project, "review", "approve", "--key", KEY, "--reviewer", "Test Reviewer")
    assert approved.returncode == 0, approved.stderr
    assert approved.stdout == (
        f"{CATALOG}: written\n1 entry approved, 0 already approved, 0 not translated\n"
    )
    assert run_quizkit(project, "review", "--pending").stdout == "0 entries awaiting review\n"
    built = run_quizkit(project, "build", "--require", "approved", "--format", "text")
    assert built.returncode == 0, built.stdout + built.stderr
    assert "in the source language" not in built.stdout
    assert "lang" not in json_question(project, "gpu-holds")
    assert xliff_state(project, KEY) == "final"


def test_the_formats_that_read_the_catalogs_publish_no_unapproved_text_under_the_gate(project: Path) -> None:
    # The title and an interface message fall back one by one, not with a question: the .mo files and
    # the player's index read the catalogs themselves, and must leave those out as the quizzes do.
    approve_everything(project)
    edit_translation(project, "ڈیٹا پیرالیلزم کوئز", "ڈیٹا پیرالیلزم کا کوئز")
    edit_translation(project, "کوئز کی فہرست", "تمام کوئز", UI_CATALOG)
    built = run_quizkit(project, "build", "--require", "approved", "--format", "text")
    assert built.returncode == 0, built.stdout + built.stderr
    quiz_mo = mo_messages((project / "dist/mo/ur/LC_MESSAGES/data-parallel.mo").read_bytes())
    ui_mo = mo_messages((project / "dist/mo/ur/LC_MESSAGES/ui.mo").read_bytes())
    assert b"data-parallel.title\x04Data Parallelism Quiz" not in quiz_mo
    assert b"ui.quiz-list\x04Quizzes" not in ui_mo
    by_key = {original.split(b"\x04")[0]: text for original, text in quiz_mo.items()}
    assert by_key[KEY.encode()] == TRANSLATION.encode()  # an approved text stays
    index = etree.parse(str(project / "dist/html/index.html"), etree.HTMLParser()).getroot()
    assert ["".join(heading.itertext()) for heading in index.iter("h1")] == ["Quizzes"]

    assert run_quizkit(project, "build", "--format", "text").returncode == 0  # without the gate: published
    quiz_mo = mo_messages((project / "dist/mo/ur/LC_MESSAGES/data-parallel.mo").read_bytes())
    assert quiz_mo[b"data-parallel.title\x04Data Parallelism Quiz"] == "ڈیٹا پیرالیلزم کا کوئز".encode()
    ui_mo = mo_messages((project / "dist/mo/ur/LC_MESSAGES/ui.mo").read_bytes())
    assert ui_mo[b"ui.quiz-list\x04Quizzes"] == "تمام کوئز".encode()


def test_require_approved_in_the_configuration_gates_build_and_export_under_each_fallback_policy(
    project: Path,
) -> None:
    config = project / "pyproject.toml"
    config.write_text(config.read_text(encoding="utf-8") + 'require = "approved"\n', encoding="utf-8")
    approve_everything(project)
    edit_translation(project, TRANSLATION, EDITED)
    built = run_quizkit(project, "build")
    assert built.returncode == 0, built.stdout + built.stderr
    assert json_question(project, "gpu-holds")["lang"] == "en"
    omitted = run_quizkit(project, "export", "-f", "json", "--fallback", "omit")
    assert omitted.returncode == 0, omitted.stderr
    assert "data-parallel [ur]: 1 question left out: gpu-holds\n" in omitted.stdout
    failed = run_quizkit(project, "export", "-f", "json", "--fallback", "fail")
    assert failed.returncode == 1
    assert failed.stderr == (
        "error[fallback]: quiz data-parallel is not fully translated into ur: questions gpu-holds have "
        "untranslated, fuzzy or unapproved texts (fallback policy 'fail')\n"
    )
    # --require translated overrides the setting for one run.
    relaxed = run_quizkit(project, "export", "-f", "json", "--fallback", "fail", "--require", "translated")
    assert relaxed.returncode == 0, relaxed.stderr


def test_an_unknown_requirement_is_refused_with_its_line(project: Path) -> None:
    config = project / "pyproject.toml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text + 'require = "reviewed"\n', encoding="utf-8")
    result = run_quizkit(project, "build")
    assert result.returncode == 1
    line = len(text.splitlines()) + 1
    assert result.stderr == (
        f'pyproject.toml:{line}: error[config]: require must be "approved" (publish only approved '
        "translations) or \"translated\" (the default), found 'reviewed'\n"
    )


def test_status_counts_approved_entries_and_check_reports_a_void_approval(project: Path) -> None:
    approve_everything(project)
    edit_translation(project, TRANSLATION, EDITED)
    status = run_quizkit(project, "status", "--format", "json")
    rows = {row["domain"]: row for row in json.loads(status.stdout)}
    assert (rows["data-parallel"]["approved"], rows["ui"]["approved"]) == (49, 44)
    table = run_quizkit(project, "status").stdout.splitlines()
    assert table[0].endswith("entries done  approved")
    assert table[1].endswith("100.0%        49/50")
    check = run_quizkit(project, "check")
    entry = entries(project)[KEY]
    (void,) = approvals(entry)  # type: ignore[arg-type]
    assert (
        f"{CATALOG}:{entry.msgstr_line}: warning[stale-approval]: the approval by Test Reviewer on "  # type: ignore[attr-defined]
        f"{void.date} is void: the key, source or translation changed since (hash {void.hash}, now "
        f"{approval_hash(entry)}), so it is ignored; review the entry again, then quizkit review approve "  # type: ignore[arg-type]
        f"--key {KEY} --reviewer NAME (or quizkit review revoke --key {KEY}) [{KEY}]\n"
    ) in check.stdout


def test_approve_skips_fuzzy_entries_and_revoke_removes_approvals(project: Path) -> None:
    path = project / CATALOG
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f'msgctxt "{KEY}"', f'#, fuzzy\nmsgctxt "{KEY}"'), encoding="utf-8")
    result = run_quizkit(
        project, "review", "approve", "--question", "gpu-holds", "--reviewer", "Test Reviewer"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f"{CATALOG}:{line_of(project, KEY)}: {KEY}: not approved: fuzzy or not translated\n"
        f"{CATALOG}: written\n"
        "5 entries approved, 0 already approved, 1 not translated\n"
    )
    approved_keys = sorted(key for key, entry in entries(project).items() if is_approved(entry))  # type: ignore[arg-type]
    assert all(key.startswith("data-parallel.questions.gpu-holds.") for key in approved_keys)  # type: ignore[union-attr]
    again = run_quizkit(
        project, "review", "approve", "--question", "gpu-holds", "--reviewer", "Test Reviewer"
    )
    assert again.stdout.splitlines()[-1] == "0 entries approved, 5 already approved, 1 not translated"
    before = path.read_bytes()
    revoked = run_quizkit(project, "review", "revoke", "--quiz", "data-parallel")
    assert revoked.returncode == 0, revoked.stderr
    assert revoked.stdout == f"{CATALOG}: written\n5 approvals revoked\n"
    assert b"quizkit approved:" in before and b"quizkit approved:" not in path.read_bytes()


def test_review_refuses_what_it_cannot_do_and_writes_nothing(project: Path) -> None:
    before = (project / CATALOG).read_bytes()
    cases = [
        (("review", "approve", "--reviewer", "Test Reviewer"), 2),
        (("review", "approve", "--key", "data-parallel.nope", "--reviewer", "Test Reviewer"), 1),
        (("review", "approve", "--locale", "ur", "--reviewer", "  "), 1),
        (("review", "approve", "--locale", "fr", "--reviewer", "Test Reviewer"), 2),
    ]
    messages = []
    for arguments, code in cases:
        result = run_quizkit(project, *arguments)
        assert result.returncode == code, (arguments, result.stdout, result.stderr)
        messages.append(result.stderr)
    assert messages[:3] == [
        "error: choose what to review with --key, --question, --quiz or --locale (--locale L alone: every "
        "entry of L)\n",
        "locales: error[catalog]: no catalog entry has the key data-parallel.nope (quizkit review --pending "
        "lists the keys)\n",
        "error[review]: the reviewer's name is empty; pass --reviewer NAME\n",
    ]
    assert (project / CATALOG).read_bytes() == before


def test_approvals_survive_quizkit_update(project: Path) -> None:
    approve_everything(project)
    content = project / "content/data-parallel.yaml"
    text = content.read_text(encoding="utf-8")
    source = "A full copy of the model, processing a different slice of the batch"
    assert text.count(source) == 1
    content.write_text(
        text.replace(source, "A full copy of the model, processing its own slice of the batch")
    )
    result = run_quizkit(project, "update")
    assert result.returncode == 0, result.stderr
    found = entries(project)
    assert sum(is_approved(entry) for entry in found.values()) == 49  # type: ignore[arg-type]
    assert found[KEY].is_fuzzy and not is_approved(found[KEY])  # type: ignore[attr-defined,arg-type]
    assert run_quizkit(project, "review", "--pending").stdout == "0 entries awaiting review\n"


def test_compile_and_build_write_only_approved_translations_to_locales_under_the_gate(project: Path) -> None:
    """Issue 35: with require = "approved", dist/mo left unapproved entries out while quizkit compile
    (and build's compile step) wrote locales/<locale>/LC_MESSAGES/<domain>.mo, the file applications
    read, with every translation. Read here by Python's gettext, one of those applications."""
    import gettext
    import io

    config = project / "pyproject.toml"
    config.write_text(config.read_text(encoding="utf-8") + 'require = "approved"\n', encoding="utf-8")
    approve_everything(project)
    edit_translation(project, TRANSLATION, EDITED)
    compiled = project / "locales/ur/LC_MESSAGES/data-parallel.mo"
    source = "A full copy of the model, processing a different slice of the batch"
    other_key = "data-parallel.title"

    def translations() -> gettext.GNUTranslations:
        return gettext.GNUTranslations(io.BytesIO(compiled.read_bytes()))

    result = run_quizkit(project, "compile", "--locale", "ur")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == (
        "locales/ur/LC_MESSAGES/data-parallel.mo: written (49 of 50 messages approved; 1 translated but "
        'not approved left out (require = "approved"))'
    )
    assert translations().pgettext(KEY, source) == source  # gettext shows the source text
    assert translations().pgettext(other_key, "Data Parallelism Quiz") == "ڈیٹا پیرالیلزم کوئز"

    compiled.unlink()
    built = run_quizkit(project, "build", "--format", "text")
    assert built.returncode == 0, built.stdout + built.stderr
    assert translations().pgettext(KEY, source) == source

    refused = run_quizkit(project, "compile", "--use-fuzzy")
    assert (refused.returncode, refused.stderr) == (
        1,
        "error[compile]: --use-fuzzy compiles fuzzy translations, which the release gate "
        '(require = "approved") holds back; leave out --use-fuzzy, or pass --require translated for this '
        "run\n",
    )
    relaxed = run_quizkit(project, "compile", "--require", "translated")
    assert relaxed.returncode == 0, relaxed.stderr
    assert translations().pgettext(KEY, source) == EDITED
