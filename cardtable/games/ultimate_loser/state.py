"""Everything in a game of Ultimate Loser that changes as it is played, declared once (see
``engine.state``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, TypedDict

from cardtable.engine import Card, Visibility, Zone
from cardtable.engine.codecs import SHARED
from cardtable.engine.state import part, seat_zones, zone

NOBODY, OWNER, PUBLIC = Visibility.NOBODY, Visibility.OWNER, Visibility.PUBLIC

Play = tuple[int, str, tuple[Card, ...]]
"""A seat's move in a trick: who, what kind (a play, a pass, an exchange), and its cards."""


class LastTrick(TypedDict):
    plays: tuple[Play, ...]
    best: int | None
    losers: tuple[int, ...]
    leader: int  # who leads next


class RockPaperScissors(TypedDict):
    """Rock-paper-scissors under way to settle a tie: who plays it, the shapes chosen so far."""

    players: tuple[int, ...]
    choices: dict[int, str]
    round: int
    last: tuple[tuple[int, str], ...]  # the shapes shown in the round before


@dataclass
class UltimateLoserState:
    spares: Zone = zone("spares", "deck", NOBODY)
    exposed: Zone = zone("exposed", "pile", PUBLIC)
    hands: list[Zone] = seat_zones("hand", "hand", OWNER, private_order=True)
    plays: list[Zone] = seat_zones("play", "trick", PUBLIC)
    discard: Zone = zone("discard", "pile", PUBLIC)

    phase: str = "play"
    hand_no: int = part(0, saved_as="hand", shown="round")
    dealer: int = part(0, shown=True)
    leader: int = part(0, shown=True)
    turn: int = 0
    order: list[int] = part(list, shown=True)  # this trick's seats, leader first
    pos: int = 0  # whose place in ``order`` it is
    trick: list[Play] = part(list, shown="moves")
    lead_type: tuple[str, int] | None = part(None, shown=True)
    totals: list[int] = part(0, each_seat=True)
    hand_penalties: list[int] = part(0, each_seat=True, shown=True)
    hand_scores: list[list[int]] = part(list, shown="round_scores")  # a row per hand played
    losers: list[int] = part(list, shown=True)
    last_trick: Annotated[LastTrick, SHARED] | None = None
    rps: RockPaperScissors | None = None
