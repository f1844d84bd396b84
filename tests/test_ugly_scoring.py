"""RULES.md §1's worked examples, each exactly as written."""

import pytest

from cardtable.games.ugly.scoring import round_score
from support import c, cards

JACKS = {c("JS"): 1, c("JC"): 2, c("JD"): 3, c("JH"): 4}
UGLY, CHARM = c("7D"), c("7C")


@pytest.mark.parametrize(
    "tricks, captured, expected",
    [
        (4, "JH", 0),  # 4 tricks + J♥ -> 0
        (3, "7D", 6),  # 3 tricks + 7♦, no Jacks -> 6
        (3, "7D JS JC", -3),  # 3 - 2*(1+2)
        (2, "7D 7C", 8),  # Ugly and Charm, no Jacks: 4 per trick
        (2, "7D 7C JD", -1),  # Charm cancels the doubling: 2 - 3
        (5, "7C", 5),  # Charm alone changes nothing
        (0, "", 0),
    ],
)
def test_worked_examples(tricks, captured, expected):
    filler = cards("2H 3H 4H")  # harmless cards that travel with the tricks
    assert round_score(tricks, cards(captured) + filler, JACKS, UGLY, CHARM) == expected


def test_jack_values_option_and_disabled_special_cards():
    flat = {j: 2 for j in JACKS}
    assert round_score(3, cards("JS JH"), flat, UGLY, CHARM) == -1
    # With no Ugly card, the 7♦ is an ordinary card.
    assert round_score(3, cards("7D"), JACKS, None, CHARM) == 3
    # A Jack valued 0 still counts as "a Jack": no doubling of the tricks.
    zero = {**JACKS, c("JS"): 0}
    assert round_score(3, cards("7D JS"), zero, UGLY, CHARM) == 3
