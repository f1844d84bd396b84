"""Rock-paper-scissors for the lead: three big buttons, chosen in secret, then everyone's shape shown.

The choice is the game's ``rps`` actions (``value``: the shape). While the
viewer must choose, a panel with three big buttons covers the middle of the
table (keys 1-3 or R, P, S); it says who has chosen, never what. When every
player has chosen, the game announces each shape (``rps_shows``) and the
panel shows them all and who leads, or that it is a tie, for a moment.
"""

from __future__ import annotations

import pygame

from cardtable.engine import Action, Announced, Event, format_prompt

from ... import theme
from ...widgets import Button, draw_panel, draw_text
from . import Hook

SHAPE_KEYS = {pygame.K_r: "rock", pygame.K_p: "paper", pygame.K_s: "scissors"}
SHOW_FOR = 2.6  # seconds the shapes stay on screen, at normal speed


class RockPaperScissors(Hook):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.buttons: list[tuple[Button, Action]] = []
        self.shown: list[tuple[int, str]] = []
        self.outcome = ""
        self.show_until = 0.0
        self.panel = pygame.Rect(0, 0, 0, 0)

    def claims(self, action: Action) -> bool:
        return action.kind == "rps"

    def _choices(self) -> list[Action]:
        return [a for a in self.scene.legal() if a.kind == "rps"]

    def refresh(self) -> None:
        choices = self._choices()
        s = self.scene.geometry.scale
        w, h = self.scene.app.size
        self.panel = pygame.Rect(0, 0, min(w - 16, round(620 * s)), round(250 * s))
        self.panel.center = (w // 2, round(h * 0.45))
        self.buttons = []
        if not choices:
            return
        width = round(170 * s)
        gap = round(24 * s)
        x = self.panel.centerx - (len(choices) * width + (len(choices) - 1) * gap) // 2
        for action in choices:
            b = Button(str(action.label or action.value), self._chooser(action), size=max(16, round(26 * s)))
            b.primary = True
            b.rect = pygame.Rect(x, self.panel.top + round(90 * s), width, round(110 * s))
            x += width + gap
            self.buttons.append((b, action))

    def _chooser(self, action: Action):
        def choose() -> None:
            if self.scene.busy:
                self.scene.skip_animation()  # another player's choice was still being shown
            self.scene.perform([action])

        return choose

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.buttons:
            return False
        for b, _ in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN:
            shape = SHAPE_KEYS.get(event.key)
            if pygame.K_1 <= event.key <= pygame.K_3:
                index = event.key - pygame.K_1
                if index < len(self.buttons):
                    self.buttons[index][0].activate()
                    return True
            for b, action in self.buttons:
                if action.value == shape:
                    b.activate()
                    return True
        return False

    def on_event(self, event: Event, live: bool) -> None:
        if not isinstance(event, Announced):
            return
        if event.what == "rps":
            self.shown, self.outcome = [], ""
        elif event.what == "rps_shows":
            if self.outcome:  # a new round after a tie
                self.shown, self.outcome = [], ""
            self.shown.append((event.seat, str(event.value)))
            self.show_until = self.scene.clock + SHOW_FOR * max(0.5, self.scene.factor)
        elif event.what in ("rps_tie", "lead") and self.shown:
            self.outcome = format_prompt(event.said, self.scene.session.names, self.scene.viewer)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene.geometry.scale
        app = self.scene.app
        rps = self.scene.view.info.get("rps")
        revealing = self.shown and self.scene.clock < self.show_until
        if not self.buttons and not revealing:
            return
        draw_panel(surface, self.panel, alpha=240)
        title = "Rock, paper or scissors? The winner leads" if self.buttons else "Rock, paper, scissors!"
        draw_text(
            surface,
            app.text,
            title,
            max(14, round(24 * s)),
            (self.panel.centerx, self.panel.top + round(18 * s)),
            theme.TEXT,
            "bold",
            "midtop",
        )
        if self.buttons:
            for b, _ in self.buttons:
                b.draw(surface, app.text)
            draw_text(
                surface,
                app.text,
                "Keys: R, P, S. Nobody sees a choice before everyone has chosen.",
                max(11, round(15 * s)),
                (self.panel.centerx, self.panel.bottom - round(30 * s)),
                theme.MUTED,
                anchor="midtop",
            )
            if rps:
                chosen = [
                    self.scene.session.names[p] for p in rps.get("chosen", ()) if p != self.scene.viewer
                ]
                waiting = "Already chosen: " + ", ".join(chosen) if chosen else "Nobody else has chosen yet"
                draw_text(
                    surface,
                    app.text,
                    waiting,
                    max(12, round(16 * s)),
                    (self.panel.centerx, self.panel.top + round(56 * s)),
                    theme.MUTED,
                    anchor="midtop",
                )
            return
        shapes = ", ".join(f"{self.scene.session.names[seat]}: {shape}" for seat, shape in self.shown)
        draw_text(
            surface,
            app.text,
            shapes,
            max(13, round(20 * s)),
            (self.panel.centerx, self.panel.top + round(100 * s)),
            theme.TEXT,
            "bold",
            "midtop",
        )
        if self.outcome:
            draw_text(
                surface,
                app.text,
                self.outcome,
                max(13, round(20 * s)),
                (self.panel.centerx, self.panel.top + round(150 * s)),
                theme.HIGHLIGHT,
                "bold",
                "midtop",
            )


HOOK = RockPaperScissors
