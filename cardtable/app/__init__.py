"""The desktop app: everything pygame lives here and only here."""

import os

from cardtable import APP_ID

# Before pygame is imported: it prints a greeting unless told not to (the app has its own title
# screen), and it names the window's class after the program unless one is set. The class is the
# desktop entry's id (its StartupWMClass), so a dock shows the window under the launcher's icon;
# one the person set is kept.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", APP_ID)
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)
