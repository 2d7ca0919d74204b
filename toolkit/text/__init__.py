"""Text and locale utilities every layer uses: inline-code tokens, Latin runs in right-to-left text,
ICU and i18next message syntax, locale facts from CLDR, and the Urdu normalizer.

Nothing here knows quizzes or catalogs; the Urdu normalizer is the first locale-specific piece, kept
apart from the generic ones so that locale packs can take it over.
"""
