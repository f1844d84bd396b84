"""Naming the two sets of rules the lab compares: a variant (built in or the player's own) plus options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.engine import GameSpec, Variant
from cardtable.variants import variant_title

from .run import Side


def side(
    spec: GameSpec,
    players: int,
    variant: Variant | None = None,
    options: Mapping[str, Any] | None = None,
) -> Side:
    """The rules of ``variant`` (standard when None) with ``options`` over them, named for people.

    Raises :class:`~cardtable.engine.OptionError` for options the game refuses.
    """
    resolved = spec.resolve_options(players, options or {}, variant)
    standard = variant is None or variant.name == "standard"
    name = "Standard rules" if standard else variant_title(variant.name)
    if options:
        titles = {o.key: o.title for o in spec.schema}
        changes = ", ".join(f"{titles.get(k, k)}: {_plain(v)}" for k, v in options.items())
        name = changes if standard else f"{name} + {changes}"
    return Side(name, resolved)


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
