"""Ugh!'s house rules (RULES.md §3), with the source's rules as defaults."""

from __future__ import annotations

from cardtable.engine import AUTO, BoolOption, ChoiceOption, IntOption, OptionSchema
from cardtable.engine.words import N_

SCHEMA = OptionSchema(
    [
        IntOption(
            "decks",
            AUTO,
            N_("Decks shuffled together; auto = one for 2-6 players, two for 7-12."),
            label=N_("Decks"),
            minimum=1,
            maximum=2,
            auto=True,
        ),
        BoolOption(
            "younger_players",
            False,
            N_("Take the blue Ugh! cards (the -3 cards and the Ice Age) out of the deck."),
            label=N_("Younger players"),
        ),
        IntOption(
            "first_ugh_points",
            3,
            N_("Points for an Ugh! card flipped first in a turn (it goes to the Victory pile)."),
            label=N_("First-flip Ugh! points"),
            minimum=0,
            maximum=20,
        ),
        ChoiceOption.worded(
            "first_player",
            "random",
            N_("Who goes first: a random player, or the first seat (the table seats the youngest there)."),
            label=N_("First player"),
            random=N_("a random player"),
            first_seat=N_("the first seat"),
        ),
        BoolOption(
            "fourth_flip_wild_steals",
            True,
            N_("A Wild flipped as the 4th card may still steal instead of going into the Pool."),
            label=N_("4th-flip Wild steals"),
        ),
    ]
)
