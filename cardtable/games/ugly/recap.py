"""What a round of Ugly came to, for the summary between rounds: tricks, Jacks, the Ugly and
Charm cards, and each score worked out by the scoring table.

Every card in it was won in a trick, in front of everyone, so it is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import Recap, seat_ref

from .scoring import score_working

if TYPE_CHECKING:
    from .rules import UglyGame

COLUMNS = ("Tricks", "Jacks", "Ugly / Charm", "Round score")


def round_recap(game: UglyGame) -> Recap:
    rows = []
    notes = []
    for s in range(game.players):
        won = list(game.won[s].cards)
        jacks = sorted((c for c in won if c in game.jack_values), key=lambda c: -game.jack_values[c])
        jack_text = " ".join(f"{c.name}" for c in jacks) + f" ({sum(game.jack_values[c] for c in jacks)})"
        special = [
            f"{word} {card.name}"
            for word, card in (("Ugly", game.ugly), ("Charm", game.charm))
            if card is not None and card in won
        ]
        working = score_working(game.tricks_won[s], won, game.jack_values, game.ugly, game.charm)
        rows.append(
            (str(game.tricks_won[s]), jack_text if jacks else "-", ", ".join(special) or "-", working)
        )
        note = _note(
            game.ugly is not None and game.ugly in won,
            game.charm is not None and game.charm in won,
            bool(jacks),
        )
        if note:
            notes.append(f"{seat_ref(s)} {note}")
    return Recap(
        f"Round {game.round} of {game.n_rounds}", COLUMNS, tuple(rows), tuple(notes), score_column=True
    )


def _note(ugly: bool, charm: bool, jacks: bool) -> str:
    """Which row of the scoring table made a score unusual, in words."""
    if ugly and charm:
        return (
            "took the Ugly and the Charm card with a Jack: the Charm undoes the Ugly card"
            if jacks
            else ("took the Ugly and the Charm card and no Jack: tricks count four times")
        )
    if ugly:
        return (
            "took the Ugly card with a Jack: Jacks count double"
            if jacks
            else ("took the Ugly card and no Jack: tricks count double")
        )
    return ""
