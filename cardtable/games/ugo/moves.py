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
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import Action, Card, ZoneRef, seat_ref

from .cards import ATTACK, DEFENSE, MAX_EQUIPS, MAX_TABLE, POSITIONS, is_ad, is_equip, needs_tribute

if TYPE_CHECKING:
    from .rules import UgoGame

SPECIAL_KINDS = {14: "ace", 13: "king", 12: "queen", 11: "jack", 9: "nine", 8: "eight"}
TARGETED = frozenset({"ace", "king", "jack"})
OWN_PILE = frozenset({"queen", "nine", "eight"})
REACTIONS = frozenset({"take", "ten", "counter"})

POSITION_TEXT = {
    "attack": "in attack",
    "defense": "face up in defense",
    "defense_down": "face down in defense",
}


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
                "destroy", target=game.ref(victim, c, seat), label=f"Destroy {game.describe(victim, c, seat)}"
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
    out = [Action("take", label="Let it happen")]
    pile = ZoneRef("discard", seat)
    seen: set[tuple[int, str | None]] = set()
    for card in game.hands[seat].cards:
        key = (card.rank or 0, card.suit)
        if key in seen:
            continue
        if card.rank == 10 and (kind == "attack" or game.options["ten_stops_specials"]):
            seen.add(key)
            out.append(Action("ten", card, target=pile, label=f"Play {card.name} to stop it"))
        elif card.rank == 9 and kind != "attack" and game.options["nine_counters"]:
            seen.add(key)
            out.append(Action("counter", card, target=pile, label=f"Play {card.name} to turn it back"))
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
                        out.append(Action("equip", card, target=ad, label=f"Equip {card.name} on {ad.name}"))
        elif card.rank == 10:
            continue  # the 10 is played only when attacked
        elif victim is not None or card.rank in (12, 9, 8):
            kind = SPECIAL_KINDS[card.rank]  # type: ignore[index]
            out.extend(special_actions(game, seat, card, kind, victim))
    if game.positions != "used":
        for ad in own.cards:
            if ad not in game.turned:
                to = DEFENSE if own.state[ad].orientation == ATTACK else ATTACK
                out.append(Action("turn", ad, value=to, label=f"Turn {ad.name} to {to}"))
    if victim is not None and game.attacks_allowed():
        targets = game.tables[victim].cards
        for ad in own.cards:
            if own.state[ad].orientation != ATTACK or ad in game.attacked:
                continue
            if not targets:
                label = f"Attack {seat_ref(victim)} directly with {ad.name}"
                out.append(Action("attack", ad, target=table(victim), label=label))
            for t in targets:
                name = game.describe(victim, t, seat)
                out.append(
                    Action(
                        "attack", ad, target=game.ref(victim, t, seat), label=f"Attack {name} with {ad.name}"
                    )
                )
    out.append(Action("end", label="End your turn"))
    return out


def play_action(card: Card, position: str, seat: int, tribute: Card | None = None) -> Action:
    """Play an A/D card onto the player's table, or onto the tribute a 6 or 7 replaces."""
    label = f"Play {card.name} {POSITION_TEXT[position]}"
    if tribute is not None:
        label += f", giving {tribute.name} as tribute"
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
                return [
                    Action("ace", card, target=table(victim), label=f"Play {card.name} on {seat_ref(victim)}")
                ]
            return []
        return [
            Action(
                "ace",
                card,
                target=game.ref(victim, t, seat),
                label=f"Destroy {game.describe(victim, t, seat)} with {card.name}",
            )
            for t in game.tables[victim].cards
        ]
    if kind == "queen":
        if not game.discards[seat].cards:
            return []
        return [
            Action(
                "queen", card, target=discard(seat), label=f"Play {card.name}: draw from your discard pile"
            )
        ]
    if kind in TARGETED:
        assert victim is not None
        if kind == "king":
            label = f"Play {card.name}: {seat_ref(victim)} discards the top card of their deck"
        else:
            label = f"Play {card.name}: take the top card of {seat_ref(victim)}'s deck"
        return [Action(kind, card, target=deck(victim), label=label)]
    labels = {
        "nine": f"Play {card.name}: reverse the direction",
        "eight": f"Play {card.name}: everyone draws a new hand",
    }
    return [Action(kind, card, target=discard(seat), label=labels[kind])]
