"""The table's buttons: actions that move no card, Confirm for a pick, panels, and short menus.

Buttons are laid out in a row centred where the layout says; a row too wide
for the window takes a smaller size and then a second row, so nothing is
ever cut off. Number keys press the action buttons in order; a layout may
give an action a letter (``key: p`` for Pass).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from cardtable.engine import Action

from ..widgets import Button


@dataclass
class Control:
    button: Button
    action: Action | None = None  # None: Confirm or a panel button
    role: str = "action"  # action (numbered 1-9), confirm, aside (in the row, unnumbered: Hint) or panel
    key: str = ""


class Controls:
    def __init__(self, app) -> None:
        self.app = app
        self.items: list[Control] = []
        self.menu: list[tuple[Button, Action]] = []

    def set(self, items: list[Control]) -> None:
        self.items = items

    def buttons(self) -> list[Button]:
        return [c.button for c in self.items]

    def actions(self) -> list[Control]:
        return [c for c in self.items if c.role == "action"]

    def find(self, role: str) -> Control | None:
        return next((c for c in self.items if c.role == role), None)

    def arrange(
        self,
        center: tuple[int, int],
        scale: float,
        window: tuple[int, int],
        panel_at: tuple[int, int],
        avoid: Sequence[pygame.Rect] = (),
    ) -> None:
        """Lay the action buttons out in rows under ``center``, between the ``avoid`` boxes beside
        them (name plates); panel buttons stack at ``panel_at``."""
        w, _ = window
        row = [c.button for c in self.items if c.role != "panel"]
        size = max(13, round(20 * scale))
        gap = round(12 * scale)
        limit = min(w - round(24 * scale), room_between(center, scale, avoid))
        while True:
            for b in row:
                b.size = size
            widths = [b.preferred_width(self.app.text) for b in row]
            rows = _rows(widths, gap, limit)
            if len(rows) <= 1 or size <= 13:
                break
            size -= 1  # smaller first; a second row only when the smallest size does not fit
        height = max(28, round(40 * scale))
        cx, cy = center
        top = cy - height // 2 - (len(rows) - 1) * (height + gap) // 2
        for r in rows:
            total = sum(widths[i] for i in r) + gap * (len(r) - 1)
            x = cx - total / 2
            for i in r:
                row[i].rect = pygame.Rect(round(x), top, widths[i], height)
                x += widths[i] + gap
            top += height + gap
        px, py = panel_at
        panels = [c.button for c in self.items if c.role == "panel"]
        up = py > window[1] / 2  # near the bottom edge the stack grows upward, so none falls off it
        for b in reversed(panels) if up else panels:
            b.size = max(12, round(16 * scale))
            b.rect = pygame.Rect(0, 0, b.preferred_width(self.app.text), max(26, round(34 * scale)))
            b.rect.center = (px, py)
            b.rect.clamp_ip(pygame.Rect((0, 0), window).inflate(-8, -8))
            py = (b.rect.top - gap - b.rect.height // 2) if up else (b.rect.bottom + gap + b.rect.height // 2)

    def open_menu(
        self,
        actions: Sequence[Action],
        pos: tuple[int, int],
        scale: float,
        do: Callable[[Action], None],
        label: Callable[[Action], str],
    ) -> None:
        """A list of choices at the pointer; the first has the keyboard focus. More than fit one
        above the other go in columns side by side, so no choice ever lies over another."""
        height, gap = max(26, round(36 * scale)), round(6 * scale)
        self.menu = []
        for action in actions:
            b = Button(label(action), _bind(do, action), size=max(13, round(18 * scale)))
            b.rect = pygame.Rect(0, 0, b.preferred_width(self.app.text), height)
            self.menu.append((b, action))
        if not self.menu:
            return
        window = pygame.Rect((0, 0), self.app.size)
        rows = max(1, min(len(self.menu), (window.height - gap) // (height + gap)))
        columns = [self.menu[i : i + rows] for i in range(0, len(self.menu), rows)]
        widths = [max(b.rect.width for b, _ in column) for column in columns]
        block = pygame.Rect(0, 0, sum(widths) + gap * (len(columns) - 1), rows * (height + gap) - gap)
        block.midtop = (pos[0], pos[1] - round(20 * scale) * rows)
        block.clamp_ip(window)
        x = block.left
        for column, width in zip(columns, widths, strict=True):
            for row, (b, _) in enumerate(column):
                b.rect.midtop = (x + width // 2, block.top + row * (height + gap))
            x += width + gap
        self.menu[0][0].focused = True

    def handle_menu(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            index = next((i for i, (b, _) in enumerate(self.menu) if b.focused), 0)
            index = (index + (1 if event.key == pygame.K_DOWN else -1)) % len(self.menu)
            for i, (b, _) in enumerate(self.menu):
                b.focused = i == index
            return True
        for b, _ in self.menu:
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        ):
            self.menu = []
            return True
        return event.type == pygame.KEYDOWN

    def handle(self, event: pygame.event.Event) -> bool:
        return any(c.button.handle(event) for c in self.items)

    def handle_panels(self, event: pygame.event.Event) -> bool:
        """The panel buttons (the log, the last trick, undo) work while cards still move."""
        return any(c.button.handle(event) for c in self.items if c.role == "panel")

    def press_number(self, n: int) -> bool:
        plain = self.actions()
        if 1 <= n <= len(plain):
            plain[n - 1].button.activate()
            return True
        return False

    def press_key(self, letter: str) -> bool:
        for c in self.items:
            if c.key and c.key == letter and c.button.enabled:
                c.button.activate()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for c in self.items:
            c.button.draw(surface, self.app.text)

    def draw_menu(self, surface: pygame.Surface) -> None:
        for b, _ in self.menu:
            b.draw(surface, self.app.text)


def _bind(do, action: Action):
    return lambda: do(action)


def _rows(widths: list[int], gap: int, limit: int) -> list[list[int]]:
    """Indices of buttons per row, filling each row up to ``limit`` pixels."""
    rows: list[list[int]] = [[]]
    used = 0
    for i, bw in enumerate(widths):
        need = bw if not rows[-1] else used + gap + bw
        if rows[-1] and need > limit:
            rows.append([i])
            used = bw
        else:
            rows[-1].append(i)
            used = need
    return rows if rows[0] else []


def room_between(center: tuple[int, int], scale: float, avoid: Sequence[pygame.Rect]) -> int:
    """How wide a row (of buttons, a status line) centred at ``center`` may be and miss the boxes
    level with it."""
    cx, cy = center
    band = pygame.Rect(0, cy - round(50 * scale), 100_000, round(100 * scale))
    half = 100_000
    for r in avoid:
        if r.colliderect(band):
            if r.left >= cx:
                half = min(half, r.left - cx)
            elif r.right <= cx:
                half = min(half, cx - r.right)
    return max(round(320 * scale), 2 * half - round(16 * scale))
