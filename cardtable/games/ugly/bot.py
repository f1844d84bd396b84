"""Ugly's rule-based player: reads a View, never the game.

It names trump by suit length and honours (or the weakest suit when the whole
hand is about to be passed on), passes Jacks and cards from short suits,
and plays each card by a small expected-value estimate: the score change of
taking the trick (its Jacks, the Ugly and Charm cards) times the chance the
card holds, plus the value of getting rid of its own Jacks on someone else's
trick, minus the cost of spending a high card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.engine import STANDARD, SUITS, Action, Card, View

from .rules import NO_TRUMP
from .scoring import round_score


@dataclass
class _Knowledge:
    seat: int
    players: int
    hand: list[Card]
    trump: str | None
    lead: str | None
    trick: list[tuple[int, Card]]
    unseen: set[Card]
    captured: list[Card]
    tricks: int
    voids: Sequence[str]
    jack_values: dict[Card, int]
    ugly: Card | None
    charm: Card | None

    def gain(self, cards: Sequence[Card]) -> int:
        """How much taking one trick with ``cards`` changes this seat's round score."""
        before = round_score(self.tricks, self.captured, self.jack_values, self.ugly, self.charm)
        after = round_score(
            self.tricks + 1, [*self.captured, *cards], self.jack_values, self.ugly, self.charm
        )
        return after - before

    def unseen_jack_penalty(self) -> int:
        return sum(v for j, v in self.jack_values.items() if j in self.unseen)


def _knowledge(view: View) -> _Knowledge:
    seat = view.seat
    assert seat is not None
    info = view.info
    visible = set(view.known_cards())
    trick = []
    for s in info["trick_order"]:
        cards = view.zone("trick", s).known_cards
        trick.append((s, cards[0]))
    return _Knowledge(
        seat=seat,
        players=view.players,
        hand=sorted(view.zone("hand", seat).known_cards),
        trump=info["trump"],
        lead=info["lead_suit"],
        trick=trick,
        unseen={c for c in STANDARD if c not in visible},
        captured=view.zone("won", seat).known_cards,
        tricks=info["tricks_won"][seat],
        voids=info["voids"],
        jack_values=info["jack_values"],
        ugly=info["ugly_card"],
        charm=info["charm_card"],
    )


def choose(view: View, rng: random.Random) -> Action:
    """The bot's action for the seat of ``view`` (which must have one to take)."""
    legal = view.choices()
    if len(legal) == 1:
        return legal[0]
    k = _knowledge(view)
    kind = legal[0].kind
    if kind == "trump":
        return _choose_trump(view, k, legal)
    if kind == "pass":
        return _choose_pass(k, legal)
    return _choose_play(k, legal, rng)


# -- trump ---------------------------------------------------------------------


def _suit_strength(cards: Sequence[Card]) -> float:
    return sum(1.0 + max(0, (c.rank or 0) - 9) * 0.5 for c in cards)


def _choose_trump(view: View, k: _Knowledge, legal: Sequence[Action]) -> Action:
    by_suit = {s: [c for c in k.hand if c.suit == s] for s in SUITS}
    strength = {s: _suit_strength(cards) for s, cards in by_suit.items()}
    keep = len(k.hand) - view.info["pass_count"]
    allowed = {a.value: a for a in legal}
    if keep <= 0:
        # The whole hand goes to the neighbour: make our old hand's best suit worthless.
        return allowed[min((s for s in SUITS), key=lambda s: (strength[s], s))]
    best = max(SUITS, key=lambda s: (strength[s], s))
    longest = max(len(c) for c in by_suit.values())
    if NO_TRUMP in allowed and longest <= 3 and strength[best] < 5:
        return allowed[NO_TRUMP]
    return allowed[best]


# -- passing -------------------------------------------------------------------


