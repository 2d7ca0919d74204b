"""``quizkit init``: a new project that builds at once (:mod:`.project`), from the files in ``template/``."""

from toolkit.scaffold.new_project import DEFAULT_FORMATS, InitError, InitResult, create_project

__all__ = ["DEFAULT_FORMATS", "InitError", "InitResult", "create_project"]
