"""The sound effects: the files (made by packaging/make_sounds.py), the player, and the volume setting.

Tests run with SDL's dummy audio driver (conftest.py): the mixer opens and
plays into nothing, so what is checked is what the player asks of it.
"""

from __future__ import annotations

import importlib.util
import struct
import wave
from pathlib import Path

import pygame
import pytest

from cardtable.app.layout import load_layout, playable_games
from cardtable.app.scenes.results import ResultsScene
from cardtable.app.scenes.settings import SettingsScene
from cardtable.app.scenes.title import TitleScene
from cardtable.app.sound import REPEAT_GAP, SOUNDS, SoundPlayer, gain
from cardtable.resources import asset_file
from ui import click, make_app, table_game, tick, until

ROOT = Path(__file__).resolve().parents[1]
_SPEC = importlib.util.spec_from_file_location("make_sounds", ROOT / "packaging" / "make_sounds.py")
make_sounds = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(make_sounds)

FOLDER = asset_file("sounds")


def _samples(path: Path) -> tuple[wave._wave_params, tuple[int, ...]]:
    with wave.open(str(path)) as f:
        params = f.getparams()
        data = f.readframes(params.nframes)
    return params, struct.unpack(f"<{params.nframes}h", data)


# -- the files ---------------------------------------------------------------------------


def test_the_script_makes_exactly_the_committed_sounds_byte_for_byte(tmp_path):
    written = make_sounds.make_all(tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{name}.wav" for name in SOUNDS)
    assert sorted(p.name for p in FOLDER.glob("*.wav")) == sorted(p.name for p in written)
    for path in written:
        assert path.read_bytes() == (FOLDER / path.name).read_bytes(), f"{path.name} differs: run the script"


def test_every_sound_is_small_clean_and_moderately_loud():
    total = 0
    for name in SOUNDS:
        path = FOLDER / f"{name}.wav"
        total += path.stat().st_size
        assert path.stat().st_size < 26_000, name
        params, samples = _samples(path)
        assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050), name
        peak = max(abs(v) for v in samples) / 32768
        assert 0.25 < peak < 0.56, f"{name}: peak {peak:.2f} (about -6 dBFS wanted, never clipping)"
        assert samples[0] == 0 and samples[-1] == 0, f"{name} starts or ends with a click"
        assert max(abs(v) for v in samples[-20:]) < 50, f"{name} is cut off, not faded out"
    assert total < 200_000


def test_every_sound_loads_with_the_mixer_under_the_dummy_driver():
    pygame.mixer.init()
    for name in SOUNDS:
        sound = pygame.mixer.Sound(str(FOLDER / f"{name}.wav"))
        assert 0.05 < sound.get_length() < 0.6, name
        assert any(sound.get_raw()), f"{name} is silent"


def test_every_sound_a_layout_names_is_there():
    named = {t.sound for game in playable_games() for t in load_layout(game).timings if t.sound}
    assert named and named <= set(SOUNDS)
    assert {"deal", "play", "flip", "gather", "ugh"} <= named


# -- the player ----------------------------------------------------------------------------


class FakeSound:
    """Stands in for pygame.mixer.Sound: remembers what it was asked."""

    played: list[str] = []

    def __init__(self, path: str) -> None:
        self.name = Path(path).stem
        self.volume = 1.0

    def set_volume(self, value: float) -> None:
        self.volume = value

    def get_volume(self) -> float:
        return self.volume

    def play(self) -> None:
        FakeSound.played.append(self.name)


@pytest.fixture
def fake_sounds(monkeypatch):
    FakeSound.played = []
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    return FakeSound.played


def test_sounds_play_through_the_real_mixer_and_volume_zero_plays_nothing():
    player = SoundPlayer(0)
    if pygame.mixer.get_init():
        pygame.mixer.stop()  # what other tests left playing
    for name in SOUNDS:
        player.play(name)
    assert not pygame.mixer.get_busy()
    player.set_volume(80)
    player.play("ugh")
    assert pygame.mixer.get_busy()
    player.set_volume(0)  # off stops what plays
    assert not pygame.mixer.get_busy()


def test_volume_zero_asks_nothing_of_the_mixer(fake_sounds, monkeypatch):
    opened = []
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: opened.append(a))
    monkeypatch.setattr(pygame.mixer, "set_num_channels", lambda n: None)
    player = SoundPlayer(0)
    assert not player.start()
    player.play("deal")
    assert fake_sounds == [] and opened == []
    player.set_volume(10)
    player.play("deal")
    assert fake_sounds == ["deal"] and len(opened) == 1


def test_a_volume_change_reaches_the_loaded_sounds_at_once():
    player = SoundPlayer(70)
    player.play("deal")
    deal = player.sound("deal")
    assert deal is not None and deal.get_volume() == pytest.approx(gain(70), abs=0.01)
    player.set_volume(20)
    assert deal.get_volume() == pytest.approx(gain(20), abs=0.01)
    assert player.sound("turn").get_volume() == pytest.approx(gain(20), abs=0.01)  # loaded later: the same
    assert gain(0) == 0 and gain(100) == 1 and gain(40) < gain(50) < gain(60)


