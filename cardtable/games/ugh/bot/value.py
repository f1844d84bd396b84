"""What a Pool is worth to the bot: the sets its cards can still make, and the split
into sets that scores most now.

Cards are seen as :data:`Face` values, so two cards that differ only in copy
are worth the same and the values can be remembered per face.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..cards import ALL, UghCards
from ..sets import WILD_VALUE, values_score

Face = tuple[int, int]
"""How the bot sees a Pool card: (color 0-2, or 3 for the All Wild; value, or
:data:`~cardtable.games.ugh.sets.WILD_VALUE` for a Wild)."""

CHOICES = 2  # a missing color is filled with the better of about this many cards
EXACT_SPLIT = 12  # Pools up to this size are split into sets exactly


def compatible(faces: Sequence[Face]) -> bool:
    """Can these cards be in one set together (no color twice, the All Wild fitting anywhere)?"""
    seen = 0
    for col, _ in faces:
        if col != ALL:
            if seen >> col & 1:
                return False
            seen |= 1 << col
    return True


def face_set_score(faces: Sequence[Face]) -> int:
    """What these cards score as a set (RULES.md §3, as :func:`~cardtable.games.ugh.sets.set_score`)."""
    return values_score(v for _, v in faces)


@lru_cache(maxsize=32)
def _future(values: tuple[int, ...], choices: int) -> tuple[float, dict[int, float]]:
    """What a later card of a color is worth (the better of ``choices`` Number cards with
    these values), and by how much it betters each value held, on average."""
    n = len(values)
    at_most = {v: (sum(1 for x in values if x <= v) / n) ** choices for v in set(values)}
    chance: dict[int, float] = {}
    previous = 0.0
    for v in sorted(at_most):
        chance[v] = at_most[v] - previous
        previous = at_most[v]
    expected = sum(v * p for v, p in chance.items())
    better = {v: sum(max(0, x - v) * p for x, p in chance.items()) for v in range(max(chance) + 1)}
    return expected, better


class Valuer:
    """Pool values for the one decision the bot is making (``promise``: see :func:`promise`).

    :meth:`value` groups the cards best with best, one per color, and values
    each group as the product of its slots: a Number card's value plus what
    a later card may add, a Wild one less than the group's lowest, a missing
    color what a later card may bring. :meth:`sets` is the split into
    complete sets that scores most now, for locking.
    """

    def __init__(self, t: UghCards, promise: float) -> None:
        self.promise = promise
        self.future, self.better = _future(t.number_values, CHOICES)
        self.memo: dict[tuple[Face, ...], float] = {}
        self.set_memo: dict[tuple[Face, ...], tuple[int, tuple[tuple[Face, ...], ...]]] = {}

    def value(self, faces: tuple[Face, ...]) -> float:
        found = self.memo.get(faces)
        if found is None:
            found = self.memo[faces] = self._value(faces)
        return found

    def _value(self, faces: tuple[Face, ...]) -> float:
        q = self.promise
        future = self.future
        better = self.better
        numbers: list[list[int]] = [[], [], []]
        wilds = [0, 0, 0]
        alls = 0
        for col, v in faces:
            if col == ALL:
                alls += 1
            elif v < 0:
                wilds[col] += 1
            else:
                numbers[col].append(v)
        for vs in numbers:
            vs.sort(reverse=True)
        # A colored Wild goes where it is worth most: one less than the best of the other colors.
        for col in range(3):
            if wilds[col]:
                others = [numbers[c][0] for c in range(3) if c != col and numbers[c]]
                worth = (min(others) if others else future) - 1
                slot = sum(1 for v in numbers[col] if v > worth)
                numbers[col][slot:slot] = [WILD_VALUE] * wilds[col]
        size = max(len(vs) for vs in numbers)
        groups = [[vs[j] if j < len(vs) else None for vs in numbers] for j in range(size)]
        for _ in range(alls):  # the All Wild fills the fullest group missing a color
            open_groups = [g for g in groups if None in g]
            if open_groups:
                g = max(open_groups, key=lambda g: 3 - g.count(None))
                g[g.index(None)] = WILD_VALUE
            else:
                groups.append([WILD_VALUE, None, None])
        total = 0.0
        for g in groups:
            held = [v for v in g if v is not None and v >= 0]
            wild = max((min(held) if held else future) - 1, 0)
            product = 1.0
            for v in g:
                if v is None:
                    product *= q * future
                elif v < 0:
                    product *= wild
                else:
                    product *= v + q * better.get(v, 0.0)
            total += product
        return total

    def sets(self, faces: tuple[Face, ...]) -> tuple[int, tuple[tuple[Face, ...], ...]]:
        """The split into complete sets that scores most now: (score, sets).

        Exact for Pools of up to :data:`EXACT_SPLIT` cards; larger ones take the best set first.
        """
        if len(faces) > EXACT_SPLIT:
            return self._greedy_sets(faces)
        return self._split(faces)

    def _greedy_sets(self, faces: tuple[Face, ...]) -> tuple[int, tuple[tuple[Face, ...], ...]]:
        rest = list(faces)
        total = 0
        chosen: list[tuple[Face, ...]] = []
        while True:
            best: tuple[int, tuple[Face, ...]] | None = None
            distinct = sorted(set(rest))
            for i, x in enumerate(distinct):
                for j in range(i, len(distinct)):
                    for m in range(j, len(distinct)):
                        trio = (x, distinct[j], distinct[m])
                        if not compatible(trio) or any(rest.count(f) < trio.count(f) for f in trio):
                            continue
                        score = face_set_score(trio)
                        if best is None or score > best[0]:
                            best = (score, trio)
            if best is None:
                return total, tuple(chosen)
            total += best[0]
            chosen.append(best[1])
            for f in best[1]:
                rest.remove(f)

    def _split(self, faces: tuple[Face, ...]) -> tuple[int, tuple[tuple[Face, ...], ...]]:
        found = self.set_memo.get(faces)
        if found is not None:
            return found
        best: tuple[int, tuple[tuple[Face, ...], ...]] = (0, ())
        if len(faces) >= 3:
            x = faces[0]
            others = faces[1:]
            best = self._split(others)
            tried = set()
            for i in range(len(others)):
                y = others[i]
                if not compatible((x, y)):
                    continue
                for j in range(i + 1, len(others)):
                    z = others[j]
                    if (y, z) in tried or not compatible((x, y, z)):
                        continue
                    tried.add((y, z))
                    score = face_set_score((x, y, z))
                    sub = self._split(others[:i] + others[i + 1 : j] + others[j + 1 :])
                    total = score + sub[0]
                    if total > best[0] or (total == best[0] and len(sub[1]) + 1 > len(best[1])):
                        best = (total, ((x, y, z), *sub[1]))
        self.set_memo[faces] = best
        return best
