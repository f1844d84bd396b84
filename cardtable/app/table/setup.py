"""What a new game is made of: the game, each seat (a name, a human or a computer's level), the
variant, a seed and options. Plain data, chosen on the new-game screen and kept with a save.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from cardtable import games
from cardtable.settings import SeatDefault, Settings

COMPUTER_NAMES = ["Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"]


@dataclass
class SeatSetup:
    name: str
    human: bool
    level: str = "normal"

    @property
    def kind(self) -> str:
        """ "human" or the computer's level: what the new-game screen shows."""
        return "human" if self.human else self.level


@dataclass
class GameSetup:
    game: str
    seats: list[SeatSetup]
    variant: str = "standard"
    seed: int | None = None
    options: dict = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.seats)


# -- the tables the app starts from the player's settings ----------------------------------------


def seat_defaults(settings: Settings, count: int) -> list[SeatSetup]:
    """The settings' seats for a table of ``count`` (computers with names of their own past them)."""
    defaults: list[SeatDefault] = list(settings.seats)
    out = [SeatSetup(d.name, d.human, d.level) for d in defaults[:count]]
    spare = [n for n in COMPUTER_NAMES if n not in {s.name for s in out}] or COMPUTER_NAMES
    while len(out) < count:
        out.append(SeatSetup(spare[(len(out) - len(defaults)) % len(spare)], False))
    return out


def default_setup(settings: Settings, game: str) -> GameSetup:
    """The settings' seats of a new game, at the usual table size for the game."""
    spec = games.get(game)
    return GameSetup(game, seat_defaults(settings, spec.table_size))


def quick_setup(settings: Settings, game: str) -> GameSetup:
    """A quick game: you (the first seat of the settings) against computers, at the game's usual
    table (U-G-O's is a duel), standard rules."""
    seats = seat_defaults(settings, games.get(game).table_size)
    seats[0] = replace(seats[0], human=True)
    for i in range(1, len(seats)):
        seats[i] = replace(seats[i], human=False)
    return GameSetup(game, seats)


def remembered_setup(settings: Settings, games_offered: list[str]) -> GameSetup | None:
    """The last table started from New game (the settings keep it), if it can be set again."""
    last = settings.new_game
    if last is None or last.game not in games_offered:
        return None
    spec = games.get(last.game)
    players = min(max(last.players, spec.min_players), spec.max_players)
    return GameSetup(last.game, seat_defaults(settings, players), last.variant)
