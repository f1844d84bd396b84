"""The settings scene driven headless: house rules, own variants, table settings, and what is remembered."""

import pygame
import pytest

from cardtable import games
from cardtable.app.app import App
from cardtable.app.layout import load_layout, playable_games
from cardtable.app.scenes.dialogs import ConfirmScene, NameScene
from cardtable.app.scenes.newgame import NewGameScene
from cardtable.app.scenes.pause import PauseScene
from cardtable.app.scenes.settings import SettingsScene
from cardtable.app.scenes.table import TableScene
from cardtable.app.scenes.title import TitleScene
from cardtable.app.text_field import TextField
from cardtable.app.widgets import Selector, Stepper, Toggle
from cardtable.settings import Settings
from ui import click, key, make_app, table_game, tick


def type_text(app, text: str) -> None:
    tick(app, [pygame.event.Event(pygame.TEXTINPUT, text=text)])


def title_app():
    app = make_app()
    app.push(TitleScene(app))
    tick(app)
    return app


def open_settings(app) -> SettingsScene:
    title = app.stack.top
    click(app, next(b for b in title.buttons if b.label == "Settings").rect.center)
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    return scene


def focus(app, scene: SettingsScene, widget) -> None:
    """Reach ``widget`` with the Tab key, as a keyboard player would."""
    for _ in range(len(scene.widgets()) + 1):
        if scene.ring.current is widget:
            return
        key(app, pygame.K_TAB)
    raise AssertionError("Tab never reached the widget")


def editor(scene: SettingsScene, key_name: str):
    return next(e for e in scene.rules.editors if e.option.key == key_name)


def choose_game(app, scene: SettingsScene, game: str) -> None:
    sel = scene.rules.game_sel
    for _ in range(len(games.ids())):
        if scene.rules.game == game:
            return
        click(app, (sel.rect.right - 5, sel.rect.centery))
    assert scene.rules.game == game


def save_as(app, scene: SettingsScene, name: str) -> None:
    focus(app, scene, scene.rules.save_as)
    key(app, pygame.K_RETURN)
    dialog = app.stack.top
    assert isinstance(dialog, NameScene)
    for _ in dialog.field.value:
        key(app, pygame.K_BACKSPACE)
    type_text(app, name)
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene, getattr(app.stack.top, "error", "")


def new_game_with(app, variant: str) -> TableScene:
    title = app.stack.top
    click(app, next(b for b in title.buttons if b.label == "New game").rect.center)
    setup = app.stack.top
    assert isinstance(setup, NewGameScene)
    sel = setup.variant_sel
    assert variant in sel.options, sel.options
    while setup.setup.variant != variant:
        click(app, (sel.rect.right - 5, sel.rect.centery))
    click(app, setup.start.rect.center)
    ask = app.stack.top
    if getattr(ask, "tag", "") == "replace":  # the game left in progress is given up for this one
        click(app, ask.yes.rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene)
    return table


# -- house rules ----------------------------------------------------------------------


def test_a_saved_variant_starts_a_game_with_its_options_now_and_after_a_restart(config_folder):
    app = title_app()
    scene = open_settings(app)
    assert scene.tab == "rules" and scene.rules.game == "ugly"
    rounds = editor(scene, "rounds").controls[0][1]
    focus(app, scene, rounds)
    for _ in range(3):  # auto -> 1 -> 2 -> 3, with the mouse
        click(app, (rounds.rect.right - 4, rounds.rect.centery))
    direction = editor(scene, "pass_direction").controls[0][1]
    focus(app, scene, direction)
    key(app, pygame.K_RIGHT)  # left -> alternate, with the keyboard
    assert scene.rules.values["rounds"] == 3 and scene.rules.values["pass_direction"] == "alternate"
    save_as(app, scene, "Quick Three")
    path = config_folder / "variants" / "ugly" / "quick-three.yaml"
    assert path.is_file() and "rounds: 3" in path.read_text()
    assert scene.rules.variant.name == "quick-three" and not scene.rules.dirty
    click(app, scene.done.rect.center)
    assert isinstance(app.stack.top, TitleScene)

    table = new_game_with(app, "quick-three")
    assert table.session.match.game.options["rounds"] == 3
    assert table.session.match.game.options["pass_direction"] == "alternate"
    assert table.session.match.game.n_rounds == 3

    restarted = title_app()  # a fresh App reads the files
    assert "quick-three" in restarted.variants("ugly")
    table = new_game_with(restarted, "quick-three")
    assert table.session.match.game.options["rounds"] == 3
    assert table.session.match.game.options["pass_direction"] == "alternate"


