"""Ugh!'s rules (RULES.md §3), worked example by worked example."""

import pytest

from cardtable.engine import Action, Announced, GameOver, IllegalAction, Moved, ScoreChanged, ZoneRef
from ugh_support import UGH, do, faces, find, lock, pool_faces, ugh_game


def _announced(events, what):
    return [e for e in events if isinstance(e, Announced) and e.what == what]


# -- the table and the first turn ---------------------------------------------------


def test_a_new_game_has_a_shuffled_deck_empty_piles_and_a_random_first_player():
    firsts = set()
    for seed in range(12):
        game = UGH.new_game(4, seed=seed)
        view = game.view(None)
        assert len(view.zone("deck")) == 110 and view.zone("deck").hidden_count == 110
        assert all(len(view.zone(f"safety{p}")) == 0 for p in (1, 2, 3))
        assert game.to_act() == (view.info["first_player"],) == (view.info["turn"],)
        firsts.add(game.to_act()[0])
        assert game.opening_events[-1].what == "first_player"
    assert len(firsts) > 1


def test_the_first_player_cannot_take_from_empty_safety_piles():
    game = ugh_game(deck="G1 O1")
    assert [a.kind for a in game.legal_actions(0)] == ["flip"]
    before = game.to_dict()
    bogus = Action("take", game.catalog.by_code("G2#1"), target=ZoneRef("pool", 0))
    with pytest.raises(IllegalAction, match="not on top of a Safety pile"):
        game.apply(0, bogus)
    assert game.to_dict() == before


# -- flipping into the Safety piles ---------------------------------------------


def test_flips_go_onto_piles_one_two_three_and_the_fourth_into_the_pool():
    game = ugh_game(deck="G1 O2 P3 G5 O5")
    do(game, 0, "flip")
    do(game, 0, "flip")
    events = do(game, 0, "flip")
    assert [faces(game.safety[p].cards) for p in range(3)] == [["G1"], ["O2"], ["P3"]]
    assert events[0].dst == ("safety3", None) and events[0].card is not None
    assert game.view(0).prompt.startswith("Take the top of a Safety pile, or flip a 4th card")
    events = do(game, 0, "flip")
    # The 4th flip cannot go to a Safety pile: straight into the Pool, taking is done.
    assert pool_faces(game, 0) == ["G5"]
    assert events[0] == Moved(events[0].card, 0, ("deck", None), ("pool", 0))
    assert [faces(game.safety[p].cards) for p in range(3)] == [["G1"], ["O2"], ["P3"]]
    assert game.to_act() == (1,) and game.view(0).info["turn"] == 1  # no set to lock: turn over


def test_taking_ends_the_taking_and_the_safety_piles_persist():
    game = ugh_game(deck="G1 O2 P3 G3")
    do(game, 0, "flip")
    do(game, 0, "flip")
    do(game, 0, "take", "G1")
    assert pool_faces(game, 0) == ["G1"]
    # Seat 0 has no set: the turn passed at once. Pile 2 still holds the orange 2 for seat 1.
    assert game.to_act() == (1,)
    assert [faces(game.safety[p].cards) for p in range(3)] == [[], ["O2"], []]
    takes = [a for a in game.legal_actions(1) if a.kind == "take"]
    assert [(faces([a.card]), a.target) for a in takes] == [(["O2"], ZoneRef("pool", 1))]
    assert "Safety pile 2" in takes[0].label
    # Seat 1's first flip goes onto pile 1 again, on top of nothing; the next onto pile 2, over the O2.
    do(game, 1, "flip")
    do(game, 1, "flip")
    assert [faces(game.safety[p].cards) for p in range(3)] == [["P3"], ["O2", "G3"], []]


def test_after_taking_only_locking_or_ending_remain():
    game = ugh_game(pools=["G4 O2", "", "", ""], safety=["P3", "", ""], deck="G1")
    do(game, 0, "take", "P3")
    kinds = {a.kind for a in game.legal_actions(0)}
    assert kinds == {"lock", "end"}
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="you have your card"):
        game.apply(0, Action("flip"))
    assert game.to_dict() == before
    do(game, 0, "end")
    assert game.to_act() == (1,)


