"""A fast play-out policy for search: plausible Ultimate Loser play from the full game.

Reads the game directly (search plays thousands of tricks per decision): lead
the combination that sheds the most cards, lowest first; follow with the
lowest matching combination (no need to beat anything, and the lowest play
is only a penalty when nobody passes); pass when nothing matches. Inside
search the game is one imagined deal, so nothing hidden from the real player
is used.
"""

from __future__ import annotations

import random

from cardtable.engine import Action

from .rules import UltimateLoserGame


def _rank(action: Action) -> int:
    card = action.card
    return 99 if card is None or card.rank is None else card.rank


def rollout(game: UltimateLoserGame, seat: int, rng: random.Random) -> Action:
    legal = game.legal_actions(seat)
    if len(legal) == 1 or game.phase != "play":
        return rng.choice(legal)
    plays = [a for a in legal if a.kind == "play"]
    if not plays:
        return next(a for a in legal if a.kind == "pass")
    if game.lead_type is None:
        return max(plays, key=lambda a: (len(a.value or ()), -_rank(a), rng.random()))
    return min(plays, key=lambda a: (_rank(a), rng.random()))
