"""Running alongside other processes: worker processes that share a command's work (:mod:`.workers`),
the writer lock that keeps two commands from writing one project at once (:mod:`.lock`), and the garbage
collector's settings while a command holds a large heap and forks workers (:mod:`.collector`).

None of them knows anything of quizzes, so every layer that needs them (the catalog commands, the build)
can use them.
"""
