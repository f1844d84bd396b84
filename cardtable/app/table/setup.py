"""What a new game is made of: the game, each seat (a name, a human or a computer's level), the
variant, a seed and options. Plain data, chosen on the new-game screen and kept with a save.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
