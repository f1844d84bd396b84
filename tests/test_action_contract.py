"""The engine contract, checked the same way for every registered game and every player count.

Random legal play from a few seeds; at every step the legal actions must be
well-typed values that survive a save and name no card the acting seat cannot
see; an action whose card goes somewhere says where; the views' facts have
their documented shapes (``cardtable.engine.facts``); garbage given to
``apply`` is refused with a readable reason and changes nothing; a
relabelled legal action is accepted and recorded as the legal one; random
games end, and then refuse everything.

Each test gathers what it finds (the first example of each kind of problem)
and reports it all at once, so one run tells a game's maintainers everything
that is wrong, not just the first thing.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest

from cardtable import games
from cardtable.engine import (
    Action,
    Card,
    Catalog,
    Game,
    IllegalAction,
    Moved,
    Slot,
    View,
    ZoneRef,
    find_action,
    format_prompt,
    same_action,
)
from cardtable.engine.facts import problems as fact_problems

SPECS = {spec.id: spec for spec in games.all_specs()}
NAMES = ("Ada", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu")
RAW_SEAT = re.compile(r"\bseat \d")
MAX_PROBLEMS = 25  # distinct problems reported per test before it stops looking

CASES = [pytest.param(spec.id, n, id=f"{spec.id}-{n}") for spec in SPECS.values() for n in spec.player_range]
END_CASES = [
    pytest.param(spec.id, n, id=f"{spec.id}-{n}")
    for spec in SPECS.values()
    for n in sorted({spec.min_players, spec.max_players})
]


def plan(players: int) -> tuple[tuple[int, ...], int]:
    """Seeds and a step limit for one player count's random walks.

    A random game takes 100 to 700 steps. Every count of every game is
    checked (23 in all), so to keep this file near 20 seconds two to four
    players get two seeds of 300 steps, five and six one seed, and larger
    tables (Ugh! goes to twelve) one walk of 200 steps;
    ``test_random_games_end_and_then_refuse_everything`` plays whole games.
    """
    if players <= 4:
        return (11, 12), 300
    if players <= 6:
        return (11,), 300
    return (11,), 200


ALL_VIEWS_EVERY = 8
"""The acting seats' views are taken at every step; every seat's and a
spectator's every this many steps and at the end. A view costs up to a
millisecond (every card of every deck is drawn for it), and Ugh! has up to
13 viewers: all of them at every step would take most of a minute."""


@dataclass(frozen=True)
class Seen:
    """What these tests need of one view (whole views of every step take hundreds of MB)."""

    players: int
    legal: tuple[Action, ...]
    known: frozenset[Card]
    zones: dict[tuple[str, int | None], tuple[Card | None, ...]]
    info: Any
    prompt: str

    @classmethod
    def of(cls, view: View, acting: bool = True) -> Seen:
        """The parts of ``view`` the tests read (its cards only for a seat that acts)."""
        return cls(
            players=view.players,
            legal=tuple(view.legal),
            known=frozenset(view.known_cards()) if acting else frozenset(),
            zones={(z.name, z.owner): tuple(cv.card for cv in z.cards) for z in view.zones} if acting else {},
            info=view.info,
            prompt=view.prompt,
        )

    def zone(self, name: str, owner: int | None) -> tuple[Card | None, ...]:
        """The zone's cards as the viewer sees them (None: hidden); KeyError if there is none."""
        return self.zones[(name, owner)]


@dataclass(frozen=True)
class Snapshot:
    """One moment of a random game, as the tests of views and legal actions see it."""

    where: str
    phase: str
    catalog: Catalog
    to_act: Any
    over: bool
    views: dict[int | None, Seen]
    legal: dict[int, list[Action]]


