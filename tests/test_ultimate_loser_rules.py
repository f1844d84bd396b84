"""Ultimate Loser's rules (RULES.md §4), one worked example at a time."""

import random

import pytest

from cardtable.engine import Action, GameOver, IllegalAction, Moved, PlayerOut, RoundEnded, ZoneRef
from cardtable.games.ultimate_loser.combos import RUN, SET, classify
from cardtable.games.ultimate_loser.rules import WITH_JOKER, deal_size
from loser_support import LOSER, announced, loser_game, move_of, play, scores_of
from support import c, cards, play_out

# -- the deal ------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, joker, each, spares",
    [
        (2, False, 13, 26),
        (3, False, 17, 1),
        (4, False, 12, 4),
        (5, False, 10, 2),
        (6, False, 8, 4),
        (2, True, 13, 27),
        (3, True, 17, 2),
        (4, True, 13, 1),  # the joker makes the 52 cards come out even
        (5, True, 10, 3),
        (6, True, 8, 5),
    ],
)
def test_deal_sizes_and_spares(players, joker, each, spares):
    game = LOSER.new_game(players, {"joker": joker}, seed=players)
    view = game.view(0)
    assert [len(view.zone("hand", s)) for s in range(players)] == [each] * players
    assert deal_size(players, 53 if joker else 52) == each
    # One spare lies face up, the others face down where nobody sees them.
    assert len(view.zone("exposed").known_cards) == 1
    assert len(view.zone("spares")) == spares - 1 and view.zone("spares").known_cards == []
    all_cards = game.all_cards()
    assert len(all_cards) == len(set(all_cards)) == (53 if joker else 52)
    assert any(x.is_joker for x in all_cards) == joker


def test_opening_events_deal_each_card_to_its_owner_only():
    game = LOSER.new_game(4, seed=2)
    moved = [e for e in game.opening_events if isinstance(e, Moved)]
    assert len(moved) == 4 * 12 + 1
    for e in moved[:-1]:
        owner = e.dst[1]
        assert e.seen == 1 << owner
        assert e.for_seat(owner).card is not None and e.for_seat((owner + 1) % 4).card is None
    exposed = moved[-1]
    assert exposed.dst == ("exposed", None) and exposed.seen == -1
    assert exposed.card in game.view(None).zone("exposed").known_cards


# -- the leader ----------------------------------------------------------------


def test_the_first_dealer_is_random_and_the_player_on_their_left_leads():
    dealers = set()
    for seed in range(40):
        game = LOSER.new_game(5, seed=seed)
        dealer = game.view(0).info["dealer"]
        dealers.add(dealer)
        assert game.to_act() == ((dealer + 1) % 5,)
        assert game.view(0).info["lead_type"] is None
    assert dealers == set(range(5))


def test_the_ultimate_loser_deals_the_next_hand_and_their_left_leads():
    game = LOSER.new_game(4, seed=9)
    rng = random.Random(9)
    hands_seen = 0
    while not game.is_over():
        info = game.view(0).info
        seat = rng.choice(game.to_act())
        events = game.apply(seat, rng.choice(game.legal_actions(seat)))
        if any(isinstance(e, RoundEnded) for e in events) and not game.is_over():
            loser = announced(events, "ultimate_loser")[0].seat
            new = game.view(0).info
            assert new["round"] == info["round"] + 1
            assert new["dealer"] == loser
            assert game.to_act() == ((loser + 1) % 4,)
            assert all(len(game.view(0).zone("hand", s)) == 12 for s in range(4))
            hands_seen += 1
    assert hands_seen == 4  # five hands: four changes of dealer


# -- combinations --------------------------------------------------------------


@pytest.mark.parametrize(
    "codes, kind, size, rank",
    [
        ("7S", SET, 1, 7),
        ("7S 7D", SET, 2, 7),
        ("QS QH QC", SET, 3, 12),
        ("2S 2H 2D 2C", SET, 4, 2),
        ("5S 6S 7S", RUN, 3, 7),  # the shortest straight flush
        ("7S 5S 6S", RUN, 3, 7),  # any order
        ("QH KH AH", RUN, 3, 14),  # the Ace is high
        ("9D 10D JD QD KD AD", RUN, 6, 14),
        ("2C 3C 4C 5C", RUN, 4, 5),
    ],
)
def test_combinations_are_recognized(codes, kind, size, rank):
    assert classify(cards(codes)) == ((kind, size), rank)


