"""``cardtable desktop install`` / ``uninstall``: a menu entry for a copy installed with pip or pipx.

The desktop entry, the icons and the store page (metainfo) ship inside the wheel; installing
copies them into the person's own XDG data folder (``~/.local/share`` unless
``XDG_DATA_HOME`` says otherwise), the entry pointing at this installation's ``cardtable-gui``.
What was written is listed in a receipt, so uninstall removes exactly those files (not one the
person has since changed) and the folders it made that are left empty. Installing again
rewrites the same files. Other systems find their launchers without this: there it says so.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

from cardtable import APP_ID
from cardtable.resources import desktop_dir

RECEIPT = Path("cardtable") / "desktop-files.json"
"""Under the data folder: each file written, with the digest of what was written."""


class DesktopError(Exception):
    """Installing or removing the menu entry failed; the message says what and where."""


def supported() -> bool:
    """Menu entries of this kind (freedesktop.org) are for Linux and the BSDs."""
    return sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))


def data_home() -> Path:
    """``XDG_DATA_HOME``, or ``~/.local/share`` (the XDG default) when unset or not absolute."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and os.path.isabs(value) else Path.home() / ".local" / "share"


def launcher() -> str:
    """The ``cardtable-gui`` of this installation (beside this Python), else the one on PATH."""
    beside = Path(sys.executable).parent / "cardtable-gui"
    if beside.is_file():
        return str(beside)
    found = shutil.which("cardtable-gui")
    if found is None:
        raise DesktopError("cannot find cardtable-gui (is Card Table installed with pip or pipx?)")
    return found


def _entry(source: Path, exec_path: str) -> bytes:
    """The shipped entry, its Exec and TryExec pointing at ``exec_path``."""
    quoted = exec_path
    if " " in exec_path:  # the entry spec's quoting, for a path with a space in it
        quoted = '"' + exec_path.replace("\\", "\\\\").replace('"', '\\"') + '"'
    out = []
    for line in source.read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            line = f"Exec={quoted}"
        elif line.startswith("TryExec="):
            continue
        out.append(line)
        if line.startswith("Exec="):
            out.append(f"TryExec={exec_path}")
    return ("\n".join(out) + "\n").encode("utf-8")


def planned(exec_path: str) -> Iterator[tuple[Path, bytes]]:
    """Each file to write, relative to the data folder, and its contents."""
    shipped = desktop_dir()
    yield Path("applications") / f"{APP_ID}.desktop", _entry(shipped / f"{APP_ID}.desktop", exec_path)
    yield Path("metainfo") / f"{APP_ID}.metainfo.xml", (shipped / f"{APP_ID}.metainfo.xml").read_bytes()
    icons = shipped / "icons"
    for icon in sorted(icons.rglob(f"{APP_ID}.*")):
        yield Path("icons") / icon.relative_to(icons), icon.read_bytes()


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def install(home: Path | None = None, exec_path: str | None = None) -> list[Path]:
    """Write the entry, the icons and the metainfo under ``home``; the files written."""
    home = home or data_home()
    exec_path = exec_path or launcher()
    receipt = _read_receipt(home)
    written: list[Path] = []
    for rel, data in planned(exec_path):
        path = home / rel
        made = _missing_parents(path.parent, home)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        except OSError as exc:
            raise DesktopError(f"cannot write {path}: {exc.strerror or exc}") from exc
        receipt["files"][str(rel)] = _digest(data)
        receipt["folders"] = sorted(set(receipt["folders"]) | {str(p.relative_to(home)) for p in made})
        written.append(path)
    _write_receipt(home, receipt)
    return written


def uninstall(home: Path | None = None) -> tuple[list[Path], list[Path]]:
    """Remove what :func:`install` wrote under ``home``: (removed, kept because changed since)."""
    home = home or data_home()
    receipt = _read_receipt(home)
    removed: list[Path] = []
    kept: list[Path] = []
    for rel, digest in receipt["files"].items():
        path = home / rel
        if not path.is_file():
            continue
        if _digest(path.read_bytes()) != digest:
            kept.append(path)
            continue
        path.unlink()
        removed.append(path)
    (home / RECEIPT).unlink(missing_ok=True)
    folders = {str(RECEIPT.parent), *receipt["folders"]}
    for rel in sorted(folders, key=lambda f: -len(Path(f).parts)):  # deepest first
        with contextlib.suppress(OSError):
            (home / rel).rmdir()  # only if empty
    return removed, kept


def _missing_parents(folder: Path, home: Path) -> list[Path]:
    out = []
    while folder != home and not folder.exists():
        out.append(folder)
        folder = folder.parent
    return out


def _read_receipt(home: Path) -> dict:
    path = home / RECEIPT
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data.get("files"), dict) and isinstance(data.get("folders"), list):
            return data
    except (OSError, ValueError, AttributeError):
        pass
    return {"files": {}, "folders": []}


def _write_receipt(home: Path, receipt: dict) -> None:
    path = home / RECEIPT
    if not path.parent.exists():
        path.parent.mkdir(parents=True)
        receipt["folders"] = sorted(set(receipt["folders"]) | {str(RECEIPT.parent)})
    path.write_text(json.dumps(receipt, indent=1, sort_keys=True), encoding="utf-8")


def run(action: str) -> int:
    """The command: say what was done, or why not; 0 when done (or not needed), 1 when it failed."""
    if not supported():
        print(
            f"cardtable desktop: not needed on this system ({sys.platform}): the installer's own "
            "shortcuts or the launcher find cardtable-gui"
        )
        return 0
    try:
        if action == "install":
            for path in install():
                print(f"wrote {path}")
            print("Card Table is in the applications menu (some desktops show it after logging in again).")
            return 0
        removed, kept = uninstall()
        for path in removed:
            print(f"removed {path}")
        for path in kept:
            print(f"kept {path} (changed since it was installed)")
        if not removed and not kept:
            print("nothing to remove: no menu entry was installed here")
        return 0
    except DesktopError as exc:
        print(f"cardtable desktop: error: {exc}", file=sys.stderr)
        return 1
