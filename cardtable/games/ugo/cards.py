"""U-G-O card roles, values and positions (RULES.md §2, "Card roles").

Special cards: A, K, Q, J, 10, 9, 8 of any suit. Attack/Defense (A/D) cards:
spades, hearts and clubs 2-7. Equip cards: diamonds 2-7.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.engine import Card

SPECIAL_RANKS = frozenset({14, 13, 12, 11, 10, 9, 8})
AD_SUITS = frozenset("SHC")
MAX_EQUIPS = 2
MAX_TABLE = 5
TRIBUTE_RANKS = frozenset({6, 7})

ATTACK, DEFENSE = "attack", "defense"
POSITIONS = ("attack", "defense", "defense_down")
"""How an A/D card may be played: face up in attack, face up or face down in defense."""


def is_special(card: Card) -> bool:
    return card.rank in SPECIAL_RANKS


def is_ad(card: Card) -> bool:
    """An Attack/Defense card: a spade, heart or club of rank 2-7."""
    return card.suit in AD_SUITS and card.rank is not None and card.rank <= 7


def is_equip(card: Card) -> bool:
    """An Equip card: a diamond of rank 2-7."""
    return card.suit == "D" and card.rank is not None and card.rank <= 7


def needs_tribute(card: Card) -> bool:
    return card.rank in TRIBUTE_RANKS


def equip_bonus(equip: Card) -> int:
    """Half the equip's rank, rounded down: ♦2,3 +1; ♦4,5 +2; ♦6,7 +3."""
    return (equip.rank or 0) // 2


def base_attack(card: Card) -> int:
    rank = card.rank or 0
    return 2 * rank if card.suit == "S" else rank


def base_defense(card: Card) -> int:
    rank = card.rank or 0
    return 2 * rank if card.suit == "H" else rank


def attack_value(card: Card, equips: Iterable[Card] = ()) -> int:
    """Spades attack double; every equip adds half its rank."""
    return base_attack(card) + sum(equip_bonus(e) for e in equips)


def defense_value(card: Card, equips: Iterable[Card] = ()) -> int:
    """Hearts defend double; every equip adds half its rank."""
    return base_defense(card) + sum(equip_bonus(e) for e in equips)


def role(card: Card) -> str:
    if is_ad(card):
        return "attack/defense"
    if is_equip(card):
        return "equip"
    return "special"
