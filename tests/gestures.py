"""A person at the table, for any game: each decision chosen as the rule-based player would, then
made by the table's own gestures (buttons, clicks, drags, picked cards and Enter), posted to the
real event queue.

It reads the table to know where to point (where a card or a place is drawn, which buttons and
menu items there are), never to act: every move is made by input.
"""

from __future__ import annotations

import random

import pygame

from cardtable.ai import make_agent
from cardtable.app.scenes.table import TableScene
from cardtable.engine import Action, Card
from ui import card_point, click, key, target_point, tick


class Person:
    def __init__(self, scene: TableScene, seed: int = 0) -> None:
        self.scene = scene
        self.rng = random.Random(seed)
        self.agents = {
            s: make_agent("normal", scene.session.spec, 1000 + seed + s) for s in scene.session.humans
        }
        self.used: set[str] = set()

    def move(self, app) -> None:
        """Make the viewer's next decision through the table (asserts it was made)."""
        scene = self.scene
        seat = scene.viewer
        view = scene.view
        action = self.agents[seat].choose(view)
        history = scene.session.match.game.history
        before = len(history)
        self._make(app, action)
        made = [entry[1] for entry in history[before:] if entry[0] == seat]
        assert made, f"{action} was not made (status: {scene.status_text()!r})"
        if view.select <= 1:
            assert made[0] == action, f"{action} was not made (made: {made[0]})"

    # -- the gestures -------------------------------------------------------------------------

    def _make(self, app, a: Action) -> None:
        scene = self.scene
        spec = scene.layout.action(a.kind)
        if scene.hook.claims(a):
            self._press(app, next(b for b, x in scene.hook.buttons if x == a), "hook")
            return
        if scene.session.mode != spec.mode:  # a mode the move needs is turned on, one it does not is ended
            self._press(app, self._button(spec.mode or "Done"), "mode")
        if spec.select:
            self._pick(app, a)
            return
        button = self._button_for(a)
        if button is not None:
            self._press(app, button, f"{a.kind} button")
            return
        if a.card is None and a.source is not None:
            click(app, target_point(scene, a.source))
            self.used.add(f"{a.kind} on its pile")
            return
        plain_drop = all(getattr(a, f) == v for f, v in spec.default)
        if a.card is not None and a.target is not None and plain_drop and self.rng.random() < 0.6:
            self._drag(app, a.card, a.target)
            self.used.add(f"{a.kind} drag")
        else:
            self._clicks(app, a)
        self._menu(app, a)

    def _drag(self, app, card: Card, target) -> None:
        """Grab the card and drop it on the target; a card in another seat's zone that opens up
        under the pointer (a crowded table's Pool) is reached by resting over its zone first."""
        scene = self.scene
        start = card_point(scene, card)
        tick(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
        zone = self._zone_of(target) if isinstance(target, Card) else None
        if zone is not None and scene.layout.zones[zone[0]].expand_style is not None:
            over = scene.zone_rect(zone).center
            tick(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=over, rel=(0, 0), buttons=(1, 0, 0))])
            tick(app, dt=0.4)  # resting on it
        end = self._point(target)
        tick(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))])
        tick(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])

    def _zone_of(self, card: Card):
        """The zone the table shows ``card`` in (None: it shows it nowhere)."""
        zones = self.scene.model.zones.items()
        return next((ref for ref, tokens in zones if any(t.card == card for t in tokens)), None)

    def _point(self, target) -> tuple[int, int]:
        """Where to drop on ``target``: a card, a player's name plate where a drop there means their
        zone (a zone's middle may hold a card that means another move), or the zone."""
        if isinstance(target, Card):
            return card_point(self.scene, target)
        plate = next((r for r, ref in self.scene.stage.plate_drops if ref == target), None)
        return plate.center if plate is not None else target_point(self.scene, target)

    def _press(self, app, button, used: str) -> None:
        click(app, button.rect.center)
        self.used.add(used)

    def _button(self, label_start: str):
        found = self.scene.button(label_start)
        assert found is not None, f"no button {label_start!r}"
        return found

    def _button_for(self, a: Action):
        return next((c.button for c in self.scene.controls.items if c.action == a), None)

    def _pick(self, app, a: Action) -> None:
        """Cards picked one by one, then Enter: several cards of a count (a pass), or a combination."""
        scene = self.scene
        view = scene.view
        if scene.layout.action(a.kind).select == "count":
            cards = [a.card, *[x.card for x in view.legal if x.card != a.card]][: view.select]
        else:
            cards = list(a.cards or (a.card,))
        picked = scene.session.pick.cards  # a pick begun before (others moved meanwhile) is kept
        for card in [c for c in picked if c not in cards] + [c for c in cards if c not in picked]:
            click(app, card_point(scene, card))  # one not wanted is let go; the rest are picked
        if self.rng.random() < 0.5:
            key(app, pygame.K_RETURN)
            self.used.add("picked, Enter")
        else:
            confirm = next(c.button for c in scene.controls.items if c.role == "confirm")
            self._press(app, confirm, "picked, Confirm")

    def _clicks(self, app, a: Action) -> None:
        """A click on the card; a second where the first only chose it (or asks to be sure); then a
        click on where it goes, if that is what is still missing."""
        scene = self.scene
        history = scene.session.match.game.history
        before = len(history)
        click(app, card_point(scene, a.card))
        if len(history) == before and not scene.controls.menu:
            click(app, card_point(scene, a.card))
        if len(history) == before and not scene.controls.menu and a.target is not None:
            click(app, card_point(scene, a.card))
            click(app, self._point(a.target))
        self.used.add(f"{a.kind} click")

    def _menu(self, app, a: Action) -> None:
        """Where a gesture meant several moves, the menu it opened: the one wanted."""
        scene = self.scene
        if scene.controls.menu:
            item = next((b for b, x in scene.controls.menu if x == a), None)
            assert item is not None, f"no menu item for {a} among {[x for _, x in scene.controls.menu]}"
            self._press(app, item, f"{a.kind} menu")


class OnlinePerson(Person):
    """A person at an online table: the move is chosen from the view on the screen and made by
    gestures; the server's record says which were made."""

    def move(self, app) -> bool:
        """Make a move (False: the table changed under it, and it is made again on the next look)."""
        scene = self.scene
        view = scene.view
        action = self.agents[scene.viewer].choose(view)
        log = len(scene.session.match.log)
        try:
            self._make(app, action)
            return True
        except (AssertionError, StopIteration):
            # Others' moves arrive while this one is made (their passes as cards are picked; a
            # click that meets them plays them out at once): a gesture that met a table changed
            # under it is made again on the next look, from the cards still picked, as a person
            # would. On a table that did not change, a failed gesture is a failure.
            if len(scene.session.match.log) == log and scene.view is view:
                raise
            return False
