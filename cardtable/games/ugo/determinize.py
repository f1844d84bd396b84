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


def determinize(view: View, rng: random.Random) -> UgoGame:
    info = view.info
    game = UgoGame.blank(view.players, view.options, rng.getrandbits(63))
    assert isinstance(game, UgoGame)
    revealed = set(info["revealed"])

    zones: dict[str, Any] = {"deck": [], "hand": [], "table": [], "discard": []}
    seen: set[Card] = set()
    groups: dict[tuple[str, int, str], list[tuple[list[str | None], int]]] = {}
    for zv in view.zones:
        codes: list[str | None] = []
        entry: dict[str, Any] = {"cards": codes}
        states: dict[int, dict[str, Any]] = {}
        for i, cv in enumerate(zv.cards):
            if cv.card is not None:
                codes.append(cv.card.code)
                seen.add(cv.card)
            else:
                codes.append(None)
                rule = _rule(zv.name)
                groups.setdefault((zv.name, cv.back, rule), []).append((codes, i))
            for a in cv.attached:
                assert a.card is not None, "equips are face up"
                seen.add(a.card)
            if zv.kind == "slots" or not cv.face_up:
                states[i] = {
                    "face_up": cv.face_up,
                    "orientation": cv.orientation,
                    "attached": [a.card.code for a in cv.attached if a.card is not None],
                }
        entry["_states"] = states
        if zv.owner is None:
            zones[zv.name] = entry
        else:
            zones[zv.name].append(entry)

    unseen = [c for c in game.catalog if c not in seen]
    keys = list(groups)
    accepts = [_accepts(back, rule, revealed) for _, back, rule in keys]
    is_hand = [zone == "hand" for zone, _, _ in keys]
    weights = hands.weights_for(view.players)
    dealt = hands.deal(unseen, [len(groups[k]) for k in keys], accepts, is_hand, weights, rng)
    for key, cards in zip(keys, dealt, strict=True):
        for (codes, i), card in zip(groups[key], cards, strict=True):
            codes[i] = card.code

    for entry in [*zones["deck"], *zones["hand"], *zones["table"], *zones["discard"], zones["removed"]]:
        states = entry.pop("_states")
        if states:
            entry["state"] = {entry["cards"][i]: st for i, st in states.items()}
    for entry in zones["hand"]:
        entry["cards"].sort(key=game.catalog.by_code)

    pending = info["pending"]
    state_pending = None
    if pending is not None:
        target = pending["target"]
        if isinstance(target, Slot):
            target_code = zones["table"][target.owner]["cards"][target.index]
        else:
            target_code = None if target is None else target.code
        state_pending = {
            "kind": pending["kind"],
            "user": pending["user"],
            "victim": pending["victim"],
            "responder": view.to_act[0] if view.to_act else pending["victim"],
            "card": pending["card"].code,
            "target": target_code,
        }
    game._load_state(
        {
            "phase": view.phase,
            "turn": info["turn"] if info["turn"] is not None else 0,  # None once the game is over
            "turn_count": info["turn_count"],
            "direction": info["direction"],
            "alive": list(info["alive"]),
            "out_order": list(info["out_order"]),
            "had_turn": list(info["had_turn"]),
            "ad_played": info["ad_played"],
            "positions": info["positions"],
            "turned": [c.code for c in info["turned"]],
            "attacked": [c.code for c in info["attacked"]],
            "revealed": [c.code for c in revealed],
            "final_winners": list(view.winners),
            "score_history": [list(scores) for scores in info["score_history"]],
            "pending": state_pending,
            "zones": zones,
        }
    )
    return game


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
