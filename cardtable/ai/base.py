"""The agent interface: a View in, one of its legal actions out."""

from __future__ import annotations

import random

from cardtable.engine import Action, GameSpec, View


class Agent:
    """A computer player. It sees only what its seat's View shows.

    Each agent owns a seeded RNG, so a simulation with a seed is exact.
    """

    name = "agent"

    def __init__(self, spec: GameSpec, seed: int) -> None:
        self.spec = spec
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} for {self.spec.id}>"
