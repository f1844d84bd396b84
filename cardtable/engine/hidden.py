"""Dealing unseen cards into hidden places consistently (for determinization).

A seat's view shows how many hidden cards each zone holds and which cards it
cannot see; search needs a full deal consistent with that, respecting what
the seat has learned (a player who showed out of a suit holds none of it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .cards import Card

Accepts = Callable[[Card], bool] | None


def assign_hidden(
    cards: Sequence[Card],
    capacities: Sequence[int],
    accepts: Sequence[Accepts],
    rng: random.Random,
) -> list[list[Card]]:
    """Randomly split ``cards`` into slots of the given sizes.

    ``accepts[i]`` (or None for "anything") says which cards slot ``i`` may
    hold. A randomized greedy deal is tried first (capacity-weighted, so
    larger hands get proportionally more of the free choices); if it paints
    itself into a corner a few times, a randomized bipartite matching finds a
    consistent deal. Raises ``ValueError`` when none exists: the view and the
    constraints contradict each other.
    """
    if sum(capacities) != len(cards):
        raise ValueError(f"{len(cards)} unseen cards for {sum(capacities)} hidden places")
    pool = list(cards)
    for _ in range(8):
        rng.shuffle(pool)
        result = _greedy(pool, capacities, accepts, rng)
        if result is not None:
            return result
    return _matching(pool, capacities, accepts, rng)


def _allowed(accepts: Accepts, card: Card) -> bool:
    return accepts is None or accepts(card)


def _greedy(
    pool: list[Card], capacities: Sequence[int], accepts: Sequence[Accepts], rng: random.Random
) -> list[list[Card]] | None:
    n = len(capacities)
    room = list(capacities)
    out: list[list[Card]] = [[] for _ in range(n)]
    # Most constrained cards first, so a free card never takes a constrained card's only place.
    options = [[i for i in range(n) if room[i] and _allowed(accepts[i], c)] for c in pool]
    order = sorted(range(len(pool)), key=lambda k: len(options[k]))
    for k in order:
        choices = [i for i in options[k] if room[i]]
        if not choices:
            return None
        weights = [room[i] for i in choices]
        slot = rng.choices(choices, weights)[0]
        room[slot] -= 1
        out[slot].append(pool[k])
    return out


def _matching(
    pool: list[Card], capacities: Sequence[int], accepts: Sequence[Accepts], rng: random.Random
) -> list[list[Card]]:
    units = [i for i, cap in enumerate(capacities) for _ in range(cap)]
    rng.shuffle(units)
    owner: list[int | None] = [None] * len(units)  # unit -> index in pool

    def augment(k: int, seen: set[int]) -> bool:
        for u, slot in enumerate(units):
            if u in seen or not _allowed(accepts[slot], pool[k]):
                continue
            seen.add(u)
            holder = owner[u]
            if holder is None or augment(holder, seen):
                owner[u] = k
                return True
        return False

    for k in range(len(pool)):
        if not augment(k, set()):
            raise ValueError(f"no consistent place for {pool[k].name} among the hidden cards")
    out: list[list[Card]] = [[] for _ in capacities]
    for u, k in enumerate(owner):
        assert k is not None
        out[units[u]].append(pool[k])
    return out
