"""The Language setting, driven through the real event queue: chosen on the Table page, it is used and
saved at once, and the screens are made again in it (house rules not yet saved stay)."""

from __future__ import annotations

import pygame
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from cardtable import i18n
from cardtable.app.scenes.pause import PauseScene
from cardtable.app.scenes.settings import SettingsScene
from cardtable.app.scenes.title import TitleScene
from cardtable.settings import LANGUAGE_CHOICES
from ui import click, key, make_app, table_game, tick

GERMAN = {
    "Settings": "Einstellungen",
    "New game": "Neues Spiel",
    "Table": "Tisch",
    "Language": "Sprache",
    "Done": "Fertig",
}
"""A few words of a German catalog, enough to see the screens speak it."""


@pytest.fixture
def german(tmp_path, monkeypatch):
    """A compiled German catalog with a few words (the real ones may not be built); English after."""
    catalog = Catalog(locale="de", domain=i18n.DOMAIN)
    for english, german in GERMAN.items():
        catalog.add(english, german)
    folder = tmp_path / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / f"{i18n.DOMAIN}.mo", "wb") as mo:
        write_mo(mo, catalog)
    monkeypatch.setattr("cardtable.resources.locale_dir", lambda: tmp_path / "locale")
    monkeypatch.setenv("LANGUAGE", "de_DE")  # the system speaks German too
    i18n.use("en")
    yield
    i18n.use("en")


def open_table_page(app) -> SettingsScene:
    title = app.stack.top
    click(app, next(b for b in title.buttons if b.label == i18n._("Settings")).rect.center)
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    click(app, scene.tabs["table"].rect.center)
    assert scene.tab == "table"
    return scene


def step_language(app, to: str) -> SettingsScene:
    """Click the language selector's right arrow until it says ``to`` (each change makes the screen
    again, so the selector is looked up anew every time)."""
    for _step in range(len(LANGUAGE_CHOICES) + 1):
        scene = app.stack.top
        assert isinstance(scene, SettingsScene)
        selector = scene.table.language
        if selector.value == to:
            return scene
        click(app, (selector.rect.right - 5, selector.rect.centery))
    raise AssertionError(f"the language selector never reached {to}")


def test_choosing_a_language_uses_and_saves_it_and_remakes_the_screens(german):
    app = make_app()
    app.push(TitleScene(app))
    tick(app)
    first = open_table_page(app)
    assert first.table.language.value == "system"
    assert first.table.language.format("system") == "System (Deutsch)"
    assert first.table.language.format("fr") == "Français"

    scene = step_language(app, "de")

    assert app.settings.language == "de"
    assert i18n.language() == "de"
    assert app.files.load_settings().language == "de", "saved at once, before the screen closes"
    assert "language: de" in app.files.settings_path.read_text(encoding="utf-8")
    assert scene is not first and scene.tab == "table"
    assert scene.ring.current is scene.table.language, "the focus stays on the language"
    assert scene.tabs["table"].label == "Tisch" and scene.done.label == "Fertig"
    assert ("Sprache", scene.table.language) in scene.table.rows
    title = app.stack.scenes[0]
    assert isinstance(title, TitleScene) and any(b.label == "Neues Spiel" for b in title.buttons)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is title, "Esc still closes the settings"
    assert len(app.stack.scenes) == 1


def test_the_keyboard_goes_back_to_the_system_language(german):
    app = make_app()
    app.settings.language = "en"
    app.push(TitleScene(app))
    tick(app)
    scene = open_table_page(app)
    for _step in range(len(scene.widgets()) + 1):
        if scene.ring.current is scene.table.language:
            break
        key(app, pygame.K_TAB)
    assert scene.ring.current is scene.table.language
    key(app, pygame.K_LEFT)  # English -> the system's (German here)
    assert app.settings.language == "system"
    assert i18n.language() == "de"
    assert app.files.load_settings().language == "system"
    top = app.stack.top
    assert isinstance(top, SettingsScene) and top.ring.current is top.table.language
    key(app, pygame.K_RIGHT)  # and back to English, again through the remade screen
    assert app.settings.language == "en" and i18n.language() == "en"
    assert app.stack.top.tabs["table"].label == "Table"


def test_house_rules_not_yet_saved_stay_through_a_change_of_language(german):
    app = make_app()
    app.push(TitleScene(app))
    tick(app)
    scene = open_table_page(app)
    click(app, scene.tabs["rules"].rect.center)
    rounds = next(e for e in scene.rules.editors if e.option.key == "rounds")
    before = rounds.value
    click(app, (rounds.controls[0][1].rect.right - 5, rounds.controls[0][1].rect.centery))
    assert scene.rules.dirty and rounds.value != before
    edited = dict(scene.rules.values)
    click(app, scene.tabs["table"].rect.center)

    again = step_language(app, "en")

    assert again is not scene and i18n.language() == "en"
    assert again.rules.values == edited and again.rules.dirty
    assert next(e for e in again.rules.editors if e.option.key == "rounds").value == rounds.value


def test_from_a_game_the_pause_menu_is_made_again_and_the_game_goes_on(german):
    app = make_app()
    app.push(TitleScene(app))
    table = table_game(app, [("You", True), ("Ada", False), ("Bo", False), ("Cy", False)])
    tick(app)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    click(app, next(b for b in pause.buttons if b.label == i18n._("Settings")).rect.center)
    scene = app.stack.top
    assert isinstance(scene, SettingsScene) and scene.tab == "table", "the pause menu opens the Table page"

    step_language(app, "de")

    title, kept, menu, settings = app.stack.scenes
    assert isinstance(title, TitleScene) and kept is table
    assert isinstance(menu, PauseScene) and menu is not pause
    assert (menu.spec, menu.options, menu.variant, menu.confirm) == (
        pause.spec,
        pause.options,
        pause.variant,
        pause.confirm,
    )
    assert any(b.label == "Einstellungen" for b in menu.buttons)
    key(app, pygame.K_ESCAPE)  # the settings close
    assert app.stack.top is menu
    key(app, pygame.K_ESCAPE)  # the menu closes: the game goes on
    assert app.stack.top is table and table.session.in_progress
