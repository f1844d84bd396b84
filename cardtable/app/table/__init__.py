"""The shared table's parts, one job each: driver, timeline, input, resolver, stage, painter, hud, controls.

The table scene (``cardtable.app.scenes.table``) composes them. The resolver
and the layout are pure (no pygame), so they are tested per game without a
window; ``hooks`` holds the rare widget a layout cannot describe.
"""
