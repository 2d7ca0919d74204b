"""``quizkit screenshots``: every string the player shows, captured in a real browser where the learner sees
it, one PNG per key and locale (docs/translating.md). :mod:`toolkit.screenshots.naming` is the one rule
for where each lands; the catalogs and the translator view read it."""
