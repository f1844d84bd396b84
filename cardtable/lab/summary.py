"""The lab's comparison in a few sentences a player reads: the biggest real changes first, in game terms.

A table of figures with intervals reads like a paper; a player wants to
know what the house rule does to the game. So the differences beyond luck
are told one by one, biggest first, each with its direction and size in the
game's own terms (minutes, moves, the game's figures, the seats' wins),
and the sentences say plainly when nothing differs, when the figures are
rough (a quick run of few deals), and when what differs is no more than
chance alone would mark: at 95%, about one figure in twenty.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from cardtable.simulate import wilson

from .compare import MIN_PAIRS, Comparison, Row, score_word

ROUGH_BELOW = 50
"""Fewer deals than this make a quick look: only big changes show, and the sentences say so."""

MOST = 4
"""Changes told in words; the figures hold the rest."""

BY_CHANCE = 20
"""A difference beyond its 95% range turns up by chance alone in about one figure in this many."""


def summarize(c: Comparison, most: int = MOST) -> list[str]:
    """A few plain sentences about ``c``: what changes most first, then how far to trust it."""
    if c.n == 0:
        return ["No deal has finished yet, so there is nothing to compare."]
    if c.n < MIN_PAIRS:
        return [
            f"{_deals(c.n)} {_are(c.n)} too few to tell a change from luck (at least {MIN_PAIRS} are needed)."
        ]
    lines = []
    if c.n < ROUGH_BELOW:
        lines.append(
            f"A quick look at {_deals(c.n)}: the figures are rough and only big changes show; "
            "play 100 deals or more to be surer."
        )
    if all(r.diff == 0 and r.low == r.high for r in c.rows):
        lines.append(
            f"All {_deals(c.n)} played out exactly alike under both sets of rules: "
            "as the computers play, the change never comes up."
        )
        return lines
    first = going_first(c)
    told = changes(c, skip=("first_wins",) if first else ())
    lines += [text for _, text in told[:most]]
    if len(told) > most:
        rest = len(told) - most
        lines.append(
            f"{rest} smaller difference{'s' if rest != 1 else ''} beyond luck {_are(rest)} in the figures."
        )
    if not told and not any(r.significant for r in c.rows):
        lines.append(f"No difference showed beyond luck in {_deals(c.n)}; try more deals to see small ones.")
    lines += first
    if maybe_luck(c):
        lines.append(luck_warning(c))
    return lines


def changes(c: Comparison, skip: tuple[str, ...] = ()) -> list[tuple[float, str]]:
    """Each difference beyond luck as (size, sentence), biggest first; game length is one sentence;
    the figures named in ``skip`` are told elsewhere."""
    by = {r.key: r for r in c.rows if r.significant and r.key not in skip}
    told: list[tuple[float, str]] = []
    length = _length(by.pop("minutes", None), by.pop("actions", None))
    if length is not None:
        told.append(length)
    word = score_word(c.game)
    spread = next((r for r in c.rows if r.key == "score_spread"), None)
    for r in by.values():
        say = _SAY.get(r.key)
        if say is not None:
            told.append((_size(r, spread), say(r, word)))
        elif r.section == "Wins by seat":
            told.append((_size(r), _seat(r)))
        else:
            told.append((_size(r), _measure(r)))
    return sorted(told, key=lambda t: -t[0])


def figures_compared(c: Comparison) -> int:
    """The figures that chance could mark: every one over enough deals, less those that changed
    alike in every deal (a change in every deal is no luck)."""
    return sum(1 for r in c.rows if r.n >= MIN_PAIRS and not _every_deal(r))


def uncertain_marked(c: Comparison) -> int:
    """The marked figures that chance could have marked: beyond luck, but not alike in every deal."""
    return sum(1 for r in c.rows if r.significant and not _every_deal(r))


def maybe_luck(c: Comparison) -> bool:
    """Chance alone marks about one figure in twenty, so a few marked among many may all be luck: true
    when chance alone would mark as many at least one time in twenty (1 or 2 of 14 figures, up to 3 of
    20), and nothing changed in every deal (a change the rules make in every deal is no luck)."""
    marked, compared = uncertain_marked(c), figures_compared(c)
    certain = any(r.significant and _every_deal(r) for r in c.rows)
    return not certain and marked > 0 and chance_of_marking(marked, compared) >= 1 / BY_CHANCE


def chance_of_marking(k: int, n: int) -> float:
    """The chance that luck alone marks at least ``k`` of ``n`` figures, each one time in twenty."""
    p = 1 / BY_CHANCE
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


def luck_warning(c: Comparison) -> str:
    marked, compared = uncertain_marked(c), figures_compared(c)
    those = "this may be luck" if marked == 1 else "these may be luck"
    return (
        f"About one figure in twenty looks different by chance alone; {marked} of {compared} "
        f"{'does' if marked == 1 else 'do'} here, so {those}: try more deals to be sure."
    )


def going_first(c: Comparison) -> list[str]:
    """Whether going first is an edge (more or less than an even share of the wins, beyond luck) under
    the rules tried; that it came or went with them only when the change itself is beyond luck."""
    first = next((r for r in c.rows if r.key == "first_wins"), None)
    if first is None or first.n < MIN_PAIRS:
        return []
    even = f"an even share is {_percent(1 / c.players)}"
    now, before = _percent(first.tried), _percent(first.against)
    tried = _edge(first.tried, first.n, 1 / c.players)
    against = _edge(first.against, first.n, 1 / c.players)
    if tried and tried == against:
        return [f"Going first is {tried} under both sets of rules: {now} and {before} of the wins ({even})."]
    if tried and against:
        return [
            f"Going first is {tried} under {c.tried} ({now} of the wins) but {against} under {c.against} "
            f"({before}; {even})."
        ]
    if tried and first.significant:
        return [
            f"Going first becomes {tried} under {c.tried}: {now} of the wins instead of {before} ({even})."
        ]
    if tried:
        return [f"Going first is {tried} under {c.tried}: {now} of the wins ({even})."]
    if against and first.significant:
        return [
            f"Going first stops mattering under {c.tried}: {now} of the wins, where under {c.against} "
            f"it was {against} ({before}; {even})."
        ]
    return []


def _edge(share: float, n: int, even: float) -> str:
    low, high = wilson(share * n, n)
    return "an advantage" if low > even else "a handicap" if high < even else ""


def _every_deal(r: Row) -> bool:
    """Every deal differed by the very same amount (a count the rule fixes, such as rounds)."""
    return r.n >= 2 and r.low == r.high and r.diff != 0


def _size(r: Row, spread: Row | None = None) -> float:
    """How big a change is, to put the biggest first: a share by how much of all games it moves (0% to
    20% is a fifth, not a doubling); a number against the larger of its two values (for scores, at
    least their spread, so a mean near zero does not look huge)."""
    if r.kind == "share":
        return abs(r.diff)
    base = max(abs(r.tried), abs(r.against))
    if spread is not None and r.key in ("mean_score", "winning_margin"):
        base = max(base, spread.against, spread.tried)
    return abs(r.diff) / base if base else 0.0


def _length(minutes: Row | None, moves: Row | None) -> tuple[float, str] | None:
    """Game length in one sentence: minutes at the table, with the moves when they agree."""
    if minutes is not None:
        now, before = _pair(minutes)
        text = (
            f"Games {'end' if minutes.diff < 0 else 'last'} {_minutes(abs(minutes.diff))} "
            f"{'sooner' if minutes.diff < 0 else 'longer'} ({now} minutes at the table instead of {before}"
        )
        if moves is not None and (moves.diff < 0) == (minutes.diff < 0):
            text += f"; {_instead(moves, ' moves')}"
        return (max(_size(minutes), _size(moves) if moves else 0.0), text + ").")
    if moves is not None:
        shorter = "shorter" if moves.diff < 0 else "longer"
        text = (
            f"Games are {shorter}: {_about(moves)}{_number(abs(moves.diff))} "
            f"{_fewer(moves.diff)} moves ({_instead(moves)})."
        )
        return (_size(moves), text)
    return None


def _mean_score(r: Row, word: str) -> str:
    return (
        f"Players end with {_about(r)}{_number(abs(r.diff))} {_fewer(r.diff)} {word} on average "
        f"({_instead(r)})."
    )


def _spread(r: Row, word: str) -> str:
    how = "closer together" if r.diff < 0 else "further apart"
    tried, against = _pair(r)
    return f"Final scores end {how}: typically {tried} {word} from the average instead of {against}."


def _margin(r: Row, word: str) -> str:
    how = "closer to the rest" if r.diff < 0 else "further ahead"
    tried, against = _pair(r)
    return f"Winners finish {how}: {tried} {word} ahead instead of {against}."


def _decided_last(r: Row, word: str) -> str:
    how = "more often" if r.diff > 0 else "less often"
    return (
        f"The lead changes hands in the last round {how}: in {_percent(r.tried)} of games "
        f"instead of {_percent(r.against)}."
    )


def _first_wins(r: Row, word: str) -> str:
    how = "more often" if r.diff > 0 else "less often"
    return f"Whoever goes first wins {how}: {_percent(r.tried)} of games instead of {_percent(r.against)}."


_SAY: dict[str, Callable[[Row, str], str]] = {
    "mean_score": _mean_score,
    "score_spread": _spread,
    "winning_margin": _margin,
    "decided_last": _decided_last,
    "first_wins": _first_wins,
}
"""Sentences for the figures every game has; a game's own figures and the seats have their own."""


