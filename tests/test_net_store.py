"""The server's records in both stores, SQLite and a real PostgreSQL: the same facts read back,
move n written once however many processes try (fencing), the schema created and migrated by the
store itself, and a database out of reach refused clearly with the table untouched."""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest

from cardtable.engine import Action
from cardtable.net.store import (
    MIGRATIONS,
    Fenced,
    SeatRecord,
    StoreError,
    TableRecord,
    Unavailable,
    open_store,
)
from cardtable.net.tables import ServerTable


@pytest.fixture(params=["sqlite", "postgresql"])
def where(request, tmp_path):
    """Where a store keeps its records: a folder, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return tmp_path / "server"
    return request.getfixturevalue("postgres_url")


def _record(code: str = "ABCDEF") -> TableRecord:
    seats = [SeatRecord("Ada", "human", "normal", "d" * 64), SeatRecord("Seat 2", "human", "normal")]
    seats.append(SeatRecord("Bo", "computer", "hard"))
    return TableRecord(code, "ugly", 3, {"x": [1, "é"]}, None, 2**31 - 1, {"grace": 5.0}, seats)


def test_a_table_reads_back_as_it_was_written(where):
    store = open_store(where)
    try:
        t = _record()
        store.add_table(t)
        t.seats[1] = replace(t.seats[1], name="Zoë", token="e" * 64)
        store.take_seat(t.code, 1, t.seats[1])
        store.set_started(t.code, t.seats)
        store.add_move(t.code, 0, 1, {"$": "Action", "kind": "pass"}, 7)
        store.add_move(t.code, 1, 2, {"$": "Action", "kind": "play"}, None)
        back = store.load(t.code)
        assert back is not None
        assert (back.game, back.players, back.options, back.seed, back.settings) == (
            "ugly",
            3,
            {"x": [1, "é"]},
            2**31 - 1,
            {"grace": 5.0},
        )
        assert [(s.name, s.kind, s.token) for s in back.seats] == [
            ("Ada", "human", "d" * 64),
            ("Zoë", "human", "e" * 64),
            ("Bo", "computer", None),
        ]
        assert back.seats[1].last_seq == 7 and back.started and not back.ended
        assert back.moves == [(1, {"$": "Action", "kind": "pass"}), (2, {"$": "Action", "kind": "play"})]
        assert store.moves(t.code) == 2 and store.codes() == [t.code]
        store.set_ended(t.code)
        assert store.codes() == [] and store.load("ZZZZZZ") is None
    finally:
        store.close()


def test_move_n_and_a_seat_are_written_once(where):
    store = open_store(where)
    try:
        t = _record()
        store.add_table(t)
        with pytest.raises(Fenced):
            store.add_table(_record())  # the code is taken
        store.add_move(t.code, 0, 0, {"kind": "a"}, 1)
        with pytest.raises(Fenced, match="move 0 of ABCDEF"):
            store.add_move(t.code, 0, 1, {"kind": "b"}, 2)
        back = store.load(t.code)
        assert back is not None and back.moves == [(0, {"kind": "a"})]
        assert [s.last_seq for s in back.seats] == [1, -1, -1]  # the loser wrote nothing, not even its seq
        store.take_seat(t.code, 1, replace(t.seats[1], token="e" * 64))
        with pytest.raises(Fenced, match="seat 2"):
            store.take_seat(t.code, 1, replace(t.seats[1], token="f" * 64))
        back = store.load(t.code)
        assert back is not None
        assert back.seats[1].token == "e" * 64
    finally:
        store.close()


def test_two_processes_on_one_database_never_both_write_move_n(postgres_url):
    """Two stores on one PostgreSQL database, as two server processes that both believe they hold
    the table: each move number is taken by exactly one of them, and the other is told at once."""
    first, second = open_store(postgres_url), open_store(postgres_url)
    try:
        first.add_table(_record())
        won: list[str] = []
        lost: list[str] = []

        def write(store, who: str) -> None:
            for n in range(40):
                try:
                    store.add_move("ABCDEF", n, 0, {"by": who}, None)
                    won.append(who)
                except Fenced:
                    lost.append(who)

        threads = [threading.Thread(target=write, args=(s, w)) for s, w in ((first, "a"), (second, "b"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(won) == 40 and len(lost) == 40
        kept = first.load("ABCDEF")
        assert kept is not None and len(kept.moves) == 40
    finally:
        first.close()
        second.close()


# -- the schema ---------------------------------------------------------------------------------


def _version(store) -> int:
    if hasattr(store, "version"):
        return store.version()
    return int(store.db.execute("PRAGMA user_version").fetchone()[0])


def _old_database(where) -> None:
    """A database as the first release left it: schema step 1 alone, with a table in it."""
    if isinstance(where, str):
        import psycopg

        with psycopg.connect(where, autocommit=True) as conn:
            for statement in MIGRATIONS[0]:
                conn.execute(statement)
            conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
            conn.execute("INSERT INTO schema_version VALUES (1)")
            conn.execute(
                "INSERT INTO tables (code, game, players, options, seed, settings, created)"
                " VALUES ('OLDONE', 'ugo', 2, '{}', 5, '{}', 0)"
            )
        return
    import sqlite3

    where.mkdir(parents=True)
    db = sqlite3.connect(where / "tables.sqlite3")
    for statement in MIGRATIONS[0]:
        db.execute(statement)
    db.execute(
        "INSERT INTO tables (code, game, players, options, seed, settings, created)"
        " VALUES ('OLDONE', 'ugo', 2, '{}', 5, '{}', 0)"
    )
    db.commit()  # no user_version: the first release never set it
    db.close()


def test_a_new_database_gets_the_whole_schema_and_an_old_one_is_migrated(where):
    store = open_store(where)
    assert _version(store) == len(MIGRATIONS)
    store.close()
    store = open_store(where)  # opened again: nothing more to do
    assert _version(store) == len(MIGRATIONS)
    store.close()


def test_an_old_database_is_migrated_with_its_tables(where):
    _old_database(where)
    store = open_store(where)
    try:
        assert _version(store) == len(MIGRATIONS)
        old = store.load("OLDONE")
        assert old is not None and old.game == "ugo"
        assert store.codes() == ["OLDONE"]
    finally:
        store.close()


def test_a_database_of_a_newer_release_is_refused(where):
    store = open_store(where)
    newer = len(MIGRATIONS) + 1
    if isinstance(where, str):
        store._execute("UPDATE schema_version SET version = %s", (newer,))
    else:
        store.db.execute(f"PRAGMA user_version = {newer}")
    store.close()
    with pytest.raises(StoreError, match=f"schema {newer}; this one knows {len(MIGRATIONS)}"):
        open_store(where)


def test_processes_starting_together_migrate_once(postgres_url):
    opened, failed = [], []

    def start() -> None:
        try:
            opened.append(open_store(postgres_url))
        except Exception as exc:  # any failure at all is the test's failure
            failed.append(exc)

    threads = [threading.Thread(target=start) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failed and len(opened) == 6
    for store in opened:
        assert _version(store) == len(MIGRATIONS)
        store.close()


# -- a database out of reach ----------------------------------------------------------------------


def test_a_move_the_database_cannot_take_is_refused_and_the_table_is_untouched(postgres, postgres_url):
    store = open_store(postgres_url)
    try:
        table, _token = ServerTable.create(store, "ABCDEF", {"game": "ugo", "players": 2})
        table.seat_person(store, 1, "Bo")
        table.start(store)
        game = table.game
        assert game is not None
        seat = game.to_act()[0]
        action = game.legal_actions(seat)[0]
        before = (table.game.to_dict(), table.moves, len(table.log), list(table.marks))
        postgres.stop()
        try:
            with pytest.raises(Unavailable, match="cannot be written now"):
                table.act(store, seat, action, table.moves, 1)
            assert table.game is not None
            assert (table.game.to_dict(), table.moves, len(table.log), list(table.marks)) == before
        finally:
            postgres.start()
        moved = table.act(store, seat, Action.from_dict(action.to_dict(), table.game.catalog), table.moves, 1)
        assert moved.move == 1
        kept = store.load("ABCDEF")
        assert kept is not None and len(kept.moves) == 1
    finally:
        store.close()


def test_a_postgresql_store_says_where_without_the_password(postgres):
    url = postgres.url().replace("cardtable@", "cardtable:secret@")
    store = open_store(url)
    try:
        assert "secret" not in store.where and store.where.startswith("postgresql://cardtable@127.0.0.1:")
    finally:
        store.close()
