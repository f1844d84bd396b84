"""Ugly's round score (RULES.md §1): tricks, Jacks, the Ugly and Charm cards."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cardtable.engine import STANDARD, Card, say
from cardtable.engine.options import comma_list

# Translators: a card taken in a trick that changes the round's score: the Ugly card (7♦ Ugly).
_UGLY_WORDS = {c: say("{card} Ugly", card=c) for c in STANDARD}
# Translators: a card taken in a trick that changes the round's score: the Charm card (7♣ Charm).
_CHARM_WORDS = {c: say("{card} Charm", card=c) for c in STANDARD}


def round_score(
    tricks: int,
    captured: Iterable[Card],
    jack_values: Mapping[Card, int],
    ugly: Card | None,
    charm: Card | None,
) -> int:
    """Score one player's round from the tricks they won and the cards in them.

    ``jack_values`` maps each Jack to its penalty. Any Jack captured (even one
    valued 0) counts as "with a Jack" in the table below.

    | captured      | with any Jack | with no Jack |
    | U and C       | t - J         | 4t           |
    | U only        | t - 2J        | 2t           |
    | neither/C only| t - J         | t            |
    """
    has_ugly = has_charm = has_jack = False
    penalty = 0
    for card in captured:
        if card == ugly:
            has_ugly = True
        elif card == charm:
            has_charm = True
        value = jack_values.get(card)
        if value is not None:
            has_jack = True
            penalty += value
    if has_ugly and has_charm:
        return tricks - penalty if has_jack else 4 * tricks
    if has_ugly:
        return tricks - 2 * penalty if has_jack else 2 * tricks
    return tricks - penalty


def score_working(
    tricks: int,
    captured: Iterable[Card],
    jack_values: Mapping[Card, int],
    ugly: Card | None,
    charm: Card | None,
) -> str:
    """The scoring table's row worked out, as a player checks it: "3 - 2×3 = -3", "2 × 4 = 8"."""
    cards = list(captured)
    has_ugly = ugly is not None and ugly in cards
    has_charm = charm is not None and charm in cards
    jacks = [c for c in cards if c in jack_values]
    penalty = sum(jack_values[c] for c in jacks)
    score = round_score(tricks, cards, jack_values, ugly, charm)
    if jacks:
        times = 2 if has_ugly and not has_charm else 1
        jack_part = f"{times}\u00d7{penalty}" if times > 1 else f"{penalty}"
        return f"{tricks} - {jack_part} = {score}"
    factor = 4 if has_ugly and has_charm else 2 if has_ugly else 1
    return f"{factor} \u00d7 {tricks} = {score}" if factor > 1 else f"{score}"


def scoring_cards(
    captured: Iterable[Card], jack_values: Mapping[Card, int], ugly: Card | None, charm: Card | None
) -> list[str]:
    """The captured cards that change a round's score, as a player names them: "J♦ -3", "7♦ Ugly",
    "7♣ Charm" (in the order taken; the words translated where they are shown)."""
    out = []
    for card in captured:
        if card in jack_values:
            value = jack_values[card]
            out.append(f"{card.name} -{value}" if value else card.name)
        elif card == ugly:
            out.append(_UGLY_WORDS[card])
        elif card == charm:
            out.append(_CHARM_WORDS[card])
    return out


def trick_note(
    cards: Iterable[Card], jack_values: Mapping[Card, int], ugly: Card | None, charm: Card | None
) -> str:
    """What a trick brings its winner besides the trick itself: "J♦ -3, 7♦ Ugly" (empty: nothing)."""
    return comma_list(scoring_cards(cards, jack_values, ugly, charm))
