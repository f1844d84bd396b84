"""Actions as values: type-strict equality, matching gestures, saving, and prompts that speak to "you"."""

import json

import pytest

from cardtable.engine import (
    STANDARD,
    Action,
    Catalog,
    Slot,
    ZoneRef,
    could_extend,
    find_action,
    format_prompt,
    match,
    same_action,
)
from cardtable.engine.actions import same_value
from cardtable.engine.views import SECOND_PERSON


def c(code):
    return STANDARD.by_code(code)


S5, H5, D5, C7, S9, QH = (c(x) for x in ("5S", "5H", "5D", "7C", "9S", "QH"))
NAMES = ["Ada", "Bo", "Cy"]


# -- same_value ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (0, 0),
        ("S", "S"),
        (None, None),
        (S5, S5),
        (S5, Catalog.standard()[int(S5)]),  # the same card from an equal catalog
        (ZoneRef("trick", 1), ZoneRef("trick", 1)),
        (ZoneRef("deck"), ZoneRef("deck", None)),
        (Slot("table", 1, 0), Slot("table", 1, 0)),
        ((1, "a", S5), (1, "a", S5)),
        ((ZoneRef("pool", 0), (S5, H5)), (ZoneRef("pool", 0), (S5, H5))),
        ([1, 2], [1, 2]),
    ],
)
def test_same_value_holds_for_equal_values_of_the_same_type(a, b):
    assert same_value(a, b) and same_value(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (0, 0.0),
        (1, True),
        (0, False),
        (0, None),
        ("0", 0),
        (S5, int(S5)),  # a card is not its index
        (S5, H5),
        (S5, S5.code),
        (STANDARD[0], Catalog.standard(backs=(0, 1))[0]),  # same index, another card ("2S" vs "2S@0")
        (ZoneRef("trick", 1), ("trick", 1)),  # a plain tuple is not a zone
        (ZoneRef("trick", 1), ZoneRef("trick", True)),
        (ZoneRef("trick", 1), ZoneRef("trick", 1.0)),
        (ZoneRef("trick", 1), ZoneRef("trick", 2)),
        (ZoneRef("trick", None), ZoneRef("trick", 0)),
        ((S5, H5), [S5, H5]),  # list vs tuple
        ((S5, H5), (H5, S5)),  # order counts
        ((S5, H5), (S5, int(H5))),  # all the way down
        ((S5,), (S5, H5)),
        (Slot("table", 1, 0), Slot("table", 1, 0.0)),
        (Slot("table", 1, 0), Slot("table", True, 0)),
        (Slot("table", 1, 0), Slot("table", 1, 1)),
        (Slot("table", 1, 0), Slot("hand", 1, 0)),
        (Slot("table", None, 0), Slot("table", 0, 0)),
        (Slot("table", 1, 0), ZoneRef("table", 1)),
    ],
)
def test_same_value_is_strict_about_types(a, b):
    assert not same_value(a, b) and not same_value(b, a)


# -- same_action and find_action ------------------------------------------------------

PLAY = Action("play", S5, target=ZoneRef("trick", 0), label="Play 5♠")


def test_an_action_shown_first_is_still_the_same_action():
    assert Action("lock", value=1, preview=True) == Action("lock", value=1)
    assert "preview" not in Action("lock", preview=True).to_dict()


def test_same_action_ignores_the_label_only():
    assert same_action(Action("play", S5, target=ZoneRef("trick", 0), label="something else"), PLAY)
    assert same_action(Action("play", S5, target=ZoneRef("trick", 0)), PLAY)


class Sub(Action):
    pass


@pytest.mark.parametrize(
    "other",
    [
        Action("pass", S5, target=ZoneRef("trick", 0)),
        Action("play", int(S5), target=ZoneRef("trick", 0)),
        Action("play", H5, target=ZoneRef("trick", 0)),
        Action("play", S5.code, target=ZoneRef("trick", 0)),
        Action("play", S5, target=("trick", 0)),
        Action("play", S5, target=ZoneRef("trick", 1)),
        Action("play", S5, target=ZoneRef("trick", True)),
        Action("play", S5, target=None),
        Action("play", S5, target=ZoneRef("trick", 0), value=0),
        Action("play", S5, target=ZoneRef("trick", 0), cards=(S5,)),
        Action("play", S5, target=ZoneRef("trick", 0), source=ZoneRef("hand", 0)),
        Sub("play", S5, target=ZoneRef("trick", 0)),
        {"kind": "play", "card": "5S"},
        None,
        "play",
    ],
)
def test_same_action_is_field_by_field_and_type_by_type(other):
    assert not same_action(other, PLAY)


