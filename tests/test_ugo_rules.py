"""U-G-O worked examples (RULES.md §2), each with its arithmetic written out."""

import random

import pytest

from cardtable.engine import (
    Action,
    Announced,
    IllegalAction,
    Moved,
    PlayerOut,
    Slot,
    Turned,
    ZoneRef,
    format_prompt,
)
from cardtable.games.ugo.cards import attack_value, defense_value, equip_bonus, is_ad, is_equip, is_special
from support import UGO, act, play_out, u, ugo_game


def deck_size(game, seat):
    return len(game.decks[seat].cards)


def table_codes(game, seat):
    return [c.code for c in game.tables[seat].cards]


def discard_codes(game, seat):
    return [c.code for c in game.discards[seat].cards]


def refusal(game, seat, action):
    """The reason ``apply`` gives, as ``seat`` reads it; the game must not change."""
    before = game.to_dict()
    with pytest.raises(IllegalAction) as refused:
        game.apply(seat, action)
    assert game.to_dict() == before
    return format_prompt(
        str(refused.value), ["Ada", "Bo", "Cy", "Dee", "Eli", "Fay"][: game.players], you=seat
    )


# -- card roles and values ---------------------------------------------------


def test_card_roles():
    g = ugo_game()
    for code in ("AS@0", "KH@0", "QD@0", "JC@0", "10S@0", "9H@0", "8D@0"):
        assert is_special(u(g, code)) and not is_ad(u(g, code))
    for code in ("2S@0", "7H@0", "5C@0"):
        assert is_ad(u(g, code))
    for code in ("2D@0", "7D@0"):
        assert is_equip(u(g, code)) and not is_ad(u(g, code))


def test_values_with_suit_doubling_and_equips():
    g = ugo_game()
    # ♠: attack 2 x rank, defense rank. ♥: attack rank, defense 2 x rank. ♣: rank / rank.
    assert (attack_value(u(g, "6S@0")), defense_value(u(g, "6S@0"))) == (12, 6)
    assert (attack_value(u(g, "5H@0")), defense_value(u(g, "5H@0"))) == (5, 10)
    assert (attack_value(u(g, "4C@0")), defense_value(u(g, "4C@0"))) == (4, 4)
    # Equips add half their rank, rounded down: ♦2,3 +1; ♦4,5 +2; ♦6,7 +3.
    assert [equip_bonus(u(g, f"{r}D@0")) for r in range(2, 8)] == [1, 1, 2, 2, 3, 3]
    both = [u(g, "4D@0"), u(g, "7D@0")]
    assert attack_value(u(g, "6S@0"), both) == 12 + 2 + 3
    assert defense_value(u(g, "5H@0"), both) == 10 + 2 + 3


# -- attack resolution -----------------------------------------------------------


def test_direct_attack_sends_the_attack_value_one_card_at_a_time():
    # ♣5 attacks a player with no A/D cards: they send 5 cards, 20 -> 15.
    g = ugo_game(tables=[[("5C@0", "attack", True, "")], []], hands=["", ""])
    events = act(g, "attack", "5C@0")
    sent = [e for e in events if isinstance(e, Moved) and e.src == ("deck", 1)]
    assert len(sent) == 5 and all(e.seen == -1 for e in sent)  # turned over for everyone
    # Each goes to its owner's discard pile; a Queen leaves the game instead.
    for e in sent:
        assert e.dst == (("removed", None) if e.card.rank == 12 else ("discard", e.card.back))
    assert deck_size(g, 1) == 15


def test_attack_beats_an_attack_position_card():
    # ♠6 attacks ♣4 in attack: 12 > 4 -> ♣4 destroyed, its player sends 12 - 4 = 8.
    g = ugo_game(tables=[[("6S@0", "attack", True, "")], [("4C@1", "attack", True, "")]], hands=["", ""])
    act(g, "attack", "6S@0", "4C@1")
    assert table_codes(g, 1) == [] and deck_size(g, 1) == 20 - 8
    assert table_codes(g, 0) == ["6S@0"] and deck_size(g, 0) == 20