def _keep_value(k: _Knowledge, card: Card) -> float:
    """How much this seat wants to keep ``card`` (low values are passed first)."""
    rank = card.rank or 0
    if card in k.jack_values:
        return -10.0 - 3 * k.jack_values[card]
    if card == k.charm:
        return 30.0
    value = float(rank)
    if card.suit == k.trump:
        value += 14
    suit_len = sum(1 for c in k.hand if c.suit == card.suit)
    if card.suit != k.trump and suit_len <= 2:
        value -= 4  # clearing a short suit lets us trump or discard later
    if card == k.ugly:
        value -= 3
    return value


def _choose_pass(k: _Knowledge, legal: Sequence[Action]) -> Action:
    return min(legal, key=lambda a: (_keep_value(k, a.card), a.card))  # type: ignore[arg-type]


# -- playing -------------------------------------------------------------------


def _beats(k: _Knowledge, card: Card, best: Card, lead: str) -> bool:
    """Does ``card`` beat ``best`` (the card winning the trick so far)?"""
    if card.suit == best.suit:
        return (card.rank or 0) > (best.rank or 0)
    return card.suit == k.trump and k.trump != NO_TRUMP


def _current_best(k: _Knowledge) -> Card | None:
    best: Card | None = None
    assert k.lead is not None or not k.trick
    for _, card in k.trick:
        if best is None or _beats(k, card, best, k.lead):  # type: ignore[arg-type]
            best = card
    return best


def _hold_chance(k: _Knowledge, card: Card, lead: str, later: int) -> float:
    """The chance ``card`` (winning now) still wins after ``later`` more players."""
    if later == 0:
        return 1.0
    higher = [c for c in k.unseen if c.suit == card.suit and (c.rank or 0) > (card.rank or 0)]
    chance = 0.25 ** len(higher) if higher else 1.0
    trump = k.trump
    if trump not in (None, NO_TRUMP) and card.suit != trump:
        trumps_out = any(c.suit == trump for c in k.unseen)
        if trumps_out:
            later_seats = [(k.seat + i) % k.players for i in range(1, later + 1)]
            if any(lead in k.voids[s] for s in later_seats):
                chance *= 0.3
            else:
                left_in_suit = sum(1 for c in k.unseen if c.suit == lead)
                chance *= 0.9 if left_in_suit >= 2 * later else 0.6
    return chance


def _choose_play(k: _Knowledge, legal: Sequence[Action], rng: random.Random) -> Action:
    later = k.players - len(k.trick) - 1
    best_now = _current_best(k)
    trick_cards = [c for _, c in k.trick]
    unseen_pen = k.unseen_jack_penalty()
    scored: list[tuple[float, float, Action]] = []
    for action in legal:
        card = action.card
        assert card is not None
        lead = k.lead or card.suit
        assert lead is not None
        wins_now = best_now is None or _beats(k, card, best_now, lead)
        chance = _hold_chance(k, card, lead, later) if wins_now else 0.0
        taken = [*trick_cards, card]
        gain = k.gain(taken)
        # Jacks the later players may still drop onto the trick.
        own_suit_jack = next((j for j in k.jack_values if j.suit == lead and j in k.unseen), None)
        risk = 0.08 * later * unseen_pen
        if own_suit_jack is not None and (card.rank or 0) > 11 and card.suit == lead and later:
            risk += 0.6 * k.jack_values[own_suit_jack]
        ugly_taken = k.ugly is not None and k.ugly in taken and k.charm not in k.captured
        if ugly_taken or (k.ugly in k.captured and k.charm not in k.captured):
            risk *= 2
        if ugly_taken and k.charm not in taken:
            risk += 0.25 * unseen_pen  # Jacks still about will count double for us
        value_if_won = gain - risk
        # Getting our own Jack onto someone else's trick is worth its penalty.
        dump = k.jack_values.get(card, 0) * 1.0 if card in k.jack_values else 0.0
        if card == k.ugly and k.charm not in k.captured:
            dump += 0.5
        spend = 0.04 * (card.rank or 0) + (0.3 if card.suit == k.trump else 0.0)
        value = chance * value_if_won + (1 - chance) * dump - spend
        scored.append((value, rng.random(), action))
    return max(scored, key=lambda t: (t[0], t[1]))[2]
