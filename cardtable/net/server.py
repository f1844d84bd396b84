"""The table server: many tables at once over WebSocket, the rules run here and nowhere else.

Each connection says ``hello``, then creates, joins, resumes or watches one table. A seated
connection receives its seat's view and its seat's redacted events; a spectator the public
ones; nobody anything more (:mod:`cardtable.net.wire` sends exactly those values). A move is
written to the store before it is acknowledged or shown to anyone. Whatever a client sends is
checked (:mod:`cardtable.net.protocol`); a bad message is answered to that client alone, and
flooding is met with rate limits per connection and per address.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import signal
import socket
import ssl
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from cardtable import __version__
from cardtable.engine import Action, Event, IllegalAction, redact

from . import wire
from .discovery import Announcer, OpenTable, advertised_address, lan_interfaces
from .limits import Bucket, Limits, Throttle
from .protocol import CODE_LENGTH, HELLO_SECONDS, MAX_MESSAGE, VERSION, ProtocolError, dumps, parse
from .store import Fenced, Store, Unavailable, open_store
from .tables import STANDIN_DELAY, Moved, ServerTable, new_code

log = logging.getLogger(__name__)

SLOW_LEVELS = frozenset({"hard"})
"""Levels that think for seconds: they think in another process, so every other table goes on."""
COOL_OFF = 10.0
"""Seconds an address whose connection was closed for flooding is refused new connections (the
first time; doubled for each flood after, up to :data:`LONGEST_COOL_OFF`)."""
LONGEST_COOL_OFF = 600.0
FORGIVE = 900.0
"""Seconds of calm after which an address's floods are forgotten."""
UNAVAILABLE_RETRY = 1.0
"""Seconds a computer waits before trying its move again while the records are out of reach."""
OUTBOX = 256
"""Messages waiting for one client before it is dropped as too slow to follow."""


@dataclass(eq=False)
class Client:
    """One connection: where it sits, and what waits to be sent to it."""

    ws: ServerConnection
    address: str
    bucket: Bucket
    throttle: Throttle = field(default_factory=Throttle)
    route: str | None = None
    """The table code in the connection's path (``/t/CODE``): the only table it may name."""
    table: str | None = None
    seat: int | None = None
    outbox: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(OUTBOX))

    opened: bool = False
    """It has sent its first message after ``hello`` (taking a seat, watching, or anything else)."""
    closing: bool = False
    close_reason: str = ""

    def send(self, msg: dict[str, Any] | str) -> None:
        if self.closing:
            return  # it is being closed: nothing more is queued, nor said again in the log
        try:
            self.outbox.put_nowait(msg if isinstance(msg, str) else dumps(msg))
        except asyncio.QueueFull:
            log.warning(
                "a client at %s could not keep up (%d messages waiting); it is disconnected",
                self.address,
                OUTBOX,
            )
            self.close_soon()

    def close_soon(self, reason: str = "too slow to follow the table") -> None:
        """Close the connection once what is already waiting has gone (nothing is queued after)."""
        if self.closing:
            return
        self.closing = True
        self.close_reason = reason
        try:
            self.outbox.put_nowait(None)
        except asyncio.QueueFull:
            self.outbox = asyncio.Queue(1)
            self.outbox.put_nowait(None)


