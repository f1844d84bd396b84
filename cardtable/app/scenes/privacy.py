"""The privacy screen between human players: the whole table is hidden until the next player is ready.

It takes a deliberate confirmation: a press and release of the mouse that
both happen on it, or Enter or Space pressed while it is up, and only after
it has been up for a moment. The click or key that made it appear (Start in
a dialog, the click that closed a round's summary, a double click) never
gets through it. Esc opens the pause menu over it, so a table can stop
without showing anyone's cards.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable.i18n import _

from .. import theme
from ..scene import Scene
from ..widgets import draw_text
from .common import BACKGROUND

ARM_SECONDS = 0.3
"""Input in the first moments is ignored: a double click or a key pressed twice goes no further."""
READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class PrivacyScene(Scene):
    scene_name = "privacy"

    opaque = True

    def __init__(
        self,
        app,
        name: str,
        what: str,
        on_ready: Callable[[], None],
        on_escape: Callable[[], None] | None = None,
    ) -> None:
        """``name``: who the screen is handed to; ``what``: what they do next, from public facts."""
        super().__init__(app)
        self.name = name
        self.what = what
        self.on_ready = on_ready
        self.on_escape = on_escape
        self.age = 0.0
        self.pressed = False  # the left button went down on this screen, after it was ready for it

    @property
    def armed(self) -> bool:
        """Whether a press now counts (the screen has been up long enough)."""
        return self.age >= ARM_SECONDS

    def enter(self) -> None:
        self._rearm()

    def resume(self) -> None:
        self._rearm()  # back from the pause menu: a press begun there is not a confirmation

    def _rearm(self) -> None:
        self.age = 0.0
        self.pressed = False

    def update(self, dt: float) -> None:
        self.age += dt

    def next_change(self) -> float | None:
        return None if self.armed else ARM_SECONDS - self.age  # the prompt lights once it is armed

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.pressed = self.armed and event.button == 1
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            if event.button == 1 and self.pressed:
                self._ready()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_ESCAPE and self.on_escape is not None:
            self.on_escape()
        elif event.key in READY_KEYS and self.armed:
            self._ready()
        return True

    def _ready(self) -> None:
        self.app.pop()
        self.on_ready()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = min(w / 1280, h / 720)
        surface.blit(BACKGROUND.get((w, h)), (0, 0))
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        top = round(h * 0.38)
        title = _("Hand the screen to {name}").format(name=self.name)
        size = round(54 * s)
        while size > 16 and self.app.fonts.get(size, "serif").size(title)[0] > w - 40:
            size -= 1
        draw_text(surface, self.app.text, title, size, (w // 2, top), theme.TEXT, "serif", "center")
        draw_text(
            surface,
            self.app.text,
            # Translators: what the next player does, e.g. "Next: Ada passes three cards".
            _("Next: {what}").format(what=self.what),
            round(24 * s),
            (w // 2, round(top + 66 * s)),
            theme.MUTED,
            anchor="center",
        )
        ready = _("{name}: click or press Enter when you are ready").format(name=self.name)
        color = theme.ACCENT if self.armed else theme.MUTED
        at = (w // 2, round(top + 126 * s))
        draw_text(surface, self.app.text, ready, round(21 * s), at, color, anchor="center")
        if self.on_escape is not None:
            draw_text(
                surface,
                self.app.text,
                _("Esc: menu"),
                round(16 * s),
                (w // 2, h - round(28 * s)),
                theme.MUTED,
                anchor="center",
            )
