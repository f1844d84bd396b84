"""The Ugly table driven headless with real drags, clicks and keys."""

import pygame

from cardtable.app.scenes.results import ResultsScene
from cardtable.app.table.summary import summary_lines
from cardtable.engine import Card
from ui import (
    button,
    card_point,
    click,
    drag,
    key,
    make_app,
    run,
    table_game,
    target_point,
    tick,
    until,
    until_my_turn,
)

SOLO = [("You", True), ("Ada", False), ("Bo", False), ("Cy", False)]


def wait_for_me(app, scene, limit=60.0):
    until_my_turn(app, scene, limit)


def play_by_drag(app, scene):
    """Make the viewer's current decision with the mouse, like a player would."""
    view = scene.view
    legal = view.legal
    kind = legal[0].kind
    if kind == "trump":
        click(app, button(scene, legal[0].label).rect.center)
    elif scene.resolver().select_kind():
        for action in legal[: view.select]:
            drag(app, card_point(scene, action.card), scene.zone_rect(("pass", scene.viewer)).center)
        click(app, button(scene, "Confirm").rect.center)
    else:
        action = legal[0]
        drag(app, card_point(scene, action.card), target_point(scene, action.target))


def test_passing_by_dragging_cards_then_confirming():
    app = make_app()
    scene = table_game(app, SOLO, seed=5)
    wait_for_me(app, scene)
    if scene.view.phase == "trump":
        play_by_drag(app, scene)
        wait_for_me(app, scene)
    assert scene.view.phase == "pass" and scene.resolver().select_kind() == "count"
    game = scene.session.match.game
    legal = scene.view.legal
    need = scene.view.select
    picked = [a.card for a in legal[:need]]
    for card in picked:
        drag(app, card_point(scene, card), scene.zone_rect(("pass", 0)).center)
    assert list(scene.session.pick.cards) == picked
    assert set(picked) <= set(game.hands[0].cards)  # nothing is passed before confirming
    click(app, button(scene, "Confirm").rect.center)
    assert set(picked) & set(game.hands[0].cards) == set()
    assert all(c in game.passing[0].cards or c in game.hands[1].cards for c in picked)


def test_a_full_round_played_by_dragging_cards():
    app = make_app()
    scene = table_game(app, SOLO, seed=8)
    game = scene.session.match.game
    start_round = game.round
    moves = 0
    while game.round == start_round and not game.is_over():
        wait_for_me(app, scene)
        if game.round != start_round:
            break
        before = len(game.history)
        play_by_drag(app, scene)
        assert len(game.history) > before, "the drag made a move"
        moves += 1
    assert game.round == start_round + 1
    assert moves >= 13
    assert sum(game.round_scores[0][s] for s in range(4)) == sum(game.totals)


def test_a_round_played_with_the_keyboard():
    app = make_app()
    scene = table_game(app, SOLO, seed=11)
    game = scene.session.match.game
    played = 0
    while game.round == 1:
        wait_for_me(app, scene)
        if game.round != 1:
            break
        before = len(game.history)
        if scene.resolver().select_kind():
            for _ in range(scene.view.select):
                key(app, pygame.K_RIGHT)
                key(app, pygame.K_SPACE)
            key(app, pygame.K_RETURN)
        elif scene.view.legal[0].kind == "trump":
            key(app, pygame.K_1)
        else:
            key(app, pygame.K_RIGHT)
            key(app, pygame.K_RETURN)
            played += 1
        assert len(game.history) > before, "the keys made a move"
    assert played == 13


def test_an_illegal_drop_glides_back_and_says_why():
    app = make_app()
    scene = table_game(app, SOLO, seed=21)
    game = scene.session.match.game
    for _ in range(400):
        wait_for_me(app, scene)
        view = scene.view
        if view.phase == "play" and view.info["lead_suit"] is not None:
            hand = view.zone("hand", 0).known_cards
            legal = {a.card for a in view.legal}
            illegal = [c for c in hand if c not in legal]
            if illegal:
                break
        play_by_drag(app, scene)
    else:
        raise AssertionError("never had to follow suit with another suit in hand")
    card: Card = illegal[0]
    before = game.to_dict()
    start = card_point(scene, card)
    drag(app, start, scene.zone_rect(("trick", 0)).center)
    assert game.to_dict() == before
    assert scene.status_text().startswith("You must follow")
    run(app, 0.5)
    assert card_point(scene, card) == start  # back in the hand


