"""The table's layers: what lies over what, and who hears an event first.

The table is drawn bottom layer first: the cards and the seats round them, the words (the status
line, the strip of what just happened), the buttons, an open panel, the spotlight, a game's own
widget, a menu, and a round's summary on top. An event goes to the top layer first and on down
until one takes it (``handle`` returns True), as a stack of states does in Tuxemon; a layer that
covers the table (a summary, a menu) takes every event while it shows. Each layer reads the table
it belongs to and changes only what is its own, or asks the table to act.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame


class Layer:
    """A layer that draws nothing and takes nothing."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Take ``event`` (True), or leave it to the layers below (False)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw over the layers below; drawing changes nothing."""


class Layers:
    def __init__(self, stack: Sequence[Layer]) -> None:
        """``stack``: the layers, bottom first."""
        self.stack = list(stack)

    def handle(self, event: pygame.event.Event) -> bool:
        """The top layer that takes ``event`` has it; none below hears it."""
        return any(layer.handle(event) for layer in reversed(self.stack))

    def draw(self, surface: pygame.Surface) -> None:
        for layer in self.stack:
            layer.draw(surface)
