"""An attack's outcome, decided in one place and told in words (RULES.md §2, "Attacks").

The rules apply the outcome and the table shows the same outcome explained:
the two values compared, which card is destroyed, how many cards go from
whose deck to the discard pile. Deciding and telling share one function so
the words can never disagree with what happens.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine import Card, seat_ref

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
    """``"{seat:0}'s K♠ (attack 13) attacks ..."`` and what happens (the head, then the outcome)."""
    head = f"{seat_ref(user)}'s {card.name} (attack {attack}) attacks "
    if target is None:
        head += f"{seat_ref(victim)} directly"
    else:
        word = "attack" if orientation == ATTACK else "defense"
        head += f"{seat_ref(victim)}'s {target.name} ({word} {against})"
    parts = []
    if target is not None:
        if attack != against:
            parts.append(f"{max(attack, against)} beats {min(attack, against)}")
        else:
            parts.append(f"{attack} against {against}, a tie")
        gone = [card.name if who == "attacker" else target.name for who in clash.destroyed]
        if gone:
            parts.append(" and ".join(gone) + (" are destroyed" if len(gone) > 1 else " is destroyed"))
        else:
            parts.append(f"{target.name} holds")
    if clash.count:
        loser = victim if clash.sender == "victim" else user
        cards = "1 card goes" if clash.count == 1 else f"{clash.count} cards go"
        parts.append(f"{cards} from {seat_ref(loser)}'s deck to the discard pile")
    elif target is not None and not clash.destroyed:
        parts.append("nothing else happens")
    text = "; ".join(parts)
    return head, f"{text[:1].upper()}{text[1:]}"
