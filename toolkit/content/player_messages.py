"""The interface messages (``content/ui.yaml``) the quiz player shows, by name, and each question kind's
hint, declared here once.

The player (``toolkit/exporters/player/*.js``, in the html pages and the scorm and cc packages) puts each
in a button, a hint or a label; a project whose ui.yaml lacks one gets an empty button in its place (an
empty Restart button on the results page), so validation refuses such a ui.yaml. The true/false labels
are not listed: the player falls back to the source language's words for them. The page around the
player names a few more (``guide-linked-quiz``, ``level-*``, ``language``, ``quiz-list``), each with a
fallback of its own. ``tests/content/test_player_messages.py`` holds this list to the player's code.

A question kind's hint (the line under its prompt that says what to do; its entry's ``hint`` in
``player/kinds.js``) is declared in :data:`KIND_HINTS` with its English text and translator comment, so
that a new kind's hint reaches every project: where a ``ui.yaml`` lacks one, the loader adds it with
quizkit's English (it is extracted, translated and shown like the others), validation warns that the
file lacks it, and ``quizkit init`` writes it into a new project's ``ui.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KindHint:
    """A question kind's hint: the message a project's ``ui.yaml`` may word its own way."""

    name: str
    text: str
    comment: str


KIND_HINTS: tuple[KindHint, ...] = (
    KindHint(
        "choose-one", "Choose one answer.", "Hint under a question that has exactly one correct option."
    ),
    KindHint(
        "choose-all",
        "Choose all answers that apply.",
        "Hint under a question that may have more than one correct option.",
    ),
    KindHint(
        "type-answer", "Type your answer.", "Hint under a question answered by typing a word or phrase."
    ),
    KindHint(
        "type-number",
        "Type a number.",
        "Hint under a question answered by typing a number; Urdu, Arabic and Latin digits are all accepted.",
    ),
    KindHint(
        "match-each",
        "Choose the matching answer for each item.",
        "Hint under a matching question, where each item has a drop-down list of answers.",
    ),
    KindHint(
        "order-items",
        "Put the items in the right order with the Move up and Move down buttons.",
        'Hint under an ordering question. "Move up" and "Move down" are the buttons next to each item.',
    ),
    KindHint(
        "fill-blanks",
        "Fill in each blank.",
        "Hint under a sentence with blanks to type in or choose from a drop-down list.",
    ),
    KindHint("write-answer", "Write your answer.", "Hint under an essay question."),
)
"""Every kind's hint, in the order quizkit init's ui.yaml lists them (single choice and true/false share
``choose-one``)."""

PLAYER_MESSAGES: tuple[str, ...] = (
    "question-progress",
    "choose-one",
    "choose-all",
    "check-answer",
    "next-question",
    "see-results",
    "correct",
    "incorrect",
    "partly-correct",
    "submitted",
    "submit-answer",
    "type-answer",
    "type-number",
    "match-each",
    "choose-match",
    "choose-option",
    "order-items",
    "move-up",
    "move-down",
    "moved",
    "fill-blanks",
    "blank-label",
    "write-answer",
    "model-answer",
    "score-points",
    "explanation",
    "score",
    "review",
    "your-answer",
    "correct-answer",
    "not-answered",
    "restart",
)
"""In the order quizkit init's ui.yaml lists them."""