def test_the_turn_cannot_end_before_taking():
    game = ugh_game(safety=["P3", "", ""], deck="G1")
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="take a card first"):
        game.apply(0, Action("end"))
    assert game.to_dict() == before


# -- sets ---------------------------------------------------------------------------


def test_set_orange_2_green_4_purple_3_scores_24():
    game = ugh_game(pools=["O2 G4 P3 G1", "", "", ""], deck="G5")
    events = lock(game, 0, "O2 G4 P3")
    assert game.scores()[0] == 2 * 4 * 3 == 24
    (locked,) = _announced(events, "lock")
    assert locked.value[1] == 24 and faces(locked.value[0]) == ["O2", "G4", "P3"]
    assert [e for e in events if isinstance(e, ScoreChanged)] == [ScoreChanged(0, 24, 24, "set")]
    assert pool_faces(game, 0) == ["G1"]
    assert sorted(faces(game.victory[0].cards)) == ["G4", "O2", "P3"]
    assert game.view(0).info["sets"][0][0][1] == 24
    assert game.to_act() == (0,)  # locking does not end the turn: seat 0 still has to take


def test_purple_5_green_4_orange_wild_scores_60():
    game = ugh_game(pools=["P5 G4 WO", "", "", ""], deck="G5")
    lock(game, 0, "P5 G4 WO")
    # The Wild is worth one less than the lowest Number card: 4 - 1 = 3.
    assert game.scores()[0] == 5 * 4 * (4 - 1) == 60


@pytest.mark.parametrize(
    "cards, score",
    [
        ("WG WA P4", 4 * (4 - 1) * (4 - 1)),  # two Wilds, both worth 3: 36
        ("WG WO P1", 1 * 0 * 0),  # lowest 1: the Wilds are worth 0, never below
        ("WG WO WA", 0),  # no Number card: the set scores 0
        ("G5 O5 WA", 5 * 5 * 4),  # the All Wild stands for purple: 100
    ],
)
def test_sets_with_wilds(cards, score):
    game = ugh_game(pools=[cards, "", "", ""], deck="G5")
    lock(game, 0, cards)
    assert game.scores()[0] == score


def test_a_set_is_formed_card_by_card_and_can_be_put_back():
    game = ugh_game(pools=["G4 G2 O2 P3 P1", "", "", ""], deck="G5")
    do(game, 0, "lock", "G4")
    assert faces(game.forming[0].cards) == ["G4"]
    # Only cards that can still complete the set are offered: no second green card.
    offered = sorted(faces(a.card for a in game.legal_actions(0) if a.kind == "lock"))
    assert offered == ["O2", "P1", "P3"]
    assert {a.kind for a in game.legal_actions(0)} == {"lock", "cancel"}
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="cannot complete a set"):
        game.apply(0, Action("lock", game.pools[0].cards[0]))  # the G2
    with pytest.raises(IllegalAction, match="finish the set being formed"):
        game.apply(0, Action("flip"))
    assert game.to_dict() == before
    do(game, 0, "cancel")
    assert pool_faces(game, 0) == ["G2", "G4", "O2", "P1", "P3"] and not game.forming[0].cards
    assert "flip" in {a.kind for a in game.legal_actions(0)}


def test_cards_that_are_in_no_set_cannot_be_locked():
    game = ugh_game(pools=["G4 G2 O2", "", "", ""], deck="G5")
    assert not [a for a in game.legal_actions(0) if a.kind == "lock"]
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="not part of any complete set"):
        game.apply(0, Action("lock", game.pools[0].cards[0]))
    assert game.to_dict() == before


def test_locking_between_flips_and_the_turn_ends_when_nothing_is_left_to_do():
    game = ugh_game(pools=["G4 O2", "", "", ""], deck="P3 G1 O1")
    do(game, 0, "flip")  # P3 onto pile 1
    do(game, 0, "flip")  # G1 onto pile 2
    do(game, 0, "take", "P3")
    lock(game, 0, "G4 O2 P3")
    # Taken, nothing more to lock: the turn passed by itself.
    assert game.scores()[0] == 24 and game.to_act() == (1,)


