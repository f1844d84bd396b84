"""A tour of the table in a real window: each game driven to its telling moments, a PNG of each.

One person (seat 0, "Player") against computers at each table. The person's moves are made as a
player makes them (``gestures.Person``: clicks, drags and keys posted to the event queue); round
summaries are clicked away. Animations run at normal speed, so a frame may catch cards in flight.
Each moment plays on until its condition on the table holds, then saves the window as
OUTDIR/NAME.png; a moment whose condition does not come in time saves its last frame as
NAME-MISSED.png, and the tour ends with exit code 1. Names after OUTDIR (or their beginnings,
``ugo``) take only those moments.

    ugly-trick-won       Ugly, 4 players: a trick just won, still on the table with who took it
                         and what it cost, before it is gathered
    ugly-round-start     Ugly: round 2's deal, its first cards in flight
    ugly-received-pass   Ugly: the cards passed, the received ones landed in the hand
    loser-trick-won      Ultimate Loser: a trick just won, said over it before it is gathered
    ugh-opponent-pools   Ugh!, 4 players: every opponent's Pool holds 3 cards or more
    ugh-lock-pick        Ugh!: the person clicking Pool cards into a set, its last card shown
                         with the lock's score, not yet confirmed
    ugo-attack-arrow     U-G-O, 2 players: an attack just announced, its arrow drawn
    ugo-piles            U-G-O, 3 players: every discard pile holds 2 cards or more
    GAME-800x600, GAME-640x480   every game midgame in a small window, at the person's turn

Not run in CI (it takes a couple of minutes); run by hand and look at the pictures:

    xvfb-run -a -s "-screen 0 1280x720x24" python tests/smoke/tour.py OUTDIR
"""

from __future__ import annotations

import os
import random
import shutil
import sys
import tempfile
import traceback
from collections.abc import Callable
from functools import partial
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # a virtual display has no sound card
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' ui and gestures

import pygame  # noqa: E402

from cardtable import games  # noqa: E402
from cardtable.app.app import App  # noqa: E402
from cardtable.app.layout import playable_games  # noqa: E402
from cardtable.app.scenes.table import TableScene  # noqa: E402
from cardtable.app.table.resolver import Pick  # noqa: E402
from cardtable.app.table.setup import COMPUTER_NAMES, GameSetup, SeatSetup  # noqa: E402
from cardtable.engine import Announced, Event, Moved, RoundEnded  # noqa: E402
from gestures import Person  # noqa: E402
from ui import card_point, click, continue_summary  # noqa: E402

DT = 1 / 30
"""Seconds of table time per frame: a moment's limit of S seconds is S / DT frames."""
SIZE = (1280, 720)
SMALL = ((800, 600), (640, 480))
MIDGAME = {"ugly": 12, "ugh": 14, "ugo": 10, "ultimate-loser": 10}
"""Moves made (by everyone) before a table counts as midgame."""

Test = Callable[[Event], bool]


class Window(App):
    """The app, each frame shown in the window (the flip the app's own loop makes)."""

    def pump(self, dt: float) -> None:
        super().pump(dt)
        self.window.flip()


class Watched(TableScene):
    """A table that notes each event as its timeline plays it, with the table's clock then."""

    def __init__(self, app, setup: GameSetup) -> None:
        self.heard: list[tuple[float, Event]] = []
        super().__init__(app, setup)

    def _played(self, event: Event, live: bool) -> None:
        super()._played(event, live)
        self.heard.append((self.clock, event))

    def since(self, test: Test, after: Test | None = None) -> float:
        """Seconds since the first event played that passes ``test`` (and comes after the first
        that passes ``after``); -1 while there is none."""
        waiting = after is not None
        for clock, event in self.heard:
            if waiting:
                waiting = not after(event)  # type: ignore[misc]
            elif test(event):
                return self.clock - clock
        return -1.0


