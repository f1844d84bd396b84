"""Headless games between agents, with win counts and mean scores per seat."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from cardtable.ai import make_agent
from cardtable.engine import GameSpec
from cardtable.match import Match, Seat

MAX_ACTIONS = 1_000_000


def derive_seed(*parts: object) -> int:
    """A stable seed from parts (same on every machine and Python run)."""
    return random.Random("/".join(str(p) for p in parts)).getrandbits(63)


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
    match.run_agents(MAX_ACTIONS)
    if not match.game.is_over():
        raise RuntimeError(f"game with seed {seed} did not end")
    return match


def simulate(
    spec: GameSpec,
    players: int,
    games: int,
    agents: Sequence[str],
    seed: int,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Summary:
    """Play ``games`` games; game ``i`` uses a seed derived from ``seed`` and ``i``."""
    if len(agents) != players:
        raise ValueError(f"{len(agents)} agents for {players} players")
    resolved = spec.resolve_options(players, options, variant)
    wins = [0] * players
    totals = [0.0] * players
    measures: dict[str, float] = {}
    start = time.perf_counter()
    for i in range(games):
        match = play_game(spec, agents, resolved, derive_seed(seed, "game", i))
        for s in match.game.winners():
            wins[s] += 1
        for s, score in enumerate(match.game.scores()):
            totals[s] += score
        for key, value in match.game.measures().items():
            measures[key] = measures.get(key, 0.0) + value
        if progress is not None:
            progress(i + 1, games)
    return Summary(
        game=spec.id,
        players=players,
        games=games,
        agents=list(agents),
        variant=variant,
        seed=seed,
        options=resolved,
        wins=wins,
        mean_scores=[t / games if games else 0.0 for t in totals],
        seconds=round(time.perf_counter() - start, 3),
        means={k: v / games for k, v in measures.items()},
    )
