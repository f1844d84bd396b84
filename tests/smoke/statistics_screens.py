"""Screenshots of the statistics screen, to look at by eye.

Plays a few dozen quick games of every game in a throw-away data folder
(random moves; one person against computers of different levels, and some
pass-and-play), then saves the title and statistics screens at 1280 x 720
and 900 x 540, plus the empty state:

    SDL_VIDEODRIVER=dummy python tests/smoke/statistics_screens.py [out-dir]   # default /tmp/shots-b
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def fill(folder: Path, count: int = 60) -> None:
    """``count`` finished games per game in ``folder``'s statistics."""
    from cardtable import games
    from cardtable.stats import record_of
    from cardtable.statsfile import StatsFile

    store = StatsFile(folder)
    store.load()
    rng = random.Random(5)
    start = datetime(2026, 10, 1, 19, 30)
    for n in range(count):
        for game_id in games.ids():
            spec = games.get(game_id)
            players = 4 if n % 5 else 3
            game = spec.new_game(players, seed=rng.randrange(10**6))
            while not game.is_over():
                seat = rng.choice(game.to_act())
                game.apply(seat, rng.choice(game.legal_actions(seat)))
            level = ["easy", "normal", "hard"][n % 3]
            kinds = ["human"] + [level] * (players - 1)
            names = ["Player", "Ada", "Bo", "Cy"][:players]
            if n % 7 == 6:
                kinds, names = (
                    ["human", "human", "easy", "hard"][:players],
                    ["Player", "Mia", "Bo", "Cy"][:players],
                )
            when = start + timedelta(hours=7 * n, minutes=rng.randrange(50))
            record = record_of(game, names, kinds, rng.choice(["standard", *spec.variants]), when)
            store.stats.add(record)
    store.save()


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots-b")
    out.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="cardtable-stats-"))
    os.environ["CARDTABLE_DATA_DIR"] = str(data)
    os.environ["CARDTABLE_CONFIG_DIR"] = str(data / "config")
    import pygame

    from cardtable.app.app import App
    from cardtable.app.scenes.statistics import StatisticsScene
    from cardtable.app.scenes.title import TitleScene

    def shoot(app: App, name: str) -> None:
        app.tick([], 1 / 30)
        path = out / name
        pygame.image.save(app.surface, str(path))
        print(path)

    for size in ((1280, 720), (900, 540)):
        tag = f"{size[0]}x{size[1]}"
        app = App(size=size)
        app.push(TitleScene(app))
        app.push(StatisticsScene(app))
        shoot(app, f"statistics-empty-{tag}.png")
    fill(data)
    for size in ((1280, 720), (900, 540)):
        tag = f"{size[0]}x{size[1]}"
        app = App(size=size)
        app.push(TitleScene(app))
        shoot(app, f"title-{tag}.png")
        for game in ("ugly", "ultimate-loser", "ugo"):
            app.push(StatisticsScene(app, game))
            shoot(app, f"statistics-{game}-{tag}.png")
            app.pop()
    (data / "statistics.yaml").write_text("format: 1\ngames: [\n")
    app = App(size=(1280, 720))
    app.push(TitleScene(app))
    shoot(app, "title-broken-1280x720.png")
    app.push(StatisticsScene(app))
    shoot(app, "statistics-broken-1280x720.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
