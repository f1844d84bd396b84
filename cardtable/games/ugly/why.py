"""Why a move is good, in a sentence, as the rule-based player sees it (the hint says it)."""

from __future__ import annotations

from cardtable.engine import SUIT_NAMES, Action, View
from cardtable.engine.words import Said, say

from .bot import _beats, _current_best, _hold_chance, _knowledge, _suit_strength
from .rules import NO_TRUMP


def why(view: View, action: Action) -> Said | None:
    """The reason for ``action`` in ``view``, or None where there is no simple one to give."""
    if view.seat is None or action.kind not in ("trump", "pass", "play"):
        return None
    k = _knowledge(view)
    if action.kind == "trump":
        if action.value == NO_TRUMP:
            return say("No suit in your hand is long or strong enough to be trump")
        cards = [c for c in k.hand if c.suit == action.value]
        best = max((s for s in SUIT_NAMES), key=lambda s: _suit_strength([c for c in k.hand if c.suit == s]))
        if action.value == best:
            return say(
                "{suit} is your strongest suit: {n} cards", suit=SUIT_NAMES[action.value], n=len(cards)
            )
        return None
    card = action.card
    if card is None:
        return None
    if action.kind == "pass":
        if card in k.jack_values:
            return say(
                "Jacks cost points when you take them: {card} would cost {n}",
                card=card,
                n=k.jack_values[card],
            )
        if card == k.ugly:
            return say("Without the Charm, the Ugly card doubles what the Jacks you take cost: pass it on")
        if card.suit != k.trump and sum(1 for c in k.hand if c.suit == card.suit) <= 2:
            return say("Emptying a short suit lets you trump or throw cards away later")
        return say("{card} is the card you need least", card=card)
    lead = k.lead or card.suit
    best = _current_best(k)
    wins_now = best is None or _beats(k, card, best, lead)
    later = k.players - len(k.trick) - 1
    if k.lead is not None and card.suit != k.lead and card in k.jack_values:
        return say("You cannot follow suit: throw away a Jack while someone else takes the trick")
    if wins_now and _hold_chance(k, card, lead, later) >= 0.9:
        return say("{card} should win the trick: nothing still to come is likely to beat it", card=card)
    if not wins_now:
        return say("{card} stays out of a trick you would rather not take", card=card)
    return None
