"""One game at the table, without a screen: the match, who decides next, the saves, hints, undo, and
the viewer's choice in the making (the cards picked, a layout mode).

The table scene draws and listens; the session holds what would be the same on any screen, and
knows nothing of one: whether the person at the screen can act now (the cards may still be moving)
is the scene's to say, and is passed in. No pygame here: the tests play whole games through a
session alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from cardtable import games
from cardtable.ai import make_agent
from cardtable.engine import Action, Card, Event, Game, GameOver, View, format_prompt, redact
from cardtable.i18n import _
from cardtable.match import Match, Seat

from ..layout.schema import Layout
from .driver import Acted, TurnDriver
from .gamelog import LogLine, log_lines
from .hint import Hinter
from .keeper import Keeper
from .resolver import Pick, Resolver
from .setup import GameSetup
from .status import Doing, Refusal, Status, status_line

REFUSAL_SECONDS = 3.5  # how long a refusal stays up (less if the moment it answers passes)


class TableSession:
    def __init__(
        self,
        setup: GameSetup,
        layout: Layout,
        variant,
        worker,
        saver,
        data,
        *,
        demo: bool = False,
        restored: tuple[Game, list[Event]] | None = None,
        watch: int | None = None,
        open_hands: bool = False,
        remote: Any = None,
    ) -> None:
        """``variant``: the variant itself (or its name, if unknown); ``worker``, ``saver``, ``data``:
        the app's thinking process, save writer and data folder; ``restored``: a saved game taken up
        again; ``watch``: in a demo, the seat whose cards are shown; ``open_hands``: every hand is
        shown (a replay); ``remote``: a seat at a server's table (a
        :class:`~cardtable.net.remote.RemoteMatch`), played here as a local match is."""
        self.setup = setup
        self.demo = demo
        self.open_hands = open_hands
        self.spec = games.get(setup.game)
        self.layout = layout
        self.names = [s.name for s in setup.seats]
        self.seed = setup.seed if setup.seed is not None else random.randrange(2**31)
        seeds = [self.seed * 31 + i for i in range(len(setup.seats))]
        seats = [
            Seat(s.name, None if s.human else make_agent(s.level, self.spec, seeds[i]))
            for i, s in enumerate(setup.seats)
        ]
        self.variant = variant
        self.online = remote is not None
        self.match = (
            remote
            if remote is not None
            else Match(self.spec, seats, setup.options, self.seed, variant, restored)
        )
        self.resumed = restored is not None
        levels = [None if s.human else s.level for s in setup.seats]
        self.watch = watch if demo and watch is not None and 0 <= watch < len(setup.seats) else None
        self.driver = TurnDriver(self.match, levels, seeds, worker, self.spec.id, self.watch)
        self.humans = self.driver.humans
        self.keeper = Keeper(
            saver, data, self.match, self.names, levels, setup.variant, not demo and not self.online
        )
        self.undoable = not self.online  # a lesson goes only forward (its coach has counted the moves)
        self.hinter = Hinter(worker, self.spec.id, self.seed)
        self.pick = Pick()
        self.mode = ""  # a layout mode the viewer turned on (U-G-O's "Change positions")
        self.refusal: Refusal | None = None
        self._now: tuple[tuple[int | None, int, int], View] | None = None  # the view now, per moment

    # -- who sees what ---------------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        """The seat whose hidden cards the table draws (None: nobody's); the turn driver's screen
        decides it, and nothing here changes it."""
        return self.driver.viewer

    @property
    def in_progress(self) -> bool:
        """A game someone plays that is not over (leaving it loses it)."""
        return not self.demo and not self.match.over

    @property
    def moment(self) -> int:
        """How far the game has gone (its events so far): a hint or a refusal holds for one moment."""
        return len(self.match.log)

    def table_view(self) -> View:
        """What the table shows: the viewer's view (a replay shows every hand)."""
        return self.match.game.open_view() if self.open_hands else self.match.view(self.viewer)

    def now_view(self) -> View:
        """The viewer's view of the game as it stands, which the cards on the table may still be
        moving toward: what the words on the table tell (made once per move)."""
        log = self.match.log
        key = (self.viewer, len(log), id(log[-1]) if log else 0)
        if self._now is None or self._now[0] != key:
            self._now = (key, self.table_view())
        return self._now[1]

    def seen(self, events: list[Event]) -> list[Event]:
        """The events as the viewer may know them (a replay: all of them)."""
        return list(events) if self.open_hands else redact(events, self.viewer)

    def log_lines(self) -> list[LogLine]:
        """This game so far, in words, from the events as the viewer may know them."""
        return log_lines(self.seen(self.match.log), self.layout, self.names, self.viewer)

    def label(self, action: Action) -> str:
        return format_prompt(action.label or action.kind, self.names, self.viewer)

    def possessives(self) -> tuple[str, ...]:
        """Each seat's possessive for the table's words: "Your" for the person at the screen, "Bo's"
        for the others (a computer watched in a demo too)."""
        person = self.viewer if self.viewer in self.humans else None
        # Translators: {whose} in a zone title ("{whose} deck") for the person at the screen: "Your deck".
        yours = _("Your")
        # Translators: {whose} in a zone title ("{whose} deck") for another player: "Bo's deck".
        theirs = _("{name}'s")
        return tuple(yours if s == person else theirs.format(name=n) for s, n in enumerate(self.names))

    # -- the viewer's choice -----------------------------------------------------------------

    def resolver(self, view: View, can_act: bool) -> Resolver:
        """The resolver for ``view``; with no choices when the viewer cannot act now."""
        return Resolver(view if can_act else replace(view, legal=(), select=0), self.layout, self.mode)

    def settle_choice(self, view: View, can_act: bool) -> Resolver:
        """The view changed: a mode whose plays are over ends, and only cards still pickable stay
        picked. Returns the resolver for the choice as it now stands."""
        if self.mode not in Resolver(view, self.layout).modes:
            self.mode = ""  # its plays are over (or the turn is): the next turn starts without it
        resolver = self.resolver(view, can_act)
        pickable = resolver.pickable()
        keep = tuple(c for c in self.pick.cards if c in pickable)
        self.pick = Pick(keep, self.pick.focus if self.pick.focus in pickable else None)
        return resolver

    def toggle_mode(self, mode: str) -> None:
        self.mode = "" if self.mode == mode else mode
        self.pick = Pick()

    def act(self, actions: list[Action]) -> tuple[Acted, str | None]:
        """Make the viewer's actions, up to the first refused one; the moves made and why it was
        refused (None: all made, and the choice in the making is cleared)."""
        assert self.viewer is not None
        acted, refused = self.driver.act(self.viewer, actions)
        if refused is not None:
            return acted, _said(refused)
        self.pick = Pick()
        return acted, None

    def why_not(self, view: View, probe: Action, others: tuple[Action, ...] = ()) -> str | None:
        """Why a gesture is not allowed, in the engine's words: the first reason about more than the
        card being of another kind ("7♠ is not an 8" says little when it is a 7 to play)."""
        if self.viewer is None:
            return None
        explain = self.match.game.explain
        refusals = [explain(self.viewer, p, view.legal) for p in (probe, *others)]
        telling = [r for r in refusals if r.rule != "other_card_kind"]
        return _said((telling or refusals)[0])

    # -- refusals and the status line ------------------------------------------------------------

    def refuse(self, text: str, clock: float, can_act: bool) -> None:
        """Say why in the status line, for as long as the moment it answers lasts."""
        text = format_prompt(text, self.names, self.viewer)
        self.refusal = Refusal(text, (self.moment, can_act), clock + REFUSAL_SECONDS)

    def refusal_now(self, clock: float, can_act: bool) -> str | None:
        """The last refusal, while it still answers what is on the table."""
        r = self.refusal
        if r is None or r.until < clock or r.moment != (self.moment, can_act):
            return None
        return r.text

    def doing(self, view: View, dragged: Sequence[Card]) -> Doing:
        """What the person at the screen is doing, on their turn (``view``: the one they act on;
        ``dragged``: the cards in their hand's grip)."""
        hinted = self.hint_now(True)
        hint = "" if self.hinter.pending(self.moment) else None
        why = ""
        if hinted is not None and not dragged and not self.pick.cards:
            hint = self.label(hinted)
            why = self._why(view, hinted)
        resolver = self.resolver(view, True)
        held = self.pick.focus if not self.pick.cards else None
        card = dragged[0] if len(dragged) == 1 else held
        return Doing(
            can_act=True,
            hint=hint,
            hint_ready=hinted is not None and hinted.card is not None and hinted.card == self.pick.focus,
            hint_why=why,
            held=format_prompt(resolver.describe(card), self.names, self.viewer),
            held_by_click=held is not None and not dragged,
            mode=resolver.mode,
            select=resolver.select_kind() or "",
        )

    def _why(self, view: View, action: Action) -> str:
        """Why the hinted move is good, in the viewer's words ("" where the game has no reason)."""
        reason = self.spec.why(view, action) if self.spec.why is not None else None
        return format_prompt(reason, self.names, self.viewer) if reason else ""

    def status(self, doing: Doing, *, summary: bool, results_by_click: bool, refusal: str | None) -> Status:
        """The status line for this moment (see :func:`~cardtable.app.table.status.status_line`)."""
        over = None  # the log is read back only once the game is over, not every frame of it
        if self.match.over:
            over = next((e for e in reversed(self.match.log) if isinstance(e, GameOver)), None)
        return status_line(
            self.now_view(),
            self.names,
            self.viewer,
            self.humans,
            watching=self.watch is not None,
            summary=summary,
            refusal=refusal,
            winners=over.winners if over is not None else (),
            results_by_click=results_by_click,
            doing=doing,
        )

    # -- hints and undo: for one person against computers ----------------------------------------

    @property
    def can_hint(self) -> bool:
        """Hints are for one person against computers (at a shared screen they would show a hand)."""
        return len(self.humans) == 1 and not self.demo and not self.online and not self.match.over

    def ask_hint(self, view: View) -> None:
        """Ask for the move the hard computer would make here; it shows when the worker answers."""
        assert self.viewer is not None
        self.hinter.ask(self.viewer, view, self.moment)

    def hint_now(self, can_act: bool) -> Action | None:
        """The hint on the table, while the decision it is for is still the viewer's to make."""
        return self.hinter.current(self.moment) if can_act else None

    def collect_hint(self, legal: tuple[Action, ...], pickable: set[Card]) -> bool:
        """Take a hint the worker has found (True: one arrived); its card is held, the pick kept."""
        if self.hinter.asked is None:
            return False
        action = self.hinter.collect(self.moment, legal)
        if action is None or self.viewer is None:
            return False
        self.keeper.hints[self.viewer] += 1  # counted in the statistics, kept through Continue
        self.match.changed = True
        if action.card is not None and action.card in pickable:
            self.pick = Pick(self.pick.cards, action.card)  # lifted and lit, the cards picked kept
        return True

    @property
    def can_undo(self) -> bool:
        """Undo is for one person against computers (in pass-and-play it would show others' turns)."""
        return (
            not self.demo
            and self.undoable
            and len(self.humans) == 1
            and not self.match.over
            and self.keeper.undo_point(self.humans[0]) is not None
        )

    def undo(self) -> bool:
        """Back to the person's last decision; the computers' moves after it are undone too."""
        if not self.can_undo:
            return False
        self.keeper.undo(self.humans[0])
        self.driver.thinking = None  # a computer's answer still on its way is for a game now gone
        self.driver.think_at = None
        self.mode = ""
        self.pick = Pick()
        return True


def _said(refused: object) -> str:
    """A refusal's words as the engine said them (an exception's, or a reason's own): its sentence
    that keeps its template, to be translated whole where shown, not a copy in English only."""
    if isinstance(refused, str):
        return refused
    args = getattr(refused, "args", ())
    text = args[0] if len(args) == 1 else None
    return text if isinstance(text, str) else str(refused)
