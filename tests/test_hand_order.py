"""The player's hand in the order they chose: as the game's table sorts it, by suit with trump first,
or by rank (pairs side by side)."""

from __future__ import annotations

import pytest

from ui import make_app, table_game, tick, until

SOLO = [("Mia", True), ("Ada", False), ("Bo", False), ("Cy", False)]


def _hand(scene) -> list:
    return [t.card for t in scene.model.zones[("hand", scene.viewer)]]


@pytest.mark.parametrize("order", ["table", "suit", "rank"])
def test_the_hand_follows_the_players_order(order):
    app = make_app()
    app.settings.hand_order = order
    scene = table_game(app, SOLO, seed=6, options={"rounds": 1})
    until(app, lambda: scene.my_turn and scene.view.phase == "trump")
    hearts = next(a for a in scene.view.legal if a.value == "H")
    scene.perform([hearts])
    until(app, lambda: scene.view.info.get("trump") == "H" and not scene.timeline.busy)
    tick(app)
    cards = _hand(scene)
    suits = [c.suit for c in cards]
    if order == "rank":
        assert [c.rank for c in cards] == sorted(c.rank for c in cards)
    elif order == "suit":
        assert suits[: suits.count("H")] == ["H"] * suits.count("H")  # trump first
        runs = [s for i, s in enumerate(suits) if i == 0 or suits[i - 1] != s]
        assert len(runs) == len(set(suits))  # each suit together
    else:
        assert suits.index("S") < suits.index("H")  # the table's own order: spades first
