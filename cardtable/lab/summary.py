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

from cardtable.i18n import N_, _, ngettext
from cardtable.simulate import wilson

from .compare import MIN_PAIRS, Comparison, Row, percent, score_word

ROUGH_BELOW = 50
"""Fewer deals than this make a quick look: only big changes show, and the sentences say so."""

MOST = 4
"""Changes told in words; the figures hold the rest."""

BY_CHANCE = 20
"""A difference beyond its 95% range turns up by chance alone in about one figure in this many."""


def summarize(c: Comparison, most: int = MOST) -> list[str]:
    """A few plain sentences about ``c`` (in the language in use): what changes most first, then how
    far to trust it."""
    if c.n == 0:
        return [_("No deal has finished yet, so there is nothing to compare.")]
    if c.n < MIN_PAIRS:
        return [
            ngettext(
                "{n} deal is too few to tell a change from luck (at least {least} are needed).",
                "{n} deals are too few to tell a change from luck (at least {least} are needed).",
                c.n,
            ).format(n=c.n, least=MIN_PAIRS)
        ]
    lines = []
    if c.n < ROUGH_BELOW:
        lines.append(
            ngettext(
                "A quick look at {n} deal: the figures are rough and only big changes show; "
                "play 100 deals or more to be surer.",
                "A quick look at {n} deals: the figures are rough and only big changes show; "
                "play 100 deals or more to be surer.",
                c.n,
            ).format(n=c.n)
        )
    if all(r.diff == 0 and r.low == r.high for r in c.rows):
        lines.append(
            ngettext(
                "All {n} deal played out exactly alike under both sets of rules: "
                "as the computers play, the change never comes up.",
                "All {n} deals played out exactly alike under both sets of rules: "
                "as the computers play, the change never comes up.",
                c.n,
            ).format(n=c.n)
        )
        return lines
    first = going_first(c)
    told = changes(c, skip=("first_wins",) if first else ())
    lines += [text for _size_, text in told[:most]]
    if len(told) > most:
        rest = len(told) - most
        lines.append(
            ngettext(
                "{n} smaller difference beyond luck is in the figures.",
                "{n} smaller differences beyond luck are in the figures.",
                rest,
            ).format(n=rest)
        )
    if not told and not any(r.significant for r in c.rows):
        lines.append(
            ngettext(
                "No difference showed beyond luck in {n} deal; try more deals to see small ones.",
                "No difference showed beyond luck in {n} deals; try more deals to see small ones.",
                c.n,
            ).format(n=c.n)
        )
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
        tell = _SAY.get(r.key)
        if tell is not None:
            told.append((_size(r, spread), tell(r, word)))
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
    return ngettext(
        "About one figure in twenty looks different by chance alone; {n} of {figures} does here, "
        "so this may be luck: try more deals to be sure.",
        "About one figure in twenty looks different by chance alone; {n} of {figures} do here, "
        "so these may be luck: try more deals to be sure.",
        marked,
    ).format(n=marked, figures=compared)


ADVANTAGE, HANDICAP = "advantage", "handicap"

_FIRST_BOTH = {
    # Translators: the sentences on going first. {tried} and {against} name the two sets of rules
    # compared, {now} and {before} are shares of the wins ("30%"), {even} each seat's fair share.
    ADVANTAGE: N_(
        "Going first is an advantage under both sets of rules: {now} and {before} of the wins "
        "(an even share is {even})."
    ),
    HANDICAP: N_(
        "Going first is a handicap under both sets of rules: {now} and {before} of the wins "
        "(an even share is {even})."
    ),
}
_FIRST_SWAPPED = {
    ADVANTAGE: N_(
        "Going first is an advantage under {tried} ({now} of the wins) but a handicap under {against} "
        "({before}; an even share is {even})."
    ),
    HANDICAP: N_(
        "Going first is a handicap under {tried} ({now} of the wins) but an advantage under {against} "
        "({before}; an even share is {even})."
    ),
}
_FIRST_BECOMES = {
    ADVANTAGE: N_(
        "Going first becomes an advantage under {tried}: {now} of the wins instead of {before} "
        "(an even share is {even})."
    ),
    HANDICAP: N_(
        "Going first becomes a handicap under {tried}: {now} of the wins instead of {before} "
        "(an even share is {even})."
    ),
}
_FIRST_IS = {
    ADVANTAGE: N_("Going first is an advantage under {tried}: {now} of the wins (an even share is {even})."),
    HANDICAP: N_("Going first is a handicap under {tried}: {now} of the wins (an even share is {even})."),
}
_FIRST_STOPS = {
    ADVANTAGE: N_(
        "Going first stops mattering under {tried}: {now} of the wins, where under {against} "
        "it was an advantage ({before}; an even share is {even})."
    ),
    HANDICAP: N_(
        "Going first stops mattering under {tried}: {now} of the wins, where under {against} "
        "it was a handicap ({before}; an even share is {even})."
    ),
}


