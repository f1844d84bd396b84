"""Helpers shared by the tests: cards by code, random play, Ugly set-ups."""

from __future__ import annotations

import random
from typing import Any

from cardtable import games
from cardtable.engine import STANDARD, Action, Card, Game

UGLY = games.get("ugly")


def c(code: str) -> Card:
    return STANDARD.by_code(code)


def cards(codes: str) -> list[Card]:
    return [c(x) for x in codes.split()]


def random_step(game: Game, rng: random.Random) -> tuple[int, Any, list]:
    seat = rng.choice(game.to_act())
    action = rng.choice(game.legal_actions(seat))
    return seat, action, game.apply(seat, action)


def play_out(game: Game, rng: random.Random, limit: int = 5000) -> int:
    """Random legal play to the end; returns the number of actions."""
    steps = 0
    while not game.is_over():
        random_step(game, rng)
        steps += 1
        assert steps < limit, "game did not end"
    return steps


def ugly_in_play(
    hands: list[str],
    trump: str | None = "S",
    leader: int = 0,
    dealer: int | None = None,
    won: list[str] | None = None,
    tricks_won: list[int] | None = None,
    options: dict[str, Any] | None = None,
    round_: int = 1,
) -> Game:
    """An Ugly game in the play phase with the given hands (space-separated codes).

    Cards in no hand and no given won pile wait in the (face-down) deck, so
    every card stays somewhere and none of them scores.
    """
    players = len(hands)
    game = UGLY.new_game(players, options or {}, seed=0)
    d = game.to_dict()
    st = d["state"]
    in_hands = [cards(h) for h in hands]
    placed = {x for h in in_hands for x in h}
    won_lists = [cards(w) for w in won] if won else [[] for _ in range(players)]
    placed |= {x for w in won_lists for x in w}
    leftovers = [x for x in STANDARD if x not in placed and not (players == 3 and x.code == "2S")]
    st["zones"]["hand"] = [{"cards": [x.code for x in sorted(h)]} for h in in_hands]
    st["zones"]["pass"] = [{"cards": []} for _ in range(players)]
    st["zones"]["trick"] = [{"cards": []} for _ in range(players)]
    st["zones"]["won"] = [{"cards": [x.code for x in w]} for w in won_lists]
    st["zones"]["deck"] = {"cards": [x.code for x in leftovers]}
    st.update(
        phase="play",
        trump=trump,
        turn=leader,
        leader=leader,
        lead_suit=None,
        trick_order=[],
        round=round_,
        dealer=(leader - 1) % players if dealer is None else dealer,
        tricks_won=tricks_won or [0] * players,
        voids=[0] * players,
    )
    return UGLY.from_dict(d)


def play(game: Game, *codes: str) -> list:
    """Play the given cards in turn order; returns all events."""
    events = []
    for code in codes:
        seat = game.to_act()[0]
        events += game.apply(seat, Action("play", c(code)))
    return events
