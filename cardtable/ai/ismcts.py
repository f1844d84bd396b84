"""Information-Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012).

Every iteration deals one possible world from the searching seat's view
(``spec.determinize``), so the search never uses a card the seat cannot
see. Each player keeps a tree of their own information sets (the
multiple-observer form of ISMCTS): a move is recorded in a player's tree as
that player observed it, which is what the engine's redacted events say. So
a hidden pass or a secret rock-paper-scissors choice is one "something
happened" edge for the others, and simultaneous and off-turn decisions
(the 10 in U-G-O, the last-card window in Ugh!) need no special case.
Children are chosen by UCB1 with availability counts: an action is only
compared with the visits of its parent in which it was legal.

An iteration walks the trees until it adds a node, then plays on with the
game's play-out policy to its search horizon (a round, a hand, a few turns,
or the game's end) and backs up every player's reward in [0, 1].

Two per-game settings (see ``GameSpec``) shape it. Without opponent trees
the others play the play-out policy inside the tree too: a model of how
they play instead of a search of their best replies, which suits games
whose play-outs are the rule-based bot. With a guard, the search leaves the
bot's move only when its choice looks better by that many standard errors,
so noise in a small budget cannot talk it into a worse move. With a paired
share, the last part of the budget compares the bot's move with the
search's favourites in the same dealt worlds and with the same random
numbers: the luck of the deal, which swamps a small budget's averages,
then cancels out of the differences, and the guard is judged on those.
A game may give the searching seat a better rule-based player of its own
(``search.bot``) for its guide move and its part of the play-outs, while
the others keep the model of how they play.
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any

from cardtable.engine import Action, Card, Event, Game, GameSpec, View
from cardtable.engine.spec import BotFn

from .base import Agent

RolloutPolicy = Callable[[Game, int, random.Random], Action]


class Node:
    __slots__ = ("children", "visits", "total", "squares", "avail")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.avail = 0

    def spread(self) -> float:
        """The variance of the mean reward (how far to trust it)."""
        n = self.visits
        if n < 2:
            return 1.0
        mean = self.total / n
        return max(0.0, self.squares / n - mean * mean) / (n - 1)


def observation(events: list[Event], seat: int) -> tuple:
    """What ``seat`` saw of a move: its events as redacted for that seat, made hashable."""
    return tuple(_freeze(e.for_seat(seat)) for e in events)


def _freeze(x: Any) -> Any:
    if isinstance(x, Card):
        return int(x)
    if isinstance(x, list | tuple):
        return tuple(_freeze(i) for i in x)
    if isinstance(x, dict):
        return tuple(sorted((_freeze(k), _freeze(v)) for k, v in x.items()))
    if is_dataclass(x) and not isinstance(x, type):
        return (type(x).__name__, *(_freeze(getattr(x, f.name)) for f in fields(x)))
    return x


def _position(view: View) -> int:
    """A view's position for spotting repeats: each zone's cards as a set, so a
    set put back into a Pool in another order is still the same position."""
    zones = tuple((z.name, z.owner, tuple(sorted(repr(_freeze(c)) for c in z.cards))) for z in view.zones)
    return hash((view.phase, view.to_act, view.scores, zones, _freeze(view.info), frozenset(view.legal)))


def random_rollout(game: Game, seat: int, rng: random.Random) -> Action:
    return rng.choice(game.legal_actions(seat))


def bot_rollout(game: Game, seat: int, rng: random.Random) -> Action:
    """Play out with the game's rule-based bot, reading each player's view of the imagined deal.

    Slower than a game's own fast policy, but where simple play-out rules
    misjudge the game (when to pass in Ultimate Loser, when to attack in
    U-G-O), searching over them chose worse moves than the bot itself.
    """
    bot = game.spec.bot
    return random_rollout(game, seat, rng) if bot is None else _bot_move(bot, game, seat, rng)


def bot_policy(bot: BotFn) -> RolloutPolicy:
    """A play-out policy that plays ``bot`` on each player's view of the imagined deal."""
    return functools.partial(_bot_move, bot)


def _bot_move(bot: BotFn, game: Game, seat: int, rng: random.Random) -> Action:
    legal = game.legal_actions(seat)
    return legal[0] if len(legal) == 1 else bot(game.view(seat), rng)


