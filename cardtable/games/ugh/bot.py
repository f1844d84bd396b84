"""Ugh!'s rule-based player: reads a View, never the game.

It values a Pool by the sets its cards can still make: cards go together
best with best, one per color; a card held may still be bettered by a later
one and a missing color may still come, both less likely as the deck runs
down. A card's worth is what it adds to that value. Each turn it compares
taking the best Safety card (less what the other tops offer the next
player) with flipping: the chance of each card coming next is counted from
the cards it has not seen, as the rules' tips allow, and a short look-ahead
weighs an Ugh!'s discards (or the first flip's points) against the better
cards a flip may bring. Before it presses its luck it locks its sets (the
split that scores most); after taking it locks a set when waiting for better
cards promises too little more; in the last-card window it locks
everything. A Wild steals the card that helps it most, counting the harm to
the player it robs (more for the leader); an Ugh! takes the cards it will
miss least.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from cardtable.engine import Action, Card, View

from .cards import ALL, NUMBER, SAFETY_PILES, UGH, WILD, UghCards, tables_for
from .discards import ice_age_colors
from .sets import set_score
from .wilds import steal_targets

Face = tuple[int, int]
"""How the bot sees a Pool card: (color 0-2, or 3 for the All Wild; value, or -1 for a Wild)."""

CHOICES = 2  # a missing color is filled with the better of about this many cards
PROMISE_PER_TURN = 0.1  # the chance a missing color comes (or a card is bettered) per turn left ...
PROMISE_MAX = 0.6  # ... up to this
CARDS_PER_TURN = 1.6  # deck cards used per turn, on average, to count the turns left
LOCK_MARGIN = 1.15  # after taking, a set is locked unless waiting promises this much more
DENY = 0.35  # how much a card left on a Safety pile for the next player counts against a plan
ROB = 0.5  # how much the harm a steal does counts (doubled against the leader)
LOOKAHEAD = 2  # flips looked at beyond the next one
EXACT_SPLIT = 12  # Pools up to this size are split into sets exactly


def choose(view: View, rng: random.Random) -> Action:
    """The bot's action for the seat of ``view`` (which must have one to take)."""
    legal = view.legal
    if not legal:
        raise ValueError("there is nothing to decide in this view")
    if len(legal) == 1:
        return legal[0]
    k = _read(view)
    kinds = {a.kind for a in legal}
    if k.forming:
        return _continue_set(k, legal)
    if "discard" in kinds:
        return _choose_discard(k, legal)
    if "keep" in kinds:
        return _choose_wild(k, legal)
    if "done" in kinds:  # the last-card window: lock everything
        return _lock_or(k, legal, "done", final=True)
    if "end" in kinds:
        return _lock_or(k, legal, "end", final=False)
    return _take_or_flip(k, legal)


# -- what the bot knows ------------------------------------------------------------


@dataclass
class _Knowledge:
    seat: int
    players: int
    t: UghCards
    pool: list[Card]
    forming: list[Card]
    pools: list[list[Card]]
    tops: list[Card | None]
    unders: list[Card | None]  # the card below each top
    flips: int
    deck_size: int
    scores: Sequence[float]
    first_points: int
    deck: list[tuple[Card, float]]  # a card of each face that may come next, and its chance
    ugh_chance: float
    valuer: _Valuer = field(init=False)

    def __post_init__(self) -> None:
        self.valuer = _Valuer(self.t, _promise(self.deck_size, self.players))

    def face(self, card: Card) -> Face:
        t = self.t
        return (t.color[card], t.value[card] if t.kind[card] == NUMBER else -1)

    def faces(self, cards: Iterable[Card]) -> tuple[Face, ...]:
        return tuple(sorted(self.face(c) for c in cards))


def _read(view: View) -> _Knowledge:
    seat = view.seat
    assert seat is not None
    info = view.info
    t = tables_for(view.players, view.options)
    seen = set(view.known_cards())
    hidden_ughs = sum(z.hidden_count for z in view.zones_named("victory"))
    deck_size = view.zone("deck").hidden_count
    counts: dict[int, list] = {}
    ugh_unseen = 0
    for c in t.catalog.cards:
        if c in seen:
            continue
        if t.kind[c] == UGH:
            ugh_unseen += 1
        entry = counts.setdefault(t.face[c], [c, 0])
        entry[1] += 1
    deck: list[tuple[Card, float]] = []
    ugh_chance = 0.0
    if deck_size:
        # The face-down Ugh! cards in Victory piles are among the unseen: not in the deck.
        ugh_scale = max(ugh_unseen - hidden_ughs, 0) / ugh_unseen if ugh_unseen else 0.0
        for card, n in counts.values():
            p = n * (ugh_scale if t.kind[card] == UGH else 1.0) / deck_size
            if p > 0:
                deck.append((card, p))
                if t.kind[card] == UGH:
                    ugh_chance += p
    return _Knowledge(
        seat=seat,
        players=view.players,
        t=t,
        pool=list(view.zone("pool", seat).known_cards),
        forming=list(view.zone("set", seat).known_cards),
        pools=[list(view.zone("pool", s).known_cards) for s in range(view.players)],
        tops=[_top(view, p) for p in range(SAFETY_PILES)],
        unders=[_top(view, p, 2) for p in range(SAFETY_PILES)],
        flips=info["flips"],
        deck_size=deck_size,
        scores=view.scores,
        first_points=info["first_ugh_points"],
        deck=deck,
        ugh_chance=ugh_chance,
    )


