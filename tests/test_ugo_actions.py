"""U-G-O on the action contract: where each action goes, refusals of near misses, the view's facts."""

import json
import random
import re
from dataclasses import replace

import pytest

from cardtable.engine import (
    STANDARD,
    Action,
    Announced,
    Card,
    IllegalAction,
    Slot,
    ZoneRef,
    format_prompt,
    match,
)
from cardtable.engine.facts import problems
from support import UGO, act, random_step, u, ugo_game

NAMES = ["Ada", "Bo", "Cy", "Dee", "Eli", "Fay"]


def legal(game, kind, seat=0):
    return [a for a in game.legal_actions(seat) if a.kind == kind]


def refusal(game, seat, action, raw_seat_ok=False):
    """Apply ``action``: refused with a readable reason, nothing changed; the reason as ``seat`` reads it.

    ``raw_seat_ok``: the engine's own refusal of a seat that does not exist
    (cardtable.engine.game, not U-G-O's words) may name it by number.
    """
    before = game.to_dict()
    text = json.dumps(before)
    with pytest.raises(IllegalAction) as refused:
        game.apply(seat, action)
    assert game.to_dict() == before and json.dumps(game.to_dict()) == text
    reason = str(refused.value)
    assert reason.strip() and (raw_seat_ok or not re.search(r"\bseat \d", reason))
    you = seat if type(seat) is int and 0 <= seat < game.players else None
    shown = format_prompt(reason, NAMES[: game.players], you=you)
    assert "{seat:" not in shown
    return shown


# -- where each action goes ----------------------------------------------------------------


def test_cards_played_from_hand_name_their_place():
    g = ugo_game(
        hands=["3S@1 7H@1 2D@1 KS@1 JS@1 QS@1 9S@1 8S@1 10S@1", ""],
        tables=[[("2C@0", "attack", True, "")], [("4C@1", "defense", True, "")]],
        discards=["5C@0", ""],
    )
    three = {a.value: a.target for a in legal(g, "play") if a.card == u(g, "3S@1")}
    assert three == dict.fromkeys(("attack", "defense", "defense_down"), ZoneRef("table", 0))
    assert all(type(t) is ZoneRef for t in three.values())
    assert {a.target for a in legal(g, "play") if a.card == u(g, "7H@1")} == {u(g, "2C@0")}  # the tribute
    assert [a.target for a in legal(g, "equip")] == [u(g, "2C@0")]
    by_kind = {a.kind: a for a in g.legal_actions(0)}
    assert by_kind["king"].target == by_kind["jack"].target == ZoneRef("deck", 1)
    for kind in ("queen", "nine", "eight"):
        assert by_kind[kind].target == ZoneRef("discard", 0) and type(by_kind[kind].target) is ZoneRef
    assert by_kind["end"].target is None and by_kind["end"].card is None
    assert "ten" not in by_kind  # a 10 only answers an attack


def test_turning_and_attacking_name_the_card_and_its_aim():
    g = ugo_game(
        tables=[
            [("4S@0", "attack", True, ""), ("2H@0", "defense", False, "")],
            [("3C@1", "attack", True, ""), ("5H@1", "defense", False, "")],
        ],
        hands=["", ""],
    )
    turns = {(a.card, a.value, a.target) for a in legal(g, "turn")}
    assert turns == {(u(g, "4S@0"), "defense", None), (u(g, "2H@0"), "attack", None)}
    attacks = [(a.card, a.target) for a in legal(g, "attack")]
    assert attacks == [(u(g, "4S@0"), u(g, "3C@1")), (u(g, "4S@0"), Slot("table", 1, 1))]
    direct = ugo_game(tables=[[("4S@0", "attack", True, "")], []], hands=["", ""])
    assert [a.target for a in legal(direct, "attack")] == [ZoneRef("table", 1)]


