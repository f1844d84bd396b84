"""The stage: where every card token goes, and where it is drawn, for one viewer and window.

Placement and hit testing share one idea of where a card is drawn
(:meth:`Stage.sprites`), so a card is clicked exactly where it shows: turned
cards by their turned outline, attached cards by their own, the topmost
first. The painter draws in the same order.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

import pygame

from cardtable.engine import Card, Slot, View, ZoneRef

from ..layout import Geometry, Layout, card_height
from ..layout.geometry import PILE_DEPTH
from ..theme import display_key
from ..tokens import TableModel, Token
from .resolver import Place

ATTACH_OFFSET = (0.12, 0.2)  # an attached card's offset per card, in card widths


def rank_key(token: Token) -> tuple:
    """Sort key for a hand by rank (pairs and sets side by side), then suit."""
    card = token.card
    if card is None:
        return (2, 0, 0, token.id)
    if card.rank is None:
        return (1, int(card), 0, token.id)
    return (0, card.rank, display_key(token)[1], token.id)


COLOR_ORDER = {"green": 0, "orange": 1, "purple": 2, "all": 3}


def color_key(token: Token) -> tuple:
    """Sort key for a Pool of colored cards: by color (a set takes one of each), then value."""
    card = token.card
    if card is None:
        return (9, 0, 0, token.id)
    return (COLOR_ORDER.get(card.color or "", 4), card.kind != "number", card.value or 0, token.id)


SORT_KEYS = {"suit": display_key, "rank": rank_key, "color": color_key}


def trump_first(trump: str | None):
    """Sort key by suit with ``trump`` first (no trump: the usual suit order), then rank."""

    def key(token: Token) -> tuple:
        card = token.card
        base = display_key(token)
        if card is None or card.suit is None:
            return (*base[:1], 0, *base[1:])
        return (base[0], 0 if card.suit == trump else 1, *base[1:])

    return key


def _order(tokens: list[Token]):
    """Keep a zone's own order, any joining cards after it."""
    rank = {id(t): i for i, t in enumerate(tokens)}
    return lambda t: rank.get(id(t), len(rank))


@dataclass(frozen=True)
class Sprite:
    """One card as drawn: its token, its outline on screen, its zone and place in it."""

    token: Token
    rect: pygame.Rect
    ref: ZoneRef
    index: int
    attached_to: Token | None = None


