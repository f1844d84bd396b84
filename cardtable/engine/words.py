"""Words the engine says, kept as a sentence and its parameters so a table can translate them whole.

A :class:`Said` is a ``str``: its value is the English sentence with
``{seat:N}`` placeholders for names, exactly as every caller has always read
it. It also keeps the sentence's ``template`` (the message a translator
translates: "{seat} must follow {suit}") and its ``params`` (seats, cards,
counts, words), so that :func:`cardtable.i18n.render` can build the sentence
in another language from the whole template instead of from pieces.

Placeholders that name one seat start with ``seat`` (``{seat}``,
``{seat_to}``): a translator also writes each such sentence as it reads when
that seat is the person looking ("You must follow hearts").
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Sequence
from typing import Any

Translator = Callable[[str, Sequence[str], "int | None"], str]
_translator: list[Translator] = []


class Seat(int):
    """A seat number given to a sentence: drawn as that seat's name, or "you"."""


class Seats(tuple):
    """Several seats given to a sentence: "Ada", "Ada and Bo", "Ada, Bo and Cy"."""

    def __new__(cls, seats: Iterable[int]) -> Seats:
        return super().__new__(cls, (Seat(s) for s in seats))


class Said(str):
    """A sentence in English (``{seat:N}`` for names) that remembers how it was made.

    ``template`` is None for words that are their own message ("Pass"): they
    translate as a whole. ``plural`` and the ``n`` parameter choose a plural
    form ("{n} card" / "{n} cards").
    """

    template: str | None
    plural: str | None
    params: tuple[tuple[str, Any], ...]

    def __new__(
        cls,
        text: str,
        template: str | None = None,
        plural: str | None = None,
        params: Iterable[tuple[str, Any]] = (),
    ) -> Said:
        said = super().__new__(cls, text)
        if isinstance(text, Said) and template is None:
            template, plural, params = text.template, text.plural, text.params
        said.template = template
        said.plural = plural
        said.params = tuple(params)
        return said

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), str(self), self.template, self.plural, self.params, self.__dict__))

    @property
    def message(self) -> str:
        """The message a translation is looked up by."""
        return self.template if self.template is not None else str(self)

    def param(self, name: str) -> Any:
        return dict(self.params).get(name)


def _rebuild(cls: type, text: str, template: Any, plural: Any, params: Any, extra: dict) -> Said:
    said = Said.__new__(cls, text, template, plural, params)
    said.__dict__.update(extra)
    return said


def english(value: Any) -> str:
    """A parameter as it reads in the English sentence (a seat as its placeholder)."""
    if isinstance(value, Seat):
        return "{seat:%d}" % value  # noqa: UP031 - braces are literal here
    if isinstance(value, Seats):
        return seat_list([english(s) for s in value], "nobody", "and")
    return str(value)


def seat_list(parts: Sequence[str], none: str, conjunction: str) -> str:
    """ "A", "A and B", "A, B and C"."""
    if not parts:
        return none
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + f" {conjunction} " + parts[-1]


def placeholders(template: str) -> list[str]:
    """The names of a template's placeholders, in order."""
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def say(template: str, /, **params: Any) -> Said:
    """A sentence with named parameters: ``say("{seat} must follow {suit}", seat=Seat(0), suit=...)``."""
    text = template.format_map({k: english(v) for k, v in params.items()}) if params else template
    return Said(text, template, None, params.items())


def say_n(singular: str, plural: str, n: int, /, **params: Any) -> Said:
    """A sentence with a count ``n``, in its singular or plural form."""
    params = {"n": n, **params}
    text = (singular if n == 1 else plural).format_map({k: english(v) for k, v in params.items()})
    return Said(text, singular, plural, params.items())


def N_(message: str) -> str:  # noqa: N802 - the name every gettext tool knows
    """Marks words to translate later (where they are shown), not now."""
    return message


def speak_with(translator: Translator | None) -> None:
    """Have :func:`~cardtable.engine.views.format_prompt` say sentences with ``translator``
    (``cardtable.i18n`` installs its ``render`` for a language other than English; None: English)."""
    _translator[:] = [translator] if translator is not None else []


def translator() -> Translator | None:
    """The translator in use, or None for English (the words as the engine writes them)."""
    return _translator[0] if _translator else None


class Phrases(dict):
    """Sentences already made, by what they say, so search's many steps do not build them again.

    A key names each card by its code, never by its face or number: a sentence keeps the card it
    was made with, and one made for another copy, or another game's deck, would name a card this
    game does not have."""

    def said(self, key: Any, make: Callable[[], Said]) -> Said:
        found = self.get(key)
        if found is None:
            found = self[key] = make()
        return found
