"""The table's sound effects: a small player that is never a reason to stop.

Sounds are short WAV files in ``assets/sounds/`` (made by
``packaging/make_sounds.py``), loaded the first time they are played. The
mixer opens only when a sound may be heard (volume above 0); a machine with
no audio device, or any ``pygame.error`` on the way, leaves the player
silent for the rest of the run. The same sound asked for again within
:data:`REPEAT_GAP` seconds is left out, so thirteen cards dealt at once give
a soft patter rather than a roar.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
from collections.abc import Callable, Iterator

import pygame

from cardtable.resources import asset_file

from .layout.parse import sound_names

log = logging.getLogger("cardtable")

SOUNDS = ("deal", "play", "flip", "gather", "ugh", "illegal", "turn", "game_end")
"""The sounds the app ships (``assets/sounds/<name>.wav``): the layouts name the first five, the table
asks for ``illegal`` and ``turn``, the results screen for ``game_end``."""

REPEAT_GAP = 0.04
"""Seconds within which the same sound is not started again."""

CHANNELS = 16
_FAILURES = (pygame.error, OSError, NotImplementedError)  # NotImplementedError: pygame built without a mixer


def gain(volume: int) -> float:
    """The mixer's gain (0 to 1) for a volume setting (0 to 100); a curve, so each step sounds alike."""
    return (max(0, min(100, volume)) / 100.0) ** 1.5


@contextlib.contextmanager
def _native_stderr_muted() -> Iterator[None]:
    """Hush what the audio libraries print themselves while the mixer opens.

    With no sound card, ALSA writes a dozen lines of its configuration errors
    straight to file descriptor 2 before SDL gives up; the player already
    logs the outcome, so a terminal should not show them. POSIX only; where
    descriptor 2 cannot be redirected nothing changes.
    """
    saved = None
    try:
        if os.name == "posix":
            sys.stderr.flush()
            saved = os.dup(2)
            with open(os.devnull, "wb") as null:
                os.dup2(null.fileno(), 2)
    except (OSError, AttributeError, ValueError):
        if saved is not None:
            os.close(saved)
        saved = None
    try:
        yield
    finally:
        if saved is not None:
            os.dup2(saved, 2)
            os.close(saved)


class SoundPlayer:
    """Plays the app's sounds at the volume of the settings."""

    def __init__(self, volume: int = 70, clock: Callable[[], float] = time.monotonic) -> None:
        self.volume = max(0, min(100, volume))
        self.clock = clock
        self.silent = False  # the mixer could not be opened: nothing is played from now on
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._last: dict[str, float] = {}

    def set_volume(self, volume: int) -> None:
        """A new volume, applied at once to every sound (0 stops what is playing)."""
        self.volume = max(0, min(100, volume))
        if self.volume == 0 and self._sounds:  # sounds are loaded only into an open mixer
            self._quietly(pygame.mixer.stop)
        for sound in self._sounds.values():
            if sound is not None:
                self._quietly(sound.set_volume, gain(self.volume))

    def start(self) -> bool:
        """Open the mixer if a sound may be heard; False when there is no sound to be had."""
        if self.silent or self.volume == 0:
            return False
        try:
            if not pygame.mixer.get_init():
                self._sounds.clear()  # sounds loaded for a mixer since closed are gone with it
                with _native_stderr_muted():
                    pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
                pygame.mixer.set_num_channels(CHANNELS)
        except _FAILURES as exc:
            log.info("no sound: %s", exc)
            self.silent = True
            return False
        return True

    def play(self, name: str) -> None:
        """Play sound ``name`` (unknown names, volume 0 and a sound just started are left out)."""
        if self.volume == 0 or name not in sound_names():
            return
        now = self.clock()
        last = self._last.get(name)
        if last is not None and now - last < REPEAT_GAP:
            return
        sound = self.sound(name)
        if sound is not None:
            self._last[name] = now
            self._quietly(sound.play)

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """Sound ``name``, loaded the first time (None: no mixer, or the file would not load)."""
        if not self.start():
            return None
        if name not in self._sounds:
            try:
                sound = pygame.mixer.Sound(str(asset_file("sounds", f"{name}.wav")))
                sound.set_volume(gain(self.volume))
            except _FAILURES as exc:
                log.info("sound %s not loaded: %s", name, exc)
                sound = None
            self._sounds[name] = sound
        return self._sounds[name]

    @staticmethod
    def _quietly(call: Callable[..., object], *args: object) -> None:
        try:
            call(*args)
        except _FAILURES as exc:
            log.info("sound: %s", exc)
