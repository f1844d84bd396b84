"""Text the renderer cannot draw never stops the app: names are cleaned where typed and where read,
and any text at all draws (as nothing, when it is nothing to see)."""

from __future__ import annotations

import pygame
import pytest

from cardtable.app.scenes.newgame import NewGameScene
from cardtable.app.scenes.settings import TABLE, SettingsScene
from cardtable.app.scenes.title import TitleScene
from cardtable.settings import clean_name
from tests.ui import click, make_app, run, tick

INVISIBLE = ["\u200b", "\u202e", "\u200b\u200b\u202e", "\x07", "\ufeff"]


@pytest.mark.parametrize("text", INVISIBLE)
def test_a_name_of_nothing_to_see_cleans_to_nothing(text):
    assert clean_name(text) == ""
    assert clean_name(f"A{text}da  Lovelace ") == "Ada Lovelace"


@pytest.mark.parametrize("text", INVISIBLE)
def test_any_text_draws(text):
    app = make_app()
    for style in ("regular", "bold", "serif"):
        surf = app.text.render(text, 18, (0, 0, 0), style)
        assert surf.get_width() == 0 and surf.get_height() > 0


@pytest.mark.parametrize("text", INVISIBLE)
def test_a_settings_file_with_an_invisible_name_is_reported_and_the_app_plays_on(text, config_folder):
    config_folder.mkdir(parents=True, exist_ok=True)
    raw = f'seats:\n  - {{name: "{text.encode("unicode_escape").decode()}", human: true}}\n'.encode()
    (config_folder / "settings.yaml").write_bytes(raw)
    app = make_app()
    assert any("settings.yaml" in n and "name" in n for n in app.notices())
    assert app.settings.seats[0].name == "Player"
    app.push(TitleScene(app))
    app.stack.top.quick_start("ugly")  # Quick start and New game work on
    run(app, 0.3)
    assert (config_folder / "settings.yaml").read_bytes() == raw


@pytest.mark.parametrize("text", INVISIBLE)
def test_typing_an_invisible_name_keeps_a_name_that_draws(text):
    app = make_app()
    scene = SettingsScene(app, TABLE)
    app.push(scene)
    tick(app)
    field = scene.page.names[0]
    click(app, field.rect.center)
    for _ in range(20):
        tick(
            app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=0)]
        )
    tick(app, [pygame.event.Event(pygame.TEXTINPUT, text=text)])
    run(app, 0.2)  # the field draws what was typed
    assert app.settings.seats[0].name == "Player"  # an empty name stands for the one it had
    new = NewGameScene(app)
    app.push(new)
    new.names[0].value = text
    new.names[0].on_change(text)
    run(app, 0.2)
    new.start_game()
    run(app, 0.3)
    assert app.stack.top.session.names[0] == "You"
