"""The pure rules kernel: cards, zones, actions, events, views, options, games.

No pygame and no file I/O here: everything in this package is plain data and
rules, so it runs headless, in tests and in search at full speed.
"""

from .actions import Action, IllegalAction, Slot
from .cards import STANDARD, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, CardSpec, Catalog, DeckList
from .events import (
    Announced,
    Attached,
    Event,
    GameOver,
    Gathered,
    Moved,
    PlayerOut,
    Rotated,
    RoundEnded,
    ScoreChanged,
    Shuffled,
    TrickWon,
    Turned,
    can_see,
    redact,
)
from .game import Game, GameSpec
from .options import (
    AUTO,
    BoolOption,
    ChoiceOption,
    IntMapOption,
    IntOption,
    Option,
    OptionError,
    OptionSchema,
    TextOption,
    Variant,
)
from .views import CardView, View, ZoneView, format_prompt, seat_ref, seat_refs
from .zones import CardState, Visibility, Zone

__all__ = [
    "AUTO",
    "Action",
    "Announced",
    "Attached",
    "BoolOption",
    "Card",
    "CardSpec",
    "CardState",
    "CardView",
    "Catalog",
    "ChoiceOption",
    "DeckList",
    "Event",
    "Game",
    "GameOver",
    "GameSpec",
    "Gathered",
    "IllegalAction",
    "IntMapOption",
    "IntOption",
    "Moved",
    "Option",
    "OptionError",
    "OptionSchema",
    "PlayerOut",
    "Rotated",
    "RoundEnded",
    "STANDARD",
    "SUITS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "ScoreChanged",
    "Slot",
    "Shuffled",
    "TextOption",
    "TrickWon",
    "Turned",
    "Variant",
    "View",
    "Visibility",
    "Zone",
    "ZoneView",
    "can_see",
    "format_prompt",
    "redact",
    "seat_ref",
    "seat_refs",
]
