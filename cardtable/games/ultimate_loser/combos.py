"""Ultimate Loser's combinations (RULES.md §4): what a play is, how it ranks, which a hand holds.

A play is a *set* (one to four cards of one rank: a single, a pair, three or
four of a kind; the joker only as a single) or a *run* (a straight flush:
three or more consecutive cards of one suit, Ace high, no wrap-around). Its
*type* is what followers must match: the kind and the number of cards. Its
*rank* orders plays of one type: the rank of a set (the joker above the Ace),
the top card of a run.

Every possible play of a catalog is built once as an :class:`Action` (a few
hundred of them), so listing the plays in a hand is table look-ups, not
object construction: search lists legal actions millions of times.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations
from typing import NamedTuple

from cardtable.engine import SUITS, Action, Card, Catalog, ZoneRef
from cardtable.engine.words import N_, Said, Seat, say, say_n

SET = "set"
RUN = "run"
PlayType = tuple[str, int]
"""(SET or RUN, number of cards): what a follower must match."""

SINGLE: PlayType = (SET, 1)
JOKER_RANK = 15
"""The joker's rank as a single: above the Ace (RULES.md §4, Decision)."""

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
# Translators: the combinations of Ultimate Loser, as in "this trick was led with a pair".
_SET_NAMES = {1: N_("a single"), 2: N_("a pair"), 3: N_("three of a kind"), 4: N_("four of a kind")}
_SET_SHORT = {1: "single", 2: "pair", 3: "three of a kind", 4: "four of a kind"}
"""Without the article, as action labels once read; shown nowhere now (labels are whole
sentences: :func:`_label`), so not marked to translate."""
_RUN_NAMES: dict[int, Said] = {}


def type_name(ptype: PlayType, article: bool = True) -> str:
    """``("set", 2)`` -> ``"a pair"``; ``("run", 5)`` -> ``"a straight flush of 5"``."""
    kind, size = ptype
    if kind == SET:
        return _SET_NAMES[size] if article else _SET_SHORT[size]
    if not article:
        return f"straight flush of {size}"
    name = _RUN_NAMES.get(size)
    if name is None:
        # Translators: a combination of Ultimate Loser, as in "this trick was led with a straight flush of 5".
        name = _RUN_NAMES[size] = say_n("a straight flush of {n}", "a straight flush of {n}", size)
    return name


def rank_of(card: Card) -> int:
    return card.rank if card.rank is not None else JOKER_RANK


def classify(cards: Sequence[Card]) -> tuple[PlayType, int]:
    """The type and rank of a play; ``ValueError`` saying why if it is none.

    ``cards`` may come in any order; they must be distinct. The ValueError's reason (its
    ``args[0]``) is a sentence for people, made with ``say``.
    """
    n = len(cards)
    if n == 0:
        raise ValueError(say("a play needs at least one card"))
    if len(set(cards)) != n:
        raise ValueError(say("a play cannot use the same card twice"))
    if n == 1:
        return SINGLE, rank_of(cards[0])
    if any(c.rank is None for c in cards):
        raise ValueError(say("the joker plays only as a single"))
    ranks = sorted(c.rank for c in cards)  # type: ignore[type-var]
    if ranks[0] == ranks[-1]:
        return (SET, n), ranks[0]  # at most 4 distinct cards of one rank in one deck
    names = card_names(cards)
    if n < 3:
        raise ValueError(say("{cards} is not a combination: a pair needs two cards of one rank", cards=names))
    if len({c.suit for c in cards}) != 1:
        raise ValueError(
            say(
                "{cards} is not a combination: a straight must be all one suit (a straight flush)",
                cards=names,
            )
        )
    if any(b != a + 1 for a, b in zip(ranks, ranks[1:], strict=False)):
        raise ValueError(
            say(
                "{cards} is not a combination: a straight flush needs consecutive ranks (Ace high, no wrap)",
                cards=names,
            )
        )
    return (RUN, n), ranks[-1]


def card_names(cards: Iterable[Card]) -> str:
    """``"7♠ 7♥"``: cards by their names (which read the same in every language), for a sentence."""
    return " ".join(c.name for c in cards)


class PlayInfo(NamedTuple):
    """What a play is: its type, its rank and how to say it."""

    type: PlayType
    rank: int
    text: str


def describe(cards: Sequence[Card]) -> str:
    """``"a pair: 7♠ 7♥"`` (cards in catalog order)."""
    (kind, size), _ = classify(cards)
    cards = sorted(cards)
    if kind == RUN:
        return say_n(
            "a straight flush of {n}: {cards}",
            "a straight flush of {n}: {cards}",
            size,
            cards=card_names(cards),
        )
    if size == 1:
        return say("a single: {card}", card=cards[0])
    if size == 2:
        return say("a pair: {cards}", cards=card_names(cards))
    if size == 3:
        return say("three of a kind: {cards}", cards=card_names(cards))
    return say("four of a kind: {cards}", cards=card_names(cards))


