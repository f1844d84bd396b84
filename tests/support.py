"""Helpers shared by the tests: cards by code, random play, Ugly set-ups."""

from __future__ import annotations

import random
from typing import Any

from cardtable import games
from cardtable.engine import STANDARD, Action, Card, Game, ZoneRef

UGLY = games.get("ugly")


def c(code: str) -> Card:
    return STANDARD.by_code(code)


def cards(codes: str) -> list[Card]:
    return [c(x) for x in codes.split()]


def random_step(game: Game, rng: random.Random) -> tuple[int, Any, list]:
    seat = rng.choice(game.to_act())
    action = rng.choice(game.legal_actions(seat))
    return seat, action, game.apply(seat, action)


def play_out(game: Game, rng: random.Random, limit: int = 5000) -> int:
    """Random legal play to the end; returns the number of actions."""
    steps = 0
    while not game.is_over():
        random_step(game, rng)
        steps += 1
        assert steps < limit, "game did not end"
    return steps


def ugly_in_play(
    hands: list[str],
    trump: str | None = "S",
    leader: int = 0,
    dealer: int | None = None,
    won: list[str] | None = None,
    tricks_won: list[int] | None = None,
    options: dict[str, Any] | None = None,
    round_: int = 1,
) -> Game:
    """An Ugly game in the play phase with the given hands (space-separated codes).

    Cards in no hand and no given won pile wait in the (face-down) deck, so
    every card stays somewhere and none of them scores.
    """
    players = len(hands)
    game = UGLY.new_game(players, options or {}, seed=0)
    d = game.to_dict()
    st = d["state"]
    in_hands = [cards(h) for h in hands]
    placed = {x for h in in_hands for x in h}
    won_lists = [cards(w) for w in won] if won else [[] for _ in range(players)]
    placed |= {x for w in won_lists for x in w}
    leftovers = [x for x in STANDARD if x not in placed and not (players == 3 and x.code == "2S")]
    st["zones"]["hand"] = [{"cards": [x.code for x in sorted(h)]} for h in in_hands]
    st["zones"]["pass"] = [{"cards": []} for _ in range(players)]
    st["zones"]["trick"] = [{"cards": []} for _ in range(players)]
    st["zones"]["won"] = [{"cards": [x.code for x in w]} for w in won_lists]
    st["zones"]["deck"] = {"cards": [x.code for x in leftovers]}
    st.update(
        phase="play",
        trump=trump,
        turn=leader,
        leader=leader,
        lead_suit=None,
        trick_order=[],
        round=round_,
        dealer=(leader - 1) % players if dealer is None else dealer,
        tricks_won=tricks_won or [0] * players,
        voids=[0] * players,
    )
    return UGLY.from_dict(d)


def play(game: Game, *codes: str) -> list:
    """Play the given cards in turn order; returns all events."""
    events = []
    for code in codes:
        seat = game.to_act()[0]
        events += game.apply(seat, Action("play", c(code), target=ZoneRef("trick", seat)))
    return events


# -- U-G-O ---------------------------------------------------------------------

UGO = games.get("ugo")


def ugo_game(
    players: int = 2,
    hands: list[str] | None = None,
    tables: list[list[tuple]] | None = None,
    decks: list[int] | None = None,
    turn: int = 0,
    options: dict[str, Any] | None = None,
    first_round_done: bool = True,
    discards: list[str] | None = None,
) -> Game:
    """A U-G-O game at the start of ``turn``'s turn (after the draw).

    ``hands``: space-separated codes per seat ("6S@1"); ``tables``: per seat a
    list of (code, orientation, face_up, "equip codes"); ``decks``: how many
    cards each deck holds (taken from the cards not placed, in catalog order);
    the cards left over wait in the removed pile, out of play.
    """
    game = UGO.new_game(players, options or {}, seed=0)
    cat = game.catalog
    d = game.to_dict()
    st = d["state"]
    hands = hands or [""] * players
    tables = tables or [[] for _ in range(players)]
    decks = decks if decks is not None else [20] * players
    discards = discards or [""] * players
    placed: set[str] = set()
    hand_zones = []
    for h in hands:
        codes = h.split()
        placed.update(codes)
        hand_zones.append({"cards": sorted(codes, key=cat.by_code)})
    table_zones = []
    for t in tables:
        zone: dict[str, Any] = {"cards": [], "state": {}}
        for code, orientation, face_up, equips in t:
            zone["cards"].append(code)
            zone["state"][code] = {"face_up": face_up, "orientation": orientation, "attached": equips.split()}
            placed.add(code)
            placed.update(equips.split())
        table_zones.append(zone)
    discard_zones = []
    for pile in discards:
        placed.update(pile.split())
        discard_zones.append({"cards": pile.split()})
    rest = [x.code for x in cat if x.code not in placed]
    deck_zones = []
    for count in decks:
        deck_zones.append({"cards": rest[:count]})
        rest = rest[count:]
    st["zones"] = {
        "deck": deck_zones,
        "hand": hand_zones,
        "table": table_zones,
        "discard": discard_zones,
        "removed": {"cards": rest},
    }
    st.update(
        phase="turn",
        turn=turn,
        turn_count=players + 1 if first_round_done else 1,
        direction=1,
        alive=[True] * players,
        out_order=[],
        had_turn=list(range(players)) if first_round_done else [turn],
        ad_played=False,
        positions="unused",
        turned=[],
        attacked=[],
        revealed=[],
        final_winners=[],
        pending=None,
    )
    return UGO.from_dict(d)


def u(game: Game, code: str) -> Card:
    return game.catalog.by_code(code)


def act(game: Game, kind: str, card: str | None = None, target: Any = None, value: Any = None) -> list:
    """Apply the one legal action matching kind, card code, target code (or Slot) and value."""
    seat = game.to_act()[0]
    want_card = u(game, card) if card else None
    want_target = u(game, target) if isinstance(target, str) else target
    matches = [
        a
        for a in game.legal_actions(seat)
        if a.kind == kind
        and (card is None or a.card == want_card)
        and (target is None or a.target == want_target)
        and (value is None or a.value == value)
    ]
    assert len(matches) == 1, f"{len(matches)} legal actions match {kind} {card} {target} {value}"
    return game.apply(seat, matches[0])