@pytest.mark.parametrize("game", games.ids())
def test_every_option_of_every_game_can_be_edited_in_the_scene(config_folder, game):
    """Rows come from the schema; each control is reached with Tab, scrolled into view and used."""
    spec = games.get(game)
    app = title_app()
    scene = open_settings(app)
    choose_game(app, scene, game)
    page = scene.rules
    assert [e.option.key for e in page.editors] == [o.key for o in spec.schema]
    for ed in page.editors:
        option = ed.option
        for _, control in ed.controls:
            before = page.values[option.key]
            before = dict(before) if isinstance(before, dict) else before
            focus(app, scene, control)
            assert page.scroll.rect.contains(control.rect), f"{option.key} is not scrolled into view"
            r = control.rect
            if isinstance(control, Toggle | Selector):
                click(app, (r.right - 4, r.centery))
            elif isinstance(control, Stepper):
                at_end = control.index == len(control.values) - 1
                click(app, (r.left + 4, r.centery) if at_end else (r.right - 4, r.centery))
            elif isinstance(control, TextField):
                click(app, r.center)
                type_text(app, "s")
            else:
                raise AssertionError(f"no way to use {type(control).__name__}")
            after = page.values[option.key]
            assert after != before, f"{game}: {option.key} did not change"
            option.validate(after)
        assert ed.changed and ed.reset.enabled
    assert not spec.schema.changes(spec.schema.defaults())
    assert len(spec.schema.changes(spec.schema.validate(page.values))) == len(spec.schema)
    edited = spec.schema.validate(page.values)
    save_as(app, scene, "everything")
    again = make_app()
    assert spec.schema.validate(again.variants(game)["everything"].options) == edited