# -- Wilds ----------------------------------------------------------------------------


STEALS = [
    # (wild, target, allowed)
    ("WO", "O3", True),  # its own color
    ("WO", "P3", False),  # another color
    ("WO", "WA", True),  # a Wild may steal the All Wild
    ("WO", "WG", False),  # never a Wild of another color
    ("WA", "G1", True),  # the All Wild steals anything
    ("WA", "WG", True),  # ... a Wild too
]


@pytest.mark.parametrize("wild, target, allowed", STEALS)
def test_steal_rules(wild, target, allowed):
    # Seat 2's orange 1 is always there to steal, so the Wild is a real choice.
    game = ugh_game(pools=["G2", f"{target} P5", "O1", ""], deck=f"{wild} G5")
    do(game, 0, "flip")
    assert game.phase == "wild"
    victim_card = next(c for c in game.pools[1].cards if faces([c]) == [target])
    action = Action("steal", game.flipped.cards[-1], target=victim_card)
    assert (action in game.legal_actions(0)) is allowed
    if allowed:
        events = game.apply(0, action)
        assert faces(game.pools[0].cards) == ["G2", target]
        assert faces(game.discard.cards) == [wild]
        (steal,) = _announced(events, "steal")
        assert steal.seat == 0 and steal.value[2] == 1
        assert game.to_act() == (1,)  # taking is done; no set to lock
        assert "O1" in faces(game.pools[2].cards)
    else:
        before = game.to_dict()
        with pytest.raises(IllegalAction, match="cannot steal"):
            game.apply(0, action)
        assert game.to_dict() == before


def test_two_decks_a_wild_steals_the_wild_of_its_own_color():
    game = ugh_game(pools=["", "WO", "", ""], deck="WO G5", options={"decks": 2})
    do(game, 0, "flip")
    steal = find(game, 0, "steal", "WO")
    assert steal.card == game.flipped.cards[-1] and steal.target in game.pools[1].cards
    game.apply(0, steal)
    assert faces(game.pools[0].cards) == ["WO"] and faces(game.discard.cards) == ["WO"]


def test_locked_cards_and_own_cards_cannot_be_stolen():
    game = ugh_game(
        pools=["O4", "O1", "", ""], victory=["", "O3 G3 P3", "", ""], ughs=["", "", "UGH-3", ""], deck="WO G5"
    )
    do(game, 0, "flip")
    steals = [a for a in game.legal_actions(0) if a.kind == "steal"]
    assert faces(a.target for a in steals) == ["O1"]
    wild = game.flipped.cards[-1]
    before = game.to_dict()
    locked = next(c for c in game.victory[1].cards if faces([c]) == ["O3"])
    with pytest.raises(IllegalAction, match="locked"):
        game.apply(0, Action("steal", wild, target=locked))
    # A face-down Ugh! card is not named as locked: the error must not tell where an unseen card is.
    (hidden,) = game.victory[2].cards
    with pytest.raises(IllegalAction, match="not in any player's Pool"):
        game.apply(0, Action("steal", wild, target=hidden))
    with pytest.raises(IllegalAction, match="already in your Pool"):
        game.apply(0, Action("steal", wild, target=game.pools[0].cards[0]))
    with pytest.raises(IllegalAction, match="decide about the Wild first"):
        game.apply(0, Action("lock", game.pools[0].cards[0]))
    assert game.to_dict() == before


def test_a_wild_kept_as_a_number_card_goes_onto_the_safety_pile():
    game = ugh_game(pools=["", "O1", "", ""], deck="G2 WO G5")
    do(game, 0, "flip")
    do(game, 0, "flip")
    keep = find(game, 0, "keep")
    assert keep.target == ZoneRef("safety2") and "Safety pile 2" in keep.label
    do(game, 0, "keep")
    assert faces(game.safety[1].cards) == ["WO"] and game.phase == "turn"
    do(game, 0, "take", "WO")
    assert pool_faces(game, 0) == ["WO"]


