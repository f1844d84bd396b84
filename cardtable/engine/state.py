"""A game's state declared once: one dataclass naming every part that changes as it is played.

A game writes its zones (how each is seen), counters, flags and records once, each with its
type and opening value, in a dataclass it names as ``Game.STATE``. From that declaration the
engine makes the opening state, the zone list, the clone search uses (compiled once per class
into straight-line code, as fast as one written by hand), the saved form and its loading, and
the public part of every view. Adding a part to a game is one line there, plus its rule.

How each type is saved, shown and copied is in :mod:`.codecs`; the functions made from a
declaration in :mod:`.state_plan`. The dataclass is never made: it is the declaration, and the
game keeps each part as an attribute of the same name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .zones import Visibility


@dataclass(frozen=True)
class ZonePart:
    """Zones declared as one part: ``one`` zone, one each ``seat``, or a ``row`` of ``count``
    (named ``name1``, ``name2`` ...; saved together under ``name``)."""

    name: str
    kind: str
    visibility: Visibility
    private_order: bool = False
    per: str = "one"
    count: int = 0


@dataclass(frozen=True)
class Part:
    """How a part other than zones starts and is kept; see :func:`part`."""

    start: Any = None
    each_seat: bool = False
    saved_as: str | None = None
    shown: bool | str = False
    saved: bool = True


def zone(name: str, kind: str, visibility: Visibility, *, private_order: bool = False) -> Any:
    """One zone (``Zone`` annotation)."""
    return field(default=None, metadata={"zone": ZonePart(name, kind, visibility, private_order)})


def seat_zones(name: str, kind: str, visibility: Visibility, *, private_order: bool = False) -> Any:
    """A zone for each seat (``list[Zone]`` annotation)."""
    return field(default=None, metadata={"zone": ZonePart(name, kind, visibility, private_order, "seat")})


def zone_row(name: str, count: int, kind: str, visibility: Visibility) -> Any:
    """``count`` shared zones in a row, ``name1`` to ``name<count>`` (``list[Zone]`` annotation)."""
    return field(default=None, metadata={"zone": ZonePart(name, kind, visibility, per="row", count=count)})


def part(
    start: Any = None,
    *,
    each_seat: bool = False,
    saved_as: str | None = None,
    shown: bool | str = False,
    saved: bool = True,
) -> Any:
    """A counter, flag or record. ``start``: its opening value, or what makes one (``list``);
    ``each_seat``: a list of those, one per seat. ``saved_as``: its key in a save, where that
    differs from its name (saves of earlier versions name it so). ``shown``: it is public, and
    every view's facts show it (frozen) under its saved key, or under the key given. ``saved``:
    False for a part the game works out again after loading (in ``_loaded``)."""
    return field(default=None, metadata={"part": Part(start, each_seat, saved_as, shown, saved)})
