"""How long events take at the table: the layout's timing rule for each, and a whole game's time.

Pure data, no drawing: the table's timeline plays events by these rules, and
the house-rule lab uses them to say how long a game lasts at the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from cardtable.engine import events as ev
from cardtable.settings import Settings

from . import has_layout, load_layout
from .schema import Layout, Timing

EVENT_NAMES: dict[type, str] = {
    ev.Moved: "moved",
    ev.Gathered: "gathered",
    ev.Turned: "turned",
    ev.Rotated: "rotated",
    ev.Attached: "attached",
    ev.Shuffled: "shuffled",
    ev.Announced: "announced",
    ev.ScoreChanged: "score",
    ev.TrickWon: "trick_won",
    ev.PlayerOut: "player_out",
    ev.RoundEnded: "round_ended",
    ev.GameOver: "game_over",
}


def timing_of(layout: Layout, event: ev.Event) -> Timing:
    """The layout's timing rule for ``event``."""
    name = EVENT_NAMES.get(type(event), "")
    if isinstance(event, ev.Moved):
        return layout.timing(name, event.src[0], event.dst[0])
    if isinstance(event, ev.Gathered):
        return layout.timing(name, None, event.dst[0])
    if isinstance(event, ev.Announced):
        return layout.timing(name, what=event.what)
    return layout.timing(name)


def table_seconds(layout: Layout, events: Iterable[ev.Event], moves: int, pause: float) -> float:
    """Seconds a game takes at the table at normal animation speed: every event's hold, glide and
    gap, plus ``pause`` before each of the ``moves`` (a computer's wait; people think longer)."""
    total = moves * pause
    for event in events:
        rule = timing_of(layout, event)
        total += rule.hold + rule.glide + rule.gap
    return total


@cache
def _built_in(game_id: str) -> Layout | None:
    return load_layout(game_id) if has_layout(game_id) else None


@cache
def _default_pause() -> float:
    return Settings().computer_pause


def game_seconds(game_id: str, events: Sequence[ev.Event], moves: int) -> float:
    """Seconds a whole game of computers takes at the table with the default settings (the house-rule
    lab's clock): the built-in layout's timings at normal speed, and a computer's pause per move."""
    layout = _built_in(game_id)
    if layout is None:
        return 0.0
    return table_seconds(layout, events, moves, _default_pause())
