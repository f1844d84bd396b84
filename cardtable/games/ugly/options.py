"""Ugly's house rules (RULES.md §1), with the source's rules as defaults."""

from __future__ import annotations

from cardtable.engine import (
    AUTO,
    N_,
    BoolOption,
    ChoiceOption,
    IntMapOption,
    IntOption,
    OptionSchema,
    say,
)
from cardtable.engine.cards import RANK_NAMES, STANDARD, SUIT_NAMES

CARD_CHOICES = ("none", *(c.code for c in STANDARD))
CARD_WORDS = (
    # Translators: the Ugly or Charm card is switched off.
    N_("no card"),
    # Translators: a card by name ("Jack of spades", "7 of diamonds").
    *(say("{rank} of {suit}", rank=RANK_NAMES[c.rank], suit=SUIT_NAMES[c.suit]) for c in STANDARD),
)
JACK_KEYS = ("spades", "clubs", "diamonds", "hearts")
JACK_SUIT = {"spades": "S", "clubs": "C", "diamonds": "D", "hearts": "H"}

SCHEMA = OptionSchema(
    [
        IntOption(
            "first_pass",
            1,
            N_("Cards each player passes in the first round."),
            label=N_("First pass"),
            minimum=0,
            maximum=17,
        ),
        IntOption(
            "pass_step",
            2,
            N_("How many more cards are passed in each following round."),
            label=N_("Pass step"),
            minimum=0,
            maximum=8,
        ),
        IntOption(
            "rounds",
            AUTO,
            N_("Rounds in a game; auto = (hand size + 1) / 2, the last passing the whole hand."),
            label=N_("Rounds"),
            minimum=1,
            maximum=9,
            auto=True,
        ),
        ChoiceOption.worded(
            "pass_direction",
            "left",
            N_("Pass always to the left, or alternate left and right each round."),
            label=N_("Pass direction"),
            left=N_("always left"),
            alternate=N_("left and right in turn"),
        ),
        BoolOption(
            "allow_no_trump",
            True,
            N_("The trump caller may call No Trump instead of a suit."),
            label=N_("Allow No Trump"),
        ),
        IntMapOption(
            "jack_values",
            {"spades": 1, "clubs": 2, "diamonds": 3, "hearts": 4},
            N_("Points lost for each Jack captured."),
            label=N_("Jack penalties"),
            keys=JACK_KEYS,
            minimum=0,
            maximum=20,
        ),
        ChoiceOption(
            "ugly_card",
            "7D",
            N_("The Ugly card: doubles Jack penalties, or the round score with no Jacks."),
            label=N_("Ugly card"),
            choices=CARD_CHOICES,
            words=CARD_WORDS,
        ),
        ChoiceOption(
            "charm_card",
            "7C",
            N_("The Charm card: with the Ugly card, Jacks count once, or tricks 4 each without Jacks."),
            label=N_("Charm card"),
            choices=CARD_CHOICES,
            words=CARD_WORDS,
        ),
    ]
)
