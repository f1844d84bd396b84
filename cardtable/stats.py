"""Statistics of finished games: a record of each game, and running totals per player and table.

Only people's results are counted: each human seat, by its name (with one
person at the screen, that is you). A game with no human seat (a demo, a
table of computers) is not a result of anyone's, so :func:`record_of` gives
None for it.

Totals are kept per player, game, number of players and *opponents*: the
level of the computers when they all play at one level, ``mixed`` when they
do not, and ``pass-and-play`` when two or more people share the screen.
An ``all`` row per player, game and table size sums every kind of opponent
(with its own streaks). Totals are running sums updated as each game is
added, so they stay exact when old records are dropped to keep the file
small (:data:`KEEP_GAMES`); the records serve the chart and the list of
recent games.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from cardtable import games
from cardtable.engine import Game
from cardtable.settings import LEVELS
from cardtable.standings import places

HUMAN = "human"
MIXED = "mixed"
PASS_AND_PLAY = "pass-and-play"
ALL = "all"
OPPONENT_ORDER = (*LEVELS, MIXED, PASS_AND_PLAY)
"""How the rows of a table of totals are ordered (others after these, then ``all``)."""

KEEP_GAMES = 1000
"""Records kept (the newest); totals still count every game ever added."""

Key = tuple[str, str, int, str]
"""(player, game id, number of players, opponents)."""


@dataclass(frozen=True)
class SeatResult:
    """How one seat ended a game."""

    name: str
    kind: str  # "human" or the computer's level
    score: float
    place: int  # 1 is first; equal results share a place
    won: bool
    hints: int = 0  # hints the person asked for during the game

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


@dataclass(frozen=True)
class GameRecord:
    """One finished game, as the statistics keep it."""

    game: str
    players: int
    when: str  # local time, "YYYY-MM-DD HH:MM:SS"
    variant: str
    seats: tuple[SeatResult, ...]
    replay: str | None = None  # the replay file's name, once games are recorded for replays

    @property
    def humans(self) -> list[SeatResult]:
        return [s for s in self.seats if s.human]

    @property
    def opponents(self) -> str:
        return opponents_of([s.kind for s in self.seats])


def opponents_of(kinds: Sequence[str]) -> str:
    """What the people at a table played against: one computer level, ``mixed`` or ``pass-and-play``."""
    if sum(k == HUMAN for k in kinds) >= 2:
        return PASS_AND_PLAY
    levels = {k for k in kinds if k != HUMAN}
    return levels.pop() if len(levels) == 1 else MIXED


def lower_is_better(game_id: str) -> bool:
    """Whether the game's scores count against a player (the best score is the lowest)."""
    try:
        return games.get(game_id).lower_scores_win
    except KeyError:
        return False


def record_of(
    game: Game,
    names: Sequence[str],
    kinds: Sequence[str],
    variant: str,
    when: datetime | None = None,
    replay: str | None = None,
    hints: Sequence[int] | None = None,
) -> GameRecord | None:
    """The record of a finished game; None if it is not over or nobody human played it.

    ``kinds``: per seat, ``"human"`` or the computer's level. Places follow the
    results screen (:mod:`cardtable.standings`).
    """
    if not game.is_over() or HUMAN not in kinds:
        return None
    if not len(names) == len(kinds) == game.players:
        raise ValueError(f"{game.players} seats, but {len(names)} names and {len(kinds)} kinds")
    scores = [_number(v) for v in game.scores()]
    winners = set(game.winners())
    out_order = tuple(game.view(None).info.get("out_order", ()))
    place = places(scores, winners, game.spec.lower_scores_win, out_order)
    counts = list(hints) if hints is not None else [0] * game.players
    seats = tuple(
        SeatResult(str(names[s]), str(kinds[s]), scores[s], place[s], s in winners, counts[s])
        for s in range(game.players)
    )
    stamp = (when or datetime.now()).isoformat(" ", "seconds")
    return GameRecord(game.spec.id, game.players, stamp, variant, seats, replay)


