"""An attack's outcome, decided in one place and told in words (RULES.md §2, "Attacks").

The rules apply the outcome and the table shows the same outcome explained:
the two values compared, which card is destroyed, how many cards go from
whose deck to the discard pile. Deciding and telling share one function so
the words can never disagree with what happens. Each outcome is told as one
whole sentence (``say``), so a translation has the whole of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine import Card
from cardtable.engine.words import Seat, say, say_n

from .cards import ATTACK


@dataclass(frozen=True)
class Clash:
    """What an attack does: whose cards are destroyed, and who sends how many deck cards."""

    destroyed: tuple[str, ...] = ()  # "target" and/or "attacker"
    sender: str = ""  # "victim" or "user": whose deck sends ``count`` cards to the discard pile
    count: int = 0


def decide(attack: int, orientation: str | None, t_attack: int, t_defense: int, lower_attack: str) -> Clash:
    """The outcome of ``attack`` against a card in ``orientation`` (None: a direct attack)."""
    if orientation is None:
        return Clash((), "victim", attack)
    if orientation == ATTACK:
        if attack > t_attack:
            return Clash(("target",), "victim", attack - t_attack)
        if lower_attack == "nothing":
            return Clash()
        if attack < t_attack:
            return Clash(("attacker",), "user", t_attack - attack)
        return Clash(("target", "attacker"))
    if attack > t_defense:
        return Clash(("target",))
    if attack < t_defense:
        return Clash((), "user", t_defense - attack)
    return Clash()


def tell(
    clash: Clash,
    user: int,
    card: Card,
    attack: int,
    victim: int,
    target: Card | None,
    orientation: str | None,
    against: int,
) -> tuple[str, str]:
    """``"{seat:0}'s K♠ (attack 13) attacks ..."`` and what happens (the head, then the outcome).

    Each a whole sentence (``say``): the head by whom or what is attacked, the
    outcome by its comparison, what is destroyed and what the decks pay.
    """
    you, them = Seat(user), Seat(victim)
    if target is None:
        head = say(
            "{seat}'s {card} (attack {attack}) attacks {seat_target} directly",
            seat=you,
            card=card,
            attack=attack,
            seat_target=them,
        )
    elif orientation == ATTACK:
        head = say(
            "{seat}'s {card} (attack {attack}) attacks {seat_target}'s {target} (attack {against})",
            seat=you,
            card=card,
            attack=attack,
            seat_target=them,
            target=target,
            against=against,
        )
    else:
        head = say(
            "{seat}'s {card} (attack {attack}) attacks {seat_target}'s {target} (defense {against})",
            seat=you,
            card=card,
            attack=attack,
            seat_target=them,
            target=target,
            against=against,
        )
    loser = Seat(victim if clash.sender == "victim" else user)
    if target is None:
        return head, _direct(clash.count, loser)
    gone = [card if who == "attacker" else target for who in clash.destroyed]
    if attack == against:
        return head, _tie(attack, target, gone, clash.count, loser)
    return head, _beats(max(attack, against), min(attack, against), target, gone, clash.count, loser)


def _direct(count: int, loser: Seat) -> str:
    """A direct attack's outcome: what the deck pays (nothing to say when it pays nothing)."""
    if not count:
        return ""
    return say_n(
        "{n} card goes from {seat}'s deck to the discard pile",
        "{n} cards go from {seat}'s deck to the discard pile",
        count,
        seat=loser,
    )


def _beats(high: int, low: int, target: Card, gone: list[Card], count: int, loser: Seat) -> str:
    """The outcome when one value beats the other ("13 beats 9; ...")."""
    if not gone:
        if count:
            return say_n(
                "{high} beats {low}; {target} holds; {n} card goes from {seat}'s deck to the discard pile",
                "{high} beats {low}; {target} holds; {n} cards go from {seat}'s deck to the discard pile",
                count,
                high=high,
                low=low,
                target=target,
                seat=loser,
            )
        return say(
            "{high} beats {low}; {target} holds; nothing else happens", high=high, low=low, target=target
        )
    if len(gone) == 1:
        if count:
            return say_n(
                "{high} beats {low}; {card} is destroyed; "
                "{n} card goes from {seat}'s deck to the discard pile",
                "{high} beats {low}; {card} is destroyed; "
                "{n} cards go from {seat}'s deck to the discard pile",
                count,
                high=high,
                low=low,
                card=gone[0],
                seat=loser,
            )
        return say("{high} beats {low}; {card} is destroyed", high=high, low=low, card=gone[0])
    if count:
        return say_n(
            "{high} beats {low}; {card} and {card_too} are destroyed; "
            "{n} card goes from {seat}'s deck to the discard pile",
            "{high} beats {low}; {card} and {card_too} are destroyed; "
            "{n} cards go from {seat}'s deck to the discard pile",
            count,
            high=high,
            low=low,
            card=gone[0],
            card_too=gone[1],
            seat=loser,
        )
    return say(
        "{high} beats {low}; {card} and {card_too} are destroyed",
        high=high,
        low=low,
        card=gone[0],
        card_too=gone[1],
    )


def _tie(value: int, target: Card, gone: list[Card], count: int, loser: Seat) -> str:
    """The outcome when both values are the same ("9 against 9, a tie; ...")."""
    if not gone:
        if count:
            return say_n(
                "{value} against {value}, a tie; {target} holds; "
                "{n} card goes from {seat}'s deck to the discard pile",
                "{value} against {value}, a tie; {target} holds; "
                "{n} cards go from {seat}'s deck to the discard pile",
                count,
                value=value,
                target=target,
                seat=loser,
            )
        return say(
            "{value} against {value}, a tie; {target} holds; nothing else happens", value=value, target=target
        )
    if len(gone) == 1:
        if count:
            return say_n(
                "{value} against {value}, a tie; {card} is destroyed; "
                "{n} card goes from {seat}'s deck to the discard pile",
                "{value} against {value}, a tie; {card} is destroyed; "
                "{n} cards go from {seat}'s deck to the discard pile",
                count,
                value=value,
                card=gone[0],
                seat=loser,
            )
        return say("{value} against {value}, a tie; {card} is destroyed", value=value, card=gone[0])
    if count:
        return say_n(
            "{value} against {value}, a tie; {card} and {card_too} are destroyed; "
            "{n} card goes from {seat}'s deck to the discard pile",
            "{value} against {value}, a tie; {card} and {card_too} are destroyed; "
            "{n} cards go from {seat}'s deck to the discard pile",
            count,
            value=value,
            card=gone[0],
            card_too=gone[1],
            seat=loser,
        )
    return say(
        "{value} against {value}, a tie; {card} and {card_too} are destroyed",
        value=value,
        card=gone[0],
        card_too=gone[1],
    )
