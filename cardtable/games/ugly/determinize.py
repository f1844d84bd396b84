"""Ugly: a full game consistent with one seat's view (the door for search).

The view is turned into a saved-game state (with cards rather than codes) and
loaded, so a determinized game is built by the same code as a loaded one. Everything public is copied; the
cards the seat cannot see are dealt at random into the hidden places (other
hands, other players' pending passes), keeping what the seat knows: cards it
passed stay with the player it passed them to, and a player who showed out
of a suit gets none of it.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.engine import SUITS, Card, View
from cardtable.engine.hidden import assign_hidden

from .rules import UglyGame

_SUIT_BIT = {s: 1 << i for i, s in enumerate(SUITS)}


Slots = list[tuple[list[Card], int, int]]
"""Card lists with hidden cards to fill: (the cards, how many are hidden, the suits they cannot be)."""


def determinize(view: View, rng: random.Random) -> UglyGame:
    game = UglyGame.blank(view.players, view.options, rng.getrandbits(63))
    assert isinstance(game, UglyGame)
    voids = [sum(_SUIT_BIT[s] for s in v) for v in view.info["voids"]]
    zones, seen, slots = _zones_of(view, voids)
    unseen = [c for c in game.in_play if c not in seen]
    accepts = [_not_in_suits(mask) if mask else None for _, _, mask in slots]
    dealt = assign_hidden(unseen, [count for _, count, _ in slots], accepts, rng)
    for (codes, _, _), cards in zip(slots, dealt, strict=True):
        codes.extend(cards)
    for entry in zones["hand"]:
        entry["cards"].sort()
    seat = view.seat
    if seat is not None and view.info.get("received"):
        zones["hand"][seat]["known"] = {card: 1 << passer for card, passer in view.info["received"]}
    game._load_state(_state(view, zones, voids))
    return game


def _zones_of(view: View, voids: list[int]) -> tuple[dict[str, Any], set[Card], Slots]:
    """The view's zones as a saved game has them (the cards shown, and what the seat knows of the
    others' hands: the cards it passed them), the cards seen, and the places still hidden."""
    seat = view.seat
    zones: dict[str, Any] = {"hand": [], "pass": [], "trick": [], "won": []}
    seen: set[Card] = set()
    slots: Slots = []
    for zv in view.zones:
        codes: list[Card] = [cv.card for cv in zv.cards if cv.card is not None]
        seen.update(codes)
        entry: dict[str, Any] = {"cards": codes}
        if zv.name == "hand" and seat is not None and zv.owner != seat and codes:
            entry["known"] = {card: 1 << seat for card in codes}
        if zv.owner is None:
            zones[zv.name] = entry
        else:
            zones[zv.name].append(entry)
        if zv.hidden_count:
            mask = voids[zv.owner] if zv.name == "hand" and zv.owner is not None else 0
            slots.append((codes, zv.hidden_count, mask))
    return zones, seen, slots


def _state(view: View, zones: dict[str, Any], voids: list[int]) -> dict[str, Any]:
    """The saved-game state of the world dealt: the view's public facts around ``zones``."""
    info = view.info
    last = info["last_trick"]
    return {
        **UglyGame.shown_state(view),
        "phase": view.phase,
        "turn": info["turn"],
        "totals": [int(s) for s in view.scores],
        "voids": voids,
        "last_trick": None
        if last is None
        else [last["winner"], [s for s, _ in last["plays"]], [cards[0] for _, cards in last["plays"]]],
        "zones": zones,
    }


def _not_in_suits(mask: int) -> Any:
    def accepts(card: Card) -> bool:
        return not _SUIT_BIT[card.suit] & mask  # type: ignore[index]

    return accepts
