"""The house-rule lab: paired games under two sets of rules, compared, printed, drawn and cancelled.

Every game at every table size; the games are played by fast computers in
this process (the pool's processes are tried where they matter: the command
line's default and a cancel).
"""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from cardtable import games
from cardtable.app import theme
from cardtable.app.layout.timing import game_seconds
from cardtable.cli import main
from cardtable.engine import Announced, RoundEnded, ScoreChanged
from cardtable.games.ugh.cards import UGH
from cardtable.lab.compare import Comparison, Row, compare, paired, t95
from cardtable.lab.record import decided_last, margin
from cardtable.lab.run import LabRun, LabSetup, play_one
from cardtable.lab.sides import side
from cardtable.lab.summary import summarize

COUNTS = [
    pytest.param(spec.id, n, id=f"{spec.id}-{n}") for spec in games.all_specs() for n in spec.player_range
]


def _run(game: str, players: int, n: int, tried: dict | None = None, level: str = "easy", seed: int = 1):
    spec = games.get(game)
    setup = LabSetup(game, players, n, level, seed, side(spec, players, None, tried), side(spec, players))
    return LabRun(setup, clock=game_seconds, here=True).wait()


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_the_same_rules_against_themselves_differ_in_nothing(game, players):
    """Same seeds, same rules: the very same games, so every difference is exactly zero and none is
    called real; and every figure of the game is there, finite."""
    result = _run(game, players, 2)
    c = compare(result)
    assert c.n == 2 and not result.error
    keys = {r.key for r in c.rows}
    spec = games.get(game)
    assert {m.key for m in spec.measures} <= keys
    assert {f"seat_{s + 1}_wins" for s in range(players)} <= keys
    assert {"mean_score", "winning_margin", "actions", "minutes", "first_wins"} <= keys
    for r in c.rows:
        assert r.diff == 0 and not r.significant, r
        assert math.isfinite(r.tried) and r.tried >= 0 or r.key in ("mean_score", "winning_margin"), r
    wins = sum(r.tried for r in c.section("Wins by seat"))
    assert wins == pytest.approx(1.0)  # every game has its winners' whole share
    minutes = next(r for r in c.rows if r.key == "minutes")
    assert 0.5 < minutes.tried < 120  # a game lasts minutes at the table, not seconds or hours


def test_fewer_rounds_make_shorter_ugly_games_and_the_lab_says_so():
    result = _run("ugly", 4, 12, {"rounds": 3}, level="normal")
    c = compare(result)
    by = {r.key: r for r in c.rows}
    assert by["rounds"].tried == 3 and by["rounds"].against == 7
    for key in ("actions", "minutes"):
        assert by[key].significant and by[key].diff < 0, by[key]
    assert by["minutes"].tried < 0.6 * by["minutes"].against
    text = "\n".join(summarize(c))
    assert "Games end" in text and "sooner" in text and "longer" not in text


def test_a_real_difference_is_told_from_noise_by_pairing():
    """Fewer Ugh! cards (younger players): every game flips exactly six fewer (the blue ones), a
    difference the pairing pins down exactly; the winners' seats move about by luck."""
    result = _run("ugh", 3, 10, {"younger_players": True}, level="easy")
    by = {r.key: r for r in compare(result).rows}
    assert by["ugh_flipped"].diff == -6 and by["ugh_flipped"].low == by["ugh_flipped"].high == -6
    assert by["ugh_flipped"].significant


def test_paired_intervals():
    a, b, d, lo, hi = paired([3.0, 5.0, 4.0], [1.0, 2.0, 3.0])
    assert (a, b, d) == (4.0, 2.0, 2.0)
    half = 4.303 * 1.0 / math.sqrt(3)  # differences 2, 3, 1: standard deviation 1; Student's t, 2 df
    assert (lo, hi) == pytest.approx((2 - half, 2 + half))
    assert paired([1.0], [0.0])[3:] == (-math.inf, math.inf)  # one game says nothing about noise
    assert t95(30) == 2.042 and t95(31) == pytest.approx(2.040, abs=0.001)
    assert t95(200) == pytest.approx(1.972, abs=0.001) and t95(10**6) == pytest.approx(1.960, abs=0.001)


def test_margin_counts_in_the_direction_that_wins():
    assert margin([10, 4, 7], [0], 1.0) == 3
    assert margin([2, 9, 5], [0], -1.0) == 3  # penalties: 2 beats the next best 5 by 3
    assert margin([5, 5, 1], [0, 1], 1.0) == 0


