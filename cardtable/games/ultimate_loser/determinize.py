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
    info = view.info
    seat = view.seat
    game = UltimateLoserGame.blank(view.players, view.options, rng.getrandbits(63))
    assert isinstance(game, UltimateLoserGame)
    catalog = game.catalog

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

    unseen = [c for c in game.in_play if c not in seen]
    rng.shuffle(unseen)
    if sum(n for _, n in slots) != len(unseen):
        raise ValueError(f"{len(unseen)} unseen cards for {sum(n for _, n in slots)} hidden places")
    start = 0
    for codes, n in slots:
        codes.extend(c.code for c in unseen[start : start + n])
        start += n
    for s, entry in enumerate(zones["hand"]):
        entry["cards"].sort(key=catalog.by_code)
        public = info["exchanged"][s]
        if public:
            entry["known"] = {c.code: ALL_SEATS for c in public}

    rps = info["rps"]
    rps_state = None
    if rps is not None:
        choices = []
        for s in rps["chosen"]:
            shape = rps["mine"] if s == seat else rng.choice(SHAPES)
            choices.append([s, shape])
        rps_state = {
            "players": list(rps["players"]),
            "choices": choices,
            "round": rps["round"],
            "last": [list(x) for x in rps["last"]],
        }
    lt = info["last_trick"]
    to_come = info["to_come"]
    order = list(info["order"])
    game._load_state(
        {
            "phase": view.phase,
            "hand": info["round"],
            "dealer": info["dealer"],
            "leader": info["leader"],
            "turn": -1 if info["turn"] is None else info["turn"],
            "order": order,
            "pos": len(order) - len(to_come) - 1 if view.phase == "play" else len(order),
            "trick": _trick(info["moves"]),
            "lead_type": info["lead_type"],
            "totals": [int(s) for s in view.scores],
            "hand_penalties": list(info["hand_penalties"]),
            "hand_scores": [list(h) for h in info["round_scores"]],
            "losers": list(info["losers"]),
            "last_trick": None
            if lt is None
            else {
                "plays": _trick(lt["moves"]),
                "best": lt["winner"],
                "losers": list(lt["losers"]),
                "leader": lt["leader"],
            },
            "rps": rps_state,
            "zones": zones,
        }
    )
    return game


def _trick(trick: Any) -> list[list[Any]]:
    return [[s, kind, [c.code for c in cards]] for s, kind, cards in trick]