class Tour:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.app = Window(size=SIZE)
        self.app.settings.animation_speed = "normal"
        self.missed: list[str] = []
        self.scene: Watched
        self.person: Person

    def table(self, game: str, players: int, seed: int, size: tuple[int, int] = SIZE) -> Watched:
        """A new game on the screen: the person in seat 0, computers in the others."""
        if self.app.size != size:
            self.app.set_window_size(size)
        random.seed(seed)
        seats = [SeatSetup("Player", True), *(SeatSetup(n, False) for n in COMPUTER_NAMES[: players - 1])]
        self.scene = Watched(self.app, GameSetup(game, seats, seed=seed))
        self.app.reset(self.scene)
        pygame.event.clear()
        self.person = Person(self.scene, seed)
        return self.scene

    def play(self, done: Callable[[], bool], seconds: float, turn: Callable[[], bool] | None = None) -> bool:
        """Frames at the table until ``done()`` holds (True) or ``seconds`` of table time have
        passed (False). At the person's turn ``turn()`` may move for them (True when it did)."""
        app, scene = self.app, self.scene
        for _ in range(round(seconds / DT)):
            if done():
                return True
            if app.stack.top is not scene:
                return False  # the game is over
            if continue_summary(app, scene):
                continue
            if scene.my_turn and not scene.animating and not (turn is not None and turn()):
                self.person.move(app)  # once the cards lie still, as a player waits to aim
            else:
                app.pump(DT)
        return done()

    def idle(self, seconds: float) -> None:
        for _ in range(round(seconds / DT)):
            self.app.pump(DT)

    def shoot(self, name: str, met: bool, why: str = "") -> None:
        """The window as it is now, as NAME.png (NAME-MISSED.png when the moment did not come)."""
        path = self.out / f"{name if met else name + '-MISSED'}.png"
        pygame.image.save(self.app.surface, str(path))
        w, h = self.app.surface.get_size()
        scene = self.scene
        session = scene.session
        moves = len(session.match.game.history)
        where = f"{session.spec.name}, seed {session.seed}, {w}x{h}, {moves} moves"
        print(f"{path}  ({where})" + ("" if met else f"  MISSED: {why or 'not in time'}"))
        if not met:
            self.missed.append(name)


# -- what to wait for ------------------------------------------------------------------------------


def announced(*what: str) -> Test:
    return lambda e: isinstance(e, Announced) and e.what in what


def dealt(e: Event) -> bool:
    return isinstance(e, Moved) and e.src[0] == "deck" and e.dst[0] == "hand"


def round_ended(e: Event) -> bool:
    return isinstance(e, RoundEnded)


def sizes(scene: Watched, zone: str, seats) -> list[int]:
    return [len(scene.view.zone(zone, s)) for s in seats]


def midgame(scene: Watched, game: str) -> bool:
    """Some moves into the game, and the person's turn (the choices and the prompt on show)."""
    return len(scene.session.match.game.history) >= MIDGAME.get(game, 10) and scene.my_turn


# -- the moments: each plays a new table to its moment and saves it under the name it is given -------


def moment_ugly_trick_won(tour: Tour, name: str) -> None:
    scene = tour.table("ugly", 4, seed=3)
    tour.shoot(name, tour.play(lambda: scene.story.banner is not None, 120))


def moment_ugly_round_start(tour: Tour, name: str) -> None:
    scene = tour.table("ugly", 4, seed=3)
    tour.shoot(name, tour.play(lambda: scene.since(dealt, after=round_ended) >= 0.25, 400))


def moment_ugly_received_pass(tour: Tour, name: str) -> None:
    scene = tour.table("ugly", 4, seed=3)

    def landed() -> bool:
        return scene.since(announced("passed")) >= 0 and not scene.animating

    tour.shoot(name, tour.play(landed, 90))


def moment_loser_trick_won(tour: Tour, name: str) -> None:
    scene = tour.table("ultimate-loser", games.get("ultimate-loser").table_size, seed=3)
    tour.shoot(name, tour.play(lambda: scene.story.banner is not None, 150))


