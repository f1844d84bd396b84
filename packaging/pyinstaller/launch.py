"""The frozen app's entry point: ``cardtable-gui`` (the window, safe without a console)."""

import multiprocessing
import sys

from cardtable.gui import main

if __name__ == "__main__":
    # The computer players think in a spawned process; in a frozen app that process starts this same
    # executable, and freeze_support turns it into the worker instead of a second window.
    multiprocessing.freeze_support()
    sys.exit(main())
