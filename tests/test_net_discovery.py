"""Tables on the local network: what a server announces (only the tables gathering players, only
their public facts), what a browser makes of any announcement, and a server or app that cannot
use multicast going on without it."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from contextlib import ExitStack

import pytest
from hypothesis import given
from hypothesis import strategies as st
from net_support import server
from websockets.sync.client import ClientConnection, connect

from cardtable import games
from cardtable.net import discovery
from cardtable.net.discovery import MAX_TABLES, Announcer, Finder, OpenTable, properties, read_properties
from cardtable.net.host import LocalServer
from cardtable.net.protocol import VERSION

WAIT = 60.0
"""Seconds a test waits for the network to show a change before it calls the change missing (a
deadline for a failure, never a measure of speed; under the announcement's TTL, so a table that
was never withdrawn would still be listed)."""


def _txt(props: dict[str, str]) -> dict[bytes, bytes]:
    """A TXT record as a browser receives it: bytes."""
    return {k.encode(): v.encode() for k, v in props.items()}


@pytest.mark.parametrize(
    ("game", "players"),
    [(s.id, n) for s in games.all_specs() for n in sorted({s.min_players, s.max_players})],
)
def test_an_announcement_reads_back_as_the_tables_it_lists(game, players):
    tables = [
        OpenTable("Ada", game, "ABC123", players, players - 1, "ws://192.168.1.5:8765"),
        OpenTable("Zoë ;; of; them", game, "ZZZZZZ", players, 1, "ws://192.168.1.5:8765"),
    ]
    got = read_properties(_txt(properties(tables)), "ws://192.168.1.5:8765")
    assert sorted(got) == sorted(tables)


def test_an_announcement_stays_inside_what_dns_sd_can_carry():
    long = "Ada" * 200
    tables = [OpenTable(long, "ugh", f"T{i:05d}", 12, 11) for i in range(MAX_TABLES + 5)]
    props = properties(tables)
    assert len(props) == MAX_TABLES + 1  # the protocol version and the first tables only
    for key, value in props.items():
        assert len(f"{key}={value}".encode()) <= 255  # one TXT string
    got = read_properties(_txt(props), "ws://h:1")
    assert len(got) == MAX_TABLES and all(long.startswith(t.host) and t.host for t in got)


@pytest.mark.parametrize(
    "txt",
    [
        {b"v": b"999", b"t.ABCDEF": b"ugly;4;2;Ada"},  # another protocol
        {b"t.ABCDEF": b"ugly;4;2;Ada"},  # no protocol at all
        {b"v": b"1", b"t.ABC": b"ugly;4;2;Ada"},  # a short code
        {b"v": b"1", b"t.ABC-EF": b"ugly;4;2;Ada"},
        {b"v": b"1", b"t.ABCDEF": b"ugly;four;2;Ada"},
        {b"v": b"1", b"t.ABCDEF": b"ugly;4;5;Ada"},  # more seats free than the table has
        {b"v": b"1", b"t.ABCDEF": b"ugly;4;0;Ada"},  # nothing free: nothing to join
        {b"v": b"1", b"t.ABCDEF": b"ugly;4;-1;Ada"},
        {b"v": b"1", b"t.ABCDEF": b"ugly;4"},
        {b"v": b"1", b"t.ABCDEF": None},
        {b"v": b"1", b"t.ABCDEF": b"\xff\xfe;\x00;\x01;"},
        {b"v": b"1", b"x.ABCDEF": b"ugly;4;2;Ada"},
    ],
)
def test_a_malformed_or_foreign_announcement_lists_no_table(txt):
    assert read_properties(txt, "ws://h:1") == []


def test_a_hosts_name_from_the_network_is_read_as_seat_names_are():
    """Any computer may announce: a name is drawn on a button only as the tables draw names."""
    from cardtable.settings import SEAT_NAME_LENGTH

    txt = {b"v": str(VERSION).encode(), b"t.ABCDEF": "ugly;4;2;\u202eAda\u200b the Long-Winded".encode()}
    (table,) = read_properties(txt, "ws://h:1")
    assert table.host == "Ada the Long-Win"[:SEAT_NAME_LENGTH]


@given(st.dictionaries(st.binary(max_size=20), st.one_of(st.none(), st.binary(max_size=80)), max_size=20))
def test_any_announcement_is_read_without_fault(txt):
    txt = {b"v": str(VERSION).encode(), **txt}
    for table in read_properties(txt, "ws://h:1"):
        assert len(table.code) == 6 and table.code.isalnum()
        assert 0 < table.free <= table.players


# -- a real server announcing on this computer's network ------------------------------------------


class _Seat:
    """A player's connection, spoken to plainly: say a message, read until one comes."""

    def __init__(self, url: str, first: dict) -> None:
        self._open = ExitStack()
        self.ws: ClientConnection = self._open.enter_context(connect(url))
        self.ws.send(json.dumps({"type": "hello", "version": VERSION}))
        self.ws.send(json.dumps(first))
        self.joined = self.until(lambda m: m["type"] == "joined")

    def until(self, wanted: Callable[[dict], bool]) -> dict:
        while True:
            msg = json.loads(self.ws.recv(timeout=WAIT))
            if wanted(msg):
                return msg

    def close(self) -> None:
        self._open.close()


