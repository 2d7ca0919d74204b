"""Allow ``python -m toolkit`` as an alias of the ``quizkit`` command."""

from toolkit.cli import main

if __name__ == "__main__":
    main(prog_name="quizkit")