def test_a_flipped_wild_offers_steal_pool_or_the_next_safety_pile():
    # RULES.md section 3: (a) steal, (b) straight into the Pool, (c) onto the next Safety pile.
    game = ugh_game(pools=["", "O1 G3", "", ""], deck="G2 WO G5")
    do(game, 0, "flip")
    do(game, 0, "flip")
    assert game.phase == "wild"
    choices = {a.kind: a for a in game.legal_actions(0)}
    assert set(choices) == {"steal", "pool", "keep"}
    assert faces([choices["steal"].target]) == ["O1"]  # an orange Wild steals only orange
    assert choices["pool"].target == ZoneRef("pool", 0) and choices["keep"].target == ZoneRef("safety2")
    events = do(game, 0, "pool")
    assert pool_faces(game, 0) == ["WO"] and faces(game.safety[1].cards) == []
    assert [(e.src, e.dst) for e in events if isinstance(e, Moved)][0] == (("flipped", None), ("pool", 0))
    assert game.to_act() == (1,)  # taking is done and no set can be locked: the turn passed


def test_a_wild_with_nothing_to_steal_still_offers_pool_or_safety_pile():
    game = ugh_game(pools=["O1", "P1", "", ""], deck="WO G5")
    do(game, 0, "flip")
    assert game.phase == "wild"
    assert {a.kind for a in game.legal_actions(0)} == {"pool", "keep"}
    events = do(game, 0, "keep")
    assert game.phase == "turn" and faces(game.safety[0].cards) == ["WO"]
    assert [e.dst for e in events if isinstance(e, Moved)] == [("safety1", None)]
    do(game, 0, "take", "WO")  # and it can be taken from there at once
    assert pool_faces(game, 0) == ["O1", "WO"]


@pytest.mark.parametrize("steals", [True, False])
def test_a_wild_flipped_fourth_steals_or_goes_into_the_pool(steals):
    game = ugh_game(
        pools=["", "O1", "", ""], deck="G1 G2 G3 WO G5", options={"fourth_flip_wild_steals": steals}
    )
    for _ in range(4):
        do(game, 0, "flip")
    if steals:
        assert game.phase == "wild"
        assert {a.kind for a in game.legal_actions(0)} == {"steal", "pool"}  # no 4th Safety pile
        do(game, 0, "steal", "O1")
        assert pool_faces(game, 0) == ["O1"]
    else:
        assert game.phase == "turn" and pool_faces(game, 0) == ["WO"]
    assert game.to_act() == (1,)


@pytest.mark.parametrize(
    ("deck", "pools", "said"),
    [
        ("G1 G2 G3 WA G5", ["", "O1", "", ""], "Steal a card with the All Wild or put it into your Pool"),
        (
            "WG G2",
            ["", "G1", "", ""],
            "Steal a card with the green Wild, put it into your Pool, "
            "or put it onto Safety pile 1 like a Number card",
        ),
        (
            "WG G2",
            ["", "P1", "", ""],
            "Put the green Wild into your Pool or put it onto Safety pile 1 like a Number card",
        ),
    ],
    ids=["4th flip", "1st flip", "1st flip, nothing to steal"],
)
def test_a_flipped_wild_asks_for_exactly_the_choices_it_has(deck, pools, said):
    """A 4th flip cannot go onto a Safety pile, so it is not offered as a Number card."""
    game = ugh_game(pools=pools, deck=deck)
    while game.phase != "wild":
        do(game, 0, "flip")
    kinds = {a.kind for a in game.legal_actions(0)}
    assert game.view(0).prompt == said
    assert ("keep" in kinds) == ("Safety pile" in said) and ("steal" in kinds) == said.startswith("Steal")


def test_a_wild_flipped_fourth_with_nothing_to_steal_goes_into_the_pool_without_asking():
    game = ugh_game(pools=["", "P1", "", ""], deck="G1 G2 G3 WO G5")
    for _ in range(4):
        do(game, 0, "flip")
    assert pool_faces(game, 0) == ["WO"] and game.to_act() == (1,)


def test_the_first_player_can_be_the_first_seat():
    for seed in range(20):
        game = UGH.new_game(4, {"first_player": "first_seat"}, seed=seed)
        assert game.to_act() == (0,) and game.view(0).info["first_player"] == 0
    assert UGH.schema.defaults()["first_player"] == "random"