def test_the_option_list_scrolls_with_the_wheel_and_hidden_rows_ignore_the_mouse():
    app = title_app()
    scene = open_settings(app)
    page = scene.rules
    assert page.scroll.max_offset > 0  # Ugly has more options than the panel shows
    over = pygame.event.Event(pygame.MOUSEMOTION, pos=page.scroll.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    tick(app, [over])
    for _ in range(20):
        tick(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    assert page.scroll.offset == page.scroll.max_offset
    first = page.editors[0].controls[0][1]
    assert first.rect.bottom <= page.scroll.rect.top  # scrolled away above the list
    spot = next(
        (x, y)
        for y in range(first.rect.top, first.rect.bottom)
        for x in range(first.rect.left, first.rect.right)
        if not page.scroll.rect.collidepoint(x, y)
        and not any(w.rect.collidepoint(x, y) for w in scene.widgets() if w not in page.scrolled())
    )
    value = page.values["first_pass"]
    click(app, spot)
    assert page.values["first_pass"] == value
    key(app, pygame.K_PAGEUP)
    key(app, pygame.K_PAGEUP)
    assert page.scroll.offset == 0


def test_each_row_shows_its_description_and_default():
    app = title_app()
    scene = open_settings(app)
    for ed in scene.rules.editors:
        assert ed._lines and " ".join(ed._lines) == ed.option.description
    assert scene.rules.editors[2].option.key == "rounds"
    from cardtable.app.option_editor import default_text

    assert default_text(scene.rules.editors[2].option) == "Default: auto \u00b7 auto or 1 to 9"


def test_backspace_or_reset_puts_an_option_back_to_its_default():
    app = title_app()
    scene = open_settings(app)
    ed = editor(scene, "allow_no_trump")
    toggle = ed.controls[0][1]
    focus(app, scene, toggle)
    key(app, pygame.K_SPACE)
    assert scene.rules.values["allow_no_trump"] is False and ed.reset.enabled
    key(app, pygame.K_BACKSPACE)
    assert scene.rules.values["allow_no_trump"] is True and not ed.reset.enabled
    key(app, pygame.K_SPACE)
    click(app, ed.reset.rect.center)
    assert scene.rules.values["allow_no_trump"] is True and not scene.rules.dirty


def test_built_in_variants_are_read_only():
    app = title_app()
    scene = open_settings(app)
    page = scene.rules
    sel = page.variant_sel
    click(app, (sel.rect.right - 5, sel.rect.centery))
    assert page.variant.builtin and page.variant.name != "standard"
    assert not page.save.enabled and not page.rename.enabled and not page.delete.enabled
    focus(app, scene, editor(scene, "allow_no_trump").controls[0][1])
    key(app, pygame.K_SPACE)
    assert page.dirty and not page.save.enabled and page.save_as.enabled


def test_own_variants_can_be_renamed_duplicated_and_deleted(config_folder):
    app = title_app()
    scene = open_settings(app)
    page = scene.rules
    focus(app, scene, editor(scene, "allow_no_trump").controls[0][1])
    key(app, pygame.K_SPACE)
    save_as(app, scene, "Suits only")
    folder = config_folder / "variants" / "ugly"
    assert page.own and page.rename.enabled and page.delete.enabled and not page.save.enabled
    click(app, page.rename.rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, NameScene) and dialog.field.value == "Suits only"
    key(app, pygame.K_END)  # the suggested name starts selected: End keeps it, to add to it
    type_text(app, " please")
    key(app, pygame.K_RETURN)
    assert [p.name for p in folder.iterdir()] == ["suits-only-please.yaml"]
    assert page.variant.name == "suits-only-please"
    click(app, page.duplicate.rect.center)
    assert page.variant.name == "suits-only-please-copy"
    assert page.values["allow_no_trump"] is False
    click(app, page.delete.rect.center)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene) and confirm.ring.current is confirm.no  # the safe answer first
    click(app, confirm.yes.rect.center)
    assert [p.name for p in folder.iterdir()] == ["suits-only-please.yaml"]
    assert page.variant.name == "standard"


def test_a_name_that_is_taken_or_empty_is_refused_in_the_dialog():
    app = title_app()
    scene = open_settings(app)
    click(app, scene.rules.save_as.rect.center)
    dialog = app.stack.top
    type_text(app, "Short game")
    key(app, pygame.K_RETURN)
    assert app.stack.top is dialog and "built-in" in dialog.error
    for _ in range(20):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "?!")
    key(app, pygame.K_RETURN)
    assert app.stack.top is dialog and "letter or digit" in dialog.error
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_options_that_fit_no_table_are_not_saved_and_say_why(config_folder):
    app = title_app()
    scene = open_settings(app)
    charm = editor(scene, "charm_card")
    charm.controls[0][1].set_options(charm.controls[0][1].options, "7C")
    focus(app, scene, charm.controls[0][1])
    while scene.rules.values["charm_card"] != "7D":
        key(app, pygame.K_RIGHT)
    click(app, scene.rules.save_as.rect.center)
    assert app.stack.top is scene
    text, _ = scene.message
    assert text == "Charm card: must differ from the Ugly card (7D)"
    assert not (config_folder / "variants").exists()


def test_unsaved_edits_are_not_dropped_without_asking():
    app = title_app()
    scene = open_settings(app)
    page = scene.rules
    focus(app, scene, editor(scene, "allow_no_trump").controls[0][1])
    key(app, pygame.K_SPACE)
    sel = page.variant_sel
    click(app, (sel.rect.right - 5, sel.rect.centery))
    assert isinstance(app.stack.top, ConfirmScene)
    key(app, pygame.K_ESCAPE)  # keep editing
    assert page.variant.name == "standard" and sel.value == "standard"
    assert page.values["allow_no_trump"] is False
    key(app, pygame.K_ESCAPE)  # leave settings: asks again
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    click(app, confirm.yes.rect.center)
    assert isinstance(app.stack.top, TitleScene)


# -- the new-game screen and the table ------------------------------------------------


def _own_variant(folder, game: str, name: str, text: str) -> None:
    path = folder / "variants" / game / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_new_game_lists_own_variants_and_what_they_change(config_folder):
    _own_variant(config_folder, "ugly", "house", "description: Our table.\noptions: {rounds: 5}\n")
    app = title_app()
    app.push(NewGameScene(app))
    scene = app.stack.top
    names = scene.variant_sel.options
    assert names[0] == "standard" and names[-1] == "house"
    assert all(games.get("ugly").variants[n].builtin for n in names[:-1])
    scene.variant_sel.step(len(names) - 1)
    assert scene.variant_sel.format(scene.variant_sel.value) == "House (yours)"
    assert scene.variant_notes() == ["Our table.", "Changes: Rounds: 5"]


