"""What the person at the table does with their turn: a pick, a move, a menu, the reason a move is
refused; and the help for one person against computers (a hint, undo). Part of the table scene,
kept apart so the scene itself holds what it shows and when."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import Action, Card, RoundEnded, TrickWon
from cardtable.i18n import _

from .resolver import Confirm, Do, Explain, Intent, Menu, Say

if TYPE_CHECKING:
    from ..scenes.table import TableScene


class ViewerChoices:
    """The table scene's answers to the viewer's intents (mixed into :class:`TableScene`)."""

    def perform(self: TableScene, actions: list[Action]) -> bool:
        """Apply the viewer's actions; an illegal one is refused with the engine's reason."""
        if self.viewer is None or not self.my_turn:
            return False
        self.timeline.land()
        acted, refused = self.session.act(actions)
        if refused is not None:
            self._refuse(refused)
            if acted.events:
                self._play_moves(acted)
            return False
        self.controls.menu = []
        self.panel.open = None
        self.said.shown.dismiss(self.clock)  # acted on: an attack answered leaves no call to answer it
        self.story.received = ()  # passed cards are marked until the viewer's next move
        if any(isinstance(e, (TrickWon, RoundEnded)) for e in acted.events):
            self._turn_heard = None  # a trick or round won that leaves the viewer to lead is a new turn
        self._play_moves(acted)
        return True

    def intent(self: TableScene, intent: Intent, pos: tuple[int, int] | None = None) -> None:
        """What the viewer did, resolved to an action, a menu, a reason or a new pick."""
        if not self.my_turn:
            return
        session = self.session
        result = self.resolver().resolve(intent, session.pick)
        session.pick = result.pick
        outcome = result.outcome
        if isinstance(outcome, Do):
            if not self.perform(list(outcome.actions)):
                self.stage.place_all(0.25 * self.factor)
            return
        if isinstance(outcome, Menu):
            at = pos or (self.app.size[0] // 2, self.app.size[1] // 2)
            self.controls.open_menu(outcome.actions, at, self.geometry.scale, self._do, session.label)
        elif isinstance(outcome, Explain):
            why = session.why_not(self.view, outcome.probe, outcome.others)
            if why is not None:
                self._refuse(why)
        elif isinstance(outcome, Say):
            self._refuse(outcome.text)
        self.stage.place_all(0.2 * self.factor)
        self.refresh()

    def confirm(self: TableScene) -> None:
        self.intent(Confirm())

    def _do(self: TableScene, action: Action) -> None:
        self.controls.menu = []
        self.perform([action])

    def _draggable(self: TableScene, card: Card) -> bool:
        if not self.my_turn:
            return False
        resolver = self.resolver()
        return card in resolver.pickable() or resolver.in_hand(card)

    # -- help for one person against computers --------------------------------------------

    def hint(self: TableScene) -> bool:
        """Ask for the move the hard computer would make here; it shows when the worker answers."""
        session = self.session
        if not session.can_hint:
            self.complain(_("Hints are for one person playing against computers"))
            return False
        if not self.my_turn and self.viewer in session.now_view().to_act and self.summary is None:
            self.skip_animation()  # the turn is theirs already: the cards catch up at once
        if not self.my_turn:
            self.complain(_("A hint is for your turn"))
            return False
        session.ask_hint(self.view)
        return True

    def _collect_hint(self: TableScene) -> None:
        if self.session.hinter.asked is None:
            return
        pickable = self.resolver().pickable() if self.my_turn else set()
        if self.session.collect_hint(self.legal(), pickable):
            self.refresh()

    def undo(self: TableScene) -> bool:
        """Back to the person's last decision; the computers' moves after it are undone too."""
        if not self.session.undo():
            return False
        self.summary_layer.shown = None
        self.rebuild()
        self._replay_summaries()
        self.said.toast(_("Back to your last decision"), self.clock, 1.0)

        return True
