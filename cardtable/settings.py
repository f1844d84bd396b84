"""The player's settings, where Card Table keeps its files, and the settings file's format.

``platformdirs`` decides the folders: settings and the player's own variants
and layouts under ``user_config_dir``, saves under ``user_data_dir``, the log
under ``user_log_dir``. ``CARDTABLE_CONFIG_DIR`` moves the config folder
(a portable install, or tests that must not touch the real one), and
``CARDTABLE_DATA_DIR`` the data folder.

``settings.yaml`` is meant to be read and edited by hand: every key is
optional, and a mistake is a :class:`~cardtable.yamlfile.ConfigError` naming
the line, so the app can say what is wrong and use the defaults instead.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from platformdirs import PlatformDirs

from cardtable.i18n import LANGUAGES, N_
from cardtable.yamlfile import YamlDoc, mistake, yaml_value

APP_NAME = "cardtable"
CONFIG_ENV = "CARDTABLE_CONFIG_DIR"
DATA_ENV = "CARDTABLE_DATA_DIR"

ANIMATION_SPEEDS: dict[str, float] = {"instant": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.7}
"""Animation speed names and the factor they apply to every animation's duration."""

COMPUTER_SPEEDS: dict[str, float] = {"fast": 0.4, "normal": 1.0, "slow": 2.0, "very slow": 3.5}
"""How fast computers play: the factor on the pause before each computer move, so a player can follow."""

CARD_BACKS = ("red", "blue", "green", "purple", "gold", "black")
"""The card back designs, in the order the app draws them (theme.BACK_COLORS)."""

WINDOW_SIZES: tuple[tuple[int, int], ...] = ((960, 540), (1280, 720), (1600, 900), (1920, 1080))
"""Window sizes the settings screen offers; any size within the limits below may be set by hand."""
MIN_WINDOW = (640, 480)
"""The smallest window: small enough that a 640 x 480 or 800 x 600 screen holds it whole."""
MAX_WINDOW = (7680, 4320)

EXPLAIN_CHOICES = ("first games", "always", "off")
"""Explain as I play: during a player's first games of each game (each note once), in every game
(each note once a game), or never."""
HAND_ORDERS = ("table", "suit", "rank")
"""A hand of ordinary cards: as the game's table sorts it, by suit with trump first, or by rank."""
FIRST_GAMES = 5
"""How many finished games of a game count as a player's first ones."""

LEVELS = ("easy", "normal", "hard")
"""The computer levels a seat can be given in the app (see cardtable.ai)."""

VOLUME_DEFAULT = 70
"""The sound volume a new player gets: 0 is off, 100 the loudest."""

MAX_SEATS = 12
SEAT_NAME_LENGTH = 16

SYSTEM_LANGUAGE = "system"
"""The language setting that follows the computer's own (else English)."""
LANGUAGE_CHOICES = (SYSTEM_LANGUAGE, *LANGUAGES)
"""What ``language:`` may be: the computer's language, or a code of :data:`cardtable.i18n.LANGUAGES`."""


def dirs() -> PlatformDirs:
    return PlatformDirs(APP_NAME, appauthor=False)


def log_dir() -> Path:
    return Path(dirs().user_log_dir)


def config_dir() -> Path:
    """The player's config folder: settings.yaml, variants/ and layouts/."""
    override = os.environ.get(CONFIG_ENV)
    return Path(override) if override else Path(dirs().user_config_dir)


def clean_name(text: str) -> str:
    """A seat name as it is kept and drawn: no control or format characters (zero-width spaces,
    direction overrides) nor lone surrogates (not text: nothing can write them), one space between
    words, at most :data:`SEAT_NAME_LENGTH` characters."""
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf", "Cs"))
    text = unicodedata.normalize("NFC", text)
    return " ".join(text.split())[:SEAT_NAME_LENGTH]


