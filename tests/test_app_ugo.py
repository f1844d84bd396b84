"""U-G-O at the table, driven headless with real clicks, drags and keys.

The human plays the moves the rule-based player would choose, made through
the table's gestures: a card dragged to the table (a plain drop plays it in
attack; clicked twice, a menu offers the positions), equips dragged onto
cards, specials onto their targets, attacks dragged onto the enemy, turns by
a click, buttons for the rest.
"""

import random

import pytest

from cardtable import games
from cardtable.ai import make_agent
from cardtable.app.scenes.privacy import PrivacyScene
from cardtable.app.scenes.results import ResultsScene
from cardtable.engine import Card
from ui import button, card_point, click, drag, key, make_app, table_game, target_point, tick

SPEC = games.get("ugo")


def _point(scene, target):
    return card_point(scene, target) if isinstance(target, Card) else target_point(scene, target)


def _move(app, scene, agent, rng, used) -> None:
    game = scene.match.game
    seat = scene.viewer
    a = agent.choose(scene.view)
    kinds = {x.kind for x in scene.view.legal}
    if "take" in kinds:
        assert "ten" in kinds, "a lone human who holds no 10 is not stopped to say so"
    before = len(game.history)
    if a.kind == "play" and a.value != "attack":
        click(app, card_point(scene, a.card))
        click(app, card_point(scene, a.card))
        menu = [b for b, action in scene.controls.menu if action == a]
        assert menu, f"no menu item for {a}"
        click(app, menu[0].rect.center)
        used.add("play menu")
    elif a.card is not None and a.target is not None:
        drag(app, card_point(scene, a.card), _point(scene, a.target))
        used.add(f"{a.kind} drag")
    elif a.card is not None:
        click(app, card_point(scene, a.card))
        if len(game.history) == before:  # the card can do more than this: a second click asks which
            click(app, card_point(scene, a.card))
            menu = [b for b, action in scene.controls.menu if action == a]
            assert menu, f"no menu item for {a}"
            click(app, menu[0].rect.center)
            used.add(f"{a.kind} menu")
        used.add(f"{a.kind} click")
    elif a.kind == "end" and rng.random() < 0.5:
        key(app, ord("e"))
        used.add("end key")
    else:
        click(app, button(scene, scene.label(a)).rect.center)
        used.add(f"{a.kind} button")
    made = [entry[1] for entry in game.history[before:] if entry[0] == seat]
    assert made[:1] == [a], f"{a} was not made (made: {made}; status: {scene.status_text()})"


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_a_whole_game_by_gestures_ends_on_the_results(players, seed):
    app = make_app()
    scene = table_game(app, [(f"P{i}", i == 0) for i in range(players)], seed=seed, game="ugo")
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
    assert {"play drag", "attack drag", "end key"} <= used, used
