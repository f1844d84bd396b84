"""Pieces several scenes share: a column of buttons, the felt background, file notices."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from .. import theme
from ..theme import wrap
from ..widgets import Button, FocusRing, Widget, draw_text
from ..widgets import box as widget_box


def layout_column(
    buttons: Sequence[Button], center_x: int, top: int, width: int, height: int, gap: int
) -> int:
    """Stack buttons in a centred column; returns the bottom edge."""
    y = top
    for b in buttons:
        b.rect = pygame.Rect(0, 0, width, height)
        b.rect.midtop = (center_x, y)
        y += height + gap
    return y


class Background:
    """The felt with a soft vignette, rendered once per window size."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, int], pygame.Surface] = {}

    def get(self, size: tuple[int, int]) -> pygame.Surface:
        surf = self._cache.get(size)
        if surf is None:
            self._cache.clear()
            surf = pygame.Surface(size)
            surf.fill(theme.FELT)
            w, h = size
            small = pygame.Surface((64, 36))
            for y in range(36):
                for x in range(64):
                    dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
                    d = min(1.0, (dx * dx + dy * dy) ** 0.5)
                    k = d * d
                    small.set_at(
                        (x, y),
                        tuple(
                            round(a + (b - a) * k)
                            for a, b in zip(theme.FELT_LIGHT, theme.FELT_DARK, strict=True)
                        ),
                    )
            surf = pygame.transform.smoothscale(small, size)
            self._cache[size] = surf
        return surf


BACKGROUND = Background()


def widgets_handle(ring: FocusRing, widgets: Sequence[Widget], event: pygame.event.Event) -> bool:
    ring.set(widgets)
    return ring.handle(event)


def draw_notices(
    surface: pygame.Surface,
    app,
    rect: pygame.Rect,
    s: float,
    notices: list[str],
    notes: list[str] | tuple[str, ...] = (),
    first: tuple[str, theme.Color] | None = None,
    boxed: bool = False,
    heading: str = "Files with mistakes (Card Table uses its defaults for them):",
) -> None:
    """Problems with the player's files (file, line, what is wrong) wrapped into ``rect``.

    ``notes`` (where a file was kept) follow them; ``first`` is a message of
    the scene's own shown above all (e.g. "Saved"). Lines that do not fit end
    in a count of what is left out.
    """
    size = round(15 * s)
    line_h = round(20 * s)
    font = app.fonts.get(size)
    pad = round(10 * s) if boxed else 0
    width = rect.width - 2 * pad
    lines: list[tuple[str, theme.Color, str]] = []
    if first is not None:
        lines += [(line, first[1], "bold") for line in wrap(font, first[0], width)]
    if notices:
        lines += [(line, theme.ACCENT, "bold") for line in wrap(font, heading, width)]
        for notice in notices:
            lines += [(line, theme.TEXT, "regular") for line in wrap(font, notice, width - round(14 * s))]
    for note in notes:
        lines += [(line, theme.MUTED, "regular") for line in wrap(font, note, width)]
    if not lines:
        return
    room = max(1, (rect.height - 2 * pad) // line_h)
    if len(lines) > room:
        left_out = len(lines) - room + 1
        lines = [*lines[: room - 1], (f"\u2026 and {left_out} more lines", theme.MUTED, "regular")]
    if boxed:
        height = len(lines) * line_h + 2 * pad
        box_rect = pygame.Rect(rect.left, rect.top, rect.width, height)
        surface.blit(widget_box(box_rect.size, (*theme.PANEL, 235), (*theme.DANGER, 255), 2, 10), box_rect)
    y = rect.top + pad
    for line, color, style in lines:
        indent = round(14 * s) if color == theme.TEXT else 0
        draw_text(surface, app.text, line, size, (rect.left + pad + indent, y), color, style)
        y += line_h
