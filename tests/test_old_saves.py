"""Games saved by an earlier version still load, say the same, and play on to the end.

``tests/data/saves-2026-11.json`` was written by the version of 2026-11-26 and is
never regenerated: every game at every player count halfway through, each
built-in variant a third of the way, the first moment of each phase, and a
finished game. A later version that changes how a game's state is kept must
still read these exactly.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardtable import games

FILE = Path(__file__).parent / "data" / "saves-2026-11.json"
SAVES: dict[str, dict] = json.loads(FILE.read_text())["saves"]


def test_the_file_covers_every_game_and_player_count():
    covered = {(d["game"], d["players"]) for d in SAVES.values()}
    wanted = {(g, n) for g in games.ids() for n in games.get(g).player_range}
    assert wanted <= covered


@pytest.mark.parametrize("name", sorted(SAVES))
def test_an_old_save_loads_and_writes_back_the_same(name):
    data = SAVES[name]
    spec = games.get(data["game"])
    game = spec.from_dict(data)
    assert game.to_dict() == data
    # And it is the game its seed and actions make, not merely a readable file.
    assert spec.replay(data).to_dict() == data


@pytest.mark.parametrize("name", sorted(SAVES))
def test_an_old_save_plays_on_to_the_end_like_its_replay(name):
    data = SAVES[name]
    spec = games.get(data["game"])
    loaded, replayed = spec.from_dict(data), spec.replay(data)
    cards = sorted(c.code for c in loaded.all_cards())
    rng = random.Random(name)
    steps = 0
    while not loaded.is_over():
        seat = rng.choice(loaded.to_act())
        action = rng.choice(loaded.legal_actions(seat))
        assert loaded.apply(seat, action) == replayed.apply(seat, action)
        steps += 1
        assert steps < 20_000
    assert sorted(c.code for c in loaded.all_cards()) == cards
    assert loaded.to_dict() == replayed.to_dict()
    assert loaded.winners() == replayed.winners()