def test_aces_aim_at_a_card_or_with_specific_aces_at_the_table():
    tables = [[], [("5S@1", "attack", True, ""), ("2H@1", "defense", False, "")]]
    g = ugo_game(hands=["AS@1", ""], tables=tables)
    assert [a.target for a in legal(g, "ace")] == [u(g, "5S@1"), Slot("table", 1, 1)]
    g = ugo_game(hands=["AS@1", ""], tables=tables, options={"specific_aces": True})
    assert [a.target for a in legal(g, "ace")] == [ZoneRef("table", 1)]
    act(g, "ace", "AS@1")
    assert [c.code for c in g.tables[1].cards] == ["2H@1"]  # A♠: every attack-position card


def test_answers_go_onto_the_own_discard_and_a_turned_back_ace_names_the_card():
    g = ugo_game(
        hands=["AS@1", "9H@0 10H@0"],
        tables=[
            [("5C@0", "attack", True, ""), ("4H@0", "defense", False, "")],
            [("3C@1", "attack", True, "")],
        ],
        options={"nine_counters": True, "ten_stops_specials": True},
    )
    act(g, "ace", "AS@1", "3C@1")
    answers = {a.kind: a for a in g.legal_actions(1)}
    assert set(answers) == {"take", "ten", "counter"}
    assert answers["take"].target is None
    assert answers["ten"].target == answers["counter"].target == ZoneRef("discard", 1)
    act(g, "counter", "9H@0")
    assert [a.target for a in g.legal_actions(1)] == [u(g, "5C@0"), Slot("table", 0, 1)]


def test_a_gesture_finds_its_action():
    """What the table does with a drag: the card picked and the place it is dropped on."""
    g = ugo_game(hands=["KS@1 3S@1", ""], tables=[[("2C@0", "attack", True, "")], []])
    moves = g.legal_actions(0)
    assert [a.kind for a in match(moves, [u(g, "KS@1")], ZoneRef("deck", 1))] == ["king"]
    assert match(moves, [u(g, "KS@1")], ZoneRef("deck", 0)) == []
    plays = match(moves, [u(g, "3S@1")], ZoneRef("table", 0))
    assert sorted(a.value for a in plays) == ["attack", "defense", "defense_down"]  # a menu of positions
    assert [a.target for a in match(moves, [u(g, "2C@0")], ZoneRef("table", 1))] == [ZoneRef("table", 1)]


def test_saved_actions_keep_their_targets_and_replay():
    game = UGO.new_game(3, seed=8, variant="optional-aces")
    rng = random.Random(8)
    for _ in range(150):
        if game.is_over():
            break
        random_step(game, rng)
    kinds = {type(a.target).__name__ for _, a in game.history}
    assert {"ZoneRef", "NoneType"} <= kinds
    record = json.loads(json.dumps(game.to_dict()))
    assert UGO.replay(record).to_dict() == game.to_dict()


# -- near misses and garbage are refused ------------------------------------------------------


def _turn_game():
    return ugo_game(
        hands=["3S@1 7H@1 2D@1 KS@1", ""],
        tables=[[("2C@0", "attack", True, "")], [("4C@1", "defense", False, "")]],
    )


