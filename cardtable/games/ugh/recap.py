"""What a game of Ugh! came to, for the summary at its end: the sets each player locked and what
they were worth ("4×3×2 = 24"), and their first-flip Ugh! cards.

Locked sets and first-flip Ugh! cards lie face up in the Victory piles: public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import Recap
from cardtable.engine.words import N_, Seat, say

from .cards import NUMBER, UGH
from .sets import values_score

if TYPE_CHECKING:
    from .rules import UghGame

# Translators: the columns of the summary at the end of a game of Ugh!.
COLUMNS = (N_("Sets locked"), N_("First-flip Ugh!"), N_("Score"))
# Translators: in the summary of a game of Ugh!, the sets of a player who locked none.
NONE = N_("none")


def set_text(cards, kind, value) -> str:
    """A set as its values multiplied out: a Wild is worth one less than the lowest Number card."""
    numbers = [value[c] for c in cards if kind[c] == NUMBER]
    wild = max(min(numbers) - 1, 0) if numbers else 0
    values = [value[c] if kind[c] == NUMBER else wild for c in cards]
    score = values_score([value[c] if kind[c] == NUMBER else -1 for c in cards])
    return "\u00d7".join(str(v) for v in sorted(values, reverse=True)) + f" = {score}"


def game_recap(game: UghGame) -> Recap:
    t = game.t
    rows = []
    for s in range(game.players):
        sets = "; ".join(set_text(cards, t.kind, t.value) for cards, _ in game.sets[s])
        ughs = sum(1 for c in game.victory[s].cards if t.kind[c] == UGH)
        ugh_text = f"{ughs} \u00d7 {game.ugh_points}" if ughs else "-"
        rows.append((sets or NONE, ugh_text, str(game.totals[s])))
    best = max(game.totals)
    notes = tuple(
        say(
            "{seat}'s best set: {product}",
            seat=Seat(s),
            product=set_text(max(game.sets[s], key=lambda x: x[1])[0], t.kind, t.value),
        )
        for s in range(game.players)
        if game.sets[s] and game.totals[s] == best
    )
    return Recap(say("The deck is played out"), COLUMNS, tuple(rows), notes, pause=True, score_column=True)