# -- Ugh! cards -----------------------------------------------------------------------


def test_first_flip_ugh_goes_face_up_to_the_victory_pile_for_3_points():
    game = ugh_game(pools=["G4 O2", "", "", ""], deck="UGH G5")
    events = do(game, 0, "flip")
    assert game.scores()[0] == 3
    assert faces(game.victory[0].cards) == ["UGH"]
    assert pool_faces(game, 0) == ["G4", "O2"]  # a plain Ugh! only ends the turn
    assert game.to_act() == (1,)
    assert ScoreChanged(0, 3, 3, "first-flip Ugh!") in events
    # Everyone saw the flip, so the card stays public in the Victory pile (RULES.md section 3).
    assert events[0].card is not None and events[0].seen == -1
    to_victory = next(e for e in events if isinstance(e, Moved) and e.dst == ("victory", 0))
    assert to_victory.face_up and all(to_victory.for_seat(s).card is not None for s in (0, 1, None))
    for seat in (0, 1, None):
        zone = game.view(seat).zone("victory", 0)
        assert zone.hidden_count == 0 and zone.known_cards == game.victory[0].cards
    assert game.view(1).info["first_ughs"] == (1, 0, 0, 0)


def test_a_later_ugh_goes_to_the_discard_pile_for_nothing():
    game = ugh_game(pools=["G4 O2", "", "", ""], deck="G1 UGH G5")
    do(game, 0, "flip")
    events = do(game, 0, "flip")
    assert game.scores()[0] == 0 and faces(game.discard.cards)[-1] == "UGH"
    assert not game.victory[0].cards
    assert not [e for e in events if isinstance(e, ScoreChanged)]
    # The flipped green 1 stays on Safety pile 1 for the next player; the turn is over.
    assert faces(game.safety[0].cards) == ["G1"] and game.to_act() == (1,)


def test_first_ugh_points_option():
    game = ugh_game(deck="UGH G5", options={"first_ugh_points": 5})
    do(game, 0, "flip")
    assert game.scores()[0] == 5


def test_minus_two_with_one_card_in_the_pool_discards_it():
    game = ugh_game(pools=["P4", "", "", ""], deck="G1 UGH-2 G5")
    do(game, 0, "flip")
    do(game, 0, "flip")
    # -2 with only one card: all of it goes, without a choice; the turn ends.
    assert pool_faces(game, 0) == [] and faces(game.discard.cards)[-2:] == ["P4", "UGH-2"]
    assert game.to_act() == (1,) and game.phase == "turn"


def test_minus_n_discards_are_chosen_one_card_at_a_time():
    game = ugh_game(pools=["P4 G1 O5 G2", "", "", ""], deck="UGH-2 G5")
    do(game, 0, "flip")
    assert game.phase == "discard" and game.view(0).prompt == "Ugh! Discard 2 cards from your Pool"
    assert sorted(faces(a.card for a in game.legal_actions(0))) == ["G1", "G2", "O5", "P4"]
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="resolved first"):
        game.apply(0, Action("end"))
    assert game.to_dict() == before
    do(game, 0, "discard", "G1")
    assert game.view(0).prompt == "Ugh! Discard 1 card from your Pool"
    do(game, 0, "discard", "G2")
    assert pool_faces(game, 0) == ["O5", "P4"]
    # The -2 was the first flip: it scores 3 in the Victory pile.
    assert game.scores()[0] == 3 and game.to_act() == (1,)


def test_the_ice_age_with_two_colors_discards_one_of_each_and_one_more():
    game = ugh_game(pools=["G1 G4 O2 O5 WA", "", "", ""], deck="G3 ICE G5")
    do(game, 0, "flip")
    do(game, 0, "flip")
    assert game.phase == "discard" and game.view(0).info["ice_colors"] == ("green", "orange")
    # First one card of each color present (the All Wild is no color of its own) ...
    assert sorted(faces(a.card for a in game.legal_actions(0))) == ["G1", "G4", "O2", "O5"]
    do(game, 0, "discard", "G1")
    assert sorted(faces(a.card for a in game.legal_actions(0))) == ["O2", "O5"]
    do(game, 0, "discard", "O2")
    # ... then one more card of the player's choice.
    assert sorted(faces(a.card for a in game.legal_actions(0))) == ["G4", "O5", "WA"]
    do(game, 0, "discard", "WA")
    assert pool_faces(game, 0) == ["G4", "O5"]
    assert faces(game.discard.cards)[-4:] == ["G1", "O2", "WA", "ICE"]
    assert game.to_act() == (1,)


