"""U-G-O: a full game consistent with one seat's view (the door for search).

The view is turned into a saved-game state and loaded. Cards the seat cannot
see are dealt into the hidden places, respecting everything public:

- a hidden card shows its back, so it is one of that owner's unseen cards;
- a card that was ever face up for everyone can never be back in a deck (no
  rule returns cards to a deck), so decks get only never-seen cards;
- face-down cards left in a discard pile after a Queen were all seen there;
- a face-down card on the table is an Attack/Defense card.

A seat knows nothing of its own deck's order (not even after a Jack), so
decks are dealt in random order. Other players' hands are drawn with what
players tend to keep (:mod:`.hands`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardtable.engine import Card, Slot, View

from . import hands
from .cards import is_ad
from .rules import UgoGame

Place = tuple[str, int | None, int]  # (zone name, owner, index in the zone's card list)


Groups = dict[tuple[str, int, str], list[tuple[list[str | None], int]]]
"""Hidden places by (zone, back, what may lie there): each a card list and an index in it."""


def determinize(view: View, rng: random.Random) -> UgoGame:
    game = UgoGame.blank(view.players, view.options, rng.getrandbits(63))
    assert isinstance(game, UgoGame)
    revealed = set(view.info["revealed"])
    zones, seen, groups = _zones_of(view)
    _deal_hidden(game, view, revealed, seen, groups, rng)
    for entry in [*zones["deck"], *zones["hand"], *zones["table"], *zones["discard"], zones["removed"]]:
        states = entry.pop("_states")
        if states:
            entry["state"] = {entry["cards"][i]: st for i, st in states.items()}
    for entry in zones["hand"]:
        entry["cards"].sort(key=game.catalog.by_code)
    game._load_state(_state(view, zones, revealed))
    return game


def _zones_of(view: View) -> tuple[dict[str, Any], set[Card], Groups]:
    """The view's zones as a saved game has them, hidden cards left as None; the cards seen; and
    the hidden places, grouped by what may lie in them."""
    zones: dict[str, Any] = {"deck": [], "hand": [], "table": [], "discard": []}
    seen: set[Card] = set()
    groups: Groups = {}
    for zv in view.zones:
        codes: list[str | None] = []
        states: dict[int, dict[str, Any]] = {}
        for i, cv in enumerate(zv.cards):
            if cv.card is not None:
                codes.append(cv.card.code)
                seen.add(cv.card)
            else:
                codes.append(None)
                groups.setdefault((zv.name, cv.back, _rule(zv.name)), []).append((codes, i))
            for a in cv.attached:
                assert a.card is not None, "equips are face up"
                seen.add(a.card)
            if zv.kind == "slots" or not cv.face_up:
                states[i] = {
                    "face_up": cv.face_up,
                    "orientation": cv.orientation,
                    "attached": [a.card.code for a in cv.attached if a.card is not None],
                }
        entry: dict[str, Any] = {"cards": codes, "_states": states}
        if zv.owner is None:
            zones[zv.name] = entry
        else:
            zones[zv.name].append(entry)
    return zones, seen, groups


def _deal_hidden(
    game: UgoGame, view: View, revealed: set[Card], seen: set[Card], groups: Groups, rng: random.Random
) -> None:
    """Every hidden place given an unseen card it may hold (hands as players tend to keep them)."""
    unseen = [c for c in game.catalog if c not in seen]
    keys = list(groups)
    accepts = [_accepts(back, rule, revealed) for _, back, rule in keys]
    is_hand = [zone == "hand" for zone, _, _ in keys]
    weights = hands.weights_for(view.players)
    dealt = hands.deal(unseen, [len(groups[k]) for k in keys], accepts, is_hand, weights, rng)
    for key, cards in zip(keys, dealt, strict=True):
        for (codes, i), card in zip(groups[key], cards, strict=True):
            codes[i] = card.code


def _state(view: View, zones: dict[str, Any], revealed: set[Card]) -> dict[str, Any]:
    """The saved-game state of the world dealt: the view's public facts around ``zones``."""
    info = view.info
    return {
        **UgoGame.shown_state(view),
        "phase": view.phase,
        "turn": info["turn"] if info["turn"] is not None else 0,  # None once the game is over
        "revealed": revealed,
        "final_winners": list(view.winners),
        "pending": _pending(view, zones),
        "zones": zones,
    }


def _pending(view: View, zones: dict[str, Any]) -> dict[str, Any] | None:
    """An attack or special card waiting for its answer, as a saved game keeps it."""
    pending = view.info["pending"]
    if pending is None:
        return None
    target = pending["target"]
    if isinstance(target, Slot):
        target_code = zones["table"][target.owner]["cards"][target.index]
    else:
        target_code = None if target is None else target.code
    return {
        "kind": pending["kind"],
        "user": pending["user"],
        "victim": pending["victim"],
        "responder": view.to_act[0] if view.to_act else pending["victim"],
        "card": pending["card"].code,
        "target": target_code,
    }


def _rule(zone: str) -> str:
    return {"deck": "never-seen", "discard": "seen", "table": "attack/defense"}.get(zone, "any")


def _accepts(back: int, rule: str, revealed: set[Card]) -> Callable[[Card], bool]:
    if rule == "never-seen":
        return lambda c: c.back == back and c not in revealed
    if rule == "seen":
        return lambda c: c.back == back and c in revealed
    if rule == "attack/defense":
        return lambda c: c.back == back and is_ad(c)
    return lambda c: c.back == back
