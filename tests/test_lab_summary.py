"""The lab in words: the biggest real changes first, in the game's terms, with their direction and size,
and plain words on how far to trust them (few deals, or no more marked than chance alone marks).

Real runs are small (a dozen deals of easy or random computers) where the direction is certain; the
arithmetic of the warnings is tried on comparisons built by hand.
"""

from __future__ import annotations

import json
import re

import pytest

from cardtable import games
from cardtable.app.layout.timing import game_seconds
from cardtable.cli import main
from cardtable.lab.compare import MIN_PAIRS, Comparison, Row, compare
from cardtable.lab.report import as_json, table
from cardtable.lab.run import LabResult, LabRun, LabSetup, play_one
from cardtable.lab.sides import side
from cardtable.lab.summary import chance_of_marking, summarize

PAPER_WORDS = ("pts", "95%", "interval", "significant", "paired", "p-value")
"""Words of a statistics paper that a player's sentences never use."""


def _paired(game: str, players: int, n: int, tried=None, variant=None, level="easy") -> Comparison:
    """The same ``n`` deals under the rules tried (``variant`` + ``tried`` options) and the standard ones."""
    spec = games.get(game)
    rules = side(spec, players, spec.variants[variant] if variant else None, tried)
    setup = LabSetup(game, players, n, level, 1, rules, side(spec, players))
    return compare(LabRun(setup, clock=game_seconds, here=True).wait())


def _other_deals(game: str, players: int, n: int, level: str, base: int) -> Comparison:
    """Standard rules against themselves on other deals: every difference is the luck of the deal."""
    standard = side(games.get(game), players)
    options = dict(standard.options)
    pairs = [
        (
            play_one(game, players, options, level, 1000 * base + i),
            play_one(game, players, options, level, 1000 * base + 500 + i),
        )
        for i in range(n)
    ]
    return compare(LabResult(LabSetup(game, players, n, level, base, standard, standard), pairs, 0.0))


def _plain(lines: list[str]) -> None:
    for line in lines:
        assert not any(word in line.lower() for word in PAPER_WORDS), line


def test_three_rounds_of_ugly_end_games_sooner_by_about_what_the_figures_say():
    c = _paired("ugly", 4, 12, {"rounds": 3})
    by = {r.key: r for r in c.rows}
    lines = summarize(c)
    _plain(lines)
    assert "rough" in lines[0]  # 12 deals: a quick look, and the sentences say so
    length = next(line for line in lines if line.startswith("Games "))
    assert lines.index(length) <= 2, lines  # among the biggest changes, told first
    found = re.fullmatch(
        r"Games end (\d+) minutes sooner \(([\d.]+) minutes at the table instead of ([\d.]+); "
        r"(\d+) moves instead of (\d+)\)\.",
        length,
    )
    assert found, length
    sooner, now, before, moves_now, moves_before = (float(x) for x in found.groups())
    minutes = by["minutes"]
    assert sooner == pytest.approx(minutes.against - minutes.tried, abs=0.5)
    assert (now, before) == pytest.approx((minutes.tried, minutes.against), abs=0.05)
    assert 0.3 < now / before < 0.5  # three rounds of seven, the early ones the shortest
    assert (moves_now, moves_before) == (round(by["actions"].tried), round(by["actions"].against))
    assert "Rounds: 4 fewer in every game (3 instead of 7)." in lines
    jacks = next((line for line in lines if line.startswith("Jacks the winner took")), None)
    if jacks is not None:  # fewer rounds, fewer tricks: never more Jacks
        assert "fewer" in jacks and "more" not in jacks
    assert not any("longer" in line or "may be luck" in line for line in lines)


def test_ugh_for_younger_players_flips_six_fewer_ugh_cards_and_says_so_first():
    """Without the blue Ugh! cards (six in one deck) every game flips exactly six fewer."""
    c = _paired("ugh", 3, 10, variant="younger-players")
    lines = summarize(c)
    _plain(lines)
    assert "rough" in lines[0]
    found = re.fullmatch(r"Ugh! cards flipped: 6 fewer in every game \((\d+) instead of (\d+)\)\.", lines[1])
    assert found, lines
    now, before = (int(x) for x in found.groups())
    assert before - now == 6
    points = next((line for line in lines if line.startswith("Players end with")), None)
    if points is not None:  # no -3 cards: scores only go up
        assert "more points" in points
    assert not any("may be luck" in line for line in lines)  # a change in every deal is no luck


def test_the_same_rules_on_the_same_deals_play_out_alike():
    c = _paired("ugo", 2, 12)
    assert summarize(c)[-1].startswith("All 12 deals played out exactly alike under both sets of rules")


@pytest.mark.parametrize("base", [3, 8])
def test_the_same_rules_on_other_deals_show_nothing_or_say_it_may_be_luck(base):
    """Every difference here is luck: the sentences must say there is none, or that it may be luck."""
    c = _other_deals("ugly", 4, 20, "random", base)
    lines = summarize(c)
    _plain(lines)
    said = " ".join(lines)
    marked = sum(r.significant for r in c.rows)
    if marked:
        assert f"About one figure in twenty looks different by chance alone; {marked} of " in said
        assert "may be luck" in said
    else:
        assert "No difference showed beyond luck in 20 deals; try more deals to see small ones." in lines