@pytest.mark.parametrize(
    "codes, words",
    [
        ("5S 6H 7S", "all one suit"),  # a straight, but not a flush
        ("5S 6S 8S", "consecutive"),
        ("KS AS 2S", "consecutive"),  # no wrap-around
        ("7S 8S", "pair needs two cards of one rank"),
        ("7S 7H 8S", "all one suit"),
        ("7S 7S", "same card twice"),
    ],
)
def test_non_combinations_are_refused(codes, words):
    with pytest.raises(ValueError, match=words):
        classify(cards(codes))


def test_the_joker_is_a_single_above_the_ace_and_nothing_else():
    joker = WITH_JOKER.by_code("JK1")
    assert classify([joker]) == ((SET, 1), 15)
    with pytest.raises(ValueError, match="joker plays only as a single"):
        classify([joker, c("AS")])


def test_a_leader_may_lead_every_combination_in_the_hand():
    game = loser_game(["5S 6S 7S 7H 7D", "2H 3H"])
    values = {tuple(x.code for x in a.cards) for a in game.legal_actions(0)}
    assert values == {
        ("5S",),
        ("6S",),
        ("7S",),
        ("7H",),
        ("7D",),
        ("7S", "7H"),
        ("7S", "7D"),
        ("7H", "7D"),
        ("7S", "7H", "7D"),
        ("5S", "6S", "7S"),
    }
    # The leader must play: no pass, no exchange.
    assert {a.kind for a in game.legal_actions(0)} == {"play"}
    for action in (Action("pass"), Action("exchange", c("5S"))):
        with pytest.raises(IllegalAction, match="leads this trick and must play"):
            game.apply(0, action)


def test_a_straight_flush_lead_is_one_action_carrying_its_top_card():
    game = loser_game(["5S 6S 7S 9H", "2H 3H"])
    run = next(a for a in game.legal_actions(0) if a.cards == tuple(cards("5S 6S 7S")))
    assert run.card == c("7S")
    assert "straight flush" in run.label
    events = game.apply(0, run)
    assert [e.card for e in events if isinstance(e, Moved)] == cards("5S 6S 7S")
    assert game.view(1).info["lead_type"] == (RUN, 3)


def test_a_non_flush_straight_cannot_be_played():
    game = loser_game(["5S 6H 7S 9H", "2H 3H"])
    assert all(len(a.cards) == 1 for a in game.legal_actions(0))
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="all one suit"):
        game.apply(0, move_of(game, 0, "5S 6H 7S"))
    assert game.to_dict() == before


# -- following -----------------------------------------------------------------


def test_a_follower_matches_the_type_with_a_lower_rank():
    game = loser_game(["9S 9H 4C", "3S 3H 8D", "KD KC 2S"])
    play(game, "9S 9H")
    legal = game.legal_actions(1)
    plays = [a for a in legal if a.kind == "play"]
    assert [a.cards for a in plays] == [tuple(cards("3S 3H"))]  # lower is fine
    assert Action("pass") in legal
    assert {a.card for a in legal if a.kind == "exchange"} == set(cards("3S 3H 8D"))
    with pytest.raises(IllegalAction, match="led with a pair"):
        game.apply(1, move_of(game, 1, "8D"))
    play(game, "3S 3H", "KD KC")
    assert game.to_act() == (2,)  # the kings win and lead


def test_a_straight_flush_must_be_followed_by_one_of_the_same_length():
    game = loser_game(["5S 6S 7S 8S 3C", "9H 10H JH 2C", "2D 3D 4D 5D 4C"], exposed="KC")
    play(game, "5S 6S 7S 8S")
    assert [a for a in game.legal_actions(1) if a.kind == "play"] == []
    with pytest.raises(IllegalAction, match="straight flush of 4"):
        game.apply(1, move_of(game, 1, "9H 10H JH"))
    play(game, "pass", "2D 3D 4D 5D")
    assert game.scores() == (0, 1, 0)  # only the passer pays; the lower run is safe


def test_players_who_are_out_are_skipped():
    game = loser_game(["5S 9S", "", "6S 10S", "7S JS"], leader=0)
    assert game.view(0).info["order"] == (0, 2, 3)
    play(game, "5S")
    assert game.to_act() == (2,)
    play(game, "6S", "7S")
    assert game.to_act() == (3,)  # the 7 won; seat 1 never acts
    assert game.view(0).info["order"] == (3, 0, 2)  # nor in the next trick


