"""Ultimate Loser's rule-based player: reads a View, never the game.

It follows the source's hints. Every choice (each play, the pass, each
exchange) gets a cost in expected penalties:

- the penalty risk of this trick: certain for a pass or an exchange; for a
  play, the chance it ends up the lowest with nobody passing (none once
  someone has passed, or when a lower play is already down);
- what the hand is left with: its best split into straight flushes and sets,
  and how many plays that split still takes to go out. A combination goes
  down whole only when its holder leads it (or someone leads its type), so
  it is worth keeping only as far as the hand can win leads: with the cards
  likely to win a trick, or with this play if it takes the trick. Without a
  lead it is broken up to follow singles, a card a play. A loose low card is
  a likely lowest play.

So it leads its combinations while it keeps control, leads low when it cannot
win, takes the lead with a sure winner when a combination waits for it,
follows with cards that break nothing, dumps low cards once someone has
passed, and exchanges with the exposed card when that completes a
combination. It always plays when the combinations it would keep have no
lead to play them; it passes deliberately when a play would break a
combination it can still lead. Going out always comes first.
Rock-paper-scissors is played uniformly at random, its only good strategy.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from cardtable.engine import STANDARD, Action, Card, View

from .combos import JOKER_RANK, SET, PlayType, classify, rank_of
from .rules import WITH_JOKER

# Weights, in penalties; tuned by simulating the bot against copies of itself and simple baselines.
GROUP_COST = 0.9  # each play the hand still needs to go out
LEAD_ANYWAY = 0.3  # the chance of leading a combination with no card likely to win the lead
TYPE_LED = 0.15  # the chance, per trick, that another player leads a combination's type
CARD_COST = 0.25  # each card still held
LOW_COST = 0.5  # a loose single, times the share of unseen cards above it: a likely lowest play
OUT_BONUS = 6.0  # going out: safe for the rest of the hand
MAY_DUCK = 0.8  # how likely a later player who can beat a play does so
WIN_ENOUGH = 0.5  # below this chance of winning, a single lead or a safe follow goes low


@dataclass
class _Table:
    """What the bot knows: its hand, the unseen cards and who may hold them."""

    seat: int
    hand: list[Card]
    unseen_by_rank: list[int]  # unseen cards per rank (index 2..15; 15 the joker)
    unseen: set[Card]
    unknown_total: int  # cards the seat cannot place (other hands' hidden cards + spares)
    hidden: dict[int, int]  # seat -> hidden cards in that hand
    visible: dict[int, list[Card]]  # seat -> cards known in that hand (exchanged in)
    exposed: Card | None
    lead: PlayType | None
    trick: Sequence[tuple[int, str, tuple[Card, ...]]]
    to_come: tuple[int, ...]
    above: list[float]  # per rank: the share of unseen cards ranked higher
    wins: list[float]  # per rank: the chance a single of that rank wins a later trick


def _table(view: View) -> _Table:
    seat = view.seat
    assert seat is not None
    catalog = WITH_JOKER if view.options.get("joker") else STANDARD
    known = set(view.known_cards())
    unseen = {c for c in catalog if c not in known}
    by_rank = [0] * 16
    for c in unseen:
        by_rank[rank_of(c)] += 1
    hidden: dict[int, int] = {}
    visible: dict[int, list[Card]] = {}
    for zv in view.zones_named("hand"):
        if zv.owner is not None and zv.owner != seat:
            hidden[zv.owner] = zv.hidden_count
            visible[zv.owner] = zv.known_cards
    info = view.info
    # A single wins a later trick unless another player holds a higher card and plays it:
    # an unseen card is in a hand (not among the spares) with chance in_hands.
    in_hands = sum(hidden.values()) / max(1, len(unseen))
    wins = []
    for r in range(16):
        higher = sum(by_rank[r + 1 :])
        shown = sum(1 for cs in visible.values() for c in cs if rank_of(c) > r)
        wins.append((1.0 - MAY_DUCK * in_hands) ** higher * (1.0 - MAY_DUCK) ** shown)
    return _Table(
        seat=seat,
        hand=sorted(view.zone("hand", seat).known_cards),
        unseen_by_rank=by_rank,
        unseen=unseen,
        unknown_total=max(1, len(unseen)),
        hidden=hidden,
        visible=visible,
        exposed=next(iter(view.zone("exposed").known_cards), None),
        lead=info["lead_type"],
        trick=info["moves"],
        to_come=info["to_come"],
        above=[sum(by_rank[r + 1 :]) / max(1, len(unseen)) for r in range(16)],
        wins=wins,
    )


def choose(view: View, rng: random.Random) -> Action:
    """The bot's action for the seat of ``view`` (which must have one to take)."""
    legal = view.choices()
    if len(legal) == 1:
        return legal[0]
    if legal[0].kind == "rps":
        return rng.choice(legal)
    t = _table(view)
    scored = [(_cost(t, a), rng.random(), a) for a in legal]
    best = min(scored, key=lambda x: (x[0], x[1]))[2]
    if best.kind == "play" and len(best.cards) == 1 and _win_chance(t, best) < WIN_ENOUGH:
        # The source's hint: if you can't win, play your lowest card. As the leader, or
        # once someone has passed (the lowest play is safe then), get rid of a loose low card.
        someone_passed = any(kind != "play" for _, kind, _ in t.trick)
        if t.lead is None or someone_passed:
            low = _lowest_loose_single(t, legal)
            if low is not None:
                return low
    return best


