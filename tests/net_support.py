"""A real table server in its own process, bots that play at it, and the privacy witness that reads
every message they received."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, is_dataclass
from pathlib import Path
from typing import Any

from cardtable import games
from cardtable.engine import Action, Card, Event, Game, Said, redact
from cardtable.net import wire
from cardtable.net.bot import Bot
from cardtable.net.client import Link

FAST = [
    "--rate",
    "2000",
    "--address-rate",
    "100000",
    "--connections-per-address",
    "10000",
    "--connection-rate",
    "100000",
    "--server-rate",
    "1000000",
]
"""Limits for bots that play as fast as they can, all from one address."""


@dataclass
class ServerProcess:
    data: Path | str  # a folder (SQLite) or a postgresql:// URL
    args: list[str] = field(default_factory=list)
    proc: subprocess.Popen | None = None
    url: str = ""

    def start(self, port: int = 0) -> str:
        where = ["--store", self.data] if isinstance(self.data, str) else ["--data", str(self.data)]
        cmd = [sys.executable, "-m", "cardtable", "serve", "--port", str(port), *where, *self.args]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line.startswith("Serving tables on "), line
        self.url = line.split()[3]
        return self.url

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def kill(self) -> None:
        """SIGKILL: no goodbye, no flush."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@contextmanager
def server(tmp: Path, *extra: str) -> Iterator[ServerProcess]:
    srv = ServerProcess(tmp / "server", [*FAST, *extra])
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


HAPROXY_CONFIG = Path(__file__).resolve().parent.parent / "packaging" / "server" / "haproxy.cfg"


def haproxy_binary() -> str | None:
    import shutil

    found = shutil.which("haproxy")
    return found or ("/usr/sbin/haproxy" if os.path.exists("/usr/sbin/haproxy") else None)