@functools.cache
def trace(spec_id: str, players: int) -> tuple[Snapshot, ...]:
    """Random legal play per :func:`plan`, with views and legal actions.

    Shared by two tests, and forgotten when this module's tests are done.
    """
    seeds, steps = plan(players)
    out = []
    for seed in seeds:
        game = SPECS[spec_id].new_game(players, seed=seed)
        rng = random.Random(seed * 1000 + players)
        for step in range(steps + 1):
            over = game.is_over()
            to_act = game.to_act()
            acting = [s for s in to_act if s in range(players)]
            every = over or step % ALL_VIEWS_EVERY == 0
            seats: list[int | None] = [s for s in range(players) if every or s in acting]
            out.append(
                Snapshot(
                    where=f"seed {seed} step {step} phase {game.phase!r}",
                    phase=game.phase,
                    catalog=game.catalog,
                    to_act=to_act,
                    over=over,
                    views={
                        s: Seen.of(game.view(s), s in acting)
                        for s in (*seats, None)
                        if every or s is not None
                    },
                    legal={s: game.legal_actions(s) for s in acting},
                )
            )
            if over or step == steps:
                break
            seat = rng.choice(acting)
            game.apply(seat, rng.choice(out[-1].legal[seat]))
    return tuple(out)


@pytest.fixture(scope="module", autouse=True)
def _forget_traces() -> Iterator[None]:
    yield
    trace.cache_clear()


def walk(spec_id: str, players: int, seed: int, steps: int) -> Iterator[tuple[int, Game, random.Random]]:
    """Yield the live game before each of up to ``steps`` random legal steps (stop iterating to stop)."""
    game = SPECS[spec_id].new_game(players, seed=seed)
    rng = random.Random(seed * 1000 + players)
    for step in range(steps):
        if game.is_over():
            return
        yield step, game, rng
        seat = rng.choice(game.to_act())
        game.apply(seat, rng.choice(game.legal_actions(seat)))


class Findings:
    """The first example of each kind of problem, for one report."""

    def __init__(self, spec_id: str, players: int) -> None:
        self.where = f"{spec_id} with {players} players"
        self.found: dict[tuple[Any, ...], str] = {}

    def add(self, key: tuple[Any, ...], text: str) -> None:
        self.found.setdefault(key, text)

    @property
    def full(self) -> bool:
        return len(self.found) >= MAX_PROBLEMS

    def check(self) -> None:
        lines = "\n".join(f"  - {text}" for text in self.found.values())
        assert not self.found, f"{self.where}: {len(self.found)} kinds of problem:\n{lines}"


def _seats(players: int) -> Any:
    return lambda x: type(x) is int and 0 <= x < players


def _cards_in(x: Any) -> Iterator[Card]:
    if type(x) is Card:
        yield x
    elif isinstance(x, tuple | list | set | frozenset):
        for item in x:
            yield from _cards_in(item)
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from _cards_in(k)
            yield from _cards_in(v)


def _text_problems(text: Any, you: int | None, players: int) -> list[str]:
    """What is wrong with a reason, label or prompt meant for people."""
    if not isinstance(text, str):  # a str, or a Said: a str that keeps its template for translation
        return [f"is a {type(text).__name__}, not text"]
    out = []
    if RAW_SEAT.search(text):
        out.append(f"names a seat by number instead of a {{seat:N}} placeholder: {text!r}")
    for viewer in {None, you}:
        shown = format_prompt(text, NAMES[:players], you=viewer)
        if "{seat:" in shown:
            out.append(f"keeps a placeholder after format_prompt(you={viewer}): {shown!r}")
    return out


# -- the shape of legal actions -----------------------------------------------------------


def _zone_problems(ref: Any, view: Seen, players: int, what: str) -> list[str]:
    if not (type(ref.zone) is str and (ref.owner is None or _seats(players)(ref.owner))):
        return [f"{what} {ref!r} is not (zone name, seat or None)"]
    try:
        view.zone(ref.zone, ref.owner)
    except KeyError:
        return [f"{what} {ref!r} names no zone of the acting seat's view"]
    return []


def _slot_problems(slot: Slot, view: Seen, players: int) -> list[str]:
    if not (
        type(slot.zone) is str
        and (slot.owner is None or _seats(players)(slot.owner))
        and type(slot.index) is int
        and slot.index >= 0
    ):
        return [f"target {slot!r} is not (zone name, seat or None, index)"]
    try:
        zone = view.zone(slot.zone, slot.owner)
    except KeyError:
        return [f"target {slot!r} names no zone of the acting seat's view"]
    if slot.index >= len(zone):
        return [f"target {slot!r} is past the end of a zone of {len(zone)} cards"]
    if zone[slot.index] is not None:
        return [
            f"target {slot!r} names a card the actor can see ({zone[slot.index]!r}): "
            "a visible card is named by the Card, so a drop on it matches"
        ]
    return []


