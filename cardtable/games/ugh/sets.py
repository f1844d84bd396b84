"""Sets: which cards make one, what it scores, which cards can still join one.

A set is three cards, one of each color. A Number card or a colored Wild has
its color; the All Wild may stand for any color. So three cards make a set
exactly when no two of them share a color, not counting All Wilds. A set
scores the product of its values; a Wild is worth one less than the lowest
Number card in the set, never below 0, and a set without a Number card
scores 0 (RULES.md §3).

The functions take the per-card ``color``, ``kind`` and ``value`` tables of
:class:`~cardtable.games.ugh.cards.UghCards`, so they run on plain ints.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from .cards import ALL, NUMBER

SET_SIZE = 3
WILD_VALUE = -1
"""A Wild's place among the values :func:`values_score` takes."""


def is_set(cards: Sequence[int], color: Sequence[int]) -> bool:
    """Do these cards make one complete set?"""
    if len(cards) != SET_SIZE:
        return False
    seen = 0
    for c in cards:
        col = color[c]
        if col < 0:
            return False
        if col != ALL:
            bit = 1 << col
            if seen & bit:
                return False
            seen |= bit
    return True


def set_score(cards: Iterable[int], kind: Sequence[int], value: Sequence[int]) -> int:
    """The product of the set's values, each Wild worth the lowest Number card - 1 (not below 0)."""
    return values_score([value[c] if kind[c] == NUMBER else WILD_VALUE for c in cards])


def values_score(values: Iterable[int]) -> int:
    """A set's score from its cards' values, :data:`WILD_VALUE` for each Wild."""
    values = list(values)
    numbers = [v for v in values if v != WILD_VALUE]
    if not numbers:
        return 0
    wild = max(min(numbers) - 1, 0)
    score = 1
    for v in values:
        score *= wild if v == WILD_VALUE else v
    return score


def can_lock(pool: Sequence[int], color: Sequence[int]) -> bool:
    """Does the pool hold at least one complete set?"""
    seen = 0
    alls = 0
    for c in pool:
        col = color[c]
        if col == ALL:
            alls += 1
        elif col >= 0:
            seen |= 1 << col
    return _bits(seen) + alls >= SET_SIZE


def lock_candidates(pool: Sequence[int], forming: Sequence[int], color: Sequence[int]) -> list[int]:
    """The pool cards that can join the set being formed (``forming``, 0-2 cards)
    so that the rest of the pool can still complete it."""
    used = 0
    for c in forming:
        col = color[c]
        if col != ALL:
            used |= 1 << col
    need = SET_SIZE - len(forming) - 1  # cards still needed after the candidate
    if need < 0:
        return []
    free = 0  # colors in the pool the set does not have yet
    alls = 0
    for c in pool:
        col = color[c]
        if col == ALL:
            alls += 1
        elif col >= 0 and not used >> col & 1:
            free |= 1 << col
    distinct = _bits(free)
    if distinct + alls < need + 1:
        return []
    out = []
    for c in pool:
        col = color[c]
        if col == ALL:
            if distinct + alls - 1 >= need:
                out.append(c)
        elif col >= 0 and not used >> col & 1 and distinct - 1 + alls >= need:
            out.append(c)
    return out


def _bits(mask: int) -> int:
    return (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1)


def best_set(
    pool: Sequence[int], kind: Sequence[int], value: Sequence[int], color: Sequence[int]
) -> int | None:
    """The most a set from ``pool`` would score if locked now (None: the pool holds no set).

    Only the strongest few cards of each color can be in the best set (two Numbers, since a Wild
    takes the lowest Number's value less one, and one Wild), so the search stays small."""
    by_color: dict[int, list[int]] = {}
    for c in pool:
        by_color.setdefault(color[c], []).append(c)
    few: list[int] = []
    for col, cards in by_color.items():
        numbers = sorted((c for c in cards if kind[c] == NUMBER), key=lambda c: -value[c])
        wilds = [c for c in cards if kind[c] != NUMBER]
        few += numbers[:2] + wilds[: 2 if col == ALL else 1]
    best = None
    for trio in combinations(few, SET_SIZE):
        if is_set(trio, color):
            score = set_score(trio, kind, value)
            best = score if best is None else max(best, score)
    return best
