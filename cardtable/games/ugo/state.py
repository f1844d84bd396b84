"""Everything in a game of U-G-O that changes as it is played, declared once (see ``engine.state``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from cardtable.engine import Card, Visibility, Zone
from cardtable.engine.state import part, seat_zones, zone

NOBODY, OWNER, PUBLIC = Visibility.NOBODY, Visibility.OWNER, Visibility.PUBLIC


class Pending(TypedDict):
    """A play waiting on its victim's reaction (a Ten, a Nine, or none)."""

    kind: str  # "attack", "ace", "joker" ...
    user: int
    victim: int
    responder: int  # who decides now
    card: Card
    target: Card | None


@dataclass
class UgoState:
    decks: list[Zone] = seat_zones("deck", "deck", NOBODY)
    hands: list[Zone] = seat_zones("hand", "hand", OWNER, private_order=True)
    tables: list[Zone] = seat_zones("table", "slots", PUBLIC)
    discards: list[Zone] = seat_zones("discard", "pile", PUBLIC)
    removed: Zone = zone("removed", "pile", PUBLIC)  # Queens out of the game

    phase: str = "turn"
    turn: int = 0
    turn_count: int = part(0, shown=True)
    direction: int = part(1, shown=True)
    alive: list[bool] = part(True, each_seat=True, shown=True)
    out_order: list[int] = part(list, shown=True)
    had_turn: set[int] = part(set, shown=True)
    # This turn's: an Ad played, the battle positions (unused -> open -> used), what turned and attacked.
    ad_played: bool = part(False, shown=True)
    positions: str = part("unused", shown=True)
    turned: set[Card] = part(set, shown=True)
    attacked: set[Card] = part(set, shown=True)
    revealed: set[Card] = part(set, shown=True)
    final_winners: tuple[int, ...] = ()
    score_history: list[tuple[int, ...]] = part(list, shown=True)  # cards left at each turn's start
    pending: Pending | None = None
