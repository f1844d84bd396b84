"""Events: what ``Game.apply`` reports happened, in order, to drive animation.

Events carry card faces only where the rules show them. An event that moves
or turns a card records ``seen``, the bit mask of seats that may see its face
(-1: everyone, spectators included); :func:`redact` gives each viewer a copy
without the faces they may not see. The table animates events; it never
re-derives rules from them.

Events are plain slotted dataclasses rather than frozen ones: games create
hundreds per round and frozen construction costs several times more. Treat
them as immutable; :func:`redact` returns new objects.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from typing import Any

from .actions import ZoneRef
from .cards import Card
from .words import Said, say

# Games name zones in events by (name, owner) pairs; a ZoneRef is such a pair.


def can_see(seen: int, seat: int | None) -> bool:
    """Is ``seat`` (None: a spectator) in the ``seen`` mask?"""
    if seat is None:
        return seen < 0
    return bool(seen & (1 << seat))


@dataclass(slots=True)
class Event:
    """Base of all events; ``for_seat`` returns what ``seat`` may see of it."""

    def for_seat(self, seat: int | None) -> Event:
        return self

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": type(self).__name__}
        for f in fields(self):
            d[f.name] = _plain(getattr(self, f.name))
        return d


def _plain(x: Any) -> Any:
    if isinstance(x, Card):
        return x.code
    if isinstance(x, tuple | list):
        return [_plain(i) for i in x]
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    return x


@dataclass(slots=True)
class CardEvent(Event):
    """An event about one card whose face only the seats in ``seen`` may see."""

    def for_seat(self, seat: int | None) -> Event:
        if self.card is None or can_see(self.seen, seat):  # type: ignore[attr-defined]
            return self
        return replace(self, card=None)


@dataclass(slots=True)
class Moved(CardEvent):
    """A card went from one zone to another (dealt, passed, played, captured)."""

    card: Card | None
    back: int
    src: ZoneRef
    dst: ZoneRef
    seen: int = -1
    face_up: bool = True


@dataclass(slots=True)
class Turned(CardEvent):
    """A card was turned over where it lies (revealed, or turned face down)."""

    card: Card | None
    back: int
    zone: ZoneRef
    face_up: bool
    seen: int = -1


@dataclass(slots=True)
class Rotated(CardEvent):
    """A table card changed orientation (U-G-O's attack/defense position)."""

    card: Card | None
    back: int
    zone: ZoneRef
    orientation: str
    seen: int = -1


@dataclass(slots=True)
class Attached(Event):
    """A card was attached to a table card (an equip)."""

    card: Card
    to: Card
    src: ZoneRef
    zone: ZoneRef


@dataclass(slots=True)
class Gathered(Event):
    """Every card of ``srcs`` went to ``dst`` face down (tricks back to the deck)."""

    srcs: tuple[ZoneRef, ...]
    dst: ZoneRef


@dataclass(slots=True)
class Shuffled(Event):
    zone: ZoneRef


@dataclass(slots=True)
class Announced(Event):
    """A public fact worth showing: trump named, a cut card, a reversal, ...

    ``what`` is a stable key the table can react to; ``text`` is for people,
    with ``{seat:N}`` placeholders for names: what happened, and ``detail``
    what it means where there is more to say ("Bo flips Ugh! -2" / "it ends
    the turn ..."), which a table may show apart (the spotlight) or after it.
    """

    what: str
    seat: int | None
    value: Any
    text: str
    detail: str = ""

    @property
    def said(self) -> str:
        """The whole sentence, for a log: the text, then its detail (each translated whole)."""
        if not self.detail:
            return self.text
        if isinstance(self.text, Said) and isinstance(self.detail, Said):
            # Translators: an announcement, then what it means ("Bo flips Ugh! -2: it ends the turn").
            return say("{text}: {detail}", text=self.text, detail=self.detail)
        return f"{self.text}: {self.detail}"  # plain text, its seats as placeholders: read as one


@dataclass(slots=True)
class TrickWon(Event):
    """``seat`` takes the trick's ``cards``; ``note``: what that costs or earns, in the game's
    words ("J♦ -3"), for the table to say as the trick is won."""

    seat: int
    cards: tuple[Card, ...]
    note: str = ""


@dataclass(slots=True)
class ScoreChanged(Event):
    seat: int
    delta: float
    total: float
    reason: str = ""


@dataclass(slots=True)
class RoundEnded(Event):
    round: int
    scores: tuple[float, ...]


@dataclass(slots=True)
class Recap(Event):
    """What happened in a round (a hand, an elimination, the game), for the summary between them.

    A game writes it from public facts only (tricks taken are public; a card
    still hidden never appears), so it needs no redaction. ``rows`` has one
    row per seat, a cell per column; ``title`` and ``notes`` may use
    ``{seat:N}`` placeholders. ``pause``: the table stops for it (a player
    out in U-G-O, the end of Ugh!) even when no round ends with it.
    """

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()
    pause: bool = False
    score_column: bool = False  # the last column works the round's score out (the table adds totals only)


@dataclass(slots=True)
class PlayerOut(Event):
    seat: int
    reason: str = ""


@dataclass(slots=True)
class GameOver(Event):
    winners: tuple[int, ...]
    scores: tuple[float, ...]


def redact(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events as ``seat`` (None: a spectator) may see them."""
    return [e.for_seat(seat) for e in events]
