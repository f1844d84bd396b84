"""Opening a folder in the system's file manager (the player's variants, logs, saves)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cardtable.i18n import _


def open_folder(folder: Path) -> str | None:
    """Show ``folder`` in the file manager; None when asked, else why not (with the folder's path,
    so the player can find it by hand). Never waits for the file manager."""
    if not folder.is_dir():
        return _("The folder {folder} does not exist.").format(folder=folder)
    try:
        if sys.platform.startswith("win"):
            os.startfile(folder)  # type: ignore[attr-defined]
        else:
            opener = "open" if sys.platform == "darwin" else "xdg-open"
            subprocess.Popen(
                [opener, str(folder)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
    except OSError as exc:
        return _("No file manager could be opened ({error}); the folder is {folder}").format(
            error=exc.strerror or exc, folder=folder
        )

    return None
