"""UI fuzz: random mouse, key, text and resize events through every scene, for a long time.

Starts at the title and, now and then, sits down at a table of a random game
and player count (one person, or pass-and-play), then sends events a person
might send, at random: clicks (mostly on buttons and cards, some anywhere),
drags, the wheel, keys (Enter, Esc, arrows, letters, digits, F1, F11, Ctrl+Z),
typed text (zero-width and right-to-left characters, emoji, long strings) and
window resizes down to the minimum size. Any exception is a failure: it is
printed with its seed and event number, and the run goes on from the title.

    SDL_VIDEODRIVER=dummy python tests/benchmarks/ui_fuzz.py [--events 50000] [--seed 1]

The suite runs a few thousand events of it (tests/test_ui_fuzz.py).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

KEYS = [
    pygame.K_RETURN,
    pygame.K_ESCAPE,
    pygame.K_SPACE,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_TAB,
    pygame.K_BACKSPACE,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_F1,
    pygame.K_F11,
    *[getattr(pygame, f"K_{c}") for c in "abcdefghijklmnopqrstuvwxyz"],
    *[getattr(pygame, f"K_{d}") for d in "0123456789"],
]
TEXTS = ["a", "Zoë", "\u200b", "\u202eabc", "😀", "名前", "x" * 40, " ", "\t", "🂡🂱"]


class Fuzzer:
    def __init__(self, seed: int) -> None:
        from cardtable.app.app import App
        from cardtable.app.scenes.title import TitleScene

        self.rng = random.Random(seed)
        self.seed = seed
        self.make = lambda: App(size=(1280, 720))
        self.title = TitleScene
        self.app = self._new_app()
        self.errors: list[str] = []
        self.events = 0
        self.restarts = 0

    def _new_app(self):
        old = getattr(self, "app", None)
        if old is not None:  # as a quit would: its worker stopped, its window gone
            old.saver.flush()
            old.worker.close()
            old.window.destroy()
        app = self.make()
        app.settings.animation_speed = self.rng.choice(["instant", "fast", "normal"])
        app.settings.computer_speed = "fast"
        app.push(self.title(app))
        return app

    def _table(self) -> None:
        """Sit down at a random game: one person against computers, or pass-and-play."""
        from cardtable import games
        from cardtable.app.layout import playable_games
        from cardtable.app.scenes.table import TableScene
        from cardtable.app.table.setup import GameSetup, SeatSetup

        rng = self.rng
        game = rng.choice(playable_games())
        spec = games.get(game)
        players = rng.randint(spec.min_players, min(spec.max_players, 8))
        humans = 1 if rng.random() < 0.7 else 2
        seats = [SeatSetup(f"P{i}", i < humans, "easy") for i in range(players)]
        self.app.push(TableScene(self.app, GameSetup(game, seats, seed=rng.randrange(10**6))))

    def _targets(self) -> list[tuple[int, int]]:
        """Places worth clicking on the top scene: its buttons, and at a table its cards."""
        top = self.app.stack.top
        points = []
        for name in ("buttons", "quicks", "tabs", "watch", "bar"):
            for b in getattr(top, name, None) or []:
                rect = getattr(b, "rect", None)
                if rect is not None and rect.width:
                    points.append(rect.center)
        controls = getattr(top, "controls", None)
        if controls is not None:
            points += [b.rect.center for b in controls.buttons()]
        model = getattr(top, "model", None)
        if model is not None:
            for token in list(model.tokens())[:60]:
                if token.card is not None:
                    point = top.point_of(token.card)
                    if point is not None:
                        points.append(point)
        return points

    def _event(self) -> list[pygame.event.Event]:
        rng = self.rng
        w, h = self.app.size
        roll = rng.random()
        if roll < 0.45:
            targets = self._targets()
            pos = (
                rng.choice(targets)
                if targets and rng.random() < 0.8
                else (rng.randrange(w), rng.randrange(h))
            )
            button = 1 if rng.random() < 0.9 else rng.choice([2, 3])
            return [
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
            ]
        if roll < 0.55:
            start = (rng.randrange(w), rng.randrange(h))
            targets = self._targets()
            if targets:
                start = rng.choice(targets)
            end = (rng.randrange(w), rng.randrange(h))
            mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
            return [
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
            ]
        if roll < 0.6:
            return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False)]
        if roll < 0.85:
            key = rng.choice(KEYS)
            mod = (
                pygame.KMOD_CTRL if rng.random() < 0.05 else (pygame.KMOD_SHIFT if rng.random() < 0.1 else 0)
            )
            char = pygame.key.name(key) if len(pygame.key.name(key)) == 1 else ""
            return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)]
        if roll < 0.93:
            return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS))]
        if roll < 0.97:
            self._resize()
            return [pygame.event.Event(pygame.WINDOWRESIZED, x=self.app.size[0], y=self.app.size[1])]
        if rng.random() < 0.5:
            self._table()
        return [pygame.event.Event(pygame.QUIT)] if rng.random() < 0.2 else []

    def _resize(self) -> None:
        from cardtable.settings import MIN_WINDOW

        rng = self.rng
        size = (rng.randint(MIN_WINDOW[0], 1600), rng.randint(MIN_WINDOW[1], 900))
        self.app.window.size = size

    def run(self, count: int) -> None:
        for _ in range(count):
            if not self.app.running or self.app.stack.top is None:
                self.restarts += 1
                self.app = self._new_app()
            events = self._event()
            self.events += 1
            try:
                for event in events:
                    self.app.tick([event], self.rng.choice([1 / 60, 1 / 20, 0.2]))
                for _ in range(self.rng.randint(0, 3)):
                    self.app.tick([], 0.2)  # the table plays on between a person's gestures
            except Exception:
                self.errors.append(f"seed {self.seed}, event {self.events}:\n{traceback.format_exc()}")
                self.app = self._new_app()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CARDTABLE_CONFIG_DIR"] = str(Path(folder) / "config")
        os.environ["CARDTABLE_DATA_DIR"] = str(Path(folder) / "data")
        start = time.perf_counter()
        fuzzer = Fuzzer(args.seed)
        fuzzer.run(args.events)
        seconds = time.perf_counter() - start
    for error in fuzzer.errors[:5]:
        print(error)
    print(
        f"{fuzzer.events} events (seed {args.seed}) in {seconds:.0f} s: {len(fuzzer.errors)} exceptions, "
        f"{fuzzer.restarts} restarts after a quit"
    )
    return 1 if fuzzer.errors else 0


if __name__ == "__main__":
    sys.exit(main())
