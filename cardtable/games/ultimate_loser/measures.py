"""Ultimate Loser's figures for the house-rule lab: hands, passes, FourPlays."""

from cardtable.engine import Measure
from cardtable.engine.measures import announced, state

MEASURES = (
    Measure("hands", "Hands", state("hand_no")),
    Measure("passes", "Passes", announced("pass")),
    Measure("fourplays", "FourPlays", announced("fourplay")),
)
