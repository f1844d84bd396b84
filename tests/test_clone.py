"""Every game's clone, made from its declared changing parts: a copy that shares nothing that
play changes, for every game and table size."""

from __future__ import annotations

import json
import random

import pytest

from cardtable import games

CASES = [(g, n) for g in games.ids() for n in games.get(g).player_range]


@pytest.mark.parametrize("game_id, players", CASES)
def test_playing_on_a_clone_leaves_the_game_as_it_was(game_id, players):
    spec = games.get(game_id)
    for seed in range(3):
        game = spec.new_game(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 60)):  # somewhere in the game
            if game.is_over():
                break
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        before = json.dumps(game.to_dict(), sort_keys=True)
        for copy in (game.clone(), game.clone(random.Random(seed))):
            assert json.dumps(copy.to_dict(), sort_keys=True).split('"rng"')[0] == before.split('"rng"')[0]
            while not copy.is_over():
                seat = copy.to_act()[0]
                copy.apply(seat, rng.choice(copy.legal_actions(seat)))
            assert json.dumps(game.to_dict(), sort_keys=True) == before, "the clone shared something"
        exact = game.clone()
        assert json.dumps(exact.to_dict(), sort_keys=True) == before  # its RNG too
