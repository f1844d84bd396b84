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


def why_not(game: UgoGame, seat: int, action: Action) -> Reason:
    """A reason ``action`` is not allowed for ``seat`` now (which must be a seat to act)."""
    kind = action.kind
    if type(kind) is not str or kind not in KINDS:
        return Reason(f"there is no action {brief(kind)} in U-G-O", "unknown_kind")
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


def shape_problem(game: UgoGame, action: Action) -> Reason | None:
    """What in the action's fields is not even of the right type, or None."""
    card, target = action.card, action.target
    if card is not None and not is_card(game, card):
        return Reason(f"{brief(card)} is not a card of this game", "not_a_card")
    if type(action.cards) is not tuple or action.cards:
        return Reason(
            f"U-G-O plays one card at a time: a {action.kind} names no group (got {brief(action.cards)})",
            "shape",
        )
    if action.source is not None:
        return Reason(f"a {action.kind} starts from no zone (got {brief(action.source)})", "shape")
    if action.value is not None:
        if action.kind not in ("play", "turn"):
            return Reason(f"a {action.kind} takes no value (got {brief(action.value)})", "shape")
        if type(action.value) is not str:
            return Reason(f"{brief(action.value)} is not a position", "shape")
    if target is None:
        return None
    if type(target) is Card:
        return None if is_card(game, target) else f"{brief(target)} is not a card of this game"
    if type(target) is ZoneRef:
        if type(target.zone) is str and _is_seat(game, target.owner):
            return None
        return Reason(f"{brief(target)} is not a zone of this game (a zone name and a seat)", "shape")
    if type(target) is Slot:
        if type(target.zone) is str and _is_seat(game, target.owner) and type(target.index) is int:
            return None
        return Reason(
            f"{brief(target)} is not a place on the table (a zone name, a seat and an index)", "shape"
        )
    return Reason(f"{brief(target)} is not a card, a place or a zone to aim at", "shape")


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


def _no_target(action: Action) -> Reason | None:
    if action.target is not None:
        return Reason(f"a {action.kind} aims at nothing (got {brief(action.target)})", "shape")
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


def _react(game: UgoGame, seat: int, action: Action) -> Reason:
    p = game.pending
    assert p is not None
    user, kind, card = seat_ref(p["user"]), action.kind, action.card
    what = "attack" if p["kind"] == "attack" else p["card"].name
    if kind not in REACTIONS:
        choices = ", ".join(a.label for a in game.legal_actions(seat))
        return Reason(f"{seat_ref(seat)} must answer {user}'s {what} first ({choices})", "answer_first")
    if kind == "take":
        if card is not None:
            return Reason(f"letting it happen takes no card (got {card.name})", "shape")
        return _no_target(action) or Reason(f"{seat_ref(seat)} cannot let it happen now", "not_now")
    if card is None:
        return Reason(f"say which {'10' if kind == 'ten' else '9'} {seat_ref(seat)} plays", "name_the_card")
    if card not in game.hands[seat].cards:
        return Reason(f"{card.name} is not in {seat_ref(seat)}'s hand", "not_in_hand")
    if kind == "ten":
        if card.rank != 10:
            return Reason(f"{card.name} is not a 10", "not_a_ten")
        if p["kind"] != "attack" and not game.options["ten_stops_specials"]:
            return Reason("a 10 stops attacks only, not an Ace, a King or a Jack", "ten_stops_attacks_only")
    else:
        if card.rank != 9:
            return Reason(f"{card.name} is not a 9", "not_a_nine")
        if p["kind"] == "attack":
            return Reason(
                "a 9 cannot stop an attack, only an Ace, a King or a Jack", "nine_not_against_attack"
            )
        if not game.options["nine_counters"]:
            return Reason(
                "a 9 turns a Special card back only with the Nines counter house rule", "nines_counter_off"
            )
    return _no_target(action) or Reason(f"{seat_ref(seat)} cannot play {card.name} now", "not_now")


