"""The app shell driven headless: title, new game, pause, rules, settings, results."""

import pygame
import pytest

from cardtable import games
from cardtable.app.app import App
from cardtable.app.layout import playable_games
from cardtable.app.scenes.dialogs import ConfirmScene
from cardtable.app.scenes.newgame import NewGameScene
from cardtable.app.scenes.pause import PauseScene
from cardtable.app.scenes.privacy import PrivacyScene
from cardtable.app.scenes.rules import RulesScene, load_rules
from cardtable.app.scenes.settings import SettingsScene
from cardtable.app.scenes.table import TableScene
from cardtable.app.scenes.title import TitleScene
from cardtable.resources import asset_file
from ui import choose, click, key, make_app, run, tick


def test_title_quick_start_opens_you_against_three_computers():
    app = make_app()
    app.push(TitleScene(app))
    tick(app)
    title = app.stack.top
    click(app, title.quick.rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.session.match.game.players == 4
    assert table.session.humans == [0] and table.viewer == 0
    assert [s.agent is None for s in table.session.match.seats] == [True, False, False, False]


def test_only_games_with_a_table_are_offered():
    assert playable_games()[0] == "ugly"
    from cardtable.app.layout import has_layout

    assert all(has_layout(g) for g in playable_games())


def test_new_game_screen_sets_players_seats_and_variant():
    app = make_app()
    app.push(TitleScene(app))
    app.push(NewGameScene(app))
    scene = app.stack.top
    tick(app)
    assert scene.setup.players == 4 and [s.human for s in scene.setup.seats] == [True, False, False, False]
    click(app, (scene.players_sel.rect.left + 5, scene.players_sel.rect.centery))  # 4 -> 3 players
    assert scene.setup.players == 3
    left = (scene.kinds[1].rect.left + 5, scene.kinds[1].rect.centery)
    click(app, left)  # normal -> easy
    assert scene.setup.seats[1].level == "easy" and not scene.setup.seats[1].human
    click(app, left)  # easy -> human
    assert scene.setup.seats[1].human
    click(app, (scene.kinds[2].rect.right - 5, scene.kinds[2].rect.centery))  # normal -> hard
    assert scene.setup.seats[2].level == "hard"
    click(app, scene.names[1].rect.center)
    key(app, pygame.K_BACKSPACE)
    tick(app, [pygame.event.Event(pygame.TEXTINPUT, text="x")])
    assert scene.setup.seats[1].name.endswith("x")
    click(app, (scene.variant_sel.rect.right - 5, scene.variant_sel.rect.centery))
    variant = scene.setup.variant
    assert variant != "standard"
    click(app, scene.start.rect.center)
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    assert app.stack.top is table or isinstance(app.stack.top, PrivacyScene)  # two humans: it may wait
    assert table.viewer is None, "two humans: nobody's cards until one of them takes the screen"
    assert table.session.match.game.players == 3 and table.session.setup.variant == variant
    assert table.session.humans == [0, 1]
    from cardtable.ai import ISMCTSAgent

    assert isinstance(table.session.match.seats[2].agent, ISMCTSAgent)


def test_escape_pauses_and_the_pause_menu_shows_rules_and_settings():
    app = make_app()
    app.push(TitleScene(app))
    click(app, app.stack.top.quick.rect.center)
    run(app, 0.5)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    click(app, pause.buttons[1].rect.center)
    assert isinstance(app.stack.top, RulesScene)
    key(app, pygame.K_PAGEDOWN)
    assert app.stack.top.scroll > 0
    key(app, pygame.K_ESCAPE)
    click(app, pause.buttons[2].rect.center)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    assert settings.tab == "table" and settings.rules.game == "ugly"  # the game being played
    speed = settings.table.speed
    click(app, (speed.rect.right - 5, speed.rect.centery))
    assert app.settings.animation_speed != "instant"
    key(app, pygame.K_ESCAPE)
    click(app, pause.buttons[0].rect.center)
    assert isinstance(app.stack.top, TableScene)
    key(app, pygame.K_ESCAPE)
    click(app, app.stack.top.leave.rect.center)  # quit to title: the game would be lost, so it asks
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    click(app, confirm.no.rect.center)
    assert isinstance(app.stack.top, PauseScene)
    click(app, app.stack.top.leave.rect.center)
    click(app, app.stack.top.yes.rect.center)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack.scenes) == 1


def test_leaving_a_game_without_being_asked_when_the_settings_say_so():
    app = make_app()
    app.settings.confirm_quit = False
    app.push(TitleScene(app))
    click(app, app.stack.top.quick.rect.center)
    key(app, pygame.K_ESCAPE)
    click(app, app.stack.top.leave.rect.center)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack.scenes) == 1


def test_pause_menu_lists_the_variant_changes():
    app = make_app()
    from ui import table_game

    table_game(app, [("You", True), ("Ada", False), ("Bo", False), ("Cy", False)], variant="short-game")
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.changes == ["Rounds: 4"]


def test_rules_text_is_written_for_players():
    blocks = load_rules("ugly")
    headings = [t for kind, t in blocks if kind == "h2"]
    assert {"The deal", "Trump", "Passing", "Playing tricks", "Scoring a round", "The end"} <= set(headings)
    text = " ".join(t for _, t in blocks)
    assert "Ugly" in text and "Charm" in text and "-3" in text


