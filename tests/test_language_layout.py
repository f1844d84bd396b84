"""Every language fits: no text drawn outside the window, over other text, or past its button's edge.

Each screen is drawn onto a surface that records where every rendered text
lands (the letters' own box, measured from the rendered pixels), in English,
German (the longest) and French, at 1280 x 720 and 800 x 600: the title, New
game, both settings tabs, the rules, statistics, About, a table of every game
with its pause menu, and a round summary.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from cardtable import games, i18n
from cardtable.app import theme
from cardtable.app.app import App
from cardtable.app.widgets import Widget
from cardtable.net.discovery import OpenTable
from tests.ui import continue_summary, table_game, tick, until, until_my_turn

LANGUAGES = ["en", "de", "fr"]
SIZES = [(1280, 720), (800, 600)]
MENUS = [
    "title",
    "new game",
    "settings",
    "settings-table",
    "rules",
    "statistics",
    "about",
    "learn",
    "online",
    "online-found",
    "host",
    "lobby",
]


class Recording(pygame.Surface):
    """A surface that notes each text blitted onto it: (words, where its letters lie, clipped or not)."""

    def __init__(self, size: tuple[int, int], texts: dict[int, tuple[str, pygame.Surface]]) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.texts = texts
        self.drawn: list[tuple[str, pygame.Rect]] = []
        self.recording = True

    def blit(self, source, dest, area=None, special_flags=0):
        drawn = super().blit(source, dest, area, special_flags)
        found = self.texts.get(id(source))
        if self.recording and found is not None and found[1] is source and area is None:
            at = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            ink = source.get_bounding_rect()
            if ink.width and ink.height:
                self.drawn.append((found[0], ink.move(at)))
        return drawn


@pytest.fixture
def recorder(monkeypatch):
    """Tags every surface text is rendered into, wherever the app renders text."""
    texts: dict[int, tuple[str, pygame.Surface]] = {}
    original = theme.render_safely

    def tagged(font, text, color, face=None):
        surface = original(font, text, color, face)
        texts[id(surface)] = (text, surface)
        return surface

    for name, module in list(sys.modules.items()):
        if name.startswith("cardtable.app") and getattr(module, "render_safely", None) is original:
            monkeypatch.setattr(module, "render_safely", tagged)
    return texts


@pytest.fixture(params=LANGUAGES)
def language(request, monkeypatch):
    """The app started in this language: the system's, as a new player's app would be."""
    monkeypatch.setenv("LANGUAGE", request.param)
    assert i18n.use("system") == request.param
    yield request.param
    i18n.use("en")


def _widgets(scene) -> list[Widget]:
    found: list[Widget] = []
    for value in vars(scene).values():
        items = value if isinstance(value, list | tuple) else [value]
        found += [w for w in items if isinstance(w, Widget)]
    for attr in ("controls", "page"):
        part = getattr(scene, attr, None)
        if part is not None and hasattr(part, "buttons"):
            found += part.buttons()
        elif part is not None and hasattr(part, "widgets"):
            widgets = part.widgets
            found += list(widgets() if callable(widgets) else widgets)
    return [w for w in dict.fromkeys(found) if getattr(w, "visible", True) and w.rect.width > 0]


def _label(widget: Widget) -> str | None:
    """The words a widget draws inside its box (a button's label, a selector's value, which must
    keep between its arrows)."""
    if hasattr(widget, "label"):
        return widget.label
    if hasattr(widget, "_label"):
        return widget._label()[0]
    return None


def _check(app: App, texts, only=None) -> None:
    assert app.settings.language == "system" and i18n.language() in LANGUAGES
    """Draw the screen and check the top scene's words (or, with ``only``, the words drawn while
    that function draws: a summary covering the table)."""
    surface = Recording(app.size, texts)
    visible = app.stack.visible()
    for scene in visible:  # what lies under the top screen is shaded: only the top one's words count
        surface.recording = scene is visible[-1] and only is None
        scene.draw(surface)
    window = surface.get_rect()
    drawn = surface.drawn
    assert drawn, "nothing was drawn as text"
    boxes = [(_label(w), getattr(w, "label_room", w.rect)) for w in _widgets(app.stack.top)]
    problems = []
    for i, (words, rect) in enumerate(drawn):
        if not window.contains(rect):
            problems.append(f"{words!r} {rect} runs out of the window {window.size}")
        for label, box in boxes:
            if label == words and box.collidepoint(rect.center) and not box.contains(rect):
                problems.append(f"{words!r} {rect} runs past its box {box}")
        for other, there in drawn[i + 1 :]:
            if other != words and rect.colliderect(there) and rect.clip(there).width > 2:
                problems.append(f"{words!r} {rect} is drawn over {other!r} {there}")
    english = _untranslated_words()
    problems += [f"{words!r} is drawn in English" for words, _rect in drawn if words in english]
    assert not problems, "\n".join(dict.fromkeys(problems))


_ENGLISH: dict[str, frozenset[str]] = {}


def _untranslated_words() -> frozenset[str]:
    """The language's messages that read differently from their English: drawn in English, one of
    them is a word that did not go through the translation."""
    code = i18n.language()
    if code == "en":
        return frozenset()
    if code not in _ENGLISH:
        from babel.messages.pofile import read_po

        from cardtable.resources import locale_dir

        po = locale_dir().parent / "locale" / code / "LC_MESSAGES" / "cardtable.po"
        if not po.exists():  # an installed copy: the catalogs beside the checkout's tests
            po = Path(__file__).resolve().parent.parent / "locale" / code / "LC_MESSAGES" / "cardtable.po"
        with po.open("rb") as f:
            catalog = read_po(f)
        said = {t for m in catalog for t in ([m.string] if isinstance(m.string, str) else m.string)}
        _ENGLISH[code] = (
            frozenset(
                m.id
                for m in catalog
                if isinstance(m.id, str) and m.id and m.string and m.string != m.id and "{" not in m.id
            )
            - said
        )  # a word that is also some message's translation ("Normal") is no proof
    return _ENGLISH[code]


class _Found:
    """A search of the network that found these tables."""

    error = None

    def __init__(self, tables: list[OpenTable]) -> None:
        self.found = tables

    def tables(self) -> list[OpenTable]:
        return self.found

    def close(self) -> None:
        pass


def _open_menu(app: App, which: str) -> None:
    from cardtable.app.scenes.settings import TABLE

    if which == "settings-table":
        app.push(app.scene("settings", TABLE))
    elif which == "rules":
        app.push(app.scene("rules", "ugly"))
    elif which == "host":
        app.push(app.scene("host", "ws://127.0.0.1:9", False))
    elif which == "online-found":  # the longest words: four tables found, the first three shown
        app.push(app.scene("online"))
        scene = app.stack.top
        scene.finder.close()
        scene.finder = _Found(
            [
                OpenTable("Bernadette Longname", game, f"CODE{i}X", 12, 11, "ws://192.168.1.5:8765")
                for i, game in enumerate(games.ids())
            ]
        )
        scene.error = i18n._("Type the address and the six-letter code the host gave you")
    elif which == "lobby":  # a server that does not answer: the lobby says it is connecting
        from cardtable.net.remote import RemoteMatch

        match = RemoteMatch("ws://127.0.0.1:9", {"type": "join", "table": "ABCDEF"})
        app.push(app.scene("lobby", match, "ws://127.0.0.1:9", False))
    else:
        app.push(app.scene(which))
    tick(app)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("which", MENUS)
def test_menu_screens_hold_their_words(recorder, language, which, size):
    app = App(size=size)
    pygame.event.clear()
    _open_menu(app, which)
    _check(app, recorder)


def _table(app: App, game: str):
    spec = games.get(game)
    names = ["Alexandra", "Bartholomew", "Cordelia", "Dominique", "Evangeline", "Fitzgerald"]
    players = 4 if spec.min_players <= 4 <= spec.max_players else spec.min_players
    seats = [(names[0], True)] + [(n, False) for n in names[1:players]]
    scene = table_game(app, seats, game=game, seed=4)
    until_my_turn(app, scene)
    return scene


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", games.ids())
def test_a_table_and_its_pause_menu_hold_their_words(recorder, language, game, size):
    app = App(size=size)
    app.settings.animation_speed = "instant"
    pygame.event.clear()
    scene = _table(app, game)
    _check(app, recorder)
    tick(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)])
    assert app.stack.top is not scene, "Esc did not open the pause menu"
    _check(app, recorder)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", games.ids())
def test_a_round_summary_holds_its_words(monkeypatch, recorder, language, game, size):
    app = App(size=size)
    app.settings.animation_speed = "instant"
    pygame.event.clear()
    scene = _table(app, game)
    seen = []

    match = scene.session.match

    def play() -> bool:
        if scene.summary is not None and app.stack.top is scene:
            seen.append(True)
            return True
        game = match.game
        if game.is_over():
            return app.stack.top is not scene  # the results: the game ended without a summary
        if scene.viewer in game.to_act() and app.stack.top is scene and not scene.busy:
            match.act(scene.viewer, game.legal_actions(scene.viewer)[0])
        return False

    until(app, play, limit=600.0, dt=1 / 10)
    if seen:
        from cardtable.app.table.layers import overlays

        drawn = overlays.draw_summary

        def recorded(surface, *args, **kwargs):
            if not isinstance(surface, Recording):
                return drawn(surface, *args, **kwargs)
            surface.recording = True
            try:
                return drawn(surface, *args, **kwargs)
            finally:
                surface.recording = False

        monkeypatch.setattr(overlays, "draw_summary", recorded)
        _check(app, recorder, only="summary")
        continue_summary(app, scene)
    assert seen, "no round summary was shown"


def test_the_check_sees_words_too_wide_for_their_button_or_the_window(recorder):
    app = App(size=(800, 600))
    _open_menu(app, "title")
    title = app.stack.top
    title.buttons[0].label = "Spielregeln und Hausregeln anpassen, " * 2
    with pytest.raises(AssertionError, match="runs past its box"):
        _check(app, recorder)
    title.buttons[0].label = "Donaudampfschifffahrtsgesellschaftskapitän " * 3
    with pytest.raises(AssertionError, match="runs out of the window"):
        _check(app, recorder)


def test_the_check_sees_words_drawn_over_other_words(recorder, monkeypatch):
    app = App(size=(1280, 720))
    _open_menu(app, "about")
    about = app.stack.top
    drawn = about.draw

    def crowded(surface):
        drawn(surface)
        words = app.text.render("Dieser Text liegt darüber", 22)
        for line, rect in [(w, r) for w, r in surface.drawn[:1]]:
            surface.blit(words, rect.topleft)
            assert line

    monkeypatch.setattr(about, "draw", crowded)
    with pytest.raises(AssertionError, match="is drawn over"):
        _check(app, recorder)


def test_the_check_sees_words_left_in_english(recorder, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "de")
    app = App(size=(1280, 720))
    _open_menu(app, "title")
    assert i18n.language() == "de"
    app.stack.top.buttons[-1].label = "Statistics"  # as if a label skipped the translation
    with pytest.raises(AssertionError, match="'Statistics' is drawn in English"):
        _check(app, recorder)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["ugly", "ugo"])
def test_a_lessons_note_and_its_end_hold_their_words(recorder, language, game, size):
    from cardtable.app.scenes.lesson import CoachNoteScene, LessonEndScene, LessonScene
    from cardtable.tutorials import builtin_tutorials

    tutorial = builtin_tutorials()[0][game]
    app = App(size=size)
    app.settings.animation_speed = "instant"
    pygame.event.clear()
    app.push(LessonScene(app, tutorial))
    until(app, lambda: isinstance(app.stack.top, CoachNoteScene), limit=60.0)
    tick(app)
    _check(app, recorder)
    app.push(LessonEndScene(app, tutorial))
    tick(app)
    _check(app, recorder)
