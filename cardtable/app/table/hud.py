"""Everything drawn over the cards: name plates, badges, the status line, announcements, panels.

Texts come from the layout (plate lines, badge values, panel titles) and
the view's facts; names and "you" from the seats. Nothing here changes state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from cardtable.engine import Card, View
from cardtable.i18n import _, pgettext

from .. import theme
from ..layout import Geometry, Layout, card_height
from ..widgets import box, draw_panel, draw_text
from .arrow import Flips, draw_turn_arrow
from .controls import room_between
from .words import badge_text, plate_lines

PLATE_FLOOR = 10
"""The smallest text size (px) a name plate shrinks a line to; a line still too wide is cut short."""
PLATE_EDGE = 3
"""The width of the edge that marks the plate of a seat to act; no word is drawn under it."""

_MEASURE = [theme.Fonts()]  # the hud's font files, for measuring plates where no app is at hand


def _measure() -> theme.Fonts:
    """Fonts to measure with, loaded again when pygame's font module was restarted since."""
    if not pygame.font.get_init():  # sizes may be asked for before any window opens
        pygame.font.init()
    try:
        _MEASURE[0].get(PLATE_FLOOR).size("x")
    except pygame.error:  # "font module quit since font created"
        _MEASURE[0] = theme.Fonts()
    return _MEASURE[0]


def plate_size(
    geometry: Geometry, small: bool, lines: int, fonts: theme.Fonts | None = None
) -> tuple[int, int]:
    """A name plate's (width, height) in pixels: a small one for another seat on a crowded table.

    Text does not shrink with the table below a readable size, so in a small window the plate is
    as tall as its words really are, with room for the edge below the last.
    """
    s = geometry.scale
    line_h = plate_line_height(geometry, small)
    width, height = round((160 if small else 190) * s), round((30 if small else 34) * s) + line_h * lines
    name_px, line_px = plate_text_sizes(geometry, small)
    fonts = fonts or _measure()
    words = round(5 * s) + fonts.get(name_px, "bold").get_height()
    if lines:
        words = max(
            words, plate_line_top(geometry, small) + line_h * (lines - 1) + fonts.get(line_px).get_height()
        )
    return width, max(height, words + max(PLATE_EDGE, round(5 * s)))


def plate_text_sizes(geometry: Geometry, small: bool) -> tuple[int, int]:
    """(name, line) text sizes of a plate: scaled with the table, never below what a player can read."""
    s = geometry.scale
    return max(11, round((16 if small else 18) * s)), max(11, round((13 if small else 14) * s))


def plate_line_top(geometry: Geometry, small: bool) -> int:
    """How far below a plate's top its first line under the name starts."""
    return round((25 if small else 29) * geometry.scale)


def plate_line_height(geometry: Geometry, small: bool) -> int:
    """The step from one line under the name to the next (lines may sit closer than text is tall)."""
    return max(11, round((17 if small else 19) * geometry.scale))


def plate_padding(geometry: Geometry) -> int:
    """The clear space kept between a plate's edge and its words, on each side."""
    return max(3, round(6 * geometry.scale))


def fit_text(
    fonts: theme.Fonts, text: str, px: int, width: int, style: str = "regular", floor: int = PLATE_FLOOR
) -> tuple[str, int]:
    """``text`` and the size to draw it at so it is at most ``width`` wide: a smaller size down to
    ``floor`` first (a small window keeps whole words where it can), then cut short with an ellipsis."""
    floor = min(floor, px)
    while px > floor and fonts.get(px, style).size(text)[0] > width:
        px -= 1
    font = fonts.get(px, style)
    if font.size(text)[0] <= width:
        return text, px
    cut = text
    while cut and font.size(cut.rstrip() + "\u2026")[0] > width:
        cut = cut[:-1]
    return (cut.rstrip() + "\u2026" if cut else ""), px


GROW = 4 / 3  # how much wider than its layout a full plate may grow for its words