def _number(value: float) -> float:
    """A score as the file keeps it: whole numbers as ints."""
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"a score must be a finite number (got {value})")
    return int(value) if value.is_integer() else value


@dataclass
class Totals:
    """Running totals of one player's games at one kind of table."""

    played: int = 0
    won: int = 0
    score_sum: float = 0
    best: float | None = None
    streak: int = 0  # wins in a row up to the latest game
    best_streak: int = 0
    hints: int = 0  # hints asked for, in all these games

    def add(self, score: float, won: bool, lower_better: bool, hints: int = 0) -> None:
        self.played += 1
        self.hints += hints
        self.won += won
        self.score_sum += score
        if self.best is None or (score < self.best if lower_better else score > self.best):
            self.best = score
        self.streak = self.streak + 1 if won else 0
        self.best_streak = max(self.best_streak, self.streak)

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def mean(self) -> float | None:
        return self.score_sum / self.played if self.played else None


@dataclass
class Statistics:
    """Every kept record, oldest first, and the totals of every game ever added."""

    records: list[GameRecord] = field(default_factory=list)
    totals: dict[Key, Totals] = field(default_factory=dict)
    keep: int = KEEP_GAMES

    @classmethod
    def from_records(cls, records: Iterable[GameRecord], keep: int = KEEP_GAMES) -> Statistics:
        """Totals rebuilt from records alone (a file that kept no totals)."""
        stats = cls(keep=keep)
        for record in records:
            stats.add(record)
        return stats

    def add(self, record: GameRecord) -> None:
        """Count a finished game for each person who played it; the oldest records beyond ``keep`` go."""
        lower_better = lower_is_better(record.game)
        opponents = record.opponents
        for seat in record.humans:
            for rows in (opponents, ALL):
                key = (seat.name, record.game, record.players, rows)
                self.totals.setdefault(key, Totals()).add(seat.score, seat.won, lower_better, seat.hints)
        self.records.append(record)
        del self.records[: max(0, len(self.records) - self.keep)]

    # -- what the screen asks ------------------------------------------------------

    def players(self) -> list[str]:
        """Everyone with statistics, the most games first."""
        played: dict[str, int] = {}
        for (name, _game, _count, rows), t in self.totals.items():
            if rows == ALL:
                played[name] = played.get(name, 0) + t.played
        return sorted(played, key=lambda n: (-played[n], n))

    def finished(self, game: str) -> int:
        """How many games of ``game`` were played to the end here, whoever played them."""
        counted: dict[tuple[str, int], int] = {}
        for (name, g, count, rows), t in self.totals.items():
            if g == game and rows == ALL:
                counted[(name, count)] = t.played
        return max(counted.values(), default=0)

    def counts(self, player: str, game: str) -> list[int]:
        """The numbers of players ``player`` has played ``game`` with."""
        return sorted({c for (name, g, c, _rows) in self.totals if name == player and g == game})

    def table(self, player: str, game: str, players: int) -> list[tuple[str, Totals]]:
        """``player``'s totals at tables of ``players``, a row per kind of opponents
        (in :data:`OPPONENT_ORDER`), ``all`` last."""
        rows = [(k[3], t) for k, t in self.totals.items() if k[:3] == (player, game, players)]
        rank = {o: i for i, o in enumerate(OPPONENT_ORDER)}
        return sorted(rows, key=lambda r: (r[0] == ALL, rank.get(r[0], len(rank)), r[0]))

    def history(
        self, player: str, game: str, players: int | None = None
    ) -> list[tuple[GameRecord, SeatResult]]:
        """``player``'s kept games of ``game`` (at tables of ``players`` if given), oldest first."""
        out = []
        for record in self.records:
            if record.game != game or (players is not None and record.players != players):
                continue
            out += [(record, seat) for seat in record.humans if seat.name == player]
        return out
