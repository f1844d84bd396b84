"""Worked examples of actions the engine used to accept or choke on: each is now an
IllegalAction with a reason, and the game is left exactly as it was (and still saves as JSON)."""

import json
from dataclasses import replace

import pytest

from cardtable import games
from cardtable.engine import Action, IllegalAction, ZoneRef
from loser_support import loser_game, play


def _refused(game, seat, action, words: str) -> None:
    before = json.dumps(game.to_dict(), sort_keys=True)
    with pytest.raises(IllegalAction, match=words):
        game.apply(seat, action)
    assert json.dumps(game.to_dict(), sort_keys=True) == before


def test_a_float_seat_does_not_corrupt_an_ultimate_loser_trick():
    game = loser_game(["5S 6D", "3H 4D", "KD 6C"])
    game.apply(0, game.legal_actions(0)[0])
    pass_ = next(a for a in game.legal_actions(1) if a.kind == "pass")
    _refused(game, 1.0, pass_, "no such seat")
    _refused(game, True, pass_, "no such seat")
    game.apply(1, pass_)  # the real seat still may
    assert game.to_act() == (2,)


def test_a_pass_or_a_shape_carrying_a_card_is_refused():
    game = loser_game(["5S 6D", "3H 4D", "KD 6C"])
    game.apply(0, game.legal_actions(0)[0])
    card = game.hands[1].cards[0]
    _refused(game, 1, Action("pass", card), "takes no card")
    game = loser_game(["AS", "3H 4D", "5D 6D"])
    play(game, "AS", "pass", "pass")  # the winner is out and the rest passed: shapes decide the lead
    assert game.phase == "rps"
    rock = next(a for a in game.legal_actions(1) if a.value == "rock")
    _refused(game, 1, replace(rock, card=game.hands[1].cards[0]), "takes no card")


@pytest.mark.parametrize("game_id", games.ids())
@pytest.mark.parametrize(
    "junk",
    [
        {"value": object()},
        {"value": [1, 2]},
        {"target": ("exposed", None)},
        {"target": 1.5},
        {"target": "pool"},
        {"label": "relabelled"},
    ],
    ids=["object value", "list value", "tuple target", "float target", "string target", "label"],
)
def test_junk_never_reaches_the_history(game_id, junk):
    spec = games.get(game_id)
    game = spec.new_game(min(4, spec.max_players), seed=3)
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)[0]
    mutated = replace(legal, **junk)
    if "label" in junk:
        game.apply(seat, mutated)  # a label is not part of the action: accepted, the legal one recorded
        assert game.history[-1][1] == legal and game.history[-1][1].label == legal.label
    elif mutated.value != legal.value or mutated.target != legal.target:
        _refused(game, seat, mutated, ".")
    json.dumps(game.to_dict())


def test_ugo_refuses_a_card_given_as_a_string():
    game = games.get("ugo").new_game(2, seed=1)
    seat = game.to_act()[0]
    action = next(a for a in game.legal_actions(seat) if a.card is not None)
    _refused(game, seat, replace(action, card=action.card.code), "not")
    _refused(game, seat, replace(action, card=str(action.card)), "not")


def test_an_ultimate_loser_exchange_must_aim_at_the_exposed_card():
    game = loser_game(["5S 6D", "3H 4D", "KD 6C"])
    game.apply(0, game.legal_actions(0)[0])
    exchange = next(a for a in game.legal_actions(1) if a.kind == "exchange")
    assert exchange.target == ZoneRef("exposed")
    _refused(game, 1, replace(exchange, target=ZoneRef("exposed", 1)), "target")


def test_a_card_tapped_while_trump_must_be_named_says_to_name_it():
    import pygame

    from tests.ui import key, make_app, table_game, until_my_turn

    app = make_app()
    scene = table_game(app, [("You", True), ("A", False), ("B", False), ("C", False)], game="ugly", seed=3)
    for _ in range(300):
        until_my_turn(app, scene)
        if scene.view.legal[0].kind == "trump":
            break
        scene.perform([scene.view.legal[0]])
    assert scene.view.legal[0].kind == "trump"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)  # a card from the hand, when only the trump buttons are choices
    assert scene.status_text() == "Trump must be named first, not play"
