"""What U-G-O hands tend to hold, for dealing the hands a seat cannot see.

Players play Jacks and Kings at once and keep their 10s (to stop attacks),
8s and 9s, so after a few turns a hand is nothing like a fair sample of the
unseen cards: a uniform deal gives an opponent half the 10s and ten times the
Jacks they really hold. Search that plays against such hands attacks into 10s
it does not expect.

Each kind of card has a weight (above 1: kept more than a fair share). The
cards are dealt as before, then the hands are shifted toward the weights by
swaps that keep the deal consistent. The weights are fitted so that the
dealt hands hold each kind as often as hands really do in games between
rule-based players with the default rules
(``tests/benchmarks/ugo_hand_weights.py`` measures both and suggests new
weights). The weights are a prior over what players keep, read from no
hidden card, so a seat's worlds still depend on its view alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from cardtable.engine import Card
from cardtable.engine.hidden import assign_hidden

from .cards import is_ad, is_equip

# Attack/Defense cards by rank, Equips by rank, Specials by rank (8-10, J=11 .. A=14).
TWO_PLAYERS: Mapping[str, float] = {
    **{"ad2": 0.58, "ad3": 0.4, "ad4": 0.28, "ad5": 0.19, "ad6": 1.69, "ad7": 1.33},
    **{"eq2": 0.86, "eq3": 0.93, "eq4": 0.87, "eq5": 0.88, "eq6": 1.03, "eq7": 0.84},
    **{"sp8": 2.03, "sp9": 2.43, "sp10": 1.61, "sp11": 0.06, "sp12": 0.52, "sp13": 0.05, "sp14": 0.95},
}
# With three or more players a 9 reverses the direction, so it is played more
# often; measured with four players, and as close with three and six.
MORE_PLAYERS: Mapping[str, float] = {
    **{"ad2": 0.71, "ad3": 0.48, "ad4": 0.37, "ad5": 0.27, "ad6": 1.82, "ad7": 1.47},
    **{"eq2": 0.85, "eq3": 0.81, "eq4": 0.89, "eq5": 0.77, "eq6": 0.88, "eq7": 1.02},
    **{"sp8": 2.06, "sp9": 1.57, "sp10": 1.7, "sp11": 0.12, "sp12": 0.41, "sp13": 0.11, "sp14": 0.92},
}
SWAPS = 6  # swaps offered for each hand card (enough for the deal to forget its uniform start)

Accepts = Callable[[Card], bool]

_KINDS: dict[tuple[int | None, str | None], str] = {}  # card_kind by face


def card_kind(card: Card) -> str:
    """The key of a card in the weight tables.

    Kept by face (rank and suit), not by card: every world asks for every
    unseen card, and a Card equals any card with the same catalog index.
    """
    face = (card.rank, card.suit)
    kind = _KINDS.get(face)
    if kind is None:
        kind = _KINDS[face] = (
            f"ad{card.rank}" if is_ad(card) else f"eq{card.rank}" if is_equip(card) else f"sp{card.rank}"
        )
    return kind


def weights_for(players: int) -> Mapping[str, float]:
    """The weights for a table of ``players`` (a 9 means something only with three or more)."""
    return TWO_PLAYERS if players == 2 else MORE_PLAYERS


def deal(
    unseen: Sequence[Card],
    sizes: Sequence[int],
    accepts: Sequence[Accepts],
    is_hand: Sequence[bool],
    weights: Mapping[str, float],
    rng: random.Random,
) -> list[list[Card]]:
    """Split ``unseen`` into the hidden places like ``assign_hidden``, hands leaning to the weights.

    The deal starts uniform and consistent; then each hand card in turn is
    offered swaps with cards in other places, each accepted with the
    Metropolis chance min(1, weight in / weight out) when both places accept
    the swapped cards. So every deal stays consistent with the view, and the
    deals tend to chances in proportion to the product of the hand cards'
    weights.
    """
    out = assign_hidden(unseen, sizes, accepts, rng)
    hands = [i for i, h in enumerate(is_hand) if h and sizes[i]]
    if not weights or not hands:
        return out
    slots = [(i, j) for i, cards in enumerate(out) if not is_hand[i] for j in range(len(cards))]
    if not slots:
        return out
    weight = {c: weights.get(card_kind(c), 1.0) for c in unseen}
    random_ = rng.random
    for i in hands:
        hand, ok = out[i], accepts[i]
        # Only places holding cards this hand could hold (for U-G-O, cards with the same back);
        # a swap leaves such a card there, so the hand always accepts what a partner holds.
        partners = [(k, m) for k, m in slots if ok(out[k][m])]
        if not partners:
            continue
        for j in range(len(hand)):
            for _ in range(SWAPS):
                k, m = partners[int(random_() * len(partners))]
                card, other = hand[j], out[k][m]
                if random_() * weight[card] < weight[other] and accepts[k](card):
                    hand[j], out[k][m] = other, card
    return out
