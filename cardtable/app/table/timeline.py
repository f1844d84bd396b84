"""The timeline: the viewer's redacted events, queued and played as animation.

Each event holds the table for the time its layout rule says (a hold
before, a glide, a gap after), scaled by the animation speed. Once every
event has played and every card has landed, the table takes the view those
events led to (:meth:`Timeline.settle`), so the picture always ends where
the rules say. The timeline knows no rules: it reads timings from the layout,
and the sound a rule names is played as its event's glide starts (a skipped
animation plays none: a click does not set off every sound it skipped).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from cardtable.engine import Event, View

from ..layout import Layout
from ..layout.timing import timing_of
from ..tokens import TableModel


@dataclass(eq=False)
class Timeline:
    """Queued events for one table.

    ``on_event(event, live)`` is called for each as its turn comes (``live``
    False when a click skipped the animation: no need to announce it);
    ``sound(name)`` just before, for a live event whose rule names a sound;
    ``on_wait(event)`` as the hold of an event whose rule waits (a trick about
    to be gathered) begins: True holds the queue there until :meth:`release`.
    """

    layout: Layout
    model: TableModel
    factor: Callable[[], float]
    place: Callable[[float], None]
    on_event: Callable[[Event, bool], None]
    sound: Callable[[str], None] | None = None
    on_wait: Callable[[Event], bool] | None = None
    clock: float = field(default=0.0, init=False)
    queue: deque[tuple[float | None, Event, float]] = field(default_factory=deque, init=False)
    """Each event with its hold (None: held already) and the gap after it."""
    next_at: float = field(default=0.0, init=False)
    pending: View | None = field(default=None, init=False)
    waiting: bool = field(default=False, init=False)
    """Held at an event until released (a click after a trick)."""

    @property
    def busy(self) -> bool:
        """Events are still playing out: the picture has not caught up with the game."""
        return bool(self.queue) or self.pending is not None or self.waiting

    def release(self) -> bool:
        """Go on from where the queue waits (the rest of that hold is skipped); True if it waited."""
        if not self.waiting:
            return False
        self.waiting = False
        self.next_at = self.clock
        return True

    @property
    def moving(self) -> bool:
        return any(t.moving for t in self.model.tokens())

    def clear(self) -> None:
        self.queue.clear()
        self.pending = None
        self.waiting = False

    def enqueue(self, events: list[Event], final: View) -> None:
        for event in events:
            rule = timing_of(self.layout, event)
            self.queue.append((rule.hold, event, rule.gap))
        self.pending = final
        self.next_at = max(self.next_at, self.clock)

    def _play(self, event: Event) -> None:
        rule = timing_of(self.layout, event)
        changed = self.model.apply(event)
        if changed:
            self.place(rule.glide * self.factor())
        if rule.sound and self.sound is not None:
            self.sound(rule.sound)
        self.on_event(event, True)

    def step_tokens(self, dt: float) -> None:
        """Cards glide on (also while the events wait)."""
        for token in self.model.tokens():
            token.step(dt)
            for extra in token.attached:
                extra.step(dt)

    def update(self, dt: float) -> View | None:
        """Advance; returns the view to show once everything has played and landed."""
        self.clock += dt
        self.step_tokens(dt)
        factor = self.factor()
        while self.queue and not self.waiting and self.clock >= self.next_at:
            hold, event, gap = self.queue.popleft()
            waits = hold is not None and self.on_wait is not None and timing_of(self.layout, event).wait
            if hold is not None and ((hold > 0 and factor > 0) or waits):
                self.queue.appendleft((None, event, gap))
                self.next_at = self.clock + hold * factor
                if waits:
                    self.waiting = self.on_wait(event)
                break
            self._play(event)
            self.next_at = self.clock + gap * factor
        if not self.queue and self.pending is not None and not self.moving:
            return self.settle()
        return None

    def settle(self) -> View | None:
        view, self.pending = self.pending, None
        return view

    def skip(self) -> View | None:
        """Play every queued event at once and land every card; returns the view to show."""
        self.waiting = False
        while self.queue:
            _, event, _ = self.queue.popleft()
            self.model.apply(event)
            self.on_event(event, False)
        return self.settle()

    def land(self) -> None:
        """Cards still gliding into place land at once."""
        for token in self.model.tokens():
            if token.moving:
                token.finish()
            for extra in token.attached:
                extra.finish()
