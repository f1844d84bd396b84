"""Ugly: a full game consistent with one seat's view (the door for search).

Everything public is copied from the view; the cards the seat cannot see are
dealt at random into the hidden places (other hands, other players' pending
passes), keeping what the seat knows: cards it passed stay with the player it
passed them to, and a player who showed out of a suit gets none of it.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.engine import SUITS, Card, View
from cardtable.engine.hidden import assign_hidden

from .rules import UglyGame

_SUIT_BIT = {s: 1 << i for i, s in enumerate(SUITS)}


def determinize(view: View, rng: random.Random) -> UglyGame:
    info = view.info
    n = view.players
    game = UglyGame.blank(n, view.options, rng.getrandbits(63))
    assert isinstance(game, UglyGame)
    game._make_zones()
    _copy_public(game, view, info)

    zones = {(z.name, z.owner): z for z in game.zones()}
    seen: set[Card] = set()
    slots: list[tuple[Any, int, int]] = []  # (zone, hidden count, void mask)
    for zv in view.zones:
        zone = zones[(zv.name, zv.owner)]
        for cv in zv.cards:
            if cv.card is not None:
                zone.cards.append(cv.card)
                seen.add(cv.card)
                if zv.name == "hand" and zv.owner != view.seat and view.seat is not None:
                    zone.known[cv.card] = 1 << view.seat
        hidden = zv.hidden_count
        if hidden:
            voids = game.voids[zv.owner] if zv.name == "hand" and zv.owner is not None else 0
            slots.append((zone, hidden, voids))

    unseen = [c for c in game.in_play if c not in seen]
    accepts = [_not_in_suits(mask) if mask else None for _, _, mask in slots]
    dealt = assign_hidden(unseen, [count for _, count, _ in slots], accepts, rng)
    for (zone, _, _), cards in zip(slots, dealt, strict=True):
        zone.cards.extend(cards)
    for hand in game.hands:
        hand.cards.sort()
    if view.seat is not None:
        mine = game.hands[view.seat]
        for card, passer in info.get("received", ()):
            mine.known[card] = 1 << passer
    return game


def _not_in_suits(mask: int) -> Any:
    def accepts(card: Card) -> bool:
        return not _SUIT_BIT[card.suit] & mask  # type: ignore[index]

    return accepts


def _copy_public(game: UglyGame, view: View, info: Any) -> None:
    game.phase = view.phase
    game.round = info["round"]
    game.dealer = info["dealer"]
    game.trump = info["trump"]
    game.pass_count = info["pass_count"]
    game.turn = info["turn"]
    game.leader = info["leader"]
    game.lead_suit = info["lead_suit"]
    game.trick_order = list(info["trick_order"])
    game.tricks_won = list(info["tricks_won"])
    game.totals = [int(s) for s in view.scores]
    game.round_scores = [list(r) for r in info["round_scores"]]
    game.voids = [sum(_SUIT_BIT[s] for s in v) for v in info["voids"]]
    last = info["last_trick"]
    game.last_trick = (
        None
        if last is None
        else (
            last[0],
            tuple(s for s, _ in last[1]),
            tuple(c for _, c in last[1]),
        )
    )
    game.cut = list(info["cut"])
    game._passers = tuple(view.to_act) if view.phase == "pass" else ()
    game.opening_events = []