def test_a_variant_that_does_not_fit_the_number_of_players_cannot_start(config_folder):
    _own_variant(config_folder, "ugly", "marathon", "description: x\noptions: {rounds: 9}\n")
    app = title_app()
    app.push(NewGameScene(app))
    scene = app.stack.top
    while scene.setup.variant != "marathon":
        scene.variant_sel.step(1)
    assert scene.setup.players == 4 and not scene.start.enabled
    assert "Rounds: at most 7 with 4 players" in scene.blocked
    click(app, scene.start.rect.center)
    assert app.stack.top is scene
    click(app, (scene.players_sel.rect.left + 5, scene.players_sel.rect.centery))  # 3 players
    assert scene.start.enabled
    click(app, scene.start.rect.center)
    assert app.stack.top.session.match.game.options["rounds"] == 9


def test_the_pause_menu_names_an_own_variant_and_lists_its_changes(config_folder):
    _own_variant(
        config_folder,
        "ugly",
        "house",
        "description: x\noptions:\n  rounds: 5\n  jack_values: {hearts: 10}\n",
    )
    app = make_app()
    table_game(app, [("You", True), ("Ada", False), ("Bo", False), ("Cy", False)], variant="house")
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    assert pause.title == "Ugly - House (your variant)"
    assert pause.changes == ["Rounds: 5", "Jack penalties: spades 1, clubs 2, diamonds 3, hearts 10"]


# -- table settings -------------------------------------------------------------------


def test_table_settings_apply_at_once_and_are_remembered(config_folder):
    app = title_app()
    scene = open_settings(app)
    click(app, scene.tabs["table"].rect.center)
    page = scene.table
    right = lambda w: (w.rect.right - 5, w.rect.centery)  # noqa: E731
    click(app, right(page.speed))  # instant -> fast
    click(app, right(page.back))  # red -> blue
    assert app.cards.back_offset == 1
    click(app, page.confirm.rect.center)
    click(app, (page.volume.rect.left + 5, page.volume.rect.centery))  # 70 -> 60
    click(app, right(page.size))  # 1280 x 720 -> 1600 x 900
    assert app.size == (1600, 900)
    click(app, page.names[1].rect.center)
    for _ in range(5):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Zed")
    click(app, (page.kinds[1].rect.left + 5, page.kinds[1].rect.centery))  # normal -> easy
    click(app, scene.done.rect.center)
    assert isinstance(app.stack.top, TitleScene)
    text = (config_folder / "settings.yaml").read_text()
    assert text.startswith("# Card Table settings.") and "card_back: blue" in text

    again = App(size=(1280, 720))  # as launched: make_app() would set the speed for tests
    s = again.settings
    assert (s.animation_speed, s.card_back, s.confirm_quit, s.volume) == ("fast", "blue", False, 60)
    assert again.sound.volume == 60
    assert s.window_size == (1600, 900) and again.cards.back_offset == 1
    assert (s.seats[1].name, s.seats[1].human, s.seats[1].level) == ("Zed", False, "easy")
    again.push(NewGameScene(again))
    assert again.stack.top.setup.seats[1].name == "Zed" and again.stack.top.setup.seats[1].level == "easy"


def test_an_emptied_seat_name_keeps_the_old_one():
    app = title_app()
    scene = open_settings(app)
    scene.show("table")
    field = scene.table.names[0]
    click(app, field.rect.center)
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    assert field.value == ""
    key(app, pygame.K_ESCAPE)
    assert app.settings.seats[0].name == "Player" and field.value == "Player"


def test_nothing_is_written_when_nothing_changed(config_folder):
    app = title_app()
    scene = open_settings(app)
    click(app, scene.done.rect.center)
    assert not (config_folder / "settings.yaml").exists()


@pytest.mark.parametrize("size", [(900, 540), (1920, 1080), (1100, 800)])
@pytest.mark.parametrize("tab", ["rules", "table"])
def test_the_settings_scene_fits_the_window_at_any_size(size, tab):
    app = make_app()
    app.window.size = size
    app._resized()
    app.push(TitleScene(app))
    app.push(SettingsScene(app, tab, "ugo"))
    scene = app.stack.top
    tick(app)
    window = pygame.Rect((0, 0), size)
    assert window.contains(scene.panel)
    fixed = [w for w in scene.widgets() if w.visible and w not in scene.page.scrolled()]
    for w in fixed:
        assert scene.panel.contains(w.rect), w
    for a in fixed:
        for b in fixed:
            assert a is b or not a.rect.colliderect(b.rect), (a, b)
    if tab == "rules":
        assert scene.panel.contains(scene.rules.scroll.rect)
        assert all(not w.rect.colliderect(scene.rules.scroll.rect) for w in fixed)


