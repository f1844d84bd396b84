"""Ugly (RULES.md §1): trick-taking with trump, growing passes, Jacks to avoid.

Phases of a round: ``trump`` (the player left of the dealer names a suit or
No Trump), ``pass`` (everyone at once picks cards for their neighbour, one
card per action), ``play`` (13 or 17 tricks, follow suit), then scoring; the
game is ``over`` after the last round.

Speed matters here (search plays thousands of rounds per decision), so the
hot paths work on the zones' card lists directly: hands stay sorted by card
index, and because the standard catalog numbers cards suit by suit, the
cards of one suit in a hand are found by bisection.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Mapping
from typing import Any

from cardtable.engine import (
    AUTO,
    N_,
    STANDARD,
    SUIT_NAMES,
    SUITS,
    Action,
    Announced,
    Card,
    Event,
    GameOver,
    Gathered,
    IllegalAction,
    Moved,
    OptionError,
    RoundEnded,
    ScoreChanged,
    Seat,
    Shuffled,
    TrickWon,
    Zone,
    ZoneRef,
    say,
    say_n,
)
from cardtable.engine.cards import SUIT_NAMES_ONE
from cardtable.engine.game import Game

from .options import JACK_SUIT
from .recap import round_recap
from .scoring import round_score, trick_note
from .state import UglyState
from .views import info_for, prompt_for

NO_TRUMP = "NT"
TRUMP_CHOICES = (*SUITS, NO_TRUMP)

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_SUIT_OF: tuple[str, ...] = tuple(c.suit for c in STANDARD)  # type: ignore[misc]
_BASE: dict[str | None, int] = {s: 13 * i for i, s in enumerate(SUITS)}
assert all(
    STANDARD[13 * i + r - 2].rank == r and STANDARD[13 * i].suit == s
    for i, s in enumerate(SUITS)
    for r in range(2, 15)
), "catalog must be suit-major"

TWO_OF_SPADES = STANDARD.by_code("2S")

MAX_SEATS = 4
# Translators: an action's label: play this card to the trick.
_PLAY_WORDS = [say("Play {card}", card=c) for c in STANDARD]
# Translators: an action's label: pass this card on to the neighbour.
_PASS_WORDS = [say("Pass {card}", card=c) for c in STANDARD]
PLAY: tuple[list[Action], ...] = tuple(
    [Action("play", c, target=ZoneRef("trick", s), label=_PLAY_WORDS[c]) for c in STANDARD]
    for s in range(MAX_SEATS)
)
"""Each seat's play of each card (to its own place in the trick), made once. Never changed; lists
rather than tuples because ``list.__getitem__`` maps over a hand several times faster."""
PASS: tuple[list[Action], ...] = tuple(
    [Action("pass", c, target=ZoneRef("pass", s), label=_PASS_WORDS[c]) for c in STANDARD]
    for s in range(MAX_SEATS)
)
TRUMP: dict[str, Action] = {
    s: Action("trump", value=s, label=say("Call {suit} trump", suit=SUIT_NAMES[s])) for s in SUITS
}
TRUMP[NO_TRUMP] = Action("trump", value=NO_TRUMP, label=N_("Call No Trump"))
_PLAY_SEAT = {id(a): s for s, row in enumerate(PLAY) for a in row}
_PASS_SEAT = {id(a): s for s, row in enumerate(PASS) for a in row}
"""Whose each made-once action is, by identity: the module keeps them alive, so an id is never reused."""


def auto_rounds(players: int) -> int:
    """(hand size + 1) / 2: 7 rounds with 4 players, 9 with 3."""
    return (hand_size(players) + 1) // 2


def hand_size(players: int) -> int:
    return 52 // players if players == 4 else 17


def trump_name(trump: str | None) -> str:
    """Trump in words (marked to translate where they are shown)."""
    if trump is None:
        # Translators: what trump is before the caller names it.
        return N_("not named yet")
    return N_("No Trump") if trump == NO_TRUMP else SUIT_NAMES[trump]


class UglyGame(Game):
    catalog = STANDARD

    # -- configuration ---------------------------------------------------------

    STATE = UglyState

    @classmethod
    def check_options(cls, players: int, options: Mapping[str, Any]) -> None:
        rounds = options["rounds"]
        most = auto_rounds(players)
        if rounds != AUTO and rounds > most:
            raise OptionError(
                "rounds",
                say_n(
                    "at most {most} with {n} player (got {rounds})",
                    "at most {most} with {n} players (got {rounds})",
                    players,
                    most=most,
                    rounds=rounds,
                ),
            )
        ugly, charm = options["ugly_card"], options["charm_card"]
        if ugly != "none" and ugly == charm:
            # Translators: {card} is a card's code, such as 7D.
            raise OptionError("charm_card", say("must differ from the Ugly card ({card})", card=ugly))

    def _configure(self) -> None:
        n = self.players
        opts = self.options
        self.hand_size = hand_size(n)
        self.n_rounds = auto_rounds(n) if opts["rounds"] == AUTO else opts["rounds"]
        self.pass_counts = [
            min(opts["first_pass"] + r * opts["pass_step"], self.hand_size) for r in range(self.n_rounds)
        ]
        if opts["rounds"] == AUTO:
            self.pass_counts[-1] = self.hand_size
        self.in_play: tuple[Card, ...] = tuple(c for c in STANDARD if n == 4 or c != TWO_OF_SPADES)
        self.jack_values: dict[Card, int] = {
            STANDARD.find(11, JACK_SUIT[k]): v for k, v in opts["jack_values"].items()
        }
        self.ugly = None if opts["ugly_card"] == "none" else STANDARD.by_code(opts["ugly_card"])
        self.charm = None if opts["charm_card"] == "none" else STANDARD.by_code(opts["charm_card"])
        self.trump_actions = [TRUMP[t] for t in TRUMP_CHOICES if t != NO_TRUMP or opts["allow_no_trump"]]
        self._trump_ids = frozenset(id(a) for a in self.trump_actions)
        self._hand_ref = [("hand", s) for s in range(n)]
        self._pass_ref = [("pass", s) for s in range(n)]
        self._trick_ref = [("trick", s) for s in range(n)]
        self._won_ref = [("won", s) for s in range(n)]

    # -- setup -----------------------------------------------------------------

    def _setup(self) -> None:
        n = self.players
        self._start_state()
        self.deck.cards = list(self.in_play)
        self.removed.cards = [TWO_OF_SPADES] if n == 3 else []
        events: list[Event] = []
        self.cut, self.dealer = self._cut_for_dealer(events)
        events.append(Announced("dealer", self.dealer, None, say("{seat} deals", seat=Seat(self.dealer))))
        self._start_round(events)
        self.opening_events = events

    def _cut_for_dealer(self, events: list[Event]) -> tuple[list[tuple[int, Card]], int]:
        """Everyone cuts a card; the lowest rank deals; tied lowest cut again."""
        contenders = list(range(self.players))
        cuts: list[tuple[int, Card]] = []
        while True:
            cards = self.rng.sample(self.deck.cards, len(contenders))
            round_cuts = list(zip(contenders, cards, strict=True))
            cuts.extend(round_cuts)
            for seat, card in round_cuts:
                events.append(
                    Announced("cut", seat, card, say("{seat} cuts {card}", seat=Seat(seat), card=card))
                )
            low = min(card.rank or 0 for _, card in round_cuts)
            contenders = [seat for seat, card in round_cuts if card.rank == low]
            if len(contenders) == 1:
                return cuts, contenders[0]

    def _start_round(self, events: list[Event]) -> None:
        """Shuffle and deal; the player left of the dealer names trump."""
        n = self.players
        if self.round:
            self.dealer = (self.dealer + 1) % n
        self.round += 1
        deck = self.deck.cards
        if self.round > 1:
            for pile in self.won:
                deck.extend(pile.cards)
                pile.cards = []
        self.rng.shuffle(deck)
        first = (self.dealer + 1) % n
        if not self.quiet:
            if self.round > 1:
                events.append(Gathered(tuple(self._won_ref), ("deck", None)))
            events.append(Shuffled(("deck", None)))
            hand_ref = self._hand_ref
            seats = [(first + j) % n for j in range(len(deck))]
            events.extend(
                [
                    Moved(card, 0, ("deck", None), hand_ref[s], 1 << s)
                    for card, s in zip(deck, seats, strict=True)
                ]
            )
        # One card at a time from the dealer's left: seat first + k gets every n-th card from the k-th.
        for k in range(n):
            hand = self.hands[(first + k) % n].cards
            hand.extend(deck[k::n])
            hand.sort()
        self.deck.cards = []
        self.tricks_won = [0] * n
        self.voids = [0] * n
        self.trump = None
        self.lead_suit = None
        self.trick_order = []
        self.last_trick = None
        self.pass_count = self.pass_counts[self.round - 1]
        self.leader = self.turn = (self.dealer + 1) % n
        self.phase = "trump"

    # -- whose decision --------------------------------------------------------

    def pass_target(self, seat: int) -> int:
        """Where ``seat`` passes this round: left, or right in even rounds when alternating."""
        if self.options["pass_direction"] == "alternate" and self.round % 2 == 0:
            return (seat - 1) % self.players
        return (seat + 1) % self.players

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "play" or phase == "trump":
            return (self.turn,)
        if phase == "pass":
            return self._passers
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == "play":
            return self._plays(seat) if seat == self.turn else []
        if phase == "pass":
            if not 0 <= seat < self.players or len(self.passing[seat].cards) >= self.pass_count:
                return []
            return list(map(PASS[seat].__getitem__, self.hands[seat].cards))
        if phase == "trump":
            return list(self.trump_actions) if seat == self.turn else []
        return []

    def _plays(self, seat: int) -> list[Action]:
        """Follow suit: the cards of the suit led, or, holding none, any card (RULES.md, Ugly)."""
        hand = self.hands[seat].cards
        lead = self.lead_suit
        if lead is not None:
            base = _BASE[lead]
            lo = bisect_left(hand, base)
            hi = bisect_left(hand, base + 13, lo)
            if lo < hi:
                return list(map(PLAY[seat].__getitem__, hand[lo:hi]))
        return list(map(PLAY[seat].__getitem__, hand))

    # -- checking --------------------------------------------------------------

    def check(self, seat: int, action: Action) -> None:
        """Why ``action`` is refused, naming the rule: the legal list decides (following suit is
        written there only); this says which rule a card outside it breaks."""
        if not isinstance(action, Action):
            raise IllegalAction(say("{value} is not an action", value=repr(action)), rule="not_an_action")
        phase = self.phase
        kind = action.kind
        if phase == "play":
            if seat != self.turn:
                self.check_seat(seat)
            if kind != "play":
                raise IllegalAction(
                    say("it is time to play a card to the trick, not to {kind}", kind=kind), rule="phase"
                )
            card = action.card
            hand = self.hands[seat].cards
            if not isinstance(card, Card) or card not in hand:
                raise IllegalAction(_not_in_hand(card, seat), rule="not_in_hand")
            if PLAY[seat][card] not in self.legal_actions(seat):  # in hand, not legal: off suit
                lead = self.lead_suit
                assert lead is not None
                raise IllegalAction(
                    say(
                        "{seat} must follow {suit}: {card} is not a {suit_one}",
                        seat=Seat(seat),
                        suit=SUIT_NAMES[lead],
                        card=card,
                        suit_one=SUIT_NAMES_ONE[lead],
                    ),
                    rule="follow_suit",
                )
            return
        if phase != "pass" or seat not in self._passers:
            self.check_seat(seat)
        if phase == "pass":
            if kind != "pass":
                raise IllegalAction(
                    say("it is time to choose cards to pass, not to {kind}", kind=kind), rule="phase"
                )
            if not isinstance(action.card, Card) or action.card not in self.hands[seat].cards:
                raise IllegalAction(_not_in_hand(action.card, seat), rule="not_in_hand")
        elif phase == "trump":
            if kind != "trump":
                raise IllegalAction(say("trump must be named first, not {kind}", kind=kind), rule="phase")
            if not isinstance(action.value, str) or action.value not in TRUMP_CHOICES:
                raise IllegalAction(
                    say("{value} is not a suit or No Trump", value=repr(action.value)), rule="not_a_suit"
                )
            if action.value == NO_TRUMP and not self.options["allow_no_trump"]:
                raise IllegalAction(
                    say("No Trump is not allowed in this game; name a suit"), rule="no_trump_off"
                )

    def _vouch(self, seat: Any, action: Any) -> bool:
        """One of this game's own play, pass or trump actions for ``seat``, legal now.

        The speed path only: the legal list's proof on an action known to be well formed (it is
        one of ours, made for this seat), so ``apply`` need not build the list a second time.
        The contract test plays it against the list (it may never say yes to what the list lacks).
        """
        phase = self.phase
        if phase == "play":
            if _PLAY_SEAT.get(id(action)) != seat or type(seat) is not int or seat != self.turn:
                return False
            hand = self.hands[seat].cards
            card = action.card
            if card not in hand:
                return False
            lead = self.lead_suit
            if lead is None or _SUIT_OF[card] == lead:
                return True
            base = _BASE[lead]
            lo = bisect_left(hand, base)
            return lo == len(hand) or hand[lo] >= base + 13
        if phase == "pass":
            return (
                _PASS_SEAT.get(id(action)) == seat
                and type(seat) is int
                and seat in self._passers
                and action.card in self.hands[seat].cards
            )
        if phase == "trump":
            return id(action) in self._trump_ids and type(seat) is int and seat == self.turn
        return False

    # -- applying --------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        phase = self.phase
        if phase == "play":
            return self._play(seat, action.card)  # type: ignore[arg-type]
        if phase == "pass":
            return self._pick_pass(seat, action.card)  # type: ignore[arg-type]
        return self._name_trump(seat, action.value)

    def _name_trump(self, seat: int, trump: str) -> list[Event]:
        self.trump = trump
        events: list[Event] = [Announced("trump", seat, trump, _call_text(seat, trump))]
        k = self.pass_count
        if k == 0:
            self.phase = "play"
        elif k >= self.hand_size:
            # Nothing to choose: the whole hand goes to the neighbour.
            for s in range(self.players):
                hand = self.hands[s]
                pending = self.passing[s].cards
                ref = self._pass_ref[s]
                for card in hand.cards:
                    pending.append(card)
                    events.append(Moved(card, 0, self._hand_ref[s], ref, 1 << s))
                hand.cards = []
                hand.known.clear()
            self._exchange(events)
        else:
            self.phase = "pass"
            self._passers = tuple(range(self.players))
        return events

    def _from_hand(
        self, seat: int, card: Card, to: Zone, ref: tuple[str, int], seen: int = -1
    ) -> list[Event]:
        """Move ``card`` from ``seat``'s hand onto ``to`` (whoever knew it was there forgets):
        its move, unless nobody reads events."""
        hand = self.hands[seat]
        hand.cards.remove(card)
        if hand.known:
            hand.known.pop(card, None)
        to.cards.append(card)
        return [] if self.quiet else [Moved(card, 0, self._hand_ref[seat], ref, seen)]

    def _pick_pass(self, seat: int, card: Card) -> list[Event]:
        events = self._from_hand(seat, card, self.passing[seat], self._pass_ref[seat], 1 << seat)
        if len(self.passing[seat].cards) == self.pass_count:
            self._passers = tuple(s for s in self._passers if s != seat)
            if not self._passers:
                self._exchange(events)
        return events

    def _exchange(self, events: list[Event]) -> None:
        """Everyone has chosen: hand the passed cards over at once."""
        quiet = self.quiet
        for s in range(self.players):
            target = self.pass_target(s)
            recv = self.hands[target]
            passed = self.passing[s].cards
            recv.cards.extend(passed)
            recv.known.update(dict.fromkeys(passed, 1 << s))
            if not quiet:
                mask = (1 << s) | (1 << target)
                src = self._pass_ref[s]
                dst = self._hand_ref[target]
                events.extend([Moved(card, 0, src, dst, mask) for card in passed])
            self.passing[s].cards = []
        for h in self.hands:
            h.cards.sort()
        if not quiet:
            events.append(Announced("passed", None, self.pass_count, say("Cards passed")))
        self.phase = "play"

    def _play(self, seat: int, card: Card) -> list[Event]:
        events = self._from_hand(seat, card, self.played[seat], self._trick_ref[seat])
        suit = _SUIT_OF[card]
        if self.lead_suit is None:
            self.lead_suit = suit
        elif suit != self.lead_suit:
            self.voids[seat] |= 1 << _SUIT_INDEX[self.lead_suit]
        order = self.trick_order
        order.append(seat)
        if len(order) == self.players:
            self._finish_trick(events)
        else:
            self.turn = seat + 1 if seat + 1 < self.players else 0
        return events

    def trick_winner(self) -> int:
        """The seat winning the trick so far: highest trump, else highest of the led suit."""
        trump = self.trump
        lead = self.lead_suit
        best_seat = -1
        best_key = -1
        for s in self.trick_order:
            card = self.played[s].cards[0]
            suit = _SUIT_OF[card]
            if suit == trump:
                key = 100 + card
            elif suit == lead:
                key = card
            else:
                continue
            if key > best_key:
                best_key = key
                best_seat = s
        return best_seat

    def _finish_trick(self, events: list[Event]) -> None:
        winner = self.trick_winner()
        order = self.trick_order
        played = self.played
        cards = tuple([played[s].cards.pop() for s in order])
        self.won[winner].cards.extend(cards)
        if not self.quiet:
            trick_ref = self._trick_ref
            events.append(TrickWon(winner, cards, trick_note(cards, self.jack_values, self.ugly, self.charm)))
            events.append(Gathered(tuple([trick_ref[s] for s in order]), self._won_ref[winner]))
        self.last_trick = (winner, tuple(order), cards)
        self.tricks_won[winner] += 1
        self.trick_order = []
        self.lead_suit = None
        self.leader = self.turn = winner
        if not self.hands[winner].cards:
            self._finish_round(events)

    def _finish_round(self, events: list[Event]) -> None:
        scores = [
            round_score(self.tricks_won[s], self.won[s].cards, self.jack_values, self.ugly, self.charm)
            for s in range(self.players)
        ]
        self.round_scores.append(scores)
        totals = self.totals
        for s, delta in enumerate(scores):
            totals[s] += delta
        if not self.quiet:
            events.extend([ScoreChanged(s, delta, totals[s], "round") for s, delta in enumerate(scores)])
            if self.narrate:
                events.append(round_recap(self))
            events.append(RoundEnded(self.round, tuple(scores)))
        if self.round >= self.n_rounds:
            self.phase = "over"
            if not self.quiet:
                events.append(GameOver(self.winners(), tuple(totals)))
        else:
            self._start_round(events)

    # -- results ---------------------------------------------------------------

    def episode(self) -> int:
        return self.round

    # -- views -----------------------------------------------------------------

    _info = info_for
    _prompt = prompt_for

    def _select(self, seat: int) -> int:
        if self.phase == "pass":
            return self.pass_count - len(self.passing[seat].cards)
        return 0

    # -- loading ---------------------------------------------------------------

    def _loaded(self) -> None:
        """Who still chooses cards to pass: each whose pass is not yet complete."""
        if self.phase == "pass":
            self._passers = tuple(
                s for s in range(self.players) if len(self.passing[s].cards) < self.pass_count
            )


def _not_in_hand(card: Any, seat: int) -> str:
    """The refusal of a card (or of anything else given as one) that is not in ``seat``'s hand."""
    return say(
        "{card} is not in {seat}'s hand", card=card if isinstance(card, Card) else repr(card), seat=Seat(seat)
    )


def _call_text(seat: int, trump: str) -> str:
    if trump == NO_TRUMP:
        return say("{seat} calls No Trump", seat=Seat(seat))
    return say("{seat} calls {suit} trump", seat=Seat(seat), suit=SUIT_NAMES[trump])


def suits_in(cards: Iterable[Card]) -> set[str]:
    return {_SUIT_OF[c] for c in cards}
