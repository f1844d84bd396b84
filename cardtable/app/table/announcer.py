"""What the table says out loud: announcements in the spotlight, and the table's own notes as toasts.

Every announcement is also told in the event strip; only those the layout
puts in the spotlight are shown here. Everything is written for the viewer
who saw it ("You attack", not "Ann attacks"), so it is cleared when the table
is handed to another player.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine import Announced, Card, Event, format_prompt

from ..layout.schema import Layout
from .spotlight import Shown

TOAST_SECONDS = 2.2


class Announcer:
    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.toasts: list[tuple[str, float]] = []  # (text, shown until)
        self.shown = Shown()  # cards in the spotlight (a flipped Ugh! card, a U-G-O attack)

    def clear(self) -> None:
        """A new viewer: what was said to the last one goes."""
        self.toasts = []
        self.shown = Shown()

    def heard(
        self, event: Event, names: Sequence[str], viewer: int | None, clock: float, factor: float
    ) -> None:
        """An event played live: the spotlight, or nothing (the strip tells the rest)."""
        spot = self.layout.spotlight
        if isinstance(event, Announced) and event.text and spot is not None and event.what in spot.what:
            head = format_prompt(event.text, names, viewer)
            body = format_prompt(event.detail, names, viewer)
            seconds = spot.seconds * max(0.5, factor)
            self.shown.show(cards_of(event.value), (head, body), clock, seconds, event.seat)

    def toast(self, text: str, clock: float, factor: float, seconds: float = TOAST_SECONDS) -> None:
        self.toasts.append((text, clock + seconds * max(0.5, factor)))
        self.toasts = self.toasts[-4:]

    def next_change(self) -> float | None:
        """When the next note goes or the spotlight changes, on the table's clock (None: never)."""
        times = [until for _, until in self.toasts]
        shown = self.shown
        if shown.now is not None:
            times.append((shown.now[2] + shown.since) / 2 if shown.waiting else shown.now[2])
        return min(times) if times else None

    def expire(self, clock: float) -> None:
        self.toasts = [(t, until) for t, until in self.toasts if until > clock]
        self.shown.expire(clock)


def cards_of(value: object) -> tuple[Card, ...]:
    """The cards an announcement names: one card, or several (an attack's two)."""
    if isinstance(value, Card):
        return (value,)
    if isinstance(value, tuple) and value and all(isinstance(v, Card) for v in value):
        return value
    return ()
