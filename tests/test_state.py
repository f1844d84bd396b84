"""A game's state declared once: what the engine derives from the declaration (the opening
state, save and load, the shown facts, the clone) for every kind of part, and a part added to a
real game in one line being saved, loaded, shown and copied with nothing else changed."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, TypedDict

import pytest

from cardtable import games
from cardtable.engine import STANDARD, Card, Visibility, Zone
from cardtable.engine.codecs import SHARED, Names
from cardtable.engine.state import part, seat_zones, zone, zone_row
from cardtable.engine.state_plan import StatePlan
from cardtable.games.ugh.rules import UghGame
from cardtable.games.ugh.state import UghState

ACE = STANDARD.by_code("AS")
KING = STANDARD.by_code("KH")


class Pending(TypedDict):
    card: Card
    choices: dict[int, str]
    seats: tuple[int, ...]


@dataclass
class Every:
    deck: Zone = zone("deck", "deck", Visibility.NOBODY)
    rows: list[Zone] = zone_row("row", 3, "pile", Visibility.PUBLIC)
    hands: list[Zone] = seat_zones("hand", "hand", Visibility.OWNER, private_order=True)
    phase: str = "play"
    count: int = part(0, shown=True)
    seen: set[Card] = part(set, shown=True)
    scores: list[list[int]] = part(list, shown="table")
    colours: list[Annotated[int, Names(("red", "blue"))]] = part(list, shown=True)
    pending: Pending | None = None
    last: Annotated[list[Card], SHARED] = part(list, saved_as="previous")
    flags: list[bool] = part(False, each_seat=True)
    best: tuple[int, Card] | None = None
    worked_out: int = part(7, saved=False)


class Toy:
    """Just enough of a game for the plan: players, a catalog and the parts as attributes."""

    players = 2
    catalog = STANDARD


def _filled() -> Toy:
    g = Toy()
    plan = StatePlan(Every)
    plan.start(g)
    g.deck.cards = [ACE]
    g.rows[2].cards = [KING]
    g.count = 3
    g.seen = {KING, ACE}
    g.scores = [[1, 2], [3, 4]]
    g.colours = [1, 0]
    g.pending = {"card": ACE, "choices": {1: "rock", 0: "paper"}, "seats": (0, 1)}
    g.last = [KING]
    g.flags = [True, False]
    g.best = (1, ACE)
    return g


def test_the_opening_state_is_made_from_the_declaration():
    g = Toy()
    StatePlan(Every).start(g)
    assert [z.name for z in g.rows] == ["row1", "row2", "row3"] and g.rows[0].owner is None
    assert [(z.name, z.owner, z.private_order) for z in g.hands] == [("hand", 0, True), ("hand", 1, True)]
    assert g.seen == set() and g.flags == [False, False] and g.worked_out == 7 and g.pending is None
    other = Toy()
    StatePlan(Every).start(other)
    assert other.seen is not g.seen and other.scores is not g.scores  # each game its own


def test_every_kind_of_part_goes_through_json_and_back():
    plan = StatePlan(Every)
    g = _filled()
    saved = json.loads(json.dumps(plan.save(g)))
    assert saved["seen"] == ["AS", "KH"]  # a set: sorted codes
    assert saved["colours"] == ["blue", "red"]
    assert saved["pending"]["choices"] == [[0, "paper"], [1, "rock"]]  # int keys: sorted pairs
    assert saved["previous"] == ["KH"] and "last" not in saved and "worked_out" not in saved
    assert saved["zones"]["row"][2]["cards"] == ["KH"]
    back = Toy()
    plan.load(back, saved)
    for name in ("count", "seen", "scores", "colours", "pending", "last", "flags", "best"):
        assert getattr(back, name) == getattr(g, name), name
    assert isinstance(back.best, tuple) and isinstance(back.pending["seats"], tuple)
    assert back.rows[2].cards == [KING] and back.deck.cards == [ACE]


def test_a_save_that_lacks_a_part_keeps_its_opening_value_but_a_wrong_count_is_refused():
    plan = StatePlan(Every)
    saved = plan.save(_filled())
    del saved["count"]
    back = Toy()
    plan.load(back, saved)
    assert back.count == 0
    with pytest.raises(ValueError, match="flags do not match 2 players"):
        plan.load(Toy(), {**saved, "flags": [True]})
    saved["zones"]["row"].pop()
    with pytest.raises(ValueError, match="row zones do not match 3 row zones"):
        plan.load(Toy(), saved)


def test_shown_parts_are_frozen_under_their_keys():
    shown = StatePlan(Every).show(_filled())
    assert shown == {"count": 3, "seen": (ACE, KING), "table": ((1, 2), (3, 4)), "colours": ("blue", "red")}


def test_the_clone_copies_what_changes_in_place_and_shares_what_is_replaced_whole():
    class ToyGame(Toy):
        pass

    plan = StatePlan(Every)
    g = _filled()
    g.rng, g.history, g.options = random.Random(1), [], {}
    copy = plan.clone_function(ToyGame)(g)
    assert copy.deck is not g.deck and copy.deck.cards == g.deck.cards
    for name in ("seen", "scores", "colours", "pending", "flags"):
        assert getattr(copy, name) == getattr(g, name) and getattr(copy, name) is not getattr(g, name), name
    assert copy.scores[0] is not g.scores[0]  # rows are copied row by row
    assert copy.pending["choices"] is not g.pending["choices"]  # a dict inside a dict too
    assert copy.rows[2] is not g.rows[2] and copy.rows[2].cards == [KING]
    assert copy.last is g.last  # declared SHARED: replaced, never changed in place


def test_a_part_of_a_type_that_cannot_be_kept_is_refused_naming_it():
    @dataclass
    class Bad:
        weights: frozenset[int] = part(frozenset)

    with pytest.raises(TypeError, match=r"Bad\.weights"):
        StatePlan(Bad)


# -- a house rule that adds state: one line in the declaration --------------------


@dataclass
class StreakState(UghState):
    streaks: list[int] = part(0, each_seat=True, shown=True)  # e.g. Safety piles taken in a row


class StreakUgh(UghGame):
    STATE = StreakState


def test_a_part_added_in_one_line_is_started_saved_loaded_shown_and_copied():
    game = StreakUgh(4, games.get("ugh").resolve_options(4), seed=3)
    assert game.streaks == [0, 0, 0, 0] and game.view(0).info["streaks"] == (0, 0, 0, 0)
    game.streaks[2] = 5
    saved = json.loads(json.dumps(game.to_dict()))
    assert saved["state"]["streaks"] == [0, 0, 5, 0]
    back = StreakUgh.blank(4, game.options, 3)
    back._load_state(saved["state"])
    assert back.streaks == [0, 0, 5, 0] and back.to_dict()["state"] == saved["state"]
    copy = game.clone()
    copy.streaks[2] = 0
    assert game.streaks[2] == 5


def test_a_save_from_before_the_part_existed_still_loads():
    data = json.loads((Path(__file__).parent / "data" / "saves-2026-11.json").read_text())["saves"]
    old = data["ugh 4 players, halfway"]
    back = StreakUgh.blank(4, old["options"], old["seed"])
    back._load_state(old["state"])
    assert back.streaks == [0, 0, 0, 0]
    assert {k: v for k, v in back.to_dict()["state"].items() if k != "streaks"} == old["state"]


@pytest.mark.parametrize("game_id, players", [(g, n) for g in games.ids() for n in games.get(g).player_range])
def test_every_shown_part_reaches_the_worlds_search_imagines(game_id, players):
    """A determinized world starts from the view's shown parts (``Game.shown_state``): each equals
    the real game's, so a part a house rule adds as shown is in every world with nothing more."""
    spec = games.get(game_id)
    plan = spec.game_class._plan
    shown = [k.name for k in plan.kept if k.part.shown]
    assert shown
    game = spec.new_game(players, seed=players)
    rng = random.Random(players)
    step = 0
    while not game.is_over():
        seat = game.to_act()[0]
        if step % 9 == 0:
            world = spec.determinize(game.view(seat), random.Random(step))
            for name in shown:
                assert getattr(world, name) == getattr(game, name), (name, step)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        step += 1
