"""Colors, sizes and fonts: the look of the table in one place.

Suit colors live here (and only here) so a four-color deck is one change.
"""

from __future__ import annotations

import functools
import unicodedata

import pygame
import pygame.freetype

from cardtable.resources import asset_file

Color = tuple[int, int, int]

FELT: Color = (28, 98, 64)
FELT_DARK: Color = (17, 68, 43)
FELT_LIGHT: Color = (44, 122, 82)
INK: Color = (24, 24, 28)
PAPER: Color = (252, 250, 243)
TEXT: Color = (244, 241, 230)
MUTED: Color = (188, 206, 192)
ACCENT: Color = (242, 197, 84)
DANGER: Color = (226, 92, 82)
PANEL: Color = (14, 40, 28)
PANEL_EDGE: Color = (92, 150, 112)
BUTTON: Color = (238, 230, 206)
BUTTON_HOVER: Color = (255, 246, 220)
BUTTON_TEXT: Color = (30, 44, 36)
HIGHLIGHT: Color = (255, 221, 102)
SELECTION: Color = (176, 204, 255)
"""Behind selected text in a text field."""
DROP: Color = (120, 220, 160)
SHADOW = (0, 0, 0, 90)

SUIT_COLORS: dict[str, Color] = {"S": (26, 26, 32), "C": (26, 26, 32), "H": (196, 30, 46), "D": (196, 30, 46)}
"""Ink per suit, as on an ordinary deck."""

FOUR_COLOR_SUITS: dict[str, Color] = {**SUIT_COLORS, "D": (22, 92, 196), "C": (20, 128, 58)}
"""Ink per suit of the four-colour deck (a setting): clubs green and diamonds blue, so no two suits share."""


def suit_color(suit: str, four_color: bool = False) -> Color:
    """The ink of ``suit`` on the deck the player chose."""
    return (FOUR_COLOR_SUITS if four_color else SUIT_COLORS)[suit]


SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}
"""How a hand is sorted on screen: colours alternate (spades, hearts, clubs, diamonds)."""


def display_key(token) -> tuple:
    """Sort key for cards in a hand: known standard cards by suit then rank, others after."""
    card = token.card
    if card is None:
        return (2, 0, 0, token.id)
    if card.suit is None or card.rank is None:
        return (1, 0, int(card), token.id)
    return (0, SUIT_ORDER.get(card.suit, 9), card.rank, token.id)


BACK_COLORS: list[tuple[Color, Color]] = [
    ((150, 32, 44), (236, 206, 170)),
    ((30, 70, 140), (200, 214, 240)),
    ((36, 110, 60), (210, 236, 200)),
    ((110, 50, 130), (230, 210, 240)),
    ((170, 110, 20), (250, 226, 170)),
    ((40, 40, 40), (210, 210, 210)),
]
"""(field, pattern) per card back: each player's deck in U-G-O has its own.

In the order of ``cardtable.settings.CARD_BACKS`` (red, blue, green, purple,
gold, black), the names the settings use.
"""


FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "serif": "DejaVuSerif-Bold.ttf"}

FALLBACK_FONTS = (
    "notosanscjksc",
    "notosanscjkjp",
    "notosanscjk",
    "sourcehansans",
    "droidsansfallbackfull",
    "droidsansfallback",
    "wenquanyizenhei",
    "wenquanyimicrohei",
    "arialunicodems",
    "microsoftyahei",
    "yugothic",
    "msgothic",
    "simsun",
)
"""System fonts, by pygame's names, that draw what DejaVu cannot (Chinese, Japanese, Korean): the
first one installed draws those characters. None installed: they show as boxes."""


