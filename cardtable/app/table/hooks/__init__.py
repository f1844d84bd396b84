"""Hooks: the rare widget a layout cannot describe as data (rock-paper-scissors).

A layout names its hook (``hook: rock_paper_scissors``); the table gives it
the chance to offer some actions itself, to draw over the table, and to see
each event as it plays. Everything else stays in the shared table.
"""

from __future__ import annotations

import importlib

import pygame

from cardtable.engine import Action, Event

from ..layers import Layer


class Hook(Layer):
    """A hook that does nothing: the table as the layout describes it (a layer of the table, over
    the spotlight and under a menu)."""

    def __init__(self, scene) -> None:
        self.scene = scene

    def claims(self, action: Action) -> bool:
        """Does this hook offer ``action`` itself (so it is not a plain button)?"""
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def on_event(self, event: Event, live: bool) -> None:
        pass

    def refresh(self) -> None:
        """The view, the viewer or the window changed."""

    def draw(self, surface: pygame.Surface) -> None:
        pass


def load(name: str, scene) -> Hook:
    """The hook a layout names ("" for none); an unknown name is a plain table."""
    if not name:
        return Hook(scene)
    try:
        module = importlib.import_module(f"{__name__}.{name}")
    except ImportError:
        return Hook(scene)
    return module.HOOK(scene)
