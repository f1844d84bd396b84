"""Every notice about the player's files, in full: a scrollable list (a screen's own box shows
what fits, and opens this for the rest)."""

from __future__ import annotations

import pygame

from .. import theme
from ..scene import Scene
from ..widgets import Button, FocusRing, ScrollArea, draw_panel, draw_text
from .common import notice_lines


class NoticesScene(Scene):
    """Over the screen it was opened from; Escape or Close goes back to it."""

    scene_name = "notices"

    opaque = False

    def __init__(self, app, heading: str, notices: list[str], notes: list[str]) -> None:
        super().__init__(app)
        self.heading = heading
        self.notices = notices
        self.notes = notes
        self.close = Button("Close", self.app.pop, primary=True)
        self.ring = FocusRing([self.close])
        self.scroll = ScrollArea()
        self.lines: list[tuple[str, theme.Color, str]] = []
        self.scale = 1.0

    def enter(self) -> None:
        self.resized(self.app.size)
        self.ring.focus(self.close)

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = min(w / 1280, h / 720)
        self.panel = pygame.Rect(0, 0, min(w - round(40 * s), round(1000 * s)), h - round(60 * s))
        self.panel.center = (w // 2, h // 2)
        self.line_h = round(22 * s)
        self.size = round(16 * s)
        inner = self.panel.inflate(-round(60 * s), -round(170 * s))
        inner.top = self.panel.top + round(70 * s)
        self.scroll.rect = inner
        font = self.app.fonts.get(self.size)
        self.lines = notice_lines(font, inner.width, self.notices, self.notes, None, self.heading)
        self.scroll.content_height = len(self.lines) * self.line_h
        self.scroll.scroll_to(self.scroll.offset)
        self.close.size = round(20 * s)
        self.close.rect = pygame.Rect(0, 0, round(180 * s), round(44 * s))
        self.close.rect.midbottom = (self.panel.centerx, self.panel.bottom - round(20 * s))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_ESCAPE: None,
                pygame.K_UP: -self.line_h,
                pygame.K_DOWN: self.line_h,
                pygame.K_PAGEUP: -self.scroll.rect.height,
                pygame.K_PAGEDOWN: self.scroll.rect.height,
                pygame.K_HOME: -self.scroll.content_height,
                pygame.K_END: self.scroll.content_height,
            }
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if event.key in steps:
                self.scroll.scroll_by(steps[event.key] or 0)
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll.scroll_by(-event.y * 3 * self.line_h)
            return True
        return self.ring.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 140))
        surface.blit(veil, (0, 0))
        draw_panel(surface, self.panel, alpha=250)
        title = f"Notices ({len(self.notices) + len(self.notes)})"
        pos = (self.panel.centerx, self.panel.top + round(36 * s))
        draw_text(surface, self.app.text, title, round(26 * s), pos, theme.TEXT, "serif", "center")
        r = self.scroll.rect
        clip = surface.get_clip()
        surface.set_clip(r)
        y = r.top - self.scroll.offset
        indent = round(14 * s)
        for line, color, style in self.lines:
            if r.top - self.line_h <= y <= r.bottom:
                x = r.left + (indent if color == theme.TEXT else 0)
                draw_text(surface, self.app.text, line, self.size, (x, y), color, style)
            y += self.line_h
        surface.set_clip(clip)
        self.scroll.draw_bar(surface, round(8 * s))
        self.close.draw(surface, self.app.text)
