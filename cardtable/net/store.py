"""The table server's records: each table's game, options, seed and seats, and every move.

A move is written (and committed) before it is acknowledged, so a server killed at any moment
starts again with every acknowledged move. These are the same facts as an autosave: the seed and
the actions replay the game exactly. Tokens are kept only as their SHA-256.

Two stores keep them, with one schema and one set of statements (:class:`SqlStore`):

- :class:`~cardtable.net.sqlite_store.SqliteStore`, the default: a file in the server's folder,
  for one process, with no set-up.
- :class:`~cardtable.net.postgres_store.PostgresStore` (``serve --store postgresql://...``): one
  database shared by several server processes behind a balancer.

**Fencing.** Move ``n`` of a table is the row ``(code, n)``, its primary key. Two processes that
both believe they hold a table (a balancer that has just moved it) may both try to write move
``n``: the database takes one, and the other's insert fails at once with :class:`Fenced`. The
loser lets the table go (it is taken up again from the record, with the winner's move, when a
player comes back to it). A seat is taken only while the record still has it free, so two
joins on two processes cannot both take it.

**Schema versions.** Each store knows :data:`MIGRATIONS`, the statements that bring an empty or
older database to the current version, and applies the missing ones when it opens (under a lock,
so two processes starting together migrate once). A database of a newer version is refused.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MIGRATIONS: list[list[str]] = [
    # 1: the tables, their seats and their moves
    [
        """CREATE TABLE IF NOT EXISTS tables (
            code TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            players INTEGER NOT NULL,
            options TEXT NOT NULL,
            variant TEXT,
            seed BIGINT NOT NULL,
            settings TEXT NOT NULL,
            started INTEGER NOT NULL DEFAULT 0,
            ended INTEGER NOT NULL DEFAULT 0,
            created DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE IF NOT EXISTS seats (
            code TEXT NOT NULL,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            level TEXT NOT NULL,
            token TEXT,
            last_seq BIGINT NOT NULL DEFAULT -1,
            PRIMARY KEY (code, seat)
        )""",
        """CREATE TABLE IF NOT EXISTS moves (
            code TEXT NOT NULL,
            n INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            PRIMARY KEY (code, n)
        )""",
    ],
    # 2: the tables still in play, found without reading every table ever kept
    ["CREATE INDEX IF NOT EXISTS tables_open ON tables (ended)"],
]
"""The schema, as the steps from an empty database: a database at version ``v`` has had the first
``v`` applied. A change is a new step at the end; a step once released is never edited."""


class StoreError(Exception):
    """The store could not do what was asked; nothing was written."""


class Fenced(StoreError):
    """Another process wrote to this table first (its move ``n``, its seat): this one's idea of
    the table is out of date, and it must let the table go."""


class Unavailable(StoreError):
    """The database cannot be reached now (stopped, restarting, the network): try again later."""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatRecord:
    name: str
    kind: str  # "human" or "computer"
    level: str  # a computer's level; a human's stand-in's
    token: str | None = None  # the SHA-256 of the seat's token (None: not taken)
    last_seq: int = -1


@dataclass
class TableRecord:
    code: str
    game: str
    players: int
    options: dict[str, Any]
    variant: str | None
    seed: int
    settings: dict[str, Any]
    seats: list[SeatRecord]
    started: bool = False
    ended: bool = False
    moves: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


class Store(ABC):
    """Where a server's tables are kept. ``shared``: other server processes use it too, so a table
    is taken up only when someone comes to it, never all at once on start."""

    shared: bool = False
    where: str = ""
    """Where the records are, for the server's first line (never a password)."""

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def add_table(self, t: TableRecord) -> None:
        """A new table; :class:`Fenced` if its code is taken (another process made it first)."""

    @abstractmethod
    def take_seat(self, code: str, seat: int, s: SeatRecord) -> None:
        """A person takes ``seat``; :class:`Fenced` if the record no longer has it free."""

    @abstractmethod
    def set_seat(self, code: str, seat: int, s: SeatRecord) -> None: ...

    @abstractmethod
    def set_started(self, code: str, seats: list[SeatRecord]) -> None: ...

    @abstractmethod
    def add_move(self, code: str, n: int, seat: int, action: dict[str, Any], seq: int | None) -> None:
        """Move ``n`` of table ``code`` (and the seat's last sequence number, when a person made it);
        :class:`Fenced` if the table already has a move ``n``."""

    @abstractmethod
    def set_ended(self, code: str) -> None: ...

    @abstractmethod
    def load(self, code: str) -> TableRecord | None: ...

    @abstractmethod
    def moves(self, code: str) -> int:
        """How many moves the record of table ``code`` holds."""

    @abstractmethod
    def codes(self) -> list[str]:
        """The tables not yet ended."""


class SqlStore(Store):
    """The statements both databases run. A subclass connects, says how a parameter is written,
    and which of its driver's errors mean a key already taken or a database out of reach."""

    param = "?"
    duplicate: tuple[type[BaseException], ...] = ()
    unreachable: tuple[type[BaseException], ...] = ()

    @abstractmethod
    def _execute(self, sql: str, args: tuple = ()) -> Any:
        """Run one statement; its cursor (``rowcount``, rows)."""

    @abstractmethod
    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """Everything inside is committed together, or not at all."""

    def _sql(self, text: str) -> str:
        return text if self.param == "?" else text.replace("?", self.param)

    def _run(self, sql: str, args: tuple = ()) -> Any:
        return self._execute(self._sql(sql), args)

    @contextmanager
    def _writing(self, what: str) -> Iterator[None]:
        """A transaction whose driver errors are the store's own: :class:`Fenced` for a key that
        is taken, :class:`Unavailable` for a database out of reach."""
        try:
            with self._transaction():
                yield
        except self.duplicate:
            raise Fenced(f"{what}: another server wrote it first") from None
        except self.unreachable as exc:
            raise Unavailable(f"the records cannot be written now ({_first_line(exc)})") from None

    def add_table(self, t: TableRecord) -> None:
        with self._writing(f"table {t.code}"):
            self._run(
                "INSERT INTO tables (code, game, players, options, variant, seed, settings, created)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (t.code, t.game, t.players, _json(t.options), t.variant, t.seed, _json(t.settings), _now()),
            )
            for i, s in enumerate(t.seats):
                self._run(
                    "INSERT INTO seats (code, seat, name, kind, level, token) VALUES (?, ?, ?, ?, ?, ?)",
                    (t.code, i, s.name, s.kind, s.level, s.token),
                )

    def take_seat(self, code: str, seat: int, s: SeatRecord) -> None:
        with self._writing(f"seat {seat + 1} of {code}"):
            taken = self._run(
                "UPDATE seats SET name = ?, token = ?, last_seq = ? WHERE code = ? AND seat = ?"
                " AND token IS NULL AND kind = 'human'",
                (s.name, s.token, s.last_seq, code, seat),
            ).rowcount
            if taken != 1:  # rolled back with the rest: nothing was written
                raise Fenced(f"seat {seat + 1} of {code} is no longer free")

    def set_seat(self, code: str, seat: int, s: SeatRecord) -> None:
        with self._writing(f"seat {seat + 1} of {code}"):
            self._run(
                "UPDATE seats SET name = ?, kind = ?, level = ?, token = ?, last_seq = ?"
                " WHERE code = ? AND seat = ?",
                (s.name, s.kind, s.level, s.token, s.last_seq, code, seat),
            )

    def set_started(self, code: str, seats: list[SeatRecord]) -> None:
        with self._writing(f"the start of {code}"):
            self._run("UPDATE tables SET started = 1 WHERE code = ?", (code,))
            for i, s in enumerate(seats):
                self._run(
                    "UPDATE seats SET name = ?, kind = ?, level = ?, token = ? WHERE code = ? AND seat = ?",
                    (s.name, s.kind, s.level, s.token, code, i),
                )

    def add_move(self, code: str, n: int, seat: int, action: dict[str, Any], seq: int | None) -> None:
        with self._writing(f"move {n} of {code}"):
            self._run(
                "INSERT INTO moves (code, n, seat, action) VALUES (?, ?, ?, ?)",
                (code, n, seat, _json(action)),
            )
            if seq is not None:
                self._run("UPDATE seats SET last_seq = ? WHERE code = ? AND seat = ?", (seq, code, seat))

    def set_ended(self, code: str) -> None:
        with self._writing(f"the end of {code}"):
            self._run("UPDATE tables SET ended = 1 WHERE code = ?", (code,))

    def load(self, code: str) -> TableRecord | None:
        with self._reading():
            row = self._run(
                "SELECT code, game, players, options, variant, seed, settings, started, ended FROM tables"
                " WHERE code = ?",
                (code,),
            ).fetchone()
            if row is None:
                return None
            seats = [
                SeatRecord(name, kind, level, token, last_seq)
                for name, kind, level, token, last_seq in self._run(
                    "SELECT name, kind, level, token, last_seq FROM seats WHERE code = ? ORDER BY seat",
                    (code,),
                ).fetchall()
            ]
            moves = [
                (seat, json.loads(action))
                for seat, action in self._run(
                    "SELECT seat, action FROM moves WHERE code = ? ORDER BY n", (code,)
                ).fetchall()
            ]
        return TableRecord(
            row[0],
            row[1],
            row[2],
            json.loads(row[3]),
            row[4],
            row[5],
            json.loads(row[6]),
            seats,
            bool(row[7]),
            bool(row[8]),
            moves,
        )

    def moves(self, code: str) -> int:
        with self._reading():
            return int(self._run("SELECT count(*) FROM moves WHERE code = ?", (code,)).fetchone()[0])

    def codes(self) -> list[str]:
        with self._reading():
            return [r[0] for r in self._run("SELECT code FROM tables WHERE ended = 0").fetchall()]

    @contextmanager
    def _reading(self) -> Iterator[None]:
        try:
            with self._transaction():
                yield
        except self.unreachable as exc:
            raise Unavailable(f"the records cannot be read now ({_first_line(exc)})") from None


def open_store(where: str | Path) -> Store:
    """The store ``where`` names: a ``postgresql://`` URL, or a folder for SQLite."""
    text = str(where)
    if text.startswith(("postgresql://", "postgres://")):
        from .postgres_store import PostgresStore

        return PostgresStore(text)
    from .sqlite_store import SqliteStore

    return SqliteStore(Path(where))


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _now() -> float:
    import time

    return time.time()


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