def _seat(r: Row) -> str:
    how = "more often" if r.diff > 0 else "less often"
    seat = r.label.removesuffix(" wins")
    return f"{seat} wins {how}: {_percent(r.tried)} of games instead of {_percent(r.against)}."


def _measure(r: Row) -> str:
    """A game's own figure (its label names a count: "Sets locked", "Jacks the winner took")."""
    if r.kind == "share":
        how = "more often" if r.diff > 0 else "less often"
        return f"{r.label}: {how}, {_percent(r.tried)} of games instead of {_percent(r.against)}."
    every = " in every game" if _every_deal(r) else " a game"
    return f"{r.label}: {_about(r)}{_number(abs(r.diff))} {_fewer(r.diff)}{every} ({_instead(r)})."


def _about(r: Row) -> str:
    """The word "about" for a mean that came out differently deal by deal; nothing for an exact change."""
    return "" if _every_deal(r) else "about "


def _fewer(diff: float) -> str:
    return "fewer" if diff < 0 else "more"


def _number(x: float) -> str:
    """A count for a sentence: whole from 10 up, one decimal from 1, two figures below (0.17)."""
    size = abs(x)
    if size >= 10 or float(x).is_integer():
        return f"{x:.0f}"
    text = f"{x:.1f}" if size >= 1 else f"{x:.2g}"
    return text.removesuffix(".0")


