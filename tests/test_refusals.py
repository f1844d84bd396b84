"""Worked examples of actions the engine used to accept or choke on: each is now an
IllegalAction with a reason, and the game is left exactly as it was (and still saves as JSON)."""

import json
import random
from dataclasses import replace

import pytest

from cardtable import games
from cardtable.engine import Action, IllegalAction, ZoneRef
from loser_support import loser_game, play


def _refused(game, seat, action, words: str) -> None:
    before = json.dumps(game.to_dict(), sort_keys=True)
    with pytest.raises(IllegalAction, match=words):
        game.apply(seat, action)
    assert json.dumps(game.to_dict(), sort_keys=True) == before


def test_a_float_seat_does_not_corrupt_an_ultimate_loser_trick():
    game = loser_game(["5S 6D", "3H 4D", "KD 6C"])
    game.apply(0, game.legal_actions(0)[0])
    pass_ = next(a for a in game.legal_actions(1) if a.kind == "pass")
    _refused(game, 1.0, pass_, "no such seat")
    _refused(game, True, pass_, "no such seat")
    game.apply(1, pass_)  # the real seat still may
    assert game.to_act() == (2,)


def test_a_pass_or_a_shape_carrying_a_card_is_refused():
    game = loser_game(["5S 6D", "3H 4D", "KD 6C"])
    game.apply(0, game.legal_actions(0)[0])
    card = game.hands[1].cards[0]
    _refused(game, 1, Action("pass", card), "takes no card")
    game = loser_game(["AS", "3H 4D", "5D 6D"])
    play(game, "AS", "pass", "pass")  # the winner is out and the rest passed: shapes decide the lead
    assert game.phase == "rps"
    rock = next(a for a in game.legal_actions(1) if a.value == "rock")
    _refused(game, 1, replace(rock, card=game.hands[1].cards[0]), "takes no card")


@pytest.mark.parametrize("game_id", games.ids())
@pytest.mark.parametrize(
    "junk",
    [
        {"value": object()},
        {"value": [1, 2]},
        {"target": ("exposed", None)},
        {"target": 1.5},
        {"target": "pool"},
        {"label": "relabelled"},
    ],
    ids=["object value", "list value", "tuple target", "float target", "string target", "label"],
)
def test_junk_never_reaches_the_history(game_id, junk):
    spec = games.get(game_id)
    game = spec.new_game(min(4, spec.max_players), seed=3)
    seat = game.to_act()[0]
    legal = game.legal_actions(seat)[0]
    mutated = replace(legal, **junk)
    if "label" in junk:
        game.apply(seat, mutated)  # a label is not part of the action: accepted, the legal one recorded
        assert game.history[-1][1] == legal and game.history[-1][1].label == legal.label
    elif mutated.value != legal.value or mutated.target != legal.target:
        _refused(game, seat, mutated, ".")
    json.dumps(game.to_dict())


def test_ugo_refuses_a_card_given_as_a_string():
    game = games.get("ugo").new_game(2, seed=1)
    seat = game.to_act()[0]
    action = next(a for a in game.legal_actions(seat) if a.card is not None)
    _refused(game, seat, replace(action, card=action.card.code), "not")
    _refused(game, seat, replace(action, card=str(action.card)), "not")


def test_an_ultimate_loser_exchange_must_aim_at_the_exposed_card():
    game = loser_game(["5S 6D", "3H 4D", "KD 6C"])
    game.apply(0, game.legal_actions(0)[0])
    exchange = next(a for a in game.legal_actions(1) if a.kind == "exchange")
    assert exchange.target == ZoneRef("exposed")
    _refused(game, 1, replace(exchange, target=ZoneRef("exposed", 1)), "target")


def test_a_card_tapped_while_trump_must_be_named_says_to_name_it():
    import pygame

    from tests.ui import key, make_app, table_game, until_my_turn

    app = make_app()
    scene = table_game(app, [("You", True), ("A", False), ("B", False), ("C", False)], game="ugly", seed=3)
    for _ in range(300):
        until_my_turn(app, scene)
        if scene.view.legal[0].kind == "trump":
            break
        scene.perform([scene.view.legal[0]])
    assert scene.view.legal[0].kind == "trump"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)  # a card from the hand, when only the trump buttons are choices
    assert scene.status_text() == "Trump must be named first, not play"