def _dedupe_key(a: Action) -> str:
    """The action's saved form (which keeps types apart: 0 and 0.0, tuples and zones)."""
    try:
        return json.dumps(a.to_dict(), sort_keys=True)
    except Exception:  # noqa: BLE001 - unsaveable actions are reported by _save_problems
        return repr(a)


def action_problems(
    catalog: Catalog,
    seat: int,
    a: Any,
    view: Seen,
    save_checks: dict[str, list[tuple[str, str]]],
) -> list[tuple[str, str]]:
    """(kind of problem, description) for one legal action of ``seat``, whose view is ``view``.

    ``save_checks`` caches the save checks by the action's saved form.
    """
    players = view.players
    if type(a) is not Action:
        return [("not an Action", f"legal action {a!r} is a {type(a).__name__}")]
    out: list[tuple[str, str]] = []
    if type(a.kind) is not str or not a.kind:
        out.append(("kind", f"kind {a.kind!r} is not a non-empty str"))
    if not isinstance(a.label, str) or not a.label.strip():
        out.append(("label", "has no label"))
    else:
        out += [("label text", f"label {p}") for p in _text_problems(a.label, seat, players)]
    if a.card is not None and type(a.card) is not Card:
        out.append(("card type", f"card {a.card!r} is a {type(a.card).__name__}, not a Card or None"))
    if type(a.cards) is not tuple or any(type(x) is not Card for x in a.cards):
        out.append(("cards type", f"cards {a.cards!r} is not a tuple of Cards"))
    elif a.cards:
        if len(set(a.cards)) != len(a.cards):
            out.append(("cards twice", f"cards {a.cards!r} holds a card twice"))
        if a.card is None or a.card not in a.cards:
            out.append(("card of cards", f"card {a.card!r} is not one of its cards {a.cards!r}"))
    target = a.target
    if target is not None and type(target) not in (Card, Slot, ZoneRef):
        out.append(
            (
                "target type",
                f"target {target!r} is a {type(target).__name__}, not a Card, Slot, ZoneRef or None",
            )
        )
    elif type(target) is ZoneRef:
        out += [("target zone", p) for p in _zone_problems(target, view, players, "target")]
    elif type(target) is Slot:
        out += [("target slot", p) for p in _slot_problems(target, view, players)]
    if a.source is not None:
        if type(a.source) is not ZoneRef:
            out.append(("source type", f"source {a.source!r} is a {type(a.source).__name__}, not a ZoneRef"))
        else:
            out += [("source zone", p) for p in _zone_problems(a.source, view, players, "source")]
    # Every card an action names is a card of this game that the actor can see.
    named = [("card", a.card), ("target", target)]
    named += [("cards", x) for x in (a.cards if isinstance(a.cards, tuple) else ())]
    named += [("value", x) for x in _cards_in(a.value)]
    for field_name, x in named:
        if type(x) is not Card:
            continue
        if not (0 <= int(x) < len(catalog) and catalog[int(x)].code == x.code):
            out.append((f"{field_name} not in catalog", f"{field_name} {x!r} is not a card of this game"))
        elif x not in view.known:
            out.append(
                (
                    f"{field_name} hidden",
                    f"{field_name} {x!r} is a card the acting seat's view does not show "
                    "(a hidden card is named by a Slot)",
                )
            )
    key = _dedupe_key(a)
    if key not in save_checks:
        save_checks[key] = _save_problems(catalog, a)
    return out + save_checks[key]


def _save_problems(catalog: Catalog, a: Action) -> list[tuple[str, str]]:
    """A save keeps the action exactly, directly and through JSON."""
    out = []
    try:
        d = a.to_dict()
        back = Action.from_dict(d, catalog)
        if not same_action(back, a):
            out.append(("round trip", f"Action.from_dict(to_dict()) gives {back!r}"))
        back = Action.from_dict(json.loads(json.dumps(d)), catalog)
        if not same_action(back, a):
            out.append(("json round trip", f"a JSON round trip gives {back!r}"))
    except Exception as exc:  # noqa: BLE001 - reported as a problem
        out.append(("round trip error", f"to_dict/from_dict raised {type(exc).__name__}: {exc}"))
    return out


