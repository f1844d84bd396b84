"""A game's description: :class:`GameSpec` (what the app can play, and how) and :class:`Search`
(how the hard computer searches it)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .game import SAVE_FORMAT, Game, set_rng_state
from .measures import Measure
from .options import OptionError, OptionSchema, Variant
from .views import View
from .words import say

DeterminizeFn = Callable[[View, random.Random], Game]
BotFn = Callable[[View, random.Random], Action]
RolloutFn = Callable[[Game, int, random.Random], Action]


@dataclass(frozen=True)
class Search:
    """How the hard computer searches a game (tuned per game, apart from what the game is).

    ``iterations``: the play-outs of a decision. ``horizon``: how many
    episodes (rounds, turns) past the current one a play-out goes (see
    :meth:`Game.episode`). ``rollout``: a fast policy on a full game to play
    out with (if None, the bot on each player's view). ``opponent_trees``:
    search the others' moves too (off: they play the play-out policy, a model
    of how they play). ``guard``: how many standard errors better a move must
    look before search leaves the rule-based bot's move (0: the most visited
    move wins). ``paired``: the share of the budget spent comparing the bot's
    move and the search's favourites in the same dealt worlds. ``bot``: the
    searching seat's own rule-based play (its guide move, and its part of the
    play-outs when they are the bot's) when it is better than the game's
    ``bot``, which still models the others (if None, that one).
    """

    iterations: int = 400
    horizon: int = 1
    rollout: RolloutFn | None = None
    opponent_trees: bool = True
    guard: float = 0.0
    paired: float = 0.0
    bot: BotFn | None = None


@dataclass
class GameSpec:
    """A game the app can play: its identity, player range, options and hooks.

    ``variants`` is filled by the registry from ``config/variants/<id>.yaml``.
    ``lower_scores_win``: scores count against a player (penalties), so the
    fewest wins; tables and summaries say so instead of implying "more is better".
    ``score_scale``: a score difference that matters (search turns score
    differences into rewards with it). ``search``: how the hard computer
    searches it. ``measures``: the game's own figures for comparing house
    rules (how long a game is in its own terms, and what its rules make
    happen). ``usual_players``: the table the game is usually played at (0:
    four, or the nearest count the game allows); see :attr:`table_size`.
    """

    id: str
    name: str
    min_players: int
    max_players: int
    schema: OptionSchema
    game_class: type[Game]
    summary: str = ""
    determinizer: DeterminizeFn | None = None
    bot: BotFn | None = None
    why: Callable[[View, Action], Any] | None = None
    """Why a move is good, in a sentence (a Said), where the rule-based player has a reason to give."""
    lower_scores_win: bool = False
    score_scale: float = 10.0
    search: Search = field(default_factory=Search)
    measures: tuple[Measure, ...] = ()
    usual_players: int = 0
    variants: dict[str, Variant] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.game_class.spec = self

    @property
    def player_range(self) -> range:
        return range(self.min_players, self.max_players + 1)

    @property
    def table_size(self) -> int:
        """How many play when nobody says: a quick game, New game's first choice, a demo, the lab."""
        if self.usual_players:
            return self.usual_players
        return min(max(4, self.min_players), self.max_players)

    def find_variant(self, name: str, known: Mapping[str, Variant] | None = None) -> Variant:
        """The variant called ``name`` among ``known`` (the built-in ones unless given), or an
        :class:`OptionError` naming those there are."""
        known = self.variants if known is None else known
        if name not in known:
            if known:
                text = say(
                    "no variant {name} for {game} (known: {names})",
                    name=repr(name),
                    game=self.name,
                    names=", ".join(known),
                )
            else:
                text = say("no variant {name} for {game} (known: none)", name=repr(name), game=self.name)
            raise OptionError("variant", text)
        return known[name]

    def resolve_options(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        variant: str | Variant | None = None,
    ) -> dict[str, Any]:
        """The complete options for a game: defaults < variant < ``options``."""
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.player_range:
            raise OptionError(
                "players",
                say(
                    "{game} is for {minimum} to {maximum} players (got {value})",
                    game=self.name,
                    minimum=self.min_players,
                    maximum=self.max_players,
                    value=repr(players),
                ),
            )
        merged: dict[str, Any] = {}
        if variant is not None:
            if isinstance(variant, str):
                variant = self.find_variant(variant)
            merged.update(variant.options)
        if options:
            merged.update(options)
        resolved = self.schema.validate(merged)
        self.game_class.check_options(players, resolved)
        return resolved

    def new_game(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        variant: str | Variant | None = None,
    ) -> Game:
        return self.game_class(players, self.resolve_options(players, options, variant), seed)

    def from_dict(self, data: Mapping[str, Any]) -> Game:
        """Rebuild a game saved with :meth:`Game.to_dict`."""
        if data.get("game") != self.id:
            raise ValueError(f"this save is for {data.get('game')!r}, not {self.id!r}")
        if data.get("format") != SAVE_FORMAT:
            raise ValueError(f"unsupported save format {data.get('format')!r}")
        players = data["players"]
        options = self.resolve_options(players, data.get("options"))
        game = self.game_class.blank(players, options, data.get("seed"))
        game._load_state(data["state"])
        set_rng_state(game.rng, data["rng"])
        game.history = [(seat, Action.from_dict(a, game.catalog)) for seat, a in data.get("actions", [])]
        return game

    def replay(self, data: Mapping[str, Any]) -> Game:
        """Play a saved game again from its seed and actions alone."""
        if data.get("seed") is None:
            raise ValueError("this game has no seed to replay from")
        game = self.new_game(data["players"], data.get("options"), data["seed"])
        for seat, a in data.get("actions", []):
            game.apply(seat, Action.from_dict(a, game.catalog))
        return game

    def determinize(self, view: View, rng: random.Random) -> Game:
        """A full game consistent with everything ``view`` shows (for search)."""
        if self.determinizer is None:
            raise NotImplementedError(f"{self.name} has no determinizer")
        return self.determinizer(view, rng)
