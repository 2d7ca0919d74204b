"""The gettext core: catalogs as GNU gettext knows them, knowing nothing of quizzes."""