def test_the_same_sound_is_not_restarted_within_the_gap(fake_sounds):
    now = [10.0]
    player = SoundPlayer(70, clock=lambda: now[0])
    for _ in range(13):  # a whole hand dealt in one frame
        player.play("deal")
    player.play("play")
    assert fake_sounds == ["deal", "play"]
    now[0] += REPEAT_GAP / 2
    player.play("deal")
    assert fake_sounds == ["deal", "play"]
    now[0] += REPEAT_GAP
    player.play("deal")
    assert fake_sounds == ["deal", "play", "deal"]


def test_unknown_names_and_missing_files_are_silent(fake_sounds, monkeypatch):
    player = SoundPlayer(70)
    player.play("applause")
    assert fake_sounds == []

    def missing(path):
        raise FileNotFoundError(path)

    monkeypatch.setattr(pygame.mixer, "Sound", missing)
    player.play("flip")
    assert player.sound("flip") is None


def test_a_mixer_that_will_not_open_leaves_the_player_silent_for_good(fake_sounds, monkeypatch):
    tries = []

    def refuse(*args, **kwargs):
        tries.append(args)
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    player = SoundPlayer(70)
    for name in SOUNDS:
        player.play(name)
    player.set_volume(0)
    player.set_volume(100)
    player.play("deal")
    assert player.silent and fake_sounds == [] and len(tries) == 1


def test_the_app_starts_and_a_game_plays_to_its_end_without_a_mixer(monkeypatch):
    def refuse(*args, **kwargs):
        raise pygame.error("no audio device")

    def no_sound(*args, **kwargs):
        raise AssertionError("a sound was loaded without a mixer")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    monkeypatch.setattr(pygame.mixer, "Sound", no_sound)
    app = make_app()
    app.settings.computer_speed = "fast"
    scene = table_game(app, [("Ada", False), ("Bo", False)], seed=2, game="ugh")
    until(app, lambda: isinstance(app.stack.top, ResultsScene), limit=600, each=_close_summary(app, scene))
    assert scene.session.match.over
    assert app.sound.silent  # the first sound asked for found no mixer: none is tried again
    app.set_volume(50)  # the settings page's sample, too
    app.sound.play("play")


def test_the_mixer_opens_after_the_first_frame_not_before(monkeypatch):
    """Opening the mixer can take a tenth of a second: the window shows the title first."""
    opened: list[int] = []
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "set_num_channels", lambda n: None)
    app = make_app()
    monkeypatch.setattr(pygame.mixer, "init", lambda **kw: opened.append(app.frames))
    app.push(TitleScene(app))
    assert opened == []
    assert app.run(exit_after=0.3) == 0
    assert opened and opened[0] == 1  # once the first frame was drawn, and before another


def _close_summary(app, scene):
    def each() -> None:
        if scene.summary is not None and app.stack.top is scene:
            scene.close_summary()

    return each


def _demo(tmp_path, audio_driver: str, game: str, seconds: str):
    """A real app process on a demo with the given audio driver: its result and its log."""
    import os
    import subprocess
    import sys

    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": audio_driver,
        "XDG_STATE_HOME": str(tmp_path / "state"),
    }
    cmd = [sys.executable, "-m", "cardtable.cli", "--demo", game, "--seed", "3", "--exit-after", seconds]
    result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result, (tmp_path / "state" / "cardtable" / "log" / "cardtable.log").read_text()


def test_no_audio_driver_at_all_is_not_an_error(tmp_path):
    _, log = _demo(tmp_path, "no-such-driver", "ugh", "2")
    assert "no sound: " in log and "closed with code 0" in log


def test_the_audio_libraries_print_nothing_while_the_mixer_opens(tmp_path):
    """Where the audio driver is there but the device is not (ALSA without a card), the libraries'
    own complaints stay off the terminal; on a machine with sound there are none to begin with."""
    result, log = _demo(tmp_path, "alsa", "ugly", "1")
    assert "ALSA lib" not in result.stderr and "closed with code 0" in log


# -- the setting -----------------------------------------------------------------------------


def test_the_volume_stepper_sets_the_volume_at_once_with_a_sample(config_folder, monkeypatch):
    app = make_app()
    app.push(TitleScene(app))
    app.push(SettingsScene(app, "table"))
    tick(app)
    heard = []
    monkeypatch.setattr(app.sound, "play", heard.append)
    stepper = app.stack.top.table.volume
    assert stepper.format(stepper.value) == "70%"
    left = (stepper.rect.left + 5, stepper.rect.centery)
    click(app, left)
    assert app.settings.volume == 60 and app.sound.volume == 60 and heard == ["play"]
    for _ in range(8):
        click(app, left)
    assert app.settings.volume == 0 and stepper.format(stepper.value) == "Off"
    click(app, app.stack.top.done.rect.center)
    assert "volume: 0  # 0 (off) to 100" in (config_folder / "settings.yaml").read_text()


def test_a_volume_written_by_hand_between_the_steps_is_kept(config_folder):
    config_folder.mkdir(parents=True)
    (config_folder / "settings.yaml").write_text("volume: 35\n")
    app = make_app()
    assert app.sound.volume == 35
    app.push(SettingsScene(app, "table"))
    tick(app)
    stepper = app.stack.top.table.volume
    assert stepper.value == 35 and 30 in stepper.values and 40 in stepper.values