@pytest.mark.parametrize(("spec_id", "players"), CASES)
def test_legal_actions_are_typed_saveable_and_visible_to_their_seat(spec_id, players):
    found = Findings(spec_id, players)
    checked = 0
    save_checks: dict[str, list[tuple[str, str]]] = {}
    for snap in trace(spec_id, players):
        if found.full:
            break
        to_act, where = snap.to_act, snap.where
        if snap.over:
            if to_act != ():
                found.add(("to_act at the end",), f"{where}: the game is over but to_act() is {to_act!r}")
            continue
        if type(to_act) is not tuple or not to_act or not all(map(_seats(players), to_act)):
            found.add(("to_act",), f"{where}: to_act() is {to_act!r}, not a non-empty tuple of seats")
            continue
        if len(set(to_act)) != len(to_act):
            found.add(("to_act twice",), f"{where}: to_act() {to_act!r} names a seat twice")
        for seat, view in snap.views.items():
            if seat is not None and seat not in to_act and view.legal:
                found.add(("legal off turn",), f"{where}: seat {seat} is not to act, its view lists actions")
        for seat, legal in snap.legal.items():
            view = snap.views[seat]
            if not legal:
                found.add(("no actions",), f"{where}: seat {seat} must act but has no legal action")
            listed = tuple(view.legal)
            if len(listed) != len(legal) or not all(
                same_action(x, y) and x.label == y.label for x, y in zip(listed, legal, strict=False)
            ):
                found.add(
                    ("view legal", snap.phase),
                    f"{where}: the view of seat {seat} lists {len(listed)} actions, legal_actions "
                    f"{len(legal)}, or they differ",
                )
            keys: dict[str, Action] = {}
            for a in legal:
                checked += 1
                for key, text in action_problems(snap.catalog, seat, a, view, save_checks):
                    found.add((key, getattr(a, "kind", None)), f"{where}: seat {seat}: {a!r}: {text}")
                if type(a) is Action:
                    k = _dedupe_key(a)
                    if k in keys:
                        found.add(
                            ("duplicate", a.kind),
                            f"{where}: seat {seat}: {a!r} and {keys[k]!r} are the same action twice",
                        )
                    keys[k] = a
    assert checked > 0, "the walk met no legal action"
    found.check()


# -- views ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("spec_id", "players"), CASES)
def test_every_view_has_documented_facts_and_readable_prompts(spec_id, players):
    found = Findings(spec_id, players)
    views = 0
    for snap in trace(spec_id, players):
        if found.full:
            break
        for seat, view in snap.views.items():
            views += 1
            for p in fact_problems(view.info, players):
                found.add(("facts", p.split(" = ")[0]), f"{snap.where}: view of {seat}: {p}")
            if snap.over and view.info.get("turn") is not None:
                found.add(
                    ("turn at the end",),
                    f"{snap.where}: view of {seat}: info['turn'] is {view.info['turn']!r} after the end "
                    "(facts.py: None when the game is over)",
                )
            for p in _text_problems(view.prompt, seat, players):
                found.add(("prompt", p[:30]), f"{snap.where}: view of {seat}: prompt {p}")
    assert views > 0
    found.check()


# -- garbage is refused ----------------------------------------------------------------------


def _strangers(game: Game, legal: list[Action]) -> list[Card]:
    """Cards of the game that no legal action names."""
    used: set[int] = set()
    for a in legal:
        used.update(int(x) for x in a.moved if isinstance(x, Card))
        if isinstance(a.card, Card):
            used.add(int(a.card))
        if isinstance(a.target, Card):
            used.add(int(a.target))
    return [x for x in game.catalog if int(x) not in used]


