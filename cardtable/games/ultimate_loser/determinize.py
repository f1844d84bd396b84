"""Ultimate Loser: a full game consistent with one seat's view (the door for search).

The view becomes a saved-game state that the normal loader reads, so a
determinized game is built by the same code as a loaded one. Everything
public is copied: the exposed card, the plays of this trick, the discards,
the scores and the trick so far. The cards the seat cannot see are shuffled
into the hidden places (the other hands and the face-down spares). Nothing
constrains where they go except what everyone saw: a card taken from the
exposed spot stays in the hand that took it, known to all. That is a plain
shuffle and split, cheaper than a general constrained deal.

Rock-paper-scissors shapes others have chosen but not yet shown are unknown:
each gets a random shape, so the same seats are still waiting to choose.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.engine import View
from cardtable.engine.zones import ALL_SEATS

from .rules import SHAPES, UltimateLoserGame


def determinize(view: View, rng: random.Random) -> UltimateLoserGame:
    game = UltimateLoserGame.blank(view.players, view.options, rng.getrandbits(63))
    assert isinstance(game, UltimateLoserGame)
    zones, seen, slots = _zones_of(view)
    unseen = [c for c in game.in_play if c not in seen]
    rng.shuffle(unseen)
    if sum(n for _, n in slots) != len(unseen):
        raise ValueError(f"{len(unseen)} unseen cards for {sum(n for _, n in slots)} hidden places")
    start = 0
    for codes, n in slots:
        codes.extend(c.code for c in unseen[start : start + n])
        start += n
    for s, entry in enumerate(zones["hand"]):
        entry["cards"].sort(key=game.catalog.by_code)
        public = view.info["exchanged"][s]
        if public:
            entry["known"] = {c.code: ALL_SEATS for c in public}
    game._load_state(_state(view, zones, _rps(view, rng)))
    return game


def _zones_of(view: View) -> tuple[dict[str, Any], set[int], list[tuple[list[str], int]]]:
    """The view's zones as a saved game has them (the cards shown), the cards seen, and the card
    lists with how many hidden cards each still needs."""
    zones: dict[str, Any] = {"hand": [], "play": []}
    seen: set[int] = set()
    slots: list[tuple[list[str], int]] = []  # (codes to fill, hidden count)
    for zv in view.zones:
        shown = [cv.card for cv in zv.cards if cv.card is not None]
        seen.update(shown)
        codes = [c.code for c in shown]
        entry: dict[str, Any] = {"cards": codes}
        if zv.owner is None:
            zones[zv.name] = entry
        else:
            zones[zv.name].append(entry)
        hidden = len(zv.cards) - len(shown)
        if hidden:
            slots.append((codes, hidden))
    return zones, seen, slots


def _rps(view: View, rng: random.Random) -> dict[str, Any] | None:
    """Rock-paper-scissors under way: the others' hidden shapes drawn at random, the seat's own kept."""
    rps = view.info["rps"]
    if rps is None:
        return None
    choices = []
    for s in rps["chosen"]:
        shape = rps["mine"] if s == view.seat else rng.choice(SHAPES)
        choices.append([s, shape])
    return {
        "players": list(rps["players"]),
        "choices": choices,
        "round": rps["round"],
        "last": [list(x) for x in rps["last"]],
    }


def _state(view: View, zones: dict[str, Any], rps: dict[str, Any] | None) -> dict[str, Any]:
    """The saved-game state of the world dealt: the view's public facts around ``zones``."""
    info = view.info
    lt = info["last_trick"]
    order = list(info["order"])
    return {
        **UltimateLoserGame.shown_state(view),
        "phase": view.phase,
        "turn": -1 if info["turn"] is None else info["turn"],
        "pos": len(order) - len(info["to_come"]) - 1 if view.phase == "play" else len(order),
        "totals": [int(s) for s in view.scores],
        "last_trick": None
        if lt is None
        else {
            "plays": _trick(lt["moves"]),
            "best": lt["winner"],
            "losers": list(lt["losers"]),
            "leader": lt["leader"],
        },
        "rps": rps,
        "zones": zones,
    }


def _trick(trick: Any) -> list[list[Any]]:
    return [[s, kind, [c.code for c in cards]] for s, kind, cards in trick]
