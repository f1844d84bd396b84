"""Seats belong to their players: a token acts only for its seat; a player who drops keeps the seat
for the grace time the host set, a computer stands in meanwhile (when the host allows it) and
gives the seat back on return; past the grace time the seat is a computer's for good."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace

import pytest
from net_support import record
from websockets.asyncio.client import connect

from cardtable.net import server as server_module
from cardtable.net import tables as tables_module
from cardtable.net.bot import Bot
from cardtable.net.limits import Limits


async def _server(tmp_path):
    loop = asyncio.get_running_loop()
    ready: asyncio.Future = loop.create_future()
    limits = Limits(rate=2000, burst=4000, address_rate=100_000, connection_rate=100_000, server_rate=1e6)
    task = asyncio.ensure_future(
        server_module.run(
            "127.0.0.1", 0, tmp_path / "srv", limits=limits, ready=lambda u, s: ready.set_result(u)
        )
    )
    return await ready, task


async def _say(ws, msg: dict) -> None:
    await ws.send(json.dumps(msg))


async def _until(ws, kind: str) -> dict:
    while True:
        msg = json.loads(await ws.recv())
        if msg["type"] == kind:
            return msg


@pytest.fixture
def quick_standin(monkeypatch):
    monkeypatch.setattr(tables_module, "STANDIN_DELAY", 0.3)
    monkeypatch.setattr(server_module, "STANDIN_DELAY", 0.3)


def test_a_stand_in_plays_while_the_player_is_away_and_gives_the_seat_back(tmp_path, quick_standin):
    async def scenario():
        url, task = await _server(tmp_path)
        got: asyncio.Future = asyncio.get_running_loop().create_future()
        create = {
            "type": "create",
            "game": "ugly",
            "players": 3,
            "autostart": True,
            "pace": 0,
            "grace": 60,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "computer"}],
        }
        heard: list[dict] = []
        host = asyncio.ensure_future(Bot(url, create, "normal", 1, heard, got.set_result, gap=0.05).play())
        code = await got
        async with connect(url) as ws:  # seat 1 joins, then its line goes
            await _say(ws, {"type": "hello", "version": 1})
            await _say(ws, {"type": "join", "table": code})
            token = (await _until(ws, "joined"))["token"]
            await _until(ws, "state")
        await asyncio.sleep(1.5)  # away: the stand-in plays seat 1
        during = [s for s, _ in record(tmp_path / "srv", code)["moves"]].count(1)
        back = Bot(url, {"type": "resume", "table": code, "token": token}, gap=0.05)
        back.link.ticket = None
        back.first = {"type": "resume", "table": code, "token": token}
        back.link.first = back.first
        await asyncio.gather(host, back.play())
        task.cancel()
        return code, during, back, heard

    code, during, back, heard = asyncio.run(scenario())
    assert during > 0, "nobody played the away seat"
    # every seat is told who plays seat 1: the stand-in's arrival, then the player's return
    seat1 = [m["seats"][1] for m in heard if m["type"] == "table" and m["started"]]
    states = [(s["away"], s["computer_now"], s["connected"]) for s in seat1]
    arrived = states.index((True, True, False))
    assert (False, False, True) in states[arrived:], states
    assert back.result is not None and back.result.over
    assert back.link.ticket.seat == 1  # the same seat, taken up again with its token


def test_past_the_grace_time_the_seat_is_a_computers_and_its_token_is_refused(tmp_path, quick_standin):
    async def scenario():
        url, task = await _server(tmp_path)
        got: asyncio.Future = asyncio.get_running_loop().create_future()
        create = {"type": "create", "game": "ugo", "players": 2, "autostart": True, "pace": 0, "grace": 0.5}
        host = asyncio.ensure_future(Bot(url, create, announce=got.set_result, gap=0.02).play())
        code = await got
        async with connect(url) as ws:
            await _say(ws, {"type": "hello", "version": 1})
            await _say(ws, {"type": "join", "table": code})
            token = (await _until(ws, "joined"))["token"]
        await asyncio.sleep(1.0)
        async with connect(url) as ws:
            await _say(ws, {"type": "hello", "version": 1})
            await _say(ws, {"type": "resume", "table": code, "token": token})
            refused = await _until(ws, "error")
            await _say(ws, {"type": "resume", "table": code, "token": "x" * 32})
            forged = await _until(ws, "error")
        result = await host
        task.cancel()
        return refused, forged, result

    refused, forged, result = asyncio.run(scenario())
    assert refused["code"] == "seat_lost"
    assert forged["code"] == "bad_token"
    assert result.over  # the computer played the lost seat to the end


def test_two_players_of_one_name_are_told_apart_at_the_table(tmp_path):
    from cardtable.net.sqlite_store import SqliteStore as Store
    from cardtable.net.tables import ServerTable
    from cardtable.settings import SEAT_NAME_LENGTH

    store = Store(tmp_path / "server")
    try:
        long = "S" * SEAT_NAME_LENGTH
        table, _token = ServerTable.create(store, "ABCDEF", {"game": "ugly", "players": 4, "name": long})
        for seat, name in [(1, "Sam"), (2, "sam"), (3, long)]:
            table.seat_person(store, seat, name)
        names = [s.name for s in table.record.seats]
        assert names == [long, "Sam", "sam 2", "S" * (SEAT_NAME_LENGTH - 2) + " 2"]
        freed = replace(table.record.seats[3], token=None)  # as if its person had never come
        store.set_seat("ABCDEF", 3, freed)
        table.record.seats[3] = freed
        table.seat_person(store, 3, "Sam")  # the seat taken again: its old name is no longer in the way
        assert table.record.seats[3].name == "Sam 3"
        assert store.load("ABCDEF").seats[3].name == "Sam 3"  # as kept, so a restart says the same
    finally:
        store.close()


def test_a_name_is_kept_as_the_tables_draw_names(tmp_path):
    """What another player calls themselves is drawn on everyone's screen: no direction overrides
    or invisible characters, no longer than the name plates hold (the seat names' own rule)."""
    from cardtable.net.sqlite_store import SqliteStore as Store
    from cardtable.net.tables import ServerTable
    from cardtable.settings import SEAT_NAME_LENGTH, clean_name

    store = Store(tmp_path / "server")
    try:
        sly = "\u202eAda (you)\u200b\n"
        seats = [{"kind": "human", "name": "\u200b"}, {"kind": "computer", "name": "Cy\u2066"}]
        table, _token = ServerTable.create(
            store, "ABCDEF", {"game": "ugo", "players": 3, "name": sly, "seats": seats}
        )
        assert [s.name for s in table.record.seats] == ["Ada (you)", "Cy", "Seat 3"]
        table.seat_person(store, 2, sly + "x" * 40)
        name = table.record.seats[2].name
        assert name == clean_name(sly + "x" * 40) and len(name) <= SEAT_NAME_LENGTH
        assert not any(ch in name for ch in "\u202e\u200b\n")
    finally:
        store.close()


def test_a_finished_table_leaves_memory_and_comes_back_from_its_record(tmp_path):
    """A server that runs for months holds only the tables in play; a finished one is still there
    for whoever comes to look at it."""
    from net_support import play_table

    async def scenario():
        loop = asyncio.get_running_loop()
        ready: asyncio.Future = loop.create_future()
        limits = Limits(rate=2000, burst=4000, address_rate=100_000, connection_rate=100_000, server_rate=1e6)
        task = asyncio.ensure_future(
            server_module.run(
                "127.0.0.1", 0, tmp_path / "srv", limits=limits, ready=lambda u, s: ready.set_result((u, s))
            )
        )
        url, srv = await ready
        code, _received = await play_table(url, "ugo", 2)
        for _ in range(400):  # the players' lines close a moment after the game ends
            if code not in srv.tables:
                break
            await asyncio.sleep(0.05)
        assert code not in srv.tables and code not in srv.clients
        async with connect(url) as ws:
            await _say(ws, {"type": "hello", "version": 1})
            await _say(ws, {"type": "watch", "table": code})
            lobby = await _until(ws, "table")
            state = await _until(ws, "state")
        assert lobby["over"] and state["view"]["over"]  # taken up again from its record, as it ended
        srv.stopping.set()
        await task
        return srv

    srv = asyncio.run(scenario())
    assert not srv.tables  # the spectator left: let go again


def test_serve_help_lists_every_limit(capsys):
    from dataclasses import fields

    from cardtable.cli import main

    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    for f in fields(Limits):
        if f.name != "burst":  # twice the rate, said under --rate
            assert f"--{f.name.replace('_', '-')}" in said, f.name
    assert "bursts of twice" in said


def test_a_client_that_cannot_keep_up_is_logged_once(caplog):
    """A client whose outbox is full is closed; the messages still coming for it are dropped
    quietly, not one warning each."""
    import logging

    async def flood() -> server_module.Client:
        client = server_module.Client(ws=None, address="127.0.0.9", bucket=Limits().bucket())
        for i in range(server_module.OUTBOX + 59):
            client.send({"type": "pong", "n": i})
        return client

    with caplog.at_level(logging.WARNING, logger=server_module.__name__):
        client = asyncio.run(flood())
    warnings = [r for r in caplog.records if "could not keep up" in r.getMessage()]
    assert len(warnings) == 1
    assert client.closing
    queued = [client.outbox.get_nowait() for _ in range(client.outbox.qsize())]
    assert queued[-1] is None and None not in queued[:-1]  # the close comes after what was waiting
