"""Games kept on disk: the autosave of the game in progress and replays of finished ones.

Both rest on the engine's exact saves: a game's seed and actions replay it
move for move, and ``Game.to_dict`` holds its full state. The autosave
(``autosave.json`` in the data folder, JSON because it is written after every
move) holds both, so a resumed game is replayed from its seed (which brings
back the event log the table and the game log show) and then checked
against the saved state. A replay file is small, readable YAML: the seed,
the options, who sat where, and the actions.

A file that cannot be read (broken, from an older version, for another
game) is reported and set aside under a new name, never deleted, and the
app goes on as if there were none.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml

from cardtable import games
from cardtable.engine import Action, Event, Game, GameSpec, format_prompt
from cardtable.engine.words import Said
from cardtable.i18n import _, language
from cardtable.userfiles import atomic_write, set_aside_path
from cardtable.yamlfile import ConfigError, parse_yaml, problem_text, read_limited

AUTOSAVE = "autosave.json"
REPLAYS = "replays"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 20_000_000
"""Larger than any real game's save by far; a bigger file is not read."""


TEMPORARY = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")
"""The name ``atomic_write`` gives its temporary file (``tempfile.mkstemp``: eight random characters)."""


class SaveError(Exception):
    """A saved game that cannot be used; the message says why, for the player (in the language in
    use: a clause such as "it lists no players", shown inside a sentence that names the file)."""


@dataclass(frozen=True)
class SeatRecord:
    """Who sat in a seat: a name, and the computer's level (None: a person)."""

    name: str
    level: str | None = None
    hints: int = 0  # hints the person asked for (kept so the statistics count them after Continue)

    @property
    def human(self) -> bool:
        return self.level is None


@dataclass(frozen=True)
class MatchRecord:
    """Everything needed to sit down again at a game: the game and who plays it."""

    seats: tuple[SeatRecord, ...]
    variant: str | None
    game: Mapping[str, Any]  # Game.to_dict()
    saved: str = ""  # ISO time of the save

    @property
    def spec(self) -> GameSpec:
        return games.get(self.game["game"])

    @property
    def humans(self) -> int:
        return sum(1 for s in self.seats if s.human)

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": SAVE_VERSION,
            "saved": self.saved,
            "variant": self.variant,
            "seats": [
                {"name": s.name, "level": s.level, **({"hints": s.hints} if s.hints else {})}
                for s in self.seats
            ],
            "game": dict(self.game),
        }

    @classmethod
    def from_dict(cls, data: Any) -> MatchRecord:
        """Check the shape of a saved match (its game is checked when it is replayed)."""
        if not isinstance(data, dict):
            raise SaveError(_("it does not hold a saved game"))
        if data.get("version") != SAVE_VERSION:
            raise SaveError(
                _("it was saved by another version of Card Table (format {format})").format(
                    format=repr(data.get("version"))
                )
            )
        game = data.get("game")
        if not isinstance(game, dict) or game.get("game") not in games.ids():
            raise SaveError(_("it names no game Card Table knows"))
        seats_raw = data.get("seats")
        if not isinstance(seats_raw, list) or not seats_raw:
            raise SaveError(_("it lists no players"))
        seats = []
        for s in seats_raw:
            if not isinstance(s, dict) or not isinstance(s.get("name"), str):
                raise SaveError(_("a player in it has no name"))
            level = s.get("level")
            if level is not None and not isinstance(level, str):
                raise SaveError(_("a computer player in it has no level"))
            hints = s.get("hints", 0)
            if not isinstance(hints, int) or isinstance(hints, bool) or hints < 0:
                raise SaveError(_("a player's count of hints in it is not a count"))
            seats.append(SeatRecord(s["name"], level, hints))
        if game.get("players") != len(seats):
            raise SaveError(_("its players do not match its game"))
        variant = data.get("variant")
        saved = data.get("saved")
        return cls(
            tuple(seats),
            variant if isinstance(variant, str) else None,
            game,
            saved if isinstance(saved, str) else "",
        )

    def restore(self) -> tuple[Game, list[Event]]:
        """The game, replayed from its seed (with every event since the deal), as it was saved."""
        spec = self.spec
        data = self.game
        try:
            game, events = replay_with_events(spec, data)
        except SaveError:
            raise
        except Exception as exc:  # a save that does not replay is as broken as one that does not parse
            raise _not_replayed(exc, self.seats) from exc
        if _jsonable(game.to_dict()) != _jsonable(dict(data)):
            raise SaveError(_("its moves do not lead to the state it saved"))
        return game, events

    def progress(self) -> tuple[int, int]:
        """(episode, moves): how far along the game is, as its round/hand/turn and the moves made."""
        data = self.game
        actions = data.get("actions") or []
        try:
            game = self.spec.from_dict(data)
            episode = game.episode()
        except Exception:  # only for a description: the replay is what checks the save
            episode = 0
        return episode, len(actions)


