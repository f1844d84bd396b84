"""Pass-and-play: a privacy screen between humans, and no other human's cards ever drawn."""

from cardtable.app.scenes.privacy import PrivacyScene
from cardtable.app.scenes.table import TableScene
from test_app_table import play_by_drag
from ui import click, continue_summary, make_app, table_game, tick


def test_two_humans_never_see_each_others_cards():
    app = make_app()
    scene = table_game(
        app, [("Mia", True), ("Ada", False), ("Noor", True), ("Bo", False)], seed=6, variant="short-game"
    )
    game = scene.match.game
    humans = (0, 2)
    seen = {h: set() for h in humans}  # what each human may legitimately have seen so far
    screens = 0
    viewers = []
    frames = 0

    def check_frame():
        nonlocal frames
        for h in humans:
            seen[h] |= set(scene.match.view(h).known_cards())
        visible = app.stack.visible()
        if isinstance(app.stack.top, PrivacyScene):
            assert scene not in visible, "the table is hidden behind the privacy screen"
            return
        if scene in visible:
            leaked = scene.drawn_faces - seen[scene.viewer]
            assert not leaked, f"{scene.names[scene.viewer]}'s screen showed {leaked}"
            frames += 1

    steps = 0
    while not game.is_over() and steps < 4000:
        steps += 1
        tick(app)
        check_frame()
        top = app.stack.top
        if isinstance(top, PrivacyScene):
            screens += 1
            assert top.name == scene.names[game.to_act()[0]] or top.name in [
                scene.names[h] for h in game.to_act()
            ]
            click(app, (640, 360))
            check_frame()
            viewers.append(scene.viewer)
            continue
        if continue_summary(app, scene):
            continue
        if isinstance(top, TableScene) and scene.my_turn:
            assert scene.viewer in game.to_act()
            play_by_drag(app, scene)
            check_frame()
    assert game.is_over()
    assert screens >= 4 and set(viewers) == {0, 2}
    assert frames > 100


def test_simultaneous_passing_asks_each_human_in_turn():
    app = make_app()
    scene = table_game(app, [("Mia", True), ("Noor", True), ("Ada", False)], seed=9)
    game = scene.match.game
    asked = []
    for _ in range(600):
        tick(app)
        top = app.stack.top
        if game.phase == "play":
            break
        if isinstance(top, PrivacyScene):
            asked.append(top.name)
            click(app, (640, 360))
        elif scene.my_turn:
            play_by_drag(app, scene)
    assert game.phase == "play"
    assert "Noor" in asked or scene.viewer == 1


def test_one_human_never_gets_a_privacy_screen():
    app = make_app()
    scene = table_game(app, [("You", True), ("Ada", False), ("Bo", False)], seed=2)
    game = scene.match.game
    for _ in range(800):
        tick(app)
        assert not isinstance(app.stack.top, PrivacyScene)
        if scene.my_turn:
            play_by_drag(app, scene)
        if game.round > 1:
            break
    assert game.round > 1


def test_pass_and_play_starts_behind_a_privacy_screen_and_so_does_play_again():
    app = make_app()
    scene = table_game(app, [("Mia", True), ("Noor", True), ("Ada", False)], seed=4)
    tick(app)
    top = app.stack.top
    assert isinstance(top, PrivacyScene) and scene not in app.stack.visible()
    assert scene.viewer is None  # nobody's hand is on the table behind the screen either
    assert not scene.drawn_faces & set(scene.match.game.hands[0].cards)
    click(app, (640, 360))
    assert scene.viewer in (0, 1) and top.name == scene.names[scene.viewer]
    scene.play_again()
    again = app.stack.top
    assert isinstance(again, PrivacyScene)
    assert isinstance(app.stack.scenes[-2], TableScene) and app.stack.scenes[-2].viewer is None
