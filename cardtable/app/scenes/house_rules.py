"""Settings, house rules: pick a game and a variant, edit every option, save your own variants.

The option rows are made from the game's schema (``OptionEditor``), so every
option of every game can be edited without a line of game-specific code.
Built-in variants are read-only: change one and save it under a new name.
Own variants can be saved, renamed, duplicated and deleted; each is a file
``variants/<game>/<name>.yaml`` in the player's config folder.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from cardtable import games
from cardtable.engine import GameSpec, OptionError, Variant
from cardtable.engine.views import format_prompt
from cardtable.i18n import N_, _, pgettext
from cardtable.variants import (
    DESCRIPTION_LENGTH,
    STANDARD,
    describe_changes,
    playable_counts,
    variant_label,
    variant_name,
    variant_title,
)

from .. import theme
from ..option_editor import OptionEditor
from ..text_field import TextField
from ..widgets import Button, ScrollArea, Selector, Widget, draw_text
from .broken_variant import BrokenEntry, BrokenVariantView
from .common import ask_to_delete_variant, variant_listed, variant_shown

if TYPE_CHECKING:
    from .settings import SettingsScene


class HouseRulesPage:
    title = N_("House rules")
    """The page's tab (marked: shown through ``_()``)."""
    content_bottom = None  # the option rows reach the bottom of the page

    def __init__(self, scene: SettingsScene, game: str | None = None) -> None:
        self.scene = scene
        self.app = scene.app
        ids = games.ids()
        self.game = game if game in ids else ids[0]
        self.game_sel = Selector(ids, ids.index(self.game), self._game_chosen, lambda g: _(games.get(g).name))
        self.variant_sel = Selector(
            [], 0, self._variant_chosen, self._variant_format, muted=lambda v: isinstance(v, BrokenEntry)
        )
        self.description = TextField("", max_length=DESCRIPTION_LENGTH, on_change=self._described)
        self.save = Button(_("Save"), self.save_variant, size=18, primary=True)
        self.save_as = Button(_("Save as new\u2026"), self.ask_save_as, size=18)
        self.rename = Button(_("Rename\u2026"), self.ask_rename, size=18)
        self.duplicate = Button(_("Duplicate"), self.duplicate_variant, size=18)
        self.delete = Button(_("Delete\u2026"), self.ask_delete, size=18)
        self.try_it = Button(
            _("Try it\u2026"), self.try_rules, size=18, tooltip=_("Computers play these rules")
        )
        self.actions = [self.save, self.save_as, self.rename, self.duplicate, self.delete, self.try_it]
        self.scroll = ScrollArea()
        self.broken = BrokenVariantView(self)
        self.editors: list[OptionEditor] = []
        self.values: dict[str, Any] = {}
        self.saved_values: dict[str, Any] = {}
        self.saved_description = ""
        self.typed = False
        """The description was typed since the variant was loaded: the player's words are kept."""
        self.variant: Variant | None = None
        self.area = pygame.Rect(0, 0, 0, 0)
        self.s = 1.0
        self._load_game(self.game, STANDARD)

    # -- state ----------------------------------------------------------------------

    @property
    def spec(self) -> GameSpec:
        return games.get(self.game)

    @property
    def dirty(self) -> bool:
        """Edits not saved to any file."""
        return self.values != self.saved_values or self.description.value.strip() != self.saved_description

    @property
    def follows(self) -> bool:
        """The description is written from the options as they change (a built-in's text, or one
        written so, would no longer be true of changed options); the player's own words are kept."""
        if self.typed or self.variant is None:
            return False
        written = describe_changes(self.spec, self.saved_values)
        return self.variant.builtin or self.saved_description in ("", written)

    @property
    def own(self) -> bool:
        return self.variant is not None and not self.variant.builtin

    def _variant_format(self, name: str | BrokenEntry) -> str:
        if isinstance(name, BrokenEntry):
            return name.label
        variant = self.app.variants(self.game).get(name)
        return variant_listed(variant) if variant is not None else variant_title(name)

    def _load_game(self, game: str, variant: str) -> None:
        self.game = game
        self.game_sel.set_options(games.ids(), game)
        spec = self.spec
        self.values = spec.schema.defaults()
        self.editors = [OptionEditor(o, self.values[o.key], self._edited) for o in spec.schema]
        self.load_variant(variant)

    def variant_choices(self) -> list[str | BrokenEntry]:
        """The game's variants, then the player's that have a mistake (to mend or delete)."""
        broken = self.app.files.broken_variants(self.spec)
        return [*self.app.variants(self.game), *(BrokenEntry(n) for n in broken)]

    def load_variant(self, name: str | BrokenEntry) -> None:
        variants = self.app.variants(self.game)
        if isinstance(name, BrokenEntry) and name in self.variant_choices():
            self._show_broken(name)
            return
        self.broken.entry = None
        if name not in variants:
            name = STANDARD
        self.variant = variants[name]
        self.variant_sel.set_options(self.variant_choices(), name)
        self.values = self.spec.schema.validate(self.variant.options)
        self.saved_values = {k: _copy(v) for k, v in self.values.items()}
        description = self.variant.description
        if self.variant.builtin and description:  # a built-in's words, in the language in use
            description = _(description)
        self.saved_description = description
        self.description.value = description
        self.typed = False
        for editor in self.editors:
            editor.set_value(self.values[editor.option.key])
        self._refresh()
        self.scroll.scroll_to(0)
        if self.area.width:
            self.layout(self.area, self.s)

    def _show_broken(self, entry: BrokenEntry) -> None:
        """A broken variant: its mistake and what can be done, in place of the options."""
        self.broken.show(entry)
        self.variant = None
        self.values = self.spec.schema.defaults()
        self.saved_values = {k: _copy(v) for k, v in self.values.items()}
        self.description.value = self.saved_description = ""
        self.variant_sel.set_options(self.variant_choices(), entry)
        self._refresh()
        if self.area.width:
            self.layout(self.area, self.s)

    def _refresh(self) -> None:
        self.save.enabled = self.own and self.dirty
        self.rename.enabled = self.own
        self.delete.enabled = self.own
        readable = self.broken.entry is None
        self.description.enabled = readable
        for button in (self.save_as, self.duplicate, self.try_it):
            button.enabled = readable

    # -- edits ----------------------------------------------------------------------

    def _edited(self, key: str, value: Any) -> None:
        self.values[key] = _copy(value)
        if self.follows:
            same = self.values == self.saved_values
            written = describe_changes(self.spec, self.values)
            self.description.value = self.saved_description if same else written
        self.scene.message = ("", theme.MUTED)
        self._refresh()

    def _described(self, _value: str) -> None:
        self.typed = True
        self._refresh()

    def _guard(self, then: Callable[[], None], undo: Callable[[], None]) -> None:
        """Run ``then``, first asking whether to drop unsaved edits (``undo`` if not)."""
        if not self.dirty:
            then()
            return

        undo()
        self.app.push(
            self.app.scene(
                "confirm",
                _("Discard your changes?"),
                _("The changes to {variant} are not saved.").format(
                    variant=self._variant_format(self.variant_sel.value)
                ),
                _("Discard"),
                then,
                danger=True,
            )
        )

    def _game_chosen(self, game: str) -> None:
        current = self.game
        self._guard(
            lambda: self._load_game(game, STANDARD), lambda: self.game_sel.set_options(games.ids(), current)
        )

    def _variant_chosen(self, name: str | BrokenEntry) -> None:
        current = self.variant.name if self.variant is not None else self.broken.entry or STANDARD
        choices = self.variant_choices()
        self._guard(lambda: self.load_variant(name), lambda: self.variant_sel.set_options(choices, current))

    def leave(self, then: Callable[[], None]) -> None:
        self._guard(then, lambda: None)

    def take_over(self, old: HouseRulesPage) -> None:
        """Show what ``old`` showed, edits not yet saved included (the page made again in another
        language): the same game, variant, values, description and scroll."""
        if old.game != self.game:
            self._load_game(old.game, STANDARD)
        if old.broken.entry is not None:
            self.load_variant(old.broken.entry)
        elif old.variant is not None:
            self.load_variant(old.variant.name)
        self.values = {k: _copy(v) for k, v in old.values.items()}
        self.typed = old.typed
        for editor in self.editors:
            editor.set_value(self.values[editor.option.key])
        if self.follows:  # a description written from the options: written again, in this language
            same = self.values == self.saved_values
            self.description.value = (
                self.saved_description if same else describe_changes(self.spec, self.values)
            )
        else:
            self.description.value = old.description.value
        self._refresh()
        self.scroll.offset = old.scroll.offset

    # -- saving ---------------------------------------------------------------------

    def _checked(self) -> tuple[dict[str, Any], str] | str:
        """(checked options, a note on player counts) or why they cannot be saved."""
        spec = self.spec
        try:
            values = spec.schema.validate(self.values)
            fits = playable_counts(spec, values)
        except OptionError as exc:
            key = exc.key.split(".")[0]
            title = _(spec.schema[key].title) if key in spec.schema else key
            return _("{option}: {problem}").format(option=title, problem=format_prompt(exc.message, ()))
        note = ""
        if len(fits) < len(spec.player_range):
            note = " " + _("Playable with {counts} players only.").format(counts=_counts(fits))
        return values, note

    def _write(self, name: str, replacing: str | None, title: str = "") -> str | None:
        checked = self._checked()
        if isinstance(checked, str):
            return checked
        values, note = checked
        try:
            variant = self.app.files.save_variant(
                self.spec, name, self.description.value, values, replacing=replacing, title=title
            )
        except (ValueError, OSError) as exc:
            return _why(exc)
        self.load_variant(variant.name)
        self.scene.message = (_("Saved {variant}.").format(variant=variant_label(variant)) + note, theme.DROP)
        return None

    def save_variant(self) -> None:
        if not self.own or self.variant is None:
            return
        error = self._write(self.variant.name, self.variant.name, self.variant.title)
        if error:
            self.scene.message = (error, theme.DANGER)

    def ask_save_as(self) -> None:

        checked = self._checked()
        if isinstance(checked, str):
            self.scene.message = (checked, theme.DANGER)
            return
        suggestion = (
            "" if self.variant is None or self.variant.name == STANDARD else variant_shown(self.variant)
        )
        self.app.push(
            self.app.scene(
                "name",
                _("Save as a new {game} variant").format(game=_(self.spec.name)),
                _("Name it; it is saved as a file you can also edit by hand."),
                suggestion,
                _("Save"),
                self._save_as,
            )
        )

    def _save_as(self, title: str) -> str | None:
        try:
            name = variant_name(title)
            self.app.files.check_new_name(self.spec, name)
        except ValueError as exc:
            return str(exc)
        return self._write(name, None, title)

    def ask_rename(self) -> None:

        if not self.own or self.variant is None:
            return
        self.app.push(
            self.app.scene(
                "name",
                _("Rename {variant}").format(variant=self.variant.shown),
                _("The variant's file is renamed too."),
                self.variant.shown,
                _("Rename"),
                self._rename,
            )
        )

    def _rename(self, title: str) -> str | None:
        assert self.variant is not None
        try:
            name = variant_name(title)
            if name != self.variant.name:
                self.app.files.check_new_name(self.spec, name)
            keep = {k: _copy(v) for k, v in self.values.items()}, self.description.value
            typed = self.typed
            variant = self.app.files.rename_variant(self.spec, self.variant.name, name, title)
        except (ValueError, OSError) as exc:
            return _why(exc)
        self.load_variant(variant.name)
        self.values, text = keep  # edits not yet saved stay edits
        self.description.value = text
        self.typed = typed
        for editor in self.editors:
            editor.set_value(self.values[editor.option.key])
        self._refresh()
        self.scene.message = (_("Renamed to {variant}.").format(variant=variant_label(variant)), theme.DROP)
        return None

    def duplicate_variant(self) -> None:
        """A new own variant with what the editor shows now (a built-in, or edits of one)."""
        if self.variant is None:
            return
        checked = self._checked()
        if isinstance(checked, str):
            self.scene.message = (checked, theme.DANGER)
            return
        values, _note = checked
        v = self.variant
        source = Variant(v.name, self.description.value, values, v.builtin, title=v.title)
        try:
            variant = self.app.files.duplicate_variant(self.spec, source)
        except (ValueError, OSError) as exc:
            self.scene.message = (_why(exc), theme.DANGER)
            return
        self.load_variant(variant.name)
        made = _("Made {variant}; rename it if you like.").format(variant=variant_label(variant))
        self.scene.message = (made, theme.DROP)

    def ask_delete(self) -> None:
        if not self.own or self.variant is None:
            return
        name = self.variant.name
        ask_to_delete_variant(self.app, self.game, name, lambda: self._delete(name))

    def _delete(self, name: str) -> None:
        try:
            self.app.files.delete_variant(self.spec, name)
        except (ValueError, OSError) as exc:
            self.scene.message = (_why(exc), theme.DANGER)
            return
        self.load_variant(STANDARD)
        self.scene.message = (_("Deleted {variant}.").format(variant=variant_title(name)), theme.DROP)

    def try_rules(self) -> None:
        """The lab: these rules (as the editor shows them, saved or not) against another variant."""

        checked = self._checked()
        if isinstance(checked, str):
            self.scene.message = (checked, theme.DANGER)
            return
        values, _note = checked
        if self.variant is None or self.variant.name == STANDARD:
            name = _("Your rules") if self.dirty else _("Standard rules")
        elif self.dirty:
            name = _("{variant}, changed").format(variant=variant_shown(self.variant))
        else:
            name = variant_shown(self.variant)
        self.app.open("lab", self.game, name, values, self.app.variants(self.game))

    # -- layout, input, drawing ------------------------------------------------------

    def widgets(self) -> list[Widget]:
        out: list[Widget] = [self.game_sel, self.variant_sel, self.description, *self.actions]
        return out + (self.broken.widgets() if self.broken.entry is not None else self.scrolled())

    def scrolled(self) -> list[Widget]:
        if self.broken.entry is not None:
            return []
        return [w for editor in self.editors for w in editor.widgets]

    def layout(self, area: pygame.Rect, s: float) -> None:
        self.area, self.s = area, s
        x, y = area.left, area.top
        h = round(38 * s)
        label_w = round(100 * s)
        self.game_sel.rect = pygame.Rect(x + label_w, y, round(260 * s), h)
        self.variant_sel.rect = pygame.Rect(self.game_sel.rect.right + round(130 * s), y, round(400 * s), h)
        for sel in (self.game_sel, self.variant_sel):
            sel.size = round(19 * s)
        y += round(48 * s)
        self.description.rect = pygame.Rect(x + label_w, y, area.width - label_w, h)
        self.description.size = round(17 * s)
        y += round(50 * s)
        bx = x + label_w
        for b in self.actions:
            b.size = round(17 * s)
            b.rect = pygame.Rect(bx, y, max(round(120 * s), b.preferred_width(self.app.text)), h)
            bx = b.rect.right + round(12 * s)
        y += h + round(16 * s)
        self.rows_top = y
        bar = round(8 * s)
        self.scroll.rect = pygame.Rect(x, y, area.width - 3 * bar, area.bottom - y)
        content = 0
        for editor in self.editors:
            editor.top = content
            content += editor.measure(self.app.text, self.scroll.rect.width - round(12 * s), s)
        self.scroll.content_height = content
        self.scroll.scroll_to(self.scroll.offset)
        self.place_rows()
        self.broken.layout(self.scroll.rect.inflate(-round(24 * s), -round(24 * s)), s)

    def place_rows(self) -> None:
        r = self.scroll.rect
        pad = round(6 * self.s)
        for editor in self.editors:
            editor.place(r.left + pad, r.top + editor.top - self.scroll.offset, r.width - 2 * pad, self.s)

    def reveal(self, widget: Widget | None) -> None:
        for editor in self.editors:
            if widget in editor.widgets:
                self.scroll.reveal(editor.top, editor.top + editor.height, round(8 * self.s))
                self.place_rows()
                return

    def scroll_by(self, delta: float) -> None:
        self.scroll.scroll_by(delta)
        self.place_rows()

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        text = self.app.text
        labelled = (
            (_("Game"), self.game_sel),
            (_("Variant"), self.variant_sel),
            # Translators: the label before a variant's description on the House rules page.
            (pgettext("variant", "About"), self.description),
        )
        for label, widget in labelled:
            pos = (widget.rect.left - round(14 * s), widget.rect.centery)
            draw_text(surface, text, label, round(18 * s), pos, theme.MUTED, anchor="midright")
        for w in (self.game_sel, self.variant_sel, self.description, *self.actions):
            w.draw(surface, text)
        status = self._status()
        draw_text(
            surface,
            text,
            status,
            round(16 * s),
            (self.area.right, self.variant_sel.rect.centery),
            theme.ACCENT if self.dirty else theme.MUTED,
            "bold",
            "midright",
        )
        r = self.scroll.rect
        pygame.draw.line(surface, theme.PANEL_EDGE, (r.left, r.top - 2), (r.right, r.top - 2), 1)
        if self.broken.entry is not None:
            self.broken.draw(surface)
            return
        clip = surface.get_clip()
        surface.set_clip(r)
        for i, editor in enumerate(self.editors):
            top = r.top + editor.top - self.scroll.offset
            if top > r.bottom or top + editor.height < r.top:
                continue
            if i % 2 == 1:
                band = pygame.Surface((r.width, editor.height), pygame.SRCALPHA)
                band.fill((255, 255, 255, 12))
                surface.blit(band, (r.left, top))
            editor.draw(surface, text)
        surface.set_clip(clip)
        self.scroll.draw_bar(surface, round(8 * s))

    def _status(self) -> str:
        if self.broken.entry is not None:
            return _("Yours \u00b7 has a mistake")
        if self.variant is None:
            return ""
        if self.own:
            return _("Yours \u00b7 unsaved changes") if self.dirty else _("Yours \u00b7 saved")
        return _("Built-in \u00b7 changed, not saved") if self.dirty else _("Built-in \u00b7 read-only")


def _counts(counts: list[int]) -> str:
    """Player counts in words: "3 to 6", "3, 4 or 6", "4"."""
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return _("{low} to {high}").format(low=counts[0], high=counts[-1])
    if len(counts) == 1:
        return str(counts[0])
    return _("{some} or {last}").format(some=", ".join(str(c) for c in counts[:-1]), last=counts[-1])


def _why(exc: Exception) -> str:
    if isinstance(exc, OSError):
        return _("Could not write the file: {error}").format(error=exc.strerror or exc)
    return str(exc)[:1].upper() + str(exc)[1:]


def _copy(value: Any) -> Any:
    return dict(value) if isinstance(value, dict) else value
