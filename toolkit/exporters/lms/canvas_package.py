"""The two files of a Canvas QTI package besides the assessment: ``imsmanifest.xml`` and Canvas's quiz
settings (``assessment_meta.xml``), laid out as Canvas's own exports and text2qti write them.

Their identifiers, like the assessment's, come from ``<quiz> [<locale>]`` (``base``): stable for the same
content, and different per locale, so the packages of two locales import as two quizzes. The manifest
carries no date (the package stays byte-identical); the quiz is imported unpublished, one attempt, keeping
the highest score, with the correct answers shown after submitting.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from toolkit.exporters.lms.cc_package import CP_NAMESPACE, element, manifest_root, web_content
from toolkit.exporters.lms.qti12 import SCHEMA_LOCATION, XSI_NAMESPACE, ident

CANVAS_NAMESPACE = "http://canvas.instructure.com/xsd/cccv1p0"
CANVAS_SCHEMA_LOCATION = f"{CANVAS_NAMESPACE} https://canvas.instructure.com/xsd/cccv1p0.xsd"
CP_SCHEMA_LOCATION = f"{CP_NAMESPACE} http://www.imsglobal.org/xsd/imscp_v1p1.xsd"
IMSMD_NAMESPACE = "http://www.imsglobal.org/xsd/imsmd_v1p2"
QTI_RESOURCE = "imsqti_xmlv1p2"
META_RESOURCE = "associatedcontent/imscc_xmlv1p1/learning-application-resource"
META_FILE = "assessment_meta.xml"


def assessment_ident(base: str) -> str:
    """The assessment's identifier, which also names its folder and file in the package."""
    return ident(base)


def assessment_meta(
    base: str, title: str, description_html: str, questions: int, shuffles: bool
) -> etree._Element:
    """Canvas's settings of the quiz (namespace ``cccv1p0``): title, description, points, shuffling."""
    assessment = assessment_ident(base)
    quiz = etree.Element(
        f"{{{CANVAS_NAMESPACE}}}quiz",
        nsmap={None: CANVAS_NAMESPACE, "xsi": XSI_NAMESPACE},
        identifier=assessment,
    )
    quiz.set(SCHEMA_LOCATION, CANVAS_SCHEMA_LOCATION)
    points = f"{questions}.0"
    for name, value in (
        ("title", title),
        ("description", description_html),
        ("shuffle_answers", "true" if shuffles else "false"),
        ("scoring_policy", "keep_highest"),
        ("quiz_type", "assignment"),
        ("points_possible", points),
        ("show_correct_answers", "true"),
        ("anonymous_submissions", "false"),
        ("could_be_locked", "false"),
        ("allowed_attempts", "1"),
        ("one_question_at_a_time", "false"),
        ("cant_go_back", "false"),
        ("available", "false"),
        ("one_time_results", "false"),
        ("only_visible_to_overrides", "false"),
        ("module_locked", "false"),
    ):
        element(quiz, CANVAS_NAMESPACE, name, value)
    assignment = element(quiz, CANVAS_NAMESPACE, "assignment", identifier=ident(f"{base} assignment"))
    for name, value in (
        ("title", title),
        ("workflow_state", "unpublished"),
        ("quiz_identifierref", assessment),
        ("points_possible", points),
        ("grading_type", "points"),
        ("submission_types", "online_quiz"),
    ):
        element(assignment, CANVAS_NAMESPACE, name, value)
    element(quiz, CANVAS_NAMESPACE, "assignment_group_identifierref", ident(f"{base} assignment group"))
    return quiz


def manifest(base: str, title: str, language: str, files: Sequence[str] = ()) -> etree._Element:
    """``imsmanifest.xml``: the assessment as an ``imsqti_xmlv1p2`` resource depending on its settings and
    on the ``files`` (paths in the package) its items show, each a ``webcontent`` resource."""
    root, metadata = manifest_root(base, "imsmd", IMSMD_NAMESPACE, CP_SCHEMA_LOCATION, "IMS Content", "1.1.3")
    lom = element(metadata, IMSMD_NAMESPACE, "lom")
    heading = element(element(lom, IMSMD_NAMESPACE, "general"), IMSMD_NAMESPACE, "title")
    element(heading, IMSMD_NAMESPACE, "string", title, language=language)
    element(root, CP_NAMESPACE, "organizations")
    resources = element(root, CP_NAMESPACE, "resources")
    folder = assessment_ident(base)
    meta = ident(f"{base} meta")
    assessment = element(resources, CP_NAMESPACE, "resource", identifier=folder, type=QTI_RESOURCE)
    element(assessment, CP_NAMESPACE, "file", href=f"{folder}/{folder}.xml")
    element(assessment, CP_NAMESPACE, "dependency", identifierref=meta)
    href = f"{folder}/{META_FILE}"
    resource = element(resources, CP_NAMESPACE, "resource", identifier=meta, type=META_RESOURCE, href=href)
    element(resource, CP_NAMESPACE, "file", href=href)
    web_content(resources, assessment, base, files)
    return root
