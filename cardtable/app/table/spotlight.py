"""The spotlight: cards just announced, shown large for a moment with what happens.

A layout's ``spotlight`` names the announcements it is for (Ugh!'s flipped
Ugh! cards: a player should see at once what stopped a turn and what it
costs; U-G-O's attacks: the two cards side by side, the values compared and
the outcome). The cards are public (they were announced); their faces are
recorded like every other face drawn, for the privacy checks.
"""

from __future__ import annotations

import pygame

from cardtable.engine import Card

from .. import theme
from ..layout import Geometry, card_height
from ..layout.schema import Spotlight
from ..widgets import draw_panel, draw_text

Words = tuple[str, str]
"""An announcement's head and body."""


class Shown:
    """The cards in the spotlight now, if any: until when, and where it was last drawn.

    A newer announcement replaces the one shown once that has had half its
    time; sooner, it waits its turn (two players out through one card). When
    more wait than a few, the oldest about cards gives way first: an
    announcement of words alone (a player out) is never dropped for them.
    """

    WAITING = 4
    READ = 0.5  # seconds one is up before a click elsewhere (meant for the table) puts it away

    def __init__(self) -> None:
        self.now: tuple[tuple[Card, ...], Words, float] | None = None  # (cards, words, shown until)
        self.waiting: list[
            tuple[tuple[Card, ...], Words, float, int | None]
        ] = []  # (cards, words, seconds, seat)
        self.since = 0.0  # when the one shown now came
        self.seat: int | None = None  # whom the one shown now is about (its panel keeps off their plate)
        self.rect = pygame.Rect(0, 0, 0, 0)

    def show(
        self, cards: tuple[Card, ...], words: Words, clock: float, seconds: float, seat: int | None = None
    ) -> None:
        """``words``: what happened, and what it means (shown beneath it)."""
        self.waiting.append((cards, words, seconds, seat))
        while len(self.waiting) > self.WAITING:
            drop = next((i for i, w in enumerate(self.waiting) if w[0]), 0)
            del self.waiting[drop]
        self.expire(clock)

    def expire(self, clock: float) -> None:
        if self.now is not None:
            until = self.now[2]
            half = (until + self.since) / 2
            if until <= clock or (self.waiting and half <= clock):
                self.now = None
        if self.now is None and self.waiting:
            cards, text, seconds, self.seat = self.waiting.pop(0)
            self.now = (cards, text, clock + seconds)
            self.since = clock

    def dismiss(self, clock: float) -> None:
        """The viewer acted on what it shows (answered the attack): it goes, unless it came on just
        now (news the move was not an answer to); any waiting come on."""
        if clock - self.since >= self.READ:
            self.now = None

    def clicked(self, pos: tuple[int, int], clock: float) -> bool:
        """A click on it puts it away; so does a click elsewhere once it has been up a moment (one
        that came on just now is not lost to a click meant for a card). True when the click was on
        it (and so goes no further)."""
        hit = self.now is not None and self.rect.collidepoint(pos)
        if hit or clock - self.since >= self.READ:
            self.now = None
        return hit


def draw_spotlight(
    surface: pygame.Surface,
    app,
    geometry: Geometry,
    spec: Spotlight,
    cards: tuple[Card, ...],
    words: Words,
    faces: set,
    avoid: pygame.Rect | None = None,
    keep: list[pygame.Rect] | None = None,
) -> pygame.Rect:
    """The cards large on a panel, the announcement beside them; returns the panel (a click closes it).
    ``avoid``: the plate of the player it is about, which it must not hide (a crowded table), if it
    can move off it without covering any of ``keep`` (the buttons)."""
    s = geometry.scale
    width = round(geometry.layout.card_width * spec.scale * s)
    height = card_height(width)
    gap = round(12 * s)
    row = len(cards) * width + max(0, len(cards) - 1) * gap  # none: the words alone (a player out)
    size = max(13, round(19 * s))
    head, body = words  # "Bo flips Ugh! -2", and what it does
    font = app.fonts.get(size, "bold")
    lines = [(line, theme.HIGHLIGHT) for line in theme.wrap(font, head, round(300 * s))]
    lines += [
        (line, theme.TEXT)
        for line in theme.wrap(app.fonts.get(size), body[:1].upper() + body[1:], round(300 * s))
    ]
    pad = round(18 * s)
    line_h = round(size * 1.35)
    tall = height if cards else 0
    panel = pygame.Rect(0, 0, row + round(340 * s) + 2 * pad, max(tall, line_h * len(lines)) + 2 * pad)
    panel.center = tuple(round(v) for v in geometry.design_point(*spec.at))
    panel.clamp_ip(surface.get_rect())
    if avoid is not None and panel.colliderect(avoid):
        panel = _off(panel, avoid, surface.get_rect(), keep or [])
    draw_panel(surface, panel, alpha=252)
    top = panel.centery - height // 2
    for i, card in enumerate(cards):
        surface.blit(app.cards.face(card, width), (panel.left + pad + i * (width + gap), top))
        faces.add(card)
    x = panel.left + pad + row + (round(22 * s) if cards else round(20 * s))
    y = panel.centery - line_h * len(lines) // 2
    for line, color in lines:
        style = "bold" if color == theme.HIGHLIGHT else "regular"
        draw_text(surface, app.text, line, size, (x, y), color, style, "topleft")
        y += line_h
    return panel


def _off(panel: pygame.Rect, avoid: pygame.Rect, screen: pygame.Rect, keep: list[pygame.Rect]) -> pygame.Rect:
    """``panel`` moved just above or below ``avoid`` (the nearer that fits on the screen without
    covering any of ``keep``), else where it was."""
    above = panel.copy()
    above.bottom = avoid.top - 6
    below = panel.copy()
    below.top = avoid.bottom + 6
    fits = [r for r in (above, below) if screen.contains(r) and r.collidelist(keep) < 0]
    return min(fits, key=lambda r: abs(r.centery - panel.centery)) if fits else panel