# -- comparisons built by hand ----------------------------------------------------------------------


def _row(key: str, tried: float, against: float, sure: bool = False, every: bool = False, **kw) -> Row:
    """A figure; ``sure``: its range leaves out zero; ``every``: every deal changed by the same."""
    diff = tried - against
    width = 0.0 if every else abs(diff) / 2 if sure else abs(diff) + 1
    return Row(
        key,
        kw.get("label", key.replace("_", " ").capitalize()),
        kw.get("section", "Ugly"),
        kw.get("kind", "number"),
        tried,
        against,
        diff,
        diff - width,
        diff + width,
        kw.get("n", 200),
    )


def _comparison(rows: list[Row], n: int = 200, players: int = 4) -> Comparison:
    return Comparison("ugly", players, "normal", "Ours", "Standard rules", n, tuple(rows), 1.0, False, 1)


def _quiet(count: int) -> list[Row]:
    return [_row(f"figure_{i}", 5.0, 5.2) for i in range(count)]


@pytest.mark.parametrize(("marked", "figures", "warned"), [(1, 20, True), (3, 20, True), (4, 20, False)])
def test_a_few_marked_among_many_may_be_luck(marked, figures, warned):
    """About one figure in twenty is marked by chance alone; 3 of 20 happens by luck more than one
    time in twenty, 4 of 20 less."""
    rows = [_row(f"odd_{i}", 9.0, 5.0, sure=True) for i in range(marked)] + _quiet(figures - marked)
    said = " ".join(summarize(_comparison(rows)))
    assert ("may be luck" in said) is warned
    if warned:
        assert f"{marked} of {figures} " in said
    assert chance_of_marking(1, 20) == pytest.approx(1 - 0.95**20)


def test_a_change_in_every_deal_is_no_luck():
    rows = [_row("rounds", 3, 7, every=True, label="Rounds"), *_quiet(19)]
    lines = summarize(_comparison(rows))
    assert lines[0] == "Rounds: 4 fewer in every game (3 instead of 7)."
    assert not any("luck" in line for line in lines)


def test_the_biggest_change_comes_first_in_the_games_words():
    rows = [
        _row("minutes", 6.0, 12.0, sure=True, kind="minutes", section="Length", label="Minutes at the table"),
        _row("actions", 150.0, 300.0, sure=True, section="Length", label="Moves per game"),
        _row("winner_jacks", 4.6, 5.0, sure=True, label="Jacks the winner took"),
        _row("seat_2_wins", 0.30, 0.20, sure=True, kind="share", section="Wins by seat", label="Seat 2 wins"),
        *_quiet(10),
    ]
    lines = summarize(_comparison(rows))
    _plain(lines)
    assert lines[:3] == [
        "Games end 6 minutes sooner (6 minutes at the table instead of 12; 150 moves instead of 300).",
        "Seat 2 wins more often: 30% of games instead of 20%.",
        "Jacks the winner took: about 0.4 fewer a game (4.6 instead of 5.0).",
    ]


def test_nothing_beyond_luck_is_said_plainly():
    lines = summarize(_comparison(_quiet(14)))
    assert lines == ["No difference showed beyond luck in 200 deals; try more deals to see small ones."]


@pytest.mark.parametrize(("deals", "rough"), [(MIN_PAIRS, True), (20, True), (49, True), (50, False)])
def test_a_quick_look_says_its_figures_are_rough(deals, rough):
    lines = summarize(_comparison([_row("rounds", 3, 7, every=True, n=deals)], n=deals))
    assert ("rough" in lines[0]) is rough


def test_too_few_deals_tell_nothing():
    assert summarize(_comparison(_quiet(3), n=4)) == [
        "4 deals are too few to tell a change from luck (at least 10 are needed)."
    ]
    assert summarize(_comparison([], n=0)) == ["No deal has finished yet, so there is nothing to compare."]


def test_shares_change_in_percentage_points_never_pts():
    seat = _row("seat_1_wins", 0.45, 0.25, sure=True, kind="share", section="Wins by seat")
    assert seat.show(seat.diff, signed=True) == "+20.0 percentage points"
    assert "pts" not in table(_comparison([seat]), 1)


def test_the_table_tells_in_words_first_and_the_json_carries_the_sentences():
    rows = [_row("rounds", 3, 7, every=True, label="Rounds"), *_quiet(5)]
    c = _comparison(rows)
    text = table(c, 1)
    words = text.index("Rounds: 4 fewer in every game")
    assert words < text.index("The figures") < text.index("difference (likely range)")
    data = as_json(c, 1)
    assert data["summary"] == summarize(c)


def test_the_command_takes_a_quick_look_of_twenty_deals(capsys):
    code = main(
        ["lab", "ugo", "--variant", "strong-tens", "--games", "20", "--level", "easy", "--workers", "1"]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "A quick look at 20 deals: the figures are rough" in out
    assert out.index("A quick look") < out.index("The figures")
    assert "Moves per game" in out and "Actions" not in out
    assert main(["lab", "ugo", "--games", "20", "--level", "easy", "--workers", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 20 and any("rough" in line for line in data["summary"])
