"""A worker process that makes computer players' decisions away from the window.

The app sends ``(ticket, game id, level, seed, seat, view)``; the worker keeps
one agent per (game, level, seed, seat), so an agent's random generator runs
on from one decision to the next exactly as it would in one process, and
answers ``(ticket, action)`` (or ``(ticket, error text)``).
"""

from __future__ import annotations

import multiprocessing as mp
import queue
import traceback
from typing import Any

from cardtable import games
from cardtable.engine import View

from . import make_agent
from .base import Agent


def serve(requests: Any, answers: Any) -> None:
    """The worker's loop; ``None`` on the request queue stops it."""
    agents: dict[tuple[str, str, int, int], Agent] = {}
    while True:
        job = requests.get()
        if job is None:
            return
        ticket, game_id, level, seed, seat, view = job
        try:
            key = (game_id, level, seed, seat)
            agent = agents.get(key)
            if agent is None:
                agent = agents[key] = make_agent(level, games.get(game_id), seed)
            answers.put((ticket, agent.choose(view), None))
        except Exception:  # the app shows the problem and plays on with another move
            answers.put((ticket, None, traceback.format_exc()))


class Worker:
    """The app's side: start the process lazily, send views, collect decisions."""

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self._process: Any = None
        self._requests: Any = None
        self._answers: Any = None
        self._ticket = 0
        self._ready: dict[int, tuple[int, Any, str | None]] = {}  # answers taken for another asker

    def start(self) -> None:
        if self._process is None:
            self._requests = self._ctx.Queue()
            self._answers = self._ctx.Queue()
            self._process = self._ctx.Process(target=serve, args=(self._requests, self._answers), daemon=True)
            self._process.start()

    def ask(self, game_id: str, level: str, seed: int, seat: int, view: View) -> int:
        """Send a decision to make; returns its ticket."""
        self.start()
        self._ticket += 1
        self._requests.put((self._ticket, game_id, level, seed, seat, view))
        return self._ticket

    def poll(self) -> tuple[int, Any, str | None] | None:
        """A finished decision, if one is ready: (ticket, action, error)."""
        if self._answers is None:
            return None
        try:
            return self._answers.get_nowait()
        except queue.Empty:
            return None

    def take(self, ticket: int) -> tuple[Any, str | None] | None:
        """The answer to ``ticket`` once it is ready: (action, error). Answers for other tickets
        (a computer's move while a hint is thought about, or the reverse) wait for their asker."""
        while ticket not in self._ready:
            answer = self.poll()
            if answer is None:
                return None
            self._ready[answer[0]] = answer
            if len(self._ready) > 64:  # answers nobody will ask for (a game left): the oldest go
                del self._ready[min(self._ready)]
        _, action, error = self._ready.pop(ticket)
        return action, error

    def close(self) -> None:
        if self._process is not None:
            try:
                self._requests.put(None)
                self._process.join(timeout=1.0)
            finally:
                if self._process.is_alive():
                    self._process.terminate()
                self._process = None
