"""Launching the real app: demo mode, --exit-after, screenshots, crashes logged."""

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

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
