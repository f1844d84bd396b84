"""Several server processes on one PostgreSQL database: a table is held by whichever process its
players reach, taken up from the record when they move to another (a process killed, a balancer
changed), and a process whose idea of a table is out of date lets it go instead of writing over
the record. Every game ends exactly as a local replay of its seed and moves."""

from __future__ import annotations

import asyncio
import json

import pytest
from net_support import FAST, ServerProcess, record, witness
from websockets.asyncio.client import connect

from cardtable.net.bot import Bot


def _processes(url: str, n: int) -> list[ServerProcess]:
    out = []
    for _ in range(n):
        srv = ServerProcess(url, list(FAST))
        srv.start()
        out.append(srv)
    return out


async def _until_moves(received: list[dict], moves: int) -> None:
    while not any(m.get("type") in ("update", "state") and m["move"] >= moves for m in received):
        await asyncio.sleep(0.02)


@pytest.mark.parametrize(("game", "players"), [("ugly", 3), ("ugo", 2)])
def test_a_killed_process_s_tables_go_on_at_another(postgres_url, game, players):
    """The players of a table on process A come back to process B when A is killed (SIGKILL,
    mid-game): B takes the table up from the record, and the game ends as its replay."""
    a, b = _processes(postgres_url, 2)
    try:

        async def scenario():
            loop = asyncio.get_running_loop()
            got: asyncio.Future[str] = loop.create_future()
            received: dict[int | None, list[dict]] = {i: [] for i in range(players)}
            first = {"type": "create", "game": game, "players": players, "autostart": True, "pace": 0}
            bots = [Bot(a.url, first, "normal", 1, received[0], got.set_result, gap=0.02)]
            tasks = [asyncio.ensure_future(bots[0].play())]
            code = await asyncio.wait_for(got, 20)
            for seat in range(1, players):
                bot = Bot(
                    a.url, {"type": "join", "table": code}, "normal", seat + 1, received[seat], gap=0.02
                )
                bots.append(bot)
                tasks.append(asyncio.ensure_future(bot.play()))
            await asyncio.wait_for(_until_moves(received[0], 6), 60)
            a.kill()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            again = []
            for seat, bot in enumerate(bots):
                ticket = bot.link.ticket
                assert ticket is not None and ticket.token is not None
                resume = {"type": "resume", "table": code, "token": ticket.token}
                back = Bot(b.url, resume, "normal", seat + 1, received[seat], gap=0.02)
                back.link.move = bot.link.move
                again.append(back.play())
            results = await asyncio.wait_for(asyncio.gather(*again), 240)
            return code, received, results

        code, received, results = asyncio.run(scenario())
        assert all(r.over for r in results)
        rec = record(postgres_url, code)
        assert witness(rec, received)  # every message matches the replay of the kept moves
    finally:
        for srv in (a, b):
            srv.stop()


def test_a_process_out_of_date_lets_the_table_go(postgres_url):
    """Process A holds a table while the player to act has moved to B and played there. The same
    move sent again at A (on its old connection) is refused as "moved" and the connection closed:
    A never writes over B's move. Coming back to A, the table is taken up as the record has it."""
    a, b = _processes(postgres_url, 2)
    try:

        async def scenario():
            async with connect(a.url) as host, connect(a.url) as guest:
                for ws in (host, guest):
                    await ws.send(json.dumps({"type": "hello", "version": 1}))
                    await ws.recv()
                joined = [
                    await _say(host, {"type": "create", "game": "ugo", "players": 2, "autostart": True})
                ]
                code = joined[0]["table"]
                joined.append(await _say(guest, {"type": "join", "table": code}))
                states = [await _state(ws) for ws in (host, guest)]
                mover = next(i for i, st in enumerate(states) if _legal(st))
                other = 1 - mover
                action = _legal(states[mover])[0]
                async with connect(b.url) as elsewhere:  # the mover's line reaches B, which takes it up
                    await elsewhere.send(json.dumps({"type": "hello", "version": 1}))
                    await elsewhere.recv()
                    await _say(elsewhere, {"type": "resume", "table": code, "token": joined[mover]["token"]})
                    at_b = await _state(elsewhere)
                    moved_at_b = await _act(elsewhere, at_b["move"], mover, action)
                old_line = (host, guest)[mover]
                refused = await _act(old_line, states[mover]["move"], mover, action)
                closed = await _closed(old_line)
            async with connect(a.url) as back:
                await back.send(json.dumps({"type": "hello", "version": 1}))
                await back.recv()
                await _say(back, {"type": "resume", "table": code, "token": joined[other]["token"]})
                now = await _state(back)
            return code, moved_at_b, refused, closed, now

        code, moved_at_b, refused, closed, now = asyncio.run(scenario())
        assert moved_at_b["type"] == "ack"
        assert refused["type"] == "error" and refused["code"] == "moved", refused
        assert closed, "the out-of-date process kept the connection"
        kept = record(postgres_url, code)["moves"]
        assert len(kept) == 1 and now["move"] == 1  # B's move, once; A took the table up as kept
    finally:
        for srv in (a, b):
            srv.stop()


async def _say(ws, msg: dict) -> dict:
    await ws.send(json.dumps(msg))
    while True:
        answer = json.loads(await ws.recv())
        if answer["type"] not in ("table", "welcome", "state"):
            return answer


async def _state(ws) -> dict:
    while True:
        msg = json.loads(await ws.recv())
        if msg["type"] == "state":
            return msg


def _legal(state: dict) -> list:
    from cardtable import games
    from cardtable.net import wire

    catalog = games.get("ugo").new_game(2, {}, 0).catalog
    return list(wire.view_of(state["view"], catalog).legal)


async def _act(ws, move: int, seat: int, action) -> dict:
    from cardtable.net import wire

    msg = {"type": "act", "seq": 1, "move": move, "seat": seat, "action": wire.encode(action)}
    await ws.send(json.dumps(msg))
    while True:
        answer = json.loads(await ws.recv())
        if answer["type"] in ("ack", "error"):
            return answer


async def _closed(ws) -> bool:
    from websockets.exceptions import ConnectionClosed

    try:
        while True:
            await asyncio.wait_for(ws.recv(), 30)
    except ConnectionClosed:
        return True
    except TimeoutError:
        return False
