"""Every screen stays usable at the smallest window: its buttons lie inside it, none over another,
and their text is not shrunk below a readable size; F11 and back gives the same layout again."""

from __future__ import annotations

import pygame
import pytest

from cardtable import games
from cardtable.app.app import App
from cardtable.app.layout import has_layout
from cardtable.app.scenes.newgame import NewGameScene
from cardtable.app.scenes.pause import PauseScene
from cardtable.app.scenes.rules import RulesScene
from cardtable.app.scenes.settings import TABLE, SettingsScene
from cardtable.app.scenes.statistics import StatisticsScene
from cardtable.app.scenes.title import TitleScene
from cardtable.app.widgets import Button
from cardtable.settings import MIN_WINDOW
from tests.ui import run, table_game, tick, until_my_turn

READABLE = 11  # px: the smallest text size any button may shrink to


def _buttons(scene) -> list[Button]:
    """The scene's buttons, wherever it keeps them (lists, single ones, a table's controls)."""
    found: list[Button] = []
    for value in vars(scene).values():
        items = value if isinstance(value, list | tuple) else [value]
        found += [b for b in items if isinstance(b, Button)]
    controls = getattr(scene, "controls", None)
    if controls is not None:
        found += controls.buttons()
    return [b for b in dict.fromkeys(found) if b.visible and b.rect.width > 0]


def _check(app: App, scene) -> None:
    window = pygame.Rect((0, 0), app.size)
    buttons = _buttons(scene)
    assert buttons, f"{type(scene).__name__} has no buttons to check"
    for i, b in enumerate(buttons):
        assert window.contains(b.rect), f"{b.label!r} lies outside the window"
        assert b.size >= READABLE, f"{b.label!r} is drawn at {b.size} px"
        for other in buttons[i + 1 :]:
            assert not b.rect.colliderect(other.rect), f"{b.label!r} lies over {other.label!r}"


def _screens(app: App):
    yield TitleScene(app)
    yield NewGameScene(app)
    yield SettingsScene(app)
    yield SettingsScene(app, TABLE)
    yield RulesScene(app, "ugly")
    yield StatisticsScene(app)


@pytest.mark.parametrize("index", range(6))
def test_each_menu_screen_fits_the_smallest_window(index):
    app = App(size=MIN_WINDOW)
    scene = list(_screens(app))[index]
    app.push(scene)
    tick(app)
    _check(app, scene)


@pytest.mark.parametrize("game", games.ids())
def test_the_table_and_its_pause_menu_fit_the_smallest_window(game):
    app = App(size=MIN_WINDOW)
    app.settings.animation_speed = "instant"
    spec = games.get(game)
    seats = [("You", True)] + [(f"C{i}", False) for i in range(1, spec.max_players if game != "ugh" else 12)]
    scene = table_game(app, seats, game=game, seed=2)
    until_my_turn(app, scene)
    _check(app, scene)
    pause = PauseScene(
        app,
        spec,
        dict(scene.session.match.game.options),
        scene.session.variant,
        scene.exits.quit_to_title,
        True,
    )
    app.push(pause)
    tick(app)
    _check(app, pause)


def test_f11_and_back_gives_the_same_layout():
    app = App(size=(1280, 720))
    title = TitleScene(app)
    app.push(title)
    tick(app)
    before = [(b.label, tuple(b.rect)) for b in _buttons(title)]
    app.toggle_fullscreen()
    run(app, 0.1)
    app.toggle_fullscreen()
    run(app, 0.1)
    assert app.size == (1280, 720)
    assert [(b.label, tuple(b.rect)) for b in _buttons(title)] == before


def test_the_window_cannot_be_made_smaller_than_the_minimum():
    app = App(size=MIN_WINDOW)
    assert tuple(app.window.minimum_size) == MIN_WINDOW


# -- small screens: 640 x 480 and 800 x 600 ----------------------------------------------------

SMALL_SCREENS = [(640, 480), (800, 600)]
PLATE_FLOOR = 10  # px: the smallest a name plate's words may shrink to
PLATE_EDGE = 3  # px: the edge drawn round the plate of a seat to act, which no word may lie under
LONG_NAMES = ["Alexandra Longname-Smythe"] + [f"Computer number {i}" for i in range(1, 12)]


def _table_cases():
    for game in games.ids():
        spec = games.get(game)
        for players in range(spec.min_players, spec.max_players + 1):
            for size in SMALL_SCREENS:
                yield game, players, size


