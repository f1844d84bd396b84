import random
from collections import Counter

import pytest

from cardtable.engine import STANDARD, Action, IllegalAction, TrickWon, ZoneRef, seat_ref
from cardtable.games.ugly.rules import NO_TRUMP, auto_rounds
from support import UGLY, c, play, play_out, ugly_in_play


def _to_first_pass(game):
    """Name trump (spades) so the game is in the passing phase."""
    seat = game.to_act()[0]
    game.apply(seat, Action("trump", value="S"))


# -- deal and rounds -------------------------------------------------------------


@pytest.mark.parametrize("players, size, rounds", [(4, 13, 7), (3, 17, 9)])
def test_deal_sizes_and_round_count(players, size, rounds):
    game = UGLY.new_game(players, seed=3)
    view = game.view(0)
    assert [len(view.zone("hand", s)) for s in range(players)] == [size] * players
    assert auto_rounds(players) == rounds == view.info["rounds"]
    all_cards = game.all_cards()
    assert len(all_cards) == 52 and len(set(all_cards)) == 52
    removed = view.zone("removed").known_cards
    assert removed == ([c("2S")] if players == 3 else [])


@pytest.mark.parametrize(
    "players, options, expected",
    [
        (4, {}, [1, 3, 5, 7, 9, 11, 13]),
        (3, {}, [1, 3, 5, 7, 9, 11, 13, 15, 17]),
        # A shortened game still passes 2r-1 in its last round, not the whole hand.
        (4, {"rounds": 4}, [1, 3, 5, 7]),
        (4, {"first_pass": 2, "pass_step": 1}, [2, 3, 4, 5, 6, 7, 13]),
        (4, {"first_pass": 2, "pass_step": 3, "rounds": 6}, [2, 5, 8, 11, 13, 13]),
    ],
)
def test_passing_counts_per_round(players, options, expected):
    game = UGLY.new_game(players, options, seed=5)
    hand = game.hand_size
    passes: Counter = Counter()  # (round, seat) -> pass actions
    rng = random.Random(1)
    while not game.is_over():
        info = game.view(0).info
        if game.phase == "pass":
            assert info["pass_count"] == expected[info["round"] - 1]
        seat = rng.choice(game.to_act())
        action = rng.choice(game.legal_actions(seat))
        if action.kind == "pass":
            passes[info["round"], seat] += 1
        game.apply(seat, action)
    assert game.view(0).info["round"] == len(expected)
    for r, k in enumerate(expected, start=1):
        # A whole-hand pass needs no choices; otherwise everyone chooses k cards.
        want = 0 if k >= hand else k
        assert [passes[r, s] for s in range(players)] == [want] * players


def test_passing_is_simultaneous_and_hidden_until_everyone_has_chosen():
    game = UGLY.new_game(4, seed=11)
    _to_first_pass(game)
    assert game.to_act() == (0, 1, 2, 3)
    seat = 2
    card = game.legal_actions(seat)[0].card
    events = game.apply(seat, Action("pass", card, target=ZoneRef("pass", seat)))
    assert game.to_act() == (0, 1, 3)  # seat 2 passes one card in round 1
    assert card not in game.view(2).zone("hand", 2).known_cards
    assert card in game.view(2).zone("pass", 2).known_cards
    assert all(card not in game.view(s).known_cards() for s in (0, 1, 3))
    assert [e.for_seat(0).card for e in events] == [None]
    for s in (0, 1, 3):
        game.apply(s, game.legal_actions(s)[0])
    assert game.phase == "play"
    assert card in game.view(3).zone("hand", 3).known_cards  # arrived on the left
    assert card in game.view(2).zone("hand", 3).known_cards  # the passer still knows
    assert card not in game.view(1).known_cards()


def test_alternate_passing_goes_right_in_even_rounds():
    game = UGLY.new_game(4, {"pass_direction": "alternate"}, seed=2)
    assert [game.pass_target(s) for s in range(4)] == [1, 2, 3, 0]
    rng = random.Random(0)
    while game.view(0).info["round"] == 1:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert [game.pass_target(s) for s in range(4)] == [3, 0, 1, 2]


def test_whole_hand_pass_needs_no_choices():
    game = UGLY.new_game(4, {"rounds": "auto", "first_pass": 13, "pass_step": 0}, seed=4)
    hands = [sorted(game.view(s).zone("hand", s).known_cards) for s in range(4)]
    _to_first_pass(game)
    assert game.phase == "play"
    for s in range(4):
        assert sorted(game.view((s + 1) % 4).zone("hand", (s + 1) % 4).known_cards) == hands[s]


def test_no_passing_when_first_pass_is_zero():
    game = UGLY.new_game(4, {"first_pass": 0}, seed=4)
    _to_first_pass(game)
    assert game.phase == "play"


# -- dealer, trump and leader --------------------------------------------------