class TableServer:
    """Every table this server holds, and every connection to them."""

    def __init__(self, data: Path | str, limits: Limits | None = None, balancers: Sequence[str] = ()) -> None:
        """``data``: the folder of the SQLite store, or a ``postgresql://`` URL (:func:`open_store`);
        ``balancers``: the addresses of the balancers in front of this process, trusted to say
        whom a connection is for (``X-Forwarded-For``)."""
        self.store: Store = open_store(data)
        self.limits = limits or Limits()
        self.balancers = frozenset(balancers)
        self.cooling: dict[str, float] = {}
        self.offences: dict[str, tuple[float, int]] = {}
        self.arrivals: dict[str, Bucket] = {}
        """Each address's new connections: so many a second, bursts of a few."""
        """Addresses that flooded: when last, and how many times in a row."""
        """Addresses whose connection was closed for flooding, and until when new ones are refused."""
        self.tables: dict[str, ServerTable] = {}
        self.clients: dict[str, set[Client]] = defaultdict(set)
        self.per_address: dict[str, int] = defaultdict(int)
        self.address_buckets: dict[str, Bucket] = {}
        self.chatter = self.limits.server_bucket()
        """Every message but a move, from everyone together: however many addresses a flood comes
        from, it takes no more than this of the server, and the tables in play go on."""
        self.busy: set[str] = set()  # tables whose computers are thinking
        self._pool: ProcessPoolExecutor | None = None
        self._timers: dict[tuple[str, int], asyncio.TimerHandle] = {}
        self.announcer: Announcer | None = None
        self.stopping: asyncio.Event | None = None  # set: the server closes (from its own loop)

    def resume_all(self) -> None:
        """Every table under way when the server stopped, as it was (its computers go on). A store
        shared with other processes is not read whole: each table is taken up by the process its
        players' connections reach, when they reach it."""
        if self.store.shared:
            return
        for code in self.store.codes():
            record = self.store.load(code)
            if record is not None:
                self.tables[code] = ServerTable.restore(record)
        for code, table in self.tables.items():
            if table.record.started and not table.record.ended:
                for seat, rec in enumerate(table.record.seats):
                    if rec.kind == "human":
                        self._away(table, seat)  # each person has the grace time to come back
            self._computers(code)

    # -- connections --------------------------------------------------------------------

    def _cool(self, address: str, now: float) -> None:
        """``address`` flooded: its new connections are refused for a while, twice as long each
        time it floods again (forgotten after :data:`FORGIVE` seconds of calm), and a little more or
        less at random, so that a flood's many addresses do not all come back at once."""
        if now < self.cooling.get(address, now):
            return
        last, times = self.offences.get(address, (now, 0))
        times = 1 if now - last > FORGIVE else times + 1
        self.offences[address] = (now, times)
        length = min(LONGEST_COOL_OFF, COOL_OFF * 2 ** (times - 1)) * random.uniform(0.75, 1.5)
        self.cooling[address] = now + length

    def may_connect(self, address: str) -> bool:
        """Whether a new connection from ``address`` is let in: not while it cools off after a
        flood, nor faster than its share of new connections (a flood's first wave, hundreds of
        connections at once, would hold up every table while they shake hands)."""
        if address in self.balancers:
            return True  # the balancer speaks for everyone: its clients are told apart in gate()
        if self.cooling_off(address):
            return False
        bucket = self.arrivals.get(address)
        if bucket is None:
            bucket = self.arrivals[address] = self.limits.arrival_bucket()
        return bucket.take(time.monotonic())

    def cooling_off(self, address: str) -> bool:
        """Whether ``address`` flooded lately, so that its new connections are refused."""
        until = self.cooling.get(address)
        if until is None:
            return False
        if time.monotonic() < until:
            return True
        del self.cooling[address]
        return False

    def gate(self, connection: ServerConnection, request: Request) -> Response | None:
        """Before a connection's handshake: ``GET /health`` (a balancer's check) is answered, and an
        address that flooded lately is refused at once, at the cost of one HTTP answer."""
        if request.path == "/health" and "Upgrade" not in request.headers:
            return connection.respond(HTTPStatus.OK, "ok\n")
        address = _address(connection.remote_address, request, self.balancers)
        if self.cooling_off(address):
            response = connection.respond(HTTPStatus.TOO_MANY_REQUESTS, "too many messages: wait\n")
            response.headers["Retry-After"] = str(round(COOL_OFF))
            return response
        return None

    async def handler(self, ws: ServerConnection) -> None:
        address = _address(ws.remote_address, ws.request, self.balancers)
        if self.per_address[address] >= self.limits.connections_per_address:
            await ws.close(1008, "too many connections from this address")
            return
        self.per_address[address] += 1
        _small_reads(ws)
        client = Client(ws, address, self.limits.bucket(), route=_route(ws))
        writer = asyncio.create_task(self._write(client))
        try:
            await self._hello(client)
            async for frame in ws:
                pause = self._admit(client)
                if pause is None:
                    pause = self._receive(client, frame)
                if pause:
                    await asyncio.sleep(pause)  # nothing more is read from it meanwhile
        except (ConnectionClosed, TimeoutError, _Closed):
            pass
        finally:
            self.per_address[address] -= 1
            if not self.per_address[address]:
                del self.per_address[address]
            self._detach(client)
            writer.cancel()

    async def _hello(self, client: Client) -> None:
        frame = await asyncio.wait_for(client.ws.recv(), HELLO_SECONDS)
        try:
            msg = parse(frame)
        except ProtocolError as exc:
            await client.ws.close(1008, str(exc)[:100])
            raise _Closed from None
        if msg["type"] != "hello" or msg["version"] != VERSION:
            await client.ws.close(1008, f"say hello with protocol version {VERSION} first")
            raise _Closed
        client.send({"type": "welcome", "version": VERSION, "server": f"cardtable {__version__}"})

    async def _write(self, client: Client) -> None:
        try:
            while True:
                text = await client.outbox.get()
                if text is None:
                    await client.ws.close(1008, client.close_reason)
                    return
                await client.ws.send(text)
        except ConnectionClosed:
            pass

    def _admit(self, client: Client) -> float | None:
        """Rate limits: None when the message may be read; otherwise it is dropped, the client is
        told (once a pause), and the seconds before its connection is read again (0: it is closed).
        A connection shares its address's rate with the address's other connections, so its pause
        is its share of the address's wait: many connections from one place are no faster than one."""
        now = time.monotonic()
        shared = self.address_buckets.get(client.address)
        if shared is None:
            shared = self.address_buckets[client.address] = self.limits.address_bucket()
        if client.bucket.take(now) and shared.take(now):
            return None
        share = max(1, self.per_address.get(client.address, 1))
        return self._refuse(client, now, max(client.bucket.wait(now), shared.wait(now) * share))

    def _refuse(self, client: Client, now: float, wait: float) -> float:
        """A message dropped for the limits: the client is told, and not read for a while; one
        that keeps on is closed, and its address refused new connections for a while."""
        pause = client.throttle.refuse(now, wait)
        if pause is None or now < self.cooling.get(client.address, now):  # flooding, or its address is
            client.close_soon("too many messages: come back later")
            self._cool(client.address, now)
            return 0.0
        client.send({"type": "error", "code": "rate_limited", "message": "too many messages: slow down"})
        return pause

    def _receive(self, client: Client, frame: str | bytes) -> float | None:
        """Read and answer one message; the seconds before the connection is read again, when the
        server as a whole is too busy to take what it asked (nothing was done)."""
        seq = None
        try:
            msg = parse(frame)
            seq = msg.get("seq")
            if msg["type"] != "act" and client.opened:  # a connection's first word is its own
                now = time.monotonic()
                if not self.chatter.take(now):
                    return self._refuse(client, now, self.chatter.wait(now) * max(1, len(self.per_address)))
            client.opened = True
            self._dispatch(client, msg)
        except ProtocolError as exc:
            self._error(client, exc.code, str(exc), seq)
        except IllegalAction as exc:
            self._error(client, "illegal", str(exc), seq)
        except Fenced as exc:
            self._error(client, "moved", "this table is played on another server now: come back", seq)
            if client.table is not None:
                self._let_go_now(client.table, str(exc))
        except Unavailable as exc:
            log.warning("%s: %s", client.address, exc)
            self._error(client, "unavailable", "the server cannot keep records just now: try again soon", seq)
        except Exception:  # a fault of ours: said, logged, and the connection and the other tables go on
            log.exception("a message from %s could not be handled", client.address)
            self._error(client, "server_error", "the server could not do that", seq)
        return None

    def _error(self, client: Client, code: str, text: str, seq: int | None = None) -> None:
        msg: dict[str, Any] = {"type": "error", "code": code, "message": text}
        if seq is not None:
            msg["seq"] = seq
        client.send(msg)

    def _dispatch(self, client: Client, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "ping":
            client.send({"type": "pong"})
            return
        if kind == "hello":
            raise ProtocolError("hello_again", "this connection has already said hello")
        if kind == "leave":
            self._detach(client)
            client.send({"type": "left"})
            return
        if kind == "act":
            self._act(client, msg)
            return
        if kind != "start" and client.table is not None:
            raise ProtocolError("seated", "this connection is already at a table: leave it first")
        if client.route is not None and msg.get("table") != client.route:
            raise ProtocolError("wrong_table", f"this connection is for table {client.route}")
        getattr(self, f"_{kind}")(client, msg)

    # -- seating ----------------------------------------------------------------------

    def _table(self, code: str) -> ServerTable:
        """The table ``code``: in memory, or taken up from its record (a finished one is let go).
        With a shared store, a table nobody here is at may have been played on elsewhere since:
        it is taken up again when its record has moved on."""
        table = self.tables.get(code)
        stale = table is not None and self.store.shared and not self.clients.get(code)
        if stale and table is not None and self.store.moves(code) != table.moves:
            self._drop(code)
            table = None
        if table is None:
            record = self.store.load(code)
            if record is None:
                raise ProtocolError("no_table", f"no table {code} here")
            table = self.tables[code] = ServerTable.restore(record)
            asyncio.get_running_loop().call_soon(self._computers, code)  # a computer's turn goes on here
        return table

    def _create(self, client: Client, msg: dict[str, Any]) -> None:
        for _try in range(20):
            code = new_code()
            if code in self.tables:
                continue
            try:
                table, token = ServerTable.create(self.store, code, msg)
                break
            except Fenced:  # the code is another table's (made here before, or by another process)
                continue
        else:
            raise ProtocolError("server_error", "no free table code was found: try again")
        self.tables[code] = table
        self._seat(client, table, 0, token)
        if self.balancers and client.route is None:
            # Behind a balancer the table's players reach the process its code routes to: the
            # creator goes there too (its line comes back at /t/CODE and resumes, and the table is
            # started there when it is full), and this process forgets the table at once.
            client.close_soon("the table is at its own address: come back there")
            self.clients.pop(code, None)
            client.table = client.seat = None
            self._drop(code)
            return
        self._maybe_autostart(table)

    def _join(self, client: Client, msg: dict[str, Any]) -> None:
        table = self._table(msg["table"])
        seat = table.free_seat(msg.get("seat"))
        token = table.seat_person(self.store, seat, msg.get("name"))
        self._seat(client, table, seat, token)
        self._maybe_autostart(table)

    def _resume(self, client: Client, msg: dict[str, Any]) -> None:
        table = self._table(msg["table"])
        seat = table.seat_of(msg["token"])
        for other in list(self.clients[table.code]):
            if other.seat == seat:
                other.table = None  # the seat's new connection replaces the old one
                self.clients[table.code].discard(other)
                other.send(
                    {"type": "error", "code": "replaced", "message": "this seat was taken up elsewhere"}
                )
                other.close_soon()
        timer = self._timers.pop((table.code, seat), None)
        if timer is not None:
            timer.cancel()
        table.away.pop(seat, None)
        self._seat(client, table, seat, None, msg.get("move", -1))
        self._maybe_autostart(table)  # a table made elsewhere starts where its players are

    def _watch(self, client: Client, msg: dict[str, Any]) -> None:
        table = self._table(msg["table"])
        client.table, client.seat = table.code, None
        self.clients[table.code].add(client)
        client.send(table.lobby(self._connected(table.code)))
        if table.game is not None:
            client.send(self._state(table, None, msg.get("move", -1)))

    def _seat(self, client: Client, table: ServerTable, seat: int, token: str | None, move: int = -1) -> None:
        client.table, client.seat = table.code, seat
        self.clients[table.code].add(client)
        joined: dict[str, Any] = {
            "type": "joined",
            "table": table.code,
            "seat": seat,
            "seq": table.record.seats[seat].last_seq,
        }
        if token is not None:
            joined["token"] = token
        client.send(joined)
        self._lobby(table)
        if table.game is not None:
            client.send(self._state(table, seat, move))

    def _start(self, client: Client, msg: dict[str, Any]) -> None:
        table = self._table(msg["table"])
        if table.seat_of(msg["token"]) != 0:
            raise ProtocolError("not_host", "only the host starts the game")
        self._begin(table)

    def _maybe_autostart(self, table: ServerTable) -> None:
        seats = table.record.seats
        full = all(s.kind == "computer" or s.token is not None for s in seats)
        if table.settings["autostart"] and full and not table.record.started:
            self._begin(table)

    def _begin(self, table: ServerTable) -> None:
        table.start(self.store)
        self._lobby(table)
        for client in self.clients[table.code]:
            client.send(self._state(table, client.seat, -1))
        self._computers(table.code)

    def _detach(self, client: Client) -> None:
        code, seat = client.table, client.seat
        client.table, client.seat = None, None
        if code is None or client not in self.clients[code]:
            return
        self.clients[code].discard(client)
        table = self.tables.get(code)
        if table is not None and seat is not None:
            self._away(table, seat)
            self._lobby(table)
        self._let_go(code)

    def _let_go(self, code: str) -> None:
        """A finished table nobody is at leaves memory: a server that runs for months holds only the
        tables in play. Its record stays, and :meth:`_table` takes it up again if anyone comes back."""
        table = self.tables.get(code)
        if table is None or self.clients.get(code) or table.game is None or not table.game.is_over():
            return
        self._drop(code)

    def _drop(self, code: str) -> None:
        self.tables.pop(code, None)
        self.clients.pop(code, None)
        self.busy.discard(code)
        for key in [k for k in self._timers if k[0] == code]:
            self._timers.pop(key).cancel()

    def _let_go_now(self, code: str, why: str) -> None:
        """Another process wrote to this table first: it is theirs now. Its connections here are
        closed, so they come back (the balancer sends them to whoever holds it) and are told the
        table as it is."""
        log.info("table %s is let go: %s", code, why)
        for client in self.clients.get(code, set()):
            client.table = client.seat = None
            client.close_soon()
        self._drop(code)

    def _away(self, table: ServerTable, seat: int) -> None:
        """``seat``'s person is gone: a stand-in plays after a moment; the seat stays theirs for a while."""
        table.away[seat] = time.monotonic()
        loop = asyncio.get_running_loop()
        code = table.code
        old = self._timers.pop((code, seat), None)
        if old is not None:
            old.cancel()
        self._timers[(code, seat)] = loop.call_later(
            float(table.settings["grace"]), self._give_up, code, seat
        )
        loop.call_later(STANDIN_DELAY + 0.05, self._stand_in, code, seat)

    def _stand_in(self, code: str, seat: int) -> None:
        """The computer takes the away seat now: every seat is told (``computer_now``), then it plays."""
        table = self.tables.get(code)
        if (
            table is not None
            and seat in table.away
            and table.record.started
            and table.played_by_computer(seat)
        ):
            self._lobby(table)
        self._computers(code)

    def _give_up(self, code: str, seat: int) -> None:
        self._timers.pop((code, seat), None)
        table = self.tables.get(code)
        if table is None or seat not in table.away or not table.record.started:
            return
        try:
            table.give_up(self.store, seat)
        except Unavailable:  # the seat stays the player's until the records can say otherwise
            self._timers[(code, seat)] = asyncio.get_running_loop().call_later(
                UNAVAILABLE_RETRY * 5, self._give_up, code, seat
            )
            return
        self._lobby(table)
        self._computers(code)

    def _connected(self, code: str) -> set[int]:
        return {c.seat for c in self.clients[code] if c.seat is not None}

    def _lobby(self, table: ServerTable) -> None:
        text = dumps(table.lobby(self._connected(table.code)))
        for client in self.clients[table.code]:
            client.send(text)
        if self.announcer is not None and table.moves == 0:  # a game under way is listed by none
            self.announcer.show(self.open_tables())

    def open_tables(self) -> list[OpenTable]:
        """Tables gathering players now: not started, the host at the table, a person's seat free."""
        found = []
        for code, clients in self.clients.items():
            table = self.tables.get(code)
            if table is None or table.record.started or not any(c.seat == 0 for c in clients):
                continue
            seats = table.record.seats
            free = sum(s.kind == "human" and s.token is None for s in seats)
            if free:
                found.append(OpenTable(seats[0].name, table.record.game, code, len(seats), free))
        return found

    # -- moves ----------------------------------------------------------------------------

    def _act(self, client: Client, msg: dict[str, Any]) -> None:
        if client.table is None or client.seat is None:
            raise ProtocolError("not_seated", "only a seated player acts: join or resume a table first")
        if msg["seat"] != client.seat:
            raise ProtocolError(
                "not_your_seat", f"this connection plays seat {client.seat}, not {msg['seat']}"
            )
        table = self._table(client.table)
        if table.game is None:
            raise ProtocolError("not_started", "the game has not started")
        try:
            action = wire.read_action(msg["action"], table.game.catalog)
        except ValueError as exc:
            raise ProtocolError("bad_action", str(exc)) from None
        moved = table.act(self.store, client.seat, action, msg["move"], msg["seq"])
        client.send({"type": "ack", "seq": msg["seq"], "move": moved.move})
        self._moved(table, moved)

    def _moved(self, table: ServerTable, moved: Moved) -> None:
        sent: dict[int | None, str] = {}
        shared = _Shared(moved.events)
        for client in self.clients[table.code]:
            seat = client.seat
            if seat not in sent:
                sent[seat] = dumps(self._update(table, seat, moved.move, moved.events, moved.seat, shared))
            client.send(sent[seat])
        self._computers(table.code)

    def _update(
        self,
        table: ServerTable,
        seat: int | None,
        move: int,
        events: list[Event],
        who: int,
        shared: _Shared,
    ) -> dict:
        return {
            "type": "update",
            "table": table.code,
            "move": move,
            "seat": who,
            "events": [shared.encode(e) for e in redact(events, seat)],
            "view": wire.encode(table.view(seat)),
        }

    def _state(self, table: ServerTable, seat: int | None, since: int) -> dict[str, Any]:
        """Everything a (re)joining client needs: the view now and the events it has not seen."""
        return {
            "type": "state",
            "table": table.code,
            "move": table.moves,
            "since": since if 0 <= since <= table.moves else -1,
            "events": [wire.encode(e) for e in redact(table.events_since(since), seat)],
            "view": wire.encode(table.view(seat)),
        }

    def _computers(self, code: str) -> None:
        table = self.tables.get(code)
        if table is None or code in self.busy or table.computer_to_act() is None:
            return
        self.busy.add(code)
        asyncio.get_running_loop().create_task(self._play_computers(table))

    async def _play_computers(self, table: ServerTable) -> None:
        try:
            while self.tables.get(table.code) is table and (seat := table.computer_to_act()) is not None:
                await asyncio.sleep(float(table.settings["pace"]))
                if table.computer_to_act() != seat:
                    continue
                view = table.view(seat)
                before = table.moves
                if table.record.seats[seat].level in SLOW_LEVELS:
                    action = await self._think(table, seat, view)
                    if table.moves != before or table.computer_to_act() != seat:
                        continue  # someone moved meanwhile: think again
                else:
                    action = table.agent(seat).choose(view)
                try:
                    moved = table.act(self.store, seat, action, table.moves, None)
                except Unavailable as exc:  # the records are out of reach: the computer waits
                    log.warning("table %s waits for its records: %s", table.code, exc)
                    await asyncio.sleep(UNAVAILABLE_RETRY)
                    continue
                self._moved(table, moved)
        except Fenced as exc:
            if self.tables.get(table.code) is table:
                self._let_go_now(table.code, str(exc))
        except Exception:
            log.exception("a computer at table %s failed", table.code)
        finally:
            self.busy.discard(table.code)

    async def _think(self, table: ServerTable, seat: int, view: Any) -> Action:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=1)
        loop = asyncio.get_running_loop()
        seed = table.record.seed * 31 + seat + table.moves
        return await loop.run_in_executor(self._pool, _choose, table.spec.id, "hard", seed, view)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
        self.store.close()


