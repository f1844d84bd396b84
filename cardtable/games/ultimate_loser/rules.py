"""Ultimate Loser (RULES.md §4): shed your cards in one-go-around tricks; don't be last.

Phases: ``play`` (a trick: the leader plays a combination, then each other
player still holding cards acts once, clockwise), ``rps`` (rock-paper-scissors
for the lead when nobody who played still holds cards; everyone chooses at
once) and ``over``. A hand ends when at most one player holds cards; the match
after ``hands`` hands.

**Actions.** A combination is *one* action: ``Action("play", card=<the card
that ranks it>, cards=<all its cards, in catalog order>, target=ZoneRef("play",
seat))``. A turn is one decision, so search never sees half-played pairs,
and nothing needs taking back. The list stays small: a leader's list is the
combinations in the hand (a dozen or two in practice, about 100 at the very
most with 17 cards), a follower's only those of the led type, plus ``pass``
and one ``exchange`` per card in hand (``card`` is the card put down,
``target`` the exposed card's zone, so dropping a card on the exposed card
maps to it). ``rps`` carries its shape in ``value``.

**Facts** (``View.info``, the shared keys as ``cardtable.engine.facts`` says):
``round``/``rounds`` are hands, ``round_scores`` each hand's penalties,
``trick`` and ``last_trick`` the shared (seat, cards) shape (no cards for a
pass or an exchange); ``moves`` holds each (seat, kind, cards) of the trick,
an exchange's cards being (put down, taken); ``last_trick`` adds ``losers``,
``passed``, ``reason`` ("passed" or "lowest"), the next ``leader`` and its
``moves``; ``out`` are the seats out of cards this hand.

**Zones.** ``spares`` (face down: the deck between hands, the unexposed spare
cards during one), ``exposed`` (the one face-up spare), ``hand`` per seat,
``play`` per seat (what each played this trick, public) and ``discard`` (the
finished tricks of this hand, public). A card taken from the exposed spot is
known to everyone in its new hand (the hand zone's ``known`` mask).

**Decisions where RULES.md is silent.** The leader must play (it cannot pass
or exchange). With the joker and 3+ players each gets floor(52 / n) (4 players
get 13); 2 players still get 13. A trick always runs its course: everyone
holding cards at its start acts, so the last players can go out together; its
penalty is taken even when it ends the hand, and the Ultimate Loser's comes on
top. A FourPlay costs every player in the trick (those who held cards when it
began, the one going out with the four too) the ``fourplay_penalty`` at once,
for each four of a kind played; by default (``fourplay_out_players``) players
already out pay too, as the source's "all drink" says; off, they are safe for
the rest of the hand. Rock-paper-scissors among three or more: one shape or all
three replay; with two shapes the players showing the winning one go on
among themselves.
"""

from __future__ import annotations

from bisect import insort

from cardtable.engine import (
    STANDARD,
    Action,
    Announced,
    Card,
    Catalog,
    Event,
    GameOver,
    Gathered,
    Moved,
    PlayerOut,
    RoundEnded,
    ScoreChanged,
    Shuffled,
)
from cardtable.engine.game import Game
from cardtable.engine.words import N_, Phrases, Said, Seat, Seats, say
from cardtable.engine.zones import ALL_SEATS

from .checks import PAPER, ROCK, SCISSORS, SHAPES, check_action
from .combos import SET, PlayType, tables_for
from .recap import hand_recap
from .state import UltimateLoserState
from .views import EXCHANGED, PASSED, PLAY, info_for, prompt_for

WITH_JOKER = Catalog.standard(jokers=1)
"""The 52 cards plus one joker (code ``JK1``), for the ``joker`` option."""

# Translators: the shapes of rock-paper-scissors, as in "Ada shows rock".
BEATS = {ROCK: SCISSORS, PAPER: ROCK, SCISSORS: PAPER}

# Translators: an action's button in Ultimate Loser: pass (play nothing this trick).
PASS = Action("pass", label=N_("Pass"))
# Translators: the buttons of rock-paper-scissors.
SHAPE_LABELS = {ROCK: N_("Rock"), PAPER: N_("Paper"), SCISSORS: N_("Scissors")}
RPS_ACTIONS = tuple(Action("rps", value=s, label=SHAPE_LABELS[s]) for s in SHAPES)

