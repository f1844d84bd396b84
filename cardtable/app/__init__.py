"""The desktop app: everything pygame lives here and only here."""

import os

# pygame prints a greeting on import unless told not to; the app has its own title screen.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
