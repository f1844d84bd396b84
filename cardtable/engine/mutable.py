"""What in a game changes as it is played, declared once: the clone is made from the declaration.

A game names its changing parts by how they copy (a zone, a list of zones, a
plain list, set or dict, a list of lists); everything else in it is shared
between copies (the catalog, derived tables, numbers and strings). The copy
is compiled once per class into straight-line code, as fast as one written
by hand, so search (which clones a game for every world it imagines) pays
nothing for it being declared.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Mutable:
    """The changing parts of a game, by attribute name."""

    zones: tuple[str, ...] = ()
    """A :class:`~cardtable.engine.zones.Zone` each: copied."""
    zone_lists: tuple[str, ...] = ()
    """A list of zones each (one per seat): each zone copied."""
    plain: tuple[str, ...] = ()
    """A list, set or dict each: a copy of the container; what it holds is shared."""
    optional: tuple[str, ...] = ()
    """A list, set or dict, or None: copied as ``plain`` when there is one."""
    rows: tuple[str, ...] = ()
    """A list of lists each (a score row per round): each row copied."""

    def names(self) -> tuple[str, ...]:
        return (*self.zones, *self.zone_lists, *self.plain, *self.optional, *self.rows)


def clone_function(cls: type, mutable: Mutable) -> Callable[..., Any]:
    """``clone(self, rng=None)`` for ``cls``: an independent copy, its RNG exactly copied (or, with
    ``rng``, freshly seeded from it, for search), its history and each changing part copied. A class
    with a ``_clone_more(self, copy)`` method finishes the copy there (a part of its own shape)."""
    for name in mutable.names():
        if not name.isidentifier():
            raise ValueError(f"{cls.__name__}: {name!r} is not an attribute name")
    lines = [  # the very lines a clone written by hand has
        "def clone(self, rng=None):",
        "    g = new(cls)",
        "    g.__dict__.update(self.__dict__)",
        "    if rng is None:",
        "        g.rng = Random()",
        "        g.rng.setstate(self.rng.getstate())",
        "    else:",
        "        g.rng = Random(rng.getrandbits(64))",
        "    g.history = list(self.history)",
        "    g.options = dict(self.options)",
    ]
    lines += [f"    g.{n} = self.{n}.copy()" for n in mutable.zones]
    lines += [f"    g.{n} = [z.copy() for z in self.{n}]" for n in mutable.zone_lists]
    lines += [f"    g.{n} = self.{n}.copy()" for n in mutable.plain]
    lines += [f"    g.{n} = None if self.{n} is None else self.{n}.copy()" for n in mutable.optional]
    lines += [f"    g.{n} = [list(r) for r in self.{n}]" for n in mutable.rows]
    if hasattr(cls, "_clone_more"):
        lines.append("    self._clone_more(g)")
    lines.append("    return g")
    scope: dict[str, Any] = {"cls": cls, "new": cls.__new__, "Random": random.Random}
    exec("\n".join(lines), scope)  # noqa: S102 - code made here from attribute names checked above
    clone = scope["clone"]
    clone.__qualname__ = f"{cls.__name__}.clone"
    clone.__doc__ = clone_function.__doc__
    return clone
