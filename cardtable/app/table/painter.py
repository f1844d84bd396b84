"""The painter: draws the table's cards through the stage, and changes nothing.

Cards are drawn in the stage's order (so what is on top is what a click
reaches), gliding cards above still ones, dragged cards above all; a zone
expanded for a closer look is drawn in a pass of its own, over the plates. The faces
drawn in a frame are recorded in ``drawn_faces``: the privacy tests check
them against what the viewer may see.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import pygame

from cardtable.engine import Card
from cardtable.i18n import _

from .. import theme
from ..tokens import Token
from ..widgets import box, draw_text
from .stage import Sprite, Stage


@dataclass
class Marks:
    """How the viewer's choices show on the cards this frame."""

    legal: set[Card] = field(default_factory=set)  # cards that take part in a legal action
    picked: tuple[Card, ...] = ()
    focus: Card | None = None
    hover: Token | None = None
    dim_zone: tuple | None = None  # the viewer's home zone, whose other cards are dimmed
    targets: list[pygame.Rect] = field(default_factory=list)
    stats: Mapping[str, Mapping] = field(default_factory=dict)  # the view facts zones' ``stat`` names
    out: frozenset[int] = frozenset()  # seats out of the game: their cards grey out
    lit: frozenset[Card] = frozenset()  # cards just played, or that won the trick on show
    received: frozenset[Card] = frozenset()  # cards just passed to the viewer
    whose: tuple[str, ...] = ()  # each seat's possessive for zone titles ("Your", "Bo's")


SHADOW = (10, 40, 25)


