"""The house-rule lab's comparison drawn: wins by seat as paired bars, every other figure as a change.

One drawing for the House rules page and for ``cardtable lab --chart``, so a
saved picture is what the app shows. The rules tried are drawn in the
accent colour and the rules compared with in the muted one; a figure whose
difference is more than luck explains is drawn solid, the others faint, and
a line across each change shows its likely range (95 times in 100). Captions
are wrapped to their panel, which they never cross, at any window size.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from cardtable.i18n import _, ngettext, pgettext
from cardtable.lab.compare import Comparison, Row
from cardtable.lab.report import cut

from . import theme
from .theme import Fonts, TextCache, wrap
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
    legend, seats, changes = chart_parts(rect, s)
    draw_legend(surface, text, legend, s, c)
    _seat_bars(surface, text, seats, s, c)
    _changes(surface, text, changes, s, c)


def chart_parts(rect: pygame.Rect, s: float) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """Where the legend, the wins-by-seat panel and the what-changes panel lie within ``rect``."""
    gap = round(12 * s)
    legend_h = round(30 * s)
    legend = pygame.Rect(rect.left, rect.top, rect.width, legend_h)
    body = pygame.Rect(rect.left, rect.top + legend_h + gap, rect.width, rect.height - legend_h - gap)
    left_w = round(body.width * 0.38)
    seats = pygame.Rect(body.left, body.top, left_w, body.height)
    changes = pygame.Rect(body.left + left_w + gap, body.top, body.width - left_w - gap, body.height)
    return legend, seats, changes


def draw_legend(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, s: float, c: Comparison) -> None:
    """The two sets of rules in their colours, and how many deals of which computers (the chart's head,
    and the lab screen's over its sentences)."""
    size = round(16 * s)
    x = rect.left
    for color, name in ((TRIED, c.tried), (AGAINST, c.against)):
        swatch = pygame.Rect(x, rect.centery - size // 2, size, size)
        pygame.draw.rect(surface, color, swatch, border_radius=max(1, round(3 * s)))
        label = draw_text(
            surface, text, name, size, (swatch.right + round(8 * s), rect.centery), anchor="midleft"
        )
        x = label.right + round(28 * s)
    note = ngettext(
        "{n} deal under both, {level} computers", "{n} deals under both, {level} computers", c.n
    ).format(n=c.n, level=_level(c.level))
    draw_text(surface, text, note, round(14 * s), (rect.right, rect.centery), theme.MUTED, anchor="midright")


def _seat_bars(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, s: float, c: Comparison) -> None:
    """Each seat's share of the wins under both rules, with the even share marked."""
    draw_panel(surface, rect)
    title = (rect.centerx, rect.top + round(20 * s))
    draw_text(surface, text, _("Wins by seat"), round(18 * s), title, theme.TEXT, "bold", "center")
    rows = c.section("Wins by seat")
    first = next((r for r in c.rows if r.key == "first_wins"), None)
    if first is not None:
        where = (rect.centerx, rect.top + round(42 * s))
        words = _("whoever went first: {tried} vs {against}").format(
            tried=first.show(first.tried), against=first.show(first.against)
        )
        draw_text(surface, text, words, round(13 * s), where, theme.MUTED, anchor="midtop")
    even = 1 / c.players
    small = round(13 * s)
    pad = round(10 * s)
    caption = _("Seat. * more than luck explains; dashes: an even share, {share}%").format(
        share=f"{100 * even:.0f}"
    )
    lines = wrap(text.fonts.get(small), caption, rect.width - 2 * pad)
    line_h = text.fonts.get(small).get_height()
    caption_top = rect.bottom - pad - line_h * len(lines)
    area_top = rect.top + round(71 * s)
    area_bottom = caption_top - round(8 * s) - line_h  # the seat numbers sit between bars and caption
    area = pygame.Rect(
        rect.left + round(20 * s), area_top, rect.width - round(40 * s), area_bottom - area_top
    )
    top = max([even, *(max(r.tried, r.against) for r in rows)]) * 1.2 or 1.0

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
    for i, line in enumerate(lines):
        where = (rect.centerx, caption_top + i * line_h)
        draw_text(surface, text, line, small, where, theme.MUTED, anchor="midtop")


def _changes(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, s: float, c: Comparison) -> None:
    """Every other figure: how much it changes, as a share of its value under the compared rules."""
    draw_panel(surface, rect)
    title = (rect.centerx, rect.top + round(20 * s))
    draw_text(surface, text, _("What changes"), round(18 * s), title, theme.TEXT, "bold", "center")
    rows = [r for r in c.rows if r.section not in ("Wins by seat", "Going first")]
    tiny = round(11 * s)
    foot_h = text.fonts.get(tiny).get_height()  # the scale under the bars, inside the panel's edge
    top = rect.top + round(51 * s)
    bottom = rect.bottom - round(8 * s) - foot_h - round(4 * s)
    inner = pygame.Rect(rect.left + round(14 * s), top, rect.width - round(28 * s), bottom - top)
    label_w = round(inner.width * 0.36)
    value_w = round(inner.width * 0.24)
    bars = pygame.Rect(inner.left + label_w, inner.top, inner.width - label_w - value_w, inner.height)
    zero = bars.centerx
    half = bars.width // 2 - round(4 * s)
    pygame.draw.line(surface, theme.PANEL_EDGE, (zero, bars.top), (zero, bars.bottom), 1)
    foot = bars.bottom + round(4 * s)
    draw_text(surface, text, "-100%", tiny, (zero - half, foot), theme.MUTED, anchor="midtop")
    draw_text(surface, text, _("no change"), tiny, (zero, foot), theme.MUTED, anchor="midtop")
    draw_text(surface, text, "+100%", tiny, (zero + half, foot), theme.MUTED, anchor="midtop")
    _range_key(surface, text, (inner.left, foot), tiny, s)
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
        values = _("{tried} vs {against}").format(tried=r.show(r.tried), against=r.show(r.against))
        draw_text(surface, text, values, size, (inner.right, cy), color, anchor="midright")


def _range_key(
    surface: pygame.Surface, text: TextCache, topleft: tuple[int, int], size: int, s: float
) -> None:
    """What the line across a bar means, under the labels: "|-| likely range"."""
    left = topleft[0]
    right = left + round(18 * s)
    where = (right + round(6 * s), topleft[1])
    label = draw_text(surface, text, _("likely range"), size, where, theme.MUTED, anchor="topleft")
    y = label.centery
    pygame.draw.line(surface, theme.TEXT, (left, y), (right, y), max(1, round(2 * s)))
    for end in (left, right):
        pygame.draw.line(surface, theme.TEXT, (end, y - round(3 * s)), (end, y + round(3 * s)), 1)


def _relative(r: Row) -> tuple[float, float, float]:
    """The difference and its interval as shares of the compared value, held within -1..1."""
    base = abs(r.against) or abs(r.tried) or 1.0
    if r.kind == "share":
        base = 1.0  # shares change in points: 10 points is a tenth of the bar

    def clamp(v: float) -> float:
        return max(-1.0, min(1.0, v / base))

    return clamp(r.diff), clamp(r.low), clamp(r.high)


def _level(level: str) -> str:
    """A computers' level as the legend says it ("{n} deals under both, hard computers")."""
    # Translators: a computers' level, in "20 deals under both, hard computers".
    words = {
        "easy": pgettext("level", "easy"),
        "normal": pgettext("level", "normal"),
        "hard": pgettext("level", "hard"),
    }
    return words.get(level, level)


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
    title = _("{tried} against {against}").format(tried=c.tried, against=c.against)
    draw_text(surface, text, title, 22, (size[0] // 2, 14), theme.TEXT, "bold", "midtop")
    draw_lab_chart(surface, text, pygame.Rect(16, 50, size[0] - 32, size[1] - 66), 1.0, c)
    pygame.image.save(surface, str(path))
