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
from cardtable.engine.words import Said, say, say_n

from .cards import ALL, UghCards


def ice_age_colors(colors: Iterable[int]) -> list[int]:
    """The colors the Ice Age takes a card of, given the colors of the Pool's cards."""
    return sorted({c for c in colors if c != ALL})


def effect_of(ugh: Card, t: UghCards, first_flip: bool, points: int, last: bool = False) -> str:
    """What a flipped Ugh! card does, in words for the whole table (shown large as it is flipped)."""
    key = (last, t.ice[ugh], t.value[ugh], points if first_flip else 0)
    found = _EFFECTS.get(key)
    if found is None:
        found = _EFFECTS[key] = _effect(*key)
    return found


_EFFECTS: dict[tuple[bool, bool, int, int], Said] = {}
"""Each effect's words, made once (search flips many Ugh! cards)."""


def _effect(last: bool, ice: bool, n: int, points: int) -> Said:
    """The words of an Ugh! card's effect; ``points``: what it scores, flipped first."""
    if not points:
        if last:
            return say("the last card: the game ends at once")
        if ice:
            return say("one card of each color in the Pool and one more are discarded, and the turn ends")
        if n:
            return say_n(
                "{n} card is discarded from the Pool and the turn ends",
                "{n} cards are discarded from the Pool and the turn ends",
                n,
            )
        return say("the turn ends")
    # Translators: the end of an Ugh! card's effect, after a semicolon ("...; flipped first, ...").
    scores = say_n("flipped first, it scores {n} point", "flipped first, it scores {n} points", points)
    if last:
        # Translators: {scores} is "flipped first, it scores 3 points".
        return say("the last card: the game ends at once; {scores}", scores=scores)
    if ice:
        # Translators: {scores} is "flipped first, it scores 3 points".
        return say(
            "one card of each color in the Pool and one more are discarded, and the turn ends; {scores}",
            scores=scores,
        )
    if n:
        # Translators: {scores} is "flipped first, it scores 3 points".
        return say_n(
            "{n} card is discarded from the Pool and the turn ends; {scores}",
            "{n} cards are discarded from the Pool and the turn ends; {scores}",
            n,
            scores=scores,
        )
    # Translators: {scores} is "flipped first, it scores 3 points".
    return say("the turn ends; {scores}", scores=scores)


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
