"""Scenes and the scene stack (title, new game, table, pause, rules, results, ...).

A scene handles input (``handle`` returns True when it used the event),
advances in ``update(dt)`` and draws in ``draw`` (which changes no state).
Only the top scene gets input and updates; scenes below an overlay that is
not ``opaque`` are drawn first, so a pause menu shows the table behind it.
A scene says when its picture next changes by itself (``next_change``), so
the app draws nothing and waits for events while nothing moves.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, ClassVar

import pygame

if TYPE_CHECKING:
    from .app import App


SCENES: dict[str, str] = {
    "title": "title:TitleScene",
    "new game": "newgame:NewGameScene",
    "table": "table:TableScene",
    "online": "online:OnlineScene",
    "host": "online:HostScene",
    "lobby": "lobby:LobbyScene",
    "replay": "replay:ReplayScene",
    "privacy": "privacy:PrivacyScene",
    "pause": "pause:PauseScene",
    "rules": "rules:RulesScene",
    "log": "gamelog:LogScene",
    "results": "results:ResultsScene",
    "settings": "settings:SettingsScene",
    "statistics": "statistics:StatisticsScene",
    "lab": "lab:LabScene",
    "confirm": "dialogs:ConfirmScene",
    "name": "dialogs:NameScene",
    "about": "about:AboutScene",
    "learn": "learn:LearnScene",
    "lesson": "lesson:LessonScene",
    "coach note": "lesson:CoachNoteScene",
    "lesson end": "lesson:LessonEndScene",
}
"""Every scene by name, and the module of ``cardtable.app.scenes`` that holds it. Scenes open one
another by name (``app.open("rules", game)``), so none imports another, and each is loaded when it
is first opened (the window opens without loading the table)."""


def scene_class(name: str) -> type[Scene]:
    """The scene called ``name`` in :data:`SCENES`."""
    try:
        where = SCENES[name]
    except KeyError:
        raise KeyError(f"no scene called {name!r}; the scenes are {', '.join(SCENES)}") from None
    module, cls = where.split(":")
    return getattr(importlib.import_module(f"cardtable.app.scenes.{module}"), cls)


class Scene:
    opaque = True
    scene_name: ClassVar[str] = ""
    """Its name in :data:`SCENES`."""

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Popped off the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene on top was popped."""

    def resized(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def next_change(self) -> float | None:
        """Seconds until this scene's picture changes by itself (0: it moves now; None: only an
        event changes it). Meanwhile the app waits for events and draws nothing."""
        return None


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Clear the stack down to ``scene`` alone (back to the title)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque one up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]