class _Gated(ServerConnection):
    """A connection refused at once, before a byte of its handshake is read, when its address is
    cooling off after a flood (behind a balancer, whose address never cools, :meth:`TableServer.gate`
    refuses it after the handshake's request instead): a flood's reconnections cost next to nothing."""

    tables: TableServer
    refused = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        if isinstance(peer, tuple) and not self.tables.may_connect(str(peer[0])):
            self.refused = True
            transport.abort()
            return
        super().connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.refused:
            super().connection_lost(exc)


class _Shared:
    """A move's events as sent, each encoded once for every seat that receives it unchanged (an
    event redacted for a seat is a copy of its own, encoded for that seat alone)."""

    def __init__(self, events: list[Event]) -> None:
        self.events = {id(e): e for e in events}
        self.sent: dict[int, Any] = {}

    def encode(self, event: Event) -> Any:
        key = id(event)
        if self.events.get(key) is not event:
            return wire.encode(event)
        if key not in self.sent:
            self.sent[key] = wire.encode(event)
        return self.sent[key]


class _Closed(Exception):
    """The connection was closed for a bad start."""


def _choose(game: str, level: str, seed: int, view: Any) -> Action:
    from cardtable import games
    from cardtable.ai import make_agent

    return make_agent(level, games.get(game), seed).choose(view)


