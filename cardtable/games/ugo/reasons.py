"""Why U-G-O refuses an action: one sentence for the person who tried it.

Only explains: ``UgoGame.check`` decides (an action is allowed when it is one
of the legal actions, field by field) and asks here why not. So these
functions must cope with anything a caller can put in an Action (a card given
as its code, a plain tuple for a zone, a float for a seat) and never raise.

Seats are named by ``{seat:N}`` placeholders, each followed by a modal or a
verb the table can turn to the second person ("{seat:0} has already played"
reads "You have already played"). A reason says no more than the seat may
know: a hidden card it names is treated like a card that is not there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine import Action, Card, Reason, Slot, ZoneRef, brief, seat_ref

from .cards import ATTACK, DEFENSE, MAX_EQUIPS, MAX_TABLE, POSITIONS, is_ad, is_equip, needs_tribute
from .moves import OWN_PILE, REACTIONS, SPECIAL_KINDS, TARGETED, deck, discard, equip_tables, table

if TYPE_CHECKING:
    from .rules import UgoGame

KINDS = frozenset({"play", "equip", "turn", "attack", "end", "destroy", *REACTIONS, *SPECIAL_KINDS.values()})
_ARTICLE = {
    "ace": "an Ace",
    "king": "a King",
    "queen": "a Queen",
    "jack": "a Jack",
    "nine": "a 9",
    "eight": "an 8",
}
_SPECIFIC_ACES = {
    "S": "all of {them}'s cards in attack position",
    "H": "all of {them}'s cards in defense position",
    "C": "all of {them}'s Attack/Defense cards",
    "D": "all the equips on {them}'s cards",
}


def why_not(game: UgoGame, seat: int, action: Action) -> str:
    """A reason ``action`` is not allowed for ``seat`` now (which must be a seat to act)."""
    kind = action.kind
    if type(kind) is not str or kind not in KINDS:
        return f"there is no action {brief(kind)} in U-G-O"
    bad = shape_problem(game, action)
    if bad:
        return bad
    if game.phase == "react":
        return _react(game, seat, action)
    if game.phase == "choose":
        return _choose(game, seat, action)
    return _turn(game, seat, action)


def is_card(game: UgoGame, x: Any) -> bool:
    """Is ``x`` a Card of this game's catalog (not an int, a code or another game's card)?"""
    if type(x) is not Card or not 0 <= int(x) < len(game.catalog):
        return False
    return game.catalog[int(x)].code == x.code


def _is_seat(game: UgoGame, x: Any) -> bool:
    return type(x) is int and 0 <= x < game.players


def shape_problem(game: UgoGame, action: Action) -> str | None:
    """What in the action's fields is not even of the right type, or None."""
    card, target = action.card, action.target
    if card is not None and not is_card(game, card):
        return f"{brief(card)} is not a card of this game"
    if type(action.cards) is not tuple or action.cards:
        return f"U-G-O plays one card at a time: a {action.kind} names no group (got {brief(action.cards)})"
    if action.source is not None:
        return f"a {action.kind} starts from no zone (got {brief(action.source)})"
    if action.value is not None:
        if action.kind not in ("play", "turn"):
            return f"a {action.kind} takes no value (got {brief(action.value)})"
        if type(action.value) is not str:
            return f"{brief(action.value)} is not a position"
    if target is None:
        return None
    if type(target) is Card:
        return None if is_card(game, target) else f"{brief(target)} is not a card of this game"
    if type(target) is ZoneRef:
        if type(target.zone) is str and _is_seat(game, target.owner):
            return None
        return f"{brief(target)} is not a zone of this game (a zone name and a seat)"
    if type(target) is Slot:
        if type(target.zone) is str and _is_seat(game, target.owner) and type(target.index) is int:
            return None
        return f"{brief(target)} is not a place on the table (a zone name, a seat and an index)"
    return f"{brief(target)} is not a card, a place or a zone to aim at"


