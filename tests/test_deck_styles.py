"""The deck's look: court figures, the four-colour deck and large indices, at every size and live."""

import pygame
import pytest

from cardtable import games
from cardtable.app import theme
from cardtable.app.cardart import CardArt
from cardtable.app.theme import Fonts
from cardtable.engine.cards import STANDARD
from ui import click, make_app, run, table_game, tick

STYLES = [(False, False), (True, False), (False, True), (True, True)]
WIDTHS = [36, 86, 160]
SKIN = (243, 206, 168)


@pytest.fixture(scope="module")
def fonts():
    pygame.display.init()
    pygame.font.init()
    return Fonts()


def _every_card():
    """One card of each code in every game's catalog (Ugly's and U-G-O's decks, jokers, Ugh!'s own)."""
    cards = {}
    for name in games.ids():
        spec = games.get(name)
        for players in (spec.min_players, spec.max_players):
            for card in spec.new_game(players, seed=0).catalog.cards:
                cards.setdefault((card.kind, card.code), card)
    return list(cards.values())


def _count(surf: pygame.Surface, target, rect: pygame.Rect | None = None, tolerance: int = 40) -> int:
    """How many pixels (of ``rect``) are within ``tolerance`` of ``target`` in every channel."""
    part = surf.subsurface(rect) if rect is not None else surf
    mask = pygame.mask.from_threshold(part, (*target, 255), (tolerance, tolerance, tolerance, 255))
    return mask.count()


@pytest.mark.parametrize(("four", "large"), STYLES)
def test_each_deck_style_draws_every_card_of_every_game_at_three_sizes(fonts, four, large):
    art = CardArt(fonts)
    art.set_style(four, large)
    cards = _every_card()
    assert len({c.kind for c in cards}) >= 3  # standard, joker and a game's own deck are all here
    for width in WIDTHS:
        for card in cards:
            face = art.face(card, width)
            assert face.get_size() == (width, art.back(0, width).get_height())
            inked = _count(face, theme.PAPER, face.get_rect().inflate(-width // 5, -width // 5))
            assert inked < face.get_width() * face.get_height() * 0.95, (card.code, width)  # not blank


@pytest.mark.parametrize("width", WIDTHS)
def test_the_four_colour_deck_gives_every_suit_its_own_ink(fonts, width):
    two, four = CardArt(fonts), CardArt(fonts)
    four.set_style(True, False)
    for suit, ink in theme.FOUR_COLOR_SUITS.items():
        card = STANDARD.find(7, suit)
        assert _count(four.face(card, width), ink) > width // 3, suit
        if ink != theme.SUIT_COLORS[suit]:
            assert _count(two.face(card, width), ink) == 0, suit  # only the four-colour deck uses it
    assert len(set(theme.FOUR_COLOR_SUITS.values())) == 4
    assert len(set(theme.SUIT_COLORS.values())) == 2


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("rank", [10, 12, 14])
def test_large_indices_are_larger(fonts, width, rank):
    normal, large = CardArt(fonts), CardArt(fonts)
    large.set_style(False, True)
    card = STANDARD.find(rank, "H")
    ink = theme.suit_color("H")

    def corner_height(face: pygame.Surface) -> int:
        """How far down the top-left corner's ink reaches before the first empty rows."""
        strip = pygame.Rect(0, 0, round(width * 0.3), face.get_height() // 2)
        rows = [_count(face, ink, pygame.Rect(0, y, strip.width, 1)) > 0 for y in range(strip.height)]
        first = rows.index(True)
        return next((y for y in range(first, len(rows)) if not any(rows[y : y + 3])), len(rows)) - first

    small = normal.face(card, width)
    big = large.face(card, width)
    assert corner_height(big) > corner_height(small) * 1.2


@pytest.mark.parametrize("width", WIDTHS)
def test_court_cards_are_figures_each_told_apart(fonts, width):
    art = CardArt(fonts)
    middles = {}
    for rank in (11, 12, 13):
        face = art.face(STANDARD.find(rank, "S"), width)
        middle = face.get_rect().inflate(-width // 3, -face.get_height() // 3)
        assert _count(face, SKIN, middle) > width // 4  # a face, not a letter
        middles[rank] = pygame.image.tobytes(face.subsurface(middle), "RGB")
    ranks = list(middles)
    for i, a in enumerate(ranks):
        for b in ranks[i + 1 :]:
            different = sum(x != y for x, y in zip(middles[a], middles[b], strict=True))
            assert different > len(middles[a]) * 0.05, (a, b)


def test_the_deck_style_changes_live_at_the_table_and_is_remembered(config_folder):
    app = make_app()
    scene = table_game(app, [("You", True), ("Ada", False), ("Bo", False)])
    run(app, 2.0)
    card = next(t.card for t in scene.model.tokens() if t.card is not None and t.card.suit == "D")
    before = app.cards.face(card, 86).copy()
    app.set_card_style(True, True)
    after = app.cards.face(card, 86)
    assert (
        _count(after, theme.FOUR_COLOR_SUITS["D"]) > 30 and _count(before, theme.FOUR_COLOR_SUITS["D"]) == 0
    )
    tick(app)
    shown = app.surface
    assert _count(shown, theme.FOUR_COLOR_SUITS["D"]) > 30  # the table draws the new faces at once

    from cardtable.app.scenes.settings import SettingsScene

    app.push(SettingsScene(app))
    settings = app.stack.top
    click(app, settings.tabs["table"].rect.center)
    page = settings.table
    assert page.four_color.value and page.large_index.value
    click(app, page.four_color.rect.center)
    assert not app.cards.four_color and app.cards.large_index
    click(app, settings.done.rect.center)
    text = (config_folder / "settings.yaml").read_text()
    assert "four_color: false" in text and "large_index: true" in text
