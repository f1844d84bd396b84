"""The table's layers: drawn bottom first, and an event goes to the top layer that takes it.

Driven through the real event queue: what lies on top (a round's summary, a menu, an open panel)
has the click or the key, and nothing under it hears it.
"""

from __future__ import annotations

import pygame
import pytest

from cardtable import games
from cardtable.app.layout import has_layout
from cardtable.app.scenes.gamelog import LogScene
from cardtable.app.scenes.pause import PauseScene
from cardtable.app.table.layers import Layer, Layers
from cardtable.app.table.summary import Summary
from ui import click, key, make_app, table_game, tick, until, until_my_turn

TABLES = [g for g in games.ids() if has_layout(g)]


class _Probe(Layer):
    def __init__(self, name: str, takes: bool, heard: list[str]) -> None:
        self.name, self.takes, self.heard = name, takes, heard

    def handle(self, event) -> bool:
        self.heard.append(self.name)
        return self.takes

    def draw(self, surface) -> None:
        self.heard.append(f"draw {self.name}")


def test_the_top_layer_that_takes_an_event_has_it_and_drawing_goes_bottom_first():
    heard: list[str] = []
    layers = Layers(
        [_Probe("cards", True, heard), _Probe("buttons", True, heard), _Probe("menu", False, heard)]
    )
    assert layers.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)) is True
    assert heard == ["menu", "buttons"], "the menu passed it on; the buttons took it; the cards never heard"
    heard.clear()
    layers.draw(pygame.Surface((4, 4)))
    assert heard == ["draw cards", "draw buttons", "draw menu"]


def _table(game: str):
    app = make_app()
    seats = [("You", True)] + [(f"C{i}", False) for i in range(1, games.get(game).table_size)]
    scene = table_game(app, seats, seed=2, game=game)
    until_my_turn(app, scene)
    return app, scene


@pytest.mark.parametrize("game", TABLES)
def test_a_summary_over_the_table_takes_the_click_meant_for_a_button_under_it(game):
    app, scene = _table(game)
    log = scene.button("Log")
    assert log is not None
    players = scene.view.players
    zeros = (0.0,) * players
    scene.summary_layer.shown = (Summary(1, zeros, zeros, (), {}), 1e9)  # a round's summary up
    click(app, log.rect.center)
    assert app.stack.top is scene and scene.summary is None, "the click went on past the summary only"
    click(app, log.rect.center)
    assert isinstance(app.stack.top, LogScene), "with the summary gone, the button hears it"


@pytest.mark.parametrize("game", TABLES)
def test_escape_closes_what_lies_on_top_before_it_pauses(game):
    app, scene = _table(game)
    legal = scene.view.legal
    card = next((a.card for a in legal if a.card is not None and scene.point_of(a.card)), None)
    if card is not None:
        click(app, scene.point_of(card))  # a card held (or played, where one click plays it)
    if scene.session.pick != type(scene.session.pick)():
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is scene and not scene.session.pick.cards and scene.session.pick.focus is None
    until(app, lambda: scene.my_turn or scene.session.match.over)
    scene.panel.open = "probe"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.panel.open is None, "an open panel closes first"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene), "with nothing over the table, Escape pauses"
    tick(app)


@pytest.mark.parametrize("game", TABLES)
def test_a_menu_has_the_keys_but_leaves_the_rules_to_the_table(game):
    from cardtable.app.scenes.rules import RulesScene

    app, scene = _table(game)
    actions = scene.view.legal[:2]
    scene.controls.open_menu(actions, (640, 360), scene.geometry.scale, scene._do, scene.session.label)
    moment = scene.session.moment
    key(app, pygame.K_1)  # a number key is the menu's, not the first button's
    key(app, pygame.K_F1)
    assert isinstance(app.stack.top, RulesScene), "F1 opens the rules with a menu open"
    assert scene.controls.menu and scene.session.moment == moment, "the menu stays, nothing was played"
