"""Ugh!: a full game consistent with one seat's view (the door for search).

Almost everything in Ugh! is public. What a seat cannot see is the order and
content of the deck (and, in games saved before first-flip Ugh! cards were
public, those cards face down in the other players' Victory piles). The
cards it has not seen are dealt at random into those places, an Ugh! card
into each face-down Victory slot (the only constraint, so a shuffle does it:
no general matching is needed), the rest into the deck in random order;
then the view is written as a saved-game state and loaded, so a
determinized game is built by the same code as a loaded one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from cardtable.engine import Card, View

from .cards import UGH, tables_for
from .rules import UghGame


def determinize(view: View, rng: random.Random) -> UghGame:
    t = tables_for(view.players, view.options)
    game = UghGame.blank(view.players, view.options, rng.getrandbits(63))
    assert isinstance(game, UghGame)
    victories = view.zones_named("victory")
    face_down, deck = _deal_unseen(view, t, sum(z.hidden_count for z in victories), rng)
    fill = iter(face_down)
    game._load_state(_state(view, [_victory(zv, fill) for zv in victories], deck))
    return game


def _deal_unseen(view: View, t: Any, face_down: int, rng: random.Random) -> tuple[list[Card], list[Card]]:
    """The unseen cards dealt: Ugh! cards for the ``face_down`` places in Victory piles (only Ugh!
    cards lie face down there: picked uniformly from the unseen ones), every other in the deck."""
    seen: set[Card] = set(view.known_cards())
    kind = t.kind
    ughs = [c for c in t.catalog.cards if kind[c] == UGH and c not in seen]
    if len(ughs) < face_down:
        raise ValueError(f"{face_down} face-down Ugh! cards but only {len(ughs)} unseen")
    rng.shuffle(ughs)
    deck = [c for c in t.catalog.cards if kind[c] != UGH and c not in seen] + ughs[face_down:]
    if len(deck) != view.zone("deck").hidden_count:
        raise ValueError(f"{len(deck)} unseen cards for {view.zone('deck').hidden_count} in the deck")
    rng.shuffle(deck)
    return ughs[:face_down], deck


def _victory(zv: Any, fill: Iterator[Card]) -> dict[str, Any]:
    """A Victory pile as a saved game has it, its face-down places filled from ``fill``."""
    codes: list[str] = []
    state: dict[str, Any] = {}
    for cv in zv.cards:
        card = cv.card if cv.card is not None else next(fill)
        codes.append(card.code)
        if not cv.face_up:
            state[card.code] = {"face_up": False, "orientation": None, "attached": []}
    entry: dict[str, Any] = {"cards": codes}
    if state:
        entry["state"] = state
    return entry


def _state(view: View, victory_zones: list[dict[str, Any]], deck: list[Card]) -> dict[str, Any]:
    """The saved-game state of the world dealt: the view's public facts around the hidden cards."""
    info = view.info

    def public(name: str, owner: int | None = None) -> dict[str, Any]:
        return {"cards": [cv.card.code for cv in view.zone(name, owner).cards if cv.card is not None]}

    n = view.players
    return {
        **UghGame.shown_state(view),
        "phase": view.phase,
        "turn": info["turn"],
        "zones": {
            "deck": {"cards": [c.code for c in deck]},
            "safety": [public(f"safety{p + 1}") for p in range(3)],
            "flipped": public("flipped"),
            "discard": public("discard"),
            "pool": [public("pool", s) for s in range(n)],
            "set": [public("set", s) for s in range(n)],
            "victory": victory_zones,
        },
    }