def test_weaker_attack_on_an_attack_card_destroys_the_attacker():
    # ♣3 attacks ♠5 in attack: 3 < 10 -> ♣3 destroyed, the attacker sends 10 - 3 = 7.
    g = ugo_game(tables=[[("3C@0", "attack", True, "")], [("5S@1", "attack", True, "")]], hands=["", ""])
    act(g, "attack", "3C@0", "5S@1")
    assert table_codes(g, 0) == [] and deck_size(g, 0) == 20 - 7
    assert table_codes(g, 1) == ["5S@1"] and deck_size(g, 1) == 20


def test_equal_attacks_destroy_both_and_nobody_sends():
    # ♠3 (6) attacks ♣6 in attack (6): both destroyed, no cards sent.
    g = ugo_game(
        tables=[
            [("3S@0", "attack", True, ""), ("2C@0", "defense", True, "")],
            [("6C@1", "attack", True, "")],
        ],
        hands=["", ""],
    )
    act(g, "attack", "3S@0", "6C@1")
    assert table_codes(g, 0) == ["2C@0"] and table_codes(g, 1) == []
    assert deck_size(g, 0) == deck_size(g, 1) == 20


@pytest.mark.parametrize("attacker, target", [("3C@0", "5S@1"), ("3S@0", "6C@1")])
def test_lower_attack_nothing_leaves_both_cards(attacker, target):
    # With lower_attack = nothing, 3 < 10 and 6 = 6 both change nothing.
    g = ugo_game(
        tables=[[(attacker, "attack", True, "")], [(target, "attack", True, "")]],
        hands=["", ""],
        options={"lower_attack": "nothing"},
    )
    act(g, "attack", attacker, target)
    assert table_codes(g, 0) == [attacker] and table_codes(g, 1) == [target]
    assert deck_size(g, 0) == deck_size(g, 1) == 20


def test_attack_beats_a_defense_card_without_sending_cards():
    # ♠6 with ♦4 attacks a face-up ♥5 in defense: 12 + 2 = 14 vs 10 -> destroyed, no cards sent.
    g = ugo_game(tables=[[("6S@0", "attack", True, "4D@0")], [("5H@1", "defense", True, "")]], hands=["", ""])
    act(g, "attack", "6S@0", "5H@1")
    assert table_codes(g, 1) == [] and deck_size(g, 1) == 20
    assert "5H@1" in discard_codes(g, 1)


def test_weaker_attack_on_a_defense_card_costs_the_attacker():
    # ♣3 attacks ♥5 in defense: 3 < 10 -> the attacker sends 10 - 3 = 7, both cards stay.
    g = ugo_game(tables=[[("3C@0", "attack", True, "")], [("5H@1", "defense", True, "")]], hands=["", ""])
    act(g, "attack", "3C@0", "5H@1")
    assert deck_size(g, 0) == 13 and table_codes(g, 0) == ["3C@0"] and table_codes(g, 1) == ["5H@1"]


def test_equal_attack_on_a_defense_card_changes_nothing():
    # ♠3 (6) attacks ♣6 in defense (6): nothing happens.
    g = ugo_game(tables=[[("3S@0", "attack", True, "")], [("6C@1", "defense", True, "")]], hands=["", ""])
    act(g, "attack", "3S@0", "6C@1")
    assert table_codes(g, 1) == ["6C@1"] and deck_size(g, 0) == deck_size(g, 1) == 20


def test_a_face_down_target_is_turned_face_up_first():
    # ♠4 (8) attacks a face-down ♥2 (defense 4): revealed, then 8 > 4 destroys it.
    g = ugo_game(tables=[[("4S@0", "attack", True, "")], [("2H@1", "defense", False, "")]], hands=["", ""])
    attack = next(a for a in g.legal_actions(0) if a.kind == "attack")
    assert attack.target == Slot("table", 1, 0)  # the attacker cannot see what it attacks
    events = g.apply(0, attack)
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("Turned") < kinds.index("Moved")
    turned = next(e for e in events if isinstance(e, Turned))
    assert turned.card == u(g, "2H@1") and turned.face_up
    assert table_codes(g, 1) == []


