"""U-G-O's legal actions: what a seat may do now, each saying where it goes.

A table maps a drag or a click to one of these without knowing the game
(DESIGN.md, "Actions say where they go"), so each names its card and its
place:

- ``play`` an A/D card (``value`` its position) onto the player's own table,
  ``ZoneRef("table", seat)``, or, for a 6 or 7, onto the tribute Card it
  replaces;
- ``equip`` a diamond onto the A/D Card it equips;
- ``turn`` an own A/D card to ``value``, its new position (it stays put: no
  target);
- ``attack`` with a card onto the Card it attacks (the Slot of a face-down
  one), or onto the target player's table, ``ZoneRef("table", victim)``,
  for a direct attack;
- ``ace`` onto the Card or Slot it destroys; with ``specific_aces``, onto
  the target player's table;
- ``king`` and ``jack`` onto the target player's deck; ``queen``, ``nine``
  and ``eight``, and the off-turn ``ten`` and ``counter`` (a 9), onto the
  player's own discard pile;
- ``take`` and ``end`` go nowhere; ``destroy`` (a turned-back Ace) names
  the Card or Slot.

The target is where the player drops the card (TABLE.md), not always where
the card ends up: a Jack dropped on a deck still goes to its owner's discard.

A card its actor cannot see is named by its Slot, never by the Card.

Labels are whole sentences made by ``say`` (translated whole). Legal actions
are made at every step of a search, so each label is made once and kept
(an ``lru_cache``): the same words for the same cards and seats.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from cardtable.engine import Action, Card, ZoneRef
from cardtable.engine.words import N_, Said, Seat, say

from .cards import ATTACK, DEFENSE, MAX_EQUIPS, MAX_TABLE, POSITIONS, is_ad, is_equip, needs_tribute

if TYPE_CHECKING:
    from .rules import UgoGame

SPECIAL_KINDS = {14: "ace", 13: "king", 12: "queen", 11: "jack", 9: "nine", 8: "eight"}
TARGETED = frozenset({"ace", "king", "jack"})
OWN_PILE = frozenset({"queen", "nine", "eight"})
REACTIONS = frozenset({"take", "ten", "counter"})

LET_IT_HAPPEN = N_("Let it happen")
END_TURN = N_("End your turn")
_PLAY = {
    "attack": N_("Play {card} in attack"),
    "defense": N_("Play {card} face up in defense"),
    "defense_down": N_("Play {card} face down in defense"),
}
"""How an A/D card is played, by its position."""
_PLAY_TRIBUTE = {
    "attack": N_("Play {card} in attack, giving {tribute} as tribute"),
    "defense": N_("Play {card} face up in defense, giving {tribute} as tribute"),
    "defense_down": N_("Play {card} face down in defense, giving {tribute} as tribute"),
}
_TURN = {
    ATTACK: N_("Turn {card} to attack"),
    DEFENSE: N_("Turn {card} to defense"),
}


@lru_cache(maxsize=4096)
def _play_label(card: Card, position: str, tribute: Card | None) -> Said:
    if tribute is None:
        return say(_PLAY[position], card=card)
    return say(_PLAY_TRIBUTE[position], card=card, tribute=tribute)


@lru_cache(maxsize=4096)
def _turn_label(card: Card, to: str) -> Said:
    return say(_TURN[to], card=card)


@lru_cache(maxsize=4096)
def _equip_label(card: Card, on: Card) -> Said:
    return say("Equip {card} on {target}", card=card, target=on)


@lru_cache(maxsize=4096)
def _stop_label(card: Card) -> Said:
    return say("Play {card} to stop it", card=card)


@lru_cache(maxsize=4096)
def _turn_back_label(card: Card) -> Said:
    return say("Play {card} to turn it back", card=card)


@lru_cache(maxsize=4096)
def _destroy_label(target: Card | None) -> Said:
    """Destroying a card the actor sees (``target``), or a face-down one (None)."""
    if target is None:
        return say("Destroy the face-down card")
    return say("Destroy {target}", target=target)


@lru_cache(maxsize=4096)
def _direct_label(card: Card, victim: int) -> Said:
    return say("Attack {seat} directly with {card}", seat=Seat(victim), card=card)


@lru_cache(maxsize=4096)
def _attack_label(card: Card, target: Card | None) -> Said:
    """Attacking with ``card`` a card the actor sees (``target``), or a face-down one (None)."""
    if target is None:
        return say("Attack the face-down card with {card}", card=card)
    return say("Attack {target} with {card}", target=target, card=card)


@lru_cache(maxsize=4096)
def _ace_label(card: Card, target: Card | None) -> Said:
    """Destroying with an Ace a card the actor sees (``target``), or a face-down one (None)."""
    if target is None:
        return say("Destroy the face-down card with {card}", card=card)
    return say("Destroy {target} with {card}", target=target, card=card)


@lru_cache(maxsize=4096)
def _targeted_label(kind: str, card: Card, victim: int) -> Said:
    """A Special card played on a player: a specific Ace, a King, a Jack."""
    if kind == "ace":
        return say("Play {card} on {seat}", card=card, seat=Seat(victim))
    if kind == "king":
        return say("Play {card}: {seat} discards the top card of their deck", card=card, seat=Seat(victim))
    return say("Play {card}: take the top card of {seat}'s deck", card=card, seat=Seat(victim))


@lru_cache(maxsize=4096)
def _own_pile_label(kind: str, card: Card) -> Said:
    """A Special card played on the player's own discard pile: a Queen, a 9, an 8."""
    if kind == "queen":
        return say("Play {card}: draw from your discard pile", card=card)
    if kind == "nine":
        return say("Play {card}: reverse the direction", card=card)
    return say("Play {card}: everyone draws a new hand", card=card)