def mutations(
    a: Action, legal: list[Action], game: Game, seat: int, rng: random.Random
) -> Iterator[tuple[str, Any]]:
    """(name, garbage) pairs made from the legal action ``a``."""
    stranger = rng.choice(_strangers(game, legal) or list(game.catalog))
    for kind in sorted({x.kind for x in legal} - {a.kind}):
        yield f"kind {kind!r}", replace(a, kind=kind)
    yield "unknown kind", replace(a, kind="no-such-kind")
    yield "kind None", replace(a, kind=None)
    if a.card is not None:
        yield "card as a plain int", replace(a, card=int(a.card))
        yield "card as its code", replace(a, card=a.card.code)
        yield "card not in any legal action", replace(a, card=stranger)
        yield "card removed", replace(a, card=None)
    else:
        yield "card added", replace(a, card=stranger)
    if a.cards:
        yield "cards as a list", replace(a, cards=list(a.cards))
        yield "cards with a plain int", replace(a, cards=(*a.cards[:-1], int(a.cards[-1])))
        yield "cards with another card", replace(a, cards=(*a.cards, stranger))
        yield "cards short of one", replace(a, cards=a.cards[:-1])
        if len(a.cards) > 1:
            yield "cards in another order", replace(a, cards=a.cards[::-1])
    else:
        yield "cards added", replace(a, cards=(a.card if a.card is not None else stranger,))
    yield "value a list", replace(a, value=[a.value])
    yield "value a dict", replace(a, value={"value": a.value})
    yield "value an object", replace(a, value=object())
    if type(a.value) is int:
        yield "value a float", replace(a, value=float(a.value))
    t = a.target
    if type(t) is ZoneRef:
        yield "target a plain tuple", replace(a, target=tuple(t))
        if t.owner is not None:
            yield "target owner a float", replace(a, target=ZoneRef(t.zone, float(t.owner)))
    if type(t) is Card:
        yield "target card as a plain int", replace(a, target=int(t))
        yield "target card as its code", replace(a, target=t.code)
    if type(t) is Slot:
        yield "target slot with a float index", replace(a, target=Slot(t.zone, t.owner, float(t.index)))
    else:
        yield "target a slot with a float index", replace(a, target=Slot("hand", seat, 0.0))
    yield "target an int", replace(a, target=0)
    yield "target a float", replace(a, target=0.0)
    yield "target a string", replace(a, target="trick")
    if t is None:
        yield "target added", replace(a, target=ZoneRef("no-such-zone"))
    else:
        yield "target removed", replace(a, target=None)
    if a.source is None:
        yield "source added", replace(a, source=ZoneRef("deck"))
    else:
        yield "source a plain tuple", replace(a, source=tuple(a.source))
        yield "source removed", replace(a, source=None)


def saved(game: Game) -> tuple[dict[str, Any], str]:
    """The game's save, as a value and as JSON text."""
    d = game.to_dict()
    return d, json.dumps(d)


def refuse(
    game: Game,
    seat: Any,
    garbage: Any,
    what: str,
    found: Findings,
    where: str,
    before: tuple[dict[str, Any], str],
) -> bool:
    """Apply garbage, expecting a clean refusal; False if the game was changed (stop the walk).

    ``before`` is :func:`saved` as it was before.
    """
    you = seat if type(seat) is int and 0 <= seat < game.players else None
    try:
        game.apply(seat, garbage)
    except IllegalAction as exc:
        reason = str(exc)
        if not reason.strip():
            found.add((what, "empty reason"), f"{where}: {what}: refused with an empty reason")
        for p in _text_problems(reason, you, game.players):
            found.add((what, "reason", p[:30]), f"{where}: {what}: the reason {p}")
    except Exception as exc:  # noqa: BLE001 - the point of the test
        found.add(
            (what, "exception", type(exc).__name__),
            f"{where}: {what}: raised {type(exc).__name__} ({exc}), not IllegalAction",
        )
    else:
        found.add((what, "accepted"), f"{where}: {what}: apply accepted {garbage!r} for seat {seat!r}")
        return False
    after = game.to_dict()
    try:
        text = json.dumps(after)
    except Exception as exc:  # noqa: BLE001
        found.add((what, "json"), f"{where}: {what}: json.dumps(game.to_dict()) then raised {exc!r}")
        return False
    # Compared as values and as text: the text tells 0 from 0.0 and True from 1.
    if after != before[0] or text != before[1]:
        found.add((what, "changed"), f"{where}: {what}: the refused action changed game.to_dict()")
        return False
    try:
        if game.is_legal(seat, garbage):
            found.add((what, "is_legal"), f"{where}: {what}: is_legal says yes to what apply refused")
    except Exception as exc:  # noqa: BLE001
        found.add((what, "is_legal raised"), f"{where}: {what}: is_legal raised {type(exc).__name__}: {exc}")
    return True


