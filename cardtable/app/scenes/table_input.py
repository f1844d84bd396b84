"""The table's input: pygame events become the viewer's intents, keys and the pause menu.

A mixin of :class:`~cardtable.app.scenes.table.TableScene`: a click skips an
animation, the spotlight and summaries take theirs first, then menus, buttons,
keys and the mouse over the cards, which :mod:`cardtable.app.table.input`
turns into intents for the resolver.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.engine import (
    Card,
    ZoneRef,
)

from ..table.input import ChooseN, Enter, FocusStep, Hotkey, Toggle
from ..table.keys import enter, keyboard_cards, stepped
from ..table.resolver import Pick, Place, Tap

if TYPE_CHECKING:
    from .table import TableScene

    _Base = TableScene
else:
    _Base = object


class TableInput(_Base):
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.WINDOWLEAVE:
            self.peek.left(self.stage, 0.12 * self.factor)  # a zone grown under the pointer shrinks
            return False
        shown = self.said.shown
        spot_click = shown.now is not None and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if spot_click and shown.clicked(event.pos):  # seen: a click puts it away; elsewhere goes on
            return True
        if self.summary is not None:
            if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)
            ):
                self.close_summary()
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self._pause()
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self._cancel()
        if event.type == pygame.MOUSEMOTION:
            self.peek.moved(self.stage, event.pos, self.clock, 0.12 * self.factor)
        if self.hook.handle(event):
            # A game's own panel (rock-paper-scissors) stays live while others' choices animate.
            return True
        mouse = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if self.timeline.busy and mouse and self.controls.handle_panels(event):
            return True  # the log, the last trick, undo: open while the cards still move
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_h, pygame.K_F1):
            return self._key(event)  # a hint or the rules, asked while the last move still plays
        if self.timeline.busy:
            if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)
            ):
                if not self.timeline.release():  # a trick waiting to be seen goes on; else all at once
                    self.skip_animation()
                return True
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.timeline.land()
        if self.controls.menu:
            return self.controls.handle_menu(event)
        if self.controls.handle(event):
            return True
        ends = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)
        )
        if ends and self.results_by_click:
            self._finished()  # the last word read: on to the results without waiting
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            was_dragging = self.input.dragging
            intent = self.input.mouse(event, self.pick.cards)
            if intent is not None:
                self.intent(intent, getattr(event, "pos", None))
            elif was_dragging and event.type == pygame.MOUSEBUTTONUP:
                self.stage.place_all(0.2 * self.factor)
            return True
        return False

    def _cancel(self) -> bool:
        if self.controls.menu:
            self.controls.menu = []
        elif self.input.cancel_drag():
            self.stage.place_all(0.2 * self.factor)
        elif self.pick.cards or self.pick.focus is not None:
            self.pick = Pick()
            self._refresh()
        elif self.panel is not None:
            self.panel = None
        else:
            self._pause()
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            if not self.undo():
                self._complain("Nothing to undo" if len(self.humans) == 1 else "No undo in pass-and-play")
            return True
        if event.key == pygame.K_h and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) and not self.demo:
            self.hint()  # says why when there is no hint to be had (not your turn, pass-and-play)
            return True
        if event.key == pygame.K_F1:  # the rules (U-G-O's card roles) one key away, as the sources ask
            from .rules import RulesScene

            self.app.push(RulesScene(self.app, self.spec.id, self.match.game.options))
            return True
        intent = self.input.key(event)
        if isinstance(intent, ChooseN):
            return self.controls.press_number(intent.number)
        if isinstance(intent, Hotkey):
            return self.controls.press_key(intent.letter)
        if isinstance(intent, FocusStep):
            cards = self.keyboard_cards()
            if not cards:
                return False
            self.pick = Pick(self.pick.cards, stepped(cards, self.pick.focus, intent.step))
            return True
        focus = self.pick.focus
        tap = None if focus is None else self._tap_of(focus)
        if isinstance(intent, Toggle):
            if tap is not None:
                self.intent(tap)
            return True
        hinted = self.hint_now()
        if isinstance(intent, Enter) and hinted is not None and hinted.card == focus and not self.pick.cards:
            self.perform([hinted])  # the hint's very move, where the card alone could mean several
            return True
        if isinstance(intent, Enter):
            self.intent(enter(self.resolver(), self.pick, self.view.select, tap))
            return True
        return False

    def _tap_of(self, card: Card) -> Tap:
        found = self.model.find(card)
        zone = None if found is None else found[0]
        return Tap(Place(ZoneRef(*zone) if zone else None, card))

    def keyboard_cards(self) -> list[Card]:
        """The cards keys move over: the viewer's hand left to right, then other cards in play."""
        return keyboard_cards(self.model, (self.layout.home, self.viewer), self.resolver())

    def _pause(self) -> None:
        from .pause import PauseScene

        game = self.match.game
        self.app.push(
            PauseScene(
                self.app, self.spec, dict(game.options), self.variant, self.quit_to_title, self.in_progress
            )
        )
