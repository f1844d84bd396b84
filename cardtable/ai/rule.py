"""The game's own rule-based bot as an agent, and a clumsier version of it."""

from __future__ import annotations

from cardtable.engine import Action, GameSpec, View

from .base import Agent


class RuleAgent(Agent):
    """The ``normal`` level: the game's rule-based bot."""

    name = "normal"

    def __init__(self, spec: GameSpec, seed: int) -> None:
        if spec.bot is None:
            raise ValueError(f"{spec.name} has no rule-based bot")
        super().__init__(spec, seed)
        self._bot = spec.bot

    def choose(self, view: View) -> Action:
        return self._bot(view, self.rng)


class EasyAgent(RuleAgent):
    """The ``easy`` level: the rule-based bot, but now and then any legal move instead."""

    name = "easy"
    mistakes = 0.3

    def choose(self, view: View) -> Action:
        if len(view.legal) > 1 and self.rng.random() < self.mistakes:
            return self.rng.choice(view.legal)
        return super().choose(view)