# -- who wins the trick ----------------------------------------------------------


def test_the_highest_play_wins_and_leads():
    game = loser_game(["5S 2D", "KS 3D", "9S 4D"])
    events = play(game, "5S", "KS", "9S")
    won = announced(events, "trick_won")[0]
    assert (won.seat, won.value) == (1, (c("KS"),))
    assert game.to_act() == (1,)


def test_a_tie_goes_to_the_one_who_played_first():
    game = loser_game(["5S 2D", "AS 3D", "AH 4D"])
    events = play(game, "5S", "AS", "AH")
    assert announced(events, "trick_won")[0].seat == 1
    assert game.to_act() == (1,)
    game = loser_game(["5S 2D", "AS 3D", "AH 4D"], leader=2)
    play(game, "AH", "5S", "AS")
    assert game.to_act() == (2,)


def test_a_winner_out_of_cards_hands_the_lead_to_the_next_best():
    # Seat 1's ace wins but empties its hand; seat 2's queen is next best.
    game = loser_game(["5S 2D", "AS", "QH 4D", "9C 6D"])
    events = play(game, "5S", "AS", "QH", "9C")
    assert any(isinstance(e, PlayerOut) and e.seat == 1 for e in events)
    assert announced(events, "trick_won")[0].seat == 1
    assert game.to_act() == (2,)
    assert "out of cards" in announced(events, "lead")[-1].text


def test_next_best_uses_the_tie_rule_too():
    game = loser_game(["AS", "QH 4D", "QS 5D", "2C 6D"], exposed="KC")
    play(game, "AS", "QH", "QS", "2C")
    assert game.to_act() == (1,)  # the first queen played


def test_everyone_passing_after_the_winner_goes_out_means_rock_paper_scissors():
    game = loser_game(["AS", "3H 4D", "5D 6D", "7C 8C"])
    events = play(game, "AS", "pass", "pass", "pass")
    assert game.phase == "rps"
    assert announced(events, "rps")[0].value == (1, 2, 3)
    assert set(game.to_act()) == {1, 2, 3}
    legal = game.legal_actions(1)
    assert [a.value for a in legal] == ["rock", "paper", "scissors"]
    # A choice stays hidden from the others until everyone has chosen.
    events = game.apply(1, Action("rps", value="rock"))
    assert [e.value for e in announced(events, "rps_chosen")] == [None]
    assert game.to_act() == (2, 3)
    assert game.view(1).info["rps"]["mine"] == "rock"
    for s in (0, 2, 3, None):
        info = game.view(s).info["rps"]
        assert info["mine"] is None and info["chosen"] == (1,)
        assert "rock" not in repr(info)
    game.apply(2, Action("rps", value="scissors"))
    events = game.apply(3, Action("rps", value="scissors"))
    shown = [(e.seat, e.value) for e in announced(events, "rps_shows")]
    assert shown == [(1, "rock"), (2, "scissors"), (3, "scissors")]
    assert game.phase == "play" and game.to_act() == (1,)
    assert game.view(0).info["lead_type"] is None


def test_rock_paper_scissors_ties_replay_and_winners_play_off():
    game = loser_game(["AS", "3H 4D", "5D 6D", "7C 8C"])
    play(game, "AS", "pass", "pass", "pass")
    for s, shape in ((1, "rock"), (2, "paper"), (3, "scissors")):
        events = game.apply(s, Action("rps", value=shape))
    assert announced(events, "rps_tie") and game.phase == "rps"
    assert set(game.to_act()) == {1, 2, 3} and game.view(0).info["rps"]["round"] == 2
    for s, shape in ((1, "paper"), (2, "paper"), (3, "rock")):
        game.apply(s, Action("rps", value=shape))
    assert game.phase == "rps" and set(game.to_act()) == {1, 2}  # the two papers play off
    game.apply(1, Action("rps", value="scissors"))
    game.apply(2, Action("rps", value="paper"))
    assert game.phase == "play" and game.to_act() == (1,)


