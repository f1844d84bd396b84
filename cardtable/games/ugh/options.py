"""Ugh!'s house rules (RULES.md §3), with the source's rules as defaults."""

from __future__ import annotations

from cardtable.engine import AUTO, BoolOption, ChoiceOption, IntOption, OptionSchema

SCHEMA = OptionSchema(
    [
        IntOption(
            "decks",
            AUTO,
            "Decks shuffled together; auto = one for 2-6 players, two for 7-12.",
            label="Decks",
            minimum=1,
            maximum=2,
            auto=True,
        ),
        BoolOption(
            "younger_players",
            False,
            "Take the blue Ugh! cards (the -3 cards and the Ice Age) out of the deck.",
            label="Younger players",
        ),
        IntOption(
            "first_ugh_points",
            3,
            "Points for an Ugh! card flipped first in a turn (it goes to the Victory pile).",
            label="First-flip Ugh! points",
            minimum=0,
            maximum=20,
        ),
        ChoiceOption.worded(
            "first_player",
            "random",
            "Who goes first: a random player, or the first seat (the table seats the youngest there).",
            label="First player",
            random="a random player",
            first_seat="the first seat",
        ),
        BoolOption(
            "fourth_flip_wild_steals",
            True,
            "A Wild flipped as the 4th card may still steal instead of going into the Pool.",
            label="4th-flip Wild steals",
        ),
    ]
)
