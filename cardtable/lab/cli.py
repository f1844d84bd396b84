"""``cardtable lab``: play a house rule against another set of rules and print what changes."""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from collections.abc import Callable, Mapping
from pathlib import Path

from cardtable import games
from cardtable.engine import Variant
from cardtable.terminal import progress_bar

from .compare import Comparison, compare
from .report import as_json, table
from .run import Clock, LabRun, LabSetup
from .sides import side


def run(
    args: argparse.Namespace,
    own: Callable[[], Mapping[str, Mapping[str, Variant]]],
    parse_options: Callable[[list[str]], dict],
    clock: Clock | None = None,
    draw: Callable[[Comparison, Path], None] | None = None,
) -> int:
    """The ``lab`` command; ``own()`` reads the player's variants (only when a name needs it),
    ``clock`` times a game at the table, ``draw`` saves the chart (both the app's)."""
    spec = games.get(args.game)
    players = args.players or spec.table_size
    if args.games < 1:
        raise ValueError("--games must be at least 1")

    def find(name: str) -> Variant:
        if name in spec.variants:
            return spec.variants[name]
        return spec.find_variant(name, {**spec.variants, **own().get(spec.id, {})})

    tried = side(
        spec,
        players,
        find(args.variant) if args.variant else None,
        parse_options(args.option),
    )
    against = side(spec, players, find(args.against))
    setup = LabSetup(spec.id, players, args.games, args.level, args.seed, tried, against)
    if dict(tried.options) == dict(against.options):
        print(
            f"cardtable: note: {tried.name} and {against.name} are the same rules, so every difference "
            "is zero (name what to try with --variant or --option)",
            file=sys.stderr,
        )
    progress = progress_bar if sys.stderr.isatty() else None
    # Ctrl+C is noted and heard between polls, never as an exception in the middle of a queue's
    # work (which could leave a lock held and the command hanging).
    interrupted = threading.Event()
    previous = signal.signal(signal.SIGINT, lambda *_: interrupted.set())
    try:
        lab = LabRun(setup, workers=args.workers, clock=clock, here=args.workers == 1)
        result = lab.wait(progress, stopped=interrupted.is_set)
    finally:
        signal.signal(signal.SIGINT, previous)
    if progress is not None:
        print("\r\033[K", end="", file=sys.stderr)
    if result.error:
        print(f"cardtable: error: a game failed: {result.error}", file=sys.stderr)
        return 1
    comparison = compare(result)
    if args.chart and draw is not None:
        draw(comparison, Path(args.chart))
    if args.json:
        print(json.dumps(as_json(comparison, args.seed)))
    else:
        print(table(comparison, args.seed))
    return 130 if result.cancelled else 0
