"""A player's life dropping, shown by their name plate for a moment (U-G-O: cards milled off a deck).

The plate says how much is left; a drop that passed in silence would leave a
player to subtract. Each seat's count (the layout's ``plate.life`` fact) is
watched from frame to frame, and a fall is shown as "-9" by the plate.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from .. import theme

LOSS_SECONDS = 2.5


class Losses:
    def __init__(self) -> None:
        self.last: tuple[float, ...] | None = None
        self.shown: dict[int, tuple[float, float]] = {}  # seat -> (how much was lost, since when)

    def update(self, values: object, clock: float) -> None:
        """The counts now (one per seat); a fall from the last ones is noted."""
        if not isinstance(values, tuple | list) or not all(isinstance(v, int | float) for v in values):
            return
        now = tuple(float(v) for v in values)
        if self.last is not None and len(self.last) == len(now):
            for seat, (was, left) in enumerate(zip(self.last, now, strict=True)):
                if left < was:
                    lost, since = self.shown.get(seat, (0.0, -1e9))
                    running = clock - since < LOSS_SECONDS
                    self.shown[seat] = ((lost if running else 0.0) + was - left, clock)
        self.last = now

    def now(self, clock: float) -> dict[int, float]:
        """Each seat's recent loss, while it is shown."""
        return {s: lost for s, (lost, since) in self.shown.items() if clock - since < LOSS_SECONDS}


def draw_losses(
    surface: pygame.Surface, app, scale: float, plates: Sequence[pygame.Rect], losses: dict[int, float]
) -> None:
    """ "-9" in a red pill at the top right corner of each plate whose life just fell."""
    px = max(12, round(17 * scale))
    for seat, lost in losses.items():
        if seat >= len(plates):
            continue
        img = app.text.render(f"-{lost:g}", px, theme.TEXT, "bold")
        pill = img.get_rect().inflate(round(12 * scale), round(4 * scale))
        pill.center = plates[seat].topright
        pill.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, theme.DANGER, pill, border_radius=pill.height // 2)
        surface.blit(img, img.get_rect(center=pill.center))
