"""Ultimate Loser's house rules (RULES.md §4), with the source's rules as defaults."""

from __future__ import annotations

from cardtable.engine import BoolOption, ChoiceOption, IntOption, OptionSchema, TextOption
from cardtable.engine.words import N_

SCHEMA = OptionSchema(
    [
        IntOption(
            "hands",
            5,
            N_("Hands in a match; the fewest penalties after the last one wins."),
            label=N_("Hands"),
            minimum=1,
            maximum=50,
        ),
        IntOption(
            "loser_penalty",
            4,
            N_("Penalties the Ultimate Loser (the last player holding cards) takes."),
            label=N_("Ultimate Loser penalty"),
            minimum=0,
            maximum=20,
        ),
        IntOption(
            "fourplay_penalty",
            1,
            N_("Penalties every player at the table takes when someone plays four of a kind (0: none)."),
            label=N_("FourPlay penalty"),
            minimum=0,
            maximum=5,
        ),
        BoolOption(
            "fourplay_out_players",
            True,
            N_(
                'Players already out of cards take the FourPlay penalty too, as the source\'s "all" says '
                "(off: they are safe for the hand)."
            ),
            label=N_("FourPlay hits players who are out"),
        ),
        BoolOption(
            "joker",
            False,
            N_("Add one joker: it plays only as a single and beats every other single."),
            label=N_("Joker"),
        ),
        ChoiceOption.worded(
            "lead_tiebreak",
            "rps",
            N_("Who leads when nobody who played has cards left: rock-paper-scissors, or a random draw."),
            label=N_("Lead tiebreak"),
            rps=N_("rock-paper-scissors"),
            random=N_("a random draw"),
        ),
        TextOption(
            "penalty_label",
            # Translators: the default name of Ultimate Loser's penalties on the scoreboard.
            N_("penalty points"),
            N_("What the scoreboard calls penalties (e.g. drinks)."),
            label=N_("Penalty name"),
            max_length=24,
        ),
    ]
)
