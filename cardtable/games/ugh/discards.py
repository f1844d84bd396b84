"""Ugh! cards' discards: how many Pool cards go, which may go next, and when there is no choice.

A "-N" card takes N cards of the player's choice (all, if the Pool holds
fewer); a plain Ugh! takes none. The Ice Age takes one card of each color
in the Pool plus one more of the player's choice; the All Wild is no color
of its own, so it can go only as the one more. The player discards one card
per action, the Ice Age's colors first (the same choices, in a fixed order).

The functions take the per-card tables of
:class:`~cardtable.games.ugh.cards.UghCards`, as :mod:`.sets` does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardtable.engine import Card

from .cards import ALL, UghCards


def ice_age_colors(colors: Iterable[int]) -> list[int]:
    """The colors the Ice Age takes a card of, given the colors of the Pool's cards."""
    return sorted({c for c in colors if c != ALL})


def effect_of(ugh: Card, t: UghCards, first_flip: bool, points: int, last: bool = False) -> str:
    """What a flipped Ugh! card does, in words for the whole table (shown large as it is flipped)."""
    if last:
        what = "the last card: the game ends at once"
    elif t.ice[ugh]:
        what = "one card of each color in the Pool and one more are discarded, and the turn ends"
    elif t.value[ugh]:
        n = t.value[ugh]
        what = f"{n} card{' is' if n == 1 else 's are'} discarded from the Pool and the turn ends"
    else:
        what = "the turn ends"
    if first_flip and points:
        what += f"; flipped first, it scores {points} point{'s' if points != 1 else ''}"
    return what


def discards_for(ugh: Card, pool: Sequence[Card], t: UghCards) -> tuple[int, list[int]]:
    """How many cards the Ugh! card ``ugh`` takes from ``pool``, and the colors that go first."""
    if t.ice[ugh]:
        colors = ice_age_colors(t.color[c] for c in pool)
        return len(colors) + 1, colors
    return t.value[ugh], []


def discard_candidates(pool: Sequence[Card], ice_colors: Sequence[int], color: Sequence[int]) -> list[Card]:
    """The Pool cards that may be discarded next (``ice_colors``: the colors still to go first)."""
    if not ice_colors:
        return list(pool)
    return [c for c in pool if color[c] in ice_colors]


def forced_discard(pool: Sequence[Card], ice_colors: Sequence[int], t: UghCards) -> Card | None:
    """A discard that is no choice: the only kind of card that may (or, for the Ice Age,
    that must, for one of its colors) go; None when the player has to choose."""
    face = t.face
    if ice_colors:
        color = t.color
        for col in ice_colors:
            of_color = [c for c in pool if color[c] == col]
            if all(face[c] == face[of_color[0]] for c in of_color):
                return of_color[0]
        return None
    first = face[pool[0]]
    return pool[0] if all(face[c] == first for c in pool) else None
