"""The interface messages (``content/ui.yaml``) the quiz player shows, by name.

The player (``toolkit/exporters/player/*.js``, in the html pages and the scorm and cc packages) puts each
in a button, a hint or a label; a project whose ui.yaml lacks one gets an empty button in its place (an
empty Restart button on the results page), so validation refuses such a ui.yaml. The true/false labels
are not listed: the player falls back to the source language's words for them. The page around the
player names a few more (``guide-linked-quiz``, ``level-*``, ``language``, ``quiz-list``), each with a
fallback of its own. ``tests/content/test_player_messages.py`` holds this list to the player's code.
"""

from __future__ import annotations

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