def _drawn_words(
    monkeypatch, app: App, scene
) -> tuple[list[pygame.Rect], list[tuple[str, int, pygame.Rect]]]:
    """The scene's name plates drawn once: where each plate lies, and each text drawn on them as
    (text, size, where its letters are), measured with the fonts the table draws with."""
    from cardtable.app.table import hud

    words: list[tuple[str, int, pygame.Rect]] = []
    drawn = hud.draw_text

    def record(surface, text, s, size, pos, color=(0, 0, 0), style="regular", anchor="topleft"):
        letters = app.fonts.get(size, style).render(s, True, (255, 255, 255))
        rect = letters.get_rect(**{anchor: pos})
        ink = letters.get_bounding_rect().move(rect.topleft)  # the letters, not the space above them
        words.append((s, size, ink if ink.height else rect))
        return drawn(surface, text, s, size, pos, color, style, anchor)

    monkeypatch.setattr(hud, "draw_text", record)
    surface = pygame.Surface(app.size, pygame.SRCALPHA)
    plates = scene.hud.plates(surface, scene.layout, scene.geometry, scene.view, scene.session.names)
    monkeypatch.setattr(hud, "draw_text", drawn)
    return plates, words


@pytest.mark.parametrize("game, players, size", list(_table_cases()))
def test_name_plates_and_buttons_hold_their_words_on_a_small_screen(monkeypatch, game, players, size):
    """Each plate's name and lines lie inside that plate, clear of its edge and of each other, at a
    readable size; each table button's label fits its button."""
    from cardtable.app.table.hud import plate_words

    monkeypatch.setattr("cardtable.app.app.MIN_SIZE", (640, 480))  # whatever the smallest window is
    app = App(size=size)
    app.settings.animation_speed = "instant"
    pygame.event.clear()
    seats = [(LONG_NAMES[0], True)] + [(name, False) for name in LONG_NAMES[1:players]]
    scene = table_game(app, seats, game=game, seed=2)
    until_my_turn(app, scene)
    assert app.size == size
    plates, words = _drawn_words(monkeypatch, app, scene)
    assert len(plates) == players
    window = pygame.Rect((0, 0), size)
    at = 0
    for seat, plate in enumerate(plates):
        assert window.contains(plate), f"the plate of seat {seat} lies outside the window"
        lines, _, _ = plate_words(
            scene.layout, scene.geometry, scene.view, seat, scene.session.names, app.fonts
        )
        count = 1 + len(lines)  # the name, then each line as drawn (a long one broken after a comma)
        inside = plate.inflate(-2 * PLATE_EDGE, -2 * PLATE_EDGE)
        mine = words[at : at + count]
        for i, (text, px, rect) in enumerate(mine):
            assert text.strip(), f"a line of seat {seat}'s plate is cut to nothing"
            assert inside.contains(rect), f"{text!r} {rect} spills out of the plate of seat {seat} {plate}"
            assert px >= PLATE_FLOOR, f"{text!r} on the plate of seat {seat} is drawn at {px} px"
            for other, _, below in mine[i + 1 :]:
                assert not rect.colliderect(below), f"{text!r} runs into {other!r} on seat {seat}'s plate"
        at += count
    assert at == len(words), "the plates drew words that are not their name or lines"
    for b in _buttons(scene):
        w, h = app.fonts.get(b.size, "bold").size(b.label)
        assert w <= b.rect.width and h <= b.rect.height, f"{b.label!r} is wider than its button {b.rect}"


@pytest.mark.parametrize("width", [40, 60, 80, 95, 120])
@pytest.mark.parametrize("text", ["0 penalty points", "-120 penalty points", "Alexandra Longname", "Bo"])
def test_a_plate_line_is_shrunk_then_cut_to_fit(text, width):
    from cardtable.app.table.hud import fit_text
    from cardtable.app.theme import Fonts

    pygame.font.init()
    fonts = Fonts()
    fitted, px = fit_text(fonts, text, 11, width)
    assert PLATE_FLOOR <= px <= 11
    assert fonts.get(px).size(fitted)[0] <= width
    if fitted != text:  # only what does not fit is cut, and a cut is shown
        assert fonts.get(PLATE_FLOOR).size(text)[0] > width and fitted.endswith("\u2026")


def test_a_640_by_480_screen_holds_the_smallest_window():
    assert MIN_WINDOW[0] <= 640 and MIN_WINDOW[1] <= 480


@pytest.mark.parametrize("desktop", [(800, 600), (640, 480), (1024, 768)])
def test_the_window_opens_within_a_small_desktop_and_keeps_the_remembered_size(
    monkeypatch, config_folder, desktop
):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    app = App()
    assert app.settings.window_size == (1280, 720)
    w, h = app.size
    assert w <= desktop[0] and h <= desktop[1], f"a {w} x {h} window on a {desktop} screen"
    assert w >= MIN_WINDOW[0] and h >= MIN_WINDOW[1]
    app.push(TitleScene(app))
    tick(app, [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h)])  # as the system says at start
    app.toggle_fullscreen()
    run(app, 0.1)
    app.toggle_fullscreen()
    run(app, 0.1)
    assert app.size == (w, h)
    assert app.settings.window_size == (1280, 720)  # fitting to this screen is not the player's choice
    assert app.run(exit_after=0) == 0
    saved = config_folder / "settings.yaml"
    assert not saved.exists() or f"window_size: [{w}, {h}]" not in saved.read_text()


