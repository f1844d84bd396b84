"""A U-G-O elimination, for the summary the table pauses on: who is out and why, and where
everyone stands (cards left in each deck, in each hand, on each table).

Deck, hand and table sizes are public; no card is named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import Recap, seat_ref
from cardtable.standings import ordinal

if TYPE_CHECKING:
    from .rules import UgoGame

COLUMNS = ("Deck", "Hand", "Table", "")


def out_recap(game: UgoGame, seat: int, reason: str) -> Recap:
    rows = []
    for s in range(game.players):
        if game.alive[s]:
            state = "playing"
        else:
            place = game.players - game.out_order.index(s)
            state = f"out ({ordinal(place)})"
        rows.append(
            (
                str(len(game.decks[s].cards)),
                str(len(game.hands[s].cards)),
                str(len(game.tables[s].cards)),
                state,
            )
        )
    left = sum(game.alive)
    notes = (f"{seat_ref(seat)} is out: {reason}", f"{left} player{'s' if left != 1 else ''} left")
    return Recap(f"{seat_ref(seat)} is out", COLUMNS, tuple(rows), notes, pause=True)
