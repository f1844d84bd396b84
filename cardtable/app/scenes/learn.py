"""Learn to play: choose the game to learn (or, given one, start its lesson at once).

The lessons are the shipped tutorials (``config/tutorials/``), each replaced
by the player's own where their config folder has one (``tutorials/<game>.yaml``,
for a table's house rules). A tutorial file with a mistake is named here with
its file and line, and the others are offered as usual.
"""

from __future__ import annotations

import pygame

from cardtable import games
from cardtable.i18n import _
from cardtable.tutorials import load_tutorials

from .. import theme
from ..scene import Scene
from ..widgets import Button, FocusRing, draw_panel, draw_text
from .common import BACKGROUND, menu_handle


class LearnScene(Scene):
    scene_name = "learn"

    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        self.tutorials, problems = load_tutorials(app.files.root / "tutorials")
        self.problems = [app.files.describe(p) for p in problems]
        self.buttons = [
            Button(_("Learn {game}").format(game=_(games.get(g).name)), self._starter(g), primary=True)
            for g in games.ids()
            if g in self.tutorials
        ]
        self.back = Button(_("Back"), app.pop)
        self.ring = FocusRing([*self.buttons, self.back])
        self.start = game

    def enter(self) -> None:
        if self.start is not None:
            game, self.start = self.start, None
            if game in self.tutorials:
                self.app.replace(self.app.scene("lesson", self.tutorials[game]))
                return
        self.resized(self.app.size)

    def _starter(self, game: str):
        return lambda: self.app.replace(self.app.scene("lesson", self.tutorials[game]))

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        s = min(w / 1280, h / 720)
        self.scale = s
        width, height, gap = round(420 * s), round(50 * s), round(12 * s)
        y = round(170 * s)
        for b in [*self.buttons, self.back]:
            b.size = round(22 * s)
            b.rect = pygame.Rect(w // 2 - width // 2, y, width, height)
            y += height + gap
        self.back.rect.y += gap

    def handle(self, event: pygame.event.Event) -> bool:
        return menu_handle(self.app, self.ring, event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.scale
        surface.blit(BACKGROUND.get((w, h)), (0, 0))
        text = self.app.text
        draw_text(
            surface,
            text,
            _("Learn to play"),
            round(40 * s),
            (w // 2, round(60 * s)),
            theme.TEXT,
            "bold",
            "midtop",
        )
        lead = _("A short game on a prepared deal, with a coach who explains each rule as it comes.")
        draw_text(surface, text, lead, round(18 * s), (w // 2, round(120 * s)), theme.MUTED, anchor="midtop")
        for b in [*self.buttons, self.back]:
            b.draw(surface, text)
        y = self.back.rect.bottom + round(24 * s)
        for problem in self.problems:
            box = pygame.Rect(round(60 * s), y, w - round(120 * s), round(30 * s))
            draw_panel(surface, box, alpha=200, radius=8)
            draw_text(
                surface,
                text,
                problem,
                round(15 * s),
                box.move(round(10 * s), round(6 * s)).topleft,
                theme.DANGER,
            )
            y = box.bottom + round(8 * s)
