import random

import pytest

from cardtable.ai import RandomAgent, RuleAgent, make_agent
from cardtable.engine import Action, ZoneRef
from cardtable.games.ugly.bot import choose
from cardtable.simulate import simulate
from support import UGLY, c, ugly_in_play


def test_agents_by_name():
    assert isinstance(make_agent("random", UGLY, 1), RandomAgent)
    assert isinstance(make_agent("rule", UGLY, 1), RuleAgent)
    with pytest.raises(ValueError, match="no agent 'genius'"):
        make_agent("genius", UGLY, 1)


@pytest.mark.parametrize("players", [3, 4])
def test_rule_bot_only_plays_legal_actions_from_its_view(players):
    game = UGLY.new_game(players, seed=players)
    rng = random.Random(0)
    while not game.is_over():
        seat = game.to_act()[0]
        view = game.view(seat)
        action = choose(view, rng)
        assert action in view.legal
        game.apply(seat, action)


def test_rule_bot_dumps_a_dangerous_jack_when_void():
    # Seat 0 leads A♠ (trump spades); seat 1 has no spades: it should get rid of J♥ on seat 0's trick.
    game = ugly_in_play(["AS 2D", "JH 3C", "KS 4D", "QS 5D"], trump="S")
    game.apply(0, Action("play", c("AS"), target=ZoneRef("trick", 0)))
    assert choose(game.view(1), random.Random(0)) == Action("play", c("JH"), target=ZoneRef("trick", 1))


def test_rule_bot_ducks_a_trick_holding_a_jack():
    # J♦ is in the trick; seat 3 (last) can win with A♦ or duck with 2♦.
    game = ugly_in_play(["5D 2C", "JD 3C", "4D 4C", "AD 2D"], trump="C", leader=0)
    game.apply(0, Action("play", c("5D"), target=ZoneRef("trick", 0)))
    game.apply(1, Action("play", c("JD"), target=ZoneRef("trick", 1)))
    game.apply(2, Action("play", c("4D"), target=ZoneRef("trick", 2)))
    assert choose(game.view(3), random.Random(0)) == Action("play", c("2D"), target=ZoneRef("trick", 3))


def test_rule_bot_takes_a_clean_trick_when_last():
    game = ugly_in_play(["5D 2C", "6D 3C", "4D 4C", "AD 2D"], trump="C", leader=0)
    for code in ("5D", "6D", "4D"):
        game.apply((game.to_act()[0]), Action("play", c(code), target=ZoneRef("trick", game.to_act()[0])))
    assert choose(game.view(3), random.Random(0)) == Action("play", c("AD"), target=ZoneRef("trick", 3))


def test_rule_bot_avoids_the_ugly_card_with_jacks_about():
    # 7♦ is in the trick, Jacks are still out; seat 3 can duck under it with the 2♦.
    game = ugly_in_play(["7D 2C", "3D 3C", "4D 4C", "QD 2D"], trump="C", leader=0)
    for code in ("7D", "3D", "4D"):
        game.apply((game.to_act()[0]), Action("play", c(code), target=ZoneRef("trick", game.to_act()[0])))
    assert choose(game.view(3), random.Random(0)) == Action("play", c("2D"), target=ZoneRef("trick", 3))


def test_rule_bot_calls_its_long_strong_suit():
    game = UGLY.new_game(4, seed=0)
    d = game.to_dict()
    caller = game.to_act()[0]
    hand = ["AH", "KH", "QH", "10H", "9H", "2S", "3S", "4D", "5D", "6C", "7C", "8C", "9C"]
    rest = [x for x in (y.code for y in UGLY.game_class.catalog) if x not in hand]
    hands = []
    for s in range(4):
        if s == caller:
            hands.append(hand)
        else:
            hands.append(rest[:13])
            rest = rest[13:]
    for s in range(4):
        d["state"]["zones"]["hand"][s] = {"cards": sorted(hands[s], key=lambda x: c(x))}
    game = UGLY.from_dict(d)
    assert choose(game.view(caller), random.Random(0)).value == "H"


def test_rule_bot_clearly_beats_random_players():
    summary = simulate(UGLY, 4, 40, ["rule", "random", "random", "random"], seed=3)
    # An even share would be 25%; the rule bot should win most games.
    assert summary.wins[0] >= 24
    assert summary.mean_scores[0] > max(summary.mean_scores[1:]) + 5
