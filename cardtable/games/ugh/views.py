"""Ugh!'s view facts and prompts: what a seat is shown (RULES.md section 3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.words import N_, Said, Seat, say, say_n

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
        "score_label": N_("points"),
        # Pools are public: each one told by its colours and the best set it holds now.
        "pool": tuple(_pool_text(game, pool.cards) for pool in game.pools),
    }


def _pool_text(game: UghGame, cards) -> str:
    """ "2 green, 1 orange, 1 purple: set 24": a Pool's colours, and the most a set from it would
    score if locked now."""
    t = game.t
    counts = [0] * (len(COLORS) + 1)  # each color's, then the All Wild's
    color = t.color
    for card in cards:
        col = color[card]
        counts[col if 0 <= col < len(COLORS) else len(COLORS)] += 1
    best = best_set(cards, t.kind, t.value, t.color) if cards else None
    key = (*counts, best)
    found = _POOL_TEXTS.get(key)
    if found is None:
        found = _POOL_TEXTS[key] = _pool_words(counts, best)
    return found


_POOL_TEXTS: dict[tuple[int | None, ...], str] = {}
"""Each Pool's words, made once per what they say (a view is made for every decision)."""


def _pool_words(counts: list[int], best: int | None) -> str:
    parts = [_count(c, n) for c, n in enumerate(counts) if n]
    if not parts:
        return ""
    colors = _listed(parts)
    return colors if best is None else say("{colors}: set {score}", colors=colors, score=best)


def _count(color: int, n: int) -> Said:
    """ "3 green": how many cards of one color (3: the All Wilds) a Pool holds."""
    if color == 0:
        # Translators: how many green cards a Pool holds, in a list: "3 green, 1 purple, 1 wild".
        return say_n("{n} green", "{n} green", n)
    if color == 1:
        # Translators: how many orange cards a Pool holds, in a list: "3 orange, 1 purple, 1 wild".
        return say_n("{n} orange", "{n} orange", n)
    if color == 2:
        # Translators: how many purple cards a Pool holds, in a list: "3 green, 1 purple, 1 wild".
        return say_n("{n} purple", "{n} purple", n)
    # Translators: how many All Wilds a Pool holds, in a list: "3 green, 1 purple, 1 wild".
    return say_n("{n} wild", "{n} wild", n)


def _listed(parts: list[Said]) -> Said:
    """A list of counts, "3 green, 1 purple, 1 wild", translated as a whole."""
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        # Translators: a list of two of a Pool's counts ("3 green, 1 wild").
        return say("{first}, {second}", first=parts[0], second=parts[1])
    if len(parts) == 3:
        # Translators: a list of three of a Pool's counts ("3 green, 1 purple, 1 wild").
        return say("{first}, {second}, {third}", first=parts[0], second=parts[1], third=parts[2])
    # Translators: a list of four of a Pool's counts ("3 green, 2 orange, 1 purple, 1 wild").
    return say(
        "{first}, {second}, {third}, {fourth}",
        first=parts[0],
        second=parts[1],
        third=parts[2],
        fourth=parts[3],
    )


def _untouched(game: UghGame) -> bool:
    """No card has left the deck yet: the game has not begun."""
    piles = (*game.safety, game.flipped, game.discard, *game.pools, *game.forming, *game.victory)
    return not any(z.cards for z in piles)


def prompt_for(game: UghGame, seat: int | None) -> str:
    """What ``seat`` is asked to do, or whom it waits for."""
    phase = game.phase
    if phase == "over":
        return say("Game over")
    acting = game.to_act()[0]
    if seat != acting:
        if phase == "window":
            return say("Last card: waiting for {seat} to lock sets", seat=Seat(acting))
        return say("Waiting for {seat}", seat=Seat(acting))
    if game.forming[seat].cards:
        return say("Choose the next card of the set, or put the cards back")
    if phase == "window":
        return say("Last card: lock any sets now, then say done")
    if phase == "wild":
        return _wild_prompt(game, seat)
    if phase == "discard":
        if game.ice_colors:
            return _ice_prompt([COLORS[c] for c in game.ice_colors])
        return say_n(
            "Ugh! Discard {n} card from your Pool",
            "Ugh! Discard {n} cards from your Pool",
            game.discards_left,
        )
    if game.taken:
        return say("Lock sets, or end your turn")
    if not game.deck.cards:  # the last card went onto a Safety pile
        return say("Take the top of a Safety pile (the deck is empty)")
    if not any(p.cards for p in game.safety):
        return say("Flip a card")
    if game.flips >= SAFETY_PILES:
        return say("Take the top of a Safety pile, or flip a 4th card straight into your Pool")
    return say("Take the top of a Safety pile, or flip a card")


def _ice_prompt(colors: list[str]) -> Said:
    """The Ice Age's discards: a card of one of the colors still to go."""
    if len(colors) == 1:
        return say("The Ice Age: discard a {color} card", color=colors[0])
    if len(colors) == 2:
        return say("The Ice Age: discard a {color} or {color2} card", color=colors[0], color2=colors[1])
    return say(
        "The Ice Age: discard a {color} or {color2} or {color3} card",
        color=colors[0],
        color2=colors[1],
        color3=colors[2],
    )


def _wild_prompt(game: UghGame, seat: int) -> str:
    """The choices a flipped Wild offers now, and only those: a 4th flip has no Safety pile to go
    on (RULES.md section 3), and a Wild with nothing to steal cannot steal."""
    wild = game.flipped.cards[-1]
    kinds = {a.kind for a in game.legal_actions(seat)}
    pile = game.flips
    if "steal" in kinds:
        if "keep" in kinds:
            return say(
                "Steal a card with the {card}, put it into your Pool, or put it onto Safety pile {pile} "
                "like a Number card",
                card=wild,
                pile=pile,
            )
        return say("Steal a card with the {card} or put it into your Pool", card=wild)
    if "keep" in kinds:
        return say(
            "Put the {card} into your Pool or put it onto Safety pile {pile} like a Number card",
            card=wild,
            pile=pile,
        )
    return say("Put the {card} into your Pool", card=wild)
