"""U-G-O: the hard level's own rule-based play (``SHARP``) against the ``normal`` bot.

Duels between rule-based players only, so thousands take a minute: seat 0
plays ``SHARP`` (or it with the changes given by ``--set``), seat 1 plays
``NORMAL``; the first player is drawn by the game. Use it to try a change to
a style before the far slower measure of the search that plays it.

    python tests/benchmarks/ugo_styles.py [--games 4000] [--seed 123] [--players 2] [--set attack_min=-1]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time
from concurrent.futures import ProcessPoolExecutor

from cardtable import games
from cardtable.games.ugo.bot import NORMAL, SHARP, Style, choose_with
from cardtable.simulate import default_workers, derive_seed, wilson


def duels(seeds: list[int], players: int, style: Style) -> int:
    """Games of ``seeds`` won by seat 0 playing ``style`` against ``NORMAL`` players."""
    spec = games.get("ugo")
    wins = 0
    for seed in seeds:
        game = spec.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            seat = game.to_act()[0]
            game.apply(seat, choose_with(game.view(seat), rng, style if seat == 0 else NORMAL))
        wins += 0 in game.winners()
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=123)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="change SHARP")
    args = parser.parse_args()
    changes = dict(s.split("=", 1) for s in args.set)
    style = dataclasses.replace(SHARP, **{k: type(getattr(SHARP, k))(float(v)) for k, v in changes.items()})
    seeds = [derive_seed(args.seed, "game", i) for i in range(args.games)]
    workers = default_workers()
    parts = [seeds[i :: workers * 4] for i in range(workers * 4)]
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        wins = sum(pool.map(duels, parts, [args.players] * len(parts), [style] * len(parts)))
    lo, hi = wilson(wins, args.games)
    print(f"{style}")
    took = time.perf_counter() - start
    print(
        f"{args.players} players, {args.games} games (seed {args.seed}, {took:.0f} s): "
        f"seat 0 wins {100 * wins / args.games:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}); "
        f"a fair share is {100 / args.players:.1f}%"
    )


if __name__ == "__main__":
    main()