def test_rock_paper_scissors_refuses_other_choices_and_players():
    game = loser_game(["AS", "3H 4D", "5D 6D"])
    play(game, "AS", "pass", "pass")
    before = game.to_dict()
    for seat, action, words in [
        (1, Action("rps", value="lizard"), "not rock, paper or scissors"),
        (1, Action("pass"), "choose a shape"),
        (0, Action("rps", value="rock"), r"not \{seat:0\}'s decision"),
    ]:
        with pytest.raises(IllegalAction, match=words):
            game.apply(seat, action)
        assert game.to_dict() == before
    game.apply(1, Action("rps", value="rock"))
    with pytest.raises(IllegalAction, match=r"not \{seat:1\}'s decision"):
        game.apply(1, Action("rps", value="paper"))


def test_a_random_lead_tiebreak_draws_a_player_still_holding_cards():
    leaders = set()
    for seed in range(30):
        game = loser_game(["AS", "3H 4D", "5D 6D", "7C 8C"], options={"lead_tiebreak": "random"})
        game.rng.seed(seed)
        events = play(game, "AS", "pass", "pass", "pass")
        assert game.phase == "play"
        assert "at random" in announced(events, "lead")[-1].text
        leaders.add(game.to_act()[0])
    assert leaders == {1, 2, 3}


# -- penalties -----------------------------------------------------------------


def test_every_passer_takes_a_penalty_and_the_players_do_not():
    game = loser_game(["5S 2D", "3H 4D", "KD 6D", "7C 8C"])
    events = play(game, "5S", "pass", "KD", "x:7C")
    assert scores_of(events) == {1: [(1, "passed")], 3: [(1, "passed")]}
    assert game.scores() == (0, 1, 0, 1)
    assert announced(events, "trick_lost")[0].value == (1, 3)


def test_without_passers_the_lowest_play_takes_the_penalty():
    game = loser_game(["5S 2D", "3H 4D", "KD 6D", "7C 8C"])
    events = play(game, "5S", "3H", "KD", "7C")
    assert scores_of(events) == {1: [(1, "lowest")]}


def test_tied_lowest_plays_all_take_a_penalty():
    game = loser_game(["3S 2D", "3H 4D", "KD 6D", "3C 8C"])
    events = play(game, "3S", "3H", "KD", "3C")
    assert scores_of(events) == {0: [(1, "lowest")], 1: [(1, "lowest")], 3: [(1, "lowest")]}


def test_a_fourplay_gives_everyone_in_the_trick_a_penalty_and_can_spare_those_who_are_out():
    # Seat 1 is out: with the option off, safe for the rest of the hand.
    game = loser_game(["8S 8H 8D 8C 2S", "", "3H 4D", "KD 6D"], options={"fourplay_out_players": False})
    events = play(game, "8S 8H 8D 8C")
    assert announced(events, "fourplay")
    assert scores_of(events) == {0: [(1, "fourplay")], 2: [(1, "fourplay")], 3: [(1, "fourplay")]}
    assert game.scores() == (1, 0, 1, 1)
    events = play(game, "pass", "pass")
    assert game.scores() == (1, 0, 2, 2)  # then the two passers pay for the trick
    assert game.to_act() == (0,)


def test_a_fourplay_that_takes_its_player_out_still_costs_that_player():
    game = loser_game(["8S 8H 8D 8C", "3H 4D", "KD 6D"])
    events = play(game, "8S 8H 8D 8C")
    assert [s for s, _ in sorted(scores_of(events).items())] == [0, 1, 2]


def test_a_fourplay_costs_the_players_who_are_out_too_by_default():
    # RULES.md §4: "everybody" takes the FourPlay penalty, players already out included.
    assert LOSER.schema.defaults()["fourplay_out_players"] is True
    game = loser_game(["8S 8H 8D 8C 2S", "", "3H 4D", "KD 6D"])
    events = play(game, "8S 8H 8D 8C")
    assert "Everyone takes 1" in announced(events, "fourplay")[0].text
    assert game.scores() == (1, 1, 1, 1)


def test_the_fourplay_penalty_is_an_option():
    game = loser_game(["8S 8H 8D 8C 2S", "3H 4D", "KD 6D"], options={"fourplay_penalty": 0})
    events = play(game, "8S 8H 8D 8C")
    assert not announced(events, "fourplay") and game.scores() == (0, 0, 0)


# -- the exposed card ------------------------------------------------------------


