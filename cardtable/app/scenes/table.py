"""The table scene: any game, drawn from its views and layout, animated by its events.

A composition. The session (``table/session.py``, no pygame) is the game at the table: the match,
the turn driver, the keeper, hints, and the viewer's pick and mode. The scene shows it: the
timeline plays the viewer's events onto the model, the stage places the cards, and an ordered
stack of layers (``table/layers/``: the cards, the words, the buttons, an open panel, the
spotlight, a game's hook, a menu, a round's summary) draws bottom first and hears input top first.
Nothing here knows a game's rules or words.
"""

from __future__ import annotations

import pygame

from cardtable import games
from cardtable.engine import Action, Card, Event, Game, View, ZoneRef
from cardtable.saves import MatchRecord

from ..layout import Geometry
from ..scene import Scene
from ..table import hooks
from ..table.announcer import Announcer
from ..table.choices import ViewerChoices
from ..table.controls import Controls
from ..table.driver import Acted, Finished, HandOver
from ..table.explainer import Explainer
from ..table.hud import Hud, acting_seats, plate_rects
from ..table.input import Input
from ..table.layers import Layer, Layers
from ..table.layers.cards import CardsLayer
from ..table.layers.controls import ControlsLayer, MenuLayer
from ..table.layers.keys import KeysLayer
from ..table.layers.online import OnlineLayer
from ..table.layers.overlays import PanelLayer, SpotlightLayer, SummaryLayer
from ..table.layers.words import WordsLayer
from ..table.painter import Painter
from ..table.peek import Peek
from ..table.resolver import Pick, Resolver
from ..table.session import TableSession
from ..table.setup import COMPUTER_NAMES, GameSetup, SeatSetup
from ..table.stage import Stage
from ..table.status import Doing, Status
from ..table.story import Story
from ..table.timeline import Timeline
from ..tokens import TableModel
from ..widgets import Button
from .common import BACKGROUND
from .table_exits import TableExits

SUMMARY_SECONDS = 4.0  # how long a table of computers shows a round's summary
EXPLAIN_SECONDS = 9.0  # how long a note explaining a rule stays (Explain as I play)
ONLINE_POLL = 0.1  # seconds between looks at the line to the server while the table waits for the person