class Painter:
    def __init__(self, app) -> None:
        self.app = app
        self.drawn_faces: set[Card] = set()
        self._dim_home = False
        self._pills: list[tuple[pygame.Rect, object]] = []
        self._shadows: dict[tuple[int, tuple[int, int]], pygame.Surface] = {}
        self.titles_drawn: tuple[list[pygame.Rect], int] = ([], 0)  # the last frame's zone titles, their size
        self._titles_for: object = None  # the titles and window they were laid out for

    def _shadow(self, img: pygame.Surface) -> pygame.Surface:
        """The card's own outline in shadow colour (turned images are cached, so are their shadows)."""
        key = (id(img), img.get_size())
        found = self._shadows.get(key)
        if found is None:
            if len(self._shadows) > 400:
                self._shadows.clear()
            mask = pygame.mask.from_surface(img)
            found = mask.to_surface(setcolor=(*SHADOW, 255), unsetcolor=(0, 0, 0, 0))
            self._shadows[key] = found
        return found

    def draw(self, surface: pygame.Surface, stage: Stage, marks: Marks, dragged: Iterable[Token]) -> None:
        self.drawn_faces = set()
        for rect in marks.targets:
            surface.blit(box(rect.size, (*theme.DROP, 70), (*theme.DROP, 220), 3, 12), rect)
        counts = self._labels(surface, stage, marks.whose)
        skip = list(dragged)
        expanded = stage.geometry.expanded
        home = stage.model.zones.get(tuple(marks.dim_zone), []) if marks.dim_zone is not None else []
        # The viewer's cards dim only when the choice is among them (a Pool to read stays bright).
        self._dim_home = any(t.card in marks.legal for t in home)
        self._pills: list[tuple[pygame.Rect, object]] = []
        for sprite in stage.sprites(skip):
            if sprite.ref != expanded or sprite.token.moving:
                self._sprite(surface, stage, sprite, marks)
        for args in counts:  # over the cards, so a pile's count is never hidden by its top card
            self._count(surface, *args)
        for rect, values in self._pills:
            self._stat(surface, stage, rect, values)
        for token in skip:
            self._card(surface, stage, token, stage.token_rect(token), glow=True)

    def draw_peek(self, surface: pygame.Surface, stage: Stage, marks: Marks, title: str) -> None:
        """The expanded zone on a panel of its own, with whose it is (drawn after the plates)."""
        expanded = stage.geometry.expanded
        if expanded is None:
            return
        sprites = [s for s in stage.sprites() if s.ref == expanded and not s.token.moving]
        if not sprites:
            return
        s = stage.geometry.scale
        area = sprites[0].rect.unionall([sp.rect for sp in sprites[1:]])
        size = max(12, round(15 * s))
        panel = area.inflate(round(24 * s), round(24 * s))
        panel.top -= size + round(6 * s)
        panel.height += size + round(6 * s)
        panel.clamp_ip(surface.get_rect())
        surface.blit(box(panel.size, (*theme.PANEL, 235), (*theme.HIGHLIGHT, 255), 2, 12), panel)
        for rect in marks.targets:
            if panel.colliderect(rect):  # a steal's target lit up in the grown zone too
                surface.blit(box(rect.size, (*theme.DROP, 70), (*theme.DROP, 220), 3, 12), rect)
        at = (panel.centerx, panel.top + round(5 * s))
        draw_text(surface, self.app.text, title, size, at, theme.TEXT, "bold", "midtop")
        for sprite in sprites:
            self._sprite(surface, stage, sprite, marks)

    def _labels(self, surface: pygame.Surface, stage: Stage, whose: tuple[str, ...] = ()) -> list[tuple]:
        """Each zone's title (and empty outline); returns the counts to draw over the cards. A title's
        ``{whose}`` names the zone's owner ("Your table", "Bo's discard"). Titles keep a legible
        size in a small window, so where they would run into each other (a row of Safety piles)
        they all take one smaller size."""
        s = stage.geometry.scale
        size = max(11, round(15 * s))
        counts = []
        titles: list[tuple[str, tuple[int, int]]] = []
        for ref, tokens in stage.model.zones.items():
            if not stage.known(ref) or ref == stage.geometry.expanded:
                continue
            style = stage.geometry.zone_style(*ref)
            if not tokens and not style.outline:
                continue
            if not (style.count or style.title):
                continue
            rect = stage.zone_rect(ref)
            if not tokens:  # an empty place still shows where it is (a Safety pile)
                surface.blit(box(rect.size, (255, 255, 255, 18), (255, 255, 255, 70), 2, 8), rect)
            below = (rect.centerx, rect.bottom - round(4 * s))
            if style.title:
                title = _(style.title)
                if "{whose}" in title:
                    owner = ref[1]
                    # Translators: {whose} in a zone title ("{whose} deck") for a zone nobody owns.
                    who = whose[owner] if owner is not None and owner < len(whose) else _("The")
                    title = title.replace("{whose}", who)
                titles.append((title, below))
            if style.count and (tokens or not style.title):
                counts.append((str(len(tokens)), size, rect, below if not style.title else None))
        area = surface.get_rect().inflate(-4, -4)
        key = (tuple(titles), size, area.size)
        if self._titles_for != key:  # worked out again only when a title or a place changes
            self._titles_for = key
            spots = _title_spots(self.app.fonts, titles, size, area)
            while size > MIN_TITLE and _crossing(spots):
                size -= 1
                spots = _title_spots(self.app.fonts, titles, size, area)
            self.titles_drawn = (spots, size)
        spots, size = self.titles_drawn
        for (title, _below), spot in zip(titles, spots, strict=True):
            surface.blit(self.app.text.render(title, size, theme.MUTED, "bold"), spot)
        return counts

    def _stat(self, surface: pygame.Surface, stage: Stage, rect: pygame.Rect, values) -> None:
        """A card's current values (U-G-O: attack / defense) in a pill over its lower edge."""
        text = " / ".join(str(v) for v in values) if isinstance(values, tuple | list) else str(values)
        size = max(11, round(14 * stage.geometry.scale))
        img = self.app.text.render(text, size, theme.TEXT, "bold")
        pill = img.get_rect().inflate(size, size // 3)
        pill.center = (rect.centerx, rect.bottom - size // 3)
        surface.blit(box(pill.size, (*theme.PANEL, 240), (*theme.HIGHLIGHT, 255), 1, pill.height // 2), pill)
        surface.blit(img, img.get_rect(center=pill.center))

    def _count(self, surface: pygame.Surface, text: str, size: int, rect: pygame.Rect, at=None) -> None:
        """How many cards a pile holds, in a pill on its corner (or under it, where it has no title)."""
        img = self.app.text.render(text, size, theme.TEXT, "bold")
        pill = img.get_rect().inflate(size // 1.2, size // 4)
        pill.width = max(pill.width, pill.height)
        if at is None:
            pill.center = (rect.right - size // 2, rect.top + size // 2)
        else:
            pill.midtop = at
        surface.blit(box(pill.size, (*theme.PANEL, 235), (*theme.PANEL_EDGE, 255), 1, pill.height // 2), pill)
        surface.blit(img, img.get_rect(center=pill.center))

    def _sprite(self, surface: pygame.Surface, stage: Stage, sprite: Sprite, marks: Marks) -> None:
        token = sprite.token
        if sprite.attached_to is not None:
            self._card(surface, stage, token, sprite.rect, small=True)
            return
        card = token.card
        mine = marks.dim_zone is not None and tuple(sprite.ref) == tuple(marks.dim_zone)
        dim = mine and self._dim_home and card not in marks.legal and not token.moving
        dim = dim or (sprite.ref.owner in marks.out and not token.moving)
        glow = card is not None and (card == marks.focus or (token is marks.hover and card in marks.legal))
        glow = glow or (card is not None and card in marks.lit and not token.moving)
        style = stage.geometry.zone_style(*sprite.ref)
        face_down = style.face == "down"
        known = style.face == "known" and card is not None and not token.face_up
        self._card(
            surface, stage, token, sprite.rect, dim, glow, face_down, card in marks.picked, known=known
        )
        if card is not None and card in marks.received and not token.moving:
            at = sprite.rect
            width = max(2, round(3 * stage.geometry.scale))
            pygame.draw.rect(surface, theme.DROP, at.inflate(8, 8), width, max(3, at.width // 12) + 2)
        values = marks.stats.get(style.stat, {}).get(card) if style.stat and card is not None else None
        if values is not None and not token.moving:
            self._pills.append((sprite.rect, values))  # drawn after the cards attached to it

    def _card(
        self,
        surface: pygame.Surface,
        stage: Stage,
        token: Token,
        rect: pygame.Rect,
        dim: bool = False,
        glow: bool = False,
        face_down: bool = False,
        picked: bool = False,
        small: bool = False,
        known: bool = False,
    ) -> None:
        width = rect.width if small else (token.width or stage.geometry.card_width)
        face_up = (token.face_up or known) and not face_down
        if token.flip and token.moving and token.t < 0.5:
            face_up = False
        angle = 0 if small else round(token.angle / 5) * 5  # smooth turns while gliding
        if token.orientation == "defense" and not small:
            angle += 90
        img = self.app.cards.image(token.card, token.back, width, face_up, angle)
        squash = token.squash()
        if squash < 0.999:
            img = pygame.transform.scale(img, (max(1, round(img.get_width() * squash)), img.get_height()))
        at = img.get_rect(center=rect.center)
        radius = max(3, width // 12)
        if angle % 90 or squash < 0.999:
            surface.blit(self._shadow(img), at.move(3, 4))  # a tilted card casts a tilted shadow
        else:
            pygame.draw.rect(surface, SHADOW, at.move(3, 4), border_radius=radius)
        surface.blit(img, at)
        if known and face_up:  # the owner's own face-down card: a band of its back across the top
            back = self.app.cards.image(None, token.back, width, False, angle)
            band = pygame.Rect(0, 0, at.width, max(4, at.height * 3 // 10))
            surface.blit(back, at.topleft, band)
        if token.card is not None and face_up:
            self.drawn_faces.add(token.card)
        if dim:
            surface.blit(box(at.size, (20, 30, 25, 110), None, 0, radius), at)
        if glow:
            pygame.draw.rect(surface, theme.HIGHLIGHT, at.inflate(4, 4), width=3, border_radius=radius)
        if picked:
            pygame.draw.rect(surface, theme.ACCENT, at.inflate(6, 6), width=3, border_radius=radius)


MIN_TITLE = 9  # the smallest size a zone's title takes to keep clear of its neighbours'


def _title_spots(fonts, titles: list[tuple[str, tuple[int, int]]], size: int, area: pygame.Rect) -> list:
    """Where each title lies at ``size``: hung under its zone, kept in the window."""
    font = fonts.get(size, "bold")
    spots = []
    for title, below in titles:
        spot = pygame.Rect((0, 0), font.size(title))
        spot.midtop = below
        spot.clamp_ip(area)  # a pile by the edge keeps its words
        spots.append(spot)
    return spots


def _crossing(spots: list[pygame.Rect]) -> bool:
    """Do any two titles run into each other?"""
    return any(a.colliderect(b) for i, a in enumerate(spots) for b in spots[i + 1 :])
