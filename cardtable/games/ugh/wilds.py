"""Wilds: which cards a flipped Wild may steal (RULES.md §3).

A colored Wild steals a card of its own color (a Number card or a Wild)
and the All Wild; the All Wild steals any card. So a Wild never steals a
Wild of another color. Only Pool cards can be stolen, never one's own:
locked cards have left the Pools.

The functions take the per-card ``color`` table of
:class:`~cardtable.games.ugh.cards.UghCards`, as :mod:`.sets` does.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine import Card
from cardtable.engine.words import say

from .cards import ALL, COLORS


def can_steal(wild: int, card: int, color: Sequence[int]) -> bool:
    """May the Wild ``wild`` steal ``card`` (from another player's Pool)?"""
    w = color[wild]
    return w == ALL or color[card] == w or color[card] == ALL


def steal_targets(
    pools: Sequence[Sequence[Card]], seat: int, wild: int, color: Sequence[int], first_only: bool = False
) -> list[tuple[int, Card]]:
    """(owner, card) for each card ``seat`` may steal with ``wild``; just the first with ``first_only``."""
    out = []
    for victim, pool in enumerate(pools):
        if victim == seat:
            continue
        for c in pool:
            if can_steal(wild, c, color):
                out.append((victim, c))
                if first_only:
                    return out
    return out


def steal_rule(wild: int, color: Sequence[int]) -> str:
    """What ``wild`` may steal, in words (for an error message)."""
    w = color[wild]
    if w == ALL:
        return say("the All Wild steals any card")
    return say("a {color} Wild steals only {color} cards and the All Wild", color=COLORS[w])
