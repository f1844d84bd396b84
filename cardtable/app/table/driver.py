"""The turn driver: who decides next at the table, and what the screen must do about it.

Computer seats act after a natural pause (levels that think long ask the
worker process, so the table keeps drawing); when the next decision belongs
to a human other than the one at the screen, the table must be handed over
behind a privacy screen (also before the very first decision of a game with
several humans); when the game is over, the results follow. The driver never
draws and never re-derives rules: it asks the match.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from cardtable.engine import Event, IllegalAction
from cardtable.match import Match

log = logging.getLogger(__name__)

SLOW_LEVELS = frozenset({"hard"})
"""Levels that think long enough to need the worker process (the others decide in a blink)."""


@dataclass(frozen=True)
class Acted:
    """Computer seats acted: these are the (full) events, for the table to redact and play."""

    events: list[Event]


@dataclass(frozen=True)
class HandOver:
    """The next decision is ``seat``'s, a human who is not at the screen."""

    seat: int
    reason: str


@dataclass(frozen=True)
class Finished:
    """The game is over and the pause after its last move has passed."""


Step = Acted | HandOver | Finished | None


class TurnDriver:
    def __init__(
        self, match: Match, levels: list[str | None], seeds: list[int], worker, spec_id: str
    ) -> None:
        self.match = match
        self.levels = levels
        self.seeds = seeds
        self.worker = worker
        self.spec_id = spec_id
        self.humans = [i for i, s in enumerate(match.seats) if s.agent is None]
        self.think_at: float | None = None
        self.thinking: tuple[int, int] | None = None  # (ticket, seat) of a decision in the worker
        self.over_at: float | None = None

    @property
    def pass_and_play(self) -> bool:
        return len(self.humans) > 1

    def first_viewer(self) -> int | None:
        """Who sees the table first: the only human, or nobody until a human is handed the table."""
        if len(self.humans) == 1:
            return self.humans[0]
        return None

    def step(self, now: float, viewer: int | None, pause: float) -> Step:
        """What happens next, the table having caught up with the game (``pause``: seconds per move)."""
        match = self.match
        if match.over:
            if self.over_at is None:
                self.over_at = now + 1.5
            elif now >= self.over_at:
                return Finished()
            return None
        humans = match.humans_to_act()
        if humans and self.pass_and_play and viewer not in humans:
            reason = "It is their turn." if len(match.to_act()) == 1 else "Everyone chooses at once."
            return HandOver(humans[0], reason)
        if self.thinking is not None:
            return self._collect()
        seat = match.agent_to_act()
        if seat is None:
            return None
        simultaneous = len(match.to_act()) > 1
        if self.think_at is None:
            self.think_at = now + (0.05 if simultaneous else pause)
            return None
        if now < self.think_at:
            return None
        self.think_at = None
        if self.levels[seat] in SLOW_LEVELS:
            ticket = self.worker.ask(
                self.spec_id, self.levels[seat], self.seeds[seat], seat, match.view(seat)
            )
            self.thinking = (ticket, seat)
            return None
        events: list[Event] = []
        if simultaneous:
            # Choices made at once: every computer seat makes all of its choices now.
            for _ in range(200):
                seat = match.agent_to_act()
                if seat is None or len(match.to_act()) < 2:
                    break
                events += match.step_agent() or []
        else:
            events += match.step_agent() or []
        return Acted(events)

    def _collect(self) -> Step:
        """Take a decision the worker has finished (the table kept drawing meanwhile)."""
        if self.thinking is None:
            return None
        want, seat = self.thinking
        answer = self.worker.take(want)
        if answer is None:
            return None
        action, error = answer
        self.thinking = None
        agent = self.match.seats[seat].agent
        if action is not None:
            try:
                return Acted(self.match.act(seat, action))
            except IllegalAction as exc:
                error = f"its move was refused: {exc}"
        log.error("a computer player failed; it plays its rule-based move instead:\n%s", error)
        action = agent.choose(self.match.view(seat))  # type: ignore[union-attr]
        return Acted(self.match.act(seat, action))
