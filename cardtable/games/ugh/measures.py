"""Ugh!'s figures for the house-rule lab: turns, sets locked, Ugh! cards flipped."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine import Event, Game, Measure
from cardtable.engine.measures import announced
from cardtable.engine.words import N_

_turn_changes = announced("turn")


def turns(game: Game, log: Sequence[Event]) -> float:
    """Turns played: the first, and one more each time the turn passes on."""
    return 1 + _turn_changes(game, log)


MEASURES = (
    Measure("turns", N_("Turns"), turns),
    Measure("sets_locked", N_("Sets locked"), announced("lock")),
    Measure("ugh_flipped", N_("Ugh! cards flipped"), announced("ugh")),
)