@pytest.mark.parametrize(
    ("legal", "given"),
    [
        (Action("suit", value=0), Action("suit", value=0.0)),
        (Action("suit", value=1), Action("suit", value=True)),
        (Action("suit", value=True), Action("suit", value=1)),
        (Action("suit", value="S"), Action("suit", value=["S"])),
        (Action("suit", value=(1, 2)), Action("suit", value=[1, 2])),
        (Action("play", S5, cards=(S5, H5)), Action("play", S5, cards=[S5, H5])),
        (Action("play", S5, cards=(S5, H5)), Action("play", S5, cards=(H5, S5))),
        (Action("play", S5, cards=(S5, H5)), Action("play", S5, cards=(S5, int(H5)))),
        (Action("ace", S9, target=Slot("table", 1, 0)), Action("ace", S9, target=Slot("table", 1, 0.0))),
        (Action("ace", S9, target=Slot("table", 1, 0)), Action("ace", S9, target=Slot("table", 1, 1))),
        (Action("ace", S9, target=QH), Action("ace", S9, target=int(QH))),
        (Action("flip", source=ZoneRef("deck")), Action("flip", source=("deck", None))),
        (Action("flip", source=ZoneRef("deck")), Action("flip")),
    ],
)
def test_near_misses_are_not_the_action(legal, given):
    assert not same_action(given, legal)
    assert find_action([legal], given) is None


def test_find_action_returns_the_legal_action_itself():
    legal = [
        Action("play", S5, target=ZoneRef("trick", 0), label="Play 5♠"),
        Action("play", H5, target=ZoneRef("trick", 0), label="Play 5♥"),
        Action("pass", label="Pass"),
    ]
    found = find_action(legal, Action("play", H5, target=ZoneRef("trick", 0), label="mine"))
    assert found is legal[1] and found.label == "Play 5♥"
    assert find_action(legal, Action("pass")) is legal[2]
    assert find_action(legal, Action("play", D5, target=ZoneRef("trick", 0))) is None
    assert find_action([], Action("pass")) is None


@pytest.mark.parametrize("junk", [None, "pass", 0, {"kind": "pass"}, ("pass",), Sub("pass")])
def test_find_action_refuses_what_is_not_an_action(junk):
    assert find_action([Action("pass", label="Pass")], junk) is None


# -- match and could_extend -------------------------------------------------------------

TO_TRICK = Action("play", S5, target=ZoneRef("trick", 0), label="Play 5♠")
TO_DISCARD = Action("play", S5, target=ZoneRef("discard"), label="Discard 5♠")
PAIR = Action("play", H5, cards=(S5, H5), target=ZoneRef("trick", 0), label="Play a pair")
TRIPLE = Action("play", D5, cards=(S5, H5, D5), target=ZoneRef("trick", 0), label="Play three")
SEVEN = Action("play", C7, target=ZoneRef("trick", 0), label="Play 7♣")
FLIP = Action("flip", source=ZoneRef("deck"), label="Flip")
PASS = Action("pass", label="Pass")
ATTACK_HIDDEN = Action("attack", S9, target=Slot("table", 1, 0), label="Attack the face-down card")
ATTACK_SHOWN = Action("attack", S9, target=QH, label="Attack Q♥")
DIRECT = Action("attack", S9, target=ZoneRef("table", 1), label="Attack directly")
FROM_HAND = Action("give", C7, source=ZoneRef("hand", 0), target=ZoneRef("hand", 1), label="Give 7♣")
LEGAL = [
    TO_TRICK,
    TO_DISCARD,
    PAIR,
    TRIPLE,
    SEVEN,
    FLIP,
    PASS,
    ATTACK_HIDDEN,
    ATTACK_SHOWN,
    DIRECT,
    FROM_HAND,
]


def _is(found, expected):
    return len(found) == len(expected) and all(f is e for f, e in zip(found, expected, strict=True))


