"""The application: one window, one loop, a stack of scenes.

The loop is events -> top scene -> update -> draw -> flip, paced by a clock.
``pump`` runs one frame from the events in pygame's queue, as the loop does,
so tests post input to that queue and drive the real scenes headless.

The app owns the player's files (``UserFiles``): it reads the settings, own
variants and layout overrides once at start, keeps what was wrong with them
for the title and settings screens to show, and writes settings back. The
statistics in the data folder (``StatsFile``) are read at start too, and
written after each finished game.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame  # noqa: E402

from cardtable import games, i18n
from cardtable.ai.worker import Worker
from cardtable.engine import Variant
from cardtable.i18n import _
from cardtable.resources import asset_file
from cardtable.saves import SaveWriter, clean_temporary
from cardtable.settings import (  # noqa: E402
    CARD_BACKS,
    MAX_WINDOW,
    MIN_WINDOW,
    Settings,
    config_dir,
    data_dir,
    log_dir,
)
from cardtable.statsfile import StatsFile
from cardtable.userfiles import LAYOUTS, UserFiles
from cardtable.yamlfile import ConfigError

from . import theme, trail  # noqa: F401  (theme sets the pygame environment first)
from .cardart import CardArt  # noqa: E402
from .layout import Layout, has_layout, load_layout
from .scene import Scene, SceneStack, scene_class  # noqa: E402
from .sound import SoundPlayer
from .text_field import CARET
from .theme import Fonts, TextCache  # noqa: E402

if TYPE_CHECKING:
    from cardtable.net.host import LocalServer

MIN_SIZE = MIN_WINDOW
FPS = 60
IDLE_WAKE = 0.5
"""The longest the app waits for an event while nothing moves (seconds)."""
DESKTOP_SHARE = 0.9
"""The most of the desktop a window opens over, leaving room for the system's panels and title bar."""
log = logging.getLogger("cardtable")


def fit_to_desktop(size: tuple[int, int], desktops: list[tuple[int, int]]) -> tuple[int, int]:
    """The size to open a window of ``size`` at, so that all of it is on the (first) desktop.

    A remembered size may come from a larger monitor than this one; each side is cut to
    ``DESKTOP_SHARE`` of the desktop's, never below the smallest window. No desktop known: unchanged.
    """
    if not desktops:
        return size
    dw, dh = desktops[0]
    if dw <= 0 or dh <= 0:
        return size
    w = max(MIN_WINDOW[0], min(size[0], int(dw * DESKTOP_SHARE)))
    h = max(MIN_WINDOW[1], min(size[1], int(dh * DESKTOP_SHARE)))
    return w, h


def _desktops() -> list[tuple[int, int]]:
    try:
        return list(pygame.display.get_desktop_sizes())
    except pygame.error:  # no display to ask: open at the size asked for
        return []