def test_click_to_select_then_click_the_target():
    app = make_app()
    scene = table_game(app, SOLO, seed=4)
    game = scene.session.match.game
    while not (scene.view.phase == "play" and scene.my_turn):
        wait_for_me(app, scene)
        if scene.view.phase != "play":
            play_by_drag(app, scene)
    action = scene.view.legal[0]
    click(app, card_point(scene, action.card))
    assert scene.session.pick.focus == action.card
    before = len(game.history)
    click(app, target_point(scene, action.target))
    assert len(game.history) == before + 1 and game.history[-1][1] == action


def test_trump_is_called_with_buttons_made_from_the_labels():
    app = make_app()
    for seed in range(40):
        scene = table_game(app, SOLO, seed=seed)
        run(app, 0.3)
        if scene.session.match.game.to_act() == (0,) and scene.session.match.game.phase == "trump":
            break
        app.pop()
    else:
        raise AssertionError("seat 0 never called trump")
    wait_for_me(app, scene)
    labels = [c.button.label for c in scene.controls.actions()]
    assert labels == [a.label for a in scene.view.legal]
    click(app, button(scene, "Call hearts").rect.center)
    assert scene.session.match.game.trump == "H"


def test_a_whole_game_ends_on_the_results_screen():
    app = make_app()
    scene = table_game(app, SOLO, seed=2, variant="short-game")
    game = scene.session.match.game
    while not game.is_over():
        wait_for_me(app, scene, limit=120)
        if game.is_over():
            break
        play_by_drag(app, scene)
    until(app, lambda: scene.summary is not None, 10)  # the last round's summary comes first
    assert "Round 4 of 4 is over" in summary_lines(scene.summary[0], scene.session.names, 0, "round")[0]
    click(app, (640, 360))
    until(app, lambda: isinstance(app.stack.top, ResultsScene), 10)
    results = app.stack.top
    assert results.view.over and set(results.view.winners) == set(game.winners())
    assert len(results.rounds) == 4
    assert sorted(results.order) == [0, 1, 2, 3] and results.order[0] in game.winners()
    click(app, results.buttons[0].rect.center)  # play again
    assert app.stack.top.session.match.game is not game


def test_a_click_skips_the_running_animation():
    app = make_app(speed="slow")
    scene = table_game(app, SOLO, seed=3)
    tick(app)
    assert scene.animating  # the deal is on its way
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 300), button=1)])
    assert not scene.timeline.queue and not any(t.moving for t in scene.model.tokens())
    assert len(scene.model.zones[("hand", 0)]) == 13


def test_no_action_while_cards_are_in_flight():
    app = make_app(speed="slow")
    scene = table_game(app, SOLO, seed=3)
    tick(app)
    assert scene.animating and not scene.my_turn and scene.legal() == ()
    assert scene.perform(list(scene.session.match.view(0).legal)) is False


def test_at_normal_speed_the_controls_appear_once_the_deal_has_landed():
    app = make_app(speed="normal")
    for seed in range(60):
        scene = table_game(app, SOLO, seed=seed)
        if scene.session.match.game.to_act() == (0,) and scene.session.match.game.phase == "trump":
            break
        app.pop()
    assert scene.controls.actions() == []  # nothing to click mid-deal
    wait_for_me(app, scene)
    click(app, button(scene, "Call clubs").rect.center)
    assert scene.session.match.game.trump == "C"


def test_confirm_right_after_a_drop_passes_the_cards():
    app = make_app(speed="normal")
    scene = table_game(app, SOLO, seed=5)
    game = scene.session.match.game
    while not scene.resolver().select_kind():
        wait_for_me(app, scene)
        if not scene.resolver().select_kind():
            play_by_drag(app, scene)
    cards = [a.card for a in scene.view.legal[: scene.view.select]]
    for card in cards:
        drag(app, card_point(scene, card), scene.zone_rect(("pass", 0)).center)
    click(app, button(scene, "Confirm").rect.center)  # cards may still be gliding: it must count
    assert not set(cards) & set(game.hands[0].cards)


def test_a_table_of_computers_says_whose_turn_it_is_with_the_plates():
    """Watching computers, the status names the player whose plate is lit: both tell the game as
    it stands (a card still gliding to the trick does not hold the turn back)."""
    app = make_app()
    names = ["Ada", "Bo", "Cy", "Dee"]
    scene = table_game(app, [(n, False) for n in names], seed=6)
    assert scene.viewer is None
    checked = 0

    def agrees():
        nonlocal checked
        text = scene.status_text()
        named = [i for i, n in enumerate(names) if text.startswith(f"Waiting for {n}")]
        if named:
            assert named[0] in scene.session.now_view().to_act, (text, scene.session.now_view().to_act)
            assert set(scene.session.now_view().to_act) == set(scene.lit_plates()), text
            checked += 1

    run(app, 20.0, each=agrees)
    assert checked > 100
