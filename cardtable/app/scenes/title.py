"""The title screen: continue a saved game, start quickly, set up a game, read the rules,
statistics, settings, quit.

Problems with the player's files (a broken settings.yaml, variant or layout)
are listed at the top, so nobody wonders why their changes did not apply.
"""

from __future__ import annotations

import random

import pygame

from cardtable import games
from cardtable.engine import STANDARD
from cardtable.i18n import _, ngettext
from cardtable.saves import AUTOSAVE, MatchRecord, SaveError, read_autosave, set_aside

from .. import theme
from ..layout import playable_games
from ..scene import Scene, scene_class
from ..table.setup import quick_setup
from ..widgets import Button, FocusRing, draw_text
from .common import BACKGROUND, NoticeBoard, layout_column, replacing_saved_game


class TitleScene(Scene):
    scene_name = "title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.tables = playable_games()
        self.quicks = [
            Button(_("Play {game}").format(game=_(games.get(g).name)), self._starter(g), primary=True)
            for g in self.tables
        ]
        self.quick = self.quicks[0]
        self.buttons = [
            *self.quicks,
            Button(_("New game"), self.new_game),
            Button(_("Learn to play"), lambda: self.app.open("learn")),
            Button(_("Play online"), lambda: self.app.open("online")),
            Button(_("Rules"), self.rules),
            Button(_("Statistics"), self.statistics),
            Button(_("Settings"), self.settings),
            # Translators: the button that opens the About screen (version, licence, folders).
            Button(_("About"), lambda: self.app.open("about")),
            Button(_("Quit"), self.app.request_quit),
        ]
        self.saved: MatchRecord | None = None
        self.resume_button = Button(_("Continue"), self.continue_game, primary=True)
        self.board = NoticeBoard(app)
        self.ring = FocusRing([*self.buttons, self.board.more])
        self.ring.focus(self.quick)
        rng = random.Random(7)
        self.decor = rng.sample(list(STANDARD), 5)

    def renewed(self) -> TitleScene:
        """This screen made again (in the language now in use)."""
        return TitleScene(self.app)

    def enter(self) -> None:
        self._look_for_save()
        self.resized(self.app.size)

    def resume(self) -> None:
        self._look_for_save()
        self.resized(self.app.size)

    def _look_for_save(self) -> None:
        """Offer the game in progress when one was left (quit, crash or a killed process)."""
        self.app.saver.flush()  # a game just left is on disk before it is looked for
        saved, problem = read_autosave(self.app.data)
        if problem is not None:
            self.app.save_notes.append(problem)
        self.saved = saved
        self.resume_button.label = self._continue_label(saved) if saved is not None else _("Continue")
        shown = [self.resume_button] if saved is not None else []
        self.ring.set([*shown, *self.buttons, self.board.more])
        self.ring.focus(self.resume_button if saved is not None else self.quick)

    def _continue_label(self, saved: MatchRecord) -> str:
        spec = saved.spec
        episode, moves = saved.progress()
        game = _(spec.name)
        computers = len(saved.seats) - saved.humans
        if episode:
            word = self.app.layout(spec.id).word("round")
            # Translators: {round} is the game's word for a round ("round", "turn", "hand").
            where = _("{round} {number}").format(round=_(word) if word else word, number=episode)

            if saved.humans == 1:
                text = ngettext(
                    "Continue {game}: you and {n} computer, {where}",
                    "Continue {game}: you and {n} computers, {where}",
                    computers,
                )
                return text.format(game=game, n=computers, where=where)
            players = len(saved.seats)
            return _("Continue {game}: {players} players, {where}").format(
                game=game, players=players, where=where
            )
        if saved.humans == 1:
            text = ngettext(
                "Continue {game}: you and {n} computer, {moves} moves in",
                "Continue {game}: you and {n} computers, {moves} moves in",
                computers,
            )
            return text.format(game=game, n=computers, moves=moves)
        text = _("Continue {game}: {players} players, {moves} moves in")
        return text.format(game=game, players=len(saved.seats), moves=moves)

    def continue_game(self) -> None:

        saved = self.saved
        if saved is None:
            return
        try:
            scene = scene_class("table").from_save(self.app, saved)  # type: ignore[attr-defined]
        except SaveError as exc:
            self.app.save_notes.append(set_aside(self.app.data / AUTOSAVE, str(exc)))
            self._look_for_save()
            self.resized(self.app.size)
            return
        self.app.push(scene)

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        self.scale = min(w / 1280, h / 720)
        s = self.scale
        for b in self.buttons:
            b.size = round(22 * s)
        # The quick games side by side (you against computers), the rest in a column under them.
        gap = round(12 * s)
        width = round(min(300, 1160 / len(self.quicks)) * s)
        for b in self.quicks:  # a long name takes a smaller size rather than running past its button
            while b.size > 12 and b.preferred_width(self.app.text) - b.size > width:
                b.size -= 1
        row_w = len(self.quicks) * width + (len(self.quicks) - 1) * gap
        x = w // 2 - row_w // 2
        top = round(h * 0.52 + 22 * s)
        height = round(50 * s)
        if self.saved is not None:
            # The game left off comes first: one wide button over the quick games.
            b = self.resume_button
            b.size = round(22 * s)
            while b.size > 12 and b.preferred_width(self.app.text) > row_w:
                b.size -= 1
            b.rect = pygame.Rect(x, round(h * 0.47), row_w, height)
            top = b.rect.bottom + round(30 * s)
        for b in self.quicks:
            b.rect = pygame.Rect(x, top, width, height)
            x += width + gap
        # New game, Learn to play and Play online, then Rules, Statistics, Settings and About side by
        # side, then Quit.
        new, learn, online, *row, leave = self.buttons[len(self.quicks) :]
        height = round(50 * s)
        y = top + height + gap
        half = (round(660 * s) - 2 * gap) // 3
        for i, b in enumerate((new, learn, online)):
            b.rect = pygame.Rect(w // 2 - (3 * half + 2 * gap) // 2 + i * (half + gap), y, half, height)
            while b.size > 12 and b.preferred_width(self.app.text) - b.size > half:
                b.size -= 1
        y += height + gap
        width = round(200 * s)
        x = w // 2 - (len(row) * width + (len(row) - 1) * gap) // 2
        for b in row:
            b.rect = pygame.Rect(x, y, width, height)
            x += width + gap
        layout_column([leave], w // 2, y + height + gap, round(440 * s), height, gap)

    def _starter(self, game: str):
        return lambda: self.quick_start(game)

    def quick_start(self, game: str | None = None) -> None:
        """You against computers at the game's usual table size, the house rules standard."""
        setup = quick_setup(self.app.settings, game or self.tables[0])
        replacing_saved_game(self.app, lambda: self.app.open("table", setup))

    def new_game(self) -> None:

        self.app.open("new game")

    def rules(self) -> None:

        tables = playable_games()
        self.app.open("rules", tables[0], tabs=tables)

    def statistics(self) -> None:

        self.app.open("statistics")

    def settings(self) -> None:

        self.app.open("settings")

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.ring.move(-1 if event.key == pygame.K_UP else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.ring.move(-1 if event.key == pygame.K_LEFT else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.request_quit()
            return True
        return self.ring.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(BACKGROUND.get((w, h)), (0, 0))
        scale = self.scale
        card_w = round(110 * scale)
        for i, card in enumerate(self.decor):
            img = self.app.cards.image(card, 0, card_w, True, (i - 2) * -12)
            x = w / 2 + (i - 2) * card_w * 0.55
            y = h * 0.2 + abs(i - 2) * 10 * scale
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        draw_text(
            surface,
            self.app.text,
            _("Card Table"),
            round(64 * scale),
            (w // 2, round(h * 0.38)),
            theme.TEXT,
            "serif",
            "center",
        )
        draw_text(
            surface,
            self.app.text,
            # Translators: the names of the four games, under the title.
            _("Ugly \u00b7 U-G-O \u00b7 Ugh! \u00b7 Ultimate Loser"),
            round(22 * scale),
            (w // 2, round(h * 0.38 + 48 * scale)),
            theme.MUTED,
            anchor="center",
        )
        draw_text(
            surface,
            self.app.text,
            _("Quick game: you against the computer"),
            round(17 * scale),
            (w // 2, self.quicks[0].rect.top - round(6 * scale)),
            theme.MUTED,
            anchor="midbottom",
        )
        for b in self.buttons:
            b.draw(surface, self.app.text)
        if self.saved is not None:
            self.resume_button.draw(surface, self.app.text)
        notices, notes = (
            self.app.notices(),
            [*self.app.files.notes, *self.app.save_notes, *self.app.stats.notices],
        )
        if notices or notes:
            rect = pygame.Rect(0, 0, round(960 * scale), round(190 * scale))
            rect.midtop = (w // 2, round(12 * scale))
            heading = _("Files with mistakes in {folder} (Card Table uses its defaults for them):").format(
                folder=self.app.files.root
            )

            self.board.draw(surface, rect, scale, notices, notes, boxed=True, heading=heading)