@contextmanager
def haproxy(ports: list[int], wait: float = 60.0) -> Iterator[str]:
    """HAProxy with the configuration we ship, in front of server processes on these ports of
    127.0.0.1 (at most four; none need be up yet): the address clients connect to, once HAProxy
    answers a health check through to one of them (``wait``: a deadline, not a measure)."""
    import socket
    import time

    binary = haproxy_binary()
    assert binary is not None, "HAProxy is not installed (Debian: haproxy)"
    assert len(ports) <= 4, "the shipped configuration names four processes"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        listen = s.getsockname()[1]
    env = dict(os.environ, CARDTABLE_LISTEN=f"127.0.0.1:{listen}")
    for i, port in enumerate(ports):
        env[f"CARDTABLE_P{i + 1}"] = f"127.0.0.1:{port}"
    proxy = subprocess.Popen(
        [binary, "-db", "-f", str(HAPROXY_CONFIG)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + wait
        while True:
            assert proxy.poll() is None, proxy.stderr.read().decode() if proxy.stderr else "haproxy ended"
            assert time.monotonic() < deadline, "HAProxy did not reach a healthy process"
            try:
                with socket.create_connection(("127.0.0.1", listen), timeout=2) as s:
                    s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    if s.recv(64).startswith(b"HTTP/1.1 200"):
                        break
            except OSError:
                pass
            time.sleep(0.1)
        yield f"ws://127.0.0.1:{listen}"
    finally:
        proxy.terminate()
        proxy.wait(10)


def record(data: Path | str, code: str) -> dict[str, Any]:
    """A table's record as the server keeps it (in its folder's SQLite, or at a PostgreSQL URL)."""
    if isinstance(data, str):
        from cardtable.net.postgres_store import PostgresStore

        store = PostgresStore(data)
        try:
            kept = store.load(code)
        finally:
            store.close()
        assert kept is not None, f"no table {code} in {data}"
        return {
            "game": kept.game,
            "players": kept.players,
            "options": kept.options,
            "seed": kept.seed,
            "moves": kept.moves,
        }
    db = sqlite3.connect(data / "tables.sqlite3")
    try:
        game, players, options, seed = db.execute(
            "SELECT game, players, options, seed FROM tables WHERE code = ?", (code,)
        ).fetchone()
        moves = [
            (s, json.loads(a))
            for s, a in db.execute("SELECT seat, action FROM moves WHERE code = ? ORDER BY n", (code,))
        ]
    finally:
        db.close()
    return {"game": game, "players": players, "options": json.loads(options), "seed": seed, "moves": moves}


async def play_table(
    url: str,
    game: str,
    players: int,
    *,
    watch: bool = True,
    pace: float = 0.0,
    options: dict | None = None,
    timeout: float = 240,
    gap: float = 0.0,
) -> tuple[str, dict[int | None, list[dict]]]:
    """A whole game with a bot in every seat (and a spectator): the table's code and every message
    each received, by seat (None: the spectator)."""
    loop = asyncio.get_running_loop()
    got_code: asyncio.Future[str] = loop.create_future()
    records: dict[int | None, list[dict]] = {i: [] for i in range(players)}
    first: dict[str, Any] = {
        "type": "create",
        "game": game,
        "players": players,
        "autostart": True,
        "pace": pace,
    }
    if options:
        first["options"] = options
    host = Bot(url, first, "normal", 1, records[0], got_code.set_result, gap=gap)
    tasks = [asyncio.ensure_future(host.play())]
    code = await asyncio.wait_for(got_code, 20)
    spectator: list[dict] = []
    if watch:
        records[None] = spectator
        link = Link(url, {"type": "watch", "table": code}, spectator.append)
        tasks.append(asyncio.ensure_future(link.run(retries=40)))
    for seat in range(1, players):
        tasks.append(
            asyncio.ensure_future(
                Bot(
                    url,
                    {"type": "join", "table": code, "seat": seat},
                    "normal",
                    seat + 1,
                    records[seat],
                    gap=gap,
                ).play()
            )
        )
    bots = asyncio.gather(*tasks[:1], *tasks[2 if watch else 1 :])
    await asyncio.wait_for(bots, timeout)
    if watch:
        while not any(m.get("type") == "update" and m["view"].get("over") for m in spectator):
            await asyncio.sleep(0.05)
        link.close()
    return code, records


# -- the witness ----------------------------------------------------------------------------


def witness(rec: dict[str, Any], received: dict[int | None, list[dict]]) -> int:
    """Every message each seat received holds exactly what it may see: a view equal to the game's
    ``view(seat)`` at that move, events equal to ``redact(events, seat)``, and no card code
    anywhere that the seat could not see then. Returns the messages checked (AssertionError: a
    leak, naming the seat and the message)."""
    spec = games.get(rec["game"])
    game: Game = spec.new_game(rec["players"], rec["options"], rec["seed"])
    log: list[Event] = list(game.opening_events)
    marks = [len(log)]
    for seat, raw in rec["moves"]:
        log += game.apply(seat, Action.from_dict(raw, game.catalog))
        marks.append(len(log))
    by_move: dict[int, list[tuple[int | None, dict]]] = {}
    for seat, msgs in received.items():
        for msg in msgs:
            by_move.setdefault(msg.get("move", -1) if msg["type"] in ("update", "state") else -1, []).append(
                (seat, msg)
            )
    for seat, msg in by_move.pop(-1, []):
        assert not _codes(msg), f"seat {seat}: a {msg['type']} message names cards {_codes(msg)}"
    checked = 0
    replay = spec.new_game(rec["players"], rec["options"], rec["seed"])
    for move in range(len(rec["moves"]) + 1):
        if move:
            s, raw = rec["moves"][move - 1]
            replay.apply(s, Action.from_dict(raw, replay.catalog))
        for seat, msg in by_move.pop(move, []):
            since = move - 1 if msg["type"] == "update" else msg["since"]
            events = log[marks[since] : marks[move]] if since >= 0 else log[: marks[move]]
            _check(replay, seat, msg, redact(events, seat))
            checked += 1
    assert not by_move, f"messages for moves the game never had: {sorted(by_move)}"
    return checked


def _check(game: Game, seat: int | None, msg: dict, events: list[Event]) -> None:
    view = game.view(seat)
    where = f"seat {seat}, {msg['type']} at move {msg['move']}"
    assert wire.view_of(msg["view"], game.catalog) == view, f"{where}: the view is not view(seat)"
    assert wire.events_of(msg["events"], game.catalog) == events, (
        f"{where}: the events are not redacted for it"
    )
    allowed = {c.code for c in cards_in(view)} | {c.code for c in cards_in(events)}
    extra = _codes(msg) - allowed
    assert not extra, f"{where}: names cards it may not see: {sorted(extra)}"


def cards_in(x: Any) -> list[Card]:
    """Every card a value holds, however deep (a sentence's parameters too)."""
    if isinstance(x, Card):
        return [x]
    if isinstance(x, Said):
        return cards_in(x.params)
    if isinstance(x, Mapping):
        return cards_in(tuple(x.items()))
    if isinstance(x, tuple | list | set | frozenset):
        return [c for i in x for c in cards_in(i)]
    if is_dataclass(x):
        return [c for f in fields(x) for c in cards_in(getattr(x, f.name))]
    return []


def _codes(x: Any) -> set[str]:
    """Every card code in a raw message: each ``{"card": code}``, and each code in a zone's list."""
    out: set[str] = set()
    if isinstance(x, dict):
        if isinstance(x.get("card"), str) and len(x) == 1:
            out.add(x["card"])
        if x.get("$") == "ZoneView":
            out |= {c for c in x["cards"] if isinstance(c, str)}
        for v in x.values():
            out |= _codes(v)
    elif isinstance(x, list):
        for v in x:
            out |= _codes(v)
    return out
