"""Random mouse, key, text and resize events through every scene of every game: nothing raises.

A few thousand events from fixed seeds; ``tests/benchmarks/ui_fuzz.py`` runs as many as you like.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_SPEC = importlib.util.spec_from_file_location("ui_fuzz", Path(__file__).parent / "benchmarks" / "ui_fuzz.py")
ui_fuzz = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(ui_fuzz)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_events_through_every_scene_raise_nothing(seed):
    fuzzer = ui_fuzz.Fuzzer(seed)
    fuzzer.run(1000)
    assert fuzzer.events == 1000
    assert not fuzzer.errors, fuzzer.errors[0]


def test_the_fuzzer_reaches_the_tables_of_every_game():
    """It would prove little if it never left the title: it sits down at each game's table."""
    from cardtable.app.scenes.table import TableScene

    fuzzer = ui_fuzz.Fuzzer(4)
    seen = set()
    for _ in range(40):
        fuzzer._table()
        fuzzer.run(5)
        seen |= {s.session.spec.id for s in fuzzer.app.stack.scenes if isinstance(s, TableScene)}
    from cardtable.app.layout import playable_games

    assert seen == set(playable_games())
    assert not fuzzer.errors, fuzzer.errors[0]