def test_ice_age_choices_that_are_not_choices_are_made_for_the_player():
    # One card of each color and nothing else: every card goes, with no action asked for.
    game = ugh_game(pools=["G1 O2 P3", "", "", ""], deck="ICE G5")
    do(game, 0, "flip")
    assert pool_faces(game, 0) == [] and game.to_act() == (1,)
    # Two identical green 1s: which copy goes makes no difference, so one goes at once.
    game = ugh_game(pools=["G1 G1 O4 O5", "", "", ""], deck="ICE G5")
    do(game, 0, "flip")
    assert pool_faces(game, 0) == ["G1", "O4", "O5"]
    assert sorted(faces(a.card for a in game.legal_actions(0))) == ["O4", "O5"]
    do(game, 0, "discard", "O4")
    # The one more of the player's choice is a real choice again.
    assert sorted(faces(a.card for a in game.legal_actions(0))) == ["G1", "O5"]


def test_no_locking_after_an_ugh():
    game = ugh_game(pools=["G4 O2 P3 P5", "", "", ""], deck="G1 UGH-1 G5")
    do(game, 0, "flip")
    do(game, 0, "flip")
    assert game.phase == "discard"
    assert {a.kind for a in game.legal_actions(0)} == {"discard"}
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="no more locking"):
        game.apply(0, Action("lock", game.pools[0].cards[0]))
    assert game.to_dict() == before


# -- the last card ----------------------------------------------------------------


def test_last_card_window_then_an_ugh_ends_the_game_without_locking():
    game = ugh_game(
        pools=["G4 O2 P3", "G5 O5", "G1 O1 P1", "G2 O2 P2"],
        safety=["P4", "", ""],
        deck="UGH-1",
        rest="discard",
        turn=1,
    )
    events = do(game, 1, "flip")
    (window,) = _announced(events, "last_card")
    # From the current player (seat 1, who has no set: skipped) clockwise: 2, 3, then 0.
    assert window.value == (2, 3, 0)
    assert game.phase == "window" and game.to_act() == (2,)
    assert {a.kind for a in game.legal_actions(2)} == {"lock", "done"}
    assert game.legal_actions(1) == [] and game.view(1).prompt.startswith("Last card: waiting")
    lock(game, 2, "G1 O1 P1")  # its only set: its part of the window closes by itself
    assert game.to_act() == (3,)
    do(game, 3, "done")  # seat 3 keeps its set unlocked
    assert game.to_act() == (0,)
    events = lock(game, 0, "G4 O2 P3")
    # Then the last card is flipped: an Ugh!, seat 1's first flip of the turn, so it still scores 3.
    assert game.is_over() and isinstance(events[-1], GameOver)
    assert game.scores() == (24, 3, 1, 0)
    assert game.winners() == (0,)
    assert game.legal_actions(1) == []  # no locking after the Ugh!: the game is over
    assert pool_faces(game, 1) == ["G5", "O5"]  # unlocked, unscored; no discards at the end


def test_the_last_card_window_starts_with_the_current_player_and_goes_clockwise():
    game = ugh_game(pools=["G1 O1 P1", "G2 O2 P2", "G3 O3 P3", "G4 O4 P4"], deck="P5", rest="discard", turn=2)
    events = do(game, 2, "flip")
    assert _announced(events, "last_card")[0].value == (2, 3, 0, 1)
    order = []
    while game.phase == "window":
        seat = game.to_act()[0]
        order.append(seat)
        assert game.view(seat).prompt == "Last card: lock any sets now, then say done"
        do(game, seat, "done")
    assert order == [2, 3, 0, 1]
    # Nobody locked; then seat 2 flips: the purple 5 goes onto Safety pile 1.
    assert game.to_act() == (2,) and faces(game.safety[0].cards) == ["P5"]
    assert game.scores() == (0, 0, 0, 0)


