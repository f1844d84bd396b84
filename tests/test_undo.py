"""Undo at the table: back to the one human's last decision, exactly, in every game and count."""

from __future__ import annotations

import pygame
import pytest

from cardtable import games
from tests.ui import button, key, make_app, run, table_game, until_my_turn

COUNTS = [
    ("ugly", 3),
    ("ugly", 4),
    ("ugo", 2),
    ("ugo", 5),
    ("ugh", 2),
    ("ugh", 6),
    ("ultimate-loser", 2),
    ("ultimate-loser", 5),
]


def _decide(scene) -> None:
    """The human's decision: every pick it takes (a pass of three is one decision)."""
    view = scene.view
    picks = max(1, view.select)
    chosen = []
    for _ in range(picks):
        legal = scene.session.match.game.legal_actions(scene.viewer)
        chosen.append(legal[len(chosen) % len(legal)])
        scene.session.match.game.apply(scene.viewer, chosen[-1])
    scene.session.match.rewind(len(scene.session.match.game.history) - len(chosen))
    assert scene.perform(chosen)


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_undo_returns_exactly_the_earlier_state(game, players):
    assert {g for g, _ in COUNTS} == set(games.ids())  # every game is covered
    app = make_app()
    seats = [("You", True)] + [(f"C{i}", False) for i in range(1, players)]
    scene = table_game(app, seats, seed=11, game=game)
    undone = 0
    for _ in range(20):
        until_my_turn(app, scene)
        if scene.session.match.over:
            break
        if len(scene.view.legal) < 2:
            scene.perform([scene.view.legal[0]])
            continue
        before = scene.session.match.game.to_dict()
        seen_before = scene.view
        _decide(scene)
        until_my_turn(app, scene)
        if scene.session.match.over:
            break
        assert scene.session.can_undo
        assert button(scene, "Undo")
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert scene.session.match.game.to_dict() == before
        assert scene.view == seen_before  # the player sees what they saw then, and nothing more
        run(app, 0.1)
        assert scene.drawn_faces <= set(scene.view.known_cards())
        undone += 1
        if undone == 3:
            break
        _decide(scene)
    assert undone >= 2


def test_undo_also_takes_back_the_computers_moves_after_the_decision():
    app = make_app()
    scene = table_game(app, [("You", True), ("Bo", False), ("Cy", False)], seed=5, game="ultimate-loser")
    until_my_turn(app, scene)
    moves = len(scene.session.match.game.history)
    _decide(scene)
    until_my_turn(app, scene)
    assert len(scene.session.match.game.history) > moves + 1  # the computers played after the decision
    assert scene.undo()
    assert len(scene.session.match.game.history) == moves


def test_nothing_to_undo_before_the_first_decision():
    app = make_app()
    scene = table_game(app, [("You", True), ("Bo", False), ("Cy", False)], seed=5, game="ugh")
    until_my_turn(app, scene)
    assert scene.session.keeper.undo_point(0) is None
    assert not scene.session.can_undo and scene.button("Undo") is None
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert "Nothing to undo" in scene.status_text()


def test_no_undo_in_pass_and_play():
    app = make_app()
    scene = table_game(app, [("Ann", True), ("Ben", True), ("Cy", False)], seed=5, game="ultimate-loser")
    run(app, 0.1)
    for _ in range(3):
        while app.stack.top is not scene:
            key(app, pygame.K_RETURN)
        until_my_turn(app, scene)
        _decide(scene)
        run(app, 0.3)
    assert len(scene.session.match.game.history) > 3
    assert not scene.session.can_undo
    assert scene.button("Undo") is None
    moves = len(scene.session.match.game.history)
    while app.stack.top is not scene:
        key(app, pygame.K_RETURN)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.session.match.game.history) == moves
    assert not scene.undo()
