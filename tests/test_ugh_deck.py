"""The Ugh! deck file: its composition, the deck loader's checks, and no game from a broken file."""

from collections import Counter

import pytest

from cardtable.cli import main
from cardtable.decks import builtin_deck_path, load_deck
from cardtable.games.ugh import cards as ugh_cards
from cardtable.games.ugh.cards import check_card, check_deck, deck_list, tables
from cardtable.yamlfile import ConfigError
from ugh_support import UGH, base_code


def _faces(catalog):
    return Counter(base_code(c) for c in catalog.cards)


def test_the_shipped_deck_has_the_110_cards_of_the_rules():
    deck = load_deck(builtin_deck_path("ugh"), check_card, check_deck)
    assert deck.name == "Ugh!" and deck.size == 110
    faces = _faces(tables(1, False).catalog)
    for color in "GOP":
        assert [faces[f"{color}{v}"] for v in range(1, 6)] == [6, 6, 5, 5, 4]
        assert sum(faces[f"{color}{v}"] for v in range(1, 6)) == 26
    assert [faces[w] for w in ("WG", "WO", "WP", "WA")] == [1, 1, 1, 1]
    assert [faces[u] for u in ("UGH", "UGH-1", "UGH-2", "UGH-3", "ICE")] == [8, 8, 6, 5, 1]
    assert sum(faces.values()) == 78 + 4 + 28


def test_card_attributes_say_kind_color_value_and_blue():
    catalog = tables(1, False).catalog
    g4 = catalog.by_code("G4#1")
    assert (g4.kind, g4.color, g4.value, g4.name) == ("number", "green", 4, "green 4")
    all_wild = catalog.by_code("WA")
    assert (all_wild.kind, all_wild.color, all_wild.value) == ("wild", "all", None)
    minus3 = catalog.by_code("UGH-3#1")
    assert (minus3.kind, minus3.value, "blue" in minus3.tags) == ("ugh", -3, True)
    ice = catalog.by_code("ICE")
    assert ice.tags == {"blue", "ice-age"}
    blue = [c for c in catalog.cards if "blue" in c.tags]
    assert sorted(base_code(c) for c in blue) == ["ICE"] + ["UGH-3"] * 5
    assert all(c.back == 0 for c in catalog.cards)


def test_younger_players_deck_has_no_blue_cards():
    assert sum(s.count for s in deck_list(younger_players=True)) == 104
    game = UGH.new_game(4, {"younger_players": True}, seed=1)
    assert len(game.all_cards()) == 104
    assert not any("blue" in c.tags for c in game.all_cards())
    faces = _faces(game.catalog)
    assert faces["UGH-3"] == 0 and faces["ICE"] == 0 and faces["UGH-2"] == 6


def test_two_decks_for_nine_players():
    game = UGH.new_game(9, seed=1)
    assert game.options["decks"] == "auto" and game.view(0).info["decks"] == 2
    cards = game.all_cards()
    assert len(cards) == 220 == len(set(cards))
    assert len({c.code for c in cards}) == 220
    # Both decks share one back: the backs must not tell the decks apart.
    assert {c.back for c in cards} == {0}
    faces = _faces(game.catalog)
    assert faces["WA"] == 2 and faces["ICE"] == 2 and faces["G1"] == 12
    assert UGH.new_game(6, seed=1).view(0).info["decks"] == 1
    assert UGH.new_game(7, seed=1).view(0).info["decks"] == 2
    assert len(UGH.new_game(4, {"decks": 2}, seed=1).all_cards()) == 220


def test_one_deck_is_refused_for_seven_or_more_players():
    from cardtable.engine import OptionError

    with pytest.raises(OptionError, match="two decks"):
        UGH.new_game(7, {"decks": 1}, seed=1)
    assert len(UGH.new_game(6, {"decks": 1}, seed=1).all_cards()) == 110


GOOD = "name: Test\ncards:\n  - {code: G1, kind: number, color: green, value: 1, count: 2}\n"
GOOD += "  - {code: O1, kind: number, color: orange, value: 1}\n"
GOOD += "  - {code: P1, kind: number, color: purple, value: 1}\n"


def _write(tmp_path, text):
    path = tmp_path / "ugh.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_small_valid_deck_loads(tmp_path):
    deck = load_deck(_write(tmp_path, GOOD), check_card, check_deck)
    assert deck.size == 4 and [s.code for s in deck.cards] == ["G1", "O1", "P1"]


