"""A fast play-out policy for search: plausible U-G-O play from the full (dealt) game.

Reads the game directly (search plays thousands of turns per decision):
take with Jacks and Kings, put down an Attack/Defense card, equip it, attack
where the numbers say it pays, answer a big hit with a 10, then end the
turn. Inside search the game is one imagined deal, so nothing hidden from
the real player is used.
"""

from __future__ import annotations

import random

from cardtable.engine import Action, Card, Slot

from .cards import attack_value, defense_value
from .rules import ATTACK, UgoGame


def _gain(game: UgoGame, seat: int, attacker: Card, target: Card | Slot | None) -> float:
    """Rough worth of an attack: cards the target loses minus what it costs us."""
    victim = game.target_of(seat)
    assert victim is not None
    attack = game.stats(attacker, seat)[0]
    card = game._deref(victim, target)
    if card is None:
        return attack
    t_attack, t_defense = game.stats(card, victim)
    if game.tables[victim].state[card].orientation == ATTACK:
        return attack - t_attack + 3 if attack > t_attack else t_attack - attack * 2 - 3
    return 3 if attack > t_defense else -(t_defense - attack) - 1


def rollout(game: UgoGame, seat: int, rng: random.Random) -> Action:
    legal = game.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    phase = game.phase
    if phase == "react":
        pending = game.pending
        ten = next((a for a in legal if a.kind in ("ten", "counter")), None)
        if ten is not None and pending is not None and pending["kind"] == "attack":
            attacker = pending["card"]
            if game.stats(attacker, pending["user"])[0] >= 6:
                return ten
        return next(a for a in legal if a.kind == "take")
    if phase == "choose":
        return rng.choice(legal)
    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    for kind in ("jack", "king"):
        if kind in by_kind:
            return by_kind[kind][0]
    plays = by_kind.get("play")
    if plays:

        def worth(a: Action) -> float:
            card = a.card
            assert card is not None
            own = attack_value(card) if a.value == ATTACK else defense_value(card)
            return own - (6 if a.target is not None else 0) + rng.random()

        best = max(plays, key=worth)
        if worth(best) > 3:
            return best
    if "equip" in by_kind:
        own = [a for a in by_kind["equip"] if a.target in game.tables[seat].cards]
        if own:
            return rng.choice(own)
    if "ace" in by_kind and rng.random() < 0.7:
        return rng.choice(by_kind["ace"])
    attacks = by_kind.get("attack")
    if attacks:
        best = max(attacks, key=lambda a: _gain(game, seat, a.card, a.target))  # type: ignore[arg-type]
        if _gain(game, seat, best.card, best.target) > 0:  # type: ignore[arg-type]
            return best
    return by_kind["end"][0] if "end" in by_kind else rng.choice(legal)
