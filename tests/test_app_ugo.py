"""U-G-O at the table, driven headless with real clicks, drags and keys.

The human plays the moves the rule-based player would choose, made through
the table's gestures: a card dragged to the table (a plain drop plays it in
attack; clicked twice, a menu offers the positions), equips dragged onto
cards, specials onto their targets, attacks dragged onto the enemy, turns by
a click, buttons for the rest.
"""

import random

import pygame
import pytest

from cardtable import games
from cardtable.ai import make_agent
from cardtable.app.scenes.privacy import PrivacyScene
from cardtable.app.scenes.results import ResultsScene
from cardtable.engine import Card, ZoneRef
from ui import (
    button,
    card_point,
    click,
    confirm_privacy,
    continue_summary,
    drag,
    key,
    make_app,
    table_game,
    target_point,
    tick,
)

SPEC = games.get("ugo")


def _point(scene, target):
    return card_point(scene, target) if isinstance(target, Card) else target_point(scene, target)


def _move(app, scene, agent, rng, used) -> None:
    game = scene.session.match.game
    seat = scene.viewer
    a = agent.choose(scene.view)
    kinds = {x.kind for x in scene.view.legal}
    if "take" in kinds and not scene.session.driver.pass_and_play:
        assert "ten" in kinds, "a lone human who holds no 10 is not stopped to say so"
    before = len(game.history)
    mode = scene.layout.action(a.kind).mode
    if mode != scene.session.mode and a.card is not None:
        # Turning cards is a mode a button turns on (its key, some of the time); Done turns it off.
        if rng.random() < 0.3:
            key(app, ord("p"))
        else:
            click(app, button(scene, "Done" if scene.session.mode else mode).rect.center)
        assert scene.session.mode == mode
        used.add("mode")
    if a.kind == "play" and a.value != "attack":
        click(app, card_point(scene, a.card))
        click(app, card_point(scene, a.card))
        menu = [b for b, action in scene.controls.menu if action == a]
        assert menu, f"no menu item for {a}"
        click(app, menu[0].rect.center)
        used.add("play menu")
    elif a.kind == "attack" and isinstance(a.target, ZoneRef) and rng.random() < 0.5:
        # A direct attack dropped on the enemy's name plate (their row may be small and empty).
        plate = next(r for r, ref in scene.stage.plate_drops if ref == a.target)
        drag(app, card_point(scene, a.card), plate.center)
        used.add("attack plate")
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
        click(app, button(scene, scene.session.label(a)).rect.center)
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
    told: set[str] = set()  # attacks and players out, as the spotlight put them
    flips = 0
    for _ in range(40000):
        if isinstance(app.stack.top, ResultsScene):
            break
        direction = scene.view.info.get("direction")
        tick(app)
        if scene.spotlight is not None and app.stack.top is scene:
            cards, (head, body), _ = scene.spotlight
            assert set(cards) <= scene.panel_faces, "the attack's cards are drawn large"
            told.add(f"{head}: {body}" if body else head)
        if scene.view.info.get("direction") != direction:
            flips += 1
            assert scene.hud.flips.seen["direction"][0] == scene.view.info["direction"], "the arrow turns"
        if isinstance(app.stack.top, PrivacyScene) or scene.summary is not None:
            click(app, (640, 360))
        elif scene.my_turn and app.stack.top is scene:
            _move(app, scene, agent, rng, used)
    game = scene.session.match.game
    assert game.is_over() and isinstance(app.stack.top, ResultsScene)
    assert {"play drag", "attack drag", "end key"} <= used, used
    assert "attack plate" in used or players > 2, used  # two players: direct attacks come often
    assert any(" attacks " in t and ("beats" in t or "directly" in t) for t in told), told
    outs = [t for t in told if t.split(":")[0].endswith((" is out", "You are out"))]
    assert len(outs) == players - len(game.winners()), f"each player out is announced: {outs}"
    results = app.stack.top
    assert results.points[-1] == list(game.scores()), "the chart ends on the cards left"
    assert len(results.points) == game.turn_count + 1, "one point per turn, and the end"