def test_last_card_a_number_card_is_played_then_the_player_locks_and_the_game_ends():
    game = ugh_game(pools=["G5 O5", "G3 O3 P3", "", ""], deck="P5", rest="discard")
    events = do(game, 0, "flip")
    assert _announced(events, "last_card")[0].value == (1,)
    assert game.to_act() == (1,)  # off-turn: seat 1 decides
    do(game, 1, "done")
    # The flip happened: the purple 5 is on Safety pile 1, seat 0 plays on.
    assert faces(game.safety[0].cards) == ["P5"] and game.to_act() == (0,) and not game.is_over()
    assert {a.kind for a in game.legal_actions(0)} == {"take"}  # the deck is empty
    assert game.view(0).prompt == "Take the top of a Safety pile (the deck is empty)"
    do(game, 0, "take", "P5")
    lock(game, 0, "G5 O5 P5")
    assert game.is_over()
    assert game.scores() == (5 * 5 * 5, 0, 0, 0) and game.winners() == (0,)


def test_last_card_first_flip_ugh_still_scores():
    game = ugh_game(pools=["G5 O5 P5", "", "", ""], deck="UGH", rest="discard")
    do(game, 0, "flip")
    assert game.to_act() == (0,) and game.phase == "window"
    do(game, 0, "done")  # seat 0 gambles its set away
    assert game.is_over() and game.scores() == (3, 0, 0, 0)


def test_last_card_window_with_nobody_to_ask_flips_at_once():
    game = ugh_game(deck="G2", rest="discard")
    events = do(game, 0, "flip")
    assert _announced(events, "last_card")[0].value == ()
    assert faces(game.safety[0].cards) == ["G2"] and game.to_act() == (0,)
    do(game, 0, "take", "G2")
    assert game.is_over() and game.winners() == (0, 1, 2, 3)  # all 0: a shared win


def test_ties_share_the_win():
    game = ugh_game(pools=["G2 O3 P4", "G4 O3 P2", "", ""], safety=["G1", "", ""], deck="O1", rest="discard")
    do(game, 0, "take", "G1")
    lock(game, 0, "G2 O3 P4")
    assert game.to_act() == (1,)
    do(game, 1, "flip")  # the last card: seat 1 first, then seat 0 (no set left: skipped)
    lock(game, 1, "G4 O3 P2")
    do(game, 1, "take", "O1")
    assert game.is_over() and game.scores() == (24, 24, 0, 0) and game.winners() == (0, 1)


# -- whose decision -------------------------------------------------------------------


def test_only_the_seat_to_act_may_act():
    game = ugh_game(deck="G1")
    before = game.to_dict()
    with pytest.raises(IllegalAction, match=r"not \{seat:2\}'s decision"):
        game.apply(2, Action("flip"))
    with pytest.raises(IllegalAction, match="no such seat"):
        game.apply(7, Action("flip"))
    with pytest.raises(IllegalAction, match="not an action"):
        game.apply(0, "flip")
    with pytest.raises(IllegalAction, match="not a card of this game"):
        game.apply(0, Action("lock", 5))
    assert game.to_dict() == before
    assert game.legal_actions(2) == []


def test_an_action_without_its_card_or_with_a_wrong_seat_says_so():
    game = ugh_game(pools=["G4 O2 P3", "O1", "", ""], safety=["G1", "", ""], deck="WA G5")
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="^say which top card of a Safety pile to take$"):
        game.apply(0, Action("take"))
    with pytest.raises(IllegalAction, match="^say which card of your Pool to put in the set$"):
        game.apply(0, Action("lock"))
    assert game.to_dict() == before
    do(game, 0, "flip")
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="^say which card to steal with the All Wild$"):
        game.apply(0, Action("steal"))
    o1 = game.pools[1].cards[0]
    wild = game.flipped.cards[-1]
    with pytest.raises(IllegalAction, match="^a steal is made with the All Wild, not orange 1$"):
        game.apply(0, Action("steal", o1, target=wild))
    with pytest.raises(IllegalAction, match="^'pool' is not a card to steal$"):
        game.apply(0, Action("steal", wild, target="pool"))
    assert game.to_dict() == before
    game = ugh_game(pools=["P4 G1 O5", "", "", ""], deck="UGH-2 G5")
    do(game, 0, "flip")
    with pytest.raises(IllegalAction, match="^say which card of your Pool to discard$"):
        game.apply(0, Action("discard"))