def _visible_on_table(
    game: UgoGame, seat: int, owner: int, target: Card | Slot | ZoneRef | None
) -> Card | None:
    """The table card of ``owner`` that ``target`` names as ``seat`` may name it, or None.

    A visible card is named by the Card, a face-down one by its Slot; any other
    name for a face-down card gets None, like a card not there at all.
    """
    tz = game.tables[owner]
    if type(target) is Slot:
        if target.zone != "table" or target.owner != owner or not 0 <= target.index < len(tz.cards):
            return None
        card = tz.cards[target.index]
        return None if tz.visible_to(card, seat) else card
    if type(target) is Card and target in tz.cards and tz.visible_to(target, seat):
        return target
    return None


def _no_target(action: Action) -> str | None:
    if action.target is not None:
        return f"a {action.kind} aims at nothing (got {brief(action.target)})"
    return None


def purpose(game: UgoGame, seat: int, card: Card) -> str:
    """What ``card`` is for, and where or when ``seat`` plays it (RULES.md section 2, "Card roles").

    Told when the card is tried as something it is not ("10♥ is not a King"): the reason
    then says what a 10 is for instead of only what it is not.
    """
    you = seat_ref(seat)
    victim = game.target_of(seat) if game.alive[seat] else None
    them = seat_ref(victim) if victim is not None else f"{you}'s target"
    rank, options = card.rank or 0, game.options
    if is_ad(card):
        tribute = f", with one of {you}'s own as tribute" if needs_tribute(card) else ""
        return f"it is an Attack/Defense card, played on {you}'s own table{tribute}"
    if is_equip(card):
        whose = f"{you}'s own" if len(equip_tables(game, seat)) == 1 else "the"
        return f"it is an Equip card, played on one of {whose} face-up Attack/Defense cards"
    if rank == 10:
        what = "an attack, an Ace, a King or a Jack used" if options["ten_stops_specials"] else "an attack"
        return f"a 10 is played only in answer to {what} on {you}, to stop it"
    if rank == 9:
        told = f"a 9 reverses the direction of play, played on {you}'s own discard pile"
        if options["nine_counters"]:
            told += f"; it also turns an Ace, a King or a Jack used on {you} back on its user"
        return told
    if rank == 8:
        told = "an 8 makes every player discard their hand and draw as many cards"
        return f"{told}, played on {you}'s own discard pile"
    if rank == 12:
        return f"a Queen draws a card from {you}'s own discard pile, played on that pile"
    if rank == 13:
        return f"a King sends the top card of {them}'s deck to the discard pile, played on that deck"
    if rank == 11:
        return f"a Jack takes the top card of {them}'s deck into {you}'s hand, played on that deck"
    if options["specific_aces"] and card.suit in _SPECIFIC_ACES:
        what = _SPECIFIC_ACES[card.suit].format(them=them)
        return f"with specific Aces, {card.name} destroys {what}, played on {them}'s table"
    return f"an Ace destroys an Attack/Defense card of {them}'s, played on that card"


# -- answering someone else's card ------------------------------------------------------


def _react(game: UgoGame, seat: int, action: Action) -> str:
    p = game.pending
    assert p is not None
    user, kind, card = seat_ref(p["user"]), action.kind, action.card
    what = "attack" if p["kind"] == "attack" else p["card"].name
    if kind not in REACTIONS:
        choices = ", ".join(a.label for a in game.legal_actions(seat))
        return f"{seat_ref(seat)} must answer {user}'s {what} first ({choices})"
    if kind == "take":
        if card is not None:
            return f"letting it happen takes no card (got {card.name})"
        return _no_target(action) or f"{seat_ref(seat)} cannot let it happen now"
    if card is None:
        return f"say which {'10' if kind == 'ten' else '9'} {seat_ref(seat)} plays"
    if card not in game.hands[seat].cards:
        return f"{card.name} is not in {seat_ref(seat)}'s hand"
    if kind == "ten":
        if card.rank != 10:
            return f"{card.name} is not a 10"
        if p["kind"] != "attack" and not game.options["ten_stops_specials"]:
            return "a 10 stops attacks only, not an Ace, a King or a Jack"
    else:
        if card.rank != 9:
            return f"{card.name} is not a 9"
        if p["kind"] == "attack":
            return "a 9 cannot stop an attack, only an Ace, a King or a Jack"
        if not game.options["nine_counters"]:
            return "a 9 turns a Special card back only with the Nines counter house rule"
    return _no_target(action) or f"{seat_ref(seat)} cannot play {card.name} now"


