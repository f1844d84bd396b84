"""``cardtable-gui``: the app as a desktop launcher opens it, with no console.

On Windows a GUI script (``pythonw``, or a windowed frozen build) has no
console: ``sys.stdout`` and ``sys.stderr`` are ``None``, and the first
``print`` would crash the app. Here they are pointed somewhere harmless
before anything runs; what goes wrong is still in the log file. The command
line is the same as ``cardtable``'s.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence


def quiet_streams() -> None:
    """Give a missing stdout/stderr a sink so a print or a warning never stops the app."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 (lives as long as the app)


def main(argv: Sequence[str] | None = None) -> int:
    """Open the window like ``cardtable``, safe without a console."""
    quiet_streams()
    from cardtable.cli import main as cli_main

    return cli_main(argv, windowed=True)


if __name__ == "__main__":
    raise SystemExit(main())
