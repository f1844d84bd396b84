"""Engine speed: complete random games, clone and determinize, per second.

Plays complete games (for Ugly with 4 players: all 7 rounds of deal, trump,
passing, 13 tricks and scoring) with uniformly random legal actions through
the public API only (``to_act``, ``legal_actions``, ``apply``), the way
search plays rollouts. Runs each measurement several times and reports the
median and the best, as the machines this runs on are shared and noisy.

    python tests/benchmarks/engine_speed.py [--game ugly] [--players 4] [--quick]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from cardtable import games

TARGET_ROUNDS_PER_SECOND = 4000


def random_games(spec, players: int, n: int, seed: int, quiet: bool = False) -> tuple[float, int, int]:
    """Seconds, rounds and actions for ``n`` complete random games.

    Rounds count only for games that have them (``n_rounds``), else 0.
    ``quiet``: no events, as search's play-outs (``Game.quiet``); otherwise
    every event the table animates is built.
    """
    rng = random.Random(seed)
    choice = rng.choice
    actions = rounds = 0
    start = time.perf_counter()
    for i in range(n):
        game = spec.new_game(players, seed=seed * 100_003 + i)
        game.narrate = False  # as search plays them: no round recaps for people
        game.quiet = quiet
        while not game.is_over():
            seat = game.to_act()[0]
            game.apply(seat, choice(game.legal_actions(seat)))
            actions += 1
        rounds += getattr(game, "n_rounds", 0)
    return time.perf_counter() - start, rounds, actions


def openspiel_deals(n: int, seed: int) -> float:
    """Seconds for ``n`` random Hearts deals in OpenSpiel (C++ rules driven from Python, as ours are).

    The same loop as :func:`random_games`: chance outcomes and moves drawn with
    Python's ``random``, through the public API (``legal_actions``, ``apply_action``).
    """
    import pyspiel

    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    choice = rng.choice
    start = time.perf_counter()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
    return time.perf_counter() - start


class IdleGame:
    """A game that does nothing but take turns: what :func:`random_games`' loop alone costs.

    Four seats, five choices each, and as many actions a round as a random
    4-player round of Ugly (74), so its rounds per second are the ceiling no
    rules written in Python can pass in this loop.
    """

    ACTIONS_PER_ROUND = 74
    n_rounds = 7

    def __init__(self) -> None:
        self.done = 0
        self.turn = 0
        self.choices = [[object() for _ in range(5)] for _ in range(4)]

    def is_over(self) -> bool:
        return self.done >= self.ACTIONS_PER_ROUND * self.n_rounds

    def to_act(self) -> tuple[int, ...]:
        return (self.turn,)

    def legal_actions(self, seat: int) -> list[object]:
        return self.choices[seat][:]

    def apply(self, seat: int, action: object) -> list[object]:
        self.done += 1
        self.turn = seat + 1 if seat < 3 else 0
        return []


class IdleSpec:
    """Stands in for a game spec in :func:`random_games`."""

    def new_game(self, players: int, seed: int) -> IdleGame:
        return IdleGame()


def versus_openspiel(runs: int, ugly_games: int, deals: int) -> int:
    """Ugly rounds per second over OpenSpiel Hearts deals per second, measured in turn in one process."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel is not installed: pip install -e '.[benchmarks]'", file=sys.stderr)
        return 2
    spec = games.get("ugly")
    print(f"Ugly (4 players, rounds) against OpenSpiel Hearts (deals), {runs} runs, taking turns")
    print("Ugly with events (as the table plays) and quiet (as search's play-outs, no events)")
    ratios: dict[str, list[float]] = {"with events": [], "quiet": []}
    for r in range(runs):
        seconds, rounds, _ = random_games(spec, 4, ugly_games, seed=r + 1)
        loud = rounds / seconds
        theirs = deals / openspiel_deals(deals, seed=r + 1)
        seconds, rounds, _ = random_games(spec, 4, ugly_games, seed=r + 1, quiet=True)
        quiet = rounds / seconds
        ratios["with events"].append(loud / theirs)
        ratios["quiet"].append(quiet / theirs)
        print(
            f"  run {r + 1}: Ugly {loud:7.0f} rounds/s, quiet {quiet:7.0f}   OpenSpiel {theirs:7.0f} deals/s"
            f"   ratios {loud / theirs:.2f}, quiet {quiet / theirs:.2f}"
        )
    seconds, rounds, _ = random_games(IdleSpec(), 4, ugly_games, seed=1)
    print(
        f"  the loop alone, over a game that does nothing ({IdleGame.ACTIONS_PER_ROUND} actions a round):"
        f" {rounds / seconds:7.0f} rounds/s"
    )
    for name, found in ratios.items():
        found.sort()
        print(
            f"  ratio {name:11s} median {statistics.median(found):.2f}"
            f" (from {found[0]:.2f} to {found[-1]:.2f}); target 1.0"
        )
    return 0