def _near_misses(g):
    three, two_c, four_c = u(g, "3S@1"), u(g, "2C@0"), u(g, "4C@1")
    play = Action("play", three, value="attack", target=ZoneRef("table", 0))
    attack = Action("attack", two_c, target=Slot("table", 1, 0))
    king = Action("king", u(g, "KS@1"), target=ZoneRef("deck", 1))
    equip = Action("equip", u(g, "2D@1"), target=two_c)
    return [
        ("card as its code", replace(play, card="3S@1"), "'3S@1' is not a card of this game"),
        ("card as a plain int", replace(play, card=int(three)), f"{int(three)} is not a card of this game"),
        (
            "card of another game",
            replace(play, card=STANDARD.by_code("3S")),
            "Card('3S') is not a card of this game",
        ),
        ("junk position", replace(play, value="sideways"), "'sideways' is not a position"),
        ("position as a number", replace(play, value=0), "0 is not a position"),
        ("position in a list", replace(play, value=["attack"]), "['attack'] is not a position"),
        ("table as a plain tuple", replace(play, target=("table", 0)), "is not a card, a place or a zone"),
        ("table of a float seat", replace(play, target=ZoneRef("table", 0.0)), "is not a zone of this game"),
        ("table of no seat", replace(play, target=ZoneRef("table", 7)), "is not a zone of this game"),
        ("table named by a string", replace(play, target="table"), "is not a card, a place or a zone"),
        ("someone else's table", replace(play, target=ZoneRef("table", 1)), "goes on your own table"),
        ("no target", replace(play, target=None), "goes on your own table"),
        ("a group of cards", replace(play, cards=(three,)), "one card at a time"),
        ("a source", replace(play, source=ZoneRef("hand", 0)), "starts from no zone"),
        ("no kind", replace(play, kind=None), "there is no action None"),
        ("unknown kind", replace(play, kind="fly"), "there is no action 'fly'"),
        ("equip on a plain int", replace(equip, target=int(two_c)), "is not a card, a place or a zone"),
        ("equip on its code", replace(equip, target="2C@0"), "is not a card, a place or a zone"),
        ("attack a float slot", replace(attack, target=Slot("table", 1, 0.0)), "is not a place on the table"),
        ("attack the hidden card by name", replace(attack, target=four_c), "You can only attack Bo's cards"),
        (
            "attack directly past a card",
            replace(attack, target=ZoneRef("table", 1)),
            "Bo has cards on the table",
        ),
        ("king at a tuple", replace(king, target=("deck", 1)), "is not a card, a place or a zone"),
        (
            "king at one's own deck",
            replace(king, target=ZoneRef("deck", 0)),
            "aims at the deck of Bo, your target",
        ),
        ("king with a value", replace(king, value=1), "a king takes no value (got 1)"),
    ]


@pytest.mark.parametrize(
    "index", range(len(_near_misses(_turn_game()))), ids=[w for w, _, _ in _near_misses(_turn_game())]
)
def test_near_misses_are_refused_with_a_reason_and_change_nothing(index):
    g = _turn_game()
    _, bad, reason = _near_misses(g)[index]
    assert reason in refusal(g, 0, bad)
    with pytest.raises(IllegalAction):  # check explains too, never crashes on garbage
        g.check(0, bad)
    assert not g.is_legal(0, bad)
    assert refusal(g, 1, bad) == "it is not your decision now (waiting for Ada)"


def test_the_legal_actions_behind_the_near_misses_are_accepted():
    g = _turn_game()
    for make in (
        lambda: Action("play", u(g, "3S@1"), value="attack", target=ZoneRef("table", 0)),
        lambda: Action("attack", u(g, "2C@0"), target=Slot("table", 1, 0)),
    ):
        g.apply(0, make())
    assert [c.code for c in g.tables[0].cards] == ["2C@0", "3S@1"]


@pytest.mark.parametrize("seat", [0.0, True, "0", -1, 2, None, 1])
def test_bad_seats_are_refused_and_change_nothing(seat):
    g = _turn_game()
    play = Action("play", u(g, "3S@1"), value="attack", target=ZoneRef("table", 0))
    refusal(g, seat, play, raw_seat_ok=True)
    g.apply(0, play)  # the same action by the right seat


def test_things_that_are_not_actions_are_refused():
    g = _turn_game()
    for bad in (None, "end", 0, ("end", None, None, None), {"kind": "end"}):
        assert "is not an action" in refusal(g, 0, bad)
        with pytest.raises(IllegalAction):
            g.check(0, bad)


def test_a_hidden_card_named_by_its_face_is_no_different_from_a_card_not_there():
    """The reason must not tell the attacker what lies face down."""
    g = _turn_game()
    hidden = Action("attack", u(g, "2C@0"), target=u(g, "4C@1"))  # face down on seat 1's table
    absent = Action("attack", u(g, "2C@0"), target=u(g, "5C@1"))
    assert refusal(g, 0, hidden) == refusal(g, 0, absent)