class TableScene(ViewerChoices, Scene):
    scene_name = "table"

    def __init__(
        self,
        app,
        setup: GameSetup,
        demo: bool = False,
        restored: tuple[Game, list[Event]] | None = None,
        watch: int | None = None,
        open_hands: bool = False,
        remote=None,
    ) -> None:
        """``remote``: a seat at a server's table (online); ``restored``: a saved game taken up again
        (its state and every event since the deal);
        ``watch``: in a demo, the seat whose side of the table is shown, its cards open;
        ``open_hands``: every hand shown (a replay)."""
        super().__init__(app)
        self.layout = layout = app.layout(setup.game)
        variant = app.variants(setup.game).get(setup.variant, setup.variant)
        self.session = TableSession(
            setup,
            layout,
            variant,
            app.worker,
            app.saver,
            app.data,
            demo=demo,
            restored=restored,
            watch=watch,
            open_hands=open_hands,
            remote=remote,
        )
        self.clock = 0.0
        self.said = Announcer(layout)
        self.plates: list[pygame.Rect] = []  # where the name plates lie (the buttons and prompt keep clear)
        self.peek = Peek()
        self.painter = Painter(app)
        self.hud = Hud(app)
        self.controls = Controls(app)
        self.input = Input(lambda: self.stage, self._draggable)
        self.panel_faces: set[Card] = set()  # cards drawn face up over the table this frame
        self._idle = False
        self._turn_heard: int | None = None  # the viewer whose turn was last chimed (None: nobody's now)
        self._save_problem: str | None = None
        self.exits = TableExits(self)
        self.board = CardsLayer(self)
        self.words = WordsLayer(self)
        self.controls_layer = ControlsLayer(self)
        self.panel = PanelLayer(self)
        self.spot = SpotlightLayer(self)
        self.hook = hooks.load(layout.hook, self)
        self.online = OnlineLayer(self) if remote is not None else Layer()
        self.explainer = None if demo or open_hands else Explainer.for_table(app, setup.game)
        self.menu = MenuLayer(self)
        self.summary_layer = SummaryLayer(self)
        self.layers = self.make_layers()
        self.rebuild(animate_opening=not self.session.resumed)
        if self.session.resumed:
            self._replay_summaries()

    def shown_layers(self) -> list[Layer]:
        """What shows the game, bottom first: the cards, the words, the buttons, an open panel, the
        spotlight and the game's own widget (a replay shows the same table)."""
        return [self.board, self.words, self.controls_layer, self.panel, self.spot, self.hook, self.online]

    def make_layers(self) -> Layers:
        """The table's layers, bottom first (input reaches them top first): its keys under all,
        then what shows the game, a menu, and a round's summary on top."""
        return Layers([KeysLayer(self), *self.shown_layers(), self.menu, self.summary_layer])

    @classmethod
    def of_computers(cls, app, game: str, seed: int | None = None, watch: int | None = None) -> TableScene:
        """Computers playing ``game``, seen from the middle, or from seat ``watch`` with its cards open."""
        spec = games.get(game)
        seats = [SeatSetup(COMPUTER_NAMES[i], False) for i in range(spec.table_size)]
        setup = GameSetup(game, seats, seed=seed if seed is not None else 1)
        return cls(app, setup, demo=True, watch=watch)

    @classmethod
    def from_save(cls, app, record: MatchRecord) -> TableScene:
        """Sit down again at a saved game (raises ``SaveError`` if it cannot be replayed)."""
        restored = record.restore()
        seats = [SeatSetup(s.name, s.human, s.level or "normal") for s in record.seats]
        data = record.game
        setup = GameSetup(
            data["game"], seats, record.variant or "standard", data["seed"], dict(data["options"])
        )
        scene = cls(app, setup, restored=restored)
        scene.session.keeper.hints = [s.hints for s in record.seats]
        return scene

    def renewed(self) -> TableScene:
        """The table in the language now in use: the game goes on in this same scene, whose buttons
        are made again when it is laid out (the settings lay it out after a change of language)."""
        return self

    def resume(self) -> None:
        """Back from the pause menu, settings, the rules or the log: at a shared screen whoever sat

        there has left it (the next decision is handed over again)."""
        if self.session.driver.screen.release():
            self.rebuild()

    # -- what the table shows -----------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        """The seat whose hidden cards the table draws (None: nobody's)."""
        return self.session.viewer

    @property
    def factor(self) -> float:
        return self.app.settings.animation_factor

    @property
    def busy(self) -> bool:
        """Events are still playing out: the picture has not caught up with the game."""
        return self.timeline.busy

    @property
    def animating(self) -> bool:
        return self.timeline.busy or self.timeline.moving

    @property
    def summary(self):
        """The round's summary showing and until when (a table of computers goes on by itself)."""
        return self.summary_layer.shown

    @property
    def my_turn(self) -> bool:
        """The viewer may act now: their decision, and the table has caught up with it."""
        return self.deciding and not self.timeline.busy and self.summary is None

    @property
    def deciding(self) -> bool:
        """The decision is the viewer's, though the table may still be catching up with others'
        moves (their passes landing while this player picks): a pick in the making is kept."""
        return (
            self.viewer is not None
            and self.viewer in self.session.humans  # a watched computer decides for itself
            and self.viewer in self.view.to_act
            and not (self.session.online and self.session.match.waiting)  # online: the last move is answered
        )

    @property
    def drawn_faces(self) -> set[Card]:
        """Every card face drawn in the last frame (for the privacy tests)."""
        return self.painter.drawn_faces | self.panel_faces

    def legal(self) -> tuple[Action, ...]:
        return self.view.legal if self.my_turn else ()

    def resolver(self) -> Resolver:
        return self.session.resolver(self.view, self.my_turn)

    def hint_now(self) -> Action | None:
        return self.session.hint_now(self.my_turn)

    def refusal_now(self) -> str | None:
        return self.session.refusal_now(self.clock, self.my_turn)

    def status(self) -> Status:
        """The status line for this frame (see :func:`~cardtable.app.table.status.status_line`)."""
        dragged = [t.card for t in self.input.dragged() if t.card is not None]
        doing = self.session.doing(self.view, dragged) if self.my_turn else Doing()
        return self.session.status(
            doing,
            summary=self.summary is not None,
            results_by_click=self.results_by_click,
            refusal=self.refusal_now(),
        )

    def status_text(self) -> str:
        return self.status().text

    def lit_plates(self) -> frozenset[int]:
        """The seats whose name plates are lit as deciding (from the view the plates are drawn from)."""
        return acting_seats(self.session.now_view())

    def rebuild(self, animate_opening: bool = False, start: View | None = None, to_come: int = 0) -> None:
        """Show the current viewer's view from scratch (a new game, another human, or nobody).

        ``start``: the view to show (the public table before moves that ended a sitting, whose
        events, the last ``to_come`` of the log, then play as a spectator sees them); default: the
        viewer's view now."""
        session = self.session
        self.built_for = self.viewer
        self.view = start if start is not None else session.table_view()
        self.geometry = Geometry(self.layout, self.app.size, self.view.players, session.driver.screen.bottom)
        self.model = TableModel()
        self.model.sync(self.view)
        self.stage = Stage(self.layout, self.geometry, self.model)
        self._order_hand()
        self.timeline = Timeline(
            self.layout,
            self.model,
            lambda: self.factor,
            self.stage.place_all,
            self._played,
            self.sound,
            self._trick_over,
        )
        session.pick = Pick()
        self.peek = Peek()
        self.said.clear()  # written for the one who saw them (a "Your turn" is not the next player's)
        session.refusal = None
        log = session.match.log
        past = None if animate_opening else session.seen(log[: len(log) - to_come])
        self.story = Story(self.layout, session.names, self.viewer, past)
        self.controls.menu = []
        self.input.cancel_drag()
        if animate_opening:
            opening = session.seen(log)
            self.model.unwind(opening)
            self.stage.place_all(0.0)
            self.timeline.enqueue(opening, self.view)
        else:
            self.stage.place_all(0.0)
        self.story.note_received(self.view)
        self.refresh()

    def resized(self, size: tuple[int, int]) -> None:
        self.geometry = Geometry(self.layout, size, self.view.players, self.session.driver.screen.bottom)
        self.stage = Stage(self.layout, self.geometry, self.model)
        self._order_hand()
        self.timeline.place = self.stage.place_all
        self.stage.place_all(0.0)
        self.refresh()

    def _order_hand(self) -> None:
        """The viewer's hand in the order they chose (Settings), trump first once it is named."""
        home = (self.layout.home, self.viewer) if self.layout.home and self.viewer is not None else None
        trump = self.view.info.get("trump") if isinstance(self.view.info.get("trump"), str) else None
        self.stage.order_hand(home, self.app.settings.hand_order, trump)

    def show_now(self) -> None:
        """The table takes the view as the game stands (an online seat's choice freed or held)."""
        self._show(self.session.table_view())

    def _show(self, view: View) -> None:
        """The events have played: the table takes the view they led to."""
        self.view = view
        self.story.note_received(view)
        self.model.sync(view)
        self._order_hand()
        self.stage.place_all(0.18 * self.factor)
        self.refresh()

    def refresh(self) -> None:
        """The view, the viewer, the pick or the window changed: the choice is settled against the
        view, the buttons made for it and laid out clear of the name plates."""
        self.session.settle_choice(self.view, self.deciding)  # kept while others' moves land
        self.controls_layer.refresh(self.resolver())
        size = self.app.size
        self.plates = plate_rects(
            self.layout, self.geometry, self.session.now_view(), self.session.names, size
        )
        drop = self.layout.plate.drop
        self.stage.plate_drops = [
            (r, ZoneRef(drop, s)) for s, r in enumerate(self.plates) if drop and s != self.viewer
        ]
        panels = self.hud_point("panels_crowded" if self.geometry.compact else "panels")
        self.controls.arrange(self.hud_point("buttons"), self.geometry.scale, size, panels, self.plates)
        self.hook.refresh()

    def hud_point(self, key: str) -> tuple[int, int]:
        """Where the layout puts one of the table's words or rows of buttons, in window pixels."""
        x, y = self.geometry.design_point(*self.layout.hud[key])
        return round(x), round(y)

    # -- events ------------------------------------------------------------------------

    def _played(self, event: Event, live: bool) -> None:
        self.hook.on_event(event, live)
        self.story.heard(event, live, self.clock, max(0.5, self.factor))
        until = self.clock + SUMMARY_SECONDS * max(0.5, self.factor)
        if self.summary_layer.feed(event, until):  # the last round's too: what happened, before the results
            self.session.pick = Pick()
        if live:
            self.said.heard(event, self.session.names, self.viewer, self.clock, self.factor)
            for note in self.explainer.heard(event) if self.explainer is not None else ():
                self.said.toast(note, self.clock, self.factor, EXPLAIN_SECONDS)  # play goes on

    def _trick_over(self, event: Event) -> bool:
        """A trick is about to be gathered: its outcome over it; True to wait for a click there (the
        player asked for it, and someone plays at this table)."""
        waits = self.app.settings.trick_click and bool(self.session.humans) and not self.session.demo
        return self.story.trick_over(event, self.model, waits)

    def _replay_summaries(self) -> None:
        """Catch the round tallies up with a game that did not play out on this screen (resumed, undone)."""
        self.summary_layer.catch_up(self.session.seen(self.session.match.log))

    def close_summary(self) -> None:
        self.summary_layer.shown = None
        self.refresh()

    def skip_animation(self) -> None:
        """Play every queued event at once and put every card in its place."""
        view = self.timeline.skip()
        if view is not None:
            self._show(view)
        self.stage.place_all(0.0)
        self.timeline.land()

    def complain(self, text: str) -> None:
        """Say why in the status line, for as long as the moment it answers lasts."""
        self.session.refuse(text, self.clock, self.my_turn)

    def _refuse(self, text: str) -> None:
        """A move the viewer tried is not allowed: say why, with the sound for it. Not in
        pass-and-play: the whole room hears it, and a refusal ("You must follow spades") can
        tell the others what is in the hand."""
        self.complain(text)
        if not self.session.driver.pass_and_play:
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

    # -- the loop ----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.built_for != self.viewer:
            self.rebuild()  # never draw one seat's table for another
        if self.summary is not None:
            self.timeline.step_tokens(dt)
            if not self.session.humans and self.clock >= self.summary[1]:
                self.close_summary()
        else:
            view = self.timeline.update(dt)
            if view is not None:
                self._show(view)
        self.peek.tick(self.stage, self.clock, 0.12 * self.factor)
        self.said.expire(self.clock)
        self.board.lift()
        idle = not self.timeline.busy
        if idle and not self._idle:
            self.refresh()  # the player's choices appear once the events have played
        self._idle = idle
        if not self.animating and not self.input.pressing and self.summary is None:
            self._advance()
        self._collect_hint()
        self._chime_turn()
        if self.session.online:
            self.online.update()
        keeper = self.session.keeper
        keeper.save()
        if keeper.problem and keeper.problem != self._save_problem:
            self.said.toast(keeper.problem, self.clock, 1.0, 6.0)  # said once, not after each move
        self._save_problem = keeper.problem

    def next_change(self) -> float | None:
        """0 while anything moves or someone other than the person at the screen is to act (the
        table plays on by itself); else the seconds until a word or mark on it times out, and
        None when it only waits for the person."""
        if self.built_for != self.viewer or self.input.pressing:
            return 0.0
        if self.timeline.waiting and not self.timeline.moving:
            return None  # a trick held until the person clicks
        if self.animating:
            return 0.0
        if self.summary is not None:
            return None if self.session.humans else max(0.0, self.summary[1] - self.clock)
        if not self.my_turn or self.session.hinter.asked is not None:
            return 0.0  # computers move, the screen is handed over, the results come, a hint is found
        fading = self.fading()
        if self.session.online:  # others move at their own screens meanwhile: look now and then
            return ONLINE_POLL if fading is None else min(fading, ONLINE_POLL)
        return fading

    def fading(self) -> float | None:
        """Seconds until the next word or mark on the table times out (a note, the spotlight, the
        card just played, a refusal, a zone about to grow); None: nothing will."""
        refusal = self.session.refusal
        times = [
            self.said.next_change(),
            self.story.next_change(self.clock),
            self.peek.next_change(),
            refusal.until if refusal is not None and self.refusal_now() is not None else None,
        ]
        due = [t - self.clock for t in times if t is not None]
        return max(0.0, min(due)) if due else None

    @property
    def spotlight(self) -> tuple[tuple[Card, ...], str, float] | None:
        """The cards in the spotlight, the text and until when (None: none)."""
        return self.said.shown.now

    @property
    def spotlight_rect(self) -> pygame.Rect:
        return self.said.shown.rect

    def _advance(self) -> None:
        session = self.session
        legal = self.view.legal if self.my_turn and not session.driver.pass_and_play else ()
        if len(legal) == 1 and (self.layout.action(legal[0].kind).auto or self._auto_plays()):
            # A lone human's only choice that says nothing they could hide (no 10 to play), or any
            # only choice where the player asked for it: made for them.
            self.perform([legal[0]])
            return
        if session.match.over and self.said.shown.now is not None:
            return  # the last announcements are read before the results
        step = session.driver.step(self.clock, self.app.settings.computer_pause)
        if isinstance(step, Acted):
            self._play_moves(step)
        elif isinstance(step, HandOver) and self.said.shown.now is None:
            self.exits.hand_over(step.seat)  # once what was just shown large (a flipped Ugh! card) is read
        elif isinstance(step, Finished):
            self.exits.finish()

    def _auto_plays(self) -> bool:
        """The player asked for an only move to be made by itself (Settings: Auto-play)."""
        return self.app.settings.auto_play and self.view.select <= 1

    def _play_moves(self, acted: Acted) -> None:
        """Queue the events of moves just made, as the viewer may see them; when the viewer left the
        screen with them, the table first turns to the public one from before them."""
        if acted.left is not None:
            self.rebuild(start=acted.left, to_come=len(acted.events))
        self.timeline.enqueue(self.session.seen(acted.events), self.session.table_view())
        self.refresh()  # the panel buttons follow the game as it stands (no last trick in a new round)

    @property
    def results_by_click(self) -> bool:
        """The game is over and the table has caught up: a click goes on to the results."""
        return (
            self.session.match.over
            and not self.session.demo
            and not self.timeline.busy
            and self.summary is None
        )

    # -- input and drawing: the layers ---------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        glide = 0.12 * self.factor
        if event.type == pygame.WINDOWLEAVE:
            self.peek.left(self.stage, glide)  # a zone grown under the pointer shrinks
        elif event.type == pygame.MOUSEMOTION and self.summary is None:
            self.peek.moved(self.stage, event.pos, self.clock, glide)  # under a menu too
        settled = not self.timeline.busy and self.summary is None
        if settled and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.timeline.land()  # cards still gliding into place are there at once
        return self.layers.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(BACKGROUND.get(surface.get_size()), (0, 0))
        if self.built_for != self.viewer:
            return  # the table was built for someone else (rebuilt at the next update): draw none of it
        self.panel_faces = set()
        self.layers.draw(surface)

    # -- test and tool helpers (public: where things are on screen) -------------------

    def point_of(self, card: Card) -> tuple[int, int] | None:
        return self.stage.point_of(card)

    def target_rect(self, target) -> pygame.Rect | None:
        return self.stage.target_rect(target, self.view)

    def zone_rect(self, ref) -> pygame.Rect:
        return self.stage.zone_rect(tuple(ref))

    def button(self, label_start: str) -> Button | None:
        for b in self.controls.buttons():
            if b.label.startswith(label_start):
                return b
        return None
