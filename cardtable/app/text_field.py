"""A one-line text entry, and the blinking caret the app wakes for while one is focused."""

from __future__ import annotations

import contextlib

import pygame

from . import theme
from .theme import TextCache, text_width
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

    Typing goes through SDL's text input, so an input method and any script work: what is being
    composed shows at the cursor, underlined, until it is committed. The cursor moves with the
    arrows, Home and End, or a click; Backspace and Delete remove the character before or after
    it; Ctrl+V pastes (one line, as much as fits) and Ctrl+C copies. Text filled in for the
    player starts selected (``select_all``), so typing replaces it; Ctrl+A selects it all again.
    Near ``max_length`` a count shows how much room is left.
    """

    COUNT_FROM = 0.8
    """The share of ``max_length`` from which the count of characters shows."""
    PAD = 10
    """Pixels between the field's edge and its text."""

    def __init__(self, value: str = "", max_length: int = 16, size: int = 22, on_change=None) -> None:
        super().__init__()
        self._value = value
        self.cursor = len(value)
        """Where typing goes: the number of characters before it."""
        self.max_length = max_length
        self.size = size
        self.on_change = on_change
        self.blink = 0.0
        self.selected = False
        """All of the text is selected: what is typed next replaces it."""
        self.composing = ""
        """What an input method is composing, not yet part of the text."""
        self._text: TextCache | None = None  # the last drawing's, to place a click's cursor

    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, value: str) -> None:
        """Text set by the scene: the cursor goes to its end."""
        self._value = value
        self.cursor = len(value)

    def select_all(self) -> None:
        self.selected = bool(self.value)

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            if inside:
                self.selected = False
                self.cursor = self._index_at(event.pos[0])
            return inside
        if not self.focused:
            self.selected = False
            return False
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            return True
        if event.type == pygame.TEXTINPUT:
            self.composing = ""
            self._insert(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        k, ctrl = event.key, bool(event.mod & pygame.KMOD_CTRL)
        if ctrl and k == pygame.K_a:
            self.select_all()
        elif ctrl and k == pygame.K_v:
            self._insert(_clipboard().replace("\r\n", " ").replace("\n", " ").replace("\t", " "))
        elif ctrl and k == pygame.K_c:
            _copy(self.value)
        elif k in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self._delete(-1 if k == pygame.K_BACKSPACE else 1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
            return False
        elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            return self._move(k)
        else:
            return event.unicode != ""
        return True

    def _move(self, k: int) -> bool:
        """The cursor moved; at either end an arrow it cannot follow is left to the scene."""
        end = len(self.value)
        if self.selected:  # the selection ends at the side the arrow points to
            self.selected = False
            self.cursor = 0 if k in (pygame.K_LEFT, pygame.K_HOME) else end
            return True
        to = {pygame.K_LEFT: self.cursor - 1, pygame.K_RIGHT: self.cursor + 1, pygame.K_HOME: 0}.get(k, end)
        if not 0 <= to <= end:
            return False
        self.cursor = to
        return True

    def _insert(self, typed: str) -> None:
        if self.selected:
            self._value, self.cursor, self.selected = "", 0, False
        typed = typed[: max(0, self.max_length - len(self.value))]
        if typed:
            self._value = self.value[: self.cursor] + typed + self.value[self.cursor :]
            self.cursor += len(typed)
        self._changed()

    def _delete(self, direction: int) -> None:
        if self.selected:
            self.value, self.selected = "", False
        elif direction < 0 and self.cursor > 0:
            self._value = self.value[: self.cursor - 1] + self.value[self.cursor :]
            self.cursor -= 1
        elif direction > 0:
            self._value = self.value[: self.cursor] + self.value[self.cursor + 1 :]
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.value)

    @property
    def count(self) -> str:
        """``"86/90"`` once the text nears its limit, else nothing."""
        if len(self.value) < self.COUNT_FROM * self.max_length:
            return ""
        return f"{len(self.value)}/{self.max_length}"

    def _index_at(self, x: int) -> int:
        """The cursor position nearest ``x`` (a click), from the last drawing's text."""
        if self._text is None:
            return len(self.value)
        fonts = self._text.fonts
        font, face = fonts.get(self.size), (fonts, "regular")
        x -= self.rect.left + self.PAD - self._skip
        widths = [text_width(font, self.value[:i], face) for i in range(len(self.value) + 1)]
        return min(range(len(widths)), key=lambda i: abs(widths[i] - x))

    _skip = 0  # pixels of text scrolled out at the left, as last drawn

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        if not self.visible:
            return
        self._text = text
        r = self.rect
        pygame.draw.rect(surface, theme.PAPER if self.enabled else (200, 200, 190), r, border_radius=6)
        edge = theme.HIGHLIGHT if self.focused else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, r, width=2, border_radius=6)
        room = r.width - 2 * self.PAD
        count = self.count
        if count:
            full = len(self.value) >= self.max_length
            label = text.render(count, max(9, self.size * 3 // 4), theme.DANGER if full else (110, 110, 100))
            surface.blit(label, label.get_rect(midright=(r.right - self.PAD, r.centery)))
            room -= label.get_width() + self.PAD
        if self.focused:
            CARET.drawn = True
            pygame.key.set_text_input_rect(r)  # an input method's window opens by the field
        self._draw_text(surface, text, room)

    def _draw_text(self, surface: pygame.Surface, text: TextCache, room: int) -> None:
        """The text, what is being composed at the cursor (underlined), and the blinking cursor;
        a text longer than the field scrolls to keep the cursor in sight."""
        font, face = text.fonts.get(self.size), (text.fonts, "regular")
        shown = self.value[: self.cursor] + self.composing + self.value[self.cursor :]
        surf = text.render(shown or " ", self.size, theme.INK)
        at_cursor = text_width(font, self.value[: self.cursor] + self.composing, face)
        self._skip = max(0, at_cursor - room + 2) if self.focused else 0
        r = self.rect
        at = (r.left + self.PAD, r.centery - surf.get_height() // 2)
        area = pygame.Rect(self._skip, 0, min(room, surf.get_width() - self._skip), surf.get_height())
        if self.selected and self.focused:
            pygame.draw.rect(surface, theme.SELECTION, pygame.Rect(at, area.size))
        if shown:
            surface.blit(surf, at, area)
        x = at[0] - self._skip
        if self.composing and self.focused:
            start = x + text_width(font, self.value[: self.cursor], face)
            bottom = at[1] + surf.get_height() - 2
            pygame.draw.line(surface, theme.INK, (start, bottom), (x + at_cursor, bottom), 1)
        if self.focused and not self.selected and int(pygame.time.get_ticks() / 500) % 2 == 0:
            cx = x + at_cursor
            pygame.draw.line(surface, theme.INK, (cx, at[1] + 2), (cx, at[1] + surf.get_height() - 3), 2)


def _clipboard() -> str:
    """The clipboard's text; nothing where there is no clipboard to read."""
    try:
        return pygame.scrap.get_text() or ""
    except pygame.error:
        return ""


def _copy(value: str) -> None:
    with contextlib.suppress(pygame.error):  # no clipboard: nothing copied
        pygame.scrap.put_text(value)
