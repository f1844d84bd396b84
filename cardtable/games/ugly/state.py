"""Everything in a game of Ugly that changes as it is played, declared once (see ``engine.state``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from cardtable.engine import Card, Visibility, Zone
from cardtable.engine.codecs import SHARED
from cardtable.engine.state import part, seat_zones, zone

NOBODY, OWNER, PUBLIC = Visibility.NOBODY, Visibility.OWNER, Visibility.PUBLIC


@dataclass
class UglyState:
    deck: Zone = zone("deck", "deck", NOBODY)
    removed: Zone = zone("removed", "pile", PUBLIC)  # the 2 of spades, with three players
    hands: list[Zone] = seat_zones("hand", "hand", OWNER, private_order=True)
    passing: list[Zone] = seat_zones("pass", "pile", OWNER, private_order=True)
    played: list[Zone] = seat_zones("trick", "trick", PUBLIC)
    won: list[Zone] = seat_zones("won", "pile", PUBLIC)

    phase: str = "trump"
    round: int = part(0, shown=True)  # counted from 0
    dealer: int = part(0, shown=True)
    trump: str | None = part(None, shown=True)
    pass_count: int = part(0, shown=True)  # cards each passes this round
    turn: int = 0
    leader: int = part(0, shown=True)
    lead_suit: str | None = part(None, shown=True)
    trick_order: list[int] = part(list, shown=True)  # seats in the order they played to this trick
    tricks_won: list[int] = part(0, each_seat=True, shown=True)
    totals: list[int] = part(0, each_seat=True)
    round_scores: list[list[int]] = part(list, shown=True)  # a row per round played
    voids: list[int] = part(0, each_seat=True)  # the suits each has shown out of, as bits
    last_trick: tuple[int, tuple[int, ...], tuple[Card, ...]] | None = None  # winner, seats, cards
    cut: Annotated[list[tuple[int, Card]], SHARED] = part(list, shown=True)  # the cuts for dealer
    _passers: tuple[int, ...] = part((), saved=False)  # seats still choosing cards to pass
