"""U-G-O (RULES.md §2): a Yu-Gi-Oh-style duel with ordinary 52-card decks.

Every player owns a deck (its cards carry the owner as their ``back``) and
plays from the deck passed to them. Phases:

- ``turn``: the current player acts: plays cards, changes positions, attacks,
  uses Special cards, and finally ends the turn (the draw is automatic);
- ``react``: the player just attacked (or, with ``ten_stops_specials`` or
  ``nine_counters``, targeted by an Ace, King or Jack) decides whether to
  play a 10 (or a 9); this is a decision made during someone else's turn;
- ``choose``: after a 9 turns a plain Ace back on its user, the player who
  turned it picks which of the user's cards it destroys;
- ``over``.

The reaction window opens whenever the player attacked holds any card, not
only a 10: opening it only for a 10 would tell everyone they have one.

Actions and where they go are built in :mod:`.moves`; why one is refused is
explained by :mod:`.reasons`. ``check`` accepts only an action equal, field
by field and type by type, to a legal one.

What the game announces is said in whole sentences (``say``), to be translated
whole; the sentences told at every step (a turn, an attack, a card destroyed)
are made once for the same seats and cards and kept, as search tells them too.
"""

from __future__ import annotations

from functools import cache, lru_cache

from cardtable.engine import (
    Action,
    Announced,
    Card,
    CardState,
    Catalog,
    Event,
    GameOver,
    IllegalAction,
    Moved,
    PlayerOut,
    Reason,
    Rotated,
    Shuffled,
    Slot,
    Turned,
    Zone,
    brief,
    find_action,
)
from cardtable.engine.game import Game
from cardtable.engine.words import N_, Said, Seat, say

from . import moves, reasons
from .cards import ATTACK, DEFENSE, POSITIONS, attack_value, defense_value
from .moves import TARGETED
from .reactions import Reactions
from .recap import COULD_NOT_DRAW, RAN_OUT, out_recap
from .state import UgoState
from .views import info_for, prompt_for

__all__ = ["ATTACK", "DEFENSE", "POSITIONS", "UgoGame", "catalog_for"]

HAND_SIZE = 5

REVERSED = N_("Play reverses direction")


@lru_cache(maxsize=64)
def _turn_told(seat: int) -> Said:
    return say("{seat}'s turn", seat=Seat(seat))


@lru_cache(maxsize=64)
def _turn_ends(seat: int) -> Said:
    return say("{seat}'s turn ends", seat=Seat(seat))


@lru_cache(maxsize=4096)
def _destroyed(seat: int, card: Card) -> Said:
    return say("{seat}'s {card} is destroyed", seat=Seat(seat), card=card)


@lru_cache(maxsize=4096)
def _tribute(seat: int, card: Card) -> Said:
    return say("{seat} discards {card} as tribute", seat=Seat(seat), card=card)


@lru_cache(maxsize=4096)
def _equips(equip: Card, target: Card) -> Said:
    return say("{card} equips {target}", card=equip, target=target)


@lru_cache(maxsize=4096)
def _attacks(seat: int, card: Card, victim: int, target: Card | None, face_down: bool) -> Said:
    """``seat`` attacks with ``card``: ``victim`` directly, ``target`` (seen by all), or a face-down card."""
    if face_down:
        return say(
            "{seat} attacks {seat_target}'s face-down card with {card}",
            seat=Seat(seat),
            seat_target=Seat(victim),
            card=card,
        )
    if target is None:
        return say(
            "{seat} attacks {seat_target} directly with {card}",
            seat=Seat(seat),
            seat_target=Seat(victim),
            card=card,
        )
    return say(
        "{seat} attacks {seat_target}'s {target} with {card}",
        seat=Seat(seat),
        seat_target=Seat(victim),
        target=target,
        card=card,
    )


@lru_cache(maxsize=4096)
def _plays_on(seat: int, card: Card, victim: int, target: Card | None, face_down: bool) -> Said:
    """``seat`` plays the Special ``card`` on ``victim``, ``target`` (seen by all) or a face-down card."""
    if face_down:
        return say(
            "{seat} plays {card} on {seat_target}'s face-down card",
            seat=Seat(seat),
            card=card,
            seat_target=Seat(victim),
        )
    if target is None:
        return say(
            "{seat} plays {card} on {seat_target}", seat=Seat(seat), card=card, seat_target=Seat(victim)
        )
    return say(
        "{seat} plays {card} on {seat_target}'s {target}",
        seat=Seat(seat),
        card=card,
        seat_target=Seat(victim),
        target=target,
    )


