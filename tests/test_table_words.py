"""The table's words: counts in the singular, and what the privacy screen says comes next."""

import random
import re

import pytest

from cardtable import games
from cardtable.app.layout import load_layout
from cardtable.app.table.words import badge_text, handover_line, one_is_singular
from support import random_step


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("1 points", "1 point"),
        ("1 penalty points", "1 penalty point"),
        ("1 bonus points", "1 bonus point"),
        ("1 bonus", "1 bonus"),
        ("Ada chooses 1 cards to pass", "Ada chooses 1 card to pass"),
        ("1 cards in deck", "1 card in deck"),
        ("1 tricks", "1 trick"),
        ("1 passes", "1 pass"),
        ("1 pass left", "1 pass left"),
        ("Seat 1 is out", "Seat 1 is out"),
        ("11 points", "11 points"),
        ("1.1 points", "1.1 points"),
        ("2 cards", "2 cards"),
    ],
)
def test_one_of_a_thing_is_said_in_the_singular(text, said):
    assert one_is_singular(text) == said


CASES = [(s.id, n) for s in games.all_specs() for n in sorted({s.min_players, s.max_players})]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_privacy_screen_says_what_comes_next_in_every_phase_from_public_facts(game, players):
    spec = games.get(game)
    layout = load_layout(game)
    names = [f"P{i}" for i in range(players)]
    rng = random.Random(players)
    said: dict[str, set[str]] = {}
    for seed in range(3):
        state = spec.new_game(players, {}, seed=seed)
        while not state.is_over():
            public = state.view(None)
            for seat in state.to_act():
                line = handover_line(layout, public, seat, names)
                assert public.phase in layout.handover, f"no words for the {public.phase!r} phase"
                assert line.startswith(names[seat]) and "{" not in line, line
                assert not line.endswith("decides next"), f"no phrase fits: {line}"
                said.setdefault(public.phase, set()).add(line.replace(names[seat], "X"))
            random_step(state, rng)
    assert said, "some decision was asked for"
    if game == "ultimate-loser":  # the leader may not pass: told apart by the lead's public name
        assert "X leads the trick" in said["play"]
        assert any(line.endswith(" or passes") for line in said["play"]), said["play"]
    with pytest.raises(ValueError, match="public view"):
        handover_line(layout, spec.new_game(players, {}, seed=0).view(0), 0, names)


def test_a_badge_counts_out_of_a_total_and_says_empty_when_nothing_is_left():
    assert badge_text(3, {}, 40) == "3 of 40"
    assert badge_text(0, {}, 40) == "0 of 40"
    assert badge_text("S", {"S": "Spades"}) == "Spades"
    assert badge_text(0, {}, 0) == "empty"


COUNTED = [(g, n) for g, n in CASES if any(b.of for b in load_layout(g).badges)]
"""The tables with a badge counted out of a total."""


def test_some_tables_count_a_badge_out_of_a_total():
    assert {g for g, _ in COUNTED} >= {"ugh", "ugly"}


@pytest.mark.parametrize(("game", "players"), COUNTED)
def test_no_badge_reads_out_of_nothing_to_the_end_of_a_game(game, players):
    """A count out of a total that is gone ("0 of 0" Ugh! cards once the deck is empty) says so instead."""
    spec = games.get(game)
    layout = load_layout(game)
    counted = [b for b in layout.badges if b.of]
    rng = random.Random(players)
    state = spec.new_game(players, {}, seed=players)
    shown = set()
    while True:
        info = state.view(None).info
        for badge in counted:
            if info.get(badge.key) is not None:
                text = badge_text(info[badge.key], badge.values, info.get(badge.of))
                shown.add(text)
                assert not re.search(r"\bof 0\b", text), f"{badge.title}: {text}"
        if state.is_over():
            break
        random_step(state, rng)
    assert len(shown) > 1


@pytest.mark.parametrize("players", [2, 3, 6])
def test_each_plate_says_how_many_of_its_queens_lie_in_the_shared_pile(players):
    """U-G-O's Queens leave the game into one pile for all: the plates say whose they were."""
    from cardtable.app.table.words import plate_lines

    layout = load_layout("ugo")
    names = [f"P{i}" for i in range(players)]
    rng = random.Random(players)
    game = games.get("ugo").new_game(players, {}, seed=players)
    seen_some = False
    for _ in range(3000):
        if game.is_over():
            break
        random_step(game, rng)
        view = game.view(None)
        out = [c for c in game.removed.cards if c.rank == 12]
        assert len(out) == len(game.removed.cards), "only Queens leave the game"
        for seat in range(players):
            mine = sum(1 for c in out if c.back == seat)
            assert view.info["queens_out"][seat] == mine
            lines = [t for t in plate_lines(layout, view, seat, names) if "deck" in t]
            deck = (
                f"{len(game.decks[seat].cards)} card{'' if len(game.decks[seat].cards) == 1 else 's'} in deck"
            )
            queens = f", {mine} Queen{'s' if mine > 1 else ''} out" if mine else ""
            assert lines == [deck + queens], "said on the deck's line, only when some are out"
            seen_some = seen_some or mine > 0
    assert seen_some, "some Queen left the game"