def _listed(finder: Finder, url: str, wanted: Callable[[list[OpenTable]], bool]) -> list[OpenTable]:
    """This server's tables as the finder has them, once ``wanted`` holds for them."""
    deadline = time.monotonic() + WAIT
    while True:
        mine = [t for t in finder.tables() if t.url.rsplit(":", 1)[1] == url.rsplit(":", 1)[1]]
        if wanted(mine) or time.monotonic() > deadline:
            return mine
        time.sleep(0.05)


def test_a_server_lists_exactly_the_tables_gathering_players(tmp_path):
    finder = Finder()
    finder.start()
    assert finder.error is None
    try:
        with server(tmp_path, "--announce") as srv:
            ada = _Seat(srv.url, {"type": "create", "game": "ugly", "players": 4, "name": "Ada"})
            code, token = ada.joined["table"], ada.joined["token"]
            listed = _listed(finder, srv.url, lambda ts: bool(ts))
            assert [(t.host, t.game, t.code, t.players, t.free) for t in listed] == [
                ("Ada", "ugly", code, 4, 3)
            ]

            # a table whose other seats are computers has nothing to join: never listed
            full = _Seat(
                srv.url,
                {
                    "type": "create",
                    "game": "ugo",
                    "players": 2,
                    "name": "Cy",
                    "seats": [{"kind": "human"}, {"kind": "computer"}],
                },
            )
            bo = _Seat(srv.url, {"type": "join", "table": code, "name": "Bo"})
            listed = _listed(finder, srv.url, lambda ts: [t.free for t in ts] == [2])
            assert [(t.code, t.free) for t in listed] == [(code, 2)]

            ada.close()  # the host left the lobby: the table is not gathering anyone now
            assert _listed(finder, srv.url, lambda ts: not ts) == []

            ada = _Seat(srv.url, {"type": "resume", "table": code, "token": token})
            assert [t.code for t in _listed(finder, srv.url, lambda ts: bool(ts))] == [code]
            ada.ws.send(json.dumps({"type": "start", "table": code, "token": token}))
            ada.until(lambda m: m["type"] == "state")
            assert _listed(finder, srv.url, lambda ts: not ts) == []  # started: nobody joins now
            for seat in (ada, bo, full):
                seat.close()
    finally:
        finder.close()


def test_the_apps_own_server_withdraws_its_tables_when_it_stops(tmp_path):
    finder = Finder()
    finder.start()
    local = LocalServer(tmp_path / "server", port=0)
    try:
        url = local.start()
        assert local.announced
        seat = _Seat(url, {"type": "create", "game": "ultimate-loser", "players": 3, "name": "Ada"})
        listed = _listed(finder, url, lambda ts: bool(ts))
        assert [(t.game, t.free) for t in listed] == [("ultimate-loser", 2)]
        assert listed[0].url.startswith("ws://") and listed[0].url != url.replace("127.0.0.1", "0.0.0.0")
        local.stop()  # the host still in the lobby: only the server's goodbye takes the table away
        assert not local._thread.is_alive()
        assert _listed(finder, url, lambda ts: not ts) == []  # long before the announcement's TTL
        seat.close()
    finally:
        local.stop()
        finder.close()


