"""Screenshot smoke test of the real app in a real (virtual) window.

Launches ``cardtable --demo GAME`` for every game with a table on the X
display given in DISPLAY, lets the computer players play into the first
round, saves the window to a PNG and fails unless the picture shows a table
(not a blank or black frame): many colours, and much drawn on the felt.
Run by ``.ci/run`` under Xvfb; usable by hand too:

    xvfb-run -a -s "-screen 0 1920x1080x24" python tests/smoke/screenshot.py [out-dir]

On a screen that large the window opens at its usual 1280 x 720; on a smaller
one it opens smaller, to fit.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.gettempdir())
    if not os.environ.get("DISPLAY"):
        print("no DISPLAY: run under xvfb-run", file=sys.stderr)
        return 2
    from cardtable.app.layout import playable_games

    failed = 0
    for game in playable_games():
        failed += shot(game, folder / f"cardtable-smoke-{game}.png")
    return 1 if failed else 0


def shot(game: str, out: Path) -> int:
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    cmd = [sys.executable, "-m", "cardtable.cli", "--demo", game, "--seed", "3", "--exit-after", "6"]
    result = subprocess.run([*cmd, "--screenshot", str(out)], env=env, timeout=120)
    if result.returncode != 0:
        print(f"{game}: the app exited with {result.returncode}", file=sys.stderr)
        return 1
    import pygame

    from cardtable.app.scenes.common import BACKGROUND

    img = pygame.image.load(str(out))
    w, h = img.get_size()
    felt = BACKGROUND.get((w, h))  # the empty table, to tell what lies on it
    points = [(x, y) for x in range(0, w, 23) for y in range(0, h, 17)]
    colors = {tuple(img.get_at(p))[:3] for p in points}
    drawn = sum(1 for p in points if _far(img.get_at(p), felt.get_at(p)))
    print(f"{game}: screenshot {out}: {w}x{h}, {len(colors)} colours, {drawn} samples off the felt")
    if w < 640 or h < 480 or len(colors) < 40 or drawn < 60:
        print(f"{game}: the screenshot does not show a table", file=sys.stderr)
        return 1
    return 0


def _far(a, b) -> bool:
    """Clearly not the felt: a card, a plate, a label (not the felt's own shading)."""
    return sum(abs(a[i] - b[i]) for i in range(3)) > 90


if __name__ == "__main__":
    raise SystemExit(main())
