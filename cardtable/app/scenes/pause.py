"""The pause menu (Esc): resume, rules, settings, about, quit to the title; shows the house rules in play.

The variant's name and every option it changes from the standard rules are
listed, for built-in and own variants alike, so players know what they play.
"""

from __future__ import annotations

import pygame

from cardtable.engine import GameSpec, Variant
from cardtable.i18n import _
from cardtable.variants import variant_title

from .. import theme
from ..option_editor import value_text
from ..scene import Scene
from ..theme import wrap
from ..widgets import Button, FocusRing, draw_panel, draw_text
from .common import layout_column, menu_handle, shade, variant_shown


class PauseScene(Scene):
    scene_name = "pause"

    opaque = False

    def __init__(
        self,
        app,
        spec: GameSpec,
        options: dict,
        variant: str | Variant,
        on_quit,
        confirm: bool = False,
    ) -> None:
        super().__init__(app)
        self.spec = spec
        self.variant = variant
        self.options = dict(options)
        self.changes = [
            _("{option}: {value}").format(option=_(o.title), value=value_text(o, v))
            for o, v in spec.schema.changes(options)
        ]
        self.on_quit = on_quit
        self.confirm = confirm  # leaving loses a game in progress: ask first (if the settings say so)
        self.leave = Button(_("Quit to title"), self.quit)
        self.buttons = [
            Button(_("Resume"), self.app.pop, primary=True),
            Button(_("Rules"), self.rules),
            Button(_("Settings"), self.settings),
            # Translators: the button that opens the About screen (version, licence, folders).
            Button(_("About"), lambda: self.app.open("about")),
            self.leave,
        ]
        self.ring = FocusRing(self.buttons)

    def renewed(self) -> PauseScene:
        """This menu made again (in the language now in use)."""
        return PauseScene(self.app, self.spec, self.options, self.variant, self.on_quit, self.confirm)

    def enter(self) -> None:
        self.resized(self.app.size)
        self.ring.focus(self.buttons[0])

    def resume(self) -> None:
        self.resized(self.app.size)

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        self.scale = s = min(w / 1280, h / 720)
        for b in self.buttons:
            b.size = round(22 * s)
        font = self.app.fonts.get(round(16 * s))
        width = round(500 * s)
        self.lines = [
            line
            for change in self.changes or [_("Standard rules: no house rules changed.")]
            for line in wrap(font, change, width)
        ]
        # The title, a button every 56 (at 1280 x 720), the variant's name and its changes.
        tall = 80 + 56 * len(self.buttons) + 68 + 22 * len(self.lines)
        self.panel = pygame.Rect(0, 0, round(560 * s), round(tall * s))
        self.panel.center = (w // 2, h // 2)
        layout_column(
            self.buttons, w // 2, self.panel.top + round(80 * s), round(300 * s), round(46 * s), round(10 * s)
        )

    def rules(self) -> None:

        self.app.open("rules", self.spec.id, self.options, self.title)

    def settings(self) -> None:
        self.app.open("settings", "table", self.spec.id)  # its Table page

    @property
    def title(self) -> str:
        game = _(self.spec.name)
        if isinstance(self.variant, Variant):
            if self.variant.builtin:
                return _("{game} - {variant}").format(game=game, variant=variant_shown(self.variant))
            return _("{game} - {variant} (your variant)").format(game=game, variant=self.variant.shown)
        return _("{game} - {variant}").format(game=game, variant=variant_title(self.variant))

    def quit(self) -> None:
        if self.confirm and self.app.settings.confirm_quit:
            self.app.push(
                self.app.scene(
                    "confirm",
                    _("Leave this game?"),
                    _("It is saved: Continue on the title screen takes it up again."),
                    _("Leave"),
                    self.on_quit,
                    tag="leave",
                )
            )
            return
        self.on_quit()

    def handle(self, event: pygame.event.Event) -> bool:
        return menu_handle(self.app, self.ring, event)

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface)
        s = self.scale
        draw_panel(surface, self.panel, alpha=252)  # opaque: nothing of the table shows through
        draw_text(
            surface,
            self.app.text,
            _("Paused"),
            round(32 * s),
            (self.panel.centerx, self.panel.top + round(40 * s)),
            theme.TEXT,
            "serif",
            "center",
        )
        for b in self.buttons:
            b.draw(surface, self.app.text)
        y = self.buttons[-1].rect.bottom + round(22 * s)
        draw_text(
            surface,
            self.app.text,
            self.title,
            round(18 * s),
            (self.panel.centerx, y),
            theme.ACCENT,
            "bold",
            "midtop",
        )
        y += round(26 * s)
        for line in self.lines:
            draw_text(
                surface,
                self.app.text,
                line,
                round(16 * s),
                (self.panel.centerx, y),
                theme.MUTED,
                anchor="midtop",
            )
            y += round(22 * s)
