"""What the table says: announcements as toasts or in the spotlight, and why a gesture was refused.

Everything here is written for the viewer who saw it ("You attack", not
"Ann attacks"), so it is cleared when the table is handed to another player.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine import Announced, Card, Event, GameOver, format_prompt

from ..layout.schema import Layout
from .spotlight import Shown
from .words import winners_text

TOAST_SECONDS = 2.2
ERROR_SECONDS = 3.5


class Announcer:
    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.toasts: list[tuple[str, float]] = []  # (text, shown until)
        self.error: tuple[str, float] | None = None  # a refusal, shown in the status line
        self.shown = Shown()  # cards in the spotlight (a flipped Ugh! card, a U-G-O attack)

    def clear(self) -> None:
        """A new viewer: what was said to the last one goes."""
        self.toasts = []
        self.shown = Shown()

    def heard(
        self, event: Event, names: Sequence[str], viewer: int | None, clock: float, factor: float
    ) -> None:
        """An event played live: a spotlight, a toast, or nothing."""
        slow = max(0.5, factor)
        spot = self.layout.spotlight
        if isinstance(event, Announced) and event.text:
            text = format_prompt(event.text, names, viewer)
            if spot is not None and event.what in spot.what:
                self.shown.show(cards_of(event.value), text, clock, spot.seconds * slow)
            else:
                self.toast(text, clock, factor)
        elif isinstance(event, GameOver):
            self.toast(winners_text([names[s] for s in event.winners]), clock, factor, 3.0)

    def toast(self, text: str, clock: float, factor: float, seconds: float = TOAST_SECONDS) -> None:
        self.toasts.append((text, clock + seconds * max(0.5, factor)))
        self.toasts = self.toasts[-4:]

    def complain(self, text: str, names: Sequence[str], viewer: int | None, clock: float) -> None:
        text = format_prompt(text, names, viewer)
        self.error = (text[:1].upper() + text[1:], clock + ERROR_SECONDS)

    def expire(self, clock: float) -> None:
        self.toasts = [(t, until) for t, until in self.toasts if until > clock]
        self.shown.expire(clock)
        if self.error is not None and self.error[1] < clock:
            self.error = None


def cards_of(value: object) -> tuple[Card, ...]:
    """The cards an announcement names: one card, or several (an attack's two)."""
    if isinstance(value, Card):
        return (value,)
    if isinstance(value, tuple) and value and all(isinstance(v, Card) for v in value):
        return value
    return ()