def test_a_ten_stops_an_attack_and_the_attacker_has_still_attacked():
    g = ugo_game(
        tables=[[("6S@0", "attack", True, "")], [("4C@1", "attack", True, "")]],
        hands=["", "10H@0 2C@0"],
    )
    act(g, "attack", "6S@0", "4C@1")
    assert g.phase == "react" and g.to_act() == (1,)  # a decision off the defender's turn
    assert {a.kind for a in g.legal_actions(1)} == {"ten", "take"}
    act(g, "ten", "10H@0")
    assert table_codes(g, 1) == ["4C@1"] and deck_size(g, 1) == 20
    assert "10H@0" in discard_codes(g, 0)  # the 10 goes to its owner's pile
    assert g.to_act() == (0,)
    assert not [a for a in g.legal_actions(0) if a.kind == "attack"]


def test_the_defender_is_asked_even_without_a_ten():
    # Asking only players who hold a 10 would tell the table who holds one.
    g = ugo_game(tables=[[("6S@0", "attack", True, "")], []], hands=["", "2C@0"])
    act(g, "attack", "6S@0")
    assert g.to_act() == (1,) and [a.kind for a in g.legal_actions(1)] == ["take"]
    act(g, "take")
    assert deck_size(g, 1) == 20 - 12


# -- playing cards ---------------------------------------------------------------


def test_one_ad_card_per_turn_in_any_position():
    g = ugo_game(hands=["2S@1 3H@1 4C@1", ""])
    positions = {a.value for a in g.legal_actions(0) if a.kind == "play" and a.card == u(g, "3H@1")}
    assert positions == {"attack", "defense", "defense_down"}
    act(g, "play", "3H@1", value="defense_down")
    assert not [a for a in g.legal_actions(0) if a.kind == "play"]
    again = Action("play", u(g, "2S@1"), value="attack", target=ZoneRef("table", 0))
    assert refusal(g, 0, again) == "You have already played an Attack/Defense card this turn"
    # Face down: others see only its back and position.
    seen = g.view(1).zone("table", 0).cards[0]
    assert seen.card is None and not seen.face_up and seen.orientation == "defense"
    assert g.view(0).zone("table", 0).cards[0].card == u(g, "3H@1")


def test_six_and_seven_need_a_tribute():
    g = ugo_game(hands=["7S@1", ""])
    assert not [a for a in g.legal_actions(0) if a.kind == "play"]
    seven = Action("play", u(g, "7S@1"), value="attack", target=ZoneRef("table", 0))
    assert refusal(g, 0, seven) == "a 7 needs a tribute and you have no Attack/Defense card on the table"
    g = ugo_game(hands=["7S@1", ""], tables=[[("2C@0", "defense", True, "3D@0")], []])
    act(g, "play", "7S@1", target="2C@0", value="attack")
    assert table_codes(g, 0) == ["7S@1"]
    assert {"2C@0", "3D@0"} <= set(discard_codes(g, 0))  # the tribute goes with its equip


def test_at_most_five_ad_cards_on_the_table():
    five = [(f"{r}C@0", "defense", True, "") for r in (2, 3, 4, 5)] + [("2H@0", "defense", True, "")]
    g = ugo_game(hands=["3S@1", ""], tables=[five, []])
    assert not [a for a in g.legal_actions(0) if a.kind == "play"]
    sixth = Action("play", u(g, "3S@1"), value="attack", target=ZoneRef("table", 0))
    assert refusal(g, 0, sixth) == "You already have 5 Attack/Defense cards on the table"


def test_equips_go_on_own_face_up_cards_at_most_two():
    g = ugo_game(
        hands=["2D@1 4D@1 6D@1", ""],
        tables=[
            [("3S@0", "attack", True, ""), ("3H@0", "defense", False, "")],
            [("2C@1", "attack", True, "")],
        ],
    )
    targets = {a.target for a in g.legal_actions(0) if a.kind == "equip"}
    assert targets == {u(g, "3S@0")}  # not the face-down card, not the opponent's
    act(g, "equip", "2D@1", "3S@0")
    act(g, "equip", "4D@1", "3S@0")
    assert not [a for a in g.legal_actions(0) if a.kind == "equip"]
    assert g.view(1).info["stats"][u(g, "3S@0")] == (6 + 1 + 2, 3 + 1 + 2)