class Fonts:
    """Fonts by size and weight, loaded once from the shipped DejaVu files."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, str], pygame.font.Font] = {}
        self._fallbacks: dict[int, pygame.font.Font | None] = {}
        self._coverage: dict[str, pygame.freetype.Font] = {}

    @staticmethod
    def path(style: str = "regular") -> str:
        return str(asset_file("fonts", FONT_FILES[style]))

    def fallback(self, size: int) -> pygame.font.Font | None:
        """The installed system font for what DejaVu cannot draw, at ``size``; None if there is none."""
        if size not in self._fallbacks:
            path = _fallback_path()
            self._fallbacks[size] = None if path is None else pygame.font.Font(path, size)
        return self._fallbacks[size]

    def missing(self, style: str, text: str) -> list[bool]:
        """For each character of ``text``: the style's DejaVu file has no glyph for it."""
        face = self._coverage.get(style)
        if face is None:
            if not pygame.freetype.get_init():
                pygame.freetype.init()
            face = self._coverage[style] = pygame.freetype.Font(self.path(style), 12)
        return [m is None for m in face.get_metrics(text)]

    def get(self, size: int, style: str = "regular") -> pygame.font.Font:
        size = max(6, int(size))
        key = (size, style)
        font = self._cache.get(key)
        if font is None:
            font = pygame.font.Font(self.path(style), size)
            self._cache[key] = font
        return font


class TextCache:
    """Rendered text surfaces, reused while the same text is drawn frame after frame."""

    def __init__(self, fonts: Fonts, limit: int = 600) -> None:
        self.fonts = fonts
        self.limit = limit
        self._cache: dict[tuple[str, int, str, Color], pygame.Surface] = {}

    def render(self, text: str, size: int, color: Color = TEXT, style: str = "regular") -> pygame.Surface:
        key = (text, int(size), style, color)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > self.limit:
                self._cache.clear()
            surf = render_safely(self.fonts.get(size, style), text, color, (self.fonts, style))
            self._cache[key] = surf
        return surf


def drawable(text: str) -> str:
    """``text`` without the characters that draw nothing and may confuse a line (zero-width spaces,
    direction overrides, other control and format characters)."""
    return "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf"))


Face = tuple[Fonts, str]
"""The fonts and the style a text is drawn in, for drawing what DejaVu cannot in a fallback."""


def render_safely(
    font: pygame.font.Font, text: str, color: Color, face: Face | None = None
) -> pygame.Surface:
    """Render any text: what draws nothing (a name of only a zero-width space) is an empty line,
    never an error that stops the app. With ``face``, characters DejaVu has no glyph for are drawn
    in an installed system font that has them (:data:`FALLBACK_FONTS`), on the same baseline."""
    text = drawable(text)
    try:
        runs = _runs(face, text, font.point_size)
        if runs is None:
            return font.render(text, True, color)
        assert face is not None  # runs come only from a face
        fallback = face[0].fallback(font.point_size)
        assert fallback is not None
        parts = [(fallback if other else font).render(part, True, color) for part, other in runs]
        ascent = max(font.get_ascent(), fallback.get_ascent())
        tops = [ascent - (fallback if other else font).get_ascent() for _, other in runs]
        height = max(top + p.get_height() for top, p in zip(tops, parts, strict=True))
        surf = pygame.Surface((sum(p.get_width() for p in parts), height), pygame.SRCALPHA)
        x = 0
        for top, p in zip(tops, parts, strict=True):
            surf.blit(p, (x, top))
            x += p.get_width()
        return surf
    except pygame.error:
        return pygame.Surface((0, font.get_linesize()), pygame.SRCALPHA)


def text_width(font: pygame.font.Font, text: str, face: Face | None = None) -> int:
    """The width :func:`render_safely` draws ``text`` at (for a cursor or a click's place)."""
    text = drawable(text)
    runs = _runs(face, text, font.point_size)
    if runs is None:
        return font.size(text)[0]
    assert face is not None  # runs come only from a face
    fallback = face[0].fallback(font.point_size)
    assert fallback is not None
    return sum((fallback if other else font).size(part)[0] for part, other in runs)


def _runs(face: Face | None, text: str, size: int) -> list[tuple[str, bool]] | None:
    """``text`` in runs DejaVu draws (False) and runs for the fallback (True); None when DejaVu
    draws it all, or no fallback is installed to do better."""
    if face is None or text.isascii():
        return None
    fonts, style = face
    missing = fonts.missing(style, text)
    if not any(missing) or fonts.fallback(size) is None:
        return None
    runs: list[tuple[str, bool]] = []
    for ch, other in zip(text, missing, strict=True):
        if runs and runs[-1][1] == other:
            runs[-1] = (runs[-1][0] + ch, other)
        else:
            runs.append((ch, other))
    return runs


@functools.cache
def _fallback_path() -> str | None:
    return pygame.font.match_font(list(FALLBACK_FONTS))


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = word if not line else f"{line} {word}"
            if font.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
