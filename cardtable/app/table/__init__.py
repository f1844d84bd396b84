"""The shared table's parts, one job each.

The table scene (``cardtable.app.scenes.table``) composes them: a session (``session.py``: the
match, the turn driver, the keeper, hints, undo, the pick; no pygame) is the game at the table, and
an ordered stack of layers (``layers/``: the cards, the words, the buttons, a panel, the spotlight,
a game's hook, a menu, a round's summary) draws it and hears its input, top layer first. The
resolver, the status line and the layout are pure (no pygame), so they are tested per game without
a window; ``hooks`` holds the rare widget a layout cannot describe.
"""
