"""Measures: what a finished game says about its rules, for comparing variants.

A game names the figures worth averaging over many games (Ugly's No Trump
calls, Ugh!'s sets locked) as :class:`Measure` values on its spec. Each
counts from the finished game and the full event log, so a game needs no
extra state for it, and the same count works on a saved game's log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .events import Announced, Event

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class Measure:
    """One figure per game: ``key`` for files, ``label`` for people ("Sets locked")."""

    key: str
    label: str
    count: Callable[[Game, Sequence[Event]], float]


def announced(what: str, value: object = ...) -> Callable[[Game, Sequence[Event]], float]:
    """A count of the announcements ``what`` (with ``value``, when given) in the log."""

    def count(game: Game, log: Sequence[Event]) -> float:
        return float(
            sum(
                1
                for e in log
                if isinstance(e, Announced) and e.what == what and (value is ... or e.value == value)
            )
        )

    return count


def state(name: str) -> Callable[[Game, Sequence[Event]], float]:
    """The finished game's attribute ``name`` (a counter it keeps anyway, such as its turns)."""

    def count(game: Game, log: Sequence[Event]) -> float:
        return float(getattr(game, name))

    return count
