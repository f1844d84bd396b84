"""A remote match: a seat at a table on a server, with :class:`~cardtable.match.Match`'s interface.

The table scene plays it as it plays a local match: views and events in, actions out. The line
to the server runs on a thread of its own (an asyncio loop with a :class:`~cardtable.net.client.Link`);
what the server sends waits in a queue until the table takes it (:meth:`RemoteMatch.arrived`),
so the view and the events the table reads change only between its frames, together.
"""

from __future__ import annotations

import asyncio
import queue
import random
import threading
from dataclasses import dataclass, field, replace
from typing import Any

from cardtable import games
from cardtable.engine import Action, Catalog, Event, Game, IllegalAction, View, say
from cardtable.engine.actions import find_action
from cardtable.match import Seat

from . import wire
from .client import Link


class _Elsewhere:
    """The agent of a seat played on another computer (the table never asks it)."""

    name = "elsewhere"


ELSEWHERE: Any = _Elsewhere()


@dataclass(eq=False)
class RemoteMatch:
    """One seat (or a spectator's chair) at a server's table. ``first``: the message that finds the
    table (``create``, ``join`` or ``watch``)."""

    url: str
    first: dict[str, Any]
    insecure: bool = False
    lobby: dict[str, Any] | None = None
    """The table's public facts (its game, seats and who is there), as last sent."""
    status: str = "connecting"
    errors: list[str] = field(default_factory=list)
    """Refusals not yet shown (the server's words)."""
    log: list[Event] = field(default_factory=list)
    changed: bool = False
    _view: View | None = None
    _incoming: list[dict[str, Any]] = field(default_factory=list)
    _pending: int | None = None
    _outbox: list[Action] = field(default_factory=list)
    _move: int = 0
    _game: tuple[int, Game] | None = None
    _catalog: Catalog | None = None

    def __post_init__(self) -> None:
        self._queue: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self.link = Link(self.url, self.first, self._from_server, self._status, insecure=self.insecure)
        self._thread = threading.Thread(target=self._run, name="table-link", daemon=True)
        self._thread.start()

    # -- the line (on its own thread) ---------------------------------------------------------

    def _run(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            await self.link.run()

        asyncio.run(main())

    def _from_server(self, msg: dict[str, Any]) -> None:
        self._queue.put(("message", msg))

    def _status(self, status: str) -> None:
        self._queue.put(("status", status))

    def send(self, msg: dict[str, Any]) -> None:
        """Send ``msg`` as it is (the lobby's Start)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            asyncio.run_coroutine_threadsafe(self.link.send(msg), loop)

    def close(self) -> None:
        """Leave the table (the seat stays ours for the host's grace time)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.link.close)

    # -- taking what arrived (on the table's thread) --------------------------------------------

    def pump(self) -> None:
        """Take in what the server sent: the lobby and refusals at once, moves for :meth:`arrived`."""
        while True:
            try:
                kind, item = self._queue.get_nowait()
            except queue.Empty:
                return
            if kind == "sent":
                self._pending = item  # None: the line was down, nothing went
                continue
            if kind == "status":
                self.status = item
                if item == "closed" and self.link.failure:
                    self.errors.append(self.link.failure)
                continue
            msg = item
            if msg["type"] == "table":
                self.lobby = msg
            elif msg["type"] in ("state", "update"):
                self._incoming.append(msg)
            elif msg["type"] == "ack" and msg["seq"] == self._pending:
                self._pending = None
            elif msg["type"] == "error":
                if msg.get("seq") is not None and msg.get("seq") == self._pending:
                    self._pending = None
                if msg["code"] not in ("stale", "moved"):  # moved: the line comes back by itself
                    self.errors.append(msg["message"])

    @property
    def started(self) -> bool:
        """The game has been dealt (its first view has come, or is waiting to be taken)."""
        self.pump()
        return self._view is not None or bool(self._incoming)

    def arrived(self) -> list[Event]:
        """The moves made since the table last asked, as this seat may see them (its view moves on
        with them)."""
        self.pump()
        events: list[Event] = []
        catalog = self.catalog
        for msg in self._incoming:
            try:
                new = wire.events_of(msg["events"], catalog)
                view = wire.view_of(msg["view"], catalog)
            except (KeyError, ValueError, TypeError) as exc:  # another version's words: said, not a crash
                self.errors.append(str(exc))
                continue
            if msg["type"] == "state" and msg["since"] < 0:
                self.log = []  # the whole game from the deal
                events = []
            self.log += new
            events += new
            self._view = view
            self._move = msg["move"]
            if msg["type"] == "state":
                self._pending = None  # a view after a reconnection: whatever was on its way is settled
        self._incoming.clear()
        self._flush()
        return events

    # -- Match's interface ------------------------------------------------------------------------

    @property
    def seat(self) -> int | None:
        ticket = self.link.ticket
        return ticket.seat if ticket is not None else None

    @property
    def code(self) -> str | None:
        ticket = self.link.ticket
        return ticket.table if ticket is not None else None

    @property
    def spec(self):  # noqa: ANN201 - the game's GameSpec
        assert self.lobby is not None
        return games.get(self.lobby["game"])

    @property
    def catalog(self) -> Catalog:
        """The game's cards (the same for every deal of its rules and table size)."""
        assert self.lobby is not None
        if self._catalog is None:
            self._catalog = self.spec.new_game(self.lobby["players"], self.lobby["options"], 0).catalog
        return self._catalog

    @property
    def seats(self) -> list[Seat]:
        lobby = self.lobby or {"seats": []}
        return [Seat(s["name"], None if i == self.seat else ELSEWHERE) for i, s in enumerate(lobby["seats"])]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def view(self, seat: int | None) -> View:
        view = self._view
        assert view is not None, "the game has not started"
        if self.waiting:  # nothing to do until the server has answered (or the line is back)
            return replace(view, legal=(), select=0, to_act=tuple(s for s in view.to_act if s != self.seat))
        return view

    def to_act(self) -> tuple[int, ...]:
        return self._view.to_act if self._view is not None else ()

    @property
    def over(self) -> bool:
        return self._view is not None and self._view.over

    def agent_to_act(self) -> int | None:
        return None  # the server's computers decide there

    def humans_to_act(self) -> list[int]:
        return (
            [self.seat] if self.seat is not None and self.seat in self.to_act() and not self.waiting else []
        )

    @property
    def waiting(self) -> bool:
        """An action is on its way to the server, or the line is down."""
        return self._pending is not None or self.status != "connected"

    def step_agent(self) -> list[Event] | None:
        return None

    def act(self, seat: int, action: Action) -> list[Event]:
        """Send ``seat``'s action; its events come back with the server's answer (:meth:`arrived`).
        Several actions made at once (cards picked one by one, then confirmed) go one after the
        other, each once the server has answered the one before."""
        if seat != self.seat:
            raise IllegalAction(say("{action} is not a move you can make now", action=str(action)))
        if self.waiting or self._outbox:
            self._outbox.append(action)
            return []
        self._send_now(action)
        return []

    def _send_now(self, action: Action) -> None:
        view, loop = self._view, self._loop
        chosen = find_action(view.legal if view is not None else (), action)
        if chosen is None:
            raise IllegalAction(say("{action} is not a move you can make now", action=str(action)))
        if loop is None or loop.is_closed():
            raise IllegalAction(say("the table cannot be reached"))
        self._pending = -1  # on its way
        asyncio.run_coroutine_threadsafe(self._send(self.seat or 0, chosen, self._move), loop)

    def _flush(self) -> None:
        """The next of several actions made at once, once the one before is answered."""
        if self._outbox and not self.waiting:
            try:
                self._send_now(self._outbox.pop(0))
            except IllegalAction as exc:
                self._outbox.clear()  # the game moved on: the rest of the choice is void
                self.errors.append(str(exc))

    async def _send(self, seat: int, action: Action, move: int) -> None:
        seq = await self.link.act(seat, wire.encode(action), move)
        self._queue.put(("sent", seq))  # before the server's answer: this loop reads nothing in between

    @property
    def game(self) -> Game:
        """A full game consistent with this seat's view (the engine's own explanations read it);
        never the server's game, which holds cards this seat may not see."""
        view = self._view
        assert view is not None
        key = len(self.log)
        if self._game is None or self._game[0] != key:
            self._game = (key, self.spec.determinize(view, random.Random(key)))
        return self._game[1]

    def undo_point(self, seat: int) -> int | None:
        return None