def table(seat: int) -> ZoneRef:
    """A player's table: where their A/D cards go, and where a direct attack aims."""
    return ZoneRef("table", seat)


def deck(seat: int) -> ZoneRef:
    """A player's deck: what a King or a Jack aims at."""
    return ZoneRef("deck", seat)


def discard(seat: int) -> ZoneRef:
    """A player's discard pile: where they put a Queen, a 9 or an 8 they play."""
    return ZoneRef("discard", seat)


def legal_now(game: UgoGame, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (none if it is not theirs to decide)."""
    if seat not in game.to_act():
        return []
    if game.phase == "react":
        return reactions(game, seat)
    if game.phase == "choose":
        assert game.pending is not None
        victim = game.pending["victim"]
        return [
            Action(
                "destroy", target=game.ref(victim, c, seat), label=_destroy_label(game.seen(victim, c, seat))
            )
            for c in game.tables[victim].cards
        ]
    return turn_actions(game, seat)


def reactions(game: UgoGame, seat: int) -> list[Action]:
    """Answers to an attack or a Special card: a 10, a 9 (a counter) or letting it happen.

    One action per face: two 10s of hearts from different decks do the same.
    """
    assert game.pending is not None
    kind = game.pending["kind"]
    out = [Action("take", label=LET_IT_HAPPEN)]
    pile = ZoneRef("discard", seat)
    seen: set[tuple[int, str | None]] = set()
    for card in game.hands[seat].cards:
        key = (card.rank or 0, card.suit)
        if key in seen:
            continue
        if card.rank == 10 and (kind == "attack" or game.options["ten_stops_specials"]):
            seen.add(key)
            out.append(Action("ten", card, target=pile, label=_stop_label(card)))
        elif card.rank == 9 and kind != "attack" and game.options["nine_counters"]:
            seen.add(key)
            out.append(Action("counter", card, target=pile, label=_turn_back_label(card)))
    return out


def turn_actions(game: UgoGame, seat: int) -> list[Action]:
    """What the player whose turn it is may do: play, equip, use Specials, turn, attack, end."""
    hand = game.hands[seat].cards
    own = game.tables[seat]
    victim = game.target_of(seat)
    out: list[Action] = []
    room = len(own.cards) < MAX_TABLE
    for card in hand:
        if is_ad(card):
            if game.ad_played:
                continue
            if needs_tribute(card):
                for tribute in own.cards:
                    out.extend(play_action(card, pos, seat, tribute) for pos in POSITIONS)
            elif room:
                out.extend(play_action(card, pos, seat) for pos in POSITIONS)
        elif is_equip(card):
            for owner in equip_tables(game, seat):
                tz = game.tables[owner]
                for ad in tz.cards:
                    st = tz.state[ad]
                    if st.face_up and len(st.attached) < MAX_EQUIPS:
                        out.append(Action("equip", card, target=ad, label=_equip_label(card, ad)))
        elif card.rank == 10:
            continue  # the 10 is played only when attacked
        elif victim is not None or card.rank in (12, 9, 8):
            kind = SPECIAL_KINDS[card.rank]  # type: ignore[index]
            out.extend(special_actions(game, seat, card, kind, victim))
    if game.positions != "used":
        for ad in own.cards:
            if ad not in game.turned:
                to = DEFENSE if own.state[ad].orientation == ATTACK else ATTACK
                out.append(Action("turn", ad, value=to, label=_turn_label(ad, to)))
    if victim is not None and game.attacks_allowed():
        targets = game.tables[victim].cards
        for ad in own.cards:
            if own.state[ad].orientation != ATTACK or ad in game.attacked:
                continue
            if not targets:
                label = _direct_label(ad, victim)
                out.append(Action("attack", ad, target=table(victim), label=label))
            for t in targets:
                label = _attack_label(ad, game.seen(victim, t, seat))
                out.append(Action("attack", ad, target=game.ref(victim, t, seat), label=label))
    out.append(Action("end", label=END_TURN))
    return out


def play_action(card: Card, position: str, seat: int, tribute: Card | None = None) -> Action:
    """Play an A/D card onto the player's table, or onto the tribute a 6 or 7 replaces."""
    label = _play_label(card, position, tribute)
    return Action(
        "play", card, value=position, target=table(seat) if tribute is None else tribute, label=label
    )


def equip_tables(game: UgoGame, seat: int) -> list[int]:
    """Whose A/D cards ``seat`` may equip (``equip_opponents``: everyone's still in the game)."""
    if game.options["equip_opponents"]:
        return [s for s in range(game.players) if game.alive[s]]
    return [seat]


def special_actions(game: UgoGame, seat: int, card: Card, kind: str, victim: int | None) -> list[Action]:
    """The ways to play the Special ``card`` (an Ace: one per card it may destroy)."""
    if kind == "ace":
        assert victim is not None
        if game.options["specific_aces"]:
            if game.ace_victims(card, victim):
                return [Action("ace", card, target=table(victim), label=_targeted_label("ace", card, victim))]
            return []
        return [
            Action(
                "ace",
                card,
                target=game.ref(victim, t, seat),
                label=_ace_label(card, game.seen(victim, t, seat)),
            )
            for t in game.tables[victim].cards
        ]
    if kind == "queen":
        if not game.discards[seat].cards:
            return []
        return [Action("queen", card, target=discard(seat), label=_own_pile_label("queen", card))]
    if kind in TARGETED:
        assert victim is not None
        return [Action(kind, card, target=deck(victim), label=_targeted_label(kind, card, victim))]
    return [Action(kind, card, target=discard(seat), label=_own_pile_label(kind, card))]
