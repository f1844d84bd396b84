"""Who finished where: the order and places of a finished game's players.

The results screen and the statistics rank players the same way, so both
take it from here: winners first, then by score (fewest first where scores
count against a player), and of equal scores the later out places higher
(U-G-O, where the last deck standing wins and the others leave in turn).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from cardtable.i18n import pgettext


def finishing_order(
    scores: Sequence[float],
    winners: Collection[int],
    lower_better: bool,
    out_order: Sequence[int] = (),
) -> list[int]:
    """The seats, best first."""
    gone = {seat: i for i, seat in enumerate(out_order)}
    sign = 1 if lower_better else -1
    return sorted(
        range(len(scores)),
        key=lambda s: (s not in winners, sign * scores[s], -gone.get(s, len(gone))),
    )


def standing_ranks(scores: Sequence[float], order: Sequence[int], out_order: Sequence[int] = ()) -> list[int]:
    """Places in the standings (``order``: best first); equal scores share a place (1, 1, 3),
    unless the players went out at different times (U-G-O: the later out places higher)."""
    ranks: list[int] = []
    for i, seat in enumerate(order):
        tied = i > 0 and scores[seat] == scores[order[i - 1]]
        if tied and seat in out_order and order[i - 1] in out_order:
            tied = False
        ranks.append(ranks[-1] if tied else i + 1)
    return ranks


def places(
    scores: Sequence[float],
    winners: Collection[int],
    lower_better: bool,
    out_order: Sequence[int] = (),
) -> list[int]:
    """Each seat's place (1 is first), indexed by seat, as the results screen shows them."""
    order = finishing_order(scores, winners, lower_better, out_order)
    out = [0] * len(scores)
    for seat, rank in zip(order, standing_ranks(scores, order, out_order), strict=True):
        out[seat] = rank
    return out


def ordinal(n: int) -> str:
    """A place in words a table uses: 1st, 2nd, 3rd, 4th, 11th, 21st (in the language in use)."""
    if n == 1:
        # Translators: first place ("1st"); a language whose first reads apart from 21st, 31st (French
        # "1er" but "21e") says it here.
        template = pgettext("first place", "{n}st")
    elif 10 <= n % 100 <= 20:
        # Translators: a place such as 4th, 11th, 12th, 13th (German "{n}.", French "{n}e").
        template = pgettext("place", "{n}th")
    elif n % 10 == 1:
        # Translators: a place such as 21st, 31st (German "{n}.", French "{n}e").
        template = pgettext("place", "{n}st")
    elif n % 10 == 2:
        # Translators: a place such as 2nd, 22nd (German "{n}.", French "{n}e").
        template = pgettext("place", "{n}nd")
    elif n % 10 == 3:
        # Translators: a place such as 3rd, 23rd (German "{n}.", French "{n}e").
        template = pgettext("place", "{n}rd")
    else:
        template = pgettext("place", "{n}th")
    return template.format(n=n)
