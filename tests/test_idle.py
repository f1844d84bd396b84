"""Idle is idle: while nothing moves, the app waits for events and draws nothing.

Each screen says when its picture next changes by itself (``next_change``); the app's loop waits
for an event until then and draws a frame only when something came or fell due. Counted in
frames and events, never in wall-clock time.
"""

from __future__ import annotations

import pygame
import pytest

from cardtable import games
from cardtable.app import app as app_module
from cardtable.app.layout import has_layout
from cardtable.app.scenes.lab import LabScene
from cardtable.app.scenes.privacy import PrivacyScene
from cardtable.app.scenes.title import TitleScene
from tests.ui import click, make_app, run, table_game, tick, until, until_my_turn

TABLES = [g for g in games.ids() if has_layout(g)]


@pytest.fixture(autouse=True)
def _short_waits(monkeypatch):
    monkeypatch.setattr(app_module, "IDLE_WAKE", 0.01)  # a loop that waits does not hold the tests up


def _frames_while_idle(app, loops: int = 20) -> int:
    """How many frames the app's own loop draws in ``loops`` turns with no event."""
    pygame.event.clear()
    drawn = 0
    for _ in range(loops):
        frame = app.next_frame()
        if frame is not None:
            app.tick(*frame)
            drawn += 1
    return drawn


def test_the_title_waits_for_events_and_draws_nothing_meanwhile():
    app = make_app()
    app.push(TitleScene(app))
    tick(app)
    assert app.next_change() is None
    assert _frames_while_idle(app) == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0)))
    frame = app.next_frame()
    assert frame is not None and frame[0], "an event comes: a frame is drawn for it"


@pytest.mark.parametrize("game", TABLES)
def test_a_table_waiting_for_the_person_draws_nothing_until_they_act(game):
    app = make_app()
    players = games.get(game).table_size
    scene = table_game(app, [("You", True)] + [(f"C{i}", False) for i in range(1, players)], game=game)
    until_my_turn(app, scene)
    run(app, 5.0)  # the last move's marks fade (the card just played, the strip's newest line)
    assert scene.my_turn
    assert app.next_change() is None, "nothing on the table changes by itself now"
    assert _frames_while_idle(app) == 0
    card = next((a.card for a in scene.view.legal if a.card is not None and scene.point_of(a.card)), None)
    if card is not None:  # a pointer over a card: the frame that lights it
        x, y = scene.point_of(card)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0)))
        assert app.next_frame() is not None


@pytest.mark.parametrize("game", TABLES)
def test_a_table_of_computers_moves_on_by_itself(game):
    app = make_app(speed="normal")
    players = games.get(game).table_size
    table_game(app, [(f"C{i}", False) for i in range(players)], game=game)
    tick(app)
    assert app.next_change() == 0
    frames = app.frames
    assert _frames_while_idle(app, 5) == 5 and app.frames == frames + 5


def test_a_note_on_the_table_wakes_the_app_when_it_goes():
    app = make_app()
    scene = table_game(app, [("You", True), ("Bo", False), ("Cy", False), ("Dee", False)])
    until_my_turn(app, scene)
    run(app, 5.0)
    assert app.next_change() is None
    scene.said.toast("Saved", scene.clock, 1.0, 2.0)
    due = app.next_change()
    assert due is not None and 0 < due <= 2.0, due
    until(app, lambda: not scene.said.toasts, limit=5.0)
    assert app.next_change() is None, "once it has gone, nothing is due"
    scene.complain("Trump must be named first")  # a refusal in the status line goes by itself too
    due = app.next_change()
    assert due is not None and 0 < due <= 3.5, due
    until(app, lambda: scene.refusal_now() is None, limit=5.0)
    assert app.next_change() is None and "Trump" not in scene.status_text()


def test_the_privacy_screen_wakes_once_to_arm_itself():
    app = make_app()
    scene = table_game(app, [("Ann", True), ("Ben", True), ("Cy", False)], game="ugly")
    until(app, lambda: isinstance(app.stack.top, PrivacyScene))
    shield = app.stack.top
    assert not shield.armed and 0 < app.next_change() <= 0.3
    run(app, 0.5)
    assert shield.armed and app.next_change() is None
    assert scene is not app.stack.top


def test_a_lab_run_draws_its_progress_and_then_rests():
    from tests.test_app_lab import open_lab, settings_app

    app, settings = settings_app()
    assert app.next_change() is None, "the settings wait for the player"
    lab = open_lab(app, settings)
    tick(app)
    assert isinstance(lab, LabScene) and app.next_change() is None
    click(app, lab.run_button.rect.center)
    assert lab.running and app.next_change() == 0
    key_escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    tick(app, [key_escape])  # cancelled
    tick(app)
    assert not lab.running and app.next_change() is None


def test_the_loop_draws_a_first_frame_and_then_rests_at_the_title(monkeypatch):
    """The window's own loop, for a moment at the title: a first frame, then nothing while no event
    comes (where it drew every frame at 60 a second before)."""
    app = make_app()
    app.push(TitleScene(app))
    monkeypatch.setattr(app_module, "IDLE_WAKE", 0.05)
    pygame.event.clear()
    assert app.run(exit_after=0.5) == 0
    assert 1 <= app.frames <= 3, app.frames


def test_a_run_asked_to_stop_after_its_first_frame_waits_for_nothing(monkeypatch):
    """``--exit-after 0`` (start-up is measured so): the first frame, then out, with no wait for
    events between."""
    app = make_app()
    app.push(TitleScene(app))
    waits: list[int] = []
    real = pygame.event.wait
    monkeypatch.setattr(pygame.event, "wait", lambda ms=0: waits.append(ms) or real(1))
    assert app.run(exit_after=0) == 0
    assert app.frames == 1 and waits == []
