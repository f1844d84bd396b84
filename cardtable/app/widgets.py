"""Small widgets drawn with pygame: buttons, selectors, steppers, toggles, panels (text: text_field.py).

Each widget owns a ``rect`` that its scene sets when it lays itself out, and
answers ``handle(event) -> bool``. Keyboard focus moves with Tab; Enter or
Space activates the focused widget, Left and Right change a value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from cardtable.i18n import _

from . import theme
from .theme import TextCache

_BOXES: dict[tuple, pygame.Surface] = {}
Mark = tuple[str, int, theme.Color, str]
"""A step control's glyph: text, size, colour and style."""


def box(
    size: tuple[int, int],
    fill: tuple[int, int, int, int],
    edge: tuple[int, int, int, int] | None = None,
    edge_width: int = 2,
    radius: int = 10,
) -> pygame.Surface:
    """A rounded translucent rectangle, made once per size and colour and reused every frame."""
    key = (size, fill, edge, edge_width, radius)
    surf = _BOXES.get(key)
    if surf is None:
        if len(_BOXES) > 400:
            _BOXES.clear()
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=radius)
        if edge is not None:
            pygame.draw.rect(surf, edge, surf.get_rect(), width=edge_width, border_radius=radius)
        _BOXES[key] = surf
    return surf


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 220, radius: int = 14) -> None:
    """A rounded, semi-transparent panel with a light edge."""
    surface.blit(box(rect.size, (*theme.PANEL, alpha), (*theme.PANEL_EDGE, 255), 2, radius), rect.topleft)


def draw_text(
    surface: pygame.Surface,
    text: TextCache,
    s: str,
    size: int,
    pos: tuple[int, int],
    color: theme.Color = theme.TEXT,
    style: str = "regular",
    anchor: str = "topleft",
) -> pygame.Rect:
    surf = text.render(s, size, color, style)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


def draw_fitted(
    surface: pygame.Surface,
    text: TextCache,
    s: str,
    size: int,
    pos: tuple[int, int],
    width: int,
    color: theme.Color = theme.TEXT,
    style: str = "regular",
    anchor: str = "topleft",
) -> pygame.Rect:
    """Words that must keep within ``width`` (a label whose length depends on the language): made
    up to a quarter smaller first, then broken into lines, the block placed by ``anchor`` at ``pos``."""
    floor = max(1, round(size * 0.85))  # smaller than this reads worse than two lines
    while size > floor and text.fonts.get(size, style).size(s)[0] > width:
        size -= 1
    font = text.fonts.get(size, style)
    lines = theme.wrap(font, s, width) if font.size(s)[0] > width else [s]
    surfs = [text.render(line, size, color, style) for line in lines]
    block = pygame.Rect(0, 0, max(sf.get_width() for sf in surfs), sum(sf.get_height() for sf in surfs))
    setattr(block, anchor, pos)
    y = block.top
    side = (
        "right"
        if anchor.endswith("right")
        else ("centerx" if anchor in ("center", "midtop", "midbottom") else "left")
    )
    for sf in surfs:
        r = sf.get_rect(top=y, **{side: getattr(block, side)})
        surface.blit(sf, r)
        y += sf.get_height()
    return block


@dataclass(eq=False)
class Widget:
    """What every widget has: where its scene put it, and whether it is focused, usable and shown."""

    focusable = True
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0), init=False)
    focused: bool = field(default=False, init=False)
    enabled: bool = field(default=True, init=False)
    visible: bool = field(default=True, init=False)

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        pass