def _choose(game: UgoGame, seat: int, action: Action) -> str:
    p = game.pending
    assert p is not None
    victim = seat_ref(p["victim"])
    if action.kind != "destroy":
        return f"{seat_ref(seat)} must first choose the card of {victim} that the Ace destroys"
    if action.card is not None or action.value is not None:
        return "choosing the card the Ace destroys takes only that card, as the target"
    if _visible_on_table(game, seat, p["victim"], action.target) is None:
        return f"the Ace can only destroy a card on {victim}'s table (a hidden one by its place)"
    return f"{seat_ref(seat)} cannot destroy that card now"


# -- one's own turn ------------------------------------------------------------------------


def _turn(game: UgoGame, seat: int, action: Action) -> str:
    kind, card = action.kind, action.card
    you = seat_ref(seat)
    if kind in REACTIONS:
        return f"nobody is attacking {you} or using a card on {you}: there is nothing to answer"
    if kind == "destroy":
        return "there is no turned-back Ace whose card to choose"
    if kind == "end":
        if card is not None or action.value is not None:
            return "ending the turn takes no card and no value"
        return _no_target(action) or f"{you} cannot end the turn now"
    if card is None:
        return f"a {kind} action must name its card"
    if kind not in ("turn", "attack") and card not in game.hands[seat].cards:
        return f"{card.name} is not in {you}'s hand"
    if kind == "play":
        return _play(game, seat, action, card)
    if kind == "equip":
        return _equip(game, seat, action, card)
    if kind == "turn":
        return _position(game, seat, action, card)
    if kind == "attack":
        return _attack(game, seat, action, card)
    return _special(game, seat, action, card)


def _play(game: UgoGame, seat: int, action: Action, card: Card) -> str:
    you = seat_ref(seat)
    own = game.tables[seat]
    if not is_ad(card):
        return f"{card.name} is not an Attack/Defense card: {purpose(game, seat, card)}"
    if game.ad_played:
        return f"{you} has already played an Attack/Defense card this turn"
    if action.value not in POSITIONS:
        return f"{brief(action.value)} is not a position: play it to {', '.join(POSITIONS)}"
    target = action.target
    if needs_tribute(card):
        if not own.cards:
            return f"a {card.rank} needs a tribute and {you} has no Attack/Defense card on the table"
        if type(target) is not Card or target not in own.cards:
            return f"a {card.rank} needs one of {you}'s own Attack/Defense cards on the table as tribute"
    else:
        if type(target) is Card:
            return "only a 6 or 7 takes a tribute"
        if len(own.cards) >= MAX_TABLE:
            return f"{you} already has {MAX_TABLE} Attack/Defense cards on the table"
        if target != table(seat):
            return f"an Attack/Defense card goes on {you}'s own table"
    return f"{you} cannot play {card.name} that way now"


