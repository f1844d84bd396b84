"""Launching the real app: demo mode, --exit-after, screenshots, crashes logged."""

import logging
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import cardtable
from cardtable.app import app as app_module
from cardtable.app.scenes.table import TableScene


def _not_blank(path: Path) -> bool:
    img = pygame.image.load(str(path))
    w, h = img.get_size()
    colors = {tuple(img.get_at((x, y)))[:3] for x in range(0, w, 37) for y in range(0, h, 29)}
    return len(colors) > 20


def test_demo_runs_and_exits_cleanly_after_the_given_time(tmp_path):
    shot = tmp_path / "demo.png"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "XDG_STATE_HOME": str(tmp_path / "state")}
    cmd = [sys.executable, "-m", "cardtable.cli", "--demo", "ugly", "--seed", "4", "--exit-after", "2.5"]
    result = subprocess.run(
        [*cmd, "--screenshot", str(shot)], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert shot.exists() and _not_blank(shot)
    log = tmp_path / "state" / "cardtable" / "log" / "cardtable.log"
    assert "closed with code 0" in log.read_text()


def test_demo_of_an_unknown_game_is_refused(capsys):
    from cardtable.cli import main

    assert main(["--demo", "poker"]) == 2
    assert "no game 'poker'" in capsys.readouterr().err


def test_a_crash_exits_non_zero_with_the_error_in_the_log(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))

    def broken(*args, **kwargs):
        raise RuntimeError("the table fell over")

    monkeypatch.setattr(TableScene, "of_computers", classmethod(broken))
    code = app_module.launch(demo="ugly", exit_after=1)
    assert code == 1
    log = (tmp_path / "cardtable" / "log" / "cardtable.log").read_text()
    assert "the table fell over" in log and "Traceback" in log
    assert "cardtable.log" in capsys.readouterr().err


def test_demo_loops_with_spectator_view():
    from ui import make_app, run

    app = make_app()
    scene = TableScene.of_computers(app, "ugly", 1)
    app.push(scene)
    assert scene.viewer is None and scene.session.humans == []
    run(app, 2)
    assert all(t.card is None for ref, ts in scene.model.zones.items() if ref[0] == "hand" for t in ts)


