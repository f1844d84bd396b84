"""Is the server fair under a flood from many addresses? Tables in play at a person's pace while
10 addresses x 32 connections (loopback aliases 127.0.0.x) send pings as fast as they can: the
tables' action round trip (act to ack) at p50, p99 and max, beside the goal p99 <= 100 ms, and
what the flood got through.

    python tests/benchmarks/flood.py                      # 20 tables, 10 x 32 flooders, 15 s
    python tests/benchmarks/flood.py --addresses 0        # the same tables without the flood

The server runs with its default limits (per connection, per address); the flood's sockets are
bound to 127.0.0.2-127.0.0.11, which Linux routes to loopback with no set-up.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from net_support import ServerProcess  # noqa: E402
from server_load import _client, _proc_figures  # noqa: E402

GOAL_P99_MS = 100.0


def _flooder(url: str, addresses: list[str], connections: int, seconds: float, out) -> None:
    """``connections`` connections from each address, each sending pings as fast as it can (and
    connecting again when it is closed) until the time is up; how many pongs and refusals came back,
    and how many connections were closed or refused."""

    async def one(address: str, tally: dict) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        stop = time.monotonic() + seconds
        while time.monotonic() < stop:
            try:
                async with connect(url, local_addr=(address, 0), open_timeout=5) as ws:
                    await ws.send(json.dumps({"type": "hello", "version": 1}))

                    async def read() -> None:
                        try:
                            async for raw in ws:
                                kind = json.loads(raw).get("code", json.loads(raw)["type"])
                                tally[kind] = tally.get(kind, 0) + 1
                        except ConnectionClosed:
                            pass

                    reader = asyncio.ensure_future(read())
                    while time.monotonic() < stop:
                        await ws.send('{"type": "ping"}')
                        tally["sent"] = tally.get("sent", 0) + 1
                        if tally["sent"] % 64 == 0:
                            await asyncio.sleep(0)  # its reader runs too
                    reader.cancel()
            except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError):
                tally["closed"] = tally.get("closed", 0) + 1
                await asyncio.sleep(0.05)

    async def main() -> dict:
        tally: dict = {}
        await asyncio.gather(*[one(a, tally) for a in addresses for _ in range(connections)])
        return tally

    out.put(asyncio.run(main()))


def run(tables: int, addresses: int, connections: int, seconds: float, flood_procs: int) -> dict:
    data = Path(tempfile.mkdtemp(prefix="cardtable-flood-"))
    server = ServerProcess(data, [])  # the default limits, for the tables and the flood alike
    url = server.start()
    results: multiprocessing.Queue = multiprocessing.Queue()
    floods: multiprocessing.Queue = multiprocessing.Queue()
    warmup = 3.0
    homes = [f"127.0.1.{i + 1}" for i in range(tables)]  # each table's players at an address of their own
    players = multiprocessing.Process(target=_client, args=(url, tables, seconds, warmup, results, homes))
    players.start()
    time.sleep(warmup)
    names = [f"127.0.0.{i + 2}" for i in range(addresses)]
    procs = [
        multiprocessing.Process(
            target=_flooder, args=(url, names[i::flood_procs], connections, seconds, floods)
        )
        for i in range(min(flood_procs, addresses))
    ]
    for p in procs:
        p.start()
    cpu0, t0 = _proc_figures(server.proc.pid)[0], time.monotonic()
    samples = results.get()
    cpu1, t1 = _proc_figures(server.proc.pid)[0], time.monotonic()
    tally: dict = {}
    for _ in procs:
        for k, v in floods.get().items():
            tally[k] = tally.get(k, 0) + v
    for p in [players, *procs]:
        p.join(30)
    server.stop()
    samples.sort()
    return {
        "tables": tables,
        "flood": f"{addresses} x {connections}",
        "acts": len(samples),
        "p50_ms": 1000 * statistics.median(samples) if samples else float("nan"),
        "p99_ms": 1000 * samples[int(len(samples) * 0.99) - 1] if samples else float("nan"),
        "max_ms": 1000 * samples[-1] if samples else float("nan"),
        "flood_sent": tally.get("sent", 0),
        "pongs": tally.get("pong", 0),
        "rate_limited": tally.get("rate_limited", 0),
        "closed": tally.get("closed", 0),
        "server_cpu": 100 * (cpu1 - cpu0) / (t1 - t0),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--addresses", type=int, default=10)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--flood-processes", type=int, default=2)
    args = parser.parse_args()
    r = run(args.tables, args.addresses, args.connections, args.seconds, args.flood_processes)
    ok = "met" if r["p99_ms"] <= GOAL_P99_MS else "missed"
    print(f"this machine: {os.cpu_count()} cores; the server, the tables' client and the flood share them")
    print(
        f"{r['tables']} tables under a flood of {r['flood']} connections for {args.seconds:g} s: "
        f"{r['acts']} acts, round trip p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms "
        f"(goal <= {GOAL_P99_MS:.0f} ms: {ok}), max {r['max_ms']:.1f} ms"
    )
    print(
        f"the flood sent {r['flood_sent']} pings: {r['pongs']} answered, {r['rate_limited']} told"
        f" rate_limited, {r['closed']} connections closed or refused; the server used"
        f" {r['server_cpu']:.0f}% of a core"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