def test_f11_toggles_full_screen_and_the_window_can_be_resized():
    app = make_app()
    app.push(TitleScene(app))
    key(app, pygame.K_F11)
    assert app.fullscreen
    key(app, pygame.K_F11)
    assert not app.fullscreen
    app.window.size = (1024, 600)
    tick(app, [pygame.event.Event(pygame.WINDOWRESIZED, x=1024, y=600)])
    assert app.size == (1024, 600)


def test_quit_from_the_title_asks_first():
    app = make_app()
    app.push(TitleScene(app))
    click(app, app.stack.top.buttons[-1].rect.center)
    assert app.running and isinstance(app.stack.top, ConfirmScene)
    key(app, pygame.K_ESCAPE)  # no
    assert app.running and isinstance(app.stack.top, TitleScene)
    click(app, app.stack.top.buttons[-1].rect.center)
    key(app, pygame.K_RETURN)  # yes is focused
    assert not app.running


def test_closing_the_window_asks_once_and_a_second_close_quits():
    app = make_app()
    app.push(TitleScene(app))
    tick(app, [pygame.event.Event(pygame.QUIT)])
    assert app.running and isinstance(app.stack.top, ConfirmScene)
    tick(app, [pygame.event.Event(pygame.QUIT)])
    assert not app.running


def test_quit_without_asking_when_the_settings_say_so():
    app = make_app()
    app.settings.confirm_quit = False
    app.push(TitleScene(app))
    click(app, app.stack.top.buttons[-1].rect.center)
    assert not app.running


@pytest.mark.parametrize("game", [g for g in games.ids() if asset_file("rules", f"{g}.md").is_file()])
@pytest.mark.parametrize("size", [(1280, 720), (800, 450)])
def test_every_rules_line_fits_its_panel(game, size):
    app = App(size=size)
    scene = RulesScene(app, game)
    app.push(scene)
    tick(app)
    s = scene.scale
    inner = scene.panel.inflate(-round(80 * s), 0)
    assert scene.lines
    for kind, text, px in scene.lines:
        if kind == "gap":
            continue
        style = {"h1": "serif", "h2": "bold"}.get(kind, "regular")
        left = round(12 * s) if kind == "bullet" else 0
        assert left + app.fonts.get(px, style).size(text)[0] <= inner.width, f"cut at the edge: {text!r}"


@pytest.mark.parametrize("size", [(1280, 720), (800, 450)])
def test_every_title_button_label_fits_its_button(size):
    app = App(size=size)
    app.push(TitleScene(app))
    tick(app)
    title = app.stack.top
    assert len(title.quicks) == len(playable_games())
    for b in title.buttons:
        assert app.fonts.get(b.size, "bold").size(b.label)[0] <= b.rect.width - 8, b.label


def _new_game(app) -> NewGameScene:
    app.reset(TitleScene(app))
    tick(app)
    click(app, next(b for b in app.stack.top.buttons if b.label == "New game").rect.center)
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    return scene


def _table_of(app) -> TableScene:
    return next(s for s in app.stack.scenes if isinstance(s, TableScene))


def test_new_game_opens_on_the_last_table_started_in_this_session_and_the_next(config_folder):
    app = make_app()
    scene = _new_game(app)
    choose(app, scene.game_sel, "ugo")
    choose(app, scene.players_sel, 3)
    choose(app, scene.kinds[1], "human")
    choose(app, scene.kinds[2], "hard")
    choose(app, scene.variant_sel, "strong-tens")
    click(app, scene.start.rect.center)
    started = _table_of(app)
    assert started.session.setup.game == "ugo" and started.session.setup.variant == "strong-tens"
    chosen = [(s.name, s.kind) for s in scene.setup.seats]
    for again in (app, make_app()):  # the same app, then a new one reading the settings file
        remembered = _new_game(again)
        assert remembered.game_sel.value == "ugo" and remembered.players_sel.value == 3
        assert remembered.variant_sel.value == "strong-tens"
        assert [(s.name, s.kind) for s in remembered.setup.seats] == chosen
    written = (config_folder / "settings.yaml").read_text()
    assert "new_game: {game: ugo, players: 3, variant: strong-tens}" in written


def test_a_broken_settings_file_is_not_written_when_new_game_remembers(config_folder):
    config_folder.mkdir(parents=True, exist_ok=True)
    broken = b"volume: 40\nseats: [\n"
    (config_folder / "settings.yaml").write_bytes(broken)
    app = make_app()
    scene = _new_game(app)
    choose(app, scene.game_sel, "ultimate-loser")
    click(app, scene.start.rect.center)
    assert _table_of(app).session.setup.game == "ultimate-loser"
    assert _new_game(app).game_sel.value == "ultimate-loser"  # remembered while the app runs
    assert (config_folder / "settings.yaml").read_bytes() == broken


@pytest.mark.parametrize("game", playable_games())
def test_each_quick_game_is_you_against_computers_at_the_games_usual_table(game, config_folder):
    config_folder.mkdir(parents=True, exist_ok=True)
    (config_folder / "settings.yaml").write_text(  # seats set for pass-and-play do not make it one
        "seats:\n  - {name: Ann, human: true}\n  - {name: Ben, human: true}\n"
    )
    app = make_app()
    app.push(TitleScene(app))
    tick(app)
    title = app.stack.top
    spec = games.get(game)
    click(app, next(b for b in title.quicks if b.label == f"Play {spec.name}").rect.center)
    table = _table_of(app)
    assert table.session.match.game.players == (2 if game == "ugo" else 4) == spec.table_size
    assert table.session.humans == [0] and table.session.names[:2] == ["Ann", "Ben"]