def test_match_with_no_place_gives_every_target_in_order():
    assert _is(match(LEGAL, [S5]), [TO_TRICK, TO_DISCARD])
    assert _is(match(LEGAL, [S9]), [ATTACK_HIDDEN, ATTACK_SHOWN, DIRECT])
    assert _is(match(LEGAL, []), [FLIP, PASS])


def test_match_needs_exactly_the_picked_cards_in_any_order():
    assert _is(match(LEGAL, [H5, S5]), [PAIR])
    assert _is(match(LEGAL, [S5, H5]), [PAIR])
    assert _is(match(LEGAL, (x for x in (D5, S5, H5))), [TRIPLE])
    assert match(LEGAL, [H5]) == []  # part of a pair is not the pair
    assert match(LEGAL, [S5, H5, C7]) == []  # nor is more than it
    assert match(LEGAL, [D5]) == []


def test_match_on_a_place_compares_the_target():
    assert _is(match(LEGAL, [S5], ZoneRef("trick", 0)), [TO_TRICK])
    assert _is(match(LEGAL, [S5], ZoneRef("discard")), [TO_DISCARD])
    assert _is(match(LEGAL, [S5, H5], ZoneRef("trick", 0)), [PAIR])
    assert _is(match(LEGAL, [S9], Slot("table", 1, 0)), [ATTACK_HIDDEN])
    assert _is(match(LEGAL, [S9], QH), [ATTACK_SHOWN])
    assert _is(match(LEGAL, [S9], ZoneRef("table", 1)), [DIRECT])
    assert match(LEGAL, [S5], ZoneRef("trick", 1)) == []
    assert match(LEGAL, [S5, H5], ZoneRef("discard")) == []


def test_match_on_a_place_is_type_strict():
    assert match(LEGAL, [S5], ("trick", 0)) == []  # a plain tuple is no zone
    assert match(LEGAL, [S9], Slot("table", 1, 0.0)) == []
    assert match(LEGAL, [S9], int(QH)) == []
    assert match(LEGAL, [S9], QH.code) == []


def test_match_uses_the_source_only_for_actions_that_move_no_card():
    assert _is(match(LEGAL, [], ZoneRef("deck")), [FLIP])
    assert match(LEGAL, [], ZoneRef("deck", 0)) == []
    assert match(LEGAL, [C7], ZoneRef("hand", 0)) == []  # it moves a card: its target counts
    assert _is(match(LEGAL, [C7], ZoneRef("hand", 1)), [FROM_HAND])
    assert match(LEGAL, [], ZoneRef("trick", 0)) == []


def test_could_extend_offers_the_cards_that_still_lead_somewhere():
    assert could_extend(LEGAL, []) == {S5, H5, D5, C7, S9}
    assert could_extend(LEGAL, [S5]) == {H5, D5}
    assert could_extend(LEGAL, [H5]) == {S5, D5}
    assert could_extend(LEGAL, [H5, S5]) == {D5}
    assert could_extend(LEGAL, [S5, H5, D5]) == set()
    assert could_extend(LEGAL, [S5, C7]) == set()
    assert could_extend(LEGAL, [QH]) == set()
    assert could_extend([PASS, FLIP], []) == set()


# -- saving actions ----------------------------------------------------------------------

U_CATALOG = Catalog.standard(backs=(0, 1))
U_CARD = U_CATALOG.by_code("AS@1")

ROUND_TRIPS = [
    (STANDARD, Action("pass")),
    (STANDARD, TO_TRICK),
    (STANDARD, TO_DISCARD),
    (STANDARD, PAIR),
    (STANDARD, TRIPLE),
    (STANDARD, FLIP),
    (STANDARD, ATTACK_HIDDEN),
    (STANDARD, ATTACK_SHOWN),
    (STANDARD, FROM_HAND),
    (STANDARD, Action("ace", S9, target=Slot("table", None, 3))),
    (STANDARD, Action("trump", value="S")),
    (STANDARD, Action("bid", value=0)),
    (STANDARD, Action("bid", value=False)),
    (STANDARD, Action("choose", value=2.5)),
    (STANDARD, Action("shape", value=("rock", 2))),
    (STANDARD, Action("swap", value=(S5, ZoneRef("pool", 1), Slot("set", 0, 2), (H5, None)))),
    (U_CATALOG, Action("play", U_CARD, value="attack", target=U_CATALOG.by_code("2H@0"))),
]


