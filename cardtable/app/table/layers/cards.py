"""The bottom layer: the cards and the seats round them.

Drawn from the table's model (the cards where they lie, lifted when they may be played, lit when
picked, just played or passed to the viewer), the name plates, lives just lost, an aim from one
seat to another, the badges and a zone grown under the pointer. It takes the mouse over the cards
and the keys that walk over them, and turns them into intents for the table's resolver; while the
cards still move, a click (or Space, Enter) makes them land.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.engine import Card, ZoneRef
from cardtable.i18n import _

from ..aim import draw_aim
from ..input import Enter, FocusStep, Toggle
from ..keys import enter, keyboard_cards, stepped
from ..life import draw_losses
from ..painter import Marks
from ..resolver import Pick, Place, Tap
from . import Layer

if TYPE_CHECKING:
    from ...scenes.table import TableScene


def presses_on(event: pygame.event.Event) -> bool:
    """A left click, Space or Enter: what moves a table on."""
    return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
        event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)
    )


class CardsLayer(Layer):
    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.plates: list[pygame.Rect] = []  # where the name plates were drawn last

    # -- input ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        t = self.table
        if t.timeline.busy:
            if presses_on(event):
                if not t.timeline.release():  # a trick waiting to be seen goes on; else all at once
                    t.skip_animation()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            was_dragging = t.input.dragging
            intent = t.input.mouse(event, t.session.pick.cards)
            if intent is not None:
                t.intent(intent, getattr(event, "pos", None))
            elif was_dragging and event.type == pygame.MOUSEBUTTONUP:
                t.stage.place_all(0.2 * t.factor)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        t = self.table
        session = t.session
        if event.key == pygame.K_ESCAPE:
            if t.input.cancel_drag():
                t.stage.place_all(0.2 * t.factor)
                return True
            if session.pick.cards or session.pick.focus is not None:
                session.pick = Pick()
                t.refresh()
                return True
            return False
        intent = t.input.key(event)
        pick = session.pick
        if isinstance(intent, FocusStep):
            cards = self.keyboard_cards()
            if not cards:
                return False
            session.pick = Pick(pick.cards, stepped(cards, pick.focus, intent.step))
            return True
        tap = None if pick.focus is None else self._tap_of(pick.focus)
        if isinstance(intent, Toggle):
            if tap is not None:
                t.intent(tap)
            return True
        if isinstance(intent, Enter):
            hinted = t.hint_now()
            if hinted is not None and hinted.card == pick.focus and not pick.cards:
                t.perform([hinted])  # the hint's very move, where the card alone could mean several
            else:
                t.intent(enter(t.resolver(), pick, t.view.select, tap))
            return True
        return False

    def _tap_of(self, card: Card) -> Tap:
        found = self.table.model.find(card)
        zone = None if found is None else found[0]
        return Tap(Place(ZoneRef(*zone) if zone else None, card))

    def keyboard_cards(self) -> list[Card]:
        """The cards keys move over: the viewer's hand left to right, then other cards in play."""
        t = self.table
        return keyboard_cards(t.model, (t.layout.home, t.viewer), t.resolver())

    # -- what rises -----------------------------------------------------------------------

    def lift(self) -> None:
        """Cards that may be played rise a little; picked ones rise more."""
        t = self.table
        s = t.geometry.scale
        resolver = t.resolver() if t.my_turn else None
        legal = resolver.pickable() if resolver is not None else set()
        pick = t.session.pick
        picked = set(pick.cards)
        focus = None
        if resolver is not None and pick.focus is not None:
            hinted = t.hint_now()
            if not resolver.select_kind() or (hinted is not None and hinted.card == pick.focus):
                focus = pick.focus  # not a picking cursor, which rises only once picked
        for ref, tokens in t.model.zones.items():
            mine = ref[0] == t.layout.home and ref[1] == t.viewer
            joined = t.stage.joined(ref) is not None
            for token in tokens:
                if joined:
                    token.lift = 14 * s if ref[1] == t.viewer else 8 * s  # a set being picked, in its row
                elif token.card in picked:
                    token.lift = (34 if mine else 14) * s
                elif token.card == focus and token.card in legal:
                    token.lift = (
                        24 if mine else 10
                    ) * s  # held by a click, or hinted: a second click plays it
                elif mine and token.card in legal:
                    token.lift = 10 * s
                else:
                    token.lift = 0.0

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        marks = self.marks()
        t.painter.draw(surface, t.stage, marks, t.input.dragged())
        facts = t.session.now_view()  # the words tell the game as it stands; the cards catch up
        self.plates = plates = t.hud.plates(surface, t.layout, t.geometry, facts, t.session.names)
        story = t.story
        if t.layout.plate.life:
            story.losses.update(facts.info.get(t.layout.plate.life), t.clock)
            draw_losses(surface, t.app, t.geometry.scale, plates, story.losses.now(t.clock))
        aim = story.aim
        if aim is not None and aim.until > t.clock and max(aim.actor, aim.target) < len(plates):
            fade = min(1.0, (aim.until - t.clock) / 0.6)
            width = max(3, round(6 * t.geometry.scale))
            draw_aim(surface, plates[aim.actor], plates[aim.target], width, fade)
        t.hud.badges(surface, t.layout, t.geometry, facts, t.clock)
        peeked = t.geometry.expanded
        if peeked is not None:
            title = t.geometry.zone_style(*peeked).title
            name = t.session.names[peeked[1]]
            # Translators: a player's zone grown under the pointer: whose it is, and its title ("Bo: Hand").
            words = _("{name}: {zone}").format(name=name, zone=_(title)) if title else name
            t.painter.draw_peek(surface, t.stage, marks, words)

    def marks(self) -> Marks:
        """What the painter marks on the cards this frame: the playable, the picked, the targets."""
        t = self.table
        my_turn = t.my_turn
        resolver = t.resolver()
        pick = t.session.pick
        legal = resolver.pickable() if my_turn else set()
        moving = [token.card for token in t.input.dragged() if token.card is not None]
        aim = moving or list(pick.cards) or ([pick.focus] if pick.focus is not None else [])
        targets = []
        hinted = t.hint_now()
        if hinted is not None and hinted.target is not None and aim == [hinted.card]:
            aim_targets = [hinted.target]  # the hint's own target, not every place the card may go
        else:
            aim_targets = resolver.targets(aim) if my_turn and aim else []
        if my_turn and aim:
            for target in aim_targets:
                if isinstance(target, ZoneRef) and t.stage.joined(tuple(target)) is not None:
                    continue  # its cards stay in another row: that row is where they show
                rect = t.stage.target_rect(target, t.view)
                if rect is not None:
                    targets.append(rect)
                targets += [r for r, ref in t.stage.plate_drops if ref == target]  # its seat's plate too
        forming = tuple(
            token.card
            for ref, tokens in t.model.zones.items()
            if ref[1] == t.viewer and t.stage.joined(ref) is not None
            for token in tokens
            if token.card is not None
        )  # cards of a set being picked: outlined like a pick, in their row
        out = t.layout.ring.out
        return Marks(
            legal,
            pick.cards + forming,
            pick.focus,
            t.input.hover,
            (t.layout.home, t.viewer) if my_turn else None,
            targets,
            t.view.info,
            frozenset(t.view.info.get(out, ()) if out else ()),
            frozenset(t.story.lit(t.clock)),
            frozenset(card for card, _seat in t.story.received),
            t.session.possessives(),
        )
