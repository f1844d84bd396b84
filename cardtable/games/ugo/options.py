"""U-G-O's house rules (RULES.md §2); defaults reproduce the source text.

Titles, descriptions and the words of each choice are marked ``N_``: a table
translates them where it shows them.
"""

from __future__ import annotations

from cardtable.engine import BoolOption, ChoiceOption, OptionSchema
from cardtable.engine.words import N_

SCHEMA = OptionSchema(
    [
        BoolOption(
            "pass_decks",
            True,
            N_("Each player shuffles their own deck and plays with the one passed from the right."),
            label=N_("Pass decks left"),
        ),
        ChoiceOption.worded(
            "discard_to",
            "owner",
            N_(
                "Used and destroyed cards go to their owner's discard pile, "
                "or to that of the player using them."
            ),
            label=N_("Discard to"),
            owner=N_("the owner's pile"),
            player=N_("the user's pile"),
        ),
        BoolOption(
            "equip_opponents",
            False,
            N_("Equip cards may also be put on other players' face-up cards."),
            label=N_("Equip opponents"),
        ),
        BoolOption(
            "ten_stops_specials",
            False,
            N_("A 10 also stops an Ace, King or Jack used on you, not only attacks."),
            label=N_("10 stops specials"),
        ),
        ChoiceOption.worded(
            "lower_attack",
            "destroyed",
            N_(
                "A weaker (or equal) attack on an attack-position card destroys the attacker, "
                "or does nothing."
            ),
            label=N_("Weaker attack"),
            destroyed=N_("the attacker is destroyed"),
            nothing=N_("nothing happens"),
        ),
        BoolOption(
            "specific_aces",
            False,
            N_("A♠ destroys all attack cards, A♥ all defense cards, A♣ all, A♦ all equips of the target."),
            label=N_("Specific Aces"),
        ),
        BoolOption(
            "nine_counters",
            False,
            N_("A 9 turns an Ace, King or Jack used on you back on its user."),
            label=N_("Nines counter"),
        ),
    ]
)
