"""U-G-O's rule-based player: reads a View, never the game.

A turn, one action at a time: steal and mill with Jacks and Kings, heal with
a Queen when short of cards, destroy the most dangerous enemy card with an
Ace, develop the board with the best Attack/Defense card (a 6 or 7 when a
weak card can be spared as tribute), equip the strongest attacker, turn
cards to attack when they have a winning attack, attack where it pays
(counting the chances against a face-down card from the cards still
unseen), turn exposed attackers to defense, then end the turn. Attacked, it
keeps its 10 for a hit that costs a lot (or would knock it out).

Its judgement calls are a ``Style``. ``choose`` is the ``normal`` level.
``choose_sharp``, the hard level's own play, duels (two players) more
boldly: it attacks on smaller odds, prefers attack position, heals sooner
and spends its 10 on smaller hits. It wins about 53%
of duels against ``choose``; with more players it plays like ``choose``, as
the bold style measured no better there.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.engine import Action, Card, CardView, Slot, View, ZoneRef

from .cards import ATTACK, DEFENSE, attack_value, base_defense, defense_value, is_ad
from .rules import catalog_for


@dataclass(frozen=True)
class Style:
    """The bot's judgement calls, in cards of deck (the game's currency)."""

    ten_loss: float = 5  # spend a 10 on a hit that costs at least this much
    queen_hand: int = 5  # heal with a Queen with at most this many cards in hand
    defense_bias: float = 0.0  # added to a card's worth in defense position when playing it
    attack_min: float = 0.5  # attack when the expected gain is above this
    face_down_win: float = 4  # the worth of destroying a face-down defender


NORMAL = Style()
SHARP = Style(ten_loss=4, queen_hand=8, defense_bias=-2, attack_min=-3, face_down_win=6)


@dataclass
class _Board:
    view: View
    seat: int
    victim: int | None
    hand: list[Card]
    my_table: list[CardView]
    their_table: list[CardView]
    deck: dict[int, int]
    hands: dict[int, int]
    style: Style
    stats: dict[Card, tuple[int, int]] = field(default_factory=dict)

    def strength(self, cv: CardView) -> tuple[int, int]:
        if cv.card is not None and cv.card in self.stats:
            return self.stats[cv.card]
        return (0, 0)


def _board(view: View, style: Style) -> _Board:
    seat = view.seat
    assert seat is not None
    victim = view.info["targets"][seat]
    return _Board(
        view=view,
        seat=seat,
        victim=victim,
        hand=view.zone("hand", seat).known_cards,
        my_table=list(view.zone("table", seat).cards),
        their_table=list(view.zone("table", victim).cards) if victim is not None else [],
        deck={s: len(view.zone("deck", s)) for s in range(view.players)},
        hands={s: len(view.zone("hand", s)) for s in range(view.players)},
        style=style,
        stats=dict(view.info["stats"]),
    )


def choose(view: View, rng: random.Random) -> Action:
    """The bot's action for the seat of ``view`` (which must have one to take)."""
    return choose_with(view, rng, NORMAL)


def choose_sharp(view: View, rng: random.Random) -> Action:
    """The bolder duellist's action: the search's own play (``Search.bot``)."""
    return choose_with(view, rng, SHARP if view.players == 2 else NORMAL)


def choose_with(view: View, rng: random.Random, style: Style) -> Action:
    """The action the bot takes for ``view`` when it plays ``style``."""
    legal = view.choices()
    if len(legal) == 1:
        return legal[0]
    b = _board(view, style)
    if view.phase == "react":
        return _react(b, legal)
    if view.phase == "choose":
        return max(legal, key=lambda a: _target_value(b, a.target, b.view.info["pending"]["victim"]))
    return _turn(b, legal, rng)


# -- being attacked ------------------------------------------------------------


def _react(b: _Board, legal: Sequence[Action]) -> Action:
    pending = b.view.info["pending"]
    by_kind = {a.kind: a for a in legal}
    my_deck = b.deck[b.seat]
    if pending["kind"] == "attack":
        loss = _attack_loss(b, pending)
        if "ten" in by_kind and (loss >= b.style.ten_loss or loss >= my_deck):
            return by_kind["ten"]
        return by_kind["take"]
    # A Special card is used on us: King and Jack cost a card, an Ace a table card.
    if "counter" in by_kind:
        return by_kind["counter"]
    if "ten" in by_kind and (my_deck <= 2 or pending["kind"] == "ace"):
        return by_kind["ten"]
    return by_kind["take"]


