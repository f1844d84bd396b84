"""The autosave: a game survives quitting, a crash and a killed process, and a bad save costs nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from cardtable import games
from cardtable.ai import make_agent
from cardtable.app.scenes.table import TableScene
from cardtable.app.scenes.title import TitleScene
from cardtable.app.table.setup import GameSetup, SeatSetup
from cardtable.match import Match, Seat
from cardtable.saves import AUTOSAVE, MatchRecord, read_autosave, read_replay, replay_yaml, seats_of
from tests.ui import click, make_app, run, table_game, tick, until, until_my_turn

ROOT = Path(__file__).resolve().parents[1]

CHILD = textwrap.dedent(
    """
    import sys
    from cardtable.app.app import App
    from cardtable.app.table.setup import GameSetup, SeatSetup
    from cardtable.app.scenes.table import TableScene

    app = App(size=(1280, 720))
    app.settings.animation_speed = "instant"
    app.settings.computer_speed = "fast"
    game, players = sys.argv[1], int(sys.argv[2])
    seats = [SeatSetup(f"P{i}", False, "easy") for i in range(players)]
    app.push(TableScene(app, GameSetup(game, seats, seed=21)))
    app.run(exit_after=120)
    """
)


def _child_env(tmp_path: Path, data: Path) -> dict[str, str]:
    """A real app process of its own: its own folders, no window, no sound."""
    return dict(
        os.environ,
        CARDTABLE_DATA_DIR=str(data),
        CARDTABLE_CONFIG_DIR=str(tmp_path / "config"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYTHONPATH=str(ROOT),
    )


def _saved_moves(folder: Path) -> int:
    try:
        return len(json.loads((folder / AUTOSAVE).read_text(encoding="utf-8"))["game"]["actions"])
    except (OSError, ValueError, KeyError):
        return 0


@pytest.mark.parametrize("game", games.ids())
def test_a_killed_app_resumes_exactly_where_it_stopped(game, tmp_path):
    data = tmp_path / "data"
    env = _child_env(tmp_path, data)
    players = max(3, games.get(game).min_players)
    child = subprocess.Popen([sys.executable, "-c", CHILD, game, str(players)], env=env, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 60
        while _saved_moves(data) < 12:
            assert child.poll() is None, "the app stopped by itself"
            assert time.monotonic() < deadline, "no autosave with moves in it"
            time.sleep(0.05)
        child.send_signal(signal.SIGKILL)
        child.wait(10)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == -signal.SIGKILL
    saved = json.loads((data / AUTOSAVE).read_text(encoding="utf-8"))  # whole: writes are atomic

    app = make_app()
    title = TitleScene(app)
    app.push(title)
    run(app, 0.1)
    assert title.saved is not None
    assert title.resume_button.label.startswith(f"Continue {games.get(game).name}")
    click(app, title.resume_button.rect.center)
    scene = app.stack.top
    assert isinstance(scene, TableScene) and scene.session.resumed
    assert scene.session.match.game.to_dict() == json.loads(json.dumps(saved["game"]))
    assert [s.name for s in scene.session.match.seats] == [f"P{i}" for i in range(players)]
    assert scene.session.driver.levels == ["easy"] * players  # the computers keep their levels
    assert len(scene.session.match.log) > len(
        scene.session.match.game.opening_events
    )  # the game log is whole again
    moves = len(scene.session.match.game.history)
    run(app, 3.0)
    assert len(scene.session.match.game.history) > moves or scene.session.match.over  # and play goes on


def _save_one(app, game="ultimate-loser"):
    scene = table_game(app, [("You", True), ("Bo", False), ("Cy", False)], seed=8, game=game)
    until_my_turn(app, scene)
    scene.perform([scene.view.legal[-1]])
    run(app, 0.2)
    app.saver.flush()
    return scene


def _broken_kinds(good: str) -> dict[str, bytes]:
    data = json.loads(good)
    older = dict(data, version=0)
    unknown = dict(data, game=dict(data["game"], game="poker"))
    tampered_moves = dict(data, game=dict(data["game"], actions=[[0, {"kind": "nonsense"}]]))
    state = dict(data["game"], state=dict(data["game"]["state"]))
    state["seed"] = state["seed"] + 1  # its moves lead elsewhere
    no_seats = dict(data, seats=[])
    moves = data["game"].get("actions") or [[0, {}]]
    seat, action = moves[0]
    wrong_seat = dict(data, game=dict(data["game"], actions=[[(seat + 1) % 3, action]]))  # not theirs to make
    fewer = dict(data["game"], players=len(data.get("seats") or [0, 0]) - 1)
    fewer_seats = dict(data, seats=(data.get("seats") or [])[:-1], game=fewer)  # its state still has them all
    return {
        "syntax": good[: len(good) // 2].encode(),
        "not_a_mapping": b"[1, 2, 3]",
        "older_version": json.dumps(older).encode(),
        "unknown_game": json.dumps(unknown).encode(),
        "bad_moves": json.dumps(tampered_moves).encode(),
        "other_seed": json.dumps(dict(data, game=state)).encode(),
        "no_seats": json.dumps(no_seats).encode(),
        "wrong_seat": json.dumps(wrong_seat).encode(),
        "fewer_seats": json.dumps(fewer_seats).encode(),
        "invalid_utf8": b"\xff\xfe\x00garbage",
        "empty": b"",
    }


def _kinds() -> list[str]:
    return list(_broken_kinds(json.dumps({"game": {"state": {}, "seed": 1, "actions": [[0, {}]]}})))


@pytest.mark.parametrize("kind", _kinds())
def test_a_broken_autosave_is_reported_and_set_aside(kind, tmp_path):
    app = make_app()
    _save_one(app)
    folder = app.data
    good = (folder / AUTOSAVE).read_text(encoding="utf-8")
    bad = _broken_kinds(good)[kind]
    (folder / AUTOSAVE).write_bytes(bad)

    app2 = make_app()
    title = TitleScene(app2)
    app2.push(title)
    run(app2, 0.1)
    assert title.saved is None, "a save that cannot be taken up is never offered"
    assert not (folder / AUTOSAVE).exists()
    kept = [p for p in folder.iterdir() if p.name.startswith("autosave.broken-")]
    assert len(kept) == 1 and kept[0].read_bytes() == bad  # kept as it was, never deleted
    assert len(app2.save_notes) == 1 and kept[0].name in app2.save_notes[0]
    run(app2, 0.1)  # the title draws with the notice and goes on
    assert app2.running


def test_a_directory_where_the_autosave_should_be_is_set_aside(tmp_path):
    app = make_app()
    (app.data / AUTOSAVE).mkdir(parents=True)
    title = TitleScene(app)
    app.push(title)
    run(app, 0.1)
    assert title.saved is None and app.save_notes
    assert any(p.name.startswith("autosave.broken-") and p.is_dir() for p in app.data.iterdir())


def test_leaving_keeps_the_game_and_finishing_leaves_no_autosave_but_a_replay():
    app = make_app()
    app.push(TitleScene(app))
    scene = _save_one(app)
    assert (app.data / AUTOSAVE).exists()
    scene.exits.quit_to_title()
    run(app, 0.1)
    assert app.stack.top.saved is not None  # Continue is offered

    computers = [SeatSetup(n, False, "easy") for n in ("Ann", "Bo", "Cy")]
    game = TableScene(app, GameSetup("ultimate-loser", computers, seed=4))
    app.push(game)
    until(
        app, lambda: app.stack.top is not game, limit=900, each=lambda: game.summary and game.close_summary()
    )
    assert not (app.data / AUTOSAVE).exists()
    replays = list((app.data / "replays").glob("*.yaml"))
    assert len(replays) == 1 and app.stack.top.replay == replays[0]
    replay = read_replay(replays[0])
    final, _ = replay.at(replay.moves)
    assert final.scores() == game.session.match.game.scores() and final.is_over()


@pytest.mark.parametrize("game", games.ids())
def test_a_replay_file_reproduces_the_final_scores(game, tmp_path):
    spec = games.get(game)
    players = max(3, spec.min_players)
    seats = [Seat(f"P{i}", make_agent("easy", spec, i)) for i in range(players)]
    match = Match(spec, seats, seed=13)
    match.run_agents()
    record = MatchRecord(seats_of(match.names, ["easy"] * players), "standard", match.game.to_dict())
    path = tmp_path / "r.yaml"
    path.write_text(replay_yaml(record), encoding="utf-8")
    replay = read_replay(path)
    final, events = replay.at(replay.moves)
    assert final.scores() == match.game.scores()
    assert final.winners() == match.game.winners()
    assert len(events) == len(match.log)
    assert [s.name for s in replay.seats] == match.names


def test_temporary_files_of_an_interrupted_write_are_removed_on_start(tmp_path):
    app = make_app()
    app.data.mkdir(parents=True, exist_ok=True)
    leftovers = [
        app.data / ".autosave.json.abc123_z.tmp",
        app.files.root / ".settings.yaml.x9yyyyyy.tmp",
        app.files.root / "variants" / "ugly" / ".mine.yaml.k2k2k2k2.tmp",
        app.data / "replays" / ".20261123-ugh.yaml.0000abcd.tmp",
    ]
    for p in leftovers:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("half a file")
    keep = [app.data / "notes.tmp", app.data / ".hidden.tmp"]  # not names atomic writes leave
    for p in keep:
        p.write_text("x")
    make_app()
    assert not any(p.exists() for p in leftovers)
    assert all(p.exists() for p in keep)


def test_a_new_game_replaces_the_saved_one_and_a_demo_saves_nothing():
    app = make_app()
    _save_one(app, "ugh")
    first, _ = read_autosave(app.data)
    assert first is not None and first.game["game"] == "ugh"
    app.push(TableScene.of_computers(app, "ugly", 3))
    run(app, 1.0)
    app.saver.flush()
    after, _ = read_autosave(app.data)
    assert after is not None and after.game["game"] == "ugh"  # the demo left it alone
    _save_one(app, "ultimate-loser")
    latest, _ = read_autosave(app.data)
    assert latest is not None and latest.game["game"] == "ultimate-loser"


def test_a_resumed_pass_and_play_game_opens_behind_a_privacy_screen():
    from cardtable.app.scenes.privacy import PrivacyScene

    app = make_app()
    scene = table_game(app, [("Ann", True), ("Ben", True), ("Cy", False)], seed=5, game="ugo")
    run(app, 0.2)
    assert isinstance(app.stack.top, PrivacyScene)
    scene.session.keeper.save()
    app.saver.flush()
    record, _ = read_autosave(app.data)
    assert record is not None and record.humans == 2

    again = make_app()
    resumed = TableScene.from_save(again, record)
    again.push(resumed)
    run(again, 0.2)
    assert isinstance(again.stack.top, PrivacyScene)
    screen = again.stack.top
    acting = resumed.session.names[resumed.session.match.humans_to_act()[0]]
    assert screen.name == acting and screen.what.startswith(acting)  # "Ann plays a turn"
    assert not resumed.drawn_faces  # nobody's cards before someone says they are ready


def test_a_save_that_cannot_be_written_is_said_at_the_table_and_play_goes_on(tmp_path):
    app = make_app()
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    app.data = blocker / "data"
    scene = _save_one(app)
    tick(app)
    assert scene.session.keeper.problem and "could not be saved" in scene.session.keeper.problem
    told = [text for text, _ in scene.said.toasts]  # a note of the table's own, not about a move
    assert any("could not be saved" in t for t in told), told
    until_my_turn(app, scene)
    assert scene.perform([scene.view.legal[0]])  # the game itself is not stopped by it


def test_starting_a_new_game_asks_before_giving_up_the_saved_one():
    from cardtable.app.scenes.dialogs import ConfirmScene

    app = make_app()
    _save_one(app, "ugh")
    title = TitleScene(app)
    app.reset(title)
    run(app, 0.1)
    title.quick_start("ugly")
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and "Ugh!" in ask.detail
    click(app, ask.no.rect.center)  # Cancel: nothing is lost
    assert app.stack.top is title and title.saved is not None and title.saved.game["game"] == "ugh"
    title.quick_start("ugly")
    click(app, app.stack.top.yes.rect.center)
    assert isinstance(app.stack.top, TableScene) and app.stack.top.session.spec.id == "ugly"
    run(app, 0.1)
    app.saver.flush()
    record, _ = read_autosave(app.data)
    assert record is not None and record.game["game"] == "ugly"


def test_sigterm_ends_a_game_cleanly_with_the_game_saved(tmp_path):
    data = tmp_path / "data"
    env = _child_env(tmp_path, data)
    child = subprocess.Popen([sys.executable, "-c", CHILD, "ugh", "3"], env=env, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 60
        while _saved_moves(data) < 5:
            assert child.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        child.send_signal(signal.SIGTERM)
        child.wait(10)  # far more than it needs: it stops at the next frame
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0  # a clean end, not killed
    record, problem = read_autosave(data)
    assert problem is None and record is not None and len(record.game["actions"]) >= 5
    assert not list(data.glob(".*.tmp"))


def test_closing_the_window_during_a_game_quits_at_once_with_the_game_saved():
    import pygame

    app = make_app()
    app.push(TitleScene(app))
    scene = _save_one(app)
    tick(app, [pygame.event.Event(pygame.QUIT)])
    assert not app.running  # no question: the game is kept
    app.saver.flush()
    record, _ = read_autosave(app.data)
    assert record is not None and record.game == scene.session.match.game.to_dict()


def test_a_save_whose_move_is_not_that_seats_names_the_players_in_its_notice(tmp_path):
    app = make_app()
    _save_one(app)
    folder = app.data
    bad = _broken_kinds((folder / AUTOSAVE).read_text(encoding="utf-8"))["wrong_seat"]
    (folder / AUTOSAVE).write_bytes(bad)
    app2 = make_app()
    title = TitleScene(app2)
    app2.push(title)
    run(app2, 0.1)
    assert title.saved is None
    [note] = app2.save_notes
    assert "decision" in note and "{seat" not in note, note
    assert any(name in note for name in ("You", "Bo", "Cy")), note