@pytest.mark.parametrize(
    "options", [{}, {"nine_counters": True, "ten_stops_specials": True}], ids=["standard", "counters"]
)
def test_two_humans_and_a_computer_see_nothing_hidden_and_are_asked_about_the_ten_in_private(options):
    app = make_app()
    seats = [("Mia", True), ("Noor", True), ("Ada", False)]
    scene = table_game(app, seats, seed=3, game="ugo", options=options)
    game = scene.session.match.game
    humans = (0, 1)
    agents = {h: make_agent("normal", SPEC, h) for h in humans}
    rng = random.Random(3)
    used: set[str] = set()
    screens, frames, asked, own_down = 0, 0, 0, 0
    seen = {h: set() for h in humans}  # what each human has been shown so far (the table plays events late)
    for _ in range(40000):
        if isinstance(app.stack.top, ResultsScene):
            break
        tick(app)
        for h in humans:
            seen[h] |= set(scene.session.match.view(h).known_cards())
        top = app.stack.top
        if isinstance(top, PrivacyScene):
            assert scene not in app.stack.visible(), "the table is hidden behind the privacy screen"
            acting = game.to_act()[0]
            assert top.name == scene.session.names[acting if acting in humans else humans[0]]
            screens += 1
            confirm_privacy(app)
            continue
        if scene in app.stack.visible() and scene.viewer is not None:
            leaked = scene.drawn_faces - seen[scene.viewer]
            assert not leaked, f"{scene.session.names[scene.viewer]}'s screen showed {leaked}"
            frames += 1
            own = game.tables[scene.viewer]
            down = {c for c in own.cards if not own.state[c].face_up}
            if down & scene.drawn_faces:
                own_down += 1  # its owner reads a face-down card (under a band of its back)
        if scene.summary is not None and top is scene:
            continue_summary(app, scene)  # a player out: the table pauses on where everyone stands
            continue
        if scene.my_turn and top is scene:
            kinds = {a.kind for a in scene.view.legal}
            if "take" in kinds:
                asked += 1  # asked about the 10 whether or not they hold one
            _move(app, scene, agents[scene.viewer], rng, used)
    assert game.is_over() and isinstance(app.stack.top, ResultsScene)
    assert screens >= 10 and frames > 60 and asked >= 1 and own_down > 0
    assert {"ten drag", "take button"} <= used, used  # the 10 played, and "let it happen", in private
    if options.get("nine_counters"):
        assert "counter drag" in used, used  # a 9 turned a special back on its player


def test_f1_opens_the_rules_with_the_card_roles_during_play():
    from cardtable.app.scenes.rules import RulesScene

    app = make_app()
    scene = table_game(app, [("You", True), ("Ada", False)], seed=1, game="ugo")
    tick(app)
    key(app, pygame.K_F1)
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules is not scene
    assert any("Attack/Defense cards" in text for _, text, _ in rules.lines)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_the_status_line_names_whom_a_held_card_would_hit():
    """A King held (clicked once) says what it will do, with the target's name, not a placeholder."""
    app = make_app()
    scene = table_game(app, [("You", True), ("Ada", False)], seed=2, game="ugo")
    agent = make_agent("normal", SPEC, 0)
    rng = random.Random(2)
    used: set[str] = set()
    for _ in range(40000):
        tick(app)
        if not (scene.my_turn and app.stack.top is scene):
            continue
        kings = [a for a in scene.view.legal if a.kind in ("king", "jack")]
        if kings and len([a for a in scene.view.legal if a.card == kings[0].card]) == 1:
            click(app, card_point(scene, kings[0].card))
            status = scene.status_text()
            assert "{seat" not in status and "Ada" in status, status
            return
        _move(app, scene, agent, rng, used)
    raise AssertionError("no King or Jack came to hand")


def test_a_second_attack_defense_card_clicked_says_why_it_waits():
    """Clicked or dropped on the bare felt, a card that cannot be played says the real reason."""
    from cardtable.games.ugo.cards import is_ad

    app = make_app()
    scene = table_game(app, [("You", True), ("Ada", False)], seed=4, game="ugo")
    agent = make_agent("normal", SPEC, 0)
    rng = random.Random(4)
    used: set[str] = set()
    for _ in range(40000):
        tick(app)
        if not (scene.my_turn and app.stack.top is scene and not scene.animating):
            continue
        plays = [
            a for a in scene.view.legal if a.kind == "play" and a.value == "attack" and a.target is not None
        ]
        hand = scene.view.zone("hand", 0).known_cards
        if plays and not isinstance(plays[0].target, Card) and sum(is_ad(c) for c in hand) >= 2:
            drag(app, card_point(scene, plays[0].card), target_point(scene, plays[0].target))
            for _ in range(30):
                tick(app)
            other = next(c for c in scene.view.zone("hand", 0).known_cards if is_ad(c))
            click(app, card_point(scene, other))
            assert scene.status_text() == "You have already played an Attack/Defense card this turn"
            drag(app, card_point(scene, other), (640, 200))  # the bare felt above the status line
            assert scene.status_text() == "You have already played an Attack/Defense card this turn"
            return
        _move(app, scene, agent, rng, used)
    raise AssertionError("never two Attack/Defense cards in hand")
