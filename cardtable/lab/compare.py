"""Two sets of rules compared from paired games: each figure side by side, its difference's 95% interval.

Each deal was played under both sets of rules, so the difference is taken
pair by pair and its interval comes from the spread of those differences
(normal approximation): the deal's luck cancels, and far fewer games tell
a real effect from noise than two separate tallies would.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from cardtable import games
from cardtable.i18n import N_, _

from .record import GameRecord
from .run import LabResult

MIN_PAIRS = 10
"""Fewer deals than this mark no difference as real: the spread of so few differences says too little."""

_T975 = (
    12.71,
    4.303,
    3.182,
    2.776,
    2.571,
    2.447,
    2.365,
    2.306,
    2.262,
    2.228,
    2.201,
    2.179,
    2.160,
    2.145,
    2.131,
    2.120,
    2.110,
    2.101,
    2.093,
    2.086,
    2.080,
    2.074,
    2.069,
    2.064,
    2.060,
    2.056,
    2.052,
    2.048,
    2.045,
    2.042,
)
"""Student's t, 97.5% point, for 1 to 30 degrees of freedom (a two-sided 95% interval)."""


def t95(df: int) -> float:
    """The 97.5% point of Student's t with ``df`` degrees of freedom (beyond 30, a close expansion)."""
    if df < 1:
        return math.inf
    if df <= len(_T975):
        return _T975[df - 1]
    z = 1.959964
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df * df)


@dataclass(frozen=True)
class Row:
    """One figure under both sets of rules; ``kind``: share (shown as %), number or minutes."""

    key: str
    label: str
    section: str
    kind: str
    tried: float
    against: float
    diff: float
    low: float
    high: float
    n: int

    @property
    def significant(self) -> bool:
        """The interval leaves out zero, over enough deals: more than the luck of the deal explains."""
        return self.n >= MIN_PAIRS and (self.low > 0 or self.high < 0)

    @property
    def places(self) -> int:
        """Decimals for every figure of the row, from the size of its values (167 -> 0, 4.3 -> 2)."""
        size = max(abs(self.tried), abs(self.against))
        if float(self.tried).is_integer() and float(self.against).is_integer():
            return 0  # counts that come out whole (5 hands in every game)
        return 0 if size >= 100 else 1 if size >= 10 else 2

    def show(self, value: float, signed: bool = False, unit: bool = True) -> str:
        """``value`` for people; ``signed``: a difference (a share's difference is in percentage points,
        spelled out: "pts" reads as the game's points)."""
        sign = "+" if signed and value > 0 else ""
        if self.kind == "share":
            if signed:
                text = f"{sign}{100 * value:.1f}"
                return _("{value} percentage points").format(value=text) if unit else text
            return percent(f"{100 * value:.1f}")
        if self.kind == "minutes":
            text = f"{value:.1f}"
            text = text.lstrip("-") if float(text) == 0 else sign + text
            # Translators: a length of time in minutes, short: "12.5 min".
            return _("{value} min").format(value=text) if unit else text
        text = f"{value:.{self.places}f}"
        if float(text) == 0:
            return text.lstrip("-")  # no "-0.0"
        return f"{sign}{text}"

    def interval(self) -> str:
        """The difference's 95% interval, "+1.6 to +25.9"; "" when every game differed alike, or one
        game cannot say."""
        if self.low == self.high or not (math.isfinite(self.low) and math.isfinite(self.high)):
            return ""
        return f"{self.show(self.low, True, False)} to {self.show(self.high, True, False)}"


@dataclass(frozen=True)
class Comparison:
    """Every figure of a lab run, in sections, ready for a table, a chart or a summary."""

    game: str
    players: int
    level: str
    tried: str
    against: str
    n: int
    rows: tuple[Row, ...]
    seconds: float
    cancelled: bool
    workers: int

    def section(self, name: str) -> list[Row]:
        return [r for r in self.rows if r.section == name]

    @property
    def sections(self) -> list[str]:
        return list(dict.fromkeys(r.section for r in self.rows))


def percent(number: str) -> str:
    """A share as a person reads it: ``number`` (already formatted) and the percent sign, "45%"."""
    # Translators: a percentage, "45%" (French writes "45 %").
    return _("{value}%").format(value=number)


