"""Ugly's view facts and prompts: what a seat is shown."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine import SUIT_NAMES, SUITS, Card, seat_ref, seat_refs

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
            ", ".join(scoring_cards(game.won[s].cards, game.jack_values, game.ugly, game.charm))
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
        "score_label": "points",
        "hand_size": game.hand_size,
        "jack_values": dict(game.jack_values),
        "ugly_card": game.ugly,
        "charm_card": game.charm,
    }


def prompt_for(game: UglyGame, seat: int | None) -> str:
    """What ``seat`` is asked to do, or whom it waits for."""
    phase = game.phase
    if phase == "over":
        return "Game over"
    if phase == "trump":
        if seat == game.turn:
            if game.options["allow_no_trump"]:
                return "Name a trump suit or No Trump"
            return "Name a trump suit"
        return f"Waiting for {seat_ref(game.turn)} to name trump"
    if phase == "pass":
        if seat is not None and seat in game.to_act():
            left = game.pass_count - len(game.passing[seat].cards)
            more = " more" if game.passing[seat].cards else ""
            noun = "card" if left == 1 else "cards"
            return f"Choose {left}{more} {noun} to pass to {seat_ref(game.pass_target(seat))}"
        return f"Waiting for {seat_refs(game.to_act())} to pass"
    if seat != game.turn:
        return f"Waiting for {seat_ref(game.turn)}"
    lead = game.lead_suit
    if lead is None:
        return "Lead any card"
    hand = game.hands[seat].cards
    if any(c.suit == lead for c in hand):
        return f"Follow {SUIT_NAMES[lead]}"
    return f"No {SUIT_NAMES[lead]}: play any card"
