"""What lies over the table for a while: a layout's panel (the last trick), the spotlight (cards
shown large with what they did), and a round's summary, which covers everything until it is read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.engine import Event
from cardtable.i18n import _

from ..spotlight import draw_spotlight
from ..summary import Summaries, Summary, draw_summary
from . import Layer
from .cards import presses_on

if TYPE_CHECKING:
    from ...scenes.table import TableScene


class PanelLayer(Layer):
    """A layout's panel, opened by its button and closed by it, by Escape or by the viewer's move."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.open: str | None = None  # the key of the panel shown

    def toggler(self, key: str):
        def toggle() -> None:
            self.open = None if self.open == key else key

        return toggle

    def handle(self, event: pygame.event.Event) -> bool:
        if self.open is not None and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open = None
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        facts = t.session.now_view()
        if self.open is None or not facts.info.get(self.open):
            return
        spec = next(p for p in t.layout.panels if p.key == self.open)
        names = t.session.names
        t.hud.trick_panel(surface, t.geometry, spec.title, facts.info[self.open], names, t.panel_faces)


class SpotlightLayer(Layer):
    """Cards shown large with what they did (an attack, an Ugh! card); a click on them puts them away."""

    def __init__(self, table: TableScene) -> None:
        self.table = table

    def handle(self, event: pygame.event.Event) -> bool:
        shown = self.table.said.shown
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        return shown.now is not None and click and shown.clicked(event.pos, self.table.clock)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        shown = t.said.shown
        if shown.now is None or t.layout.spotlight is None:
            return
        cards, words, _until = shown.now
        plates = t.board.plates
        seat = shown.seat if t.geometry.compact else None  # plates ring the middle of a crowded table
        about = plates[seat] if seat is not None and seat < len(plates) else None
        shown.rect = draw_spotlight(
            surface,
            t.app,
            t.geometry,
            t.layout.spotlight,
            cards,
            words,
            t.panel_faces,
            about,
            [b.rect for b in t.controls.buttons()],
        )


class SummaryLayer(Layer):
    """A round's summary (the last round's too, before the results): while it shows, it has every
    event; a click, Enter or Space goes on, Escape pauses."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.tallies = Summaries()
        self.shown: tuple[Summary, float] | None = None  # the summary and until when (computers only)
        self.rect = pygame.Rect(0, 0, 0, 0)  # where it was drawn last

    def feed(self, event: Event, until: float) -> bool:
        """An event played; True if it ended a round, whose summary now shows."""
        summary = self.tallies.feed(event)
        if summary is not None:
            self.shown = (summary, until)
        return summary is not None

    def catch_up(self, events: list[Event]) -> None:
        """The tallies of a game that did not play out on this screen (resumed, undone)."""
        self.tallies = Summaries()
        for event in events:
            self.tallies.feed(event)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.shown is None:
            return False
        if presses_on(event):
            self.table.close_summary()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.exits.pause_menu()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if self.shown is None:
            return
        t = self.table
        hint = _("Click or press Enter to continue") if t.session.humans else _("Continuing...")
        round_word = t.layout.word("round")
        names, viewer = t.session.names, t.viewer
        self.rect = draw_summary(surface, t.app, t.geometry, self.shown[0], names, round_word, hint, viewer)
