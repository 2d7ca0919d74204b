"""Hypothesis profiles: how many examples the property tests try.

``ci`` (the default, and what ``./dev test`` and .ci/run use) tries each property test's full number;
``dev`` (``./dev test --fast``, or ``QUIZKIT_HYPOTHESIS_PROFILE=dev``) a tenth of it, for the edit-test loop.
A test states its full number through :func:`examples`, never as a bare ``max_examples``, so that the
profile can scale it. Neither profile has a deadline: tests never assert wall-clock times, and a loaded
machine would otherwise fail a slow example."""

from __future__ import annotations

import os

from hypothesis import settings

VARIABLE = "QUIZKIT_HYPOTHESIS_PROFILE"
FULL = 100
"""The ``ci`` profile's max_examples (Hypothesis's own default): :func:`examples` gives a test's number
unchanged under it."""

settings.register_profile("ci", max_examples=FULL, deadline=None)
settings.register_profile("dev", max_examples=FULL // 10, deadline=None)
settings.load_profile(os.environ.get(VARIABLE, "ci"))


def examples(full: int) -> int:
    """``full`` under the ``ci`` profile; scaled down as the loaded profile's max_examples is (a tenth under
    ``dev``), and at least 2, so that a property is always tried on more than one example."""
    return max(2, full * settings.default.max_examples // FULL)