# -- U-G-O: a card played where its role does not fit says what the card is for -----------------


def _ugo_roles_game(options=None):
    from support import ugo_game

    return ugo_game(
        hands=["10H@1 9S@1 8S@1 QS@1 KS@1 JS@1 AS@1 3S@1 4D@1", ""],
        tables=[[("2C@0", "attack", True, "")], [("4C@1", "defense", True, "")]],
        discards=["5C@0", ""],
        options=options,
    )


def _ugo_refusal(game, action) -> str:
    from cardtable.engine import format_prompt

    before = json.dumps(game.to_dict(), sort_keys=True)
    with pytest.raises(IllegalAction) as refused:
        game.apply(0, action)
    assert json.dumps(game.to_dict(), sort_keys=True) == before
    return format_prompt(str(refused.value), ["Ada", "Bo"], you=0)


_DECK, _DISCARD, _TABLE = ZoneRef("deck", 1), ZoneRef("discard", 0), ZoneRef("table", 0)
_ROLES = [
    # (card, what it is asked to be, where, words the refusal must hold)
    ("10H@1", "king", _DECK, "a 10 is played only in answer to an attack on you"),
    ("10H@1", "jack", _DECK, "a 10 is played only in answer to an attack on you"),
    ("10H@1", "queen", _DISCARD, "a 10 is played only in answer to an attack on you"),
    ("10H@1", "play", _TABLE, "a 10 is played only in answer to an attack on you"),
    ("9S@1", "king", _DECK, "a 9 reverses the direction of play"),
    ("8S@1", "king", _DECK, "an 8 makes every player discard their hand"),
    ("QS@1", "jack", _DECK, "a Queen draws a card from your own discard pile"),
    ("KS@1", "queen", _DISCARD, "a King sends the top card of Bo's deck to the discard pile"),
    ("JS@1", "nine", _DISCARD, "a Jack takes the top card of Bo's deck"),
    ("AS@1", "eight", _DISCARD, "an Ace destroys an Attack/Defense card of Bo's"),
    ("AS@1", "play", _TABLE, "an Ace destroys an Attack/Defense card of Bo's"),
    ("3S@1", "king", _DECK, "it is an Attack/Defense card, played on your own table"),
    ("4D@1", "king", _DECK, "it is an Equip card, played on one of your own face-up Attack/Defense cards"),
    ("QS@1", "play", _TABLE, "a Queen draws a card from your own discard pile"),
]


@pytest.mark.parametrize(
    ("code", "kind", "where", "words"), _ROLES, ids=[f"{c} as {k}" for c, k, _, _ in _ROLES]
)
def test_a_ugo_card_played_in_the_wrong_place_says_what_it_is_for(code, kind, where, words):
    game = _ugo_roles_game()
    card = game.catalog.by_code(code)
    value = "attack" if kind == "play" else None
    reason = _ugo_refusal(game, Action(kind, card, value=value, target=where))
    assert words in reason, reason


def test_a_ugo_ten_says_what_it_stops_under_the_house_rule():
    game = _ugo_roles_game({"ten_stops_specials": True})
    reason = _ugo_refusal(game, Action("king", game.catalog.by_code("10H@1"), target=_DECK))
    assert "a 10 is played only in answer to an attack, an Ace, a King or a Jack used on you" in reason


def test_a_ugo_nine_says_it_also_turns_a_special_back_under_the_house_rule():
    game = _ugo_roles_game({"nine_counters": True})
    reason = _ugo_refusal(game, Action("king", game.catalog.by_code("9S@1"), target=_DECK))
    assert "turns an Ace, a King or a Jack used on you back on its user" in reason


def test_a_ten_dropped_on_a_deck_at_the_ugo_table_says_what_a_ten_is_for():
    """The table shows the engine's reason; one that only says the 10 is not a King tells nothing."""
    from cardtable.app.scenes.table import TableScene
    from cardtable.app.table.resolver import Drop, Explain, Pick, Place
    from cardtable.app.table.setup import GameSetup, SeatSetup
    from tests.ui import make_app, run

    app = make_app()
    game = _ugo_roles_game()
    setup = GameSetup("ugo", [SeatSetup("You", True), SeatSetup("Bo", False)], seed=1)
    scene = TableScene(app, setup, restored=(game, []))
    app.push(scene)
    run(app, 0.2)
    assert scene.my_turn
    ten = game.catalog.by_code("10H@1")
    drop = Drop((ten,), Place(ZoneRef("deck", 1)))
    assert isinstance(scene.resolver().resolve(drop, Pick()).outcome, Explain)
    scene.intent(drop)
    status = scene.status_text()
    assert "a 10 is played only in answer to an attack on you" in status, status