def test_reasons_speak_to_the_player():
    g = ugo_game(tables=[[("6S@0", "attack", True, "")], []], hands=["QS@1", "10H@0 2C@0"])
    assert refusal(g, 0, Action("queen", u(g, "QS@1"), target=ZoneRef("discard", 0))) == (
        "Your discard pile is empty: there is nothing for the Queen to draw"
    )
    act(g, "attack", "6S@0")
    assert refusal(g, 1, Action("end")).startswith("You must answer Ada's attack first (")
    assert refusal(g, 1, Action("ten", u(g, "2C@0"))) == "2♣ is not a 10"
    prompt = g.view(1).prompt
    assert prompt == "{seat:0} attacks {seat:1} with 6♠ (attack 12): answer with a 10, or let it happen"
    assert format_prompt(prompt, NAMES[:2], you=1).startswith("Ada attacks you with 6♠ (attack 12)")
    events = act(g, "ten", "10H@0")
    told = [
        format_prompt(e.text, NAMES[:2], you=1)
        for e in events
        if isinstance(e, Announced) and e.what == "stopped"
    ]
    assert told == ["You play 10♥ against Ada's attack: it has no effect"]
    stopped = [e for e in events if isinstance(e, Announced) and e.what == "stopped"]
    assert [format_prompt(e.text, NAMES[:2], you=0) for e in stopped] == [
        "Bo plays 10♥ against your attack: it has no effect"
    ]


def test_announcements_read_well_for_the_player_they_name():
    g = ugo_game(tables=[[("6S@0", "attack", True, "")], []], hands=["", ""])
    events = act(g, "attack", "6S@0") + act(g, "end")  # seat 1 holds no card: nothing to answer with
    texts = [format_prompt(e.text, NAMES[:2], you=e.seat) for e in events if isinstance(e, Announced)]
    assert "You attack Bo directly with 6♠" in texts
    assert "You lose 12 cards from the deck" in texts
    assert "Your turn ends" in texts


# -- the view's facts --------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
def test_views_have_the_documented_facts(players):
    checked = 0
    for seed in (1, 2, 3):
        game = UGO.new_game(players, seed=seed)
        rng = random.Random(seed)
        step = 0
        while True:
            over = game.is_over()
            if over or step % 2 == 0:
                for seat in [*range(players), None]:
                    info = game.view(seat).info
                    assert problems(info, players) == [], (seed, step, seat)
                    assert info["out"] == tuple(s for s in range(players) if not game.alive[s])
                    assert info["score_label"] == "cards left"
                    assert info["turn"] == (None if over else game.turn)
                    checked += 1
            if over:
                break
            random_step(game, rng)
            step += 1
    assert checked > 100


def test_a_finished_game_can_be_imagined_from_its_view():
    game = UGO.new_game(3, seed=4)
    rng = random.Random(4)
    while not game.is_over():
        random_step(game, rng)
    for seat in range(3):
        view = game.view(seat)
        assert view.info["turn"] is None
        assert UGO.determinize(view, rng).view(seat) == view


def test_only_the_listed_action_objects_are_recorded():
    g = _turn_game()
    given = Action("play", u(g, "3S@1"), value="attack", target=ZoneRef("table", 0), label="my own words")
    g.apply(0, given)
    seat, recorded = g.history[-1]
    assert seat == 0 and recorded.label == "Play 3♠ in attack" and isinstance(recorded.card, Card)


def test_the_ten_question_names_the_attacker_and_the_card_it_hits():
    g = ugo_game(
        tables=[[("6S@0", "attack", True, "")], [("3H@1", "defense", False, "")]], hands=["", "2C@1"]
    )
    act(g, "attack", "6S@0")  # the only target: face down, known to its owner alone
    prompt = format_prompt(g.view(1).prompt, NAMES[:2], you=1)
    assert prompt.startswith("Ada attacks your 3♥ with 6♠ (attack 12): answer with a 10"), prompt
