"""Uniformly random legal play: the baseline and the property tests' driver."""

from __future__ import annotations

from cardtable.engine import Action, View

from .base import Agent


class RandomAgent(Agent):
    name = "random"

    def choose(self, view: View) -> Action:
        if not view.legal:
            raise ValueError("there is nothing to decide in this view")
        return self.rng.choice(view.legal)
