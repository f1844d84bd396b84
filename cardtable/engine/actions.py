"""Actions: the small values a seat chooses from, where they go, and the error for bad ones.

An action names what it moves or uses (``card``, or ``cards`` for a
combination) and where it goes or aims (``target``: a :class:`Card`, a
:class:`Slot`, a :class:`ZoneRef` or None), so a table can map a drag, a
click or a selection to one of the legal actions without knowing the game
(:func:`match`). ``apply`` accepts only an action equal, field by field and
type by type, to a legal one (:func:`same_action`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .cards import Card, Catalog
from .words import Said


class Reason(Said):
    """A reason's words with the rule they name (``rule``: a stable key such as ``"follow_suit"``),
    so that what reads a refusal can tell one rule from another without reading its words.
    ``text`` made by :func:`~cardtable.engine.words.say` keeps its template, to be translated whole."""

    rule: str | None

    def __new__(cls, text: str, rule: str | None = None) -> Reason:
        reason = super().__new__(cls, text)
        reason.rule = rule
        return reason


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why.

    Raised before anything changes: the game is left exactly as it was. The
    message names seats as ``{seat:N}`` placeholders (see
    :func:`cardtable.engine.views.format_prompt`), so a table can speak to
    the person playing ("You must follow diamonds"). The fields say the same
    for code: the ``seat`` refused, the game's ``phase``, the action's
    ``kind`` and ``card``, and the ``rule`` broken (a stable key; None where
    no rule has a name of its own). Nothing outside the engine reads the words.
    """

    def __init__(
        self,
        text: str = "",
        *,
        seat: int | None = None,
        phase: str | None = None,
        kind: str | None = None,
        card: Any = None,
        rule: str | None = None,
    ) -> None:
        super().__init__(text)
        self.seat = seat
        self.phase = phase
        self.kind = kind
        self.card = card
        self.rule = rule if rule is not None else getattr(text, "rule", None)


class ZoneRef(NamedTuple):
    """A zone by name and owner (None: shared): a pile, a player's pool or table.

    Events and views name zones by the same pair, so an action aimed at a
    zone and the zone drawn on the table are the same value.
    """

    zone: str
    owner: int | None = None


@dataclass(frozen=True, slots=True)
class Slot:
    """A place in a zone: how an action names a card its actor may not see.

    An action aimed at a face-down card must not carry that card (the actor's
    view would then hold its identity, and search would see different actions
    in worlds that look the same); it names the card's position instead.
    """

    zone: str
    owner: int | None
    index: int


Target = Card | Slot | ZoneRef | None
"""What an action aims at or goes to."""


