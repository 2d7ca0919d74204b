"""``scorm``: the package layout (one copy of the stylesheet and scripts for every page), the manifest
valid against SCORM 1.2's schemas, the pages as the html format builds them with the adapter after the
player, the launch page, the mastery score setting (data, not code), determinism. What the package does
under an LMS is in test_scorm_browser.py."""

from __future__ import annotations

import hashlib
import io
import json
import re
import zipfile
from decimal import Decimal
from pathlib import Path, PurePosixPath
from typing import Any

import lxml.html
import pytest
from exporters.player.test_html_kinds import every_type_request
from lxml import etree
from standard_schemas import scorm12_manifest_schema
from support import copy_project, fixture_project, run_quizkit, run_quizkit_in_process

from toolkit.exporters.archive import ZIP_TIMESTAMP
from toolkit.exporters.base import ALL_QUESTION_TYPES, question_types
from toolkit.exporters.player.assets import player_asset
from toolkit.exporters.player.html import player_script
from toolkit.exporters.player.html_export import HtmlExporter
from toolkit.exporters.player.scorm import ScormExporter, scorm_package
from toolkit.exporters.player.scorm_manifest import mastery_text
from toolkit.exporters.player.view import view

IMSCP = "{http://www.imsproject.org/xsd/imscp_rootv1p1p2}"
ADLCP = "{http://www.adlnet.org/xsd/adlcp_rootv1p2}"
SUSPEND_DATA_LIMIT = 4096


def entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def every_type_package(mastery: Decimal = Decimal(80)) -> dict[str, bytes]:
    return entries(scorm_package(every_type_request().versions("every-type"), mastery))


def manifest_errors(manifest: bytes) -> list[str]:
    schema = scorm12_manifest_schema()
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    schema.validate(etree.fromstring(manifest, parser))
    return [f"{error.line}: {error.message}" for error in schema.error_log]


def script_sources(page: bytes) -> list[str]:
    """The scripts a page runs, in order; it has no inline one."""
    document = lxml.html.fromstring(page)
    assert [element.get("type") for element in document.xpath("//script[not(@src)]")] in (
        ["application/json"],
        ["application/json", "application/json"],
    )
    return list(document.xpath("//script/@src"))


def policy(page: bytes) -> str:
    (meta,) = lxml.html.fromstring(page).xpath("//meta[@http-equiv='Content-Security-Policy']")
    content: str = meta.get("content")
    return content


def hashed(stem: str, suffix: str, text: str) -> str:
    return f"assets/{stem}-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:12]}{suffix}"


STYLESHEET = hashed("player", ".css", player_asset("player.css"))
PLAYER = hashed("player", ".js", player_script())
ADAPTER = hashed("scorm", ".js", player_asset("scorm.js") + "\n" + player_asset("scorm_player.js"))


def test_the_scorm_format_carries_every_kind_in_one_package_per_quiz() -> None:
    assert question_types(ScormExporter) == ALL_QUESTION_TYPES
    outputs = list(ScormExporter().export(every_type_request()))
    assert [(output.path, output.quiz) for output in outputs] == [
        (PurePosixPath("every-type.zip"), "every-type")
    ]
    package = entries(outputs[0].data)
    assert sorted(package) == sorted(
        [ADAPTER, PLAYER, STYLESHEET, "en.html", "imsmanifest.xml", "index.html", "ur.html"]
    )
    # One copy of the stylesheet and of each script, for every page of the package.
    assert package[STYLESHEET].decode("utf-8") == player_asset("player.css")
    assert package[PLAYER].decode("utf-8") == player_script()
    for name in ("en.html", "ur.html", "index.html"):
        assert lxml.html.fromstring(package[name]).xpath("//link/@href") == [STYLESHEET]
        assert not lxml.html.fromstring(package[name]).xpath("//style | //@style")
        assert policy(package[name]).startswith("default-src 'none'; script-src 'self'; style-src 'self';")


def test_the_manifest_is_valid_scorm_1_2_and_lists_every_file() -> None:
    package = every_type_package()
    assert manifest_errors(package["imsmanifest.xml"]) == []
    root = etree.fromstring(package["imsmanifest.xml"])
    assert root.findtext(f"{IMSCP}metadata/{IMSCP}schema") == "ADL SCORM"
    assert root.findtext(f"{IMSCP}metadata/{IMSCP}schemaversion") == "1.2"
    (organization,) = root.iter(f"{IMSCP}organization")
    assert root.find(f"{IMSCP}organizations").get("default") == organization.get("identifier")
    assert organization.findtext(f"{IMSCP}title") == "Every question type"
    (item,) = organization.iter(f"{IMSCP}item")
    assert item.findtext(f"{ADLCP}masteryscore") == "80"
    (resource,) = root.iter(f"{IMSCP}resource")
    assert item.get("identifierref") == resource.get("identifier")
    assert resource.get(f"{ADLCP}scormtype") == "sco"
    assert resource.get("href") == "index.html"
    listed = [file.get("href") for file in resource.iter(f"{IMSCP}file")]
    assert listed == sorted(set(package) - {"imsmanifest.xml"})