def test_an_exchange_makes_the_put_down_card_the_exposed_card():
    game = loser_game(["5S 2D", "3H 4D", "KD 6D"], exposed="9C")
    play(game, "5S")
    events = game.apply(1, move_of(game, 1, "x:3H"))
    moves = [(e.card, e.src, e.dst, e.seen) for e in events if isinstance(e, Moved)]
    assert moves == [
        (c("9C"), ("exposed", None), ("hand", 1), -1),
        (c("3H"), ("hand", 1), ("exposed", None), -1),
    ]
    assert announced(events, "exchange")[0].value == (c("3H"), c("9C"))
    for seat in (0, 1, 2, None):
        view = game.view(seat)
        assert view.zone("exposed").known_cards == [c("3H")]
    # Everyone (spectators too) saw the 9♣ go into seat 1's hand; its other card stays hidden.
    for seat in (0, 2, None):
        assert game.view(seat).zone("hand", 1).known_cards == [c("9C")]
        assert game.view(seat).info["exchanged"][1] == (c("9C"),)
    # The next player may take the card just put down; both exchangers passed.
    events = game.apply(2, move_of(game, 2, "x:6D"))
    assert c("3H") in game.view(0).zone("hand", 2).known_cards
    assert game.view(0).zone("exposed").known_cards == [c("6D")]
    assert scores_of(events) == {1: [(1, "passed")], 2: [(1, "passed")]}


def test_a_known_card_stops_being_known_once_played():
    game = loser_game(["5S 2D", "3H 4D", "KD 6D"], exposed="9C")
    play(game, "5S", "x:3H", "KD")  # seat 2 wins the lead
    play(game, "6D")
    play(game, "2D", "9C")
    assert game.view(0).info["exchanged"][1] == ()
    assert game.view(0).zone("hand", 1).known_cards == []


def test_an_exchange_needs_a_card_from_the_hand():
    game = loser_game(["5S 2D", "3H 4D", "KD 6D"], exposed="9C")
    play(game, "5S")
    before = game.to_dict()
    with pytest.raises(IllegalAction, match=r"not in \{seat:1\}'s hand"):
        game.apply(1, move_of(game, 1, "x:KD"))
    with pytest.raises(IllegalAction, match="names the card to put down"):
        game.apply(1, Action("exchange"))
    assert game.to_dict() == before


# -- going out and the Ultimate Loser ----------------------------------------------


def test_the_last_player_holding_cards_is_the_ultimate_loser():
    game = loser_game(["5S", "3H 4D", "KD"], totals=[2, 2, 2])
    events = play(game, "5S", "3H", "KD")
    assert announced(events, "ultimate_loser")[0].seat == 1
    # Seat 1 played lowest (1) and is the Ultimate Loser (4); then seat 1 deals the next hand.
    assert scores_of(events)[1] == [(1, "lowest"), (4, "ultimate loser")]
    assert game.scores() == (2, 7, 2)
    assert [e.scores for e in events if isinstance(e, RoundEnded)] == [(0, 5, 0)]
    assert game.view(0).info["dealer"] == 1 and game.to_act() == (2,)
    assert game.view(0).info["losers"] == (1,)


def test_when_the_last_two_go_out_in_one_trick_the_trick_loser_is_the_ultimate_loser():
    game = loser_game(["", "9S", "4D", ""], leader=1)
    events = play(game, "9S", "4D")
    assert announced(events, "ultimate_loser")[0].seat == 2
    assert scores_of(events)[2] == [(1, "lowest"), (4, "ultimate loser")]
    assert 1 not in scores_of(events)


def test_when_tied_lowest_go_out_together_the_last_of_them_is_the_ultimate_loser():
    game = loser_game(["4S", "9S", "4D"], leader=0)
    events = play(game, "4S", "9S", "4D")
    assert scores_of(events) == {0: [(1, "lowest")], 2: [(1, "lowest"), (4, "ultimate loser")]}


def test_the_ultimate_loser_penalty_is_an_option():
    game = loser_game(["5S", "3H 4D", "KD"], options={"loser_penalty": 9})
    play(game, "5S", "3H", "KD")
    assert game.scores() == (0, 10, 0)


# -- the match -----------------------------------------------------------------


def test_the_match_ends_after_its_hands_and_the_fewest_penalties_win():
    game = loser_game(["5S", "3H 4D", "KD"], options={"hands": 2}, hand_no=2, totals=[3, 1, 3])
    events = play(game, "5S", "3H", "KD")
    assert game.is_over() and game.to_act() == ()
    assert game.scores() == (3, 6, 3)
    assert game.winners() == (0, 2)  # a shared win
    assert isinstance(events[-1], GameOver) and events[-1].winners == (0, 2)
    assert game.view(0).prompt == "Match over"
    with pytest.raises(IllegalAction, match="game is over"):
        game.apply(0, Action("pass"))


