"""Table layouts: where each zone of a game lies and what the table says, from ``config/layouts/<game>.yaml``.

``schema`` holds the values, ``parse`` reads and checks a file, ``geometry``
fits a layout to a window and a viewer. A player may change a layout with
``layouts/<game>.yaml`` in the config folder (see :func:`load_layout`). No
pygame here: the resolver and its tests use layouts without a window.
"""

from __future__ import annotations

from cardtable import games
from cardtable.resources import config_file
from cardtable.yamlfile import ConfigError, YamlDoc, load_yaml, overlay

from .geometry import Frame, Geometry, card_height, ring_frames
from .parse import parse_layout
from .schema import DESIGN_H, DESIGN_W, ActionSpec, Layout, ZoneSpec, ZoneStyle


def load_layout(game: str, override: YamlDoc | None = None) -> Layout:
    """The built-in layout of ``game``, with a player's ``override`` merged over it.

    The override (``layouts/<game>.yaml`` in the config folder) need only hold
    what it changes: mappings merge key by key, anything else replaces. A
    mistake is a :class:`ConfigError` naming the override's file and line.
    """
    base = load_yaml(config_file("layouts", f"{game}.yaml"))
    return parse_layout(game, base if override is None else overlay(base, override))


def has_layout(game: str) -> bool:
    return config_file("layouts", f"{game}.yaml").is_file()


def playable_games() -> list[str]:
    """Games that have a table layout (the others play headless only, for now)."""
    return [g for g in games.ids() if has_layout(g)]


__all__ = [
    "DESIGN_H",
    "DESIGN_W",
    "ActionSpec",
    "ConfigError",
    "Frame",
    "Geometry",
    "Layout",
    "ZoneSpec",
    "ZoneStyle",
    "card_height",
    "has_layout",
    "load_layout",
    "parse_layout",
    "playable_games",
    "ring_frames",
]