def sample_states(spec, players: int, n: int, seed: int) -> list:
    """``n`` games stopped at random points, for clone and determinize."""
    rng = random.Random(seed)
    states = []
    while len(states) < n:
        game = spec.new_game(players, seed=rng.getrandbits(32))
        stop = rng.randrange(1, 400)
        for _ in range(stop):
            if game.is_over():
                break
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        if not game.is_over():
            states.append(game)
    return states


def per_second(fn, items: list, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        for item in items:
            fn(item)
    return repeat * len(items) / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    parser.add_argument("--game", default="ugly", choices=games.ids())
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=400, help="complete games per run")
    parser.add_argument(
        "--vs-openspiel", action="store_true", help="Ugly rounds/s over OpenSpiel Hearts deals/s, in turn"
    )
    args = parser.parse_args(argv)
    if args.vs_openspiel:
        return versus_openspiel(3, 100 if args.quick else 400, 500 if args.quick else 3000)
    spec = games.get(args.game)
    runs, per_run = (3, max(1, args.games // 4)) if args.quick else (7, args.games)

    print(f"{spec.name}, {args.players} players, random legal play through the public API")
    print(f"Python {sys.version.split()[0]}, {runs} runs of {per_run} complete games")
    rates = []
    for r in range(runs):
        seconds, rounds, actions = random_games(spec, args.players, per_run, seed=r + 1)
        rates.append((rounds / seconds, per_run / seconds, actions / seconds))
    quiet = sorted(
        per_run / random_games(spec, args.players, per_run, seed=r + 1, quiet=True)[0] for r in range(runs)
    )
    games_rates = sorted(x[1] for x in rates)
    print(
        f"  games per second    median {statistics.median(games_rates):9.0f}"
        f"   best {games_rates[-1]:9.0f}   worst {games_rates[0]:9.0f}"
    )
    rounds_rates = sorted(x[0] for x in rates)
    if rounds_rates[-1] > 0:
        median = statistics.median(rounds_rates)
        print(
            f"  rounds per second   median {median:9.0f}"
            f"   best {rounds_rates[-1]:9.0f}   worst {rounds_rates[0]:9.0f}"
        )
        if spec.id == "ugly":
            verdict = "met" if median >= TARGET_ROUNDS_PER_SECOND else "NOT met"
            print(f"  target {TARGET_ROUNDS_PER_SECOND} Ugly rounds per second (median): {verdict}")
    print(f"  actions per second  median {statistics.median(x[2] for x in rates):9.0f}")
    print(
        f"  quiet games per second (no events, as search's play-outs)  median {statistics.median(quiet):9.0f}"
    )

    states = sample_states(spec, args.players, 50 if args.quick else 200, seed=7)
    repeat = 5 if args.quick else 20
    rng = random.Random(3)
    exact = per_second(lambda g: g.clone(), states, repeat)
    reseeded = per_second(lambda g: g.clone(rng=rng), states, repeat)
    views = [g.view(g.to_act()[0]) for g in states]
    determinize = per_second(lambda v: spec.determinize(v, rng), views, repeat)
    view_rate = per_second(lambda g: g.view(g.to_act()[0]), states, repeat)
    print(f"Mid-game states: {len(states)}, each {repeat} times")
    print(f"  clone (exact, RNG state copied)   {exact:9.0f} per second")
    print(f"  clone (fresh RNG for search)      {reseeded:9.0f} per second")
    print(f"  determinize from a seat's view    {determinize:9.0f} per second")
    print(f"  view for the seat to act          {view_rate:9.0f} per second")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
