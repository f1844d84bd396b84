"""Uniformly random legal play: the baseline and the property tests' driver."""

from __future__ import annotations

from cardtable.engine import Action, View

from .base import Agent


class RandomAgent(Agent):
    name = "random"

    def choose(self, view: View) -> Action:
        return self.rng.choice(view.choices())
