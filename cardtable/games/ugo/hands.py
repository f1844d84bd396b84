"""What U-G-O hands tend to hold, for dealing the hands a seat cannot see.

Players play Jacks and Kings at once and keep their 10s (to stop attacks),
8s and 9s, so after a few turns a hand is nothing like a fair sample of the
unseen cards: a uniform deal gives an opponent half the 10s and ten times the
Jacks they really hold. Search that plays against such hands attacks into 10s
it does not expect.

Each kind of card has a weight, how much likelier it is to be in a hand than
a uniform deal makes it, measured from games between rule-based players with
the default rules (``tests/benchmarks/ugo_hand_weights.py`` repeats the
measurement). Hands are drawn by weight and the rest of the unseen cards are
dealt as before. The weights are a prior over what players keep, read from
no hidden card, so a seat's worlds still depend on its view alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from cardtable.engine import Card
from cardtable.engine.hidden import assign_hidden

from .cards import is_ad, is_equip

# Attack/Defense cards by rank, Equips by rank, Specials by rank (8-10, J=11 .. A=14).
TWO_PLAYERS: Mapping[str, float] = {
    **{"ad2": 0.48, "ad3": 0.37, "ad4": 0.24, "ad5": 0.15, "ad6": 1.51, "ad7": 1.15},
    **{"eq2": 0.9, "eq3": 0.71, "eq4": 0.83, "eq5": 0.91, "eq6": 1.05, "eq7": 0.97},
    **{"sp8": 2.11, "sp9": 2.38, "sp10": 1.74, "sp11": 0.04, "sp12": 0.59, "sp13": 0.04, "sp14": 0.9},
}
# With three or more players a 9 reverses the direction, so it is played more
# often; measured with four players, and as close with three and six.
MORE_PLAYERS: Mapping[str, float] = {
    **{"ad2": 0.61, "ad3": 0.34, "ad4": 0.24, "ad5": 0.16, "ad6": 1.8, "ad7": 1.39},
    **{"eq2": 0.98, "eq3": 0.83, "eq4": 0.98, "eq5": 0.88, "eq6": 0.91, "eq7": 1.16},
    **{"sp8": 2.27, "sp9": 1.58, "sp10": 2.09, "sp11": 0.02, "sp12": 0.42, "sp13": 0.02, "sp14": 0.96},
}
TRIES = 4  # weighted hands that leave no consistent deal for the rest, before dealing uniformly

Accepts = Callable[[Card], bool]


def card_kind(card: Card) -> str:
    """The key of a card in the weight tables."""
    if is_ad(card):
        return f"ad{card.rank}"
    if is_equip(card):
        return f"eq{card.rank}"
    return f"sp{card.rank}"


def weights_for(players: int) -> Mapping[str, float]:
    return TWO_PLAYERS if players == 2 else MORE_PLAYERS


def deal(
    unseen: Sequence[Card],
    sizes: Sequence[int],
    accepts: Sequence[Accepts],
    is_hand: Sequence[bool],
    weights: Mapping[str, float],
    rng: random.Random,
) -> list[list[Card]]:
    """Split ``unseen`` into the hidden places like ``assign_hidden``, drawing hands by weight.

    Each hand is drawn without replacement with chances in proportion to the
    weights (Efraimidis and Spirakis' keys ``u ** (1 / w)``); the other
    places are then dealt uniformly. If the hands took cards that the other
    places cannot do without, the draw is repeated, and after a few misses
    everything is dealt uniformly, which is always consistent when any deal is.
    """
    hands = [i for i, h in enumerate(is_hand) if h]
    if not weights or not hands:
        return assign_hidden(unseen, sizes, accepts, rng)
    others = [i for i, h in enumerate(is_hand) if not h]
    for _ in range(TRIES):
        left = set(unseen)
        out: list[list[Card]] = [[] for _ in sizes]
        for i in hands:
            keyed = [
                (rng.random() ** (1.0 / weights.get(card_kind(c), 1.0)), c)
                for c in unseen
                if c in left and accepts[i](c)
            ]
            keyed.sort(key=lambda kc: kc[0], reverse=True)
            out[i] = [c for _, c in keyed[: sizes[i]]]
            if len(out[i]) < sizes[i]:
                break
            left.difference_update(out[i])
        else:
            rest = [c for c in unseen if c in left]
            try:
                dealt = assign_hidden(rest, [sizes[i] for i in others], [accepts[i] for i in others], rng)
            except ValueError:
                continue
            for i, cards in zip(others, dealt, strict=True):
                out[i] = cards
            return out
    return assign_hidden(unseen, sizes, accepts, rng)