def test_prompts_name_the_player_to_wait_for():
    game = ugh_game(safety=["G1", "", ""], deck="G1", turn=2)
    assert game.view(2).prompt == "Take the top of a Safety pile, or flip a card"
    assert game.view(0).prompt == "Waiting for {seat:2}"
    assert game.view(None).prompt == "Waiting for {seat:2}"


# -- registry, options and variants -----------------------------------------------


def test_ugh_is_registered_for_2_to_12_players_with_its_variants(capsys):
    from cardtable import games
    from cardtable.cli import main

    spec = games.get("ugh")
    assert (spec.id, spec.name, spec.min_players, spec.max_players) == ("ugh", "Ugh!", 2, 12)
    assert {"standard", "younger-players", "two-decks"} <= set(spec.variants)
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "Ugh! - 2 to 12 players" in out and "variant younger-players:" in out
    assert main(["games", "--options", "ugh"]) == 0
    out = capsys.readouterr().out
    for option in spec.schema:
        assert f"  {option.key}  [" in out and option.description in out


@pytest.mark.parametrize("variant", ["standard", "younger-players", "two-decks", "no-ugh-points"])
def test_each_variant_starts_a_game_with_its_options(variant):
    game = UGH.new_game(3, seed=1, variant=variant)
    for key, value in UGH.variants[variant].options.items():
        assert game.options[key] == value
    sizes = {"younger-players": 104, "two-decks": 220}
    assert len(game.all_cards()) == sizes.get(variant, 110)


def test_option_defaults_follow_the_rules():
    assert UGH.schema.defaults() == {
        "decks": "auto",
        "younger_players": False,
        "first_ugh_points": 3,
        "first_player": "random",
        "fourth_flip_wild_steals": True,
    }


def test_simulate_plays_ugh_from_the_command_line(capsys):
    from cardtable.cli import main

    code = main(["simulate", "ugh", "--players", "3", "--games", "2", "--agents", "rule,random,random"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("Ugh!: 3 players, 2 games, Standard rules, seed 1")
    rows = [line.split() for line in out.splitlines()[2:5]]
    assert [r[1] for r in rows] == ["rule", "random", "random"]
    assert sum(int(r[2]) for r in rows) >= 2


@pytest.mark.parametrize("seed", range(6))
def test_only_the_lock_that_completes_a_set_is_shown_before_it_is_made(seed):
    """The table asks for a second click on an action marked ``preview``: in Ugh! the lock whose
    label gives the set and its score, and no other."""
    import random

    rng = random.Random(seed)
    game = UGH.new_game(3, seed=seed)
    seen = {True: 0, False: 0}
    while not game.is_over():
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        for a in legal:
            assert a.preview == (a.kind == "lock" and " for " in a.label and " point" in a.label), a.label
            if a.kind == "lock":
                seen[a.preview] += 1
        game.apply(seat, rng.choice(legal))
    assert seen[True] > 0


def test_an_actions_words_name_its_own_copy_of_a_card():
    """Words are made once and kept, but for each copy of a card: a steal of one green 3 never names
    another green 3 (whose code a player's view may not hold)."""
    from collections import defaultdict

    from cardtable import games
    from cardtable.games.ugh.rules import _steal_action

    game = games.get("ugh").new_game(4, {}, 1)
    t = game.t
    by_face = defaultdict(list)
    for card in game.catalog.cards:
        by_face[card.name].append(card)
    copies = next(cards for cards in by_face.values() if len(cards) >= 2)
    wild = next(c for c in game.catalog.cards if "Wild" in str(c.name) or c.code.startswith("W"))
    for card in copies:
        for victim in (1, 2):
            action = _steal_action(t, wild, card, victim)
            named = [v for k, v in action.label.params if k == "card"]
            assert named == [card], f"the steal of {card.code} names {[c.code for c in named]}"