def _address(peer: Any, request: Request | None, balancers: frozenset[str] = frozenset()) -> str:
    """Whom the connection is for: its peer, or, when the peer is a trusted balancer, the address
    the balancer added last to ``X-Forwarded-For`` (what a client wrote there itself is not read)."""
    address = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
    if address in balancers and request is not None:
        forwarded = request.headers.get_all("X-Forwarded-For")
        last = forwarded[-1].split(",")[-1].strip() if forwarded else ""
        if last:
            return last
    return address


RECEIVE_BUFFER = 4 * 1024
"""Bytes the system holds for a connection before its sender must wait (and the most one read
takes in): a player's messages are small, and a flood read in large gulps would be parsed in one
go, holding up every other table meanwhile."""


def _small_reads(ws: ServerConnection) -> None:
    sock = ws.transport.get_extra_info("socket") if ws.transport is not None else None
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER)


def _route(ws: ServerConnection) -> str | None:
    """The table code of a connection's path ``.../t/CODE`` (None: the server's own address)."""
    path = ws.request.path if ws.request is not None else ""
    head, sep, code = path.split("?", 1)[0].rpartition("/t/")
    return code.upper() if sep and len(code) == CODE_LENGTH and code.isalnum() else None


async def run(
    host: str,
    port: int,
    data: Path | str,
    *,
    certfile: str | None = None,
    keyfile: str | None = None,
    limits: Limits | None = None,
    ready: Any = None,
    announce: bool = False,
    lan: Sequence[str] = (),
    balancers: Sequence[str] = (),
) -> None:
    """Serve until SIGINT or SIGTERM. Prints (or gives ``ready``) the address once listening;
    ``announce``: list the tables gathering players on the local network (``lan``: on the
    interfaces with these addresses only; see :func:`~cardtable.net.discovery.lan_interfaces`)."""
    server = TableServer(data, limits, balancers)  # an OSError if another server keeps its tables there
    try:
        interfaces = (lan_interfaces(lan) or []) if announce else None
        await _serve(server, host, port, certfile, keyfile, ready, interfaces)
    finally:
        server.close()  # the folder is free again, even when the port could not be had