@pytest.mark.parametrize("hands", [1, 3])
def test_a_whole_match_plays_the_number_of_hands(hands):
    game = LOSER.new_game(3, {"hands": hands}, seed=hands)
    play_out(game, random.Random(hands))
    info = game.view(0).info
    assert info["round"] == hands and len(info["losers"]) == hands
    assert len(info["round_scores"]) == hands
    assert game.winners() == tuple(s for s in range(3) if game.scores()[s] == min(game.scores()))


def test_the_penalty_label_is_there_for_the_table():
    game = LOSER.new_game(3, {"penalty_label": "drinks"}, seed=1)
    assert game.view(0).info["penalty_label"] == "drinks"
    assert game.view(0).options["penalty_label"] == "drinks"
    assert LOSER.new_game(3, seed=1).view(0).info["penalty_label"] == "penalty points"


# -- prompts -------------------------------------------------------------------


def test_prompts_say_what_to_do_and_for_whom_we_wait():
    game = loser_game(["5S 2D", "3H 4D", "KD 6D", ""], exposed="9C")
    assert game.view(0).prompt.startswith("Lead a single")
    assert game.view(1).prompt == "Waiting for {seat:0}"
    assert game.view(3).prompt == "You are out of cards: waiting for {seat:0}"
    play(game, "5S")
    assert game.view(1).prompt == "Play a single, pass, or pass and exchange a card for the 9♣"


# -- illegal actions -------------------------------------------------------------


def test_illegal_actions_raise_and_leave_the_state_untouched():
    game = LOSER.new_game(4, seed=21)
    rng = random.Random(21)
    checked = 0
    for _ in range(400):
        if game.is_over():
            break
        if game.phase == "play":
            seat = game.to_act()[0]
            other = (seat + 1) % 4
            hand = game.hands[seat].cards
            not_mine = next(x for x in game.catalog if x not in hand)
            before = game.to_dict()
            cases = [
                (
                    other,
                    Action("play", not_mine, target=ZoneRef("play", other), cards=(not_mine,)),
                    r"not \{seat:",
                ),
                (
                    seat,
                    Action("play", not_mine, target=ZoneRef("play", seat), cards=(not_mine,)),
                    r"not in \{seat:",
                ),
                (seat, Action("play", target=ZoneRef("play", seat)), "needs its cards"),
                (seat, Action("exchange", not_mine, target=ZoneRef("exposed")), r"not in \{seat:|must play"),
                (seat, Action("rps", value="rock"), "not to rps"),
                (seat, "play AS", "not an action"),
                (9, Action("pass"), "no such seat"),
            ]
            if len(hand) >= 2:
                odd = [hand[0], hand[-1]]
                if hand[0].rank != hand[-1].rank:
                    cases.append(
                        (
                            seat,
                            Action("play", max(odd), target=ZoneRef("play", seat), cards=tuple(sorted(odd))),
                            "not a combination|one suit",
                        )
                    )
            for who, action, words in cases:
                with pytest.raises(IllegalAction, match=words):
                    game.apply(who, action)
                assert game.to_dict() == before
                checked += 1
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert checked > 300


# -- registration and variants ---------------------------------------------------


def test_ultimate_loser_is_registered_for_two_to_six_players_and_lower_scores_win():
    from cardtable import games

    assert "ultimate-loser" in games.ids()
    spec = games.get("ultimate-loser")
    assert (spec.name, spec.min_players, spec.max_players) == ("Ultimate Loser", 2, 6)
    assert spec.lower_scores_win and spec.bot is not None and spec.determinizer is not None
    assert not games.get("ugly").lower_scores_win


def test_ultimate_loser_has_the_required_variants():
    assert {"standard", "with-joker", "random-lead", "long-match"} <= set(LOSER.variants)


@pytest.mark.parametrize("name", sorted(LOSER.variants))
def test_each_variant_starts_a_game_with_its_options(name):
    game = LOSER.new_game(4, seed=1, variant=name)
    options = LOSER.variants[name].options
    for key, value in options.items():
        assert game.options[key] == LOSER.schema[key].validate(value)
    assert (len(game.all_cards()) == 53) == bool(game.options["joker"])
