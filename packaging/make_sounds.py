"""Make the table's sound effects, ``assets/sounds/*.wav``, from code.

Every sound is synthesized here with the standard library only (filtered
noise for the cards, a few sine partials for the tones), so the files need no
licence beyond the project's own and a change is one command away:

    python packaging/make_sounds.py            # rewrites assets/sounds/
    python packaging/make_sounds.py --out DIR  # writes them into DIR

The output is deterministic (fixed seeds, no clock): running it twice gives
byte-identical files, which a test checks against the committed ones. Files
are 16-bit mono WAV at 22050 Hz, short, with ramps at both ends (no clicks)
and peaks well below full scale.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "sounds"

Track = list[float]


# -- building blocks ---------------------------------------------------------------------


def frames(seconds: float) -> int:
    return round(seconds * RATE)


def silence(seconds: float) -> Track:
    return [0.0] * frames(seconds)


def noise(seed: int, seconds: float) -> Track:
    """White noise in [-1, 1] from its own seeded generator (the same every run)."""
    rng = random.Random(seed)
    return [rng.random() * 2.0 - 1.0 for _ in range(frames(seconds))]


def bandpass(x: Track, centre: Callable[[float], float], q: float) -> Track:
    """A resonant band-pass (RBJ biquad) whose centre frequency follows ``centre(t)``."""
    out: Track = []
    x1 = x2 = y1 = y2 = 0.0
    for i, v in enumerate(x):
        w0 = 2.0 * math.pi * centre(i / RATE) / RATE
        alpha = math.sin(w0) / (2.0 * q)
        a0 = 1.0 + alpha
        cos = math.cos(w0)
        y = (alpha * v - alpha * x2 + 2.0 * cos * y1 - (1.0 - alpha) * y2) / a0
        x2, x1 = x1, v
        y2, y1 = y1, y
        out.append(y)
    return out


def lowpass(x: Track, cutoff: float) -> Track:
    """A gentle one-pole low-pass: takes the hiss off noise."""
    k = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    out: Track = []
    y = 0.0
    for v in x:
        y += k * (v - y)
        out.append(y)
    return out


def highpass(x: Track, cutoff: float) -> Track:
    low = lowpass(x, cutoff)
    return [v - w for v, w in zip(x, low, strict=True)]


def glide(start: float, end: float, seconds: float) -> Callable[[float], float]:
    """A frequency moving from ``start`` to ``end`` over ``seconds`` (evenly in pitch), then held."""

    def at(t: float) -> float:
        return start * (end / start) ** min(1.0, t / seconds)

    return at


def shaped(x: Track, attack: float, decay: float, hold: float = 0.0) -> Track:
    """``x`` under an envelope: a smooth rise over ``attack``, ``hold``, then an exponential fall."""
    out: Track = []
    for i, v in enumerate(x):
        t = i / RATE
        if t < attack:
            g = math.sin(0.5 * math.pi * t / attack) ** 2
        elif t < attack + hold:
            g = 1.0
        else:
            g = math.exp(-(t - attack - hold) / decay)
        out.append(v * g)
    return out


def tone(
    freq: Callable[[float], float] | float,
    seconds: float,
    partials: tuple[tuple[float, float, float], ...],
    attack: float = 0.004,
    release: float = 0.015,
) -> Track:
    """A pitched sound: (ratio, amplitude, decay time) partials over a base frequency, ramped in
    over ``attack`` and out over the last ``release`` seconds (so a note cut short does not click)."""
    f = freq if callable(freq) else (lambda _t, f0=freq: f0)
    phases = [0.0] * len(partials)
    out: Track = []
    n = frames(seconds)
    tail = max(1, frames(release))
    for i in range(n):
        t = i / RATE
        base = f(t)
        rise = math.sin(0.5 * math.pi * t / attack) ** 2 if t < attack else 1.0
        if i >= n - tail:
            rise *= math.sin(0.5 * math.pi * (n - 1 - i) / tail) ** 2
        v = 0.0
        for k, (ratio, amp, decay) in enumerate(partials):
            phases[k] += 2.0 * math.pi * base * ratio / RATE
            v += amp * math.exp(-t / decay) * math.sin(phases[k])
        out.append(v * rise)
    return out


def mix(length: float, *parts: tuple[float, float, Track]) -> Track:
    """Lay (start, gain, track) parts into ``length`` seconds."""
    out = silence(length)
    for start, gain, track in parts:
        at = frames(start)
        for i, v in enumerate(track[: max(0, len(out) - at)]):
            out[at + i] += gain * v
    return out


def finish(x: Track, peak_db: float, fade_in: float = 0.002, fade_out: float = 0.03) -> bytes:
    """Scale to a peak of ``peak_db`` dBFS, ramp both ends to silence, and pack as 16-bit samples."""
    top = max(abs(v) for v in x) or 1.0
    gain = 10.0 ** (peak_db / 20.0) / top
    n = len(x)
    lead, tail = max(1, frames(fade_in)), max(1, frames(fade_out))
    samples = []
    for i, v in enumerate(x):
        g = gain
        if i < lead:
            g *= i / lead
        if i >= n - tail:
            g *= math.sin(0.5 * math.pi * (n - 1 - i) / tail) ** 2
        samples.append(max(-32767, min(32767, round(v * g * 32767))))
    return struct.pack(f"<{n}h", *samples)


# -- the sounds --------------------------------------------------------------------------


def deal() -> bytes:
    """A card sliding off the deck: a short, soft swish rising in pitch."""
    length = 0.15
    swish = bandpass(noise(11, length), glide(1800, 4200, 0.11), 1.1)
    air = highpass(noise(12, length), 5000)
    body = mix(length, (0.0, 1.0, swish), (0.0, 0.25, air))
    return finish(shaped(body, 0.018, 0.035, hold=0.02), -11, fade_out=0.03)


def play() -> bytes:
    """A card snapped onto the table: a low thump under a short slap and click."""
    length = 0.14
    thump = tone(glide(180, 90, 0.05), length, ((1.0, 1.0, 0.018), (2.0, 0.3, 0.01)), attack=0.002)
    slap = shaped(bandpass(noise(21, length), lambda _t: 1500.0, 0.8), 0.001, 0.012)
    click = shaped(highpass(noise(22, length), 4000), 0.0005, 0.003)
    return finish(mix(length, (0.0, 0.8, thump), (0.0, 1.0, slap), (0.0, 0.35, click)), -6, fade_out=0.04)


def flip() -> bytes:
    """A card turned over: a papery lift, then a light flick as it lands."""
    length = 0.15
    lift = shaped(bandpass(noise(31, 0.08), glide(2400, 5200, 0.07), 1.3), 0.02, 0.03, hold=0.015)
    flick = shaped(bandpass(noise(32, 0.07), lambda _t: 3200.0, 2.0), 0.0008, 0.007)
    tap = tone(220.0, 0.06, ((1.0, 1.0, 0.012),), attack=0.001)
    body = mix(length, (0.0, 0.55, lift), (0.062, 1.0, flick), (0.062, 0.25, tap))
    return finish(body, -8, fade_out=0.03)


def _flutter(seed: int, seconds: float, step: float) -> Track:
    """A slowly wandering gain around 1 (cards riffling past each other)."""
    rng = random.Random(seed)
    knots = [0.7 + 0.6 * rng.random() for _ in range(int(seconds / step) + 2)]
    out: Track = []
    for i in range(frames(seconds)):
        pos = i / RATE / step
        k = int(pos)
        frac = pos - k
        smooth = frac * frac * (3.0 - 2.0 * frac)
        out.append(knots[k] + (knots[k + 1] - knots[k]) * smooth)
    return out


def gather() -> bytes:
    """A trick swept in: a longer swish that swells and settles, then the cards meet."""
    length = 0.42

    def centre(t: float) -> float:
        return 900.0 * (2900.0 / 900.0) ** min(1.0, t / 0.18) if t < 0.18 else 2900.0 - 2400.0 * (t - 0.18)

    swish = bandpass(noise(41, length), centre, 0.9)
    wander = _flutter(42, length, 0.025)
    swish = [v * g for v, g in zip(swish, wander, strict=True)]
    swell = shaped(swish, 0.16, 0.09)
    settle = tone(glide(120, 80, 0.04), 0.1, ((1.0, 1.0, 0.025),), attack=0.002)
    slap = shaped(bandpass(noise(43, 0.08), lambda _t: 1100.0, 0.8), 0.002, 0.015)
    body = mix(length, (0.0, 1.0, swell), (0.25, 0.35, settle), (0.25, 0.4, slap))
    return finish(body, -7, fade_out=0.05)


def ugh() -> bytes:
    """A comic "bwomp": a brassy tone that scoops up, falls an octave and closes like a mute."""
    length = 0.55

    def freq(t: float) -> float:
        scoop = 0.88 + 0.12 * min(1.0, t / 0.04)
        fall = 2.0 ** (-max(0.0, t - 0.06) / 0.42)
        vibrato = 1.0 + 0.018 * min(1.0, max(0.0, t - 0.25) / 0.15) * math.sin(2 * math.pi * 6.0 * t)
        return 196.0 * scoop * fall * vibrato

    out: Track = []
    phase = 0.0
    for i in range(frames(length)):
        t = i / RATE
        phase += 2.0 * math.pi * freq(t) / RATE
        closing = _mute(t)
        v = sum(math.exp(-(n - 1) * closing) / n**1.1 * math.sin(n * phase) for n in range(1, 11))
        rise = math.sin(0.5 * math.pi * min(1.0, t / 0.015)) ** 2
        out.append(v * rise * (1.0 - 0.35 * t / length))
    return finish(out, -9, fade_out=0.12)


def _mute(t: float) -> float:
    """How closed the "wah" mute is at ``t`` (higher: fewer upper harmonics): it opens for the
    "bwa", then closes slowly for the "omp"."""
    if t < 0.07:
        return 0.9 - 0.7 * math.sin(0.5 * math.pi * t / 0.07)
    return 0.2 + 1.1 * min(1.0, (t - 0.07) / 0.4)


def illegal() -> bytes:
    """Not allowed: two soft, low, falling "dunks", never harsh."""
    length = 0.3
    partials = ((1.0, 1.0, 0.06), (2.0, 0.35, 0.04), (3.0, 0.22, 0.03), (4.0, 0.08, 0.02), (5.0, 0.06, 0.02))
    first = tone(196.0, 0.12, partials, attack=0.006)
    second = tone(165.0, 0.16, partials, attack=0.006)
    body = lowpass(mix(length, (0.0, 1.0, first), (0.135, 1.0, second)), 2500)
    return finish(body, -9, fade_out=0.04)


BELL = ((1.0, 1.0, 0.22), (2.0, 0.22, 0.1), (3.0, 0.07, 0.05), (4.16, 0.03, 0.03))
"""A soft bell: the fundamental rings, the upper partials fade first."""


def turn() -> bytes:
    """Your turn: a gentle two-note chime, a fourth up."""
    length = 0.5
    body = mix(length, (0.0, 0.8, tone(784.0, length, BELL)), (0.13, 1.0, tone(1046.5, length, BELL)))
    return finish(body, -9, fade_out=0.08)


def game_end() -> bytes:
    """The game is over: a short, bright arpeggio up to the octave that rings a moment."""
    length = 0.56
    notes = (523.25, 659.25, 783.99, 1046.5)
    last = ((1.0, 1.0, 0.3), *BELL[1:])
    parts = [(0.08 * k, 0.75, tone(f, length, BELL)) for k, f in enumerate(notes[:-1])]
    parts.append((0.24, 1.0, tone(notes[-1], length, last)))
    parts.append((0.24, 0.35, tone(261.63, length, last)))
    return finish(mix(length, *parts), -7, fade_out=0.1)


SOUNDS: dict[str, Callable[[], bytes]] = {
    "deal": deal,
    "play": play,
    "flip": flip,
    "gather": gather,
    "ugh": ugh,
    "illegal": illegal,
    "turn": turn,
    "game_end": game_end,
}
"""Every sound the table plays, by the name the layouts and the app use."""


def write_wav(path: Path, samples: bytes) -> None:
    with wave.open(str(path), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(samples)


def make_all(out: Path = OUT) -> list[Path]:
    """Write every sound into ``out``; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in SOUNDS.items():
        path = out / f"{name}.wav"
        write_wav(path, make())
        written.append(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where to write (default: assets/sounds/)")
    args = parser.parse_args()
    for path in make_all(args.out):
        print(f"{path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
