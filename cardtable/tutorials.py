"""Guided first games ("Learn to play"): one YAML file a game under ``config/tutorials/``.

A tutorial is a prepared table (the game, its seats, a seed that deals the
same cards every time, options) and the coach's steps in the order a
beginner meets the rules. Each step says something, may light up cards or
places, and waits for one of three things:

- ``next`` (a step with no ``do`` or ``until``): the player reads it and goes on;
- ``do``: one move of a kind (and, where given, with a card): anything else
  legal gets the step's ``wrong`` words instead, and is not made;
- ``until``: the player plays freely until an event (a trick won, a round's
  end) or a phase comes.

A step may wait for its moment with ``when`` (a phase, the learner's turn, an
event seen; for an announcement, ``what`` names which one). A ``do`` may name
the ``card``, the ``cards`` of a combination, the ``value`` or the ``target``
(a card's code or a place's name). ``explain:`` lists the notes of "Explain
as I play" for real games: each ``at`` an event (with ``what`` or ``cards``).
``teaches`` names, for every section of the game's rules text
(``assets/rules/<game>.md``), the step that teaches it, or why a beginner
does not meet it. The file format::

    game: ugly
    seats: [You, Ada, Bo, Cy]      # the learner sits first; computers in the others
    seed: 7
    options: {rounds: 1}
    level: easy
    teaches: {Trump: trump, House rules: {skip: a beginner plays the standard rules}}
    steps:
      - id: trump
        when: {phase: trump, my_turn: true}
        say: You name trump: ...
        highlight: [hand]
        do: {kind: trump, value: H}
        wrong: Name hearts here: you hold the most of them.

A mistake is a :class:`~cardtable.yamlfile.ConfigError` with file and line;
the app then goes on without that tutorial.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable import games
from cardtable.engine import Action, Card, Event
from cardtable.engine.words import N_
from cardtable.resources import config_file
from cardtable.yamlfile import ConfigError, YamlDoc, load_yaml, mistake

FIELDS = frozenset(
    {"game", "title", "seats", "seed", "variant", "options", "level", "teaches", "steps", "explain"}
)
EXPLAIN_FIELDS = frozenset({"id", "at", "say"})
"""A note's fields (``at``: the moment; YAML would read a key ``on`` as true)."""
AT_FIELDS = frozenset({"event", "what", "cards"})
STEP_FIELDS = frozenset({"id", "say", "when", "highlight", "do", "wrong", "until", "title"})
WHEN_FIELDS = frozenset({"phase", "my_turn", "event", "what"})
DO_FIELDS = frozenset({"kind", "card", "cards", "value", "target"})
UNTIL_FIELDS = frozenset({"event", "phase", "over", "what"})
EVENTS = {
    "trick_won": "TrickWon",
    "round_ended": "RoundEnded",
    "announced": "Announced",
    "game_over": "GameOver",
    "gathered": "Gathered",
    "recap": "Recap",
}
"""The events a step may wait for, by the name the file gives them."""


@dataclass(frozen=True)
class Step:
    id: str
    say: str
    title: str = ""
    when: Mapping[str, Any] = field(default_factory=dict)
    highlight: tuple[str, ...] = ()
    do: Mapping[str, Any] | None = None
    wrong: str = ""
    until: Mapping[str, Any] | None = None

    @property
    def waits_for_next(self) -> bool:
        return self.do is None and self.until is None


@dataclass(frozen=True)
class Explanation:
    """A short note for a real game ("Explain as I play"): said the first time its rule fires."""

    id: str
    at: Mapping[str, Any]
    say: str

    def fires(self, event: Event) -> bool:
        """Whether ``event`` is the moment this note explains: an event of its kind, an
        announcement of its ``what``, a trick holding one of its ``cards``."""
        if event_name(event) != self.at["event"]:
            return False
        if "what" in self.at and getattr(event, "what", None) != self.at["what"]:
            return False
        cards = self.at.get("cards")
        if not cards:
            return True
        shown = getattr(event, "cards", None) or (getattr(event, "value", None),)  # a card announced
        return any(getattr(c, "code", None) in cards for c in shown)


@dataclass(frozen=True)
class Tutorial:
    game: str
    title: str
    seats: tuple[str, ...]
    seed: int
    steps: tuple[Step, ...]
    teaches: Mapping[str, str | None]
    variant: str = "standard"
    options: Mapping[str, Any] = field(default_factory=dict)
    level: str = "easy"
    path: str = ""
    explain: tuple[Explanation, ...] = ()

    def step_index(self, step_id: str) -> int:
        return next(i for i, s in enumerate(self.steps) if s.id == step_id)


# -- reading ---------------------------------------------------------------------------------------


def tutorial_path(game: str) -> Path:
    return config_file("tutorials", f"{game}.yaml")


def load_tutorial(path: str | Path) -> Tutorial:
    """Read and check one tutorial file; raises :class:`ConfigError` naming the file and line."""
    return parse_tutorial(load_yaml(path))


