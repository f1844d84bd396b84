"""Where the table leads: the privacy screen, the pause menu, the rules, the log, and at the end the
results (or, for a demo, the next deal), Play again, New game and the title.

One job for the table's ways out, so the scene keeps to the game in front of it. Each opens its
scene over the table or in its place; what those scenes say comes from the session, never from a
hand the screen may not show (the privacy screen reads the public view).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.i18n import _

from ..table.setup import GameSetup
from ..table.words import handover_line

if TYPE_CHECKING:
    from .table import TableScene


class TableExits:
    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.app = table.app
        self.ended = False  # the game was recorded and its results shown

    def hand_over(self, seat: int) -> None:
        """The next decision is ``seat``'s, who is not at the screen: the privacy screen until they are."""

        table, session = self.table, self.table.session

        def ready() -> None:
            session.driver.screen.confirm(seat)
            table.rebuild()

        what = handover_line(table.layout, session.match.view(None), seat, session.names)
        self.app.open("privacy", session.names[seat], what, ready, self.pause_menu)

    def finish(self) -> None:
        """The game is over: recorded once, then the results (a demo deals again)."""

        if self.ended:
            return  # a click and the end of the pause in one frame: the game is recorded once
        self.ended = True
        session = self.table.session
        setup = session.setup
        if session.demo:
            again = GameSetup(setup.game, setup.seats, setup.variant, session.seed + 1, setup.options)
            self.app.replace(self.app.scene("table", again, demo=True, watch=session.watch))
            return
        replay_path = session.keeper.finished()
        kinds = [s.kind for s in setup.seats]  # "human" or a computer's level
        replay = replay_path.name if replay_path is not None else None
        names = session.names
        if session.online:
            session.match.close()  # the statistics are of games played on this computer
        else:
            self.app.stats.record(
                session.match.game, names, kinds, setup.variant, replay, session.keeper.hints
            )
        final = session.table_view()
        results = self.app.scene(
            "results",
            session.spec,
            final,
            names,
            self.play_again,
            self.new_game,
            self.table.layout,
            replay_path,
        )
        self.app.replace(results)

    def play_again(self) -> None:

        if self.table.session.online:
            self.app.replace(self.app.scene("online"))
            return
        setup = self.table.session.setup
        again = GameSetup(setup.game, setup.seats, setup.variant, None, setup.options)
        self.app.replace(self.app.scene("table", again))

    def new_game(self) -> None:
        if self.table.session.online:
            self.app.replace(self.app.scene("online"))
            return

        self.app.replace(
            self.app.scene("new game", self.table.session.setup)
        )  # the table just played, to change

    def quit_to_title(self) -> None:
        if self.table.session.online:
            self.table.session.match.close()

        self.app.reset(self.app.scene("title"))

    def pause_menu(self) -> None:
        """The pause menu over the table (quit, settings, the rules)."""

        session = self.table.session
        options = dict(session.match.game.options)
        menu = self.app.scene(
            "pause", session.spec, options, session.variant, self.quit_to_title, session.in_progress
        )
        self.app.push(menu)

    def open_rules(self) -> None:

        session = self.table.session
        self.app.open("rules", session.spec.id, session.match.game.options)

    def open_log(self) -> None:

        session = self.table.session
        title = _("{game}: the game so far").format(game=_(session.spec.name))
        self.app.open("log", session.log_lines(), title)
