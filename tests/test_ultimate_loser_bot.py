"""Ultimate Loser's rule-based bot: legal, view-only, and playing the source's hints."""

import random

import pytest

from cardtable.ai import RuleAgent, make_agent
from cardtable.engine import Action, ZoneRef
from cardtable.games.ultimate_loser.bot import choose, split
from cardtable.games.ultimate_loser.combos import classify
from cardtable.simulate import simulate
from loser_support import LOSER, loser_game, play
from support import c, cards


def _choice(game, seat=None):
    seat = game.to_act()[0] if seat is None else seat
    return choose(game.view(seat), random.Random(0))


def _plays(action):
    return tuple(sorted(x.code for x in action.cards))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_rule_bot_only_plays_legal_actions_from_its_view(players):
    game = LOSER.new_game(players, {"hands": 2}, seed=players)
    rng = random.Random(0)
    kinds = set()
    while not game.is_over():
        seat = game.to_act()[0]
        view = game.view(seat)
        action = choose(view, rng)
        assert action in view.legal
        kinds.add(action.kind)
        game.apply(seat, action)
    assert "play" in kinds


@pytest.mark.parametrize("variant", sorted(LOSER.variants))
def test_rule_bot_plays_every_variant_against_itself(variant):
    game = LOSER.new_game(4, {"hands": 1}, seed=11, variant=variant)
    rng = random.Random(1)
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, choose(game.view(seat), rng))
    assert len(game.view(0).info["losers"]) == 1


def test_rule_bot_plays_the_joker_as_a_single():
    joker = LOSER.new_game(2, {"joker": True}, seed=0).catalog.by_code("JK1")
    game = loser_game(["4H 9C", "4C 8D 10H"], exposed="5S", options={"joker": True})
    game.hands[1].cards.append(joker)  # swap the joker in from the spares
    game.spares.cards.remove(joker)
    game.spares.cards.append(c("10H"))
    game.hands[1].cards.remove(c("10H"))
    play(game, "9C")
    assert _choice(game).card == joker  # the sure winner takes the lead


def test_rule_bot_decides_the_same_on_games_that_look_the_same():
    # Seats 2 and 3 hold different hidden cards; seat 1 cannot tell the games apart.
    a = loser_game(["9C 2H 3H", "4S 5S 6S 8D", "5C 6D KH", "7C 8C 10C"], exposed="JD")
    b = loser_game(["9C 2H 3H", "4S 5S 6S 8D", "5C 6D 10C", "7C 8C KH"], exposed="JD")
    play(a, "9C")
    play(b, "9C")
    assert a.view(1) == b.view(1)
    for seed in range(5):
        assert choose(a.view(1), random.Random(seed)) == choose(b.view(1), random.Random(seed))


def test_rule_agent_is_available_by_name():
    assert isinstance(make_agent("rule", LOSER, 1), RuleAgent)


# -- leading -------------------------------------------------------------------


def test_leads_a_straight_flush_rather_than_breaking_it():
    game = loser_game(["4H 5H 6H 9C KD", "4C 8D 10H QS 2H", "5C 6D KH AS 2S", "6C 9D KC AH 2D"], exposed="5S")
    assert _plays(_choice(game)) == ("4H", "5H", "6H")


def test_leads_low_when_it_cannot_win():
    game = loser_game(["3D 7C 9H JS", "4C 8D 10H QS 2H", "5C 6D KH AS 2S", "6C 9D KC AH 2D"], exposed="5S")
    assert _plays(_choice(game)) == ("3D",)


def test_leads_its_combination_rather_than_break_it():
    game = loser_game(["3D 3C 9H", "4C 8D 10H QS 2H", "5C 6D KH AS 2S", "6C 9D KC AH 2D"], exposed="5S")
    assert _plays(_choice(game)) == ("3C", "3D")


# -- following -----------------------------------------------------------------


def test_follows_with_a_loose_card_and_keeps_its_pair():
    game = loser_game(["9C 2H", "4C 4D 10H", "5C 6D KH AS 2S"], exposed="5S")
    play(game, "9C")
    assert _plays(_choice(game)) == ("10H",)


def test_dumps_its_lowest_loose_card_once_someone_has_passed():
    game = loser_game(["9C 2H 3H", "7C 7D 7H", "3C 4D QH", "5C 6D KH AS 2S"], exposed="5S")
    play(game, "9C", "pass")
    assert _plays(_choice(game)) == ("3C",)


def test_uses_the_exposed_card_to_complete_a_straight_flush():
    # No pair to follow with: it must pass anyway, so it takes the 6♥ for its 4♥ 5♥.
    game = loser_game(["9C 9S 2H", "4H 5H KD", "5C 6D KH AS 2S"], exposed="6H")
    play(game, "9C 9S")
    assert _choice(game) == Action("exchange", c("KD"), target=ZoneRef("exposed"))