@pytest.mark.parametrize(
    "extra, line, key, words",
    [
        ("  - {code: X, kind: joker}\n", 6, "cards.3.kind", "number, wild or ugh"),
        ("  - {code: X, kind: number, color: blue, value: 2}\n", 6, "cards.3.color", "green, orange"),
        ("  - {code: X, kind: number, color: green}\n", 6, "cards.3.value", "needs a value"),
        ("  - {code: X, kind: number, color: green, value: two}\n", 6, "cards.3.value", "whole number"),
        ("  - {code: X, kind: number, color: green, value: -2}\n", 6, "cards.3.value", "from 0 to 99"),
        ("  - {code: X, kind: wild, color: pink}\n", 6, "cards.3.color", "or all"),
        ("  - {code: X, kind: wild, color: green, value: 3}\n", 6, "cards.3.value", "no value"),
        ("  - {code: X, kind: ugh, value: 2}\n", 6, "cards.3.value", "-N"),
        ("  - {code: X, kind: ugh, value: -1, color: green}\n", 6, "cards.3.color", "no color"),
        ("  - {code: X, kind: ugh, value: -1, tags: [red]}\n", 6, "cards.3.tags", "unknown tag"),
        ("  - {code: X, kind: ugh, value: -1, tags: blue}\n", 6, "cards.3.tags", "list of words"),
        ("  - {code: X, kind: ugh, tags: [ice-age], value: -4}\n", 6, "cards.3.value", "Ice Age"),
        (
            "  - {code: X, kind: number, color: green, value: 1, tags: [blue]}\n",
            6,
            "cards.3.tags",
            "only Ugh!",
        ),
        ("  - {code: X, kind: ugh, value: -1, count: 0}\n", 6, "cards.3.count", "between 1"),
        ("  - {code: X, kind: ugh, value: -1, colour: red}\n", 6, "cards.3.colour", "unknown field"),
        ("  - {code: G1, kind: ugh, value: -1}\n", 6, "cards.3.code", "used twice"),
        ("  - {code: 'G#1', kind: ugh, value: -1}\n", 6, "cards.3.code", "letters, digits"),
        ("  - {kind: ugh, value: -1}\n", 6, "cards.3", "no code"),
        ("  - {code: X, kind: ugh, value: -1, rank: 3}\n", 6, "cards.3.rank", "no rank"),
        ("  - just a line\n", 6, "cards.3", "must be a mapping"),
    ],
)
def test_a_bad_card_is_reported_with_file_line_and_key(tmp_path, extra, line, key, words):
    path = _write(tmp_path, GOOD + extra)
    with pytest.raises(ConfigError) as info:
        load_deck(path, check_card, check_deck)
    err = info.value
    assert (err.path, err.line, err.key) == (str(path), line, key)
    assert words in err.message
    assert str(err).startswith(f"{path}:{line}: {key}: ")


@pytest.mark.parametrize(
    "text, line, key, words",
    [
        ("- a list\n", 1, None, "must be a mapping"),
        ("name: X\n", 1, None, "no cards"),
        ("name: X\ncards: []\n", 2, "cards", "one entry per face"),
        ("name: [X]\ncards: []\n", 1, "name", "must be text"),
        ("name: X\nsize: 3\ncards: []\n", 2, "size", "unknown field"),
        (
            "cards:\n  - {code: G1, kind: number, color: green, value: 1}\n"
            "  - {code: O1, kind: number, color: orange, value: 1}\n",
            1,
            "cards",
            "no purple Number card",
        ),
        ("cards:\n  - {code: G1, kind: number\n", 2, None, "this { is never closed"),
        ("cards: !!python/object/apply:os.system ['true']\n", 1, None, "is not allowed"),
    ],
)
def test_a_bad_file_is_reported_with_file_and_line(tmp_path, text, line, key, words):
    path = _write(tmp_path, text)
    with pytest.raises(ConfigError) as info:
        load_deck(path, check_card, check_deck)
    err = info.value
    assert (err.path, err.line, err.key) == (str(path), line, key)
    assert words in str(err)


@pytest.fixture
def broken_deck(tmp_path, monkeypatch):
    """The built-in deck replaced by a broken file, with the loaded decks forgotten."""
    path = _write(tmp_path, GOOD + "  - {code: X, kind: number, color: green, value: lots}\n")
    monkeypatch.setattr(ugh_cards, "builtin_deck_path", lambda name: path)
    monkeypatch.setattr(ugh_cards, "_deck_file", None)
    monkeypatch.setattr(ugh_cards, "_tables", {})
    return path


def test_no_game_starts_from_a_broken_deck(broken_deck):
    with pytest.raises(ConfigError) as info:
        UGH.new_game(4, seed=1)
    assert info.value.path == str(broken_deck) and info.value.line == 6
    assert ugh_cards._tables == {}  # nothing half-built was kept


def test_the_command_line_reports_a_broken_deck(broken_deck, capsys):
    code = main(["simulate", "ugh", "--games", "1", "--agents", "random"])
    err = capsys.readouterr().err
    assert code == 2
    assert f"{broken_deck}:6: cards.3.value: must be a whole number" in err
