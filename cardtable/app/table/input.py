"""Input: pygame events become intents, knowing nothing of any game.

A press on a card that may move starts a drag (the picked cards travel as a
group when the card is one of them); a release turns into :class:`Drop`
over whatever lies under the pointer, or into :class:`Tap` when the mouse
barely moved. Keys become navigation intents: move the focus, toggle a
pick, confirm, choose the N-th button, a letter's shortcut, cancel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from cardtable.engine import Card

from ..tokens import Token
from .resolver import Drop, Place, Tap
from .stage import Stage

DRAG_START = 6  # pixels the mouse must move before a press becomes a drag


@dataclass(frozen=True)
class FocusStep:
    step: int


@dataclass(frozen=True)
class Toggle:
    """Space: pick or put back the card in focus."""


@dataclass(frozen=True)
class Enter:
    """Enter: confirm the pick, or play the card in focus."""


@dataclass(frozen=True)
class ChooseN:
    number: int


@dataclass(frozen=True)
class Hotkey:
    letter: str


@dataclass(frozen=True)
class Cancel:
    """Esc."""


KeyIntent = FocusStep | Toggle | Enter | ChooseN | Hotkey | Cancel


@dataclass
class Drag:
    token: Token
    group: list[Token]
    start: tuple[int, int]
    offsets: list[tuple[float, float]] = field(default_factory=list)
    active: bool = False


class Input:
    """Mouse and keys for one table: ``stage`` finds what is under the pointer."""

    def __init__(self, stage: Callable[[], Stage], draggable: Callable[[Card], bool]) -> None:
        self.stage = stage
        self.draggable = draggable
        self.drag: Drag | None = None
        self.hover: Token | None = None

    @property
    def dragging(self) -> bool:
        return self.drag is not None and self.drag.active

    @property
    def pressing(self) -> bool:
        """The button is down on a card (a click or a drag under way): the table waits for it."""
        return self.drag is not None

    def dragged(self) -> list[Token]:
        return self.drag.group if self.dragging and self.drag is not None else []

    def cancel_drag(self) -> bool:
        had = self.drag is not None
        self.drag = None
        return had

    def key(self, event: pygame.event.Event) -> KeyIntent | None:
        key = event.key
        if key == pygame.K_ESCAPE:
            return Cancel()
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            return FocusStep(-1 if key == pygame.K_LEFT else 1)
        if key == pygame.K_SPACE:
            return Toggle()
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return Enter()
        if pygame.K_1 <= key <= pygame.K_9:
            return ChooseN(key - pygame.K_1 + 1)
        if pygame.K_a <= key <= pygame.K_z:
            return Hotkey(chr(key))
        return None

    def mouse(self, event: pygame.event.Event, picked: tuple[Card, ...]) -> Tap | Drop | None:
        """A mouse event: maybe a tap or a drop; drags are followed on the way."""
        stage = self.stage()
        if event.type == pygame.MOUSEMOTION:
            self.hover = stage.token_at(event.pos)
            d = self.drag
            if d is not None:
                moved = abs(event.pos[0] - d.start[0]) + abs(event.pos[1] - d.start[1])
                if not d.active and moved > DRAG_START:
                    d.active = True
                if d.active:
                    for token, (ox, oy) in zip(d.group, d.offsets, strict=True):
                        token.x, token.y, token.t = event.pos[0] - ox, event.pos[1] - oy, 1.0
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            place = stage.place_at(event.pos)
            if place is None:
                return None
            token = stage.token_at(event.pos)
            if token is not None and token.card is not None and self.draggable(token.card):
                group = [token]
                if token.card in picked:
                    others = [stage.model.find(c) for c in picked if c != token.card]
                    group += [found[1] for found in others if found is not None]
                offsets = [(event.pos[0] - t.x, event.pos[1] - t.y) for t in group]
                self.drag = Drag(token, group, event.pos, offsets)
                return None
            return Tap(place)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            d, self.drag = self.drag, None
            if not d.active:
                place = stage.place_at(d.start)
                return Tap(place) if place is not None else None
            cards = tuple(t.card for t in d.group if t.card is not None)
            return Drop(cards, stage.place_at(event.pos, d.group))
        return None


__all__ = ["Cancel", "ChooseN", "Drag", "Enter", "FocusStep", "Hotkey", "Input", "Place", "Toggle"]
