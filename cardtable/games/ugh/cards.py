"""Ugh!'s cards: what the deck file means, the catalogs, fast per-card tables.

The deck is data (``config/decks/ugh.yaml``), read once through
:mod:`cardtable.decks` with the checks below, so a game never starts from a
malformed list. A game's catalog depends on its options (one or two decks,
with or without the blue cards); each is built once and shared, together
with tables indexed by card (kind, color, value) that the rules, the bot and
the determinizer read instead of card attributes, and the game's fixed
actions, built once per catalog rather than per decision.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardtable.decks import DeckFile, builtin_deck_path, load_deck
from cardtable.engine import Action, CardSpec, Catalog, DeckList, ZoneRef
from cardtable.engine.words import N_, Said, say

NUMBER, WILD, UGH = 0, 1, 2
KINDS = ("number", "wild", "ugh")
GREEN, ORANGE, PURPLE, ALL = 0, 1, 2, 3
# Translators: the colors of Ugh! cards, as in "a green Wild steals only green cards".
COLORS = (N_("green"), N_("orange"), N_("purple"))
"""The three colors of a set, in the order sets are listed (also the deck file's words for them)."""
ALL_WILD = "all"
BLUE = "blue"
ICE_AGE = "ice-age"
TAGS = (BLUE, ICE_AGE)
SAFETY_PILES = 3
MAX_FLIPS = SAFETY_PILES + 1
"""Flips 1-3 go onto Safety piles 1-3; the 4th goes straight into the Pool."""
DISCARD = ZoneRef("discard")
MAX_VALUE = 99

# -- the deck file's meaning ------------------------------------------------------


def check_card(spec: CardSpec) -> tuple[str | None, str] | None:
    """Is this deck-file line an Ugh! card? (the field at fault, why) or None."""
    if spec.kind not in KINDS:
        # Translators: errors in Ugh!'s deck file. Its own words (number, wild, ugh, the colors, all, the
        # tags) are what the file must say, so they stay as they are.
        return "kind", say("kind must be number, wild or ugh (got {got})", got=repr(spec.kind))
    if spec.rank is not None:
        return "rank", say("Ugh! cards have no rank")
    if spec.suit is not None:
        return "suit", say("Ugh! cards have no suit")
    unknown = sorted(spec.tags - set(TAGS))
    if unknown:
        return "tags", say(
            "unknown tag {got}; known tags: {tags}", got=repr(unknown[0]), tags=", ".join(TAGS)
        )
    if spec.kind != "ugh" and spec.tags:
        return "tags", say("only Ugh! cards are tagged ({tags})", tags=", ".join(TAGS))
    if spec.kind == "number":
        if spec.color not in COLORS:
            return "color", say(
                "a Number card is {colors} (got {got})", colors=", ".join(COLORS), got=repr(spec.color)
            )
        if spec.value is None or not 0 <= spec.value <= MAX_VALUE:
            return "value", say(
                "a Number card needs a value from 0 to {most} (got {got})",
                most=MAX_VALUE,
                got=repr(spec.value),
            )
    elif spec.kind == "wild":
        if spec.color not in (*COLORS, ALL_WILD):
            return "color", say(
                "a Wild is {colors} or {all_wild} (got {got})",
                colors=", ".join(COLORS),
                all_wild=ALL_WILD,
                got=repr(spec.color),
            )
        if spec.value is not None:
            return "value", say("a Wild has no value of its own (it is worth one less than the set's lowest)")
    else:
        if spec.color is not None:
            return "color", say("Ugh! cards have no color")
        if ICE_AGE in spec.tags:
            if spec.value is not None:
                return "value", say("the Ice Age has no number (it takes one card of each color plus one)")
        elif spec.value is None or not -MAX_VALUE <= spec.value <= 0:
            return "value", say("an Ugh! card's value is 0 (plain) or -N (discard N cards)")
    return None


def check_deck(deck: DeckList) -> str | None:
    """Can sets be made from this list at all?"""
    for color in COLORS:
        if not any(s.kind == "number" and s.color == color for s in deck):
            return say("there is no {color} Number card, so no set could ever be made", color=color)
    return None


_deck_file: DeckFile | None = None
_tables: dict[tuple[int, bool], UghCards] = {}


def deck_file() -> DeckFile:
    """The Ugh! deck file, read and checked on first use (a ConfigError if broken)."""
    global _deck_file
    if _deck_file is None:
        _deck_file = load_deck(builtin_deck_path("ugh"), check_card, check_deck)
    return _deck_file


def deck_list(younger_players: bool = False) -> DeckList:
    """One deck's lines; for younger players without the blue Ugh! cards."""
    deck = deck_file().cards
    if younger_players:
        deck = tuple(s for s in deck if BLUE not in s.tags)
    return deck


def decks_for(players: int, options: Mapping[str, Any]) -> int:
    """How many decks: the ``decks`` option, or one for 2-6 players and two for 7-12."""
    decks = options["decks"]
    if decks == "auto":
        return 1 if players <= 6 else 2
    return int(decks)


def tables(decks: int, younger_players: bool) -> UghCards:
    """The shared catalog and tables for ``decks`` decks (without the blue cards)."""
    key = (decks, younger_players)
    found = _tables.get(key)
    if found is None:
        found = _tables[key] = UghCards(decks, deck_list(younger_players))
    return found


def tables_for(players: int, options: Mapping[str, Any]) -> UghCards:
    """The catalog and tables of a game with these players and options."""
    return tables(decks_for(players, options), bool(options["younger_players"]))


# -- per-card tables -------------------------------------------------------------


class UghCards:
    """A catalog (every deck shares back 0: backs must not tell two decks apart)
    and tables indexed by card, plus the game's fixed actions.

    ``color``: 0-2 for green, orange, purple, 3 (:data:`ALL`) for the All Wild,
    -1 for Ugh! cards. ``value``: a Number card's value; for an Ugh! card the
    number of cards it discards (0 for a plain Ugh! and the Ice Age). ``face``:
    equal for cards that differ only in copy (two green 1s).
    """

    def __init__(self, decks: int, deck: DeckList) -> None:
        self.decks = decks
        self.catalog = Catalog([(deck, 0) for _ in range(decks)])
        cards = self.catalog.cards
        self.kind: tuple[int, ...] = tuple(KINDS.index(c.kind) for c in cards)
        self.color: tuple[int, ...] = tuple(_color_index(c.color) for c in cards)
        self.ice: tuple[bool, ...] = tuple(ICE_AGE in c.tags for c in cards)
        self.value: tuple[int, ...] = tuple(
            abs(c.value or 0) if c.kind == "ugh" else (c.value or 0) for c in cards
        )
        faces: dict[tuple[Any, ...], int] = {}
        self.face: tuple[int, ...] = tuple(
            faces.setdefault((k, col, v, i), len(faces))
            for k, col, v, i in zip(self.kind, self.color, self.value, self.ice, strict=True)
        )
        self.number_values: tuple[int, ...] = tuple(
            sorted(v for k, v in zip(self.kind, self.value, strict=True) if k == NUMBER)
        )
        self.discard: tuple[Action, ...] = tuple(
            Action("discard", c, target=DISCARD, label=say("Discard {card}", card=c)) for c in cards
        )
        self._take: dict[tuple[int, int], tuple[Action, ...]] = {}
        self._lock: dict[int, tuple[Action, ...]] = {}
        self._labels: dict[tuple[Any, ...], Said] = {}

    def take(self, seat: int, pile: int) -> tuple[Action, ...]:
        """Taking each card from Safety pile ``pile`` into ``seat``'s Pool, indexed by card."""
        key = (seat, pile)
        found = self._take.get(key)
        if found is None:
            pool = ZoneRef("pool", seat)
            found = self._take[key] = tuple(
                Action(
                    "take",
                    c,
                    target=pool,
                    label=say("Take {card} from Safety pile {pile}", card=c, pile=pile + 1),
                )
                for c in self.catalog.cards
            )
        return found

    def lock(self, seat: int) -> tuple[Action, ...]:
        """Putting each card into ``seat``'s set being formed, indexed by card."""
        found = self._lock.get(seat)
        if found is None:
            forming = ZoneRef("set", seat)
            found = self._lock[seat] = tuple(
                Action("lock", c, target=forming, label=say("Put {card} in a set", card=c))
                for c in self.catalog.cards
            )
        return found

    def label(self, key: tuple[Any, ...], make: Callable[[], Said]) -> Said:
        """An action's words, made once per ``key`` (what they say): search lists actions often.
        A key holds the cards themselves, never only their faces: words made for one copy of a
        green 3 name that copy's code, which another player's view may not hold."""
        found = self._labels.get(key)
        if found is None:
            found = self._labels[key] = make()
        return found


def _color_index(color: str | None) -> int:
    if color is None:
        return -1
    if color == ALL_WILD:
        return ALL
    return COLORS.index(color)
