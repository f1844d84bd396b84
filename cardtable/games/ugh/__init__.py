"""Ugh!: press your luck flipping into shared Safety piles, lock color sets."""

from cardtable.engine import GameSpec, Search
from cardtable.engine.words import N_

from .bot import choose as bot_choose
from .determinize import determinize
from .measures import MEASURES
from .options import SCHEMA
from .rollout import rollout
from .rules import UghGame
from .why import why

SPEC = GameSpec(
    id="ugh",
    name=N_("Ugh!"),
    min_players=2,
    max_players=12,
    schema=SCHEMA,
    game_class=UghGame,
    summary=N_(
        "Press your luck: flip into shared Safety piles, lock sets of three colors, dodge Ugh! cards."
    ),
    determinizer=determinize,
    bot=bot_choose,
    why=why,
    score_scale=30.0,
    search=Search(
        iterations=150,  # play-outs run to the game's end: every choice judged by the final scores
        rollout=rollout,  # type: ignore[arg-type]
        guard=1.5,
        paired=0.5,  # half the budget compares the bot's move with the search's favourites
    ),
    measures=MEASURES,
)

__all__ = ["SPEC", "UghGame"]