def _choose(game: UgoGame, seat: int, action: Action) -> Reason:
    p = game.pending
    assert p is not None
    victim = seat_ref(p["victim"])
    if action.kind != "destroy":
        return Reason(
            f"{seat_ref(seat)} must first choose the card of {victim} that the Ace destroys", "choose_first"
        )
    if action.card is not None or action.value is not None:
        return Reason("choosing the card the Ace destroys takes only that card, as the target", "shape")
    if _visible_on_table(game, seat, p["victim"], action.target) is None:
        return Reason(
            f"the Ace can only destroy a card on {victim}'s table (a hidden one by its place)",
            "destroy_on_victims_table",
        )
    return Reason(f"{seat_ref(seat)} cannot destroy that card now", "not_now")


# -- one's own turn ------------------------------------------------------------------------


def _turn(game: UgoGame, seat: int, action: Action) -> Reason:
    kind, card = action.kind, action.card
    you = seat_ref(seat)
    if kind in REACTIONS:
        return Reason(
            f"nobody is attacking {you} or using a card on {you}: there is nothing to answer",
            "nothing_to_answer",
        )
    if kind == "destroy":
        return Reason("there is no turned-back Ace whose card to choose", "no_ace_to_choose")
    if kind == "end":
        if card is not None or action.value is not None:
            return Reason("ending the turn takes no card and no value", "shape")
        return _no_target(action) or Reason(f"{you} cannot end the turn now", "not_now")
    if card is None:
        return Reason(f"a {kind} action must name its card", "name_the_card")
    if kind not in ("turn", "attack") and card not in game.hands[seat].cards:
        return Reason(f"{card.name} is not in {you}'s hand", "not_in_hand")
    if kind == "play":
        return _play(game, seat, action, card)
    if kind == "equip":
        return _equip(game, seat, action, card)
    if kind == "turn":
        return _position(game, seat, action, card)
    if kind == "attack":
        return _attack(game, seat, action, card)
    return _special(game, seat, action, card)


def _play(game: UgoGame, seat: int, action: Action, card: Card) -> Reason:
    you = seat_ref(seat)
    own = game.tables[seat]
    if not is_ad(card):
        return Reason(
            f"{card.name} is not an Attack/Defense card: {purpose(game, seat, card)}", "not_attack_defense"
        )
    if game.ad_played:
        return Reason(
            f"{you} has already played an Attack/Defense card this turn", "one_attack_defense_a_turn"
        )
    if action.value not in POSITIONS:
        return Reason(
            f"{brief(action.value)} is not a position: play it to {', '.join(POSITIONS)}", "position"
        )
    target = action.target
    if needs_tribute(card):
        if not own.cards:
            return Reason(
                f"a {card.rank} needs a tribute and {you} has no Attack/Defense card on the table",
                "tribute_needed",
            )
        if type(target) is not Card or target not in own.cards:
            return Reason(
                f"a {card.rank} needs one of {you}'s own Attack/Defense cards on the table as tribute",
                "tribute_needed",
            )
    else:
        if type(target) is Card:
            return Reason("only a 6 or 7 takes a tribute", "tribute_only_six_seven")
        if len(own.cards) >= MAX_TABLE:
            return Reason(f"{you} already has {MAX_TABLE} Attack/Defense cards on the table", "table_full")
        if target != table(seat):
            return Reason(f"an Attack/Defense card goes on {you}'s own table", "own_table")
    return Reason(f"{you} cannot play {card.name} that way now", "not_now")


def _equip(game: UgoGame, seat: int, action: Action, card: Card) -> Reason:
    you = seat_ref(seat)
    if not is_equip(card):
        return Reason(f"{card.name} is not an Equip card: {purpose(game, seat, card)}", "not_equip")
    if action.value is not None:
        return Reason(f"an Equip card takes no value (got {brief(action.value)})", "shape")
    owners = equip_tables(game, seat)
    on = next((s for s in owners if _visible_on_table(game, seat, s, action.target) is not None), None)
    if on is None:
        whose = f"{you}'s own" if len(owners) == 1 else "a"
        return Reason(
            f"an Equip card goes on one of {whose} face-up Attack/Defense cards", "equip_on_face_up"
        )
    target = action.target
    assert type(target) is Card  # a visible card is named by the Card
    st = game.tables[on].state[target]
    if not st.face_up:
        return Reason(f"{target.name} is face down: equips go on face-up cards", "equip_on_face_up")
    if len(st.attached) >= MAX_EQUIPS:
        return Reason(f"{target.name} already has {MAX_EQUIPS} equips", "equips_full")
    return Reason(f"{you} cannot equip {target.name} now", "not_now")


