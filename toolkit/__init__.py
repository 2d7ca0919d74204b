"""quizkit: a localization toolkit for quiz content.

The package is a library first: :mod:`toolkit.cli` is a thin layer over it and the only part that talks
to the terminal.
"""

__version__ = "0.1.0"