def going_first(c: Comparison) -> list[str]:
    """Whether going first is an edge (more or less than an even share of the wins, beyond luck) under
    the rules tried; that it came or went with them only when the change itself is beyond luck."""
    first = next((r for r in c.rows if r.key == "first_wins"), None)
    if first is None or first.n < MIN_PAIRS:
        return []
    words = {
        "even": _percent(1 / c.players),
        "now": _percent(first.tried),
        "before": _percent(first.against),
        "tried": c.tried,
        "against": c.against,
    }
    tried = _edge(first.tried, first.n, 1 / c.players)
    against = _edge(first.against, first.n, 1 / c.players)
    if tried and tried == against:
        return [_(_FIRST_BOTH[tried]).format(**words)]
    if tried and against:
        return [_(_FIRST_SWAPPED[tried]).format(**words)]
    if tried and first.significant:
        return [_(_FIRST_BECOMES[tried]).format(**words)]
    if tried:
        return [_(_FIRST_IS[tried]).format(**words)]
    if against and first.significant:
        return [_(_FIRST_STOPS[against]).format(**words)]
    return []


def _edge(share: float, n: int, even: float) -> str:
    """:data:`ADVANTAGE`, :data:`HANDICAP`, or "" where going first is neither beyond luck."""
    low, high = wilson(share * n, n)
    return ADVANTAGE if low > even else HANDICAP if high < even else ""


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
        words = {"duration": _minutes(abs(minutes.diff)), "now": now, "before": before}
        sooner = minutes.diff < 0
        if moves is not None and (moves.diff < 0) == sooner:
            words["moves_now"], words["moves_before"] = _pair(moves)
            if sooner:
                text = _(
                    "Games end {duration} sooner ({now} minutes at the table instead of {before}; "
                    "{moves_now} moves instead of {moves_before})."
                )
            else:
                text = _(
                    "Games last {duration} longer ({now} minutes at the table instead of {before}; "
                    "{moves_now} moves instead of {moves_before})."
                )
        elif sooner:
            text = _("Games end {duration} sooner ({now} minutes at the table instead of {before}).")
        else:
            text = _("Games last {duration} longer ({now} minutes at the table instead of {before}).")
        return (max(_size(minutes), _size(moves) if moves else 0.0), text.format(**words))
    if moves is not None:
        now, before = _pair(moves)
        about = not _every_deal(moves)
        if moves.diff < 0:
            if about:
                text = _("Games are shorter: about {number} fewer moves ({now} instead of {before}).")
            else:
                text = _("Games are shorter: {number} fewer moves ({now} instead of {before}).")
        elif about:
            text = _("Games are longer: about {number} more moves ({now} instead of {before}).")
        else:
            text = _("Games are longer: {number} more moves ({now} instead of {before}).")
        return (_size(moves), text.format(number=_number(abs(moves.diff)), now=now, before=before))
    return None


def _mean_score(r: Row, word: str) -> str:
    now, before = _pair(r)
    if r.diff < 0:
        if _every_deal(r):
            # Translators: {score} is what the game's scores count ("points", "penalties"), {number} how
            # many more or fewer; {now} and {before}: under the rules tried and those compared with.
            text = _("Players end with {number} fewer {score} on average ({now} instead of {before}).")
        else:
            text = _("Players end with about {number} fewer {score} on average ({now} instead of {before}).")
    elif _every_deal(r):
        text = _("Players end with {number} more {score} on average ({now} instead of {before}).")
    else:
        text = _("Players end with about {number} more {score} on average ({now} instead of {before}).")
    return text.format(number=_number(abs(r.diff)), score=word, now=now, before=before)


