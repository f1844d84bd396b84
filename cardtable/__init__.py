"""Card Table: Ugly, U-G-O, Ugh! and Ultimate Loser over one rules engine."""

__version__ = "0.1.0"
