"""Small dialogs over the current scene: a yes/no question, and a name to type.

Both dim what is below, answer Enter and Esc, and scale with the window.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable.i18n import _

from .. import theme
from ..scene import Scene
from ..text_field import TextField
from ..theme import wrap
from ..widgets import Button, FocusRing, draw_panel, draw_text
from .common import shade

ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
"""Any arrow moves between the two answers of a question."""


def _fit(app, text: str, size: int, width: int) -> int:
    """The largest font size up to ``size`` at which a title fits ``width`` (long variant names)."""
    while size > 12 and app.fonts.get(size, "serif").size(text)[0] > width:
        size -= 1
    return size


def _frame(surface: pygame.Surface, app, panel: pygame.Rect, title: str, s: float, top: int) -> None:
    """The table shaded, the dialog's panel, and its title fitted to the panel."""
    shade(surface)
    draw_panel(surface, panel, alpha=245)
    size = _fit(app, title, round(26 * s), panel.width - round(40 * s))
    draw_text(surface, app.text, title, size, (panel.centerx, panel.top + top), theme.TEXT, "serif", "midtop")


class _Dialog(Scene):
    """What both dialogs share: a panel in the middle of the window, scaled with it, under ``title``;
    the ``answer`` button and Cancel side by side at its foot; Esc cancels."""

    opaque = False

    panel_size = (600, 220)
    """The panel in a 1280x720 window."""

    ring: FocusRing

    def __init__(self, app, title: str, answer: Button) -> None:
        super().__init__(app)
        self.title = title
        self.answer = answer
        self.cancel = Button(_("Cancel"), self.app.pop)

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = min(w / 1280, h / 720)
        self.panel = pygame.Rect(0, 0, round(self.panel_size[0] * s), round(self.panel_size[1] * s))
        self.panel.center = (w // 2, h // 2)
        bw, bh = round(180 * s), round(46 * s)
        self.answer.rect = pygame.Rect(0, 0, bw, bh)
        self.cancel.rect = pygame.Rect(0, 0, bw, bh)
        self.answer.rect.bottomright = (w // 2 - round(10 * s), self.panel.bottom - round(24 * s))
        self.cancel.rect.bottomleft = (w // 2 + round(10 * s), self.panel.bottom - round(24 * s))
        for b in (self.answer, self.cancel):
            b.size = round(21 * s)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return self.ring.handle(event)


class ConfirmScene(_Dialog):
    """``question`` with a yes button (``yes_label``) and Cancel; Esc cancels."""

    scene_name = "confirm"

    def __init__(
        self,
        app,
        question: str,
        detail: str,
        yes_label: str,
        on_yes: Callable[[], object],
        tag: str = "",
        danger: bool = False,
    ) -> None:
        super().__init__(app, question, Button(yes_label, self._yes, primary=True))
        self.yes, self.no = self.answer, self.cancel  # a question's two answers
        self.ring = FocusRing([self.yes, self.no])
        self.detail = detail
        self.on_yes = on_yes
        self.tag = tag
        self.danger = danger

    def _yes(self) -> None:
        self.app.pop()
        self.on_yes()

    def enter(self) -> None:
        self.resized(self.app.size)
        self.ring.focus(self.no if self.danger else self.yes)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in ARROWS:
            self.ring.move(1)
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        _frame(surface, self.app, self.panel, self.title, s, round(28 * s))
        y = self.panel.top + round(74 * s)
        font = self.app.fonts.get(round(17 * s))
        for line in wrap(font, self.detail, self.panel.width - round(60 * s)) if self.detail else []:
            pos = (self.panel.centerx, y)
            draw_text(surface, self.app.text, line, round(17 * s), pos, theme.MUTED, anchor="midtop")
            y += round(22 * s)
        self.yes.draw(surface, self.app.text)
        self.no.draw(surface, self.app.text)


class NameScene(_Dialog):
    """Type a name; ``on_ok(text)`` returns why it cannot be used, or None to close the dialog."""

    scene_name = "name"

    panel_size = (680, 270)

    def __init__(
        self,
        app,
        title: str,
        hint: str,
        value: str,
        ok_label: str,
        on_ok: Callable[[str], str | None],
        max_length: int = 40,
    ) -> None:
        super().__init__(app, title, Button(ok_label, self.submit, primary=True))
        self.hint = hint
        self.on_ok = on_ok
        self.error = ""
        self.field = TextField(value, max_length=max_length, on_change=self._typed)
        self.ring = FocusRing([self.field, self.answer, self.cancel])

    def _typed(self, _value: str) -> None:
        self.error = ""

    def submit(self) -> None:
        error = self.on_ok(self.field.value)
        if error:
            self.error = error
        else:
            if self.app.stack.top is self:
                self.app.pop()

    def enter(self) -> None:
        self.resized(self.app.size)
        self.ring.focus(self.field)
        self.field.select_all()  # a suggested name is replaced by what is typed

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        s = self.scale
        self.field.rect = pygame.Rect(0, 0, self.panel.width - round(80 * s), round(40 * s))
        self.field.rect.midtop = (size[0] // 2, self.panel.top + round(96 * s))
        self.field.size = round(21 * s)

    def handle(self, event: pygame.event.Event) -> bool:
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and self.ring.current is not self.cancel:
            self.submit()
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        _frame(surface, self.app, self.panel, self.title, s, round(24 * s))
        draw_text(
            surface,
            self.app.text,
            self.hint,
            round(16 * s),
            (self.panel.centerx, self.panel.top + round(64 * s)),
            theme.MUTED,
            anchor="midtop",
        )
        self.field.draw(surface, self.app.text)
        if self.error:
            draw_text(
                surface,
                self.app.text,
                self.error,
                round(17 * s),
                (self.panel.centerx, self.field.rect.bottom + round(12 * s)),
                theme.DANGER,
                "bold",
                "midtop",
            )
        self.answer.draw(surface, self.app.text)
        self.cancel.draw(surface, self.app.text)