async def _serve(
    server: TableServer,
    host: str,
    port: int,
    certfile: str | None,
    keyfile: str | None,
    ready: Any,
    announce: list[str] | None,
) -> None:
    """``announce``: None, or the interfaces to announce on ([]: every one)."""
    server.resume_all()
    context = None
    if certfile:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(certfile, keyfile)
    loop = asyncio.get_running_loop()
    stop = server.stopping = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        # not on Windows, nor off the main thread: there the caller sets ``server.stopping``
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
    async with serve(
        server.handler,
        host,
        port,
        max_size=MAX_MESSAGE,
        open_timeout=HELLO_SECONDS,
        ssl=context,
        ping_interval=20,
        ping_timeout=20,
        process_request=server.gate,
        create_connection=type("Gated", (_Gated,), {"tables": server}),
    ) as ws_server:
        bound = ws_server.sockets[0].getsockname()[1]
        scheme = "wss" if context else "ws"
        url = f"{scheme}://{host}:{bound}"
        if announce is not None:
            announcer = Announcer(advertised_address(host, announce), bound, scheme, announce)
            if await announcer.start():
                server.announcer = announcer
        if ready is not None:
            ready(url, server)
        else:
            print(f"Serving tables on {url} (records in {server.store.where})", flush=True)
        try:
            await stop.wait()
        finally:
            if server.announcer is not None:
                await server.announcer.close()
