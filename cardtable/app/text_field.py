"""A one-line text entry, and the blinking caret the app wakes for while one is focused."""

from __future__ import annotations

import pygame

from . import theme
from .theme import TextCache
from .widgets import Widget


class _Caret:
    """Whether the last frame drew a blinking caret: the app wakes for its next blink."""

    BLINK = 0.5  # seconds shown, then hidden

    drawn = False

    def next_blink(self) -> float:
        """Seconds until the caret shows or hides."""
        return self.BLINK - (pygame.time.get_ticks() / 1000) % self.BLINK


CARET = _Caret()


class TextField(Widget):
    """A one-line text entry (names, a description).

    Text filled in for the player starts selected (``select_all``), so typing replaces it; Ctrl+A
    selects it all again. Near ``max_length`` a count shows how much room is left.
    """

    COUNT_FROM = 0.8
    """The share of ``max_length`` from which the count of characters shows."""

    def __init__(self, value: str = "", max_length: int = 16, size: int = 22, on_change=None) -> None:
        super().__init__()
        self.value = value
        self.max_length = max_length
        self.size = size
        self.on_change = on_change
        self.blink = 0.0
        self.selected = False
        """All of the text is selected: what is typed next replaces it."""

    def select_all(self) -> None:
        self.selected = bool(self.value)

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            if inside:
                self.selected = False  # a click puts the caret at the end
            return inside
        if not self.focused:
            self.selected = False
            return False
        if event.type == pygame.TEXTINPUT:
            if self.selected:
                self.value, self.selected = "", False
            room = self.max_length - len(self.value)
            if room > 0:
                self.value += event.text[:room]
                self._changed()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
                self.select_all()
                return True
            if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                self.value = "" if self.selected else self.value[:-1]
                self.selected = False
                self._changed()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                return False
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                self.selected = False  # the caret goes to the end (the scene may use the key too)
                return False
            return event.unicode != ""
        return False

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.value)

    @property
    def count(self) -> str:
        """``"86/90"`` once the text nears its limit, else nothing."""
        if len(self.value) < self.COUNT_FROM * self.max_length:
            return ""
        return f"{len(self.value)}/{self.max_length}"

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        if not self.visible:
            return
        r = self.rect
        pygame.draw.rect(surface, theme.PAPER if self.enabled else (200, 200, 190), r, border_radius=6)
        edge = theme.HIGHLIGHT if self.focused else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, r, width=2, border_radius=6)
        room = r.width - 20
        count = self.count
        if count:
            full = len(self.value) >= self.max_length
            label = text.render(count, max(9, self.size * 3 // 4), theme.DANGER if full else (110, 110, 100))
            surface.blit(label, label.get_rect(midright=(r.right - 10, r.centery)))
            room -= label.get_width() + 10
        if self.focused:
            CARET.drawn = True
        caret = self.focused and not self.selected and int(pygame.time.get_ticks() / 500) % 2 == 0
        surf = text.render(self.value + ("|" if caret else ""), self.size, theme.INK)
        # Text longer than the field shows its end while typing (where the cursor is), else its start.
        skip = max(0, surf.get_width() - room) if self.focused else 0
        area = pygame.Rect(skip, 0, min(room, surf.get_width()), surf.get_height())
        at = (r.left + 10, r.centery - surf.get_height() // 2)
        if self.selected and self.focused:
            pygame.draw.rect(surface, theme.SELECTION, pygame.Rect(at, area.size))
        surface.blit(surf, at, area)
