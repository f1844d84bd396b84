"""The facts a table shows from ``View.info``: shared keys with documented shapes.

Each game puts its public facts in ``View.info`` under names of its own
(Ugly's ``trump``, U-G-O's ``direction``), but the facts several games share
have one name and one shape everywhere, so a table, a summary or a log can
show them without knowing the game. A game need not provide every key; a key
it provides has the shape below. :func:`problems` checks a view's info
against them (the tests run it over random games of every game).

``turn``
    The seat whose turn it is in the order of play, or None (between turns,
    during choices made at once, when the game is over).
``dealer``
    The seat dealing this round, or None where nobody deals.
``round``, ``rounds``
    The scoring round in play, from 1 (Ugly's rounds, Ultimate Loser's
    hands), and how many the game has.
``round_scores``
    One tuple per finished round: what each seat scored in it (Ultimate
    Loser: the penalties it took).
``last_trick``
    None, or the last finished trick as a mapping with ``winner`` (the seat
    that won it) and ``plays``: ``(seat, cards)`` pairs in the order played,
    ``cards`` a tuple of the cards that seat put down (empty for a pass).
    A game may add keys of its own (Ultimate Loser's ``losers``).
``trick``
    The trick in progress: ``(seat, cards)`` pairs as in ``last_trick``.
``score_label``
    What the scores count, in the plural ("points", "penalty points",
    "drinks"): a table writes "3 penalty points".
``out``
    Seats out of play for now (out of cards in this hand, eliminated).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .cards import Card

SHARED_KEYS = (
    "turn",
    "dealer",
    "round",
    "rounds",
    "round_scores",
    "last_trick",
    "trick",
    "score_label",
    "out",
)


def _seat(players: int) -> Callable[[Any], bool]:
    return lambda v: type(v) is int and 0 <= v < players


def _plays(players: int) -> Callable[[Any], bool]:
    seat = _seat(players)

    def ok(v: Any) -> bool:
        return isinstance(v, tuple) and all(
            isinstance(p, tuple)
            and len(p) == 2
            and seat(p[0])
            and isinstance(p[1], tuple)
            and all(isinstance(c, Card) for c in p[1])
            for p in v
        )

    return ok


def problems(info: Mapping[str, Any], players: int) -> list[str]:
    """What in ``info`` does not have its documented shape (empty: all is well)."""
    seat = _seat(players)
    plays = _plays(players)
    out: list[str] = []

    def need(key: str, ok: bool, shape: str) -> None:
        if key in info and not ok:
            out.append(f"info[{key!r}] = {info[key]!r} is not {shape}")

    need("turn", info.get("turn") is None or seat(info.get("turn")), "a seat or None")
    need("dealer", info.get("dealer") is None or seat(info.get("dealer")), "a seat or None")
    need("round", type(info.get("round")) is int and info.get("round", 0) >= 0, "a round number")
    need("rounds", type(info.get("rounds")) is int and info.get("rounds", 0) >= 1, "a count of rounds")
    rs = info.get("round_scores")
    need(
        "round_scores",
        isinstance(rs, tuple)
        and all(
            isinstance(r, tuple) and len(r) == players and all(isinstance(x, int | float) for x in r)
            for r in rs
        ),
        "a tuple of per-seat score tuples",
    )
    lt = info.get("last_trick")
    need(
        "last_trick",
        lt is None or (isinstance(lt, Mapping) and seat(lt.get("winner")) and plays(lt.get("plays"))),
        "None or {winner: seat, plays: ((seat, cards), ...)}",
    )
    need("trick", plays(info.get("trick")), "((seat, cards), ...)")
    need("score_label", isinstance(info.get("score_label"), str), "text")
    out_seats = info.get("out")
    need("out", isinstance(out_seats, tuple) and all(seat(s) for s in out_seats), "a tuple of seats")
    return out
