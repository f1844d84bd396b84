"""Cards, deck lists and the card catalog of a game.

A card is an ``int`` subclass: its value is the card's index in the game's
:class:`Catalog`, so cards hash, compare and serialize as fast as ints and can
index tables and bit masks, while still carrying readable attributes (rank,
suit, back, ...). The catalog of a game is public knowledge (everyone knows
what a deck contains); which card lies where is what views hide.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .words import N_

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
"""Suit letters in the order RULES.md lists them: spades, hearts, diamonds, clubs."""

SUIT_SYMBOLS: dict[str, str] = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
# Translators: the suits, as in "Follow hearts" or "Call spades trump".
SUIT_NAMES: dict[str, str] = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
"""The suits' names (marked to translate: a sentence takes them as words to translate)."""
# Translators: one card of a suit, as in "7♦ is not a spade".
SUIT_NAMES_ONE: dict[str, str] = {"S": N_("spade"), "H": N_("heart"), "D": N_("diamond"), "C": N_("club")}
RED_SUITS = frozenset("HD")

RANKS: tuple[int, ...] = tuple(range(2, 15))
"""2 (low) .. 14 (the Ace, high)."""

RANK_CODES: dict[int, str] = {
    **{r: str(r) for r in range(2, 11)},
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
RANK_NAMES: dict[int, str] = {
    **{r: str(r) for r in range(2, 11)},
    # Translators: the court cards and the Ace, as in "Jack of spades".
    11: N_("Jack"),
    12: N_("Queen"),
    13: N_("King"),
    14: N_("Ace"),
}
"""The ranks' names (the court cards' marked to translate)."""
_RANK_BY_CODE = {code: rank for rank, code in RANK_CODES.items()}


class Card(int):
    """One physical card of a game: an int (its catalog index) with attributes.

    Attributes: ``code`` (unique within the catalog, e.g. ``"QS"``), ``kind``
    (``"standard"``, ``"joker"`` or a custom deck's kind), ``rank`` and ``suit``
    for standard cards, ``color`` and ``value`` for custom decks, ``tags``,
    ``back`` (whose deck / which back design it has) and ``name``.
    """

    rank: int | None
    suit: str | None
    kind: str
    color: str | None
    value: int | None
    tags: frozenset[str]
    back: int
    code: str
    name: str

    def __new__(
        cls,
        index: int,
        *,
        code: str,
        kind: str = "standard",
        rank: int | None = None,
        suit: str | None = None,
        color: str | None = None,
        value: int | None = None,
        tags: Iterable[str] = (),
        back: int = 0,
        name: str | None = None,
    ) -> Card:
        self = int.__new__(cls, index)
        self.__dict__.update(
            code=code,
            kind=kind,
            rank=rank,
            suit=suit,
            color=color,
            value=value,
            tags=frozenset(tags),
            back=back,
            name=name or code,
        )
        return self

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        d = self.__dict__
        kwargs = {k: d[k] for k in ("code", "kind", "rank", "suit", "color", "value", "back", "name")}
        kwargs["tags"] = tuple(sorted(d["tags"]))
        return (_rebuild_card, (int(self), kwargs))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.name

    @property
    def is_joker(self) -> bool:
        return self.kind == "joker"

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS


def _rebuild_card(index: int, kwargs: dict[str, Any]) -> Card:
    return Card(index, **kwargs)


@dataclass(frozen=True)
class CardSpec:
    """One line of a deck list: ``count`` identical cards of one face."""

    kind: str
    code: str
    rank: int | None = None
    suit: str | None = None
    color: str | None = None
    value: int | None = None
    tags: frozenset[str] = field(default_factory=frozenset)
    count: int = 1
    name: str | None = None


DeckList = tuple[CardSpec, ...]


def standard_deck_list(jokers: int = 0) -> DeckList:
    """The 52-card deck (suits in :data:`SUITS` order, ranks 2..A), plus jokers."""
    specs = [
        CardSpec(
            kind="standard",
            code=f"{RANK_CODES[rank]}{suit}",
            rank=rank,
            suit=suit,
            color="red" if suit in RED_SUITS else "black",
            name=f"{RANK_CODES[rank]}{SUIT_SYMBOLS[suit]}",
        )
        for suit in SUITS
        for rank in RANKS
    ]
    specs += [CardSpec(kind="joker", code=f"JK{i + 1}", name=N_("Joker")) for i in range(jokers)]
    return tuple(specs)


class Catalog:
    """Every card of one game, numbered 0..n-1, with lookup by code.

    Built from one or more deck lists, each with its back (the owner of the
    deck in U-G-O; 0 when all cards share a back). Codes get ``@back`` when
    several backs are present and ``#k`` when a face repeats, so each code is
    unique and stable for the same deck lists.
    """

    def __init__(self, decks: Sequence[tuple[DeckList, int]]) -> None:
        backs = {back for _, back in decks}
        suffix_back = len(backs) > 1
        cards: list[Card] = []
        seen: dict[str, int] = {}
        for deck, back in decks:
            for spec in deck:
                for _ in range(spec.count):
                    code = spec.code + (f"@{back}" if suffix_back else "")
                    n = seen.get(code, 0)
                    seen[code] = n + 1
                    unique = code if n == 0 and spec.count == 1 else f"{code}#{n + 1}"
                    cards.append(
                        Card(
                            len(cards),
                            code=unique,
                            kind=spec.kind,
                            rank=spec.rank,
                            suit=spec.suit,
                            color=spec.color,
                            value=spec.value,
                            tags=spec.tags,
                            back=back,
                            name=spec.name,
                        )
                    )
        self.cards: tuple[Card, ...] = tuple(cards)
        self._by_code = {c.code: c for c in cards}
        if len(self._by_code) != len(cards):
            raise ValueError("card codes in a catalog must be unique")

    @classmethod
    def standard(cls, jokers: int = 0, backs: Sequence[int] = (0,)) -> Catalog:
        """One standard deck (with ``jokers``) per back."""
        deck = standard_deck_list(jokers)
        return cls([(deck, back) for back in backs])

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.cards)

    def __getitem__(self, index: int) -> Card:
        return self.cards[index]

    def by_code(self, code: str) -> Card:
        """The card with this code; a clear ``KeyError`` naming the code otherwise."""
        try:
            return self._by_code[code]
        except KeyError:
            raise KeyError(f"no card {code!r} in this game") from None

    def find(self, rank: int, suit: str, back: int = 0) -> Card:
        """A standard card by rank and suit (the first copy with that back)."""
        for card in self.cards:
            if card.rank == rank and card.suit == suit and card.back == back:
                return card
        raise KeyError(f"no {RANK_CODES.get(rank, rank)}{suit} with back {back} in this game")


def parse_rank_suit(code: str) -> tuple[int, str]:
    """``"10H"`` -> ``(10, "H")``; accepts suit symbols too (``"Q♠"``)."""
    text = code.strip().upper()
    for letter, symbol in SUIT_SYMBOLS.items():
        text = text.replace(symbol, letter)
    if len(text) < 2 or text[-1] not in SUITS or text[:-1] not in _RANK_BY_CODE:
        raise ValueError(f"not a card: {code!r} (write rank then suit, e.g. 7D or Q♠)")
    return _RANK_BY_CODE[text[:-1]], text[-1]


STANDARD = Catalog.standard()
"""The shared catalog of one 52-card deck with back 0 (no jokers)."""