def test_a_window_resized_by_hand_on_a_small_desktop_is_remembered(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(800, 600)])
    app = App()
    start = app.size
    app.push(TitleScene(app))
    app.window.size = (700, 500)
    tick(app, [pygame.event.Event(pygame.WINDOWRESIZED, x=700, y=500)])
    assert app.settings.window_size == (700, 500)
    app.window.size = start
    tick(app, [pygame.event.Event(pygame.WINDOWRESIZED, x=start[0], y=start[1])])
    assert app.settings.window_size == start  # back to the first size by hand: that is chosen too


@pytest.mark.parametrize("game", [g for g in games.ids() if has_layout(g)])
@pytest.mark.parametrize("size", [(1280, 720), (800, 600), MIN_WINDOW])
def test_the_strip_keeps_to_the_room_its_layout_gives_it(game, size):
    """Text keeps a legible size in a small window, so the strip shows fewer lines, not a taller box
    over the zones round it; at full size it shows them all."""
    from cardtable.app.layout import Geometry, load_layout
    from cardtable.app.table.gamelog import LogLine
    from cardtable.app.table.strip import SHOWN, draw_strip, strip_box, strip_point

    app = App(size=size)
    layout = load_layout(game)
    players = games.get(game).table_size
    geometry = Geometry(layout, size, players, 0)
    lines = [LogLine(f"Line {i}: something happened to someone at the table") for i in range(SHOWN)]
    at = strip_point(layout, geometry)
    drawn = draw_strip(pygame.Surface(size), app, geometry, at, lines, True)
    room = strip_box(geometry, at, size)
    assert drawn.height <= room.height + 1, f"{drawn} is taller than its room {room}"
    if size == (1280, 720):
        assert drawn.height > room.height * 3 // 4, "at full size every line is shown"


def _titled() -> list[str]:
    """The games whose tables title their piles (Ugly titles only a pile that is seldom there)."""
    from cardtable.app.layout import load_layout

    return [
        g
        for g in games.ids()
        if has_layout(g) and sum(bool(z.style.title) for z in load_layout(g).zones.values()) > 1
    ]


@pytest.mark.parametrize("game", _titled())
@pytest.mark.parametrize("size", [(1280, 720), MIN_WINDOW])
def test_zone_titles_keep_clear_of_each_other(game, size):
    """A row of piles in a small window (Ugh!'s Safety piles): their titles take a smaller size
    rather than run into each other; at full size they keep the layout's size."""
    from cardtable.app.table.painter import MIN_TITLE, _crossing

    app = App(size=size)
    players = games.get(game).table_size
    scene = table_game(app, [("You", True)] + [(f"C{i}", False) for i in range(1, players)], game=game)
    until_my_turn(app, scene)
    spots, title_size = scene.painter.titles_drawn
    assert spots, "the table has titled zones"
    assert not _crossing(spots) or title_size == MIN_TITLE, spots
    if size == (1280, 720):
        assert title_size == 15, "at full size no title needs to shrink"


@pytest.mark.parametrize("game", [g for g in games.ids() if has_layout(g)])
@pytest.mark.parametrize("size", [(1280, 720), MIN_WINDOW])
def test_every_plate_line_fits_its_plate_through_a_game(game, size):
    """A plate grows for its words, and a line still too wide breaks after a comma, so no fact on
    a plate is cut short, at full size or in the smallest window."""
    import random

    from cardtable.app.layout import Geometry, load_layout
    from cardtable.app.table.hud import plate_padding, plate_text_sizes, plate_words
    from tests.support import random_step

    app = App(size=size)
    layout = load_layout(game)
    spec = games.get(game)
    for players in sorted({min(spec.player_range), spec.table_size}):
        names = ["Player"] + [f"Computer {i}" for i in range(1, players)]
        state = spec.new_game(players, {}, seed=players)
        rng = random.Random(players)
        geometry = Geometry(layout, size, players, 0)
        for step in range(400):
            if state.is_over():
                break
            random_step(state, rng)
            if step % 10:
                continue
            view = state.view(0)
            for seat in range(players):
                lines, width, _ = plate_words(layout, geometry, view, seat, names, app.fonts)
                small = geometry.compact and seat != 0
                font = app.fonts.get(plate_text_sizes(geometry, small)[1])
                room = width - 2 * plate_padding(geometry)
                for line in lines:
                    assert font.size(line)[0] <= room, f"{players} players, seat {seat}: {line!r} in {room}px"
