"""The game's own rule-based bot, as an agent."""

from __future__ import annotations

from cardtable.engine import Action, GameSpec, View

from .base import Agent


class RuleAgent(Agent):
    name = "rule"

    def __init__(self, spec: GameSpec, seed: int) -> None:
        if spec.bot is None:
            raise ValueError(f"{spec.name} has no rule-based bot")
        super().__init__(spec, seed)
        self._bot = spec.bot

    def choose(self, view: View) -> Action:
        return self._bot(view, self.rng)
