"""U-G-O's answers and their outcomes: the window in which the player attacked (or targeted by a
Special card) may play a 10 or a 9, and what an attack, King, Jack or Ace does once it stands.

A mixin of :class:`~cardtable.games.ugo.rules.UgoGame`: the methods work on the game's own
state (``pending``, ``phase``, the zones) and call its card moves.

What they announce is said in whole sentences (``say``); those told at most
steps of a game (a card holds, a deck hit) are made once and kept.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from cardtable.engine import Action, Announced, Card, Event, Moved, Turned
from cardtable.engine.words import Said, Seat, say, say_n

from . import clash
from .cards import ATTACK

if TYPE_CHECKING:
    from .rules import UgoGame

    _Base = UgoGame
else:
    _Base = object


@lru_cache(maxsize=4096)
def _holds(card: Card) -> Said:
    return say("{card} holds", card=card)


@lru_cache(maxsize=4096)
def _loses(seat: int, count: int) -> Said:
    return say_n(
        "{seat} loses {n} card from the deck", "{seat} loses {n} cards from the deck", count, seat=Seat(seat)
    )


@lru_cache(maxsize=4096)
def _takes_top_card(user: int, victim: int) -> Said:
    return say("{seat} takes the top card of {seat_target}'s deck", seat=Seat(user), seat_target=Seat(victim))


@lru_cache(maxsize=4096)
def _equip_destroyed(seat: int, equip: Card) -> Said:
    return say("{seat}'s {card} is destroyed", seat=Seat(seat), card=equip)


class Reactions(_Base):
    def _open_reaction(
        self, kind: str, user: int, victim: int, card: Card, target: Card | None, events: list[Event]
    ) -> None:
        """Ask ``victim`` whether to answer; resolve at once if they hold no cards."""
        self.pending = {
            "kind": kind,
            "user": user,
            "victim": victim,
            "responder": victim,
            "card": card,
            "target": target,
        }
        if kind != "attack" and not (self.options["ten_stops_specials"] or self.options["nine_counters"]):
            self._resolve(events)
        elif self.hands[victim].cards:
            self.phase = "react"
        else:
            self._resolve(events)

    def _react(self, seat: int, action: Action, events: list[Event]) -> None:
        assert self.pending is not None
        p = self.pending
        if action.kind == "take":
            self.phase = "turn"
            self._resolve(events)
            return
        card = action.card
        assert card is not None
        self._to_discard(card, self.hands[seat], seat, events)
        if action.kind == "ten":
            # The user named mid-sentence: "Bo plays 10♥ against your attack", never ": Your attack".
            if p["kind"] == "attack":
                text = say(
                    "{seat} plays {card} against {seat_user}'s attack: it has no effect",
                    seat=Seat(seat),
                    card=card,
                    seat_user=Seat(p["user"]),
                )
            else:
                text = say(
                    "{seat} plays {card} against {seat_user}'s {special}: it has no effect",
                    seat=Seat(seat),
                    card=card,
                    seat_user=Seat(p["user"]),
                    special=p["card"],
                )
            events.append(Announced("stopped", seat, card, text))
            self.pending = None
            self._after_effect(events, [])
            return
        # A 9 turns the Special card back on its user (no further answer to that).
        text = say(
            "{seat} plays {card}: {special} is turned back on {seat_user}",
            seat=Seat(seat),
            card=card,
            special=p["card"],
            seat_user=Seat(p["user"]),
        )
        events.append(Announced("countered", seat, card, text))
        p["user"], p["victim"] = seat, p["user"]
        p["responder"] = seat
        p["target"] = None
        if p["kind"] == "ace" and not self.options["specific_aces"]:
            if self.tables[p["victim"]].cards:
                self.phase = "choose"
                return
            self.pending = None
            self._after_effect(events, [])
            return
        self._resolve(events)

    def _resolve(self, events: list[Event]) -> None:
        p = self.pending
        assert p is not None
        self.pending = None
        kind, user, victim, card, target = p["kind"], p["user"], p["victim"], p["card"], p["target"]
        out: list[int] = []
        if kind == "attack":
            out = self._resolve_attack(user, card, victim, target, events)
        elif kind == "king":
            if not self._send(victim, 1, events):
                out = [victim]
        elif kind == "jack":
            deck = self.decks[victim]
            if deck.cards:
                events.append(Announced("took", user, victim, _takes_top_card(user, victim)))
                stolen = deck.cards.pop()
                self.hands[user].cards.append(stolen)
                self.hands[user].cards.sort()
                events.append(Moved(stolen, stolen.back, deck.ref, self.hands[user].ref, 1 << user))
            else:
                out = [victim]
        elif kind == "ace":
            if self.options["specific_aces"]:
                for what, c in self.ace_victims(card, victim):
                    if what == "card":
                        self._destroy(victim, c, events)
                    else:
                        self._remove_equip(victim, c, events)
            elif target is not None and target in self.tables[victim].cards:
                self._destroy(victim, target, events)
        self._after_effect(events, out)

    def _remove_equip(self, seat: int, equip: Card, events: list[Event]) -> None:
        table = self.tables[seat]
        for st in table.state.values():
            if equip in st.attached:
                st.attached.remove(equip)
        pile = self._discard_pile(equip, seat)
        pile.cards.append(equip)
        events.append(Announced("equip_destroyed", seat, equip, _equip_destroyed(seat, equip)))
        events.append(Moved(equip, equip.back, table.ref, pile.ref))

    def _resolve_attack(
        self, user: int, card: Card, victim: int, target: Card | None, events: list[Event]
    ) -> list[int]:
        """Apply an attack that was not stopped; returns who ran out of cards."""
        attack, _ = self.stats(card, user)
        orientation, against = None, 0
        if target is not None:
            vt = self.tables[victim]
            st = vt.state[target]
            if not st.face_up:
                st.face_up = True
                self.revealed.add(target)
                events.append(Turned(target, target.back, vt.ref, True))
            t_attack, t_defense = self.stats(target, victim)
            orientation = st.orientation
            against = t_attack if orientation == ATTACK else t_defense
        else:
            t_attack = t_defense = 0
        outcome = clash.decide(attack, orientation, t_attack, t_defense, self.options["lower_attack"])
        head, told = clash.tell(outcome, user, card, attack, victim, target, orientation, against)
        events.append(Announced("clash", victim, (card,) if target is None else (card, target), head, told))
        if "target" in outcome.destroyed:
            self._destroy(victim, target, events)  # type: ignore[arg-type]
        if "attacker" in outcome.destroyed:
            self._destroy(user, card, events)
        if target is not None and not outcome.destroyed:
            events.append(Announced("held", victim, target, _holds(target)))
        if not outcome.count:
            return []
        loser = victim if outcome.sender == "victim" else user
        if target is None:
            events.append(Announced("hit", victim, attack, _loses(victim, attack)))
        return [] if self._send(loser, outcome.count, events) else [loser]
