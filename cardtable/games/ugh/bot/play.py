"""The bot's decisions: locking, an Ugh! card's discards, a Wild, taking or flipping."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.engine import Action, Card, View, ZoneRef

from ..sets import set_score
from .knowledge import Knowledge, read
from .outlook import DENY, Outlook, steal_value
from .value import Face, compatible, face_set_score

LOCK_MARGIN = 1.15  # after taking, a set is locked unless waiting promises this much more
LOOKAHEAD = 2  # flips looked at beyond the next one


def choose(view: View, rng: random.Random) -> Action:
    """The bot's action for the seat of ``view`` (which must have one to take)."""
    legal = view.choices()
    if len(legal) == 1:
        return legal[0]
    k = read(view)
    kinds = {a.kind for a in legal}
    if k.forming:
        return _continue_set(k, legal)
    if "discard" in kinds:
        return _choose_discard(k, legal)
    if "pool" in kinds:  # a flipped Wild
        return _choose_wild(k, legal)
    if "done" in kinds:  # the last-card window: lock everything
        return _lock_or(k, legal, "done", final=True)
    if "end" in kinds:
        return _lock_or(k, legal, "end", final=False)
    return _take_or_flip(k, legal)


# -- locking -----------------------------------------------------------------------


def _best_set(k: Knowledge, final: bool) -> tuple[Face, ...] | None:
    """A set the bot wants to lock now, if any: in the window any; else one not worth waiting on."""
    _, sets = k.valuer.sets(k.faces(k.pool))
    if final:
        return sets[0] if sets else None
    for s in sets:
        waiting = k.valuer.value(tuple(sorted(s)))
        if waiting <= LOCK_MARGIN * face_set_score(s):
            return s
    return None


def _lock_or(k: Knowledge, legal: Sequence[Action], other: str, final: bool) -> Action:
    target = _best_set(k, final)
    if target is not None:
        action = _first_card_of(k, legal, target)
        if action is not None:
            return action
    return next(a for a in legal if a.kind == other)


def _first_card_of(k: Knowledge, legal: Sequence[Action], faces: Sequence[Face]) -> Action | None:
    wanted = list(faces)
    for a in legal:
        if a.kind == "lock" and a.card is not None and k.face(a.card) in wanted:
            return a
    return None


def _continue_set(k: Knowledge, legal: Sequence[Action]) -> Action:
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
                    if compatible(k.faces([*chosen, c]))
                ),
                default=-1.0,
            )
        if best is None or value > best[0]:
            best = (value, a)
    assert best is not None
    return best[1]


# -- Ugh! discards -----------------------------------------------------------------


def _choose_discard(k: Knowledge, legal: Sequence[Action]) -> Action:
    def after(a: Action) -> float:
        return k.valuer.value(k.faces(c for c in k.pool if c != a.card))

    return max(legal, key=lambda a: (after(a), -int(a.card or 0)))


# -- Wilds -------------------------------------------------------------------------


def _choose_wild(k: Knowledge, legal: Sequence[Action]) -> Action:
    """Steal, take the Wild into the Pool, or put it on a Safety pile: the best gain now."""
    base = k.valuer.value(k.faces(k.pool))
    pool = next(a for a in legal if a.kind == "pool")
    wild = pool.card
    assert wild is not None
    best, best_value = pool, k.valuer.value(k.faces([*k.pool, wild])) - base
    keep = next((a for a in legal if a.kind == "keep"), None)
    pile = None if keep is None else _pile_index(keep.target)
    if keep is not None and pile is not None:
        # On the pile the Wild is one more top to choose from: worth it only when another top
        # is better for this Pool than the Wild (which is then left to the others).
        tops = list(k.tops)
        tops[pile] = wild
        value = max(k.valuer.value(k.faces([*k.pool, c])) - base for c in tops if c is not None)
        if value > best_value:
            best, best_value = keep, value
    for a in legal:
        if a.kind == "steal" and isinstance(a.target, Card):
            victim = next(s for s, pool in enumerate(k.pools) if a.target in pool)
            value = steal_value(k, a.target, victim, base)
            if value > best_value:
                best, best_value = a, value
    return best


# -- taking or flipping ----------------------------------------------------------


def _take_or_flip(k: Knowledge, legal: Sequence[Action]) -> Action:
    takes = [a for a in legal if a.kind == "take"]
    flip = next((a for a in legal if a.kind == "flip"), None)
    if flip is None:
        return _best_take(k, takes)
    now = Outlook(k, k.pool)
    flip_value = now.flip(k.flips, now.tops(k.tops), LOOKAHEAD)
    lock_first: Action | None = None
    sets = k.valuer.sets(k.faces(k.pool))[1]
    if sets:
        # Or lock first and risk only the rest, giving up what the sets could still become.
        rest = _without(k, k.pool, sets)
        after = Outlook(k, rest)
        given_up = k.valuer.value(k.faces(k.pool)) - sum(map(face_set_score, sets))
        given_up -= k.valuer.value(k.faces(rest))
        locked_value = after.flip(k.flips, after.tops(k.tops), LOOKAHEAD) - given_up
        if locked_value >= flip_value:
            flip_value = locked_value
            lock_first = _first_card_of(k, legal, sets[0])
    if takes and now.stop(now.tops(k.tops)) >= flip_value:
        return _best_take(k, takes, now)
    return lock_first or flip


def _best_take(k: Knowledge, takes: Sequence[Action], outlook: Outlook | None = None) -> Action:
    outlook = outlook or Outlook(k, k.pool)

    face = k.t.face

    def worth(a: Action) -> float:
        tops = list(k.tops)
        pile = tops.index(a.card)
        tops[pile] = k.unders[pile]  # taking the top uncovers the card below
        left = max((outlook.next_gain[face[c]] for c in tops if c is not None), default=0.0)
        return outlook.gain[face[a.card]] - DENY * max(left, 0.0)  # type: ignore[index]

    return max(takes, key=worth)


def _pile_index(target: object) -> int | None:
    """The Safety pile a kept Wild goes onto (0-2), or None when it goes into the Pool."""
    if isinstance(target, ZoneRef) and target.zone.startswith("safety"):
        return int(target.zone.removeprefix("safety")) - 1
    return None


def _without(k: Knowledge, pool: Sequence[Card], sets: Sequence[Sequence[Face]]) -> list[Card]:
    rest = list(pool)
    for s in sets:
        for f in s:
            for i, c in enumerate(rest):
                if k.face(c) == f:
                    rest.pop(i)
                    break
    return rest