def _probe_points(spec_id: str, players: int, per_seed: int = 5) -> Iterator[tuple[str, Game, random.Random]]:
    """Random points of random games: the start and about ``per_seed`` more per seed."""
    seeds, steps = plan(players)
    for seed in seeds:
        for step, game, rng in walk(spec_id, players, seed, steps):
            if step == 0 or rng.random() < per_seed / steps:
                yield f"seed {seed} step {step} phase {game.phase!r}", game, rng


@pytest.mark.parametrize(("spec_id", "players"), CASES)
def test_mutated_legal_actions_are_refused_and_change_nothing(spec_id, players):
    found = Findings(spec_id, players)
    tried = 0
    for where, game, rng in _probe_points(spec_id, players, per_seed=3):
        if found.full:
            break
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        sources = [rng.choice(group) for group in by_kind.values()]
        before = saved(game)
        changed = False
        for a in sources:
            for what, garbage in mutations(a, legal, game, seat, rng):
                if find_action(legal, garbage) is not None:
                    continue  # field by field a legal action: not garbage
                tried += 1
                if not refuse(
                    game, seat, garbage, f"{a.kind}: {what}", found, f"{where} seat {seat}", before
                ):
                    changed = True
                    break
            if changed:
                break
        if changed:
            break  # this game's state can no longer be trusted
    assert tried > 0, "no mutation was tried"
    found.check()


@pytest.mark.parametrize(("spec_id", "players"), CASES)
def test_bad_seats_are_refused_and_change_nothing(spec_id, players):
    found = Findings(spec_id, players)
    tried = off_turn = 0
    for where, game, rng in _probe_points(spec_id, players):
        if found.full:
            break
        seat = rng.choice(game.to_act())
        action = rng.choice(game.legal_actions(seat))
        bad: list[tuple[str, Any]] = [
            ("seat 0.0", 0.0),
            ("seat True", True),
            ("seat '0'", "0"),
            ("seat -1", -1),
            ("seat = players", players),
            ("seat None", None),
        ]
        before = saved(game)
        waiting = [s for s in range(players) if s not in game.to_act()]
        if waiting:
            off_turn += 1
            bad.append(("a seat not to act", rng.choice(waiting)))
        for what, s in bad:
            tried += 1
            if not refuse(game, s, action, what, found, where, before):
                break
        else:
            continue
        break
    assert tried > 0 and off_turn > 0, "no seat out of turn was ever tried"
    found.check()


@pytest.mark.parametrize(("spec_id", "players"), CASES)
def test_things_that_are_not_actions_are_refused_and_change_nothing(spec_id, players):
    found = Findings(spec_id, players)
    tried = 0
    for where, game, rng in _probe_points(spec_id, players):
        if found.full:
            break
        seat = rng.choice(game.to_act())
        action = rng.choice(game.legal_actions(seat))
        bad: list[tuple[str, Any]] = [
            ("None", None),
            ("the action's dict", action.to_dict()),
            ("its kind as a string", action.kind),
            ("an int", 0),
            ("a tuple of its fields", (action.kind, action.card, action.value, action.target)),
        ]
        before = saved(game)
        for what, garbage in bad:
            tried += 1
            if not refuse(game, seat, garbage, what, found, f"{where} seat {seat}", before):
                break
        else:
            continue
        break
    assert tried > 0
    found.check()


# -- actions say where they go ----------------------------------------------------------------


