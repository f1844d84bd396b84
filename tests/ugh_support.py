"""Helpers for the Ugh! tests: positions built card by card, by face codes."""

from __future__ import annotations

from typing import Any

from cardtable import games
from cardtable.engine import Action, Card, Event
from cardtable.games.ugh.rules import UghGame
from cardtable.games.ugh.sets import set_score

UGH = games.get("ugh")


def base_code(card: Card) -> str:
    """``"G1#3"`` -> ``"G1"``: the face, whichever copy."""
    return card.code.split("#")[0]


class _Picker:
    """Hands out unused copies of a face, so tests can write "G1 G1 O3"."""

    def __init__(self, game: UghGame) -> None:
        self.free: dict[str, list[Card]] = {}
        for c in game.catalog.cards:
            self.free.setdefault(base_code(c), []).append(c)

    def take(self, codes: str) -> list[Card]:
        out = []
        for code in codes.split():
            copies = self.free.get(code)
            if not copies:
                raise KeyError(f"no free copy of {code!r} left")
            out.append(copies.pop(0))
        return out

    def rest(self) -> list[Card]:
        return sorted(c for copies in self.free.values() for c in copies)


def ugh_game(
    players: int = 4,
    *,
    pools: list[str] | None = None,
    safety: list[str] | None = None,
    deck: str = "",
    victory: list[str] | None = None,
    ughs: list[str] | None = None,
    discard: str = "",
    rest: str = "deck",
    turn: int = 0,
    flips: int = 0,
    taken: bool = False,
    options: dict[str, Any] | None = None,
) -> UghGame:
    """An Ugh! game at the start of ``turn``'s turn (or later, with ``flips``/``taken``).

    Zones are given as space-separated face codes (``"G4 O2 WA"``); ``deck``
    lists the top card first. Every other card goes under the deck
    (``rest="deck"``) or onto the discard pile (``rest="discard"``, to make
    the deck short). ``victory`` holds locked sets (three cards at a time,
    scored as they would be), ``ughs`` each seat's face-down first-flip Ugh! cards.
    """
    game = UGH.new_game(players, options or {}, seed=0)
    assert isinstance(game, UghGame)
    pick = _Picker(game)
    pool_cards = [pick.take(p) for p in pools or [""] * players]
    safety_cards = [pick.take(p) for p in safety or ["", "", ""]]
    deck_cards = pick.take(deck)
    victory_cards = [pick.take(v) for v in victory or [""] * players]
    ugh_cards = [pick.take(u) for u in ughs or [""] * players]
    discard_cards = pick.take(discard)
    leftovers = pick.rest()
    if rest == "deck":
        under = leftovers
    else:
        under = []
        discard_cards += leftovers
    t = game.t
    sets = []
    victory_zones = []
    for s in range(players):
        locked = victory_cards[s]
        assert len(locked) % 3 == 0, "victory piles hold whole sets"
        seat_sets = []
        for i in range(0, len(locked), 3):
            trio = locked[i : i + 3]
            seat_sets.append([[c.code for c in trio], set_score(trio, t.kind, t.value)])
        sets.append(seat_sets)
        zone: dict[str, Any] = {"cards": [c.code for c in locked + ugh_cards[s]]}
        if ugh_cards[s]:
            zone["state"] = {
                c.code: {"face_up": False, "orientation": None, "attached": []} for c in ugh_cards[s]
            }
        victory_zones.append(zone)
    d = game.to_dict()
    d["state"] = {
        "phase": "turn",
        "turn": turn,
        "first_player": 0,
        "flips": flips,
        "taken": taken,
        "window": [],
        "discards_left": 0,
        "ice_colors": [],
        "sets": sets,
        "first_ughs": [len(u) for u in ugh_cards],
        "zones": {
            # The deck's top is the end of the list.
            "deck": {"cards": [c.code for c in under] + [c.code for c in reversed(deck_cards)]},
            "safety": [{"cards": [c.code for c in pile]} for pile in safety_cards],
            "flipped": {"cards": []},
            "discard": {"cards": [c.code for c in discard_cards]},
            "pool": [{"cards": [c.code for c in p]} for p in pool_cards],
            "set": [{"cards": []} for _ in range(players)],
            "victory": victory_zones,
        },
    }
    loaded = UGH.from_dict(d)
    assert isinstance(loaded, UghGame)
    return loaded


def faces(cards) -> list[str]:
    """Face codes of cards (or card views), in order."""
    return [base_code(getattr(c, "card", c)) for c in cards]


def pool_faces(game: UghGame, seat: int) -> list[str]:
    return sorted(faces(game.pools[seat].cards))


def find(game: UghGame, seat: int, kind: str, code: str | None = None) -> Action:
    """The legal action of ``kind`` (on a card of face ``code``: for a steal, the card stolen)."""
    for a in game.legal_actions(seat):
        card = a.target if kind == "steal" else a.card
        if a.kind == kind and (code is None or (isinstance(card, Card) and base_code(card) == code)):
            return a
    raise AssertionError(f"no legal {kind} {code or ''} for seat {seat}: {game.legal_actions(seat)}")


def do(game: UghGame, seat: int, kind: str, code: str | None = None) -> list[Event]:
    return game.apply(seat, find(game, seat, kind, code))


def lock(game: UghGame, seat: int, codes: str) -> list[Event]:
    """Lock the set of these faces, card by card."""
    events: list[Event] = []
    for code in codes.split():
        events += do(game, seat, "lock", code)
    return events
