"""Court-card figures: a King, a Queen and a Jack a player knows at a glance.

Each is a double-ended bust, as on a real deck, drawn once with pygame's
shapes on a large canvas and then scaled down smoothly by the card art, so
even a small card keeps clean edges. What tells them apart survives any
size: the King has a crown, a beard and a sword; the Queen a crown, long
hair and a flower; the Jack a feathered cap and a halberd. The robe takes
the suit's ink, so the figure also says its colour.
"""

from __future__ import annotations

import pygame

Color = tuple[int, int, int]

WIDTH, HALF = 240, 168
"""The canvas one half is drawn on."""

SHOWN_WIDTH = 180
"""The width a half is narrowed to: a card's frame, between its corner indices, is tall and narrow."""

SUIT_SIDE = {11: "right", 12: "left", 13: "right"}
"""Where the suit sits beside the head: away from the sword, flower or halberd."""

GOLD: Color = (214, 168, 58)
CREAM: Color = (248, 240, 214)
SKIN: Color = (243, 206, 168)
LINE: Color = (40, 32, 28)
STEEL: Color = (196, 202, 214)
WOOD: Color = (120, 78, 40)
BEARD: Color = (118, 84, 52)
HAIR: Color = (92, 58, 34)
JEWEL_RED: Color = (200, 36, 52)
JEWEL_BLUE: Color = (40, 90, 190)
LEAF: Color = (52, 140, 70)
PETAL: Color = (226, 86, 128)


def _tint(color: Color, amount: float) -> Color:
    """``color`` moved ``amount`` of the way to white: a lighter panel of the same robe."""
    return tuple(round(c + (255 - c) * amount) for c in color)  # type: ignore[return-value]


def _shape(surf: pygame.Surface, color: Color, points: list[tuple[float, float]]) -> None:
    pygame.draw.polygon(surf, color, points)
    pygame.draw.polygon(surf, LINE, points, 2)


def _robe(surf: pygame.Surface, ink: Color) -> None:
    _shape(surf, ink, [(22, HALF), (34, 122), (78, 102), (162, 102), (206, 122), (218, HALF)])
    _shape(surf, _tint(ink, 0.45), [(92, HALF), (96, 112), (144, 112), (148, HALF)])
    pygame.draw.rect(surf, GOLD, (112, 112, 16, HALF - 112))
    for y in range(122, HALF, 16):
        pygame.draw.polygon(surf, ink, [(120, y - 5), (125, y), (120, y + 5), (115, y)])
    for x in (60, 180):
        pygame.draw.circle(surf, GOLD, (x, 124), 7)
        pygame.draw.circle(surf, LINE, (x, 124), 7, 2)
    pygame.draw.ellipse(surf, GOLD, (86, 92, 68, 24))
    pygame.draw.ellipse(surf, LINE, (86, 92, 68, 24), 2)


def _head(surf: pygame.Surface) -> None:
    pygame.draw.rect(surf, SKIN, (108, 82, 24, 16))
    pygame.draw.ellipse(surf, SKIN, (94, 42, 52, 56))
    pygame.draw.ellipse(surf, LINE, (94, 42, 52, 56), 2)
    for x in (110, 130):
        pygame.draw.circle(surf, LINE, (x, 66), 3)
    pygame.draw.lines(surf, LINE, False, [(120, 68), (117, 78), (123, 78)], 2)


def _hand(surf: pygame.Surface, center: tuple[int, int]) -> None:
    pygame.draw.circle(surf, SKIN, center, 9)
    pygame.draw.circle(surf, LINE, center, 9, 2)


def _king(surf: pygame.Surface, ink: Color) -> None:
    # A sword held upright on the left.
    _shape(surf, STEEL, [(44, 24), (50, 8), (56, 24), (56, 114), (44, 114)])
    _shape(surf, GOLD, [(30, 112), (70, 112), (70, 120), (30, 120)])
    pygame.draw.rect(surf, WOOD, (46, 120, 8, 26))
    _robe(surf, ink)
    _hand(surf, (50, 132))
    _head(surf)
    _shape(surf, BEARD, [(95, 72), (104, 84), (136, 84), (145, 72), (142, 96), (120, 114), (98, 96)])
    _shape(surf, BEARD, [(106, 84), (120, 79), (134, 84), (120, 88)])
    crown = [(92, 50), (90, 20), (104, 34), (113, 12), (120, 28), (127, 12), (136, 34), (150, 20), (148, 50)]
    _shape(surf, GOLD, crown)
    pygame.draw.circle(surf, JEWEL_RED, (120, 41), 5)
    for x in (103, 137):
        pygame.draw.circle(surf, JEWEL_BLUE, (x, 43), 4)