def _top(view: View, pile: int, depth: int = 1) -> Card | None:
    cards = view.zone(f"safety{pile + 1}").cards
    return cards[-depth].card if len(cards) >= depth else None


def _promise(deck_size: int, players: int) -> float:
    """The chance-like weight of what is still to come: lower as the deck runs down."""
    turns_left = deck_size / (max(players, 1) * CARDS_PER_TURN)
    return max(0.0, min(PROMISE_MAX, PROMISE_PER_TURN * turns_left))


# -- valuing a Pool ----------------------------------------------------------------


def _compatible(faces: Sequence[Face]) -> bool:
    seen = 0
    for col, _ in faces:
        if col != ALL:
            if seen >> col & 1:
                return False
            seen |= 1 << col
    return True


def _face_set_score(faces: Sequence[Face]) -> int:
    numbers = [v for _, v in faces if v >= 0]
    if not numbers:
        return 0
    wild = max(min(numbers) - 1, 0)
    score = 1
    for _, v in faces:
        score *= v if v >= 0 else wild
    return score


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


class _Valuer:
    """Pool values for the one decision the bot is making (``promise``: see :func:`_promise`).

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
                numbers[col][slot:slot] = [-1] * wilds[col]
        size = max(len(vs) for vs in numbers)
        groups = [[vs[j] if j < len(vs) else None for vs in numbers] for j in range(size)]
        for _ in range(alls):  # the All Wild fills the fullest group missing a color
            open_groups = [g for g in groups if None in g]
            if open_groups:
                g = max(open_groups, key=lambda g: 3 - g.count(None))
                g[g.index(None)] = -1
            else:
                groups.append([-1, None, None])
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
                        if not _compatible(trio) or any(rest.count(f) < trio.count(f) for f in trio):
                            continue
                        score = _face_set_score(trio)
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
                if not _compatible((x, y)):
                    continue
                for j in range(i + 1, len(others)):
                    z = others[j]
                    if (y, z) in tried or not _compatible((x, y, z)):
                        continue
                    tried.add((y, z))
                    score = _face_set_score((x, y, z))
                    sub = self._split(others[:i] + others[i + 1 : j] + others[j + 1 :])
                    total = score + sub[0]
                    if total > best[0] or (total == best[0] and len(sub[1]) + 1 > len(best[1])):
                        best = (total, ((x, y, z), *sub[1]))
        self.set_memo[faces] = best
        return best


# -- locking -----------------------------------------------------------------------


def _best_set(k: _Knowledge, final: bool) -> tuple[Face, ...] | None:
    """A set the bot wants to lock now, if any: in the window any; else one not worth waiting on."""
    _, sets = k.valuer.sets(k.faces(k.pool))
    if final:
        return sets[0] if sets else None
    for s in sets:
        waiting = k.valuer.value(tuple(sorted(s)))
        if waiting <= LOCK_MARGIN * _face_set_score(s):
            return s
    return None


def _lock_or(k: _Knowledge, legal: Sequence[Action], other: str, final: bool) -> Action:
    target = _best_set(k, final)
    if target is not None:
        action = _first_card_of(k, legal, target)
        if action is not None:
            return action
    return next(a for a in legal if a.kind == other)


def _first_card_of(k: _Knowledge, legal: Sequence[Action], faces: Sequence[Face]) -> Action | None:
    wanted = list(faces)
    for a in legal:
        if a.kind == "lock" and a.card is not None and k.face(a.card) in wanted:
            return a
    return None


def _continue_set(k: _Knowledge, legal: Sequence[Action]) -> Action:
    """Complete the set being formed as well as the Pool allows."""
    t = k.t
    locks = [a for a in legal if a.kind == "lock"]
    if not locks:
        return next(a for a in legal if a.kind == "cancel")
    best: tuple[float, Action] | None = None
    for a in locks:
        card = a.card
        assert card is not None
        chosen = [*k.forming, card]
        rest = [c for c in k.pool if c != card]
        if len(chosen) == 3:
            value = set_score(chosen, t.kind, t.value) + k.valuer.value(k.faces(rest))
        else:
            value = max(
                (
                    set_score([*chosen, c], t.kind, t.value)
                    + k.valuer.value(k.faces(x for x in rest if x != c))
                    for c in rest
                    if _compatible(k.faces([*chosen, c]))
                ),
                default=-1.0,
            )
        if best is None or value > best[0]:
            best = (value, a)
    assert best is not None
    return best[1]


# -- Ugh! discards -----------------------------------------------------------------


def _choose_discard(k: _Knowledge, legal: Sequence[Action]) -> Action:
    def after(a: Action) -> float:
        return k.valuer.value(k.faces(c for c in k.pool if c != a.card))

    return max(legal, key=lambda a: (after(a), -int(a.card or 0)))


def _ugh_loss(k: _Knowledge, faces: tuple[Face, ...], ugh: Card) -> float:
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


# -- Wilds -------------------------------------------------------------------------


def _leader(k: _Knowledge) -> int:
    best = max(range(k.players), key=lambda s: (k.scores[s], s != k.seat))
    return best


def _steal_value(k: _Knowledge, card: Card, victim: int, base: float) -> float:
    mine = k.valuer.value(k.faces([*k.pool, card])) - base
    theirs = k.faces(k.pools[victim])
    harm = k.valuer.value(theirs) - k.valuer.value(k.faces(c for c in k.pools[victim] if c != card))
    weight = ROB * (2.0 if victim == _leader(k) else 1.0)
    return mine + weight * harm


def _choose_wild(k: _Knowledge, legal: Sequence[Action]) -> Action:
    base = k.valuer.value(k.faces(k.pool))
    keep = next(a for a in legal if a.kind == "keep")
    wild = keep.card
    assert wild is not None
    if keep.target == "pool":
        keep_value = k.valuer.value(k.faces([*k.pool, wild])) - base
    else:
        tops = list(k.tops)
        tops[keep.target] = wild
        keep_value = max(k.valuer.value(k.faces([*k.pool, c])) - base for c in tops if c is not None)
    best, best_value = keep, keep_value
    for a in legal:
        if a.kind == "steal" and a.card is not None:
            value = _steal_value(k, a.card, a.target, base)
            if value > best_value:
                best, best_value = a, value
    return best


# -- taking or flipping ----------------------------------------------------------


class _Outlook:
    """Gains of each possible card for a Pool, and the flip look-ahead over them.

    Cards are keyed by face (two green 4s are worth the same), and the
    look-ahead remembers each Safety-pile situation it has valued.
    """

    def __init__(self, k: _Knowledge, pool: Sequence[Card]) -> None:
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
        return max((_steal_value(k, c, victim, base) for victim, c in targets), default=float("-inf"))

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


def _take_or_flip(k: _Knowledge, legal: Sequence[Action]) -> Action:
    takes = [a for a in legal if a.kind == "take"]
    flip = next((a for a in legal if a.kind == "flip"), None)
    if flip is None:
        return _best_take(k, takes)
    now = _Outlook(k, k.pool)
    flip_value = now.flip(k.flips, now.tops(k.tops), LOOKAHEAD)
    lock_first: Action | None = None
    sets = k.valuer.sets(k.faces(k.pool))[1]
    if sets:
        # Or lock first and risk only the rest, giving up what the sets could still become.
        rest = _without(k, k.pool, sets)
        after = _Outlook(k, rest)
        given_up = k.valuer.value(k.faces(k.pool)) - sum(map(_face_set_score, sets))
        given_up -= k.valuer.value(k.faces(rest))
        locked_value = after.flip(k.flips, after.tops(k.tops), LOOKAHEAD) - given_up
        if locked_value >= flip_value:
            flip_value = locked_value
            lock_first = _first_card_of(k, legal, sets[0])
    if takes and now.stop(now.tops(k.tops)) >= flip_value:
        return _best_take(k, takes, now)
    return lock_first or flip


def _best_take(k: _Knowledge, takes: Sequence[Action], outlook: _Outlook | None = None) -> Action:
    outlook = outlook or _Outlook(k, k.pool)

    face = k.t.face

    def worth(a: Action) -> float:
        tops = list(k.tops)
        tops[a.target] = k.unders[a.target]  # taking the top uncovers the card below
        left = max((outlook.next_gain[face[c]] for c in tops if c is not None), default=0.0)
        return outlook.gain[face[a.card]] - DENY * max(left, 0.0)  # type: ignore[index]

    return max(takes, key=worth)


def _without(k: _Knowledge, pool: Sequence[Card], sets: Sequence[Sequence[Face]]) -> list[Card]:
    rest = list(pool)
    for s in sets:
        for f in s:
            for i, c in enumerate(rest):
                if k.face(c) == f:
                    rest.pop(i)
                    break
    return rest
