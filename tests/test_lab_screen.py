"""Try it tells what changes in words first; the figures are one button away, and back; its chart keeps
its captions inside their panels at any window size; twenty deals make a quick first look."""

from __future__ import annotations

import pygame
import pytest

from cardtable import games
from cardtable.app import theme
from cardtable.app.app import App
from cardtable.app.lab_chart import AGAINST, chart_parts, draw_lab_chart
from cardtable.app.scenes import lab as lab_scene
from cardtable.app.scenes.lab import LabScene
from cardtable.app.widgets import draw_panel
from cardtable.lab.compare import Comparison, Row
from cardtable.settings import MIN_WINDOW
from tests.ui import click, tick


def _comparison(players: int = 4) -> Comparison:
    """Shorter games, the seats' wins moved about by luck."""
    even = 1 / players
    seats = [
        Row(
            f"seat_{s + 1}_wins", f"Seat {s + 1} wins", "Wins by seat", "share", even, even, 0, -0.1, 0.1, 200
        )
        for s in range(players)
    ]
    rows = (
        *seats,
        Row("first_wins", "Whoever went first wins", "Going first", "share", even, even, 0, -0.1, 0.1, 200),
        Row("actions", "Moves per game", "Length", "number", 195, 515, -320, -320, -320, 200),
        Row("minutes", "Minutes at the table", "Length", "minutes", 6.9, 18.3, -11.4, -11.6, -11.2, 200),
        Row("rounds", "Rounds", "Ugly", "number", 3, 7, -4, -4, -4, 200),
    )
    return Comparison("ugly", players, "normal", "Ours", "Standard rules", 200, rows, 1.0, False, 1)


def _scene(size: tuple[int, int]) -> tuple[App, LabScene]:
    app = App(size=size)
    spec = games.get("ugly")
    scene = LabScene(app, "ugly", "Ours", spec.resolve_options(4, {"rounds": 3}), dict(spec.variants))
    app.push(scene)
    tick(app)
    return app, scene


def _count(surface: pygame.Surface, rect: pygame.Rect, colour) -> int:
    return sum(
        tuple(surface.get_at((x, y)))[:3] == colour
        for x in range(rect.left, rect.right, 2)
        for y in range(rect.top, rect.bottom, 2)
    )


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), MIN_WINDOW])
def test_words_first_and_the_figures_one_click_away(size):
    app, scene = _scene(size)
    assert not scene.view_button.visible  # nothing to show yet
    scene.show(_comparison())
    tick(app)
    button = scene.view_button
    assert button.visible and button.label == "Show the figures" and not scene.figures
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(button.rect) and not button.rect.colliderect(scene.back.rect)
    w, h = app.fonts.get(button.size, "bold").size("Show the figures")
    assert w <= button.rect.width and h <= button.rect.height
    _, seats, _ = chart_parts(scene.chart_rect, scene.scale)
    assert _count(app.surface, seats, AGAINST) == 0  # words: no bars
    click(app, button.rect.center)
    assert scene.figures and button.label == "Show in words"
    assert _count(app.surface, seats, AGAINST) > 50  # the compared rules' bars
    click(app, button.rect.center)
    assert not scene.figures and button.label == "Show the figures"
    assert _count(app.surface, seats, AGAINST) == 0


def test_the_sentences_fit_their_panel():
    app, scene = _scene(MIN_WINDOW)
    scene.show(_comparison())
    tick(app)
    _, seats, changes = chart_parts(scene.chart_rect, scene.scale)
    inner = seats.union(changes).inflate(-round(48 * scene.scale), -round(36 * scene.scale))
    size, wrapped = scene._laid_out(scene.comparison, inner.width - round(22 * scene.scale), inner.height)
    font = app.fonts.get(size)
    assert size >= 12 and all(font.size(part)[0] <= inner.width for parts in wrapped for part in parts)
    step = round(size * 1.35)
    assert sum(len(parts) * step for parts in wrapped) <= inner.height
    assert any("11 minutes sooner" in part for parts in wrapped for part in parts)


def test_a_quick_look_of_twenty_deals_comes_first_and_a_hundred_is_the_start():
    assert lab_scene.GAME_COUNTS[0] == 20
    _, scene = _scene((1280, 720))
    assert scene.games_sel.value == 100


@pytest.mark.parametrize("players", [4, 12])
@pytest.mark.parametrize("size", [(1000, 620), (760, 420), (600, 330)])
def test_the_charts_captions_stay_inside_their_panels(players, size):
    """The bottom edge of each panel is one unbroken line: no caption runs over it."""
    pygame.font.init()
    app = App(size=(1280, 720))
    surface = pygame.Surface(size)
    surface.fill(theme.FELT_DARK)
    rect = pygame.Rect((0, 0), size).inflate(-20, -20)
    s = min(size[0] / 1000, size[1] / 620)
    draw_lab_chart(surface, app.text, rect, s, _comparison(players))
    clean = pygame.Surface(size)
    clean.fill(theme.FELT_DARK)
    _, seats, changes = chart_parts(rect, s)
    for panel in (seats, changes):
        draw_panel(clean, panel)
        for y in range(panel.bottom - 3, panel.bottom):
            for x in range(panel.left + 16, panel.right - 16):
                assert surface.get_at((x, y)) == clean.get_at((x, y)), (panel, x, y)
