"""The stage: a card is clicked where it is drawn, turned or attached, the topmost first."""

from collections import Counter

import pygame
import pytest

from cardtable import games
from cardtable.app.layout import Geometry, load_layout
from cardtable.app.layout.geometry import PILE_DEPTH
from cardtable.app.table.stage import Stage
from cardtable.app.tokens import TableModel, Token
from cardtable.engine import STANDARD, Slot, ZoneRef


def stage_for(game: str, players: int, viewer: int = 0, size=(1280, 720)) -> Stage:
    spec = games.get(game)
    view = spec.new_game(players, seed=2).view(viewer)
    layout = load_layout(game)
    model = TableModel()
    model.sync(view)
    stage = Stage(layout, Geometry(layout, size, players, viewer), model)
    stage.place_all(0.0)
    return stage


def test_a_side_seats_turned_card_is_hit_where_it_is_drawn_not_where_it_would_lie_upright():
    stage = stage_for("ugly", 4)
    left = stage.model.zones[("hand", 1)]  # the seat on the viewer's left: cards turned a quarter
    token = left[0]
    rect = stage.token_rect(token)
    assert rect.width > rect.height  # drawn sideways
    assert stage.token_at(rect.center) in left
    upright_corner = (round(token.x), round(token.y - token.width * 0.65))  # inside an upright card only
    assert not rect.collidepoint(upright_corner)
    place = stage.place_at(rect.center)
    assert place is not None and place.zone == ZoneRef("hand", 1) and place.card is None  # a hidden card
    assert isinstance(place.slot, Slot) and place.slot.owner == 1


def test_the_topmost_card_of_a_fan_wins_and_the_viewers_cards_carry_their_faces():
    stage = stage_for("ugly", 4)
    hand = stage.model.zones[("hand", 0)]
    for token in hand:
        point = stage.point_of(token.card)
        assert point is not None and stage.token_at(point) is token
        place = stage.place_at(point)
        assert place.card == token.card and place.zone == ZoneRef("hand", 0)
    last = hand[-1]
    overlap = stage.token_rect(hand[-2]).clip(stage.token_rect(last)).center
    assert stage.token_at(overlap) is last  # drawn later, so on top


def test_an_attached_card_is_hit_by_its_own_outline():
    stage = stage_for("ugly", 3)
    host = stage.model.zones[("hand", 0)][5]
    extra = Token(STANDARD.by_code("2D"), 0)
    host.attached.append(extra)
    rect = stage.attached_rect(host, extra, 0)
    inside = rect.move(0, rect.height // 2 - 3).midtop
    found = stage.place_at((inside[0], rect.bottom - 3))
    assert found is not None and found.card == extra.card and found.slot is None


def test_a_drop_on_an_empty_zone_finds_the_zone():
    stage = stage_for("ultimate-loser", 4)
    rect = stage.zone_rect(("play", 0))
    place = stage.place_at(rect.center)
    assert place is not None and place.zone == ZoneRef("play", 0) and place.card is None


def test_rects_follow_the_window_size():
    big = stage_for("ultimate-loser", 6, size=(1280, 720))
    small = stage_for("ultimate-loser", 6, size=(900, 600))
    screen = pygame.Rect(0, 0, 900, 600)
    for sprite in small.sprites():
        assert screen.contains(sprite.rect), sprite

    # The same cards at both sizes, but for a pile's cards hidden exactly under the one above.
    def per_zone(stage):
        return Counter(tuple(s.ref) for s in stage.sprites() if s.ref.zone not in ("spares", "deck"))

    assert per_zone(big) == per_zone(small) and sum(per_zone(big).values()) > 20


def test_a_deep_pile_draws_its_top_card_and_thickness_only():
    stage = stage_for("ultimate-loser", 2)  # 2 players: most of the deck lies in the spares
    spares = stage.model.zones[("spares", None)]
    assert len(spares) > 20
    sprites = [s for s in stage.sprites() if tuple(s.ref) == ("spares", None)]
    drawn = [s.token for s in sprites]
    assert drawn[-1] is spares[-1], "the top card is drawn"
    assert 2 <= len(drawn) <= PILE_DEPTH + 1, "its thickness, not every card"
    rects = [tuple(s.rect) for s in sprites]
    assert len(set(rects)) == len(rects), "no card drawn exactly under another (never seen)"
    below = {tuple(stage.token_rect(t)) for t in spares[: PILE_DEPTH + 1]}
    assert set(rects) == below | {tuple(stage.token_rect(spares[-1]))}, "every edge of the thickness is drawn"
    place = stage.place_at(stage.zone_rect(("spares", None)).center)
    assert place is not None and place.zone == ZoneRef("spares")
    card = spares[20]  # a card on its way out of the pile is drawn wherever it is
    card.retarget(640, 360, 0, card.width, 0.5)
    assert card.moving and card in [s.token for s in stage.sprites()]


@pytest.mark.parametrize("size", [(1280, 720), (900, 540)])
def test_a_card_dropped_beside_a_row_lands_in_the_row(size):
    """A U-G-O row with one card: the room where the next card will lie is part of the row's place."""
    stage = stage_for("ugo", 2, size=size)
    row = stage.model.zones[("table", 0)]
    row.append(stage.model.zones[("hand", 0)].pop())
    stage.place_all(0.0)
    card = stage.token_rect(row[0])
    beside = (card.right + card.width // 2, card.centery)  # where a second card would go
    assert stage.token_at(beside) is None
    place = stage.place_at(beside)
    assert place is not None and place.zone == ZoneRef("table", 0) and place.card is None
    assert stage.target_rect(ZoneRef("table", 0), None).collidepoint(beside), "lit up there too"
