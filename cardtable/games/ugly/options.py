"""Ugly's house rules (RULES.md §1), with the source's rules as defaults."""

from __future__ import annotations

from cardtable.engine import (
    AUTO,
    BoolOption,
    ChoiceOption,
    IntMapOption,
    IntOption,
    OptionSchema,
)
from cardtable.engine.cards import RANK_NAMES, STANDARD, SUIT_NAMES

CARD_CHOICES = ("none", *(c.code for c in STANDARD))
CARD_WORDS = ("no card", *(f"{RANK_NAMES[c.rank]} of {SUIT_NAMES[c.suit]}" for c in STANDARD))
JACK_KEYS = ("spades", "clubs", "diamonds", "hearts")
JACK_SUIT = {"spades": "S", "clubs": "C", "diamonds": "D", "hearts": "H"}

SCHEMA = OptionSchema(
    [
        IntOption(
            "first_pass",
            1,
            "Cards each player passes in the first round.",
            label="First pass",
            minimum=0,
            maximum=17,
        ),
        IntOption(
            "pass_step",
            2,
            "How many more cards are passed in each following round.",
            label="Pass step",
            minimum=0,
            maximum=8,
        ),
        IntOption(
            "rounds",
            AUTO,
            "Rounds in a game; auto = (hand size + 1) / 2, the last passing the whole hand.",
            label="Rounds",
            minimum=1,
            maximum=9,
            auto=True,
        ),
        ChoiceOption.worded(
            "pass_direction",
            "left",
            "Pass always to the left, or alternate left and right each round.",
            label="Pass direction",
            left="always left",
            alternate="left and right in turn",
        ),
        BoolOption(
            "allow_no_trump",
            True,
            "The trump caller may call No Trump instead of a suit.",
            label="Allow No Trump",
        ),
        IntMapOption(
            "jack_values",
            {"spades": 1, "clubs": 2, "diamonds": 3, "hearts": 4},
            "Points lost for each Jack captured.",
            label="Jack penalties",
            keys=JACK_KEYS,
            minimum=0,
            maximum=20,
        ),
        ChoiceOption(
            "ugly_card",
            "7D",
            "The Ugly card: doubles Jack penalties, or the round score with no Jacks.",
            label="Ugly card",
            choices=CARD_CHOICES,
            words=CARD_WORDS,
        ),
        ChoiceOption(
            "charm_card",
            "7C",
            "The Charm card: with the Ugly card, Jacks count once, or tricks 4 each without Jacks.",
            label="Charm card",
            choices=CARD_CHOICES,
            words=CARD_WORDS,
        ),
    ]
)
