"""A headless player: creates or joins a table and plays a seat at a computer level to the end.

For tests, load figures and anyone scripting a table. It decides from its seat's view alone,
exactly as a computer at the table does, and comes back by itself when the line drops.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardtable import games
from cardtable.ai import Agent, make_agent
from cardtable.engine import Catalog, GameSpec, View, format_prompt

from . import wire
from .client import Link

MIN_GAP = 0.06
"""Seconds between a bot's actions at the least (a server lets a person send 20 a second)."""


@dataclass(eq=False)
class Bot:
    """One seat played by a computer level over a :class:`Link`. ``record``: each message as it
    arrived (the privacy witness reads them); ``announce``: told the table's code once known."""

    url: str
    first: dict[str, Any]
    level: str = "normal"
    seed: int = 1
    record: list[dict[str, Any]] | None = None
    announce: Callable[[str], None] | None = None
    gap: float = MIN_GAP
    link: Link = field(init=False)
    spec: GameSpec | None = None
    catalog: Catalog | None = None
    agent: Agent | None = None
    names: list[str] = field(default_factory=list)
    view: View | None = None
    pending: int | None = None
    """The sequence number of an action not yet answered."""
    result: View | None = None
    _sent_at: float = -1.0

    def __post_init__(self) -> None:
        self.link = Link(self.url, self.first, self._message)

    async def play(self, retries: int | None = 40) -> View:
        """Play until the game ends (its last view); a ``RuntimeError`` if the line gives up."""
        await self.link.run(retries=retries)
        if self.result is None:
            raise RuntimeError(self.link.failure or "the game did not end")
        return self.result

    def _message(self, msg: dict[str, Any]) -> None:
        if self.record is not None:
            self.record.append(msg)
        kind = msg["type"]
        if kind == "joined" and self.announce is not None:
            self.announce(msg["table"])
            self.announce = None
        elif kind == "table":
            self._table(msg)
        elif kind in ("state", "update"):
            assert self.catalog is not None
            self.view = wire.view_of(msg["view"], self.catalog)
            self.pending = None if kind == "state" else self.pending
            self._next()
        elif kind == "ack" and msg["seq"] == self.pending:
            self.pending = None
        elif kind == "error" and msg["code"] in ("rate_limited", "unavailable") and self.pending is not None:
            self.pending = None  # the action was not read, or not kept: send it again a little later
            asyncio.get_running_loop().call_later(0.5, self._next)
        elif kind == "error" and msg.get("seq") == self.pending and self.pending is not None:
            self.pending = None  # refused (stale, most often): decide again on the next view
            if msg["code"] != "stale":
                print(f"refused: {msg['message']}", file=sys.stderr)
            self._next()

    def _table(self, msg: dict[str, Any]) -> None:
        self.names = [s["name"] for s in msg["seats"]]
        if self.spec is None:
            self.spec = games.get(msg["game"])
            self.catalog = self.spec.new_game(msg["players"], msg["options"], 0).catalog

    def _next(self) -> None:
        view = self.view
        if view is None or self.spec is None:
            return
        if view.over:
            self.result = view
            self.link.close()
            return
        seat = self.link.ticket.seat if self.link.ticket else None
        if seat is None or not view.legal or self.pending is not None:
            return
        if self.agent is None:
            self.agent = make_agent(self.level, self.spec, self.seed * 31 + seat)
        action = self.agent.choose(view)
        asyncio.ensure_future(self._send(seat, action, self.link.move))

    async def _send(self, seat: int, action: Any, move: int) -> None:
        self.pending = -1  # on its way
        loop = asyncio.get_running_loop()
        wait = self._sent_at + self.gap - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)  # within a person's rate limit, however fast it decides
        self._sent_at = loop.time()
        self.pending = await self.link.act(seat, wire.encode(action), move)

    def summary(self) -> str:
        """The result in one line: each player's score, the winners first."""
        view = self.result
        if view is None:
            return "no result"
        names = self.names or [f"Seat {i + 1}" for i in range(view.players)]
        won = ", ".join(names[w] for w in view.winners) or "nobody"
        scores = ", ".join(f"{n} {s:g}" for n, s in zip(names, view.scores, strict=False))
        return format_prompt(f"Game over. Won: {won}. Scores: {scores}.", names)


def run_bot(
    url: str,
    *,
    create: str | None,
    players: int | None,
    variant: str | None,
    table: str | None,
    level: str,
    name: str | None,
    seed: int,
    pace: float,
) -> int:
    """``cardtable bot``: prints the table's code first (with --create), then the result."""
    if create is not None:
        spec = games.get(create)
        first: dict[str, Any] = {
            "type": "create",
            "game": spec.id,
            "players": players or spec.min_players,
            "name": name or "Bot 1",
            "autostart": True,
            "pace": pace,
        }
        if variant:
            first["variant"] = variant
    else:
        first = {"type": "join", "table": table, "name": name or "Bot"}

    def announce(code: str) -> None:
        if create is not None:
            print(code, flush=True)

    bot = Bot(url, first, level, seed, announce=announce)
    try:
        asyncio.run(bot.play())
    except RuntimeError as exc:
        print(f"cardtable bot: {exc}", file=sys.stderr)
        return 1
    print(bot.summary(), flush=True)
    return 0
