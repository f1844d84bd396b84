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
from ui import (
    button,
    card_point,
    click,
    confirm_privacy,
    drag,
    key,
    make_app,
    table_game,
    target_point,
    tick,
    token_of,
)

SPEC = games.get("ugh")


def _move(app, scene, agent, rng, used, choose=None) -> None:
    game = scene.session.match.game
    seat = scene.viewer
    a = (choose or agent.choose)(scene.view)
    before = len(game.history)
    if a.kind == "flip":
        if rng.random() < 0.5:
            click(app, target_point(scene, ZoneRef("deck")))
            used.add("deck click")
        else:
            key(app, pygame.K_f)
            used.add("f key")
    elif a.kind in ("take", "lock", "discard"):
        if rng.random() < 0.5 or a.preview:
            click(app, card_point(scene, a.card))
            if a.preview:  # the set's last card: its score is shown, then confirmed
                assert len(game.history) == before and scene.status_text().startswith(a.label)
                assert " points" in a.label or " point" in a.label
                key(app, pygame.K_RETURN) if rng.random() < 0.5 else click(app, card_point(scene, a.card))
                used.add("lock confirmed")
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
        click(app, button(scene, scene.session.label(a)).rect.center)
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
    assert scene.session.match.game.is_over() and isinstance(app.stack.top, ResultsScene)
    assert {"deck click", "f key"} & used and {"take click", "take drag"} & used
    assert ("lock confirmed" in used) == bool(scene.session.match.game.sets[0]), (
        "each set locked was confirmed"
    )


def _hoarding(agent):
    """The rule-based player's moves, except that it locks no set until the last-card window
    (so a human's Pool can still lock when the window opens)."""

    def choose(view):
        a = agent.choose(view)
        if a.kind == "lock" and not view.info["window"] and not view.zone("set", view.seat).cards:
            others = {x.kind: x for x in view.legal if x.kind != "lock"}
            return others.get("end") or others.get("flip") or next(iter(others.values()), a)
        return a

    return choose


def test_two_humans_pass_and_play_through_the_last_card_window_seeing_nothing_hidden():
    app = make_app()
    seats = [("Mia", True), ("Ada", False), ("Noor", True), ("Bo", False)]
    scene = table_game(app, seats, seed=11, game="ugh")
    game = scene.session.match.game
    humans = (0, 2)
    agents = {h: make_agent("normal", SPEC, h) for h in humans}
    rng = random.Random(1)
    used: set[str] = set()
    screens, frames, window_moves = 0, 0, set()
    for _ in range(40000):
        if isinstance(app.stack.top, ResultsScene):
            break
        tick(app)
        top = app.stack.top
        if isinstance(top, PrivacyScene):
            assert scene not in app.stack.visible(), "the table is hidden behind the privacy screen"
            acting = game.to_act()[0]
            assert top.name == scene.session.names[acting if acting in humans else humans[0]]
            screens += 1
            confirm_privacy(app)
            continue
        if scene in app.stack.visible() and scene.viewer is not None:
            leaked = scene.drawn_faces - set(scene.session.match.view(scene.viewer).known_cards())
            assert not leaked, f"{scene.session.names[scene.viewer]}'s screen showed {leaked}"
            frames += 1
        if scene.summary is not None:
            click(app, (640, 360))
        elif scene.my_turn and top is scene:
            if scene.view.info["window"]:
                window_moves.add(scene.viewer)
            _move(app, scene, agents[scene.viewer], rng, used, _hoarding(agents[scene.viewer]))
    assert game.is_over() and isinstance(app.stack.top, ResultsScene)
    assert screens >= 10 and frames > 100  # frames drawn for a human sitting at the screen
    assert window_moves, "a human locked (or passed) in the last-card window"
    window = [e for e in scene.session.match.log if getattr(e, "what", None) == "last_card"]
    assert window and set(window[0].value) & set(humans)


