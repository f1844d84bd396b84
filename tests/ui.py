"""Driving the real app headless: mouse and key events posted to pygame's queue, time steps.

Every frame runs as the window's loop runs it (``App.pump``): the app takes its
input from the real event queue, so a click or key goes to whichever scene is
on top when it arrives, as it would for a player.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable.app.app import App
from cardtable.app.scenes.table import TableScene
from cardtable.app.table.setup import GameSetup, SeatSetup


def make_app(speed: str = "instant") -> App:
    app = App(size=(1280, 720))
    app.settings.animation_speed = speed
    pygame.event.clear()  # nothing left over from another app of the same process
    return app


def tick(app: App, events=(), dt: float = 1 / 30) -> None:
    """Post ``events`` to the queue, then run one frame."""
    for event in events:
        pygame.event.post(event)
    app.pump(dt)


def run(app: App, seconds: float, dt: float = 1 / 30, each: Callable[[], None] | None = None) -> None:
    for _ in range(max(1, round(seconds / dt))):
        app.pump(dt)
        if each is not None:
            each()


def until(app: App, done: Callable[[], bool], limit: float = 60.0, dt: float = 1 / 20, each=None) -> None:
    t = 0.0
    while not done():
        app.pump(dt)
        if each is not None:
            each()
        t += dt
        assert t < limit, "the app did not get there in time"


def continue_summary(app: App, scene) -> bool:
    """Click the round summary away, as a player would (True if there was one)."""
    if getattr(scene, "summary", None) is None or app.stack.top is not scene:
        return False
    click(app, (app.size[0] // 2, app.size[1] // 2))
    return True


def until_my_turn(app: App, scene, limit: float = 60.0, dt: float = 1 / 20) -> None:
    """Let the table play until the viewer must decide (or the game ends), past round summaries."""
    t = 0.0
    while not (scene.my_turn or scene.session.match.over):
        if not continue_summary(app, scene):
            app.pump(dt)
        t += dt
        assert t < limit, "the app did not get there in time"


def click(app: App, pos, button: int = 1) -> None:
    pos = (round(pos[0]), round(pos[1]))
    tick(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def drag(app: App, start, end, steps: int = 4) -> None:
    start = (round(start[0]), round(start[1]))
    end = (round(end[0]), round(end[1]))
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        tick(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))])
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])


def key(app: App, k: int, mod: int = 0) -> None:
    """Press and release a key (the release in the next frame, as a person's would be)."""
    tick(app, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])
    tick(app, [pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)])


def choose(app: App, selector, value) -> None:
    """Click a selector's right arrow until it shows ``value``."""
    for _ in range(len(selector.options) + 1):
        if selector.value == value:
            return
        click(app, (selector.rect.right - 5, selector.rect.centery))
    assert selector.value == value


def confirm_privacy(app: App, by_key: bool = False) -> None:
    """The next player takes the screen: once it is ready for them, a click on it (or Enter)."""
    from cardtable.app.scenes.privacy import PrivacyScene

    top = app.stack.top
    assert isinstance(top, PrivacyScene), f"no privacy screen on top but {type(top).__name__}"
    until(app, lambda: top.armed, limit=5.0, dt=1 / 30)
    if by_key:
        key(app, pygame.K_RETURN)
    else:
        click(app, (app.size[0] // 2, app.size[1] // 2))
    assert app.stack.top is not top, "the privacy screen took the confirmation"


def table_game(
    app: App,
    seats: list[tuple[str, bool]],
    seed: int = 3,
    game: str = "ugly",
    variant="standard",
    options: dict | None = None,
) -> TableScene:
    setup = GameSetup(game, [SeatSetup(n, h) for n, h in seats], variant, seed, dict(options or {}))
    scene = TableScene(app, setup)
    app.push(scene)
    return scene


def token_of(scene: TableScene, card):
    found = scene.model.find(card)
    assert found is not None, f"{card} is not on the table"
    return found[1]


def card_point(scene: TableScene, card) -> tuple[int, int]:
    """A point on the visible part of ``card`` (where a player would grab it)."""
    point = scene.point_of(card)
    assert point is not None, f"{card} is not on the table or completely covered"
    return point


def target_point(scene: TableScene, target) -> tuple[int, int]:
    """The middle of where an action's target is drawn."""
    rect = scene.target_rect(target)
    assert rect is not None, f"{target} is not drawn"
    return rect.center


def button(scene, label_start: str):
    found = scene.button(label_start)
    assert found is not None, f"no button {label_start!r} among {[b.label for b in scene.controls.buttons()]}"
    return found
