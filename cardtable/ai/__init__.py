"""Agents: computer players that decide from a View only.

The levels, with the same names in the app and on the command line:
``random`` (uniform legal moves, for testing), ``easy`` (the rule-based bot
with mistakes), ``normal`` (the rule-based bot; ``rule`` is another name for
it) and ``hard`` (information-set search). ``omniscient`` searches the true
game: an upper bound for ``cardtable simulate`` only, never a seat in the app.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.engine import GameSpec

from .base import Agent
from .ismcts import ISMCTSAgent, OmniscientAgent
from .random_agent import RandomAgent
from .rule import EasyAgent, RuleAgent

AgentFactory = Callable[[GameSpec, int], Agent]

LEVELS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "easy": EasyAgent,
    "normal": RuleAgent,
    "hard": ISMCTSAgent,
}
"""The levels a seat can play at, weakest first (the app offers these)."""

AGENTS: dict[str, AgentFactory] = {**LEVELS, "rule": RuleAgent, "omniscient": OmniscientAgent}
"""Every agent by name: the levels, ``rule`` (= normal) and the cheating ``omniscient``."""


def agent_names() -> list[str]:
    return list(AGENTS)


def make_agent(name: str, spec: GameSpec, seed: int) -> Agent:
    """The agent called ``name`` for ``spec``, with its own seeded RNG."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise ValueError(f"no agent {name!r}; choose from {', '.join(AGENTS)}") from None
    return factory(spec, seed)


__all__ = [
    "AGENTS",
    "LEVELS",
    "Agent",
    "EasyAgent",
    "ISMCTSAgent",
    "OmniscientAgent",
    "RandomAgent",
    "RuleAgent",
    "agent_names",
    "make_agent",
]