def _lowest_loose_single(t: _Table, legal: Sequence[Action]) -> Action | None:
    """The lowest single that breaks no combination of the hand's split."""
    loose = {g[0] for g in split(t.hand) if len(g) == 1}
    singles = [a for a in legal if a.kind == "play" and len(a.cards) == 1 and a.card in loose]
    return min(singles, key=lambda a: (rank_of(a.card), a.card), default=None)  # type: ignore[arg-type]


def _win_chance(t: _Table, action: Action) -> float:
    """The chance ``action`` wins the trick (and with it, the lead)."""
    ptype, rank = classify(action.cards)
    ranks = [max(rank_of(c) for c in cs) for _, kind, cs in t.trick if kind == "play"]
    if rank <= max(ranks, default=-1):
        return 0.0  # a tie goes to the one who played first
    keep = 1.0
    for s in t.to_come:
        keep *= 1.0 - MAY_DUCK * _plays_between(t, s, ptype, rank, 99)
    return keep


# -- the hand's structure --------------------------------------------------------


def split(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """A split of ``cards`` into as few combinations as the bot can find.

    Tries straight flushes first, sets of three or more first, and all sets
    first; keeps the split with the fewest plays (then the most cards in
    straight flushes). Remembered per hand: search asks about the same
    hands over and over.
    """
    return list(_split_best(tuple(cards)))


@lru_cache(maxsize=8192)
def _split_best(cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    if not cards:
        return ()
    best: list[tuple[Card, ...]] | None = None
    for order in ("runs", "big-sets", "sets"):
        groups = _split(cards, order)
        if best is None or len(groups) < len(best):
            best = groups
    assert best is not None
    return tuple(best)


_RANK = [rank_of(c) for c in WITH_JOKER]  # by card index: STANDARD's 52 cards index the same in both catalogs
_SUIT = [c.suit for c in WITH_JOKER]
_SET_RANK = [c.rank for c in WITH_JOKER]


def _runs_of(cards: list[Card]) -> tuple[list[tuple[Card, ...]], list[Card]]:
    """Maximal straight flushes of 3+ among ``cards``, and the cards left over."""
    by_suit: dict[str, list[Card]] = {}
    for c in cards:
        suit = _SUIT[c]
        if suit is not None:
            by_suit.setdefault(suit, []).append(c)
    runs: list[tuple[Card, ...]] = []
    rank = _RANK.__getitem__
    for suited in by_suit.values():
        if len(suited) < 3:
            continue
        suited.sort(key=rank)
        current = [suited[0]]
        for c in suited[1:]:
            if rank(c) == rank(current[-1]) + 1:
                current.append(c)
            else:
                if len(current) >= 3:
                    runs.append(tuple(current))
                current = [c]
        if len(current) >= 3:
            runs.append(tuple(current))
    if not runs:
        return runs, list(cards)
    used = {c for r in runs for c in r}
    return runs, [c for c in cards if c not in used]


def _sets_of(cards: list[Card], minimum: int) -> tuple[list[tuple[Card, ...]], list[Card]]:
    by_rank: dict[int, list[Card]] = {}
    for c in cards:
        r = _SET_RANK[c]
        if r is not None:
            by_rank.setdefault(r, []).append(c)
    sets = [tuple(g) for g in by_rank.values() if len(g) >= minimum]
    if not sets:
        return sets, list(cards)
    used = {c for g in sets for c in g}
    return sets, [c for c in cards if c not in used]


def _split(cards: Sequence[Card], order: str) -> list[tuple[Card, ...]]:
    rest = list(cards)
    groups: list[tuple[Card, ...]] = []
    if order == "runs":
        runs, rest = _runs_of(rest)
        sets, rest = _sets_of(rest, 2)
        groups = runs + sets
    elif order == "big-sets":
        big, rest = _sets_of(rest, 3)
        runs, rest = _runs_of(rest)
        sets, rest = _sets_of(rest, 2)
        groups = big + runs + sets
    else:
        sets, rest = _sets_of(rest, 2)
        runs, rest = _runs_of(rest)
        groups = sets + runs
    return groups + [(c,) for c in rest]


# -- chances -----------------------------------------------------------------


def _share(t: _Table, seat: int) -> float:
    """The chance one particular unseen card is in ``seat``'s hand."""
    return min(1.0, t.hidden.get(seat, 0) / t.unknown_total)


def _plays_between(t: _Table, seat: int, ptype: PlayType, low: int, high: int) -> float:
    """The chance ``seat`` holds a play of ``ptype`` ranked above ``low`` and below ``high``."""
    kind, size = ptype
    if kind == SET and size == 1 and any(low < rank_of(c) < high for c in t.visible.get(seat, [])):
        return 1.0
    p = _share(t, seat)
    if p <= 0:
        return 0.0
    miss = 1.0
    if kind == SET:
        for r in range(low + 1, min(high, JOKER_RANK + 1)):
            u = t.unseen_by_rank[r]
            if u >= size and not (r == JOKER_RANK and size > 1):
                miss *= 1.0 - min(1.0, comb(u, size) * p**size)
    else:
        unseen = t.unseen
        for c in unseen:
            top = rank_of(c)
            if c.suit is None or not low < top < high or top - size + 1 < 2:
                continue  # the joker is in no straight flush
            if all(_card(c, top - k) in unseen for k in range(1, size)):
                miss *= 1.0 - p**size
    return 1.0 - miss


_INDEX_OF: dict[tuple[int, str], int] = {(c.rank, c.suit): int(c) for c in STANDARD}  # type: ignore[misc]


def _card(c: Card, rank: int) -> Card:
    """The card of ``c``'s suit with ``rank`` (standard cards only)."""
    return STANDARD[_INDEX_OF[rank, c.suit]]  # type: ignore[index]


def _pass_chance(t: _Table, seat: int, ptype: PlayType) -> float:
    """The chance a later player passes: they lack the type, or (rarely) choose to."""
    if ptype == (SET, 1):
        return 0.1
    return 1.0 - 0.9 * _plays_between(t, seat, ptype, 0, 99)


# -- costs ---------------------------------------------------------------------


def _hand_cost(t: _Table, cards: Sequence[Card], leads: float = 0.0) -> float:
    """Expected penalties still to come from holding ``cards`` (going out: a bonus).

    ``leads``: the chance of leading the next trick (this play winning it).
    """
    if not cards:
        return -OUT_BONUS
    groups = split(cards)
    wins, above = t.wins, t.above
    control = leads + LEAD_ANYWAY + sum(wins[rank_of(g[0])] for g in groups if len(g) == 1)
    # Others lead a combination's type now and then: the more tricks to go, the likelier.
    missed = (1.0 - TYPE_LED) ** (len(groups) - 1)
    plays = low = 0.0
    led = 0
    for g in sorted(groups, key=len, reverse=True):
        if len(g) == 1:
            plays += 1.0
            low += above[rank_of(g[0])]
            continue
        broken = (1.0 - min(1.0, max(0.0, control - led))) * missed
        led += 1
        plays += 1.0 + (len(g) - 1) * broken
    return GROUP_COST * plays + LOW_COST * low + CARD_COST * len(cards)


def _cost(t: _Table, action: Action) -> float:
    hand = t.hand
    if action.kind == "pass":
        return 1.0 + _hand_cost(t, hand)
    if action.kind == "exchange":
        put = action.card
        assert put is not None and t.exposed is not None
        after = [c for c in hand if c != put] + [t.exposed]
        # Of equal exchanges, put down the card least likely to win a trick for someone else.
        return 1.0 + _hand_cost(t, after) + 0.02 * rank_of(put)
    cards = action.cards
    ptype, rank = classify(cards)
    after = [c for c in hand if c not in cards]
    ranks = [max(rank_of(c) for c in cs) for _, kind, cs in t.trick if kind == "play"]
    passed = any(kind != "play" for _, kind, _ in t.trick)
    # The chance it is the lowest play with nobody passing: the trick's one penalty.
    risk = 0.0
    if not passed and rank <= min(ranks, default=99):
        risk = 1.0
        for s in t.to_come:
            lower = _plays_between(t, s, ptype, 0, rank) if ptype == (SET, 1) else 0.0
            risk *= (1.0 - _pass_chance(t, s, ptype)) * (1.0 - 0.5 * lower)
    if not after:
        return risk - OUT_BONUS
    return risk + _hand_cost(t, after, _win_chance(t, action))
