import pytest

from cardtable import games
from cardtable.engine import GameSpec, OptionError


def test_registry_lists_and_gets_games():
    assert "ugly" in games.ids()
    spec = games.get("ugly")
    assert isinstance(spec, GameSpec)
    assert (spec.name, spec.min_players, spec.max_players) == ("Ugly", 3, 4)
    assert spec in games.all_specs()
    assert "standard" in spec.variants


def test_unknown_game_names_the_known_ones():
    with pytest.raises(KeyError, match="known games: ugly"):
        games.get("poker")


def test_player_count_out_of_range_is_refused():
    spec = games.get("ugly")
    with pytest.raises(OptionError, match="3 to 4 players"):
        spec.new_game(5, seed=1)
    with pytest.raises(OptionError, match="no variant 'turbo'"):
        spec.new_game(4, seed=1, variant="turbo")


def test_seedless_games_record_their_seed():
    game = games.get("ugly").new_game(4)
    assert isinstance(game.seed, int)
    assert game.to_dict()["seed"] == game.seed
