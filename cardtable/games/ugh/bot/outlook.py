"""What each card would be worth to the bot now: taken, stolen, or flipped for.

:class:`Outlook` holds the gain of every card that may come for one Pool and
looks ahead over flips; :func:`steal_value` weighs a steal, counting the harm
to the player robbed.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine import Card

from ..cards import SAFETY_PILES, UGH, WILD
from ..discards import ice_age_colors
from ..wilds import steal_targets
from .knowledge import Knowledge
from .value import Face

DENY = 0.35  # how much a card left on a Safety pile for the next player counts against a plan
ROB = 0.5  # how much the harm a steal does counts (doubled against the leader)


def _ugh_loss(k: Knowledge, faces: tuple[Face, ...], ugh: Card) -> float:
    """What this Ugh! card would cost, discarding the cards missed least."""
    t = k.t
    valuer = k.valuer
    before = valuer.value(faces)
    pool = list(faces)
    if t.ice[ugh]:
        steps: list[set[int] | None] = [{col} for col in ice_age_colors(c for c, _ in pool)]
        steps.append(None)
    else:
        steps = [None] * t.value[ugh]
    for colors in steps:
        if not pool:
            break
        candidates = [i for i, f in enumerate(pool) if colors is None or f[0] in colors]
        best_i = max(candidates, key=lambda i: valuer.value(tuple(pool[:i] + pool[i + 1 :])))
        pool.pop(best_i)
    return before - valuer.value(tuple(pool))


def _leader(k: Knowledge) -> int:
    """The seat with the highest score (another seat rather than the bot's, on a tie)."""
    return max(range(k.players), key=lambda s: (k.scores[s], s != k.seat))


def steal_value(k: Knowledge, card: Card, victim: int, base: float) -> float:
    """What stealing ``card`` from ``victim`` is worth: the bot's gain (its Pool worth ``base``
    now) plus part of the victim's loss."""
    mine = k.valuer.value(k.faces([*k.pool, card])) - base
    theirs = k.faces(k.pools[victim])
    harm = k.valuer.value(theirs) - k.valuer.value(k.faces(c for c in k.pools[victim] if c != card))
    weight = ROB * (2.0 if victim == _leader(k) else 1.0)
    return mine + weight * harm


class Outlook:
    """Gains of each possible card for a Pool, and the flip look-ahead over them.

    Cards are keyed by face (two green 4s are worth the same), and the
    look-ahead remembers each Safety-pile situation it has valued.
    """

    def __init__(self, k: Knowledge, pool: Sequence[Card]) -> None:
        self.k = k
        t = k.t
        faces = k.faces(pool)
        valuer = k.valuer
        base = valuer.value(faces)
        nxt = (k.seat + 1) % k.players
        next_faces = k.faces(k.pools[nxt])
        next_base = valuer.value(next_faces)
        self.gain: dict[int, float] = {}  # by face
        self.next_gain: dict[int, float] = {}
        for card in (*(c for c, _ in k.deck), *k.tops, *k.unders):
            if card is None or t.kind[card] == UGH or t.face[card] in self.gain:
                continue
            f = k.face(card)
            self.gain[t.face[card]] = valuer.value(tuple(sorted((*faces, f)))) - base
            self.next_gain[t.face[card]] = valuer.value(tuple(sorted((*next_faces, f)))) - next_base
        # What flipping an Ugh! costs on average: as a first flip it also scores.
        later = -sum(p * _ugh_loss(k, faces, c) for c, p in k.deck if t.kind[c] == UGH)
        self.ugh_part = (later + k.ugh_chance * k.first_points, later)
        self.others = [
            (t.face[c], p, self._best_steal(c, base) if t.kind[c] == WILD else None)
            for c, p in k.deck
            if t.kind[c] != UGH
        ]
        self._stops: dict[tuple[int, ...], float] = {}
        self._flips: dict[tuple[int, tuple[int, ...], int], float] = {}

    def tops(self, cards: Sequence[Card | None]) -> tuple[int, ...]:
        face = self.k.t.face
        return tuple(-1 if c is None else face[c] for c in cards)

    def _best_steal(self, wild: Card, base: float) -> float:
        k = self.k
        targets = steal_targets(k.pools, k.seat, wild, k.t.color)
        return max((steal_value(k, c, victim, base) for victim, c in targets), default=float("-inf"))

    def stop(self, tops: tuple[int, ...]) -> float:
        """Taking the best top now, minus what the rest offers the next player."""
        found = self._stops.get(tops)
        if found is not None:
            return found
        gain, next_gain = self.gain, self.next_gain
        best = float("-inf")
        for i, f in enumerate(tops):
            if f < 0:
                continue
            left = 0.0
            for j, g in enumerate(tops):
                if j != i and g >= 0 and next_gain[g] > left:
                    left = next_gain[g]
            value = gain[f] - DENY * left
            if value > best:
                best = value
        self._stops[tops] = best
        return best

    def flip(self, flips: int, tops: tuple[int, ...], depth: int) -> float:
        """The expected worth of flipping now (``flips`` cards flipped so far this turn)."""
        key = (flips, tops, depth)
        found = self._flips.get(key)
        if found is not None:
            return found
        total = self.ugh_part[0 if flips == 0 else 1]
        gain, next_gain = self.gain, self.next_gain
        if flips >= SAFETY_PILES:  # the 4th flip goes straight into the Pool
            for f, p, steal in self.others:
                total += p * (gain[f] if steal is None else max(gain[f], steal))
            self._flips[key] = total
            return total
        # The new card covers pile ``flips``; the bot then takes the best of the three tops
        # (this is :meth:`stop` written out, as it runs thousands of times per decision).
        a, b = (tops[j] for j in range(SAFETY_PILES) if j != flips)
        none = float("-inf")
        gain_a = gain[a] if a >= 0 else none
        gain_b = gain[b] if b >= 0 else none
        next_a = max(next_gain[a], 0.0) if a >= 0 else 0.0
        next_b = max(next_gain[b], 0.0) if b >= 0 else 0.0
        for f, p, steal in self.others:
            next_f = next_gain[f] if next_gain[f] > 0 else 0.0
            outcome = gain[f] - DENY * (next_a if next_a > next_b else next_b)
            value = gain_a - DENY * (next_f if next_f > next_b else next_b)
            if value > outcome:
                outcome = value
            value = gain_b - DENY * (next_f if next_f > next_a else next_a)
            if value > outcome:
                outcome = value
            if depth > 0:
                value = self.flip(flips + 1, tops[:flips] + (f,) + tops[flips + 1 :], depth - 1)
                if value > outcome:
                    outcome = value
            if steal is not None and steal > outcome:
                outcome = steal
            total += p * outcome
        self._flips[key] = total
        return total