def _until_the_human_may_steal(app, scene, agent, rng) -> None:
    used: set[str] = set()
    for _ in range(40000):
        tick(app)
        if isinstance(app.stack.top, PrivacyScene) or scene.summary is not None:
            click(app, (640, 360))
        elif scene.my_turn and app.stack.top is scene:
            if any(a.kind == "steal" for a in scene.view.legal):
                return
            _move(app, scene, agent, rng, used)
        assert not scene.session.match.game.is_over(), "no steal came up"


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (12, 4)])
def test_a_steal_is_a_drag_of_the_wild_onto_the_card_in_another_pool(players, seed):
    app = make_app()
    scene = table_game(app, [(f"P{i}", i == 0) for i in range(players)], seed=seed, game="ugh")
    rng = random.Random(seed)
    _until_the_human_may_steal(app, scene, make_agent("normal", SPEC, 1), rng)
    steal = next(a for a in scene.view.legal if a.kind == "steal")
    wild, target = steal.card, steal.target
    assert target in scene.resolver().targets([wild]), "the card to steal lights up"
    victim = next(ref for ref, tokens in scene.model.zones.items() if any(t.card == target for t in tokens))
    start = card_point(scene, wild)
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    near = scene.zone_rect(victim).center  # over the victim's Pool: on a crowded table it grows
    tick(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=near, rel=(0, 0), buttons=(1, 0, 0))])
    assert scene.geometry.expanded is None, "not while the pointer passes over"
    tick(app, dt=0.4)  # resting on it
    assert scene.geometry.expanded == victim
    end = card_point(scene, target)
    tick(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))])
    before = len(scene.session.match.game.history)
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])
    assert scene.session.match.game.history[before:][:1] == [(0, steal)]
    assert token_of(scene, target) in scene.model.zones[("pool", 0)]


@pytest.mark.parametrize("players", [2, 4, 7, 12])
def test_other_pools_grow_under_the_pointer(players):
    app = make_app()
    scene = table_game(app, [(f"P{i}", i == 0) for i in range(players)], seed=players, game="ugh")
    game = scene.session.match.game
    agent = make_agent("normal", SPEC, 0)
    while len(game.history) < 25 * players:
        if scene.my_turn and app.stack.top is scene:
            _move(app, scene, agent, random.Random(0), set())
        tick(app, dt=0.25)
    scene.session.driver.think_at = float("inf")  # hold the game still while we look
    screen = app.surface.get_rect()
    pools = [ref for ref, tokens in scene.model.zones.items() if ref[0] == "pool" and tokens]
    assert len(pools) >= 2
    for ref in pools:
        small = [scene.stage.token_rect(t).width for t in scene.model.zones[ref]]
        tick(
            app,
            [
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=scene.zone_rect(ref).center, rel=(0, 0), buttons=(0, 0, 0)
                )
            ],
        )
        tick(app, dt=0.4)
        if ref[1] == scene.viewer:
            assert scene.geometry.expanded is None, "your own Pool is already large"
            continue
        assert scene.geometry.expanded == ref
        for token in scene.model.zones[ref]:
            rect = scene.stage.token_rect(token)
            assert rect.width > max(small) and screen.contains(rect)
            assert scene.stage.token_at(scene.stage.point_of(token.card)) is token, (
                "every grown card can be reached"
            )
    tick(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 470), rel=(0, 0), buttons=(0, 0, 0))])
    assert scene.geometry.expanded is None


def test_a_flipped_ugh_card_is_put_in_the_spotlight_with_what_it_does():
    app = make_app("normal")
    scene = table_game(app, [(f"P{i}", i == 0) for i in range(4)], seed=5, game="ugh")
    game = scene.session.match.game
    for _ in range(20000):
        tick(app)
        if scene.spotlight is not None:
            break
        if scene.my_turn and app.stack.top is scene:
            flip = next((a for a in scene.view.legal if a.kind == "flip"), None)
            key(app, pygame.K_f) if flip else click(
                app, button(scene, scene.session.label(scene.view.legal[-1])).rect.center
            )
    assert scene.spotlight is not None, "an Ugh! card was flipped"
    (card,), (head, body), _ = scene.spotlight
    assert "Ugh!" in card.name or "Ice Age" in card.name
    assert "flip" in head and "turn ends" in body.lower()  # what happened, then what it does
    tick(app)
    assert card in scene.panel_faces, "drawn on the table"
    assert scene.spotlight_rect.width > 2 * scene.geometry.card_width
    before = len(game.history)
    click(app, scene.spotlight_rect.center)
    assert scene.spotlight is None and len(game.history) == before, (
        "a click puts it away, and does nothing else"
    )


