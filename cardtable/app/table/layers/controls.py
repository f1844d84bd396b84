"""The buttons over the table, and the short menu a gesture may open.

The controls layer holds a button for each choice that moves no card (Pass, a layout mode),
Confirm for a pick, Hint, Undo, the log and the layout's panels; number keys press the choices in
order and a layout's letter presses its own. While cards still move only the panel buttons work
(the log, the last trick, undo). A menu (a card that could go several ways) covers the table until
a choice is made or it is put away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.engine import Action, format_prompt
from cardtable.i18n import _

from ...widgets import Button
from ..controls import Control
from ..input import ChooseN, Hotkey
from ..resolver import Press, Resolver
from . import Layer

if TYPE_CHECKING:
    from ...scenes.table import TableScene


class ControlsLayer(Layer):
    def __init__(self, table: TableScene) -> None:
        self.table = table

    def handle(self, event: pygame.event.Event) -> bool:
        t = self.table
        controls = t.controls
        mouse = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if t.timeline.busy:
            return mouse and controls.handle_panels(event)
        if controls.handle(event):
            return True
        if event.type != pygame.KEYDOWN or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        intent = t.input.key(event)
        if isinstance(intent, ChooseN):
            return controls.press_number(intent.number)
        if isinstance(intent, Hotkey):
            return controls.press_key(intent.letter)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.table.controls.draw(surface)

    def refresh(self, resolver: Resolver) -> None:
        """Buttons for the choices that are not dragged cards, Confirm for a pick, panel buttons."""
        t = self.table
        session = t.session
        items: list[Control] = []
        for action in resolver.buttons():
            if t.hook.claims(action):
                continue
            key = t.layout.action(action.kind).key
            text = _keyed(session.label(action), key)
            items.append(Control(Button(text, self._binder(action), size=20), action, "action", key))
        for mode in resolver.modes:
            key = resolver.mode_key(mode)
            text = _keyed(_("Done") if mode == session.mode else _(mode), key)
            button = Button(text, self._mode_toggler(mode), size=20, primary=mode == session.mode)
            items.append(Control(button, None, "action", key))
        enabled, text = resolver.confirm_state(session.pick)
        if text:
            words = format_prompt(text, session.names, session.viewer)
            confirm = Button(words, t.confirm, size=20, primary=True)
            confirm.enabled = enabled
            items.append(Control(confirm, None, "confirm"))
        if session.can_undo:
            # Translators: a button; Ctrl+Z is its key.
            items.append(Control(Button(_("Undo (Ctrl+Z)"), t.undo, size=16), None, "panel"))
        if session.can_hint and t.my_turn:
            # Translators: a button; H is its key (the key stays H).
            items.append(Control(Button(_("Hint (H)"), t.hint, size=16), None, "aside", "h"))
        hinted = t.hint_now()
        for item in items:
            if hinted is not None and item.action == hinted:
                item.button.primary = True  # the hinted button stands out
        # Translators: a button that opens the game log; G is its key (the key stays G).
        items.append(Control(Button(_("Log (G)"), t.exits.open_log, size=16), None, "panel", "g"))
        facts = session.now_view()
        for panel in t.layout.panels:
            if facts.info.get(panel.key):
                hotkey = panel.hotkey
                text = _keyed(_(panel.button) if panel.button else panel.button, hotkey)
                toggle = t.panel.toggler(panel.key)
                items.append(Control(Button(text, toggle, size=16), None, "panel", hotkey))
        t.controls.set(items)

    def _binder(self, action: Action):
        return lambda: self.table.intent(Press(action))

    def _mode_toggler(self, mode: str):
        def toggle() -> None:
            self.table.session.toggle_mode(mode)
            self.table.refresh()

        return toggle


def _keyed(label: str, key: str) -> str:
    """A button's words with the key that presses it, "Pass (P)" (none: the words alone)."""
    if not key:
        return label
    # Translators: a button's label, then the key that presses it: "Pass (P)".
    return _("{label} ({key})").format(label=label, key=key.upper())


PASSED_ON = (pygame.K_F1, pygame.K_h)
"""Keys a menu leaves to the table's own keys below it."""


class MenuLayer(Layer):
    """Choices at the pointer: while open, it has every event (a click elsewhere puts it away)."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    def handle(self, event: pygame.event.Event) -> bool:
        controls = self.table.controls
        if not controls.menu:
            return False
        if event.type == pygame.KEYDOWN and event.key in PASSED_ON:
            return False  # the rules or a hint, asked with a menu open
        controls.handle_menu(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.table.controls.draw_menu(surface)
