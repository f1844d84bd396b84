"""Why a move is good, in a sentence, as the rule-based player sees it (the hint says it).

The reasons are the bot's own judgments (:mod:`.bot`): going out comes first; a combination goes
down whole when its holder leads it; a play that cannot be the lowest, or follows a pass,
risks no penalty; a low loose card goes when the trick cannot be won; a pass keeps combinations
whole; an exchange takes the exposed card when it completes a combination. Each is said only where
it is true, and names only the viewer's own cards and the exposed card (which everyone sees).
"""

from __future__ import annotations

from cardtable.engine import Action, View
from cardtable.engine.words import Said, say, say_n

from .bot import WIN_ENOUGH, _cost, _lowest_loose_single, _Table, _table, _win_chance, split
from .combos import SET, SINGLE, classify, rank_of, type_name

LIKELY = 0.7
"""From this chance on, a play "is likely to" win its trick (the bot's estimate, ducking included)."""
FOUR = (SET, 4)


def why(view: View, action: Action) -> Said | None:
    """The reason for ``action`` in ``view``, or None where there is no simple one to give."""
    if view.seat is None:
        return None
    if action.kind == "rps":
        return say("Rock-paper-scissors has no best shape: any choice is as good as another")
    if action.kind not in ("play", "pass", "exchange") or view.info.get("rps") is not None:
        return None
    t = _table(view)
    if not t.hand:
        return None
    if action.kind == "play":
        if t.lead is None:
            return _why_lead(t, view, action)
        return _why_follow(t, view, action)
    if t.lead is None:
        return None
    if action.kind == "pass":
        return _why_pass(t, view, action)
    return _why_exchange(t, view, action)


def _combos(cards: list) -> list[tuple]:
    """The combinations of two cards or more in the bot's split of ``cards``."""
    return [g for g in split(cards) if len(g) > 1]


def _loose(t: _Table) -> set:
    """The hand's cards that belong to no combination of its split."""
    return {g[0] for g in split(t.hand) if len(g) == 1}


def _why_lead(t: _Table, view: View, action: Action) -> Said | None:
    cards = action.cards
    after = [c for c in t.hand if c not in cards]
    if not after:
        return say("Going out comes first: the last player still holding cards is the Ultimate Loser")
    win = _win_chance(t, action)
    if len(cards) > 1:
        n = len(cards)
        if win >= LIKELY:
            return say_n(
                "It gets rid of {n} card at once, and nobody is likely to beat it: you lead again",
                "It gets rid of {n} cards at once, and nobody is likely to beat it: you lead again",
                n,
            )
        return say_n(
            "Leading lets you play a combination whole: this gets rid of {n} card at once",
            "Leading lets you play a combination whole: this gets rid of {n} cards at once",
            n,
        )
    card = action.card
    if win >= LIKELY:
        if _combos(after):
            return say(
                "{card} is likely to win the trick: then you lead again and can play a combination whole",
                card=card,
            )
        return say("{card} is likely to win the trick, so you choose what is played next", card=card)
    if win < WIN_ENOUGH and _lowest_loose_single(t, view.legal) == action:
        return say(
            "You cannot expect to win this lead: get rid of {card}, your lowest card outside a combination",
            card=card,
        )
    if card in _loose(t) and _combos(t.hand):
        return say("{card} breaks none of your combinations", card=card)
    return None