def _a_seat_that_can_follow(seed: int):
    """An Ugly game at a trick where the seat to play holds the led suit and another: or None."""
    game = games.get("ugly").new_game(4, seed=seed)
    while not game.is_over():
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if game.phase == "play" and game.lead_suit is not None:
            off = [c for c in game.hands[seat].cards if not any(a.card == c for a in legal)]
            if off:
                return game, seat, off[0], legal[0].target
        game.apply(seat, legal[0])
    return None


def test_a_refusal_names_its_rule_and_its_action_in_fields():
    """What reads a refusal tells one rule from another by its fields, never by its words."""
    game, seat, off, trick = next(f for f in map(_a_seat_that_can_follow, range(20)) if f is not None)
    with pytest.raises(IllegalAction) as info:
        game.apply(seat, Action("play", off, target=trick))
    e = info.value
    assert (e.rule, e.seat, e.phase, e.kind, e.card) == ("follow_suit", seat, "play", "play", off)
    other = (seat + 1) % 4
    with pytest.raises(IllegalAction) as info:
        game.apply(other, game.legal_actions(seat)[0])
    assert info.value.rule == "not_your_turn" and info.value.seat == other
    with pytest.raises(IllegalAction) as info:
        game.apply(seat, "play the ace")
    assert info.value.rule == "not_an_action"


def test_ultimate_loser_and_ugh_refusals_name_their_rules():
    """A leader who passes, and an Ugh! turn ended before a card is taken: each refusal names its rule."""
    loser = games.get("ultimate-loser").new_game(4, seed=2)
    while loser.phase != "play" or loser.lead_type is not None:
        seat = loser.to_act()[0]
        loser.apply(seat, loser.legal_actions(seat)[0])
    with pytest.raises(IllegalAction) as info:
        loser.apply(loser.turn, Action("pass"))
    assert info.value.rule == "leader_plays" and info.value.kind == "pass"
    ugh = games.get("ugh").new_game(3, seed=2)
    seat = ugh.to_act()[0]
    assert ugh.phase == "turn" and not ugh.taken
    with pytest.raises(IllegalAction) as info:
        ugh.apply(seat, Action("end"))
    assert info.value.rule == "take_first" and info.value.seat == seat


def _near_misses(game, seat, rng):
    """Actions one field away from a legal one: another card, kind, target or value."""
    legal = game.legal_actions(seat)
    cards = list(game.catalog)
    for a in rng.sample(legal, min(4, len(legal))):
        other = rng.choice(legal)
        yield replace(a, card=rng.choice(cards))
        yield replace(a, kind=other.kind)
        yield replace(a, target=other.target)
        yield replace(a, value=other.value)
        yield replace(a, kind="dance")


@pytest.mark.parametrize("game_id, players", [(g, n) for g in games.ids() for n in games.get(g).player_range])
def test_every_refusal_names_its_rule_and_changes_nothing(game_id, players):
    """Near misses tried at every tenth step of random games: whatever is refused says which rule
    (a stable key in ``rule``) and whose and what action (the fields), and leaves the game as it was."""
    spec = games.get(game_id)
    rng = random.Random(players)
    game = spec.new_game(players, seed=players)
    refusals = 0
    step = 0
    while not game.is_over():
        seat = game.to_act()[0]
        if step % 10 == 0:
            before = json.dumps(game.to_dict(), sort_keys=True)
            for probe in _near_misses(game, seat, rng):
                if game.is_legal(seat, probe):
                    continue
                with pytest.raises(IllegalAction) as info:
                    game.apply(seat, probe)
                e = info.value
                assert e.rule, f"{probe} refused without a rule: {e}"
                assert (e.seat, e.kind) == (seat, probe.kind if isinstance(probe.kind, str) else None)
                refusals += 1
            assert json.dumps(game.to_dict(), sort_keys=True) == before
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        step += 1
    assert refusals > 10
