"""Views, events and actions survive the wire exactly: what a seat receives decodes to the very
view and events the engine made for it, for every game at its smallest and largest table."""

from __future__ import annotations

import json
import random

import pytest

from cardtable import games
from cardtable.engine import redact
from cardtable.net import wire

TABLES = [(s.id, n) for s in games.all_specs() for n in sorted({s.min_players, s.max_players})]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_views_events_and_actions_come_back_equal(game, players):
    spec = games.get(game)
    g = spec.new_game(players, seed=3)
    rng = random.Random(3)
    events = list(g.opening_events)
    moves = 0
    while not g.is_over():
        if moves % 3 == 0:
            for seat in [*range(players), None]:
                view = g.view(seat)
                assert wire.view_of(json.loads(json.dumps(wire.encode(view))), g.catalog) == view
                seen = redact(events, seat)
                sent = json.loads(json.dumps([wire.encode(e) for e in seen]))
                assert wire.events_of(sent, g.catalog) == seen
        seat = g.to_act()[0]
        action = rng.choice(g.legal_actions(seat))
        back = wire.read_action(json.loads(json.dumps(wire.encode(action))), g.catalog)
        assert back == action
        events = g.apply(seat, back)
        moves += 1


def test_a_hidden_card_goes_as_its_back_alone():
    g = games.get("ugly").new_game(3, seed=1)
    sent = json.loads(json.dumps(wire.encode(g.view(0))))
    theirs = next(z for z in sent["zones"] if z["name"] == "hand" and z["owner"] == 1)
    mine = next(z for z in sent["zones"] if z["name"] == "hand" and z["owner"] == 0)
    assert theirs["cards"] and all(type(c) is int for c in theirs["cards"])  # a back: no code, no id
    assert mine["cards"] and all(type(c) is str for c in mine["cards"])


def test_a_sentence_names_the_games_own_cards_whatever_was_played_before():
    """Sentences are kept between games (search makes them by the thousand): one kept from a game
    with more decks must not name a card copy this game does not have."""
    for game, players in [("ugh", 12), ("ugh", 2), ("ultimate-loser", 6), ("ultimate-loser", 2)]:
        spec = games.get(game)
        g = spec.new_game(players, seed=5)
        rng = random.Random(5)
        while not g.is_over():
            seat = g.to_act()[0]
            for event in g.apply(seat, rng.choice(g.legal_actions(seat))):
                for card in _cards_said(event):
                    assert g.catalog.by_code(card.code) == card, (
                        f"{game} {players}: {card.code} is another game's"
                    )


def _cards_said(event) -> list:
    from cardtable.engine import Card, Said

    out = []
    for value in (
        vars(event).values() if hasattr(event, "__dict__") else [getattr(event, f) for f in event.__slots__]
    ):
        if isinstance(value, Said):
            out += [v for _, v in value.params if isinstance(v, Card)]
    return out