@pytest.mark.parametrize(
    ("score", "written"), [(Decimal(80), "80"), (Decimal("62.5"), "62.5"), (Decimal(0), "0")]
)
def test_the_mastery_score_is_written_as_scorm_reads_it(score: Decimal, written: str) -> None:
    assert mastery_text(score) == written
    package = every_type_package(score)
    assert manifest_errors(package["imsmanifest.xml"]) == []
    assert etree.fromstring(package["imsmanifest.xml"]).findtext(f".//{ADLCP}masteryscore") == written
    for name in ("en.html", "ur.html"):
        (settings,) = lxml.html.fromstring(package[name]).xpath("//script[@id='scorm-settings']")
        assert json.loads(settings.text) == {"masteryScore": written}
    # The setting is data: the scripts are the same in every package.
    assert sorted(package) == sorted(every_type_package())
    assert all(package[name] == every_type_package()[name] for name in package if name.startswith("assets/"))


def test_each_locale_page_is_the_html_page_with_the_adapter_after_the_player() -> None:
    request = every_type_request()
    every = request.versions("every-type")
    package = every_type_package()
    html_pages = {output.path.name: output.data for output in HtmlExporter().export(request)}
    for localized in every:
        name = f"{localized.locale.tag}.html"
        assert script_sources(package[name]) == [PLAYER, ADAPTER]
        assert script_sources(html_pages[name]) == [f"../{PLAYER}"]
        # Apart from the adapter, its settings and the links to the assets beside the page (not one
        # folder up), the page is the html format's, policy included.
        plain, packaged = lxml.html.fromstring(html_pages[name]), lxml.html.fromstring(package[name])
        assert policy(package[name]) == policy(html_pages[name])
        for element in packaged.xpath(f"//script[@id='scorm-settings'] | //script[@src='{ADAPTER}']"):
            element.getparent().remove(element)
        for element in plain.xpath("//link | //script[@src]"):
            attribute = "href" if element.tag == "link" else "src"
            element.set(attribute, element.get(attribute).removeprefix("../"))
        assert lxml.html.tostring(plain) == lxml.html.tostring(packaged)


def test_the_launch_page_lists_every_locale_and_carries_them_for_the_choice() -> None:
    page = every_type_package()["index.html"]
    document = lxml.html.fromstring(page)
    assert document.get("lang") == "en"
    links = [(link.get("href"), link.text) for link in document.xpath("//a[@data-locale-link]")]
    assert links == [("en.html", "English"), ("ur.html", "اردو")]
    (data,) = document.xpath("//script[@id='scorm-launch']")
    assert json.loads(data.text) == {"locales": ["en", "ur"], "source": "en"}
    # The adapter's script, the same file as the player pages', sees the launch data and goes on.
    assert script_sources(page) == [ADAPTER]
    assert "script-src 'self';" in policy(page)
    assert "quizkitScorm.launch();" in player_asset("scorm.js")


def test_the_package_is_deterministic() -> None:
    first, second = (
        scorm_package(every_type_request().versions("every-type"), Decimal(80)) for _ in range(2)
    )
    assert first == second
    with zipfile.ZipFile(io.BytesIO(first)) as archive:
        assert {info.date_time for info in archive.infolist()} == {ZIP_TIMESTAMP}


def longest_saved_state(questions: list[dict[str, Any]]) -> str:
    """The longest state the player saves for choice questions: every question answered, every option
    of each chosen (the adapter saves the player's hash without "#")."""
    tokens = []
    for question in questions:
        assert question["type"] in ("single_choice", "multiple_choice"), question["type"]
        tokens.append("+".join(question["order"]))
    total = len(questions)
    return f"q={total + 1}&score={total - 1}/{total}&answers=" + ".".join(tokens)


def test_the_largest_quiz_of_the_fixture_saves_within_the_suspend_data_limit(tmp_path: Path) -> None:
    """The shipped fixture quiz (choice questions only) can never reach cmi.suspend_data's 4,096
    characters; typed answers can, and are dropped longest first (test_scorm_browser.py)."""
    project = copy_project(tmp_path / "project")
    result = run_quizkit(project, "export", "-f", "scorm")
    assert result.returncode == 0, result.stderr
    (path,) = (project / "dist" / "scorm").iterdir()
    package = entries(path.read_bytes())
    for locale in ("en", "ur"):
        (element,) = lxml.html.fromstring(package[f"{locale}.html"]).xpath("//script[@id='quiz-data']")
        questions = json.loads(element.text)["view"]["questions"]
        assert len(longest_saved_state(questions)) < SUSPEND_DATA_LIMIT
    assert manifest_errors(package["imsmanifest.xml"]) == []