def _attack_loss(b: _Board, pending: dict) -> float:
    """What letting the pending attack through would cost: cards sent plus table value."""
    attacker = pending["card"]
    attack = b.stats.get(attacker, (attack_value(attacker), 0))[0]
    target = pending["target"]
    if target is None:
        return attack
    card = target if isinstance(target, Card) else None
    mine = next((cv for cv in b.my_table if cv.card == card), None) if card is not None else None
    if mine is None:
        return 2
    t_attack, t_defense = b.strength(mine)
    if mine.orientation == ATTACK:
        if attack > t_attack:
            return attack - t_attack + 2 + 2 * len(mine.attached)
        return 0
    return 2 + 2 * len(mine.attached) if attack > t_defense else 0


# -- our turn ------------------------------------------------------------------


def _turn(b: _Board, legal: Sequence[Action], rng: random.Random) -> Action:
    """A turn's move, in the order of what pays most: a special card, building the table, an attack
    (or turning a card to make one), guarding, a reversal, and else the end of the turn."""
    kinds: dict[str, list[Action]] = {}
    for a in legal:
        kinds.setdefault(a.kind, []).append(a)
    for step in (_special_card, _build, _fight, _guard):
        move = step(b, kinds)
        if move is not None:
            return move
    if "nine" in kinds and sum(b.view.info["alive"]) > 2 and _reverse_pays(b):
        return kinds["nine"][0]
    return kinds["end"][0]


def _special_card(b: _Board, kinds: dict[str, list[Action]]) -> Action | None:
    """A Jack, King, Queen, 8 or Ace, where it pays."""
    victim = b.victim
    if "jack" in kinds and victim is not None and b.deck[victim] > 0:
        return kinds["jack"][0]
    if "king" in kinds:
        return kinds["king"][0]
    if "queen" in kinds and len(b.hand) <= b.style.queen_hand:
        return kinds["queen"][0]
    if "eight" in kinds and victim is not None and _eight_pays(b):
        return kinds["eight"][0]
    if "ace" in kinds:
        return _best_ace(b, kinds["ace"], b.view.options.get("specific_aces", False))
    return None


def _build(b: _Board, kinds: dict[str, list[Action]]) -> Action | None:
    """A card onto the table, or an equip onto one."""
    if "play" in kinds:
        play = _best_play(b, kinds["play"])
        if play is not None:
            return play
    if "equip" in kinds:
        return max(kinds["equip"], key=lambda a: _equip_value(b, a))
    return None


def _fight(b: _Board, kinds: dict[str, list[Action]]) -> Action | None:
    """An attack that wins, first turning a card to attack with where positions are still free."""
    if "attack" not in kinds:
        return None
    if b.view.info["positions"] == "unused" and "turn" in kinds:
        ready = [a for a in kinds["turn"] if a.value == ATTACK and _has_winning_attack(b, a.card)]
        if ready:
            return ready[0]
    return _best_attack(b, kinds["attack"])


def _guard(b: _Board, kinds: dict[str, list[Action]]) -> Action | None:
    """An exposed card turned to defense, when no attack is worth making first."""
    if "turn" not in kinds:
        return None
    open_batch = b.view.info["positions"] == "open"
    guard = [a for a in kinds["turn"] if a.value == DEFENSE and _exposed(b, a.card)]
    if guard and (open_batch or "attack" not in kinds or _best_attack(b, kinds["attack"]) is None):
        return guard[0]
    return None


def _eight_pays(b: _Board) -> bool:
    """An 8 costs everyone a hand's worth of deck: good if it knocks the target out."""
    victim = b.victim
    assert victim is not None
    if b.deck[victim] < b.hands[victim]:
        return b.deck[b.seat] >= len(b.hand)
    useless = not any(is_ad(c) or c.suit == "D" for c in b.hand)
    return useless and b.deck[b.seat] > len(b.hand) + 8


def _target_value(b: _Board, target: Card | Slot | ZoneRef | None, owner: int) -> float:
    if target is None or isinstance(target, ZoneRef):
        return 0
    if isinstance(target, Slot):
        return 6.0  # a face-down defender: an average card
    atk, dfn = b.stats.get(target, (attack_value(target), defense_value(target)))
    return max(atk, dfn) + 0.5 * min(atk, dfn)


def _best_ace(b: _Board, aces: Sequence[Action], specific: bool) -> Action | None:
    victim = b.victim
    assert victim is not None
    if specific:
        return aces[0] if b.their_table else None
    best = max(aces, key=lambda a: _target_value(b, a.target, victim))
    return best if _target_value(b, best.target, victim) >= 8 else None