class ISMCTSAgent(Agent):
    """Search within an iteration budget (the game's ``search.iterations``) and a time limit.

    The iteration budget makes the same seed give the same decisions on any
    machine; the time limit only stops a search on a machine too slow for it.
    Returns the most visited action; with a ``guard`` (the game's
    ``search.guard``), the rule-based bot's move unless the search's choice
    is that many standard errors better. With ``paired`` (the game's
    ``search.paired``), that share of the budget goes to comparing the bot's
    move and the ``candidates`` most visited in the same worlds instead.
    """

    name = "hard"

    def __init__(
        self,
        spec: GameSpec,
        seed: int,
        seconds: float = 0.9,
        iterations: int | None = None,
        exploration: float = 0.7,
        rollout: RolloutPolicy | None = None,
        guide_bias: float = 1.0,
        opponent_trees: bool | None = None,
        guard: float | None = None,
        paired: float | None = None,
        candidates: int = 3,
    ) -> None:
        super().__init__(spec, seed)
        self.seconds = seconds  # a safety limit: normally the iteration budget ends the search
        self.clock: Callable[[], float] = time.perf_counter  # what the limit is read on (a test's own)
        self.iterations = iterations if iterations is not None else spec.search.iterations
        self.exploration = exploration
        self.rollout = rollout or spec.search.rollout or (bot_rollout if spec.bot else random_rollout)
        # The seat's own play, in its guide move and its play-outs; the others keep the model.
        self.own_bot = spec.search.bot or spec.bot
        self.own_rollout = self.rollout
        if spec.search.bot is not None and rollout is None and spec.search.rollout is None:
            self.own_rollout = bot_policy(spec.search.bot)
        self._seat = -1
        self.guide_bias = guide_bias
        self.opponent_trees = spec.search.opponent_trees if opponent_trees is None else opponent_trees
        self.guard = spec.search.guard if guard is None else guard
        self.paired = spec.search.paired if paired is None else paired
        self.candidates = candidates
        self.last_iterations = 0
        self.guide_move: Action | None = None
        self._seen: set[int] = set()

    def worlds(self, view: View) -> Callable[[], Game]:
        """Where each iteration's world comes from: a determinization of the view."""
        return lambda: self.spec.determinize(view, self.rng)

    def choose(self, view: View) -> Action:
        legal = view.choices()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        assert view.seat is not None
        # The rule-based bot's move gets a head start (progressive bias): the
        # search keeps it unless it finds something better with enough evidence.
        self.guide_move = self.own_bot(view, random.Random(self.rng.random())) if self.own_bot else None
        self._seat = view.seat
        position = _position(view)
        if position in self._seen:
            # The same position again: the search is going round in a circle (say,
            # forming a set and putting it back). The rule-based move breaks it.
            self.last_iterations = 0
            return self.guide_move if self.guide_move in legal else self.rng.choice(legal)
        self._seen.add(position)
        trees = [Node() for _ in range(view.players)]
        deal = _untold(self.worlds(view))
        start = self.clock()
        deadline = start + self.seconds
        paired = int(self.iterations * self.paired)
        searched = start + self.seconds * (1.0 - self.paired)  # time left for the comparison
        done = 0
        while done < self.iterations - paired:
            world = deal()
            self._iterate(world, trees, world.standings(), view.seat)
            done += 1
            if self.clock() > searched:  # every iteration: one with 5 or 6 players takes ~20 ms
                break
        root = trees[view.seat]
        best = max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)
        guide = self.guide_move
        if paired:
            ranked = sorted(root.children, key=lambda a: -root.children[a].visits)
            candidates = [a for a in dict.fromkeys([guide, *ranked]) if a in legal][: self.candidates]
            if len(candidates) > 1:
                compared, done = self._compare(candidates, deal, view.seat, done, deadline)
                if compared is not None:
                    self.last_iterations = done
                    return compared
        if self.guard and guide is not None and guide != best and guide in root.children:
            # Leave the rule-based move only on evidence, not on noise.
            b, g = root.children[best], root.children[guide]
            gap = b.total / b.visits - g.total / max(1, g.visits)
            if gap < self.guard * math.sqrt(b.spread() + g.spread()):
                best = guide
        self.last_iterations = done
        return best

    def _compare(
        self, candidates: list[Action], deal: Callable[[], Game], seat: int, done: int, deadline: float
    ) -> tuple[Action | None, int]:
        """The best of ``candidates`` by paired play-outs (None if time allowed no
        world), and the iterations spent.

        Each dealt world plays every candidate out with the same random
        numbers, so the cards dealt and drawn are the same for all and the
        differences between candidates are measured, not drowned in the
        luck of the deal. The bot's move (the first candidate) is left only
        if another beats it by ``guard`` standard errors of those differences.
        """
        diffs = [0.0] * len(candidates)  # each candidate's total gain over the first
        squares = [0.0] * len(candidates)
        worlds = 0
        while done + len(candidates) <= self.iterations:
            world = deal()
            baseline = world.standings()
            seed = self.rng.getrandbits(64)
            results = [self._play_out(world, seat, a, baseline, seed) for a in candidates]
            for i, r in enumerate(results):
                d = r - results[0]
                diffs[i] += d
                squares[i] += d * d
            worlds += 1
            done += len(candidates)
            if self.clock() > deadline:
                break
        if not worlds:
            return None, done
        best = max(range(len(candidates)), key=lambda i: diffs[i])
        if best and self.guard and self.guide_move == candidates[0]:
            n = worlds
            mean = diffs[best] / n
            variance = max(0.0, squares[best] / n - mean * mean) / max(1, n - 1)
            if n < 2 or mean < self.guard * math.sqrt(variance):
                best = 0
        return candidates[best], done

    def _play_out(
        self, world: Game, seat: int, action: Action, baseline: tuple[float, ...], seed: int
    ) -> float:
        """``seat``'s reward for ``action`` in a copy of ``world``, played out from ``seed``."""
        rng = random.Random(seed)
        game = world.clone(rng=rng)
        game.narrate = False
        game.quiet = True
        game.apply_trusted(seat, action)
        self._play_on(game, world.episode() + self.spec.search.horizon, rng)
        return game.rewards(baseline)[seat]

    def _play_on(self, game: Game, stop: int, rng: random.Random) -> None:
        """Play ``game`` on with the play-out policy to the end of episode ``stop - 1`` or of the game.

        Nobody reads a play-out's events (the tree above it has its observations), so none are built.
        """
        game.quiet = True
        while not game.is_over() and game.episode() < stop:
            seat = game.to_act()[0]
            policy = self.own_rollout if seat == self._seat else self.rollout
            game.apply_trusted(seat, policy(game, seat, rng))

    def _select(self, node: Node, legal: list[Action], at_root: bool) -> tuple[Action, bool]:
        """An untried action (and True: the tree grows), or the best by UCB with availability."""
        untried = [a for a in legal if a not in node.children]
        if untried:
            action = self.rng.choice(untried)
            node.children[action] = Node()
            return action, True
        c = self.exploration
        guide = self.guide_move if at_root else None
        best = legal[0]
        best_value = -1.0
        for a in legal:
            child = node.children[a]
            child.avail += 1
            value = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if a == guide:
                value += self.guide_bias / (child.visits + 1)
            if value > best_value:
                best_value, best = value, a
        return best, False

    def _iterate(self, world: Game, trees: list[Node], baseline: tuple[float, ...], root_seat: int) -> None:
        rng = self.rng
        players = world.players
        modelled = not self.opponent_trees
        # Without opponent trees only the searching seat's tree is walked.
        pos: list[Node | None] = [t if p == root_seat or not modelled else None for p, t in enumerate(trees)]
        paths: list[list[Node]] = [[] for _ in range(players)]
        stop = world.episode() + self.spec.search.horizon
        root_node = trees[root_seat] if self.guide_move is not None else None
        expanded = False
        while not expanded and not world.is_over() and world.episode() < stop:
            acting = world.to_act()
            # Choices made at once (passes, rock-paper-scissors): the searching seat makes its own first.
            seat = root_seat if root_seat in acting else acting[0]
            legal: list[Action] = []
            if seat != root_seat and modelled:
                # Others play the play-out policy here too: a model of how they play.
                node = None
                action = self.rollout(world, seat, rng)
            else:
                node = pos[seat]
                assert node is not None  # the searching seat, or any seat with opponent trees
                legal = world.legal_actions(seat)
                action, expanded = self._select(node, legal, node is root_node)
            events = world.apply_trusted(seat, action)
            for p in range(players):
                here = pos[p]
                if here is None:
                    continue
                key = action if p == seat else observation(events, p)
                child = here.children.get(key)
                if child is None:
                    child = here.children[key] = Node()
                pos[p] = child
                paths[p].append(child)
            if expanded:
                assert node is not None
                for a in legal:
                    if a in node.children:
                        node.children[a].avail += 1
        self._play_on(world, stop, rng)
        rewards = world.rewards(baseline)
        for p in range(players):
            reward = rewards[p]
            for node in paths[p]:
                node.visits += 1
                node.total += reward
                node.squares += reward * reward


class OmniscientAgent(ISMCTSAgent):
    """The same search on the true game: an upper bound that shows what hidden cards cost.

    It cheats by design and exists only for ``cardtable simulate``, which
    hands it the real game before each decision (``game``).
    """

    name = "omniscient"

    def __init__(self, spec: GameSpec, seed: int, **kwargs: Any) -> None:
        super().__init__(spec, seed, **kwargs)
        self.game: Game | None = None

    def worlds(self, view: View) -> Callable[[], Game]:
        game = self.game
        if game is None:
            raise ValueError("the omniscient agent needs the true game")
        return lambda: game.clone(rng=self.rng)


def _untold(deal: Callable[[], Game]) -> Callable[[], Game]:
    """Worlds that tell no stories: nobody reads a recap in an imagined play-out.

    They still build their other events (not ``quiet``): the walk down the
    trees observes them; only the play-out below it goes quiet.
    """

    def untold() -> Game:
        world = deal()
        world.narrate = False
        return world

    return untold