@pytest.mark.parametrize(("catalog", "action"), ROUND_TRIPS, ids=lambda x: getattr(x, "kind", None))
def test_actions_survive_a_save_as_json(catalog, action):
    d = action.to_dict()
    text = json.dumps(d)
    for data in (d, json.loads(text)):
        back = Action.from_dict(data, catalog)
        assert same_action(back, action), (action, back)
        assert back.moved == action.moved


def test_saved_actions_name_cards_by_code():
    d = PAIR.to_dict()
    assert d["card"] == "5H" and d["cards"] == ["5S", "5H"] and d["kind"] == "play"
    assert Action.from_dict({"kind": "play", "card": "AS@1"}, U_CATALOG).card is U_CARD


def test_moved_is_cards_else_card_else_nothing():
    assert PAIR.moved == (S5, H5)
    assert TO_TRICK.moved == (S5,)
    assert FLIP.moved == () and PASS.moved == ()


# -- prompts -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "you", "expected"),
    [
        ("{seat:0} must follow diamonds", None, "Ada must follow diamonds"),
        ("{seat:0} must follow diamonds", 0, "You must follow diamonds"),
        ("{seat:0} must follow diamonds", 1, "Ada must follow diamonds"),
        ("{seat:1} has 3 cards", 1, "You have 3 cards"),
        ("{seat:1} has 3 cards", 0, "Bo has 3 cards"),
        ("{seat:1} is out", 1, "You are out"),
        ("{seat:1} doesn't follow", 1, "You don't follow"),
        ("{seat:2} plays 5♠", 2, "You play 5♠"),
        ("{seat:2} only has one card", 2, "You only have one card"),
        ("{seat:2} still needs a pair", 2, "You still need a pair"),
        ("{seat:0} cannot play now", 0, "You cannot play now"),
        ("waiting for {seat:0}", 0, "waiting for you"),
        ("waiting for {seat:0}", None, "waiting for Ada"),
        ("waiting for {seat:0} and {seat:1}", 1, "waiting for Ada and you"),
        ("{seat:1} steals 5 from {seat:0}", 0, "Bo steals 5 from you"),
        ("{seat:1} steals 5 from {seat:0}", 1, "You steal 5 from Ada"),
        ("{seat:0}'s turn", 0, "Your turn"),
        ("{seat:0}'s turn", None, "Ada's turn"),
        ("take the top card of {seat:1}'s deck", 1, "take the top card of your deck"),
        ("take the top card of {seat:1}'s deck", 0, "take the top card of Bo's deck"),
        ("Trick won. {seat:2} leads", 2, "Trick won. You lead"),
        ("Trick won! {seat:2} leads", 2, "Trick won! You lead"),
        (
            "it is not {seat:0}'s decision now (waiting for {seat:1})",
            0,
            "it is not your decision now (waiting for Bo)",
        ),
        (
            "it is not {seat:0}'s decision now ({seat:1} is choosing)",
            1,
            "it is not Ada's decision now (You are choosing)",
        ),
        ("{seat:0} plays; {seat:0} wins", 0, "You play; you win"),
        ("{seat:2} played lowest and takes 1", 2, "You played lowest and take 1"),
        ("{seat:2} played lowest and takes 1", 0, "Cy played lowest and takes 1"),
        ("{seat:0} is the Ultimate Loser and takes 4", 0, "You are the Ultimate Loser and take 4"),
        ("{seat:0} and {seat:1} passed and take 1 each", 1, "Ada and you passed and take 1 each"),
        ("{seat:5} leads", None, "Seat 6 leads"),
        ("{seat:5} leads", 0, "Seat 6 leads"),
        ("{seat:5}'s turn", 0, "Seat 6's turn"),
        ("Nobody is named here", 0, "Nobody is named here"),
    ],
)
def test_format_prompt(text, you, expected):
    assert format_prompt(text, NAMES, you=you) == expected


def test_format_prompt_conjugates_every_listed_verb():
    for verb, second in SECOND_PERSON.items():
        assert format_prompt("{seat:1} " + verb + " it", NAMES, you=1) == f"You {second} it"
        assert format_prompt("{seat:1} " + verb + " it", NAMES, you=0) == f"Bo {verb} it"
        assert format_prompt("{seat:1} " + verb + " it", NAMES) == f"Bo {verb} it"
