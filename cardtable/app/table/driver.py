"""The turn driver: who decides next at the table, and what the screen must do about it.

Computer seats act after a natural pause (levels that think long ask the
worker process, so the table keeps drawing); when the next decision belongs
to a human who is not at the screen, the table must be handed over behind a
privacy screen; when the game is over, the results follow. The driver holds
the :class:`~cardtable.app.table.screen.Screen`, the one place that says who
the viewer is, and tells it of every move made, so a sitting ends with the
move that ends it. The driver never draws and never re-derives rules: it
asks the match.
"""

from __future__ import annotations

import logging
from dataclasses import InitVar, dataclass, field
from typing import TYPE_CHECKING

from cardtable.engine import Action, Event, IllegalAction, View
from cardtable.match import Match

from .screen import Screen

if TYPE_CHECKING:
    from cardtable.ai.worker import Worker

log = logging.getLogger(__name__)

SLOW_LEVELS = frozenset({"hard"})
"""Levels that think long enough to need the worker process (the others decide in a blink)."""


@dataclass(frozen=True)
class Acted:
    """Moves were made: these are the (full) events, for the table to redact and play.

    ``left``: the viewer left the screen with these moves; the table turns to the public one it
    showed before them (this view), then plays the events as a spectator sees them."""

    events: list[Event]
    left: View | None = None


@dataclass(frozen=True)
class HandOver:
    """The next decision is ``seat``'s, a human who is not at the screen."""

    seat: int


@dataclass(frozen=True)
class Finished:
    """The game is over and the pause after its last move has passed."""


Step = Acted | HandOver | Finished | None


@dataclass(eq=False)
class TurnDriver:
    """Who decides next at one table: its match, each seat's computer level and seed, and the worker
    that thinks for the slow levels (``spec_id``: the game, for the worker)."""

    match: Match
    levels: list[str | None]
    seeds: list[int]
    worker: Worker
    spec_id: str
    watch: InitVar[int | None] = None
    """In a demo of computers, the seat whose cards are shown."""
    humans: list[int] = field(init=False)
    screen: Screen = field(init=False)
    think_at: float | None = field(default=None, init=False)
    thinking: tuple[int, int] | None = field(default=None, init=False)
    """(ticket, seat) of a decision in the worker."""
    over_at: float | None = field(default=None, init=False)

    def __post_init__(self, watch: int | None) -> None:
        self.humans = [i for i, s in enumerate(self.match.seats) if s.agent is None]
        self.screen = Screen(self.humans, watch)

    @property
    def pass_and_play(self) -> bool:
        return self.screen.shared

    @property
    def viewer(self) -> int | None:
        """The seat whose hidden cards the table may draw (None: nobody's)."""
        return self.screen.viewer

    # -- moves ---------------------------------------------------------------------

    def act(self, seat: int, actions: list[Action]) -> tuple[Acted, IllegalAction | None]:
        """Make ``seat``'s actions in order, up to the first refused one (returned with the moves made)."""
        before = self._public_now()
        events: list[Event] = []
        refused = None
        try:
            for action in actions:
                events += self.match.act(seat, action)
        except IllegalAction as exc:
            refused = exc
        return self._settled(events, before), refused

    def _public_now(self) -> View | None:
        """The public table before moves that may end the viewer's sitting (None: nobody sits)."""
        return self.match.view(None) if self.screen.viewer is not None and self.screen.shared else None

    def _settled(self, events: list[Event], before: View | None) -> Acted:
        left = self.screen.settle(self.match.to_act(), events) if events else False
        return Acted(events, before if left else None)

    # -- what comes next ----------------------------------------------------------------

    def step(self, now: float, pause: float) -> Step:
        """What happens next, the table having caught up with the game (``pause``: seconds per move)."""
        match = self.match
        arrived = match.arrived()
        if arrived:
            return Acted(arrived)  # moves made at another screen (online)
        if match.over:
            if self.over_at is None:
                self.over_at = now + 1.5
            elif now >= self.over_at:
                return Finished()
            return None
        humans = match.humans_to_act()
        seat = match.agent_to_act()
        simultaneous = len(match.to_act()) > 1
        computers_first = seat is not None and simultaneous and self.thinking is None
        if humans and self.pass_and_play and self.viewer not in humans and not computers_first:
            return HandOver(humans[0])
        if self.thinking is not None:
            return self._collect()
        if seat is None:
            return None
        if not simultaneous:  # choices made at once are made before anyone is asked: no pause
            if self.think_at is None:
                self.think_at = now + pause
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
        before = self._public_now()
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
        return self._settled(events, before)

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
            acted, refused = self.act(seat, [action])
            if refused is None:
                return acted
            error = f"its move was refused: {refused}"
        log.error("a computer player failed; it plays its rule-based move instead:\n%s", error)
        action = agent.choose(self.match.view(seat))  # type: ignore[union-attr]
        acted, refused = self.act(seat, [action])
        if refused is not None:
            raise refused
        return acted
