"""Why Ugh! refuses an action: each check raises :class:`IllegalAction` with one sentence.

Kept apart from the rules that apply actions so each stays one reader's size;
``UghGame.check`` calls :func:`check`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine import Action, IllegalAction, brief
from cardtable.engine.words import Said, say

from .cards import ALL, COLORS, MAX_FLIPS
from .discards import discard_candidates
from .sets import lock_candidates
from .wilds import can_steal

if TYPE_CHECKING:
    from .rules import UghGame

CARDLESS = frozenset({"flip", "end", "cancel", "done"})
"""Kinds of action that concern no card."""


def check(game: UghGame, seat: int, action: Action) -> None:
    """Raise :class:`IllegalAction` with the reason unless ``action`` is allowed for ``seat`` now."""
    if not isinstance(action, Action):
        raise IllegalAction(say("{action} is not an action", action=repr(action)), rule="not_an_action")
    if seat not in game.to_act():
        game.check_seat(seat)
    kind = action.kind
    card = action.card
    if card is not None and not game._is_own_card(card):
        raise IllegalAction(say("{what} is not a card of this game", what=repr(card)), rule="not_a_card")
    if card is not None and kind in CARDLESS:
        raise IllegalAction(say("{kind} concerns no card (got {card})", kind=kind, card=card), rule="shape")
    phase = game.phase
    if game.forming[seat].cards:
        if kind == "lock":
            _check_lock(game, seat, card)
        elif kind != "cancel":
            raise IllegalAction(
                say("finish the set being formed, or cancel it, before you {kind}", kind=kind),
                rule="finish_the_set",
            )
        return
    if kind == "lock":
        if phase == "wild":
            raise IllegalAction(
                say("decide about the Wild first: steal with it, or put it in your Pool or on a Safety pile"),
                rule="wild_first",
            )
        if phase == "discard":
            raise IllegalAction(
                say("an Ugh! card was flipped: no more locking this turn"), rule="no_lock_after_ugh"
            )
        _check_lock(game, seat, card)
        return
    if phase == "turn":
        _check_turn(game, kind, action)
    elif phase == "wild":
        _check_wild(game, seat, kind, action)
    elif phase == "discard":
        if kind != "discard":
            raise IllegalAction(
                say("the Ugh! card must be resolved first: discard, not {kind}", kind=kind), rule="ugh_first"
            )
        if card is None:
            raise IllegalAction(say("say which card of your Pool to discard"), rule="shape")
        if card not in discard_candidates(game.pools[seat].cards, game.ice_colors, game.t.color):
            raise IllegalAction(_discard_refusal(game, card), rule="discard_rule")
    elif kind != "done":  # the last-card window
        raise IllegalAction(
            say("in the last-card window you may only lock sets or be done, not {kind}", kind=kind),
            rule="last_card_window",
        )


def _check_turn(game: UghGame, kind: str, action: Action) -> None:
    if kind == "flip":
        if game.taken:
            raise IllegalAction(
                say("you have your card for this turn: lock sets or end your turn"), rule="one_card_a_turn"
            )
        if not game.deck.cards:
            raise IllegalAction(say("the deck is empty"), rule="deck_empty")
        return
    if kind == "take":
        if game.taken:
            raise IllegalAction(
                say("you have your card for this turn: lock sets or end your turn"), rule="one_card_a_turn"
            )
        card = action.card
        if card is None:
            raise IllegalAction(say("say which top card of a Safety pile to take"), rule="shape")
        piles = [p for p, pile in enumerate(game.safety) if pile.cards and pile.cards[-1] == card]
        if not piles:
            raise IllegalAction(say("{card} is not on top of a Safety pile", card=card), rule="not_on_top")
        return
    if kind == "end":
        if not game.taken:
            raise IllegalAction(
                say("take a card first: from a Safety pile or by flipping"), rule="take_first"
            )
        return
    raise IllegalAction(
        say("you may flip, take, lock or end your turn now, not {kind}", kind=kind), rule="phase"
    )


def _check_wild(game: UghGame, seat: int, kind: str, action: Action) -> None:
    wild = game.flipped.cards[-1]
    card = action.card
    if kind in ("keep", "pool"):
        if card is not None and card != wild:
            raise IllegalAction(
                say("the card to place is the {wild}, not {card}", wild=wild, card=card), rule="shape"
            )
        if kind == "keep" and game.flips >= MAX_FLIPS:
            raise IllegalAction(
                say(
                    "a 4th card cannot go onto a Safety pile: the {wild} steals or goes into your Pool",
                    wild=wild,
                ),
                rule="fourth_card_no_safety",
            )
        return
    if kind != "steal":
        raise IllegalAction(
            say(
                "steal with the {wild}, or put it in your Pool or on a Safety pile, not {kind}",
                wild=wild,
                kind=kind,
            ),
            rule="phase",
        )
    if game.flips >= MAX_FLIPS and not game.fourth_steals:
        raise IllegalAction(
            say("a Wild flipped 4th does not steal at this table: the {wild} goes into your Pool", wild=wild),
            rule="fourth_wild_no_steal",
        )
    if card is not None and card != wild:
        raise IllegalAction(
            say("a steal is made with the {wild}, not {card}", wild=wild, card=card), rule="shape"
        )
    card = action.target
    if card is None:
        raise IllegalAction(say("say which card to steal with the {wild}", wild=wild), rule="shape")
    if not game._is_own_card(card):
        raise IllegalAction(say("{what} is not a card to steal", what=brief(card)), rule="not_a_card")
    owner = game._pool_owner(card)
    if owner is None:
        if any(card in cards for sets in game.sets for cards, _ in sets):
            raise IllegalAction(
                say("{card} is locked: locked cards cannot be stolen", card=card), rule="locked_cards_stay"
            )
        raise IllegalAction(say("{card} is not in any player's Pool", card=card), rule="not_in_a_pool")
    if owner == seat:
        raise IllegalAction(
            say("{card} is already in your Pool: steal from another player", card=card),
            rule="steal_from_another",
        )
    if not can_steal(wild, card, game.t.color):
        raise IllegalAction(_steal_refusal(game, wild, card), rule="steal_rule")


def _check_lock(game: UghGame, seat: int, card: Any) -> None:
    if card is None:
        raise IllegalAction(say("say which card of your Pool to put in the set"), rule="shape")
    pool = game.pools[seat].cards
    if card not in pool:
        if card in game.forming[seat].cards:
            raise IllegalAction(say("{card} is already in the set", card=card), rule="already_in_set")
        raise IllegalAction(say("{card} is not in your Pool", card=card), rule="not_in_pool")
    if card not in lock_candidates(pool, game.forming[seat].cards, game.t.color):
        if game.forming[seat].cards:
            raise IllegalAction(
                say("{card} cannot complete a set with the cards chosen", card=card), rule="not_a_set"
            )
        raise IllegalAction(
            say("{card} is not part of any complete set in your Pool", card=card), rule="not_a_set"
        )


def _discard_refusal(game: UghGame, card: Any) -> Said:
    """Why ``card`` cannot be discarded now: the Ice Age's colors go first, or it is not in the Pool."""
    colors = [COLORS[c] for c in game.ice_colors]
    if len(colors) == 1:
        return say(
            "{card} cannot be discarded now: discard one card of each color first: {color}",
            card=card,
            color=colors[0],
        )
    if len(colors) == 2:
        return say(
            "{card} cannot be discarded now: discard one card of each color first: {color}, {color2}",
            card=card,
            color=colors[0],
            color2=colors[1],
        )
    if colors:
        return say(
            "{card} cannot be discarded now: discard one card of each color first: "
            "{color}, {color2}, {color3}",
            card=card,
            color=colors[0],
            color2=colors[1],
            color3=colors[2],
        )
    return say("{card} cannot be discarded now: only cards in your Pool can be discarded", card=card)


def _steal_refusal(game: UghGame, wild: Any, card: Any) -> Said:
    """Why the Wild ``wild`` cannot steal ``card``: what it may steal (RULES.md section 3)."""
    w = game.t.color[wild]
    if w == ALL:
        return say("the {wild} cannot steal {card}: the All Wild steals any card", wild=wild, card=card)
    return say(
        "the {wild} cannot steal {card}: a {color} Wild steals only {color} cards and the All Wild",
        wild=wild,
        card=card,
        color=COLORS[w],
    )
