"""Running the lab: the same deals under two sets of rules, on every core, cancellable at once.

Game ``i`` is played under both sets of rules with the same seed: the same
shuffles (as far as the rules deal alike) and the same computer players, so
the deal's luck cancels out of each pair's difference. The games run in a
pool of processes; :meth:`LabRun.poll` collects what has finished without
waiting (the app calls it every frame), and :meth:`LabRun.cancel` ends the
processes at once.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable import games
from cardtable.engine import Event
from cardtable.pool import GamePool
from cardtable.simulate import default_workers, derive_seed, play_game

from .record import GameRecord, record_of


@dataclass(frozen=True)
class Side:
    """One set of rules: what people call it ("standard", a variant's name) and its complete options."""

    name: str
    options: Mapping[str, Any]


@dataclass(frozen=True)
class LabSetup:
    """What to compare: ``tried`` against ``against``, ``games`` deals of ``players`` at ``level``."""

    game: str
    players: int
    games: int
    level: str
    seed: int
    tried: Side
    against: Side

    def seed_of(self, i: int) -> int:
        return derive_seed(self.seed, "lab", self.game, self.players, i)


@dataclass
class LabResult:
    """The pairs played (all of them, or those finished before a cancel), in deal order."""

    setup: LabSetup
    pairs: list[tuple[GameRecord, GameRecord]]
    seconds: float
    cancelled: bool = False
    workers: int = 1
    error: str = ""


Clock = Callable[[str, Sequence[Event], int], float]
"""Seconds a game takes at the table, from its game id, its events and its moves (the app knows how:
its layouts time every event); a module-level function, so the pool's processes can call it."""


def play_one(
    game_id: str,
    players: int,
    options: Mapping[str, Any],
    level: str,
    seed: int,
    clock: Clock | None = None,
) -> GameRecord:
    """One game of computers at ``level``, recorded (in a worker process, or here)."""
    spec = games.get(game_id)
    match = play_game(spec, [level] * players, options, seed)
    moves = len(match.game.history)
    seconds = 0.0 if clock is None else clock(game_id, match.log, moves)
    return record_of(spec, match.game, match.log, seed, seconds)


@dataclass
class LabRun:
    """A lab run under way: ``workers`` processes (None: one per core), or with ``here`` this process,
    one game per :meth:`poll` (tests; never a window: a game would hold up its frame). ``clock`` times
    the games at the table (no minutes without it)."""

    setup: LabSetup
    workers: int | None = None
    clock: Clock | None = None
    here: bool = False
    done: int = 0
    pairs: int = 0
    """Deals played under both sets of rules so far."""
    error: str = ""
    cancelled: bool = False
    _records: list[list[GameRecord | None]] = field(default_factory=list)
    _pending: deque = field(default_factory=deque)
    _pool: GamePool | None = None
    _start: float = 0.0

    def __post_init__(self) -> None:
        s = self.setup
        self.workers = 1 if self.here else default_workers() if self.workers is None else max(1, self.workers)
        self.workers = min(self.workers, 2 * s.games)
        self._records = [[None] * s.games, [None] * s.games]
        self._start = time.perf_counter()
        tasks = [(side, i) for i in range(s.games) for side in (0, 1)]
        if self.here:
            self._pending = deque(tasks)
            return
        pairs = [((side, i), self._args(side, i)) for side, i in tasks]
        self._pool = GamePool(play_one, pairs, self.workers, nicer=True)  # the app's window stays smooth

    def _args(self, side: int, i: int) -> tuple:
        """What :func:`play_one` takes for deal ``i`` under one side's rules (0: tried, 1: against)."""
        s = self.setup
        rules = s.tried if side == 0 else s.against
        return (s.game, s.players, dict(rules.options), s.level, s.seed_of(i), self.clock)

    @property
    def processes(self) -> list:
        """The processes playing the games (none once the run is over, or playing here)."""
        return list(self._pool.processes) if self._pool is not None else []

    @property
    def total(self) -> int:
        return 2 * self.setup.games

    @property
    def finished(self) -> bool:
        return self.cancelled or bool(self.error) or self.done == self.total

    def poll(self) -> int:
        """Collect the games finished since the last call (here: play one); the number done."""
        if self.finished:
            return self.done
        try:
            if self._pool is None:
                side, i = self._pending.popleft()
                self._store(side, i, play_one(*self._args(side, i)))
            else:
                for (side, i), record in self._pool.collect():
                    self._store(side, i, record)
        except Exception as exc:  # noqa: BLE001 - a game that fails ends the run, saying why
            self.error = f"{type(exc).__name__}: {exc}"
            self._stop()
        if self.done == self.total:
            self._stop()
        return self.done

    def _store(self, side: int, i: int, record: GameRecord) -> None:
        self._records[side][i] = record
        self.done += 1
        self.pairs += self._records[1 - side][i] is not None

    def wait(
        self,
        progress: Callable[[int, int], None] | None = None,
        step: float = 0.1,
        stopped: Callable[[], bool] | None = None,
    ) -> LabResult:
        """Run to the end (or a cancel from ``progress``' side), telling ``progress`` as games finish;
        ``stopped`` is asked between polls (a Ctrl+C noted): True cancels the run."""
        last = -1
        while not self.finished:
            if stopped is not None and stopped():
                self.cancel()
                break
            before = self.done
            self.poll()
            if progress is not None and self.done != last:
                progress(self.done, self.total)
                last = self.done
            if self._pool is not None and self.done == before and not self.finished:
                time.sleep(step)
        return self.result()

    def cancel(self) -> None:
        """Stop at once: the worker processes end now, and the finished pairs are kept."""
        if not self.finished:
            self.cancelled = True
        self._stop()

    def _stop(self) -> None:
        if self._pool is not None:
            self._pool.stop()
            self._pool = None
        self._pending.clear()

    def result(self) -> LabResult:
        """The complete pairs so far, in deal order."""
        a, b = self._records
        pairs = [(x, y) for x, y in zip(a, b, strict=True) if x is not None and y is not None]
        return LabResult(
            self.setup,
            pairs,
            time.perf_counter() - self._start,
            cancelled=self.cancelled,
            workers=self.workers or 1,
            error=self.error,
        )
