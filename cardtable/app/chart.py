"""A line chart in a panel: the results screen's scores step by step, the statistics' results game by game.

One drawing for both, so the two screens read alike: a title, the lowest and
highest values on the left, step numbers under the axis, one line per series
with dots while they stay apart, and (statistics) marked points such as wins.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from . import theme
from .theme import TextCache
from .widgets import draw_panel, draw_text

DOTS_UP_TO = 30
"""Points per line drawn as dots; more would run together (only the last is drawn then)."""


@dataclass
class Series:
    """One line: its colour, its values, and per value whether to mark it (a win)."""

    color: theme.Color
    values: Sequence[float]
    marks: Sequence[bool] = ()


def draw_line_chart(
    surface: pygame.Surface,
    text: TextCache,
    rect: pygame.Rect,
    s: float,
    title: str,
    series: Sequence[Series],
    x_label: str,
    first_x: int = 0,
) -> pygame.Rect:
    """Draw the chart filling ``rect`` (``s``: the screen's scale); the x axis counts from ``first_x``.

    Returns the plotting area, where the points lie.
    """
    draw_panel(surface, rect)
    at = (rect.centerx, rect.top + round(24 * s))
    draw_text(surface, text, title, round(20 * s), at, theme.TEXT, "bold", "center")
    area = rect.inflate(-round(90 * s), -round(110 * s)).move(round(14 * s), round(10 * s))
    values = [v for line in series for v in line.values]
    if not values:
        return area
    lo, hi = min(values), max(values)
    if hi == lo:
        hi += 1
    n = max(len(line.values) for line in series) - 1

    def point(i: int, v: float) -> tuple[int, int]:
        x = area.left + area.width * i / n if n else area.centerx
        y = area.bottom - area.height * (v - lo) / (hi - lo)
        return round(x), round(y)

    _axes(surface, text, area, s, point, (lo, hi), n, x_label, first_x)
    for line in series:
        _line(surface, [point(i, v) for i, v in enumerate(line.values)], line, s)
    return area


def _axes(
    surface: pygame.Surface,
    text: TextCache,
    area: pygame.Rect,
    s: float,
    point: Callable[[int, float], tuple[int, int]],
    span: tuple[float, float],
    n: int,
    x_label: str,
    first_x: int,
) -> None:
    """The x axis with its step numbers and label, the zero line, and the lowest and highest value."""
    lo, hi = span
    small = round(14 * s)
    pygame.draw.line(surface, theme.MUTED, (area.left, area.bottom), (area.right, area.bottom), 1)
    if lo < 0 < hi:
        pygame.draw.line(
            surface, theme.PANEL_EDGE, (area.left, point(0, 0)[1]), (area.right, point(0, 0)[1]), 1
        )
    for v in (lo, hi):
        where = (area.left - round(8 * s), point(0, v)[1])
        draw_text(surface, text, f"{v:g}", small, where, theme.MUTED, anchor="midright")
    every = max(1, math.ceil((n + 1) / 12))  # at most a dozen step numbers under the axis
    for i in range(0, n + 1, every):
        where = (point(i, lo)[0], area.bottom + round(8 * s))
        draw_text(surface, text, str(first_x + i), small, where, theme.MUTED, anchor="midtop")
    where = (area.centerx, area.bottom + round(28 * s))
    draw_text(surface, text, x_label, small, where, theme.MUTED, anchor="midtop")


def _line(surface: pygame.Surface, pts: list[tuple[int, int]], line: Series, s: float) -> None:
    """One series: its line, its dots while they stay apart, and its marked points (the wins)."""
    if len(pts) > 1:
        pygame.draw.lines(surface, line.color, False, pts, max(2, round(3 * s)))
    for pt in pts if len(pts) <= DOTS_UP_TO else pts[-1:]:
        pygame.draw.circle(surface, line.color, pt, max(3, round(4 * s)))
    for pt, marked in zip(pts, line.marks, strict=False):
        if marked:
            pygame.draw.circle(surface, theme.HIGHLIGHT, pt, max(4, round(7 * s)))
            pygame.draw.circle(surface, theme.INK, pt, max(4, round(7 * s)), max(1, round(2 * s)))