def _told(seat: int, cards: tuple[Card, ...], ptype: PlayType) -> Said:
    """ "{seat:0} plays a pair: 7♠ 7♥" (cards in catalog order)."""
    kind, size = ptype
    who = Seat(seat)
    if kind == RUN:
        # Translators: {cards} are the cards' names as the table shows them ("10♥ J♥ Q♥").
        return say_n(
            "{seat} plays a straight flush of {n}: {cards}",
            "{seat} plays a straight flush of {n}: {cards}",
            size,
            seat=who,
            cards=card_names(cards),
        )
    if size == 1:
        return say("{seat} plays a single: {card}", seat=who, card=cards[0])
    if size == 2:
        return say("{seat} plays a pair: {cards}", seat=who, cards=card_names(cards))
    if size == 3:
        return say("{seat} plays three of a kind: {cards}", seat=who, cards=card_names(cards))
    return say("{seat} plays four of a kind: {cards}", seat=who, cards=card_names(cards))


def _label(cards: tuple[Card, ...], ptype: PlayType, top: Card) -> Said:
    """An action's words: "Play 7♠", "Play pair 7♠ 7♥" (cards in catalog order)."""
    kind, size = ptype
    if kind == RUN:
        # Translators: a button; {cards} are the cards' names as the table shows them ("10♥ J♥ Q♥").
        return say_n(
            "Play straight flush of {n} {cards}",
            "Play straight flush of {n} {cards}",
            size,
            cards=card_names(cards),
        )
    if size == 1:
        return say("Play {card}", card=top)
    if size == 2:
        return say("Play pair {cards}", cards=card_names(cards))
    if size == 3:
        return say("Play three of a kind {cards}", cards=card_names(cards))
    return say("Play four of a kind {cards}", cards=card_names(cards))


