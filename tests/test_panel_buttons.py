"""The table's panel buttons (Undo, Log, the last trick) keep clear of every seat's cards, name plates,
badges and the strip of what just happened, at every table size of every game, in a large and a small
window."""

from __future__ import annotations

import pygame
import pytest

from cardtable import games
from cardtable.app.app import App
from cardtable.app.table.strip import strip_box, strip_point
from tests.ui import run, table_game, until_my_turn


def _counts(game: str) -> list[int]:
    return list(games.get(game).player_range)


CASES = [(g, n, size) for g in games.ids() for n in _counts(g) for size in ((1280, 720), (900, 540))]


@pytest.mark.parametrize(("game", "players", "size"), CASES)
def test_panel_buttons_keep_clear_of_the_table(game, players, size):
    app = App(size=size)
    app.settings.animation_speed = "instant"
    seats = [("You", True)] + [(f"C{i}", False) for i in range(1, players)]
    scene = table_game(app, seats, game=game, seed=3)
    for _ in range(30):  # decisions made (a choice among several): Undo is offered too
        until_my_turn(app, scene)
        if scene.session.can_undo or scene.session.match.over:
            break
        scene.perform([scene.view.legal[-1]])
    run(app, 0.1)
    panels = [c.button.rect for c in scene.controls.items if c.role == "panel"]
    assert len(panels) >= 2 and scene.button("Log") is not None and scene.button("Undo") is not None
    s = scene.geometry.scale
    badges = []
    for badge in scene.layout.badges:
        x, y = scene.geometry.design_point(*badge.at)
        rect = pygame.Rect(0, 0, round(170 * s), round(52 * s))
        rect.center = (round(x), round(y))
        badges.append(rect)
    others = [c.button.rect for c in scene.controls.items if c.role != "panel"]
    piles = ("pile", "stack")  # a pile empty now holds cards later: its place is kept clear too
    zones = [
        scene.zone_rect(ref)
        for ref, tokens in scene.model.zones.items()
        if scene.stage.known(ref) and (tokens or scene.geometry.zone_style(*ref).style in piles)
    ]
    strip = strip_box(scene.geometry, strip_point(scene.layout, scene.geometry), size)
    for i, rect in enumerate(panels):
        assert not rect.colliderect(strip), "over the strip of what just happened"
        assert pygame.Rect((0, 0), size).contains(rect)
        assert rect.collidelist([p for j, p in enumerate(panels) if j != i]) < 0
        assert rect.collidelist(scene.plates) < 0, "over a name plate"
        assert rect.collidelist(badges) < 0, "over a badge"
        assert rect.collidelist(others) < 0, "over an action button"
        assert rect.collidelist(zones) < 0, "over cards"


@pytest.mark.parametrize("count", [1, 3, 12, 40])
@pytest.mark.parametrize("size", [(1280, 720), (900, 540)])
@pytest.mark.parametrize("at", [(640, 360), (1270, 710), (5, 5)])
def test_a_menu_of_any_length_lies_in_the_window_with_no_choice_over_another(count, size, at):
    """A Wild that may steal from many pools at a crowded Ugh! table: every choice can be clicked."""
    from cardtable.app.table.controls import Controls
    from cardtable.engine import Action

    app = App(size=size)
    controls = Controls(app)
    actions = [Action("steal", value=i, label=f"Steal card {i} from Player {i % 12}") for i in range(count)]
    chosen = []
    controls.open_menu(actions, at, min(size[0] / 1280, size[1] / 720), chosen.append, lambda a: a.label)
    rects = [b.rect for b, _ in controls.menu]
    window = pygame.Rect((0, 0), size)
    assert len(rects) == count and all(window.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    for button, action in controls.menu:  # a click on each choice makes that choice
        point = button.rect.center
        controls.handle_menu(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
        assert chosen[-1] == action
