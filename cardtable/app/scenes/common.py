"""Pieces several scenes share: a column of buttons, the felt background."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from .. import theme
from ..widgets import Button, FocusRing, Widget


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
