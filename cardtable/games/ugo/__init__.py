"""U-G-O: a Yu-Gi-Oh-style duel played with ordinary 52-card decks."""

from cardtable.engine import GameSpec, Search
from cardtable.engine.words import N_

from .bot import choose as bot_choose
from .bot import choose_sharp
from .determinize import determinize
from .measures import MEASURES
from .options import SCHEMA
from .rules import UgoGame
from .why import why

SPEC = GameSpec(
    id="ugo",
    name=N_("U-G-O"),
    min_players=2,
    max_players=6,
    schema=SCHEMA,
    game_class=UgoGame,
    summary=N_("A duel with ordinary decks: build attackers and defenders, run your opponents' decks dry."),
    determinizer=determinize,
    bot=bot_choose,
    why=why,
    score_scale=8.0,
    search=Search(iterations=100, horizon=6, opponent_trees=False, guard=1.5, bot=choose_sharp),
    measures=MEASURES,
    usual_players=2,  # a duel
)

__all__ = ["SPEC", "UgoGame"]
