"""Peeking: another seat's small zone grows once the pointer rests on it.

The pause (hover intent) keeps a quick drag and drop on the card it was
aimed at: a zone that grew under a moving pointer would put another card
there. Growing works while cards animate, too.
"""

from __future__ import annotations

from .stage import Stage

PEEK_DELAY = 0.3
"""Seconds the pointer rests on another seat's small zone before it grows."""


class Peek:
    def __init__(self) -> None:
        self.wanted: tuple[tuple, float] | None = None  # (zone, since): the pointer rests on it

    def moved(self, stage: Stage, pos: tuple[int, int], clock: float, glide: float) -> None:
        """The pointer moved: a grown zone it left shrinks; a zone it came to is waited on."""
        ref = stage.peek_at(pos)
        if ref is None or ref != stage.geometry.expanded:
            grow(stage, None, glide)
        if ref is None or ref == stage.geometry.expanded:
            self.wanted = None
        elif self.wanted is None or self.wanted[0] != ref:
            self.wanted = (ref, clock)

    def left(self, stage: Stage, glide: float) -> None:
        """The pointer left the window: whatever grew shrinks, and nothing is waited on."""
        self.wanted = None
        grow(stage, None, glide)

    def next_change(self) -> float | None:
        """When the zone the pointer rests on grows, on the table's clock (None: none waits)."""
        return None if self.wanted is None else self.wanted[1] + PEEK_DELAY

    def tick(self, stage: Stage, clock: float, glide: float) -> None:
        """Grow the zone the pointer has rested on long enough."""
        if self.wanted is not None and clock - self.wanted[1] >= PEEK_DELAY:
            grow(stage, self.wanted[0], glide)
            self.wanted = None


def grow(stage: Stage, ref: tuple | None, glide: float) -> None:
    """Show ``ref`` grown (None: none), its cards and the shrinking one's gliding to their places."""
    old = stage.geometry.expanded
    if ref != old:
        stage.geometry.expanded = ref
        for changed in (old, ref):
            if changed is not None:
                stage.place_zone(changed, glide)
