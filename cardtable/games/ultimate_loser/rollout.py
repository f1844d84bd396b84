"""The play-out policy for search: the rule-based bot itself.

Ultimate Loser turns on when to pass, and simple play-out rules (play the
lowest matching combination, pass only without one) misjudge it: a search
playing out with them chose worse than the bot it was searching from. So
search plays out with the bot, reading each player's view of the imagined
deal; it costs more per play-out, and the budget is set for that
(``search_iterations``).
"""

from __future__ import annotations

import random

from cardtable.engine import Action

from .bot import choose
from .rules import UltimateLoserGame


def rollout(game: UltimateLoserGame, seat: int, rng: random.Random) -> Action:
    legal = game.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    return choose(game.view(seat), rng)
