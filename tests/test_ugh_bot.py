"""Ugh!'s rule-based bot: legal, view-only, and sensible in the situations the rules' tips name."""

import random

import pytest

from cardtable.games.ugh.bot import choose
from cardtable.games.ugh.bot.knowledge import read
from cardtable.simulate import simulate
from ugh_support import UGH, do, faces, ugh_game


def _choice(game, seat=None):
    seat = game.to_act()[0] if seat is None else seat
    return choose(game.view(seat), random.Random(0))


@pytest.mark.parametrize("players, seed", [(2, 1), (5, 2), (12, 3)])
def test_bots_play_whole_games_with_legal_actions_from_their_views(players, seed):
    game = UGH.new_game(players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over():
        seat = game.to_act()[0]
        view = game.view(seat)
        action = choose(view, rng)
        assert action in view.legal
        game.apply(seat, action)
        steps += 1
        assert steps < 3000
    assert sum(game.scores()) > 0


def test_the_bot_decides_the_same_whatever_the_unseen_deck_order():
    game = UGH.new_game(4, seed=9)
    rng = random.Random(9)
    compared = 0
    for _ in range(150):
        if game.is_over():
            break
        seat = game.to_act()[0]
        d = game.to_dict()
        d["state"]["zones"]["deck"]["cards"].reverse()
        other = UGH.from_dict(d)
        assert other.view(seat) == game.view(seat)
        assert choose(other.view(seat), random.Random(1)) == choose(game.view(seat), random.Random(1))
        compared += 1
        game.apply(seat, choose(game.view(seat), rng))
    assert compared > 100


def test_takes_the_card_that_completes_a_big_set():
    game = ugh_game(pools=["G5 O5", "", "", ""], safety=["P5", "G1", ""], deck="G2")
    action = _choice(game)
    assert action.kind == "take" and faces([action.card]) == ["P5"]


def test_locks_everything_in_the_last_card_window():
    game = ugh_game(pools=["G1", "G2 O3 P1 G4 O4 P4", "", ""], deck="P5", rest="discard")
    do(game, 0, "flip")
    assert game.to_act() == (1,)
    while game.to_act() == (1,):
        action = _choice(game)
        assert action.kind == "lock"
        game.apply(1, action)
    # Both sets, the best split: 4 x 4 x 4 and 2 x 3 x 1.
    assert game.scores()[1] == 4 * 4 * 4 + 2 * 3 * 1
    assert not game.pools[1].cards


def test_locks_its_set_before_pressing_its_luck():
    # Nothing to take: seat 0 must flip, with a 5-5-5 set in its Pool and Ugh! cards about.
    game = ugh_game(pools=["G5 O5 P5 G1", "", "", ""], deck="UGH-3 G2")
    for _ in range(3):
        action = _choice(game)
        assert action.kind == "lock"
        game.apply(0, action)
    assert game.scores()[0] == 125
    assert _choice(game).kind == "flip"


def test_waits_to_better_a_small_set_early_in_the_game():
    game = ugh_game(pools=["G5 O5", "", "", ""], safety=["P1", "", ""], deck="G2")
    game.apply(0, _choice(game))  # takes the purple 1: a set, but a poor one
    assert faces(game.pools[0].cards) == ["G5", "O5", "P1"]
    # 5 x 5 x 1 = 25 now; a better purple card would make it 50 to 125: it ends its turn unlocked.
    assert _choice(game).kind == "end"


def test_steals_the_card_that_completes_its_set():
    game = ugh_game(pools=["G5 O5", "P1 P5 G2", "P2", ""], deck="WP G1")
    do(game, 0, "flip")
    action = _choice(game)
    assert action.kind == "steal" and faces([action.card]) == ["WP"] and faces([action.target]) == ["P5"]
    assert action.target in game.pools[1].cards


def test_steals_from_the_leader_when_the_gain_is_the_same():
    game = ugh_game(
        pools=["", "G5 O5", "", "G5 O5"],
        victory=["", "", "", "G4 O4 P4"],  # seat 3 leads with 64
        deck="WA G1",
    )
    do(game, 0, "flip")
    action = _choice(game)
    assert action.kind == "steal" and action.target in game.pools[3].cards


def test_an_ugh_takes_the_cards_it_will_miss_least():
    game = ugh_game(pools=["G5 O5 P5 G1 O2", "", "", ""], deck="G3 UGH-2 G2")
    do(game, 0, "flip")
    do(game, 0, "flip")
    picks = []
    while game.phase == "discard":
        action = _choice(game)
        picks += faces([action.card])
        game.apply(0, action)
    assert sorted(picks) == ["G1", "O2"]


def test_face_down_ugh_cards_are_counted_out_of_the_deck():
    # Unseen by seat 1: the 4 deck cards and seat 0's face-down Ugh! card, 2 of the 5 Ugh! cards.
    # The face-down one is not in the deck: the next card is an Ugh! card 1 time in 4, not 2 in 4.
    game = ugh_game(ughs=["UGH", "", "", ""], deck="G3 UGH-2 O3 P3", rest="discard")
    for seat in (0, 1):
        k = read(game.view(seat))
        assert k.deck_size == 4 and k.ugh_chance == pytest.approx(1 / 4)
        assert sum(p for _, p in k.deck) == pytest.approx(1)


def _deck_of(ughs, numbers):
    return " ".join(["UGH-2"] * ughs + ["G3", "O3", "P3", "G4"][:numbers])


@pytest.mark.parametrize("ughs, expected", [(0, "flip"), (6, "take")])
def test_counts_the_ugh_cards_still_unseen(ughs, expected):
    # A poor card to take, a good Pool to lose. With no Ugh! card left unseen the bot flips;
    # with the deck full of them it takes the safe card. The deck order itself is hidden.
    game = ugh_game(
        pools=["G5 O5 G4", "", "", ""], safety=["P1", "", ""], deck=_deck_of(ughs, 4), rest="discard"
    )
    assert _choice(game).kind == expected


def test_the_rule_bot_clearly_beats_random_players():
    summary = simulate(UGH, 4, 24, ["rule", "random", "random", "random"], seed=2)
    assert summary.wins[0] >= 16  # an even share would be 6
    assert summary.mean_scores[0] > 2 * max(summary.mean_scores[1:])
