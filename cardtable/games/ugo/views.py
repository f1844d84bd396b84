"""U-G-O's view facts and prompts: what a seat is shown."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine import seat_ref

if TYPE_CHECKING:
    from .rules import UgoGame

SCORE_LABEL = "cards left"
"""What the scores count: the cards left in each deck, a player's life."""


def info_for(game: UgoGame, seat: int | None) -> dict[str, Any]:
    """The facts ``seat`` is shown (``View.info``) beyond the parts ``UgoState`` shows."""
    stats = {}
    for s, table in enumerate(game.tables):
        for card in table.cards:
            if table.visible_to(card, seat):
                stats[card] = game.stats(card, s)
    p = game.pending
    pending = None
    if p is not None:
        target = p["target"]
        if target is not None and target in game.tables[p["victim"]].cards:
            target = game.ref(p["victim"], target, seat)
        pending = {
            "kind": p["kind"],
            "user": p["user"],
            "victim": p["victim"],
            "card": p["card"],
            "target": target,
        }
    return {
        "turn": None if game.phase == "over" else game.turn,
        "targets": tuple(game.target_of(s) if game.alive[s] else None for s in range(game.players)),
        "attacks_allowed": game.attacks_allowed(),
        "pending": pending,
        "out": tuple(s for s in range(game.players) if not game.alive[s]),
        "score_label": SCORE_LABEL,
        "stats": stats,
        # Deck sizes are public (the game is won by emptying decks); whom the viewer attacks,
        # and who attacks them, for the name plates.
        "deck_sizes": tuple(len(d.cards) for d in game.decks),
        # Queens leave the game into one shared pile: whose they were, by each name.
        "queens_out": tuple(sum(1 for c in game.removed.cards if c.back == s) for s in range(game.players)),
        "your_target": game.target_of(seat) if seat is not None and game.alive[seat] else None,
        "your_attacker": next(
            (s for s in range(game.players) if game.alive[s] and s != seat and game.target_of(s) == seat),
            None,
        ),
    }


def prompt_for(game: UgoGame, seat: int | None) -> str:
    """What ``seat`` is asked to do, or whom it waits for."""
    if game.phase == "over":
        return "Game over"
    if game.phase in ("react", "choose"):
        p = game.pending
        assert p is not None
        if seat != p["responder"]:
            return f"Waiting for {seat_ref(p['responder'])} to answer"
        if game.phase == "choose":
            return f"Choose the card of {seat_ref(p['victim'])} the Ace destroys"
        you = seat_ref(seat)
        if p["kind"] == "attack":
            attack, _ = game.stats(p["card"], p["user"])
            target = p["target"]
            victim = seat_ref(p["victim"])
            aim = victim if target is None else f"{victim}'s {game.describe(p['victim'], target, seat)}"
            what, answers = f"attacks {aim} with {p['card'].name} (attack {attack})", ["a 10"]
        else:
            what = f"plays {p['card'].name} on {you}"
            answers = ["a 10"] if game.options["ten_stops_specials"] else []
            answers += ["a 9"] if game.options["nine_counters"] else []
        return f"{seat_ref(p['user'])} {what}: answer with {' or '.join(answers)}, or let it happen"
    if seat != game.turn:
        return f"Waiting for {seat_ref(game.turn)}"
    victim = game.target_of(seat)
    if victim is None or not game.attacks_allowed():
        return "Play your cards (no attacks until the last player of the first round), then end your turn"
    return f"Play cards and attack {seat_ref(victim)}, then end your turn"
