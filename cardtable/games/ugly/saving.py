"""Ugly's saved state: the game as plain data, and back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardtable.engine import STANDARD, Card

if TYPE_CHECKING:
    from .rules import UglyGame


def state_of(game: UglyGame) -> dict[str, Any]:
    """The whole state as JSON-ready data (cards by code)."""
    return {
        "phase": game.phase,
        "round": game.round,
        "dealer": game.dealer,
        "trump": game.trump,
        "pass_count": game.pass_count,
        "turn": game.turn,
        "leader": game.leader,
        "lead_suit": game.lead_suit,
        "trick_order": list(game.trick_order),
        "tricks_won": list(game.tricks_won),
        "totals": list(game.totals),
        "round_scores": [list(r) for r in game.round_scores],
        "voids": list(game.voids),
        "last_trick": None
        if game.last_trick is None
        else [game.last_trick[0], list(game.last_trick[1]), [c.code for c in game.last_trick[2]]],
        "cut": [[s, c.code] for s, c in game.cut],
        "zones": {
            "deck": game.deck.to_dict(),
            "removed": game.removed.to_dict(),
            "hand": [z.to_dict() for z in game.hands],
            "pass": [z.to_dict() for z in game.passing],
            "trick": [z.to_dict() for z in game.played],
            "won": [z.to_dict() for z in game.won],
        },
    }


def load_state(game: UglyGame, state: Mapping[str, Any]) -> None:
    """Set ``game`` to a state written by :func:`state_of`."""

    def code(c: str | Card) -> Card:
        return c if isinstance(c, Card) else STANDARD.by_code(c)

    game._make_zones()
    game.phase = state["phase"]
    game.round = state["round"]
    game.dealer = state["dealer"]
    game.trump = state["trump"]
    game.pass_count = state["pass_count"]
    game.turn = state["turn"]
    game.leader = state["leader"]
    game.lead_suit = state["lead_suit"]
    game._passers = (
        tuple(s for s in range(game.players) if len(state["zones"]["pass"][s]["cards"]) < game.pass_count)
        if game.phase == "pass"
        else ()
    )
    game.trick_order = list(state["trick_order"])
    game.tricks_won = list(state["tricks_won"])
    game.totals = list(state["totals"])
    game.round_scores = [list(r) for r in state["round_scores"]]
    game.voids = list(state["voids"])
    lt = state["last_trick"]
    game.last_trick = None if lt is None else (lt[0], tuple(lt[1]), tuple(code(c) for c in lt[2]))
    game.cut = [(s, code(c)) for s, c in state["cut"]]
    zones = state["zones"]
    game.deck.load(zones["deck"], STANDARD)
    game.removed.load(zones["removed"], STANDARD)
    groups = ((game.hands, "hand"), (game.passing, "pass"), (game.played, "trick"), (game.won, "won"))
    for group, key in groups:
        if len(zones[key]) != game.players:
            raise ValueError(f"saved {key} zones do not match {game.players} players")
        for z, d in zip(group, zones[key], strict=True):
            z.load(d, STANDARD)
