"""``statistics.yaml`` in the data folder: its format, reading it safely, and writing it after each game.

The file is the app's own, rewritten atomically after every finished game::

    format: 1
    totals:     # running totals, one per player, game, table size and opponents
      - {player: Mia, game: ugly, players: 4, opponents: normal, played: 12, won: 5,
         score_sum: 540, best: 78, streak: 2, best_streak: 3, hints: 4}
    games:      # the newest KEEP_GAMES finished games, oldest first
      - {game: ugly, players: 4, when: '2026-11-23 07:41:23', variant: standard, replay: null,
         seats: [{name: Mia, kind: human, score: 45, place: 1, won: true, hints: 2}, ...]}

``hints`` is left out where it is 0 (and files written before hints were counted read as 0).

A file that cannot be used (not YAML, a ``!!python`` tag, wrong types, an
unknown key) is reported with its line, then *set aside* under a new name
(``statistics.broken-<time>.yaml``, never deleted) and statistics start
afresh, so one bad file does not stop every later game from being counted.
Read with the safe loader only. Games finished in another window while this
one ran are not lost: a file changed since it was read is read again before
the next game is added.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

from cardtable.engine import Game
from cardtable.i18n import N_, _
from cardtable.settings import MAX_SEATS
from cardtable.stats import KEEP_GAMES, GameRecord, SeatResult, Statistics, Totals, record_of
from cardtable.userfiles import atomic_write, set_aside_path
from cardtable.yamlfile import (
    ConfigError,
    KeyPath,
    YamlDoc,
    located,
    mistake,
    parse_yaml,
    read_limited,
    unreadable,
    yaml_value,
)

FILE_NAME = "statistics.yaml"
FORMAT = 1
log = logging.getLogger("cardtable")

_TOP_KEYS = ("format", "totals", "games")
_GAME_KEYS = ("game", "players", "when", "variant", "replay", "seats")
_SEAT_KEYS = ("name", "kind", "score", "place", "won", "hints")
_SEAT_REQUIRED = _SEAT_KEYS[:-1]
_TOTAL_KEYS = (
    "player",
    "game",
    "players",
    "opponents",
    "played",
    "won",
    "score_sum",
    "best",
    "streak",
    "best_streak",
    "hints",
)
_TOTAL_REQUIRED = _TOTAL_KEYS[:-1]


# -- reading -------------------------------------------------------------------------


class _Checker:
    """Type checks that name the key and line of what is wrong."""

    def __init__(self, doc: YamlDoc) -> None:
        self.doc = doc

    def mapping(self, keys: KeyPath, value: Any, allowed: Sequence[str], required: Sequence[str]) -> dict:
        if not isinstance(value, dict):
            raise self.doc.error(keys, mistake(N_("must be a mapping of {keys}"), keys=", ".join(allowed)))
        for key in value:
            if key not in allowed:
                raise self.doc.error(
                    (*keys, str(key)), mistake(N_("unknown key; expected {keys}"), keys=", ".join(allowed))
                )
        for key in required:
            if key not in value:
                raise self.doc.error(keys, mistake(N_("{key} is missing"), key=key))
        return value

    def text(self, keys: KeyPath, value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.doc.error(keys, mistake(N_("must be text (got {value})"), value=repr(value)))
        return value

    def count(self, keys: KeyPath, value: Any, low: int = 0, high: int | None = None) -> int:
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= low
        if not ok or (high is not None and value > high):
            if high is None:
                why = mistake(
                    N_("must be a whole number from {least} or more (got {value})"),
                    least=low,
                    value=repr(value),
                )
            else:
                why = mistake(
                    N_("must be a whole number from {least} to {most} (got {value})"),
                    least=low,
                    most=high,
                    value=repr(value),
                )
            raise self.doc.error(keys, why)
        return value

    def number(self, keys: KeyPath, value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise self.doc.error(keys, mistake(N_("must be a number (got {value})"), value=repr(value)))
        return value

    def flag(self, keys: KeyPath, value: Any) -> bool:
        if not isinstance(value, bool):
            raise self.doc.error(keys, mistake(N_("must be true or false (got {value})"), value=repr(value)))
        return value

    def items(self, keys: KeyPath, value: Any) -> list:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.doc.error(keys, mistake(N_("must be a list")))
        return value


def _when(check: _Checker, keys: KeyPath, value: Any) -> str:
    if isinstance(value, datetime):  # written by hand without quotes: YAML reads a timestamp
        return value.isoformat(" ", "seconds")
    if isinstance(value, date):
        return value.isoformat()
    return check.text(keys, value)


def _game(check: _Checker, i: int, body: Any) -> GameRecord:
    at: KeyPath = ("games", i)
    body = check.mapping(at, body, _GAME_KEYS, [k for k in _GAME_KEYS if k != "replay"])
    players = check.count((*at, "players"), body["players"], 1, MAX_SEATS)
    seats_body = check.items((*at, "seats"), body["seats"])
    if len(seats_body) != players:
        raise check.doc.error(
            (*at, "seats"),
            mistake(
                N_("must list {players} seats, one per player (got {count})"),
                players=players,
                count=len(seats_body),
            ),
        )
    seats = []
    for j, seat in enumerate(seats_body):
        where: KeyPath = (*at, "seats", j)
        seat = check.mapping(where, seat, _SEAT_KEYS, _SEAT_REQUIRED)
        seats.append(
            SeatResult(
                check.text((*where, "name"), seat["name"]),
                check.text((*where, "kind"), seat["kind"]),
                check.number((*where, "score"), seat["score"]),
                check.count((*where, "place"), seat["place"], 1, players),
                check.flag((*where, "won"), seat["won"]),
                check.count((*where, "hints"), seat.get("hints", 0)),
            )
        )
    replay = body.get("replay")
    if replay is not None:
        replay = check.text((*at, "replay"), replay)
    return GameRecord(
        check.text((*at, "game"), body["game"]),
        players,
        _when(check, (*at, "when"), body["when"]),
        check.text((*at, "variant"), body["variant"]),
        tuple(seats),
        replay,
    )


def _total(check: _Checker, i: int, body: Any) -> tuple[tuple[str, str, int, str], Totals]:
    at: KeyPath = ("totals", i)
    body = check.mapping(at, body, _TOTAL_KEYS, _TOTAL_REQUIRED)
    key = (
        check.text((*at, "player"), body["player"]),
        check.text((*at, "game"), body["game"]),
        check.count((*at, "players"), body["players"], 1, MAX_SEATS),
        check.text((*at, "opponents"), body["opponents"]),
    )
    played = check.count((*at, "played"), body["played"], 1)
    won = check.count((*at, "won"), body["won"], 0, played)
    streak = check.count((*at, "streak"), body["streak"], 0, won)
    totals = Totals(
        played,
        won,
        check.number((*at, "score_sum"), body["score_sum"]),
        check.number((*at, "best"), body["best"]),
        streak,
        check.count((*at, "best_streak"), body["best_streak"], streak, won),
        check.count((*at, "hints"), body.get("hints", 0)),
    )
    return key, totals


def parse_statistics(doc: YamlDoc, keep: int = KEEP_GAMES) -> Statistics:
    """Statistics from a parsed file; the first problem raises :class:`ConfigError` with its line.

    A file without ``totals`` has them rebuilt from its games.
    """
    if doc.data is None:
        return Statistics(keep=keep)
    check = _Checker(doc)
    data = check.mapping((), doc.data, _TOP_KEYS, ("format",))
    version = data["format"]
    if version != FORMAT:
        raise doc.error(
            ("format",),
            mistake(
                N_("this Card Table reads statistics of format {format} (got {value})"),
                format=FORMAT,
                value=repr(version),
            ),
        )
    records = [_game(check, i, body) for i, body in enumerate(check.items(("games",), data.get("games")))]
    records = records[-keep:] if keep else []
    if "totals" not in data:
        return Statistics.from_records(records, keep)
    totals: dict[tuple[str, str, int, str], Totals] = {}
    for i, body in enumerate(check.items(("totals",), data["totals"])):
        key, value = _total(check, i, body)
        if key in totals:
            raise doc.error(
                ("totals", i), mistake(N_("the same player, game, players and opponents appear twice"))
            )
        totals[key] = value
    return Statistics(records, totals, keep)


# -- writing -------------------------------------------------------------------------

_HEADER = """\
# Card Table statistics: the games people finished, and running totals.
# The app rewrites this file after every game; it keeps the newest {keep} games,
# while the totals count every game. If this file cannot be read, the app sets it
# aside as statistics.broken-<time>.yaml and starts afresh.
"""

_QUOTED: dict[str, str] = {}


def _scalar(value: Any) -> str:
    """One value in YAML's flow style; text is quoted where YAML needs it (cached: names repeat)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    quoted = _QUOTED.get(value)
    if quoted is None:
        if len(_QUOTED) > 10_000:
            _QUOTED.clear()
        quoted = _QUOTED[value] = yaml_value(str(value))
    return quoted


