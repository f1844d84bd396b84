"""U-G-O's view facts and prompts: what a seat is shown.

Prompts are whole sentences (``say``); a view is made at every step of a
search that plays the bot, so the prompts of a turn are made once per seat and kept.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cardtable.engine.words import N_, Said, Seat, say

if TYPE_CHECKING:
    from .rules import UgoGame

SCORE_LABEL = N_("cards left")
"""What the scores count: the cards left in each deck, a player's life."""
GAME_OVER = N_("Game over")
NO_ATTACKS_YET = N_(
    "Play your cards (no attacks until the last player of the first round), then end your turn"
)


@lru_cache(maxsize=64)
def _waiting_for(seat: int) -> Said:
    return say("Waiting for {seat}", seat=Seat(seat))


@lru_cache(maxsize=64)
def _waiting_for_answer(seat: int) -> Said:
    return say("Waiting for {seat} to answer", seat=Seat(seat))


@lru_cache(maxsize=64)
def _attack_and_end(victim: int) -> Said:
    return say("Play cards and attack {seat}, then end your turn", seat=Seat(victim))


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
        return GAME_OVER
    if game.phase in ("react", "choose"):
        p = game.pending
        assert p is not None
        if seat != p["responder"]:
            return _waiting_for_answer(p["responder"])
        if game.phase == "choose":
            return say("Choose the card of {seat} the Ace destroys", seat=Seat(p["victim"]))
        return _answer_prompt(game, p["responder"])  # the one asked is the one looking
    if seat != game.turn:
        return _waiting_for(game.turn)
    victim = game.target_of(seat)
    if victim is None or not game.attacks_allowed():
        return NO_ATTACKS_YET
    return _attack_and_end(victim)


def _answer_prompt(game: UgoGame, seat: int) -> Said:
    """What the player attacked, or targeted by a Special card, is asked: with what to answer."""
    p = game.pending
    assert p is not None
    user, card = Seat(p["user"]), p["card"]
    if p["kind"] == "attack":
        attack, _defense = game.stats(card, p["user"])
        target = p["target"]
        victim = Seat(p["victim"])
        if target is None:
            return say(
                "{seat_user} attacks {seat} with {card} (attack {attack}): "
                "answer with a 10, or let it happen",
                seat_user=user,
                seat=victim,
                card=card,
                attack=attack,
            )
        seen = game.seen(p["victim"], target, seat)
        if seen is None:
            return say(
                "{seat_user} attacks {seat}'s face-down card with {card} (attack {attack}): "
                "answer with a 10, or let it happen",
                seat_user=user,
                seat=victim,
                card=card,
                attack=attack,
            )
        return say(
            "{seat_user} attacks {seat}'s {target} with {card} (attack {attack}): "
            "answer with a 10, or let it happen",
            seat_user=user,
            seat=victim,
            target=seen,
            card=card,
            attack=attack,
        )
    you = Seat(seat)
    ten, nine = game.options["ten_stops_specials"], game.options["nine_counters"]
    if nine and not ten:
        return say(
            "{seat_user} plays {card} on {seat}: answer with a 9, or let it happen",
            seat_user=user,
            card=card,
            seat=you,
        )
    if nine:
        return say(
            "{seat_user} plays {card} on {seat}: answer with a 10 or a 9, or let it happen",
            seat_user=user,
            card=card,
            seat=you,
        )
    return say(
        "{seat_user} plays {card} on {seat}: answer with a 10, or let it happen",
        seat_user=user,
        card=card,
        seat=you,
    )
