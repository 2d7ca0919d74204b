"""The two files of a Canvas QTI package besides the assessment: ``imsmanifest.xml`` and Canvas's quiz
settings (``assessment_meta.xml``), laid out as Canvas's own exports and text2qti write them.

Their identifiers, like the assessment's, come from ``<quiz> [<locale>]`` (``base``): stable for the same
content, and different per locale, so the packages of two locales import as two quizzes. The manifest
carries no date (the package stays byte-identical); the quiz is imported unpublished, one attempt, keeping
the highest score, with the correct answers shown after submitting.
"""

from __future__ import annotations

from lxml import etree

from toolkit.exporters.lms.qti12 import SCHEMA_LOCATION, XSI_NAMESPACE, ident

CANVAS_NAMESPACE = "http://canvas.instructure.com/xsd/cccv1p0"
CANVAS_SCHEMA_LOCATION = f"{CANVAS_NAMESPACE} https://canvas.instructure.com/xsd/cccv1p0.xsd"
CP_NAMESPACE = "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1"
CP_SCHEMA_LOCATION = f"{CP_NAMESPACE} http://www.imsglobal.org/xsd/imscp_v1p1.xsd"
IMSMD_NAMESPACE = "http://www.imsglobal.org/xsd/imsmd_v1p2"
QTI_RESOURCE = "imsqti_xmlv1p2"
META_RESOURCE = "associatedcontent/imscc_xmlv1p1/learning-application-resource"
META_FILE = "assessment_meta.xml"


def assessment_ident(base: str) -> str:
    """The assessment's identifier, which also names its folder and file in the package."""
    return ident(base)


def _element(
    parent: etree._Element, namespace: str, name: str, text: str | None = None, **attributes: str
) -> etree._Element:
    element = etree.SubElement(parent, f"{{{namespace}}}{name}", attributes)
    element.text = text
    return element


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
        _element(quiz, CANVAS_NAMESPACE, name, value)
    assignment = _element(quiz, CANVAS_NAMESPACE, "assignment", identifier=ident(f"{base} assignment"))
    for name, value in (
        ("title", title),
        ("workflow_state", "unpublished"),
        ("quiz_identifierref", assessment),
        ("points_possible", points),
        ("grading_type", "points"),
        ("submission_types", "online_quiz"),
    ):
        _element(assignment, CANVAS_NAMESPACE, name, value)
    _element(quiz, CANVAS_NAMESPACE, "assignment_group_identifierref", ident(f"{base} assignment group"))
    return quiz


def manifest(base: str, title: str, language: str) -> etree._Element:
    """``imsmanifest.xml``: the assessment as an ``imsqti_xmlv1p2`` resource depending on its settings."""
    root = etree.Element(
        f"{{{CP_NAMESPACE}}}manifest",
        nsmap={None: CP_NAMESPACE, "imsmd": IMSMD_NAMESPACE, "xsi": XSI_NAMESPACE},
        identifier=ident(f"{base} manifest"),
    )
    root.set(SCHEMA_LOCATION, CP_SCHEMA_LOCATION)
    metadata = _element(root, CP_NAMESPACE, "metadata")
    _element(metadata, CP_NAMESPACE, "schema", "IMS Content")
    _element(metadata, CP_NAMESPACE, "schemaversion", "1.1.3")
    lom = _element(metadata, IMSMD_NAMESPACE, "lom")
    heading = _element(_element(lom, IMSMD_NAMESPACE, "general"), IMSMD_NAMESPACE, "title")
    _element(heading, IMSMD_NAMESPACE, "string", title, language=language)
    _element(root, CP_NAMESPACE, "organizations")
    resources = _element(root, CP_NAMESPACE, "resources")
    folder = assessment_ident(base)
    meta = ident(f"{base} meta")
    resource = _element(resources, CP_NAMESPACE, "resource", identifier=folder, type=QTI_RESOURCE)
    _element(resource, CP_NAMESPACE, "file", href=f"{folder}/{folder}.xml")
    _element(resource, CP_NAMESPACE, "dependency", identifierref=meta)
    href = f"{folder}/{META_FILE}"
    resource = _element(resources, CP_NAMESPACE, "resource", identifier=meta, type=META_RESOURCE, href=href)
    _element(resource, CP_NAMESPACE, "file", href=href)
    return root
