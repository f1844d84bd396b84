"""The store for several server processes: one PostgreSQL database they all share.

``cardtable serve --store postgresql://user@host/db`` (psycopg 3, the ``server`` extra). The
server creates or migrates the schema itself, under an advisory lock, so processes started
together migrate once. Each move is committed before it is acknowledged (PostgreSQL's default
``synchronous_commit``, so a commit is on disk when it returns). A database that cannot be
reached makes every write an :class:`~cardtable.net.store.Unavailable` error, said to the player
and never acknowledged; the connection is made again on the next write once the database is back.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .store import MIGRATIONS, SqlStore, StoreError

CONNECT_TIMEOUT = 5
"""Seconds to wait for the database before a write is refused (a player is waiting for the answer)."""
SCHEMA_LOCK = 0x43617264  # "Card": the advisory lock held while the schema is brought up to date


class PostgresStore(SqlStore):
    """Tables in a PostgreSQL database, shared with every other server process that names it."""

    shared = True
    param = "%s"

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise StoreError("a PostgreSQL store needs psycopg: pip install 'cardtable[server]'") from None
        self._psycopg = psycopg
        self.duplicate = (psycopg.errors.UniqueViolation,)
        self.unreachable = (psycopg.OperationalError, psycopg.InterfaceError)
        self.url = url
        self.where = _without_password(url)
        self._conn: Any = None
        self._active: Any = None  # the connection of the transaction under way
        try:
            self._migrate()
        except self.unreachable as exc:
            raise StoreError(f"cannot reach the database {self.where}: {exc}".strip()) from None

    def _connection(self) -> Any:
        conn = self._conn
        if conn is None or conn.closed or conn.broken:
            if conn is not None:
                conn.close()
            self._conn = None
            conn = self._psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
            self._conn = conn
        return conn

    def _migrate(self) -> None:
        with self._transaction():
            self._execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            self._execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = self._execute("SELECT version FROM schema_version").fetchone()
            version = 0 if row is None else int(row[0])
            if version > len(MIGRATIONS):
                raise StoreError(
                    f"{self.where} was written by a newer Card Table (schema {version}; this one knows"
                    f" {len(MIGRATIONS)})"
                )
            for step in MIGRATIONS[version:]:
                for statement in step:
                    self._execute(statement)
            if row is None:
                self._execute("INSERT INTO schema_version (version) VALUES (%s)", (len(MIGRATIONS),))
            else:
                self._execute("UPDATE schema_version SET version = %s", (len(MIGRATIONS),))

    def version(self) -> int:
        """The schema's version in the database."""
        with self._reading():
            return int(self._execute("SELECT version FROM schema_version").fetchone()[0])

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _execute(self, sql: str, args: tuple = ()) -> Any:
        # inside a transaction, its own connection, even broken: never a new one that would
        # run the rest of it outside the transaction
        return (self._active or self._connection()).execute(sql, args)

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        conn = self._connection()
        self._active = conn
        try:
            with conn.transaction():
                yield
        finally:
            self._active = None


def _without_password(url: str) -> str:
    """``url`` as it may be printed: the password left out."""
    from psycopg.conninfo import conninfo_to_dict

    try:
        parts = conninfo_to_dict(url)
    except Exception:  # not ours to judge here: connecting says what is wrong with it
        return "a PostgreSQL database"
    user = f"{parts['user']}@" if parts.get("user") else ""
    host = parts.get("host") or "localhost"
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{host}{port}/{parts.get('dbname') or ''}"