def _spread(r: Row, word: str) -> str:
    now, before = _pair(r)
    if r.diff < 0:
        text = _(
            "Final scores end closer together: typically {now} {score} from the average instead of {before}."
        )
    else:
        text = _(
            "Final scores end further apart: typically {now} {score} from the average instead of {before}."
        )
    return text.format(now=now, before=before, score=word)


def _margin(r: Row, word: str) -> str:
    now, before = _pair(r)
    if r.diff < 0:
        text = _("Winners finish closer to the rest: {now} {score} ahead instead of {before}.")
    else:
        text = _("Winners finish further ahead: {now} {score} ahead instead of {before}.")
    return text.format(now=now, before=before, score=word)


def _decided_last(r: Row, word: str) -> str:
    if r.diff > 0:
        text = _(
            "The lead changes hands in the last round more often: in {now} of games instead of {before}."
        )
    else:
        text = _(
            "The lead changes hands in the last round less often: in {now} of games instead of {before}."
        )
    return text.format(now=_percent(r.tried), before=_percent(r.against))


def _first_wins(r: Row, word: str) -> str:
    if r.diff > 0:
        text = _("Whoever goes first wins more often: {now} of games instead of {before}.")
    else:
        text = _("Whoever goes first wins less often: {now} of games instead of {before}.")
    return text.format(now=_percent(r.tried), before=_percent(r.against))


_SAY: dict[str, Callable[[Row, str], str]] = {
    "mean_score": _mean_score,
    "score_spread": _spread,
    "winning_margin": _margin,
    "decided_last": _decided_last,
    "first_wins": _first_wins,
}
"""Sentences for the figures every game has; a game's own figures and the seats have their own."""


def _seat(r: Row) -> str:
    number = r.key.removeprefix("seat_").removesuffix("_wins")
    if not number.isdigit():  # not a seat's row after all: told as a figure of its own
        return _measure(r)
    if r.diff > 0:
        text = _("Seat {number} wins more often: {now} of games instead of {before}.")
    else:
        text = _("Seat {number} wins less often: {now} of games instead of {before}.")
    return text.format(number=int(number), now=_percent(r.tried), before=_percent(r.against))


def _measure(r: Row) -> str:
    """A game's own figure (its label names a count: "Sets locked", "Jacks the winner took")."""
    if r.kind == "share":
        if r.diff > 0:
            # Translators: {figure} names one of the game's own figures ("Sets locked").
            text = _("{figure}: more often, {now} of games instead of {before}.")
        else:
            text = _("{figure}: less often, {now} of games instead of {before}.")
        return text.format(figure=r.label, now=_percent(r.tried), before=_percent(r.against))
    now, before = _pair(r)
    if _every_deal(r):
        if r.diff < 0:
            text = _("{figure}: {number} fewer in every game ({now} instead of {before}).")
        else:
            text = _("{figure}: {number} more in every game ({now} instead of {before}).")
    elif r.diff < 0:
        text = _("{figure}: about {number} fewer a game ({now} instead of {before}).")
    else:
        text = _("{figure}: about {number} more a game ({now} instead of {before}).")
    return text.format(figure=r.label, number=_number(abs(r.diff)), now=now, before=before)


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


def _percent(share: float) -> str:
    return percent(f"{100 * share:.0f}")


def _minutes(m: float) -> str:
    """A length of time for a sentence: seconds under a minute, then minutes."""
    if m < 1:
        seconds = max(5, 5 * round(60 * m / 5))
        return ngettext("{n} second", "{n} seconds", seconds).format(n=seconds)
    text = f"{m:.0f}" if m >= 10 else f"{m:.1f}".removesuffix(".0")
    return ngettext("{n} minute", "{n} minutes", math.ceil(float(text))).format(n=text)
