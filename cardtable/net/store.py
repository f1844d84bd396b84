"""The table server's records in SQLite: each table's game, options, seed and seats, and every move.

A move is written (and committed) before it is acknowledged, so a server killed at any moment
restarts with every acknowledged move. The database runs in WAL mode with ``synchronous=NORMAL``:
a commit is in the log file once ``commit`` returns, which a killed process cannot undo (only a
power cut between checkpoints could). These are the same facts as an autosave: the seed and the
actions replay the game exactly. Tokens are kept only as their SHA-256.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    variant TEXT,
    seed INTEGER NOT NULL,
    settings TEXT NOT NULL,
    started INTEGER NOT NULL DEFAULT 0,
    ended INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    level TEXT NOT NULL,
    token TEXT,
    last_seq INTEGER NOT NULL DEFAULT -1,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    code TEXT NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, n)
);
"""


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


class Store:
    """One server's tables, in ``folder/tables.sqlite3``."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self._lock = _hold(folder / "server.lock")
        self.path = folder / "tables.sqlite3"
        self.db = sqlite3.connect(self.path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()
        self._lock.close()  # the folder is free for another server

    def add_table(self, t: TableRecord) -> None:
        with self._transaction():
            self.db.execute(
                "INSERT INTO tables (code, game, players, options, variant, seed, settings, created)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    t.code,
                    t.game,
                    t.players,
                    json.dumps(t.options),
                    t.variant,
                    t.seed,
                    json.dumps(t.settings),
                    time.time(),
                ),
            )
            self.db.executemany(
                "INSERT INTO seats (code, seat, name, kind, level, token) VALUES (?, ?, ?, ?, ?, ?)",
                [(t.code, i, s.name, s.kind, s.level, s.token) for i, s in enumerate(t.seats)],
            )

    def set_seat(self, code: str, seat: int, s: SeatRecord) -> None:
        with self._transaction():
            self.db.execute(
                "UPDATE seats SET name = ?, kind = ?, level = ?, token = ?, last_seq = ?"
                " WHERE code = ? AND seat = ?",
                (s.name, s.kind, s.level, s.token, s.last_seq, code, seat),
            )

    def set_started(self, code: str, seats: list[SeatRecord]) -> None:
        with self._transaction():
            self.db.execute("UPDATE tables SET started = 1 WHERE code = ?", (code,))
            for i, s in enumerate(seats):
                self.db.execute(
                    "UPDATE seats SET name = ?, kind = ?, level = ?, token = ? WHERE code = ? AND seat = ?",
                    (s.name, s.kind, s.level, s.token, code, i),
                )

    def add_move(self, code: str, n: int, seat: int, action: dict[str, Any], seq: int | None) -> None:
        """Move ``n`` of table ``code`` (and the seat's last sequence number, when a person made it)."""
        with self._transaction():
            self.db.execute(
                "INSERT INTO moves (code, n, seat, action) VALUES (?, ?, ?, ?)",
                (code, n, seat, json.dumps(action, separators=(",", ":"))),
            )
            if seq is not None:
                self.db.execute(
                    "UPDATE seats SET last_seq = ? WHERE code = ? AND seat = ?", (seq, code, seat)
                )

    def set_ended(self, code: str) -> None:
        with self._transaction():
            self.db.execute("UPDATE tables SET ended = 1 WHERE code = ?", (code,))

    def load(self, code: str) -> TableRecord | None:
        row = self.db.execute(
            "SELECT code, game, players, options, variant, seed, settings, started, ended FROM tables"
            " WHERE code = ?",
            (code,),
        ).fetchone()
        if row is None:
            return None
        seats = [
            SeatRecord(name, kind, level, token, last_seq)
            for name, kind, level, token, last_seq in self.db.execute(
                "SELECT name, kind, level, token, last_seq FROM seats WHERE code = ? ORDER BY seat", (code,)
            )
        ]
        moves = [
            (seat, json.loads(action))
            for seat, action in self.db.execute(
                "SELECT seat, action FROM moves WHERE code = ? ORDER BY n", (code,)
            )
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

    def codes(self) -> list[str]:
        """The tables not yet ended."""
        return [r[0] for r in self.db.execute("SELECT code FROM tables WHERE ended = 0")]

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db)


class _Transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN")

    def __exit__(self, kind: object, *_: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")


def _hold(path: Path) -> IO[bytes]:
    """Hold ``path`` locked while the server runs: two servers on one folder would both take up its
    tables and both write their moves. The system lets the lock go when the process ends, however
    it ends (a server killed with SIGKILL leaves no stale lock behind)."""
    handle = path.open("a+b")
    try:
        if sys.platform == "win32":
            import msvcrt

            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise OSError(f"another table server keeps its tables in {path.parent}") from None
    return handle
