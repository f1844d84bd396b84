"""Hostile clients get nowhere: every bad message is refused with a clear error (or the connection
closed), changes nothing, and never touches another table; a live server takes 10,000 of them,
random bytes and 10 MB frames among them, while games go on, and stays up."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from net_support import play_table, record, server, witness
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from cardtable.engine import STANDARD
from cardtable.net import wire
from cardtable.net.bot import Bot
from cardtable.net.client import Link
from cardtable.net.protocol import HELLO_SECONDS, ProtocolError, parse

BAD = {
    "not JSON": ("{nope", "bad_json"),
    "a list": ("[1, 2]", "bad_message"),
    "no type": ('{"table": "ABCDEF"}', "unknown_type"),
    "an unknown type": ('{"type": "shuffle"}', "unknown_type"),
    "a type that is a number": ('{"type": 7}', "unknown_type"),
    "a field it does not have": ('{"type": "ping", "x": 1}', "bad_field"),
    "a missing field": ('{"type": "join"}', "bad_field"),
    "a code of the wrong length": ('{"type": "join", "table": "AB"}', "bad_field"),
    "a seat that is a string": (
        '{"type": "act", "seq": 1, "move": 0, "seat": "0", "action": {}}',
        "bad_field",
    ),
    "a flag for a number": ('{"type": "act", "seq": true, "move": 0, "seat": 0, "action": {}}', "bad_field"),
    "not a number": ('{"type": "create", "game": "ugly", "players": 3, "grace": NaN}', "bad_field"),
    "a negative move": ('{"type": "act", "seq": 1, "move": -1, "seat": 0, "action": {}}', "bad_field"),
    "too many players": ('{"type": "create", "game": "ugly", "players": 1000}', "bad_field"),
    "a seat that is not an object": (
        '{"type": "create", "game": "ugly", "players": 3, "seats": [1]}',
        "bad_field",
    ),
    "deep nesting": ("[" * 100_000 + "]" * 100_000, "bad_json"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_message_is_named_for_what_is_wrong(name):
    text, code = BAD[name]
    with pytest.raises(ProtocolError) as caught:
        parse(text)
    assert caught.value.code == code
    assert str(caught.value)


def test_a_binary_frame_is_refused():
    with pytest.raises(ProtocolError, match="text frames"):
        parse(b'{"type": "ping"}')


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=400, deadline=None)
@given(
    st.dictionaries(st.sampled_from(["$", "kind", "card", "cards", "value", "target", "source", "x"]), _json)
)
def test_any_action_data_is_an_action_or_a_value_error(data):
    try:
        action = wire.read_action(data, STANDARD)
    except ValueError as exc:
        assert str(exc)
    else:
        assert isinstance(action.kind, str)


# -- against a live server -----------------------------------------------------------------

MESSAGES = 10_000


def _hostile(rng: random.Random, tables: list[str], own: dict) -> str | bytes:
    """One hostile message of a random kind."""
    kind = rng.randrange(10)
    if kind == 0:
        return rng.randbytes(rng.randrange(1, 200))
    if kind == 1:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(1, 80)))
    if kind == 2:
        return json.dumps({"type": rng.choice(["act", "join", "resume", "start", "watch", "create"])})[:-1]
    if kind == 3:
        return json.dumps(
            {"type": rng.choice(["deal", "kick", "admin", "", "ACT"]), "table": rng.choice(tables)}
        )
    if kind == 4:  # forged tokens, for live tables and the hostile one
        token = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789-_") for _ in range(32))
        return json.dumps(
            {"type": rng.choice(["resume", "start"]), "table": rng.choice(tables), "token": token}
        )
    if kind == 5:  # wrong field types
        field = rng.choice(["seq", "move", "seat", "action"])
        msg = {"type": "act", "seq": 1, "move": 0, "seat": 0, "action": {"$": "Action", "kind": "play"}}
        msg[field] = rng.choice(["x", None, [], 1.5, True, {"a": 1}, -5, 10**20])
        return json.dumps(msg)
    if kind == 6:  # an action for another seat at its own table
        return json.dumps(
            {
                "type": "act",
                "seq": rng.randrange(10**6),
                "move": own["move"],
                "seat": 0,
                "action": {"$": "Action", "kind": "play", "card": {"card": "QS"}},
            }
        )
    if kind == 7:  # a replayed or stale action: sequence numbers already used, moves long gone
        return json.dumps(
            {
                "type": "act",
                "seq": rng.randrange(0, 2),
                "move": rng.randrange(0, 3),
                "seat": own["seat"],
                "action": {"$": "Action", "kind": rng.choice(["play", "pass", "flip"])},
            }
        )
    if kind == 8:  # actions of every shape at its own seat
        action = {
            "$": "Action",
            "kind": rng.choice(["play", "pass", "x" * 50]),
            "card": {"card": rng.choice(["QS", "ZZ", "1X", "QS@9"])},
            "target": rng.choice([None, 7, {"zone": 3}]),
        }
        return json.dumps(
            {
                "type": "act",
                "seq": own["seq"] + rng.randrange(1, 9),
                "move": own["move"],
                "seat": own["seat"],
                "action": action,
            }
        )
    return json.dumps({"type": "join", "table": rng.choice(tables), "name": "x" * rng.randrange(0, 40)})


async def _hostile_client(url: str, rng: random.Random, tables: list[str], count: int, answers: list) -> int:
    """Sends ``count`` hostile messages (coming back when it is thrown out); returns how many went."""
    sent = 0
    own = {"seat": 1, "seq": 0, "move": 0}
    while sent < count:
        try:
            async with connect(url, max_size=2**24) as ws:
                await ws.send(json.dumps({"type": "hello", "version": 1}))
                await ws.recv()
                await ws.send(json.dumps({"type": "join", "table": tables[-1]}))  # its own table's seat 1
                reader = asyncio.ensure_future(_drain(ws, answers))
                while sent < count:
                    if rng.random() < 0.0015:
                        await ws.send("x" * (10 * 2**20))  # 10 MB: the server closes the connection
                    else:
                        await ws.send(_hostile(rng, tables, own))
                    sent += 1
                    if sent % 20 == 0:
                        await asyncio.sleep(0)
                reader.cancel()
        except ConnectionClosed:
            sent += 1
            continue
    return sent


async def _drain(ws, answers: list) -> None:
    async for raw in ws:
        answers.append(json.loads(raw))


def test_ten_thousand_hostile_messages_leave_the_server_up_and_the_games_untouched(tmp_path):
    async def attack(url: str):
        live = [asyncio.ensure_future(play_table(url, g, n, gap=0.02)) for g, n in (("ugly", 3), ("ugo", 2))]
        async with connect(
            url
        ) as ws:  # a table of its own, for actions at a seat it holds and at one it does not
            await ws.send(json.dumps({"type": "hello", "version": 1}))
            await ws.recv()
            await ws.send(json.dumps({"type": "create", "game": "ugly", "players": 3}))
            joined = json.loads(await ws.recv())
            own = joined["table"]
            await asyncio.sleep(0.3)
            codes = [own, "ZZZZZZ"]
            answers: list = []
            sent = await asyncio.gather(
                *[_hostile_client(url, random.Random(i), codes, MESSAGES // 8, answers) for i in range(8)]
            )
        return await asyncio.gather(*live), own, sum(sent), answers

    with server(tmp_path) as srv:
        results, own, sent, answers = asyncio.run(attack(srv.url))
        assert srv.proc.poll() is None, "the server fell over"
        records = [record(srv.data, code) for code, _ in results]
        hostile = record(srv.data, own)
    assert sent >= MESSAGES
    errors = [a for a in answers if a["type"] == "error"]
    assert len(errors) > MESSAGES // 2
    assert all(a["message"] for a in errors)
    assert {"bad_json", "unknown_type", "bad_field", "bad_token", "not_your_seat"} <= {
        a["code"] for a in errors
    }
    assert hostile["moves"] == [], "a hostile client made a move"
    for (_, received), rec in zip(results, records, strict=True):
        assert witness(rec, received)
        last = [m for m in received[None] if m["type"] in ("update", "state")][-1]
        assert last["view"]["over"]


LONE = "\\ud800"  # as JSON spells it: a lone surrogate once the message is read
SURROGATE_ATTACKS = {
    "a join's name": '{"type": "join", "table": "%s", "name": "Eve%s"}',
    "a create's name": '{"type": "create", "game": "ugly", "players": 3, "name": "%s%s"}',
    "a computer seat's name": (
        '{"type": "create", "game": "ugly", "players": 3, "seats": [{"kind": "human"},'
        ' {"kind": "computer", "name": "%s%s"}]}'
    ),
    "a watch's code": '{"type": "watch", "table": "%.5s%s"}',
    "an option's key": '{"type": "create", "game": "ugly", "players": 3, "options": {"%s%s": 1}}',
    "a variant": '{"type": "create", "game": "ugly", "players": 3, "variant": "%s%s"}',
}


@pytest.mark.parametrize("where", sorted(SURROGATE_ATTACKS))
def test_a_lone_surrogate_anywhere_in_a_message_is_refused(where):
    with pytest.raises(ProtocolError) as caught:
        parse(SURROGATE_ATTACKS[where] % ("ABCDEF", LONE))
    assert caught.value.code == "bad_text"
    parse(SURROGATE_ATTACKS[where] % ("ABCDEF", "\\ud83d\\ude00"))  # a pair is a character (an emoji)


def test_a_name_no_encoder_takes_leaves_the_table_playable_for_everyone(tmp_path):
    """The attack that once broke a gathering table for good: a join named with a lone surrogate
    took a seat in memory but not in the record, and every later message to the table failed.
    Each such message is refused, the connection goes on, and the table seats and plays as before."""

    async def attack(url: str):
        loop = asyncio.get_running_loop()
        got_code: asyncio.Future[str] = loop.create_future()
        received: dict[int | None, list[dict]] = {0: [], 1: [], 2: [], None: []}
        first = {"type": "create", "game": "ugly", "players": 3, "autostart": True, "pace": 0, "name": "Ada"}
        host = asyncio.ensure_future(Bot(url, first, "normal", 1, received[0], got_code.set_result).play())
        code = await asyncio.wait_for(got_code, 20)
        answers = []
        async with connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "version": 1}))
            await ws.recv()
            for text in SURROGATE_ATTACKS.values():
                await ws.send(text % (code, LONE))
                answers.append(json.loads(await ws.recv()))
            await ws.send('{"type": "ping"}')
            answers.append(json.loads(await ws.recv()))
        watcher = Link(url, {"type": "watch", "table": code}, received[None].append)
        watching = asyncio.ensure_future(watcher.run(retries=40))
        guests = [
            Bot(url, {"type": "join", "table": code, "name": n}, "normal", s + 1, received[s]).play()
            for s, n in ((1, "Bo"), (2, "Cy"))
        ]
        await asyncio.wait_for(asyncio.gather(host, *guests), 240)
        while not any(m.get("type") == "update" and m["view"].get("over") for m in received[None]):
            await asyncio.sleep(0.05)
        watcher.close()
        await watching
        return code, answers, received

    with server(tmp_path) as srv:
        code, answers, received = asyncio.run(attack(srv.url))
        assert srv.proc.poll() is None
        rec = record(srv.data, code)
    assert [a.get("code") for a in answers] == ["bad_text"] * len(SURROGATE_ATTACKS) + [None]
    assert answers[-1]["type"] == "pong"
    lobby = [m for m in received[0] if m["type"] == "table"][-1]
    assert [s["name"] for s in lobby["seats"]] == ["Ada", "Bo", "Cy"]
    assert witness(rec, received)
    for seat in (0, 1, 2, None):
        last = [m for m in received[seat] if m["type"] in ("update", "state")][-1]
        assert last["view"]["over"], f"seat {seat} did not see the game end"


async def _hello(url: str, source: str):
    """A connection from ``source`` that has said hello; None if the server would not have it."""
    try:
        ws = await connect(url, local_addr=(source, 0))
        await ws.send(json.dumps({"type": "hello", "version": 1}))
        welcome = json.loads(await asyncio.wait_for(ws.recv(), 10))
    except (ConnectionClosed, InvalidHandshake, OSError):
        return None
    assert welcome["type"] == "welcome"
    return ws


def test_a_flood_is_slowed_then_cut_off_and_its_address_kept_out(tmp_path):
    """With the limits a server has by default: a connection sending far too fast is answered to
    its burst, told to slow down, then closed; its address is refused new connections for a while,
    while another address comes in; a connection that says nothing is closed at the deadline."""

    async def probe(url: str):
        flood = await _hello(url, "127.0.0.2")
        assert flood is not None
        for _ in range(400):
            await flood.send('{"type": "ping"}')
        codes = []
        with contextlib.suppress(ConnectionClosed):
            async for raw in flood:
                codes.append(json.loads(raw).get("code", "pong"))
        again = await _hello(url, "127.0.0.2")
        other = await _hello(url, "127.0.0.3")
        async with connect(url, local_addr=("127.0.0.4", 0)) as silent:
            start = asyncio.get_running_loop().time()
            with pytest.raises(ConnectionClosed):
                await silent.recv()
            waited = asyncio.get_running_loop().time() - start
        if other is not None:
            await other.close()
        return codes, flood.close_reason, again, other, waited

    with server_defaults(tmp_path) as url:
        codes, reason, again, other, waited = asyncio.run(probe(url))
    assert 40 <= codes.count("pong") <= 60 and "rate_limited" in codes, (len(codes), sorted(set(codes)))
    assert len(codes) < 400, "the flood was never cut off"
    assert reason == "too many messages: come back later"
    assert again is None, "the flooding address was let in again at once"
    assert other is not None, "another address was kept out with it"
    assert waited >= HELLO_SECONDS - 1  # not before the deadline (closed at all: the recv above raised)


def test_one_address_holds_only_so_many_connections_and_opens_them_only_so_fast(tmp_path):
    async def probe(url: str, source: str, count: int) -> int:
        opened = await asyncio.gather(*[_hello(url, source) for _ in range(count)])
        for ws in opened:
            if ws is not None:
                await ws.close()
        return sum(ws is None for ws in opened)

    with server_defaults(tmp_path, "--connection-rate", "1000") as url:
        assert asyncio.run(probe(url, "127.0.0.5", 40)) == 8  # 32 connections an address
    with server_defaults(tmp_path) as url:
        refused = asyncio.run(probe(url, "127.0.0.6", 20))  # 4 a second, bursts of 8
    assert 8 <= refused <= 12  # a busy machine spreads the 20 tries, and a token or two comes back


@contextlib.contextmanager
def server_defaults(tmp_path, *extra: str):
    """A server with the limits it has by default (``extra``: but these)."""
    from net_support import ServerProcess

    srv = ServerProcess(tmp_path / f"server{len(list(tmp_path.iterdir()))}", list(extra))
    srv.start()
    try:
        yield srv.url
    finally:
        srv.stop()
