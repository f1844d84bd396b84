"""Why U-G-O refuses an action: one sentence for the person who tried it.

Only explains: ``UgoGame.check`` decides (an action is allowed when it is one
of the legal actions, field by field) and asks here why not. So these
functions must cope with anything a caller can put in an Action (a card given
as its code, a plain tuple for a zone, a float for a seat) and never raise.

Seats are named by ``{seat:N}`` placeholders, each followed by a modal or a
verb the table can turn to the second person ("{seat:0} has already played"
reads "You have already played"). A reason says no more than the seat may
know: a hidden card it names is treated like a card that is not there.

Every reason is one whole sentence made by ``say`` (translated whole): where
the words differ with the case (a King or a Jack, attack or defense), each
case has a sentence of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine import Action, Card, Reason, Slot, ZoneRef, brief
from cardtable.engine.words import N_, Said, Seat, say, say_n

from .cards import ATTACK, DEFENSE, MAX_EQUIPS, MAX_TABLE, POSITIONS, is_ad, is_equip, needs_tribute
from .moves import OWN_PILE, REACTIONS, SPECIAL_KINDS, TARGETED, deck, discard, equip_tables, table
from .purposes import purpose

if TYPE_CHECKING:
    from .rules import UgoGame

KINDS = frozenset({"play", "equip", "turn", "attack", "end", "destroy", *REACTIONS, *SPECIAL_KINDS.values()})
_POSITIONS = ", ".join(POSITIONS)  # the positions as code names them (a value, not words)

# A Special card tried as another kind, by the kind tried: what it is not, and what it is for.
_NOT_THAT_KIND = {
    "ace": N_("{card} is not an Ace: {purpose}"),
    "king": N_("{card} is not a King: {purpose}"),
    "queen": N_("{card} is not a Queen: {purpose}"),
    "jack": N_("{card} is not a Jack: {purpose}"),
    "nine": N_("{card} is not a 9: {purpose}"),
    "eight": N_("{card} is not an 8: {purpose}"),
}
# Translators: {value} is what the action held instead, as code writes it.
_TAKES_NO_VALUE = {
    "ace": N_("an Ace takes no value (got {value})"),
    "king": N_("a King takes no value (got {value})"),
    "queen": N_("a Queen takes no value (got {value})"),
    "jack": N_("a Jack takes no value (got {value})"),
    "nine": N_("a 9 takes no value (got {value})"),
    "eight": N_("an 8 takes no value (got {value})"),
}
_AIMS_AT_DECK = {
    "king": N_("a King aims at the deck of {seat_target}, {seat}'s target"),
    "jack": N_("a Jack aims at the deck of {seat_target}, {seat}'s target"),
}


# What a specific Ace destroys, by its suit: the target player named, then not named (nobody left).
def why_not(game: UgoGame, seat: int, action: Action) -> Reason:
    """A reason ``action`` is not allowed for ``seat`` now (which must be a seat to act)."""
    kind = action.kind
    if type(kind) is not str or kind not in KINDS:
        # Translators: {kind} is what the action named, as code writes it.
        return Reason(say("there is no action {kind} in U-G-O", kind=brief(kind)), "unknown_kind")
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


def shape_problem(game: UgoGame, action: Action) -> Reason | Said | None:
    """What in the action's fields is not even of the right type, or None.

    The sentences name the action's kind (``{kind}``) and the values it held
    as code writes them: these refuse what a program, not a player, put together.
    """
    card, target = action.card, action.target
    if card is not None and not is_card(game, card):
        return Reason(say("{value} is not a card of this game", value=brief(card)), "not_a_card")
    if type(action.cards) is not tuple or action.cards:
        return Reason(
            say(
                "U-G-O plays one card at a time: a {kind} names no group (got {value})",
                kind=action.kind,
                value=brief(action.cards),
            ),
            "shape",
        )
    if action.source is not None:
        return Reason(
            say("a {kind} starts from no zone (got {value})", kind=action.kind, value=brief(action.source)),
            "shape",
        )
    if action.value is not None:
        if action.kind not in ("play", "turn"):
            return Reason(
                say("a {kind} takes no value (got {value})", kind=action.kind, value=brief(action.value)),
                "shape",
            )
        if type(action.value) is not str:
            return Reason(say("{value} is not a position", value=brief(action.value)), "shape")
    if target is None:
        return None
    if type(target) is Card:
        # A plain sentence, no Reason: the refusal names no rule.
        return (
            None if is_card(game, target) else say("{value} is not a card of this game", value=brief(target))
        )
    if type(target) is ZoneRef:
        if type(target.zone) is str and _is_seat(game, target.owner):
            return None
        return Reason(
            say("{value} is not a zone of this game (a zone name and a seat)", value=brief(target)), "shape"
        )
    if type(target) is Slot:
        if type(target.zone) is str and _is_seat(game, target.owner) and type(target.index) is int:
            return None
        return Reason(
            say(
                "{value} is not a place on the table (a zone name, a seat and an index)", value=brief(target)
            ),
            "shape",
        )
    return Reason(say("{value} is not a card, a place or a zone to aim at", value=brief(target)), "shape")


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
        return Reason(
            say("a {kind} aims at nothing (got {value})", kind=action.kind, value=brief(action.target)),
            "shape",
        )
    return None


def _listed(choices: list[str]) -> str:
    """The choices' labels as one value, "A, B, C", each still translated on its own."""
    if not choices:
        return ""
    out = choices[-1]
    for choice in reversed(choices[:-1]):
        # Translators: a list of choices, "Let it happen, Play 10♥ to stop it": keep both parts.
        out = say("{choice}, {choices}", choice=choice, choices=out)
    return out


