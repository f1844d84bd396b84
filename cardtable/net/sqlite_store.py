"""The default store: SQLite in the server's folder, for one server process, with no set-up.

The database runs in WAL mode with ``synchronous=NORMAL``: a commit is in the log file once
``commit`` returns, which a killed process cannot undo (only a power cut between checkpoints
could). The folder is locked while the server runs, so a second server cannot take up the same
tables. The schema's version is SQLite's ``user_version``.
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from .store import MIGRATIONS, SqlStore, StoreError


class SqliteStore(SqlStore):
    """One server's tables, in ``folder/tables.sqlite3``."""

    duplicate = (sqlite3.IntegrityError,)
    unreachable = (sqlite3.OperationalError,)

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self._lock = _hold(folder / "server.lock")
        self.path = folder / "tables.sqlite3"
        self.where = str(folder)
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self._migrate()
        except BaseException:
            self._lock.close()
            raise

    def _migrate(self) -> None:
        version = int(self.db.execute("PRAGMA user_version").fetchone()[0])
        if version > len(MIGRATIONS):
            raise StoreError(
                f"{self.path} was written by a newer Card Table (schema {version}; this one knows"
                f" {len(MIGRATIONS)})"
            )
        for number, step in enumerate(MIGRATIONS[version:], version + 1):
            with self._transaction():
                for statement in step:
                    self.db.execute(statement)
                self.db.execute(f"PRAGMA user_version = {number}")

    def close(self) -> None:
        self.db.close()
        self._lock.close()  # the folder is free for another server

    def _execute(self, sql: str, args: tuple = ()) -> Any:
        return self.db.execute(sql, args)

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self.db.execute("BEGIN")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")


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
