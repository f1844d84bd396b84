"""The table's help for the person at it: hints, undo, and the sounds of their turn and refusals.

A mixin of :class:`~cardtable.app.scenes.table.TableScene`. Each piece is
for one person against computers (hints and undo would show another's hand
at a shared screen), or keeps quiet where the whole room would hear
something about a hand (a refusal in pass-and-play).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import Action

from ..table.resolver import Pick

if TYPE_CHECKING:
    from .table import TableScene

    _Base = TableScene
else:
    _Base = object


class TableAssist(_Base):
    # -- sounds of the person's own turn ------------------------------------------------

    def _refuse(self, text: str) -> None:
        """A move the viewer tried is not allowed: say why, with the sound for it. Not in
        pass-and-play: the whole room hears it, and a refusal ("You must follow spades") can
        tell the others what is in the hand."""
        self._complain(text)
        if not self.driver.pass_and_play:
            self.sound("illegal")

    def sound(self, name: str) -> None:
        """Ask the app's player for a sound (looked up each time: a test may listen in)."""
        self.app.sound.play(name)

    def _chime_turn(self) -> None:
        """The turn sound once when a decision comes to the viewer (again after it went elsewhere),
        not for each move of a turn of several; only from the view, so it tells nothing hidden."""
        if self.my_turn:
            if self._turn_heard != self.viewer:
                self._turn_heard = self.viewer
                self.sound("turn")
        elif self.viewer is None or self.viewer not in self.view.to_act:
            self._turn_heard = None

    # -- hints ------------------------------------------------------------------------

    @property
    def can_hint(self) -> bool:
        """Hints are for one person against computers (at a shared screen they would show a hand)."""
        return len(self.humans) == 1 and not self.demo and not self.match.over

    def hint(self) -> bool:
        """Ask for the move the hard computer would make here; it shows when the worker answers."""
        if not self.can_hint:
            self._complain("Hints are for one person playing against computers")
            return False
        if not self.my_turn and self.viewer in self.now_view().to_act and self.summary is None:
            self.skip_animation()  # the turn is theirs already: the cards catch up at once
        if not self.my_turn:
            self._complain("A hint is for your turn")
            return False
        self.hinter.ask(self.viewer, self.view, self.moment)
        return True

    def hint_now(self) -> Action | None:
        """The hint on the table, while the decision it is for is still the viewer's to make."""
        return self.hinter.current(self.moment) if self.my_turn else None

    def _collect_hint(self) -> None:
        if self.hinter.asked is None:
            return
        action = self.hinter.collect(self.moment, self.view.legal if self.my_turn else ())
        if action is None:
            return
        self.keeper.hints[self.viewer] += 1  # counted in the statistics, kept through Continue
        self.match.changed = True
        resolver = self.resolver()
        if action.card is not None and action.card in resolver.pickable():
            self.pick = Pick(self.pick.cards, action.card)  # lifted and lit, the cards picked kept
        self._refresh()

    @property
    def can_undo(self) -> bool:
        """Undo is for one person against computers (in pass-and-play it would show others' turns)."""
        return (
            not self.demo
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
        self.summary = None
        self.mode = ""
        self._rebuild()
        self._replay_summaries()
        self.said.toast("Back to your last decision", self.clock, 1.0)
        return True
