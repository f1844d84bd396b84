"""Make the app's icons from the one drawing, ``assets/icons/cardtable.svg``.

Desktops look an app's icon up by its id in the hicolor theme, at fixed pixel
sizes beside the scalable SVG; Windows wants a ``.ico`` and macOS an
``.icns``. All of them are drawn here from the same SVG with pygame-ce (the
app's own dependency), so a change to the drawing is one command away from
every platform:

    python packaging/linux/make_icons.py            # rewrites packaging/linux/icons/
    python packaging/linux/make_icons.py --out DIR  # writes the hicolor tree under DIR

The PyInstaller spec imports ``write_ico`` and ``write_icns`` to make the
icon its platform needs at build time.
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import struct
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "assets" / "icons" / "cardtable.svg"
APP_ID = "io.github.cardtable.CardTable"
SIZES = (64, 128, 256)
HERE = Path(__file__).resolve().parent / "icons"

# .icns chunk types that hold a PNG of a given size (macOS 10.7 and later).
_ICNS_TYPES = {64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}


def render(size: int, source: Path = SOURCE) -> pygame.Surface:
    """The drawing at ``size`` x ``size`` pixels, with its transparency."""
    surface = pygame.image.load_sized_svg(str(source), (size, size))
    if surface.get_size() != (size, size):  # a drawing that is not square keeps its aspect
        canvas = pygame.Surface((size, size), pygame.SRCALPHA)
        canvas.blit(surface, surface.get_rect(center=(size // 2, size // 2)))
        surface = canvas
    return surface


def png_bytes(size: int, source: Path = SOURCE) -> bytes:
    """The drawing as PNG file contents (both icon containers below embed PNGs)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "icon.png"
        pygame.image.save(render(size, source), str(path))
        return path.read_bytes()


def write_hicolor(out: Path, source: Path = SOURCE) -> list[Path]:
    """The hicolor theme tree under ``out``: PNGs at ``SIZES`` and the SVG itself."""
    written = []
    for size in SIZES:
        path = out / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(render(size, source), str(path))
        written.append(path)
    svg = out / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    svg.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, svg)
    written.append(svg)
    return written


def write_ico(path: Path, sizes: tuple[int, ...] = (16, 32, 48, 64, 128, 256), source: Path = SOURCE) -> Path:
    """A Windows ``.ico`` whose images are PNGs (read by Windows Vista and later)."""
    images = [png_bytes(size, source) for size in sizes]
    out = io.BytesIO()
    out.write(struct.pack("<HHH", 0, 1, len(images)))
    offset = 6 + 16 * len(images)
    for size, data in zip(sizes, images, strict=True):
        side = 0 if size >= 256 else size  # 0 means 256 in an icon directory
        out.write(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset))
        offset += len(data)
    for data in images:
        out.write(data)
    path.write_bytes(out.getvalue())
    return path


def write_icns(path: Path, sizes: tuple[int, ...] = (128, 256, 512, 1024), source: Path = SOURCE) -> Path:
    """A macOS ``.icns`` whose images are PNGs (read by macOS 10.7 and later)."""
    chunks = b""
    for size in sizes:
        data = png_bytes(size, source)
        chunks += _ICNS_TYPES[size] + struct.pack(">I", 8 + len(data)) + data
    path.write_bytes(b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks)
    return path


def main(argv: list[str] | None = None) -> int:
    """Write the hicolor icons (and, if asked, a .ico or .icns)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=HERE, help=f"folder for hicolor/ (default {HERE})")
    parser.add_argument("--ico", type=Path, metavar="FILE", help="also write a Windows .ico")
    parser.add_argument("--icns", type=Path, metavar="FILE", help="also write a macOS .icns")
    args = parser.parse_args(argv)
    for path in write_hicolor(args.out):
        print(path)
    if args.ico:
        print(write_ico(args.ico))
    if args.icns:
        print(write_icns(args.icns))
    return 0


if __name__ == "__main__":
    sys.exit(main())