def replay_with_events(
    spec: GameSpec, data: Mapping[str, Any], moves: int | None = None
) -> tuple[Game, list[Event]]:
    """Play a saved game again from its seed, its first ``moves`` actions (all if None), with its events."""
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError(_("it has no seed to replay from"))
    players = data.get("players")
    game = spec.new_game(players, data.get("options"), seed)  # type: ignore[arg-type]
    events: list[Event] = list(game.opening_events)
    actions = data.get("actions") or []
    if not isinstance(actions, list):
        raise SaveError(_("its moves are not a list"))
    for seat, a in actions[:moves]:
        events += game.apply(seat, Action.from_dict(a, game.catalog))
    return game, events


def _not_replayed(exc: Exception, seats: Sequence[SeatRecord]) -> SaveError:
    """Why a saved game's moves do not replay, with its seats named as the table names them
    ("it is not Bo's decision now", never "{seat:1}")."""
    names = [s.name for s in seats]
    said = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], Said) else None
    if said is not None and language() != "en":  # translated whole, a seat beyond the table as "Seat 5"
        why = format_prompt(said, names)
    else:
        why = format_prompt(
            re.sub(
                r"\{seat:(\d+)\}",
                lambda m: m.group(0) if int(m.group(1)) < len(names) else "a seat",
                str(exc),
            ),
            names,
        )
    return SaveError(_("its moves do not replay ({why})").format(why=why))


def _jsonable(x: Any) -> Any:
    """``x`` as JSON would give it back (tuples become lists), to compare a fresh state with a saved one."""
    return json.loads(json.dumps(x))


def stamp() -> str:
    return datetime.now().isoformat(timespec="seconds")


# -- the autosave ----------------------------------------------------------------------


def write_autosave(folder: Path, record: MatchRecord) -> None:
    atomic_write(folder / AUTOSAVE, json.dumps(record.to_dict(), separators=(",", ":")))


def clear_autosave(folder: Path) -> None:
    (folder / AUTOSAVE).unlink(missing_ok=True)


class SaveWriter:
    """Writes autosaves in a thread of its own, so a slow disk never holds up a frame.

    Only the newest request counts: a save asked for while another is being
    written replaces any still waiting, and a clear after a save wins. The
    text is made by the caller (the game is not touched from the thread).
    """

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._pending: tuple[Path, str | None] | None = None  # (folder, text; None: clear)
        self._busy = False
        self.problem: str | None = None  # the last write that failed
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def write(self, folder: Path, record: MatchRecord) -> None:
        text = json.dumps(record.to_dict(), separators=(",", ":"))
        with self._lock:
            self._pending = (folder, text)
            self._lock.notify_all()

    def clear(self, folder: Path) -> None:
        with self._lock:
            self._pending = (folder, None)
            self._lock.notify_all()

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until every request so far is on disk (before reading the save back, and on exit)."""
        with self._lock:
            self._lock.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None)
                assert self._pending is not None
                folder, text = self._pending
                self._pending = None
                self._busy = True
            try:
                if text is None:
                    clear_autosave(folder)
                else:
                    atomic_write(folder / AUTOSAVE, text)
                self.problem = None
            except OSError as exc:
                self.problem = _("the game could not be saved ({reason})").format(reason=exc.strerror or exc)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()


def read_autosave(folder: Path) -> tuple[MatchRecord | None, str | None]:
    """The saved game in progress, if there is one, and what was wrong with a file that was set aside.

    The save is checked whole before it is offered: its shape, and its moves replayed from the seed
    to the state it saved (a few milliseconds), so Continue never offers a game it cannot take up.
    """
    path = folder / AUTOSAVE
    if not path.exists() and not path.is_symlink():
        return None, None
    try:
        if not path.is_file():
            raise SaveError(_("it is not a file"))
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SaveError(_("it is far too large to be a saved game"))
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise SaveError(_("it is not readable ({reason})").format(reason=exc)) from exc
        record = MatchRecord.from_dict(data)
        record.restore()
        return record, None
    except (SaveError, OSError) as exc:
        return None, set_aside(path, str(exc))


def set_aside(path: Path, why: str) -> str:
    """Keep a save that cannot be used under a new name (never deleted); say what happened."""
    aside = set_aside_path(path)
    try:
        path.rename(aside)
    except OSError as exc:
        # Translators: {why} says what is wrong with the saved game ("it lists no players").
        return _("{file}: the saved game could not be used ({why}) nor set aside ({reason})").format(
            file=path, why=why, reason=exc.strerror
        )
    return _("{file}: the saved game could not be used ({why}); it was kept as {kept}").format(
        file=path, why=why, kept=aside.name
    )


def clean_temporary(folder: Path) -> list[Path]:
    """Remove what an interrupted atomic write left behind (``.name.XXXXXXXX.tmp``, in ``folder``
    and its subfolders: variants, layouts, replays); returns what was removed."""
    removed = []
    try:
        candidates = [p for p in folder.rglob(".*.tmp") if TEMPORARY.match(p.name)]
    except OSError:
        return removed
    for path in candidates:
        try:
            if path.is_file() and not path.is_symlink():
                path.unlink()
                removed.append(path)
        except OSError:
            pass
    return removed


# -- replays -----------------------------------------------------------------------------


def replay_yaml(record: MatchRecord) -> str:
    """A finished (or any) game as a small replay file: the seed, options, seats and actions."""
    data = record.game
    doc = {
        "card_table_replay": SAVE_VERSION,
        "game": data["game"],
        "saved": record.saved,
        "variant": record.variant,
        "seed": data["seed"],
        "options": dict(data.get("options") or {}),
        "seats": [{"name": s.name, "level": s.level} for s in record.seats],
        "actions": [[seat, a] for seat, a in data.get("actions") or []],
    }
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)


@dataclass(frozen=True)
class Replay:
    """A replay file read back: the game's seats and every state from the deal to the end."""

    spec: GameSpec
    seats: tuple[SeatRecord, ...]
    variant: str | None
    data: Mapping[str, Any]  # seed, players, options, actions: what replay_with_events takes

    @property
    def moves(self) -> int:
        return len(self.data["actions"])

    def at(self, moves: int) -> tuple[Game, list[Event]]:
        """The game after its first ``moves`` actions, and the events that led there."""
        return replay_with_events(self.spec, self.data, max(0, min(moves, self.moves)))


