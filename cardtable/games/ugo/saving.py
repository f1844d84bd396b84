"""U-G-O's saved state: the game as plain data, and back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rules import UgoGame


def state_of(game: UgoGame) -> dict[str, Any]:
    """The whole state as JSON-ready data (cards by code)."""
    p = game.pending
    return {
        "phase": game.phase,
        "turn": game.turn,
        "turn_count": game.turn_count,
        "direction": game.direction,
        "alive": list(game.alive),
        "out_order": list(game.out_order),
        "had_turn": sorted(game.had_turn),
        "ad_played": game.ad_played,
        "positions": game.positions,
        "turned": sorted(c.code for c in game.turned),
        "attacked": sorted(c.code for c in game.attacked),
        "revealed": sorted(c.code for c in game.revealed),
        "final_winners": list(game.final_winners),
        "score_history": [list(scores) for scores in game.score_history],
        "pending": None
        if p is None
        else {
            **p,
            "card": p["card"].code,
            "target": None if p["target"] is None else p["target"].code,
        },
        "zones": {
            "deck": [z.to_dict() for z in game.decks],
            "hand": [z.to_dict() for z in game.hands],
            "table": [z.to_dict() for z in game.tables],
            "discard": [z.to_dict() for z in game.discards],
            "removed": game.removed.to_dict(),
        },
    }


def load_state(game: UgoGame, state: Mapping[str, Any]) -> None:
    """Set ``game`` to a state written by :func:`state_of`."""
    code = game.catalog.by_code
    game._make_zones()
    game.phase = state["phase"]
    game.turn = state["turn"]
    game.turn_count = state["turn_count"]
    game.direction = state["direction"]
    game.alive = list(state["alive"])
    game.out_order = list(state["out_order"])
    game.had_turn = set(state["had_turn"])
    game.ad_played = state["ad_played"]
    game.positions = state["positions"]
    game.turned = {code(c) for c in state["turned"]}
    game.attacked = {code(c) for c in state["attacked"]}
    game.revealed = {code(c) for c in state["revealed"]}
    game.final_winners = tuple(state["final_winners"])
    game.score_history = [tuple(scores) for scores in state.get("score_history", [])]
    p = state["pending"]
    game.pending = (
        None
        if p is None
        else {**p, "card": code(p["card"]), "target": None if p["target"] is None else code(p["target"])}
    )
    zones = state["zones"]
    for group, key in (
        (game.decks, "deck"),
        (game.hands, "hand"),
        (game.tables, "table"),
        (game.discards, "discard"),
    ):
        if len(zones[key]) != game.players:
            raise ValueError(f"saved {key} zones do not match {game.players} players")
        for z, d in zip(group, zones[key], strict=True):
            z.load(d, game.catalog)
    game.removed.load(zones["removed"], game.catalog)
