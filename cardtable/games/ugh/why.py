"""Why a move is good, in a sentence, as the rule-based player sees it (the hint says it).

The reasons are the bot's own judgments (:mod:`.bot`): what a card adds to the sets a Pool can
still make, taking the best Safety card against pressing one's luck, locking before a flip or
when waiting promises little, the discard the sets miss least, and what a Wild is best used for.
Every card named is face up (Safety piles, Pools, the flipped Wild); the deck is told only by the
count of Ugh! cards left in it, which the table shows everyone.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine import Action, Card, View
from cardtable.engine.words import Said, Seat, say, say_n

from .bot.knowledge import Knowledge, read
from .bot.outlook import Outlook, steal_value
from .bot.play import LOOKAHEAD, _best_set, _best_take, _pile_index, _without
from .bot.value import Face, compatible, face_set_score
from .cards import ALL
from .sets import can_lock, set_score
from .wilds import steal_targets

FEW_UGHS = 0.2  # "only n of the m cards left are Ugh! cards" below this share (the full deck: 1/4)


@dataclass
class _Turn:
    """The bot's weighing of taking against flipping, for one turn decision."""

    now: Outlook
    stop: float  # taking the best Safety card now
    flip: float  # flipping (or locking first and then flipping, where that is worth more)
    lock_first: bool  # the bot would lock its best set before flipping
    sets: tuple[tuple[Face, ...], ...]  # the split of the Pool into sets that scores most now


_last: tuple[View, Knowledge, _Turn | None] | None = None
"""The last view read (the table asks about one view, the tests about each of its actions)."""


def why(view: View, action: Action) -> Said | None:
    """The reason for ``action`` in ``view``, or None where there is no simple one to give."""
    if view.seat is None or not view.legal:
        return None
    k, turn = _read(view)
    kinds = {a.kind for a in view.legal}
    kind = action.kind
    if k.forming:
        return _forming_reason(k, view.legal, action) if kind == "lock" else None
    if kind == "discard":
        return _discard_reason(k, view.legal, action)
    if "pool" in kinds:  # a flipped Wild
        return _wild_reason(k, view.legal, action)
    if kind == "lock":
        return _lock_reason(k, kinds, turn, action)
    if kind == "end":
        if _best_set(k, final=False) is None:
            return say("Your sets can still get better cards: you can lock them before your next flip")
        return None
    if turn is not None and kind == "take":
        return _take_reason(view, k, turn, action)
    if turn is not None and kind == "flip":
        return _flip_reason(view, k, turn)
    return None


def _read(view: View) -> tuple[Knowledge, _Turn | None]:
    global _last
    last = _last
    if last is not None and last[0] is view:
        return last[1], last[2]
    k = read(view)
    kinds = {a.kind for a in view.legal}
    turn = None
    if not k.forming and ("flip" in kinds or "take" in kinds):
        turn = _weigh(k, "flip" in kinds)
    _last = (view, k, turn)
    return k, turn


def _weigh(k: Knowledge, can_flip: bool) -> _Turn:
    """Taking against flipping, as :func:`~cardtable.games.ugh.bot.play._take_or_flip` weighs them
    (after the last card is flipped there is only taking)."""
    now = Outlook(k, k.pool)
    tops = now.tops(k.tops)
    stop = now.stop(tops) if any(c is not None for c in k.tops) else float("-inf")
    sets = k.valuer.sets(k.faces(k.pool))[1]
    if not can_flip:
        return _Turn(now, stop, float("-inf"), False, sets)
    flip = now.flip(k.flips, tops, LOOKAHEAD)
    lock_first = False
    if sets:
        rest = _without(k, k.pool, sets)
        after = Outlook(k, rest)
        given_up = k.valuer.value(k.faces(k.pool)) - sum(map(face_set_score, sets))
        given_up -= k.valuer.value(k.faces(rest))
        locked = after.flip(k.flips, after.tops(k.tops), LOOKAHEAD) - given_up
        if locked >= flip:
            flip, lock_first = locked, True
    return _Turn(now, stop, flip, lock_first, sets)


# -- taking or flipping ----------------------------------------------------------


