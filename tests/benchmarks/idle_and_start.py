"""CPU while nothing moves, and process start to the first frame, each beside a bare pygame-ce window.

1. Idle CPU: the app on each screen that waits for a person (the title, a table waiting for the
   person's move, the settings, the statistics, a game's results), then a bare pygame-ce window
   that waits on events (``pygame.event.wait``), each for SECONDS in a process of its own; the
   CPU time (user + system) the process spent in that while, as a share of one core. Target: at
   most 1.5x the bare window's.
2. Start-up: ``cardtable --exit-after 0`` (the first frame drawn, then out) against a bare window
   that opens and flips once, alternating A B A B, 7 each, after one untimed start of each; the
   median wall time of each. Bytecode is written and used, as in an installed copy (installers
   compile it), even where ``PYTHONDONTWRITEBYTECODE`` is set. Target: at most 1.3x the bare
   window's.

Run it in a real window (under Xvfb where there is no display):

    xvfb-run -a -s "-screen 0 1920x1080x24" python tests/benchmarks/idle_and_start.py [SECONDS]
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 15.0
ROUNDS = 7

BARE_IDLE = """
import os, time
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
import pygame
pygame.init()
pygame.display.set_mode((1280, 720))
pygame.display.flip()
print("ready", flush=True)
end = time.monotonic() + {seconds}
while time.monotonic() < end:
    event = pygame.event.wait(500)
    if event.type == pygame.QUIT:
        break
"""

BARE_START = """
import os
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
import pygame
pygame.init()
pygame.display.set_mode((1280, 720))
pygame.display.flip()
pygame.quit()
"""

APP_IDLE = """
import os, sys
sys.path.insert(0, os.getcwd())
from tests.benchmarks.idle_and_start import open_screen
app = open_screen({screen!r})
print("ready", flush=True)
app.run(exit_after={seconds})
"""


def open_screen(screen: str):
    """The app in a window of 1280x720 at ``screen``, settled: what a person sees, waiting for them."""
    from cardtable.ai import make_agent
    from cardtable.app.app import App
    from cardtable.app.scenes.results import ResultsScene
    from cardtable.app.scenes.settings import SettingsScene
    from cardtable.app.scenes.statistics import StatisticsScene
    from cardtable.app.scenes.table import TableScene
    from cardtable.app.scenes.title import TitleScene
    from cardtable.app.table.setup import GameSetup, SeatSetup
    from cardtable.match import Match, Seat

    app = App(size=(1280, 720))
    app.push(TitleScene(app))
    if screen == "table":
        seats = [SeatSetup("You", True)] + [SeatSetup(n, False) for n in ("Bo", "Cy", "Dee")]
        app.settings.animation_speed = "instant"
        table = TableScene(app, GameSetup("ugly", seats, seed=3))
        app.push(table)
        for _ in range(3000):  # to the person's first decision, every mark faded
            app.pump(1 / 20)
            if table.my_turn and app.next_change() is None:
                break
    elif screen == "settings":
        app.push(SettingsScene(app))
    elif screen == "statistics":
        app.push(StatisticsScene(app))
    elif screen == "results":
        from cardtable import games

        spec = games.get("ugly")
        match = Match(spec, [Seat(n, make_agent("easy", spec, i)) for i, n in enumerate("ABCD")], seed=3)
        match.run_agents()
        names = ["You", "Bo", "Cy", "Dee"]
        app.push(ResultsScene(app, spec, match.view(0), names, lambda: None, lambda: None))
    app.pump(0.0)
    return app


def _cpu_of(code: str, env: dict[str, str]) -> float:
    """The share of one core a process spent after it said "ready", until it ended."""
    pipes = {"stdout": subprocess.PIPE, "stderr": subprocess.DEVNULL, "text": True}  # no sound card: noise
    proc = subprocess.Popen([sys.executable, "-c", code], env=env, cwd=os.getcwd(), **pipes)
    assert proc.stdout is not None
    proc.stdout.readline()  # "ready": what comes before (imports, opening) is not idle time
    with open(f"/proc/{proc.pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    before = (int(fields[11]) + int(fields[12])) / tick  # utime + stime so far
    start = time.monotonic()
    usage_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.wait() != 0:
        raise RuntimeError(f"the measured process failed: {code}")
    wall = time.monotonic() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = (usage.ru_utime - usage_before.ru_utime) + (usage.ru_stime - usage_before.ru_stime)
    return (total - before) / wall


def _wall_of(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> int:
    if not os.environ.get("DISPLAY"):
        print("no DISPLAY: run under xvfb-run (a dummy window costs nothing to draw)", file=sys.stderr)
        return 2
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # compiling every module at each start is no user's start
    env["CARDTABLE_CONFIG_DIR"] = tempfile.mkdtemp(prefix="cardtable-bench-")
    env["CARDTABLE_DATA_DIR"] = tempfile.mkdtemp(prefix="cardtable-bench-")
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, idle {SECONDS:g} s per screen")
    print("1. CPU while nothing moves (share of one core):")
    for screen in ("title", "table", "settings", "statistics", "results"):
        app = _cpu_of(APP_IDLE.format(screen=screen, seconds=SECONDS), env)
        bare = _cpu_of(BARE_IDLE.format(seconds=SECONDS), env)
        ratio = app / bare if bare > 0 else float("inf")
        verdict = "met" if ratio <= 1.5 else "NOT met"
        figures = f"app {app:6.2%}   bare window {bare:6.2%}   ratio {ratio:5.2f}x"
        print(f"   {screen:<11} {figures} (target <= 1.5x: {verdict})")
    print(f"2. Process start to the first frame, alternating, {ROUNDS} each (median):")
    app_cmd = [sys.executable, "-m", "cardtable.cli", "--exit-after", "0"]
    bare_cmd = [sys.executable, "-c", BARE_START]
    apps, bares = [], []
    _wall_of(app_cmd, env), _wall_of(bare_cmd, env)  # bytecode written, files in the disk cache
    for _ in range(ROUNDS):
        apps.append(_wall_of(app_cmd, env))
        bares.append(_wall_of(bare_cmd, env))
    a, b = statistics.median(apps), statistics.median(bares)
    verdict = "met" if a / b <= 1.3 else "NOT met"
    figures = f"app {a * 1000:.0f} ms   bare window {b * 1000:.0f} ms   ratio {a / b:.2f}x"
    print(f"   {figures} (target <= 1.3x: {verdict})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