def test_takes_the_lead_with_a_sure_winner_when_a_combination_waits_for_it():
    # Every Ace is gone and a tie goes to the first played: the K♠ wins, then the pair goes out.
    game = loser_game(
        ["9C 2H 3H", "3D 3C KS", "5C 6D KH 2S 9S", "6C 9D 2D 4S 8S"],
        exposed="5S",
        discard="AS AH AD AC KD KC",
    )
    play(game, "9C")
    assert _plays(_choice(game)) == ("KS",)


def test_always_plays_when_its_combination_has_no_lead_to_play_it():
    # The last two holding cards; nothing in a pair of 4s wins a lead, and a pass costs as much
    # as the lowest play while shedding nothing (the source: "Always play").
    game = loser_game(["4D 4C", "QS KD", "", ""], leader=1, exposed="2S")
    play(game, "QS")
    assert _choice(game).kind == "play"
    game = loser_game(["9C 2H 3H", "4S 5S 6S", "5C 6D KH AS 2S", "7C 8C 10C"], exposed="JD")
    play(game, "9C")
    assert _choice(game).kind == "play"


def test_passes_deliberately_rather_than_break_a_straight_flush_it_can_lead():
    # A pair of 5s would follow, but it breaks 3-6 of clubs; the A♥ can win a lead for them.
    game = loser_game(
        ["QS QH 7H 9D 2S", "5S 9S KS AH 3C 4C 5C 6C", "JH 8D 10S 7C 2D", "AD AC 10D 4H 8S JC"],
        exposed="3D",
        leader=3,
    )
    play(game, "AD AC", "QS QH")
    action = _choice(game, 1)
    assert action.kind in ("pass", "exchange")
    assert action.card not in cards("3C 4C 5C 6C AH")


def test_plays_the_end_of_a_long_straight_flush_to_keep_the_rest():
    game = loser_game(["9C 2H 3H", "4S 5S 6S 7S", "5C 6D KH AS 2S", "7C 8C 10C"], exposed="JD")
    play(game, "9C")
    action = _choice(game, 1)
    rest = [x for x in cards("4S 5S 6S 7S") if x not in action.cards]
    assert len(action.cards) == 1 and len(rest) == 3
    classify(rest)  # still a straight flush


def test_goes_out_when_it_can():
    game = loser_game(["9C 2H 3H", "4S", "5C 6D KH AS 2S"], exposed="JD")
    play(game, "9C")
    assert _plays(_choice(game, 1)) == ("4S",)


def test_plays_rock_paper_scissors_at_random():
    game = loser_game(["AS", "3H 4D", "5D 6D"])
    play(game, "AS", "pass", "pass")
    view = game.view(1)
    shapes = {choose(view, random.Random(seed)).value for seed in range(30)}
    assert shapes == {"rock", "paper", "scissors"}


def test_split_keeps_combinations_together():
    groups = split(cards("4H 5H 6H 6S 6D 9C 9D KS"))
    assert sorted(len(g) for g in groups) == [1, 2, 2, 3]  # the 6♥ stays in the straight flush
    assert len(split(cards("6S 6H 6D 7H 8H"))) == 2  # three 6s and 7♥ 8♥, or 6♥ 7♥ 8♥ and a pair


# -- strength --------------------------------------------------------------------


def test_rule_bot_has_the_fewest_penalties_against_random_players():
    summary = simulate(LOSER, 4, 30, ["rule", "random", "random", "random"], seed=3)
    assert summary.wins[0] >= 27
    assert summary.mean_scores[0] < min(summary.mean_scores[1:]) / 2


def _greedy(view, rng):
    """A baseline: always play, the lowest-ranked combination with the most cards; pass if it must."""
    if view.legal[0].kind == "rps":
        return rng.choice(view.legal)
    plays = [a for a in view.legal if a.kind == "play"]
    if not plays:
        return Action("pass")
    return min(plays, key=lambda a: (-len(a.cards), classify(a.cards)[1]))


def _lowest(view, rng):
    """A baseline: always play the lowest card (or lowest combination); pass if it must."""
    if view.legal[0].kind == "rps":
        return rng.choice(view.legal)
    plays = [a for a in view.legal if a.kind == "play"]
    if not plays:
        return Action("pass")
    return min(plays, key=lambda a: (classify(a.cards)[1], len(a.cards)))


@pytest.mark.parametrize("baseline", [_greedy, _lowest])
def test_rule_bot_beats_always_play_baselines(baseline):
    wins = losers = 0
    totals = [0, 0, 0, 0]
    games = 40
    for i in range(games):
        game = LOSER.new_game(4, seed=1000 + i)
        rule_seat = i % 4
        rngs = [random.Random(i * 10 + s) for s in range(4)]
        while not game.is_over():
            seat = game.to_act()[0]
            agent = choose if seat == rule_seat else baseline
            game.apply(seat, agent(game.view(seat), rngs[seat]))
        wins += rule_seat in game.winners()
        losers += game.view(0).info["losers"].count(rule_seat)
        for s in range(4):
            totals[(s - rule_seat) % 4] += game.scores()[s]
    assert wins >= 24  # an even share would be 10
    assert losers <= 25  # of 200 hands; an even share of Ultimate Losers would be 50
    assert totals[0] < 0.7 * min(totals[1:])
