"""The player's settings and where Card Table keeps its files.

``platformdirs`` decides the folders: settings and the player's own variants
and layouts under ``user_config_dir``, saves under ``user_data_dir``, the log
under ``user_log_dir``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from platformdirs import PlatformDirs

APP_NAME = "cardtable"

ANIMATION_SPEEDS: dict[str, float] = {"instant": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.7}
"""Animation speed names and the factor they apply to every animation's duration."""


def dirs() -> PlatformDirs:
    return PlatformDirs(APP_NAME, appauthor=False)


def log_dir() -> Path:
    return Path(dirs().user_log_dir)


LEVELS = ("easy", "normal", "hard")
"""The computer levels a seat can be given in the app (see cardtable.ai)."""


@dataclass
class SeatDefault:
    name: str
    human: bool
    level: str = "normal"


def _default_seats() -> list[SeatDefault]:
    names = ["Player", "Ada", "Bo", "Cy", "Dee", "Eli"]
    return [SeatDefault(name, i == 0) for i, name in enumerate(names)]


@dataclass
class Settings:
    """Table settings; the defaults are what a new player gets."""

    animation_speed: str = "normal"
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    sound: bool = True
    card_back: str = "red"
    confirm_quit: bool = True
    seats: list[SeatDefault] = field(default_factory=_default_seats)

    @property
    def animation_factor(self) -> float:
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)
