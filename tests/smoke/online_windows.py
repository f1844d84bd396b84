"""Two real app windows on two X displays, one table server: a whole online game played from both.

The host opens Play online, hosts at the server (the new-game screen: the game at its smallest
table, the second seat a person, any other a computer), and starts once the guest is in the
lobby; the guest joins with the address and the code the host's lobby shows. With ``--found``
the host hosts on this computer instead (the app's own server, announced on the network) and
the guest clicks the host's table in the list of tables found on the network. Each window is
played by mouse clicks and drags posted to its own event queue (tests/gestures.py), as a person
would make them. Each screen is read back from its X server (ImageMagick's ``import``) at the
lobby, early in the game, in the middle and at the results.

    python tests/smoke/online_windows.py ugly [out-dir] [--found]  # needs Xvfb and ImageMagick
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
FRAMES = 3000
"""Frames to wait for the table before calling it stuck (a count, not a clock)."""
sys.path[:0] = [str(HERE.parent), str(HERE.parent.parent)]
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def shoot(out: Path, name: str) -> None:
    subprocess.run(["import", "-window", "root", str(out / f"{name}.png")], check=False, timeout=30)


def player(role: str, game: str, url: str, out: Path, code_file: Path) -> int:
    """One window: the host's or the guest's."""
    import pygame

    from cardtable import games
    from cardtable.app.app import App
    from cardtable.app.scenes.lobby import LobbyScene
    from cardtable.app.scenes.table import TableScene
    from gestures import OnlinePerson
    from ui import click, continue_summary, tick

    spec = games.get(game)
    app = App(size=(1280, 720), data=out / f"data-{role}", config=out / f"config-{role}")
    app.settings.animation_speed = "fast"

    def frame() -> None:
        app.pump(1 / 30)
        app.window.flip()
        time.sleep(1 / 60)

    def typed(field, text: str) -> None:
        click(app, field.rect.center)
        field.value = ""
        for ch in text:
            tick(app, [pygame.event.Event(pygame.TEXTINPUT, text=ch)])

    app.push(app.scene("title"))
    for _ in range(5):
        frame()
    title = app.stack.top
    click(app, title.buttons[len(title.quicks) + 2].rect.center)  # Play online
    online = app.stack.top
    if role == "host":
        if url == "here":
            click(app, online.host_here.rect.center)
        else:
            typed(online.server, url.removeprefix("ws://"))
            click(app, online.host_there.rect.center)
        host = app.stack.top
        host.game_sel.set_options(host.game_sel.options, game)
        host._game_changed(game)
        host.players_sel.set_options(host.players_sel.options, spec.min_players)
        host._players_changed(spec.min_players)
        for i, seat in enumerate(host.setup.seats):
            seat.human = i < 2
            seat.name = ("Ada", "Bo", "Cy", "Dee")[i]
        click(app, host.start.rect.center)
    elif url == "here":  # the host's table, found on the network: one click
        frames = 0
        while not any(t.host == "Ada" for t in online.found):
            frame()
            frames += 1
            assert frames < FRAMES, "the host's table was never found on the network"
        for _ in range(10):
            frame()
        shoot(out, f"{role}-0-found")
        row = [t.host for t in online.found].index("Ada")
        click(app, online.found_buttons[row].rect.center)
    else:
        while not code_file.exists() or not code_file.read_text().strip():
            time.sleep(0.1)
        typed(online.address, url.removeprefix("ws://"))
        typed(online.code, code_file.read_text().strip())
        click(app, online.join.rect.center)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene), type(lobby).__name__
    frames, started = 0, False
    while not isinstance(app.stack.top, TableScene):
        frame()
        frames += 1
        assert frames < FRAMES, "no table"
        match = lobby.match
        if role == "host" and match.code and not code_file.exists():
            code_file.write_text(match.code)
        seats = (match.lobby or {}).get("seats", [])
        if role == "host" and len(seats) > 1 and seats[1]["connected"] and not started:
            for _ in range(20):
                frame()
            shoot(out, f"{role}-1-lobby")
            click(app, lobby.start.rect.center)
            started = True  # the deal is on its way: the lobby shows until it comes
    table = app.stack.top
    person = OnlinePerson(table)
    settled, moves, shots = False, 0, 1
    frames = 0
    while not table.session.match.over:
        frames += 1
        assert frames < FRAMES * 10, "the game did not end"
        if continue_summary(app, table):
            continue
        if table.my_turn and not table.animating and settled:
            moves += person.move(app)  # made again on the next look if others' moves changed the table
            settled = False
            if moves in (3, 25):
                for _ in range(15):
                    frame()
                shots += 1
                shoot(out, f"{role}-{shots}-move{moves}")
        else:
            settled = table.my_turn
            frame()
    for _ in range(300):  # the last moves play out, the last summary is read, then the results
        if app.stack.top is not table:
            break
        if not continue_summary(app, table) and table.results_by_click:
            click(app, (app.size[0] // 2, app.size[1] // 2))
        frame()
    for _ in range(30):
        frame()
    shoot(out, f"{role}-9-end")
    print(
        f"{role}: {moves} moves made by mouse; result on screen: {type(app.stack.top).__name__}", flush=True
    )
    return 0


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--found"]
    game = args[0] if args else "ugly"
    out = Path(args[1]) if len(args) > 1 else Path(tempfile.mkdtemp(prefix=f"cardtable-online-{game}-"))
    out.mkdir(parents=True, exist_ok=True)
    server = None
    url = "here"  # the host's app serves, and announces its table
    if "--found" not in sys.argv:
        server = subprocess.Popen(
            [sys.executable, "-m", "cardtable", "serve", "--port", "0", "--data", str(out / "server")],
            stdout=subprocess.PIPE,
            text=True,
        )
        url = server.stdout.readline().split()[3]
    code_file = out / "code.txt"
    code_file.unlink(missing_ok=True)
    children = [
        subprocess.Popen(
            [
                "xvfb-run",
                "-a",
                "-s",
                "-screen 0 1280x720x24",
                sys.executable,
                __file__,
                "--player",
                role,
                game,
                url,
                str(out),
                str(code_file),
            ]
        )
        for role in ("host", "guest")
    ]
    codes = [c.wait(900) for c in children]
    if server is not None:
        server.terminate()
        server.wait(10)
    print(f"screenshots in {out}")
    return max(codes)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--player":
        _, _, role, game, url, out, code_file = sys.argv
        sys.exit(player(role, game, url, Path(out), Path(code_file)))
    sys.exit(main())
