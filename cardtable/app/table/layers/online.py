"""The line to the server, at an online table: "Reconnecting..." while it is down, and the server's
refusals in the status line. Draws nothing at a table on this computer."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.i18n import _

from ... import theme
from ...widgets import draw_panel, draw_text
from . import Layer

if TYPE_CHECKING:
    from ...scenes.table import TableScene


def line_words(status: str, failure: str | None) -> str | None:
    """What the table says of its line ("" or None: nothing to say)."""
    if status == "connected":
        return None
    if status == "closed":
        return _("The table is closed: {why}").format(why=failure) if failure else _("You left the table")
    if status == "connecting":
        return _("Connecting to the table...")
    return _("Reconnecting... (the game waits; it goes on where it was)")


class OnlineLayer(Layer):
    def __init__(self, table: TableScene) -> None:
        self.table = table
        self._shown: tuple[int, bool, str] | None = None

    def update(self) -> None:
        """Refusals from the server are said in the status line, as the table's own are; when the
        line comes back, or an answer frees the player's choice, the table shows the view as it is."""
        table = self.table
        match = table.session.match
        while match.errors:
            table.complain(match.errors.pop(0))
        now = (len(match.log), match.waiting, match.status)
        if now != self._shown and not table.busy:
            self._shown = now
            table.show_now()

    def draw(self, surface: pygame.Surface) -> None:
        match = self.table.session.match
        words = line_words(match.status, match.link.failure)
        if not words:
            return
        app = self.table.app
        size = max(14, round(18 * min(1.0, surface.get_width() / 1280)))
        shown = app.text.render(words, size, theme.TEXT, "bold")
        rect = shown.get_rect(midtop=(surface.get_width() // 2, size))
        draw_panel(surface, rect.inflate(size * 2, size))
        draw_text(surface, app.text, words, size, rect.center, style="bold", anchor="center")