def test_cut_for_dealer_lowest_rank_deals_and_ties_cut_again():
    for seed in range(200):
        game = UGLY.new_game(4, seed=seed)
        cut = game.view(0).info["cut"]
        first = cut[:4]
        low = min(card.rank for _, card in first)
        tied = [s for s, card in first if card.rank == low]
        if len(tied) == 1:
            assert game.dealer == tied[0]
        else:
            again = cut[4 : 4 + len(tied)]
            assert [s for s, _ in again] == tied
            assert game.dealer in tied
    # Over 200 seeds, some first cuts tie (the branch above is exercised).
    assert any(len(UGLY.new_game(4, seed=s).view(0).info["cut"]) > 4 for s in range(200))


def test_dealer_rotates_left_and_the_player_left_of_the_dealer_calls_and_leads():
    game = UGLY.new_game(4, seed=8)
    rng = random.Random(8)
    first_dealer = game.dealer
    for r in range(7):
        assert game.dealer == (first_dealer + r) % 4
        assert game.phase == "trump" and game.to_act() == ((game.dealer + 1) % 4,)
        seat = game.to_act()[0]
        game.apply(seat, Action("trump", value="H"))
        while game.phase == "pass":
            s = game.to_act()[0]
            game.apply(s, rng.choice(game.legal_actions(s)))
        assert game.to_act() == ((game.dealer + 1) % 4,)
        while game.phase == "play":
            s = game.to_act()[0]
            game.apply(s, rng.choice(game.legal_actions(s)))
    assert game.is_over()


def test_trump_choices_with_and_without_no_trump():
    game = UGLY.new_game(4, seed=1)
    values = [a.value for a in game.legal_actions(game.to_act()[0])]
    assert values == ["S", "H", "D", "C", NO_TRUMP]
    strict = UGLY.new_game(4, {"allow_no_trump": False}, seed=1)
    seat = strict.to_act()[0]
    assert NO_TRUMP not in [a.value for a in strict.legal_actions(seat)]
    with pytest.raises(IllegalAction, match="No Trump is not allowed"):
        strict.apply(seat, Action("trump", value=NO_TRUMP))


# -- play ----------------------------------------------------------------------


def test_follow_suit_is_required_when_possible():
    game = ugly_in_play(["AH 2C", "3H KC", "4C 5C", "6C 7C"], trump="S")
    play(game, "AH")
    legal = {a.card.code for a in game.legal_actions(1)}
    assert legal == {"3H"}
    with pytest.raises(IllegalAction, match="must follow hearts"):
        game.apply(1, Action("play", c("KC"), target=ZoneRef("trick", 1)))
    play(game, "3H")
    # Seat 2 has no hearts: anything goes.
    assert {a.card.code for a in game.legal_actions(2)} == {"4C", "5C"}


@pytest.mark.parametrize(
    "trump, plays, winner",
    [
        ("S", ["5H", "KH", "2H", "AH"], 3),  # highest of the led suit
        ("S", ["5H", "KH", "2S", "AH"], 2),  # a low trump beats the led suit
        ("S", ["5H", "3S", "2S", "AH"], 1),  # highest trump
        ("S", ["5H", "AC", "KD", "6H"], 3),  # off-suit cards never win
        (NO_TRUMP, ["5H", "AS", "AC", "6H"], 3),  # no trump: the led suit wins
        ("H", ["5H", "AS", "AC", "6H"], 3),  # the led suit is trump
    ],
)
def test_trick_winner(trump, plays, winner):
    hands = [f"{p} {x}" for p, x in zip(plays, ["2D", "3D", "4D", "5D"], strict=True)]
    game = ugly_in_play(hands, trump=trump)
    events = play(game, *plays)
    won = [e for e in events if isinstance(e, TrickWon)]
    assert len(won) == 1 and won[0].seat == winner
    assert game.to_act() == (winner,)  # the winner leads next
    assert game.view(0).info["tricks_won"][winner] == 1


def test_round_scoring_after_the_last_trick():
    # One card each: seat 1 wins the trick holding the 7♦ and no Jack -> 2 points.
    game = ugly_in_play(["2H", "7D", "3H", "4C"], trump="D", round_=6)
    game.pass_counts = [1, 3, 5, 7, 9, 11, 13]
    before = game.scores()
    play(game, "2H", "7D", "3H", "4C")
    assert game.scores()[1] - before[1] == 2
    assert game.view(0).info["round"] == 7 and game.phase == "trump"


def test_game_end_and_shared_wins():
    game = ugly_in_play(["2H", "3H", "4H", "5H"], trump="S", round_=7)
    d = game.to_dict()
    d["state"]["totals"] = [5, 4, 1, 5]
    game = UGLY.from_dict(d)
    play(game, "2H", "3H", "4H", "5H")  # seat 3 wins one trick: 5 + 0... +1
    assert game.is_over()
    assert game.scores() == (5, 4, 1, 6)
    assert game.winners() == (3,)
    d = game.to_dict()
    d["state"]["totals"] = [6, 4, 1, 6]
    assert UGLY.from_dict(d).winners() == (0, 3)


