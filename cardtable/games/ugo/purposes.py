"""What each U-G-O card is for, in one clause: said when a card is tried as something it is not
("10♥ is not a King: a 10 is played only in answer to an attack...")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardtable.engine import Card
from cardtable.engine.words import N_, Said, Seat, say

from .cards import is_ad, is_equip, needs_tribute
from .moves import equip_tables

if TYPE_CHECKING:
    from .rules import UgoGame

_SPECIFIC_ACES = {
    "S": N_(
        "with specific Aces, {card} destroys all of {seat_target}'s cards in attack position, "
        "played on {seat_target}'s table"
    ),
    "H": N_(
        "with specific Aces, {card} destroys all of {seat_target}'s cards in defense position, "
        "played on {seat_target}'s table"
    ),
    "C": N_(
        "with specific Aces, {card} destroys all of {seat_target}'s Attack/Defense cards, "
        "played on {seat_target}'s table"
    ),
    "D": N_(
        "with specific Aces, {card} destroys all the equips on {seat_target}'s cards, "
        "played on {seat_target}'s table"
    ),
}
_SPECIFIC_ACES_NO_TARGET = {
    "S": N_(
        "with specific Aces, {card} destroys all of {seat}'s target's cards in attack position, "
        "played on {seat}'s target's table"
    ),
    "H": N_(
        "with specific Aces, {card} destroys all of {seat}'s target's cards in defense position, "
        "played on {seat}'s target's table"
    ),
    "C": N_(
        "with specific Aces, {card} destroys all of {seat}'s target's Attack/Defense cards, "
        "played on {seat}'s target's table"
    ),
    "D": N_(
        "with specific Aces, {card} destroys all the equips on {seat}'s target's cards, "
        "played on {seat}'s target's table"
    ),
}


def purpose(game: UgoGame, seat: int, card: Card) -> Said:
    """What ``card`` is for, and where or when ``seat`` plays it (RULES.md section 2, "Card roles").

    Told when the card is tried as something it is not ("10♥ is not a King"): the reason
    then says what a 10 is for instead of only what it is not. A whole clause, given to
    those sentences as their ``{purpose}``.
    """
    you = Seat(seat)
    victim = game.target_of(seat) if game.alive[seat] else None
    them = Seat(victim) if victim is not None else None
    rank, options = card.rank or 0, game.options
    if is_ad(card):
        if needs_tribute(card):
            return say(
                "it is an Attack/Defense card, played on {seat}'s own table, "
                "with one of {seat}'s own as tribute",
                seat=you,
            )
        return say("it is an Attack/Defense card, played on {seat}'s own table", seat=you)
    if is_equip(card):
        if len(equip_tables(game, seat)) == 1:
            return say(
                "it is an Equip card, played on one of {seat}'s own face-up Attack/Defense cards", seat=you
            )
        return say("it is an Equip card, played on one of the face-up Attack/Defense cards")
    if rank == 10:
        if options["ten_stops_specials"]:
            return say(
                "a 10 is played only in answer to an attack, an Ace, a King or a Jack used on {seat}, "
                "to stop it",
                seat=you,
            )
        return say("a 10 is played only in answer to an attack on {seat}, to stop it", seat=you)
    if rank == 9:
        if options["nine_counters"]:
            return say(
                "a 9 reverses the direction of play, played on {seat}'s own discard pile; "
                "it also turns an Ace, a King or a Jack used on {seat} back on its user",
                seat=you,
            )
        return say("a 9 reverses the direction of play, played on {seat}'s own discard pile", seat=you)
    if rank == 8:
        return say(
            "an 8 makes every player discard their hand and draw as many cards, "
            "played on {seat}'s own discard pile",
            seat=you,
        )
    if rank == 12:
        return say("a Queen draws a card from {seat}'s own discard pile, played on that pile", seat=you)
    return _targeting(card, options, you, them)


def _targeting(card: Card, options: Mapping[str, Any], you: Seat, them: Seat | None) -> Said:
    """What a King, a Jack or an Ace (each played on the target) is for."""
    rank = card.rank or 0
    if rank == 13:
        if them is None:
            return say(
                "a King sends the top card of {seat}'s target's deck to the discard pile, "
                "played on that deck",
                seat=you,
            )
        return say(
            "a King sends the top card of {seat_target}'s deck to the discard pile, played on that deck",
            seat_target=them,
        )
    if rank == 11:
        if them is None:
            return say(
                "a Jack takes the top card of {seat}'s target's deck into {seat}'s hand, played on that deck",
                seat=you,
            )
        return say(
            "a Jack takes the top card of {seat_target}'s deck into {seat}'s hand, played on that deck",
            seat_target=them,
            seat=you,
        )
    if options["specific_aces"] and card.suit in _SPECIFIC_ACES:
        if them is None:
            return say(_SPECIFIC_ACES_NO_TARGET[card.suit], card=card, seat=you)
        return say(_SPECIFIC_ACES[card.suit], card=card, seat_target=them)
    if them is None:
        return say(
            "an Ace destroys an Attack/Defense card of {seat}'s target's, played on that card", seat=you
        )
    return say(
        "an Ace destroys an Attack/Defense card of {seat_target}'s, played on that card", seat_target=them
    )