def test_equip_opponents_option():
    g = ugo_game(
        hands=["2D@1", ""],
        tables=[[("3S@0", "attack", True, "")], [("2C@1", "attack", True, "")]],
        options={"equip_opponents": True},
    )
    assert {a.target for a in g.legal_actions(0) if a.kind == "equip"} == {u(g, "3S@0"), u(g, "2C@1")}


def test_one_position_change_per_turn_of_any_cards():
    g = ugo_game(
        hands=["5C@1", ""],
        tables=[
            [("3S@0", "attack", True, ""), ("2H@0", "defense", False, "")],
            [("2C@1", "defense", True, "")],
        ],
    )
    events = act(g, "turn", "2H@0")  # defense -> attack turns it face up
    assert any(isinstance(e, Turned) and e.face_up for e in events)
    act(g, "turn", "3S@0")  # part of the same change
    assert g.tables[0].state[u(g, "2H@0")].face_up is True
    assert g.tables[0].state[u(g, "3S@0")].orientation == "defense"
    act(g, "play", "5C@1", value="attack")  # any other action ends the change
    assert not [a for a in g.legal_actions(0) if a.kind == "turn"]
    turn = Action("turn", u(g, "5C@1"), value="defense")
    assert refusal(g, 0, turn) == "You have already changed positions this turn"


def test_a_face_up_card_never_turns_face_down():
    g = ugo_game(tables=[[("3S@0", "attack", True, "")], []])
    act(g, "turn", "3S@0")
    st = g.tables[0].state[u(g, "3S@0")]
    assert st.orientation == "defense" and st.face_up


def test_each_card_attacks_once_per_turn():
    g = ugo_game(tables=[[("2S@0", "attack", True, ""), ("2C@0", "attack", True, "")], []], hands=["", ""])
    act(g, "attack", "2S@0")
    assert {a.card for a in g.legal_actions(0) if a.kind == "attack"} == {u(g, "2C@0")}
    again = Action("attack", u(g, "2S@0"), target=ZoneRef("table", 1))
    assert refusal(g, 0, again) == "2♠ has already attacked this turn"


def test_first_round_only_the_last_player_attacks():
    g = UGO.new_game(3, seed=4)
    first = g.turn
    for i in range(3):
        seat = g.turn
        assert seat == (first + i) % 3
        can = g.attacks_allowed()
        assert can == (i == 2), f"turn {i} of the first round"
        g.apply(seat, Action("end"))
    assert g.attacks_allowed()


# -- special cards ----------------------------------------------------------------


def test_ace_destroys_one_target_card_with_its_equips():
    g = ugo_game(
        hands=["AH@1", ""],
        tables=[[], [("5S@1", "attack", True, "2D@1"), ("2H@1", "defense", False, "")]],
    )
    targets = [a.target for a in g.legal_actions(0) if a.kind == "ace"]
    assert targets == [u(g, "5S@1"), Slot("table", 1, 1)]
    act(g, "ace", "AH@1", "5S@1")
    assert table_codes(g, 1) == ["2H@1"]
    assert {"5S@1", "2D@1"} <= set(discard_codes(g, 1)) and "AH@1" in discard_codes(g, 1)


@pytest.mark.parametrize(
    "ace, left",
    [
        ("AS@1", ["2H@1", "3C@1"]),  # ♠: every attack-position card
        ("AH@1", ["5S@1"]),  # ♥: every defense-position card, face-down too
        ("AC@1", []),  # ♣: every A/D card
        ("AD@1", ["5S@1", "2H@1", "3C@1"]),  # ♦: every equip, the cards stay
    ],
)
def test_specific_aces(ace, left):
    g = ugo_game(
        hands=[ace, ""],
        tables=[
            [],
            [("5S@1", "attack", True, "2D@1"), ("2H@1", "defense", False, ""), ("3C@1", "defense", True, "")],
        ],
        options={"specific_aces": True},
    )
    act(g, "ace", ace)
    assert table_codes(g, 1) == left
    equips = [e.code for st in g.tables[1].state.values() for e in st.attached]
    assert equips == (["2D@1"] if "5S@1" in left and ace != "AD@1" else [])


