"""U-G-O: how well search's dealt hands match what players really hold.

Plays games between rule-based players. At about a third of seat 0's
decisions it counts, for each kind of card, how many the other players'
hands really hold and how many the hands of seat 0's determinized worlds
hold. A ratio of 1 means the worlds deal that kind as often as it is kept;
the suggested weight (the current one times the ratio) is what to put in
``cardtable/games/ugo/hands.py`` after a change to the bot or the rules.
Repeat until the ratios stay near 1.

    python tests/benchmarks/ugo_hand_weights.py [--players 2] [--games 600] [--uniform]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from cardtable import games
from cardtable.games.ugo import hands

KINDS = [f"ad{r}" for r in range(2, 8)] + [f"eq{r}" for r in range(2, 8)] + [f"sp{r}" for r in range(8, 15)]
WORLDS = 4  # determinized worlds per sampled decision


def measure(players: int, n_games: int, seed: int) -> tuple[Counter[str], Counter[str], int]:
    """Cards of each kind in the others' hands, really and in the worlds (summed), and decisions."""
    spec = games.get("ugo")
    real: Counter[str] = Counter()
    dealt: Counter[str] = Counter()
    decisions = 0
    for g in range(n_games):
        game = spec.new_game(players, seed=seed * 100_003 + g)
        rng = random.Random(seed * 7919 + g)
        while not game.is_over():
            seat = game.to_act()[0]
            view = game.view(seat)
            if seat == 0 and rng.random() < 0.3:
                decisions += 1
                real.update(hands.card_kind(c) for h in game.hands[1:] for c in h.cards)
                for _ in range(WORLDS):
                    world = spec.determinize(view, rng)
                    dealt.update(hands.card_kind(c) for h in world.hands[1:] for c in h.cards)
            game.apply(seat, spec.bot(view, rng))
    return real, dealt, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--uniform", action="store_true", help="deal hands uniformly (no weights)")
    args = parser.parse_args()
    current = dict(hands.weights_for(args.players))
    if args.uniform:
        hands.TWO_PLAYERS = hands.MORE_PLAYERS = {}
        current = {}
    real, dealt, n = measure(args.players, args.games, args.seed)
    print(f"{args.games} games, {args.players} players, {n} decisions of seat 0, {WORLDS} worlds each")
    print(f"{'kind':>5} {'held':>7} {'dealt':>7} {'ratio':>6} {'weight':>7} {'suggested':>9}")
    for kind in KINDS:
        held = real[kind] / n
        given = dealt[kind] / (n * WORLDS)
        ratio = held / given if given else float("nan")
        weight = current.get(kind, 1.0)
        print(f"{kind:>5} {held:7.3f} {given:7.3f} {ratio:6.2f} {weight:7.2f} {weight * ratio:9.2f}")


if __name__ == "__main__":
    main()
