"""Several server processes behind a real HAProxy (Debian's), with the configuration we ship
(packaging/server/haproxy.cfg), on one PostgreSQL: clients connect to one address, a table's
connections reach one process by its path, the creator is sent on to its table's path, and the
per-address limits read the client's address from the balancer, never from the client."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from net_support import FAST, ServerProcess, haproxy, haproxy_binary, play_table, record, witness
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from cardtable.net.bot import Bot
from pg_support import free_port, missing


@contextmanager
def balanced(
    postgres_url: str, processes: int, *extra: str
) -> Iterator[tuple[str, list[ServerProcess], list[int]]]:
    """``processes`` servers on ``postgres_url`` behind HAProxy: the address clients connect to, the
    servers, and the four ports HAProxy sends to (those past ``processes`` free for later ones)."""
    if haproxy_binary() is None:
        missing("HAProxy", "haproxy")
    ports = [free_port() for _ in range(4)]
    servers = []
    try:
        for port in ports[:processes]:
            srv = ServerProcess(postgres_url, [*FAST, "--balancer", "127.0.0.1", *extra])
            srv.start(port)
            servers.append(srv)
        with haproxy(ports) as url:
            yield url, servers, ports
    finally:
        for srv in servers:
            srv.stop()


@pytest.mark.parametrize(("game", "players"), [("ugly", 4), ("ugh", 5)])
def test_a_game_played_through_the_balancer(postgres_url, game, players):
    with balanced(postgres_url, 2) as (url, _servers, _ports):
        code, received = asyncio.run(play_table(url, game, players, gap=0.02))
    rec = record(postgres_url, code)
    assert witness(rec, received)
    assert all(
        [m for m in msgs if m["type"] in ("update", "state")][-1]["view"]["over"]
        for msgs in received.values()
    )


def test_the_limits_count_the_client_the_balancer_names(postgres_url):
    """Four connections an address: a fifth from 127.0.0.2 is refused, while 127.0.0.3 still gets
    in, though every connection reaches the server from HAProxy; a client that writes its own
    X-Forwarded-For is still counted as itself."""

    async def probe(url: str) -> tuple[int, bool]:
        held, refused = [], 0
        for i in range(6):
            try:
                ws = await connect(
                    url, local_addr=("127.0.0.2", 0), additional_headers={"X-Forwarded-For": f"127.0.1.{i}"}
                )
                await ws.send(json.dumps({"type": "hello", "version": 1}))
                await asyncio.wait_for(ws.recv(), 10)
                held.append(ws)
            except (ConnectionClosed, InvalidStatus):
                refused += 1
        other = await connect(url, local_addr=("127.0.0.3", 0))
        await other.send(json.dumps({"type": "hello", "version": 1}))
        welcomed = json.loads(await asyncio.wait_for(other.recv(), 10))["type"] == "welcome"
        for ws in [*held, other]:
            await ws.close()
        return refused, welcomed

    with balanced(postgres_url, 1, "--connections-per-address", "4") as (url, _servers, _ports):
        refused, welcomed = asyncio.run(probe(url))
    assert refused == 2 and welcomed


FAILOVER_GAMES = [
    ("ugo", 2, {}),
    ("ultimate-loser", 2, {"hands": 2}),
    ("ugh", 2, {}),
    ("ugly", 3, {"rounds": 2}),
]
"""Every game, at a table of one person and computers; the long ones shortened by their own options."""


def test_failover_loses_nothing(postgres, postgres_url):
    """Three processes behind HAProxy on one PostgreSQL, 50 tables of bots in play (each a person
    played by a bot, and computers). One process is killed (SIGKILL) mid-game: every table goes on.
    A fourth process is started: the tables keep going. PostgreSQL is stopped for 10 s: moves are
    refused ("unavailable"), none acknowledged and lost, and play resumes when it is back. Every
    game ends exactly as the replay of its seed and the moves its record keeps, and no message a
    player received says otherwise."""
    tables = 50

    async def scenario(url: str, servers: list[ServerProcess], spare: int) -> dict:
        received: dict[str, list[dict]] = {}
        codes: list[str] = []

        async def one(i: int) -> None:
            game, players, options = FAILOVER_GAMES[i % len(FAILOVER_GAMES)]
            seats = [{"kind": "human"}] + [{"kind": "computer"}] * (players - 1)
            first = {
                "type": "create",
                "game": game,
                "players": players,
                "autostart": True,
                "pace": 0.2,
                "seats": seats,
                "grace": 600,
                "options": options,
            }
            got: asyncio.Future[str] = asyncio.get_running_loop().create_future()
            mine: list[dict] = []
            bot = Bot(url, first, "normal", i, mine, got.set_result, gap=0.05)
            task = asyncio.ensure_future(bot.play(retries=None))
            code = await got
            codes.append(code)
            received[code] = mine
            await task

        def moves(code: str) -> int:
            return max(
                (m["move"] for m in received.get(code, []) if m["type"] in ("update", "state")), default=-1
            )

        async def until(what, limit: float = 120) -> float:
            start = asyncio.get_running_loop().time()
            while not what():
                made = sorted(moves(c) for c in codes)
                assert asyncio.get_running_loop().time() - start < limit, (
                    f"the tables did not get there: {len(codes)} made, moves {made}"
                )
                await asyncio.sleep(0.05)
            return asyncio.get_running_loop().time() - start

        playing = asyncio.gather(*[one(i) for i in range(tables)])
        await until(lambda: len(codes) == tables and all(moves(c) >= 3 for c in codes))
        before = {c: moves(c) for c in codes}
        servers[0].kill()
        went_on = await until(lambda: all(moves(c) > before[c] or _over(received[c]) for c in codes))
        fourth = ServerProcess(postgres_url, [*FAST, "--balancer", "127.0.0.1"])
        fourth.start(spare)
        servers.append(fourth)
        before = {c: moves(c) for c in codes}
        await until(lambda: all(moves(c) > before[c] or _over(received[c]) for c in codes))
        postgres.stop()
        await asyncio.sleep(10)  # the outage itself, not a wait for anything
        postgres.start()
        before = {c: moves(c) for c in codes}
        back = await until(lambda: all(moves(c) > before[c] or _over(received[c]) for c in codes))
        await asyncio.wait_for(playing, 600)
        return {"received": received, "went_on": went_on, "back": back}

    with balanced(postgres_url, 3) as (url, servers, ports):
        result = asyncio.run(scenario(url, servers, ports[3]))
    print(
        f"after the kill every table moved again within {result['went_on']:.1f} s;"
        f" after the outage within {result['back']:.1f} s"
    )
    refused = 0
    for code, mine in result["received"].items():
        assert _over(mine), f"table {code} did not end"
        assert witness(record(postgres_url, code), {0: mine})
        refused += sum(m["type"] == "error" and m["code"] == "unavailable" for m in mine)
    assert refused, "no move was refused while the database was away"


def _over(msgs: list[dict]) -> bool:
    return any(m["type"] in ("update", "state") and m["view"].get("over") for m in msgs)
