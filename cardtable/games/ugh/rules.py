"""Ugh! (RULES.md §3): press your luck into shared Safety piles, lock color sets.

Zones: the ``deck`` (face down, its top is the end of the list), three shared
``safety1``..``safety3`` piles kept between turns, ``flipped`` (a Wild or Ugh!
card waiting while its player decides), the ``discard`` pile, and per seat a
face-up ``pool``, a ``set`` (the set being put together to lock) and a
``victory`` pile (locked sets and first-flip Ugh! cards, all face up:
everyone saw those Ugh! cards flipped, RULES.md section 3).

Phases: ``turn`` (the current player flips, takes, locks or ends), ``wild``
(a flipped Wild: steal with it, put it in the Pool, or put it on the next
Safety pile like a Number card), ``discard``
(an Ugh! card's discards, one card per action), ``window`` (the last-card
window: before the last card is flipped every player, from the current one
clockwise, may lock sets; these seats act off-turn) and ``over``.

Actions (one card per action, each saying where it goes, DESIGN.md):
``flip`` (source: the deck); ``take`` (card = the top of a Safety pile,
target = the player's ``pool``); ``lock`` (card = a Pool card to put in the
``set`` being formed: the third card locks the set; ``cancel`` puts them
back); ``end`` (after taking); after a Wild, ``steal`` (card = the Wild,
target = the Card it steals), ``pool`` (target = the player's Pool: taking
done) or ``keep`` (target = the next Safety pile; flips 1-3 only);
``discard`` after an Ugh! (target = the ``discard`` pile); ``done`` to leave
the last-card window. Forming a set card by card keeps the list as small as
the Pool (every possible set as its own action grows with the product of
the colors held) and maps a click on a Pool card to exactly one action. A
card is offered only if the rest of the Pool can still complete the set.

Where the choice is forced there is no action: a 4th-flip Wild with nothing
to steal goes into the Pool; discards are made without asking
when the whole Pool must go or the cards to choose from are alike (two
green 1s; for the Ice Age, per color); the turn ends by itself when the card
is taken and no set can be locked; seats with no set are skipped in the
last-card window.

**Decisions where RULES.md is silent.** A flipped Wild is decided first
(steal, Pool or Safety pile) before any locking (locking could change
nothing: a Wild steals only from the other Pools). The Ice Age counts the All Wild as no
color of its own, so it goes only as the one card more; the one card of each
color is discarded first, then the one more (the same choices, in a fixed
order). When the last card is an Ugh!, nothing is discarded: the game ends
at once and unlocked cards score nothing anyway.

Action labels may name seats with ``{seat:N}`` placeholders, like prompts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.engine import (
    Action,
    Announced,
    Card,
    Event,
    GameOver,
    Moved,
    OptionError,
    ScoreChanged,
    Shuffled,
    ZoneRef,
)
from cardtable.engine.game import Game
from cardtable.engine.words import N_, Phrases, Said, Seat, say, say_n

from . import checks
from .cards import COLORS, MAX_FLIPS, SAFETY_PILES, UGH, WILD, UghCards, tables_for
from .discards import discard_candidates, discards_for, effect_of, forced_discard
from .recap import game_recap
from .sets import can_lock, lock_candidates, set_score
from .state import UghState
from .views import info_for, prompt_for
from .wilds import steal_targets

FLIP = Action("flip", source=ZoneRef("deck"), label=N_("Flip the top card of the deck"))
END = Action("end", label=N_("End your turn"))
CANCEL = Action("cancel", label=N_("Put the set's cards back in your Pool"))
DONE = Action("done", label=N_("Done locking"))

# Translators: causes of a score in Ugh! (the log says "Ada scores +3 (first-flip Ugh!)").
FIRST_FLIP, SET = N_("first-flip Ugh!"), N_("set")

DECK_REF = ("deck", None)
FLIPPED_REF = ("flipped", None)
DISCARD_REF = ("discard", None)


class UghGame(Game):
    t: UghCards  # the catalog (set per game: it depends on the options) and its card tables

    # -- configuration ---------------------------------------------------------

    STATE = UghState

    @classmethod
    def check_options(cls, players: int, options: Mapping[str, Any]) -> None:
        decks = options["decks"]
        if decks != "auto" and decks * 6 < players:
            raise OptionError(
                "decks",
                say_n(
                    "{n} player needs two decks (one deck is for 2-6 players)",
                    "{n} players need two decks (one deck is for 2-6 players)",
                    players,
                ),
            )

    def _configure(self) -> None:
        n = self.players
        self.t = tables_for(n, self.options)
        self.catalog = self.t.catalog
        self.ugh_points: int = self.options["first_ugh_points"]
        self.fourth_steals: bool = self.options["fourth_flip_wild_steals"]
        self._pool_ref = [("pool", s) for s in range(n)]
        self._set_ref = [("set", s) for s in range(n)]
        self._victory_ref = [("victory", s) for s in range(n)]
        self._safety_ref = [(f"safety{p + 1}", None) for p in range(SAFETY_PILES)]
        self._safety_zone = [ZoneRef(f"safety{p + 1}") for p in range(SAFETY_PILES)]

    # -- setup -----------------------------------------------------------------

    def _setup(self) -> None:
        n = self.players
        self._start_state()
        self.deck.cards = list(self.catalog.cards)
        self.rng.shuffle(self.deck.cards)
        self.first_player = 0 if self.options["first_player"] == "first_seat" else self.rng.randrange(n)
        self.turn = self.first_player
        first = self.first_player
        self.opening_events = [
            Shuffled(DECK_REF),
            Announced("first_player", first, None, say("{seat} goes first", seat=Seat(first))),
        ]

    # -- whose decision --------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "window":
            return (self.window[0],)
        if phase == "over":
            return ()
        return (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == "over" or seat != (self.window[0] if phase == "window" else self.turn):
            return []
        t = self.t
        pool = self.pools[seat].cards
        forming = self.forming[seat].cards
        if forming:
            lock = t.lock(seat)
            out = [lock[c] for c in lock_candidates(pool, forming, t.color)]
            if len(forming) == len(COLORS) - 1:  # the card that completes the set: say what it scores
                out = [self._completing(a, forming) for a in out]
            out.append(CANCEL)
            return out
        if phase == "turn":
            out = []
            if not self.taken:
                for p, pile in enumerate(self.safety):
                    if pile.cards:
                        out.append(t.take(seat, p)[pile.cards[-1]])
                if self.deck.cards:
                    out.append(FLIP)
            if can_lock(pool, t.color):
                lock = t.lock(seat)
                out.extend(lock[c] for c in lock_candidates(pool, (), t.color))
            if self.taken:
                out.append(END)
            return out
        if phase == "discard":
            discard = t.discard
            return [discard[c] for c in discard_candidates(pool, self.ice_colors, t.color)]
        if phase == "wild":
            wild = self.flipped.cards[-1]
            out = []
            if self.flips < MAX_FLIPS or self.fourth_steals:
                out = [_steal_action(t, wild, c, victim) for victim, c in self._steal_targets(seat, wild)]
            out.append(self._pool_action(wild, seat))
            if self.flips < MAX_FLIPS:
                out.append(self._keep_action(wild))
            return out
        # the last-card window
        lock = t.lock(seat)
        out = [lock[c] for c in lock_candidates(pool, (), t.color)]
        out.append(DONE)
        return out

    # -- checking --------------------------------------------------------------

    def check(self, seat: int, action: Action) -> None:
        checks.check(self, seat, action)

    # -- applying --------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        events: list[Event] = []
        card = action.card
        if card is not None:
            card = self.catalog.cards[card]  # this game's own card object, even from a copy
        if kind == "flip":
            if len(self.deck.cards) == 1:
                self._open_window(events)
            else:
                self._flip(events)
        elif kind == "take":
            self._take(seat, card, events)  # type: ignore[arg-type]
        elif kind == "lock":
            self._add_to_set(seat, card, events)  # type: ignore[arg-type]
        elif kind == "cancel":
            self._cancel_set(seat, events)
        elif kind == "end":
            self._end_turn(events)
        elif kind == "discard":
            self._discard_one(seat, card, events)  # type: ignore[arg-type]
            self._auto_discard(events)
        elif kind == "steal":
            self._steal(seat, self.catalog.cards[action.target], events)  # type: ignore[index]
        elif kind == "keep":
            wild = self.flipped.cards.pop()
            self.phase = "turn"
            self._place(wild, FLIPPED_REF, events)
        elif kind == "pool":
            wild = self.flipped.cards.pop()
            self.phase = "turn"
            self.pools[seat].cards.append(wild)
            events.append(Moved(wild, 0, FLIPPED_REF, self._pool_ref[seat]))
            self._taken(events)
        else:  # done: leave the last-card window
            self._next_in_window(events)
        return events

    def _flip(self, events: list[Event]) -> None:
        seat = self.turn
        t = self.t
        card = self.deck.cards.pop()
        self.flips += 1
        kind = t.kind[card]
        if kind == UGH:
            self.flipped.cards.append(card)
            events.append(Moved(card, 0, DECK_REF, FLIPPED_REF))
            effect = effect_of(card, self.t, self.flips == 1, self.ugh_points, not self.deck.cards)
            text = _told(
                ("flips", seat, card.code), lambda: say("{seat} flips {card}", seat=Seat(seat), card=card)
            )
            events.append(Announced("ugh", seat, card, text, effect))
            self._resolve_ugh(card, events)
            return
        if kind == WILD and (
            self.flips < MAX_FLIPS  # Pool or Safety pile is always a choice
            or (self.fourth_steals and self._steal_targets(seat, card, first_only=True))
        ):
            self.flipped.cards.append(card)
            events.append(Moved(card, 0, DECK_REF, FLIPPED_REF))
            self.phase = "wild"
            return
        self._place(card, DECK_REF, events)

    def _place(self, card: Card, src: tuple[str, int | None], events: list[Event]) -> None:
        """A Number card (or a Wild treated as one) flipped: onto the next Safety pile,
        or into the Pool on the 4th flip."""
        k = self.flips
        if k < MAX_FLIPS:
            self.safety[k - 1].cards.append(card)
            events.append(Moved(card, 0, src, self._safety_ref[k - 1]))
            return
        seat = self.turn
        self.pools[seat].cards.append(card)
        events.append(Moved(card, 0, src, self._pool_ref[seat]))
        self._taken(events)

    def _take(self, seat: int, card: Card, events: list[Event]) -> None:
        for p, pile in enumerate(self.safety):
            if pile.cards and pile.cards[-1] == card:
                pile.cards.pop()
                self.pools[seat].cards.append(card)
                events.append(Moved(card, 0, self._safety_ref[p], self._pool_ref[seat]))
                self._taken(events)
                return
        raise AssertionError("checked: the card is on top of a Safety pile")

    def _taken(self, events: list[Event]) -> None:
        """The player has their card: the turn goes on only if a set could be locked."""
        self.taken = True
        if not can_lock(self.pools[self.turn].cards, self.t.color):
            self._end_turn(events)

    def _steal(self, seat: int, card: Card, events: list[Event]) -> None:
        victim = self._pool_owner(card)
        assert victim is not None
        wild = self.flipped.cards.pop()
        self.pools[victim].cards.remove(card)
        self.pools[seat].cards.append(card)
        events.append(
            Announced(
                "steal",
                seat,
                (wild, card, victim),
                _told(
                    ("steals", seat, card.code, victim, wild.code),
                    lambda: say(
                        "{seat} steals {card} from {seat_victim} with the {wild}",
                        seat=Seat(seat),
                        card=card,
                        seat_victim=Seat(victim),
                        wild=wild,
                    ),
                ),
            )
        )
        events.append(Moved(card, 0, self._pool_ref[victim], self._pool_ref[seat]))
        self.discard.cards.append(wild)
        events.append(Moved(wild, 0, FLIPPED_REF, DISCARD_REF))
        self.phase = "turn"
        self._taken(events)

    # -- Ugh! cards ------------------------------------------------------------

    def _resolve_ugh(self, card: Card, events: list[Event]) -> None:
        if not self.deck.cards:
            # The last card: the game ends at once, nobody locks again, so nothing is discarded.
            self._put_away_ugh(events)
            self._game_over(events)
            return
        self.discards_left, self.ice_colors = discards_for(card, self.pools[self.turn].cards, self.t)
        self.phase = "discard"
        self._auto_discard(events)

    def _auto_discard(self, events: list[Event]) -> None:
        """Make the discards nobody needs to choose; finish the Ugh! when none are left."""
        seat = self.turn
        pool = self.pools[seat].cards
        while self.discards_left and pool:
            if len(pool) <= self.discards_left:
                for card in list(pool):
                    self._discard_one(seat, card, events)
                break
            forced = forced_discard(pool, self.ice_colors, self.t)
            if forced is None:
                return  # a real choice: wait for the player
            self._discard_one(seat, forced, events)
        self.discards_left = 0
        self.ice_colors = []
        self._put_away_ugh(events)
        self._end_turn(events)

    def _discard_one(self, seat: int, card: Card, events: list[Event]) -> None:
        self.pools[seat].cards.remove(card)
        self.discard.cards.append(card)
        events.append(Moved(card, 0, self._pool_ref[seat], DISCARD_REF))
        self.discards_left -= 1
        col = self.t.color[card]
        if col in self.ice_colors:
            self.ice_colors.remove(col)

    def _put_away_ugh(self, events: list[Event]) -> None:
        """A first flip's Ugh! card goes face down to the Victory pile and scores; others are discarded."""
        seat = self.turn
        card = self.flipped.cards.pop()
        if self.flips == 1:
            victory = self.victory[seat]
            victory.cards.append(card)  # face up: everyone saw it flipped (RULES.md section 3)
            events.append(Moved(card, 0, FLIPPED_REF, self._victory_ref[seat]))
            self.ughs[seat] += 1
            self.totals[seat] += self.ugh_points
            events.append(ScoreChanged(seat, self.ugh_points, self.totals[seat], FIRST_FLIP))
        else:
            self.discard.cards.append(card)
            events.append(Moved(card, 0, FLIPPED_REF, DISCARD_REF))

    # -- sets ------------------------------------------------------------------

    def _add_to_set(self, seat: int, card: Card, events: list[Event]) -> None:
        forming = self.forming[seat].cards
        self.pools[seat].cards.remove(card)
        forming.append(card)
        events.append(Moved(card, 0, self._pool_ref[seat], self._set_ref[seat]))
        if len(forming) == 3:
            self._lock(seat, events)

    def _lock(self, seat: int, events: list[Event]) -> None:
        t = self.t
        cards = tuple(self.forming[seat].cards)
        self.forming[seat].cards = []
        score = set_score(cards, t.kind, t.value)
        src, dst = self._set_ref[seat], self._victory_ref[seat]
        self.victory[seat].cards.extend(cards)
        for card in cards:
            events.append(Moved(card, 0, src, dst))
        self.sets[seat].append((cards, score))
        self.totals[seat] += score
        a, b, c = cards
        text = _told(
            ("locks", seat, a.code, b.code, c.code),
            lambda: say(
                "{seat} locks {card}, {card2}, {card3} for {score}",
                seat=Seat(seat),
                card=a,
                card2=b,
                card3=c,
                score=score,
            ),
        )
        events.append(Announced("lock", seat, (cards, score), text))
        events.append(ScoreChanged(seat, score, self.totals[seat], SET))
        if can_lock(self.pools[seat].cards, t.color):
            return
        if self.phase == "window":
            self._next_in_window(events)
        elif self.taken:
            self._end_turn(events)

    def _cancel_set(self, seat: int, events: list[Event]) -> None:
        pool = self.pools[seat].cards
        src, dst = self._set_ref[seat], self._pool_ref[seat]
        for card in self.forming[seat].cards:
            pool.append(card)
            events.append(Moved(card, 0, src, dst))
        self.forming[seat].cards = []

    # -- the last card and the end ---------------------------------------------

    def _open_window(self, events: list[Event]) -> None:
        """Before the last card is flipped, everyone from the current player on may lock sets."""
        n = self.players
        color = self.t.color
        order = [(self.turn + i) % n for i in range(n)]
        self.window = [s for s in order if can_lock(self.pools[s].cards, color)]
        events.append(
            Announced(
                "last_card",
                self.turn,
                tuple(self.window),
                say("Last card: everyone may lock sets before {seat} flips it", seat=Seat(self.turn)),
            )
        )
        if self.window:
            self.phase = "window"
        else:
            self._flip(events)

    def _next_in_window(self, events: list[Event]) -> None:
        self.window.pop(0)
        if not self.window:
            self.phase = "turn"
            self._flip(events)

    def _end_turn(self, events: list[Event]) -> None:
        if not self.deck.cards:
            self._game_over(events)
            return
        self.turn = self.turn + 1 if self.turn + 1 < self.players else 0
        self.flips = 0
        self.taken = False
        self.phase = "turn"
        seat = self.turn
        events.append(
            Announced(
                "turn", seat, None, _told(("turn", seat), lambda: say("{seat}'s turn", seat=Seat(seat)))
            )
        )

    def _game_over(self, events: list[Event]) -> None:
        self.phase = "over"
        self.window = []
        if self.narrate:
            events.append(game_recap(self))
        events.append(GameOver(self.winners(), tuple(self.totals)))

    # -- helpers ---------------------------------------------------------------

    def _pool_owner(self, card: Any) -> int | None:
        if card is None:
            return None
        for s, pool in enumerate(self.pools):
            if card in pool.cards:
                return s
        return None

    def _steal_targets(self, seat: int, wild: Card, first_only: bool = False) -> list[tuple[int, Card]]:
        return steal_targets([p.cards for p in self.pools], seat, wild, self.t.color, first_only)

    def _is_own_card(self, card: Any) -> bool:
        """A card of this game's catalog (by index and code: pickled copies count too)."""
        cards = self.catalog.cards
        return isinstance(card, Card) and 0 <= card < len(cards) and cards[card].code == card.code

    def _completing(self, action: Action, forming: list[Card]) -> Action:
        """The lock that completes a set, labelled with the set and its score (shown before it is made)."""
        a, b = forming
        c = action.card
        label = self.t.label(
            ("complete", a, b, c),
            lambda: say_n(
                "Lock {card}, {card2} and {card3} for {n} point",
                "Lock {card}, {card2} and {card3} for {n} points",
                set_score((a, b, c), self.t.kind, self.t.value),
                card=a,
                card2=b,
                card3=c,
            ),
        )
        return Action("lock", c, target=action.target, label=label, preview=True)

    def _keep_action(self, wild: Card) -> Action:
        """The Wild onto the next Safety pile, like a Number card (flips 1-3 only)."""
        pile = self.flips

        def make() -> Said:
            # Translators: a button that shares a row with up to 12 name plates: keep it short.
            return _capitalized(say("{card} onto Safety pile {pile}", card=wild, pile=pile))

        label = self.t.label(("keep", wild, pile), make)
        return Action("keep", wild, target=self._safety_zone[pile - 1], label=label)

    def _pool_action(self, wild: Card, seat: int) -> Action:
        """The Wild straight into the Pool: the taking is done."""
        label = self.t.label(("pool", wild), lambda: _capitalized(say("{card} into your Pool", card=wild)))
        return Action("pool", wild, target=ZoneRef("pool", seat), label=label)

    # -- results ---------------------------------------------------------------

    # -- views -----------------------------------------------------------------

    _info = info_for
    _prompt = prompt_for

    # -- loading ---------------------------------------------------------------

    def _loaded(self) -> None:
        """Each total: the sets locked and the first Ugh! cards flipped."""
        ugh = self.ugh_points
        self.totals = [
            sum(score for _, score in s) + u * ugh for s, u in zip(self.sets, self.ughs, strict=True)
        ]


def _steal_action(t: UghCards, wild: Card, card: Card, victim: int) -> Action:
    """The Wild dropped on the card it steals (the Wild goes to the discard, the card to the Pool)."""
    label = t.label(
        ("steal", card, victim), lambda: say("Steal {card} from {seat}", card=card, seat=Seat(victim))
    )
    return Action("steal", wild, target=card, label=label)


_told = Phrases().said
"""Announcements already made, by what they say: the same words are not built again (search)."""


def _capitalized(said: Said) -> Said:
    """The sentence with a capital first letter ("Green Wild into your Pool"), still translated whole."""
    text = str(said)
    return Said(text[:1].upper() + text[1:], said.template, said.plural, said.params)