# -- broken files ---------------------------------------------------------------------

MARKER = "cardtable-was-here"


def _broken(kind: str, problem: str, marker) -> tuple[str, str, int]:
    """(path in the config folder, contents, line the message must name)."""
    tag = f"!!python/object/apply:os.system ['touch {marker}']"
    cases = {
        "settings": (
            "settings.yaml",
            {
                "syntax": ("volume: 0\nanimation_speed: [fast\ncard_back: red\n", 2),  # where the [ opens
                "type": ("volume: 0\nfullscreen: 3\n", 2),
                "unknown": ("volume: 0\nloudness: 11\n", 2),
                "range": ("card_back: red\nvolume: 110\n", 2),
                "python": (f"volume: 0\ncard_back: {tag}\n", 2),
            },
        ),
        "variant": (
            "variants/ugly/mine.yaml",
            {
                "syntax": ("description: x\noptions: {rounds: 3\n", 2),
                "type": ("description: x\noptions:\n  rounds: many\n", 3),
                "unknown": ("description: x\noptions:\n  roundz: 3\n", 3),
                "range": ("description: x\noptions:\n  rounds: 12\n", 3),
                "python": (f"description: x\noptions:\n  rounds: {tag}\n", 3),
            },
        ),
        "layout": (
            "layouts/ugly.yaml",
            {
                "syntax": ("# my table\nzones:\n  hand: [1, 2\n", 3),
                "type": ("zones:\n  trick: {scale: 0.9}\ncard_width: wide\n", 3),
                "unknown": ("zones:\n  hand:\n    colour: red\n", 3),
                "range": ("# my table\ncard_width: 9000\n", 2),
                "python": (f"# my table\ncard_width: {tag}\n", 2),
            },
        ),
    }
    path, texts = cases[kind]
    text, line = texts[problem]
    return path, text, line


@pytest.mark.parametrize("problem", ["syntax", "type", "unknown", "range", "python"])
@pytest.mark.parametrize("kind", ["settings", "variant", "layout"])
def test_a_broken_file_is_shown_with_file_and_line_used_as_default_and_left_untouched(
    config_folder, tmp_path, kind, problem
):
    marker = tmp_path / MARKER
    rel, text, line = _broken(kind, problem, marker)
    path = config_folder / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    before = path.read_bytes()

    app = title_app()  # starts, and the title screen shows the problem
    notices = app.notices()
    assert len(notices) == 1
    assert notices[0].startswith(f"{rel}, line {line}: "), notices[0]
    drawn = [key[0] for key in app.text._cache]
    assert any(s.startswith(f"{rel}, line {line}:") for s in drawn), "the title screen does not show it"
    if kind == "settings":  # all defaults, not half the file (make_app() sets the speed for tests)
        assert app.settings == Settings(animation_speed="instant") and app.settings.volume == 70
    elif kind == "variant":
        assert "mine" not in app.variants("ugly")
    else:
        assert app.layout("ugly") == load_layout("ugly")

    scene = open_settings(app)  # the settings scene shows it too
    if kind != "variant":
        scene.show("table")
    tick(app)
    drawn = [key[0] for key in app.text._cache]
    assert any(s.startswith(f"{rel}, line {line}:") for s in drawn), "the settings scene does not show it"
    click(app, scene.done.rect.center)
    click(app, app.stack.top.quick.rect.center)  # a game at the table
    tick(app)
    assert isinstance(app.stack.top, TableScene)
    assert path.read_bytes() == before
    assert not marker.exists()


def test_changing_settings_over_a_broken_file_keeps_it_as_bak(config_folder):
    path = config_folder / "settings.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("volume: loud\n")
    app = title_app()
    scene = open_settings(app)
    scene.show("table")
    volume = scene.table.volume
    click(app, (volume.rect.left + 5, volume.rect.centery))
    click(app, scene.done.rect.center)
    assert (config_folder / "settings.yaml.bak").read_text() == "volume: loud\n"
    assert "volume: 60" in path.read_text()
    assert app.notices() == [] and "settings.yaml.bak" in app.files.notes[0]


