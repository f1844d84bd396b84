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
from cardtable.i18n import _

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
            b = Button(self._label(action), self._chooser(action), size=max(16, round(26 * s)))
            b.primary = True
            b.rect = pygame.Rect(x, self.panel.top + round(90 * s), width, round(110 * s))
            x += width + gap
            self.buttons.append((b, action))

    def _label(self, action: Action) -> str:
        """A shape's button: the game's label for it, in the language in use."""
        if action.label:
            return format_prompt(action.label, self.scene.session.names, self.scene.viewer)
        return _(str(action.value))

    def _chooser(self, action: Action):
        def choose() -> None:
            if self.scene.busy:
                self.scene.skip_animation()  # another player's choice was still being shown
            self.scene.perform([action])

        return choose

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.buttons:
            return False
        for b, _action in self.buttons:
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
        revealing = self.shown and self.scene.clock < self.show_until
        if not self.buttons and not revealing:
            return
        draw_panel(surface, self.panel, alpha=240)
        title = (
            _("Rock, paper or scissors? The winner leads") if self.buttons else _("Rock, paper, scissors!")
        )
        self._line(surface, title, self._px(24, 14), self._below_top(18), theme.TEXT, "bold")
        if self.buttons:
            self._draw_choice(surface)
        else:
            self._draw_shapes(surface)

    def _below_top(self, design: float) -> int:
        """``design`` pixels (at scale 1) below the panel's top edge."""
        return self.panel.top + round(design * self.scene.geometry.scale)

    def _px(self, design: float, floor: int) -> int:
        """A text size scaled with the table, never below ``floor`` (legible in a small window)."""
        return max(floor, round(design * self.scene.geometry.scale))

    def _line(
        self,
        surface: pygame.Surface,
        words: str,
        size: int,
        top: int,
        color: theme.Color,
        style: str = "regular",
    ) -> None:
        """One line centred across the panel, its top at ``top``."""
        draw_text(
            surface, self.scene.app.text, words, size, (self.panel.centerx, top), color, style, "midtop"
        )

    def _draw_choice(self, surface: pygame.Surface) -> None:
        """The viewer chooses: the buttons, the keys, and who else has chosen (never what)."""
        for b, _action in self.buttons:
            b.draw(surface, self.scene.app.text)
        # Translators: R, P and S are the keys for rock, paper and scissors (they stay R, P, S).
        keys = _("Keys: R, P, S. Nobody sees a choice before everyone has chosen.")
        bottom = self.panel.bottom - round(30 * self.scene.geometry.scale)
        self._line(surface, keys, self._px(15, 11), bottom, theme.MUTED)
        rps = self.scene.view.info.get("rps")
        if rps:
            names = self.scene.session.names
            chosen = [names[p] for p in rps.get("chosen", ()) if p != self.scene.viewer]
            if chosen:
                # Translators: {names} lists the players who have chosen their shape ("Ada, Bo").
                waiting = _("Already chosen: {names}").format(names=", ".join(chosen))
            else:
                waiting = _("Nobody else has chosen yet")
            self._line(surface, waiting, self._px(16, 12), self._below_top(56), theme.MUTED)

    def _draw_shapes(self, surface: pygame.Surface) -> None:
        """Everyone has chosen: each player's shape, then who leads (or that it is a tie)."""
        names = self.scene.session.names
        # Translators: a player and the shape they showed ("Ada: rock").
        shown = _("{name}: {shape}")
        shapes = ", ".join(shown.format(name=names[seat], shape=_(shape)) for seat, shape in self.shown)
        self._line(surface, shapes, self._px(20, 13), self._below_top(100), theme.TEXT, "bold")
        if self.outcome:
            self._line(surface, self.outcome, self._px(20, 13), self._below_top(150), theme.HIGHLIGHT, "bold")


HOOK = RockPaperScissors