# -- answering someone else's card ------------------------------------------------------


def _react(game: UgoGame, seat: int, action: Action) -> Reason:
    p = game.pending
    assert p is not None
    you, user, kind, card = Seat(seat), Seat(p["user"]), action.kind, action.card
    if kind not in REACTIONS:
        choices = _listed([a.label for a in game.legal_actions(seat)])
        if p["kind"] == "attack":
            text = say(
                "{seat} must answer {seat_user}'s attack first ({choices})",
                seat=you,
                seat_user=user,
                choices=choices,
            )
        else:
            text = say(
                "{seat} must answer {seat_user}'s {card} first ({choices})",
                seat=you,
                seat_user=user,
                card=p["card"],
                choices=choices,
            )
        return Reason(text, "answer_first")
    if kind == "take":
        if card is not None:
            return Reason(say("letting it happen takes no card (got {card})", card=card), "shape")
        return _no_target(action) or Reason(say("{seat} cannot let it happen now", seat=you), "not_now")
    if card is None:
        if kind == "ten":
            return Reason(say("say which 10 {seat} plays", seat=you), "name_the_card")
        return Reason(say("say which 9 {seat} plays", seat=you), "name_the_card")
    if card not in game.hands[seat].cards:
        return Reason(say("{card} is not in {seat}'s hand", card=card, seat=you), "not_in_hand")
    if kind == "ten":
        if card.rank != 10:
            return Reason(say("{card} is not a 10", card=card), "not_a_ten")
        if p["kind"] != "attack" and not game.options["ten_stops_specials"]:
            return Reason(
                say("a 10 stops attacks only, not an Ace, a King or a Jack"), "ten_stops_attacks_only"
            )
    else:
        if card.rank != 9:
            return Reason(say("{card} is not a 9", card=card), "not_a_nine")
        if p["kind"] == "attack":
            return Reason(
                say("a 9 cannot stop an attack, only an Ace, a King or a Jack"), "nine_not_against_attack"
            )
        if not game.options["nine_counters"]:
            return Reason(
                say("a 9 turns a Special card back only with the Nines counter house rule"),
                "nines_counter_off",
            )
    return _no_target(action) or Reason(say("{seat} cannot play {card} now", seat=you, card=card), "not_now")


def _choose(game: UgoGame, seat: int, action: Action) -> Reason:
    p = game.pending
    assert p is not None
    you, victim = Seat(seat), Seat(p["victim"])
    if action.kind != "destroy":
        return Reason(
            say(
                "{seat} must first choose the card of {seat_victim} that the Ace destroys",
                seat=you,
                seat_victim=victim,
            ),
            "choose_first",
        )
    if action.card is not None or action.value is not None:
        return Reason(say("choosing the card the Ace destroys takes only that card, as the target"), "shape")
    if _visible_on_table(game, seat, p["victim"], action.target) is None:
        return Reason(
            say(
                "the Ace can only destroy a card on {seat_victim}'s table (a hidden one by its place)",
                seat_victim=victim,
            ),
            "destroy_on_victims_table",
        )
    return Reason(say("{seat} cannot destroy that card now", seat=you), "not_now")


# -- one's own turn ------------------------------------------------------------------------