def moment_ugh_opponent_pools(tour: Tour, name: str) -> None:
    scene = tour.table("ugh", 4, seed=3)

    def full() -> bool:
        return min(sizes(scene, "pool", (1, 2, 3))) >= 3 and not scene.animating

    tour.shoot(name, tour.play(full, 300))


def moment_ugh_lock_pick(tour: Tour, name: str) -> None:
    """Pool cards clicked into a set whenever one can be locked, up to its last card: that click
    shows the lock and its score, and waits for a second click (not made) to lock it."""

    def lock() -> bool:
        locks = [a for a in tour.scene.view.legal if a.kind == "lock"]
        if locks:
            click(tour.app, card_point(tour.scene, locks[0].card))
        return bool(locks)

    for seed in (3, 5, 7, 11, 13):  # another deal where no set comes to the person
        scene = tour.table("ugh", 4, seed=seed)
        if tour.play(lambda s=scene: s.session.pick != Pick(), 240, lock):
            tour.idle(0.3)  # the picked card rises
            tour.shoot(name, True)
            return
    tour.shoot(name, False, "no set to lock came to the person")


def moment_ugo_attack_arrow(tour: Tour, name: str) -> None:
    scene = tour.table("ugo", 2, seed=3)
    tour.shoot(name, tour.play(lambda: scene.since(announced("attack")) >= 0.3, 240))


def moment_ugo_piles(tour: Tour, name: str) -> None:
    scene = tour.table("ugo", 3, seed=3)

    def piled() -> bool:
        return min(sizes(scene, "discard", range(3))) >= 2 and not scene.animating

    tour.shoot(name, tour.play(piled, 300))


def moment_small_window(tour: Tour, name: str, game: str, size: tuple[int, int]) -> None:
    """The game midgame, at the person's turn, in a small window."""
    scene = tour.table(game, games.get(game).table_size, seed=3, size=size)
    tour.shoot(name, tour.play(lambda: midgame(scene, game), 300))


def moments() -> list[tuple[str, Callable[[Tour, str], None]]]:
    found = [
        ("ugly-trick-won", moment_ugly_trick_won),
        ("ugly-round-start", moment_ugly_round_start),
        ("ugly-received-pass", moment_ugly_received_pass),
        ("loser-trick-won", moment_loser_trick_won),
        ("ugh-opponent-pools", moment_ugh_opponent_pools),
        ("ugh-lock-pick", moment_ugh_lock_pick),
        ("ugo-attack-arrow", moment_ugo_attack_arrow),
        ("ugo-piles", moment_ugo_piles),
    ]
    for game in playable_games():
        for w, h in SMALL:
            found.append((f"{game}-{w}x{h}", partial(moment_small_window, game=game, size=(w, h))))
    return found


def main() -> int:
    if len(sys.argv) < 2:
        print("usage: python tests/smoke/tour.py OUTDIR [NAME...] (under xvfb-run)", file=sys.stderr)
        return 2
    if not os.environ.get("DISPLAY"):
        print("no DISPLAY: run under xvfb-run", file=sys.stderr)
        return 2
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="cardtable-tour-"))  # no player's own files read or written
    os.environ["CARDTABLE_CONFIG_DIR"] = str(home / "config")
    os.environ["CARDTABLE_DATA_DIR"] = str(home / "data")
    tour = Tour(out)
    wanted = sys.argv[2:]  # names, or their beginnings ("ugo"): only those moments
    for name, moment in moments():
        if wanted and not name.startswith(tuple(wanted)):
            continue
        try:
            moment(tour, name)
        except Exception:  # one moment gone wrong: its frame as it stands, and the tour goes on
            traceback.print_exc()
            tour.shoot(name, False, "an error (above)")
    tour.app.worker.close()
    shutil.rmtree(home, ignore_errors=True)
    if tour.missed:
        print("missed: " + ", ".join(tour.missed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
