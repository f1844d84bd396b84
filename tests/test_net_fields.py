"""Nothing a client sends can break a table: generated values for every field of every message type
(text with control, format and surrogate characters, numbers out of range, wrong types, nesting),
sent to a live server while a game is played there. Never a ``server_error``; a refused message
changes nothing in the table it names, in memory (what the table says) or in its record; and the
game in play goes on to its end, every message it sent checked by the privacy witness."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net_support import FAST, ServerProcess, play_table, record, witness
from websockets.sync.client import connect

from cardtable.net.protocol import MESSAGES, SEAT_FIELDS

ODD = ["", "\x00", "\u202e", "\u200b", "\ufeff", "\x1b[31m", "ABCDEF", "abcdef", "é" * 30, "x" * 300]


def _text() -> st.SearchStrategy[str]:
    """Any text, odd characters first in line."""
    return st.sampled_from(ODD) | st.text(max_size=40) | st.text(st.characters(categories=["Cc", "Cf", "Zs"]))


_scalar = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | _text()
_json = st.recursive(
    _scalar,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_text(), inner, max_size=4),
    max_leaves=12,
)
LONE = "\udc80"
"""A lone surrogate: it goes as JSON spells it (``\\udc80``), since a UTF-8 frame cannot carry it."""


def _field(name: str, table: str, token: str) -> st.SearchStrategy:
    """Values for one field: well-formed, near-misses and anything at all."""
    near = {
        "table": st.sampled_from([table, table.lower(), "ZZZZZZ", table[:5] + LONE, table + " "]),
        "token": st.sampled_from([token[:-1] + "x", "x" * 32, LONE * 20]),  # never the host's own
        "game": st.sampled_from(["ugly", "ugo", "ugh", "ultimate-loser", "UGLY", "ugly" + LONE]),
        "name": st.sampled_from(["Ada", LONE, "\u202eAda", "A" * 40]),
        "seats": st.lists(
            st.fixed_dictionaries(
                {k: st.sampled_from(["human", "computer", "hard", "god", LONE, "Bo"]) for k in SEAT_FIELDS}
            ),
            max_size=5,
        ),
        "options": st.dictionaries(st.sampled_from(["rounds", "jacks", LONE, "x"]), _json, max_size=3),
        "action": st.fixed_dictionaries({"$": st.just("Action"), "kind": _text()}),
    }
    return near.get(name, st.nothing()) | _json


@st.composite
def messages(draw, table: str, token: str) -> dict:
    kind = draw(st.sampled_from(sorted(MESSAGES)))
    fields = MESSAGES[kind]
    msg: dict = {"type": kind}
    for name in fields:
        if draw(st.booleans()):
            msg[name] = draw(_field(name, table, token))
    if draw(st.integers(0, 9)) == 0:
        msg[draw(_text())] = draw(_json)  # a field it does not have
    return msg


def _say(ws, text: str) -> list[dict]:
    """Send one frame; every message the server answers within a moment."""
    ws.send(text)
    answers = []
    while True:
        try:
            answers.append(json.loads(ws.recv(timeout=0.1 if answers else 10)))
        except TimeoutError:
            return answers


def _table_now(ws, code: str) -> dict:
    """What the table says of itself to a spectator."""
    with connect(ws) as spy:
        spy.send(json.dumps({"type": "hello", "version": 1}))
        spy.recv(timeout=10)
        spy.send(json.dumps({"type": "watch", "table": code}))
        while True:
            msg = json.loads(spy.recv(timeout=10))
            if msg["type"] == "table":
                return {k: v for k, v in msg.items() if k not in ("seats",)} | {
                    "seats": [(s["name"], s["kind"], s["taken"]) for s in msg["seats"]]
                }


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    """A server with a game in play (Ugly, four bots and a spectator, a move every 50 ms or so) and a
    table of the test's own that the generated messages aim at."""
    srv = ServerProcess(tmp_path_factory.mktemp("fields") / "server", list(FAST))
    srv.start()
    done: dict = {}

    def game() -> None:
        done["result"] = asyncio.run(play_table(srv.url, "ugly", 4, gap=0.05, timeout=600))

    playing = threading.Thread(target=game)
    playing.start()
    with connect(srv.url) as host:
        host.send(json.dumps({"type": "hello", "version": 1}))
        host.recv(timeout=10)
        joined = [
            m
            for m in _say(host, json.dumps({"type": "create", "game": "ugo", "players": 3}))
            if m["type"] == "joined"
        ][0]
        yield srv, joined["table"], joined["token"]
    playing.join(600)
    srv.stop()
    code, received = done["result"]
    assert witness(record(srv.data, code), received), "the game in play did not go on"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_message_breaks_a_table(live, data):
    srv, code, token = live
    msg = data.draw(messages(code, token))
    text = json.dumps(msg)  # ASCII: a lone surrogate goes as its escape, as a hostile client would send it
    before_table, before_record = _table_now(srv.url, code), record(srv.data, code)
    with connect(srv.url) as ws:
        ws.send(json.dumps({"type": "hello", "version": 1}))
        ws.recv(timeout=10)
        answers = _say(ws, text)
    codes = [a.get("code") for a in answers if a["type"] == "error"]
    assert "server_error" not in codes, (msg, answers)
    assert answers, f"no answer to {msg}"
    if codes:  # refused: the table it names is as it was
        assert _table_now(srv.url, code) == before_table, (msg, answers)
        assert record(srv.data, code) == before_record, (msg, answers)