def _turn(game: UgoGame, seat: int, action: Action) -> Reason:
    kind, card = action.kind, action.card
    you = Seat(seat)
    if kind in REACTIONS:
        return Reason(
            say("nobody is attacking {seat} or using a card on {seat}: there is nothing to answer", seat=you),
            "nothing_to_answer",
        )
    if kind == "destroy":
        return Reason(say("there is no turned-back Ace whose card to choose"), "no_ace_to_choose")
    if kind == "end":
        if card is not None or action.value is not None:
            return Reason(say("ending the turn takes no card and no value"), "shape")
        return _no_target(action) or Reason(say("{seat} cannot end the turn now", seat=you), "not_now")
    if card is None:
        # Translators: {kind} is the action's kind as code names it (play, equip, turn, attack, king ...).
        return Reason(say("a {kind} action must name its card", kind=kind), "name_the_card")
    if kind not in ("turn", "attack") and card not in game.hands[seat].cards:
        return Reason(say("{card} is not in {seat}'s hand", card=card, seat=you), "not_in_hand")
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
    you = Seat(seat)
    own = game.tables[seat]
    if not is_ad(card):
        return Reason(
            say(
                "{card} is not an Attack/Defense card: {purpose}",
                card=card,
                purpose=purpose(game, seat, card),
            ),
            "not_attack_defense",
        )
    if game.ad_played:
        return Reason(
            say("{seat} has already played an Attack/Defense card this turn", seat=you),
            "one_attack_defense_a_turn",
        )
    if action.value not in POSITIONS:
        return Reason(
            # Translators: {positions} lists the positions as code names them; keep them as they are.
            say(
                "{value} is not a position: play it to {positions}",
                value=brief(action.value),
                positions=_POSITIONS,
            ),
            "position",
        )
    return _placed(seat, action, card, own.cards)


def _placed(seat: int, action: Action, card: Card, own: list[Card]) -> Reason:
    """Where an Attack/Defense card goes: with a tribute for a 6 or 7, else on its own table."""
    you = Seat(seat)
    target = action.target
    if needs_tribute(card):
        if not own:
            return Reason(
                say(
                    "a {rank} needs a tribute and {seat} has no Attack/Defense card on the table",
                    rank=card.rank,
                    seat=you,
                ),
                "tribute_needed",
            )
        if type(target) is not Card or target not in own:
            return Reason(
                say(
                    "a {rank} needs one of {seat}'s own Attack/Defense cards on the table as tribute",
                    rank=card.rank,
                    seat=you,
                ),
                "tribute_needed",
            )
    else:
        if type(target) is Card:
            return Reason(say("only a 6 or 7 takes a tribute"), "tribute_only_six_seven")
        if len(own) >= MAX_TABLE:
            return Reason(
                say_n(
                    "{seat} already has {n} Attack/Defense card on the table",
                    "{seat} already has {n} Attack/Defense cards on the table",
                    MAX_TABLE,
                    seat=you,
                ),
                "table_full",
            )
        if target != table(seat):
            return Reason(say("an Attack/Defense card goes on {seat}'s own table", seat=you), "own_table")
    return Reason(say("{seat} cannot play {card} that way now", seat=you, card=card), "not_now")


def _equip(game: UgoGame, seat: int, action: Action, card: Card) -> Reason:
    you = Seat(seat)
    if not is_equip(card):
        return Reason(
            say("{card} is not an Equip card: {purpose}", card=card, purpose=purpose(game, seat, card)),
            "not_equip",
        )
    if action.value is not None:
        return Reason(say("an Equip card takes no value (got {value})", value=brief(action.value)), "shape")
    owners = equip_tables(game, seat)
    on = next((s for s in owners if _visible_on_table(game, seat, s, action.target) is not None), None)
    if on is None:
        if len(owners) == 1:
            text = say("an Equip card goes on one of {seat}'s own face-up Attack/Defense cards", seat=you)
        else:
            # Translators: with the Equip opponents house rule: any player's face-up Attack/Defense card.
            text = say("an Equip card goes on one of a face-up Attack/Defense cards")
        return Reason(text, "equip_on_face_up")
    target = action.target
    assert type(target) is Card  # a visible card is named by the Card
    st = game.tables[on].state[target]
    if not st.face_up:
        return Reason(say("{card} is face down: equips go on face-up cards", card=target), "equip_on_face_up")
    if len(st.attached) >= MAX_EQUIPS:
        return Reason(
            say_n("{card} already has {n} equip", "{card} already has {n} equips", MAX_EQUIPS, card=target),
            "equips_full",
        )
    return Reason(say("{seat} cannot equip {card} now", seat=you, card=target), "not_now")


