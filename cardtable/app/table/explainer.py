"""Explain as I play: a short note the first time a rule fires in a real game, without stopping it.

The notes are data, in each game's tutorial file (``explain:``); the setting
``explain`` says when they come: during a player's first games of each game
(each note once, remembered in the data folder's ``explained.json``), in
every game (each note once a game), or never.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from cardtable.engine import Event
from cardtable.i18n import _
from cardtable.settings import FIRST_GAMES
from cardtable.tutorials import Explanation, load_tutorials
from cardtable.userfiles import atomic_write

log = logging.getLogger(__name__)
SEEN_FILE = "explained.json"


class Explainer:
    def __init__(self, game: str, notes: tuple[Explanation, ...], seen: set[str], path: Path | None) -> None:
        self.game = game
        self.notes = notes
        self.seen = seen
        self.path = path  # where the notes once said are kept (None: kept for this game only)

    @classmethod
    def for_table(cls, app, game: str) -> Explainer | None:
        """The notes for a real game of ``game`` at this app's table, or None when none are due."""
        mode = app.settings.explain
        if mode == "off" or (mode == "first games" and app.stats.stats.finished(game) >= FIRST_GAMES):
            return None
        tutorials, _problems = load_tutorials(app.files.root / "tutorials")
        tutorial = tutorials.get(game)
        if tutorial is None or not tutorial.explain:
            return None
        if mode == "always":
            return cls(game, tutorial.explain, set(), None)
        path = app.data / SEEN_FILE
        return cls(game, tutorial.explain, _read_seen(path), path)

    def heard(self, event: Event) -> list[str]:
        """The notes ``event`` is the first moment of, in the language in use (each said once)."""
        said = []
        for note in self.notes:
            key = f"{self.game}:{note.id}"
            if key not in self.seen and note.fires(event):
                self.seen.add(key)
                said.append(_(note.say))
        if said and self.path is not None:
            try:
                atomic_write(self.path, json.dumps(sorted(self.seen), indent=1) + "\n")
            except OSError as exc:  # the note is said anyway; it may come again next time
                log.warning("could not keep the notes said: %s", exc)
        return said


def _read_seen(path: Path) -> set[str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return set()
    except (OSError, ValueError) as exc:  # a broken file: the notes may come again, nothing stops
        log.warning("%s could not be read (%s); its notes may be said again", path, exc)
        return set()
    return {x for x in data if isinstance(x, str)} if isinstance(data, list) else set()
