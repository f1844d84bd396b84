"""The direction of play as a round arrow that flips over when play reverses (U-G-O's 9).

A reversal changes who attacks whom, so it must not pass unnoticed: the
arrow turns over like a card (its width shrinks to nothing and grows back
mirrored) and its badge glows for a moment.
"""

from __future__ import annotations

import math

import pygame

FLIP_SECONDS = 0.6
GLOW_SECONDS = 2.0


class Flips:
    """When each direction badge last changed, so its arrow can flip over."""

    def __init__(self) -> None:
        self.seen: dict[str, tuple[int, float]] = {}  # key -> (direction, changed at)

    def state(self, key: str, direction: int, clock: float) -> tuple[float, bool]:
        """(horizontal scale of the arrow, -1..1; glowing?) for ``direction`` now."""
        last = self.seen.get(key)
        if last is None:
            self.seen[key] = (direction, -1e9)
        elif last[0] != direction:
            self.seen[key] = (direction, clock)
        since = clock - self.seen[key][1]
        sign = 1.0 if direction >= 0 else -1.0
        if since >= FLIP_SECONDS:
            return sign, since < GLOW_SECONDS
        # From the old direction (-sign) through edge-on to the new one.
        return -sign * math.cos(math.pi * since / FLIP_SECONDS), True


def draw_turn_arrow(
    surface: pygame.Surface, center: tuple[int, int], radius: int, sx: float, color, width: int
) -> None:
    """A round arrow around ``center``: clockwise for ``sx`` 1, mirrored (counter-clockwise) for -1."""
    cx, cy = center
    start, sweep = math.radians(-200), math.radians(250)
    steps = 24
    points = []
    for i in range(steps + 1):
        a = start + sweep * i / steps
        points.append((cx + radius * math.cos(a) * sx, cy + radius * math.sin(a)))
    if abs(sx) > 0.05:
        pygame.draw.lines(surface, color, False, points, width)
    else:
        pygame.draw.line(surface, color, (cx, cy - radius), (cx, cy + radius), width)
    end = start + sweep

    def on_arc(a: float, r: float) -> tuple[float, float]:
        return cx + r * math.cos(a) * sx, cy + r * math.sin(a)

    # The head follows the arc: its tip a little past the line's end, its base across the line.
    wing = max(3.0, radius * 0.45)
    pygame.draw.polygon(
        surface,
        color,
        [on_arc(end + 0.45, radius), on_arc(end - 0.2, radius + wing), on_arc(end - 0.2, radius - wing)],
    )