class _Raw(str):
    """Text already in YAML (a nested flow list)."""


def _flow(pairs: dict[str, Any]) -> str:
    return "{" + ", ".join(f"{k}: {v if isinstance(v, _Raw) else _scalar(v)}" for k, v in pairs.items()) + "}"


def _record_line(r: GameRecord) -> str:
    seats = [
        _flow(
            {"name": s.name, "kind": s.kind, "score": s.score, "place": s.place, "won": s.won}
            | ({"hints": s.hints} if s.hints else {})
        )
        for s in r.seats
    ]
    return _flow(
        {
            "game": r.game,
            "players": r.players,
            "when": r.when,
            "variant": r.variant,
            "replay": r.replay,
            "seats": _Raw("[" + ", ".join(seats) + "]"),
        }
    )


def statistics_yaml(stats: Statistics) -> str:
    """The file as the app writes it: a comment header, then one line per total and per game."""
    lines = [_HEADER.format(keep=stats.keep), f"format: {FORMAT}"]
    lines.append("totals:" + ("" if stats.totals else " []"))
    for (player, game, players, opponents), t in stats.totals.items():
        pairs = {"player": player, "game": game, "players": players, "opponents": opponents}
        pairs |= {"played": t.played, "won": t.won, "score_sum": t.score_sum, "best": t.best}
        pairs |= {"streak": t.streak, "best_streak": t.best_streak}
        if t.hints:
            pairs["hints"] = t.hints
        lines.append(f"  - {_flow(pairs)}")
    lines.append("games:" + ("" if stats.records else " []"))
    lines += [f"  - {_record_line(r)}" for r in stats.records]
    return "\n".join(lines) + "\n"


