"""Card faces and backs drawn by the app at any size, cached per size.

Standard cards get corner indices (normal or large), pips (2-10), a large
centre symbol (Ace) or a framed figure (J, Q, K, from :mod:`courts`), in two
or four suit colours; jokers a star; cards of custom decks (as
Ugh!'s) their colour and value. Suit symbols come from the shipped DejaVu
font, so they stay crisp at every size. Faces are rendered once per card and
width, rotations once per angle.
"""

from __future__ import annotations

import pygame

from cardtable.engine import Card
from cardtable.engine.cards import RANK_CODES, SUIT_SYMBOLS
from cardtable.i18n import _, pgettext

from . import courts, theme
from .layout import geometry
from .theme import Fonts, render_safely

# Pip positions for 2-10 as (column, row): columns 0, 1, 2 (left, middle, right),
# rows 0..1 from the top to the bottom of the pip area.
PIPS: dict[int, list[tuple[int, float]]] = {
    2: [(1, 0.0), (1, 1.0)],
    3: [(1, 0.0), (1, 0.5), (1, 1.0)],
    4: [(0, 0.0), (2, 0.0), (0, 1.0), (2, 1.0)],
    5: [(0, 0.0), (2, 0.0), (1, 0.5), (0, 1.0), (2, 1.0)],
    6: [(0, 0.0), (2, 0.0), (0, 0.5), (2, 0.5), (0, 1.0), (2, 1.0)],
    7: [(0, 0.0), (2, 0.0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1.0), (2, 1.0)],
    8: [(0, 0.0), (2, 0.0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1.0), (2, 1.0)],
    9: [(0, 0.0), (2, 0.0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3), (0, 1.0), (2, 1.0)],
    10: [
        (0, 0.0),
        (2, 0.0),
        (1, 1 / 6),
        (0, 1 / 3),
        (2, 1 / 3),
        (0, 2 / 3),
        (2, 2 / 3),
        (1, 5 / 6),
        (0, 1.0),
        (2, 1.0),
    ],
}

COURT_GOLD = courts.GOLD
COLOR_SHAPES = {"green": "circle", "orange": "triangle", "purple": "square"}
"""A shape per color of a game's own deck, for players who cannot tell the colors apart."""

CUSTOM_COLORS = {
    "green": (46, 150, 72),
    "orange": (232, 126, 32),
    "purple": (128, 64, 168),
    "blue": (40, 96, 190),
    "wild": (60, 60, 60),
}


card_height = geometry.card_height


