"""Start-up with a hostile settings file: seconds to a running title screen, and peak memory.

Each case starts a fresh process (so memory is that start's alone) with one
bad ``settings.yaml`` in a throw-away config folder, builds the app and its
title screen, draws a frame and reports. A case with no bad file is the
baseline.

    python tests/benchmarks/hostile_start.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import json, resource, sys, time
start = time.perf_counter()
from cardtable.app.app import App
from cardtable.app.scenes.title import TitleScene
app = App(size=(1280, 720))
app.push(TitleScene(app))
app.tick([], 1 / 60)
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"seconds": seconds, "peak_mb": peak, "notices": len(app.notices())}))
"""


def laughs(levels: int = 9) -> str:
    """The "billion laughs": each anchor repeats the one before nine times (9**9 values, ~1 KB)."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels):
        prev, name = chr(96 + i), chr(97 + i)
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


CASES: dict[str, bytes | None] = {
    "no settings file (baseline)": None,
    "billion laughs (1 KB, 9 levels)": laughs().encode(),
    "500 nested [": ("[" * 500 + "]" * 500 + "\n").encode(),
    "a NUL byte": b"volume: 70\x00\n",
    "50 MB": b"seats: [" + b"{name: x, human: false}, " * 2_200_000 + b"]\n",
    "a python tag": b"!!python/object/apply:os.system ['echo owned']\n",
}


def main() -> int:
    print(f"{'settings.yaml':34} {'start (s)':>10} {'peak (MB)':>10} {'notices':>8}")
    for name, content in CASES.items():
        with tempfile.TemporaryDirectory() as folder:
            config = Path(folder) / "config"
            config.mkdir()
            if content is not None:
                (config / "settings.yaml").write_bytes(content)
            env = dict(
                os.environ,
                CARDTABLE_CONFIG_DIR=str(config),
                CARDTABLE_DATA_DIR=str(Path(folder) / "data"),
                SDL_VIDEODRIVER="dummy",
                SDL_AUDIODRIVER="dummy",
                PYGAME_HIDE_SUPPORT_PROMPT="1",
                PYTHONPATH=str(ROOT),
            )
            out = subprocess.run(
                [sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, timeout=300
            )
            if out.returncode != 0:
                print(f"{name:34} failed: {out.stderr.strip().splitlines()[-1:]}")
                continue
            figures = json.loads(out.stdout.strip().splitlines()[-1])
            print(f"{name:34} {figures['seconds']:10.2f} {figures['peak_mb']:10.0f} {figures['notices']:8d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
