"""A U-G-O elimination, for the summary the table pauses on: who is out and why, and where
everyone stands (cards left in each deck, in each hand, on each table).

Deck, hand and table sizes are public; no card is named. The words are whole
sentences (``say``) or marked words (``N_``) a table translates where it shows them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import Recap
from cardtable.engine.words import N_, Seat, say, say_n
from cardtable.standings import ordinal

if TYPE_CHECKING:
    from .rules import UgoGame

COULD_NOT_DRAW = N_("could not draw a card")
RAN_OUT = N_("ran out of cards")
"""Why a player is out (``PlayerOut.reason``, and the detail of the announcement)."""

COLUMNS = (N_("Deck"), N_("Hand"), N_("Table"), "")
PLAYING = N_("playing")
# Translators: a player's state in the summary: out of the game, and in which place they finished.
_OUT_IN_PLACE = {
    1: N_("out (1st)"),
    2: N_("out (2nd)"),
    3: N_("out (3rd)"),
    4: N_("out (4th)"),
    5: N_("out (5th)"),
    6: N_("out (6th)"),
}
# Why a player is out (the reasons ``UgoGame`` gives), each with its whole note.
_OUT_BECAUSE = {
    COULD_NOT_DRAW: N_("{seat} is out: could not draw a card"),
    RAN_OUT: N_("{seat} is out: ran out of cards"),
}


def _out_in_place(place: int) -> str:
    if place in _OUT_IN_PLACE:
        return _OUT_IN_PLACE[place]
    return say("out ({place})", place=ordinal(place))


def out_recap(game: UgoGame, seat: int, reason: str) -> Recap:
    rows = []
    for s in range(game.players):
        state = PLAYING if game.alive[s] else _out_in_place(game.players - game.out_order.index(s))
        rows.append(
            (
                str(len(game.decks[s].cards)),
                str(len(game.hands[s].cards)),
                str(len(game.tables[s].cards)),
                state,
            )
        )
    left = sum(game.alive)
    you = Seat(seat)
    if reason in _OUT_BECAUSE:
        why = say(_OUT_BECAUSE[reason], seat=you)
    else:
        why = say("{seat} is out: {reason}", seat=you, reason=reason)
    notes = (why, say_n("{n} player left", "{n} players left", left))
    return Recap(say("{seat} is out", seat=you), COLUMNS, tuple(rows), notes, pause=True)
