"""Card faces: colors of a game's own deck are never the only cue (a shape per color)."""

import pygame
import pytest

from cardtable import games
from cardtable.app.cardart import COLOR_SHAPES, CardArt
from cardtable.app.table.stage import color_key
from cardtable.app.theme import Fonts
from cardtable.app.tokens import Token


@pytest.fixture(scope="module")
def art():
    pygame.display.init()
    pygame.font.init()
    return CardArt(Fonts())


def _ugh_card(color: str, kind: str = "number", value: int | None = 3):
    catalog = games.get("ugh").new_game(2, seed=0).catalog
    return next(c for c in catalog.cards if c.kind == kind and c.color == color and c.value == value)


def _light(surf: pygame.Surface) -> set[tuple[int, int]]:
    """Where the lower part of the face is near white: the color's shape, not the color itself
    (the caption naming the color sits at the top, the value in the middle)."""
    w, h = surf.get_size()
    return {
        (x, y)
        for x in range(4, w - 4)
        for y in range(h * 3 // 4, h - 4)
        if min(surf.get_at((x, y))[:3]) > 200
    }


@pytest.mark.parametrize(("a", "b"), [("green", "orange"), ("orange", "purple"), ("green", "purple")])
def test_two_colors_differ_in_shape_not_only_in_color(art, a, b):
    first = _light(art.face(_ugh_card(a), 90))
    second = _light(art.face(_ugh_card(b), 90))
    assert len(first ^ second) > 30  # the value is the same: the shapes tell the cards apart


def test_the_all_wild_shows_every_colors_shape(art):
    single = _light(art.face(_ugh_card("green", "wild", None), 90))
    every = _light(art.face(_ugh_card("all", "wild", None), 90))
    assert len(every) > len(single)
    assert set(COLOR_SHAPES) == {"green", "orange", "purple"}


def test_a_pool_sorts_by_color_then_value():
    catalog = games.get("ugh").new_game(2, seed=0).catalog
    picked = [
        next(c for c in catalog.cards if c.kind == "number" and c.color == "purple" and c.value == 1),
        next(c for c in catalog.cards if c.kind == "number" and c.color == "green" and c.value == 5),
        next(c for c in catalog.cards if c.kind == "wild" and c.color == "green"),
        next(c for c in catalog.cards if c.kind == "number" and c.color == "green" and c.value == 2),
    ]
    tokens = [Token(c, 0) for c in picked]
    ordered = [t.card for t in sorted(tokens, key=color_key)]
    assert [(c.color, c.kind, c.value) for c in ordered] == [
        ("green", "number", 2),
        ("green", "number", 5),
        ("green", "wild", None),
        ("purple", "number", 1),
    ]
