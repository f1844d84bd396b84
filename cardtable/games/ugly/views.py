"""Ugly's view facts and prompts: what a seat is shown."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from cardtable.engine import N_, SUIT_NAMES, SUITS, Card, Seat, Seats, say, say_n
from cardtable.engine.options import comma_list

from .scoring import round_score, scoring_cards

if TYPE_CHECKING:
    from .rules import UglyGame


def info_for(game: UglyGame, seat: int | None) -> dict[str, Any]:
    """The facts ``seat`` is shown (``View.info``) beyond the parts ``UglyState`` shows."""
    n = game.players
    received: tuple[tuple[Card, int], ...] = ()
    if seat is not None:
        # Cards this seat was passed, and by whom: the passer knows where they are.
        received = tuple(sorted((c, m.bit_length() - 1) for c, m in game.hands[seat].known.items()))
    return {
        "received": received,
        "rounds": game.n_rounds,
        "caller": (game.dealer + 1) % n,
        "pass_to": tuple(game.pass_target(s) for s in range(n)),
        "turn": None if game.is_over() else game.turn,
        # What each has taken this round that scores, and the round's score as it stands: every
        # trick was played face up, so both are public.
        "taken": tuple(
            comma_list(scoring_cards(game.won[s].cards, game.jack_values, game.ugly, game.charm))
            for s in range(n)
        ),
        "round_now": tuple(
            round_score(game.tricks_won[s], game.won[s].cards, game.jack_values, game.ugly, game.charm)
            for s in range(n)
        ),
        "voids": tuple("".join(SUITS[i] for i in range(4) if v >> i & 1) for v in game.voids),
        "last_trick": None
        if game.last_trick is None
        else {
            "winner": game.last_trick[0],
            "plays": tuple((s, (c,)) for s, c in zip(game.last_trick[1], game.last_trick[2], strict=True)),
        },
        "trick": tuple((s, (game.played[s].cards[0],)) for s in game.trick_order if game.played[s].cards),
        # Translators: what Ugly's scores count, as in "3 points".
        "score_label": N_("points"),
        "hand_size": game.hand_size,
        "jack_values": dict(game.jack_values),
        "ugly_card": game.ugly,
        "charm_card": game.charm,
    }


def prompt_for(game: UglyGame, seat: int | None) -> str:
    """What ``seat`` is asked to do, or whom it waits for."""
    phase = game.phase
    if phase == "over":
        return N_("Game over")
    if phase == "trump":
        if seat == game.turn:
            if game.options["allow_no_trump"]:
                return N_("Name a trump suit or No Trump")
            return N_("Name a trump suit")
        return _waiting_for_trump(game.turn)
    if phase == "pass":
        if seat is not None and seat in game.to_act():
            left = game.pass_count - len(game.passing[seat].cards)
            return _choose(left, bool(game.passing[seat].cards), game.pass_target(seat))
        return _waiting_to_pass(game.to_act())
    if seat != game.turn:
        return _waiting_for(game.turn)
    lead = game.lead_suit
    if lead is None:
        return N_("Lead any card")
    hand = game.hands[seat].cards
    return _follow(lead, any(c.suit == lead for c in hand))


# Each prompt is said once and kept: a view is made at every step of a game.


@cache
def _waiting_for_trump(turn: int) -> str:
    return say("Waiting for {seat} to name trump", seat=Seat(turn))


@cache
def _choose(left: int, more: bool, to: int) -> str:
    if more:
        return say_n(
            "Choose {n} more card to pass to {seat}",
            "Choose {n} more cards to pass to {seat}",
            left,
            seat=Seat(to),
        )
    return say_n(
        "Choose {n} card to pass to {seat}", "Choose {n} cards to pass to {seat}", left, seat=Seat(to)
    )


@cache
def _waiting_to_pass(seats: tuple[int, ...]) -> str:
    return say("Waiting for {players} to pass", players=Seats(seats))


@cache
def _waiting_for(turn: int) -> str:
    return say("Waiting for {seat}", seat=Seat(turn))


@cache
def _follow(lead: str, holding: bool) -> str:
    if holding:
        return say("Follow {suit}", suit=SUIT_NAMES[lead])
    # Translators: the player has no card of the suit led.
    return say("No {suit}: play any card", suit=SUIT_NAMES[lead])
