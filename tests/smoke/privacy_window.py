"""Pass-and-play in the real window: no card face on screen before a person takes it.

Two people (Ada, Bo) and two computers (Cy, Di) at a game of Ugly, as a new
user sets it up: the seats are the settings' seats of a new game, and every
step is a real mouse click sent to the window with xdotool. The screen is
read back from the X server (ImageMagick's ``import``), and each shot is
measured: the share of the bottom band (where the hand at the screen lies)
that is card paper, i.e. face-up cards.

1. Title, New game, Start clicked; 4 s later: expected no faces (a privacy
   screen, or the public table with card backs).
2. The privacy screen clicked by the person it names: their own hand opens
   (the control: faces are found when they are there).
3. The process killed (SIGKILL), started again, Continue clicked; 4 s
   later: expected no faces.

Usage (needs Xvfb, xdotool and ImageMagick)::

    xvfb-run -a -s "-screen 0 1920x1080x24" python tests/smoke/privacy_window.py [out-dir]

(a screen larger than the window, which opens at 1280 x 720 there: it never opens larger than
nine tenths of the screen)
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SIZE = (1280, 720)
BAND = 0.7
"""The bottom band starts at this share of the height: the hand of whoever sits at the screen."""
MOST_WHEN_HIDDEN = 0.01
"""At most this share of the band may be card paper while nobody's cards may show."""
RIM = 9
"""Paper this far on every side: wider than the rim of paper around a card's back."""
LEAST_WHEN_SITTING = 0.05
"""At least this share when a person sits with their hand open (else the measure sees nothing)."""
SETTINGS = """\
seats:
  - {name: Ada, human: true}
  - {name: Bo, human: true}
  - {name: Cy, human: false, level: normal}
  - {name: Di, human: false, level: normal}
"""


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="cardtable-privacy-"))
    out.mkdir(parents=True, exist_ok=True)
    if not os.environ.get("DISPLAY"):
        print("no DISPLAY: run under xvfb-run", file=sys.stderr)
        return 2
    missing = [t for t in ("xdotool", "import") if shutil.which(t) is None]
    if missing:
        print(f"needs {' and '.join(missing)} (Debian: xdotool, imagemagick)", file=sys.stderr)
        return 2
    home = Path(tempfile.mkdtemp(prefix="cardtable-home-"))
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env["CARDTABLE_CONFIG_DIR"] = str(home / "config")
    env["CARDTABLE_DATA_DIR"] = str(home / "data")
    (home / "config").mkdir()
    (home / "config" / "settings.yaml").write_text(SETTINGS)
    os.environ.update({k: env[k] for k in ("CARDTABLE_CONFIG_DIR", "CARDTABLE_DATA_DIR")})
    failed = []

    app, window = _launch(env)
    try:
        points = _points()
        _click(window, points["new game"])
        time.sleep(1.0)
        _click(window, _points_of_new_game()["start"])
        time.sleep(4.0)
        failed += _check(window, out / "1-after-start.png", "4 s after Start", hidden=True)
        # The person named on the privacy screen takes it (once it is up: the computers may still
        # be naming trump); a click on the table meanwhile does nothing.
        for _ in range(15):
            _click(window, (SIZE[0] // 2, SIZE[1] // 2))
            time.sleep(1.5)
            if _paper_share(_shot(window, out / "2-sitting.png")) >= LEAST_WHEN_SITTING:
                break
        failed += _check(window, out / "2-sitting.png", "the person at the screen", hidden=False)
        time.sleep(2.0)  # the autosave is written after each move
    finally:
        app.send_signal(signal.SIGKILL)
        app.wait(timeout=30)

    app, window = _launch(env)
    try:
        _click(window, _points()["continue"])
        time.sleep(4.0)
        failed += _check(window, out / "3-after-continue.png", "4 s after Continue", hidden=True)
    finally:
        app.terminate()
        app.wait(timeout=30)
    shutil.rmtree(home, ignore_errors=True)
    print(f"screenshots in {out}")
    if failed:
        print("FAILED: " + "; ".join(failed), file=sys.stderr)
        return 1
    return 0


def _launch(env: dict[str, str]) -> tuple[subprocess.Popen, str]:
    """The app in a real window; returns the process and its X window id once it has drawn."""
    app = subprocess.Popen([sys.executable, "-m", "cardtable.cli"], env=env)
    found = subprocess.run(
        ["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(app.pid)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    window = found.stdout.split()[0]
    time.sleep(2.0)  # the title's first frames
    return app, window


def _points() -> dict[str, tuple[int, int]]:
    """Where the title's buttons are drawn at this size (the app laid out off screen, alike)."""
    app = _offscreen()
    from cardtable.app.scenes.title import TitleScene

    title = TitleScene(app)
    app.push(title)
    app.tick([], 0.05)
    found = {b.label: b.rect.center for b in title.buttons}
    found["continue"] = title.resume_button.rect.center
    found["new game"] = found["New game"]
    return found


def _points_of_new_game() -> dict[str, tuple[int, int]]:
    app = _offscreen()
    from cardtable.app.scenes.newgame import NewGameScene

    scene = NewGameScene(app)
    app.push(scene)
    app.tick([], 0.05)
    return {"start": scene.start.rect.center}


def _offscreen():
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from cardtable.app.app import App

    return App(size=SIZE)


def _click(window: str, at: tuple[int, int]) -> None:
    x, y = at
    subprocess.run(["xdotool", "mousemove", "--window", window, str(x), str(y)], check=True)
    time.sleep(0.15)
    subprocess.run(["xdotool", "click", "1"], check=True)


def _shot(window: str, path: Path) -> Path:
    """The window as the X server shows it."""
    subprocess.run(["import", "-window", window, str(path)], check=True, timeout=30)
    return path


def _check(window: str, path: Path, moment: str, hidden: bool) -> list[str]:
    share = _paper_share(_shot(window, path))
    print(f"{moment}: {share:.1%} of the bottom band is face-up card ({path.name})")
    if hidden and share > MOST_WHEN_HIDDEN:
        return [f"{moment}: card faces on screen ({share:.1%})"]
    if not hidden and share < LEAST_WHEN_SITTING:
        return [f"{moment}: no hand to be seen ({share:.1%}): the measure is blind"]
    return []


def _paper_share(path: Path) -> float:
    """The share of the bottom band that lies inside a stretch of card paper: a face's open paper,
    not the thin paper rim around a card's back."""
    import pygame

    from cardtable.app import theme

    img = pygame.image.load(str(path))
    w, h = img.get_size()

    def paper(x: int, y: int) -> bool:
        if not (0 <= x < w and 0 <= y < h):
            return False
        color = img.get_at((x, y))
        return sum(abs(color[i] - theme.PAPER[i]) for i in range(3)) < 24

    r = RIM
    points = [(x, y) for x in range(0, w, 4) for y in range(round(h * BAND), h, 4)]
    inside = sum(
        1
        for x, y in points
        if paper(x, y) and paper(x - r, y) and paper(x + r, y) and paper(x, y - r) and paper(x, y + r)
    )
    return inside / len(points)


if __name__ == "__main__":
    raise SystemExit(main())