def _position(game: UgoGame, seat: int, action: Action, card: Card) -> Reason:
    you = seat_ref(seat)
    own = game.tables[seat]
    if card not in own.cards:
        return Reason(
            f"{you} can only change the position of {you}'s own Attack/Defense cards", "own_cards_only"
        )
    if game.positions == "used":
        return Reason(f"{you} has already changed positions this turn", "one_position_change")
    if card in game.turned:
        return Reason(f"{card.name} has already changed position this turn", "turned_already")
    to = DEFENSE if own.state[card].orientation == ATTACK else ATTACK
    if action.value != to:
        return Reason(f"{card.name} can only turn to {to} (got {brief(action.value)})", "turn_direction")
    return _no_target(action) or Reason(f"{you} cannot turn {card.name} now", "not_now")


def _attack(game: UgoGame, seat: int, action: Action, card: Card) -> Reason:
    you = seat_ref(seat)
    own = game.tables[seat]
    victim = game.target_of(seat)
    if not game.attacks_allowed():
        return Reason("only the last player of the first round may attack", "attack_first_round")
    if victim is None:
        return Reason("there is nobody left to attack", "nobody_to_attack")
    if card not in own.cards or own.state[card].orientation != ATTACK:
        return Reason(
            f"{you} must attack with one of {you}'s own cards in attack position", "attack_position"
        )
    if card in game.attacked:
        return Reason(f"{card.name} has already attacked this turn", "attacked_already")
    if action.value is not None:
        return Reason(f"an attack takes no value (got {brief(action.value)})", "shape")
    them = seat_ref(victim)
    if game.tables[victim].cards:
        if action.target == table(victim):
            return Reason(f"{them} has cards on the table: attack one of them", "attack_a_card")
        if _visible_on_table(game, seat, victim, action.target) is None:
            return Reason(
                f"{you} can only attack {them}'s cards (a face-down one by its place)", "attack_visible"
            )
    elif action.target != table(victim):
        return Reason(
            f"{them} has no cards on the table: attack {them} directly, on {them}'s table", "attack_directly"
        )
    return Reason(f"{you} cannot attack that way now", "not_now")


def _special(game: UgoGame, seat: int, action: Action, card: Card) -> Reason:
    you, kind = seat_ref(seat), action.kind
    if SPECIAL_KINDS.get(card.rank or 0) != kind:
        return Reason(f"{card.name} is not {_ARTICLE[kind]}: {purpose(game, seat, card)}", "other_card_kind")
    if action.value is not None:
        return Reason(f"{_ARTICLE[kind]} takes no value (got {brief(action.value)})", "shape")
    victim = game.target_of(seat)
    if kind in TARGETED and victim is None:
        return Reason("there is nobody left to use it on", "nobody_to_target")
    if kind == "queen" and not game.discards[seat].cards:
        return Reason(
            f"{you}'s discard pile is empty: there is nothing for the Queen to draw", "empty_discard"
        )
    if kind in OWN_PILE and action.target != discard(seat):
        return Reason(f"{card.name} goes on {you}'s own discard pile", "own_discard")
    if kind in ("king", "jack") and victim is not None and action.target != deck(victim):
        return Reason(
            f"{_ARTICLE[kind]} aims at the deck of {seat_ref(victim)}, {you}'s target", "target_deck"
        )
    if kind == "ace" and victim is not None:
        them = seat_ref(victim)
        if game.options["specific_aces"]:
            if not game.ace_victims(card, victim):
                return Reason(f"{card.name} would destroy nothing of {them}'s", "ace_destroys_nothing")
            if action.target != table(victim):
                return Reason(f"with specific Aces, an Ace aims at {them}'s table", "ace_aims_at_table")
        elif not game.tables[victim].cards:
            return Reason(
                f"the Ace needs a card of {them} to destroy, and {them} has none on the table",
                "ace_needs_a_card",
            )
        elif _visible_on_table(game, seat, victim, action.target) is None:
            return Reason(
                f"the Ace can only destroy a card on {them}'s table (a face-down one by its place)",
                "ace_on_table",
            )
    return Reason(f"{you} cannot play {card.name} that way now", "not_now")
