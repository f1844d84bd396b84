"""Why a move is good, in a sentence, as the rule-based player sees it (the hint says it).

The hint is the hard computer's move; its reasons are the bot's own judgments
(``bot.py``), in the style the hard level plays (bolder in a duel). Where the
bot would not make the move, or has no simple reason for it, there is none.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.engine import Action, Card, CardView, Slot, View, ZoneRef
from cardtable.engine.words import Said, Seat, say, say_n

from .bot import (
    NORMAL,
    SHARP,
    _attack_gain,
    _attack_loss,
    _best_play,
    _Board,
    _board,
    _eight_pays,
    _equip_value,
    _exposed,
    _find,
    _has_winning_attack,
    _reverse_pays,
    _target_value,
    choose_with,
)
from .cards import ATTACK, DEFENSE, attack_value, base_defense, defense_value, equip_bonus, is_ad
from .rules import catalog_for


def why(view: View, action: Action) -> Said | None:
    """The reason for ``action`` in ``view``, or None where there is no simple one to give."""
    if view.seat is None or view.info["targets"][view.seat] is None or not view.legal:
        return None
    # The hard level plays SHARP in a duel, the bot NORMAL: a reason of either style is the bot's.
    styles = (SHARP, NORMAL) if view.players == 2 else (NORMAL,)
    for style in styles:
        reason = _why(_board(view, style), action)
        if reason is not None:
            return reason
    return None


def _why(b: _Board, action: Action) -> Said | None:
    view = b.view
    if view.phase == "react":
        return _react(b, action)
    if view.phase == "choose":
        return _destroy(b, action)
    if view.phase != "turn":
        return None
    kind = action.kind
    if kind in ("jack", "king", "queen", "eight", "nine"):
        return _special(b, action)
    if kind == "ace":
        return _ace(b, action)
    if kind == "play":
        return _play(b, action)
    if kind == "equip":
        return _equip(b, action)
    if kind == "turn":
        return _turn(b, action)
    if kind == "attack":
        return _attack(b, action)
    if kind == "end" and choose_with(view, random.Random(0), b.style).kind == "end":
        return say("Nothing else is worth playing or attacking with this turn")
    return None


# -- Special cards -------------------------------------------------------------


def _special(b: _Board, action: Action) -> Said | None:
    victim = b.victim
    kind = action.kind
    if kind in ("jack", "king") and victim is not None:
        if b.deck[victim] == 0:
            return say("{seat}'s deck is empty: this knocks them out of the game", seat=Seat(victim))
        if kind == "jack":
            return say(
                "A Jack costs {seat} the top card of their deck and gives it to you", seat=Seat(victim)
            )
        return say("A King costs {seat} the top card of their deck", seat=Seat(victim))
    if kind == "queen" and len(b.hand) <= b.style.queen_hand:
        if len(b.hand) > NORMAL.queen_hand:
            return say("The Queen brings back a used card from your discard pile to play again")
        return say_n(
            "You have only {n} card in hand: the Queen brings one back from your discard pile",
            "You have only {n} cards in hand: the Queen brings one back from your discard pile",
            len(b.hand),
        )
    if kind == "eight" and victim is not None and _eight_pays(b):
        if b.deck[victim] < b.hands[victim]:
            return say(
                "{seat} has fewer cards in their deck than in their hand: an 8 knocks them out",
                seat=Seat(victim),
            )
        return say("You have no Attack/Defense or Equip cards in hand: an 8 gives you a new hand")
    if kind == "nine" and sum(b.view.info["alive"]) > 2 and _reverse_pays(b):
        other = _behind(b)
        if other is not None and victim is not None:
            return say(
                "Reversed, you attack {seat}, an easier target than {seat_now}",
                seat=Seat(other),
                seat_now=Seat(victim),
            )
    return None


def _behind(b: _Board) -> int | None:
    """The player on the other side, who becomes the target when the direction is reversed."""
    n = b.view.players
    alive = b.view.info["alive"]
    back = -b.view.info["direction"]
    return next(((b.seat + back * i) % n for i in range(1, n) if alive[(b.seat + back * i) % n]), None)


def _ace(b: _Board, action: Action) -> Said | None:
    victim = b.victim
    card = action.card
    if victim is None or card is None:
        return None
    if b.view.options.get("specific_aces", False):
        if card.suit == "D":
            n = sum(len(cv.attached) for cv in b.their_table)
            return say_n(
                "{card} destroys {n} Equip card on {seat}'s table",
                "{card} destroys {n} Equip cards on {seat}'s table",
                n,
                card=card,
                seat=Seat(victim),
            )
        wanted = {"S": (ATTACK,), "H": (DEFENSE,), "C": (ATTACK, DEFENSE)}[card.suit or "C"]
        n = sum(1 for cv in b.their_table if cv.orientation in wanted)
        return say_n(
            "{card} destroys {n} card on {seat}'s table",
            "{card} destroys {n} cards on {seat}'s table",
            n,
            card=card,
            seat=Seat(victim),
        )
    target = action.target
    if not isinstance(target, Card):
        return None
    value = _target_value(b, target, victim)
    best = max(_target_value(b, a.target, victim) for a in b.view.legal if a.kind == "ace")
    if value >= 8 and value >= best:
        return say(
            "{target} is the strongest card on {seat}'s table: the Ace destroys it",
            target=target,
            seat=Seat(victim),
        )
    return None


def _destroy(b: _Board, action: Action) -> Said | None:
    """After a 9 turned an Ace back: the card of its user to destroy."""
    target = action.target
    owner = b.view.info["pending"]["victim"]
    if not isinstance(target, Card):
        return None
    best = max(_target_value(b, a.target, owner) for a in b.view.legal)
    if _target_value(b, target, owner) >= best:
        return say("{target} is the strongest card on {seat}'s table", target=target, seat=Seat(owner))
    return None


# -- building the table ----------------------------------------------------------


def _play(b: _Board, action: Action) -> Said | None:
    card = action.card
    if card is None:
        return None
    if _best_play(b, [a for a in b.view.legal if a.kind == "play"]) != action:
        return None
    tribute = action.target
    if isinstance(tribute, Card):
        return say(
            "{card} is worth more than {tribute}, the card it costs as tribute", card=card, tribute=tribute
        )
    attack, defense = attack_value(card), defense_value(card)
    if action.value == ATTACK:
        if card.suit == "S":
            return say("A spade attacks with twice its rank: {card} attacks with {n}", card=card, n=attack)
        if card.suit == "C":
            return say("In attack position {card} can attack with {n}", card=card, n=attack)
        return None
    if card.suit == "H":
        return say("A heart defends with twice its rank: {card} defends with {n}", card=card, n=defense)
    if card.suit == "C" and action.value == "defense_down":
        return say("Face down in defense, {card} keeps its strength a secret from your attacker", card=card)
    return None


def _equip(b: _Board, action: Action) -> Said | None:
    card, target = action.card, action.target
    if card is None or not isinstance(target, Card) or not any(cv.card == target for cv in b.my_table):
        return None
    equips = [a for a in b.view.legal if a.kind == "equip"]
    if _equip_value(b, action) < max(_equip_value(b, a) for a in equips):
        return None
    return say(
        "{card} adds {n} to {target}, your strongest card", card=card, n=equip_bonus(card), target=target
    )


def _turn(b: _Board, action: Action) -> Said | None:
    card = action.card
    victim = b.victim
    if card is None or victim is None:
        return None
    if action.value == ATTACK:
        if b.view.info["positions"] != "unused" or not b.view.info["attacks_allowed"]:
            return None
        if not _has_winning_attack(b, card):
            return None
        if not b.their_table:
            return say(
                "{seat} has no cards on the table: turned to attack, {card} can hit them directly",
                seat=Seat(victim),
                card=card,
            )
        return say(
            "Turned to attack, {card} can win an attack on {seat}'s cards", card=card, seat=Seat(victim)
        )
    if not _exposed(b, card):
        return None
    threat = _threat(b)
    if threat is None:
        return None
    return say(
        "{seat} has an attacker stronger than {card}: it is safer in defense", seat=Seat(threat), card=card
    )


def _threat(b: _Board) -> int | None:
    """The player whose attack-position card hits hardest of those who attack this seat."""
    best, who = 0, None
    for s in range(b.view.players):
        if b.view.info["targets"][s] != b.seat:
            continue
        for cv in b.view.zone("table", s).cards:
            if cv.card is not None and cv.orientation == ATTACK and b.stats.get(cv.card, (0, 0))[0] > best:
                best, who = b.stats[cv.card][0], s
    return who


# -- attacks -------------------------------------------------------------------


def _attack(b: _Board, action: Action) -> Said | None:
    card, target = action.card, action.target
    victim = b.victim
    if card is None or victim is None or target is None:
        return None
    gain = _attack_gain(b, card, target)  # type: ignore[arg-type]
    if gain <= b.style.attack_min:
        return None
    attack = b.stats.get(card, (0, 0))[0]
    if isinstance(target, ZoneRef):
        return say_n(
            "{seat} has nothing on the table to block it: {card} costs them {n} card from their deck",
            "{seat} has nothing on the table to block it: {card} costs them {n} cards from their deck",
            attack,
            seat=Seat(victim),
            card=card,
        )
    assert isinstance(target, (Card, Slot))
    cv = _find(b.their_table, target)
    if cv.card is None:
        wins, total = _face_down_odds(b, cv.back, attack)
        if total and gain > 0:
            return say(
                "{card} beats {n} of the {total} cards that could be lying face down there",
                card=card,
                n=wins,
                total=total,
            )
        return None
    return _face_up(b, card, cv, attack, gain, Seat(victim))


def _face_up(b: _Board, card: Card, cv: CardView, attack: int, gain: float, victim: Seat) -> Said | None:
    """An attack on a face-up card: what it beats, or why a level one is still worth it."""
    t_atk, t_def = b.strength(cv)
    if cv.orientation == ATTACK:
        if attack > t_atk:
            return say_n(
                "{card} (attack {attack}) beats {target} (attack {against}): "
                "{target} is destroyed and {seat} loses {n} card",
                "{card} (attack {attack}) beats {target} (attack {against}): "
                "{target} is destroyed and {seat} loses {n} cards",
                attack - t_atk,
                card=card,
                attack=attack,
                target=cv.card,
                against=t_atk,
                seat=victim,
            )
        if attack == t_atk and gain > 0:
            return say(
                "Both cards go, and {target} is worth more to {seat} than {card} is to you",
                target=cv.card,
                seat=victim,
                card=card,
            )
        return None
    if attack > t_def:
        return say(
            "{card} (attack {attack}) beats {target} (defense {against}): {target} is destroyed",
            card=card,
            attack=attack,
            target=cv.card,
            against=t_def,
        )
    return None


def _face_down_odds(b: _Board, back: int, attack: int) -> tuple[int, int]:
    """Of the Attack/Defense cards of that back still unseen, how many ``attack`` beats, and how many."""
    visible = set(b.view.known_cards())
    candidates = [
        base_defense(c)
        for c in catalog_for(b.view.players)
        if c.back == back and is_ad(c) and c not in visible
    ]
    return sum(1 for d in candidates if attack > d), len(candidates)


# -- being attacked ------------------------------------------------------------


def _react(b: _Board, action: Action) -> Said | None:
    pending = b.view.info["pending"]
    kinds = {a.kind for a in b.view.legal}
    if pending["kind"] == "attack":
        return _react_attack(b, action, pending, kinds)
    special = pending["card"]
    user = Seat(pending["user"])
    deck = b.deck[b.seat]
    if action.kind == "counter":
        return say("A 9 turns {special} back on {seat}", special=special, seat=user)
    if action.kind == "ten":
        if pending["kind"] == "ace":
            if b.view.options.get("specific_aces", False):
                return say("A 10 stops {special} before it destroys your cards", special=special)
            return say("A 10 stops {special} before it destroys one of your cards", special=special)
        if deck == 0:
            return say("Your deck is empty: {special} would knock you out of the game", special=special)
        if deck <= 2:
            return say_n(
                "Only {n} card is left in your deck: stop {special} with a 10",
                "Only {n} cards are left in your deck: stop {special} with a 10",
                deck,
                special=special,
            )
        return None
    if (
        action.kind == "take"
        and "ten" in kinds
        and "counter" not in kinds
        and deck > 2
        and pending["kind"] != "ace"
    ):
        return say("{special} costs you only one card: keep your 10 for an attack", special=special)
    return None


def _react_attack(b: _Board, action: Action, pending: dict, kinds: Sequence[str] | set[str]) -> Said | None:
    if "ten" not in kinds:
        return None
    loss = _attack_loss(b, pending)
    deck = b.deck[b.seat]
    attacker = pending["card"]
    attack = b.stats.get(attacker, (0, 0))[0]
    target = pending["target"]
    mine = next((cv for cv in b.my_table if cv.card == target), None) if isinstance(target, Card) else None
    if action.kind == "ten":
        if loss < b.style.ten_loss and loss < deck:
            return None
        if _deck_cost(b, attack, mine, target) > deck:
            return say("This attack would knock you out of the game: stop it with a 10")
        if loss < b.style.ten_loss:
            return say_n(
                "Only {n} card is left in your deck: this attack costs too much to let through",
                "Only {n} cards are left in your deck: this attack costs too much to let through",
                deck,
            )
        if target is None:
            return say_n(
                "This attack would cost you {n} card from your deck: stop it with a 10",
                "This attack would cost you {n} cards from your deck: stop it with a 10",
                attack,
            )
        if mine is not None and mine.card is not None:
            return say("This attack would destroy {target}: stop it with a 10", target=mine.card)
        return None
    if action.kind != "take" or loss >= b.style.ten_loss or loss >= deck:
        return None
    if mine is not None and mine.card is not None:
        t_atk, t_def = b.strength(mine)
        if (mine.orientation == ATTACK and attack < t_atk) or (
            mine.orientation != ATTACK and attack <= t_def
        ):
            return say("This attack cannot beat {target}: keep your 10", target=mine.card)
    return say("This attack costs you little: keep your 10 for a bigger one")


def _deck_cost(b: _Board, attack: int, mine: CardView | None, target: object) -> int:
    """How many cards the attack would send from this seat's deck (0 where it only destroys a card)."""
    if target is None:
        return attack
    if mine is None or mine.orientation != ATTACK:
        return 0
    return max(0, attack - b.strength(mine)[0])
