"""The house-rule lab's comparison drawn: wins by seat as paired bars, every other figure as a change.

One drawing for the House rules page and for ``cardtable lab --chart``, so a
saved picture is what the app shows. The rules tried are drawn in the
accent colour and the rules compared with in the muted one; a figure whose
difference is more than luck explains is drawn solid, the others faint.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from cardtable.lab.compare import Comparison, Row
from cardtable.lab.report import cut

from . import theme
from .theme import Fonts, TextCache
from .widgets import draw_panel, draw_text

TRIED = theme.ACCENT
AGAINST = theme.MUTED
FAINT = (96, 128, 108)

SIZE = (1000, 620)
"""The saved picture's size: readable on a page, the same proportions as the app's panel."""


def draw_lab_chart(
    surface: pygame.Surface, text: TextCache, rect: pygame.Rect, s: float, c: Comparison
) -> None:
    """Draw ``c`` filling ``rect`` (``s``: the screen's scale): a legend, then the two panels."""
    gap = round(12 * s)
    legend_h = round(30 * s)
    _legend(surface, text, pygame.Rect(rect.left, rect.top, rect.width, legend_h), s, c)
    body = pygame.Rect(rect.left, rect.top + legend_h + gap, rect.width, rect.height - legend_h - gap)
    left_w = round(body.width * 0.38)
    _seat_bars(surface, text, pygame.Rect(body.left, body.top, left_w, body.height), s, c)
    right = pygame.Rect(body.left + left_w + gap, body.top, body.width - left_w - gap, body.height)
    _changes(surface, text, right, s, c)


def _legend(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, s: float, c: Comparison) -> None:
    size = round(16 * s)
    x = rect.left
    for color, name in ((TRIED, c.tried), (AGAINST, c.against)):
        swatch = pygame.Rect(x, rect.centery - size // 2, size, size)
        pygame.draw.rect(surface, color, swatch, border_radius=max(1, round(3 * s)))
        label = draw_text(
            surface, text, name, size, (swatch.right + round(8 * s), rect.centery), anchor="midleft"
        )
        x = label.right + round(28 * s)
    note = f"{c.n} paired games, {c.level} computers"
    draw_text(surface, text, note, round(14 * s), (rect.right, rect.centery), theme.MUTED, anchor="midright")


def _seat_bars(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, s: float, c: Comparison) -> None:
    """Each seat's share of the wins under both rules, with the even share marked."""
    draw_panel(surface, rect)
    title = (rect.centerx, rect.top + round(20 * s))
    draw_text(surface, text, "Wins by seat", round(18 * s), title, theme.TEXT, "bold", "center")
    rows = c.section("Wins by seat")
    first = next((r for r in c.rows if r.key == "first_wins"), None)
    if first is not None:
        where = (rect.centerx, rect.top + round(42 * s))
        words = f"whoever went first: {first.show(first.tried)} vs {first.show(first.against)}"
        draw_text(surface, text, words, round(13 * s), where, theme.MUTED, anchor="midtop")
    area = rect.inflate(-round(40 * s), -round(110 * s)).move(0, round(16 * s))
    even = 1 / c.players
    top = max([even, *(max(r.tried, r.against) for r in rows)]) * 1.2 or 1.0
    small = round(13 * s)

    def y(v: float) -> int:
        return round(area.bottom - area.height * v / top)

    pygame.draw.line(surface, theme.MUTED, area.bottomleft, area.bottomright, 1)
    slot = area.width / max(1, len(rows))
    bar = max(2, round(min(slot * 0.32, 40 * s)))
    for i, r in enumerate(rows):
        centre = round(area.left + slot * (i + 0.5))
        for value, color, dx in ((r.tried, TRIED, -bar), (r.against, AGAINST, 0)):
            box = pygame.Rect(centre + dx, y(value), bar, area.bottom - y(value))
            pygame.draw.rect(surface, color if r.significant or color is AGAINST else _fade(color), box)
        label = str(i + 1) + (" *" if r.significant else "")
        draw_text(
            surface, text, label, small, (centre, area.bottom + round(6 * s)), theme.TEXT, anchor="midtop"
        )
        if len(rows) <= 6:
            where = (centre - bar // 2, y(r.tried) - round(3 * s))
            draw_text(surface, text, f"{100 * r.tried:.0f}", round(11 * s), where, TRIED, anchor="midbottom")
    _dashed(surface, theme.TEXT, (area.left, y(even)), area.right, max(1, round(2 * s)), s)
    where = (area.centerx, area.bottom + round(26 * s))
    caption = f"seat  (* beyond luck;  - - even share {100 * even:.0f}%)"
    draw_text(surface, text, caption, small, where, theme.MUTED, anchor="midtop")


def _changes(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, s: float, c: Comparison) -> None:
    """Every other figure: how much it changes, as a share of its value under the compared rules."""
    draw_panel(surface, rect)
    title = (rect.centerx, rect.top + round(20 * s))
    draw_text(surface, text, "What changes", round(18 * s), title, theme.TEXT, "bold", "center")
    rows = [r for r in c.rows if r.section not in ("Wins by seat", "Going first")]
    inner = rect.inflate(-round(28 * s), -round(70 * s)).move(0, round(16 * s))
    label_w = round(inner.width * 0.36)
    value_w = round(inner.width * 0.24)
    bars = pygame.Rect(inner.left + label_w, inner.top, inner.width - label_w - value_w, inner.height)
    zero = bars.centerx
    half = bars.width // 2 - round(4 * s)
    pygame.draw.line(surface, theme.PANEL_EDGE, (zero, bars.top), (zero, bars.bottom), 1)
    tiny = round(11 * s)
    foot = bars.bottom + round(4 * s)
    draw_text(surface, text, "-100%", tiny, (zero - half, foot), theme.MUTED, anchor="midtop")
    draw_text(surface, text, "no change", tiny, (zero, foot), theme.MUTED, anchor="midtop")
    draw_text(surface, text, "+100%", tiny, (zero + half, foot), theme.MUTED, anchor="midtop")
    step = inner.height / max(1, len(rows))
    size = round(min(14 * s, step * 0.5))
    for i, r in enumerate(rows):
        cy = round(inner.top + step * (i + 0.5))
        color = theme.TEXT if r.significant else theme.MUTED
        draw_text(surface, text, cut(r.label, 26), size, (inner.left, cy), color, anchor="midleft")
        rel, low, high = _relative(r)
        thick = max(3, round(step * 0.42))
        x = zero + round(half * rel)
        box = pygame.Rect(min(zero, x), cy - thick // 2, max(1, abs(x - zero)), thick)
        pygame.draw.rect(surface, TRIED if r.significant else FAINT, box)
        if low != high:
            a, b = zero + round(half * low), zero + round(half * high)
            pygame.draw.line(surface, theme.TEXT, (a, cy), (b, cy), max(1, round(2 * s)))
            for end in (a, b):
                pygame.draw.line(surface, theme.TEXT, (end, cy - thick // 3), (end, cy + thick // 3), 1)
        values = f"{r.show(r.tried)} vs {r.show(r.against)}"
        draw_text(surface, text, values, size, (inner.right, cy), color, anchor="midright")


def _relative(r: Row) -> tuple[float, float, float]:
    """The difference and its interval as shares of the compared value, held within -1..1."""
    base = abs(r.against) or abs(r.tried) or 1.0
    if r.kind == "share":
        base = 1.0  # shares change in points: 10 points is a tenth of the bar

    def clamp(v: float) -> float:
        return max(-1.0, min(1.0, v / base))

    return clamp(r.diff), clamp(r.low), clamp(r.high)


def _fade(color: theme.Color) -> theme.Color:
    return tuple((2 * v + f) // 3 for v, f in zip(color, FAINT, strict=True))  # type: ignore[return-value]


def _dashed(
    surface: pygame.Surface, color: theme.Color, start: tuple[int, int], end_x: int, w: int, s: float
) -> None:
    x, y = start
    dash = max(4, round(8 * s))
    while x < end_x:
        pygame.draw.line(surface, color, (x, y), (min(x + dash, end_x), y), w)
        x += 2 * dash


def save_chart(c: Comparison, path: Path, size: tuple[int, int] = SIZE) -> None:
    """Draw ``c`` on a picture of its own and save it (PNG); needs no window."""
    pygame.font.init()
    surface = pygame.Surface(size)
    surface.fill(theme.FELT_DARK)
    text = TextCache(Fonts())
    title = f"{c.tried} against {c.against}"
    draw_text(surface, text, title, 22, (size[0] // 2, 14), theme.TEXT, "bold", "midtop")
    draw_lab_chart(surface, text, pygame.Rect(16, 50, size[0] - 32, size[1] - 66), 1.0, c)
    pygame.image.save(surface, str(path))
