"""The event strip: the last few things that happened, in the log's words, as they play on the table.

A player should not need to open the log to know what just happened. The
strip is fed each event as the timeline plays it (the viewer's redacted
events, so it names no card they may not know) and says it in the same words
as the log. A new viewer gets a new strip, caught up without animation.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence

import pygame

from cardtable.engine import Event, PlayerOut

from .. import theme
from ..layout import Geometry
from ..layout.schema import Layout
from ..widgets import box
from .gamelog import LogLine, LogWriter

SHOWN = 4
"""How many lines the strip shows."""
FRESH_SECONDS = 2.5
"""How long the newest line stands out after it came."""
STRIP_WIDTH, FONT, LINE, PAD = 260, 14, 19, 7
"""The strip's widest, its font size, line height and margin (design units)."""


class EventStrip:
    def __init__(self, layout: Layout, names: Sequence[str], viewer: int | None) -> None:
        self.writer = LogWriter(layout, names, viewer)
        self._held: Event | None = None  # told together with the event after it ("Bo is out: ...")
        self._lines: list[LogLine] | None = []
        self._told: list[LogLine] = []  # the lines last shown, to tell when a new one comes
        self.fresh_at = 0.0  # when the newest line came

    def catch_up(self, events: Iterable[Event]) -> None:
        """Events that happened before this strip was made (no line is new): told in one go."""
        batch = [e for e in (self._held, *events) if e is not None]
        self._held = batch.pop() if batch and isinstance(batch[-1], PlayerOut) else None
        self.writer.feed(batch)
        self._lines = None
        self._told = self.lines()

    def feed(self, event: Event, clock: float | None = None) -> None:
        """One event as it plays (``clock``: now, to mark a new line as the newest)."""
        held, self._held = self._held, None
        batch = [held, event] if held is not None else [event]
        if isinstance(event, PlayerOut):
            batch.pop()
            self._held = event
        if batch:
            self.writer.feed(batch)
        self._lines = None
        if clock is not None:
            lines = self.lines()
            if lines != self._told:
                self.fresh_at = clock
            self._told = lines

    def lines(self, shown: int = SHOWN) -> list[LogLine]:
        """The newest lines, oldest first (a run of moves still going is told as it stands)."""
        if self._lines is None:
            probe = copy.copy(self.writer)
            probe.lines = self.writer.lines[-(SHOWN + 30) :]  # what the writer looks back on, and a deal
            if self._held is not None:
                probe.feed([self._held])
            self._lines = together(probe.finish())[-SHOWN:]
        return self._lines[-shown:]


def together(lines: Sequence[LogLine]) -> list[LogLine]:
    """The lines with each run of moves told in one ("Bo is dealt 2 cards; Cy is dealt a card"):
    a deal fills one line of the strip, not all of them."""
    out: list[LogLine] = []
    for line in lines:
        if out and line.run and out[-1].run == line.run:
            out[-1] = LogLine(f"{out[-1].text}; {line.text}", line.kind, line.run)
        else:
            out.append(line)
    return out


def strip_point(layout: Layout, geometry: Geometry) -> tuple[int, int]:
    """Where the strip hangs at this table: the layout's place for it, or for a crowded table."""
    x, y = geometry.design_point(*layout.hud["strip_crowded" if geometry.compact else "strip"])
    return round(x), round(y)


def strip_box(geometry: Geometry, at: tuple[int, int], window: tuple[int, int]) -> pygame.Rect:
    """The most room the strip takes (its lines at their longest), hanging from ``at`` toward the
    middle of the window: what must be kept clear for it."""
    s = geometry.scale
    rect = pygame.Rect(0, 0, round(STRIP_WIDTH * s), round((SHOWN * LINE + 2 * PAD) * s))
    _hang(rect, at, window)
    return rect


def _hang(rect: pygame.Rect, at: tuple[int, int], window: tuple[int, int]) -> None:
    w, h = window
    if at[0] > w // 2:
        rect.right = at[0]
    else:
        rect.left = at[0]
    if at[1] > h // 2:
        rect.bottom = at[1]
    else:
        rect.top = at[1]
    rect.clamp_ip(pygame.Rect(4, 4, w - 8, h - 8))


def draw_strip(
    surface: pygame.Surface,
    app,
    geometry: Geometry,
    at: tuple[int, int],
    lines: Sequence[LogLine],
    fresh: bool,
) -> pygame.Rect:
    """The lines in a quiet box at ``at``: its corner nearest the window's edges (a point right of
    the middle anchors the box's right side, one below it the box's bottom). The newest line is
    bright, and lit while ``fresh``; older ones are muted. It keeps to the room the layout gives it:
    where the text cannot shrink with the window, the oldest lines go. Returns where it was drawn."""
    if not lines:
        return pygame.Rect(at, (0, 0))
    s = geometry.scale
    px = max(11, round(FONT * s))
    width = round(STRIP_WIDTH * s)
    pad = round(PAD * s)
    rows = []
    for i, line in enumerate(lines):
        newest = i == len(lines) - 1
        style = "bold" if newest else "regular"
        font = app.fonts.get(px, style)
        text = line.text
        while font.size(text)[0] > width - 2 * pad and len(text) > 8:
            text = text[:-2].rstrip() + "\u2026"
        color = (theme.HIGHLIGHT if fresh else theme.TEXT) if newest else theme.MUTED
        rows.append(app.text.render(text, px, color, style))
    room = round((SHOWN * LINE + 2 * PAD) * s)  # the layout's room for it (see strip_box)
    while len(rows) > 1 and sum(r.get_height() for r in rows) + 2 * pad > room:
        rows.pop(0)  # a small window's text keeps a legible size: fewer lines, the newest kept
    inner_w = max(r.get_width() for r in rows)
    height = sum(r.get_height() for r in rows) + 2 * pad
    rect = pygame.Rect(0, 0, inner_w + 2 * pad, height)
    w = surface.get_width()
    _hang(rect, at, surface.get_size())
    surface.blit(box(rect.size, (*theme.PANEL, 150), None, 0, round(8 * s)), rect)
    y = rect.top + pad
    for row in rows:
        x = rect.right - pad - row.get_width() if at[0] > w // 2 else rect.left + pad
        surface.blit(row, (x, y))
        y += row.get_height()
    return rect
