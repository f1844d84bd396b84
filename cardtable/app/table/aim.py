"""An arrow from a player to the player they just aimed at (a U-G-O attack, a King on someone).

A move aimed at a player must not pass unseen: the layout names the
announcements that aim (``arrows``), each telling its actor (the event's
seat) and, first among its values, the seat it is aimed at. The arrow runs
from the actor's name plate to the target's and fades after a moment.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from cardtable.engine import Announced, Event

from .. import theme

AIM_SECONDS = 2.4


@dataclass(frozen=True)
class Aim:
    actor: int
    target: int
    until: float


def aim_of(event: Event, arrows: tuple[str, ...], until: float) -> Aim | None:
    """The aim an announcement tells, if the layout draws it: actor, and the first seat in its value."""
    if not isinstance(event, Announced) or event.what not in arrows or event.seat is None:
        return None
    values = event.value if isinstance(event.value, tuple) else (event.value,)
    target = next((v for v in values if type(v) is int), None)  # a seat: a plain number, not a card
    if target is None or target == event.seat:
        return None
    return Aim(event.seat, target, until)


def draw_aim(surface: pygame.Surface, start: pygame.Rect, end: pygame.Rect, width: int, fade: float) -> None:
    """A thick arrow from the edge of ``start`` to the edge of ``end`` (``fade`` 0..1: how much is left)."""
    (x0, y0), (x1, y1) = start.center, end.center
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    a = _edge(start, ux, uy)
    b = _edge(end, -ux, -uy)
    a = (x0 + ux * a, y0 + uy * a)
    b = (x1 - ux * b, y1 - uy * b)
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    color = (*theme.DANGER, round(230 * max(0.0, min(1.0, fade))))
    head = width * 3.2
    shaft_end = (b[0] - ux * head * 0.8, b[1] - uy * head * 0.8)
    pygame.draw.line(layer, color, a, shaft_end, width)
    px, py = -uy, ux
    tip = [b, (b[0] - ux * head + px * head * 0.6, b[1] - uy * head + py * head * 0.6)]
    tip.append((b[0] - ux * head - px * head * 0.6, b[1] - uy * head - py * head * 0.6))
    pygame.draw.polygon(layer, color, tip)
    surface.blit(layer, (0, 0))


def _edge(rect: pygame.Rect, ux: float, uy: float) -> float:
    """How far from the centre of ``rect`` a ray along (ux, uy) leaves it."""
    tx = rect.width / 2 / abs(ux) if ux else math.inf
    ty = rect.height / 2 / abs(uy) if uy else math.inf
    return min(tx, ty) + 4