def test_king_mills_and_jack_steals_the_top_card():
    g = ugo_game(hands=["KS@1 JS@1", ""], decks=[20, 20])
    top = g.decks[1].cards[-1]
    act(g, "king", "KS@1")
    assert deck_size(g, 1) == 19 and top in g.discards[top.back].cards
    top = g.decks[1].cards[-1]
    act(g, "jack", "JS@1")
    assert deck_size(g, 1) == 18 and top in g.hands[0].cards
    assert top in g.view(0).zone("hand", 0).known_cards and top not in g.view(1).known_cards()


def test_queen_draws_secretly_from_own_discard_pile_and_leaves_the_game():
    g = ugo_game(hands=["QS@1", ""], discards=["2C@0 3C@0 4C@0", ""])
    events = act(g, "queen", "QS@1")
    assert "QS@1" in [c.code for c in g.removed.cards]
    drawn = [e for e in events if isinstance(e, Moved) and e.src == ("discard", 0)]
    assert len(drawn) == 1 and drawn[0].dst == ("hand", 0)
    card = drawn[0].card
    assert card.code in ("2C@0", "3C@0", "4C@0") and card in g.hands[0].cards
    assert drawn[0].for_seat(1).card is None
    # The rest of the pile lies face down: the other player cannot tell which card was drawn.
    assert g.view(1).zone("discard", 0).known_cards == []
    assert len(g.view(1).zone("discard", 0)) == 2
    assert len(g.view(0).zone("discard", 0).known_cards) == 2
    said = [format_prompt(e.text, ["Ann", "Bo"], 1) for e in events if isinstance(e, Announced)]
    assert "Ann plays Q♠ and draws the top card of Ann's shuffled discard pile" in said
    mine = [format_prompt(e.text, ["Ann", "Bo"], 0) for e in events if isinstance(e, Announced)]
    assert "You play Q♠ and draw the top card of your shuffled discard pile" in mine


def test_nine_reverses_the_direction_with_three_players():
    g = ugo_game(players=3, hands=["9S@2", "", ""])
    assert g.target_of(0) == 1
    act(g, "nine", "9S@2")
    assert g.target_of(0) == 2 and g.view(1).info["direction"] == -1
    act(g, "end")
    assert g.turn == 2  # play continues the other way


def test_nine_with_two_players_may_be_played_to_no_effect():
    g = ugo_game(hands=["9S@1", ""])
    act(g, "nine", "9S@1")
    assert g.target_of(0) == 1
    act(g, "end")
    assert g.turn == 1


def test_eight_refreshes_every_hand():
    g = ugo_game(hands=["8S@1 2C@1 3C@1", "2S@0 3S@0 4S@0 5S@0"], decks=[20, 20])
    act(g, "eight", "8S@1")
    # The 8 itself is not replaced: 2 new cards for seat 0, 4 for seat 1.
    assert len(g.hands[0].cards) == 2 and deck_size(g, 0) == 18
    assert len(g.hands[1].cards) == 4 and deck_size(g, 1) == 16
    assert {"2C@1", "3C@1", "8S@1"} <= set(discard_codes(g, 1))
    assert {"2S@0", "5S@0"} <= set(discard_codes(g, 0))


# -- running out -----------------------------------------------------------------


def test_direct_attack_eliminates_mid_turn_and_targets_are_recomputed():
    # Seat 1 holds 3 cards in its deck; ♠4 (8) sends 8: out. Seat 0 then attacks seat 2.
    g = ugo_game(
        players=3,
        tables=[[("4S@0", "attack", True, ""), ("2C@0", "attack", True, "")], [], []],
        hands=["", "", ""],
        decks=[20, 3, 20],
    )
    events = act(g, "attack", "4S@0")
    assert any(isinstance(e, PlayerOut) and e.seat == 1 for e in events)
    assert not g.alive[1] and deck_size(g, 1) == 0
    assert g.target_of(0) == 2 and g.turn == 0 and not g.is_over()
    act(g, "attack", "2C@0")
    assert deck_size(g, 2) == 18


def test_king_on_an_empty_deck_knocks_the_target_out_and_ends_the_game():
    g = ugo_game(hands=["KS@1", ""], decks=[20, 0])
    events = act(g, "king", "KS@1")
    assert g.is_over() and g.winners() == (0,)
    assert any(isinstance(e, PlayerOut) for e in events)


