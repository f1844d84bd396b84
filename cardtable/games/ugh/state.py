"""Everything in a game of Ugh! that changes as it is played, declared once (see ``engine.state``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from cardtable.engine import Card, Visibility, Zone
from cardtable.engine.codecs import Names
from cardtable.engine.state import part, seat_zones, zone, zone_row

from .cards import COLORS, SAFETY_PILES

NOBODY, PUBLIC = Visibility.NOBODY, Visibility.PUBLIC


@dataclass
class UghState:
    deck: Zone = zone("deck", "deck", NOBODY)
    safety: list[Zone] = zone_row("safety", SAFETY_PILES, "pile", PUBLIC)
    flipped: Zone = zone("flipped", "pile", PUBLIC)
    discard: Zone = zone("discard", "pile", PUBLIC)
    pools: list[Zone] = seat_zones("pool", "pool", PUBLIC)
    forming: list[Zone] = seat_zones("set", "set", PUBLIC)  # the set being locked
    victory: list[Zone] = seat_zones("victory", "pile", PUBLIC)

    phase: str = "turn"
    turn: int = 0
    first_player: int = part(0, shown=True)
    flips: int = part(0, shown=True)  # this turn's
    taken: bool = part(False, shown=True)  # a Safety pile taken this turn
    window: list[int] = part(list, shown=True)  # seats yet to answer a Wild, in order
    discards_left: int = part(0, shown=True)
    ice_colors: list[Annotated[int, Names(COLORS)]] = part(list, shown=True)  # colours frozen by Ice
    sets: list[list[tuple[tuple[Card, ...], int]]] = part(list, each_seat=True, shown=True)  # locked, scored
    ughs: list[int] = part(0, each_seat=True, saved_as="first_ughs", shown=True)  # first Ugh! cards flipped
    totals: list[int] = part(0, each_seat=True, saved=False)  # worked out again from sets and ughs