@dataclass(eq=False)
class Button(Widget):
    """A labelled button: a click on it, or Enter or Space while it has the focus, calls ``on_click``."""

    label: str
    on_click: Callable[[], Any]
    size: int = 22
    primary: bool = False
    tooltip: str = ""
    hover: bool = field(default=False, init=False)

    def preferred_width(self, text: TextCache) -> int:
        return text.fonts.get(self.size, "bold").size(self.label)[0] + 2 * self.size

    def activate(self) -> None:
        if self.enabled and self.visible:
            self.on_click()

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        clicked = (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos)
        )
        pressed = (
            event.type == pygame.KEYDOWN and self.focused and event.key in (pygame.K_RETURN, pygame.K_SPACE)
        )
        if clicked or pressed:
            self.activate()
        return clicked or pressed

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        if not self.visible:
            return
        r = self.rect
        shadow = r.move(0, 3)
        pygame.draw.rect(surface, theme.FELT_DARK, shadow, border_radius=r.height // 3)
        if not self.enabled:
            fill = (150, 150, 140)
        elif self.primary:
            fill = theme.HIGHLIGHT if self.hover or self.focused else theme.ACCENT
        else:
            fill = theme.BUTTON_HOVER if self.hover or self.focused else theme.BUTTON
        pygame.draw.rect(surface, fill, r, border_radius=r.height // 3)
        if self.focused:
            pygame.draw.rect(surface, theme.INK, r, width=2, border_radius=r.height // 3)
        color = theme.BUTTON_TEXT if self.enabled else (90, 90, 90)
        draw_text(surface, text, self.label, self.size, r.center, color, "bold", "center")


class _StepBox(Widget):
    """A box with a step control at each end: a click on either half steps that way.

    ``on_change(value)`` is called when a step changes the value; ``format(value)`` is the text shown.
    """

    def __init__(
        self, on_change: Callable[[Any], Any] | None, format: Callable[[Any], str], size: int
    ) -> None:
        super().__init__()
        self.index = 0
        self.on_change = on_change
        self.format = format
        self.size = size

    @property
    def value(self) -> Any:
        raise NotImplementedError

    def step(self, delta: int) -> Any:
        raise NotImplementedError

    def _changed(self) -> None:
        """Tell the owner the value changed (the player stepped it; a scene setting it says nothing)."""
        if self.on_change is not None:
            self.on_change(self.value)

    def _clicked(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.step(-1 if event.pos[0] < self.rect.centerx else 1)
            return True
        return False

    def _marks(self) -> tuple[Mark, Mark]:
        """The step controls' glyphs, left then right."""
        raise NotImplementedError

    def _label(self) -> tuple[str, theme.Color]:
        """The value as shown in the middle, and its colour."""
        raise NotImplementedError

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        if not self.visible:
            return
        r = self.rect
        pygame.draw.rect(surface, theme.FELT_DARK, r, border_radius=r.height // 3)
        edge = theme.HIGHLIGHT if self.focused else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, r, width=2, border_radius=r.height // 3)
        w = r.height
        ends = pygame.Rect(r.left, r.top, w, r.height), pygame.Rect(r.right - w, r.top, w, r.height)
        for (glyph, size, color, style), end in zip(self._marks(), ends, strict=True):
            draw_text(surface, text, glyph, size, end.center, color, style, "center")
        label, color = self._label()
        room = r.width - 2 * round(w * 0.7)  # between the arrows, whatever the language's words
        size = self.size
        while size > max(9, round(self.size * 0.7)) and text.fonts.get(size, "bold").size(label)[0] > room:
            size -= 1
        draw_text(surface, text, label, size, r.center, color, "bold", "center")

    @property
    def label_room(self) -> pygame.Rect:
        """Where the value's words may lie: the box without its two arrows."""
        return self.rect.inflate(-2 * round(self.rect.height * 0.7) + 4, 0)


class Selector(_StepBox):
    """``< value >``: cycles through ``options`` with clicks, arrows or the wheel."""

    def __init__(
        self,
        options: Sequence[Any],
        index: int = 0,
        on_change: Callable[[Any], Any] | None = None,
        format: Callable[[Any], str] = str,
        size: int = 22,
        muted: Callable[[Any], bool] | None = None,
    ) -> None:
        super().__init__(on_change, format, size)
        self.options = list(options)
        self.index = index
        self.muted = muted
        """Options shown greyed (they can be chosen, to see why they are grey)."""

    @property
    def value(self) -> Any:
        return self.options[self.index]

    def set_options(self, options: Sequence[Any], value: Any = None) -> None:
        self.options = list(options)
        self.index = self.options.index(value) if value in self.options else 0

    def step(self, delta: int) -> None:
        if not self.options or not self.enabled:
            return
        self.index = (self.index + delta) % len(self.options)
        self._changed()

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if self._clicked(event):
            return True
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.step(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_LEFT:
                self.step(-1)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE):
                self.step(1)
                return True
            if event.unicode and event.unicode.isalnum():
                return self.jump(event.unicode)
        return False

    def jump(self, char: str) -> bool:
        """Go to the next option whose label starts with ``char`` (a long list, like 53 cards)."""
        n = len(self.options)
        for k in range(1, n + 1):
            i = (self.index + k) % n
            if self.format(self.options[i]).lower().startswith(char.lower()):
                if self.enabled and i != self.index:
                    self.step(i - self.index)
                return True
        return False

    def _marks(self) -> tuple[Mark, Mark]:
        return (
            ("\u25c0", self.size - 4, theme.ACCENT, "regular"),
            ("\u25b6", self.size - 4, theme.ACCENT, "regular"),
        )

    def _label(self) -> tuple[str, theme.Color]:
        greyed = not self.enabled or (
            self.muted is not None and bool(self.options) and self.muted(self.value)
        )
        label = self.format(self.value) if self.options else ""
        return label, theme.MUTED if greyed else theme.TEXT


class Stepper(_StepBox):
    """``< value >`` over ordered values that stops at both ends (a number within its bounds)."""

    def __init__(
        self,
        values: Sequence[Any],
        value: Any = None,
        on_change: Callable[[Any], Any] | None = None,
        format: Callable[[Any], str] = str,
        size: int = 22,
    ) -> None:
        super().__init__(on_change, format, size)
        self.values = list(values)
        self.index = self.values.index(value) if value in self.values else 0

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def set(self, value: Any) -> None:
        """Show ``value`` without reporting a change (the scene set it)."""
        if value in self.values:
            self.index = self.values.index(value)

    def step(self, delta: int) -> bool:
        index = max(0, min(len(self.values) - 1, self.index + delta))
        if index == self.index or not self.enabled:
            return False
        self.index = index
        self._changed()
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if self._clicked(event):
            return True
        if event.type == pygame.KEYDOWN and self.focused:
            delta = {
                pygame.K_LEFT: -1,
                pygame.K_RIGHT: 1,
                pygame.K_MINUS: -1,
                pygame.K_PLUS: 1,
                pygame.K_KP_MINUS: -1,
                pygame.K_KP_PLUS: 1,
                pygame.K_PAGEDOWN: -10,
                pygame.K_PAGEUP: 10,
                pygame.K_HOME: -len(self.values),
                pygame.K_END: len(self.values),
            }.get(event.key)
            if delta is not None:
                self.step(delta)
                return True
        return False

    def _marks(self) -> tuple[Mark, Mark]:
        at_start, at_end = self.index == 0, self.index == len(self.values) - 1
        return (
            ("\u2212", self.size, theme.MUTED if at_start else theme.ACCENT, "bold"),
            ("+", self.size, theme.MUTED if at_end else theme.ACCENT, "bold"),
        )

    def _label(self) -> tuple[str, theme.Color]:
        return self.format(self.value), theme.TEXT if self.enabled else theme.MUTED


@dataclass(eq=False)
class Toggle(Widget):
    """An on/off switch: a click, Enter or Space flips it; Left is off, Right is on."""

    value: bool = False
    on_change: Callable[[bool], Any] | None = None
    labels: tuple[str, str] = field(default_factory=lambda: (_("Off"), _("On")))
    """The words for off and on, in the language in use when the toggle is made."""
    size: int = 22

    def set(self, value: bool) -> None:
        self.value = value

    def switch(self, value: bool) -> None:
        if value != self.value and self.enabled:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.switch(not self.value)
            return True
        if event.type == pygame.KEYDOWN and self.focused:
            if event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                self.switch(not self.value)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.switch(event.key == pygame.K_RIGHT)
                return True
        return False

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        if not self.visible:
            return
        r = self.rect
        track = pygame.Rect(r.left, r.top, min(r.width, r.height * 2), r.height)
        fill = theme.ACCENT if self.value else theme.FELT_DARK
        pygame.draw.rect(surface, fill, track, border_radius=r.height // 2)
        edge = theme.HIGHLIGHT if self.focused else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, track, width=2, border_radius=r.height // 2)
        knob = pygame.Rect(0, 0, r.height - 8, r.height - 8)
        knob.center = (
            (track.right - r.height // 2, track.centery)
            if self.value
            else (
                track.left + r.height // 2,
                track.centery,
            )
        )
        pygame.draw.ellipse(surface, theme.PAPER, knob)
        label = self.labels[1] if self.value else self.labels[0]
        color = theme.TEXT if self.enabled else theme.MUTED
        draw_text(
            surface,
            text,
            label,
            self.size,
            (track.right + self.size // 2, r.centery),
            color,
            "bold",
            "midleft",
        )


class ScrollArea:
    """A clipped viewport over content taller than it: the wheel, Page keys and focus scroll it."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.content_height = 0
        self.offset = 0

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.rect.height)

    def scroll_to(self, offset: float) -> None:
        self.offset = round(max(0, min(self.max_offset, offset)))

    def scroll_by(self, delta: float) -> None:
        self.scroll_to(self.offset + delta)

    def reveal(self, top: int, bottom: int, margin: int = 0) -> None:
        """Scroll so that content from ``top`` to ``bottom`` (content coordinates) is in view."""
        if top - margin < self.offset:
            self.scroll_to(top - margin)
        elif bottom + margin > self.offset + self.rect.height:
            self.scroll_to(bottom + margin - self.rect.height)

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def draw_bar(self, surface: pygame.Surface, width: int) -> None:
        if self.max_offset <= 0:
            return
        r = self.rect
        bar_h = max(width * 3, r.height * r.height / self.content_height)
        bar_y = r.top + (r.height - bar_h) * self.offset / self.max_offset
        track = pygame.Rect(r.right + width, r.top, width, r.height)
        pygame.draw.rect(surface, theme.FELT_DARK, track, border_radius=width // 2)
        pygame.draw.rect(
            surface,
            theme.PANEL_EDGE,
            (track.left, round(bar_y), width, round(bar_h)),
            border_radius=width // 2,
        )


class FocusRing:
    """Tab / Shift+Tab focus over a scene's widgets."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets = list(widgets)
        self.index = -1

    def set(self, widgets: Sequence[Widget]) -> None:
        current = self.current
        self.widgets = list(widgets)
        self.index = self.widgets.index(current) if current in self.widgets else -1
        self._apply()

    @property
    def current(self) -> Widget | None:
        if 0 <= self.index < len(self.widgets):
            return self.widgets[self.index]
        return None

    def focus(self, widget: Widget | None) -> None:
        self.index = self.widgets.index(widget) if widget in self.widgets else -1
        self._apply()

    def move(self, delta: int) -> None:
        usable = [i for i, w in enumerate(self.widgets) if w.focusable and w.visible and w.enabled]
        if not usable:
            return
        if self.index not in usable:
            self.index = usable[0] if delta > 0 else usable[-1]
        else:
            pos = usable.index(self.index)
            self.index = usable[(pos + delta) % len(usable)]
        self._apply()

    def _apply(self) -> None:
        for i, w in enumerate(self.widgets):
            w.focused = i == self.index

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for w in self.widgets:
                if w.visible and w.rect.collidepoint(event.pos) and w.focusable:
                    self.focus(w)
                    break
        return any(w.handle(event) for w in self.widgets)