def test_eight_can_knock_out_several_players_at_once():
    g = ugo_game(players=3, hands=["8S@2 2C@2", "2S@0 3S@0", "2H@1 3H@1 4H@1"], decks=[20, 1, 2])
    act(g, "eight", "8S@2")
    assert g.alive == [True, False, False] and g.is_over() and g.winners() == (0,)


def test_an_exactly_emptied_deck_is_not_yet_a_loss():
    g = ugo_game(tables=[[("3C@0", "attack", True, "")], []], hands=["", ""], decks=[20, 3])
    act(g, "attack", "3C@0")
    assert deck_size(g, 1) == 0 and g.alive[1]
    act(g, "end")  # seat 1 must draw at the start of its turn: now it is out
    assert not g.alive[1] and g.is_over() and g.winners() == (0,)


def test_the_attacker_can_run_out_through_its_own_weak_attack():
    g = ugo_game(
        players=3,
        tables=[[("2C@0", "attack", True, "")], [("7H@1", "defense", True, "")], []],
        hands=["", "", ""],
        decks=[5, 20, 20],
    )
    act(g, "attack", "2C@0", "7H@1")  # 2 < 14: seat 0 must send 12 of its 5
    assert not g.alive[0] and g.turn == 1 and g.phase == "turn"


# -- discard piles -----------------------------------------------------------------


def test_cards_go_to_their_owner_or_to_the_player():
    for where, pile in (("owner", 1), ("player", 0)):
        g = ugo_game(hands=["KS@1", ""], options={"discard_to": where})
        act(g, "king", "KS@1")
        assert "KS@1" in discard_codes(g, pile)


def test_decks_are_passed_left_or_kept():
    g = UGO.new_game(3, seed=1)
    on_table = {c for s in range(3) for c in g.hands[s].cards}
    for s in range(3):
        assert {c.back for c in g.decks[s].cards} == {(s - 1) % 3}
    assert len(on_table) >= 15
    g = UGO.new_game(3, {"pass_decks": False}, seed=1)
    for s in range(3):
        assert {c.back for c in g.decks[s].cards} == {s}


# -- optional rules ---------------------------------------------------------------


def test_nine_counters_turn_a_king_back_on_its_user():
    g = ugo_game(hands=["KS@1", "9H@0 2C@0"], options={"nine_counters": True})
    act(g, "king", "KS@1")
    assert g.phase == "react" and g.to_act() == (1,)
    act(g, "counter", "9H@0")
    assert deck_size(g, 0) == 19 and deck_size(g, 1) == 20
    assert g.to_act() == (0,) and g.phase == "turn"


def test_a_countered_plain_ace_lets_the_counterer_choose():
    g = ugo_game(
        hands=["AS@1", "9H@0"],
        tables=[
            [("5C@0", "attack", True, ""), ("4H@0", "defense", False, "")],
            [("3C@1", "attack", True, "")],
        ],
        options={"nine_counters": True},
    )
    act(g, "ace", "AS@1", "3C@1")
    act(g, "counter", "9H@0")
    assert g.phase == "choose" and g.to_act() == (1,)
    targets = [a.target for a in g.legal_actions(1)]
    assert targets == [u(g, "5C@0"), Slot("table", 0, 1)]
    act(g, "destroy", target=Slot("table", 0, 1))
    assert table_codes(g, 0) == ["5C@0"] and table_codes(g, 1) == ["3C@1"]


def test_ten_stops_specials_option():
    g = ugo_game(hands=["JS@1", "10H@0"])
    act(g, "jack", "JS@1")
    assert g.phase == "turn" and deck_size(g, 1) == 19  # by default a 10 only stops attacks
    g = ugo_game(hands=["JS@1", "10H@0"], options={"ten_stops_specials": True})
    act(g, "jack", "JS@1")
    act(g, "ten", "10H@0")
    assert deck_size(g, 1) == 20


def test_games_end_with_one_player_standing():
    for players in range(2, 7):
        g = UGO.new_game(players, seed=players)
        play_out(g, random.Random(players), limit=20000)
        alive = [s for s in range(players) if g.alive[s]]
        assert len(alive) <= 1 and set(g.winners()) >= set(alive) and g.winners()
