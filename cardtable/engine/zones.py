"""Zones: where cards lie, and who may see each of them.

A zone is a named, optionally owned list of cards (a hand, a deck, a pile, a
trick, a pool, a row of table slots). Its ``visibility`` says who sees its
cards by default; ``known`` adds per-card exceptions (a card you passed is
still known to you in your neighbour's hand; a card exchanged from the exposed
spot is known to everyone who saw it). Cards on the table can carry state:
face down, an orientation (U-G-O's attack/defense) and attached cards
(U-G-O's equips). Games mutate ``cards`` directly in hot paths; the helper
methods keep ``known`` and ``state`` consistent for everything else.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .actions import ZoneRef
from .cards import Card, Catalog
from .views import CardView, ZoneView


class Visibility(Enum):
    PUBLIC = "public"  # everyone sees the faces (a trick, a discard pile)
    OWNER = "owner"  # only the zone's owner (a hand)
    NOBODY = "nobody"  # nobody (a deck)


ALL_SEATS = -1
"""A ``known``/``seen`` mask with every bit set: everyone, spectators included."""


def seat_bit(seat: int) -> int:
    return 1 << seat


@dataclass(slots=True)
class CardState:
    """How a card lies on the table: face, orientation and attachments."""

    face_up: bool = True
    orientation: str | None = None
    attached: list[Card] = field(default_factory=list)

    def copy(self) -> CardState:
        return CardState(self.face_up, self.orientation, list(self.attached))


class Zone:
    """A list of cards with an owner, a kind and visibility rules.

    ``private_order``: in other seats' views, the order of cards is not
    revealed (hands are kept sorted, so the position of a hidden card among
    known ones would leak its rank); known cards are listed first, then
    placeholders.
    """

    __slots__ = ("name", "owner", "kind", "visibility", "private_order", "cards", "known", "state")

    def __init__(
        self,
        name: str,
        owner: int | None = None,
        kind: str = "pile",
        visibility: Visibility = Visibility.PUBLIC,
        private_order: bool = False,
        cards: Iterable[Card] = (),
    ) -> None:
        self.name = name
        self.owner = owner
        self.kind = kind
        self.visibility = visibility
        self.private_order = private_order
        self.cards: list[Card] = list(cards)
        self.known: dict[Card, int] = {}
        self.state: dict[Card, CardState] = {}

    def __repr__(self) -> str:
        who = "" if self.owner is None else f"[{self.owner}]"
        return f"<Zone {self.name}{who} {len(self.cards)} cards>"

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    @property
    def ref(self) -> ZoneRef:
        """The (name, owner) pair events, views and action targets use to name this zone."""
        return ZoneRef(self.name, self.owner)

    def copy(self) -> Zone:
        z = Zone.__new__(Zone)
        z.name = self.name
        z.owner = self.owner
        z.kind = self.kind
        z.visibility = self.visibility
        z.private_order = self.private_order
        z.cards = list(self.cards)
        z.known = dict(self.known)
        z.state = {c: s.copy() for c, s in self.state.items()} if self.state else {}
        return z

    # -- moving cards ----------------------------------------------------------

    def add(self, card: Card, known: int = 0, state: CardState | None = None) -> None:
        self.cards.append(card)
        if known:
            self.known[card] = known
        if state is not None:
            self.state[card] = state

    def remove(self, card: Card) -> CardState | None:
        """Take ``card`` out; returns its table state (if any) for the caller."""
        self.cards.remove(card)
        self.known.pop(card, None)
        return self.state.pop(card, None)

    def clear(self) -> list[Card]:
        cards, self.cards = self.cards, []
        self.known.clear()
        self.state.clear()
        return cards

    def all_cards(self) -> list[Card]:
        """Cards in the zone including attached ones (for conservation checks)."""
        out = list(self.cards)
        for st in self.state.values():
            out.extend(st.attached)
        return out

    # -- saving ----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The zone's contents, JSON-ready (cards by code)."""
        d: dict[str, Any] = {"cards": [c.code for c in self.cards]}
        if self.known:
            d["known"] = {c.code: mask for c, mask in self.known.items()}
        if self.state:
            d["state"] = {
                c.code: {
                    "face_up": st.face_up,
                    "orientation": st.orientation,
                    "attached": [a.code for a in st.attached],
                }
                for c, st in self.state.items()
            }
        return d

    def load(self, data: Mapping[str, Any], catalog: Catalog) -> None:
        """Replace the contents with a :meth:`to_dict` result.

        Cards may be given as codes (a save) or as cards (a determinizer
        building a state, which saves looking every code up).
        """
        by_code = catalog.by_code

        def code(c: str | Card) -> Card:
            return c if isinstance(c, Card) else by_code(c)

        self.cards = [code(c) for c in data.get("cards", [])]
        self.known = {code(c): int(m) for c, m in data.get("known", {}).items()}
        self.state = {
            code(c): CardState(
                bool(st.get("face_up", True)),
                st.get("orientation"),
                [code(a) for a in st.get("attached", [])],
            )
            for c, st in data.get("state", {}).items()
        }

    # -- visibility ------------------------------------------------------------

    def visible_to(self, card: Card, seat: int | None) -> bool:
        """May ``seat`` (None: a spectator) see the face of ``card`` here?"""
        st = self.state.get(card)
        face_up = st is None or st.face_up
        known = self.known.get(card, 0)
        if known and (known == ALL_SEATS or (seat is not None and known & (1 << seat))):
            return True
        return self._shows(face_up, seat)

    def _shows(self, face_up: bool, seat: int | None) -> bool:
        """Does the zone itself show ``seat`` a card lying so (what nobody has been told)?"""
        if self.visibility is Visibility.PUBLIC:
            return face_up or (seat is not None and seat == self.owner)
        if self.visibility is Visibility.OWNER:
            return seat is not None and seat == self.owner
        return False

    def seen_mask(self, card: Card, players: int) -> int:
        """Bit mask of the seats that see ``card`` here (for event redaction)."""
        mask = 0
        for seat in range(players):
            if self.visible_to(card, seat):
                mask |= 1 << seat
        if self.visible_to(card, None):
            mask |= ALL_SEATS
        return mask

    def view(self, seat: int | None) -> ZoneView:
        """This zone as ``seat`` may see it."""
        shown: list[CardView] = []
        hidden: list[CardView] = []
        states = self.state
        # Most cards lie face up with nothing recorded about them: their visibility is the zone's.
        plain = not self.known and self._shows(True, seat)
        for card in self.cards:
            st = states.get(card)
            if st is None and plain:
                shown.append(CardView(card, card.back))
                continue
            attached: tuple[CardView, ...] = ()
            if st is not None and st.attached:
                attached = tuple(_card_view(self, a, seat, None) for a in st.attached)
            cv = _card_view(self, card, seat, st, attached)
            if self.private_order and cv.card is None:
                hidden.append(cv)
            else:
                shown.append(cv)
        return ZoneView(self.name, self.owner, self.kind, tuple(shown + hidden))

    def open_view(self) -> ZoneView:
        """This zone with every card's face known (for replays): face-down cards still lie face down."""

        def opened(card: Card, st: CardState | None) -> CardView:
            attached = tuple(opened(a, self.state.get(a)) for a in st.attached) if st and st.attached else ()
            face_up = st is None or st.face_up
            return CardView(card, card.back, face_up, None if st is None else st.orientation, attached)

        return ZoneView(
            self.name, self.owner, self.kind, tuple(opened(c, self.state.get(c)) for c in self.cards)
        )


def _card_view(
    zone: Zone,
    card: Card,
    seat: int | None,
    st: CardState | None,
    attached: tuple[CardView, ...] = (),
) -> CardView:
    face_up = st is None or st.face_up
    orientation = None if st is None else st.orientation
    visible = zone.visible_to(card, seat)
    return CardView(card if visible else None, card.back, face_up, orientation, attached)
