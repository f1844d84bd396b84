"""What the bot knows: one seat's View read into Pools, Safety piles and the chances
of the next card.

The chances are counted from the cards the seat has not seen, as the rules'
tips allow: the face-down Ugh! cards in Victory piles are among those, but
not in the deck. The weight of what is still to come (:func:`promise`) falls
as the deck runs down.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from cardtable.engine import Card, View

from ..cards import NUMBER, SAFETY_PILES, UGH, UghCards, tables_for
from ..sets import WILD_VALUE
from .value import Face, Valuer

PROMISE_PER_TURN = 0.1  # the chance a missing color comes (or a card is bettered) per turn left ...
PROMISE_MAX = 0.6  # ... up to this
CARDS_PER_TURN = 1.6  # deck cards used per turn, on average, to count the turns left


@dataclass
class Knowledge:
    """The facts of one decision, read from a View (``t``: the per-card tables)."""

    seat: int
    players: int
    t: UghCards
    pool: list[Card]
    forming: list[Card]
    pools: list[list[Card]]
    tops: list[Card | None]
    unders: list[Card | None]  # the card below each top
    flips: int
    deck_size: int
    scores: Sequence[float]
    first_points: int
    deck: list[tuple[Card, float]]  # a card of each face that may come next, and its chance
    ugh_chance: float
    valuer: Valuer = field(init=False)

    def __post_init__(self) -> None:
        self.valuer = Valuer(self.t, promise(self.deck_size, self.players))

    def face(self, card: Card) -> Face:
        t = self.t
        return (t.color[card], t.value[card] if t.kind[card] == NUMBER else WILD_VALUE)

    def faces(self, cards: Iterable[Card]) -> tuple[Face, ...]:
        return tuple(sorted(self.face(c) for c in cards))


def read(view: View) -> Knowledge:
    """What the seat of ``view`` knows, and the chance of each face coming next."""
    seat = view.seat
    assert seat is not None
    info = view.info
    t = tables_for(view.players, view.options)
    seen = set(view.known_cards())
    hidden_ughs = sum(z.hidden_count for z in view.zones_named("victory"))
    deck_size = view.zone("deck").hidden_count
    counts: dict[int, list] = {}
    ugh_unseen = 0
    for c in t.catalog.cards:
        if c in seen:
            continue
        if t.kind[c] == UGH:
            ugh_unseen += 1
        entry = counts.setdefault(t.face[c], [c, 0])
        entry[1] += 1
    deck: list[tuple[Card, float]] = []
    ugh_chance = 0.0
    if deck_size:
        # The face-down Ugh! cards in Victory piles are among the unseen: not in the deck.
        ugh_scale = max(ugh_unseen - hidden_ughs, 0) / ugh_unseen if ugh_unseen else 0.0
        for card, n in counts.values():
            p = n * (ugh_scale if t.kind[card] == UGH else 1.0) / deck_size
            if p > 0:
                deck.append((card, p))
                if t.kind[card] == UGH:
                    ugh_chance += p
    return Knowledge(
        seat=seat,
        players=view.players,
        t=t,
        pool=list(view.zone("pool", seat).known_cards),
        forming=list(view.zone("set", seat).known_cards),
        pools=[list(view.zone("pool", s).known_cards) for s in range(view.players)],
        tops=[_top(view, p) for p in range(SAFETY_PILES)],
        unders=[_top(view, p, 2) for p in range(SAFETY_PILES)],
        flips=info["flips"],
        deck_size=deck_size,
        scores=view.scores,
        first_points=info["first_ugh_points"],
        deck=deck,
        ugh_chance=ugh_chance,
    )


def _top(view: View, pile: int, depth: int = 1) -> Card | None:
    cards = view.zone(f"safety{pile + 1}").cards
    return cards[-depth].card if len(cards) >= depth else None


def promise(deck_size: int, players: int) -> float:
    """The chance-like weight of what is still to come: lower as the deck runs down."""
    turns_left = deck_size / (max(players, 1) * CARDS_PER_TURN)
    return max(0.0, min(PROMISE_MAX, PROMISE_PER_TURN * turns_left))