class PlayTable:
    """Every play of one catalog as a ready :class:`Action`, indexed for fast listing.

    A play's action is ``Action("play", card=<the card that ranks it>,
    cards=<its cards in catalog order>, target=ZoneRef("play", seat))``: a
    table per seat, so every action says where it goes. Singles and
    exchanges are here too. The catalog must number standard cards suit by
    suit, 2..A (as :meth:`Catalog.standard` does), with any joker after them.
    """

    def __init__(self, catalog: Catalog, seat: int = 0) -> None:
        self.catalog = catalog
        self.seat = seat
        self.target = ZoneRef("play", seat)
        cards = catalog.cards
        self.rank: tuple[int, ...] = tuple(rank_of(c) for c in cards)
        self.suit: tuple[int, ...] = tuple(_SUIT_INDEX[c.suit] if c.suit else -1 for c in cards)
        for c in cards:
            if c.rank is not None:
                assert int(c) == 13 * _SUIT_INDEX[c.suit] + c.rank - 2, "catalog must be suit-major, 2..A"
        self.info: dict[tuple[Card, ...], PlayInfo] = {}
        """Every play's cards (in catalog order) -> its type, rank and description."""
        self.single: tuple[Action, ...] = tuple(self._action((c,)) for c in cards)
        self.exchange: tuple[Action, ...] = tuple(
            Action("exchange", c, target=EXPOSED, label=say("Pass and exchange {card}", card=c))
            for c in cards
        )
        # sets[rank][suit mask] -> the sets of 2, 3 and 4 among those cards: {size: [actions]};
        # all_sets[rank][suit mask] -> all of them in one list (pairs, then threes, then the four).
        self.sets: list[list[dict[int, list[Action]]]] = [[{} for _ in range(16)] for _ in range(15)]
        self.all_sets: list[list[list[Action]]] = [[[] for _ in range(16)] for _ in range(15)]
        for rank in range(2, 15):
            by_suit = [catalog[13 * s + rank - 2] for s in range(4)]
            for mask in range(16):
                groups: dict[int, list[Action]] = {}
                for size in (2, 3, 4):
                    chosen = [
                        self._action(tuple(by_suit[s] for s in combo))
                        for combo in combinations([s for s in range(4) if mask >> s & 1], size)
                    ]
                    if chosen:
                        groups[size] = chosen
                        self.all_sets[rank][mask].extend(chosen)
                self.sets[rank][mask] = groups
        self._told: dict[tuple[int, tuple[Card, ...]], Said] = {}
        self._runs: dict[tuple[int, int, int], Action] = {}
        for s in range(4):
            for start in range(13):
                for length in range(3, 14 - start):
                    run = tuple(catalog[13 * s + start + k] for k in range(length))
                    self._runs[s, start, length] = self._action(run)

    def _action(self, cards: tuple[Card, ...]) -> Action:
        action = _play_action(cards, self.target)
        ptype, rank = classify(action.cards)
        self.info[action.cards] = PlayInfo(ptype, rank, describe(action.cards))
        return action

    def play_info(self, cards: Sequence[Card]) -> PlayInfo:
        """Type, rank and description of a play; ``ValueError`` saying why if it is none."""
        key = cards if isinstance(cards, tuple) else tuple(cards)
        info = self.info.get(key)
        if info is None:
            key = tuple(sorted(key))
            info = self.info.get(key)
            if info is None:
                classify(key)  # raises with the reason
                raise ValueError("not a combination of this game's cards")  # pragma: no cover
        return info

    def told(self, seat: int, cards: tuple[Card, ...]) -> Said:
        """What the table is told when ``seat`` plays ``cards`` (in catalog order), made once per play."""
        key = (seat, cards)
        found = self._told.get(key)
        if found is None:
            found = self._told[key] = _told(seat, cards, self.play_info(cards).type)
        return found

    # -- listing ---------------------------------------------------------------

    def _masks(self, hand: Iterable[Card]) -> tuple[list[int], list[int]]:
        """Per rank, the suits held (bit mask); per suit, the ranks held (bit 0 = the 2)."""
        by_rank = [0] * 15
        by_suit = [0, 0, 0, 0]
        rank, suit = self.rank, self.suit
        for c in hand:
            s = suit[c]
            if s >= 0:
                r = rank[c]
                by_rank[r] |= 1 << s
                by_suit[s] |= 1 << (r - 2)
        return by_rank, by_suit

    def lead_plays(self, hand: Sequence[Card]) -> list[Action]:
        """Every combination in ``hand``: singles, sets by rank, then straight flushes."""
        out = [self.single[c] for c in hand]
        if len(hand) < 2:
            return out
        by_rank, by_suit = self._masks(hand)
        all_sets = self.all_sets
        for r in range(2, 15):
            mask = by_rank[r]
            if mask & (mask - 1):  # two or more suits of this rank
                out.extend(all_sets[r][mask])
        for s in range(4):
            bits = by_suit[s]
            if bits:
                out.extend(self._runs[s, start, length] for start, length in _windows(bits, 0))
        return out

    def follow_plays(self, hand: Sequence[Card], ptype: PlayType) -> list[Action]:
        """The combinations in ``hand`` of type ``ptype``."""
        kind, size = ptype
        if kind == SET and size == 1:
            return [self.single[c] for c in hand]
        if len(hand) < size:
            return []
        by_rank, by_suit = self._masks(hand)
        out: list[Action] = []
        if kind == SET:
            sets = self.sets
            for r in range(2, 15):
                group = sets[r][by_rank[r]].get(size)
                if group:
                    out.extend(group)
            return out
        for s in range(4):
            bits = by_suit[s]
            if bits:
                out.extend(self._runs[s, start, length] for start, length in _windows(bits, size))
        return out


@cache
def _windows(bits: int, length: int) -> tuple[tuple[int, int], ...]:
    """(start, length) of the straight windows in a suit's rank bits: of ``length``, or all (0)."""
    out: list[tuple[int, int]] = []
    start = 0
    while start < 13:
        if not bits >> start & 1:
            start += 1
            continue
        end = start
        while end < 13 and bits >> end & 1:
            end += 1
        run = end - start
        sizes = range(3, run + 1) if length == 0 else ((length,) if run >= length else ())
        for n in sizes:
            out.extend((p, n) for p in range(start, end - n + 1))
        start = end
    return tuple(out)


def _play_action(cards: tuple[Card, ...], target: ZoneRef) -> Action:
    cards = tuple(sorted(cards))
    ptype, _ = classify(cards)
    top = max(cards, key=lambda c: (rank_of(c), int(c)))
    return Action("play", top, target=target, cards=cards, label=_label(cards, ptype, top))


EXPOSED = ZoneRef("exposed")
_TABLES: dict[tuple[int, int], PlayTable] = {}


def tables_for(catalog: Catalog, seat: int = 0) -> PlayTable:
    """The (shared, read-only) play table of ``catalog`` for ``seat``, built on first use."""
    table = _TABLES.get((id(catalog), seat))
    if table is None or table.catalog is not catalog:
        table = _TABLES[id(catalog), seat] = PlayTable(catalog, seat)
    return table


__all__ = [
    "JOKER_RANK",
    "RUN",
    "SET",
    "SINGLE",
    "PlayInfo",
    "PlayTable",
    "PlayType",
    "classify",
    "card_names",
    "describe",
    "rank_of",
    "tables_for",
    "type_name",
]
