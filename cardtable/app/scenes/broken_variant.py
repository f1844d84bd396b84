"""A variant whose file has a mistake, as House rules shows it: greyed in the list, its mistake in
full, and what can be done (open its folder, reset it to what can be read, delete it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from cardtable.i18n import _, ngettext
from cardtable.variants import is_variant_name, variant_title

from .. import theme
from ..folders import open_folder
from ..theme import wrap
from ..widgets import Button, Widget, draw_text
from .common import ask_to_delete_variant

if TYPE_CHECKING:
    from .house_rules import HouseRulesPage


@dataclass(frozen=True)
class BrokenEntry:
    """A broken variant in a list of variants (beside the names of those that can be played)."""

    name: str

    @property
    def label(self) -> str:
        return _("{variant} (has a mistake)").format(variant=variant_title(self.name))


class BrokenVariantView:
    """In place of the option rows while a broken variant is chosen."""

    def __init__(self, page: HouseRulesPage) -> None:
        self.page = page
        self.app = page.app
        self.entry: BrokenEntry | None = None
        self.folder = Button(_("Open its folder"), self.open, size=18)
        self.reset = Button(_("Reset\u2026"), self.ask_reset, size=18)
        self.delete = Button(_("Delete\u2026"), self.ask_delete, size=18)
        self.buttons = [self.folder, self.reset, self.delete]
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.s = 1.0

    # -- what it shows ----------------------------------------------------------------

    @property
    def path(self):
        assert self.entry is not None
        return self.app.files.broken[self.page.game][self.entry.name]

    @property
    def mistake(self) -> str:
        assert self.entry is not None
        error = self.app.files.broken_variants(self.page.spec)[self.entry.name]
        return self.app.files.describe(error)

    def show(self, entry: BrokenEntry) -> None:
        self.entry = entry
        # A file named like a built-in variant, or not as a variant can be, stays wrong when reset.
        self.reset.enabled = entry.name not in self.page.spec.variants and is_variant_name(entry.name)

    # -- what can be done -------------------------------------------------------------

    def open(self) -> None:
        problem = open_folder(self.path.parent)
        if problem:
            self.page.scene.message = (problem, theme.DANGER)
        else:
            opened = _("Opened {folder} in the file manager.").format(folder=self.path.parent)
            self.page.scene.message = (opened, theme.DROP)

    def ask_reset(self) -> None:

        assert self.entry is not None
        name = self.entry.name
        self.app.push(
            self.app.scene(
                "confirm",
                _("Reset {variant}?").format(variant=variant_title(name)),
                _(
                    "It is written again with what can be read of it; the rest is the standard rules. "
                    "Your file is kept beside it as a .bak."
                ),
                _("Reset"),
                lambda: self._reset(name),
            )
        )

    def _reset(self, name: str) -> None:
        try:
            variant, kept = self.app.files.reset_variant(self.page.spec, name)
        except (ValueError, OSError) as exc:
            self.page.scene.message = (_("Could not reset it: {error}").format(error=exc), theme.DANGER)
            return
        self.page.load_variant(variant.name)
        changes = len(variant.options)
        if changes:
            said = ngettext(
                "Reset {variant} ({n} change kept); your old file is kept as {file}.",
                "Reset {variant} ({n} changes kept); your old file is kept as {file}.",
                changes,
            )
        else:
            said = _("Reset {variant} (the standard rules); your old file is kept as {file}.")
        self.page.scene.message = (said.format(variant=variant.shown, n=changes, file=kept), theme.DROP)

    def ask_delete(self) -> None:
        assert self.entry is not None
        name = self.entry.name
        ask_to_delete_variant(self.app, self.page.game, name, lambda: self._delete(name), mistake=True)

    def _delete(self, name: str) -> None:
        try:
            self.app.files.delete_variant(self.page.spec, name)
        except (ValueError, OSError) as exc:
            self.page.scene.message = (_("Could not delete it: {error}").format(error=exc), theme.DANGER)
            return
        self.page.load_variant("standard")
        self.page.scene.message = (_("Deleted {variant}.").format(variant=variant_title(name)), theme.DROP)

    # -- layout and drawing -------------------------------------------------------------

    def widgets(self) -> list[Widget]:
        return list(self.buttons)

    def layout(self, rect: pygame.Rect, s: float) -> None:
        self.rect, self.s = rect, s
        h = round(38 * s)
        x = rect.left
        y = rect.top + round(120 * s)
        for b in self.buttons:
            b.size = round(17 * s)
            b.rect = pygame.Rect(x, y, max(round(140 * s), b.preferred_width(self.app.text)), h)
            x = b.rect.right + round(12 * s)

    def draw(self, surface: pygame.Surface) -> None:
        if self.entry is None:
            return
        s, text = self.s, self.app.text
        r = self.rect
        size = round(17 * s)
        draw_text(
            surface,
            text,
            _("This variant cannot be played: its file has a mistake."),
            size,
            (r.left, r.top),
            theme.DANGER,
            "bold",
        )
        y = r.top + round(28 * s)
        font = self.app.fonts.get(size)
        for line in wrap(font, self.mistake, r.width)[:3]:
            draw_text(surface, text, line, size, (r.left, y), theme.TEXT)
            y += round(22 * s)
        hint = _("Mend it by hand and open Settings again, or reset it, or delete it.")

        draw_text(surface, text, hint, round(15 * s), (r.left, r.top + round(96 * s)), theme.MUTED)
        for b in self.buttons:
            b.draw(surface, text)