def test_the_mastery_score_setting_reaches_the_manifest(tmp_path: Path) -> None:
    project = fixture_project(tmp_path / "project")
    config = project / "quizkit.toml"
    config.write_text(config.read_text(encoding="utf-8") + "scorm-mastery-score = 62.5\n", encoding="utf-8")
    assert run_quizkit(project, "update").returncode == 0
    result = run_quizkit(project, "export", "-f", "scorm")
    assert result.returncode == 0, result.stderr
    package = entries((project / "dist" / "scorm" / "tiny.zip").read_bytes())
    assert etree.fromstring(package["imsmanifest.xml"]).findtext(f".//{ADLCP}masteryscore") == "62.5"


@pytest.mark.parametrize(
    "value", ["-1", "100.5", "80.125", '"80"', "true", "nan", "inf"], ids=lambda value: value.strip('"')
)
def test_a_mastery_score_that_is_no_percentage_is_a_located_error(tmp_path: Path, value: str) -> None:
    project = fixture_project(tmp_path / "project")
    config = project / "quizkit.toml"
    config.write_text(
        config.read_text(encoding="utf-8") + f"scorm-mastery-score = {value}\n", encoding="utf-8"
    )
    result = run_quizkit(project, "export", "-f", "scorm")
    assert result.returncode == 1
    shown = {'"80"': "'80'", "true": "True"}.get(value, value)
    assert result.stderr == (
        "quizkit.toml:3: error[config]: scorm-mastery-score must be a percentage from 0 to 100 (such as 80 "
        f"or 62.5), found {shown}\n"
    )
    assert not re.search(r"Traceback", result.stderr)


def scorm_project(tmp_path: Path, settings: str, config_file: str = "quizkit.toml") -> Path:
    """The fixture project with ``settings`` appended to its configuration, catalogs made."""
    project = fixture_project(tmp_path / "project")
    if config_file == "pyproject.toml":
        body = (project / "quizkit.toml").read_text(encoding="utf-8")
        (project / "quizkit.toml").unlink()
        (project / "pyproject.toml").write_text(f"[tool.quizkit]\n{body}{settings}", encoding="utf-8")
    else:
        config = project / "quizkit.toml"
        config.write_text(config.read_text(encoding="utf-8") + settings, encoding="utf-8")
    assert run_quizkit(project, "update").returncode == 0
    return project


def written_mastery_score(project: Path) -> str | None:
    package = entries((project / "dist" / "scorm" / "tiny.zip").read_bytes())
    return etree.fromstring(package["imsmanifest.xml"]).findtext(f".//{ADLCP}masteryscore")


@pytest.mark.parametrize(
    ("config_file", "settings"),
    [
        ("quizkit.toml", "[formats.scorm]\nmastery-score = 62.5\n"),
        ("pyproject.toml", "[tool.quizkit.formats.scorm]\nmastery-score = 62.5\n"),
        ("quizkit.toml", "formats.scorm.mastery-score = 62.5\n"),
    ],
)
def test_the_mastery_score_is_a_setting_of_the_scorm_format(
    tmp_path: Path, config_file: str, settings: str
) -> None:
    project = scorm_project(tmp_path, settings, config_file)
    result = run_quizkit(project, "export", "-f", "scorm")
    assert (result.returncode, result.stderr) == (0, "")
    assert written_mastery_score(project) == "62.5"


def test_the_mastery_score_is_80_where_the_configuration_sets_none(tmp_path: Path) -> None:
    project = scorm_project(tmp_path, "")
    assert run_quizkit(project, "export", "-f", "scorm").returncode == 0
    assert written_mastery_score(project) == "80"


@pytest.mark.parametrize(
    ("settings", "stderr", "score"),
    [
        (
            "scorm-mastery-score = 62.5\n",
            "quizkit.toml:3: warning[config]: scorm-mastery-score is deprecated; write mastery-score = 62.5 "
            "under [formats.scorm] instead\n",
            "62.5",
        ),
        (
            "scorm-mastery-score = 62.5\n[formats.scorm]\nmastery-score = 70\n",
            "quizkit.toml:3: warning[config]: scorm-mastery-score is deprecated, and ignored here: "
            "[formats.scorm] sets mastery-score; remove scorm-mastery-score\n",
            "70",
        ),
    ],
    ids=["old-key-alone", "both-keys"],
)
def test_the_old_mastery_score_key_works_with_a_deprecation_warning(
    tmp_path: Path, settings: str, stderr: str, score: str
) -> None:
    project = scorm_project(tmp_path, settings)
    result = run_quizkit(project, "export", "-f", "scorm")
    assert (result.returncode, result.stderr) == (0, stderr)
    assert written_mastery_score(project) == score


