import json
import random

import pytest

from cardtable.engine import Action
from support import UGLY, play_out, random_step


def _advance(game, rng, steps):
    for _ in range(steps):
        if game.is_over():
            return
        random_step(game, rng)


@pytest.mark.parametrize("players, steps", [(4, 0), (4, 37), (4, 300), (3, 150), (3, 520)])
def test_save_load_continues_identically(players, steps):
    game = UGLY.new_game(players, seed=40 + steps)
    _advance(game, random.Random(steps), steps)
    saved = json.loads(json.dumps(game.to_dict()))  # really through JSON
    loaded = UGLY.from_dict(saved)
    assert loaded.to_dict() == game.to_dict()
    for seat in range(players):
        assert loaded.view(seat) == game.view(seat)
    # The same actions from here give the same game, including future shuffles.
    rng = random.Random(99)
    while not game.is_over():
        seat = rng.choice(game.to_act())
        action = rng.choice(game.legal_actions(seat))
        assert game.apply(seat, action) == loaded.apply(seat, action)
    assert loaded.to_dict() == game.to_dict()
    assert loaded.scores() == game.scores()


@pytest.mark.parametrize("players, variant", [(4, "standard"), (3, "alternate-passing"), (4, "short-game")])
def test_replay_from_seed_and_actions_is_exact(players, variant):
    game = UGLY.new_game(players, seed=1234, variant=variant)
    play_out(game, random.Random(5))
    record = json.loads(json.dumps(game.to_dict()))
    again = UGLY.replay(record)
    assert again.to_dict() == game.to_dict()
    assert again.scores() == game.scores() and again.winners() == game.winners()


def test_replay_of_a_different_action_list_differs():
    game = UGLY.new_game(4, seed=77)
    _advance(game, random.Random(1), 60)
    record = game.to_dict()
    other = UGLY.new_game(4, seed=77)
    _advance(other, random.Random(2), 60)
    assert UGLY.replay(record).to_dict() == record
    assert UGLY.replay(other.to_dict()).to_dict() != record


def test_clone_is_independent_and_exact():
    game = UGLY.new_game(4, seed=8)
    _advance(game, random.Random(3), 50)
    twin = game.clone()
    assert twin.to_dict() == game.to_dict()
    rng_a, rng_b = random.Random(4), random.Random(4)
    play_out(twin, rng_a)
    assert not game.is_over()
    play_out(game, rng_b)
    assert twin.to_dict() == game.to_dict()


def test_clone_with_its_own_rng_shares_the_present_not_the_future():
    game = UGLY.new_game(4, seed=8)
    _advance(game, random.Random(3), 50)
    twin = game.clone(rng=random.Random(1))
    for seat in range(4):
        assert twin.view(seat) == game.view(seat)
    assert twin.rng.getstate() != game.rng.getstate()


def test_a_save_for_another_game_or_format_is_refused():
    d = UGLY.new_game(4, seed=1).to_dict()
    with pytest.raises(ValueError, match="not 'ugly'"):
        UGLY.from_dict({**d, "game": "ugo"})
    with pytest.raises(ValueError, match="format"):
        UGLY.from_dict({**d, "format": 99})


def test_actions_survive_json():
    action = Action("play", UGLY.game_class.catalog.by_code("QS"), label="Play Q")
    data = json.loads(json.dumps(action.to_dict()))
    assert Action.from_dict(data, UGLY.game_class.catalog) == action
