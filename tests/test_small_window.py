"""Every screen stays usable at the smallest window: its buttons lie inside it, none over another,
and their text is not shrunk below a readable size; F11 and back gives the same layout again."""

from __future__ import annotations

import pygame
import pytest

from cardtable import games
from cardtable.app.app import App
from cardtable.app.scenes.newgame import NewGameScene
from cardtable.app.scenes.pause import PauseScene
from cardtable.app.scenes.rules import RulesScene
from cardtable.app.scenes.settings import TABLE, SettingsScene
from cardtable.app.scenes.statistics import StatisticsScene
from cardtable.app.scenes.title import TitleScene
from cardtable.app.widgets import Button
from cardtable.settings import MIN_WINDOW
from tests.ui import run, table_game, tick, until_my_turn

READABLE = 11  # px: the smallest text size any button may shrink to


def _buttons(scene) -> list[Button]:
    """The scene's buttons, wherever it keeps them (lists, single ones, a table's controls)."""
    found: list[Button] = []
    for value in vars(scene).values():
        items = value if isinstance(value, list | tuple) else [value]
        found += [b for b in items if isinstance(b, Button)]
    controls = getattr(scene, "controls", None)
    if controls is not None:
        found += controls.buttons()
    return [b for b in dict.fromkeys(found) if b.visible and b.rect.width > 0]


def _check(app: App, scene) -> None:
    window = pygame.Rect((0, 0), app.size)
    buttons = _buttons(scene)
    assert buttons, f"{type(scene).__name__} has no buttons to check"
    for i, b in enumerate(buttons):
        assert window.contains(b.rect), f"{b.label!r} lies outside the window"
        assert b.size >= READABLE, f"{b.label!r} is drawn at {b.size} px"
        for other in buttons[i + 1 :]:
            assert not b.rect.colliderect(other.rect), f"{b.label!r} lies over {other.label!r}"


def _screens(app: App):
    yield TitleScene(app)
    yield NewGameScene(app)
    yield SettingsScene(app)
    yield SettingsScene(app, TABLE)
    yield RulesScene(app, "ugly")
    yield StatisticsScene(app)


@pytest.mark.parametrize("index", range(6))
def test_each_menu_screen_fits_the_smallest_window(index):
    app = App(size=MIN_WINDOW)
    scene = list(_screens(app))[index]
    app.push(scene)
    tick(app)
    _check(app, scene)


@pytest.mark.parametrize("game", games.ids())
def test_the_table_and_its_pause_menu_fit_the_smallest_window(game):
    app = App(size=MIN_WINDOW)
    app.settings.animation_speed = "instant"
    spec = games.get(game)
    seats = [("You", True)] + [(f"C{i}", False) for i in range(1, spec.max_players if game != "ugh" else 12)]
    scene = table_game(app, seats, game=game, seed=2)
    until_my_turn(app, scene)
    _check(app, scene)
    pause = PauseScene(app, spec, dict(scene.match.game.options), scene.variant, scene.quit_to_title, True)
    app.push(pause)
    tick(app)
    _check(app, pause)


def test_f11_and_back_gives_the_same_layout():
    app = App(size=(1280, 720))
    title = TitleScene(app)
    app.push(title)
    tick(app)
    before = [(b.label, tuple(b.rect)) for b in _buttons(title)]
    app.toggle_fullscreen()
    run(app, 0.1)
    app.toggle_fullscreen()
    run(app, 0.1)
    assert app.size == (1280, 720)
    assert [(b.label, tuple(b.rect)) for b in _buttons(title)] == before


def test_the_window_cannot_be_made_smaller_than_the_minimum():
    app = App(size=MIN_WINDOW)
    assert tuple(app.window.minimum_size) == MIN_WINDOW