def plate_rects(
    layout: Layout,
    geometry: Geometry,
    view: View,
    names: Sequence[str],
    window: tuple[int, int],
    fonts: theme.Fonts | None = None,
) -> list[pygame.Rect]:
    """Where each seat's name plate goes (the buttons keep clear of them).

    A plate whose words do not fit grows: a small one at most to a full plate's width (the width
    the seats are laid out to keep apart), a full one by at most a third (its text keeps a legible
    size in a small window, where the plate itself shrinks), so every table stays readable.
    """
    fonts = fonts or _measure()
    return [seat_plate(layout, geometry, view, seat, names, window, fonts)[0] for seat in range(view.players)]


def seat_plate(
    layout: Layout,
    geometry: Geometry,
    view: View,
    seat: int,
    names: Sequence[str],
    window: tuple[int, int],
    fonts: theme.Fonts,
) -> tuple[pygame.Rect, list[str]]:
    """A seat's plate: where it goes (inside the window), and its lines under the name as they are drawn."""
    lines, width, height = plate_words(layout, geometry, view, seat, names, fonts)
    left, top, _width, _height = geometry.plate_box(seat, width, height)
    rect = pygame.Rect(round(left), round(top), width, height)
    rect.clamp_ip(pygame.Rect((0, 0), window).inflate(-8, -8))
    return rect, lines


def plate_words(
    layout: Layout, geometry: Geometry, view: View, seat: int, names: Sequence[str], fonts: theme.Fonts
) -> tuple[list[str], int, int]:
    """A seat's plate: its lines under the name, its width and its height. A line still too wide
    once the plate has grown breaks where its parts were joined ("42 cards in deck, 1 Queen out")."""
    small = geometry.compact and seat != view.seat
    lines = plate_lines(layout, view, seat, names)
    name_px, line_px = plate_text_sizes(geometry, small)
    font = fonts.get(line_px)
    width, _high = plate_size(geometry, small, len(lines), fonts)
    words = [fonts.get(name_px, "bold").size(names[seat])[0]] + [font.size(line)[0] for line in lines]
    pad = plate_padding(geometry)
    full = plate_size(geometry, False, 0, fonts)[0]
    width = max(width, min(max(words) + 2 * pad, full if small else round(full * GROW)))
    lines = [part for line in lines for part in _broken(line, font, width - 2 * pad)]
    return lines, width, plate_size(geometry, small, len(lines), fonts)[1]


def _broken(line: str, font, room: int) -> list[str]:
    """``line`` as one line, or as several broken after its commas where it is too wide."""
    if font.size(line)[0] <= room or ", " not in line:
        return [line]
    parts = line.split(", ")
    out = [parts[0]]
    for part in parts[1:]:
        joined = f"{out[-1]}, {part}"
        if font.size(joined)[0] <= room:
            out[-1] = joined
        else:
            out[-1] += ","
            out.append(part)
    return out


def acting_seats(view: View) -> frozenset[int]:
    """The seats whose plates are lit as deciding now."""
    return frozenset() if view.over else frozenset(view.to_act)


