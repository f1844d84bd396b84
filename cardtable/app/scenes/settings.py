"""Settings: how the table behaves (animation speed, full screen)."""

from __future__ import annotations

import pygame

from cardtable.settings import ANIMATION_SPEEDS

from .. import theme
from ..scene import Scene
from ..widgets import Button, FocusRing, Selector, draw_panel, draw_text
from .common import BACKGROUND


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        speeds = list(ANIMATION_SPEEDS)
        self.speed = Selector(speeds, speeds.index(app.settings.animation_speed), self._speed, str.capitalize)
        self.fullscreen = Selector(
            [False, True], int(app.fullscreen), self._fullscreen, lambda v: "Full screen" if v else "Window"
        )
        self.done = Button("Done", self.app.pop, primary=True)
        self.rows = [("Animation speed", self.speed), ("Display (F11)", self.fullscreen)]
        self.ring = FocusRing([self.speed, self.fullscreen, self.done])

    def _speed(self, value: str) -> None:
        self.app.settings.animation_speed = value

    def _fullscreen(self, value: bool) -> None:
        if value != self.app.fullscreen:
            self.app.toggle_fullscreen()

    def enter(self) -> None:
        self.resized(self.app.size)
        self.ring.focus(self.speed)

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = min(w / 1280, h / 720)
        y = round(h * 0.35)
        for _, widget in self.rows:
            widget.rect = pygame.Rect(w // 2, y, round(260 * s), round(38 * s))
            widget.size = round(20 * s)
            y += round(54 * s)
        self.done.rect = pygame.Rect(0, 0, round(200 * s), round(48 * s))
        self.done.rect.midtop = (w // 2, y + round(30 * s))
        self.done.size = round(22 * s)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.ring.move(-1 if event.key == pygame.K_UP else 1)
            return True
        return self.ring.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.scale
        surface.blit(BACKGROUND.get((w, h)), (0, 0))
        panel = pygame.Rect(0, 0, round(640 * s), round(420 * s))
        panel.center = (w // 2, h // 2)
        draw_panel(surface, panel)
        draw_text(
            surface,
            self.app.text,
            "Settings",
            round(34 * s),
            (w // 2, panel.top + round(44 * s)),
            theme.TEXT,
            "serif",
            "center",
        )
        for label, widget in self.rows:
            draw_text(
                surface,
                self.app.text,
                label,
                round(20 * s),
                (w // 2 - round(20 * s), widget.rect.centery),
                theme.MUTED,
                anchor="midright",
            )
            widget.draw(surface, self.app.text)
        self.done.draw(surface, self.app.text)
