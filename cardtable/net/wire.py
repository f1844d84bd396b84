"""Views, events and actions as JSON and back, for the table server and its clients.

A value goes as plain JSON where JSON has it (numbers, strings, flags, ``None``, a tuple as an
array) and as a one-key object where it is one of the engine's own values: ``{"card": code}``,
``{"seat": n}``, ``{"said": ...}`` (a sentence that keeps its template, so a client translates it
whole), ``{"zone": [name, owner]}``, ``{"$": "Moved", ...}`` for a view's or an event's parts.
What a seat receives is exactly what ``view(seat)`` and ``redact(events, seat)`` hold: this
module adds nothing and drops nothing (the privacy witness checks it message by message).

Decoding trusts its sender (the server); the server reads what clients send through
:func:`read_action`, which accepts only an action's own shape.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from cardtable.engine import (
    Action,
    Card,
    CardView,
    Catalog,
    Event,
    Said,
    Seat,
    Seats,
    View,
    ZoneView,
    say,
    say_n,
)
from cardtable.engine import events as event_types
from cardtable.engine.actions import Slot, ZoneRef

_DATA: dict[str, type] = {
    cls.__name__: cls
    for cls in (View, ZoneView, CardView, Action, Slot)
    + tuple(
        c
        for c in vars(event_types).values()
        if isinstance(c, type) and issubclass(c, Event) and c not in (Event, event_types.CardEvent)
    )
}
"""Every dataclass that may travel, by name."""


def encode(x: Any) -> Any:
    """``x`` as JSON-ready data."""
    kind = type(x)
    if kind in _PLAIN:
        return x
    how = _HOW.get(kind)
    if how is None:
        how = _HOW[kind] = _how(kind)
    return how(x)


_PLAIN = frozenset({type(None), bool, int, float, str})
_HOW: dict[type, Callable[[Any], Any]] = {}
"""How each type met so far is sent: found once per type (a server sends the same few types in
every message, and a chain of ``isinstance`` per value was most of a message's cost)."""


def _how(kind: type) -> Callable[[Any], Any]:
    """How a value of ``kind`` is sent (the first that fits: the engine's values before the plain
    types they are made of)."""
    if issubclass(kind, Card):
        return lambda x: {"card": x.code}
    if issubclass(kind, Seat):
        return lambda x: {"seat": int(x)}
    if issubclass(kind, Seats):
        return lambda x: {"seats": [int(s) for s in x]}
    if issubclass(kind, Said):
        return _said
    if issubclass(kind, ZoneRef):
        return lambda x: {"zone": [x.zone, x.owner]}
    if issubclass(kind, tuple):
        return lambda x: [i if type(i) in _PLAIN else encode(i) for i in x]
    if issubclass(kind, list):
        return lambda x: {"list": [i if type(i) in _PLAIN else encode(i) for i in x]}
    if issubclass(kind, set | frozenset):
        return lambda x: {"set": [encode(i) for i in sorted(x)]}
    if issubclass(kind, Mapping):
        return lambda x: {"map": [[encode(k), encode(v)] for k, v in x.items()]}
    if issubclass(kind, ZoneView):
        return lambda x: {
            "$": "ZoneView",
            "name": x.name,
            "owner": x.owner,
            "kind": x.kind,
            "cards": _cards(x.cards),
        }
    if is_dataclass(kind) and kind.__name__ in _DATA:
        return _dataclass(kind)
    if issubclass(kind, str):  # another str subclass: its text
        return str
    if issubclass(kind, int):
        return int
    return _refuse


def _dataclass(kind: type) -> Callable[[Any], dict[str, Any]]:
    name = kind.__name__
    plan = [(f.name, f.name in _LEAN, f.default) for f in fields(kind)]

    def send(x: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"$": name}
        for field, lean, default in plan:
            value = getattr(x, field)
            if not (lean and _default(value, default)):  # unused parts go unsaid
                out[field] = value if type(value) in _PLAIN else encode(value)
        return out

    return send


def _refuse(x: Any) -> Any:
    raise TypeError(f"cannot send a {type(x).__name__}")


_LEAN = frozenset({"card", "value", "target", "cards", "source", "preview", "attached", "orientation"})


def _default(value: Any, default: Any) -> bool:
    return value is default or (type(value) is tuple and not value and default == ())


def _said(x: Said) -> dict[str, Any]:
    """A sentence: its template and parameters (its English is made again from them where it can
    be, as :func:`~cardtable.engine.words.say` made it), else its words too."""
    if x.template is None:
        return {"said": str(x)}
    out: dict[str, Any] = {"template": x.template, "params": [[k, encode(v)] for k, v in x.params]}
    if x.plural is not None:
        out["plural"] = x.plural
    if _english(x.template, x.plural, x.params) != x:
        out["said"] = str(x)
    return out


def _english(template: str, plural: str | None, params: tuple[tuple[str, Any], ...]) -> str | None:
    try:
        if plural is not None:
            named = dict(params)
            return str(say_n(template, plural, named.pop("n"), **named))
        return str(say(template, **dict(params)))
    except (KeyError, IndexError, ValueError, TypeError):
        return None


def _cards(cards: tuple[CardView, ...]) -> list[Any]:
    """A zone's cards, short: a card lying face up as it is as its code, a hidden one as its back."""
    out: list[Any] = []
    for cv in cards:
        if cv.face_up and cv.orientation is None and not cv.attached:
            if cv.card is None:
                out.append(cv.back)
                continue
            if cv.back == cv.card.back:
                out.append(cv.card.code)
                continue
        out.append(encode(cv))
    return out


def _card_view(x: Any, catalog: Catalog) -> CardView:
    if isinstance(x, int):
        return CardView(None, x)
    if isinstance(x, str):
        card = catalog.by_code(x)
        return CardView(card, card.back)
    return decode(x, catalog)


def decode(x: Any, catalog: Catalog) -> Any:
    """Data made by :func:`encode` back into values (cards from ``catalog``)."""
    if isinstance(x, list):
        return tuple(decode(i, catalog) for i in x)
    if not isinstance(x, dict):
        return x
    if "$" in x:
        if x["$"] == "ZoneView":
            cards = tuple(_card_view(c, catalog) for c in x["cards"])
            return ZoneView(x["name"], x["owner"], x["kind"], cards)
        cls = _DATA[x["$"]]
        return cls(**{k: decode(v, catalog) for k, v in x.items() if k != "$"})
    if "template" in x:
        params = [(k, decode(v, catalog)) for k, v in x["params"]]
        plural = x.get("plural")
        text = x.get("said")
        if text is None:
            text = _english(x["template"], plural, tuple(params))
        return Said(text, x["template"], plural, params)
    (key, value), *_ = x.items()
    if key == "card":
        return catalog.by_code(value)
    if key == "seat":
        return Seat(value)
    if key == "seats":
        return Seats(value)
    if key == "said":
        return Said(value)
    if key == "zone":
        return ZoneRef(*value)
    if key == "list":
        return [decode(i, catalog) for i in value]
    if key == "set":
        return {decode(i, catalog) for i in value}
    if key == "map":
        return {decode(k, catalog): decode(v, catalog) for k, v in value}
    raise ValueError(f"unknown value {key!r}")


def view_of(data: Any, catalog: Catalog) -> View:
    view = decode(data, catalog)
    if not isinstance(view, View):
        raise ValueError("not a view")
    return view


def events_of(data: Any, catalog: Catalog) -> list[Event]:
    events = [decode(e, catalog) for e in data]
    if not all(isinstance(e, Event) for e in events):
        raise ValueError("not a list of events")
    return events


# -- what clients send -----------------------------------------------------------------------

_ACTION_FIELDS = {"kind", "card", "value", "target", "cards", "source"}
MAX_DEPTH = 6


def read_action(data: Any, catalog: Catalog) -> Action:
    """An action a client sent (``encode(action)``), read strictly: a ``ValueError`` that says
    what is wrong for anything else. Its label does not travel (the legal action's is used)."""
    if not isinstance(data, dict) or data.get("$") != "Action":
        raise ValueError("an action is an object with '$': 'Action'")
    unknown = set(data) - _ACTION_FIELDS - {"$", "label", "preview"}
    if unknown:
        raise ValueError(f"unknown action fields: {', '.join(sorted(map(str, unknown)))}")
    kind = data.get("kind")
    if not isinstance(kind, str) or not 0 < len(kind) <= 40:
        raise ValueError("an action's kind is a short string")
    card = _card_or_none(data.get("card"), catalog)
    cards = data.get("cards", [])
    if not isinstance(cards, list) or len(cards) > 60:
        raise ValueError("an action's cards are a list of cards")
    target = _target(data.get("target"), catalog)
    source = data.get("source")
    if source is not None and not _is_zone(source):
        raise ValueError("an action's source is a zone")
    return Action(
        kind,
        card,
        _value(data.get("value"), catalog, 0),
        target,
        tuple(_card(c, catalog) for c in cards),
        ZoneRef(*source["zone"]) if source is not None else None,
    )


def _card(data: Any, catalog: Catalog) -> Card:
    code = data.get("card") if isinstance(data, dict) and len(data) == 1 else None
    if not isinstance(code, str):
        raise ValueError("a card is {'card': code}")
    try:
        return catalog.by_code(code)
    except KeyError as exc:
        raise ValueError(exc.args[0]) from None


def _card_or_none(data: Any, catalog: Catalog) -> Card | None:
    return None if data is None else _card(data, catalog)


def _is_zone(data: Any) -> bool:
    z = data.get("zone") if isinstance(data, dict) and len(data) == 1 else None
    return (
        isinstance(z, list)
        and len(z) == 2
        and isinstance(z[0], str)
        and (z[1] is None or (type(z[1]) is int and 0 <= z[1] < 64))
    )


def _target(data: Any, catalog: Catalog) -> Any:
    if data is None:
        return None
    if _is_zone(data):
        return ZoneRef(*data["zone"])
    if isinstance(data, dict) and data.get("$") == "Slot" and set(data) == {"$", "zone", "owner", "index"}:
        zone, owner, index = data["zone"], data["owner"], data["index"]
        if isinstance(zone, str) and (owner is None or type(owner) is int) and type(index) is int:
            return Slot(zone, owner, index)
        raise ValueError("a slot is a zone, an owner and an index")
    return _card(data, catalog)


def _value(data: Any, catalog: Catalog, depth: int) -> Any:
    """An action's value: plain JSON, a card, a seat, a zone, or a tuple of them."""
    if data is None or type(data) in (bool, int, float) or (isinstance(data, str) and len(data) <= 200):
        return data
    if depth >= MAX_DEPTH:
        raise ValueError("an action's value is nested too deep")
    if isinstance(data, list) and len(data) <= 60:
        return tuple(_value(i, catalog, depth + 1) for i in data)
    if isinstance(data, dict) and set(data) == {"seat"} and type(data["seat"]) is int:
        return Seat(data["seat"])
    if _is_zone(data):
        return ZoneRef(*data["zone"])
    if isinstance(data, dict) and set(data) == {"card"}:
        return _card(data, catalog)
    raise ValueError("an action's value is a number, a short string, a card, a zone or a list of them")
