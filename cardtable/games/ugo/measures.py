"""U-G-O's figures for the house-rule lab: turns, players knocked out, cards destroyed."""

from cardtable.engine import Measure
from cardtable.engine.measures import announced, state

MEASURES = (
    Measure("turns", "Turns", state("turn_count")),
    Measure("eliminations", "Players knocked out", announced("out")),
    Measure("destroyed", "Cards destroyed", announced("destroyed")),
)