# -- where multicast cannot be used --------------------------------------------------------------


def _no_multicast(*_args, **_kwargs):
    raise OSError("No multicast here")


def test_a_server_that_cannot_announce_serves_all_the_same(monkeypatch, caplog):
    import zeroconf.asyncio

    monkeypatch.setattr(zeroconf.asyncio, "AsyncZeroconf", _no_multicast)

    async def start() -> bool:
        return await Announcer("127.0.0.1", 9).start()

    with caplog.at_level(logging.WARNING, logger=discovery.__name__):
        assert asyncio.run(start()) is False
    assert "No multicast here" in caplog.text


def test_a_finder_that_cannot_look_says_why(monkeypatch):
    import zeroconf

    monkeypatch.setattr(zeroconf, "Zeroconf", _no_multicast)
    finder = Finder()
    finder.start()
    assert finder.error == "No multicast here"
    assert finder.tables() == []
    finder.close()


# -- which interfaces announce and look ------------------------------------------------------------


def _sending_from(zc) -> list[tuple[str, str]]:
    """Each of a zeroconf's sending sockets (once it has opened them): the interface its multicast
    leaves by, and its address."""
    import socket

    deadline = time.monotonic() + WAIT
    while not zc.engine.senders and time.monotonic() < deadline:
        time.sleep(0.02)
    out = []
    for sender in zc.engine.senders:
        sock = sender.sock
        interface = socket.inet_ntoa(sock.getsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, 4))
        out.append((interface, sock.getsockname()[0]))
    return out


def test_the_tests_look_and_announce_on_loopback_alone():
    """The suite sets CARDTABLE_LAN=127.0.0.1 (conftest): a finder and an announcer send from
    loopback sockets only, so nothing a test starts speaks on a real network."""
    assert discovery.lan_interfaces() == ["127.0.0.1"]
    finder = Finder()
    finder.start()
    try:
        assert finder.error is None
        assert _sending_from(finder._zc) == [("127.0.0.1", "127.0.0.1")]
    finally:
        finder.close()

    async def announce() -> list[tuple[str, str]]:
        announcer = Announcer("127.0.0.1", 9)
        assert await announcer.start()
        try:
            return await asyncio.to_thread(_sending_from, announcer._zc.zeroconf)
        finally:
            await announcer.close()

    assert asyncio.run(announce()) == [("127.0.0.1", "127.0.0.1")]


def test_the_interfaces_come_from_the_caller_then_the_environment(monkeypatch):
    monkeypatch.setenv(discovery.LAN_ENV, " 127.0.0.1, 127.0.0.2 ")
    assert discovery.lan_interfaces() == ["127.0.0.1", "127.0.0.2"]
    assert discovery.lan_interfaces(["127.0.0.3"]) == ["127.0.0.3"]
    monkeypatch.delenv(discovery.LAN_ENV)
    assert discovery.lan_interfaces() is None  # every interface
    with pytest.raises(ValueError, match="'eth0' is not an IPv4 address"):
        discovery.lan_interfaces(["eth0"])
    assert discovery.advertised_address("0.0.0.0", ["127.0.0.2"]) == "127.0.0.2"
    assert discovery.advertised_address("127.0.0.5", ["127.0.0.2"]) == "127.0.0.5"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--announce", "--announce-on", "eth0"], "'eth0' is not an IPv4 address"),
        (["--announce-on", "127.0.0.1"], "--announce-on goes with --announce"),
    ],
)
def test_serve_names_an_interface_it_cannot_announce_on(tmp_path, capsys, args, said):
    from cardtable.cli import main

    assert main(["serve", "--port", "0", "--data", str(tmp_path / "s"), *args]) == 2
    assert said in capsys.readouterr().err
    assert not (tmp_path / "s").exists()  # refused before anything was made
