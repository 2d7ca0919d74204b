"""Plugins: what packages register under quizkit's entry-point groups, found by name and loaded.

Every registry of named plugins (exporters, bank readers) loads through here, so that a broken plugin
is reported the same way everywhere and never takes the other plugins down with it. A plugin is a
class or object whose ``name`` attribute is the name it is registered under.
"""

from __future__ import annotations

import functools
from importlib.metadata import entry_points

from toolkit.errors import QuizkitError


class PluginLoadError(QuizkitError):
    """A registered plugin that cannot be used: it fails to import, or declares another name."""


@functools.cache
def plugin_names(group: str) -> tuple[str, ...]:
    """Names registered under ``group``, sorted; nothing is imported until a plugin is loaded."""
    return tuple(sorted({entry_point.name for entry_point in entry_points(group=group)}))


def load_plugin(group: str, name: str, kind: str) -> object | None:
    """The plugin registered as ``name`` under ``group``, loaded; None when none is. ``kind`` names what
    a plugin of the group is in messages (``exporter``, ``bank reader``)."""
    found = [point for point in entry_points(group=group) if point.name == name]
    if not found:
        return None
    entry_point = found[0]
    try:
        plugin: object = entry_point.load()
    except Exception as error:  # one broken plugin must not take the others down with it
        raise PluginLoadError(
            f"{kind} plugin {name} ({entry_point.value}) failed to load: {error}"
        ) from error
    if getattr(plugin, "name", None) != name:
        raise PluginLoadError(
            f"{kind} plugin {name} declares name {getattr(plugin, 'name', None)!r}; they must match"
        )
    return plugin