# -- illegal actions -------------------------------------------------------------


def _illegal_cases(game):
    seat = game.to_act()[0]
    other = (seat + 1) % game.players
    not_mine = next(x for x in STANDARD if x not in game.view(seat).zone("hand", seat).known_cards)
    theirs = game.view(other).zone("hand", other).known_cards or [not_mine]
    return [
        (other, Action("play", theirs[0]), f"not {seat_ref(other)}'s decision"),
        (seat, Action("play", not_mine), f"is not in {seat_ref(seat)}'s hand"),
        (seat, Action("pass", not_mine), "not"),
        (seat, Action("trump", value="S"), "not"),
        (seat, "play AS", "not an action"),
        (9, Action("play", not_mine), "no such seat"),
    ]


def test_illegal_actions_raise_and_leave_the_state_untouched():
    game = UGLY.new_game(4, seed=21)
    rng = random.Random(21)
    checked = 0
    for _ in range(300):
        if game.is_over():
            break
        if game.phase == "play":
            before = game.to_dict()
            for seat, action, words in _illegal_cases(game):
                with pytest.raises(IllegalAction, match=words):
                    game.apply(seat, action)
                assert game.to_dict() == before
                checked += 1
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert checked > 100


def test_while_passing_the_prompt_names_who_is_still_choosing():
    game = UGLY.new_game(4, seed=11)
    _to_first_pass(game)
    game.apply(2, game.legal_actions(2)[0])
    assert game.view(2).prompt == "Waiting for {seat:0}, {seat:1} and {seat:3} to pass"
    assert game.view(None).prompt == game.view(2).prompt
    game.apply(0, game.legal_actions(0)[0])
    game.apply(3, game.legal_actions(3)[0])
    assert game.view(None).prompt == "Waiting for {seat:1} to pass"
    assert game.view(1).prompt.startswith("Choose 1 card to pass to")


def test_trump_and_pass_phases_refuse_other_actions():
    game = UGLY.new_game(4, seed=30)
    caller = game.to_act()[0]
    before = game.to_dict()
    card = game.view(caller).zone("hand", caller).known_cards[0]
    for seat, action, words in [
        (caller, Action("play", card), "trump must be named"),
        (caller, Action("trump", value="X"), "not a suit"),
        ((caller + 1) % 4, Action("trump", value="S"), "decision now"),
    ]:
        with pytest.raises(IllegalAction, match=words):
            game.apply(seat, action)
        assert game.to_dict() == before
    _to_first_pass(game)
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="choose cards to pass"):
        game.apply(0, Action("play", game.view(0).zone("hand", 0).known_cards[0]))
    game.apply(0, game.legal_actions(0)[0])
    with pytest.raises(IllegalAction, match="not {seat:0}'s decision"):
        game.apply(0, game.legal_actions(1)[0])
    assert game.to_dict() != before  # the legal pass did change it


def test_over_game_refuses_everything():
    game = UGLY.new_game(3, seed=2)
    play_out(game, random.Random(2))
    with pytest.raises(IllegalAction, match="game is over"):
        game.apply(0, Action("play", c("AS"), target=ZoneRef("trick", 0)))
    assert game.to_act() == () and game.legal_actions(0) == []


@pytest.mark.parametrize(
    "options, words",
    [
        ({"rounds": 8}, "at most 7 with 4 players"),
        ({"ugly_card": "7C"}, "must differ from the Ugly card"),
    ],
)
def test_options_that_do_not_fit_are_refused(options, words):
    from cardtable.engine import OptionError

    with pytest.raises(OptionError, match=words):
        UGLY.new_game(4, options, seed=1)


@pytest.mark.parametrize(
    "options, captured_by_winner, expected",
    [
        ({}, "7D", 2),  # the standard Ugly card doubles a clean trick
        ({"ugly_card": "none"}, "7D", 1),  # no Ugly card: the 7♦ is ordinary
        ({"ugly_card": "2H"}, "2H", 2),  # another card can be the Ugly one
        ({"jack_values": {"hearts": 10}}, "JH", 1 - 10),
        ({"charm_card": "3H", "ugly_card": "2H"}, "2H 3H", 4),  # Ugly + Charm, no Jack: 4 a trick
    ],
)
def test_special_card_and_jack_options_change_the_score(options, captured_by_winner, expected):
    # Seat 0 leads the A♣ and wins the only trick, which holds the named cards.
    others = captured_by_winner.split()
    fillers = ["4C", "5C", "6C"]
    plays = ["AC", *(others + fillers)[:3]]
    hands = [plays[0], plays[1], plays[2], plays[3]]
    game = ugly_in_play(hands, trump="C", round_=7, options=options)
    before = game.scores()[0]
    play(game, *plays)
    assert game.scores()[0] - before == expected