@pytest.mark.parametrize("game", ["ugly", "ugo", "ugh", "ultimate-loser"])
def test_a_demo_watched_from_a_seat_shows_that_seats_cards_and_takes_no_input(game):
    from ui import click, key, make_app, run

    app = make_app()
    scene = TableScene.of_computers(app, game, 3, watch=1)
    app.push(scene)
    run(app, 3)
    assert scene.viewer == 1 and scene.session.humans == []
    assert scene.status_text().startswith(
        f"Watching {scene.session.names[1]}"
    )  # not an order to the onlooker
    hands = {ref: [t.card for t in ts] for ref, ts in scene.model.zones.items() if ref[0] == "hand"}
    if hands:  # Ugh! has no hands: everything it deals lies open
        assert hands[("hand", 1)] and None not in hands[("hand", 1)]  # the watched seat's cards, face up
        others = [cards for ref, cards in hands.items() if ref != ("hand", 1) and cards]
        assert others and all(None in cards for cards in others)  # not theirs (a card shown to all may be)
    for _ in range(30):  # the computers decide for every seat: a click or a key changes nothing
        assert not scene.my_turn and scene.legal() == ()
        click(app, (app.size[0] // 2, app.size[1] - 60))
        key(app, pygame.K_RETURN)
        run(app, 0.2)
    assert isinstance(app.stack.top, TableScene) and scene.session.match.game.to_dict()["actions"]


@pytest.mark.parametrize("size", [(900, 540), (1920, 1080), (1100, 800)])
def test_every_card_stays_in_the_window_at_any_size(size):
    from ui import make_app, run

    app = make_app()
    app.window.size = size
    app._resized()
    scene = TableScene.of_computers(app, "ugly", 2)
    app.push(scene)
    run(app, 1.0)
    bounds = pygame.Rect((0, 0), app.size)
    for ref, tokens in scene.model.zones.items():
        for t in tokens:
            assert bounds.collidepoint(t.x, t.y), f"{ref} card at {t.x:.0f},{t.y:.0f} is off screen {size}"


def test_the_app_starts_and_closes_cleanly_over_broken_files_and_leaves_them(tmp_path):
    config = tmp_path / "config"
    broken = {
        config / "settings.yaml": b"animation_speed: [fast\n",
        config / "variants" / "ugly" / "mine.yaml": b"options:\n  rounds: 99\n",
        config / "layouts" / "ugly.yaml": b"card_width: !!python/object/apply:os.system ['true']\n",
    }
    for path, data in broken.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "CARDTABLE_CONFIG_DIR": str(config),
    }
    cmd = [sys.executable, "-m", "cardtable.cli", "--exit-after", "1"]
    result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    for path, data in broken.items():
        assert path.read_bytes() == data
    log = (tmp_path / "state" / "cardtable" / "log" / "cardtable.log").read_text()
    assert "not used: settings.yaml, line " in log and "closed with code 0" in log
    files = sorted(p.name for p in config.rglob("*") if p.is_file())
    assert files == ["mine.yaml", "settings.yaml", "ugly.yaml"]  # nothing written, no backups needed


# -- what a run leaves behind, and what it says when it stops --------------------------------


def test_each_run_has_its_own_log_that_opens_with_the_versions_and_the_last_few_are_kept(tmp_path):
    from cardtable.app import trail

    for run in range(trail.LOGS_KEPT + 2):
        path = trail.start_log(tmp_path)
        logging.getLogger("cardtable").info("run %d", run)
    logging.getLogger().handlers[0].close()
    logs = sorted(p.name for p in tmp_path.iterdir())
    assert logs == ["cardtable.log"] + [f"cardtable.log.{i}" for i in range(1, trail.LOGS_KEPT)]
    newest, before = path.read_text(), (tmp_path / "cardtable.log.1").read_text()
    assert f"run {trail.LOGS_KEPT + 1}" in newest and f"run {trail.LOGS_KEPT}" in before
    for text in (newest, before):
        first = text.splitlines()[0]
        assert f"Card Table {cardtable.__version__}; Python " in first
        assert f"pygame-ce {pygame.version.ver}; SDL {pygame.version.SDL}" in first


def test_two_runs_of_the_app_keep_two_logs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    for _ in range(2):
        assert app_module.launch(exit_after=0.2) == 0
    folder = tmp_path / "cardtable" / "log"
    for name in ("cardtable.log", "cardtable.log.1"):
        text = (folder / name).read_text()
        assert "Card Table " in text.splitlines()[0]
        assert "closed with code 0" in text


def test_a_crash_under_cardtable_gui_is_told_in_a_message_box_with_the_log(tmp_path, monkeypatch, capsys):
    """The test hook: the table scene fails as the demo opens it."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    boxes = []
    monkeypatch.setattr(pygame.display, "message_box", lambda *a, **k: boxes.append((a, k)) or 0)

    def broken(*args, **kwargs):
        raise RuntimeError("the table fell over")

    monkeypatch.setattr(TableScene, "of_computers", classmethod(broken))
    assert app_module.launch(demo="ugly", exit_after=1, windowed=True) == 1
    log = tmp_path / "cardtable" / "log" / "cardtable.log"
    (title, message), options = boxes[0]
    assert title == "Card Table" and options["message_type"] == "error"
    assert "the table fell over" in message and str(log) in message
    assert "Card Table " in log.read_text().splitlines()[0] and "Traceback" in log.read_text()
    assert str(log) in capsys.readouterr().err
    boxes.clear()
    assert app_module.launch(demo="ugly", exit_after=1) == 1  # the console command: no box
    assert boxes == []


def test_no_display_is_an_error_that_says_so_never_a_window_nobody_sees(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=":77", XDG_STATE_HOME=str(tmp_path))  # nothing listens there
    cmd = [sys.executable, "-m", "cardtable.cli", "--exit-after", "1"]
    result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 3
    assert "no screen to show it on" in result.stderr and "':77' did not answer" in result.stderr
    assert "cardtable.log" in result.stderr


@pytest.mark.parametrize("set_by_person", [None, "my-own"])
def test_the_window_takes_the_launchers_id_as_its_class_unless_the_person_set_one(set_by_person):
    """Set before pygame is imported, which would otherwise name the class after the program."""
    env = {k: v for k, v in os.environ.items() if not k.endswith("_WMCLASS")}
    if set_by_person:
        env["SDL_VIDEO_X11_WMCLASS"] = set_by_person
    code = (
        "import cardtable.app, os; "
        "print(os.environ['SDL_VIDEO_X11_WMCLASS'], os.environ['SDL_VIDEO_WAYLAND_WMCLASS'])"
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    x11, wayland = out.stdout.split()
    assert wayland == cardtable.APP_ID == "io.github.cardtable.CardTable"
    assert x11 == (set_by_person or cardtable.APP_ID)
