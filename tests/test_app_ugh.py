"""Ugh! at the table, driven headless with real clicks, drags and keys.

The human plays the moves the rule-based player would choose, made through
the table's gestures (click or F on the deck, a click or drag to take, a
drag to steal, Pool cards clicked or dragged to lock and to discard,
buttons), so the games are real games and reach every phase.
"""

import random

import pygame
import pytest

from cardtable import games
from cardtable.ai import make_agent
from cardtable.app.scenes.privacy import PrivacyScene
from cardtable.app.scenes.results import ResultsScene
from cardtable.engine import ZoneRef
from ui import button, card_point, click, drag, key, make_app, table_game, target_point, tick

SPEC = games.get("ugh")


def _move(app, scene, agent, rng, used) -> None:
    game = scene.match.game
    seat = scene.viewer
    a = agent.choose(scene.view)
    before = len(game.history)
    if a.kind == "flip":
        if rng.random() < 0.5:
            click(app, target_point(scene, ZoneRef("deck")))
            used.add("deck click")
        else:
            key(app, pygame.K_f)
            used.add("f key")
    elif a.kind in ("take", "lock", "discard"):
        if rng.random() < 0.5:
            click(app, card_point(scene, a.card))
            used.add(f"{a.kind} click")
        else:
            drag(app, card_point(scene, a.card), target_point(scene, a.target))
            used.add(f"{a.kind} drag")
    elif a.kind == "steal":
        drag(app, card_point(scene, a.card), card_point(scene, a.target))
        used.add("steal drag")
    elif a.kind in ("pool", "keep") and rng.random() < 0.5:
        drag(app, card_point(scene, a.card), target_point(scene, a.target))
        used.add(f"{a.kind} drag")
    else:
        click(app, button(scene, scene.label(a)).rect.center)
        used.add(f"{a.kind} button")
    made = [entry[1] for entry in game.history[before:] if entry[0] == seat]
    assert made[:1] == [a], f"{a} was not made (made: {made})"


@pytest.mark.parametrize(("players", "seed"), [(2, 2), (4, 5), (6, 3), (12, 4)])
def test_a_whole_game_by_gestures_ends_on_the_results(players, seed):
    app = make_app()
    scene = table_game(app, [(f"P{i}", i == 0) for i in range(players)], seed=seed, game="ugh")
    agent = make_agent("normal", SPEC, 5)
    rng = random.Random(seed)
    used: set[str] = set()
    for _ in range(40000):
        if isinstance(app.stack.top, ResultsScene):
            break
        tick(app)
        if isinstance(app.stack.top, PrivacyScene) or scene.summary is not None:
            click(app, (640, 360))
        elif scene.my_turn and app.stack.top is scene:
            _move(app, scene, agent, rng, used)
    assert scene.match.game.is_over() and isinstance(app.stack.top, ResultsScene)
    assert {"deck click", "f key"} & used and {"take click", "take drag"} & used