@dataclass(frozen=True, slots=True)
class Action:
    """One choice: a ``kind`` plus what it concerns.

    ``card`` is the card it moves or uses (for a combination, the card that
    ranks it), ``cards`` every card of a combination (empty otherwise),
    ``target`` where it goes or what it aims at (a :class:`Card`, a
    :class:`Slot`, a :class:`ZoneRef`, or None for an action that goes
    nowhere: a call, a pass, the end of a turn), ``source`` the zone it
    starts from when it moves no known card (flipping the deck), ``value``
    any other choice (a suit, a position, a shape). ``label`` is the human
    text, with ``{seat:N}`` placeholders; ``preview`` marks an action worth
    showing before it is made (its label tells what it will do: a set and its
    score), so a table may ask for a second look. Neither takes part in
    equality.
    """

    kind: str
    card: Card | None = None
    value: Any = None
    target: Target = None
    cards: tuple[Card, ...] = ()
    source: ZoneRef | None = None
    label: str = field(default="", compare=False)
    preview: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        return self.label or self.kind

    @property
    def moved(self) -> tuple[Card, ...]:
        """Every card the action puts down or uses: ``cards``, else ``card``, else none."""
        if self.cards:
            return self.cards
        return () if self.card is None else (self.card,)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form; cards by code."""
        d: dict[str, Any] = {"kind": self.kind}
        if self.card is not None:
            d["card"] = self.card.code
        if self.cards:
            d["cards"] = [c.code for c in self.cards]
        if self.value is not None:
            d["value"] = _encode(self.value)
        if self.target is not None:
            d["target"] = _encode(self.target)
        if self.source is not None:
            d["source"] = _encode(self.source)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any], catalog: Catalog) -> Action:
        card = catalog.by_code(d["card"]) if d.get("card") is not None else None
        return cls(
            d["kind"],
            card,
            _decode(d.get("value"), catalog),
            _decode(d.get("target"), catalog),
            tuple(catalog.by_code(c) for c in d.get("cards", ())),
            _decode(d.get("source"), catalog),
        )


def _encode(x: Any) -> Any:
    if isinstance(x, Card):
        return {"card": x.code}
    if isinstance(x, Slot):
        return {"slot": [x.zone, x.owner, x.index]}
    if isinstance(x, ZoneRef):
        return {"zone": [x.zone, x.owner]}
    if isinstance(x, tuple):
        return {"tuple": [_encode(i) for i in x]}
    return x


def _decode(x: Any, catalog: Catalog) -> Any:
    if isinstance(x, dict):
        if "card" in x:
            return catalog.by_code(x["card"])
        if "slot" in x:
            return Slot(*x["slot"])
        if "zone" in x:
            return ZoneRef(*x["zone"])
        if "tuple" in x:
            return tuple(_decode(i, catalog) for i in x["tuple"])
    return x


# -- comparing and matching ------------------------------------------------------


def brief(x: Any) -> str:
    """A value in a message: its repr, cut short (garbage can be long, or refuse to print)."""
    try:
        text = repr(x)
    except Exception:  # noqa: BLE001 - a hostile __repr__
        text = f"<{type(x).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."


def same_value(a: Any, b: Any) -> bool:
    """Equal and of the same type, all the way down (``0.0`` is not seat ``0``, ``5`` is not a card)."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, Card):
        return int(a) == int(b) and a.code == b.code
    if isinstance(a, tuple):  # ZoneRef included
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, Slot):
        return same_value(a.zone, b.zone) and same_value(a.owner, b.owner) and same_value(a.index, b.index)
    return bool(a == b)


def same_action(a: Any, b: Action) -> bool:
    """Is ``a`` the action ``b``, field by field and type by type (the label aside)?"""
    return (
        type(a) is Action
        and type(a.kind) is str
        and a.kind == b.kind
        and same_value(a.card, b.card)
        and same_value(a.cards, b.cards)
        and same_value(a.value, b.value)
        and same_value(a.target, b.target)
        and same_value(a.source, b.source)
    )


def find_action(legal: Iterable[Action], action: Any) -> Action | None:
    """The legal action that ``action`` is (field by field), or None."""
    if type(action) is not Action:
        return None
    legal = legal if isinstance(legal, list | tuple) else list(legal)
    for candidate in legal:
        if candidate is action:  # the usual case: the caller picked it from the list
            return candidate
    for candidate in legal:
        if same_action(action, candidate):
            return candidate
    return None


def match(legal: Sequence[Action], picked: Iterable[Card] = (), dropped_on: Target = None) -> list[Action]:
    """The legal actions a gesture can mean, in the spirit of python-chess's ``find_move``.

    ``picked`` are the cards the person chose or dragged (none for a click
    on the deck or a button); ``dropped_on`` is where they let go or clicked
    next: a card, a slot or a zone, or None for no place (a double click, a
    Confirm). An action matches when its cards (``cards``, else ``card``) are
    exactly those picked and, if a place is given, it is the action's
    ``target``, or its ``source`` when it moves no card. Several matches
    mean the gesture is ambiguous (a menu, or a layout's default); none, that
    it is not allowed (the engine's ``check`` says why).
    """
    chosen = set(picked)
    out: list[Action] = []
    for action in legal:
        cards = action.moved
        if len(cards) != len(chosen) or set(cards) != chosen:
            continue
        if dropped_on is not None and not (
            same_value(action.target, dropped_on)
            or (not cards and action.source is not None and same_value(action.source, dropped_on))
        ):
            continue
        out.append(action)
    return out


def could_extend(legal: Sequence[Action], picked: Iterable[Card]) -> set[Card]:
    """Cards that could join ``picked`` on the way to some legal action's cards.

    For picking a combination card by card: these may be added; the others
    would leave no legal action.
    """
    chosen = set(picked)
    out: set[Card] = set()
    for action in legal:
        cards = action.moved
        if chosen.issubset(cards):
            out.update(c for c in cards if c not in chosen)
    return out
