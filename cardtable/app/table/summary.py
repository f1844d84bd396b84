"""Between rounds: what each player scored in the round that just ended, by cause, and the totals.

Gathered from the score events as they play (they are public), so it works
for every game: a game that gives its scores causes ("passed", "lowest",
"fourplay") gets a column per cause. The player continues with a click or a
key; a table of computers only goes on by itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from cardtable.engine import Event, RoundEnded, ScoreChanged

from .. import theme
from ..layout import Geometry
from ..widgets import draw_panel, draw_text


@dataclass
class Tally:
    """Score events of the round in progress."""

    causes: list[str] = field(default_factory=list)
    by_seat: dict[int, dict[str, float]] = field(default_factory=dict)

    def add(self, event: ScoreChanged) -> None:
        cause = event.reason or "score"
        if cause not in self.causes:
            self.causes.append(cause)
        seat = self.by_seat.setdefault(event.seat, {})
        seat[cause] = seat.get(cause, 0) + event.delta


@dataclass(frozen=True)
class Summary:
    number: int
    scores: tuple[float, ...]
    totals: tuple[float, ...]
    causes: tuple[str, ...]
    by_seat: dict[int, dict[str, float]]


class Summaries:
    """Follows the events the table plays and makes a :class:`Summary` at the end of each round."""

    def __init__(self) -> None:
        self.tally = Tally()
        self.totals: dict[int, float] = {}

    def feed(self, event: Event) -> Summary | None:
        if isinstance(event, ScoreChanged):
            self.tally.add(event)
            self.totals[event.seat] = event.total
            return None
        if isinstance(event, RoundEnded):
            tally, self.tally = self.tally, Tally()
            players = len(event.scores)
            totals = tuple(self.totals.get(s, 0.0) for s in range(players))
            causes = tuple(c for c in tally.causes if len(tally.causes) > 1)
            return Summary(event.round, tuple(event.scores), totals, causes, tally.by_seat)
        return None


def draw_summary(
    surface: pygame.Surface,
    app,
    geometry: Geometry,
    summary: Summary,
    names: Sequence[str],
    round_word: str,
    hint: str,
) -> None:
    s = geometry.scale
    w, h = surface.get_size()
    players = len(summary.scores)
    columns = [c.capitalize() for c in summary.causes] + ["This " + round_word, "Total"]
    name_w = round(170 * s)
    col_w = max(
        round(96 * s), max(app.fonts.get(max(11, round(15 * s)), "bold").size(c)[0] for c in columns) + 16
    )
    row_h = max(18, round(30 * s))
    width = min(w - 16, name_w + col_w * len(columns) + round(40 * s))
    panel = pygame.Rect(0, 0, width, round(120 * s) + row_h * (players + 1))
    panel.center = (w // 2, h // 2)
    draw_panel(surface, panel, alpha=245)
    px = max(13, round(24 * s))
    title = f"{round_word.capitalize()} {summary.number} is over"
    draw_text(
        surface,
        app.text,
        title,
        px,
        (panel.centerx, panel.top + round(14 * s)),
        theme.ACCENT,
        "serif",
        "midtop",
    )
    y = panel.top + round(56 * s)
    x0 = panel.left + round(20 * s)
    small = max(11, round(15 * s))
    for i, col in enumerate(columns):
        x = x0 + name_w + col_w * i + col_w // 2
        draw_text(surface, app.text, col, small, (x, y), theme.MUTED, "bold", "midtop")
    y += row_h
    for seat in range(players):
        draw_text(surface, app.text, names[seat], max(12, round(18 * s)), (x0, y), theme.TEXT, "bold")
        cells = [summary.by_seat.get(seat, {}).get(c, 0) for c in summary.causes]
        cells += [summary.scores[seat], summary.totals[seat]]
        for i, value in enumerate(cells):
            x = x0 + name_w + col_w * i + col_w // 2
            text = "-" if value == 0 and i < len(summary.causes) else f"{value:g}"
            draw_text(surface, app.text, text, max(12, round(18 * s)), (x, y), theme.TEXT, anchor="midtop")
        y += row_h
    draw_text(
        surface,
        app.text,
        hint,
        small,
        (panel.centerx, panel.bottom - round(12 * s)),
        theme.HIGHLIGHT,
        anchor="midbottom",
    )
