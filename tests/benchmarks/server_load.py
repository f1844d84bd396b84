"""How many tables one server process holds: 4-player tables of Ugly played at a person's pace.

Runs ``cardtable serve`` in its own process and bot clients in a few more, all on loopback. Each
table makes about one move a second (a person's pace); a finished table is replaced by a new one,
so the count stays. For each step of tables it prints the concurrent tables, messages a second
(sent by the server), the action round trip (act to ack) at p50 and p99, and the server's CPU and
memory per table, beside the goal: 1,000 tables with p99 at most 100 ms.

    python tests/benchmarks/server_load.py                 # 100, 250, 500, 1000 tables
    python tests/benchmarks/server_load.py --tables 50 200 --seconds 10
    python tests/benchmarks/server_load.py --processes 2 --store postgresql://... --json

The clients are cheap on purpose (they play the first legal move from the raw view), so the
figures are the server's; on a small machine the clients' own work still takes cores from it,
which the CPU figures show.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/: the server process helper
from net_support import ServerProcess  # noqa: E402

GOAL_TABLES = 1000
GOAL_P99_MS = 100.0
GOAL_CPU_MS = 0.5  # server CPU per move, one process on SQLite
PACE = 1.0  # seconds between a table's moves


async def _seat(
    url: str,
    first: dict,
    samples: list[float],
    counts: list[int],
    stop: float,
    code_out=None,
    source: str | None = None,
) -> None:
    """One seat: ``source``, the loopback address it connects from (each table its own, as
    players at different homes; None: the system's choice). A seat connects at its table's own
    path (``/t/CODE``), as the app does; behind a balancer the creator is sent there, and comes
    back with its token."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    where = {"local_addr": (source, 0)} if source else {}
    state = {"seat": None, "seq": 0, "pending": False, "token": None, "code": first.get("table")}
    while time.monotonic() < stop:
        path = f"{url}/t/{state['code']}" if state["code"] else url
        try:
            async with connect(path, max_size=2**24, **where) as ws:
                await ws.send(json.dumps({"type": "hello", "version": 1}))
                await ws.recv()
                opening = (
                    first
                    if state["token"] is None
                    else {"type": "resume", "table": state["code"], "token": state["token"]}
                )
                await ws.send(json.dumps(opening))
                if await _play(ws, state, samples, counts, stop, code_out):
                    return
        except (ConnectionClosed, InvalidHandshake, OSError):
            pass  # the line dropped, or the balancer had no process for it yet: again, as the app does
        await asyncio.sleep(0.05)


async def _play(ws, state: dict, samples: list[float], counts: list[int], stop: float, code_out) -> bool:
    """Play the seat on this connection; True when the game (or the time) is over."""
    sent_at, last_move = time.monotonic(), time.monotonic()
    async for raw in ws:
        counts[0] += 1
        msg = json.loads(raw)
        kind = msg["type"]
        if kind == "joined":
            state["seat"], state["code"] = msg["seat"], msg["table"]
            state["token"] = msg.get("token") or state["token"]
            if code_out is not None and not code_out.done():
                code_out.set_result(msg["table"])
        elif kind == "ack":
            samples.append(time.monotonic() - sent_at)
            state["pending"] = False
        elif kind == "error":
            state["pending"] = False
        elif kind in ("state", "update"):
            last_move = time.monotonic()
            view = msg["view"]
            if view.get("over") or time.monotonic() > stop:
                return True
            seat = state["seat"]
            if seat in view["to_act"] and view.get("legal") and not state["pending"]:
                wait = last_move + PACE * random.uniform(0.8, 1.2) - time.monotonic()
                await asyncio.sleep(max(0.0, wait))
                state["seq"] += 1
                state["pending"] = True
                sent_at = time.monotonic()
                act = {"type": "act", "seq": state["seq"], "move": msg["move"], "seat": seat}
                await ws.send(json.dumps(act | {"action": view["legal"][0]}))
    return False


async def _table(
    url: str, samples: list[float], counts: list[int], stop: float, source: str | None = None
) -> None:
    """One table after another until ``stop``: four seats, each a connection."""
    while time.monotonic() < stop:
        code = asyncio.get_running_loop().create_future()
        first = {"type": "create", "game": "ugly", "players": 4, "autostart": True, "pace": 0}
        host = asyncio.ensure_future(_seat(url, first, samples, counts, stop, code, source))
        table = await code
        others = [
            _seat(url, {"type": "join", "table": table}, samples, counts, stop, None, source)
            for _ in range(3)
        ]
        await asyncio.gather(host, *others, return_exceptions=True)


def _client(
    url: str, tables: int, seconds: float, warmup: float, out, sources: list[str] | None = None
) -> None:
    async def main() -> None:
        samples: list[float] = []
        counts = [0]
        stop = time.monotonic() + warmup + seconds
        tasks = []
        for i in range(tables):
            source = sources[i % len(sources)] if sources else None
            tasks.append(asyncio.ensure_future(_table(url, samples, counts, stop, source)))
            await asyncio.sleep(PACE / max(1, tables))  # tables start spread over a second
        await asyncio.sleep(warmup)
        samples.clear()
        await asyncio.gather(*tasks, return_exceptions=True)
        out.put(samples)

    asyncio.run(main())


def _proc_figures(pid: int) -> tuple[float, int]:
    """The process's CPU seconds so far and its resident memory in bytes."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    with open(f"/proc/{pid}/status") as f:
        rss = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmRSS:"))
    return cpu, rss


def _moves_logged(where: Path | str) -> int:
    """The moves the store holds, all tables together."""
    if isinstance(where, str):
        import psycopg

        with psycopg.connect(where) as conn:
            return int(conn.execute("SELECT COUNT(*) FROM moves").fetchone()[0])
    import sqlite3

    db = sqlite3.connect(where / "tables.sqlite3")
    try:
        return db.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
    finally:
        db.close()


LOAD_LIMITS = ["--connections-per-address", "1000000", "--address-rate", "1e9", "--connection-rate", "1e9"]
"""The per-address limits out of the way: every client of the load comes from this one computer."""


def step(tables: int, seconds: float, clients: int, processes: int = 1, store: str | None = None) -> dict:
    """One measured step: ``tables`` tables on ``processes`` server processes (behind HAProxy when
    more than one) keeping their records in ``store`` (a PostgreSQL URL; None: SQLite)."""
    import contextlib

    from net_support import haproxy

    from pg_support import free_port

    where: Path | str = store if store else Path(tempfile.mkdtemp(prefix="cardtable-load-"))
    if store:
        _empty(store)
    balanced = ["--balancer", "127.0.0.1"] if processes > 1 else []
    servers = [
        ServerProcess(where, [*LOAD_LIMITS, "--server-rate", "1e9", *balanced]) for _ in range(processes)
    ]
    ports = [free_port() for _ in servers]
    for srv, port in zip(servers, ports, strict=True):
        srv.start(port)
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(haproxy(ports)) if processes > 1 else servers[0].url
        warmup = max(3.0, tables / 200)
        out: multiprocessing.Queue = multiprocessing.Queue()
        procs = [
            multiprocessing.Process(
                target=_client, args=(url, tables // clients + (i < tables % clients), seconds, warmup, out)
            )
            for i in range(clients)
        ]
        for p in procs:
            p.start()
        time.sleep(warmup)
        cpu0 = sum(_proc_figures(srv.proc.pid)[0] for srv in servers)
        moves0, t0 = _moves_logged(where), time.monotonic()
        time.sleep(seconds)
        figures = [_proc_figures(srv.proc.pid) for srv in servers]
        moves1, t1 = _moves_logged(where), time.monotonic()
        samples = []
        for _ in procs:
            samples += out.get()
        for p in procs:
            p.join(30)
    for srv in servers:
        srv.stop()
    samples.sort()
    cpu = sum(f[0] for f in figures) - cpu0
    moves = moves1 - moves0
    return {
        "tables": tables,
        "processes": processes,
        "store": "postgresql" if store else "sqlite",
        "moves_s": moves / (t1 - t0),
        "messages_s": moves / (t1 - t0) * 5,  # an ack and an update to each of four seats per move
        "p50_ms": 1000 * statistics.median(samples) if samples else float("nan"),
        "p99_ms": 1000 * samples[int(len(samples) * 0.99) - 1] if samples else float("nan"),
        "cpu_pct": 100 * cpu / (t1 - t0),
        "cpu_ms_per_move": 1000 * cpu / moves if moves else float("nan"),
        "rss_kb_per_table": sum(f[1] for f in figures) / 1024 / tables,
        "acts": len(samples),
    }


def _empty(url: str) -> None:
    """A PostgreSQL database the load may fill: its tables emptied (the schema stays)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        exists = conn.execute("SELECT to_regclass('moves') IS NOT NULL").fetchone()[0]
        if exists:
            conn.execute("TRUNCATE tables, seats, moves")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 250, 500, 1000])
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per step")
    parser.add_argument(
        "--clients", type=int, default=max(1, (os.cpu_count() or 2) - 1), help="client processes"
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes (more than one: behind HAProxy, 4 at most)"
    )
    parser.add_argument(
        "--store", metavar="URL", help="a PostgreSQL database for the records (default: SQLite)"
    )
    parser.add_argument("--json", action="store_true", help="one JSON line per step instead of the table")
    args = parser.parse_args()
    if args.processes > 1 and not args.store:
        parser.error("several processes share their records in PostgreSQL: give --store")
    if not args.json:
        print(
            f"goal: {GOAL_TABLES} concurrent 4-player tables, round-trip p99 <= {GOAL_P99_MS:.0f} ms; "
            f"CPU per move <= {GOAL_CPU_MS:.1f} ms with one process on SQLite "
            f"(this machine: {os.cpu_count()} cores, {args.processes} server and {args.clients} client "
            "processes share them)"
        )
        print(
            f"{'tables':>7} {'procs':>5} {'store':>10} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} "
            f"{'goal p99':>8} {'srv CPU':>8} {'CPU ms/move':>12} {'RSS KB/table':>13}"
        )
    for tables in args.tables:
        r = step(tables, args.seconds, args.clients, args.processes, args.store)
        if args.json:
            keys = ("tables", "processes", "store", "p50_ms", "p99_ms", "moves_s", "cpu_ms_per_move")
            print(
                json.dumps({k: round(r[k], 3) if isinstance(r[k], float) else r[k] for k in keys}), flush=True
            )
            continue
        ok = "met" if r["p99_ms"] <= GOAL_P99_MS else "missed"
        print(
            f"{r['tables']:>7} {r['processes']:>5} {r['store']:>10} {r['moves_s']:>8.0f} "
            f"{r['p50_ms']:>7.1f} {r['p99_ms']:>7.1f} {GOAL_P99_MS:>5.0f} {ok:<3} {r['cpu_pct']:>7.0f}% "
            f"{r['cpu_ms_per_move']:>12.2f} {r['rss_kb_per_table']:>13.0f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
