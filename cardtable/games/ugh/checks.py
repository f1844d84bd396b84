"""Why Ugh! refuses an action: each check raises :class:`IllegalAction` with one sentence.

Kept apart from the rules that apply actions so each stays one reader's size;
``UghGame.check`` calls :func:`check`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine import Action, IllegalAction, brief

from .cards import COLORS, MAX_FLIPS
from .discards import discard_candidates
from .sets import lock_candidates
from .wilds import can_steal, steal_rule

if TYPE_CHECKING:
    from .rules import UghGame

CARDLESS = frozenset({"flip", "end", "cancel", "done"})
"""Kinds of action that concern no card."""


def check(game: UghGame, seat: int, action: Action) -> None:
    """Raise :class:`IllegalAction` with the reason unless ``action`` is allowed for ``seat`` now."""
    if not isinstance(action, Action):
        raise IllegalAction(f"{action!r} is not an action", rule="not_an_action")
    if seat not in game.to_act():
        game.check_seat(seat)
    kind = action.kind
    card = action.card
    if card is not None and not game._is_own_card(card):
        raise IllegalAction(f"{card!r} is not a card of this game", rule="not_a_card")
    if card is not None and kind in CARDLESS:
        raise IllegalAction(f"{kind} concerns no card (got {card.name})", rule="shape")
    phase = game.phase
    if game.forming[seat].cards:
        if kind == "lock":
            _check_lock(game, seat, card)
        elif kind != "cancel":
            raise IllegalAction(
                f"finish the set being formed, or cancel it, before you {kind}", rule="finish_the_set"
            )
        return
    if kind == "lock":
        if phase == "wild":
            raise IllegalAction(
                "decide about the Wild first: steal with it, or put it in your Pool or on a Safety pile",
                rule="wild_first",
            )
        if phase == "discard":
            raise IllegalAction(
                "an Ugh! card was flipped: no more locking this turn", rule="no_lock_after_ugh"
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
                f"the Ugh! card must be resolved first: discard, not {kind}", rule="ugh_first"
            )
        if card is None:
            raise IllegalAction("say which card of your Pool to discard", rule="shape")
        if card not in discard_candidates(game.pools[seat].cards, game.ice_colors, game.t.color):
            raise IllegalAction(
                f"{card.name} cannot be discarded now: {_discard_hint(game)}", rule="discard_rule"
            )
    elif kind != "done":  # the last-card window
        raise IllegalAction(
            f"in the last-card window you may only lock sets or be done, not {kind}", rule="last_card_window"
        )


def _check_turn(game: UghGame, kind: str, action: Action) -> None:
    if kind == "flip":
        if game.taken:
            raise IllegalAction(
                "you have your card for this turn: lock sets or end your turn", rule="one_card_a_turn"
            )
        if not game.deck.cards:
            raise IllegalAction("the deck is empty", rule="deck_empty")
        return
    if kind == "take":
        if game.taken:
            raise IllegalAction(
                "you have your card for this turn: lock sets or end your turn", rule="one_card_a_turn"
            )
        card = action.card
        if card is None:
            raise IllegalAction("say which top card of a Safety pile to take", rule="shape")
        piles = [p for p, pile in enumerate(game.safety) if pile.cards and pile.cards[-1] == card]
        if not piles:
            raise IllegalAction(f"{card.name} is not on top of a Safety pile", rule="not_on_top")
        return
    if kind == "end":
        if not game.taken:
            raise IllegalAction("take a card first: from a Safety pile or by flipping", rule="take_first")
        return
    raise IllegalAction(f"you may flip, take, lock or end your turn now, not {kind}", rule="phase")


def _check_wild(game: UghGame, seat: int, kind: str, action: Action) -> None:
    wild = game.flipped.cards[-1]
    card = action.card
    if kind in ("keep", "pool"):
        if card is not None and card != wild:
            raise IllegalAction(f"the card to place is the {wild.name}, not {card.name}", rule="shape")
        if kind == "keep" and game.flips >= MAX_FLIPS:
            raise IllegalAction(
                f"a 4th card cannot go onto a Safety pile: the {wild.name} steals or goes into your Pool",
                rule="fourth_card_no_safety",
            )
        return
    if kind != "steal":
        raise IllegalAction(
            f"steal with the {wild.name}, or put it in your Pool or on a Safety pile, not {kind}",
            rule="phase",
        )
    if game.flips >= MAX_FLIPS and not game.fourth_steals:
        raise IllegalAction(
            f"a Wild flipped 4th does not steal at this table: the {wild.name} goes into your Pool",
            rule="fourth_wild_no_steal",
        )
    if card is not None and card != wild:
        raise IllegalAction(f"a steal is made with the {wild.name}, not {card.name}", rule="shape")
    card = action.target
    if card is None:
        raise IllegalAction(f"say which card to steal with the {wild.name}", rule="shape")
    if not game._is_own_card(card):
        raise IllegalAction(f"{brief(card)} is not a card to steal", rule="not_a_card")
    owner = game._pool_owner(card)
    if owner is None:
        if any(card in cards for sets in game.sets for cards, _ in sets):
            raise IllegalAction(
                f"{card.name} is locked: locked cards cannot be stolen", rule="locked_cards_stay"
            )
        raise IllegalAction(f"{card.name} is not in any player's Pool", rule="not_in_a_pool")
    if owner == seat:
        raise IllegalAction(
            f"{card.name} is already in your Pool: steal from another player", rule="steal_from_another"
        )
    if not can_steal(wild, card, game.t.color):
        raise IllegalAction(
            f"the {wild.name} cannot steal {card.name}: {steal_rule(wild, game.t.color)}", rule="steal_rule"
        )


def _check_lock(game: UghGame, seat: int, card: Any) -> None:
    if card is None:
        raise IllegalAction("say which card of your Pool to put in the set", rule="shape")
    pool = game.pools[seat].cards
    if card not in pool:
        if card in game.forming[seat].cards:
            raise IllegalAction(f"{card.name} is already in the set", rule="already_in_set")
        raise IllegalAction(f"{card.name} is not in your Pool", rule="not_in_pool")
    if card not in lock_candidates(pool, game.forming[seat].cards, game.t.color):
        if game.forming[seat].cards:
            raise IllegalAction(f"{card.name} cannot complete a set with the cards chosen", rule="not_a_set")
        raise IllegalAction(f"{card.name} is not part of any complete set in your Pool", rule="not_a_set")


def _discard_hint(game: UghGame) -> str:
    if game.ice_colors:
        return "discard one card of each color first: " + ", ".join(COLORS[c] for c in game.ice_colors)
    return "only cards in your Pool can be discarded"