@pytest.mark.parametrize(("spec_id", "players"), CASES)
def test_an_action_that_moves_its_card_names_where_it_goes(spec_id, players):
    """A legal action whose own card leaves for another zone has a target (DESIGN.md: None
    only for an action that goes nowhere). The target is where the player drops the card
    (TABLE.md), which is not always where it ends up: a U-G-O Jack dropped on a deck goes to a
    discard pile. Whether a ZoneRef target is a zone of the view is checked elsewhere.

    Checked on a copy of the game, for one action of each kind every few steps.
    """
    found = Findings(spec_id, players)
    seeds, steps = plan(players)
    tried = 0
    for seed in seeds:
        for step, game, rng in walk(spec_id, players, seed, steps):
            if found.full:
                break
            if step % 5:
                continue
            where = f"seed {seed} step {step} phase {game.phase!r}"
            for seat in game.to_act():
                by_kind: dict[str, list[Action]] = {}
                for a in game.legal_actions(seat):
                    by_kind.setdefault(a.kind, []).append(a)
                for group in by_kind.values():
                    a = rng.choice(group)
                    if not a.moved:
                        continue
                    tried += 1
                    events = game.clone().apply(seat, a)
                    moves = [e for e in events if isinstance(e, Moved) and e.card in a.moved]
                    if not moves:
                        continue
                    dst = tuple(moves[0].dst)
                    if a.target is None:
                        found.add(
                            (a.kind, "no target"),
                            f"{where}: seat {seat}: {a!r} moves {moves[0].card!r} from {tuple(moves[0].src)} "
                            f"to {dst} but its target is None",
                        )
    assert tried > 0, "no action that moves a card was met"
    found.check()


# -- labels do not count; history keeps the legal action ------------------------------------


@pytest.mark.parametrize(("spec_id", "players"), CASES)
def test_a_relabelled_legal_action_is_accepted_and_recorded_as_the_legal_one(spec_id, players):
    found = Findings(spec_id, players)
    seeds, steps = plan(players)
    applied = 0
    for seed in seeds:
        game = SPECS[spec_id].new_game(players, seed=seed)
        rng = random.Random(seed)
        for step in range(steps):
            if game.is_over() or found.full:
                break
            seat = rng.choice(game.to_act())
            legal = rng.choice(game.legal_actions(seat))
            given = replace(legal, label="a label of my own")
            where = f"seed {seed} step {step} phase {game.phase!r}: {legal!r}"
            try:
                game.apply(seat, given)
            except Exception as exc:  # noqa: BLE001 - reported
                found.add((legal.kind, "refused"), f"{where}: refused with another label: {exc!r}")
                break
            applied += 1
            last_seat, recorded = game.history[-1]
            if type(last_seat) is not int or last_seat != seat:
                found.add((legal.kind, "seat"), f"{where}: history records seat {last_seat!r}, not {seat}")
            if not same_action(recorded, legal) or recorded.label != legal.label:
                found.add(
                    (legal.kind, "recorded"),
                    f"{where}: history records {recorded!r} (label {recorded.label!r}), not the legal action",
                )
    assert applied > 0
    found.check()


# -- apply's shortcut ------------------------------------------------------------------------


VOUCHING_GAMES = {"ugly"}
"""Games whose ``_vouch`` proves legality without the legal list (``apply``'s fast path)."""


@pytest.mark.parametrize(("spec_id", "players"), CASES)
def test_a_game_vouches_only_for_what_apply_would_accept(spec_id, players):
    """Every action seen so far in the game, offered by every seat and a few non-seats at random
    points: where ``_vouch`` says yes, the seat must decide now and the action must be one of its
    legal actions, the very object (so the history records the same thing either way)."""
    found = Findings(spec_id, players)
    seen: dict[int, Action] = {}
    vouched = 0
    for where, game, rng in _probe_points(spec_id, players, per_seed=12):
        if found.full:
            break
        for s in game.to_act():
            for a in game.legal_actions(s):
                seen.setdefault(id(a), a)
        pool = list(seen.values())
        offered = rng.sample(pool, min(len(pool), 60))
        to_act = game.to_act()
        for seat in (*range(players), True, -1, players, None):
            legal = game.legal_actions(seat) if seat in to_act and type(seat) is int else []
            for a in offered:
                if not game._vouch(seat, a):
                    continue
                vouched += 1
                if not any(x is a for x in legal):
                    found.add((a.kind, seat), f"{where}: vouched for {a!r} by seat {seat!r}, not legal")
    if spec_id in VOUCHING_GAMES:
        assert vouched > 0, "the shortcut was never taken"
    found.check()


