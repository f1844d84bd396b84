"""A progress bar on a terminal, for the commands that play many games (``simulate``, ``lab``)."""

from __future__ import annotations

import sys

WIDTH = 30


def progress_bar(done: int, total: int) -> None:
    """Redraw the bar in place on stderr (the caller clears the line when done)."""
    filled = WIDTH * done // max(1, total)
    bar = "#" * filled + "." * (WIDTH - filled)
    print(f"\r[{bar}] {done}/{total} games", end="", file=sys.stderr, flush=True)
