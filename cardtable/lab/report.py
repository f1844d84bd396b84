"""The lab's comparison for a terminal (sentences, then a table) and for programs (one JSON object)."""

from __future__ import annotations

import math
import textwrap
from typing import Any

from cardtable import games

from .compare import Comparison
from .summary import summarize

WIDTH = 100
"""Columns the sentences are wrapped to."""


def heading(c: Comparison, seed: int) -> str:
    spec = games.get(c.game)
    stopped = ", cancelled" if c.cancelled else ""
    return (
        f"{spec.name}, {c.players} players, {c.level} computers: {c.tried} against {c.against}, "
        f"{c.n} paired games (seed {seed}, {c.seconds:.1f} s on {c.workers} "
        f"process{'es' if c.workers != 1 else ''}{stopped})"
    )


def table(c: Comparison, seed: int) -> str:
    """What changes in words first, then every figure side by side with its difference; * marks a
    difference beyond luck."""
    lines = [heading(c, seed), ""]
    for sentence in summarize(c):
        lines.append(textwrap.fill(sentence, WIDTH, subsequent_indent="  "))
    lines.append("")
    left = max([len(r.label) for r in c.rows] + [20]) + 2
    a, b = cut(c.tried), cut(c.against)
    width = max(len(a), len(b), 10)
    lines.append(f"{'The figures':<{left}}{a:>{width}}  {b:>{width}}  difference (likely range)")
    for section in c.sections:
        lines.append(section)
        for r in c.section(section):
            mark = " *" if r.significant else ""
            spread = f" ({r.interval()})" if r.interval() else ""
            lines.append(
                f"  {r.label:<{left - 2}}{r.show(r.tried):>{width}}  {r.show(r.against):>{width}}  "
                f"{r.show(r.diff, True)}{spread}{mark}"
            )
    lines.append("")
    notes = [
        "* more than the luck of the deal explains: the likely range (where the real difference lies, "
        "95 times in 100) leaves out zero. A difference with no range was the same in every deal. "
        f"Of {len(c.rows)} figures, about one in twenty is marked by chance alone.",
    ]
    spec = games.get(c.game)
    if spec.lower_scores_win:
        notes.append(f"Scores are penalties in {spec.name}: lower is better.")
    notes.append(
        "Moves per game: every choice made, forced ones included. Minutes: the table's animations at "
        "normal speed and the computers' pauses (people think longer)."
    )
    lines += [textwrap.fill(note, WIDTH) for note in notes]
    return "\n".join(lines)


def as_json(c: Comparison, seed: int) -> dict[str, Any]:
    return {
        "game": c.game,
        "players": c.players,
        "level": c.level,
        "tried": c.tried,
        "against": c.against,
        "games": c.n,
        "seed": seed,
        "seconds": round(c.seconds, 3),
        "workers": c.workers,
        "cancelled": c.cancelled,
        "rows": [
            {
                "key": r.key,
                "label": r.label,
                "section": r.section,
                "kind": r.kind,
                "tried": r.tried,
                "against": r.against,
                "difference": r.diff,
                "low": _finite(r.low),
                "high": _finite(r.high),
                "games": r.n,
                "significant": r.significant,
            }
            for r in c.rows
        ],
        "summary": summarize(c),
    }


def _finite(x: float) -> float | None:
    """JSON has no infinity: an interval from one game is unknown (null)."""
    return x if math.isfinite(x) else None


def cut(name: str, most: int = 28) -> str:
    """``name``, cut with an ellipsis to at most ``most`` characters (a column, a chart's label)."""
    return name if len(name) <= most else name[: most - 1] + "\u2026"