# Translators: a cause of penalties in Ultimate Loser's summary and log ("Ada scores +1 (fourplay)").
FOURPLAY = N_("fourplay")
# Translators: a cause of penalties in Ultimate Loser's summary and log ("Ada scores +1 (passed)").
PASSED_CAUSE = N_("passed")
# Translators: a cause of penalties in Ultimate Loser's summary and log ("Ada scores +1 (lowest)").
LOWEST = N_("lowest")
# Translators: a cause of penalties in Ultimate Loser's summary and log ("Ada scores +4 (ultimate loser)").
ULTIMATE_LOSER = N_("ultimate loser")
# Translators: why a player of Ultimate Loser is out of the hand.
NO_CARDS_LEFT = N_("no cards left")

FOUR: PlayType = (SET, 4)


def deal_size(players: int, deck: int) -> int:
    """13 each for 2 players; otherwise as many as leaves at least one card over."""
    return 13 if players == 2 else (deck - 1) // players


class UltimateLoserGame(Game):
    catalog = STANDARD

    # -- configuration ---------------------------------------------------------

    STATE = UltimateLoserState

    def _configure(self) -> None:
        n = self.players
        opts = self.options
        self.catalog = WITH_JOKER if opts["joker"] else STANDARD
        self.tables = tables_for(self.catalog)
        self.seat_tables = [tables_for(self.catalog, s) for s in range(n)]
        self.in_play: tuple[Card, ...] = tuple(self.catalog)
        self.hand_size = deal_size(n, len(self.in_play))
        self.n_rounds = opts["hands"]
        self._hand_ref = [("hand", s) for s in range(n)]
        self._play_ref = [("play", s) for s in range(n)]

    # -- setup -----------------------------------------------------------------

    def _setup(self) -> None:
        n = self.players
        self._start_state()
        self.spares.cards = list(self.in_play)
        self.dealer = self.rng.randrange(n)
        events: list[Event] = [
            Announced("dealer", self.dealer, None, say("{seat} deals", seat=Seat(self.dealer)))
        ]
        self._start_hand(events)
        self.opening_events = events

    def _start_hand(self, events: list[Event]) -> None:
        """Shuffle, deal from the dealer's left, expose one spare; the dealer's left leads."""
        n = self.players
        self.hand_no += 1
        deck = self.spares.cards
        self.rng.shuffle(deck)
        spares_ref = self.spares.ref
        events.append(Shuffled(spares_ref))
        hands = [h.cards for h in self.hands]
        hand_ref = self._hand_ref
        seat = self.dealer
        dealt = n * self.hand_size
        for card in deck[:dealt]:
            seat = seat + 1 if seat + 1 < n else 0
            hands[seat].append(card)
            events.append(Moved(card, card.back, spares_ref, hand_ref[seat], 1 << seat))
        del deck[:dealt]
        for h in hands:
            h.sort()
        up = deck.pop()
        self.exposed.cards.append(up)
        events.append(Moved(up, up.back, spares_ref, self.exposed.ref))
        events.append(Announced("exposed", None, up, say("{card} is the exposed card", card=up)))
        self.hand_penalties = [0] * n
        self.last_trick = None
        leader = (self.dealer + 1) % n
        self._start_trick(leader, events, _leads(leader))

    def _start_trick(self, leader: int, events: list[Event], told: Said) -> None:
        """``leader`` leads the next trick (``told``: the table is told so, and why)."""
        n = self.players
        hands = self.hands
        self.leader = self.turn = leader
        self.order = [leader] + [s for s in ((leader + k) % n for k in range(1, n)) if hands[s].cards]
        self.pos = 0
        self.trick: list[tuple[int, str, tuple[Card, ...]]] = []
        self.lead_type: PlayType | None = None
        self.rps = None
        self.phase = "play"
        events.append(Announced("lead", leader, None, told))

    # -- whose decision --------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "play":
            return (self.turn,)
        if phase == "rps":
            chosen = self.rps["choices"]  # type: ignore[index]
            return tuple(s for s in self.rps["players"] if s not in chosen)  # type: ignore[index]
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == "play":
            if seat != self.turn:
                return []
            hand = self.hands[seat].cards
            lead = self.lead_type
            tables = self.seat_tables[seat]
            if lead is None:
                return tables.lead_plays(hand)
            out = tables.follow_plays(hand, lead)
            out.append(PASS)
            exchange = self.tables.exchange
            out.extend([exchange[c] for c in hand])
            return out
        if phase == "rps" and seat in self.to_act():
            return list(RPS_ACTIONS)
        return []

    # -- checking --------------------------------------------------------------

    def check(self, seat: int, action: Action) -> None:
        check_action(self, seat, action)

    def play_cards(self, action: Action) -> tuple[Card, ...]:
        """The cards a play action puts down (``cards``; a lone ``card`` is a single)."""
        cards = action.cards
        if isinstance(cards, tuple | list) and cards:
            return tuple(cards)
        return () if action.card is None else (action.card,)

    # -- applying --------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if self.phase == "rps":
            self._choose_shape(seat, action.value, events)
            return events
        kind = action.kind
        if kind == "play":
            self._play(seat, tuple(sorted(self.play_cards(action))), events)
        elif kind == "pass":
            self.trick.append((seat, PASSED, ()))
            events.append(Announced("pass", seat, None, _told(("passes", seat), lambda: _passes(seat))))
            self._next_turn(events)
        else:
            self._exchange(seat, action.card, events)  # type: ignore[arg-type]
        return events

    def _play(self, seat: int, cards: tuple[Card, ...], events: list[Event]) -> None:
        hand = self.hands[seat]
        src = self._hand_ref[seat]
        dst = self._play_ref[seat]
        pile = self.plays[seat].cards
        for card in cards:
            hand.cards.remove(card)
            if hand.known:
                hand.known.pop(card, None)
            pile.append(card)
            events.append(Moved(card, card.back, src, dst))
        tables = self.tables
        ptype, rank, _text = tables.play_info(cards)
        if self.lead_type is None:
            self.lead_type = ptype
        self.trick.append((seat, PLAY, cards))
        events.append(Announced("play", seat, cards, tables.told(seat, cards)))
        if ptype == FOUR:
            penalty = self.options["fourplay_penalty"]
            if penalty:
                # A player out of cards is safe for the rest of the hand, unless the table says otherwise.
                if self.options["fourplay_out_players"]:
                    who = range(self.players)
                    text = say("FourPlay! Everyone takes {penalty}", penalty=penalty)
                else:
                    who = sorted(self.order)
                    text = say("FourPlay! Everyone in the trick takes {penalty}", penalty=penalty)
                events.append(Announced("fourplay", seat, rank, text))
                for s in who:
                    self._penalize(s, penalty, FOURPLAY, events)
        if not hand.cards:
            events.append(PlayerOut(seat, NO_CARDS_LEFT))
        self._next_turn(events)

    def _exchange(self, seat: int, card: Card, events: list[Event]) -> None:
        """Pass, and swap ``card`` for the exposed card, which everyone saw go into the hand."""
        hand = self.hands[seat]
        took = self.exposed.cards.pop()
        hand.cards.remove(card)
        hand.known.pop(card, None)
        insort(hand.cards, took)
        hand.known[took] = ALL_SEATS
        self.exposed.cards.append(card)
        events.append(Moved(took, took.back, self.exposed.ref, self._hand_ref[seat]))
        events.append(Moved(card, card.back, self._hand_ref[seat], self.exposed.ref))
        self.trick.append((seat, EXCHANGED, (card, took)))
        events.append(
            Announced(
                "exchange",
                seat,
                (card, took),
                _told(
                    ("exchanges", seat, card.code, took.code),
                    lambda: say(
                        "{seat} passes and exchanges {card} for {card_taken}",
                        seat=Seat(seat),
                        card=card,
                        card_taken=took,
                    ),
                ),
            )
        )
        self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        self.pos += 1
        if self.pos < len(self.order):
            self.turn = self.order[self.pos]
        else:
            self._finish_trick(events)

    def _penalize(self, seat: int, amount: int, reason: str, events: list[Event]) -> None:
        self.totals[seat] += amount
        self.hand_penalties[seat] += amount
        events.append(ScoreChanged(seat, amount, self.totals[seat], reason))

    def _finish_trick(self, events: list[Event]) -> None:
        """Penalties, the trick's winner, and who leads next (or the hand's end)."""
        plays, passers, best, low = self._trick_plays()
        discard = self.discard.cards
        for _, _, s in plays:
            discard.extend(self.plays[s].cards)
            self.plays[s].cards = []
        best_seat = best[2]
        won = _told(("won", best_seat), lambda: say("{seat} has the highest play", seat=Seat(best_seat)))
        events.append(Announced("trick_won", best_seat, self.trick[best[1]][2], won))
        losers = self._trick_losers(plays, passers, low, events)
        holders = [s for s in range(self.players) if self.hands[s].cards]
        next_leader = self._next_leader(plays, best_seat, holders)
        self.last_trick = {
            "plays": tuple(self.trick),
            "best": best_seat,
            "losers": tuple(losers),
            "leader": next_leader,
        }
        if len(holders) <= 1:
            # The last one holding cards; if everyone ran out in this trick, the latest of
            # the tied lowest plays.
            loser = holders[0] if holders else [p for p in plays if p[0] == low][-1][2]
            self._finish_hand(loser, events)
        elif next_leader is not None:
            if next_leader == best_seat:
                told = _leads(next_leader)
            else:
                told = _told(
                    ("leads", next_leader, best_seat),
                    lambda: say(
                        "{seat} leads ({seat_best} is out of cards)",
                        seat=Seat(next_leader),
                        seat_best=Seat(best_seat),
                    ),
                )
            self._start_trick(next_leader, events, told)
        elif self.options["lead_tiebreak"] == "random":
            leader = self.rng.choice(holders)
            told = say("{seat} leads (drawn at random: nobody who played has cards)", seat=Seat(leader))
            self._start_trick(leader, events, told)
        else:
            self._start_rps(holders, events)

    def _trick_plays(self) -> tuple[list[tuple[int, int, int]], list[int], tuple[int, int, int], int]:
        """The trick's plays as (rank, position, seat) in the order played, who passed, the best
        play (a tie goes to the first played) and the lowest rank (the leader always plays)."""
        rank_of = self.tables.rank
        plays: list[tuple[int, int, int]] = []
        passers: list[int] = []
        best = (-1, 0, 0)
        low = 1 << 30
        for i, (seat, kind, cards) in enumerate(self.trick):
            if kind == PLAY:
                play = (max([rank_of[c] for c in cards]), i, seat)
                plays.append(play)
                if play[0] > best[0]:
                    best = play
                if play[0] < low:
                    low = play[0]
            else:
                passers.append(seat)
        return plays, passers, best, low

    def _trick_losers(
        self, plays: list[tuple[int, int, int]], passers: list[int], low: int, events: list[Event]
    ) -> list[int]:
        """Who takes a penalty point: those who passed, else the lowest plays; told, then taken."""
        if passers:
            losers, reason = passers, PASSED_CAUSE
        else:
            losers = [p[2] for p in plays if p[0] == low]
            reason = LOWEST
        key = (tuple(losers), reason)
        events.append(
            Announced("trick_lost", None, key[0], _told(key, lambda: _trick_lost(losers, bool(passers))))
        )
        refs = self._play_ref
        events.append(Gathered(tuple([refs[p[2]] for p in plays]), self.discard.ref))  # once it is told
        for s in losers:
            self._penalize(s, 1, reason, events)
        return losers

    def _next_leader(
        self, plays: list[tuple[int, int, int]], best_seat: int, holders: list[int]
    ) -> int | None:
        """Who leads the next trick: the best play, or the next best still holding cards (ties to the
        first played); None when nobody who played holds any, or the hand ends."""
        if len(holders) < 2:
            return None
        if self.hands[best_seat].cards:
            return best_seat
        standing = [p for p in plays if self.hands[p[2]].cards]
        return min(standing, key=lambda p: (-p[0], p[1]))[2] if standing else None

    # -- rock-paper-scissors ---------------------------------------------------

    def _start_rps(self, players: list[int], events: list[Event]) -> None:
        self.phase = "rps"
        self.rps = {"players": tuple(players), "choices": {}, "round": 1, "last": ()}
        self.turn = -1
        events.append(
            Announced(
                "rps",
                None,
                tuple(players),
                say(
                    "Nobody who played has cards left: {players} play rock-paper-scissors for the lead",
                    players=Seats(players),
                ),
            )
        )

    def _choose_shape(self, seat: int, shape: str, events: list[Event]) -> None:
        rps = self.rps
        assert rps is not None
        choices = rps["choices"]
        choices[seat] = shape
        events.append(Announced("rps_chosen", seat, None, say("{seat} has chosen", seat=Seat(seat))))
        players = rps["players"]
        if len(choices) < len(players):
            return
        shown = tuple((s, choices[s]) for s in players)
        for s, sh in shown:
            events.append(Announced("rps_shows", s, sh, say("{seat} shows {shape}", seat=Seat(s), shape=sh)))
        rps["last"] = shown
        rps["choices"] = {}
        shapes = {sh for _, sh in shown}
        if len(shapes) != 2:
            rps["round"] += 1
            events.append(Announced("rps_tie", None, players, say("A tie: play again")))
            return
        a, b = shapes
        win = a if BEATS[a] == b else b
        winners = tuple(s for s, sh in shown if sh == win)
        if len(winners) > 1:
            rps["players"] = winners
            rps["round"] += 1
            events.append(
                Announced("rps_tie", None, winners, say("{players} play again", players=Seats(winners)))
            )
            return
        self._start_trick(
            winners[0], events, say("{seat} leads (won rock-paper-scissors)", seat=Seat(winners[0]))
        )

    # -- the end of a hand -----------------------------------------------------

    def _finish_hand(self, loser: int, events: list[Event]) -> None:
        penalty = self.options["loser_penalty"]
        events.append(
            Announced(
                "ultimate_loser",
                loser,
                penalty,
                say("{seat} is the Ultimate Loser and takes {penalty}", seat=Seat(loser), penalty=penalty),
            )
        )
        if penalty:
            self._penalize(loser, penalty, ULTIMATE_LOSER, events)
        self.losers.append(loser)
        self.hand_scores.append(list(self.hand_penalties))
        if self.narrate:
            events.append(hand_recap(self, loser, penalty))
        events.append(RoundEnded(self.hand_no, tuple(self.hand_penalties)))
        self.turn = -1
        if self.hand_no >= self.n_rounds:
            self.phase = "over"
            events.append(GameOver(self.winners(), tuple(self.totals)))
            return
        deck = self.spares.cards
        srcs = [self.discard.ref, self.exposed.ref]
        deck.extend(self.discard.cards)
        deck.extend(self.exposed.cards)
        self.discard.cards = []
        self.exposed.cards = []
        for s, hand in enumerate(self.hands):
            if hand.cards:
                srcs.append(self._hand_ref[s])
                deck.extend(hand.cards)
                hand.cards = []
            hand.known.clear()
        events.append(Gathered(tuple(srcs), self.spares.ref))
        self.dealer = loser
        events.append(Announced("dealer", loser, None, say("{seat} deals", seat=Seat(loser))))
        self._start_hand(events)

    # -- results ---------------------------------------------------------------

    def episode(self) -> int:
        """Hands: search plays out to the end of the current hand."""
        return self.hand_no

    # -- views -----------------------------------------------------------------

    _info = info_for
    _prompt = prompt_for


def _leads(seat: int) -> Said:
    """ "{seat:0} leads": the best play of the trick leads the next."""
    return _told(("leads", seat), lambda: say("{seat} leads", seat=Seat(seat)))


def _passes(seat: int) -> Said:
    return say("{seat} passes", seat=Seat(seat))


def _trick_lost(losers: list[int], passed: bool) -> Said:
    """Who takes a penalty point for the trick, and why."""
    if len(losers) == 1:
        if passed:
            return say("{seat} passed and takes 1", seat=Seat(losers[0]))
        return say("{seat} played lowest and takes 1", seat=Seat(losers[0]))
    if passed:
        return say("{players} passed and take 1 each", players=Seats(losers))
    return say("{players} played lowest and take 1 each", players=Seats(losers))


_told = Phrases().said
"""Announcements already made, by what they say: the same words are not built again (search)."""
