"""What one finished game says about its rules: who won, by how much, how long it took.

Counted from the finished game and its full event log (the engine's, every
card open: the lab plays computers only, and nobody watches), so the same
figures come from any game the lab plays.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from cardtable.engine import Announced, Event, Game, GameSpec, RoundEnded, ScoreChanged


@dataclass
class GameRecord:
    """One game of the lab: results and the figures compared between two sets of rules."""

    seed: int
    winners: tuple[int, ...]
    shares: tuple[float, ...]
    """Each seat's share of the win: 1, 1/k when k players share it, else 0."""
    scores: tuple[float, ...]
    margin: float
    """The winner's lead over the best of the others, in the direction that wins (0 for a shared win)."""
    spread: float
    """How far apart the final scores are: their standard deviation over the seats."""
    first: int
    """The seat that made the game's first move (who went first: it says whether going first helps)."""
    actions: int
    minutes: float
    decided_last: bool | None
    """The leaders going into the last round did not all win; None where a game has no running score."""
    measures: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def record_of(spec: GameSpec, game: Game, log: Sequence[Event], seed: int, seconds: float) -> GameRecord:
    """The record of ``game``, finished, whose events were ``log``; ``seconds`` at the table."""
    n = game.players
    winners = tuple(game.winners())
    scores = tuple(float(x) for x in game.scores())
    sign = -1.0 if spec.lower_scores_win else 1.0
    return GameRecord(
        seed=seed,
        winners=winners,
        shares=tuple(1 / len(winners) if s in winners else 0.0 for s in range(n)),
        scores=scores,
        margin=margin(scores, winners, sign),
        spread=statistics.pstdev(scores) if n > 1 else 0.0,
        first=game.history[0][0] if game.history else -1,
        actions=len(game.history),
        minutes=seconds / 60,
        decided_last=decided_last(spec, n, log, winners),
        measures={m.key: float(m.count(game, log)) for m in spec.measures},
    )


def margin(scores: Sequence[float], winners: Sequence[int], sign: float) -> float:
    """How far the winner finished ahead of the best of the rest (``sign`` -1: lower wins)."""
    if len(winners) != 1:
        return 0.0
    win = winners[0]
    others = [sign * s for i, s in enumerate(scores) if i != win]
    return sign * scores[win] - max(others) if others else 0.0


def decided_last(spec: GameSpec, players: int, log: Sequence[Event], winners: Sequence[int]) -> bool | None:
    """Did the last round change who wins? The leaders by running score going into it, against the winners.

    A round is the game's own (``RoundEnded``) where it has rounds, else one
    turn each (every ``players`` turn announcements). None for a game with no
    running score (U-G-O's winner is the last one standing) or a single round.
    """
    totals = [0.0] * players
    has_rounds = any(isinstance(e, RoundEnded) for e in log)
    scored = False
    turns = 0
    marks: list[list[float]] = []
    for e in log:
        if isinstance(e, ScoreChanged):
            totals[e.seat] = float(e.total)
            scored = True
        elif has_rounds and isinstance(e, RoundEnded):
            marks.append(list(totals))
        elif not has_rounds and isinstance(e, Announced) and e.what == "turn":
            turns += 1
            if turns % players == 0:
                marks.append(list(totals))
    if not has_rounds:
        marks.append(list(totals))  # the end: the turns since the last full go-around are the last round
    if not scored or len(marks) < 2:
        return None
    before = marks[-2]
    sign = -1.0 if spec.lower_scores_win else 1.0
    best = max(sign * t for t in before)
    leaders = {s for s, t in enumerate(before) if sign * t == best}
    return leaders != set(winners)
