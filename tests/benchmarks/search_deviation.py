"""How often ``hard`` leaves the rule-based move: why search gains much in one game and little in another.

The hard level searches, but keeps the rule-based bot's move unless the
search finds another better by the game's ``search.guard`` (standard errors
of the paired differences). Where it almost never leaves that move, hard
plays almost as ``normal`` does, and no tournament can show it stronger.
Plays a few games with hard in seat 0 against normal opponents and counts,
over the hard seat's decisions with a choice, those where its move was not
the bot's.

    python tests/benchmarks/search_deviation.py [--games 4]
"""

from __future__ import annotations

import argparse
import time

from cardtable import games
from cardtable.ai import make_agent
from cardtable.match import Match, Seat

TABLES = (("ugly", 4), ("ugo", 2), ("ugh", 4), ("ultimate-loser", 4))


def deviations(game: str, players: int, n: int, seed: int = 500) -> tuple[int, int]:
    """(decisions where hard left the rule-based move, decisions with a choice) over ``n`` games."""
    spec = games.get(game)
    left = total = 0
    for g in range(n):
        agents = [make_agent("hard" if i == 0 else "normal", spec, seed + 10 * g + i) for i in range(players)]
        match = Match(spec, [Seat(f"seat {i}", a) for i, a in enumerate(agents)], {}, seed + g)
        hard = agents[0]
        while not match.game.is_over():
            if match.agent_to_act() == 0:
                view = match.game.view(0)
                if len(view.legal) > 1:
                    action = hard.choose(view)
                    total += 1
                    left += hard.guide_move is not None and action != hard.guide_move
                    match.act(0, action)
                    continue
            match.step_agent()
    return left, total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per table (default 4)")
    args = parser.parse_args(argv)
    for game, players in TABLES:
        start = time.perf_counter()
        left, total = deviations(game, players, args.games)
        share = 100 * left / max(1, total)
        print(
            f"{games.get(game).name:>15}, {players} players: hard leaves the rule-based move in "
            f"{left} of {total} decisions ({share:.1f}%), {time.perf_counter() - start:.0f} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
