"""How many tables one server process holds: 4-player tables of Ugly played at a person's pace.

Runs ``cardtable serve`` in its own process and bot clients in a few more, all on loopback. Each
table makes about one move a second (a person's pace); a finished table is replaced by a new one,
so the count stays. For each step of tables it prints the concurrent tables, messages a second
(sent by the server), the action round trip (act to ack) at p50 and p99, and the server's CPU and
memory per table, beside the goal: 1,000 tables with p99 at most 100 ms.

    python tests/benchmarks/server_load.py                 # 100, 250, 500, 1000 tables
    python tests/benchmarks/server_load.py --tables 50 200 --seconds 10

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
    players at different homes; None: the system's choice)."""
    from websockets.asyncio.client import connect

    where = {"local_addr": (source, 0)} if source else {}
    async with connect(url, max_size=2**24, **where) as ws:
        await ws.send(json.dumps({"type": "hello", "version": 1}))
        await ws.recv()
        await ws.send(json.dumps(first))
        seat, seq, sent_at, last_move = None, 0, None, time.monotonic()
        pending = False
        async for raw in ws:
            counts[0] += 1
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "joined":
                seat = msg["seat"]
                if code_out is not None:
                    code_out.set_result(msg["table"])
            elif kind == "ack":
                samples.append(time.monotonic() - sent_at)
                pending = False
            elif kind == "error":
                pending = False
            elif kind in ("state", "update"):
                last_move = time.monotonic()
                view = msg["view"]
                if view.get("over") or time.monotonic() > stop:
                    return
                if seat in view["to_act"] and view.get("legal") and not pending:
                    wait = last_move + PACE * random.uniform(0.8, 1.2) - time.monotonic()
                    await asyncio.sleep(max(0.0, wait))
                    seq += 1
                    pending = True
                    sent_at = time.monotonic()
                    act = {
                        "type": "act",
                        "seq": seq,
                        "move": msg["move"],
                        "seat": seat,
                        "action": view["legal"][0],
                    }
                    await ws.send(json.dumps(act))


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


def _moves_logged(data: Path) -> int:
    import sqlite3

    db = sqlite3.connect(data / "tables.sqlite3")
    try:
        return db.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
    finally:
        db.close()


def step(tables: int, seconds: float, clients: int) -> dict:
    data = Path(tempfile.mkdtemp(prefix="cardtable-load-"))
    server = ServerProcess(
        data,
        [
            "--connections-per-address",
            "1000000",
            "--address-rate",
            "1e9",
            "--connection-rate",
            "1e9",
            "--server-rate",
            "1e9",
        ],
    )
    url = server.start()
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
    cpu0, _ = _proc_figures(server.proc.pid)
    moves0, t0 = _moves_logged(data), time.monotonic()
    time.sleep(seconds)
    cpu1, rss = _proc_figures(server.proc.pid)
    moves1, t1 = _moves_logged(data), time.monotonic()
    samples = []
    for _ in procs:
        samples += out.get()
    for p in procs:
        p.join(30)
    server.stop()
    samples.sort()
    moves_per_s = (moves1 - moves0) / (t1 - t0)
    return {
        "tables": tables,
        "moves_s": moves_per_s,
        "messages_s": moves_per_s * 5,  # an ack and an update to each of four seats per move
        "p50_ms": 1000 * statistics.median(samples) if samples else float("nan"),
        "p99_ms": 1000 * samples[int(len(samples) * 0.99) - 1] if samples else float("nan"),
        "cpu_pct": 100 * (cpu1 - cpu0) / (t1 - t0),
        "cpu_ms_per_table_s": 1000 * (cpu1 - cpu0) / (t1 - t0) / tables,
        "rss_kb_per_table": rss / 1024 / tables,
        "acts": len(samples),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 250, 500, 1000])
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per step")
    parser.add_argument(
        "--clients", type=int, default=max(1, (os.cpu_count() or 2) - 1), help="client processes"
    )
    args = parser.parse_args()
    print(
        f"goal: {GOAL_TABLES} concurrent 4-player tables, round-trip p99 <= {GOAL_P99_MS:.0f} ms "
        f"(this machine: {os.cpu_count()} cores, server and {args.clients} client processes share them)"
    )
    head = (
        f"{'tables':>7} {'moves/s':>8} {'msgs/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'goal p99':>8} "
        f"{'srv CPU':>8} {'CPU ms/table/s':>15} {'RSS KB/table':>13}"
    )
    print(head)
    for tables in args.tables:
        r = step(tables, args.seconds, args.clients)
        ok = "met" if r["p99_ms"] <= GOAL_P99_MS else "missed"
        print(
            f"{r['tables']:>7} {r['moves_s']:>8.0f} {r['messages_s']:>8.0f} "
            f"{r['p50_ms']:>7.1f} {r['p99_ms']:>7.1f} "
            f"{GOAL_P99_MS:>5.0f} {ok:<3} {r['cpu_pct']:>7.0f}% {r['cpu_ms_per_table_s']:>15.2f} "
            f"{r['rss_kb_per_table']:>13.0f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
