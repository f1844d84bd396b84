"""U-G-O's house rules (RULES.md §2); defaults reproduce the source text."""

from __future__ import annotations

from cardtable.engine import BoolOption, ChoiceOption, OptionSchema

SCHEMA = OptionSchema(
    [
        BoolOption(
            "pass_decks",
            True,
            "Each player shuffles their own deck and plays with the one passed from the right.",
            label="Pass decks left",
        ),
        ChoiceOption.worded(
            "discard_to",
            "owner",
            "Used and destroyed cards go to their owner's discard pile, or to that of the player using them.",
            label="Discard to",
            owner="the owner's pile",
            player="the user's pile",
        ),
        BoolOption(
            "equip_opponents",
            False,
            "Equip cards may also be put on other players' face-up cards.",
            label="Equip opponents",
        ),
        BoolOption(
            "ten_stops_specials",
            False,
            "A 10 also stops an Ace, King or Jack used on you, not only attacks.",
            label="10 stops specials",
        ),
        ChoiceOption.worded(
            "lower_attack",
            "destroyed",
            "A weaker (or equal) attack on an attack-position card destroys the attacker, or does nothing.",
            label="Weaker attack",
            destroyed="the attacker is destroyed",
            nothing="nothing happens",
        ),
        BoolOption(
            "specific_aces",
            False,
            "A♠ destroys all attack cards, A♥ all defense cards, A♣ all, A♦ all equips of the target.",
            label="Specific Aces",
        ),
        BoolOption(
            "nine_counters",
            False,
            "A 9 turns an Ace, King or Jack used on you back on its user.",
            label="Nines counter",
        ),
    ]
)
