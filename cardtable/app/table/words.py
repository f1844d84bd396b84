"""What the table writes: plate lines from the layout and the view's facts, counts with the right noun.

Pure: no pygame. A plate line is layout text with ``{placeholders}``:
``{score}`` and ``{name}`` of the seat, or any ``View.info`` fact (a tuple
with one entry per seat gives that seat's entry). "1 points" never shows:
a count of one takes the singular.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cardtable.engine import View, format_prompt
from cardtable.i18n import N_, _

from ..layout import Layout
from ..layout.schema import PlateLine

_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_ONE = re.compile(r"(?<![\d.,])\b1 ([A-Za-z]+)(?: ([A-Za-z]+))?\b")
_NOT_NOUNS = frozenset(
    {"is", "as", "us", "was", "has", "does", "this", "its", "yes", "plus", "less", "bonus", "minus"}
)
"""Words after a 1 that end in s but are not plural nouns ("1 is out")."""


def singular(word: str) -> str:
    """The singular of a plural noun the games use (points, tricks, drinks, passes)."""
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def one_is_singular(text: str) -> str:
    """ "1 points" -> "1 point", "1 penalty points" -> "1 penalty point", "1 cards to pass" ->
    "1 card to pass": the noun after the 1 is the first plural word of the next two."""

    def one(m: re.Match[str]) -> str:
        first, second = m.group(1), m.group(2)
        noun_first = first.lower() not in _NOT_NOUNS and singular(first) != first
        if second is not None and (not noun_first or singular(second) != second):
            return f"1 {first} {singular(second)}"  # "1 penalty points", "1 bonus points"
        return f"1 {singular(first) if noun_first else first}" + (f" {second}" if second else "")

    return _ONE.sub(one, text)


def count(n: float, noun: str) -> str:
    """ "3 points", "1 point"."""
    return one_is_singular(f"{n:g} {noun}")


def winners_text(names: Sequence[str], you: bool = False) -> str:
    """ "Mia wins!", "Mia and Bo win!", and "You win!" for a player named You (or ``you``: the one
    winner is the person looking)."""
    if not names:
        return _("Game over")
    if len(names) == 1:
        if you or names[0] in ("You", _("You")):
            return _("You win!")
        return _("{name} wins!").format(name=names[0])
    joined = (" " + _("and") + " ").join(names)
    # Translators: {names} is a list of players, "Mia and Bo" (several won the game).
    return _("{names} win!").format(names=joined)


ROUND_OVER = {
    "round": N_("Round {number} is over"),
    "turn": N_("Turn {number} is over"),
    "hand": N_("Hand {number} is over"),
}
"""The end of a round in each of the games' words for one (a layout's ``words: round``)."""
THIS_ROUND = {"round": N_("This round"), "turn": N_("This turn"), "hand": N_("This hand")}
"""The heading of a summary's column for the round just played, in each game's word for it."""


def round_over(word: str, number: int) -> str:
    """ "Round 3 is over", in the game's word for a round ("Hand 3 is over")."""
    known = ROUND_OVER.get(word)
    if known is not None:
        return _(known).format(number=number)
    # Translators: a layout's own word for a round ("Deal"), then its number.
    return _("{round} {number} is over").format(round=_text(word).capitalize(), number=number)


def this_round(word: str) -> str:
    """ "This round", in the game's word for a round ("This hand")."""
    known = THIS_ROUND.get(word)
    if known is not None:
        return _(known)
    # Translators: a layout's own word for a round ("deal").
    return _("This {round}").format(round=_text(word))


def _text(words: str) -> str:
    """A layout's words in the language in use (no words: none; gettext would give its header)."""
    return _(words) if words else words


def seat_value(info_value: Any, seat: int, players: int) -> Any:
    """A fact for one seat: its entry if the fact has one per seat, else the fact itself."""
    if isinstance(info_value, tuple | list) and len(info_value) == players:
        return info_value[seat]
    return info_value


def _shown(line: PlateLine, view: View, seat: int) -> bool:
    info = view.info
    if line.when and info.get(line.when) != seat:
        return False
    if line.when_in:
        group = info.get(line.when_in)
        if not isinstance(group, tuple | list | set | frozenset) or seat not in group:
            return False
    return True


def _value(key: str, view: View, seat: int, names: Sequence[str]) -> Any:
    if key == "score":
        return view.scores[seat] if seat < len(view.scores) else None
    if key == "name":
        return names[seat]
    if key not in view.info:
        return None
    return seat_value(view.info[key], seat, view.players)


def plate_lines(layout: Layout, view: View, seat: int, names: Sequence[str]) -> list[str]:
    """The lines under a seat's name, as the layout writes them (a line whose fact is missing is left out)."""
    out = []
    for line in layout.plate.lines:
        if not _shown(line, view, seat):
            continue
        if line.unless_zero and _value(line.unless_zero, view, seat, names) in (0, None, ""):
            continue
        text = _filled(_text(line.text), view, seat, names)
        if text is not None and line.joins and out:
            out[-1] += ", " + text
        elif text is not None:
            out.append(text)
    return out


def _filled(text: str, view: View, seat: int, names: Sequence[str]) -> str | None:
    """``text`` with its placeholders filled for ``seat`` (None: a fact it names is missing). A fact
    in words ("points") reads in the language in use; a name as it is."""
    missing = False

    def fill(m: re.Match[str]) -> str:
        nonlocal missing
        value = _value(m.group(1), view, seat, names)
        if value is None or isinstance(value, dict | tuple | list):
            missing = True
            return ""
        if isinstance(value, str) and m.group(1) != "name":
            return format_prompt(value, names)
        return f"{value:g}" if isinstance(value, float) else str(value)

    text = _FIELD.sub(fill, text)
    return None if missing else one_is_singular(text)


def handover_line(layout: Layout, view: View, seat: int, names: Sequence[str]) -> str:
    """What ``seat`` does next, for the privacy screen: the layout's phrase for the phase ("Ada
    chooses 3 cards to pass"), from public facts only. ``view`` must be the public one."""
    if view.seat is not None:
        raise ValueError("the privacy screen is read by everyone: it takes the public view")
    phrases = layout.handover.get(view.phase, ())
    filled = (_filled(_text(p).replace("{who}", "{name}"), view, seat, names) for p in phrases)
    text = next((t for t in filled if t is not None), None)
    if text is None:
        text = _("{name} decides next").format(name=names[seat])
    return text[:1].upper() + text[1:]


def badge_text(value: Any, values: dict[str, str], of: Any = None) -> str:
    """A badge's value as the layout names it, counted out of ``of`` when it has a total ("3 of
    40"); a total gone to nothing (the deck played out) reads "empty", not "0 of 0"."""
    if of is not None and of == 0 and not isinstance(of, bool):
        # Translators: a badge's count once its total is gone (the deck played out).
        return _("empty")
    named = values.get(str(value))
    text = _text(named) if named is not None else _text(value) if isinstance(value, str) else str(value)
    # Translators: a badge's count out of its total, "3 of 40".
    return _("{value} of {total}").format(value=text, total=of) if of is not None else text
