"""Ultimate Loser saves continue exactly; seed plus actions replay exactly; clones are independent."""

import json
import random

import pytest

from cardtable.engine import Action
from loser_support import LOSER, loser_game, play
from support import play_out, random_step


def _advance(game, rng, steps):
    for _ in range(steps):
        if game.is_over():
            return
        random_step(game, rng)


def _to_rps(seed):
    """A game waiting for rock-paper-scissors, one seat having chosen."""
    game = loser_game(["AS", "3H 4D", "5D 6D", "7C 8C"])
    game.rng.seed(seed)
    play(game, "AS", "pass", "pass", "pass")
    game.apply(2, Action("rps", value="paper"))
    return game


@pytest.mark.parametrize(
    "players, steps, options",
    [(4, 0, {}), (4, 37, {}), (2, 90, {}), (3, 150, {"joker": True}), (5, 260, {}), (6, 400, {})],
)
def test_save_load_continues_identically(players, steps, options):
    game = LOSER.new_game(players, options, seed=40 + steps)
    _advance(game, random.Random(steps), steps)
    saved = json.loads(json.dumps(game.to_dict()))  # really through JSON
    loaded = LOSER.from_dict(saved)
    assert loaded.to_dict() == game.to_dict()
    for seat in [*range(players), None]:
        assert loaded.view(seat) == game.view(seat)
    rng = random.Random(99)
    while not game.is_over():
        seat = rng.choice(game.to_act())
        action = rng.choice(game.legal_actions(seat))
        assert game.apply(seat, action) == loaded.apply(seat, action)
    assert loaded.to_dict() == game.to_dict()
    assert loaded.scores() == game.scores() and loaded.winners() == game.winners()


def test_a_game_saved_during_rock_paper_scissors_keeps_the_hidden_choice():
    game = _to_rps(3)
    loaded = LOSER.from_dict(json.loads(json.dumps(game.to_dict())))
    assert loaded.to_act() == game.to_act() == (1, 3)
    assert loaded.view(2).info["rps"]["mine"] == "paper"
    for s, shape in ((1, "rock"), (3, "rock")):
        assert game.apply(s, Action("rps", value=shape)) == loaded.apply(s, Action("rps", value=shape))
    assert loaded.to_dict() == game.to_dict() and game.to_act() == (2,)  # paper beats two rocks


@pytest.mark.parametrize(
    "players, variant", [(4, "standard"), (3, "with-joker"), (5, "random-lead"), (2, "short-match")]
)
def test_replay_from_seed_and_actions_is_exact(players, variant):
    game = LOSER.new_game(players, seed=1234, variant=variant)
    play_out(game, random.Random(5))
    record = json.loads(json.dumps(game.to_dict()))
    again = LOSER.replay(record)
    assert again.to_dict() == game.to_dict()
    assert again.scores() == game.scores() and again.winners() == game.winners()


def test_replay_of_a_different_action_list_differs():
    game = LOSER.new_game(4, seed=77)
    _advance(game, random.Random(1), 60)
    other = LOSER.new_game(4, seed=77)
    _advance(other, random.Random(2), 60)
    assert LOSER.replay(game.to_dict()).to_dict() == game.to_dict()
    assert LOSER.replay(other.to_dict()).to_dict() != game.to_dict()


@pytest.mark.parametrize("make", [lambda: _advance_new(4, 8, 50), lambda: _to_rps(1)])
def test_clone_is_independent_and_exact(make):
    game = make()
    twin = game.clone()
    assert twin.to_dict() == game.to_dict()
    play_out(twin, random.Random(4))
    assert not game.is_over()
    play_out(game, random.Random(4))
    assert twin.to_dict() == game.to_dict()


def _advance_new(players, seed, steps):
    game = LOSER.new_game(players, seed=seed)
    _advance(game, random.Random(3), steps)
    return game


def test_clone_with_its_own_rng_shares_the_present_not_the_future():
    game = _advance_new(4, 8, 50)
    twin = game.clone(rng=random.Random(1))
    for seat in range(4):
        assert twin.view(seat) == game.view(seat)
    assert twin.rng.getstate() != game.rng.getstate()


def test_a_save_for_another_game_is_refused():
    d = LOSER.new_game(4, seed=1).to_dict()
    with pytest.raises(ValueError, match="not 'ultimate-loser'"):
        LOSER.from_dict({**d, "game": "ugly"})
    d["state"]["zones"]["hand"].pop()
    with pytest.raises(ValueError, match="do not match 4 players"):
        LOSER.from_dict(d)


def test_every_kind_of_action_survives_json():
    game = LOSER.new_game(4, {"joker": True}, seed=3)
    follower = loser_game(["5S 2D", "3H 4D 4C", "KD 6D"], exposed="9C")
    play(follower, "5S")
    lists = [game.legal_actions(game.to_act()[0]), follower.legal_actions(1), _to_rps(0).legal_actions(1)]
    kinds = set()
    for legal in lists:
        for action in legal:
            data = json.loads(json.dumps(action.to_dict()))
            assert Action.from_dict(data, game.catalog) == action
            kinds.add(action.kind)
    assert kinds == {"play", "pass", "exchange", "rps"}