def data_dir() -> Path:
    """The player's data folder: the autosave, statistics and replays (``CARDTABLE_DATA_DIR`` moves it)."""
    override = os.environ.get(DATA_ENV)
    return Path(override) if override else Path(dirs().user_data_dir)


@dataclass
class SeatDefault:
    name: str
    human: bool
    level: str = "normal"


@dataclass
class NewGameDefault:
    """The table New game opens on: the last one started from it (its seats are ``seats``)."""

    game: str
    players: int
    variant: str = "standard"


def _default_seats() -> list[SeatDefault]:
    names = ["Player", "Ada", "Bo", "Cy", "Dee", "Eli"]
    return [SeatDefault(name, i == 0) for i, name in enumerate(names)]


@dataclass
class Settings:
    """Table settings; the defaults are what a new player gets."""

    language: str = SYSTEM_LANGUAGE  # "system" or a code of cardtable.i18n.LANGUAGES
    animation_speed: str = "normal"
    computer_speed: str = "normal"
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    volume: int = VOLUME_DEFAULT
    card_back: str = "red"
    four_color: bool = False
    large_index: bool = False
    confirm_quit: bool = True
    trick_click: bool = False  # after each trick the table waits for a click (else it goes on after a pause)
    explain: str = "first games"  # Explain as I play: a note the first time a rule fires (EXPLAIN_CHOICES)
    auto_play: bool = False  # a move that is the only one allowed is made by itself
    hand_order: str = "table"  # the player's hand: as the table sorts it, by suit (trump first) or by rank
    seats: list[SeatDefault] = field(default_factory=_default_seats)
    new_game: NewGameDefault | None = None

    @property
    def animation_factor(self) -> float:
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    @property
    def computer_pause(self) -> float:
        """Seconds a computer waits before its move, from both speeds (a slow table shows each move)."""
        return (0.15 + 0.55 * self.animation_factor) * COMPUTER_SPEEDS.get(self.computer_speed, 1.0)

    @property
    def back_index(self) -> int:
        return CARD_BACKS.index(self.card_back) if self.card_back in CARD_BACKS else 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "language": self.language,
            "animation_speed": self.animation_speed,
            "computer_speed": self.computer_speed,
            "window_size": list(self.window_size),
            "fullscreen": self.fullscreen,
            "volume": self.volume,
            "card_back": self.card_back,
            "four_color": self.four_color,
            "large_index": self.large_index,
            "confirm_quit": self.confirm_quit,
            "trick_click": self.trick_click,
            "explain": self.explain,
            "auto_play": self.auto_play,
            "hand_order": self.hand_order,
            "new_game": (
                None
                if self.new_game is None
                else {
                    "game": self.new_game.game,
                    "players": self.new_game.players,
                    "variant": self.new_game.variant,
                }
            ),
            "seats": [
                {"name": s.name, "human": s.human, **({} if s.human else {"level": s.level})}
                for s in self.seats
            ],
        }


# -- reading -----------------------------------------------------------------------

_COMMENTS = {
    "language": (
        "system (as the computer is set) or "
        + ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
    ),
    "animation_speed": ", ".join(ANIMATION_SPEEDS),
    "computer_speed": "how fast computers play: " + ", ".join(COMPUTER_SPEEDS),
    "window_size": (
        f"[width, height] of the window, from {MIN_WINDOW[0]} x {MIN_WINDOW[1]} "
        f"to {MAX_WINDOW[0]} x {MAX_WINDOW[1]}"
    ),
    "fullscreen": "true or false (F11 switches in the app)",
    "volume": "0 (off) to 100",
    "card_back": ", ".join(CARD_BACKS),
    "four_color": "a four-colour deck (spades black, hearts red, diamonds blue, clubs green): true or false",
    "large_index": "large corner indices on the cards, for small windows: true or false",
    "confirm_quit": "ask before quitting or leaving a game: true or false",
    "trick_click": "after each trick, wait for a click (true) or go on after a pause (false)",
    "explain": "a note the first time a rule comes up in a game: " + ", ".join(EXPLAIN_CHOICES),
    "auto_play": "make a move by itself when it is the only one allowed: true or false",
    "hand_order": "your hand of ordinary cards: " + ", ".join(HAND_ORDERS) + " (the game's own order)",
    "new_game": "the table New game opens on (the last one started): game, players, variant",
    "seats": "the seats a new game starts with: name, human (true/false), level (easy, normal, hard)",
}
_SEAT_KEYS = ("name", "human", "level")
_NEW_GAME_KEYS = ("game", "players", "variant")


