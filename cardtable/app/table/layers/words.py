"""The table's words: the status line, the strip of what just happened, the cards passed to the
viewer, a trick's outcome and short notes. Each is drawn from what is true this frame. When the game
is over and the table has caught up, the status line says a click goes on, and this layer takes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import theme
from ..banner import draw_banner
from ..strip import FRESH_SECONDS, draw_strip, strip_point
from . import Layer
from .cards import presses_on

if TYPE_CHECKING:
    from ...scenes.table import TableScene

TONES = {"refusal": theme.DANGER, "turn": theme.HIGHLIGHT}


class WordsLayer(Layer):
    def __init__(self, table: TableScene) -> None:
        self.table = table

    def handle(self, event: pygame.event.Event) -> bool:
        if presses_on(event) and self.table.results_by_click:
            self.table.exits.finish()  # the last word read: on to the results without waiting
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        story, geometry, hud = t.story, t.geometry, t.hud
        fresh = t.clock - story.strip.fresh_at < FRESH_SECONDS
        at = strip_point(t.layout, geometry)
        strip = draw_strip(surface, t.app, geometry, at, story.strip.lines(), fresh)
        status = t.status()
        if status.text:
            color = TONES.get(status.tone, theme.TEXT)
            avoid = [*t.plates, strip]  # a long prompt wraps short of the strip too
            at = t.hud_point("status")
            above = [b.rect.bottom for b in t.controls.buttons() if b.visible and b.rect.centery < at[1]]
            hud.status(surface, geometry, at, status.text, color, avoid, max(above, default=None))
        if story.received and t.viewer is not None and t.layout.home:
            hand = t.stage.zone_rect((t.layout.home, t.viewer))
            at = (hand.centerx, hand.top - round(18 * geometry.scale))
            hud.toasts(surface, geometry, at, [story.received_text()])
        toasts = t.hud_point("toasts")
        if story.banner is not None:
            draw_banner(surface, t.app, geometry, toasts, story.banner)
        hud.toasts(surface, geometry, toasts, [text for text, _ in t.said.toasts[-3:]])
