"""The spotlight: a card just announced, shown large for a moment with what it does.

A layout's ``spotlight`` names the announcements it is for (Ugh!'s flipped
Ugh! cards: a player should see at once what stopped a turn and what it
costs). The card is public (it was announced); its face is recorded like
every other face drawn, for the privacy checks.
"""

from __future__ import annotations

import pygame

from cardtable.engine import Card

from .. import theme
from ..layout import Geometry, card_height
from ..layout.schema import Spotlight
from ..widgets import draw_panel, draw_text


class Shown:
    """The card in the spotlight now, if any: until when, and where it was last drawn."""

    def __init__(self) -> None:
        self.now: tuple[Card, str, float] | None = None  # (card, text, shown until)
        self.rect = pygame.Rect(0, 0, 0, 0)

    def show(self, card: Card, text: str, until: float) -> None:
        self.now = (card, text, until)

    def expire(self, clock: float) -> None:
        if self.now is not None and self.now[2] <= clock:
            self.now = None

    def clicked(self, pos: tuple[int, int]) -> bool:
        """A click puts it away; True when the click was on it (and so goes no further)."""
        hit = self.now is not None and self.rect.collidepoint(pos)
        self.now = None
        return hit


def draw_spotlight(
    surface: pygame.Surface, app, geometry: Geometry, spec: Spotlight, card: Card, text: str, faces: set
) -> pygame.Rect:
    """The card large on a panel, the announcement beside it; returns the panel (a click closes it)."""
    s = geometry.scale
    width = round(geometry.layout.card_width * spec.scale * s)
    height = card_height(width)
    size = max(13, round(19 * s))
    head, _, body = text.partition(": ")  # "Bo flips Ugh! -2: what it does"
    font = app.fonts.get(size, "bold")
    lines = [(line, theme.HIGHLIGHT) for line in theme.wrap(font, head, round(300 * s))]
    lines += [
        (line, theme.TEXT)
        for line in theme.wrap(app.fonts.get(size), body[:1].upper() + body[1:], round(300 * s))
    ]
    pad = round(18 * s)
    line_h = round(size * 1.35)
    panel = pygame.Rect(0, 0, width + round(340 * s) + 2 * pad, max(height, line_h * len(lines)) + 2 * pad)
    panel.center = tuple(round(v) for v in geometry.design_point(*spec.at))
    panel.clamp_ip(surface.get_rect())
    draw_panel(surface, panel, alpha=252)
    surface.blit(app.cards.face(card, width), (panel.left + pad, panel.top + pad))
    faces.add(card)
    x = panel.left + pad + width + round(22 * s)
    y = panel.centery - line_h * len(lines) // 2
    for line, color in lines:
        draw_text(
            surface,
            app.text,
            line,
            size,
            (x, y),
            color,
            "bold" if color == theme.HIGHLIGHT else "regular",
            "topleft",
        )
        y += line_h
    return panel
