"""The trick's outcome, said over the trick while it is still on the table.

A trick that is swept away at once is a trick nobody saw won. Before a trick
is gathered (a timing rule with ``wait: trick``) the table holds it, lights the
winner's cards and says in the game's words who took it and what that cost
("Bo wins the trick: J♦ -3"), and, if the player asked for it in the settings,
waits for a click.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from cardtable.engine import Announced, Card, Event, Gathered, TrickWon, format_prompt
from cardtable.engine.words import Seat, say
from cardtable.i18n import N_, _

from .. import theme
from ..layout import Geometry
from ..layout.schema import Layout
from ..tokens import TableModel
from ..widgets import box

WON = N_("{seat} wins the trick")
"""What a trick's banner says where the layout has no phrase of its own for a trick won."""


@dataclass(frozen=True)
class Banner:
    lines: tuple[str, ...]
    cards: frozenset[Card]  # the winner's cards in the trick, lit
    waits: bool  # the table waits for a click


class TrickTeller:
    """Collects what is said between a trick's last play and its gathering."""

    def __init__(self, layout: Layout, names: Sequence[str], viewer: int | None) -> None:
        self.layout = layout
        self.names = names
        self.viewer = viewer
        self.told: list[tuple[int | None, str]] = []  # (who it is about, the words)
        self.banner: Banner | None = None

    def heard(self, event: Event) -> None:
        """An event played: plays start a new telling; the trick's words are kept; its gathering
        ends the banner."""
        if isinstance(event, Gathered):
            self.banner = None
            self.told = []
        elif isinstance(event, TrickWon):
            phrase = self.layout.log.won
            won = say(phrase, who=Seat(event.seat), cards="") if phrase else say(WON, seat=Seat(event.seat))
            # Translators: a trick's outcome: who won it ("Bo wins the trick"), then what it cost ("J♦ -3").
            self._say(event.seat, say("{won}: {note}", won=won, note=event.note) if event.note else won)
        elif isinstance(event, Announced):
            if event.text and event.what in self.layout.log.trick:
                self._say(event.seat, event.said)
        else:
            self.told = []  # a move: whatever was said before it is not about the trick

    def _say(self, seat: int | None, text: str) -> None:
        text = format_prompt(text, self.names, self.viewer)
        self.told.append((seat, text[:1].upper() + text[1:]))

    def trick_over(self, event: Event, model: TableModel, waits: bool) -> Banner:
        """The trick ``event`` gathers is about to go: the banner for it."""
        seat = next((s for s, _said in self.told if s is not None), None)
        cards: set[Card] = set()
        if isinstance(event, Gathered) and seat is not None:
            for ref in event.srcs:
                if len(ref) == 2 and ref[1] == seat:
                    cards |= {t.card for t in model.zones.get(tuple(ref), []) if t.card is not None}
        self.banner = Banner(tuple(t for _seat, t in self.told), frozenset(cards), waits)
        return self.banner


def draw_banner(
    surface: pygame.Surface, app, geometry: Geometry, at: tuple[int, int], banner: Banner
) -> pygame.Rect:
    """The banner's lines in a lit box centred on ``at``, "click to go on" under them if it waits."""
    s = geometry.scale
    px = max(13, round(19 * s))
    rows = [app.text.render(line, px, theme.HIGHLIGHT, "bold") for line in banner.lines]
    if banner.waits:
        rows.append(app.text.render(_("Click or press Enter to go on"), max(11, round(14 * s)), theme.MUTED))
    if not rows:
        return pygame.Rect(at, (0, 0))
    pad = round(12 * s)
    width = max(r.get_width() for r in rows) + 2 * pad
    rect = pygame.Rect(0, 0, width, sum(r.get_height() for r in rows) + pad)
    rect.center = at
    rect.clamp_ip(surface.get_rect().inflate(-8, -8))
    edge = (*theme.HIGHLIGHT, 255)
    surface.blit(box(rect.size, (*theme.PANEL, 235), edge, max(2, round(2 * s)), round(10 * s)), rect)
    y = rect.top + pad // 2
    for row in rows:
        surface.blit(row, row.get_rect(midtop=(rect.centerx, y)))
        y += row.get_height()
    return rect
