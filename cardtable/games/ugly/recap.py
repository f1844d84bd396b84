"""What a round of Ugly came to, for the summary between rounds: tricks, Jacks, the Ugly and
Charm cards, and each score worked out by the scoring table.

Every card in it was won in a trick, in front of everyone, so it is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import N_, Recap, Seat, say
from cardtable.engine.options import comma_list

from .scoring import score_working

if TYPE_CHECKING:
    from .rules import UglyGame

# Translators: the headings of Ugly's round summary (a row per player).
COLUMNS = (N_("Tricks"), N_("Jacks"), N_("Ugly / Charm"), N_("Round score"))


def round_recap(game: UglyGame) -> Recap:
    rows = []
    notes = []
    for s in range(game.players):
        won = list(game.won[s].cards)
        jacks = sorted((c for c in won if c in game.jack_values), key=lambda c: -game.jack_values[c])
        jack_text = " ".join(f"{c.name}" for c in jacks) + f" ({sum(game.jack_values[c] for c in jacks)})"
        special = []
        if game.ugly is not None and game.ugly in won:
            # Translators: a cell of the round summary: the player took the Ugly card (Ugly 7♦).
            special.append(say("Ugly {card}", card=game.ugly))
        if game.charm is not None and game.charm in won:
            # Translators: a cell of the round summary: the player took the Charm card (Charm 7♣).
            special.append(say("Charm {card}", card=game.charm))
        working = score_working(game.tricks_won[s], won, game.jack_values, game.ugly, game.charm)
        rows.append(
            (str(game.tricks_won[s]), jack_text if jacks else "-", comma_list(special) or "-", working)
        )
        note = _note(
            s,
            game.ugly is not None and game.ugly in won,
            game.charm is not None and game.charm in won,
            bool(jacks),
        )
        if note:
            notes.append(note)
    return Recap(
        say("Round {round} of {rounds}", round=game.round, rounds=game.n_rounds),
        COLUMNS,
        tuple(rows),
        tuple(notes),
        score_column=True,
    )


def _note(seat: int, ugly: bool, charm: bool, jacks: bool) -> str:
    """Which row of the scoring table made ``seat``'s score unusual, in words ("": none did)."""
    who = Seat(seat)
    if ugly and charm:
        if jacks:
            return say(
                "{seat} took the Ugly and the Charm card with a Jack: the Charm undoes the Ugly card",
                seat=who,
            )
        return say("{seat} took the Ugly and the Charm card and no Jack: tricks count four times", seat=who)
    if ugly:
        if jacks:
            return say("{seat} took the Ugly card with a Jack: Jacks count double", seat=who)
        return say("{seat} took the Ugly card and no Jack: tricks count double", seat=who)
    return ""
