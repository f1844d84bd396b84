"""Try it: the house rules being edited, played by computers against another variant.

The House rules page opens this with the rules its editor shows (saved or
not). The person picks what to compare with, the table size, how many deals
and the computers' level, and presses Run: the lab plays the same deals
under both sets of rules in a pool of processes while this screen keeps
drawing, with a progress bar and Cancel. What changes is told in a few
plain sentences as the comparison grows; one button shows the figures
behind them (the chart of ``cardtable lab --chart``) and back. Twenty
deals make a quick first look. Leaving the screen cancels a run.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

import pygame

from cardtable import games
from cardtable.engine import OptionError, Variant
from cardtable.engine.views import format_prompt
from cardtable.i18n import N_, _, ngettext
from cardtable.lab.compare import Comparison, compare
from cardtable.lab.run import LabRun, LabSetup, Side
from cardtable.lab.sides import side
from cardtable.lab.summary import summarize
from cardtable.variants import STANDARD, playable_counts, variant_title

from .. import theme
from ..lab_chart import chart_parts, draw_lab_chart, draw_legend
from ..layout.timing import game_seconds
from ..scene import Scene
from ..theme import wrap
from ..widgets import Button, FocusRing, Selector, draw_panel, draw_text
from .common import BACKGROUND

GAME_COUNTS = (20, 50, 100, 200, 400)
"""Deals to play: 20 is a quick, rough look; the more deals, the smaller the changes that show."""
DEFAULT_GAMES = 100
LEVELS = ("easy", "normal", "hard")
LEVEL_NAMES = {"easy": N_("Easy computers"), "normal": N_("Normal computers"), "hard": N_("Hard computers")}
"""The computers' levels as the lab's selector shows them."""
REDRAW_EVERY = 0.5
"""Seconds between comparisons of the pairs finished so far while a run goes on."""


class LabScene(Scene):
    scene_name = "lab"

    def __init__(
        self,
        app: Any,
        game: str,
        name: str,
        options: Mapping[str, Any],
        variants: Mapping[str, Variant],
        players: int | None = None,
        deals: int = DEFAULT_GAMES,
        run_now: bool = False,
    ) -> None:
        """``run_now``: play at once (a quick look from New game), with ``players`` and ``deals``."""
        super().__init__(app)
        self.spec = games.get(game)
        self.name = name
        self.options = dict(options)
        self.variants = dict(variants)
        counts = playable_counts(self.spec, self.options)
        default = players if players in counts else 4 if 4 in counts else counts[0]
        names = list(self.variants)
        self.against_sel = Selector(
            names, names.index(self._first_other()), self._changed, self._variant_name
        )
        self.players_sel = Selector(counts, counts.index(default), self._changed, _players)
        offered = list(GAME_COUNTS)
        wanted = deals if deals in offered else DEFAULT_GAMES
        first = offered.index(wanted) if wanted in offered else min(1, len(offered) - 1)
        self.games_sel = Selector(offered, first, self._changed, _deals)
        self.level_sel = Selector(list(LEVELS), 1, self._changed, _level_name)
        self.run_button = Button(_("Run"), self.start, primary=True)
        self.cancel_button = Button(_("Cancel"), self.cancel)
        self.back = Button(_("Back"), self.leave)
        self.figures = False
        """Showing the figures (the chart) instead of the sentences."""
        self.view_button = Button(_(SHOW_FIGURES), self.toggle_view)
        self.ring = FocusRing()
        self.lab: LabRun | None = None
        self._settled = False
        self.comparison: Comparison | None = None
        self._layout: tuple[Comparison, tuple[int, int], int, list[list[str]]] | None = None
        self.show(None)
        self.message = _("Computers play the same deals under both sets of rules, so luck cancels out.")
        self.started = 0.0
        self._compared_at = 0.0
        self._compared_done = -1
        self.scale = 1.0
        self._controls()
        if run_now:
            self.start()

    def _first_other(self) -> str:
        """What to compare with at first: the standard rules, unless those are the rules tried."""
        schema = self.spec.schema
        names = [STANDARD, *(n for n in self.variants if n != STANDARD)]
        for name in names:
            if name in self.variants and schema.validate(self.variants[name].options) != self.options:
                return name
        return STANDARD if STANDARD in self.variants else next(iter(self.variants))

    def _variant_name(self, name: str) -> str:
        """A variant to compare with, by its name in words (a built-in one's in the language in use)."""
        if name == STANDARD:
            return _("Standard rules")
        variant = self.variants.get(name)
        if variant is not None and variant.builtin:
            return _(variant_title(name))
        return variant_title(name)

    # -- running ---------------------------------------------------------------------

    @property
    def selectors(self) -> tuple[Selector, ...]:
        return (self.against_sel, self.players_sel, self.games_sel, self.level_sel)

    @property
    def running(self) -> bool:
        return self.lab is not None and not self.lab.finished

    def setup(self) -> LabSetup:
        players = self.players_sel.value
        tried = Side(self.name, self.spec.resolve_options(players, self.options))
        against = side(self.spec, players, self.variants[self.against_sel.value])
        seed = random.randrange(1, 1_000_000)  # Run again: other deals
        return LabSetup(
            self.spec.id, players, self.games_sel.value, self.level_sel.value, seed, tried, against
        )

    def start(self) -> None:
        if self.running:
            return
        try:
            setup = self.setup()
        except OptionError as exc:
            problem = format_prompt(exc.message, ())
            self.message = _("These rules cannot be played so: {problem}").format(problem=problem)
            return
        self.show(None)
        self._compared_done = -1
        self._settled = False
        self.lab = LabRun(setup, clock=game_seconds)  # a pool even on one core: frames never wait
        self.started = time.monotonic()
        self.message = ""
        self._controls()

    def toggle_view(self) -> None:
        """The sentences, or the figures behind them."""
        self.figures = not self.figures
        self.view_button.label = _(SHOW_WORDS) if self.figures else _(SHOW_FIGURES)
        self._controls()

    def cancel(self) -> None:
        if self.running and self.lab is not None:
            self.lab.cancel()
            self._settle()

    def leave(self) -> None:
        self.cancel()
        self.app.pop()

    def exit(self) -> None:
        if self.running and self.lab is not None:
            self.lab.cancel()

    def _changed(self, _value: Any) -> None:
        self.show(None)
        self.lab = None
        self.message = _("Press Run to play these deals.")

    def _compare(self) -> None:
        if self.lab is None:
            return
        result = self.lab.result()
        self.show(compare(result) if result.pairs else None)
        self._compared_done = self.lab.done
        self._compared_at = time.monotonic()

    def show(self, comparison: Comparison | None) -> None:
        """The comparison to tell (None: none yet), with the button to its figures while there is one."""
        self.comparison = comparison
        self.view_button.visible = comparison is not None

    def next_change(self) -> float | None:
        """While a run goes on: its progress, polled every frame."""
        return 0.0 if self.lab is not None and not self._settled else None

    def update(self, dt: float) -> None:
        lab = self.lab
        if lab is None or self._settled:
            return
        if not lab.finished:
            lab.poll()
            now = time.monotonic()
            if lab.done != self._compared_done and now - self._compared_at >= REDRAW_EVERY:
                self._compare()
        if lab.finished:
            self._settle()

    def _settle(self) -> None:
        """The run is over (played out, cancelled or failed): the last comparison, and the controls back."""
        lab = self.lab
        assert lab is not None
        self._settled = True
        self._compare()
        if lab.error:
            self.message = _("A game failed, so the run stopped: {error}").format(error=lab.error)
        elif lab.cancelled:
            self.message = ngettext(
                "Cancelled: {n} deal played under both sets of rules.",
                "Cancelled: {n} deals played under both sets of rules.",
                lab.pairs,
            ).format(n=lab.pairs)
        else:
            took = time.monotonic() - self.started
            self.message = ngettext(
                "{n} deal played under both sets of rules in {seconds} s.",
                "{n} deals played under both sets of rules in {seconds} s.",
                lab.pairs,
            ).format(n=lab.pairs, seconds=f"{took:.0f}")
        self._controls()

    # -- input and layout --------------------------------------------------------------

    def _controls(self) -> None:
        running = self.running
        for sel in self.selectors:
            sel.enabled = not running
        self.run_button.visible = not running
        self.cancel_button.visible = running
        self.ring.set(self.widgets())
        if running:
            self.ring.focus(self.cancel_button)

    def widgets(self) -> list:
        go = self.cancel_button if self.running else self.run_button
        return [*self.selectors, go, self.view_button, self.back]

    def enter(self) -> None:
        self.resized(self.app.size)
        self.ring.focus(self.run_button)

    def resume(self) -> None:
        self.resized(self.app.size)

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = min(w / 1280, h / 720)
        row = round(84 * s)
        widths = (290, 160, 160, 250)
        gap = round(12 * s)
        button_w = round(120 * s)
        total = sum(round(x * s) for x in widths) + 3 * gap + gap + button_w
        x = (w - total) // 2
        for sel, width in zip(self.selectors, widths, strict=True):
            sel.rect = pygame.Rect(x, row, round(width * s), round(38 * s))
            sel.size = max(12, round(17 * s))
            x = sel.rect.right + gap
        for b in (self.run_button, self.cancel_button):
            b.rect = pygame.Rect(x, row, button_w, round(38 * s))
            b.size = max(12, round(19 * s))
        self.back.size = self.view_button.size = max(12, round(21 * s))
        font = self.app.fonts.get(self.view_button.size, "bold")
        labels = (_(SHOW_FIGURES), _(SHOW_WORDS))
        view_w = max(font.size(label)[0] for label in labels) + 2 * self.view_button.size
        self.back.rect = pygame.Rect(0, 0, round(180 * s), round(44 * s))
        self.view_button.rect = pygame.Rect(0, 0, max(round(240 * s), view_w), round(44 * s))
        bottom = h - round(14 * s)
        self.view_button.rect.bottomright = (w // 2 - gap // 2, bottom)
        self.back.rect.bottomleft = (w // 2 + gap // 2, bottom)
        top = row + round(52 * s)
        self.status_rect = pygame.Rect(round(40 * s), top, w - round(80 * s), round(30 * s))
        chart_top = self.status_rect.bottom + round(8 * s)
        chart_bottom = self.back.rect.top - round(14 * s)
        self.chart_rect = pygame.Rect(round(40 * s), chart_top, w - round(80 * s), chart_bottom - chart_top)
        self.ring.set(self.widgets())

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.running:
                self.cancel()
            else:
                self.leave()
            return True
        self.ring.set(self.widgets())
        return self.ring.handle(event)

    # -- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.scale
        text = self.app.text
        surface.blit(BACKGROUND.get((w, h)), (0, 0))
        title = _("Try it: {rules} ({game})").format(rules=self.name, game=_(self.spec.name))
        draw_text(surface, text, title, round(28 * s), (w // 2, round(36 * s)), theme.TEXT, "serif", "center")
        for sel in self.selectors:
            sel.draw(surface, text)
        caption = (self.against_sel.rect.left, self.against_sel.rect.top - round(4 * s))
        draw_text(surface, text, _("Compared with"), round(14 * s), caption, theme.MUTED, anchor="bottomleft")
        for b in (self.run_button, self.cancel_button, self.view_button, self.back):
            b.draw(surface, text)
        self._status(surface)
        if self.comparison is not None and self.figures:
            draw_lab_chart(surface, text, self.chart_rect, s, self.comparison)
        elif self.comparison is not None:
            self._sentences(surface, self.comparison)
        else:
            draw_panel(surface, self.chart_rect)
            hint = _("The comparison appears here as the deals are played.")
            draw_text(
                surface, text, hint, round(17 * s), self.chart_rect.center, theme.MUTED, anchor="center"
            )

    def _status(self, surface: pygame.Surface) -> None:
        s = self.scale
        r = self.status_rect
        text = self.app.text
        if not self.running or self.lab is None:
            draw_text(surface, text, self.message, round(16 * s), r.center, theme.MUTED, anchor="center")
            return
        lab = self.lab
        bar = pygame.Rect(r.left, r.top + round(6 * s), round(r.width * 0.6), r.height - round(12 * s))
        pygame.draw.rect(surface, theme.PANEL, bar, border_radius=bar.height // 2)
        filled = bar.copy()
        filled.width = max(bar.height, round(bar.width * lab.done / lab.total))
        pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=bar.height // 2)
        pygame.draw.rect(surface, theme.PANEL_EDGE, bar, 1, border_radius=bar.height // 2)
        took = time.monotonic() - self.started
        if lab.done:
            words = ngettext(
                "{pairs} of {n} deal, {seconds} s, about {left} s left (Esc cancels)",
                "{pairs} of {n} deals, {seconds} s, about {left} s left (Esc cancels)",
                lab.setup.games,
            )
        else:
            words = ngettext(
                "{pairs} of {n} deal, {seconds} s (Esc cancels)",
                "{pairs} of {n} deals, {seconds} s (Esc cancels)",
                lab.setup.games,
            )
        left = f"{took / lab.done * (lab.total - lab.done):.0f}" if lab.done else ""
        words = words.format(pairs=lab.pairs, n=lab.setup.games, seconds=f"{took:.0f}", left=left)
        where = (bar.right + round(14 * s), r.centery)
        draw_text(surface, text, words, round(16 * s), where, theme.TEXT, anchor="midleft")

    def _sentences(self, surface: pygame.Surface, c: Comparison) -> None:
        """What changes, in words, under the chart's legend (the two rules in their colours); the type
        shrinks until every sentence fits the panel."""
        s = self.scale
        text = self.app.text
        legend, seats, changes = chart_parts(self.chart_rect, s)
        draw_legend(surface, text, legend, s, c)
        panel = seats.union(changes)  # where the figures' panels lie: the button swaps one for the other
        draw_panel(surface, panel)
        inner = panel.inflate(-round(48 * s), -round(36 * s))
        bullet = round(22 * s)
        size, wrapped = self._laid_out(c, inner.width - bullet, inner.height)
        step = round(size * 1.35)
        y = inner.top
        for parts in wrapped:
            if y + step > inner.bottom:
                return
            mark = (inner.left + bullet // 3, y + step // 2)
            pygame.draw.circle(surface, theme.ACCENT, mark, max(2, round(size * 0.2)))
            for part in parts:
                draw_text(surface, text, part, size, (inner.left + bullet, y), theme.TEXT)
                y += step
            y += round(size * 0.6)

    def _laid_out(self, c: Comparison, width: int, height: int) -> tuple[int, list[list[str]]]:
        """The sentences of ``c`` wrapped to ``width``, in the largest type (from 22 at full size, down
        to 12) whose lines fit ``height``; worked out once per comparison and panel, not every frame."""
        key = (width, height)
        if self._layout is not None and self._layout[0] is c and self._layout[1] == key:
            return self._layout[2], self._layout[3]
        lines = summarize(c)
        size = max(12, round(22 * self.scale))
        while True:
            font = self.app.fonts.get(size)
            step = round(size * 1.35)
            wrapped = [wrap(font, line, width) for line in lines]
            tall = sum(len(parts) * step for parts in wrapped) + (len(wrapped) - 1) * round(size * 0.6)
            if tall <= height or size <= 12:
                break
            size -= 1
        self._layout = (c, key, size, wrapped)
        return size, wrapped


SHOW_FIGURES = N_("Show the figures")
SHOW_WORDS = N_("Show in words")


def _players(n: int) -> str:
    return ngettext("{n} player", "{n} players", n).format(n=n)


def _deals(n: int) -> str:
    return ngettext("{n} deal", "{n} deals", n).format(n=n)


def _level_name(level: str) -> str:
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level.capitalize()