def builtin_tutorials() -> tuple[dict[str, Tutorial], list[ConfigError]]:
    """Every shipped tutorial that reads, by game, and what was wrong with the others."""
    return load_tutorials(None)


def load_tutorials(own: Path | None) -> tuple[dict[str, Tutorial], list[ConfigError]]:
    """The tutorial of each game: the player's own (``<own>/<game>.yaml``, a table's house rules)
    where there is one that reads, else the shipped one; and what was wrong with any file."""
    found: dict[str, Tutorial] = {}
    problems: list[ConfigError] = []
    for game in games.ids():
        for path in (own / f"{game}.yaml" if own is not None else None, tutorial_path(game)):
            if path is None or not path.exists():
                continue
            try:
                found[game] = load_tutorial(path)
                break
            except ConfigError as exc:
                problems.append(exc)
    return found, problems


def parse_tutorial(doc: YamlDoc) -> Tutorial:
    data = doc.data
    if not isinstance(data, dict):
        raise doc.error((), mistake(N_("a tutorial is a mapping: game, seats, seed, steps")))
    _unknown(doc, (), data, FIELDS)
    game = data.get("game")
    if game not in games.ids():
        raise doc.error(("game",), mistake(N_("no game called {game}"), game=str(game)))
    spec = games.get(game)
    seats = data.get("seats")
    if not (isinstance(seats, list) and all(isinstance(s, str) and s for s in seats)):
        raise doc.error(("seats",), mistake(N_("must be a list of seat names, the learner's first")))
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise doc.error(
            ("seats",),
            mistake(
                N_("{game} seats {low} to {high}"),
                game=spec.name,
                low=spec.min_players,
                high=spec.max_players,
            ),
        )
    seed = data.get("seed")
    if type(seed) is not int:
        raise doc.error(("seed",), mistake(N_("must be a whole number")))
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise doc.error(("options",), mistake(N_("must be a mapping of option names to values")))
    try:
        game_now = spec.new_game(len(seats), options=options, seed=seed, variant=data.get("variant"))
    except ValueError as exc:
        raise doc.error(("options",), getattr(exc, "message", None) or str(exc)) from None
    codes = {c.code for c in game_now.all_cards()}
    steps = _steps(doc, data.get("steps"), codes)
    teaches = _teaches(doc, data.get("teaches"), {s.id for s in steps})
    level = data.get("level", "easy")
    if level not in ("easy", "normal", "hard"):
        raise doc.error(("level",), mistake(N_("must be easy, normal or hard")))
    return Tutorial(
        game=game,
        title=str(data.get("title") or ""),
        seats=tuple(seats),
        seed=seed,
        steps=steps,
        teaches=teaches,
        variant=str(data.get("variant", "standard")),
        options=options,
        level=level,
        path=doc.path,
        explain=_explain(doc, data.get("explain", []), codes),
    )


def _unknown(doc: YamlDoc, keys: tuple, data: Mapping[str, Any], known: frozenset[str]) -> None:
    for key in data:
        if key not in known:
            expected = ", ".join(sorted(known))
            raise doc.error(
                (*keys, key), mistake(N_("unknown field; expected one of {fields}"), fields=expected)
            )


def _steps(doc: YamlDoc, raw: Any, codes: set[str]) -> tuple[Step, ...]:
    if not (isinstance(raw, list) and raw):
        raise doc.error(("steps",), mistake(N_("must be a list of steps")))
    steps: list[Step] = []
    seen: set[str] = set()
    for i, entry in enumerate(raw):
        keys = ("steps", i)
        if not isinstance(entry, dict):
            raise doc.error(keys, mistake(N_("a step is a mapping with an id and what the coach says")))
        _unknown(doc, keys, entry, STEP_FIELDS)
        sid, words = entry.get("id"), entry.get("say")
        if not (isinstance(sid, str) and sid) or sid in seen:
            raise doc.error((*keys, "id"), mistake(N_("every step needs an id of its own")))
        if not (isinstance(words, str) and words.strip()):
            raise doc.error((*keys, "say"), mistake(N_("the coach must say something")))
        seen.add(sid)
        when = _mapping(doc, (*keys, "when"), entry.get("when", {}), WHEN_FIELDS)
        do = _mapping(doc, (*keys, "do"), entry.get("do"), DO_FIELDS)
        until = _mapping(doc, (*keys, "until"), entry.get("until"), UNTIL_FIELDS)
        if do is not None and until is not None:
            raise doc.error(
                keys, mistake(N_("a step waits for one move (do) or for a moment (until), not both"))
            )
        if do is not None and not isinstance(do.get("kind"), str):
            raise doc.error((*keys, "do", "kind"), mistake(N_("say which kind of move the step waits for")))
        for where, event in ((when, "when"), (until or {}, "until")):
            if "event" in where and where["event"] not in EVENTS:
                names = ", ".join(EVENTS)
                raise doc.error(
                    (*keys, event, "event"),
                    mistake(
                        N_("no event called {event}; the events are {events}"),
                        event=str(where["event"]),
                        events=names,
                    ),
                )
        highlight = entry.get("highlight", [])
        if not (isinstance(highlight, list) and all(isinstance(h, str) for h in highlight)):
            raise doc.error((*keys, "highlight"), mistake(N_("must be a list of card codes or places")))
        named = [do["card"]] if do and "card" in do else []
        named += list(do["cards"]) if do and isinstance(do.get("cards"), list) else []
        for code in [h for h in highlight if not h.islower()] + named:
            if code not in codes:
                raise doc.error((*keys,), mistake(N_("no card {code} in this game"), code=str(code)))
        steps.append(
            Step(
                id=sid,
                say=words.strip(),
                title=str(entry.get("title") or ""),
                when=when or {},
                highlight=tuple(highlight),
                do=do,
                wrong=str(entry.get("wrong") or "").strip(),
                until=until,
            )
        )
    return tuple(steps)


