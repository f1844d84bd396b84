"""Ultimate Loser's figures for the house-rule lab: hands, passes, FourPlays."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine import Announced, Event, Game, Measure
from cardtable.engine.measures import announced, state
from cardtable.engine.words import N_

_passes, _exchanges = announced("pass"), announced("exchange")


def passes(game: Game, log: Sequence[Event]) -> float:
    """Passes, a pass with an exchange included (RULES: "an exchange is a pass")."""
    return _passes(game, log) + _exchanges(game, log)


def fourplays(game: Game, log: Sequence[Event]) -> float:
    """Four of a kind played, whatever the penalty for it (a table may play it for nothing)."""
    return float(
        sum(
            1
            for e in log
            if isinstance(e, Announced)
            and e.what == "play"
            and len(e.value) == 4
            and len({c.rank for c in e.value}) == 1
        )
    )


MEASURES = (
    Measure("hands", N_("Hands"), state("hand_no")),
    Measure("passes", N_("Passes"), passes),
    Measure("fourplays", N_("FourPlays"), fourplays),
)
