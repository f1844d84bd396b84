"""Ugly's figures for the house-rule lab: rounds, No Trump calls, the Jacks a winner took."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine import N_, Event, Game, Measure, TrickWon
from cardtable.engine.measures import announced, state


def winner_jacks(game: Game, log: Sequence[Event]) -> float:
    """Jacks in the tricks the winner took over the whole game (shared wins: their mean)."""
    winners = game.winners()
    if not winners:
        return 0.0
    jacks = [0] * game.players
    for e in log:
        if isinstance(e, TrickWon):
            jacks[e.seat] += sum(1 for c in e.cards if c.rank == 11)
    return sum(jacks[s] for s in winners) / len(winners)


MEASURES = (
    Measure("rounds", N_("Rounds"), state("round")),
    Measure("no_trump_calls", N_("No Trump calls"), announced("trump", "NT")),
    Measure("winner_jacks", N_("Jacks the winner took"), winner_jacks),
)