def _best_play(b: _Board, plays: Sequence[Action]) -> Action | None:
    def value(a: Action) -> float:
        card = a.card
        assert card is not None
        atk, dfn = attack_value(card), defense_value(card)
        if a.value == ATTACK:
            score = atk + 0.3 * dfn
            if card.suit == "H":
                score -= 3
        else:
            score = dfn + 0.2 * atk + (0.5 if a.value == "defense_down" else 0) + b.style.defense_bias
            if card.suit == "S":
                score -= 3
        if isinstance(a.target, Card):  # a 6 or 7 replacing a tribute (else its target is the table)
            tribute = next(cv for cv in b.my_table if cv.card == a.target)
            t_atk, t_def = b.strength(tribute)
            score -= max(t_atk, t_def) + 2 * len(tribute.attached) + 2
        return score

    best = max(plays, key=value)
    return best if value(best) > 0 else None


def _equip_value(b: _Board, a: Action) -> float:
    target = a.target
    cv = next((cv for cv in b.my_table if cv.card == target), None)
    if cv is None:
        return -10.0  # another player's card
    atk, dfn = b.strength(cv)
    return (atk if cv.orientation == ATTACK else dfn) + 1


def _defender_chances(b: _Board, cv: CardView, attack: int) -> tuple[float, float]:
    """Against a face-down card: P(attack wins), and the expected cards sent if it loses."""
    owner = b.victim
    assert owner is not None
    unseen = [c for c in catalog_for(b.view.players) if c.back == cv.back and is_ad(c)]
    visible = set(b.view.known_cards())
    candidates = [base_defense(c) for c in unseen if c not in visible]
    if not candidates:
        return 0.5, 3.0
    wins = sum(1 for d in candidates if attack > d)
    loss = sum(d - attack for d in candidates if d > attack)
    return wins / len(candidates), loss / len(candidates)


def _attack_gain(b: _Board, attacker: Card, target: Card | Slot | ZoneRef | None) -> float:
    attack = b.stats.get(attacker, (attack_value(attacker), 0))[0]
    lower = b.view.options.get("lower_attack", "destroyed")
    if target is None or isinstance(target, ZoneRef):  # a direct attack
        return float(attack)
    cv = _find(b.their_table, target)
    if cv.card is None:
        p, loss = _defender_chances(b, cv, attack)
        return p * b.style.face_down_win - (1 - p) * loss - (1 - p) * 1
    t_atk, t_def = b.strength(cv)
    if cv.orientation == ATTACK:
        if attack > t_atk:
            return attack - t_atk + 4 + 2 * len(cv.attached)
        if lower == "nothing":
            return -0.1
        if attack == t_atk:
            mine = b.stats.get(attacker, (0, 0))
            return 1.0 if max(t_atk, t_def) > max(mine) else -1.0
        return -(t_atk - attack) - 4
    if attack > t_def:
        return 4 + 2 * len(cv.attached)
    if attack == t_def:
        return -0.1
    return -(t_def - attack)


def _find(table: list[CardView], target: Card | Slot) -> CardView:
    if isinstance(target, Slot):
        return table[target.index]
    return next(cv for cv in table if cv.card == target)


def _best_attack(b: _Board, attacks: Sequence[Action]) -> Action | None:
    best = max(attacks, key=lambda a: _attack_gain(b, a.card, a.target))  # type: ignore[arg-type]
    return best if _attack_gain(b, best.card, best.target) > b.style.attack_min else None  # type: ignore[arg-type]


def _has_winning_attack(b: _Board, card: Card | None) -> bool:
    if card is None or b.victim is None:
        return False
    if not b.their_table:
        return True
    refs = [
        cv.card if cv.card is not None else Slot("table", b.victim, i) for i, cv in enumerate(b.their_table)
    ]
    return any(_attack_gain(b, card, ref) > 2 for ref in refs)


def _exposed(b: _Board, card: Card | None) -> bool:
    """Would this attack-position card lose to an enemy attacker next turn?"""
    if card is None:
        return False
    mine = next(cv for cv in b.my_table if cv.card == card)
    atk, dfn = b.strength(mine)
    attackers = [s for s in range(b.view.players) if b.view.info["targets"][s] == b.seat]
    threat = 0
    for s in attackers:
        for cv in b.view.zone("table", s).cards:
            if cv.card is not None and cv.orientation == ATTACK:
                threat = max(threat, b.stats.get(cv.card, (0, 0))[0])
    return threat > atk and dfn >= atk - 2


def _reverse_pays(b: _Board) -> bool:
    """Reverse when the player on the other side is the easier target."""
    seat = b.seat
    n = b.view.players
    alive = b.view.info["alive"]
    back = -b.view.info["direction"]
    other = next(((seat + back * i) % n for i in range(1, n) if alive[(seat + back * i) % n]), None)
    if b.victim is None or other is None or other == b.victim:
        return False
    return (
        b.deck[other] + 3 * len(b.view.zone("table", other)) < b.deck[b.victim] + 3 * len(b.their_table) - 4
    )
