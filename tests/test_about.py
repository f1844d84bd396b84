"""The About screen, driven through the event queue: opened from the title and the pause menu,
it says the version, licence and credits, lists the folders in use, shows each in the file
manager (or says why not), fits the window at every size, and Esc or Back returns."""

from __future__ import annotations

import pygame
import pytest

import cardtable
from cardtable.app.scenes import about as about_module
from cardtable.app.scenes.about import AboutScene
from cardtable.app.scenes.pause import PauseScene
from cardtable.app.scenes.title import TitleScene
from cardtable.settings import log_dir
from ui import click, key, make_app, run


def _about_from_title(app):
    app.push(TitleScene(app))
    run(app, 0.2)
    title = app.stack.top
    click(app, next(b for b in title.buttons if b.label == "About").rect.center)
    assert isinstance(app.stack.top, AboutScene)
    return app.stack.top


def test_about_says_the_version_licence_and_credits_and_lists_the_folders_in_use():
    app = make_app()
    about = _about_from_title(app)
    words = " ".join(line for p in about.paragraphs for line in p)
    assert f"Version {cardtable.__version__}" in words and f"pygame-ce {pygame.version.ver}" in words
    assert "MIT License" in words and "DejaVu" in words and "Bitstream Vera License" in words
    assert [path for _, path in about.folders] == [app.files.root, app.data, log_dir()]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def test_each_open_button_shows_its_folder_and_a_failure_is_said_with_the_path(monkeypatch):
    shown = []
    monkeypatch.setattr(about_module, "open_folder", lambda folder: shown.append(folder) or None)
    app = make_app()
    about = _about_from_title(app)
    for (_, path), button in zip(about.folders, about.opens, strict=True):
        click(app, button.rect.center)
        assert shown[-1] == path and about.note == ""
    monkeypatch.setattr(
        about_module, "open_folder", lambda folder: f"No file manager; the folder is {folder}"
    )
    click(app, about.opens[2].rect.center)
    assert about.note == f"No file manager; the folder is {log_dir()}"
    run(app, 0.1)  # and it is drawn
    click(app, about.back.rect.center)
    assert isinstance(app.stack.top, TitleScene)


def test_about_opens_from_the_pause_menu_and_returns_to_it():
    app = make_app()
    app.push(TitleScene(app))
    click(app, app.stack.top.quick.rect.center)
    run(app, 0.3)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    click(app, next(b for b in pause.buttons if b.label == "About").rect.center)
    assert isinstance(app.stack.top, AboutScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is pause


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (640, 480), (1920, 1080)])
def test_everything_on_the_about_screen_fits_inside_its_panel_and_the_window(size):
    app = make_app()
    app.window.size = size
    app._resized()
    about = _about_from_title(app)
    about.note = "No file manager could be opened; the folder is " + "/very/long" * 12
    run(app, 0.1)
    panel = about.panel
    assert pygame.Rect((0, 0), size).contains(panel)
    font = app.fonts.get(about.px)
    for paragraph in about.paragraphs:
        assert all(font.size(line)[0] <= panel.width - 2 * about.margin for line in paragraph)
    for b in (*about.opens, about.back):
        assert panel.contains(b.rect)
    notes_bottom = about.opens[-1].rect.bottom + 3 * about.line
    assert notes_bottom <= about.back.rect.top + about.line  # the note's two lines stay above Back


@pytest.mark.parametrize("size", [(1280, 720), (640, 480)])
def test_the_pause_menu_holds_its_five_buttons_and_the_house_rules_under_them(size):
    app = make_app()
    app.window.size = size
    app._resized()
    app.push(TitleScene(app))
    click(app, app.stack.top.quick.rect.center)
    run(app, 0.3)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and len(pause.buttons) == 5
    assert all(pause.panel.contains(b.rect) for b in pause.buttons)
    words = pause.buttons[-1].rect.bottom + round((22 + 26 + 22 * len(pause.lines)) * pause.scale)
    assert words <= pause.panel.bottom
