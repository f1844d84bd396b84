"""Ultimate Loser's saved state: the game as plain data, and back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardtable.engine import Card, Catalog

if TYPE_CHECKING:
    from .rules import UltimateLoserGame


def state_of(game: UltimateLoserGame) -> dict[str, Any]:
    """The whole state as JSON-ready data (cards by code)."""
    rps = game.rps
    lt = game.last_trick
    return {
        "phase": game.phase,
        "hand": game.hand_no,
        "dealer": game.dealer,
        "leader": game.leader,
        "turn": game.turn,
        "order": list(game.order),
        "pos": game.pos,
        "trick": _trick_to_list(game.trick),
        "lead_type": None if game.lead_type is None else list(game.lead_type),
        "totals": list(game.totals),
        "hand_penalties": list(game.hand_penalties),
        "hand_scores": [list(h) for h in game.hand_scores],
        "losers": list(game.losers),
        "last_trick": None
        if lt is None
        else {
            "plays": _trick_to_list(lt["plays"]),
            "best": lt["best"],
            "losers": list(lt["losers"]),
            "leader": lt["leader"],
        },
        "rps": None
        if rps is None
        else {
            "players": list(rps["players"]),
            "choices": [[s, sh] for s, sh in sorted(rps["choices"].items())],
            "round": rps["round"],
            "last": [[s, sh] for s, sh in rps["last"]],
        },
        "zones": {
            "spares": game.spares.to_dict(),
            "exposed": game.exposed.to_dict(),
            "hand": [z.to_dict() for z in game.hands],
            "play": [z.to_dict() for z in game.plays],
            "discard": game.discard.to_dict(),
        },
    }


def load_state(game: UltimateLoserGame, state: Mapping[str, Any]) -> None:
    """Set ``game`` to a state written by :func:`state_of`."""
    catalog = game.catalog
    game._make_zones()
    game.phase = state["phase"]
    game.hand_no = state["hand"]
    game.dealer = state["dealer"]
    game.leader = state["leader"]
    game.turn = state["turn"]
    game.order = list(state["order"])
    game.pos = state["pos"]
    game.trick = _trick_from_list(state["trick"], catalog)
    lead = state["lead_type"]
    game.lead_type = None if lead is None else (lead[0], lead[1])
    game.totals = list(state["totals"])
    game.hand_penalties = list(state["hand_penalties"])
    game.hand_scores = [list(h) for h in state["hand_scores"]]
    game.losers = list(state["losers"])
    lt = state["last_trick"]
    game.last_trick = (
        None
        if lt is None
        else {
            "plays": tuple(_trick_from_list(lt["plays"], catalog)),
            "best": lt["best"],
            "losers": tuple(lt["losers"]),
            "leader": lt["leader"],
        }
    )
    rps = state["rps"]
    game.rps = (
        None
        if rps is None
        else {
            "players": tuple(rps["players"]),
            "choices": {s: sh for s, sh in rps["choices"]},
            "round": rps["round"],
            "last": tuple((s, sh) for s, sh in rps["last"]),
        }
    )
    zones = state["zones"]
    game.spares.load(zones["spares"], catalog)
    game.exposed.load(zones["exposed"], catalog)
    game.discard.load(zones["discard"], catalog)
    for key, group in (("hand", game.hands), ("play", game.plays)):
        if len(zones[key]) != game.players:
            raise ValueError(f"saved {key} zones do not match {game.players} players")
        for z, d in zip(group, zones[key], strict=True):
            z.load(d, catalog)


def _trick_to_list(trick: Sequence[tuple[int, str, tuple[Card, ...]]]) -> list[list[Any]]:
    return [[seat, kind, [c.code for c in cards]] for seat, kind, cards in trick]


Trick = list[tuple[int, str, tuple[Card, ...]]]


def _trick_from_list(data: Sequence[Sequence[Any]], catalog: Catalog) -> Trick:
    code = catalog.by_code
    return [(seat, kind, tuple(code(c) for c in cards)) for seat, kind, cards in data]