def test_ties_share_a_place_in_the_standings():
    from cardtable.app.scenes.results import standing_ranks

    scores = (141, 118, 141, 60, 118)
    assert standing_ranks(scores, [0, 2, 1, 4, 3]) == [1, 1, 3, 3, 5]
    assert standing_ranks((5,), [0]) == [1]
    # U-G-O: everyone out has 0 cards left; who went out later places higher, none shares.
    assert standing_ranks((14, 0, 0, 0), [0, 1, 2, 3], out_order=(3, 2, 1)) == [1, 2, 3, 4]


@pytest.mark.parametrize("players", [2, 7, 12])
def test_the_results_of_a_full_table_stay_above_the_buttons(players):
    from cardtable.app.scenes.results import ResultsScene

    app = make_app()
    game = SPEC.new_game(players, seed=1)
    agents = [make_agent("random", SPEC, s) for s in range(players)]
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, agents[seat].choose(game.view(seat)))
    names = [f"Player {i + 1}" for i in range(players)]
    results = ResultsScene(app, SPEC, game.view(0), names, lambda: None, lambda: None)
    app.push(results)
    tick(app)
    top = min(b.rect.top for b in results.buttons)
    assert results.standings_bottom <= top, "the last place is not hidden behind the buttons"


def test_your_pool_stays_bright_while_the_choice_is_elsewhere():
    app = make_app()
    scene = table_game(app, [(f"P{i}", i == 0) for i in range(3)], seed=2, game="ugh")
    agent = make_agent("normal", SPEC, 0)
    rng = random.Random(0)
    for _ in range(20000):
        tick(app)
        pool = scene.model.zones[("pool", 0)]
        legal = {a.kind for a in scene.view.legal}
        if scene.my_turn and pool and legal <= {"flip", "take"} and not scene.timeline.busy:
            break
        if scene.my_turn and app.stack.top is scene:
            _move(app, scene, agent, rng, set())
    token = scene.model.zones[("pool", 0)][-1]  # the top card of the row: nothing covers its middle
    rect = scene.stage.token_rect(token)
    tick(app)
    face = app.cards.face(token.card, rect.width)
    drawn = app.surface.get_at(rect.center)[:3]
    expected = face.get_at((face.get_width() // 2, face.get_height() // 2))[:3]
    assert sum(abs(a - b) for a, b in zip(drawn, expected, strict=True)) < 30, "not dimmed"


def test_new_game_from_a_table_starts_from_that_game(config_folder):
    from cardtable.app.scenes.newgame import NewGameScene

    app = make_app()
    scene = table_game(app, [("Mia", True), ("Ada", False), ("Bo", False)], seed=1, game="ugh")
    scene.exits.new_game()
    new = app.stack.top
    assert isinstance(new, NewGameScene)
    assert new.setup.game == "ugh" and [s.name for s in new.setup.seats] == ["Mia", "Ada", "Bo"]


def test_the_winner_is_named_in_the_right_person():
    from cardtable.app.table.words import winners_text

    assert winners_text(["Mia"]) == "Mia wins!"
    assert winners_text(["Mia", "Bo"]) == "Mia and Bo win!"
    assert winners_text(["You"]) == "You win!"
    assert winners_text([]) == "Game over"


def test_a_card_flipped_is_shown_to_everyone_before_the_screen_is_handed_over():
    """Pass-and-play: an Ugh! card that ends a turn is shown large on the open table (nobody's hand
    shown) for everyone to read; the privacy screen for the next person comes after it."""
    app = make_app()
    scene = table_game(app, [("Mia", True), ("Noor", True)], seed=4, game="ugh")
    agents = {h: make_agent("normal", SPEC, h) for h in (0, 1)}
    rng = random.Random(4)
    used: set[str] = set()
    spotted = before_screen = 0
    for _ in range(6000):
        if isinstance(app.stack.top, ResultsScene) or before_screen >= 3:
            break
        tick(app)
        top = app.stack.top
        if isinstance(top, PrivacyScene):
            assert scene.spotlight is None, f"the screen was handed over over {scene.spotlight[1]!r}"
            before_screen += spotted > 0
            spotted = 0
            confirm_privacy(app)
            continue
        if scene.spotlight is not None and scene.viewer is None:
            spotted += 1  # read by everyone: nobody sits while the turn passes
        if scene.summary is not None:
            click(app, (640, 360))
        elif scene.my_turn:
            _move(app, scene, agents[scene.viewer], rng, used)
    assert before_screen >= 3, "a flipped card was shown before the screen was handed over"