def _take_reason(view: View, k: Knowledge, turn: _Turn, action: Action) -> Said | None:
    card = action.card
    if card is None:
        return None
    now, face = turn.now, k.t.face
    takes = [a for a in view.legal if a.kind == "take" and a.card is not None]
    best_gain = max(now.gain[face[a.card]] for a in takes)  # type: ignore[index]
    gain = now.gain[face[card]]
    completes = not can_lock(k.pool, k.t.color) and can_lock([*k.pool, card], k.t.color)
    can_flip = any(a.kind == "flip" for a in view.legal)  # else the last card is out: the game ends
    chosen = turn.stop >= turn.flip and _best_take(k, takes, now) == action
    if chosen and can_flip and gain < best_gain:  # taken for what it would give the next player
        nxt = (k.seat + 1) % k.players
        wanted = max((now.next_gain[face[c]] for c in k.tops if c is not None), default=0.0)
        if now.next_gain[face[card]] >= wanted > 0:
            return say(
                "{seat} plays next and needs {card}: taking it keeps it from them", seat=Seat(nxt), card=card
            )
    if completes:
        return say("{card} completes a set of three colors in your Pool", card=card)
    if gain < best_gain or gain <= 0:
        return None
    if chosen and can_flip and view.info["deck_ughs"]:
        return say("{card} helps your sets most, and flipping again risks more than it brings", card=card)
    return say("Of the cards on the Safety piles, {card} helps your sets most", card=card)


def _flip_reason(view: View, k: Knowledge, turn: _Turn) -> Said | None:
    ughs = view.info["deck_ughs"]
    cards = view.info["deck_size"]
    if not ughs:
        return say("No Ugh! cards are left in the deck: flipping is safe")
    if not k.pool:
        if k.flips == 0 and k.first_points > 0:
            return say_n(
                "Your Pool is empty, and an Ugh! card on your first flip would score {n} point",
                "Your Pool is empty, and an Ugh! card on your first flip would score {n} points",
                k.first_points,
            )
        return say("Your Pool is empty: an Ugh! card can take nothing from it")
    if all(c is None for c in k.tops):
        return say("The Safety piles are empty: flipping is the only way to get a card")
    if turn.flip <= turn.stop:
        return None
    if cards > 1 and ughs / cards < FEW_UGHS:
        return say_n(
            "The Safety piles offer little, and only {n} of the {m} cards left is an Ugh! card",
            "The Safety piles offer little, and only {n} of the {m} cards left are Ugh! cards",
            ughs,
            m=cards,
        )
    return say("The Safety piles offer little: a better card is worth the risk of an Ugh! card")


# -- locking -----------------------------------------------------------------------


def _lock_reason(k: Knowledge, kinds: set[str], turn: _Turn | None, action: Action) -> Said | None:
    card = action.card
    if card is None:
        return None
    f = k.face(card)
    if "done" in kinds:  # the last-card window
        sets = k.valuer.sets(k.faces(k.pool))[1]
        if any(f in s for s in sets):
            return say("Cards left in your Pool score nothing at the end: lock every set now")
        return None
    if "end" in kinds:  # after taking
        target = _best_set(k, final=False)
        if target is not None and f in target:
            return say("This set can hardly get better by waiting: lock it before a Wild steals from it")
        return None
    if turn is not None and turn.sets and f in turn.sets[0]:
        if turn.lock_first and turn.flip > turn.stop:
            return say("Lock this set before you flip: an Ugh! card cannot take locked cards")
        return say("Locked cards are safe from Ugh! cards and Wilds")
    return None


def _forming_reason(k: Knowledge, legal: tuple[Action, ...], action: Action) -> Said | None:
    """The next card of a set being formed: the one that scores most with what the Pool keeps."""
    t = k.t
    judged: list[tuple[float, int, Action]] = []  # each card's plan: (worth, the set's score)
    most = 0  # the most any set from here could score
    for a in legal:
        if a.kind != "lock" or a.card is None:
            continue
        chosen = [*k.forming, a.card]
        rest = [c for c in k.pool if c != a.card]
        if len(chosen) == 3:
            thirds: list[Card | None] = [None]
        else:
            thirds = [c for c in rest if compatible(k.faces([*chosen, c]))]
        plans = []
        for c in thirds:
            cards = chosen if c is None else [*chosen, c]
            score = set_score(cards, t.kind, t.value)
            plans.append((score + k.valuer.value(k.faces(x for x in rest if x != c)), score))
            most = max(most, score)
        if plans:
            value, score = max(plans)
            judged.append((value, score, a))
    if not judged:
        return None
    best = max(judged, key=lambda j: j[0])
    if best[2] != action:
        return None
    if best[1] >= most:
        return say_n(
            "{card} makes this set score the most it can: {n} point",
            "{card} makes this set score the most it can: {n} points",
            best[1],
            card=action.card,
        )
    return say("{card} fits this set and leaves your better cards for other sets", card=action.card)