def test_decided_last_compares_the_leaders_going_into_the_last_round_with_the_winners():
    spec = games.get("ugly")
    log = [ScoreChanged(0, 5, 5), ScoreChanged(1, 2, 2), RoundEnded(1, (5, 2))]
    held = [*log, ScoreChanged(0, 1, 6), ScoreChanged(1, 3, 5), RoundEnded(2, (1, 3))]
    assert decided_last(spec, 2, held, [0]) is False
    turned = [*log, ScoreChanged(1, 9, 11), RoundEnded(2, (0, 9))]
    assert decided_last(spec, 2, turned, [1]) is True
    assert decided_last(spec, 2, log, [0]) is None  # one round: nothing went before it
    ugo = games.get("ugo")
    turns = [Announced("turn", s % 2, None, "") for s in range(6)]
    assert decided_last(ugo, 2, turns, [0]) is None  # no running score at all
    ugh = games.get("ugh")  # no rounds: a round is one turn each
    laps = [ScoreChanged(0, 4, 4), *turns, ScoreChanged(1, 6, 6), Announced("turn", 0, None, "")]
    assert decided_last(ugh, 2, laps, [1]) is True
    held = [ScoreChanged(1, 6, 6), *turns, ScoreChanged(0, 2, 2)]
    assert decided_last(ugh, 2, held, [1]) is False  # seat 1 led into the last go-around and won
    loser = games.get("ultimate-loser")  # penalties: the fewest lead
    pens = [ScoreChanged(0, 4, 4), ScoreChanged(1, 1, 1), RoundEnded(1, (4, 1))]
    assert decided_last(loser, 2, [*pens, ScoreChanged(1, 1, 2), RoundEnded(2, (0, 1))], [1]) is False
    assert decided_last(loser, 2, [*pens, ScoreChanged(1, 5, 6), RoundEnded(2, (0, 5))], [0]) is True
    tied = [ScoreChanged(0, 3, 3), ScoreChanged(1, 3, 3), RoundEnded(1, (3, 3)), RoundEnded(2, (0, 0))]
    assert decided_last(spec, 2, tied, [0, 1]) is False  # tied going in, tied at the end
    assert decided_last(spec, 2, tied, [1]) is True  # the last round broke the tie


def _finished(game_id: str, players: int, seed: int, options: dict | None = None):
    """A finished game of easy computers and its whole log."""
    from cardtable.simulate import play_game

    spec = games.get(game_id)
    match = play_game(spec, ["easy"] * players, spec.resolve_options(players, options or {}), seed)
    return spec, match.game, match.log


def _measures(spec, game, log) -> dict[str, float]:
    return {m.key: m.count(game, log) for m in spec.measures}


@pytest.mark.parametrize("seed", [3, 4])
def test_uglys_figures_agree_with_the_finished_game(seed):
    spec, game, log = _finished("ugly", 4, seed, {"allow_no_trump": True})
    got = _measures(spec, game, log)
    calls = [a for s, a in game.history if a.kind == "trump"]
    assert got["rounds"] == game.n_rounds == len(calls) == len(game.round_scores)
    assert got["no_trump_calls"] == sum(a.value == "NT" for a in calls)
    (winner,) = game.winners() if len(game.winners()) == 1 else (None,)
    if winner is not None:  # the Jacks in the winner's tricks, counted from the tricks themselves
        taken = [e.cards for e in log if type(e).__name__ == "TrickWon" and e.seat == winner]
        assert got["winner_jacks"] == sum(c.rank == 11 for cards in taken for c in cards)


@pytest.mark.parametrize("players", [2, 4, 7])
def test_ughs_figures_agree_with_the_finished_game(players):
    spec, game, log = _finished("ugh", players, 5)
    got = _measures(spec, game, log)
    assert got["sets_locked"] == sum(len(sets) for sets in game.sets)
    ughs = [c for c in game.catalog if game.t.kind[c] == UGH]
    assert got["ugh_flipped"] == len([c for c in ughs if c not in game.deck.cards])
    assert got["turns"] >= got["ugh_flipped"] / 3  # an Ugh! card ends the turn it is flipped in


@pytest.mark.parametrize("players", [2, 3, 6])
def test_ugos_figures_agree_with_the_finished_game(players):
    spec, game, log = _finished("ugo", players, 6)
    got = _measures(spec, game, log)
    assert got["turns"] == game.turn_count
    assert got["eliminations"] == len(game.out_order) == players - sum(game.alive)


