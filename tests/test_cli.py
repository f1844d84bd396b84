import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import games
from cardtable.cli import main


def _run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_no_command_opens_the_app_and_exit_after_closes_it(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    shot = tmp_path / "title.png"
    code, _, err = _run(capsys, "--exit-after", "0.3", "--screenshot", str(shot))
    assert code == 0, err
    assert shot.stat().st_size > 10_000  # the title screen was drawn


def test_games_lists_games_players_and_variants(capsys):
    code, out, _ = _run(capsys, "games")
    assert code == 0
    assert "Ugly - 3 to 4 players" in out
    for variant in ("standard", "short-game", "alternate-passing", "no-no-trump"):
        assert f"variant {variant}:" in out


def test_games_options_lists_every_option(capsys):
    from cardtable import games

    code, out, _ = _run(capsys, "games", "--options", "ugly")
    assert code == 0
    for option in games.get("ugly").schema:
        assert f"  {option.key}  [" in out
        assert option.description in out


def test_simulate_prints_a_table(capsys):
    code, out, _ = _run(
        capsys,
        "simulate",
        "ugly",
        "--players",
        "4",
        "--games",
        "4",
        "--agents",
        "rule,random,random,random",
        "--seed",
        "1",
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Ugly: 4 players, 4 games, Standard rules, seed 1")
    rows = [line.split() for line in lines[2:6]]
    assert [r[0] for r in rows] == ["0", "1", "2", "3"]
    assert [r[1] for r in rows] == ["rule", "random", "random", "random"]
    assert sum(int(r[2]) for r in rows) >= 4  # every game has at least one winner


def test_simulate_json_is_one_summary_object_and_repeatable(capsys):
    args = [
        "simulate",
        "ugly",
        "--games",
        "3",
        "--agents",
        "rule,random,rule",
        "--seed",
        "9",
        "--variant",
        "short-game",
        "--json",
    ]
    code, out, _ = _run(capsys, *args)
    assert code == 0
    summary = json.loads(out)
    for key in ("game", "players", "games", "agents", "wins", "mean_scores", "seconds"):
        assert key in summary
    assert summary["game"] == "ugly" and summary["players"] == 3 and summary["games"] == 3
    assert summary["agents"] == ["rule", "random", "rule"]
    assert summary["options"]["rounds"] == 4
    assert len(summary["wins"]) == 3 and len(summary["mean_scores"]) == 3
    _, again, _ = _run(capsys, *args)
    first, second = json.loads(out), json.loads(again)
    for timing in ("seconds", "decision_mean", "decision_p95"):  # clocks differ, games do not
        first.pop(timing), second.pop(timing)
    assert first == second
    assert len(first["win_ci95"]) == 3 and first["decisions"][0] > 0


def test_own_variants_are_listed_and_simulated_and_a_broken_one_is_reported(capsys, config_folder):
    folder = config_folder / "variants" / "ugly"
    folder.mkdir(parents=True)
    (folder / "two-rounds.yaml").write_text("description: Just two rounds\noptions:\n  rounds: 2\n")
    broken = folder / "broken.yaml"
    broken.write_text("description: Bad\noptions:\n  rounds: 99\n")
    before = broken.read_bytes()

    code, out, err = _run(capsys, "games")
    assert code == 0
    assert "variant two-rounds (yours): Just two rounds" in out
    assert "variant short-game: " in out and "short-game (yours)" not in out
    assert f"{broken}:3" in err and "rounds" in err  # file and line of the problem
    assert "variant broken" not in out

    code, out, err = _run(
        capsys, "simulate", "ugly", "--games", "1", "--agents", "random", "--variant", "two-rounds", "--json"
    )
    assert code == 0, err
    summary = json.loads(out)
    assert summary["variant"] == "two-rounds" and summary["options"]["rounds"] == 2
    assert broken.read_bytes() == before  # reading never rewrites the player's file

    code, _, err = _run(capsys, "simulate", "ugly", "--games", "1", "--variant", "broken")
    assert code == 2 and "no variant 'broken'" in err
    assert "two-rounds" in err and "short-game" in err  # names the player's variants and the built-in ones


def test_simulate_options_from_the_command_line(capsys):
    code, out, _ = _run(
        capsys,
        "simulate",
        "ugly",
        "--games",
        "1",
        "--agents",
        "random",
        "--option",
        "rounds=2",
        "--option",
        "allow_no_trump=false",
        "--json",
    )
    assert code == 0
    options = json.loads(out)["options"]
    assert options["rounds"] == 2 and options["allow_no_trump"] is False


@pytest.mark.parametrize(
    "args, words",
    [
        (["simulate", "poker"], "no game 'poker'"),
        (["simulate", "ugly", "--agents", "rule,random", "--players", "4"], "names 2 seats"),
        (["simulate", "ugly", "--agents", "genius"], "no agent 'genius'"),
        (["simulate", "ugly", "--players", "5"], "3 to 4 players"),
        (["simulate", "ugly", "--variant", "turbo"], "no variant 'turbo'"),
        (["simulate", "ugly", "--option", "rounds=99"], "rounds: must be at most 9"),
        (["simulate", "ugly", "--option", "colour=red"], "colour: unknown option"),
        (["simulate", "ugly", "--option", "rounds"], "KEY=VALUE"),
        (["games", "--options", "poker"], "no game 'poker'"),
        (["--demo", "poker"], "no game 'poker'"),
        (["--demo", "ugly", "--seat", "5"], "--seat must be from 1 to 4"),
        (["--demo", "ugh", "--seat", "0"], "--seat must be from 1 to 4"),
        (["--seat", "1"], "--seat goes with --demo"),
        (["--seat", "3", "simulate", "ugly", "--games", "1"], "--seat goes with --demo"),
        (["--seat", "1", "games"], "--seat goes with --demo"),
    ],
)
def test_mistakes_exit_2_with_a_clear_message(capsys, args, words):
    code, out, err = _run(capsys, *args)
    assert code == 2
    assert words in err and out == ""


def test_a_demo_of_a_game_without_a_table_is_refused(capsys, monkeypatch):
    import cardtable.app.layout as layout

    monkeypatch.setattr(layout, "playable_games", lambda: [g for g in games.ids() if g != "ugo"])
    code, out, err = _run(capsys, "--demo", "ugo")
    assert code == 2 and "U-G-O has no table in the app yet" in err and out == ""


def test_the_installed_command_runs():
    script = Path(sys.executable).parent / "cardtable"
    assert script.exists(), "the cardtable entry point is installed beside the interpreter"
    result = subprocess.run([str(script), "games"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "Ugly" in result.stdout


def test_simulate_says_when_lower_scores_are_better(capsys):
    code, out, _ = _run(
        capsys,
        "simulate",
        "ultimate-loser",
        "--players",
        "3",
        "--games",
        "2",
        "--agents",
        "rule",
        "--seed",
        "2",
    )
    assert code == 0
    assert out.startswith("Ultimate Loser: 3 players, 2 games, Standard rules, seed 2")
    assert "lower is better" in out
    _, ugly, _ = _run(capsys, "simulate", "ugly", "--games", "1", "--agents", "random")
    assert "lower is better" not in ugly


@pytest.mark.parametrize("command", [["games"], ["simulate", "ugly", "--games", "2", "--agents", "normal"]])
def test_a_reader_that_stops_early_ends_the_command_quietly(command):
    """``cardtable games | head``: the pipe closes before the output is written; no traceback."""
    code = "import sys; from cardtable.cli import main; raise SystemExit(main(sys.argv[1:]))"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    proc.stdout.close()  # nobody reads: the first write fails
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 1
    assert "Traceback" not in err and "BrokenPipe" not in err, err