def _why_follow(t: _Table, view: View, action: Action) -> Said | None:
    cards = action.cards
    ptype, rank = classify(cards)
    single = ptype == SINGLE
    card = action.card
    after = [c for c in t.hand if c not in cards]
    if not after:
        return say("Going out comes first: the last player still holding cards is the Ultimate Loser")
    ranks = [max(rank_of(c) for c in cs) for _s, kind, cs in t.trick if kind == "play"]
    passed = any(kind != "play" for _s, kind, _cs in t.trick)
    if passed:
        if single and _lowest_loose_single(t, view.legal) == action:
            return say(
                "Someone has passed, so a low play is safe: get rid of {card}, your lowest loose card",
                card=card,
            )
        if ptype == FOUR and view.options.get("fourplay_penalty"):
            return None  # a FourPlay costs everyone, the player too
        return say("Someone has passed, so only those who pass take a penalty: playing is safe")
    if ranks and rank > max(ranks) and _combos(after) and not t.to_come:
        if single:
            return say("{card} wins the trick, so you can lead a combination next", card=card)
        return say("This wins the trick, so you can lead a combination next")
    if ranks and rank > max(ranks) and _combos(after) and _win_chance(t, action) >= LIKELY:
        if single:
            return say(
                "{card} beats every play so far and is likely to hold, so you can lead a combination next",
                card=card,
            )
        return say("This beats every play so far and is likely to hold, so you can lead a combination next")
    if ranks and rank > min(ranks):
        if single:
            return say("{card} cannot be the lowest play: a lower card is already down", card=card)
        return say("A lower play is already down, so yours cannot be the lowest")
    if not t.to_come:
        if single:
            return say(
                "{card} will be the lowest play, but a pass costs a penalty too, and this gets rid of a card",
                card=card,
            )
        return say_n(
            "It will be the lowest play, but a pass costs a penalty too, and this gets rid of {n} card",
            "It will be the lowest play, but a pass costs a penalty too, and this gets rid of {n} cards",
            len(cards),
        )
    if not single:
        return say(
            "If a player still to come cannot play {combination}, they pass and take the penalty, not you",
            combination=type_name(ptype),
        )
    if card in _loose(t) and t.above[rank] >= 0.5 and sum(t.unseen_by_rank[:rank]) > 0:
        return say(
            "{card} will be hard to get rid of later, and a player still to come may play lower",
            card=card,
        )
    if card in _loose(t) and _combos(t.hand):
        return say("{card} breaks none of your combinations", card=card)
    return None


def _why_pass(t: _Table, view: View, action: Action) -> Said | None:
    legal = view.legal
    plays = [a for a in legal if a.kind == "play"]
    cost = _cost(t, action)
    combination = type_name(t.lead)  # type: ignore[arg-type]
    if not plays:
        exchanges = [a for a in legal if a.kind == "exchange"]
        if all(cost <= _cost(t, a) for a in exchanges):
            return say(
                "You cannot play {combination}, and the exposed card would not improve your hand",
                combination=combination,
            )
        return None
    if not all(cost <= _cost(t, a) for a in plays):
        return None
    kept = {c for g in _combos(t.hand) for c in g}
    if all(any(c in kept for c in a.cards) for a in plays):
        return say(
            "Following with {combination} would break up one of your combinations",
            combination=combination,
        )
    return None


def _why_exchange(t: _Table, view: View, action: Action) -> Said | None:
    put, took = action.card, t.exposed
    if put is None or took is None:
        return None
    after = [c for c in t.hand if c != put] + [took]
    joined = any(took in g for g in _combos(after))
    spare = put in _loose(t)
    # The card the bot would put down: of equal exchanges, the one least likely to win a trick.
    cost = _cost(t, action)
    best = all(cost <= _cost(t, a) + 1e-9 for a in view.legal if a.kind == "exchange")
    if joined and spare and best:
        return say(
            "{card_taken} makes a combination with your cards, and {card} is the loose card you need least",
            card=put,
            card_taken=took,
        )
    if joined and len(split(after)) < len(split(t.hand)):
        return say(
            "With {card_taken} instead of {card}, your hand needs fewer plays to go out",
            card=put,
            card_taken=took,
        )
    lowest = spare and put == min(_loose(t), key=lambda c: (rank_of(c), c))
    if lowest and rank_of(put) < rank_of(took) and not any(a.kind == "play" for a in view.legal):
        return say(
            "You cannot play {combination} anyway: swap your lowest loose card {card} for {card_taken}",
            combination=type_name(t.lead),  # type: ignore[arg-type]
            card=put,
            card_taken=took,
        )
    if spare and best and rank_of(put) < rank_of(took) and t.wins[rank_of(took)] >= LIKELY:
        return say(
            "{card_taken} is likely to win a trick later, and {card} is the loose card you need least",
            card=put,
            card_taken=took,
        )
    return None
