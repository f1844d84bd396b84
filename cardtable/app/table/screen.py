"""Who sits at the screen: the one seat whose hidden cards the table may draw.

At a shared screen (two or more humans) the viewer is nobody, so the table
shows what a spectator sees, except from the moment a human confirms on the
privacy screen until their sitting ends: the decision is no longer theirs,
or a deal, round, hand, summary or the game ends. Everything else (game
start, Continue, a return from the pause menu) starts with nobody at the
screen. With one human the viewer is always that human; a demo may watch
one seat. This is the only place the viewer changes; the table asks it.
Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardtable.engine import Event, GameOver, Recap, RoundEnded


def ends_a_sitting(event: Event) -> bool:
    """A new deal, round or hand, a summary or the end: whoever is at the screen leaves it."""
    return isinstance(event, RoundEnded | GameOver) or (isinstance(event, Recap) and event.pause)


class Screen:
    def __init__(self, humans: Sequence[int], watch: int | None = None) -> None:
        """``humans``: the seats people play; ``watch``: in a demo or a replay, which nobody plays
        at this screen, the seat it is watched from."""
        self.humans = tuple(humans)
        self.shared = watch is None and len(self.humans) > 1
        if watch is not None:
            fixed = watch
        elif self.shared:
            fixed = None
        else:
            fixed = self.humans[0] if self.humans else None
        self._viewer: int | None = fixed
        self._bottom: int | None = fixed if fixed is not None else (self.humans[0] if self.humans else None)

    @property
    def viewer(self) -> int | None:
        """The seat whose hidden cards may be drawn now (None: nobody's, the public table)."""
        return self._viewer

    @property
    def bottom(self) -> int | None:
        """The seat drawn at the bottom: the viewer, or the last human who sat at the screen
        (None: a spectator's table, seat 0 at the bottom)."""
        return self._bottom

    def confirm(self, seat: int) -> None:
        """``seat``'s player confirmed on the privacy screen: the table is theirs until their sitting ends."""
        if not self.shared or seat not in self.humans:
            raise ValueError(f"seat {seat} cannot take the screen: only people at a shared screen confirm")
        self._viewer = seat
        self._bottom = seat

    def release(self) -> bool:
        """Nobody at the screen (a shared one); True if somebody was."""
        if not self.shared or self._viewer is None:
            return False
        self._viewer = None
        return True

    def settle(self, to_act: Sequence[int], events: Iterable[Event]) -> bool:
        """Moves were made: the viewer leaves the screen unless the next decision is still theirs and
        no sitting ended with the moves. True if they left."""
        if not self.shared or self._viewer is None:
            return False
        if self._viewer in to_act and not any(ends_a_sitting(e) for e in events):
            return False
        self._viewer = None
        return True
