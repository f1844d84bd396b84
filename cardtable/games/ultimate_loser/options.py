"""Ultimate Loser's house rules (RULES.md §4), with the source's rules as defaults."""

from __future__ import annotations

from cardtable.engine import BoolOption, ChoiceOption, IntOption, OptionSchema, TextOption

SCHEMA = OptionSchema(
    [
        IntOption(
            "hands",
            5,
            "Hands in a match; the fewest penalties after the last one wins.",
            label="Hands",
            minimum=1,
            maximum=50,
        ),
        IntOption(
            "loser_penalty",
            4,
            "Penalties the Ultimate Loser (the last player holding cards) takes.",
            label="Ultimate Loser penalty",
            minimum=0,
            maximum=20,
        ),
        IntOption(
            "fourplay_penalty",
            1,
            "Penalties every player at the table takes when someone plays four of a kind (0: none).",
            label="FourPlay penalty",
            minimum=0,
            maximum=5,
        ),
        BoolOption(
            "fourplay_out_players",
            True,
            'Players already out of cards take the FourPlay penalty too, as the source\'s "all" says '
            "(off: they are safe for the hand).",
            label="FourPlay hits players who are out",
        ),
        BoolOption(
            "joker",
            False,
            "Add one joker: it plays only as a single and beats every other single.",
            label="Joker",
        ),
        ChoiceOption.worded(
            "lead_tiebreak",
            "rps",
            "Who leads when nobody who played has cards left: rock-paper-scissors, or a random draw.",
            label="Lead tiebreak",
            rps="rock-paper-scissors",
            random="a random draw",
        ),
        TextOption(
            "penalty_label",
            "penalty points",
            "What the scoreboard calls penalties (e.g. drinks).",
            label="Penalty name",
            max_length=24,
        ),
    ]
)
