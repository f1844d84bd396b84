"""Ultimate Loser's view facts and prompts: what a seat is shown (RULES.md section 4).

The facts follow cardtable/engine/facts.py where they are shared (round,
trick, last_trick, turn, out, score_label); the rest are this game's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardtable.engine import Card
from cardtable.engine.words import Seat, Seats, say
from cardtable.engine.zones import ALL_SEATS

from .combos import type_name

if TYPE_CHECKING:
    from .rules import UltimateLoserGame

PLAY, PASSED, EXCHANGED = "play", "pass", "exchange"
"""What a seat did in a trick (``info["moves"]`` entries)."""


def info_for(game: UltimateLoserGame, seat: int | None) -> dict[str, Any]:
    """The facts ``seat`` is shown (``View.info``) beyond the parts ``UltimateLoserState`` shows."""
    rps = game.rps
    rps_info = None
    if rps is not None:
        rps_info = {
            "players": rps["players"],
            "chosen": tuple(s for s in rps["players"] if s in rps["choices"]),
            "mine": rps["choices"].get(seat) if seat is not None else None,
            "round": rps["round"],
            "last": rps["last"],
        }
    lt = game.last_trick
    lead = game.lead_type
    playing = game.phase == "play"
    return {
        "rounds": game.n_rounds,
        "hand_size": game.hand_size,
        "turn": game.turn if playing else None,
        "lead_name": None if lead is None else type_name(lead),
        "trick": _plays(game.trick),
        "passed": tuple(s for s, kind, _ in game.trick if kind != PLAY),
        "exchanges": tuple((s, cards[0], cards[1]) for s, kind, cards in game.trick if kind == EXCHANGED),
        "to_come": tuple(game.order[game.pos + 1 :]) if playing else (),
        "out": tuple(s for s in range(game.players) if not game.hands[s].cards) if playing else (),
        "exchanged": tuple(
            tuple(sorted(c for c, m in h.known.items() if m == ALL_SEATS)) for h in game.hands
        ),
        "last_trick": None if lt is None else _last_trick(lt),
        "rps": rps_info,
        "penalty_label": game.options["penalty_label"],
        "score_label": game.options["penalty_label"],
    }


def prompt_for(game: UltimateLoserGame, seat: int | None) -> str:
    """What ``seat`` is asked to do, or whom it waits for."""
    phase = game.phase
    if phase == "over":
        return say("Match over")
    if phase == "rps":
        rps = game.rps
        assert rps is not None
        if seat is not None and seat in game.to_act():
            return say("Rock, paper or scissors? The winner leads")
        if seat is not None and seat in rps["players"]:
            return say(
                "Waiting for {players} to choose rock, paper or scissors", players=Seats(game.to_act())
            )
        return say("{players} play rock-paper-scissors for the lead", players=Seats(rps["players"]))
    turn = game.turn
    if seat != turn:
        if seat is not None and not game.hands[seat].cards:
            return say("You are out of cards: waiting for {seat}", seat=Seat(turn))
        return say("Waiting for {seat}", seat=Seat(turn))
    lead = game.lead_type
    if lead is None:
        return say("Lead a single, a pair, three or four of a kind, or a straight flush")
    if not game.exposed.cards:  # never in play: a card is always exposed
        return say(
            "Play {combination}, pass, or pass and exchange a card for the exposed card",
            combination=type_name(lead),
        )
    return say(
        "Play {combination}, pass, or pass and exchange a card for the {card}",
        combination=type_name(lead),
        card=game.exposed.cards[-1],
    )


def _plays(trick: Sequence[tuple[int, str, tuple[Card, ...]]]) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """(seat, cards) in the order acted: the cards played, none for a pass or an exchange."""
    return tuple((s, cards if kind == PLAY else ()) for s, kind, cards in trick)


def _last_trick(lt: Mapping[str, Any]) -> dict[str, Any]:
    """The finished trick in the shared shape (``facts.last_trick``), with this game's details."""
    moves = tuple(lt["plays"])
    passed = tuple(s for s, kind, _ in moves if kind != PLAY)
    return {
        "winner": lt["best"],
        "plays": _plays(moves),
        "losers": tuple(lt["losers"]),
        "leader": lt["leader"],
        "passed": passed,
        "reason": "passed" if passed else "lowest",
        "moves": moves,
    }