@pytest.mark.parametrize(("spec_id", "players"), CASES)
def test_the_guard_of_search_never_refuses_a_legal_action(spec_id, players):
    """``apply_trusted`` guards with the game's ``check`` instead of the legal list: at random
    points, every legal action of the seat to act passes it, so search and ``apply`` agree on all
    that the legal list offers."""
    found = Findings(spec_id, players)
    checked = 0
    for where, game, _rng in _probe_points(spec_id, players, per_seed=12):
        if found.full:
            break
        for seat in game.to_act():
            for a in game.legal_actions(seat):
                checked += 1
                try:
                    game.check(seat, a)
                except IllegalAction as e:
                    found.add((a.kind, e.rule), f"{where}: check refused legal {a!r}: {e}")
    assert checked > 0
    found.check()


# -- quiet play-outs ---------------------------------------------------------------------------


QUIET_GAMES = {"ugly"}
"""Games that skip building events when ``quiet`` (search's play-outs)."""


@pytest.mark.parametrize(("spec_id", "players"), CASES)
def test_a_quiet_game_plays_exactly_as_a_loud_one(spec_id, players):
    """The same seeds and random choices with and without events: the same state after every
    action (saved whole, RNG included), and the same end. Only the events may differ."""
    spec = SPECS[spec_id]
    silenced = 0
    for seed in plan(players)[0][:3]:
        loud = spec.new_game(players, seed=seed)
        quiet = spec.new_game(players, seed=seed)
        loud.narrate = quiet.narrate = False
        quiet.quiet = True
        rng = random.Random(seed)
        steps = 0
        while not loud.is_over() and steps < 3000:
            seat = rng.choice(loud.to_act())
            action = rng.choice(loud.legal_actions(seat))
            heard = loud.apply(seat, action)
            said = quiet.apply(seat, find_action(quiet.legal_actions(seat), action))
            silenced += len(heard) - len(said)
            steps += 1
            if steps % 7 == 0 or loud.is_over():
                assert quiet.to_dict() == loud.to_dict(), f"seed {seed}: apart after {steps} actions"
        assert quiet.is_over() == loud.is_over()
        assert quiet.scores() == loud.scores() and quiet.winners() == loud.winners()
    if spec_id in QUIET_GAMES:
        assert silenced > 0, "quiet built every event anyway"


# -- games end -------------------------------------------------------------------------------


@pytest.mark.parametrize(("spec_id", "players"), END_CASES)
def test_random_games_end_and_then_refuse_everything(spec_id, players):
    """Random play from three seeds ends within a generous bound (whole games: at most a few
    hundredths of a second each); the end is a state like any other: views and facts checked,
    every action refused."""
    spec = SPECS[spec_id]
    found = Findings(spec_id, players)
    limit = 20_000
    for seed in (1, 2, 3):
        game = spec.new_game(players, seed=seed)
        rng = random.Random(seed)
        steps = 0
        last: Action | None = None
        while not game.is_over():
            assert steps < limit, f"seed {seed}: no end after {limit} random steps (phase {game.phase!r})"
            seat = rng.choice(game.to_act())
            last = rng.choice(game.legal_actions(seat))
            game.apply(seat, last)
            steps += 1
        where = f"seed {seed} after {steps} steps"
        winners = game.winners()
        if not (isinstance(winners, tuple) and winners and all(map(_seats(players), winners))):
            found.add(("winners",), f"{where}: winners() is {winners!r}, not a non-empty tuple of seats")
        if len(game.scores()) != players:
            found.add(("scores",), f"{where}: scores() is {game.scores()!r}")
        if game.to_act() != ():
            found.add(("to_act",), f"{where}: the game is over but to_act() is {game.to_act()!r}")
        before = saved(game)
        for seat in [*range(players), None]:
            view = game.view(seat)
            if not view.over or view.legal != ():
                found.add(("view",), f"{where}: the view of {seat} is not over or still lists actions")
            for p in fact_problems(view.info, players):
                found.add(("facts", p.split(" = ")[0]), f"{where}: view of {seat}: {p}")
            if view.info.get("turn") is not None:
                found.add(
                    ("turn at the end",),
                    f"{where}: view of {seat}: info['turn'] is {view.info['turn']!r} after the end "
                    "(facts.py: None when the game is over)",
                )
            if seat is not None and last is not None:
                refuse(game, seat, last, "an action after the end", found, where, before)
    found.check()
