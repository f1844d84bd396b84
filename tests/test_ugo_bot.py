import random

import pytest

from cardtable.games.ugo.bot import choose, choose_sharp
from cardtable.simulate import simulate
from support import UGO, act, ugo_game


@pytest.mark.parametrize("players", [2, 4])
def test_bot_plays_only_legal_actions_from_its_view(players):
    for variant in UGO.variants:
        game = UGO.new_game(players, seed=players, variant=variant)
        rng = random.Random(0)
        steps = 0
        while not game.is_over():
            seat = game.to_act()[0]
            view = game.view(seat)
            action = choose(view, rng)
            assert action in view.legal
            game.apply(seat, action)
            steps += 1
            assert steps < 20000


def test_bot_keeps_its_ten_for_a_big_hit():
    # A direct attack of 12 cards: worth the 10. A ♣2 scratching a defender: not.
    big = ugo_game(tables=[[("6S@0", "attack", True, "")], []], hands=["", "10H@0 2C@0"])
    act(big, "attack", "6S@0")
    assert choose(big.view(1), random.Random(0)).kind == "ten"
    small = ugo_game(
        tables=[[("2C@0", "attack", True, "")], [("5H@1", "defense", True, "")]], hands=["", "10H@0"]
    )
    act(small, "attack", "2C@0", "5H@1")
    assert choose(small.view(1), random.Random(0)).kind == "take"


@pytest.mark.parametrize("players", [2, 4])
def test_sharp_duellist_spends_its_ten_on_a_smaller_hit(players):
    """A direct hit of 4 cards: the bold style stops it in a duel; with more players it plays like normal."""
    hands = ["", "10H@0 2C@0"] + [""] * (players - 2)
    game = ugo_game(players, tables=[[("4C@0", "attack", True, "")]] + [[]] * (players - 1), hands=hands)
    act(game, "attack", "4C@0")
    assert choose(game.view(1), random.Random(0)).kind == "take"
    assert choose_sharp(game.view(1), random.Random(0)).kind == ("ten" if players == 2 else "take")


def test_sharp_duellist_prefers_attack_position():
    """A ♣4 hides best face down in defense, the normal bot judges; the bold style plays it to attack."""
    game = ugo_game(hands=["4C@1", ""])
    assert choose(game.view(0), random.Random(0)).value == "defense_down"
    action = choose_sharp(game.view(0), random.Random(0))
    assert action.kind == "play" and action.value == "attack"


def test_bot_attacks_where_it_pays_and_not_where_it_loses():
    game = ugo_game(
        tables=[
            [("6S@0", "attack", True, "")],
            [("4C@1", "attack", True, ""), ("7H@1", "defense", True, "")],
        ],
        hands=["", ""],
    )
    action = choose(game.view(0), random.Random(0))
    # 12 beats ♣4 (attack 4) and sends 8; 12 < 14 against ♥7 would cost 2.
    assert action.kind == "attack" and action.target == game.catalog.by_code("4C@1")


def test_bot_steals_with_a_jack_and_develops_the_board():
    game = ugo_game(hands=["JS@1 5S@1", ""])
    assert choose(game.view(0), random.Random(0)).kind == "jack"
    game = ugo_game(hands=["5S@1", ""])
    action = choose(game.view(0), random.Random(0))
    assert action.kind == "play" and action.value == "attack"  # a spade attacks double


def test_bot_beats_random_players():
    summary = simulate(UGO, 2, 30, ["rule", "random"], seed=4)
    assert summary.wins[0] >= 26