def _pair(r: Row) -> tuple[str, str]:
    """Both values of ``r`` to the same decimals, so "15.2 instead of 13.0" compares at a glance."""
    size = max(abs(r.tried), abs(r.against))
    whole = float(r.tried).is_integer() and float(r.against).is_integer()
    places = 0 if size >= 100 or whole else 1 if size >= 1 else 2
    return f"{r.tried:.{places}f}", f"{r.against:.{places}f}"


def _instead(r: Row, unit: str = "") -> str:
    """Both values, the rules tried first: "15.2 sets instead of 13.0"."""
    tried, against = _pair(r)
    return f"{tried}{unit} instead of {against}"


def _percent(share: float) -> str:
    return f"{100 * share:.0f}%"


def _minutes(m: float) -> str:
    """A length of time for a sentence: seconds under a minute, then minutes."""
    if m < 1:
        seconds = max(5, 5 * round(60 * m / 5))
        return f"{seconds} seconds"
    text = f"{m:.0f}" if m >= 10 else f"{m:.1f}".removesuffix(".0")
    return f"{text} minute{'s' if text != '1' else ''}"


def _deals(n: int) -> str:
    return f"{n} deal{'s' if n != 1 else ''}"


def _are(n: int) -> str:
    return "are" if n != 1 else "is"
