"""Results: final standings and a chart of the scores: each round's running total, or (U-G-O)
the cards left in each deck after each turn."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from cardtable.engine import GameSpec, View
from cardtable.i18n import _
from cardtable.saves import SaveError, read_replay
from cardtable.standings import finishing_order, standing_ranks

from .. import theme
from ..chart import Series, draw_line_chart
from ..layout import Layout
from ..scene import Scene
from ..table.words import winners_text
from ..widgets import Button, FocusRing, draw_panel, draw_text
from .common import BACKGROUND, ROW, ring_handle

LINE_COLORS = [
    (242, 197, 84),
    (120, 200, 255),
    (255, 140, 120),
    (170, 240, 150),
    (220, 160, 255),
    (255, 255, 255),
]


def _running(rounds: list[list[float]], players: int) -> list[list[float]]:
    """Running totals after each round, from zero (nothing to chart without rounds)."""
    if not rounds:
        return []
    points = [[0.0] * players]
    for r in rounds:
        points.append([t + v for t, v in zip(points[-1], r, strict=True)])
    return points


class ResultsScene(Scene):
    scene_name = "results"

    def __init__(
        self,
        app,
        spec: GameSpec,
        view: View,
        names: list[str],
        on_again: Callable[[], None],
        on_new: Callable[[], None],
        layout: Layout | None = None,
        replay: Path | None = None,
    ) -> None:
        """``replay``: the finished game's replay file, to watch it again with every hand open."""
        super().__init__(app)
        self.replay = replay
        self.round_word = layout.word("round") if layout is not None else "round"
        self.score_word = str(view.info.get("score_label") or "score")
        self.round_shown = _(self.round_word) if self.round_word else ""
        """The game's word for a round, in the language in use."""
        self.spec = spec
        self.view = view
        self.names = names
        self.rounds = [list(r) for r in view.info.get("round_scores", ())]
        # Points to chart, one tuple per step: running totals of the rounds, or the game's own history.
        history = view.info.get("score_history", ())
        self.points: list[list[float]] = [list(p) for p in history] or _running(self.rounds, view.players)
        self.out_order = tuple(view.info.get("out_order", ()))
        self.order = finishing_order(view.scores, view.winners, spec.lower_scores_win, self.out_order)
        self.standings_bottom = 0
        self.buttons = [
            Button(_("Play again"), on_again, primary=True),
            Button(_("New game"), on_new),
            # Translators: the button back to the title screen.
            Button(_("Title"), self.to_title),
        ]
        if replay is not None:
            self.buttons.insert(2, Button(_("Watch replay"), self.watch))
        self.ring = FocusRing(self.buttons)

    def watch(self) -> None:
        """The game again, move by move, every hand open (a broken file says so and stays here)."""
        if self.replay is None:
            return
        try:
            replay = read_replay(self.replay)
        except SaveError as exc:
            self.buttons[2].enabled = False
            note = _("{file}: the replay could not be opened ({error})").format(file=self.replay, error=exc)
            self.app.save_notes.append(note)
            return
        self.app.open("replay", replay)

    def to_title(self) -> None:

        self.app.reset(self.app.scene("title"))

    def enter(self) -> None:
        self.resized(self.app.size)
        self.ring.focus(self.buttons[0])
        self.app.sound.play("game_end")

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = min(w / 1280, h / 720)
        step = round(min(330, 1000 / len(self.buttons)) * s)
        x = w // 2 - step * (len(self.buttons) - 1) // 2
        for b in self.buttons:
            b.rect = pygame.Rect(0, 0, round(200 * s), round(48 * s))
            b.rect.midbottom = (x, h - round(30 * s))
            b.size = round(21 * s)
            x += step

    def handle(self, event: pygame.event.Event) -> bool:
        return ring_handle(self.ring, event, ROW)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.scale
        surface.blit(BACKGROUND.get((w, h)), (0, 0))
        title = winners_text([self.names[i] for i in self.view.winners])
        draw_text(
            surface,
            self.app.text,
            title,
            round(44 * s),
            (w // 2, round(50 * s)),
            theme.ACCENT,
            "serif",
            "center",
        )
        # Up to 12 players: rows close up so the standings stay above the buttons.
        row = min(44.0, (h / s - 110 - 70 - 100) / max(1, len(self.order)))
        table = pygame.Rect(0, 0, round(420 * s), round((70 + row * len(self.order)) * s))
        chart = pygame.Rect(0, 0, round(640 * s), round(420 * s))
        if self.points:
            table.topleft = (w // 2 - round(560 * s), round(100 * s))
            chart.topleft = (table.right + round(40 * s), round(100 * s))
        else:
            table.midtop = (w // 2, round(110 * s))
        self._standings(surface, table, row)
        if self.points:
            self._chart(surface, chart)
        if self.rounds:
            self._round_table(surface, pygame.Rect(table.left, table.bottom + round(16 * s), table.width, 0))
        for b in self.buttons:
            b.draw(surface, self.app.text)

    def _standings(self, surface: pygame.Surface, table: pygame.Rect, row: float) -> None:
        """The players in order of finish, each with their line's colour and final score."""
        s = self.scale
        font = round(min(22, row / 2) * s)
        draw_panel(surface, table)
        self.standings_bottom = table.bottom
        at = (table.centerx, table.top + round(28 * s))
        draw_text(surface, self.app.text, _("Standings"), round(24 * s), at, theme.TEXT, "bold", "center")
        y = table.top + round(64 * s)
        ranks = standing_ranks(self.view.scores, self.order, self.out_order)
        for rank, seat in zip(ranks, self.order, strict=True):
            color = LINE_COLORS[seat % len(LINE_COLORS)]
            pygame.draw.circle(surface, color, (table.left + round(28 * s), y + font // 2 + 1), round(7 * s))
            name = f"{rank}. {self.names[seat]}"
            draw_text(surface, self.app.text, name, font, (table.left + round(46 * s), y), theme.TEXT, "bold")
            score = f"{self.view.scores[seat]:g}"
            at = (table.right - round(24 * s), y)
            draw_text(surface, self.app.text, score, font, at, theme.TEXT, "bold", "topright")
            y += round(row * s)

    def _round_table(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Each round's score per player, as numbers."""
        s = self.scale
        row = round(21 * s)
        limit = self.buttons[0].rect.top - round(16 * s)
        shown = self.rounds[-max(1, (limit - rect.top - round(40 * s)) // row) :]
        rect.height = round(40 * s) + row * len(shown)
        draw_panel(surface, rect)
        players = self.view.players
        col = (rect.width - round(60 * s)) / players
        y = rect.top + round(10 * s)
        for p in range(players):
            x = rect.left + round(56 * s) + col * (p + 0.5)
            color = LINE_COLORS[p % len(LINE_COLORS)]
            draw_text(
                surface,
                self.app.text,
                self.names[p][:6],
                round(14 * s),
                (round(x), y),
                color,
                "bold",
                "midtop",
            )
        y += round(24 * s)
        first = len(self.rounds) - len(shown) + 1
        for i, scores in enumerate(shown):
            draw_text(
                surface,
                self.app.text,
                # The game's word for a round, by its first letter: "R1", "T2".
                f"{self.round_shown[:1].upper()}{first + i}",
                round(14 * s),
                (rect.left + round(14 * s), y),
                theme.MUTED,
            )
            for p in range(players):
                x = rect.left + round(56 * s) + col * (p + 0.5)
                draw_text(
                    surface,
                    self.app.text,
                    f"{scores[p]:+g}",
                    round(14 * s),
                    (round(x), y),
                    theme.TEXT,
                    anchor="midtop",
                )
            y += row

    def _chart(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The points after each step (a round, a turn), one line per player."""
        # Translators: the chart's title; {score} is the game's word for its score ("Points", "Cards
        # left"), {round} its word for a round ("round", "turn", "hand").
        title = _("{score} after each {round}").format(
            score=_(self.score_word).capitalize(), round=self.round_shown
        )
        lines = [
            Series(LINE_COLORS[p % len(LINE_COLORS)], [pt[p] for pt in self.points])
            for p in range(self.view.players)
        ]
        draw_line_chart(surface, self.app.text, rect, self.scale, title, lines, self.round_shown)
