"""The frozen app plays online: its own table server (with the local network announcement) and its
own bot, against a bot from the checkout, to the end of a game. Proves the frozen folder holds what
online play imports (websockets, zeroconf and their compiled parts), which a demo game never touches.

    python tests/smoke/frozen_online.py dist/cardtable/cardtable
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cardtable.net.discovery import Finder

LAN = "127.0.0.1"
"""The one interface announced and looked on: the smoke test speaks on no real network."""
WAIT = 120.0
"""Seconds before a step that has not happened is called a failure."""


def main(frozen: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [
                frozen,
                "serve",
                "--port",
                "0",
                "--announce",
                "--announce-on",
                LAN,
                "--data",
                str(Path(tmp) / "server"),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        finder = Finder([LAN])
        finder.start()
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            if not line.startswith("Serving tables on "):
                print(f"the frozen server did not start: {line!r}")
                return 1
            url = line.split()[3]
            host = subprocess.Popen(
                [frozen, "bot", url, "--create", "ugo", "--players", "2", "--name", "Frozen host"],
                stdout=subprocess.PIPE,
                text=True,
            )
            assert host.stdout is not None
            code = host.stdout.readline().strip()
            deadline = time.monotonic() + WAIT
            while not any(t.code == code for t in finder.tables()):
                if time.monotonic() > deadline:
                    print(f"the frozen server's table {code} was never found on the network")
                    return 1
                time.sleep(0.1)
            print(f"Found on the network: {[t for t in finder.tables() if t.code == code][0]}")
            guest = subprocess.run(
                [sys.executable, "-m", "cardtable", "bot", url, "--table", code],
                capture_output=True,
                text=True,
                timeout=WAIT,
            )
            out, _err = host.communicate(timeout=WAIT)
            print(f"frozen bot: {out.strip()}\nchecked-out bot: {guest.stdout.strip()}")
            return 0 if host.returncode == 0 and guest.returncode == 0 and "Game over" in out else 1
        finally:
            finder.close()
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
