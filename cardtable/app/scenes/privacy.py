"""The privacy screen between human players: the whole table is hidden until the next player is ready."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import theme
from ..scene import Scene
from ..widgets import draw_text
from .common import BACKGROUND


class PrivacyScene(Scene):
    opaque = True

    def __init__(self, app, name: str, reason: str, on_ready: Callable[[], None]) -> None:
        super().__init__(app)
        self.name = name
        self.reason = reason
        self.on_ready = on_ready

    def handle(self, event: pygame.event.Event) -> bool:
        ready = (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)
        )
        if ready:
            self.app.pop()
            self.on_ready()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = min(w / 1280, h / 720)
        surface.blit(BACKGROUND.get((w, h)), (0, 0))
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        draw_text(
            surface,
            self.app.text,
            f"Pass to {self.name}",
            round(54 * s),
            (w // 2, round(h * 0.42)),
            theme.TEXT,
            "serif",
            "center",
        )
        draw_text(
            surface,
            self.app.text,
            self.reason,
            round(22 * s),
            (w // 2, round(h * 0.42 + 60 * s)),
            theme.MUTED,
            anchor="center",
        )
        draw_text(
            surface,
            self.app.text,
            f"{self.name}: click or press Enter when ready",
            round(20 * s),
            (w // 2, round(h * 0.42 + 110 * s)),
            theme.ACCENT,
            anchor="center",
        )