# -- the file on disk ----------------------------------------------------------------


class StatsFile:
    """The player's statistics and their file; what went wrong is kept in ``notices`` for the app to show."""

    def __init__(self, folder: str | Path, keep: int = KEEP_GAMES) -> None:
        self.path = Path(folder) / FILE_NAME
        self.keep = keep
        self.stats = Statistics(keep=keep)
        self.notices: list[str] = []
        self.writable = True  # False while a broken file could not be moved out of the way
        self._known: bytes | None = None  # the file's contents as last read or written

    def load(self) -> Statistics:
        """Read the file (none yet: empty statistics); a broken one is reported and set aside."""
        self.stats = Statistics(keep=self.keep)
        self._known = None
        try:
            raw = read_limited(self.path)
        except (FileNotFoundError, NotADirectoryError):
            return self.stats
        except ConfigError as exc:
            self._broken(exc)
            return self.stats
        except OSError as exc:
            self._broken(ConfigError(self.path, None, None, unreadable(exc)))
            return self.stats
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            self._broken(
                ConfigError(
                    self.path, None, None, mistake(N_("is not UTF-8 text ({reason})"), reason=exc.reason)
                )
            )
            return self.stats
        try:
            self.stats = parse_statistics(parse_yaml(text, self.path), self.keep)
        except ConfigError as exc:
            self._broken(exc)
            return self.stats
        self._known = raw
        self.writable = True
        return self.stats

    def _broken(self, error: ConfigError) -> None:
        wrong = located(error, str(self.path))
        try:
            kept = set_aside_path(self.path)
            self.path.rename(kept)
        except OSError as exc:
            self.writable = False
            # Translators: {mistake} is what is wrong with the file ("statistics.yaml, line 3: ...").
            notice = _(
                "{mistake}; it could not be set aside ({reason}), so no statistics are saved until it is."
            ).format(mistake=wrong, reason=exc.strerror or exc)
        else:
            self.writable = True
            notice = _("{mistake}; it was set aside as {kept} and statistics start afresh.").format(
                mistake=wrong, kept=kept.name
            )
        if notice not in self.notices:  # a file that stays put is found again before each game
            self.notices.append(notice)
        log.warning("statistics: %s", notice)

    def _changed_on_disk(self) -> bool:
        """Whether someone else wrote the file since it was read or written here."""
        try:
            return self.path.read_bytes() != self._known
        except (FileNotFoundError, NotADirectoryError):
            return self._known is not None
        except OSError:
            return False  # cannot tell: keep the games counted here

    def record(
        self,
        game: Game,
        names: Sequence[str],
        kinds: Sequence[str],
        variant: str,
        replay: str | None = None,
        hints: Sequence[int] | None = None,
    ) -> GameRecord | None:
        """Count a finished game and save; a game with no human seat is not counted (None).

        ``kinds``: per seat, ``"human"`` or the computer's level; ``hints``: per
        seat, the hints asked for. A failure to save becomes a notice; the game
        still counts for as long as the app runs.
        """
        record = record_of(game, names, kinds, variant, replay=replay, hints=hints)
        if record is None:
            return None
        if self._changed_on_disk():
            self.load()
        self.stats.add(record)
        self.save()
        return record

    def save(self) -> None:
        if not self.writable:
            return
        text = statistics_yaml(self.stats)
        try:
            atomic_write(self.path, text)
        except OSError as exc:
            notice = _("{file}: the statistics could not be saved ({reason}).").format(
                file=self.path, reason=exc.strerror or exc
            )
            self.notices.append(notice)
            log.error("statistics: %s", notice)
            return
        self._known = text.encode("utf-8")
