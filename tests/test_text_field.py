"""A text field, typed into through the real event queue (the name dialog): a cursor moved by the
arrows, Home, End and a click; Backspace and Delete at the cursor; paste and copy; an input
method's composition shown until it is committed; any script; and the field's limit."""

from __future__ import annotations

import pygame
import pytest

from cardtable.app import text_field
from ui import click, key, make_app, tick


def _dialog(value: str = "", max_length: int = 40):
    app = make_app()
    names = []
    app.open("name", "Save as", "A name", value, "Save", lambda v: names.append(v), max_length=max_length)
    tick(app)
    dialog = app.stack.top
    assert dialog.field.focused
    return app, dialog.field, names


def _type(app, text: str) -> None:
    tick(app, [pygame.event.Event(pygame.TEXTINPUT, text=text)])


def _key(app, k: int, ctrl: bool = False) -> None:
    key(app, k, pygame.KMOD_CTRL if ctrl else 0)


def test_typing_goes_in_at_the_cursor_which_the_arrows_home_and_end_move():
    app, field, _ = _dialog()
    _type(app, "Ama")
    _key(app, pygame.K_LEFT)
    _key(app, pygame.K_LEFT)
    _type(app, "da")
    assert (field.value, field.cursor) == ("Adama", 3)
    _key(app, pygame.K_HOME)
    _type(app, "[")
    _key(app, pygame.K_END)
    _type(app, "]")
    assert field.value == "[Adama]"
    _key(app, pygame.K_HOME)
    _key(app, pygame.K_DELETE)  # the character after the cursor
    _key(app, pygame.K_END)
    _key(app, pygame.K_BACKSPACE)  # the one before it
    assert (field.value, field.cursor) == ("Adama", 5)


def test_a_selected_name_is_replaced_by_typing_and_an_arrow_keeps_it_instead():
    app, field, _ = _dialog("Suits only")
    dialog = app.stack.top
    dialog.field.select_all()
    _key(app, pygame.K_LEFT)  # the selection ends at its start: nothing lost
    _type(app, "My ")
    assert field.value == "My Suits only" and not field.selected
    field.select_all()
    _type(app, "Z")
    assert field.value == "Z"


def test_a_click_puts_the_cursor_between_the_characters_under_it():
    app, field, _ = _dialog("Bartholomew")
    tick(app)  # drawn once: the click is placed on what is shown
    font = app.fonts.get(field.size)
    x = field.rect.left + field.PAD + font.size("Bart")[0]
    click(app, (x, field.rect.centery))
    assert field.cursor == 4
    _type(app, "-")
    assert field.value == "Bart-holomew"


def test_paste_inserts_one_line_at_the_cursor_as_far_as_the_limit_and_copy_gives_the_text(monkeypatch):
    clipboard = {"text": "Zoë\nand friends"}
    monkeypatch.setattr(text_field, "_clipboard", lambda: clipboard["text"])
    monkeypatch.setattr(text_field, "_copy", lambda value: clipboard.update(text=value))
    app, field, _ = _dialog("", max_length=12)
    _type(app, "()")
    _key(app, pygame.K_LEFT)
    _key(app, pygame.K_v, ctrl=True)
    assert field.value == "(Zoë and fr)"  # a newline is a space; ten characters fitted
    _key(app, pygame.K_c, ctrl=True)
    assert clipboard["text"] == field.value


def test_an_input_methods_composition_shows_at_the_cursor_until_it_is_committed():
    app, field, _ = _dialog("Mr ")
    _key(app, pygame.K_END)  # the suggested name was selected: keep it
    tick(app, [pygame.event.Event(pygame.TEXTEDITING, text="やま", start=2, length=0)])
    assert field.composing == "やま" and field.value == "Mr "
    tick(app)  # drawn with the composition underlined, the text itself unchanged
    _type(app, "山田")
    assert field.value == "Mr 山田" and field.composing == ""


@pytest.mark.parametrize("name", ["Zoë", "Ólafur", "山田", "Παύλος", "Сергей", "أحمد"])
def test_a_name_in_any_script_is_kept_and_saved(name):
    app, field, names = _dialog()
    _type(app, name)
    key(app, pygame.K_RETURN)
    assert names == [name]


def test_the_limit_holds_wherever_the_cursor_is():
    app, field, _ = _dialog("abcdef", max_length=8)
    _key(app, pygame.K_HOME)
    _type(app, "123")
    assert field.value == "12abcdef" and field.cursor == 2
