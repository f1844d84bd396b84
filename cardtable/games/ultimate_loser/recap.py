"""What a hand of Ultimate Loser came to, for the summary after it: who was the Ultimate Loser,
and how many cards each player still held (the table adds the penalties by cause).

Hand sizes and the Ultimate Loser are public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import Recap
from cardtable.engine.words import N_, Seat, say

if TYPE_CHECKING:
    from .rules import UltimateLoserGame

# Translators: a column of the summary after a hand of Ultimate Loser.
COLUMNS = (N_("Cards left"),)


def hand_recap(game: UltimateLoserGame, loser: int, penalty: int) -> Recap:
    rows = tuple(
        (
            str(len(game.hands[s].cards))
            if s != loser
            # Translators: the cards the Ultimate Loser still held, in the summary after a hand.
            else say("{count} (last)", count=len(game.hands[s].cards)),
        )
        for s in range(game.players)
    )
    if penalty:
        note = say("{seat} is the Ultimate Loser and takes {penalty}", seat=Seat(loser), penalty=penalty)
    else:
        note = say("{seat} is the Ultimate Loser", seat=Seat(loser))
    title = say("Hand {hand} of {hands}", hand=game.hand_no, hands=game.n_rounds)
    return Recap(title, COLUMNS, rows, (note,))
