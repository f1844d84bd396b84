"""U-G-O's figures for the house-rule lab: turns, players knocked out, cards destroyed."""

from cardtable.engine import Measure
from cardtable.engine.measures import announced, state
from cardtable.engine.words import N_

MEASURES = (
    Measure("turns", N_("Turns"), state("turn_count")),
    Measure("eliminations", N_("Players knocked out"), announced("out")),
    Measure("destroyed", N_("Cards destroyed"), announced("destroyed")),
)
