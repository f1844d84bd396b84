"""Hints: the move the ``hard`` computer would make for the person at the screen.

The search takes up to a second, so it runs in the computer players' worker
process and the table keeps drawing; the answer counts only for the decision
it was asked about (any move since makes it stale). Its own seed gives the
hint its own search, so asking for hints never changes the computers' play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.engine import Action, View

LEVEL = "hard"
SEED_OFFSET = 997
"""Added to the table's seed: a worker agent apart from every seat's (their seeds are seed*31 + seat)."""


@dataclass
class _Asked:
    ticket: int
    moment: int  # how many events the game had when it was asked: a move since makes the answer stale


class Hinter:
    """One table's hints: asked of the worker, collected each frame, counted for the statistics."""

    def __init__(self, worker: Any, game_id: str, seed: int) -> None:
        self.worker = worker
        self.game_id = game_id
        self.seed = seed * 31 + SEED_OFFSET
        self.asked: _Asked | None = None
        self.shown: tuple[int, Action] | None = None  # (moment, action): the hint on the table
        self.used = 0
        """Hints shown this game (the statistics count them)."""

    def ask(self, seat: int, view: View, moment: int) -> bool:
        """Start thinking about the viewer's move; False if a hint for this moment is out or coming."""
        if self.pending(moment) or self.current(moment) is not None:
            return False
        self.asked = _Asked(self.worker.ask(self.game_id, LEVEL, self.seed, seat, view), moment)
        return True

    def pending(self, moment: int) -> bool:
        """A hint for this moment is being thought about."""
        return self.asked is not None and self.asked.moment == moment

    def collect(self, moment: int, legal: tuple[Action, ...]) -> Action | None:
        """The hint, the frame its answer arrives (None meanwhile, or for an answer gone stale)."""
        if self.asked is None:
            return None
        answer = self.worker.take(self.asked.ticket)
        if answer is None:
            return None
        asked, self.asked = self.asked, None
        action, _error = answer
        if asked.moment != moment or action not in legal:
            return None  # a move was made meanwhile (or the search failed): nothing to show
        self.shown = (moment, action)
        self.used += 1
        return action

    def current(self, moment: int) -> Action | None:
        """The hint on the table, while its decision is still to be made."""
        if self.shown is not None and self.shown[0] == moment:
            return self.shown[1]
        return None