def _position(game: UgoGame, seat: int, action: Action, card: Card) -> Reason:
    you = Seat(seat)
    own = game.tables[seat]
    if card not in own.cards:
        return Reason(
            say("{seat} can only change the position of {seat}'s own Attack/Defense cards", seat=you),
            "own_cards_only",
        )
    if game.positions == "used":
        return Reason(say("{seat} has already changed positions this turn", seat=you), "one_position_change")
    if card in game.turned:
        return Reason(say("{card} has already changed position this turn", card=card), "turned_already")
    to = DEFENSE if own.state[card].orientation == ATTACK else ATTACK
    if action.value != to:
        got = brief(action.value)
        if to == ATTACK:
            text = say("{card} can only turn to attack (got {value})", card=card, value=got)
        else:
            text = say("{card} can only turn to defense (got {value})", card=card, value=got)
        return Reason(text, "turn_direction")
    return _no_target(action) or Reason(say("{seat} cannot turn {card} now", seat=you, card=card), "not_now")


def _attack(game: UgoGame, seat: int, action: Action, card: Card) -> Reason:
    you = Seat(seat)
    own = game.tables[seat]
    victim = game.target_of(seat)
    if not game.attacks_allowed():
        return Reason(say("only the last player of the first round may attack"), "attack_first_round")
    if victim is None:
        return Reason(say("there is nobody left to attack"), "nobody_to_attack")
    if card not in own.cards or own.state[card].orientation != ATTACK:
        return Reason(
            say("{seat} must attack with one of {seat}'s own cards in attack position", seat=you),
            "attack_position",
        )
    if card in game.attacked:
        return Reason(say("{card} has already attacked this turn", card=card), "attacked_already")
    if action.value is not None:
        return Reason(say("an attack takes no value (got {value})", value=brief(action.value)), "shape")
    them = Seat(victim)
    if game.tables[victim].cards:
        if action.target == table(victim):
            return Reason(
                say("{seat_target} has cards on the table: attack one of them", seat_target=them),
                "attack_a_card",
            )
        if _visible_on_table(game, seat, victim, action.target) is None:
            return Reason(
                say(
                    "{seat} can only attack {seat_target}'s cards (a face-down one by its place)",
                    seat=you,
                    seat_target=them,
                ),
                "attack_visible",
            )
    elif action.target != table(victim):
        return Reason(
            say(
                "{seat_target} has no cards on the table: "
                "attack {seat_target} directly, on {seat_target}'s table",
                seat_target=them,
            ),
            "attack_directly",
        )
    return Reason(say("{seat} cannot attack that way now", seat=you), "not_now")


def _special(game: UgoGame, seat: int, action: Action, card: Card) -> Reason:
    you, kind = Seat(seat), action.kind
    if SPECIAL_KINDS.get(card.rank or 0) != kind:
        return Reason(
            say(_NOT_THAT_KIND[kind], card=card, purpose=purpose(game, seat, card)), "other_card_kind"
        )
    if action.value is not None:
        return Reason(say(_TAKES_NO_VALUE[kind], value=brief(action.value)), "shape")
    victim = game.target_of(seat)
    if kind in TARGETED and victim is None:
        return Reason(say("there is nobody left to use it on"), "nobody_to_target")
    if kind == "queen" and not game.discards[seat].cards:
        return Reason(
            say("{seat}'s discard pile is empty: there is nothing for the Queen to draw", seat=you),
            "empty_discard",
        )
    if kind in OWN_PILE and action.target != discard(seat):
        return Reason(say("{card} goes on {seat}'s own discard pile", card=card, seat=you), "own_discard")
    if kind in ("king", "jack") and victim is not None and action.target != deck(victim):
        return Reason(say(_AIMS_AT_DECK[kind], seat_target=Seat(victim), seat=you), "target_deck")
    if kind == "ace" and victim is not None:
        them = Seat(victim)
        if game.options["specific_aces"]:
            if not game.ace_victims(card, victim):
                return Reason(
                    say("{card} would destroy nothing of {seat_target}'s", card=card, seat_target=them),
                    "ace_destroys_nothing",
                )
            if action.target != table(victim):
                return Reason(
                    say("with specific Aces, an Ace aims at {seat_target}'s table", seat_target=them),
                    "ace_aims_at_table",
                )
        elif not game.tables[victim].cards:
            return Reason(
                say(
                    "the Ace needs a card of {seat_target} to destroy, "
                    "and {seat_target} has none on the table",
                    seat_target=them,
                ),
                "ace_needs_a_card",
            )
        elif _visible_on_table(game, seat, victim, action.target) is None:
            return Reason(
                say(
                    "the Ace can only destroy a card on {seat_target}'s table (a face-down one by its place)",
                    seat_target=them,
                ),
                "ace_on_table",
            )
    return Reason(say("{seat} cannot play {card} that way now", seat=you, card=card), "not_now")
