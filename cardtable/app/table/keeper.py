"""Keeping the game safe: the autosave after every move, undo, and the replay of a finished game.

The table marks the match changed whenever a move is applied; once per frame
the keeper writes the whole match (game, seats, levels, variant) atomically
to the data folder, so quitting, a crash or a killed process loses at most
the frame in progress. A finished game leaves no autosave behind, only its
replay. Undo is for a table with one person: it replays the game from its
seed up to that person's last decision, so what comes back is exactly what
they saw then, and nothing they could not.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from cardtable.match import Match
from cardtable.saves import MatchRecord, SaveWriter, save_replay, seats_of, stamp

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Keeper:
    """One game's keeping: where and how it is written, and who sits at it (the saved seats)."""

    writer: SaveWriter
    folder: Path
    match: Match
    names: list[str]
    levels: list[str | None]
    variant: str | None
    enabled: bool
    """Keep this game at all (a demo is not kept)."""
    hints: list[int] = field(init=False)
    """Per seat: hints asked for (the statistics count them)."""

    def __post_init__(self) -> None:
        self.hints = [0] * len(self.names)
        if self.enabled:
            self.match.changed = True  # a game begun is a game to continue, even before its first move

    def record(self) -> MatchRecord:
        return MatchRecord(
            seats_of(self.names, self.levels, self.hints), self.variant, self.match.game.to_dict(), stamp()
        )

    def save(self) -> None:
        """Write the autosave if a move was made since the last (clear it once the game is over)."""
        if not self.enabled or not self.match.changed:
            return
        self.match.changed = False
        if self.match.over:
            self.writer.clear(self.folder)
        else:
            self.writer.write(self.folder, self.record())

    @property
    def problem(self) -> str | None:
        """Why the last save failed (None: it did not)."""
        return self.writer.problem

    def finished(self) -> Path | None:
        """The game is over: no autosave is left, and its replay is kept (its path, if written)."""
        if not self.enabled:
            return None
        self.match.changed = True
        self.save()
        try:
            return save_replay(self.folder, self.record())
        except OSError as exc:
            log.warning("the replay could not be saved: %s", exc)
            return None

    # -- undo ------------------------------------------------------------------------------

    def undo_point(self, seat: int) -> int | None:
        """The moves made at ``seat``'s last decision: where undo goes (None: nowhere)."""
        return self.match.undo_point(seat)

    def undo(self, seat: int) -> bool:
        """Take ``seat`` back to its last decision; False if there is none."""
        point = self.undo_point(seat)
        if point is None or self.match.over:
            return False
        self.match.rewind(point)
        self.save()
        return True
