"""The rules of a game, written for players, from ``assets/rules/<game>.md``.

A tiny subset of Markdown: ``#`` and ``##`` headings, ``-`` bullets and
paragraphs. Scroll with the wheel, the arrow keys or Page Up/Down. Opened
from a game in progress, the screen first lists the house rules in play (the
options that differ from the standard rules); opened from the title, it has
a tab per game (Tab or the tabs switch).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from cardtable import games
from cardtable.i18n import _
from cardtable.resources import asset_file
from cardtable.rules_text import parse_blocks

from .. import theme
from ..option_editor import value_text
from ..scene import Scene
from ..theme import wrap
from ..widgets import Button, draw_panel, draw_text
from .common import BACKGROUND


def load_rules(game: str) -> list[tuple[str, str]]:
    """(kind, text) blocks in the language in use: kind is h1, h2, bullet or text."""
    path = asset_file("rules", f"{game}.md")
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return [
            ("h1", _(games.get(game).name)),
            ("text", _("The rules text is missing from this installation.")),
        ]
    return [(kind, _(text)) for _line, kind, text in parse_blocks(lines)]


def house_rules_blocks(game: str, options: Mapping[str, Any], variant: str) -> list[tuple[str, str]]:
    """The house rules a game in progress is played with, as blocks to put before the rules."""
    spec = games.get(game)
    changes = spec.schema.changes(options)
    blocks = [("h2", _("This game: {variant}").format(variant=variant))]
    if not changes:
        return [*blocks, ("text", _("Standard rules: no house rule is changed."))]
    blocks.append(("text", _("These house rules differ from the standard rules below:")))
    blocks += [
        (
            "bullet",
            _("{option}: {value} (standard: {standard})").format(
                option=_(o.title), value=value_text(o, v), standard=value_text(o, o.default)
            ),
        )
        for o, v in changes
    ]
    return blocks


class RulesScene(Scene):
    scene_name = "rules"

    def __init__(
        self,
        app,
        game: str,
        options: Mapping[str, Any] | None = None,
        variant: str = "",
        tabs: Sequence[str] = (),
    ) -> None:
        super().__init__(app)
        self.options = options
        self.variant = variant
        self.tabs = [Button(_(games.get(g).name), self._switcher(g), size=18) for g in tabs if len(tabs) > 1]
        self.tab_games = list(tabs) if len(tabs) > 1 else []
        self.scroll = 0.0
        self.back = Button(_("Back"), self.app.pop, primary=True)
        self.lines: list[tuple[str, str, int]] = []
        self._open(game)

    def _open(self, game: str) -> None:
        self.game = game
        self.blocks = load_rules(game)
        if self.options is not None:
            title = self.blocks[:1] if self.blocks and self.blocks[0][0] == "h1" else []
            extra = house_rules_blocks(game, self.options, self.variant or _("standard rules"))
            self.blocks = title + extra + self.blocks[len(title) :]
        for b, g in zip(self.tabs, self.tab_games, strict=True):
            b.primary = g == game
        self.scroll = 0.0

    def _switcher(self, game: str):
        def switch() -> None:
            self._open(game)
            self.resized(self.app.size)

        return switch

    def enter(self) -> None:
        self.resized(self.app.size)

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = min(w / 1280, h / 720)
        self.panel = pygame.Rect(0, 0, round(900 * s), h - round(120 * s))
        self.panel.midtop = (w // 2, round(30 * s))
        self.back.rect = pygame.Rect(0, 0, round(180 * s), round(46 * s))
        self.back.rect.midbottom = (w // 2, h - round(20 * s))
        self.back.size = round(22 * s)
        if self.tabs:
            self.panel.top += round(50 * s)
            self.panel.height -= round(50 * s)
            widths = [round(230 * s)] * len(self.tabs)
            x = w // 2 - (sum(widths) + round(10 * s) * (len(widths) - 1)) // 2
            for b, bw in zip(self.tabs, widths, strict=True):
                b.size = max(13, round(18 * s))
                b.rect = pygame.Rect(x, round(22 * s), bw, round(40 * s))
                x += bw + round(10 * s)
        width = self.panel.width - round(80 * s)
        self.lines = []
        for kind, text in self.blocks:
            size_px = {"h1": 34, "h2": 24, "bullet": 19, "text": 19}[kind]
            style = {"h1": "serif", "h2": "bold"}.get(kind, "regular")
            px = round(size_px * s)
            font = self.app.fonts.get(px, style)
            indent = round(24 * s) if kind == "bullet" else 0  # bullets are drawn further in
            if kind == "bullet":
                text = "\u2022 " + text  # wrapped with its bullet, so the first line fits too
            for line in wrap(font, text, width - indent):
                self.lines.append((kind, line, px))
            self.lines.append(("gap", "", round((6 if kind in ("h1", "h2") else 14) * s)))
        self.content_height = sum(
            px + (0 if kind == "gap" else round(6 * s)) for kind, _text, px in self.lines
        )
        self.scroll = min(self.scroll, self.max_scroll)

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content_height - (self.panel.height - round(60 * self.scale)))

    def handle(self, event: pygame.event.Event) -> bool:
        step = 60 * self.scale
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
                self.app.pop()
                return True
            delta = {
                pygame.K_DOWN: step,
                pygame.K_UP: -step,
                pygame.K_PAGEDOWN: self.panel.height * 0.8,
                pygame.K_PAGEUP: -self.panel.height * 0.8,
                pygame.K_SPACE: self.panel.height * 0.8,
            }.get(event.key)
            if delta is not None:
                self.scroll = min(self.max_scroll, max(0.0, self.scroll + delta))
                return True
            if event.key == pygame.K_TAB and self.tab_games:
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                index = (self.tab_games.index(self.game) + step) % len(self.tab_games)
                self._switcher(self.tab_games[index])()
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = min(self.max_scroll, max(0.0, self.scroll - event.y * step))
            return True
        return any(b.handle(event) for b in self.tabs) or self.back.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.scale
        surface.blit(BACKGROUND.get((w, h)), (0, 0))
        draw_panel(surface, self.panel, alpha=252)  # opaque: nothing of the table shows through
        inner = self.panel.inflate(-round(80 * s), -round(50 * s))
        clip = surface.get_clip()
        surface.set_clip(inner)
        y = inner.top - self.scroll
        for kind, text, px in self.lines:
            if kind == "gap":
                y += px
                continue
            color = theme.ACCENT if kind == "h2" else theme.TEXT
            style = {"h1": "serif", "h2": "bold"}.get(kind, "regular")
            x = inner.left + (round(12 * s) if kind == "bullet" else 0)
            if inner.top - px * 2 < y < inner.bottom + px:
                draw_text(surface, self.app.text, text, px, (x, round(y)), color, style)
            y += px + round(6 * s)
        surface.set_clip(clip)
        if self.max_scroll > 0:
            bar_h = inner.height * inner.height / (inner.height + self.max_scroll)
            bar_y = inner.top + (inner.height - bar_h) * (self.scroll / self.max_scroll)
            pygame.draw.rect(
                surface,
                theme.PANEL_EDGE,
                (self.panel.right - round(18 * s), bar_y, round(6 * s), bar_h),
                border_radius=3,
            )
        for b in self.tabs:
            b.draw(surface, self.app.text)
        self.back.draw(surface, self.app.text)
