"""Headless games between agents: wins with confidence intervals, scores, decision times.

Games run in parallel worker processes (one per core by default); every game
and every agent gets a seed derived from the base seed, so a run repeats
exactly whatever the number of workers.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from cardtable import games
from cardtable.ai import OmniscientAgent, make_agent
from cardtable.engine import GameSpec, Variant
from cardtable.match import Match, Seat
from cardtable.pool import GamePool

MAX_ACTIONS = 1_000_000


def derive_seed(*parts: object) -> int:
    """A stable seed from parts (same on every machine and Python run)."""
    return random.Random("/".join(str(p) for p in parts)).getrandbits(63)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    lo, hi = math.floor(k), math.ceil(k)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


@dataclass
class GameResult:
    seed: int
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    measures: dict[str, float]
    times: list[list[float]]  # decision times per seat, searched decisions only


@dataclass
class Summary:
    game: str
    players: int
    games: int
    agents: list[str]
    variant: str | None
    seed: int
    options: dict[str, Any]
    wins: list[int]
    mean_scores: list[float]
    seconds: float
    means: dict[str, float] = field(default_factory=dict)
    win_rates: list[float] = field(default_factory=list)
    win_ci95: list[list[float]] = field(default_factory=list)
    decision_mean: list[float] = field(default_factory=list)
    decision_p95: list[float] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    workers: int = 1

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def play_game(
    spec: GameSpec,
    agents: Sequence[str],
    options: Mapping[str, Any],
    seed: int,
) -> Match:
    """One complete game between named agents; returns the finished match."""
    seats = [
        Seat(f"{name} {i}", make_agent(name, spec, derive_seed(seed, "agent", i)))
        for i, name in enumerate(agents)
    ]
    match = Match(spec, seats, options, seed)
    for seat in seats:
        if isinstance(seat.agent, OmniscientAgent):
            seat.agent.game = match.game  # the upper bound is allowed to look
    match.run_agents(MAX_ACTIONS)
    if not match.game.is_over():
        raise RuntimeError(f"game with seed {seed} did not end")
    return match


def _run_one(game_id: str, agents: Sequence[str], options: Mapping[str, Any], seed: int) -> GameResult:
    spec = games.get(game_id)
    match = play_game(spec, agents, options, seed)
    g = match.game
    return GameResult(seed, tuple(g.winners()), tuple(g.scores()), g.measures(), match.decision_times)


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def simulate(
    spec: GameSpec,
    players: int,
    games_count: int,
    agents: Sequence[str],
    seed: int,
    variant: str | Variant | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
    workers: int | None = 1,
) -> Summary:
    """Play ``games_count`` games; game ``i`` uses a seed derived from ``seed`` and ``i``."""
    if len(agents) != players:
        raise ValueError(f"{len(agents)} agents for {players} players")
    resolved = spec.resolve_options(players, options, variant)
    seeds = [derive_seed(seed, "game", i) for i in range(games_count)]
    workers = default_workers() if workers is None else max(1, workers)
    start = time.perf_counter()
    results: list[GameResult] = []
    if workers == 1 or games_count == 1:
        for s in seeds:
            results.append(_run_one(spec.id, agents, resolved, s))
            if progress is not None:
                progress(len(results), games_count)
    else:
        pool = GamePool(_run_one, [(s, (spec.id, list(agents), resolved, s)) for s in seeds], workers)
        try:
            while not pool.done:
                for _, result in pool.collect(wait=0.5):
                    results.append(result)
                    if progress is not None:
                        progress(len(results), games_count)
        finally:
            pool.stop()  # also on Ctrl+C or a failed game: no process is left playing
    results.sort(key=lambda r: seeds.index(r.seed))
    return summarize(
        spec,
        players,
        agents,
        variant.name if isinstance(variant, Variant) else variant,
        seed,
        resolved,
        results,
        time.perf_counter() - start,
        workers,
    )


def summarize(
    spec: GameSpec,
    players: int,
    agents: Sequence[str],
    variant: str | None,
    seed: int,
    options: Mapping[str, Any],
    results: Sequence[GameResult],
    seconds: float,
    workers: int,
) -> Summary:
    n = len(results)
    wins = [0] * players
    totals = [0.0] * players
    measures: dict[str, float] = {}
    times: list[list[float]] = [[] for _ in range(players)]
    for r in results:
        for s in r.winners:
            wins[s] += 1
        for s, score in enumerate(r.scores):
            totals[s] += score
        for key, value in r.measures.items():
            measures[key] = measures.get(key, 0.0) + value
        for s in range(players):
            times[s].extend(r.times[s])
    return Summary(
        game=spec.id,
        players=players,
        games=n,
        agents=list(agents),
        variant=variant,
        seed=seed,
        options=dict(options),
        wins=wins,
        mean_scores=[t / n if n else 0.0 for t in totals],
        seconds=round(seconds, 3),
        means={k: v / n for k, v in measures.items()} if n else {},
        win_rates=[w / n if n else 0.0 for w in wins],
        win_ci95=[list(wilson(w, n)) for w in wins],
        decision_mean=[sum(t) / len(t) if t else 0.0 for t in times],
        decision_p95=[percentile(t, 95) for t in times],
        decisions=[len(t) for t in times],
        workers=workers,
    )
