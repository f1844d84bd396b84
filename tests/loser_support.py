"""Helpers for the Ultimate Loser tests: set up a trick from given hands, play by codes."""

from __future__ import annotations

from typing import Any

from cardtable import games
from cardtable.engine import Action, Game, ZoneRef
from support import c, cards

LOSER = games.get("ultimate-loser")


def loser_game(
    hands: list[str],
    exposed: str = "2C",
    leader: int = 0,
    options: dict[str, Any] | None = None,
    totals: list[int] | None = None,
    hand_no: int = 1,
    discard: str = "",
) -> Game:
    """An Ultimate Loser game at the start of a trick led by ``leader``.

    ``hands`` are space-separated card codes per seat ("" for a seat that is
    out). Every card in no hand, not exposed and not in ``discard`` lies face
    down among the spares, so every card is somewhere.
    """
    players = len(hands)
    game = LOSER.new_game(players, options or {}, seed=0)
    catalog = game.catalog
    d = game.to_dict()
    st = d["state"]
    in_hands = [cards(h) if h else [] for h in hands]
    shown = [c(exposed)]
    gone = cards(discard) if discard else []
    placed = {x for h in in_hands for x in h} | set(shown) | set(gone)
    assert len(placed) == sum(map(len, in_hands)) + 1 + len(gone), "a card is placed twice"
    spares = [x for x in catalog if x not in placed]
    st["zones"] = {
        "spares": {"cards": [x.code for x in spares]},
        "exposed": {"cards": [x.code for x in shown]},
        "hand": [{"cards": [x.code for x in sorted(h)]} for h in in_hands],
        "play": [{"cards": []} for _ in range(players)],
        "discard": {"cards": [x.code for x in gone]},
    }
    order = [leader] + [s for s in ((leader + k) % players for k in range(1, players)) if in_hands[s]]
    st.update(
        phase="play",
        hand=hand_no,
        dealer=(leader - 1) % players,
        leader=leader,
        turn=leader,
        order=order,
        pos=0,
        trick=[],
        lead_type=None,
        totals=totals or [0] * players,
        hand_penalties=[0] * players,
        last_trick=None,
        rps=None,
    )
    return LOSER.from_dict(d)


def move_of(game: Game, seat: int, move: str) -> Action:
    """The legal action ``move`` spells for ``seat`` (see :func:`play`), or, when there is none,
    an action of the same shape built by hand, for the engine to refuse."""
    if move == "pass":
        kind, picked = "pass", []
    elif move.startswith("x:"):
        kind, picked = "exchange", [c(move[2:])]
    else:
        kind, picked = "play", cards(move)
    for a in game.legal_actions(seat):
        if a.kind == kind and sorted(a.moved) == sorted(picked):
            return a
    if kind == "pass":
        return Action("pass")
    if kind == "exchange":
        return Action("exchange", picked[0], target=ZoneRef("exposed"))
    return Action("play", max(picked), target=ZoneRef("play", seat), cards=tuple(sorted(picked)))


def play(game: Game, *moves: str) -> list:
    """Act in turn order: ``"7S 7H"`` plays those cards, ``"pass"`` passes, ``"x:3S"`` exchanges 3♠."""
    events: list = []
    for move in moves:
        seat = game.to_act()[0]
        events += game.apply(seat, move_of(game, seat, move))
    return events


def scores_of(events: list) -> dict[int, list[tuple[float, str]]]:
    """The ScoreChanged events by seat: (delta, reason)."""
    from cardtable.engine import ScoreChanged

    out: dict[int, list[tuple[float, str]]] = {}
    for e in events:
        if isinstance(e, ScoreChanged):
            out.setdefault(e.seat, []).append((e.delta, e.reason))
    return out


def announced(events: list, what: str) -> list:
    from cardtable.engine import Announced

    return [e for e in events if isinstance(e, Announced) and e.what == what]