def read_replay(path: Path) -> Replay:
    """A replay file, checked by playing it through; :class:`SaveError` says what is wrong."""
    try:
        if not path.is_file():
            raise SaveError(_("it is not a file"))
        # Within the limits every YAML file is read with: too large, too deep or too many values
        # is refused at once, never parsed for minutes.
        raw = parse_yaml(read_limited(path).decode("utf-8"), path).data
    except ConfigError as exc:
        problem = problem_text(exc.message)
        if exc.line:
            raise SaveError(_("line {line}: {problem}").format(line=exc.line, problem=problem)) from exc
        raise SaveError(problem) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(_("it cannot be read ({reason})").format(reason=exc)) from exc
    if not isinstance(raw, dict) or raw.get("card_table_replay") != SAVE_VERSION:
        raise SaveError(_("it is not a Card Table replay"))
    record = MatchRecord.from_dict(
        {
            "version": SAVE_VERSION,
            "variant": raw.get("variant"),
            "saved": raw.get("saved"),
            "seats": raw.get("seats"),
            "game": {"game": raw.get("game"), "players": len(raw.get("seats") or [])},
        }
    )
    actions = raw.get("actions")
    if not isinstance(actions, list) or not all(
        isinstance(a, list) and len(a) == 2 and isinstance(a[0], int) and isinstance(a[1], dict)
        for a in actions
    ):
        raise SaveError(_("its moves are not a list of [seat, action]"))
    options = raw.get("options")
    data = {
        "seed": raw.get("seed"),
        "players": len(record.seats),
        "options": options if isinstance(options, dict) else {},
        "actions": actions,
    }
    replay = Replay(record.spec, record.seats, record.variant, data)
    try:
        replay.at(replay.moves)
    except SaveError:
        raise
    except Exception as exc:
        raise _not_replayed(exc, record.seats) from exc
    return replay


def save_replay(folder: Path, record: MatchRecord, keep: int = 200) -> Path:
    """Write a finished game's replay under ``replays/`` (the newest ``keep`` are kept); returns its path."""
    target = folder / REPLAYS
    when = time.strftime("%Y%m%d-%H%M%S")
    path = target / f"{when}-{record.game['game']}.yaml"
    n = 1
    while path.exists():
        path = target / f"{when}-{record.game['game']}-{n}.yaml"
        n += 1
    atomic_write(path, replay_yaml(record))
    old = sorted(target.glob("*.yaml"))[:-keep]
    for p in old:
        p.unlink(missing_ok=True)
    return path


def seats_of(
    names: Sequence[str], levels: Sequence[str | None], hints: Sequence[int] | None = None
) -> tuple[SeatRecord, ...]:
    counts = hints if hints is not None else [0] * len(names)
    return tuple(SeatRecord(n, lv, h) for n, lv, h in zip(names, levels, counts, strict=True))
