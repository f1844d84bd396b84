"""The house-rule lab in the app: Try it on the House rules page, driven headless.

The lab's games run in a real pool of processes (two), as they do for a player.
"""

from __future__ import annotations

import os
import time

import pygame
import pytest
import yaml

from cardtable import games
from cardtable.app import theme
from cardtable.app.scenes import lab as lab_scene
from cardtable.app.scenes.lab import LabScene
from cardtable.app.scenes.settings import SettingsScene
from cardtable.app.scenes.title import TitleScene
from cardtable.lab import run as lab_run
from cardtable.pool import LOWER_PRIORITY
from ui import choose, click, key, make_app, tick


def settings_app() -> tuple:
    app = make_app()
    app.push(TitleScene(app))
    tick(app)
    click(app, next(b for b in app.stack.top.buttons if b.label == "Settings").rect.center)
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    return app, scene


def open_lab(app, scene) -> LabScene:
    click(app, scene.rules.try_it.rect.center)
    lab = app.stack.top
    assert isinstance(lab, LabScene)
    return lab


def run_to_the_end(app, lab: LabScene, limit: float = 120) -> int:
    """Press Run and draw frames until the lab is done; how many frames were drawn meanwhile."""
    click(app, lab.run_button.rect.center)
    assert lab.running
    frames = 0
    deadline = time.monotonic() + limit
    while lab.running and time.monotonic() < deadline:
        tick(app)
        frames += 1
        time.sleep(0.005)
    tick(app)
    assert not lab.running and lab.lab is not None and not lab.lab.error
    # the controls come back: Run again, or change what to compare
    assert lab.run_button.visible and not lab.cancel_button.visible
    assert all(sel.enabled for sel in lab.selectors)
    assert "played under both sets of rules" in lab.message
    return frames


def drawn(app, rect: pygame.Rect, colour) -> bool:
    return any(
        tuple(app.surface.get_at((x, y)))[:3] == colour
        for x in range(rect.left, rect.right, 3)
        for y in range(rect.top, rect.bottom, 3)
    )


def test_try_it_plays_the_edited_rules_and_never_freezes_the_screen(monkeypatch):
    """The games are played by other processes, never by the one that draws the screen (which
    keeps drawing frames meanwhile): timed by no clock, so it holds on a busy machine too."""
    monkeypatch.setattr(lab_scene, "GAME_COUNTS", (4, 12))
    played_here = []
    real_play = lab_run.play_game
    monkeypatch.setattr(lab_run, "play_game", lambda *a, **k: played_here.append(a) or real_play(*a, **k))
    app, scene = settings_app()
    rounds = next(e for e in scene.rules.editors if e.option.key == "rounds").controls[0][1]
    for _ in range(3):  # auto -> 1 -> 2 -> 3, not saved
        click(app, (rounds.rect.right - 4, rounds.rect.centery))
    assert scene.rules.values["rounds"] == 3 and scene.rules.dirty
    lab = open_lab(app, scene)
    assert lab.name == "Your rules" and lab.against_sel.value == "standard"
    assert lab.games_sel.value == 12 and lab.players_sel.value == 4
    frames = run_to_the_end(app, lab)
    assert not played_here, "a game was played by the process that draws the screen"
    assert frames > 10, "the screen was drawn while the games were played"
    c = lab.comparison
    assert c is not None and c.n == 12 and not c.cancelled
    by = {r.key: r for r in c.rows}
    assert (by["rounds"].tried, by["rounds"].against) == (3, 7)
    assert by["minutes"].significant and by["minutes"].diff < 0
    assert "12 deals played" in lab.message
    tick(app)
    assert not lab.figures  # the sentences first
    click(app, lab.view_button.rect.center)
    tick(app)
    assert lab.figures and drawn(app, lab.chart_rect, theme.ACCENT)  # the chart, with the tried rules' bars
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.rules.dirty  # back to the editor, edits kept


def test_cancel_stops_the_games_at_once_and_keeps_what_was_played():
    """The games run in processes nicer than the app's (the screen comes first), and Esc ends them."""
    app, scene = settings_app()
    choose(app, scene.rules.game_sel, "ugh")
    lab = open_lab(app, scene)
    choose(app, lab.players_sel, 6)
    choose(app, lab.games_sel, 400)
    click(app, lab.run_button.rect.center)
    workers = lab.lab.processes
    assert lab.running and len(workers) >= 2
    deadline = time.monotonic() + 60
    while lab.lab.done < 4 and time.monotonic() < deadline:
        tick(app)
        time.sleep(0.01)
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    assert all(os.getpriority(os.PRIO_PROCESS, p.pid) >= mine + LOWER_PRIORITY for p in workers)
    key(app, pygame.K_ESCAPE)
    assert not any(p.is_alive() for p in workers), "every process has ended when Escape is handled"
    assert not lab.running and app.stack.top is lab  # Esc first cancels, and stays
    assert lab.message.startswith("Cancelled") and lab.comparison is not None
    assert 0 < lab.comparison.n < 400 and lab.comparison.cancelled
    assert lab.run_button.visible and not lab.cancel_button.visible
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_leaving_while_it_runs_stops_the_games():
    app, scene = settings_app()
    lab = open_lab(app, scene)
    choose(app, lab.games_sel, 400)
    click(app, lab.run_button.rect.center)
    workers = lab.lab.processes
    assert workers
    click(app, lab.back.rect.center)
    assert app.stack.top is scene
    assert not any(p.is_alive() for p in workers)


@pytest.mark.parametrize("game", games.ids())
def test_a_players_own_variant_of_every_game_can_be_tried(monkeypatch, config_folder, game):
    monkeypatch.setattr(lab_scene, "GAME_COUNTS", (2, 3))
    spec = games.get(game)
    builtin = next(v for name, v in spec.variants.items() if name != "standard" and v.options)
    folder = config_folder / "variants" / game
    folder.mkdir(parents=True)
    text = yaml.safe_dump({"description": "Our table.", "options": dict(builtin.options)})
    (folder / "ours.yaml").write_text(text)
    app, scene = settings_app()
    choose(app, scene.rules.game_sel, game)
    choose(app, scene.rules.variant_sel, "ours")
    assert not scene.rules.dirty
    lab = open_lab(app, scene)
    assert lab.name == "Ours" and lab.against_sel.value == "standard"
    choose(app, lab.level_sel, "easy")
    run_to_the_end(app, lab)
    c = lab.comparison
    assert c is not None and c.n == 3 and c.tried == "Ours" and c.against == "Standard rules"
    assert {m.key for m in spec.measures} <= {r.key for r in c.rows}
    assert len(c.section("Wins by seat")) == lab.players_sel.value


def broken_clock(game_id, events, moves):
    """A clock that fails in the lab's process, as a broken game would."""
    raise RuntimeError("the table's clock broke")


def test_a_game_that_fails_stops_the_run_and_says_why(monkeypatch):
    monkeypatch.setattr(lab_scene, "game_seconds", broken_clock)
    app, scene = settings_app()
    lab = open_lab(app, scene)
    click(app, lab.run_button.rect.center)
    started = lab.lab.processes
    deadline = time.monotonic() + 60
    while lab.running and time.monotonic() < deadline:
        tick(app)
        time.sleep(0.01)
    tick(app)
    assert not lab.running
    assert "A game failed" in lab.message and "the table's clock broke" in lab.message
    assert lab.run_button.visible and all(sel.enabled for sel in lab.selectors)
    assert started and not lab.lab.processes and not any(p.is_alive() for p in started)
