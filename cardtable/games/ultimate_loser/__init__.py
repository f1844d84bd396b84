"""Ultimate Loser: shed your cards in one-go-around tricks; don't be the last holding any."""

from cardtable.engine import GameSpec, Search
from cardtable.engine.words import N_

from .bot import choose as bot_choose
from .determinize import determinize
from .measures import MEASURES
from .options import SCHEMA
from .rules import UltimateLoserGame
from .why import why

SPEC = GameSpec(
    id="ultimate-loser",
    name=N_("Ultimate Loser"),
    min_players=2,
    max_players=6,
    schema=SCHEMA,
    game_class=UltimateLoserGame,
    summary=N_(
        "Shed your cards in one-go-around tricks; the last player holding cards is the Ultimate Loser."
    ),
    determinizer=determinize,
    bot=bot_choose,
    why=why,
    lower_scores_win=True,
    score_scale=2.0,
    search=Search(
        iterations=100,
        opponent_trees=False,
        guard=1.5,
        paired=0.5,  # half the budget compares the bot's move with the search's favourites
    ),
    measures=MEASURES,
)

__all__ = ["SPEC", "UltimateLoserGame"]
