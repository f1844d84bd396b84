"""Ugh!'s view facts and prompts: what a seat is shown (RULES.md section 3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine import seat_ref

from .cards import COLORS, SAFETY_PILES, UGH
from .sets import best_set

if TYPE_CHECKING:
    from .rules import UghGame


def info_for(game: UghGame, seat: int | None) -> dict[str, Any]:
    """The facts ``seat`` is shown (``View.info``) beyond the parts ``UghState`` shows."""
    return {
        "turn": None if game.is_over() else game.turn,
        "opener": game.first_player if _untouched(game) else None,  # said until the first flip
        "next_pile": game.flips if game.flips < SAFETY_PILES else None,
        "sets_locked": tuple(len(s) for s in game.sets),
        "first_ugh_points": game.ugh_points,
        "decks": game.t.decks,
        "deck_size": len(game.deck.cards),
        # Every card off the deck is public, so this count is public too (the source's tip:
        # watch how many Ugh! cards are left before flipping again).
        "deck_ughs": sum(1 for c in game.deck.cards if game.t.kind[c] == UGH),
        "score_label": "points",
        # Pools are public: each one told by its colours and the best set it holds now.
        "pool": tuple(_pool_text(game, pool.cards) for pool in game.pools),
    }


def _pool_text(game: UghGame, cards) -> str:
    """ "2 green, 1 orange, 1 purple: set 24": a Pool's colours, and the most a set from it would
    score if locked now."""
    colors = _colors(game, cards)
    t = game.t
    best = best_set(cards, t.kind, t.value, t.color) if colors else None
    return colors if best is None else f"{colors}: set {best}"


def _colors(game: UghGame, cards) -> str:
    """ "3 green, 1 purple, 1 wild": how many cards of each colour a Pool holds."""
    counts: dict[str, int] = {}
    for card in cards:
        col = game.t.color[card]
        name = COLORS[col] if 0 <= col < len(COLORS) else "wild"
        counts[name] = counts.get(name, 0) + 1
    order = [*COLORS, "wild"]
    return ", ".join(f"{counts[c]} {c}" for c in order if c in counts)


def _untouched(game: UghGame) -> bool:
    """No card has left the deck yet: the game has not begun."""
    piles = (*game.safety, game.flipped, game.discard, *game.pools, *game.forming, *game.victory)
    return not any(z.cards for z in piles)


def prompt_for(game: UghGame, seat: int | None) -> str:
    """What ``seat`` is asked to do, or whom it waits for."""
    phase = game.phase
    if phase == "over":
        return "Game over"
    acting = game.to_act()[0]
    if seat != acting:
        if phase == "window":
            return f"Last card: waiting for {seat_ref(acting)} to lock sets"
        return f"Waiting for {seat_ref(acting)}"
    if game.forming[seat].cards:
        return "Choose the next card of the set, or put the cards back"
    if phase == "window":
        return "Last card: lock any sets now, then say done"
    if phase == "wild":
        return _wild_prompt(game, seat)
    if phase == "discard":
        if game.ice_colors:
            return "The Ice Age: discard a " + " or ".join(COLORS[c] for c in game.ice_colors) + " card"
        noun = "card" if game.discards_left == 1 else "cards"
        return f"Ugh! Discard {game.discards_left} {noun} from your Pool"
    if game.taken:
        return "Lock sets, or end your turn"
    if not game.deck.cards:  # the last card went onto a Safety pile
        return "Take the top of a Safety pile (the deck is empty)"
    if not any(p.cards for p in game.safety):
        return "Flip a card"
    if game.flips >= SAFETY_PILES:
        return "Take the top of a Safety pile, or flip a 4th card straight into your Pool"
    return "Take the top of a Safety pile, or flip a card"


def _wild_prompt(game: UghGame, seat: int) -> str:
    """The choices a flipped Wild offers now, and only those: a 4th flip has no Safety pile to go
    on (RULES.md section 3), and a Wild with nothing to steal cannot steal."""
    wild = game.flipped.cards[-1]
    kinds = {a.kind for a in game.legal_actions(seat)}
    choices = [f"steal a card with the {wild.name}"] if "steal" in kinds else []
    choices.append(f"put {'it' if choices else f'the {wild.name}'} into your Pool")
    if "keep" in kinds:
        choices.append(f"put it onto Safety pile {game.flips} like a Number card")
    told = choices[-1]
    if len(choices) > 1:
        told = ", ".join(choices[:-1]) + (", or " if len(choices) > 2 else " or ") + told
    return told[:1].upper() + told[1:]
