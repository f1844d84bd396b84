"""The pause menu (Esc): resume, rules, settings, quit to the title; shows the house rules in play."""

from __future__ import annotations

import pygame

from cardtable.engine import GameSpec

from .. import theme
from ..scene import Scene
from ..widgets import Button, FocusRing, draw_panel, draw_text
from .common import layout_column


class PauseScene(Scene):
    opaque = False

    def __init__(self, app, spec: GameSpec, options: dict, variant: str, on_quit) -> None:
        super().__init__(app)
        self.spec = spec
        self.variant = variant
        self.changes = [f"{o.title}: {o.format(v)}" for o, v in spec.schema.changes(options)]
        self.on_quit = on_quit
        self.buttons = [
            Button("Resume", self.app.pop, primary=True),
            Button("Rules", self.rules),
            Button("Settings", self.settings),
            Button("Quit to title", self.quit),
        ]
        self.ring = FocusRing(self.buttons)

    def enter(self) -> None:
        self.resized(self.app.size)
        self.ring.focus(self.buttons[0])

    def resume(self) -> None:
        self.resized(self.app.size)

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        self.scale = s = min(w / 1280, h / 720)
        for b in self.buttons:
            b.size = round(22 * s)
        lines = max(1, len(self.changes))
        self.panel = pygame.Rect(0, 0, round(480 * s), round((372 + 22 * lines) * s))
        self.panel.center = (w // 2, h // 2)
        layout_column(
            self.buttons, w // 2, self.panel.top + round(80 * s), round(300 * s), round(46 * s), round(10 * s)
        )

    def rules(self) -> None:
        from .rules import RulesScene

        self.app.push(RulesScene(self.app, self.spec.id))

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def quit(self) -> None:
        self.on_quit()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.ring.move(-1 if event.key == pygame.K_UP else 1)
            return True
        return self.ring.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        s = self.scale
        draw_panel(surface, self.panel)
        draw_text(
            surface,
            self.app.text,
            "Paused",
            round(32 * s),
            (self.panel.centerx, self.panel.top + round(40 * s)),
            theme.TEXT,
            "serif",
            "center",
        )
        for b in self.buttons:
            b.draw(surface, self.app.text)
        y = self.buttons[-1].rect.bottom + round(22 * s)
        title = f"{self.spec.name} - {self.variant.replace('-', ' ')}"
        draw_text(
            surface,
            self.app.text,
            title,
            round(18 * s),
            (self.panel.centerx, y),
            theme.ACCENT,
            "bold",
            "midtop",
        )
        y += round(26 * s)
        lines = self.changes or ["Standard rules: no house rules changed."]
        for line in lines:
            draw_text(
                surface,
                self.app.text,
                line,
                round(16 * s),
                (self.panel.centerx, y),
                theme.MUTED,
                anchor="midtop",
            )
            y += round(22 * s)
