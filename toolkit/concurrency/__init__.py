"""Running alongside other processes: worker processes that share a command's work (:mod:`.workers`)
and the writer lock that keeps two commands from writing one project at once (:mod:`.lock`).

Both know nothing of quizzes, so every layer that needs them (the catalog commands, the build) can use
them.
"""
