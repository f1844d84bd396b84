"""Ugh!'s saved state: the game as plain data, and back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .cards import COLORS, SAFETY_PILES

if TYPE_CHECKING:
    from .rules import UghGame


def state_of(game: UghGame) -> dict[str, Any]:
    """The whole state as JSON-ready data (cards by code)."""
    return {
        "phase": game.phase,
        "turn": game.turn,
        "first_player": game.first_player,
        "flips": game.flips,
        "taken": game.taken,
        "window": list(game.window),
        "discards_left": game.discards_left,
        "ice_colors": [COLORS[c] for c in game.ice_colors],
        "sets": [[[[c.code for c in cards], score] for cards, score in s] for s in game.sets],
        "first_ughs": list(game.ughs),
        "zones": {
            "deck": game.deck.to_dict(),
            "safety": [z.to_dict() for z in game.safety],
            "flipped": game.flipped.to_dict(),
            "discard": game.discard.to_dict(),
            "pool": [z.to_dict() for z in game.pools],
            "set": [z.to_dict() for z in game.forming],
            "victory": [z.to_dict() for z in game.victory],
        },
    }


def load_state(game: UghGame, state: Mapping[str, Any]) -> None:
    """Set ``game`` to a state written by :func:`state_of`."""
    n = game.players
    catalog = game.catalog
    code = catalog.by_code
    game._make_zones()
    game.phase = state["phase"]
    game.turn = state["turn"]
    game.first_player = state["first_player"]
    game.flips = state["flips"]
    game.taken = state["taken"]
    game.window = list(state["window"])
    game.discards_left = state["discards_left"]
    game.ice_colors = [COLORS.index(c) for c in state["ice_colors"]]
    if len(state["sets"]) != n or len(state["first_ughs"]) != n:
        raise ValueError(f"saved sets and Ugh! counts do not match {n} players")
    game.sets = [[(tuple(code(c) for c in cards), score) for cards, score in s] for s in state["sets"]]
    game.ughs = list(state["first_ughs"])
    game.totals = [
        sum(score for _, score in s) + u * game.ugh_points for s, u in zip(game.sets, game.ughs, strict=True)
    ]
    zones = state["zones"]
    game.deck.load(zones["deck"], catalog)
    game.flipped.load(zones["flipped"], catalog)
    game.discard.load(zones["discard"], catalog)
    if len(zones["safety"]) != SAFETY_PILES:
        raise ValueError(f"a save needs {SAFETY_PILES} Safety piles")
    for z, d in zip(game.safety, zones["safety"], strict=True):
        z.load(d, catalog)
    for group, key in ((game.pools, "pool"), (game.forming, "set"), (game.victory, "victory")):
        if len(zones[key]) != n:
            raise ValueError(f"saved {key} zones do not match {n} players")
        for z, d in zip(group, zones[key], strict=True):
            z.load(d, catalog)