def test_the_deprecation_warning_names_the_pyproject_table(tmp_path: Path) -> None:
    project = scorm_project(tmp_path, "scorm-mastery-score = 70\n", "pyproject.toml")
    result = run_quizkit(project, "export", "-f", "scorm")
    assert (result.returncode, result.stderr) == (
        0,
        "pyproject.toml:4: warning[config]: scorm-mastery-score is deprecated; write mastery-score = 70 under "
        "[tool.quizkit.formats.scorm] instead\n",
    )
    assert written_mastery_score(project) == "70"


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        (
            "[formats.scorm]\nmastery-score = 80.125\n",
            "quizkit.toml:4: error[config]: formats.scorm.mastery-score must be a percentage from 0 to 100 "
            "(such as 80 or 62.5), found 80.125",
        ),
        (
            '[formats.scorm]\nmastery-score = "80"\n',
            "quizkit.toml:4: error[config]: formats.scorm.mastery-score must be a percentage from 0 to 100 "
            "(such as 80 or 62.5), found '80'",
        ),
        (
            "[formats.scorm]\nmastery = 80\n",
            "quizkit.toml:4: error[config]: unknown setting 'mastery' in formats.scorm; did you mean "
            "'mastery-score'?",
        ),
        (
            "[formats.scrom]\nmastery-score = 80\n",
            "quizkit.toml:3: error[config]: formats.scrom sets the settings of 'scrom', which is no registered "
            "format; the formats are: canvas, cc, gift, html, i18next, json, mo, moodle, qti, scorm, xliff",
        ),
        (
            "[formats]\nscorm = 80\n",
            "quizkit.toml:4: error[config]: formats.scorm must be a table of the format's settings, such as "
            "[formats.scorm], found 80",
        ),
        (
            'formats = "scorm"\n',
            "quizkit.toml:3: error[config]: formats must be a table of tables, one per format, such as "
            "[formats.scorm]",
        ),
    ],
    ids=[
        "too-many-decimals",
        "text",
        "unknown-setting",
        "unknown-format",
        "format-not-a-table",
        "not-a-table",
    ],
)
def test_a_format_setting_it_cannot_take_is_a_located_error(
    tmp_path: Path, settings: str, message: str
) -> None:
    project = fixture_project(tmp_path / "project")
    config = project / "quizkit.toml"
    config.write_text(config.read_text(encoding="utf-8") + settings, encoding="utf-8")
    result = run_quizkit(project, "export", "-f", "scorm")
    assert (result.returncode, result.stderr) == (1, message + "\n")
    assert not (project / "dist" / "scorm").exists()


def test_export_list_names_each_formats_settings(tmp_path: Path) -> None:
    project = fixture_project(tmp_path / "project")
    lines = run_quizkit(project, "export", "--list").stdout.splitlines()
    scorm = next(number for number, line in enumerate(lines) if line.startswith("scorm "))
    assert lines[scorm + 2] == "         settings: mastery-score (default 80)"
    assert [line for line in lines if "settings:" in line] == [lines[scorm + 2]]


def test_the_view_the_adapter_reads_holds_no_more_than_the_html_page() -> None:
    """The adapter builds its interactions from the page's own data: nothing is added for SCORM."""
    request = every_type_request()
    every = request.versions("every-type")
    package = every_type_package()
    for localized in every:
        (element,) = lxml.html.fromstring(package[f"{localized.locale.tag}.html"]).xpath(
            "//script[@id='quiz-data']"
        )
        assert json.loads(element.text)["view"] == json.loads(json.dumps(view(localized, True)))


def test_a_package_carries_its_images_and_lists_them_in_the_manifest(tmp_path: Path) -> None:
    from image_project import images_project

    project = images_project(tmp_path)
    result = run_quizkit_in_process(project, "export", "-f", "scorm", "--strict")
    assert result.returncode == 0, result.stdout + result.stderr
    package = entries((project / "dist/scorm/images.zip").read_bytes())
    assert manifest_errors(package["imsmanifest.xml"]) == []
    media = sorted(name for name in package if name.startswith("media/"))
    assert [name.split("/")[1].rsplit("-", 1)[0] for name in media] == [
        "divider",
        "ring",
        "ring",
        "square",
        "tree",
    ]
    assert package[media[1]] in {
        (project / "content/media/ring.png").read_bytes(),
        (project / "content/media/ur/ring.png").read_bytes(),
    }
    listed = [file.get("href") for file in etree.fromstring(package["imsmanifest.xml"]).iter(f"{IMSCP}file")]
    assert set(media) <= set(listed)
    # The pages are beside media/ in the package: their images are linked from there, under a policy that
    # lets the page show its own images.
    assert f'"src":"{media[0]}"' in package["en.html"].decode()
    assert "img-src 'self'" in policy(package["ur.html"])
