"""Why Ultimate Loser refuses an action: one sentence naming the rule (``check`` decides nothing
the legal list does not; it explains)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine import Action, Card, IllegalAction
from cardtable.engine.words import N_, Said, Seat, say

from .combos import type_name

if TYPE_CHECKING:
    from .rules import UltimateLoserGame

ROCK, PAPER, SCISSORS = N_("rock"), N_("paper"), N_("scissors")
SHAPES = (ROCK, PAPER, SCISSORS)
"""Rock-paper-scissors, which decides a lead nobody can take: its shapes (values, and words)."""


def check_action(game: UltimateLoserGame, seat: int, action: Action) -> None:
    """Why ``action`` is refused (an IllegalAction naming the rule); nothing where it may be made."""
    if not isinstance(action, Action):
        raise IllegalAction(say("{action} is not an action", action=repr(action)), rule="not_an_action")
    phase = game.phase
    if phase == "play" and seat == game.turn:
        kind = action.kind
        if kind == "play":
            _check_play(game, seat, action)
            return
        if kind in ("pass", "exchange"):
            if game.lead_type is None:
                raise IllegalAction(
                    say("{seat} leads this trick and must play a combination", seat=Seat(seat)),
                    rule="leader_plays",
                )
            if kind == "exchange":
                card = action.card
                if card is None:
                    raise IllegalAction(
                        say("an exchange names the card to put down in place of the exposed card"),
                        rule="shape",
                    )
                if not isinstance(card, Card) or card not in game.hands[seat].cards:
                    raise IllegalAction(_not_in_hand(card, seat), rule="not_in_hand")
                if not game.exposed.cards:
                    raise IllegalAction(
                        say("there is no exposed card to exchange with"), rule="no_exposed_card"
                    )
            return
        raise IllegalAction(
            say("it is time to play a combination, pass or exchange, not to {kind}", kind=kind),
            rule="phase",
        )
    game.check_seat(seat)
    if phase == "rps":
        if action.kind != "rps":
            raise IllegalAction(
                say("rock-paper-scissors decides the lead: choose a shape, not {kind}", kind=action.kind),
                rule="phase",
            )
        if not isinstance(action.value, str) or action.value not in SHAPES:
            raise IllegalAction(
                say("{value} is not rock, paper or scissors", value=repr(action.value)), rule="shape"
            )


def _check_play(game: UltimateLoserGame, seat: int, action: Action) -> None:
    cards = game.play_cards(action)
    if not cards:
        raise IllegalAction(say("a play needs its cards"), rule="shape")
    hand = game.hands[seat].cards
    for card in cards:
        if not isinstance(card, Card) or card not in hand:
            raise IllegalAction(_not_in_hand(card, seat), rule="not_in_hand")
    if action.card is not None and action.card not in cards:
        card = action.card
        if isinstance(card, Card):
            raise IllegalAction(say("{card} is not one of the cards played", card=card), rule="shape")
        raise IllegalAction(say("{what} is not one of the cards played", what=repr(card)), rule="shape")
    try:
        ptype = game.tables.play_info(cards).type
    except ValueError as exc:
        raise IllegalAction(exc.args[0], rule="not_a_combination") from None
    lead = game.lead_type
    if lead is not None and ptype != lead:
        raise IllegalAction(
            say(
                "this trick was led with {combination}: play {combination} too (not {played}), or pass",
                combination=type_name(lead),
                played=type_name(ptype),
            ),
            rule="follow_combination",
        )


def _not_in_hand(card: Any, seat: int) -> Said:
    if isinstance(card, Card):
        return say("{card} is not in {seat}'s hand", card=card, seat=Seat(seat))
    return say("{what} is not in {seat}'s hand", what=repr(card), seat=Seat(seat))
