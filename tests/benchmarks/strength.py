"""How much stronger is ``hard`` than ``normal``, in every game and at every table size?

Each deal is played twice with the same seeds: once with ``hard`` in the
measured seat, once with ``normal`` there, against the same ``normal``
opponents (their seeds are the same in both games). The deal's luck then
cancels out of the difference, so far fewer deals tell hard from normal than
independent games would. The measured seat rotates through every seat.

A seat's result is its share of the win (1, or 1/k when k players share it),
so the shares of a table add up to 1 and the even share is 1/players.

    python tests/benchmarks/strength.py --deals 100 --out strength.jsonl          # every row
    python tests/benchmarks/strength.py --game ugh --players 4 --deals 200 --out strength.jsonl
    python tests/benchmarks/strength.py --report strength.jsonl                   # the table only

Each finished pair is appended to ``--out`` as one JSON line, so a run can
be stopped and started again (pairs already there are not played again) and
batches from several machines can be put together by concatenating files.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from cardtable import games
from cardtable.simulate import _run_one, default_workers, derive_seed, percentile

MIN_DEALS = 30
"""Fewer pairs than this give no verdict: the normal approximation of the interval needs them."""

CAP = 0.85
"""A searched decision taking this long (seconds) ran into the search's time cap (0.9 s)."""


def rows() -> list[tuple[str, int]]:
    """Every game at every table size it allows (Ugh! at 2-6 and 8: one and two decks)."""
    out = []
    for spec in games.all_specs():
        counts = list(range(spec.min_players, min(spec.max_players, 6) + 1))
        if spec.id == "ugh":
            counts.append(8)
        out += [(spec.id, n) for n in counts]
    return out


def share(winners: tuple[int, ...], seat: int) -> float:
    return 1 / len(winners) if seat in winners else 0.0


def play_pair(game: str, players: int, deal: int, base: int) -> dict:
    """One deal twice: hard, then normal, in seat ``deal % players`` against normal opponents."""
    seat = deal % players
    seed = derive_seed(base, game, players, deal)
    out = {"game": game, "players": players, "deal": deal, "seat": seat, "base": base}
    for level in ("hard", "normal"):
        agents = ["normal"] * players
        agents[seat] = level
        start = time.perf_counter()
        result = _run_one(game, agents, {}, seed)
        out[level] = {
            "share": share(result.winners, seat),
            "score": result.scores[seat],
            "times": [round(t, 4) for t in result.times[seat]],
            "seconds": round(time.perf_counter() - start, 2),
        }
    return out


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation; pairs are independent deals)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, -math.inf, math.inf
    half = 1.96 * statistics.stdev(values) / math.sqrt(n)
    return mean, mean - half, mean + half


def report(records: list[dict]) -> str:
    by_row: dict[tuple[str, int], list[dict]] = defaultdict(list)
    for r in records:
        by_row[(r["game"], r["players"])].append(r)
    lines = [
        "| game | players | deals | hard wins (95%) | normal wins, same seat | even share "
        "| paired difference (95%) | verdict | hard decision mean / p95 | at the cap |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for game, players in sorted(by_row, key=lambda k: rows().index(k) if k in rows() else 99):
        pairs = by_row[(game, players)]
        hard = [p["hard"]["share"] for p in pairs]
        normal = [p["normal"]["share"] for p in pairs]
        diff = [h - n for h, n in zip(hard, normal, strict=True)]
        h_mean, h_lo, h_hi = interval(hard)
        d_mean, d_lo, d_hi = interval(diff)
        if len(pairs) < MIN_DEALS:
            verdict = f"too few deals (under {MIN_DEALS})"
        else:
            verdict = "stronger" if d_lo > 0 else "WEAKER" if d_hi < 0 else "no clear difference"
        times = [t for p in pairs for t in p["hard"]["times"]]
        capped = sum(t >= CAP for t in times) / len(times) if times else 0.0
        mean_t = sum(times) / len(times) if times else 0.0
        lines.append(
            f"| {games.get(game).name} | {players} | {len(pairs)} "
            f"| {h_mean:.1%} ({max(0, h_lo):.1%}-{min(1, h_hi):.1%}) | {sum(normal) / len(normal):.1%} "
            f"| {1 / players:.1%} | {d_mean:+.1%} ({max(-1, d_lo):+.1%} to {min(1, d_hi):+.1%}) | {verdict} "
            f"| {mean_t:.2f} / {percentile(times, 95):.2f} s | {capped:.0%} |"
        )
    return "\n".join(lines)


def read(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", action="append", help="a game id (repeatable; default every game)")
    p.add_argument("--players", type=int, action="append", help="a table size (repeatable)")
    p.add_argument("--deals", type=int, default=100, help="deals per row (default 100)")
    p.add_argument("--seed", type=int, default=2026, help="base seed of the deals")
    p.add_argument("--workers", type=int, default=default_workers(), help="processes (default: one per core)")
    p.add_argument("--out", type=Path, help="JSON lines file the pairs are appended to (and resumed from)")
    p.add_argument("--report", type=Path, help="print the table of a results file and stop")
    args = p.parse_args(argv)
    if args.report is not None:
        print(report(read(args.report)))
        return 0
    wanted = [
        (g, n)
        for g, n in rows()
        if (not args.game or g in args.game) and (not args.players or n in args.players)
    ]
    done = {(r["game"], r["players"], r["deal"], r["base"]) for r in read(args.out)} if args.out else set()
    jobs = [
        (g, n, d, args.seed) for d in range(args.deals) for g, n in wanted if (g, n, d, args.seed) not in done
    ]
    print(f"{len(jobs)} pairs to play ({len(done)} already in {args.out}) on {args.workers} processes")
    records = read(args.out) if args.out else []
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        futures = [pool.submit(play_pair, *job) for job in jobs]
        for i, future in enumerate(as_completed(futures), 1):
            record = future.result()
            records.append(record)
            if args.out:
                with args.out.open("a") as f:
                    f.write(json.dumps(record) + "\n")
            if i % 10 == 0 or i == len(jobs):
                elapsed = time.perf_counter() - start
                print(f"{i}/{len(jobs)} pairs, {elapsed:.0f} s", file=sys.stderr, flush=True)
    print(report(records))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
