"""Ugh!'s rule-based player: reads a View, never the game.

It values a Pool as the best split into complete sets plus a discounted
promise for the partial sets left over (worth less as the deck runs down),
so a card's worth is what it adds to that value. Each turn it compares
taking the best Safety card (minus what the leftovers offer the next player)
with flipping: the chance of each card coming next is counted from the cards
it has not seen, as the rules' tips allow, and a short look-ahead weighs an
Ugh!'s discards (or the first flip's points) against the better cards a flip
may bring. Before it presses its luck it locks its sets; after taking it
locks sets that are worth keeping as they are or when few turns remain; in
the last-card window it locks everything. A Wild steals the card that helps
it most, counting the harm to the player it robs (more for the leader), and
an Ugh! takes the cards it will miss least.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from cardtable.engine import Action, Card, View

from .cards import ALL, NUMBER, SAFETY_PILES, UGH, WILD, UghCards, tables_for
from .sets import set_score

Face = tuple[int, int]
"""How the bot sees a Pool card: (color 0-2, or 3 for the All Wild; value, or -1 for a Wild)."""

EXPECTED_VALUE = 3.2  # what a future card of a missing color is worth in a set, roughly
WILD_GUESS = 2.0  # a Wild's worth in a partial set with no Number card yet
KEEP_PER_COLOR = 4  # cards per color the valuation looks at (the best ones)
LOCK_SCORE = 40  # after taking, sets worth this much are locked at once
LATE_TURNS = 2  # ... and every set when the deck holds fewer than this many rounds of turns
DENY = 0.35  # how much a card left on a Safety pile for the next player counts against a plan
ROB = 0.5  # how much the harm a steal does counts (doubled against the leader)
LOOKAHEAD = 2  # flips looked at beyond the next one


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
        return _lock_or(k, legal, "end", final=k.deck_size < LATE_TURNS * k.players)
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
    """The chance-like weight of a partial set's missing card: lower as the deck runs down."""
    turns_left = deck_size / max(players, 1) / 2.0
    return max(0.0, min(0.55, 0.08 * turns_left))


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


class _Valuer:
    """Pool values, remembered for the one decision the bot is making."""

    def __init__(self, t: UghCards, promise: float) -> None:
        self.t = t
        self.promise = promise
        self.memo: dict[tuple[tuple[Face, ...], tuple[Face, ...]], tuple[float, tuple]] = {}

    def value(self, faces: Sequence[Face]) -> float:
        return self.plan(faces)[0]

    def plan(self, faces: Sequence[Face]) -> tuple[float, tuple[tuple[Face, ...], ...]]:
        """The best value and the sets (as faces) that reach it."""
        return self._search(_trim(faces), ())

    def _search(self, rest: tuple[Face, ...], left: tuple[Face, ...]) -> tuple[float, tuple]:
        key = (rest, left)
        found = self.memo.get(key)
        if found is not None:
            return found
        if len(rest) < 3:
            best: tuple[float, tuple] = (self._potential(tuple(sorted(left + rest))), ())
        else:
            x = rest[0]
            others = rest[1:]
            best = self._search(others, tuple(sorted((*left, x))))
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
                    sub = self._search(others[:i] + others[i + 1 : j] + others[j + 1 :], left)
                    if score + sub[0] > best[0]:
                        best = (score + sub[0], ((x, y, z), *sub[1]))
        self.memo[key] = best
        return best

    def _potential(self, faces: tuple[Face, ...]) -> float:
        """What leftover cards promise: partial sets (best with best) still to complete."""
        q = self.promise
        if not faces or q <= 0:
            return 0.0
        by_color: list[list[int]] = [[], [], []]
        alls = 0
        for col, v in faces:
            if col == ALL:
                alls += 1
            else:
                by_color[col].append(v)
        for values in by_color:
            values.sort(key=lambda v: (v < 0, -v))  # numbers high to low, then Wilds
        groups = [[vs[j] for vs in by_color if j < len(vs)] for j in range(max(map(len, by_color)))]
        for _ in range(alls):
            open_groups = [g for g in groups if len(g) < 3]
            if open_groups:
                max(open_groups, key=len).append(-1)
            else:
                groups.append([-1])
        total = 0.0
        for g in groups:
            numbers = [v for v in g if v >= 0]
            missing = 3 - len(g)
            low = min(min(numbers), EXPECTED_VALUE) if numbers else EXPECTED_VALUE
            wild = max(low - 1, 0) if numbers else WILD_GUESS
            product = 1.0
            for v in g:
                product *= v if v >= 0 else wild
            total += product * (EXPECTED_VALUE * q) ** missing
        return total


def _trim(faces: Sequence[Face]) -> tuple[Face, ...]:
    """The cards that matter for the value: each color's best few, and every Wild."""
    by_color: dict[int, list[Face]] = {}
    wilds = []
    for f in faces:
        if f[1] < 0:
            wilds.append(f)
        else:
            by_color.setdefault(f[0], []).append(f)
    kept = wilds
    for fs in by_color.values():
        fs.sort(key=lambda f: -f[1])
        kept.extend(fs[:KEEP_PER_COLOR])
    return tuple(sorted(kept))


# -- locking -----------------------------------------------------------------------


