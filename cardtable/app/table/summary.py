"""Between rounds: what happened in the round that just ended, what each player scored by cause,
and the totals.

Gathered from the events as they play (all public), so it works for every
game: a game's :class:`~cardtable.engine.Recap` says what happened in its own
words (Ugly's tricks, Jacks and the scoring table's row, the sets locked in
Ugh!, who is out in U-G-O), and the score events add a column per cause
("passed", "lowest", "fourplay") when there are several. The player
continues with a click or a key; a table of computers only goes on by itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from cardtable.engine import Event, Recap, RoundEnded, ScoreChanged, format_prompt
from cardtable.i18n import N_, _

from .. import theme
from ..layout import Geometry
from ..theme import wrap
from ..widgets import draw_panel, draw_text
from .words import round_over, this_round


@dataclass
class Tally:
    """Score events of the round in progress."""

    causes: list[str] = field(default_factory=list)
    by_seat: dict[int, dict[str, float]] = field(default_factory=dict)

    def add(self, event: ScoreChanged) -> None:
        cause = event.reason or N_("score")
        if cause not in self.causes:
            self.causes.append(cause)
        seat = self.by_seat.setdefault(event.seat, {})
        seat[cause] = seat.get(cause, 0) + event.delta


@dataclass(frozen=True)
class Summary:
    number: int
    scores: tuple[float, ...]  # this round's (empty: a pause with no round, such as a player out)
    totals: tuple[float, ...]
    causes: tuple[str, ...]
    by_seat: dict[int, dict[str, float]]
    recap: Recap | None = None


class Summaries:
    """Follows the events the table plays and makes a :class:`Summary` at the end of each round
    (and where a game's recap asks the table to pause)."""

    def __init__(self) -> None:
        self.tally = Tally()
        self.totals: dict[int, float] = {}
        self.recap: Recap | None = None
        self.rounds = 0

    def feed(self, event: Event) -> Summary | None:
        if isinstance(event, ScoreChanged):
            self.tally.add(event)
            self.totals[event.seat] = event.total
            return None
        if isinstance(event, Recap):
            if event.pause:  # shown at once (a player out); a round's recap waits for its end
                totals = tuple(self.totals.get(s, 0.0) for s in range(len(event.rows)))
                return Summary(self.rounds, (), totals, (), {}, event)
            self.recap = event
            return None
        if isinstance(event, RoundEnded):
            tally, self.tally = self.tally, Tally()
            recap, self.recap = self.recap, None
            self.rounds = event.round
            players = len(event.scores)
            totals = tuple(self.totals.get(s, 0.0) for s in range(players))
            causes = tuple(c for c in tally.causes if len(tally.causes) > 1)
            return Summary(event.round, tuple(event.scores), totals, causes, tally.by_seat, recap)
        return None


def _cells(summary: Summary, seat: int) -> list[str]:
    """A seat's row: the game's own cells, then the score by cause, this round's and the total."""
    recap = summary.recap
    # The game's cells are words too ("playing", "out (3rd)"): said in the language in use.
    cells = [format_prompt(c, (), None) for c in recap.rows[seat]] if recap is not None else []
    for c in summary.causes:
        value = summary.by_seat.get(seat, {}).get(c, 0)
        cells.append("-" if value == 0 else f"{value:g}")
    if summary.scores and not (recap is not None and recap.score_column):
        cells.append(f"{summary.scores[seat]:g}")
    if summary.scores:
        cells.append(f"{summary.totals[seat]:g}")
    return cells


def _columns(summary: Summary, round_word: str) -> list[str]:
    recap = summary.recap
    columns = [_(c) if c else c for c in recap.columns] if recap is not None else []
    columns += [_(c).capitalize() for c in summary.causes]
    if summary.scores and not (recap is not None and recap.score_column):
        columns.append(this_round(round_word))
    if summary.scores:
        # Translators: the heading of a round summary's column of total scores.
        columns.append(_("Total"))
    return columns


def summary_lines(summary: Summary, names: Sequence[str], viewer: int | None, round_word: str) -> list[str]:
    """Everything the summary says, as plain lines (what the log and the tests read)."""
    recap = summary.recap
    lines = [_title(summary, names, viewer, round_word)]
    columns = _columns(summary, round_word)
    for seat in range(len(summary.totals)):
        cells = _cells(summary, seat)
        lines.append(
            f"{names[seat]}: "
            + ", ".join(f"{c} {v}" if c else v for c, v in zip(columns, cells, strict=True))
        )
    if recap is not None:
        lines += [format_prompt(n, names, viewer) for n in recap.notes]
    return lines


def _title(summary: Summary, names: Sequence[str], viewer: int | None, round_word: str) -> str:
    recap = summary.recap
    if recap is not None and recap.title:
        title = format_prompt(recap.title, names, viewer)
        if recap.pause:
            return title
        # Translators: {title} is the round just played, in the game's words ("Hand 2 of 5").
        return _("{title} is over").format(title=title)
    return round_over(round_word, summary.number)


def draw_summary(
    surface: pygame.Surface,
    app,
    geometry: Geometry,
    summary: Summary,
    names: Sequence[str],
    round_word: str,
    hint: str,
    viewer: int | None = None,
) -> pygame.Rect:
    s = geometry.scale
    w, h = surface.get_size()
    players = len(summary.totals)
    columns = _columns(summary, round_word)
    rows = [_cells(summary, seat) for seat in range(players)]
    body_px = max(12, round(18 * s))
    name_w, widths, width = _widths(app, s, w, columns, rows, names, body_px)
    notes = [format_prompt(n, names, viewer) for n in (summary.recap.notes if summary.recap else ())]
    note_px = max(11, round(15 * s))
    note_lines = [line for n in notes for line in wrap(app.fonts.get(note_px), n, width - round(40 * s))]
    row_h = max(
        16, min(round(30 * s), (h - round(150 * s) - len(note_lines) * round(20 * s)) // (players + 1))
    )
    height = round(112 * s) + row_h * (players + 1) + len(note_lines) * round(20 * s)
    panel = pygame.Rect(0, 0, width, min(h - 8, height))
    panel.center = (w // 2, h // 2)
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 120))  # the table steps back: the summary is what to read now
    surface.blit(shade, (0, 0))
    draw_panel(surface, panel, alpha=250)
    title = _title(summary, names, viewer, round_word)
    top = panel.top + round(12 * s)
    title_px = max(13, round(24 * s))
    draw_text(surface, app.text, title, title_px, (panel.centerx, top), theme.ACCENT, "serif", "midtop")
    table = _Table(columns, rows, names, name_w, widths, row_h, min(body_px, max(11, row_h - 4)))
    y = _draw_table(surface, app, s, panel, table, viewer) + round(6 * s)
    for line in note_lines:
        draw_text(surface, app.text, line, note_px, (panel.centerx, y), theme.TEXT, anchor="midtop")
        y += round(20 * s)
    small = max(11, round(15 * s))
    at = (panel.centerx, panel.bottom - round(12 * s))
    draw_text(surface, app.text, hint, small, at, theme.HIGHLIGHT, anchor="midbottom")
    return panel


def _widths(
    app, s: float, w: int, columns: list[str], rows: list[list[str]], names: Sequence[str], body_px: int
) -> tuple[int, list[int], int]:
    """The names' column, each other column's width and the panel's, narrowed to fit the window."""
    head = app.fonts.get(max(11, round(15 * s)), "bold")
    body = app.fonts.get(body_px)
    widths = [
        max([head.size(c)[0]] + [body.size(r[i])[0] for r in rows]) + round(22 * s)
        for i, c in enumerate(columns)
    ]
    name_w = max(body.size(n)[0] for n in names) + round(24 * s)
    width = name_w + sum(widths) + round(40 * s)
    if width > w - 16:  # too wide for the window: narrower columns (cells then wrap by shrinking)
        squeeze = (w - 16 - name_w - round(40 * s)) / max(1, sum(widths))
        widths = [max(24, int(x * squeeze)) for x in widths]
        width = w - 16
    return name_w, widths, max(width, round(420 * s))


@dataclass(frozen=True)
class _Table:
    """The summary's table as laid out: its columns, rows and sizes."""

    columns: list[str]
    rows: list[list[str]]
    names: Sequence[str]
    name_w: int
    widths: list[int]
    row_h: int
    px: int


def _draw_table(
    surface: pygame.Surface, app, s: float, panel: pygame.Rect, t: _Table, viewer: int | None
) -> int:
    """The heads and a row per seat (the viewer's name lit), each cell shrunk to fit; the y below."""
    y = panel.top + round(56 * s)
    x0 = panel.left + round(20 * s)
    starts = []
    x = x0 + t.name_w
    for cw in t.widths:
        starts.append(x + cw // 2)
        x += cw
    small = max(11, round(15 * s))
    for col, cx in zip(t.columns, starts, strict=True):
        draw_text(surface, app.text, col, small, (cx, y), theme.MUTED, "bold", "midtop")
    y += t.row_h
    for seat, row in enumerate(t.rows):
        color = theme.HIGHLIGHT if seat == viewer else theme.TEXT
        draw_text(surface, app.text, t.names[seat], t.px, (x0, y), color, "bold")
        for text, cx, cw in zip(row, starts, t.widths, strict=True):
            size = t.px
            while size > 10 and app.fonts.get(size).size(text)[0] > cw - 6:
                size -= 1
            draw_text(surface, app.text, text, size, (cx, y), theme.TEXT, anchor="midtop")
        y += t.row_h
    return y