def _unknown_key(keys: tuple[str, ...]) -> str:
    return mistake(N_("unknown key; expected {keys}"), keys=", ".join(keys))


def _check_bool(doc: YamlDoc, key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise doc.error((key,), mistake(N_("must be true or false (got {value})"), value=repr(value)))
    return value


def _check_volume(doc: YamlDoc, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
        raise doc.error(
            ("volume",),
            mistake(N_("must be a whole number from 0 (off) to 100 (got {value})"), value=repr(value)),
        )
    return value


def _check_choice(doc: YamlDoc, keys: tuple, value: Any, choices: tuple[str, ...] | list[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise doc.error(
            keys,
            mistake(
                N_("must be one of {choices} (got {value})"), choices=", ".join(choices), value=repr(value)
            ),
        )
    return value


def _check_size(doc: YamlDoc, value: Any) -> tuple[int, int]:
    ok = (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )
    if not ok:
        raise doc.error(
            ("window_size",),
            mistake(
                N_("must be [width, height] in pixels, like [1280, 720] (got {value})"), value=repr(value)
            ),
        )
    w, h = value
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        raise doc.error(
            ("window_size",),
            mistake(
                N_(
                    "must be from {least_width} x {least_height} to {most_width} x {most_height}"
                    " (got {width} x {height})"
                ),
                least_width=MIN_WINDOW[0],
                least_height=MIN_WINDOW[1],
                most_width=MAX_WINDOW[0],
                most_height=MAX_WINDOW[1],
                width=w,
                height=h,
            ),
        )
    return w, h


def _check_seats(doc: YamlDoc, value: Any) -> list[SeatDefault]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SEATS:
        raise doc.error(("seats",), mistake(N_("must be a list of 1 to {most} seats"), most=MAX_SEATS))
    seats = []
    for i, body in enumerate(value):
        if not isinstance(body, dict):
            raise doc.error(
                ("seats", i),
                mistake(
                    N_("each seat is a mapping: {example}"),
                    example="{name: Ada, human: false, level: normal}",
                ),
            )
        for key in body:
            if key not in _SEAT_KEYS:
                raise doc.error(("seats", i, key), _unknown_key(_SEAT_KEYS))
        name = body.get("name")
        if not isinstance(name, str) or not clean_name(name):
            raise doc.error(
                ("seats", i, "name"), mistake(N_("every seat needs a name with something to read in it"))
            )
        if len(name.strip()) > SEAT_NAME_LENGTH:
            raise doc.error(
                ("seats", i, "name"),
                mistake(N_("must be at most {most} characters long"), most=SEAT_NAME_LENGTH),
            )
        human = body.get("human", False)
        if not isinstance(human, bool):
            raise doc.error(
                ("seats", i, "human"), mistake(N_("must be true or false (got {value})"), value=repr(human))
            )
        level = _check_choice(doc, ("seats", i, "level"), body.get("level", "normal"), LEVELS)
        seats.append(SeatDefault(clean_name(name), human, level))
    return seats


def _check_new_game(doc: YamlDoc, value: Any) -> NewGameDefault:
    keys = ("new_game",)
    if not isinstance(value, dict):
        raise doc.error(
            keys,
            mistake(
                N_("must be a mapping: {example}"), example="{game: ugly, players: 4, variant: standard}"
            ),
        )
    for key in value:
        if key not in _NEW_GAME_KEYS:
            raise doc.error((*keys, key), _unknown_key(_NEW_GAME_KEYS))
    game, players, variant = value.get("game"), value.get("players"), value.get("variant", "standard")
    if not isinstance(game, str) or not game:
        raise doc.error((*keys, "game"), mistake(N_("must name a game, like ugly or ugo")))
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= MAX_SEATS:
        raise doc.error(
            (*keys, "players"), mistake(N_("must be a whole number from 1 to {most}"), most=MAX_SEATS)
        )
    if not isinstance(variant, str) or not variant:
        raise doc.error((*keys, "variant"), mistake(N_("must name a variant, like standard")))
    return NewGameDefault(game, players, variant)


def parse_settings(doc: YamlDoc) -> Settings:
    """Settings from a parsed ``settings.yaml``; keys left out keep their default.

    Raises :class:`~cardtable.yamlfile.ConfigError` for the first problem
    (wrong type, unknown key, value out of range), naming its line. An older
    file's ``sound: false`` still reads, as volume 0 (``volume:`` wins when
    both are there); the file is written with ``volume:`` from then on.
    """
    data = doc.data
    out = Settings()
    if data is None:
        return out
    if not isinstance(data, dict):
        raise doc.error((), mistake(N_("must be a mapping of setting names to values")))
    for key, value in data.items():
        if key == "language":
            out.language = _check_choice(doc, (key,), value, LANGUAGE_CHOICES)
        elif key == "animation_speed":
            out.animation_speed = _check_choice(doc, (key,), value, list(ANIMATION_SPEEDS))
        elif key == "computer_speed":
            out.computer_speed = _check_choice(doc, (key,), value, list(COMPUTER_SPEEDS))
        elif key == "window_size":
            out.window_size = _check_size(doc, value)
        elif key == "hand_order":
            out.hand_order = _check_choice(doc, (key,), value, list(HAND_ORDERS))
        elif key == "explain":
            out.explain = _check_choice(doc, (key,), value, list(EXPLAIN_CHOICES))
        elif key in ("fullscreen", "confirm_quit", "four_color", "large_index", "trick_click", "auto_play"):
            setattr(out, key, _check_bool(doc, key, value))
        elif key == "volume":
            out.volume = _check_volume(doc, value)
        elif key == "sound":  # what older files hold: on keeps the volume, off is volume 0
            if not _check_bool(doc, key, value) and "volume" not in data:
                out.volume = 0
        elif key == "card_back":
            out.card_back = _check_choice(doc, (key,), value, CARD_BACKS)
        elif key == "seats":
            out.seats = _check_seats(doc, value)
        elif key == "new_game":
            out.new_game = None if value is None else _check_new_game(doc, value)
        else:
            raise doc.error(
                (str(key),), mistake(N_("unknown setting; known settings: {keys}"), keys=", ".join(_COMMENTS))
            )
    return out


# -- writing -----------------------------------------------------------------------


def settings_yaml(settings: Settings) -> str:
    """``settings.yaml`` as Card Table writes it: a comment header, then one key per line."""
    data = settings.to_dict()
    lines = [
        "# Card Table settings. The app writes this file when you change a setting;",
        "# you may also edit it by hand. Leave a line out to use its default.",
        "# If something here is wrong, the app says which line and uses the defaults",
        "# (this file is then left as it is until you save settings in the app).",
        "",
    ]
    for key, value in data.items():
        if key == "seats" or (key == "new_game" and value is None):
            continue
        lines.append(f"{key}: {yaml_value(value)}  # {_COMMENTS[key]}")
    lines.append(f"# {_COMMENTS['seats']}")
    lines.append("seats:")
    for seat in data["seats"]:
        lines.append(f"  - {yaml_value(seat)}")
    return "\n".join(lines) + "\n"