class Hud:
    def __init__(self, app) -> None:
        self.app = app
        self.flips = Flips()  # direction arrows turning over

    def _px(self, geometry: Geometry, size: float, floor: int = 11) -> int:
        return max(floor, round(size * geometry.scale))

    def plates(
        self, surface: pygame.Surface, layout: Layout, geometry: Geometry, view: View, names: Sequence[str]
    ) -> list[pygame.Rect]:
        """Each seat's name plate; returns where they were drawn."""
        s = geometry.scale
        out = []
        gone = set(view.info.get(layout.ring.out, ())) if layout.ring.out else set()
        for seat in range(view.players):
            rect, lines = seat_plate(layout, geometry, view, seat, names, surface.get_size(), self.app.fonts)
            acting = seat in acting_seats(view)
            small = geometry.compact and seat != view.seat
            line_h = plate_line_height(geometry, small)
            edge = theme.HIGHLIGHT if acting else theme.PANEL_EDGE
            fill = (*theme.PANEL, 110) if seat in gone else (*theme.PANEL, 215)  # out: faded
            surface.blit(box(rect.size, fill, (*edge, 255), PLATE_EDGE if acting else 1, 10), rect)
            name_px, line_px = plate_text_sizes(geometry, small)
            room = rect.width - 2 * plate_padding(geometry)
            name, name_px = fit_text(self.app.fonts, names[seat], name_px, room, "bold")
            draw_text(
                surface,
                self.app.text,
                name,
                name_px,
                (rect.centerx, rect.top + round(5 * s)),
                theme.HIGHLIGHT if acting else theme.TEXT,
                "bold",
                "midtop",
            )
            ly = rect.top + plate_line_top(geometry, small)
            for line in lines:
                text, px = fit_text(self.app.fonts, line, line_px, room)
                draw_text(
                    surface,
                    self.app.text,
                    text,
                    px,
                    (rect.centerx, ly),
                    theme.MUTED,
                    anchor="midtop",
                )
                ly += line_h
            out.append(rect)
        return out

    def badges(
        self, surface: pygame.Surface, layout: Layout, geometry: Geometry, view: View, clock: float = 0.0
    ) -> None:
        s = geometry.scale
        info = view.info
        for badge in layout.badges:
            value = info.get(badge.key)
            if value is None:
                continue
            text = badge_text(value, badge.values, info.get(badge.of) if badge.of else None)
            title = _(badge.title) if badge.title else badge.title
            x, y = geometry.design_point(*badge.at)
            value_px, title_px = self._px(geometry, 19), self._px(geometry, 13)
            icon = round(34 * s) if badge.arrow else 0
            value_font, title_font = self.app.fonts.get(value_px, "bold"), self.app.fonts.get(title_px)
            words = max(value_font.size(text)[0], title_font.size(title)[0])
            # Text keeps a legible size in a small window: the badge grows round it.
            value_y = max(round(23 * s), round(5 * s) + title_font.get_linesize())
            high = max(round(52 * s), value_y + value_font.get_linesize() + round(4 * s))
            rect = pygame.Rect(0, 0, max(round(170 * s), words + round(24 * s) + icon), high)
            rect.center = (round(x), round(y))
            rect.clamp_ip(surface.get_rect().inflate(-8, -8))
            glow = False
            if badge.arrow and isinstance(value, int):
                sx, glow = self.flips.state(badge.key, value, clock)
            draw_panel(surface, rect, alpha=200, radius=10)
            if glow:
                pygame.draw.rect(surface, theme.HIGHLIGHT, rect, max(2, round(3 * s)), 10)
            cx = rect.centerx + icon // 2
            if icon:
                center = (rect.left + round(24 * s), rect.centery)
                color = theme.HIGHLIGHT if glow else theme.TEXT
                draw_turn_arrow(surface, center, round(12 * s), sx, color, max(2, round(3 * s)))
            draw_text(
                surface,
                self.app.text,
                title,
                title_px,
                (cx, rect.top + round(5 * s)),
                theme.MUTED,
                anchor="midtop",
            )
            draw_text(
                surface,
                self.app.text,
                text,
                value_px,
                (cx, rect.top + value_y),
                theme.TEXT,
                "bold",
                "midtop",
            )

    def status(
        self,
        surface: pygame.Surface,
        geometry: Geometry,
        at: tuple[int, int],
        text: str,
        color: theme.Color,
        avoid: Sequence[pygame.Rect] = (),
        below: int | None = None,
    ) -> pygame.Rect:
        """The prompt in a box between the name plates level with it; a long one takes two lines.
        ``below``: the bottom of the buttons above it, which its words keep clear of."""
        s = geometry.scale
        px = self._px(geometry, 20, 13)
        room = min(surface.get_width() - round(60 * s), room_between(at, s, avoid) - round(36 * s))
        while px > max(13, round(16 * s)) and self.app.fonts.get(px, "bold").size(text)[0] > room:
            px -= 1
        font = self.app.fonts.get(px, "bold")
        lines = theme.wrap(font, text, room)[:2] if font.size(text)[0] > room else [text]
        for i, line in enumerate(lines):
            while font.size(lines[i])[0] > room and len(lines[i]) > 10:
                lines[i] = line[: len(lines[i]) - 4] + "\u2026"
        imgs = [self.app.text.render(line, px, color, "bold") for line in lines]
        rect = pygame.Rect(0, 0, max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs))
        rect.center = at
        rect.top = at[1] - imgs[0].get_height() // 2  # a second line goes below, clear of the buttons above
        if below is not None:
            rect.top = max(rect.top, below + round(4 * s))
        rect.clamp_ip(surface.get_rect().inflate(-20, -10))
        area = rect.inflate(round(36 * s), round(14 * s))
        draw_panel(surface, area, alpha=205, radius=12)
        y = rect.top
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += img.get_height()
        return area

    def toasts(
        self, surface: pygame.Surface, geometry: Geometry, at: tuple[int, int], texts: list[str]
    ) -> None:
        s = geometry.scale
        x, y = at
        px = self._px(geometry, 18)
        font = self.app.fonts.get(px, "bold")
        room = min(surface.get_width() - 60, round(720 * s))  # a longer note (a rule explained) wraps
        for toast in texts:
            imgs = [
                self.app.text.render(line, px, theme.TEXT, "bold") for line in theme.wrap(font, toast, room)
            ]
            trect = pygame.Rect(0, 0, max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs))
            trect.midtop = (x, y)
            trect.clamp_ip(surface.get_rect().inflate(-16, 0))
            area = trect.inflate(round(24 * s), round(10 * s))
            surface.blit(box(area.size, (0, 0, 0, 150), None, 0, 10), area)
            line_y = trect.top
            for img in imgs:
                surface.blit(img, img.get_rect(midtop=(trect.centerx, line_y)))
                line_y += img.get_height()
            y = area.bottom + round(6 * s)

    def trick_panel(
        self,
        surface: pygame.Surface,
        geometry: Geometry,
        title: str,
        fact: Mapping[str, Any],
        names: Sequence[str],
        faces: set,
    ) -> None:
        """A trick fact ({winner, plays}): each play's cards over its player's name, passes said."""
        s = geometry.scale
        w, h = surface.get_size()
        plays = fact.get("plays", ())
        width = round(geometry.card_width * 0.75)
        shown = [max(1, len(cards)) for _seat, cards in plays]
        step = round(width * 0.42)
        columns = [width + step * (n - 1) for n in shown]
        total = sum(columns) + round(22 * s) * max(0, len(columns) - 1) + round(48 * s)
        panel = pygame.Rect(0, 0, min(w - 16, max(round(360 * s), total)), card_height(width) + round(96 * s))
        panel.center = (w // 2, h // 2)
        draw_panel(surface, panel, alpha=240)
        winner = fact.get("winner")
        title = _(title) if title else title
        if isinstance(winner, int):
            # Translators: a panel's title ("Last trick"), and who won that trick.
            head = _("{title} - won by {name}").format(title=title, name=names[winner])
        else:
            head = title
        at = (panel.centerx, panel.top + round(10 * s))
        draw_text(surface, self.app.text, head, self._px(geometry, 18), at, theme.TEXT, "bold", "midtop")
        x = panel.left + round(24 * s)
        top = panel.top + round(42 * s)
        for (seat, cards), col in zip(plays, columns, strict=True):
            column = pygame.Rect(x, top, col, panel.bottom - round(8 * s) - top)
            self._trick_play(surface, geometry, column, width, step, cards, faces)
            color = theme.HIGHLIGHT if seat == winner else theme.MUTED
            name_px = self._px(geometry, 14)
            draw_text(
                surface, self.app.text, names[seat], name_px, column.midbottom, color, anchor="midbottom"
            )
            x += col + round(22 * s)

    def _trick_play(
        self,
        surface: pygame.Surface,
        geometry: Geometry,
        column: pygame.Rect,
        width: int,
        step: int,
        cards: Sequence[Card],
        faces: set,
    ) -> None:
        """One play of the trick in its column: its cards fanned, or "passed"."""
        if not cards:
            at = (column.centerx, column.top + card_height(width) // 2)
            draw_text(
                surface,
                self.app.text,
                # Translators: under a player's name in a trick shown again: they passed instead of playing.
                pgettext("trick", "passed"),
                self._px(geometry, 15),
                at,
                theme.MUTED,
                "bold",
                "center",
            )
            return
        for i, card in enumerate(cards):
            surface.blit(self.app.cards.face(card, width), (column.left + i * step, column.top))
            faces.add(card)
