"""The registry of games: ``cardtable.games.get("ugly")``."""

from __future__ import annotations

from cardtable.engine import GameSpec

from . import ugh, ugly, ugo, ultimate_loser

_SPECS: dict[str, GameSpec] = {spec.id: spec for spec in (ugly.SPEC, ugo.SPEC, ugh.SPEC, ultimate_loser.SPEC)}
_loaded: set[str] = set()


def ids() -> list[str]:
    """The ids of every registered game, in menu order."""
    return list(_SPECS)


def get(game_id: str) -> GameSpec:
    """The spec of ``game_id``, with its built-in variants loaded."""
    try:
        spec = _SPECS[game_id]
    except KeyError:
        raise KeyError(f"no game {game_id!r}; known games: {', '.join(_SPECS)}") from None
    if game_id not in _loaded:
        from cardtable.variants import load_builtin

        spec.variants = load_builtin(spec)
        _loaded.add(game_id)
    return spec


def all_specs() -> list[GameSpec]:
    """Every registered game, variants loaded."""
    return [get(i) for i in _SPECS]
