"""About Card Table: its version, licence and credits, and the folders it keeps its files in.

Opened from the title and the pause menu. Each folder (the player's settings and variants, the
saved games and statistics, the logs) has a button that shows it in the file manager; a folder
that cannot be shown says why, with its path, in the line under them. Esc or Back returns.
"""

from __future__ import annotations

import platform
from collections.abc import Callable
from pathlib import Path

import pygame

import cardtable
from cardtable.i18n import N_, _
from cardtable.settings import log_dir

from .. import theme
from ..folders import open_folder
from ..scene import Scene
from ..theme import wrap
from ..widgets import Button, FocusRing, draw_panel, draw_text
from .common import menu_handle, shade

WORDS = (
    N_("Ugly, U-G-O, Ugh! and Ultimate Loser at one table, their house rules yours to change."),
    N_("Card Table is free software under the MIT License. Copyright (c) 2026 Card Table contributors."),
    N_(
        "Its words are set in the DejaVu fonts (Bitstream Vera License; DejaVu's changes are in the public "
        "domain). Its cards are drawn and its sounds made by its own code."
    ),
)
"""The About screen's paragraphs (marked: shown through ``_()``)."""


class AboutScene(Scene):
    scene_name = "about"

    opaque = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.folders: list[tuple[str, Path]] = [
            (_("Settings and variants"), Path(app.files.root)),
            (_("Saved games and statistics"), Path(app.data)),
            (_("Logs"), log_dir()),
        ]
        self.opens = [Button(_("Open"), self._opener(path)) for _name, path in self.folders]
        self.back = Button(_("Back"), self.app.pop, primary=True)
        self.ring = FocusRing([*self.opens, self.back])
        self.note = ""  # why a folder could not be shown

    def _opener(self, folder: Path) -> Callable[[], None]:
        def show() -> None:
            self.note = open_folder(folder) or ""

        return show

    @property
    def made_with(self) -> str:
        return _("Version {version}, on Python {python}, pygame-ce {pygame} and SDL {sdl}.").format(
            version=cardtable.__version__,
            python=platform.python_version(),
            pygame=pygame.version.ver,
            sdl=pygame.version.SDL,
        )

    def enter(self) -> None:
        self.resized(self.app.size)
        self.ring.focus(self.back)

    def resume(self) -> None:
        self.resized(self.app.size)

    def resized(self, size: tuple[int, int]) -> None:
        """The panel as tall as what it holds: the title, the paragraphs, a row per folder, room for
        a note (two lines), and Back; centred in the window."""
        w, h = size
        self.scale = s = min(w / 1280, h / 720)
        self.px = max(12, round(16 * s))
        self.line = round(self.px * 1.35)
        self.margin = round(36 * s)
        width = min(w - 16, round(820 * s))
        font = self.app.fonts.get(self.px)
        paragraphs = (*(_(words) for words in WORDS), self.made_with)
        self.paragraphs = [wrap(font, words, width - 2 * self.margin) for words in paragraphs]
        for b in (*self.opens, self.back):
            b.size = max(13, round(18 * s))
        row_h, gap = max(26, round(36 * s)), round(10 * s)
        rows = sum(len(p) for p in self.paragraphs)
        folders_at = round(96 * s) + rows * self.line + len(self.paragraphs) * gap + round(8 * s)
        back_h = max(30, round(44 * s))
        height = folders_at + len(self.opens) * (row_h + gap) + 2 * self.line + back_h + round(28 * s)
        self.panel = pygame.Rect(0, 0, width, min(h - 8, height))
        self.panel.center = (w // 2, h // 2)
        right, y = self.panel.right - self.margin, self.panel.top + folders_at
        for b in self.opens:
            b.rect = pygame.Rect(right - round(110 * s), y, round(110 * s), row_h)
            y += row_h + gap
        self.back.rect = pygame.Rect(0, 0, round(200 * s), back_h)
        self.back.rect.midbottom = (self.panel.centerx, self.panel.bottom - round(16 * s))

    def handle(self, event: pygame.event.Event) -> bool:
        return menu_handle(self.app, self.ring, event)

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        s = self.scale
        draw_panel(surface, self.panel, alpha=252)
        centre, left = self.panel.centerx, self.panel.left + self.margin
        title_at = (centre, self.panel.top + round(44 * s))
        draw_text(
            surface, self.app.text, _("Card Table"), round(34 * s), title_at, theme.TEXT, "serif", "center"
        )
        y = self.panel.top + round(96 * s)
        for paragraph in self.paragraphs:
            for text in paragraph:
                draw_text(surface, self.app.text, text, self.px, (left, y), theme.TEXT)
                y += self.line
            y += round(10 * s)
        self._draw_folders(surface)
        for b in (*self.opens, self.back):
            b.draw(surface, self.app.text)

    def _draw_folders(self, surface: pygame.Surface) -> None:
        s = self.scale
        left = self.panel.left + self.margin
        font, bold = self.app.fonts.get(self.px), self.app.fonts.get(self.px, "bold")
        for (name, path), button in zip(self.folders, self.opens, strict=True):
            # Translators: a folder's name before its path ("Logs: /home/ada/.local/...").
            label = _("{folder}:").format(folder=name)
            head = bold.size(label + " ")[0]
            shown = _elided(font, str(path), button.rect.left - left - round(12 * s) - head)
            mid = button.rect.centery
            draw_text(surface, self.app.text, label, self.px, (left, mid), theme.ACCENT, "bold", "midleft")

            draw_text(
                surface, self.app.text, shown, self.px, (left + head, mid), theme.MUTED, anchor="midleft"
            )
        if self.note:
            room = self.panel.width - 2 * self.margin
            at = (self.panel.centerx, self.opens[-1].rect.bottom + round(4 * s))
            for i, text in enumerate(wrap(font, self.note, room)[:2]):
                where = (at[0], at[1] + i * self.line)
                draw_text(surface, self.app.text, text, self.px, where, theme.DANGER, anchor="midtop")


def _elided(font: pygame.font.Font, path: str, room: int) -> str:
    """``path`` as it fits in ``room`` pixels: its start cut away (the folder's own name matters most)."""
    if font.size(path)[0] <= room:
        return path
    while len(path) > 4 and font.size("..." + path)[0] > room:
        path = path[1:]
    return "..." + path