@lru_cache(maxsize=4096)
def _plays(kind: str, seat: int, card: Card) -> Said:
    """``seat`` plays a Queen, a 9 or an 8 (each verb still follows its subject: "You play")."""
    if kind == "queen":
        return say(
            "{seat} plays {card} and draws the top card of {seat}'s shuffled discard pile",
            seat=Seat(seat),
            card=card,
        )
    if kind == "eight":
        return say(
            "{seat} plays {card}: every player discards their hand, then draws as many cards",
            seat=Seat(seat),
            card=card,
        )
    return say("{seat} plays {card}", seat=Seat(seat), card=card)


@cache
def catalog_for(players: int) -> Catalog:
    """One standard deck per player; a card's back is its owner's seat."""
    return Catalog.standard(backs=tuple(range(players)))


class UgoGame(Reactions, Game):
    # -- configuration ---------------------------------------------------------

    STATE = UgoState

    def _configure(self) -> None:
        self.catalog = catalog_for(self.players)
        self._legal: tuple[int, tuple[Action, ...]] | None = None  # (seat, actions) until the next change

    def _reset_turn_state(self) -> None:
        self.ad_played = False
        self.positions = "unused"  # unused -> open (turning cards) -> used
        self.turned: set[Card] = set()
        self.attacked: set[Card] = set()

    # -- setup -----------------------------------------------------------------

    def _setup(self) -> None:
        n = self.players
        self._start_state()
        events: list[Event] = []
        shift = 1 if self.options["pass_decks"] else 0
        for owner in range(n):
            deck = [c for c in self.catalog if c.back == owner]
            self.rng.shuffle(deck)
            self.decks[(owner + shift) % n].cards = deck
            events.append(Shuffled(("deck", (owner + shift) % n)))
        for seat in range(n):
            self._draw(seat, HAND_SIZE, events)
        first = self.rng.randrange(n)
        events.append(Announced("first", first, None, say("{seat} goes first", seat=Seat(first))))
        self.phase = "turn"
        self.turn = first
        self._begin_turn(first, events)
        self.opening_events = events

    # -- seats and targets -----------------------------------------------------

    def next_alive(self, seat: int, direction: int | None = None) -> int | None:
        """The next seat still in the game after ``seat`` in ``direction``."""
        step = self.direction if direction is None else direction
        n = self.players
        for i in range(1, n):
            s = (seat + step * i) % n
            if self.alive[s]:
                return s
        return None

    def target_of(self, seat: int) -> int | None:
        """Whom ``seat`` attacks and uses A, K and J on: the next player in the current direction."""
        return self.next_alive(seat)

    def attacks_allowed(self) -> bool:
        """Only once every player still in the game has had a turn (the first-round rule)."""
        return all(not alive or s in self.had_turn for s, alive in enumerate(self.alive))

    def stats(self, card: Card, seat: int) -> tuple[int, int]:
        """(attack, defense) of an A/D card on ``seat``'s table, equips included."""
        st = self.tables[seat].state.get(card)
        equips = st.attached if st is not None else ()
        return attack_value(card, equips), defense_value(card, equips)

    def ref(self, owner: int, card: Card, viewer: int | None) -> Card | Slot:
        """How ``viewer`` names a table card: the card if they may see it, else its slot."""
        table = self.tables[owner]
        if table.visible_to(card, viewer):
            return card
        return Slot("table", owner, table.cards.index(card))

    def _deref(self, owner: int, target: object) -> Card | None:
        """The table card a legal action's target names; None for a zone (a direct attack, a pile)."""
        if isinstance(target, Slot):
            return self.tables[owner].cards[target.index]
        return target if isinstance(target, Card) else None

    def seen(self, owner: int, card: Card, viewer: int | None) -> Card | None:
        """A table card as ``viewer`` (None: everyone) may name it: the card, or None when face down
        to them (a sentence then says "the face-down card")."""
        return card if self.tables[owner].visible_to(card, viewer) else None

    def _discard_pile(self, card: Card, player: int) -> Zone:
        """Where a used, destroyed or discarded card goes (``discard_to``)."""
        if self.options["discard_to"] == "owner":
            return self.discards[card.back]
        return self.discards[player]

    # -- moving cards ----------------------------------------------------------

    def _to_discard(self, card: Card, src: Zone, player: int, events: list[Event]) -> None:
        """Send ``card`` from ``src`` to its discard pile (a Queen leaves the game)."""
        st = src.remove(card)
        dst = self.removed if card.rank == 12 else self._discard_pile(card, player)
        dst.cards.append(card)
        self.revealed.add(card)
        events.append(Moved(card, card.back, src.ref, dst.ref))
        if st is not None:
            for equip in st.attached:
                pile = self._discard_pile(equip, player)
                pile.cards.append(equip)
                self.revealed.add(equip)
                events.append(Moved(equip, equip.back, src.ref, pile.ref))

    def _draw(self, seat: int, count: int, events: list[Event]) -> bool:
        """Draw ``count`` cards; False if the deck ran short (the player must go out)."""
        deck, hand = self.decks[seat], self.hands[seat]
        for _ in range(count):
            if not deck.cards:
                return False
            card = deck.cards.pop()
            hand.cards.append(card)
            events.append(Moved(card, card.back, deck.ref, hand.ref, 1 << seat))
        hand.cards.sort()
        return True

    def _send(self, seat: int, count: int, events: list[Event]) -> bool:
        """Turn ``count`` cards from the top of the deck to the discard pile, one event each."""
        deck = self.decks[seat]
        for _ in range(count):
            if not deck.cards:
                return False
            self._to_discard(deck.cards[-1], deck, seat, events)
        return True

    def _destroy(self, seat: int, card: Card, events: list[Event]) -> None:
        """A table card (with its equips) goes to the discard piles."""
        events.append(Announced("destroyed", seat, card, _destroyed(seat, card)))
        self._to_discard(card, self.tables[seat], seat, events)

    def _eliminate(self, seat: int, events: list[Event], reason: str) -> None:
        """Out of the game: hand and table cards go to the discard piles."""
        if not self.alive[seat]:
            return
        self.alive[seat] = False
        self.out_order.append(seat)
        events.append(PlayerOut(seat, reason))
        events.append(Announced("out", seat, reason, say("{seat} is out", seat=Seat(seat)), reason))
        hand = self.hands[seat]
        for card in list(hand.cards):
            self._to_discard(card, hand, seat, events)
        table = self.tables[seat]
        for card in list(table.cards):
            self._to_discard(card, table, seat, events)
        if self.pending is not None and seat in (self.pending["user"], self.pending["victim"]):
            self.pending = None
        if self.narrate:
            events.append(out_recap(self, seat, reason))

    def _check_over(self, events: list[Event], last_out: list[int] | None = None) -> bool:
        alive = [s for s, a in enumerate(self.alive) if a]
        if len(alive) > 1:
            return False
        # One left wins; if the last players ran out through the same card, they share the win.
        self.final_winners = tuple(alive) if alive else tuple(sorted(last_out or ()))
        self.phase = "over"
        self.pending = None
        self.score_history.append(self.scores())
        events.append(GameOver(self.final_winners, self.scores()))
        return True

    # -- turns -----------------------------------------------------------------

    def _begin_turn(self, seat: int, events: list[Event]) -> None:
        """Start ``seat``'s turn with its draw; a player who cannot draw is out."""
        while True:
            self.turn = seat
            self.turn_count += 1
            self.score_history.append(self.scores())
            self.had_turn.add(seat)
            self._reset_turn_state()
            self.phase = "turn"
            events.append(Announced("turn", seat, self.turn_count, _turn_told(seat)))
            if self._draw(seat, 1, events):
                return
            self._eliminate(seat, events, COULD_NOT_DRAW)
            if self._check_over(events, [seat]):
                return
            nxt = self.next_alive(seat)
            assert nxt is not None
            seat = nxt

    def _end_turn(self, events: list[Event]) -> None:
        nxt = self.next_alive(self.turn)
        assert nxt is not None
        self._begin_turn(nxt, events)

    def _after_effect(self, events: list[Event], out: list[int]) -> None:
        """Eliminate who ran out, then continue the turn (or the next one)."""
        for seat in out:
            self._eliminate(seat, events, RAN_OUT)
        if self._check_over(events, out):
            return
        self.phase = "turn"
        if not self.alive[self.turn]:
            self._end_turn(events)

    # -- whose decision --------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        if self.phase == "turn":
            return (self.turn,)
        if self.phase in ("react", "choose"):
            assert self.pending is not None
            return (self.pending["responder"],)
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return list(cached[1])
        actions = moves.legal_now(self, seat)
        self._legal = (seat, tuple(actions))
        return actions

    def ace_victims(self, ace: Card, victim: int) -> list[tuple[str, Card]]:
        """What a specific Ace destroys: ("card", c) for A/D cards, ("equip", e) for equips."""
        table = self.tables[victim]
        suit = ace.suit
        if suit == "D":
            return [("equip", e) for c in table.cards for e in table.state[c].attached]
        out = []
        for c in table.cards:
            orientation = table.state[c].orientation
            if (
                suit == "C"
                or (suit == "S" and orientation == ATTACK)
                or (suit == "H" and orientation == DEFENSE)
            ):
                out.append(("card", c))
        return out

    # -- checking --------------------------------------------------------------

    def check(self, seat: int, action: Action) -> None:
        """Raise IllegalAction, saying why, unless ``seat`` may take ``action`` now.

        The guard of search's fast path (``apply_trusted``) and the reason
        behind every refusal of ``apply``: only an action equal field by field,
        and type by type, to a legal one passes. Never raises anything else,
        whatever the action holds.
        """
        self.check_seat(seat)
        if type(action) is not Action:
            raise IllegalAction(say("{action} is not an action", action=brief(action)))
        legal = self.legal_actions(seat)
        if any(a is action for a in legal) or find_action(legal, action) is not None:
            return
        try:
            why = reasons.why_not(self, seat, action)
        except Exception:  # noqa: BLE001 - garbage no explanation foresaw: still a refusal
            # Translators: {kind} is what the action named, as code writes it.
            why = Reason(
                say("{seat} cannot {kind} that way now", seat=Seat(seat), kind=brief(action.kind)), "not_now"
            )
        raise IllegalAction(why)

    # -- applying --------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self._legal = None
        events: list[Event] = []
        kind = action.kind
        if self.phase == "react":
            self._react(seat, action, events)
            return events
        if self.phase == "choose":
            assert self.pending is not None
            victim = self.pending["victim"]
            self.pending = None
            target = self._deref(victim, action.target)
            assert target is not None
            self._destroy(victim, target, events)
            self._after_effect(events, [])
            return events
        if kind != "turn" and self.positions == "open":
            self.positions = "used"
        card = action.card
        if kind == "play":
            self._play_ad(seat, card, action.value, self._deref(seat, action.target), events)  # type: ignore[arg-type]
        elif kind == "equip":
            self._equip(seat, card, action.target, events)  # type: ignore[arg-type]
        elif kind == "turn":
            self._turn_card(seat, card, events)  # type: ignore[arg-type]
        elif kind == "attack":
            victim = self.target_of(seat)
            assert victim is not None
            self._declare_attack(seat, card, self._deref(victim, action.target), events)  # type: ignore[arg-type]
        elif kind == "end":
            events.append(Announced("end", seat, None, _turn_ends(seat)))
            self._end_turn(events)
        else:
            victim = self.target_of(seat)
            target = self._deref(victim, action.target) if victim is not None else None
            self._play_special(seat, card, kind, target, events)  # type: ignore[arg-type]
        return events

    def _play_ad(
        self, seat: int, card: Card, position: str, tribute: Card | None, events: list[Event]
    ) -> None:
        table = self.tables[seat]
        if tribute is not None:
            events.append(Announced("tribute", seat, tribute, _tribute(seat, tribute)))
            self._destroy(seat, tribute, events)
        self.hands[seat].cards.remove(card)
        face_up = position != "defense_down"
        orientation = ATTACK if position == ATTACK else DEFENSE
        table.add(card, state=CardState(face_up, orientation))
        self.ad_played = True
        seen = -1 if face_up else 1 << seat
        if face_up:
            self.revealed.add(card)
        events.append(
            Moved(card if face_up else card, card.back, self.hands[seat].ref, table.ref, seen, face_up)
        )
        events.append(Rotated(card, card.back, table.ref, orientation, seen))

    def _equip(self, seat: int, equip: Card, target: Card, events: list[Event]) -> None:
        owner = next(s for s in range(self.players) if target in self.tables[s].cards)
        self.hands[seat].cards.remove(equip)
        self.tables[owner].state[target].attached.append(equip)
        self.revealed.add(equip)
        events.append(Moved(equip, equip.back, self.hands[seat].ref, self.tables[owner].ref))
        events.append(Announced("equip", seat, (equip, target), _equips(equip, target)))

    def _turn_card(self, seat: int, card: Card, events: list[Event]) -> None:
        table = self.tables[seat]
        st = table.state[card]
        self.positions = "open"
        self.turned.add(card)
        if st.orientation == ATTACK:
            st.orientation = DEFENSE
        else:
            st.orientation = ATTACK
            if not st.face_up:
                st.face_up = True
                self.revealed.add(card)
                events.append(Turned(card, card.back, table.ref, True))
        events.append(Rotated(card, card.back, table.ref, st.orientation, -1 if st.face_up else 1 << seat))

    def _declare_attack(self, seat: int, card: Card, target: Card | None, events: list[Event]) -> None:
        victim = self.target_of(seat)
        assert victim is not None
        self.attacked.add(card)
        ref = None if target is None else self.ref(victim, target, None)
        seen = None if target is None else self.seen(victim, target, None)
        told = _attacks(seat, card, victim, seen, target is not None and seen is None)
        events.append(Announced("attack", seat, (card, victim, ref), told))
        self._open_reaction("attack", seat, victim, card, target, events)

    def _play_special(
        self, seat: int, card: Card, kind: str, target: Card | None, events: list[Event]
    ) -> None:
        hand = self.hands[seat]
        self._to_discard(card, hand, seat, events)
        victim = self.target_of(seat)
        if kind in TARGETED:
            assert victim is not None
            ref = None if target is None else self.ref(victim, target, None)
            seen = None if target is None else self.seen(victim, target, None)
            told = _plays_on(seat, card, victim, seen, target is not None and seen is None)
            events.append(Announced(kind, seat, (card, victim, ref), told))
            self._open_reaction(kind, seat, victim, card, target, events)
            return
        events.append(Announced(kind, seat, card, _plays(kind, seat, card)))
        out: list[int] = []
        if kind == "queen":
            self._queen(seat, events)
        elif kind == "nine":
            self.direction = -self.direction
            events.append(Announced("direction", None, self.direction, REVERSED))
        elif kind == "eight":
            out = self._eight(seat, events)
        self._after_effect(events, out)

    def _queen(self, seat: int, events: list[Event]) -> None:
        pile = self.discards[seat]
        self.rng.shuffle(pile.cards)
        events.append(Shuffled(pile.ref))
        card = pile.cards.pop()
        pile.state.pop(card, None)
        self.hands[seat].cards.append(card)
        self.hands[seat].cards.sort()
        events.append(Moved(card, card.back, pile.ref, self.hands[seat].ref, 1 << seat))
        # The rest of the pile lies face down: nobody else may tell which card was drawn.
        for rest in pile.cards:
            pile.state[rest] = CardState(face_up=False)

    def _eight(self, seat: int, events: list[Event]) -> list[int]:
        order = [seat]
        nxt = self.next_alive(seat)
        while nxt is not None and nxt != seat:
            order.append(nxt)
            nxt = self.next_alive(nxt)
        counts = {}
        for s in order:
            hand = self.hands[s]
            counts[s] = len(hand.cards)
            for card in list(hand.cards):
                self._to_discard(card, hand, s, events)
        return [s for s in order if not self._draw(s, counts[s], events)]

    # -- results ---------------------------------------------------------------

    def scores(self) -> tuple[int, ...]:
        """Cards left in each deck (a player's life); 0 once out."""
        return tuple(len(d.cards) if self.alive[s] else 0 for s, d in enumerate(self.decks))

    def winners(self) -> tuple[int, ...]:
        return self.final_winners if self.phase == "over" else ()

    def measures(self) -> dict[str, float]:
        return {**super().measures(), "turns": self.turn_count}

    def standings(self) -> tuple[float, ...]:
        """Cards left in the deck, plus what the table and the hand are worth in cards."""
        out = []
        for s in range(self.players):
            if not self.alive[s]:
                out.append(0.0)
                continue
            board = sum(max(self.stats(c, s)) for c in self.tables[s].cards)
            out.append(len(self.decks[s].cards) + 0.4 * board + 0.8 * len(self.hands[s].cards))
        return tuple(out)

    def episode(self) -> int:
        """Turns: search looks a few turns ahead (the game's ``search.horizon``)."""
        return self.turn_count

    # -- views -----------------------------------------------------------------

    _info = info_for
    _prompt = prompt_for
