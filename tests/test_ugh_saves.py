"""Ugh! saves continue identically, replays are exact, clones are independent."""

import json
import random

import pytest

from cardtable.engine import Action
from ugh_support import UGH, do, lock, ugh_game


def _advance(game, rng, steps):
    for _ in range(steps):
        if game.is_over():
            return
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))


def _play_out(game, rng, limit=5000):
    steps = 0
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        steps += 1
        assert steps < limit
    return steps


@pytest.mark.parametrize("players, steps", [(4, 0), (4, 45), (4, 200), (2, 120), (9, 150)])
def test_save_load_continues_identically(players, steps):
    game = UGH.new_game(players, seed=60 + steps)
    _advance(game, random.Random(steps), steps)
    saved = json.loads(json.dumps(game.to_dict()))  # really through JSON
    loaded = UGH.from_dict(saved)
    assert loaded.to_dict() == game.to_dict()
    for seat in [*range(players), None]:
        assert loaded.view(seat) == game.view(seat)
    rng = random.Random(99)
    while not game.is_over():
        seat = game.to_act()[0]
        action = rng.choice(game.legal_actions(seat))
        assert game.apply(seat, action) == loaded.apply(seat, action)
    assert loaded.to_dict() == game.to_dict()
    assert loaded.scores() == game.scores() and loaded.winners() == game.winners()


def _mid_decision_games():
    """Positions in the middle of each kind of decision: a set half formed, a Wild, discards, the window."""
    forming = ugh_game(pools=["G4 O2 P3 P1", "", "", ""], deck="G5")
    do(forming, 0, "lock", "G4")
    wild = ugh_game(pools=["", "O1 O2", "", ""], deck="WO G5")
    do(wild, 0, "flip")
    discard = ugh_game(pools=["G1 G4 O2 O5", "", "", ""], deck="G2 ICE G5")
    do(discard, 0, "flip")
    do(discard, 0, "flip")
    do(discard, 0, "discard", "G1")
    window = ugh_game(pools=["G1 O1 P1", "G2 O2 P2 G3 O3 P3", "", ""], deck="P5", rest="discard")
    do(window, 0, "flip")
    lock(window, 0, "G1 O1 P1")
    lock(window, 1, "G2 O2")
    return {"forming": forming, "wild": wild, "discard": discard, "window": window}


@pytest.mark.parametrize("where", ["forming", "wild", "discard", "window"])
def test_a_save_in_the_middle_of_a_decision_continues(where):
    game = _mid_decision_games()[where]
    loaded = UGH.from_dict(json.loads(json.dumps(game.to_dict())))
    assert loaded.to_dict() == game.to_dict()
    assert loaded.to_act() == game.to_act()
    seat = game.to_act()[0]
    assert loaded.legal_actions(seat) == game.legal_actions(seat)
    for s in [*range(4), None]:
        assert loaded.view(s) == game.view(s)
    _play_out(game, random.Random(3))
    _play_out(loaded, random.Random(3))
    assert loaded.to_dict() == game.to_dict()


@pytest.mark.parametrize("players, variant", [(4, "standard"), (3, "younger-players"), (8, "standard")])
def test_replay_from_seed_and_actions_is_exact(players, variant):
    game = UGH.new_game(players, seed=4321, variant=variant)
    _play_out(game, random.Random(5))
    record = json.loads(json.dumps(game.to_dict()))
    again = UGH.replay(record)
    assert again.to_dict() == game.to_dict()
    assert again.scores() == game.scores() and again.winners() == game.winners()


def test_replay_of_a_different_action_list_differs():
    game = UGH.new_game(4, seed=77)
    _advance(game, random.Random(1), 60)
    other = UGH.new_game(4, seed=77)
    _advance(other, random.Random(2), 60)
    record = game.to_dict()
    assert UGH.replay(record).to_dict() == record
    assert UGH.replay(other.to_dict()).to_dict() != record


def test_clone_is_independent_and_exact():
    game = UGH.new_game(4, seed=8)
    _advance(game, random.Random(3), 50)
    twin = game.clone()
    assert twin.to_dict() == game.to_dict()
    _play_out(twin, random.Random(4))
    assert not game.is_over()
    _play_out(game, random.Random(4))
    assert twin.to_dict() == game.to_dict()


def test_clone_does_not_share_mutable_state():
    game = _mid_decision_games()["window"]
    before = game.to_dict()
    twin = game.clone()
    _play_out(twin, random.Random(1))
    assert twin.is_over()
    assert game.to_dict() == before


def test_clone_with_its_own_rng_shares_the_present_not_the_future():
    game = UGH.new_game(4, seed=8)
    _advance(game, random.Random(3), 50)
    twin = game.clone(rng=random.Random(1))
    for seat in range(4):
        assert twin.view(seat) == game.view(seat)
    assert twin.rng.getstate() != game.rng.getstate()


def test_a_save_for_another_game_is_refused_and_actions_survive_json():
    d = UGH.new_game(4, seed=1).to_dict()
    with pytest.raises(ValueError, match="not 'ugh'"):
        UGH.from_dict({**d, "game": "ugly"})
    catalog = UGH.new_game(4, seed=1).catalog
    action = Action("take", catalog.by_code("G4#2"), target=2, label="Take")
    assert Action.from_dict(json.loads(json.dumps(action.to_dict())), catalog) == action
    steal = Action("steal", catalog.by_code("WA"), target=3)
    assert Action.from_dict(json.loads(json.dumps(steal.to_dict())), catalog) == steal


def test_a_copied_card_object_is_accepted_as_the_games_own():
    import pickle

    game = ugh_game(pools=["G4 O2 P3", "", "", ""], deck="G5")
    action = next(a for a in game.legal_actions(0) if a.kind == "lock")
    copied = pickle.loads(pickle.dumps(action))
    assert copied.card is not action.card and copied == action
    game.apply(0, copied)
    assert game.forming[0].cards[0] is action.card
