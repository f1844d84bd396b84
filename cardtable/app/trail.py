"""What a run leaves for whoever looks into a problem, and what it says when it cannot go on.

Each run writes a log of its own (the last few are kept: ``cardtable.log`` is this run's,
``cardtable.log.1`` the one before ...), opening with Card Table's version and what it runs on,
so a report says what ran where. An error that stops the app is told where the person is
looking: on the console for ``cardtable``, and in a message box for ``cardtable-gui``, which
has no console; both say where the log is. A window SDL could only open off screen (no
display, or a dead one) is an error too, never an app running unseen.
"""

from __future__ import annotations

import logging
import os
import platform
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

import pygame

import cardtable
from cardtable.i18n import _

LOGS_KEPT = 5
"""This run's log and the four before it."""
LOG_BYTES = 5_000_000
"""A log that grows past this in one run starts a new file (the oldest goes)."""
UNSEEN_DRIVERS = ("offscreen", "dummy")

log = logging.getLogger("cardtable")


def versions() -> str:
    """One line: what is running, on what (the first line of every log)."""
    return (
        f"Card Table {cardtable.__version__}; Python {platform.python_version()}; "
        f"pygame-ce {pygame.version.ver}; SDL {pygame.version.SDL}; {platform.platform()}"
    )


def start_log(folder: Path) -> Path:
    """Log this run to ``folder/cardtable.log``, the earlier runs' logs moved along (the last
    :data:`LOGS_KEPT` kept), opening with :func:`versions`."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "cardtable.log"
    handler = RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOGS_KEPT - 1, encoding="utf-8")
    if path.exists() and path.stat().st_size > 0:
        handler.doRollover()  # a new run, a new file
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    for old in root.handlers:
        old.close()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    log.info("%s", versions())
    return path


def require_a_display() -> None:
    """Raise ``pygame.error`` where SDL could open only a window nobody sees: it falls back to
    its off-screen driver when the display is missing or dead. Asked for by name
    (``SDL_VIDEODRIVER=dummy``, as tests and headless runs do), such a window is what was wanted."""
    driver = pygame.display.get_driver()
    asked = os.environ.get("SDL_VIDEODRIVER", "").lower().split(",")
    if driver in UNSEEN_DRIVERS and driver not in asked:
        where = os.environ.get("WAYLAND_DISPLAY") or os.environ.get("DISPLAY")
        said = (
            f"the display {where!r} did not answer"
            if where
            else "no display is set (DISPLAY or WAYLAND_DISPLAY)"
        )
        raise pygame.error(f"there is no screen to show it on: {said}")


def tell(what: str, log_path: Path, windowed: bool) -> None:
    """Say why the app stopped and where its log is: on the console, and in a message box for
    ``cardtable-gui`` (whose console, if any, nobody sees)."""
    print(what, file=sys.stderr)
    print(f"(details in {log_path})", file=sys.stderr)
    if not windowed:
        return
    try:
        # Translators: under why Card Table stopped, in a message box: {path} is the log file.
        details = _("The details are in {path}").format(path=log_path)
        pygame.display.message_box("Card Table", f"{what}\n\n{details}", message_type="error")
    except pygame.error as exc:  # no display for a box either: the log and the console have it
        log.info("no message box: %s", exc)
