"""A fast play-out policy for search: plausible Ugh! play from the full (dealt) game.

Search plays many turns per decision, so the policy reads the game's tables
directly: lock a set whenever one is complete (highest cards first), steal
the best card a Wild can reach, discard the cheapest card, take a good
Safety card, and flip at most twice before taking. Inside search the game is
one imagined deal, so nothing hidden from the real player is used.
"""

from __future__ import annotations

import random

from cardtable.engine import Action

from .cards import NUMBER
from .rules import UghGame


def _worth(game: UghGame, card: int) -> int:
    t = game.t
    return t.value[card] if t.kind[card] == NUMBER else 3


def rollout(game: UghGame, seat: int, rng: random.Random) -> Action:
    legal = game.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    kinds: dict[str, list[Action]] = {}
    for a in legal:
        kinds.setdefault(a.kind, []).append(a)
    if "lock" in kinds:
        return max(kinds["lock"], key=lambda a: _worth(game, a.card))  # type: ignore[arg-type]
    if "steal" in kinds:
        return max(kinds["steal"], key=lambda a: _worth(game, a.target))  # type: ignore[arg-type]
    if "discard" in kinds:
        return min(kinds["discard"], key=lambda a: _worth(game, a.card))  # type: ignore[arg-type]
    if "done" in kinds:
        return kinds["done"][0]
    if "pool" in kinds:  # a flipped Wild, nothing worth stealing: take it
        return kinds["pool"][0]
    takes = kinds.get("take", [])
    best = max(takes, key=lambda a: _worth(game, a.card), default=None)  # type: ignore[arg-type]
    if "flip" in kinds and (best is None or (game.flips < 2 and _worth(game, best.card) < 4)):  # type: ignore[arg-type]
        return kinds["flip"][0]
    if best is not None:
        return best
    if "end" in kinds:
        return kinds["end"][0]
    return rng.choice(legal)