class App:
    def __init__(
        self,
        settings: Settings | None = None,
        size: tuple[int, int] | None = None,
        config: str | Path | None = None,
        data: str | Path | None = None,
    ) -> None:
        """``config``: the folder of the player's files (default: the platform's config folder);
        ``data``: where games are kept (the autosave, statistics, replays)."""
        self.files = UserFiles(config if config is not None else config_dir())
        self.data = Path(data) if data is not None else data_dir()
        self.saver = SaveWriter()  # the autosave is written off the frame
        self.save_notes: list[str] = []  # saved games that could not be used (set aside), for the title
        for folder in (self.files.root, self.data):
            for path in clean_temporary(folder):
                log.info("removed %s, left by an interrupted write", path)
        loaded = self.files.load_settings()
        self.settings = settings or loaded
        i18n.use(self.settings.language)  # before any words are made: notices, scenes, card faces
        self.stats = StatsFile(self.data)
        """Finished games: ``stats.record`` counts one, ``stats.notices`` says what went wrong."""
        self.stats.load()
        self._saved_settings = loaded.to_dict()
        self.files.load_variants(games.all_specs())
        self.layouts: dict[str, Layout] = {}
        self._load_layouts()
        for problem in self.notices():
            log.warning("not used: %s", problem)
        pygame.display.init()
        trail.require_a_display()
        pygame.font.init()
        # An explicit ``size`` is opened as given; the remembered one is fitted to this desktop, and
        # stays remembered (the player may be back on the larger monitor next time).
        self.window_size = size or fit_to_desktop(self.settings.window_size, _desktops())
        self._opened_at: tuple[int, int] | None = self.window_size
        self.window = pygame.Window("Card Table", self.window_size, resizable=True)
        self.window.minimum_size = MIN_SIZE
        self._set_icon()
        self.surface = self.window.get_surface()
        self.fonts = Fonts()
        self.text = TextCache(self.fonts)
        self.cards = CardArt(self.fonts)
        self.cards.set_back(self.settings.back_index)
        self.cards.set_style(self.settings.four_color, self.settings.large_index)
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self.exit_code = 0
        self.frames = 0
        self.fullscreen = False
        self.worker = Worker()  # computer players that think long do it in another process
        self._server: LocalServer | None = None
        self.sound = SoundPlayer(self.settings.volume)
        """The sound effects; silent, never an error, where the machine has no sound. The mixer opens
        after the first frame (opening it can take a tenth of a second), or at the first sound."""
        if self.settings.fullscreen:
            self.toggle_fullscreen()
        pygame.key.start_text_input()

    def _set_icon(self) -> None:
        try:
            self.window.set_icon(pygame.image.load(str(asset_file("icons", "cardtable.svg"))))
        except (pygame.error, FileNotFoundError) as exc:  # an icon is a nicety, not a reason to stop
            log.info("no window icon: %s", exc)

    # -- the player's files ------------------------------------------------------

    def _load_layouts(self) -> None:
        """Built-in layouts with the player's overrides merged over them; a broken override is skipped."""
        for game in games.ids():
            if has_layout(game):
                self.layouts[game] = load_layout(game)
        folder = self.files.root / LAYOUTS
        if not folder.is_dir():
            return
        for path in self.files.listing(folder, ".yaml"):
            game = path.stem
            if game not in self.layouts:
                known = ", ".join(f"{g}.yaml" for g in self.layouts)
                # Translators: a layout file named for no game; {files} lists the layout files it may be.
                said = _("Card Table has no table for {game}; it can change {files}")
                message = said.format(game=repr(game), files=known)
                self.files.report(ConfigError(path, None, None, message))
                continue
            doc = self.files.read(path)
            if doc is None:
                continue
            try:
                self.layouts[game] = load_layout(game, doc)
            except ConfigError as exc:
                self.files.report(exc)

    def layout(self, game: str) -> Layout:
        if game not in self.layouts:
            self.layouts[game] = load_layout(game)
        return self.layouts[game]

    def variants(self, game: str) -> dict[str, Variant]:
        """The game's built-in variants ("standard" first), then the player's own."""
        return self.files.variants(games.get(game))

    def local_server(self) -> str:
        """This app's own table server (started on first use; an ``OSError`` if it cannot listen):
        the address this app connects to."""
        if self._server is None:
            from cardtable.net.host import LocalServer

            server = LocalServer(self.data / "hosted")  # apart from `cardtable serve`'s server/
            url = server.start()
            self._server = server
            return url
        assert self._server.url is not None
        return self._server.url

    def server_invitation(self) -> str:
        """The address others type to join a table this app hosts."""
        return self._server.invitation() if self._server is not None else ""

    def server_announced(self) -> bool:
        """Whether this app's server lists its open tables on the local network."""
        return self._server is not None and self._server.announced

    def notices(self, variants: bool | None = None) -> list[str]:
        """What is wrong with the player's files (file, line, what), for the screens to show.

        ``variants``: only the problems with variant files (True) or with the others (False).
        """
        return self.files.messages(variants)

    def save_settings(self, only_if_changed: bool = True) -> str | None:
        """Write the settings (if they changed since read or saved); returns what went wrong, if anything."""
        current = self.settings.to_dict()
        if only_if_changed and current == self._saved_settings:
            return None
        try:
            self.files.save_settings(self.settings)
        except OSError as exc:
            log.error("could not save the settings: %s", exc)
            return _("The settings could not be saved: {error}").format(error=exc.strerror or exc)
        self._saved_settings = current
        return None

    def set_card_back(self, name: str) -> None:
        if name in CARD_BACKS:
            self.settings.card_back = name
            self.cards.set_back(self.settings.back_index)

    def set_card_style(self, four_color: bool, large_index: bool) -> None:
        """The deck's look (Table settings), applied at once: every face is drawn anew."""
        self.settings.four_color, self.settings.large_index = four_color, large_index
        self.cards.set_style(four_color, large_index)

    def set_volume(self, volume: int) -> None:
        """The sound volume (Table settings), heard at once: 0 is off."""
        self.settings.volume = volume
        self.sound.set_volume(volume)

    def set_window_size(self, size: tuple[int, int]) -> None:
        """The windowed size (kept for later while in full screen)."""
        self.settings.window_size = size
        self.window_size = size
        if not self.fullscreen:
            self.window.size = size
            self._resized()

    # -- window ----------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.window.set_windowed()
            self.window.size = self.window_size
        else:
            self.window_size = self.window.size
            self.window.set_fullscreen(desktop=True)
        self.fullscreen = not self.fullscreen
        self.settings.fullscreen = self.fullscreen
        self._resized()

    def _remember_size(self) -> None:
        """A window resized by hand opens at that size next time."""
        if self.fullscreen:
            return
        w, h = self.window.size
        size = (min(max(w, MIN_WINDOW[0]), MAX_WINDOW[0]), min(max(h, MIN_WINDOW[1]), MAX_WINDOW[1]))
        self.window_size = size
        if size != self._opened_at:  # the size it was fitted to at start is not the player's choice
            self.settings.window_size = size
            self._opened_at = None

    def _resized(self) -> None:
        self.surface = self.window.get_surface()
        for scene in self.stack.scenes:
            scene.resized(self.size)

    # -- scenes ----------------------------------------------------------------

    def scene(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new scene of this app by its name in :data:`~cardtable.app.scene.SCENES`."""
        return scene_class(name)(self, *args, **kwargs)

    def open(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Open the scene called ``name`` over the current one; returns it."""
        scene = self.scene(name, *args, **kwargs)
        self.push(scene)
        return scene

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def pop(self) -> None:
        self.stack.pop()

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)

    def reset(self, scene: Scene) -> None:
        self.stack.reset(scene)

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    def request_quit(self) -> None:
        """The player asked to quit: ask first if the settings say so (asking twice quits)."""

        top = self.stack.top
        if not self.settings.confirm_quit or (
            top is not None and top.scene_name == "confirm" and top.tag == "quit"
        ):
            self.quit()
            return
        self.open("confirm", _("Quit Card Table?"), "", _("Quit"), self.quit, tag="quit")

    def window_closed(self) -> None:
        """The window's close button: during a game, quit at once (the game is saved, Continue takes
        it up again); elsewhere ask as the Quit button does."""

        if any(getattr(s, "session", None) is not None and s.session.in_progress for s in self.stack.scenes):
            self.quit()
        else:
            self.request_quit()

    # -- the loop ----------------------------------------------------------------

    def tick(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame: input, update, draw."""
        for event in events:
            if event.type == pygame.QUIT:
                self.window_closed()
                continue
            if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
                self._resized()
                self._remember_size()
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            top = self.stack.top
            if top is not None:
                top.handle(event)
        top = self.stack.top
        if top is not None:
            top.update(dt)
        self.draw()

    def pump(self, dt: float) -> None:
        """One frame from the events waiting in pygame's queue (what the window's loop runs)."""
        self.tick(pygame.event.get(), dt)

    def _stop_on_signals(self):
        """SIGTERM (a logout, a service manager, ``kill``) ends the run cleanly at the next frame,
        the game saved; returns what puts the old handlers back."""
        if threading.current_thread() is not threading.main_thread():
            return _no_change
        names = [n for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n)]
        previous = {}
        for name in names:
            number = getattr(signal, name)
            previous[number] = signal.signal(number, lambda *_args: self.quit(0))

        def restore() -> None:
            for number, handler in previous.items():
                signal.signal(number, handler)

        return restore

    def draw(self) -> None:
        visible = self.stack.visible()
        if not visible:
            self.surface.fill(theme.FELT)
        CARET.drawn = False
        for scene in visible:
            scene.draw(self.surface)
        self.frames += 1

    def next_change(self) -> float | None:
        """Seconds until the picture changes by itself (0: now; None: only an event changes it):
        the top scene's word (only it is updated), or a blinking caret's next blink."""
        top = self.stack.top
        wait = top.next_change() if top is not None else None
        if CARET.drawn:
            wait = CARET.next_blink() if wait is None else min(wait, CARET.next_blink())
        return wait

    def next_frame(self, longest: float = IDLE_WAKE) -> tuple[list[pygame.event.Event], float] | None:
        """The events and time step of the next frame, waiting for them while nothing moves: at
        once if something moves; else when an event comes or a change falls due (never longer
        than ``longest``, so a signal to stop is heard). None: the wait ran out with nothing to
        show, and no frame is drawn."""
        wait = self.next_change()
        if wait is not None and wait <= 0:
            return pygame.event.get(), min(self.clock.tick(FPS) / 1000.0, 0.1)
        limit = min(IDLE_WAKE, longest) if wait is None else min(IDLE_WAKE, longest, wait)
        first = pygame.event.wait(max(1, round(limit * 1000)))
        events = ([] if first.type == pygame.NOEVENT else [first]) + pygame.event.get()
        if not events and wait is None:
            return None
        return events, min(self.clock.tick() / 1000.0, IDLE_WAKE)  # the time waited: timers fall due

    def run(self, exit_after: float | None = None, screenshot: Path | None = None) -> int:
        """Run until quit (or ``exit_after`` seconds); returns the exit code."""
        start = time.perf_counter()
        stop = self._stop_on_signals()
        try:
            self.tick(pygame.event.get(), 0.0)  # the first frame, whether or not an event comes
            self.window.flip()
            while self.running and self.stack.top is not None:
                left = IDLE_WAKE if exit_after is None else exit_after - (time.perf_counter() - start)
                if left <= 0:
                    self.quit(0)
                    break
                if self.frames == 1:  # the window shows: now what the first frame could do without
                    self.sound.start()
                frame = self.next_frame(left)  # a wait ends when the time asked for is up
                if frame is not None:
                    self.tick(*frame)
                    self.window.flip()
            if screenshot is not None:
                pygame.image.save(self.surface, str(screenshot))
            if not self.files.settings_broken:  # a broken file is only replaced when the player saves
                self.save_settings()
        finally:
            stop()
            self.saver.flush()
            self.worker.close()
            if self._server is not None:
                self._server.stop()
            pygame.quit()
        return self.exit_code


def _no_change() -> None:
    return None


def launch(
    demo: str | None = None,
    seed: int | None = None,
    exit_after: float | None = None,
    screenshot: Path | None = None,
    replay=None,
    watch: int | None = None,
    windowed: bool = False,
    learn: str | None = None,
) -> int:
    """Open the window and run (a demo, or a replay over the title). A crash, or no screen to show
    the window on, is logged and told (``windowed``: in a message box too) and exits non-zero."""
    path = trail.start_log(log_dir())
    log.info("starting Card Table")
    try:
        app = App()
        if demo is not None:
            app.push(scene_class("table").of_computers(app, demo, seed, watch))  # type: ignore[attr-defined]
        else:
            app.open("title")
        if learn is not None:
            app.open("learn", learn)  # the lesson itself, over the title it leaves to
        if replay is not None:
            app.open("replay", replay)
        code = app.run(exit_after, screenshot)
        log.info("closed with code %s", code)
        return code
    except pygame.error as exc:
        log.exception("display problem")
        trail.tell(_("Card Table could not open its window: {error}").format(error=exc), path, windowed)
        return 3
    except Exception as exc:
        log.error("crash:\n%s", traceback.format_exc())
        trail.tell(_("Card Table stopped because of an error: {error}").format(error=exc), path, windowed)
        return 1