class CardArt:
    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self._faces: dict[tuple[str, int], pygame.Surface] = {}
        self._backs: dict[tuple[int, int], pygame.Surface] = {}
        self._turned: dict[tuple[int, int, int], pygame.Surface] = {}
        self.back_offset = 0
        """The player's card back (settings): deck 0 gets this design, the next deck the next one."""
        self.four_color = False
        self.large_index = False
        self._figures: dict[tuple[int, tuple[int, int, int]], pygame.Surface] = {}

    # -- public ----------------------------------------------------------------

    def face(self, card: Card, width: int) -> pygame.Surface:
        key = (card.code, width)
        surf = self._faces.get(key)
        if surf is None:
            surf = self._render_face(card, width)
            self._faces[key] = surf
        return surf

    def back(self, back: int, width: int) -> pygame.Surface:
        key = (back, width)
        surf = self._backs.get(key)
        if surf is None:
            surf = self._render_back(back, width)
            self._backs[key] = surf
        return surf

    def set_back(self, offset: int) -> None:
        if offset != self.back_offset:
            self.back_offset = offset
            self._backs.clear()
            self._turned.clear()

    def set_style(self, four_color: bool, large_index: bool) -> None:
        """The deck's look (settings); a change draws every face anew."""
        if (four_color, large_index) != (self.four_color, self.large_index):
            self.four_color, self.large_index = four_color, large_index
            self.clear()

    def image(
        self, card: Card | None, back: int, width: int, face_up: bool, angle: int = 0
    ) -> pygame.Surface:
        """The card as it lies: face or back, turned by ``angle`` degrees (multiples of 90 cached)."""
        surf = self.face(card, width) if card is not None and face_up else self.back(back, width)
        angle = angle % 360
        if angle == 0:
            return surf
        key = (id(surf), width, angle)
        turned = self._turned.get(key)
        if turned is None:
            if len(self._turned) > 2000:
                self._turned.clear()
            # Right angles turn exactly; any other angle is filtered so edges stay smooth.
            turned = (
                pygame.transform.rotate(surf, angle)
                if angle % 90 == 0
                else pygame.transform.rotozoom(surf, angle, 1.0)
            )
            self._turned[key] = turned
        return turned

    def clear(self) -> None:
        self._faces.clear()
        self._backs.clear()
        self._turned.clear()

    # -- drawing -----------------------------------------------------------------

    def _blank(self, width: int, fill: tuple[int, int, int]) -> pygame.Surface:
        height = card_height(width)
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        radius = max(3, width // 12)
        pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=radius)
        pygame.draw.rect(
            surf, (120, 120, 112), surf.get_rect(), width=max(1, width // 70), border_radius=radius
        )
        return surf

    def _glyph(self, text: str, size: float, color, style: str = "regular") -> pygame.Surface:
        return render_safely(self.fonts.get(max(6, round(size)), style), text, color)

    def _render_face(self, card: Card, width: int) -> pygame.Surface:
        if card.kind == "standard" and card.rank is not None and card.suit is not None:
            return self._standard(card, width)
        if card.kind == "joker":
            return self._joker(width)
        return self._custom(card, width)

    def _standard(self, card: Card, width: int) -> pygame.Surface:
        surf = self._blank(width, theme.PAPER)
        height = surf.get_height()
        suit = card.suit
        rank = card.rank
        assert suit is not None and rank is not None
        color = theme.suit_color(suit, self.four_color)
        symbol = SUIT_SYMBOLS[suit]
        label = RANK_CODES[rank]
        # Corner indices, top-left and (turned) bottom-right; large ones read in a tight fan.
        big = self.large_index
        index_size = width * ((0.34 if big else 0.22) if len(label) == 1 else (0.28 if big else 0.19))
        rank_img = self._glyph(label, index_size, color, "bold")
        suit_img = self._glyph(symbol, width * (0.27 if big else 0.19), color)
        if big and rank_img.get_width() > suit_img.get_width() * 1.15:
            # A large "10" is condensed to the suit's width, leaving the middle of the card its room.
            narrow = round(suit_img.get_width() * 1.15)
            rank_img = pygame.transform.smoothscale(rank_img, (narrow, rank_img.get_height()))
        corner = pygame.Surface(
            (
                max(rank_img.get_width(), suit_img.get_width()),
                rank_img.get_height() + suit_img.get_height() * 0.8,
            ),
            pygame.SRCALPHA,
        )
        corner.blit(rank_img, rank_img.get_rect(midtop=(corner.get_width() // 2, 0)))
        corner.blit(
            suit_img, suit_img.get_rect(midtop=(corner.get_width() // 2, int(rank_img.get_height() * 0.82)))
        )
        margin = max(2, round(width * (0.035 if big else 0.05)))
        surf.blit(corner, (margin, margin))
        surf.blit(
            pygame.transform.rotate(corner, 180),
            corner.get_rect(bottomright=(width - margin, height - margin)),
        )
        # The middle of the card keeps clear of the corners: narrower beside large indices.
        side = margin + corner.get_width() + max(1, width // 40)
        if rank in PIPS:
            self._pips(surf, PIPS[rank], symbol, color, side)
        elif rank == 14:
            ace = self._glyph(symbol, width * (0.5 if big else 0.62), color)
            surf.blit(ace, ace.get_rect(center=(width // 2, height // 2)))
        else:
            self._court(surf, rank, symbol, color, side)
        return surf

    def _pips(
        self, surf: pygame.Surface, spots: list[tuple[int, float]], symbol: str, color, side: int
    ) -> None:
        width, height = surf.get_size()
        pip = self._glyph(symbol, width * 0.18, color)
        room = width / 2 - side  # from the middle to the corner indices
        span = max(width * 0.11, min(width * 0.16, room - pip.get_width() / 2))
        if pip.get_width() / 2 > room - span:
            # Beside large indices the pips shrink rather than run into them.
            scale = max(0.5, 2 * (room - span) / pip.get_width())
            pip = pygame.transform.smoothscale_by(pip, scale)
        flipped = pygame.transform.rotate(pip, 180)
        xs = (width / 2 - span, width / 2, width / 2 + span)
        top, bottom = height * 0.22, height * 0.78
        for col, row in spots:
            x = xs[col]
            y = top + (bottom - top) * row
            img = flipped if row > 0.5 else pip
            surf.blit(img, img.get_rect(center=(round(x), round(y))))

    def _court(self, surf: pygame.Surface, rank: int, symbol: str, color, side: int) -> None:
        """A framed figure (see :mod:`courts`), scaled from its large drawing to the card."""
        width, height = surf.get_size()
        frame = pygame.Rect(0, 0, max(width * 0.4, width - 2 * side), round(height * 0.78))
        frame.center = (width // 2, height // 2)
        key = (rank, color)
        drawing = self._figures.get(key)
        if drawing is None:
            drawing = self._figures[key] = courts.figure(rank, color)
        inner = frame.inflate(-2 * max(1, width // 45), -2 * max(1, width // 45))
        # Narrowed a little at most, never squeezed out of shape: a narrow card gets a shorter figure.
        aspect = drawing.get_width() / drawing.get_height() * 0.85
        if inner.width < inner.height * aspect:
            inner.height = round(inner.width / aspect)
            inner.centery = height // 2
            frame = inner.inflate(2 * max(1, width // 45), 2 * max(1, width // 45))
        surf.blit(pygame.transform.smoothscale(drawing, inner.size), inner)
        pygame.draw.rect(surf, COURT_GOLD, frame, width=max(1, width // 45))
        # The suit beside each head, as on a real card, on the side the figure holds nothing.
        small = self._glyph(symbol, width * 0.15, color)
        pad = max(1, width // 30)
        top = small.get_rect(top=inner.top + pad)
        if courts.SUIT_SIDE[rank] == "left":
            top.left = inner.left + pad
        else:
            top.right = inner.right - pad
        surf.blit(small, top)
        bottom = top.copy()
        bottom.center = (inner.left + inner.right - top.centerx, inner.top + inner.bottom - top.centery)
        surf.blit(pygame.transform.rotate(small, 180), bottom)

    def _joker(self, width: int) -> pygame.Surface:
        surf = self._blank(width, theme.PAPER)
        height = surf.get_height()
        star = self._glyph("\u2605", width * 0.55, (150, 30, 120))
        surf.blit(star, star.get_rect(center=(width // 2, height // 2)))
        # Translators: the word printed on a joker's face (capitals).
        word = self._glyph(pgettext("card face", "JOKER"), width * 0.16, (150, 30, 120), "bold")
        surf.blit(word, word.get_rect(midtop=(width // 2, round(height * 0.08))))
        surf.blit(
            pygame.transform.rotate(word, 180), word.get_rect(midbottom=(width // 2, round(height * 0.92)))
        )
        return surf

    def _custom(self, card: Card, width: int) -> pygame.Surface:
        """A card of a game's own deck (Ugh!): its color, its value, and a shape per color so
        that color is never the only cue."""
        base = CUSTOM_COLORS.get(card.color or "", (90, 90, 90))
        if "blue" in card.tags:
            base = CUSTOM_COLORS["blue"]
        surf = self._blank(width, theme.PAPER)
        height = surf.get_height()
        inner = surf.get_rect().inflate(-max(4, width // 10), -max(4, width // 10))
        pygame.draw.rect(surf, base, inner, border_radius=max(3, width // 14))
        if card.kind == "wild":
            # Translators: the big letter on an Ugh! Wild card's face (the initial of "Wild").
            main = pgettext("card face", "W")
        elif card.kind == "ugh" and not card.value:
            # Translators: the big word on The Coming of the Ice Age, an Ugh! card (capitals, short).
            main = pgettext("card face", "ICE") if "ice-age" in card.tags else "UGH!"
        else:
            main = str(card.value)
        big = self._glyph(main, width * (0.5 if len(main) <= 2 else 0.26), theme.PAPER, "bold")
        surf.blit(big, big.get_rect(center=(width // 2, height // 2)))
        caption = self._glyph(_(card.name), width * 0.13, theme.PAPER, "bold")
        if caption.get_width() > inner.width - 4:
            caption = pygame.transform.smoothscale_by(caption, (inner.width - 4) / caption.get_width())
        surf.blit(caption, caption.get_rect(midtop=(width // 2, inner.top + 4)))
        colors = (
            list(COLOR_SHAPES) if card.color == "all" else [card.color] if card.color in COLOR_SHAPES else []
        )
        size = max(4, round(width * 0.11))
        y = inner.bottom - size - max(3, width // 18)
        x0 = width // 2 - (len(colors) - 1) * (size + 3)
        for i, color in enumerate(colors):
            _shape(surf, COLOR_SHAPES[color], (x0 + i * 2 * (size + 3), y), size)
        return surf

    def _render_back(self, back: int, width: int) -> pygame.Surface:
        back = (back + self.back_offset) % len(theme.BACK_COLORS)
        field, pattern = theme.BACK_COLORS[back]
        surf = self._blank(width, theme.PAPER)
        height = surf.get_height()
        inset = max(3, round(width * 0.07))
        inner = surf.get_rect().inflate(-2 * inset, -2 * inset)
        pygame.draw.rect(surf, field, inner, border_radius=max(2, width // 16))
        clip = surf.subsurface(inner)
        step = max(5, round(width * 0.12))
        line = max(1, width // 50)
        for k in range(-inner.height, inner.width + inner.height, step):
            pygame.draw.line(clip, pattern, (k, 0), (k + inner.height, inner.height), line)
            pygame.draw.line(clip, pattern, (k, inner.height), (k + inner.height, 0), line)
        medal = pygame.Rect(0, 0, round(width * 0.42), round(width * 0.42))
        medal.center = (width // 2, height // 2)
        pygame.draw.ellipse(surf, field, medal)
        pygame.draw.ellipse(surf, pattern, medal, width=max(1, width // 30))
        mark = self._glyph("\u2660" if back % 2 == 0 else "\u2665", width * 0.24, pattern)
        surf.blit(mark, mark.get_rect(center=medal.center))
        return surf


def _shape(surf: pygame.Surface, shape: str, center: tuple[int, int], size: int) -> None:
    """A small white shape with a dark outline, drawn (not a font glyph: every font has it)."""
    x, y = center
    if shape == "circle":
        pygame.draw.circle(surf, theme.PAPER, center, size)
        pygame.draw.circle(surf, (30, 30, 30), center, size, 1)
    elif shape == "triangle":
        points = [(x, y - size), (x + size, y + size), (x - size, y + size)]
        pygame.draw.polygon(surf, theme.PAPER, points)
        pygame.draw.polygon(surf, (30, 30, 30), points, 1)
    else:
        rect = pygame.Rect(0, 0, 2 * size - 1, 2 * size - 1)
        rect.center = center
        pygame.draw.rect(surf, theme.PAPER, rect)
        pygame.draw.rect(surf, (30, 30, 30), rect, 1)