def _mapping(doc: YamlDoc, keys: tuple, raw: Any, known: frozenset[str]) -> dict[str, Any] | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise doc.error(keys, mistake(N_("must be a mapping of {fields}"), fields=", ".join(sorted(known))))
    _unknown(doc, keys, raw, known)
    return dict(raw)


def _teaches(doc: YamlDoc, raw: Any, ids: set[str]) -> dict[str, str | None]:
    if not isinstance(raw, dict):
        raise doc.error(
            ("teaches",), mistake(N_("must map each section of the rules to the step that teaches it"))
        )
    out: dict[str, str | None] = {}
    for section, step in raw.items():
        if isinstance(step, dict) and isinstance(step.get("skip"), str):
            out[str(section)] = None
        elif isinstance(step, str) and step in ids:
            out[str(section)] = step
        else:
            raise doc.error(
                ("teaches", section), mistake(N_("name a step of this tutorial, or {{skip: why}}"))
            )
    return out


def _explain(doc: YamlDoc, raw: Any, codes: set[str]) -> tuple[Explanation, ...]:
    if not isinstance(raw, list):
        raise doc.error(("explain",), mistake(N_("must be a list of notes, each with an id, at and say")))
    out: list[Explanation] = []
    for i, entry in enumerate(raw):
        keys = ("explain", i)
        if not isinstance(entry, dict):
            raise doc.error(keys, mistake(N_("must be a list of notes, each with an id, at and say")))
        _unknown(doc, keys, entry, EXPLAIN_FIELDS)
        at = _mapping(doc, (*keys, "at"), entry.get("at"), AT_FIELDS)
        if not at or at.get("event") not in EVENTS:
            names = ", ".join(EVENTS)
            raise doc.error((*keys, "at"), mistake(N_("say at which event: one of {events}"), events=names))
        cards = at.get("cards", [])
        if not (isinstance(cards, list) and all(c in codes for c in cards)):
            raise doc.error((*keys, "at", "cards"), mistake(N_("must be a list of this game's card codes")))
        nid, words = entry.get("id"), entry.get("say")
        if not (isinstance(nid, str) and nid and isinstance(words, str) and words.strip()):
            raise doc.error(keys, mistake(N_("a note needs an id and what it says")))
        out.append(Explanation(nid, at, words.strip()))
    return tuple(out)


# -- the coach's logic (no pygame: the table asks it) ----------------------------------------------


def event_name(event: Event) -> str | None:
    kind = type(event).__name__
    return next((name for name, cls in EVENTS.items() if cls == kind), None)


def event_keys(event: Event) -> list[str]:
    """What a step may wait for in ``event``: its name, and an announcement's ``what`` too."""
    name = event_name(event)
    if name is None:
        return []
    what = getattr(event, "what", None)
    return [name, f"{name}:{what}"] if name == "announced" and what else [name]


def waited_key(where: Mapping[str, Any]) -> str | None:
    """The event key a ``when`` or ``until`` waits for (``announced`` with ``what``: that one)."""
    if "event" not in where:
        return None
    return f"{where['event']}:{where['what']}" if "what" in where else str(where["event"])


def expects(step: Step, action: Action) -> bool:
    """Whether ``action`` is the move a ``do`` step waits for."""
    want = step.do
    if want is None:
        return True
    if action.kind != want["kind"]:
        return False
    if "card" in want and (action.card is None or action.card.code != want["card"]):
        return False
    if "cards" in want and sorted(c.code for c in (action.cards or ())) != sorted(want["cards"]):
        return False  # a combination: exactly these cards
    if "target" in want:
        target = action.target
        named = getattr(target, "code", None) or getattr(target, "zone", None)
        if named != want["target"]:
            return False
    return not ("value" in want and action.value != want["value"])


def wanted(step: Step, legal: Iterable[Action]) -> list[Action]:
    """The legal moves a step accepts (none: its moment has not come)."""
    return [a for a in legal if expects(step, a)]


def cards_named(codes: Iterable[str], cards: Iterable[Card]) -> list[Card]:
    by_code = {c.code: c for c in cards}
    return [by_code[c] for c in codes if c in by_code]
