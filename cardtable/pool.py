"""Games played in other processes: handed out through a queue, results collected as they come.

One pool for everything that plays many games at once (``cardtable simulate`` and the house-rule
lab, on the command line and in the app). Not ``multiprocessing.Pool``: it replaces a process
that dies and loses its game, so a run would wait for it forever (and one whose processes cannot
start at all restarts them without end). Not ``concurrent.futures.ProcessPoolExecutor`` either:
it reports a dead process (``BrokenProcessPool``), but cannot stop the games under way, and the
lab's Cancel must be instant. Here a process that ends before its work is done is an error the
run reports, and stopping ends every process at once. Under the app, the processes run nicer
than the window, so it stays smooth.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import queue
import signal
from collections.abc import Callable, Iterable
from typing import Any

LOWER_PRIORITY = 5
"""How much nicer the processes are than the app, when they yield to it (Unix niceness)."""


class PoolError(RuntimeError):
    """A game failed, or a process ended before its work was done."""


def _yield_to_the_screen() -> None:
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(LOWER_PRIORITY)


def _serve(tasks: Any, results: Any, play: Callable[..., Any], nicer: bool) -> None:
    """A pool's process: play each task's game until the None that says there are no more."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle: it ends us
    if nicer:
        _yield_to_the_screen()
    while True:
        task = tasks.get()
        if task is None:
            return
        key, args = task
        try:
            results.put((key, play(*args), ""))
        except Exception as exc:  # noqa: BLE001 - sent back: the run stops and says why
            results.put((key, None, f"{type(exc).__name__}: {exc}"))


class GamePool:
    """``workers`` processes calling ``play`` (a module-level function) on each task's arguments;
    ``nicer``: they yield to the app's window."""

    def __init__(
        self,
        play: Callable[..., Any],
        tasks: Iterable[tuple[Any, tuple]],
        workers: int,
        nicer: bool = False,
    ) -> None:
        ctx = mp.get_context("spawn")
        self._tasks = ctx.Queue()
        self._tasks.cancel_join_thread()  # tasks not yet handed out never hold up this process's exit
        self._results = ctx.Queue()
        self.expected = 0
        for task in tasks:
            self._tasks.put(task)
            self.expected += 1
        for _ in range(workers):
            self._tasks.put(None)
        self.processes = [
            ctx.Process(target=_serve, args=(self._tasks, self._results, play, nicer), daemon=True)
            for _ in range(workers)
        ]
        for p in self.processes:
            p.start()
        self.received = 0

    @property
    def done(self) -> bool:
        return self.received >= self.expected

    def collect(self, wait: float = 0.0) -> list[tuple[Any, Any]]:
        """The (key, result) pairs finished since the last call, waiting up to ``wait`` seconds for
        the first when none has; :class:`PoolError` for a failure."""
        out = []
        while True:
            try:
                first = not out and wait > 0 and not self.done
                key, result, error = self._results.get(timeout=wait) if first else self._results.get_nowait()
            except queue.Empty:
                break
            if error:
                raise PoolError(error)
            out.append((key, result))
        self.received += len(out)
        if self.received < self.expected and not out:
            for p in self.processes:
                if p.exitcode not in (None, 0):
                    raise PoolError(f"a process playing games stopped unexpectedly (exit code {p.exitcode})")
        return out

    def stop(self) -> None:
        """End every process now (their games are lost), and let the queues go."""
        for p in self.processes:
            if p.is_alive():
                p.terminate()
        for p in self.processes:
            p.join(timeout=2)
        for q in (self._tasks, self._results):
            q.cancel_join_thread()  # the unplayed tasks need not reach anyone
            q.close()
