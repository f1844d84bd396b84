"""Editing one house-rule option, with widgets chosen from the option's type.

A true/false option gets a :class:`Toggle`; a whole number a :class:`Stepper`
that stops at its bounds (with "auto" below the minimum where the option
allows it); a choice a :class:`Selector` over its choices; a line of text a
:class:`TextField`; a number per key (Ugly's Jack penalties) a stepper per
key. The editor draws the option's title, its one-line description and its
default, marks a value that differs from the default, and offers a reset.
Nothing here knows a particular game: every row comes from the schema.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from cardtable.engine import options
from cardtable.engine.views import format_prompt
from cardtable.i18n import _

from . import theme
from .text_field import TextField
from .theme import TextCache, wrap
from .widgets import Button, Selector, Stepper, Toggle, Widget, draw_text

Control = Stepper | Toggle | Selector | TextField


def value_text(option: options.Option, value: Any) -> str:
    """``value`` of ``option`` as a person reads it, in the language in use: the engine's words for a
    choice, on or off, or "auto" are translated; numbers and typed text are shown as they are."""
    words = option.format(value)
    if words and (isinstance(option, options.ChoiceOption | options.BoolOption) or value == options.AUTO):
        return _(words)
    return words


def default_text(option: options.Option) -> str:
    """``Default: 7D`` (and the bounds of a number: ``1 to 9``)."""
    default = value_text(option, option.default)
    if not isinstance(option, options.IntOption):
        return _("Default: {value}").format(value=default)
    if option.auto:
        text = _("Default: {value} \u00b7 auto or {low} to {high}")
    else:
        text = _("Default: {value} \u00b7 {low} to {high}")
    return text.format(value=default, low=option.minimum, high=option.maximum)


class OptionEditor:
    """The widgets of one option; ``on_change(key, value)`` hears every edit."""

    def __init__(self, option: options.Option, value: Any, on_change: Callable[[str, Any], Any]) -> None:
        self.option = option
        self.on_change = on_change
        self.value = _copy(value)
        self.controls: list[tuple[str | None, Control]] = self._make_controls()
        self.reset = Button(_("Reset"), self.reset_default, size=16, tooltip=_("Back to the default"))
        self.height = 0
        self.top = 0  # the row's top in the scrolled content
        self._lines: list[str] = []
        self._layout: dict[str, Any] = {}
        self.set_value(value)

    # -- widgets -------------------------------------------------------------------

    def _make_controls(self) -> list[tuple[str | None, Control]]:
        o = self.option
        if isinstance(o, options.BoolOption):
            return [(None, Toggle(bool(self.value), self._set))]
        if isinstance(o, options.IntOption):
            values: list[Any] = ([options.AUTO] if o.auto else []) + list(range(o.minimum, o.maximum + 1))
            return [(None, Stepper(values, self.value, self._set, lambda v: value_text(o, v)))]

        if isinstance(o, options.ChoiceOption):
            choices = list(o.choices)
            index = choices.index(self.value) if self.value in choices else 0
            return [(None, Selector(choices, index, self._set, lambda v: value_text(o, v)))]
        if isinstance(o, options.TextOption):
            return [(None, TextField(str(self.value), max_length=o.max_length, on_change=self._set))]
        if isinstance(o, options.IntMapOption):
            out: list[tuple[str | None, Control]] = []
            for k in o.keys:
                values = list(range(o.minimum, o.maximum + 1))
                out.append((k, Stepper(values, self.value[k], self._setter(k), _key_format(k))))
            return out
        raise TypeError(f"no editor for {type(o).__name__} ({o.key})")

    @property
    def widgets(self) -> list[Widget]:
        return [w for _key, w in self.controls] + [self.reset]

    def _set(self, value: Any) -> None:
        self.value = value
        self.reset.enabled = self.changed
        self.on_change(self.option.key, value)

    def _setter(self, key: str) -> Callable[[Any], None]:
        def set_one(value: Any) -> None:
            self._set({**self.value, key: value})

        return set_one

    def set_value(self, value: Any) -> None:
        """Show ``value`` (a variant was chosen) without reporting a change."""
        self.value = _copy(value)
        for key, w in self.controls:
            shown = self.value[key] if key is not None else self.value
            if isinstance(w, Selector):
                w.set_options(w.options, shown)
            elif isinstance(w, TextField):
                w.value = str(shown)
            else:
                w.set(shown)
        self.reset.enabled = self.changed

    def reset_default(self) -> None:
        self.set_value(self.option.default)
        self.on_change(self.option.key, self.value)

    @property
    def changed(self) -> bool:
        return self.value != self.option.default

    @property
    def error(self) -> str | None:
        """Why the value cannot be used (only typed text can be wrong), or None."""
        try:
            self.option.validate(self.value)
        except options.OptionError as exc:
            return format_prompt(exc.message, ())
        return None

    # -- layout --------------------------------------------------------------------

    def measure(self, text: TextCache, width: int, s: float) -> int:
        """Lay the row out for ``width`` pixels at scale ``s``; returns its height."""
        control_w = round(250 * s)
        reset_w = round(84 * s)
        gap = round(18 * s)
        left_w = width - control_w - reset_w - 2 * gap
        if isinstance(self.option, options.IntMapOption):
            left_w = width - reset_w - gap
        font = text.fonts.get(round(15 * s))
        self._lines = wrap(font, _(self.option.description) if self.option.description else "", left_w)
        title_h = round(26 * s)
        line_h = round(20 * s)
        h = round(10 * s) + title_h + line_h * len(self._lines)
        if isinstance(self.option, options.IntMapOption):
            h += round(50 * s) + line_h
        else:
            h = max(h, round(10 * s) + round(36 * s) + round(6 * s) + line_h)
        self._layout = {"control_w": control_w, "reset_w": reset_w, "gap": gap, "line_h": line_h}
        self.height = h + round(14 * s)
        return self.height

    def place(self, x: int, y: int, width: int, s: float) -> None:
        """Put the widgets of a row whose top-left is (x, y) on screen."""
        lay = self._layout
        self._origin = (x, y, width, s)
        control_h = round(36 * s)
        reset = pygame.Rect(0, 0, lay["reset_w"], control_h)
        reset.topright = (x + width, y + round(10 * s))
        self.reset.rect = reset
        self.reset.size = round(16 * s)
        if isinstance(self.option, options.IntMapOption):
            cy = y + round(10 * s) + round(26 * s) + lay["line_h"] * len(self._lines) + round(8 * s)
            step_w = round(176 * s)
            for i, (_key, w) in enumerate(self.controls):
                w.rect = pygame.Rect(x + i * (step_w + round(12 * s)), cy, step_w, control_h)
                w.size = round(17 * s)
            return
        (_key, w) = self.controls[0]
        w.rect = pygame.Rect(0, 0, lay["control_w"], control_h)
        w.rect.topright = (reset.left - lay["gap"], y + round(10 * s))
        w.size = round(18 * s)

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        x, y, width, s = self._origin
        lay = self._layout
        changed = self.changed
        title = _(self.option.title)
        if changed:
            # Translators: an option's title, marked as changed from its default.
            title = _("{option}  \u2022 changed").format(option=title)
        draw_text(
            surface,
            text,
            title,
            round(19 * s),
            (x, y + round(10 * s)),
            theme.ACCENT if changed else theme.TEXT,
            "bold",
        )
        ly = y + round(10 * s) + round(26 * s)
        for line in self._lines:
            draw_text(surface, text, line, round(15 * s), (x, ly), theme.MUTED)
            ly += lay["line_h"]
        for _key, w in self.controls:
            w.draw(surface, text)
        if self.reset.enabled:
            self.reset.draw(surface, text)
        error = self.error
        note = error or default_text(self.option)
        color = theme.DANGER if error else theme.MUTED
        if isinstance(self.option, options.IntMapOption):
            pos = (x, self.controls[0][1].rect.bottom + round(6 * s))
            draw_text(surface, text, note, round(14 * s), pos, color, "bold" if error else "regular")
        else:
            control = self.controls[0][1].rect
            pos = (control.right, control.bottom + round(5 * s))
            style = "bold" if error else "regular"
            draw_text(surface, text, note, round(14 * s), pos, color, style, "topright")


def _key_format(key: str) -> Callable[[Any], str]:
    """A number of a mapping's key, as its stepper shows it: "Spades 1" (the key's word translated)."""
    title = _(key.replace("_", " ").capitalize())
    return lambda v: _("{key} {value}").format(key=title, value=v)


def _copy(value: Any) -> Any:
    return dict(value) if isinstance(value, dict) else value
