"""Ugly: Hearts-like trick-taking with trump, growing passes and Jacks to avoid."""

from cardtable.engine import N_, GameSpec, Search

from .bot import choose as bot_choose
from .determinize import determinize
from .measures import MEASURES
from .options import SCHEMA
from .rollout import rollout
from .rules import UglyGame
from .why import why

SPEC = GameSpec(
    id="ugly",
    # Translators: the name of a card game (keep it, or the name your players know it by).
    name=N_("Ugly"),
    min_players=3,
    max_players=4,
    schema=SCHEMA,
    game_class=UglyGame,
    summary=N_("Trick-taking with trump and growing passes: win tricks, avoid the Jacks."),
    determinizer=determinize,
    bot=bot_choose,
    why=why,
    score_scale=6.0,
    search=Search(iterations=200, rollout=rollout),  # type: ignore[arg-type]
    measures=MEASURES,
)

__all__ = ["SPEC", "UglyGame"]