@pytest.mark.parametrize("penalty", [1, 0])
def test_ultimate_losers_figures_count_passes_with_exchanges_and_fourplays_whatever_they_cost(penalty):
    """A FourPlay played for no penalty is still a FourPlay; an exchange is a pass (RULES)."""
    found = False
    for seed in range(40):
        spec, game, log = _finished("ultimate-loser", 4, seed, {"fourplay_penalty": penalty})
        got = _measures(spec, game, log)
        assert got["hands"] == game.hand_no == len(game.hand_scores)
        kinds = [a.kind for _, a in game.history]
        assert got["passes"] == kinds.count("pass") + kinds.count("exchange")
        fours = [a for _, a in game.history if a.kind == "play" and len(a.cards) == 4]
        assert got["fourplays"] == len([a for a in fours if len({c.rank for c in a.cards}) == 1])
        found = found or got["fourplays"] > 0
    assert found, "no FourPlay in 40 games: the count was never tried"


@pytest.mark.parametrize("game", games.ids())
def test_each_game_names_its_figures_and_who_went_first(game):
    spec = games.get(game)
    players = min(4, spec.max_players)
    record = play_one(game, players, spec.resolve_options(players), "easy", 7)
    assert set(record.measures) == {m.key for m in spec.measures}
    assert sum(record.shares) == pytest.approx(1.0) and record.actions > 0
    assert 0 <= record.first < players


def test_the_summary_says_when_going_first_is_an_advantage():
    def comparison(first_share: float, against: float = 0.25, beyond_luck: bool = False) -> Comparison:
        diff = first_share - against
        width = 0.05 if beyond_luck else 0.5  # the change's own range: beyond luck, or not
        row = Row(
            "first_wins",
            "Whoever went first wins",
            "Going first",
            "share",
            first_share,
            against,
            diff,
            diff - width,
            diff + width,
            200,
        )
        seat = Row("seat_1_wins", "Seat 1 wins", "Wins by seat", "share", 0.25, 0.25, 0, 0, 0, 200)
        return Comparison("ugly", 4, "normal", "Ours", "Standard rules", 200, (seat, row), 1.0, False, 1)

    def said(c: Comparison) -> str:
        return " ".join(summarize(c))

    assert "Going first is an advantage under Ours: 40% of the wins" in said(comparison(0.4))
    assert "Going first is a handicap" in said(comparison(0.1))
    assert "Going first" not in said(comparison(0.26))  # within luck of 25%
    came = said(comparison(0.4, beyond_luck=True))
    assert "Going first becomes an advantage under Ours: 40% of the wins instead of 25%" in came
    assert "Whoever goes first" not in came  # one sentence for it, not two
    went = said(comparison(0.26, against=0.4, beyond_luck=True))
    assert "Going first stops mattering under Ours: 26% of the wins" in went
    assert "under Standard rules it was an advantage (40%" in went
    # an edge under the other rules that the rules tried lose within luck is no change worth a word
    assert "Going first" not in said(comparison(0.26, against=0.4))
    both = said(comparison(0.45, against=0.42))
    assert "Going first is an advantage under both sets of rules: 45% and 42% of the wins" in both


def test_cancel_stops_the_worker_processes_at_once():
    spec = games.get("ugh")
    younger = side(spec, 6, spec.variants["younger-players"])
    lab = LabRun(LabSetup("ugh", 6, 400, "normal", 3, side(spec, 6), younger), workers=2)
    processes = lab.processes
    assert len(processes) == 2 and all(p.is_alive() for p in processes)
    deadline = time.monotonic() + 60
    while lab.poll() < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert lab.done >= 2
    lab.cancel()
    assert all(not p.is_alive() for p in processes), "every process has ended when cancel returns"
    result = lab.result()
    assert result.cancelled and lab.finished and len(result.pairs) < 400
    assert lab.poll() == lab.done  # nothing more arrives


def test_the_command_prints_a_table_and_a_chart(capsys, tmp_path):
    chart = tmp_path / "lab.png"
    code = main(
        ["lab", "ugly", "--option", "rounds=3", "--games", "4", "--workers", "2", "--chart", str(chart)]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "Ugly, 4 players, normal computers: Rounds: 3 against Standard rules, 4 paired games" in out
    assert "too few to tell a change from luck" in out
    for label in ("Seat 1 wins", "Winning margin", "Minutes at the table", "Rounds", "No Trump calls"):
        assert label in out
    picture = pygame.image.load(str(chart))
    assert picture.get_size() == (1000, 620)
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, 1000, 4) for y in range(0, 620, 4)}
    assert theme.ACCENT in colours and theme.MUTED in colours  # bars of both rules are drawn


