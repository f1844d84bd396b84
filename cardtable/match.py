"""A Match: the authoritative game plus who sits in each seat.

The match routes decisions: computer seats are asked through their agent
(which sees only its View), human seats act through the table. It keeps the
full event log; everyone else gets events redacted for their seat.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.ai import Agent
from cardtable.engine import Action, Event, Game, GameSpec, Variant, View, redact


@dataclass
class Seat:
    name: str
    agent: Agent | None = None  # None: a human at the table

    @property
    def human(self) -> bool:
        return self.agent is None


class Decisions:
    """Where each seat decided, move by move.

    A decision is a move with a choice (an only move is not one), and a pick
    of several cards one at a time (Ugly's pass) is one decision.
    """

    def __init__(self) -> None:
        self.points: dict[int, list[int]] = {}
        self.moves = 0
        self._picking: dict[int, bool] = {}  # the seat is in the middle of picking several cards

    def note(self, game: Game, seat: int) -> None:
        """``seat`` is about to move in ``game``."""
        choices = len(game.legal_actions(seat))
        if choices > 1 and not self._picking.get(seat, False):
            self.points.setdefault(seat, []).append(self.moves)
        self._picking[seat] = game.view(seat).select > 1
        self.moves += 1


class Match:
    def __init__(
        self,
        spec: GameSpec,
        seats: Sequence[Seat],
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        variant: str | Variant | None = None,
        restored: tuple[Game, list[Event]] | None = None,
    ) -> None:
        """``restored``: a game already under way (resumed or replayed) and every event since its deal."""
        self.spec = spec
        self.seats = list(seats)
        if restored is not None:
            self.game, log = restored
            self.log: list[Event] = list(log)
        else:
            self.game = spec.new_game(len(self.seats), options, seed, variant)
            self.log = list(self.game.opening_events)
        self.decision_times: list[list[float]] = [[] for _ in self.seats]
        """Seconds each computer seat took per decision that had a choice."""
        self.changed = False
        """An action was applied since the last autosave (the table saves once per frame)."""
        self._decisions: Decisions | None = None  # kept once undo asks for them

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see now (None: a spectator)."""
        return self.game.view(seat)

    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act()

    @property
    def over(self) -> bool:
        return self.game.is_over()

    def agent_to_act(self) -> int | None:
        """The first computer seat that must decide now, if any."""
        for seat in self.game.to_act():
            if self.seats[seat].agent is not None:
                return seat
        return None

    def humans_to_act(self) -> list[int]:
        return [s for s in self.game.to_act() if self.seats[s].agent is None]

    def act(self, seat: int, action: Action) -> list[Event]:
        """Apply ``seat``'s action (raises ``IllegalAction`` and changes nothing if bad)."""
        if self._decisions is not None:
            self._decisions.note(self.game, seat)
        events = self.game.apply(seat, action)
        self.log.extend(events)
        self.changed = True
        return events

    def arrived(self) -> list[Event]:
        """Moves made elsewhere since the table last asked (a remote match's; none here)."""
        return []

    def step_agent(self) -> list[Event] | None:
        """Let one computer seat decide; None when no computer seat must."""
        seat = self.agent_to_act()
        if seat is None:
            return None
        agent = self.seats[seat].agent
        assert agent is not None
        view = self.game.view(seat)
        start = time.perf_counter()
        action = agent.choose(view)
        if len(view.legal) > 1:
            self.decision_times[seat].append(time.perf_counter() - start)
        return self.act(seat, action)

    def run_agents(self, max_actions: int = 1_000_000) -> None:
        """Let computer seats play until the game ends or a human must decide."""
        for _ in range(max_actions):
            if self.game.is_over() or self.step_agent() is None:
                return
        raise RuntimeError(f"no end after {max_actions} actions")

    def events_for(self, seat: int | None, events: Sequence[Event]) -> list[Event]:
        return redact(events, seat)

    # -- undo ----------------------------------------------------------------------------

    def decision_points(self, seat: int) -> list[int]:
        """How many moves had been made at each of ``seat``'s decisions so far.

        Found once by replaying the game from its seed, then kept up as moves are made.
        """
        if self._decisions is None:
            game = self.spec.new_game(self.game.players, self.game.options, self.game.seed)
            self._decisions = Decisions()
            for who, action in self.game.history:
                self._decisions.note(game, who)
                game.apply_trusted(who, action)
        return self._decisions.points.get(seat, [])

    def undo_point(self, seat: int) -> int | None:
        """Where undo takes ``seat``: the moves made at its last decision (None: nothing to undo)."""
        points = self.decision_points(seat)
        return points[-1] if points else None

    def rewind(self, moves: int) -> None:
        """Go back to the game as it was after its first ``moves`` actions (replayed from the seed)."""
        history = self.game.history[:moves]
        game = self.spec.new_game(self.game.players, self.game.options, self.game.seed)
        log: list[Event] = list(game.opening_events)
        for who, action in history:
            log += game.apply(who, action)
        self.game = game
        self.log = log
        self.changed = True
        self._decisions = None
