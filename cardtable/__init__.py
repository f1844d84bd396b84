"""Card Table: Ugly, U-G-O, Ugh! and Ultimate Loser over one rules engine."""

__version__ = "0.1.0"

APP_ID = "io.github.cardtable.CardTable"
"""The app's id: its desktop entry, icons and store page are named for it, and so is its window."""