def test_a_long_choice_list_jumps_to_a_typed_letter():
    app = title_app()
    scene = open_settings(app)
    ugly_card = editor(scene, "ugly_card").controls[0][1]
    focus(app, scene, ugly_card)
    tick(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q", scancode=0)])
    assert scene.rules.values["ugly_card"].startswith("Q")
    tick(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0)])
    assert scene.rules.values["ugly_card"] == "none"


def test_text_longer_than_its_field_stays_inside_it():
    app = make_app()
    field = TextField("penalty points and more", max_length=40, size=18)
    field.rect = pygame.Rect(100, 100, 120, 34)
    surface = pygame.Surface((400, 300))
    surface.fill((1, 2, 3))
    field.draw(surface, app.text)
    outside = [surface.get_at((x, y))[:3] for x in range(221, 400, 7) for y in range(100, 134, 5)]
    assert set(outside) == {(1, 2, 3)}


def test_a_window_resized_by_hand_is_remembered_when_the_app_closes(config_folder):
    app = make_app()
    app.push(TitleScene(app))
    app.window.size = (1100, 800)
    tick(app, [pygame.event.Event(pygame.WINDOWRESIZED, x=1100, y=800)])
    assert app.settings.window_size == (1100, 800)
    assert app.run(exit_after=0) == 0
    assert "window_size: [1100, 800]" in (config_folder / "settings.yaml").read_text()


def test_closing_the_app_never_writes_over_a_broken_settings_file(config_folder):
    path = config_folder / "settings.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("volume: loud\n")
    app = make_app()
    app.push(TitleScene(app))
    app.window.size = (1100, 800)
    tick(app, [pygame.event.Event(pygame.WINDOWRESIZED, x=1100, y=800)])
    app.run(exit_after=0)
    assert path.read_text() == "volume: loud\n" and not (config_folder / "settings.yaml.bak").exists()


def test_f11_in_the_settings_scene_shows_on_its_switch():
    app = title_app()
    scene = open_settings(app)
    scene.show("table")
    key(app, pygame.K_F11)
    assert app.fullscreen and scene.table.fullscreen.value
    click(app, scene.table.fullscreen.rect.center)
    assert not app.fullscreen and not scene.table.fullscreen.value


@pytest.mark.parametrize("game", playable_games())
@pytest.mark.parametrize("size", [(1280, 720), (800, 450)])
def test_the_new_game_screen_fits_every_table_size(config_folder, game, size):
    app = App(size=size)
    app.push(NewGameScene(app))
    scene = app.stack.top
    scene._game_changed(game)
    for count in games.get(game).player_range:
        scene.players_sel.set_options(scene.players_sel.options, count)
        scene._players_changed(count)
        scene.resized(size)
        rects = [w.rect for w in scene.widgets()]
        screen = pygame.Rect((0, 0), size)
        assert all(screen.contains(r) for r in rects), f"{count} players: a control off the screen"
        for i, r in enumerate(rects):
            assert r.collidelist(rects[i + 1 :]) == -1, f"{count} players: controls overlap"
        assert len({s.name for s in scene.setup.seats}) == count, "every seat has its own name"


def test_the_table_chooses_who_goes_first_and_the_order_round_it_stays(config_folder):
    app = title_app()
    app.push(NewGameScene(app))
    scene = app.stack.top
    while scene.setup.game != "ugh":
        scene.game_sel.step(1)
    assert scene.first_sel in scene.widgets() and scene.first_sel.value == "random"
    names = [s.name for s in scene.setup.seats]
    scene.first_sel.step(3)  # seat 3
    assert scene.first_sel.format(scene.first_sel.value) == f"Seat 3: {names[2]}"
    click(app, scene.start.rect.center)
    table = app.stack.top
    game = table.session.match.game
    assert game.options["first_player"] == "first_seat" and game.turn == 0
    assert table.session.names == names[2:] + names[:2]
    assert table.viewer == len(names) - 2, "the human still sits at the screen"


def test_a_game_without_a_first_player_choice_does_not_ask(config_folder):
    app = title_app()
    app.push(NewGameScene(app))
    scene = app.stack.top
    for game in playable_games():
        while scene.setup.game != game:
            scene.game_sel.step(1)
        asks = "first_player" in games.get(game).schema
        assert (scene.first_sel in scene.widgets()) == asks
