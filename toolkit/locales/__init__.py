"""The built-in locale packs (:mod:`toolkit.text.locale_packs`), registered through the ``quizkit.locales``
entry points as a third-party pack would be: each module holds one language's checks and its pack."""
