"""Actions: the small values a seat chooses from, and the error for bad ones."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card, Catalog


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why.

    Raised before anything changes: the game is left exactly as it was.
    """


@dataclass(frozen=True, slots=True)
class Action:
    """One choice: a ``kind`` plus what it concerns.

    ``card`` is the card it moves or uses (so the table can map a drag or a
    click on that card to it), ``target`` the zone, seat or card it goes to
    or aims at, ``value`` any other choice (a suit, "yes"/"no", a number).
    ``label`` is the human text; it does not take part in equality.
    """

    kind: str
    card: Card | None = None
    value: Any = None
    target: Any = None
    label: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.label or self.kind

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form; cards by code."""
        d: dict[str, Any] = {"kind": self.kind}
        if self.card is not None:
            d["card"] = self.card.code
        if self.value is not None:
            d["value"] = _encode(self.value)
        if self.target is not None:
            d["target"] = _encode(self.target)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any], catalog: Catalog) -> Action:
        card = catalog.by_code(d["card"]) if d.get("card") is not None else None
        return cls(
            d["kind"],
            card,
            _decode(d.get("value"), catalog),
            _decode(d.get("target"), catalog),
        )


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


def _encode(x: Any) -> Any:
    if isinstance(x, Card):
        return {"card": x.code}
    if isinstance(x, Slot):
        return {"slot": [x.zone, x.owner, x.index]}
    if isinstance(x, tuple):
        return {"tuple": [_encode(i) for i in x]}
    return x


def _decode(x: Any, catalog: Catalog) -> Any:
    if isinstance(x, dict):
        if "card" in x:
            return catalog.by_code(x["card"])
        if "slot" in x:
            return Slot(*x["slot"])
        if "tuple" in x:
            return tuple(_decode(i, catalog) for i in x["tuple"])
    return x