def _queen(surf: pygame.Surface, ink: Color) -> None:
    # Long hair behind the head, falling to the shoulders.
    _shape(
        surf, HAIR, [(98, 40), (142, 40), (156, 70), (162, 112), (140, 104), (100, 104), (78, 112), (84, 70)]
    )
    _robe(surf, ink)
    _head(surf)
    pygame.draw.line(surf, JEWEL_RED, (113, 88), (127, 88), 3)
    _shape(surf, HAIR, [(96, 52), (120, 40), (144, 52), (146, 62), (120, 52), (94, 62)])
    tiara = [(96, 48), (98, 28), (108, 38), (120, 18), (132, 38), (142, 28), (144, 48)]
    _shape(surf, GOLD, tiara)
    for x, y in ((98, 28), (120, 18), (142, 28)):
        pygame.draw.circle(surf, (250, 250, 250), (x, y), 4)
        pygame.draw.circle(surf, LINE, (x, y), 4, 1)
    pygame.draw.circle(surf, JEWEL_RED, (120, 40), 4)
    # A flower held on the right.
    pygame.draw.line(surf, LEAF, (190, 136), (186, 56), 5)
    for box in ((166, 92, 22, 10), (190, 78, 22, 10)):
        pygame.draw.ellipse(surf, LEAF, box)
    for dx, dy in ((0, -11), (10, -3), (6, 9), (-6, 9), (-10, -3)):
        pygame.draw.circle(surf, PETAL, (186 + dx, 52 + dy), 8)
    pygame.draw.circle(surf, GOLD, (186, 52), 6)
    _hand(surf, (189, 130))


def _jack(surf: pygame.Surface, ink: Color) -> None:
    # A halberd on the left: a long staff, an axe blade and a spear point.
    pygame.draw.line(surf, WOOD, (46, 6), (46, HALF), 6)
    _shape(surf, STEEL, [(46, 22), (20, 14), (16, 40), (46, 36)])
    _shape(surf, STEEL, [(41, 22), (46, 0), (51, 22)])
    _robe(surf, ink)
    _hand(surf, (46, 128))
    _head(surf)
    pygame.draw.line(surf, LINE, (113, 87), (127, 87), 2)
    _shape(surf, HAIR, [(94, 64), (96, 48), (144, 48), (146, 64), (140, 56), (100, 56)])
    # A cap with a gold band and a long feather sweeping up to the right.
    _shape(surf, (200, 60, 50), [(138, 40), (166, 4), (176, 10), (148, 44)])
    pygame.draw.line(surf, GOLD, (143, 42), (170, 8), 2)
    pygame.draw.ellipse(surf, ink, (84, 26, 72, 26))
    pygame.draw.ellipse(surf, LINE, (84, 26, 72, 26), 2)
    pygame.draw.rect(surf, GOLD, (92, 42, 56, 7))


FIGURES = {11: _jack, 12: _queen, 13: _king}


def figure(rank: int, ink: Color) -> pygame.Surface:
    """The whole double-ended figure of a court ``rank`` (11 Jack, 12 Queen, 13 King) in ``ink``."""
    half = pygame.Surface((WIDTH, HALF), pygame.SRCALPHA)
    half.fill(CREAM)
    FIGURES[rank](half, ink)
    half = pygame.transform.smoothscale(half, (SHOWN_WIDTH, HALF))
    whole = pygame.Surface((SHOWN_WIDTH, 2 * HALF), pygame.SRCALPHA)
    whole.blit(half, (0, 0))
    whole.blit(pygame.transform.rotate(half, 180), (0, HALF))
    pygame.draw.line(whole, GOLD, (0, HALF), (SHOWN_WIDTH, HALF), 3)
    return whole
