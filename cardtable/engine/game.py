"""The engine contract: :class:`Game`, one game in progress (its description, :class:`GameSpec`, is in
:mod:`cardtable.engine.spec`).

A game is a state machine. ``to_act()`` names the seats that must decide now
(several for simultaneous choices; possibly not the seat whose turn it is),
``legal_actions(seat)`` lists their choices, ``apply(seat, action)`` checks
and performs one and returns the events, ``view(seat)`` is what a seat may
know. All chance comes from the game's own seeded RNG, so the seed plus the
action history replays a game exactly, and ``to_dict`` captures the full
state (RNG included) so a saved game continues identically.
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, IllegalAction, brief, find_action, same_value
from .cards import Card, Catalog
from .events import Event
from .state_plan import StatePlan
from .views import View
from .words import Said, Seat, Seats, say
from .zones import Zone

if TYPE_CHECKING:
    from .spec import GameSpec

SAVE_FORMAT = 1


def new_seed() -> int:
    """A fresh random seed, for games started without one (it is recorded)."""
    return secrets.randbits(63)


def rng_state(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def set_rng_state(rng: random.Random, state: Sequence[Any]) -> None:
    version, internal, gauss = state
    rng.setstate((version, tuple(internal), gauss))


class Game:
    """Base class of every game; subclasses implement the rules.

    Subclasses set ``spec`` and ``catalog`` and implement the hooks:
    ``_configure`` (values derived from players and options), ``_setup`` (the
    opening state, drawing on ``self.rng``, recording its events in
    ``opening_events``), ``to_act``, ``legal_actions``,
    ``check`` (raise :class:`IllegalAction` with a reason, change nothing),
    ``_apply``, ``scores``, ``winners``, ``is_over``, ``_info`` and
    ``_prompt``; and declare their changing state once, as ``STATE``.
    """

    narrate: bool = True
    """Tell each round's story for people (a :class:`Recap` at its end); search turns it off in the
    worlds it imagines, where nobody reads it and every microsecond is a play-out fewer."""

    quiet: bool = False
    """Nobody reads this game's events (search's play-outs): a game may skip building them, so
    ``apply`` returns fewer or none. The rules and the state are the same either way."""

    spec: ClassVar[GameSpec]
    catalog: Catalog
    phase: str

    STATE: ClassVar[type | None] = None
    """The dataclass declaring every part of the game that changes as it is played (see
    :mod:`.state`): the engine makes the opening state, the zone list, the clone, the save and
    its loading, and the public part of each view from it."""
    _plan: ClassVar[StatePlan | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("STATE") is not None:
            plan = cls._plan = StatePlan(cls.STATE)
            cls.clone = plan.clone_function(cls)  # type: ignore[method-assign]
            if "zones" not in cls.__dict__:
                cls.zones = plan.zone_function()  # type: ignore[method-assign]

    def __init__(self, players: int, options: Mapping[str, Any], seed: int | None = None) -> None:
        self._init_common(players, options, new_seed() if seed is None else seed)
        self._setup()

    def _init_common(self, players: int, options: Mapping[str, Any], seed: int | None) -> None:
        self.players = players
        self.options = dict(options)
        self.seed = seed
        self.rng = random.Random(seed)
        self.history: list[tuple[int, Action]] = []
        self.opening_events: list[Event] = []  # what _setup did (shuffles, deals), for the table
        self._configure()

    @classmethod
    def blank(cls, players: int, options: Mapping[str, Any], seed: int | None) -> Game:
        """A configured game with no state yet (for loading and determinizing)."""
        game = cls.__new__(cls)
        game._init_common(players, options, seed)
        return game

    # -- hooks -----------------------------------------------------------------

    @classmethod
    def check_options(cls, players: int, options: Mapping[str, Any]) -> None:
        """Raise :class:`OptionError` for options that do not fit ``players``."""

    def _configure(self) -> None:
        """Derive fixed values from ``players`` and ``options``."""

    def _setup(self) -> None:
        raise NotImplementedError

    def to_act(self) -> tuple[int, ...]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def check(self, seat: int, action: Action) -> None:
        raise NotImplementedError

    def _apply(self, seat: int, action: Action) -> list[Event]:
        raise NotImplementedError

    def zones(self) -> Iterable[Zone]:
        raise NotImplementedError

    def is_over(self) -> bool:
        """Over once the game's phase is ``"over"`` (a game that ends otherwise says so itself)."""
        return self.phase == "over"

    def scores(self) -> tuple[float, ...]:
        """Each seat's total so far (``totals``), unless a game counts otherwise."""
        return tuple(self.totals)  # type: ignore[attr-defined]

    def winners(self) -> tuple[int, ...]:
        """Once over, the seats with the best total (the fewest where scores are penalties); ties share."""
        if not self.is_over():
            return ()
        scores = self.scores()
        best = min(scores) if self.spec.lower_scores_win else max(scores)
        return tuple(s for s, score in enumerate(scores) if score == best)

    def _info(self, seat: int | None) -> dict[str, Any]:
        """The facts ``seat`` is shown beyond the declared public parts (see :meth:`_facts`)."""
        return {}

    def _facts(self, seat: int | None) -> dict[str, Any]:
        """A view's facts: the parts the declaration shows, then what the game's ``_info`` adds."""
        shown = self._plan.show(self) if self._plan is not None else {}
        shown.update(self._info(seat))
        return shown

    def episode(self) -> int:
        """Which scoring episode (round, hand, turn) the game is in; 0 for none.

        Search plays out no further than ``spec.search.horizon`` episodes past
        the one it began in (games with no episodes play out to the end).
        """
        return 0

    def standings(self) -> tuple[float, ...]:
        """How well each seat stands, for search: the scores, unless a game knows better.

        A game whose scores say little until the end (U-G-O's cards left)
        may add what else counts, such as the cards on the table.
        """
        return tuple(self.scores())

    def rewards(self, baseline: Sequence[float] | None = None) -> tuple[float, ...]:
        """Each seat's result in [0, 1], for search: how well it has done.

        Each seat's gain in :meth:`standings` since ``baseline`` (its standings
        when the search began) is compared with the others' gains through ``spec.score_scale``,
        so a search early in a round weighs that round, whoever leads overall.
        At the end of the game, winning counts as much as the scores.
        """
        over = self.is_over()
        scores = self.scores() if over else self.standings()
        n = len(scores)
        gains = (
            list(scores)
            if baseline is None or over
            else [a - b for a, b in zip(scores, baseline, strict=True)]
        )
        sign = -1.0 if self.spec.lower_scores_win else 1.0
        scale = self.spec.score_scale
        total = sum(gains)
        out = []
        for gain in gains:
            others = (total - gain) / (n - 1) if n > 1 else 0.0
            out.append(0.5 + 0.5 * math.tanh(sign * (gain - others) / scale))
        if over:
            winners = set(self.winners())
            out = [0.5 * r + (0.5 if s in winners else 0.0) for s, r in enumerate(out)]
        return tuple(out)

    def measures(self) -> dict[str, float]:
        """Figures about the game so far worth averaging over simulations (e.g. turns)."""
        return {"actions": len(self.history)}

    def _prompt(self, seat: int | None) -> str:
        return ""

    def _select(self, seat: int) -> int:
        """Cards ``seat`` must still pick, one action each, before the game goes on."""
        return 0

    def _start_state(self) -> None:
        """Every declared part at its opening value (zones made and empty): where ``_setup`` begins."""
        self._declared().start(self)

    def _state(self) -> dict[str, Any]:
        """The whole state as JSON-ready data, from the declaration."""
        return self._declared().save(self)

    def _load_state(self, state: Mapping[str, Any]) -> None:
        """Set this game to a state :meth:`_state` wrote, then work out what is not saved."""
        self._declared().load(self, state)
        self._loaded()

    def _loaded(self) -> None:
        """After loading: set the parts declared ``saved=False`` from the rest."""

    @classmethod
    def shown_state(cls, view: View) -> dict[str, Any]:
        """The declared parts ``view`` shows, as a save holds them: a determinizer's world starts
        from these and adds what the view hides."""
        return cls._declared().from_view(view.info)

    @classmethod
    def _declared(cls) -> StatePlan:
        if cls._plan is None:
            raise NotImplementedError(f"{cls.__name__} declares no STATE")
        return cls._plan

    # -- the contract ----------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Perform ``seat``'s ``action`` and return the events.

        Only an ``int`` seat that must decide now, with an action equal field
        by field (and type by type) to one of ``legal_actions(seat)``, is
        accepted; anything else raises :class:`IllegalAction` saying why and
        changes nothing. The history records the legal action itself.
        """
        if self._vouch(seat, action):
            found = action
        else:
            self.check_seat(seat)
            legal = self.legal_actions(seat)
            found = find_action(legal, action)
            if found is None:
                raise self.explain(seat, action, legal)
        events = self._apply(seat, found)
        self.history.append((seat, found))
        return events

    def _vouch(self, seat: Any, action: Any) -> bool:
        """Is ``action`` certainly legal for ``seat`` now, by a cheaper proof than the legal list?

        A hook for speed: a game whose legal actions are made once and kept
        (the same objects every time) can recognise one by identity and check
        only what makes it legal now, skipping the second ``legal_actions``
        and the comparison that ``apply`` would otherwise do. It must never
        say yes to an action :meth:`apply` would refuse; no is always safe.
        """
        return False

    def apply_trusted(self, seat: int, action: Action) -> list[Event]:
        """Perform an action taken from ``legal_actions(seat)`` or built by a rollout policy.

        For search, which applies millions of its own actions: the game's
        ``check`` still guards the state, but the action is not compared with
        the legal list. Everything else uses :meth:`apply`.
        """
        if not self._vouch(seat, action):
            self.check(seat, action)
        events = self._apply(seat, action)
        self.history.append((seat, action))
        return events

    def is_legal(self, seat: Any, action: Any) -> bool:
        if self._vouch(seat, action):
            return True
        try:
            self.check_seat(seat)
        except IllegalAction:
            return False
        return find_action(self.legal_actions(seat), action) is not None

    def why_not(self, seat: int, action: Any, legal: Sequence[Action]) -> str:
        """Why ``action`` is not one of ``legal`` for ``seat`` (a sentence with seat placeholders,
        kept as it was said, to be translated whole)."""
        return _words(self.explain(seat, action, legal))

    def explain(self, seat: int, action: Any, legal: Sequence[Action]) -> IllegalAction:
        """The refusal of ``action`` (not one of ``legal``) for ``seat``: its words and its fields.

        The game's ``check`` names the rule where it can; what it leaves, the
        fields of the action that no legal one has, are explained here."""
        kind = action.kind if isinstance(action, Action) and isinstance(action.kind, str) else None
        card = action.card if isinstance(action, Action) else None
        phase = getattr(self, "phase", None)
        fields = {
            "seat": seat,
            "phase": phase if isinstance(phase, str) else None,
            "kind": kind,
            "card": card,
        }
        if not isinstance(action, Action):
            return IllegalAction(
                say("{value} is not an action", value=brief(action)), rule="not_an_action", **fields
            )
        try:
            self.check(seat, action)
        except IllegalAction as exc:
            return IllegalAction(_words(exc), rule=exc.rule, **fields)
        except Exception:  # noqa: BLE001 - garbage in the action's fields: explained below
            pass
        kinds = sorted({a.kind for a in legal})
        # The kinds and fields below are the engine's names for them ("play", "card"), not words to translate.
        if kind is None or kind not in kinds:
            return IllegalAction(_no_such_kind(seat, action, kinds), rule="kind_not_offered", **fields)
        same_kind = [a for a in legal if a.kind == action.kind]
        for name in ("card", "cards", "value", "target", "source"):
            got = getattr(action, name)
            if not any(same_value(got, getattr(a, name)) for a in same_kind):
                allowed = {getattr(a, name) for a in same_kind if _hashable(getattr(a, name))}
                if allowed == {None} or allowed == {()}:
                    text = say(
                        "a {kind} takes no {field} (got {value})",
                        kind=action.kind,
                        field=name,
                        value=brief(got),
                    )
                    return IllegalAction(text, rule="shape", **fields)
                text = say(
                    "{value} is not a {field} {seat} may {kind} with now",
                    value=brief(got),
                    field=name,
                    seat=Seat(seat),
                    kind=action.kind,
                )
                return IllegalAction(text, rule=f"{name}_not_offered", **fields)
        text = say("that {kind} is not one {seat} may make now", kind=action.kind, seat=Seat(seat))
        return IllegalAction(text, rule="combination_not_offered", **fields)

    def check_seat(self, seat: Any) -> None:
        """Raise unless ``seat`` is an ``int`` seat of this game that must decide now."""
        if isinstance(seat, bool) or type(seat) is not int or not 0 <= seat < self.players:
            text = say(
                "there is no such seat ({value}) in a {number}-player game",
                value=brief(seat),
                number=self.players,
            )
            raise IllegalAction(text, rule="no_such_seat")
        if self.is_over():
            raise IllegalAction(say("the game is over"), seat=seat, rule="game_over")
        to_act = self.to_act()
        if seat not in to_act:
            raise IllegalAction(
                say(
                    "it is not {seat}'s decision now (waiting for {players})",
                    seat=Seat(seat),
                    players=Seats(to_act),
                ),
                seat=seat,
                rule="not_your_turn",
            )

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know (``None``: a spectator, who sees public cards only)."""
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players
        ):
            raise ValueError(f"there is no seat {seat!r} in a {self.players}-player game")
        to_act = self.to_act()
        over = self.is_over()
        legal = tuple(self.legal_actions(seat)) if seat is not None and seat in to_act else ()
        return View(
            game=self.spec.id,
            seat=seat,
            players=self.players,
            phase=self.phase,
            to_act=to_act,
            zones=tuple(z.view(seat) for z in self.zones()),
            scores=tuple(self.scores()),
            info=self._facts(seat),
            legal=legal,
            prompt=self._prompt(seat),
            over=over,
            winners=tuple(self.winners()) if over else (),
            options=dict(self.options),
            select=self._select(seat) if legal else 0,
        )

    def open_view(self) -> View:
        """Every card known, as a replay shows a game once it is over (never for a player in play)."""
        return replace(self.view(None), zones=tuple(z.open_view() for z in self.zones()))

    def all_cards(self) -> list[Card]:
        """Every card in every zone (attachments included), for conservation checks."""
        out: list[Card] = []
        for z in self.zones():
            out.extend(z.all_cards())
        return out

    def clone(self, rng: random.Random | None = None) -> Game:
        """An independent copy; subclasses override with a faster one.

        With ``rng`` the copy gets a fresh generator seeded from it instead of
        an exact copy of this game's (several times faster; for search, where
        the copy's future shuffles need not match this game's).
        """
        game = self.spec.from_dict(self.to_dict())
        if rng is not None:
            game.rng = random.Random(rng.getrandbits(64))
        return game

    def to_dict(self) -> dict[str, Any]:
        """The full state, JSON-ready: enough to continue exactly or to replay."""
        return {
            "format": SAVE_FORMAT,
            "game": self.spec.id,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [[seat, action.to_dict()] for seat, action in self.history],
            "rng": rng_state(self.rng),
            "state": self._state(),
        }


def _no_such_kind(seat: int, action: Action, kinds: Sequence[str]) -> Said:
    """The refusal of a kind of move not offered now, naming those that are."""
    if kinds:
        return say(
            "{seat} cannot {kind} now (the choices are: {choices})",
            seat=Seat(seat),
            kind=brief(action.kind),
            choices=", ".join(kinds),
        )
    return say(
        "{seat} cannot {kind} now (the choices are: nothing)", seat=Seat(seat), kind=brief(action.kind)
    )


def _words(exc: IllegalAction) -> str:
    """A refusal's words as they were said (a :class:`~cardtable.engine.words.Said` keeps its
    template, which ``str(exc)`` would lose)."""
    text = exc.args[0] if exc.args else ""
    return text if isinstance(text, str) else str(exc)


def _hashable(x: Any) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True
