"""The language the app speaks: gettext at run time over the compiled catalogs that ship with it.

The catalogs are written in ``locale/<code>/LC_MESSAGES/cardtable.po`` and
compiled when Card Table is built (``hatch_build.py``); ``packaging/i18n.py``
extracts the messages and updates them. English is the source language: with
no catalog every message reads as written.

Words are marked ``_("...")`` where they are shown, ``N_("...")`` where they
are defined before a language is chosen (module constants), and the engine's
sentences are :class:`~cardtable.engine.words.Said` values that
:func:`render` translates whole, with the person looking addressed as "you".
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import locale
import os
from collections.abc import Sequence
from typing import Any

from cardtable.engine.words import N_, Said, Seat, Seats, seat_list, speak_with

DOMAIN = "cardtable"

LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français"}
"""The languages Card Table speaks, each by its own name (never translated)."""

_state: dict[str, Any] = {"code": "en", "tr": _gettext.NullTranslations()}


def system_language() -> str:
    """The first of the system's preferred languages that Card Table speaks (else English)."""
    wanted: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            wanted += value.split(":")
            if var != "LANGUAGE":
                break
    with contextlib.suppress(ValueError):  # an unknown locale name in the environment
        wanted.append(locale.getlocale()[0] or "")
    for tag in wanted:
        code = tag.replace("-", "_").split("_")[0].split(".")[0].lower()
        if code in ("c", "posix"):
            return "en"
        if code in LANGUAGES:
            return code
    return "en"


def use(code: str | None) -> str:
    """Speak ``code`` (None or "system": the system's language) from now on; returns the code in use.

    A language without a catalog in this installation falls back to English.
    """
    from cardtable.resources import locale_dir

    if code in (None, "", "system"):
        code = system_language()
    if code not in LANGUAGES:
        code = "en"
    tr: _gettext.NullTranslations = _gettext.NullTranslations()
    if code != "en":
        try:
            tr = _gettext.translation(DOMAIN, str(locale_dir()), [code])
        except OSError:
            code = "en"
    _state.update(code=code, tr=tr)
    speak_with(None if code == "en" else render)
    return code


def resources_in_use() -> str:
    """Where the catalogs are read from (the About screen and the log say it)."""
    from cardtable.resources import locale_dir

    try:
        return str(locale_dir())
    except FileNotFoundError:
        return ""


def language() -> str:
    """The code of the language in use ("en", "de", ...)."""
    return _state["code"]


def _(message: str) -> str:
    """``message`` in the language in use (no words stay no words: gettext's "" is its header)."""
    return _state["tr"].gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for ``n``, in the language in use (its own plural rules)."""
    return _state["tr"].ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, where the same English words have several meanings."""
    return _state["tr"].pgettext(context, message)


def render(text: str, names: Sequence[str], you: int | None) -> str:
    """An engine sentence in the language in use, seats by name and the seat ``you`` as "you".

    English text is left to :func:`cardtable.engine.views.format_prompt`, which
    turns the verbs after "you" itself; this is for the other languages.
    """
    if isinstance(text, Said) and text.template is not None:
        return _said(text, names, you)
    return _plain(_(str(text)), names, you)


def _said(said: Said, names: Sequence[str], you: int | None) -> str:
    params = dict(said.params)
    mine = [key for key, value in params.items() if type(value) is Seat and value == you]
    template = _template(said, f"{{{mine[0]}}} is you" if mine else None)
    values = {key: _value(value, names, you) for key, value in params.items()}
    try:
        return template.format_map(values)
    except (KeyError, IndexError, ValueError):  # a broken translation: the English sentence still says it
        return _plain(str(said), names, you)


def _template(said: Said, context: str | None) -> str:
    tr = _state["tr"]
    singular = said.template or str(said)
    n = said.param("n")
    english = singular if said.plural is None else (singular if n == 1 else said.plural)
    if context is not None:
        if said.plural is None:
            found = tr.pgettext(context, singular)
        else:
            found = tr.npgettext(context, singular, said.plural, n)
        if found != english:
            return found
    return tr.gettext(singular) if said.plural is None else tr.ngettext(singular, said.plural, n)


def _value(value: Any, names: Sequence[str], you: int | None) -> str:
    if isinstance(value, Seat):
        return pgettext("seat", "you") if value == you else _name(int(value), names)
    if isinstance(value, Seats):
        return seat_list([_value(s, names, you) for s in value], _("nobody"), _("and"))
    if isinstance(value, Said):
        return render(value, names, you)
    if isinstance(value, str):
        return _(value) if value else value
    if hasattr(value, "name") and hasattr(value, "code"):  # a card
        return _(value.name)
    return str(value)


def _name(seat: int, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else _("Seat {number}").format(number=seat + 1)


def _plain(text: str, names: Sequence[str], you: int | None) -> str:
    from cardtable.engine.views import SEAT_PLACEHOLDER

    def name(match: Any) -> str:
        seat = int(match.group(1))
        return pgettext("seat", "you") if seat == you else _name(seat, names) + (match.group(2) or "")

    return SEAT_PLACEHOLDER.sub(name, text)


__all__ = ["LANGUAGES", "N_", "language", "ngettext", "pgettext", "render", "system_language", "use", "_"]
