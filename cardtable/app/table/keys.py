"""Keyboard play at the table: which cards the arrow keys walk over, and what Enter means.

Pure: the scene asks these with its model, layout and resolver, then acts on
the answer through the same intents as the mouse.
"""

from __future__ import annotations

from cardtable.engine import Card

from ..tokens import TableModel
from .resolver import Confirm, Intent, Pick, Resolver


def keyboard_cards(model: TableModel, home: tuple, resolver: Resolver) -> list[Card]:
    """The cards keys move over: the viewer's hand left to right, then other cards in play."""
    legal = resolver.pickable()
    out = [t.card for t in sorted(model.zones.get(home, []), key=lambda t: t.x) if t.card is not None]
    if not resolver.select_kind():
        out = [c for c in out if c in legal] or out
    others = [t for ref, tokens in model.zones.items() if ref != home for t in tokens if t.card in legal]
    out += [t.card for t in sorted(others, key=lambda t: (t.y, t.x)) if t.card is not None]
    return out


def stepped(cards: list[Card], focus: Card | None, step: int) -> Card:
    """The card the focus moves to with Left (-1) or Right (+1), wrapping round."""
    if focus in cards:
        return cards[(cards.index(focus) + step) % len(cards)]
    return cards[0] if step > 0 else cards[-1]


def enter(resolver: Resolver, pick: Pick, select: int, tap_focus: Intent | None) -> Intent:
    """What Enter means: pick the focused card while a count is short, else confirm or play it."""
    mode = resolver.select_kind()
    focus = pick.focus
    if mode == "count" and len(pick.cards) < select and tap_focus is not None:
        return tap_focus
    if mode or focus is None or tap_focus is None:
        return Confirm()
    return tap_focus if focus in pick.cards else Confirm()
