"""Translation checks: ``quizkit check``.

Each check is a plain function taking an :class:`~toolkit.checks.context.EntryContext` and yielding
findings, declared with :func:`~toolkit.checks.registry.check` and registered through the
``quizkit.checks`` entry-point group, built-ins exactly like third-party checks.
"""