def _equip(game: UgoGame, seat: int, action: Action, card: Card) -> str:
    you = seat_ref(seat)
    if not is_equip(card):
        return f"{card.name} is not an Equip card: {purpose(game, seat, card)}"
    if action.value is not None:
        return f"an Equip card takes no value (got {brief(action.value)})"
    owners = equip_tables(game, seat)
    on = next((s for s in owners if _visible_on_table(game, seat, s, action.target) is not None), None)
    if on is None:
        whose = f"{you}'s own" if len(owners) == 1 else "a"
        return f"an Equip card goes on one of {whose} face-up Attack/Defense cards"
    target = action.target
    assert type(target) is Card  # a visible card is named by the Card
    st = game.tables[on].state[target]
    if not st.face_up:
        return f"{target.name} is face down: equips go on face-up cards"
    if len(st.attached) >= MAX_EQUIPS:
        return f"{target.name} already has {MAX_EQUIPS} equips"
    return f"{you} cannot equip {target.name} now"


def _position(game: UgoGame, seat: int, action: Action, card: Card) -> str:
    you = seat_ref(seat)
    own = game.tables[seat]
    if card not in own.cards:
        return f"{you} can only change the position of {you}'s own Attack/Defense cards"
    if game.positions == "used":
        return f"{you} has already changed positions this turn"
    if card in game.turned:
        return f"{card.name} has already changed position this turn"
    to = DEFENSE if own.state[card].orientation == ATTACK else ATTACK
    if action.value != to:
        return f"{card.name} can only turn to {to} (got {brief(action.value)})"
    return _no_target(action) or f"{you} cannot turn {card.name} now"


def _attack(game: UgoGame, seat: int, action: Action, card: Card) -> str:
    you = seat_ref(seat)
    own = game.tables[seat]
    victim = game.target_of(seat)
    if not game.attacks_allowed():
        return "only the last player of the first round may attack"
    if victim is None:
        return "there is nobody left to attack"
    if card not in own.cards or own.state[card].orientation != ATTACK:
        return f"{you} must attack with one of {you}'s own cards in attack position"
    if card in game.attacked:
        return f"{card.name} has already attacked this turn"
    if action.value is not None:
        return f"an attack takes no value (got {brief(action.value)})"
    them = seat_ref(victim)
    if game.tables[victim].cards:
        if action.target == table(victim):
            return f"{them} has cards on the table: attack one of them"
        if _visible_on_table(game, seat, victim, action.target) is None:
            return f"{you} can only attack {them}'s cards (a face-down one by its place)"
    elif action.target != table(victim):
        return f"{them} has no cards on the table: attack {them} directly, on {them}'s table"
    return f"{you} cannot attack that way now"


def _special(game: UgoGame, seat: int, action: Action, card: Card) -> str:
    you, kind = seat_ref(seat), action.kind
    if SPECIAL_KINDS.get(card.rank or 0) != kind:
        return Reason(f"{card.name} is not {_ARTICLE[kind]}: {purpose(game, seat, card)}", "other_card_kind")
    if action.value is not None:
        return f"{_ARTICLE[kind]} takes no value (got {brief(action.value)})"
    victim = game.target_of(seat)
    if kind in TARGETED and victim is None:
        return "there is nobody left to use it on"
    if kind == "queen" and not game.discards[seat].cards:
        return f"{you}'s discard pile is empty: there is nothing for the Queen to draw"
    if kind in OWN_PILE and action.target != discard(seat):
        return f"{card.name} goes on {you}'s own discard pile"
    if kind in ("king", "jack") and victim is not None and action.target != deck(victim):
        return f"{_ARTICLE[kind]} aims at the deck of {seat_ref(victim)}, {you}'s target"
    if kind == "ace" and victim is not None:
        them = seat_ref(victim)
        if game.options["specific_aces"]:
            if not game.ace_victims(card, victim):
                return f"{card.name} would destroy nothing of {them}'s"
            if action.target != table(victim):
                return f"with specific Aces, an Ace aims at {them}'s table"
        elif not game.tables[victim].cards:
            return f"the Ace needs a card of {them} to destroy, and {them} has none on the table"
        elif _visible_on_table(game, seat, victim, action.target) is None:
            return f"the Ace can only destroy a card on {them}'s table (a face-down one by its place)"
    return f"{you} cannot play {card.name} that way now"