def _best_set(k: _Knowledge, final: bool) -> tuple[Face, ...] | None:
    """The first set of the best split of the Pool, if the bot wants to lock one now."""
    valuer = _Valuer(k.t, 0.0) if final else k.valuer
    _, sets = valuer.plan(k.faces(k.pool))
    if not sets:
        return None
    if final:
        return sets[0]
    # Lock what is worth keeping as it is; small sets wait for better cards.
    good = [s for s in sets if _face_set_score(s) >= LOCK_SCORE]
    return good[0] if good else None


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
        steps: list[set[int] | None] = [{col} for col in sorted({c for c, _ in pool if c != ALL})]
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
    """Gains of each possible card for a Pool, and the flip look-ahead over them."""

    def __init__(self, k: _Knowledge, pool: Sequence[Card]) -> None:
        self.k = k
        faces = k.faces(pool)
        valuer = k.valuer
        base = valuer.value(faces)
        self.gain: dict[int, float] = {}
        nxt = (k.seat + 1) % k.players
        next_faces = k.faces(k.pools[nxt])
        next_base = valuer.value(next_faces)
        self.next_gain: dict[int, float] = {}
        self.steal: dict[int, float] = {}
        for card, _ in k.deck:
            self._learn(card, faces, base, next_faces, next_base)
        for card in (*k.tops, *k.unders):
            if card is not None:
                self._learn(card, faces, base, next_faces, next_base)
        self.ugh = [(card, p, _ugh_loss(k, faces, card)) for card, p in k.deck if k.t.kind[card] == UGH]
        self.others = [(card, p) for card, p in k.deck if k.t.kind[card] != UGH]
        for card, _ in self.others:
            if k.t.kind[card] == WILD:
                self.steal[card] = self._best_steal(card, pool, base)

    def _learn(
        self,
        card: Card,
        faces: tuple[Face, ...],
        base: float,
        next_faces: tuple[Face, ...],
        next_base: float,
    ) -> None:
        if card in self.gain or self.k.t.kind[card] == UGH:
            return
        f = self.k.face(card)
        self.gain[card] = self.k.valuer.value(tuple(sorted((*faces, f)))) - base
        self.next_gain[card] = self.k.valuer.value(tuple(sorted((*next_faces, f)))) - next_base

    def _best_steal(self, wild: Card, pool: Sequence[Card], base: float) -> float:
        k = self.k
        color = k.t.color
        w = color[wild]
        best = float("-inf")
        for victim, their in enumerate(k.pools):
            if victim == k.seat:
                continue
            for c in their:
                if w == ALL or color[c] == w or color[c] == ALL:
                    best = max(best, _steal_value(k, c, victim, base))
        return best

    def stop(self, tops: Sequence[Card | None]) -> float:
        """Taking the best top now, minus what the rest offers the next player."""
        best = float("-inf")
        for i, card in enumerate(tops):
            if card is None:
                continue
            left = max((self.next_gain[c] for j, c in enumerate(tops) if j != i and c is not None), default=0)
            best = max(best, self.gain[card] - DENY * max(left, 0.0))
        return best

    def flip(self, flips: int, tops: Sequence[Card | None], depth: int) -> float:
        """The expected worth of flipping now (``flips`` cards flipped so far this turn)."""
        k = self.k
        bonus = k.first_points if flips == 0 else 0
        total = 0.0
        for _, p, loss in self.ugh:
            total += p * (bonus - loss)
        for card, p in self.others:
            if flips >= SAFETY_PILES:
                outcome = self.gain[card]
            else:
                new_tops = list(tops)
                new_tops[flips] = card
                outcome = self.stop(new_tops)
                if depth > 0:
                    outcome = max(outcome, self.flip(flips + 1, new_tops, depth - 1))
            steal = self.steal.get(card)
            if steal is not None:
                outcome = max(outcome, steal)
            total += p * outcome
        return total


def _take_or_flip(k: _Knowledge, legal: Sequence[Action]) -> Action:
    takes = [a for a in legal if a.kind == "take"]
    flip = next((a for a in legal if a.kind == "flip"), None)
    if flip is None:
        return _best_take(k, takes)
    if not takes:
        return _lock_before_flip(k, legal) or flip
    now = _Outlook(k, k.pool)
    stop = now.stop(k.tops)
    sets = k.valuer.plan(k.faces(k.pool))[1]
    if sets:
        # Flipping means locking first: judge the flip on what would stay in the Pool.
        locked = sum(_face_set_score(s) for s in sets)
        rest = _without(k, k.pool, sets)
        after = _Outlook(k, rest)
        flip_value = after.flip(k.flips, k.tops, LOOKAHEAD)
        # What locking now gives up (nothing when the sets are the Pool's best split anyway).
        flip_value -= k.valuer.value(k.faces(k.pool)) - locked - k.valuer.value(k.faces(rest))
    else:
        flip_value = now.flip(k.flips, k.tops, LOOKAHEAD)
    if flip_value > stop:
        return _lock_before_flip(k, legal) or flip
    return _best_take(k, takes, now)


def _lock_before_flip(k: _Knowledge, legal: Sequence[Action]) -> Action | None:
    sets = k.valuer.plan(k.faces(k.pool))[1]
    if not sets:
        return None
    return _first_card_of(k, legal, sets[0])


def _best_take(k: _Knowledge, takes: Sequence[Action], outlook: _Outlook | None = None) -> Action:
    outlook = outlook or _Outlook(k, k.pool)

    def worth(a: Action) -> float:
        tops = list(k.tops)
        tops[a.target] = k.unders[a.target]  # taking the top uncovers the card below
        left = max((outlook.next_gain[c] for c in tops if c is not None), default=0.0)
        return outlook.gain[a.card] - DENY * max(left, 0.0)  # type: ignore[index]

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