class Stage:
    def __init__(self, layout: Layout, geometry: Geometry, model: TableModel) -> None:
        self.layout = layout
        self.geometry = geometry
        self.model = model
        self.plate_drops: list[tuple[pygame.Rect, ZoneRef]] = []  # plates a card may be dropped on
        self.hand: tuple | None = None  # the viewer's own hand, ordered as they like it
        self.hand_key = None
        self._joined: dict[tuple, tuple | None] = {}  # each zone's host row (its style's joins), once
        self._joins_any = any(
            style is not None and style.joins
            for spec in layout.zones.values()
            for style in (spec.style, spec.viewer_style, spec.compact_style)
        )

    def known(self, ref: tuple) -> bool:
        """Zones the layout places (anything else is not drawn)."""
        spec = self.layout.zones.get(ref[0])
        return spec is not None and not self.geometry.zone_style(ref[0], ref[1]).hidden

    def place_all(self, duration: float) -> None:
        """Send every token to where the layout puts it now."""
        for ref in self.model.zones:
            self.place_zone(ref, duration)

    def joined(self, ref: tuple) -> tuple | None:
        """The zone whose row ``ref``'s cards stay in (its style's ``joins``), if any."""
        ref = tuple(ref)
        if ref not in self._joined:
            host = self.geometry.zone_style(*ref).joins if ref[0] in self.layout.zones else ""
            self._joined[ref] = (host, ref[1]) if host else None
        host = self._joined[ref]
        return host if host is not None and host in self.model.zones else None

    def order_hand(self, home: tuple | None, order: str, trump: str | None) -> None:
        """Order ``home`` (the viewer's hand) by ``order`` (``settings.HAND_ORDERS``) from now on."""
        self.hand = home
        self.hand_key = {"suit": trump_first(trump), "rank": rank_key}.get(order)

    def _guests(self, host: tuple) -> list[tuple]:
        """The zones whose cards stay in ``host``'s row."""
        if not self._joins_any:
            return []
        return [z for z in self.model.zones if z != host and self.joined(z) == host]

    def place_zone(self, ref: tuple, duration: float) -> None:
        """Send one zone's tokens to where the layout puts them now (with any that join its row)."""
        g = self.geometry
        ref = tuple(ref)
        host = self.joined(ref)
        if host is not None:
            ref = host
        tokens = self.model.zones.get(ref)
        if tokens is None or ref[0] not in self.layout.zones:
            return
        key = SORT_KEYS.get(g.zone_style(*ref).sort)
        if ref == self.hand and key in (display_key, rank_key) and self.hand_key is not None:
            key = self.hand_key  # a hand of standard cards, in the order its player chose
        if key is not None:
            tokens.sort(key=key)
        guests = self._guests(ref)
        if guests:
            joining = [t for z in guests for t in self.model.zones[z]]
            tokens = sorted([*tokens, *joining], key=key or _order(tokens))
        slots = g.slots(ref[0], ref[1], len(tokens))
        width = g.card_size(*ref)
        for token, (x, y, angle) in zip(tokens, slots, strict=True):
            token.retarget(x, y, angle, width, duration)
            for i, extra in enumerate(token.attached):
                dx, dy = ATTACH_OFFSET
                extra.retarget(x + (i + 1) * width * dx, y + (i + 1) * width * dy, angle, width, duration)

    def peek_at(self, pos: tuple[int, int]) -> tuple | None:
        """The crowded zone of another seat the pointer rests on (kept while it stays on the grown zone)."""
        g = self.geometry
        current = g.expanded
        if current is not None and self.zone_rect(current).collidepoint(pos):
            return current
        for ref, tokens in self.model.zones.items():
            grows = ref != current and tokens and self.known(ref) and g.expands(*ref)
            if grows and self.zone_rect(ref).inflate(8, 8).collidepoint(pos):
                return ref
        return None

    # -- outlines ----------------------------------------------------------------------

    def token_rect(self, token: Token) -> pygame.Rect:
        """The outline of a token as the painter draws it (turned, lifted)."""
        width = token.width or self.geometry.card_width
        quarter = 1 if token.orientation == "defense" else 0
        left, top, w, h = self.geometry.card_box(token.x, token.y - token.lift, token.angle, width, quarter)
        return pygame.Rect(left, top, w, h)

    def attached_rect(self, token: Token, extra: Token, i: int) -> pygame.Rect:
        rect = self.token_rect(token)
        width = token.width or self.geometry.card_width
        small = max(16, width // 2)
        out = pygame.Rect(0, 0, small, card_height(small))
        out.center = (rect.centerx + width // 3 + i * small // 3, rect.bottom - width // 6)
        return out

    def sprites(self, skip: Collection[Token] = ()) -> list[Sprite]:
        """Every drawn card in drawing order: zones in view order, an expanded one above, gliding last."""
        still: list[Sprite] = []
        peeked: list[Sprite] = []
        moving: list[Sprite] = []
        expanded = self.geometry.expanded
        hidden: set[Token] = set()
        rects: dict[Token, pygame.Rect] = {}  # worked out already (a pile's cards)
        for ref, tokens in self.model.zones.items():
            if not self.known(ref):
                continue
            zref = ZoneRef(*ref)
            deep = len(tokens) - 1 if self.geometry.zone_style(*ref).style in ("stack", "pile") else 0
            above = None  # a pile's card lying exactly where the one above it lies is never seen
            seen = [*range(min(PILE_DEPTH, deep)), deep] if deep > 0 else []  # the others are skipped below
            for i in reversed(seen):
                token = tokens[i]
                if token.moving or token in skip:
                    continue
                rect = rects[token] = self.token_rect(token)
                if rect == above and i < deep:
                    hidden.add(token)
                above = rect
            for i, token in enumerate(tokens):
                if token in skip or token in hidden:
                    continue
                if PILE_DEPTH <= i < deep and not token.moving:
                    continue  # lies exactly under the pile's top card: never seen, never hit
                bucket = moving if token.moving else peeked if ref == expanded else still
                rect = rects.get(token) or self.token_rect(token)
                bucket.append(Sprite(token, rect, zref, i))
                for j, extra in enumerate(token.attached):
                    bucket.append(Sprite(extra, self.attached_rect(token, extra, j), zref, i, token))
        return still + peeked + moving

    def zone_rect(self, ref: tuple) -> pygame.Rect:
        count = len(self.model.zones.get(tuple(ref), []))
        left, top, w, h = self.geometry.zone_box(ref[0], ref[1], count)
        return pygame.Rect(left, top, w, h)

    def zone_rects(self) -> list[tuple[ZoneRef, pygame.Rect]]:
        """Every zone the layout places for this table, where a card dropped on it lands (empty ones too)."""
        out = []
        for ref in self.model.zones:
            if self.known(ref):
                out.append((ZoneRef(*ref), self.drop_rect(ref)))
        return out

    def drop_rect(self, ref: tuple) -> pygame.Rect:
        """A zone and, for a row, the room for one card more: a card dropped there joins the row."""
        if self.geometry.zone_style(*ref).style != "row":
            return self.zone_rect(ref)
        count = len(self.model.zones.get(tuple(ref), [])) + 1
        left, top, w, h = self.geometry.zone_box(ref[0], ref[1], count)
        return pygame.Rect(left, top, w, h)

    # -- what is under the pointer -----------------------------------------------------

    def place_at(self, pos: tuple[int, int], skip: Collection[Token] = ()) -> Place | None:
        """The card (or zone) under ``pos``; the topmost card wins."""
        for sprite in reversed(self.sprites(skip)):
            if sprite.rect.collidepoint(pos):
                token = sprite.token
                card = token.card  # a token carries a card only if the viewer may know it
                slot = None
                if sprite.attached_to is None:
                    slot = Slot(sprite.ref.zone, sprite.ref.owner, sprite.index)
                return Place(sprite.ref, card, slot)
        for rect, ref in self.plate_drops:
            if rect.collidepoint(pos):
                return Place(ref)
        for ref, rect in reversed(self.zone_rects()):
            if rect.collidepoint(pos):
                return Place(ref)
        return None

    def token_at(self, pos: tuple[int, int]) -> Token | None:
        for sprite in reversed(self.sprites()):
            if sprite.rect.collidepoint(pos):
                return sprite.token
        return None

    def target_rect(self, target: Card | Slot | ZoneRef, view: View) -> pygame.Rect | None:
        """Where an action's target is drawn (for lighting it up, and for tests to drop on)."""
        if isinstance(target, Card):
            found = self.model.find(target)
            return self.token_rect(found[1]).inflate(8, 8) if found else None
        if isinstance(target, Slot):
            tokens = self.model.zones.get((target.zone, target.owner), [])
            if 0 <= target.index < len(tokens):
                return self.token_rect(tokens[target.index]).inflate(8, 8)
            return None
        if isinstance(target, tuple) and self.known(target):
            return self.drop_rect(target)
        return None

    def point_of(self, card: Card) -> tuple[int, int] | None:
        """A point on the visible part of ``card`` (where a player would grab it)."""
        found = self.model.find(card)
        if found is None:
            return None
        token = found[1]
        rect = self.token_rect(token)
        for fy in (0.5, 0.3, 0.7, 0.15, 0.85):
            for fx in (0.5, 0.3, 0.15, 0.07, 0.7, 0.85, 0.93):
                p = (round(rect.left + rect.width * fx), round(rect.top + rect.height * fy))
                if self.token_at(p) is token:
                    return p
        return None