def paired(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float, float, float, float]:
    """Means of ``xs`` and ``ys`` (pairs), the mean difference and its 95% interval."""
    n = len(xs)
    if n == 0:
        return (0.0, 0.0, 0.0, 0.0, 0.0)
    diffs = [x - y for x, y in zip(xs, ys, strict=True)]
    mean = statistics.fmean(diffs)
    half = t95(n - 1) * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
    return (statistics.fmean(xs), statistics.fmean(ys), mean, mean - half, mean + half)


def _row(
    key: str,
    label: str,
    section: str,
    kind: str,
    pairs: Sequence[tuple[GameRecord, GameRecord]],
    get: Callable[[GameRecord], float | None],
) -> Row | None:
    values = [(get(a), get(b)) for a, b in pairs]
    kept = [(x, y) for x, y in values if x is not None and y is not None]
    if not kept:
        return None
    xs, ys = [float(x) for x, _ in kept], [float(y) for _, y in kept]
    tried, against, diff, low, high = paired(xs, ys)
    return Row(key, label, section, kind, tried, against, diff, low, high, len(kept))


def _figures(
    game: str, players: int
) -> list[tuple[str, str, str, str, Callable[[GameRecord], float | None]]]:
    """Each figure the lab compares: its key, its label in the language in use, its section, its
    kind and how a game's record gives it."""
    spec = games.get(game)
    score = score_word(game)
    specs: list[tuple[str, str, str, str, Callable[[GameRecord], float | None]]] = [
        (
            f"seat_{s + 1}_wins",
            _("Seat {number} wins").format(number=s + 1),
            "Wins by seat",
            "share",
            lambda r, s=s: r.shares[s],
        )
        for s in range(players)
    ]
    specs.append(
        (
            "first_wins",
            _("Whoever went first wins"),
            "Going first",
            "share",
            lambda r: r.shares[r.first] if r.first >= 0 else None,
        )
    )
    specs += [
        (
            "mean_score",
            # Translators: {score} is what the game's scores count ("points", "penalties").
            _("Mean {score}").format(score=score),
            "Scores",
            "number",
            lambda r: statistics.fmean(r.scores),
        ),
        ("score_spread", _("Spread of {score}").format(score=score), "Scores", "number", lambda r: r.spread),
        ("winning_margin", _("Winning margin"), "Scores", "number", lambda r: r.margin),
        ("actions", _("Moves per game"), "Length", "number", lambda r: r.actions),
        ("minutes", _("Minutes at the table"), "Length", "minutes", lambda r: r.minutes),
        (
            "decided_last",
            _("Decided in the last round"),
            "Length",
            "share",
            lambda r: None if r.decided_last is None else float(r.decided_last),
        ),
    ]
    specs += [
        (m.key, _(m.label), spec.name, "number", lambda r, k=m.key: r.measures.get(k)) for m in spec.measures
    ]
    return specs


def compare(result: LabResult) -> Comparison:
    """The comparison of ``result``'s pairs: wins by seat, scores, length, the last round, the game's own.

    Each figure's label is in the language in use (the app's lab screen shows it); its key and
    section are names the code goes by.
    """
    setup = result.setup
    pairs = result.pairs
    specs = _figures(setup.game, setup.players)
    rows = [_row(key, label, section, kind, pairs, get) for key, label, section, kind, get in specs]
    return Comparison(
        game=setup.game,
        players=setup.players,
        level=setup.level,
        tried=setup.tried.name,
        against=setup.against.name,
        n=len(pairs),
        rows=tuple(r for r in rows if r is not None),
        seconds=result.seconds,
        cancelled=result.cancelled,
        workers=result.workers,
    )


def score_word(game: str) -> str:
    """What the game's scores count, as its table says ("points", "penalties", "cards left"), in the
    language in use."""
    return _(_score_label(game))


@cache
def _score_label(game: str) -> str:
    """The game's own word for its scores, in English (the message it is translated by)."""
    spec = games.get(game)
    label = spec.new_game(spec.min_players, seed=0).view(None).info.get("score_label")
    return str(label or (N_("penalties") if spec.lower_scores_win else N_("score")))
