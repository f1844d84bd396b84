"""A player's line to a table server: it connects, says hello, takes its seat, and when the line
drops it comes back by itself (waiting longer after each failure) and takes the same seat up
again with its token. The bot and the app's remote table both talk through one.
"""

from __future__ import annotations

import asyncio
import json
import random
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from cardtable import __version__

from .protocol import MAX_MESSAGE, VERSION, dumps

FATAL = frozenset(
    {
        "no_table",
        "table_full",
        "seat_taken",
        "bad_token",
        "seat_lost",
        "bad_game",
        "bad_options",
        "bad_seats",
        "bad_field",
        "bad_text",
        "replaced",
    }
)
"""Errors that end a line: coming back would only be refused again."""
AGAIN = frozenset({"unavailable", "rate_limited"})
"""Errors to a line's opening message that are passing: it connects again a little later."""


@dataclass
class Ticket:
    """What a player needs to come back to a seat."""

    table: str
    seat: int | None
    token: str | None


class Link:
    """One seat's (or a spectator's) connection to a table, kept up until :meth:`close`.

    ``first``: the message that finds the table (``create``, ``join`` or ``watch``);
    ``on_message``: every message from the server, in order (called on the link's loop);
    ``on_status``: "connecting", "connected", "reconnecting" or "closed".
    """

    def __init__(
        self,
        url: str,
        first: dict[str, Any],
        on_message: Callable[[dict[str, Any]], None],
        on_status: Callable[[str], None] | None = None,
        *,
        insecure: bool = False,
    ) -> None:
        self.url = url
        self.first = first
        self.on_message = on_message
        self.on_status = on_status or (lambda status: None)
        self.ticket: Ticket | None = None
        self.move = -1
        self.ws: ClientConnection | None = None
        self.done = False
        self.failure: str | None = None
        """Why the link gave up (a fatal error's words), if it did."""
        self.seq = 0
        self._seated = False
        self._ssl: ssl.SSLContext | None = None
        if url.startswith("wss://") and insecure:
            self._ssl = ssl.create_default_context()
            self._ssl.check_hostname = False
            self._ssl.verify_mode = ssl.CERT_NONE

    async def run(self, *, retries: int | None = None) -> None:
        """Stay connected until closed (or until ``retries`` failures in a row)."""
        delay, failures = 0.2, 0
        self.on_status("connecting")
        while not self.done:
            try:
                kwargs: dict[str, Any] = {"max_size": MAX_MESSAGE * 64, "open_timeout": 10}
                if self._ssl is not None:
                    kwargs["ssl"] = self._ssl
                async with connect(self.address(), **kwargs) as ws:
                    await self._open(ws)
                    delay, failures = 0.2, 0
                    self.on_status("connected")
                    async for raw in ws:
                        self._receive(json.loads(raw))
                        if self.done:
                            break
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError, json.JSONDecodeError):
                pass
            except InvalidURI as exc:
                self.failure = str(exc)
                self.done = True
            self.ws = None
            if self.done:
                break
            failures += 1
            if retries is not None and failures > retries:
                self.failure = self.failure or "the server cannot be reached"
                break
            self.on_status("reconnecting")
            await asyncio.sleep(delay * (1 + random.random() / 2))
            delay = min(delay * 2, 5.0)
        self.on_status("closed")

    def address(self) -> str:
        """Where to connect: the server's address, and a known table's own path on it
        (``/t/CODE``), which a balancer in front of several server processes routes by."""
        code = self.ticket.table if self.ticket is not None else self.first.get("table")
        base = self.url.rstrip("/")
        return f"{base}/t/{code}" if isinstance(code, str) and code else base

    async def _open(self, ws: ClientConnection) -> None:
        await ws.send(dumps({"type": "hello", "version": VERSION, "client": f"cardtable {__version__}"}))
        welcome = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if welcome.get("type") != "welcome":
            raise ConnectionError("the server did not welcome us")
        self.ws = ws
        t = self.ticket
        if t is not None and t.token is not None:
            opening: dict[str, Any] = {"type": "resume", "table": t.table, "token": t.token}
        elif t is not None:
            opening = {"type": "watch", "table": t.table}
        else:
            opening = dict(self.first)
        if self.move >= 0 and opening["type"] in ("resume", "watch"):
            opening["move"] = self.move
        self._seated = False  # until the opening is answered
        await ws.send(dumps(opening))

    def _receive(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        self._seated = self._seated or kind in ("joined", "table", "state")
        if kind == "joined":
            self.ticket = Ticket(
                msg["table"], msg["seat"], msg.get("token") or (self.ticket and self.ticket.token)
            )
            self.seq = max(self.seq, msg.get("seq", -1))
        elif kind == "table" and self.ticket is None and self.first.get("type") == "watch":
            self.ticket = Ticket(msg["table"], None, None)
        elif kind in ("state", "update"):
            self.move = msg["move"]
        elif kind == "error" and msg.get("code") in FATAL and "seq" not in msg:
            self.failure = msg.get("message", msg["code"])
            self.done = True
        elif kind == "error" and msg.get("code") in AGAIN and not self._seated and self.ws is not None:
            # the seat could not be taken up just now (the records out of reach): the line is
            # dropped, and comes back after its usual wait
            asyncio.ensure_future(self.ws.close())
        self.on_message(msg)

    async def send(self, msg: dict[str, Any]) -> bool:
        """Send if connected (False: the line is down; the caller decides again once it is back)."""
        ws = self.ws
        if ws is None:
            return False
        try:
            await ws.send(dumps(msg))
        except ConnectionClosed:
            return False
        return True

    async def act(self, seat: int, action: dict[str, Any], move: int) -> int | None:
        """Send an action (``encode(action)``) made on the view after ``move`` moves; its sequence
        number, or None when the line is down."""
        self.seq += 1
        msg = {"type": "act", "seq": self.seq, "move": move, "seat": seat, "action": action}
        return self.seq if await self.send(msg) else None

    def close(self) -> None:
        self.done = True
        ws = self.ws
        if ws is not None:
            asyncio.ensure_future(ws.close())
