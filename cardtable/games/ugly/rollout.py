"""A fast play-out policy for search: plausible Ugly play from the full (dealt) game.

Search plays thousands of rounds per decision, so this reads the game's own
lists instead of building views: duck tricks holding Jacks, take a clean
trick cheaply when last to play, drop a Jack when out of the led suit, and
otherwise play at random. Inside search the game is one imagined deal, so
nothing hidden from the real player is used.
"""

from __future__ import annotations

import random

from cardtable.engine import Action

from .rules import _SUIT_OF, UglyGame


def _strength(card: int, lead: str | None, trump: str | None) -> int:
    suit = _SUIT_OF[card]
    if suit == trump:
        return 100 + card
    if suit == lead:
        return card
    return -1


def rollout(game: UglyGame, seat: int, rng: random.Random) -> Action:
    legal = game.legal_actions(seat)
    if game.phase != "play" or len(legal) == 1:
        return rng.choice(legal)
    order = game.trick_order
    if not order:
        return rng.choice(legal)
    lead, trump = game.lead_suit, game.trump
    played = [game.played[s].cards[0] for s in order]
    best = max(_strength(c, lead, trump) for c in played)
    jacks = game.jack_values
    danger = any(c in jacks for c in played)
    winners = [a for a in legal if _strength(a.card, lead, trump) > best]  # type: ignore[arg-type]
    losers = [a for a in legal if _strength(a.card, lead, trump) <= best]  # type: ignore[arg-type]
    if danger:
        if losers:
            return max(losers, key=lambda a: a.card.rank)  # type: ignore[union-attr]
        return min(winners, key=lambda a: _strength(a.card, lead, trump))  # type: ignore[arg-type]
    if _SUIT_OF[legal[0].card] != lead:  # type: ignore[index]
        dump = [a for a in losers if a.card in jacks]
        if dump:
            return max(dump, key=lambda a: jacks[a.card])  # type: ignore[index]
    if winners and len(order) == game.players - 1:
        return min(winners, key=lambda a: _strength(a.card, lead, trump))  # type: ignore[arg-type]
    return rng.choice(legal)
