"""What a hand of Ultimate Loser came to, for the summary after it: who was the Ultimate Loser,
and how many cards each player still held (the table adds the penalties by cause).

Hand sizes and the Ultimate Loser are public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import Recap, seat_ref

if TYPE_CHECKING:
    from .rules import UltimateLoserGame

COLUMNS = ("Cards left",)


def hand_recap(game: UltimateLoserGame, loser: int, penalty: int) -> Recap:
    rows = tuple(
        (str(len(game.hands[s].cards)) if s != loser else f"{len(game.hands[s].cards)} (last)",)
        for s in range(game.players)
    )
    takes = f" and takes {penalty}" if penalty else ""
    notes = (f"{seat_ref(loser)} is the Ultimate Loser{takes}",)
    return Recap(f"Hand {game.hand_no} of {game.n_rounds}", COLUMNS, rows, notes)