# -- Ugh! discards -----------------------------------------------------------------


def _discard_reason(k: Knowledge, legal: tuple[Action, ...], action: Action) -> Said | None:
    def after(a: Action) -> float:
        return k.valuer.value(k.faces(c for c in k.pool if c != a.card))

    if action.card is None or after(action) < max(after(a) for a in legal):
        return None
    return say("{card} is the card your sets need least", card=action.card)


# -- Wilds -------------------------------------------------------------------------


def _wild_reason(k: Knowledge, legal: tuple[Action, ...], action: Action) -> Said | None:
    """Steal, Pool or Safety pile, as :func:`~cardtable.games.ugh.bot.play._choose_wild` weighs them."""
    pool_action = next(a for a in legal if a.kind == "pool")
    wild = pool_action.card
    if wild is None:
        return None
    valuer = k.valuer
    base = valuer.value(k.faces(k.pool))
    in_pool = valuer.value(k.faces([*k.pool, wild])) - base
    values: dict[Action, float] = {pool_action: in_pool}
    keep = next((a for a in legal if a.kind == "keep"), None)
    pile = None if keep is None else _pile_index(keep.target)
    best_top: Card | None = None
    if keep is not None and pile is not None:
        tops = list(k.tops)
        tops[pile] = wild
        gains = [(valuer.value(k.faces([*k.pool, c])) - base, c) for c in tops if c is not None]
        values[keep], best_top = max(gains, key=lambda g: g[0])
    victims: dict[Action, int] = {}
    for a in legal:
        if a.kind == "steal" and isinstance(a.target, Card):
            victim = next(s for s, cards in enumerate(k.pools) if a.target in cards)
            victims[a] = victim
            values[a] = steal_value(k, a.target, victim, base)
    best = pool_action
    for a, v in values.items():  # the bot's order: the Pool, the Safety pile, then each steal
        if v > values[best]:
            best = a
    if action.kind == "pool":
        colors = {k.t.color[c] for c in k.pool} - {ALL}
        wild_color = k.t.color[wild]
        if (wild_color == ALL and len(colors) < 3) or (wild_color != ALL and wild_color not in colors):
            # Translators: {card} is a Wild ("green Wild", "All Wild").
            return say("The {card} gives your Pool a color it is missing", card=wild)
        if best == action and steal_targets(k.pools, k.seat, wild, k.t.color):
            return say("No steal is worth as much to you as the {card} in your Pool", card=wild)
        return None
    if action.kind == "keep":
        if best == action and best_top is not None and best_top != wild:
            return say(
                "{card} on the Safety piles is worth more to your sets than the {wild}",
                card=best_top,
                wild=wild,
            )
        return None
    if action.kind != "steal" or action not in victims:
        return None
    return _steal_reason(k, action, victims[action], wild, in_pool, best, base)


def _steal_reason(
    k: Knowledge, action: Action, victim: int, wild: Card, in_pool: float, best: Action, base: float
) -> Said | None:
    """Why take this card with the Wild: what it brings, or what its loss costs its owner."""
    valuer = k.valuer
    card = action.target
    assert isinstance(card, Card)
    mine = valuer.value(k.faces([*k.pool, card])) - base
    if mine > 0 and mine >= in_pool:
        # Translators: {card} is the card stolen ("purple 5"), {wild} the Wild that steals it ("All Wild").
        return say("{card} is worth more to your sets than the {wild}", card=card, wild=wild)
    if best != action:
        return None
    harm = valuer.value(k.faces(k.pools[victim])) - valuer.value(
        k.faces(c for c in k.pools[victim] if c != card)
    )
    leads = all(k.scores[victim] > k.scores[s] for s in range(k.players) if s != victim)
    if leads and harm > 0:
        return say("Stealing {card} sets back {seat}, who is in the lead", card=card, seat=Seat(victim))
    if harm > in_pool:
        return say(
            "Stealing {card} hurts {seat}'s sets more than the {wild} would help yours",
            card=card,
            seat=Seat(victim),
            wild=wild,
        )
    return None