def test_the_command_json_is_one_object_and_repeats_with_the_seed(capsys):
    args = ["lab", "ultimate-loser", "--variant", "short-match", "--games", "3", "--players", "3"]
    outs = []
    for _ in range(2):
        assert main([*args, "--json", "--workers", "1", "--seed", "9"]) == 0
        outs.append(json.loads(capsys.readouterr().out))
    a, b = outs
    assert a["rows"] == b["rows"]
    assert a["tried"] == "Short match" and a["against"] == "Standard rules" and a["games"] == 3
    hands = next(r for r in a["rows"] if r["key"] == "hands")
    assert hands["tried"] == 3 and hands["against"] == 5
    assert all(r["low"] is None or isinstance(r["low"], float) for r in a["rows"])


def test_the_players_own_variant_can_be_tried(capsys, config_folder):
    folder = config_folder / "variants" / "ugly"
    folder.mkdir(parents=True)
    (folder / "two-rounds.yaml").write_text("description: Just two rounds\noptions:\n  rounds: 2\n")
    code = main(
        ["lab", "ugly", "--variant", "two-rounds", "--against", "short-game", "--games", "2", "--json"]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    rounds = next(r for r in data["rows"] if r["key"] == "rounds")
    assert (rounds["tried"], rounds["against"]) == (2, 4)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["lab", "ugly", "--option", "rounds=99"], "rounds"),
        (["lab", "ugly", "--variant", "nope"], "no variant 'nope'"),
        (["lab", "ugly", "--against", "nope"], "no variant 'nope'"),
        (["lab", "ugly", "--players", "6"], "3 to 4 players"),
        (["lab", "ugly", "--games", "0"], "--games"),
        (["lab", "ugly", "--option", "rounds"], "KEY=VALUE"),
    ],
)
def test_mistakes_exit_2_with_a_clear_message(capsys, args, words):
    code = main(args)
    _, err = capsys.readouterr()
    assert code == 2 and words in err


def test_a_process_that_dies_stops_the_run_and_says_so():
    """A killed lab process (out of memory, say) must not leave the run waiting for its game forever."""
    spec = games.get("ugh")
    lab = LabRun(LabSetup("ugh", 6, 50, "normal", 4, side(spec, 6), side(spec, 6)), workers=2)
    started = lab.processes
    victim = started[0]
    deadline = time.monotonic() + 60
    while lab.poll() < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(victim.pid, signal.SIGKILL)
    while not lab.finished and time.monotonic() < deadline:
        lab.poll()
        time.sleep(0.05)
    assert lab.finished and "stopped unexpectedly" in lab.error, lab.error
    assert not lab.processes and not any(p.is_alive() for p in started)


def test_a_game_that_fails_stops_the_run_with_its_reason():
    spec = games.get("ugly")
    setup = LabSetup("ugly", 4, 6, "normal", 4, side(spec, 4), side(spec, 4))
    result = LabRun(setup, workers=2, clock=failing_clock).wait()
    assert "RuntimeError: no clock here" in result.error


def failing_clock(game_id, events, moves):
    raise RuntimeError("no clock here")


def test_ctrl_c_stops_the_command_and_prints_what_finished():
    command = [sys.executable, "-c", "from cardtable.cli import main; raise SystemExit(main())"]
    command += ["lab", "ugh", "--games", "400", "--workers", "2"]
    pipes = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True}
    proc = subprocess.Popen(command, start_new_session=True, **pipes)
    deadline = time.monotonic() + 60
    while len(_children(proc.pid)) < 2 and time.monotonic() < deadline:  # the lab's processes are up
        time.sleep(0.2)
    time.sleep(2)  # and playing
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl+C: to every process of the group
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "cancelled" in out and "paired games" in out
    assert "Traceback" not in err  # the lab's processes leave Ctrl+C to the command


def test_the_command_says_when_both_sides_are_the_same_rules(capsys):
    assert main(["lab", "ugly", "--games", "2", "--workers", "1"]) == 0
    err = capsys.readouterr().err
    assert "are the same rules" in err and "--variant" in err
    assert main(["lab", "ugly", "--option", "rounds=3", "--games", "2", "--workers", "1"]) == 0
    assert "same rules" not in capsys.readouterr().err


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out
