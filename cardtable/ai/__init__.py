"""Agents: computer players that decide from a View only.

``make_agent(name, spec, seed)`` builds one by name; the names are the ones
the command line accepts for ``--agents``.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.engine import GameSpec

from .base import Agent
from .random_agent import RandomAgent
from .rule import RuleAgent

AgentFactory = Callable[[GameSpec, int], Agent]

AGENTS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "rule": RuleAgent,
}


def agent_names() -> list[str]:
    return list(AGENTS)


def make_agent(name: str, spec: GameSpec, seed: int) -> Agent:
    """The agent called ``name`` for ``spec``, with its own seeded RNG."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise ValueError(f"no agent {name!r}; choose from {', '.join(AGENTS)}") from None
    return factory(spec, seed)


__all__ = ["AGENTS", "Agent", "RandomAgent", "RuleAgent", "agent_names", "make_agent"]
