"""The game log over the table: a scrollable list of what happened this game, newest at the bottom.

Opened with G (or the Log button) at the table; G, Esc or a click outside
closes it. Its lines come from the events as the viewer may know them
(:mod:`cardtable.app.table.gamelog`), so it never names a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from cardtable.i18n import _

from .. import theme
from ..scene import Scene
from ..table.gamelog import LogLine
from ..theme import wrap
from ..widgets import draw_panel, draw_text

COLORS = {"event": theme.TEXT, "score": theme.MUTED, "mark": theme.ACCENT}


class LogScene(Scene):
    scene_name = "log"

    opaque = False

    def __init__(
        self,
        app,
        lines: Sequence[LogLine],
        title: str | None = None,
        from_start: bool = False,
        hint: str | None = None,
    ) -> None:
        """``from_start``: open at the first line (a list to read through), not the newest; ``title``
        and ``hint`` default to the game log's."""
        super().__init__(app)
        self.lines = list(lines)
        self.title = _("Game log") if title is None else title
        self.hint = _("Wheel or Up/Down to scroll; G or Esc closes") if hint is None else hint
        self.rows: list[tuple[str, str]] = []  # (text, kind), wrapped to the panel's width
        self.first = 0  # the first row shown
        self.at_end = not from_start

    def enter(self) -> None:
        self.resized(self.app.size)

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = min(w / 1280, h / 720)
        self.panel = pygame.Rect(0, 0, min(w - 24, round(760 * s)), h - round(60 * s))
        self.panel.center = (w // 2, h // 2)
        self.px = max(12, round(17 * s))
        self.row_h = round(self.px * 1.45)
        font = self.app.fonts.get(self.px)
        width = self.panel.width - round(48 * s)
        self.rows = [(part, line.kind) for line in self.lines for part in wrap(font, line.text, width)]
        self.body = pygame.Rect(
            self.panel.left + round(24 * s),
            self.panel.top + round(56 * s),
            width,
            self.panel.height - round(100 * s),
        )
        self.room = max(1, self.body.height // self.row_h)
        if self.at_end:
            self.first = self.last_first

    @property
    def last_first(self) -> int:
        return max(0, len(self.rows) - self.room)

    def scroll(self, rows: int) -> None:
        self.first = max(0, min(self.last_first, self.first + rows))
        self.at_end = self.first == self.last_first

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -self.room,
                pygame.K_PAGEDOWN: self.room,
                pygame.K_HOME: -len(self.rows),
                pygame.K_END: len(self.rows),
            }
            if event.key in steps:
                self.scroll(steps[event.key])
            elif event.key in (pygame.K_ESCAPE, pygame.K_g, pygame.K_RETURN):
                self.app.pop()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not self.panel.collidepoint(event.pos)
        ):
            self.app.pop()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.panel, alpha=248)
        title_at = (self.panel.centerx, self.panel.top + round(14 * s))
        draw_text(
            surface,
            self.app.text,
            self.title,
            max(14, round(26 * s)),
            title_at,
            theme.ACCENT,
            "serif",
            "midtop",
        )
        if not self.rows:
            draw_text(
                surface,
                self.app.text,
                _("Nothing has happened yet."),
                self.px,
                self.body.topleft,
                theme.MUTED,
            )
        y = self.body.top
        for text, kind in self.rows[self.first : self.first + self.room]:
            style = "bold" if kind == "mark" else "regular"
            draw_text(surface, self.app.text, text, self.px, (self.body.left, y), COLORS[kind], style)
            y += self.row_h
        if len(self.rows) > self.room:  # where in the log the view is
            track = pygame.Rect(
                self.panel.right - round(14 * s), self.body.top, max(3, round(5 * s)), self.body.height
            )
            pygame.draw.rect(surface, theme.PANEL_EDGE, track, 1)
            knob_h = max(12, track.height * self.room // len(self.rows))
            knob_y = track.top + (track.height - knob_h) * self.first // max(1, self.last_first)
            pygame.draw.rect(surface, theme.HIGHLIGHT, (track.left, knob_y, track.width, knob_h))
        draw_text(
            surface,
            self.app.text,
            self.hint,
            max(11, round(14 * s)),
            (self.panel.centerx, self.panel.bottom - round(12 * s)),
            theme.MUTED,
            anchor="midbottom",
        )
