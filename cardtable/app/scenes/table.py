"""The table scene: any game, drawn from its views and layout, animated by its events.

It composes the table's parts (``cardtable/app/table/``), each with one job:
the turn driver says who decides next, the timeline plays the viewer's
events, input turns pygame events into intents, the resolver turns intents
into legal actions, the stage and painter place and draw the cards, the hud
and controls draw what lies over them, and a layout's hook adds the rare
widget data cannot describe. Nothing here knows a game's rules or words.
"""

from __future__ import annotations

import random

import pygame

from cardtable import games
from cardtable.ai import make_agent
from cardtable.engine import (
    Action,
    Card,
    Event,
    Game,
    RoundEnded,
    TrickWon,
    View,
    ZoneRef,
    format_prompt,
    redact,
)
from cardtable.match import Match, Seat
from cardtable.saves import MatchRecord

from ..layout import Geometry
from ..scene import Scene
from ..table import hooks
from ..table.announcer import Announcer
from ..table.controls import Control, Controls
from ..table.driver import Acted, Finished, HandOver, TurnDriver
from ..table.gamelog import LogLine, log_lines
from ..table.hint import Hinter
from ..table.hud import Hud, plate_rects
from ..table.input import Input
from ..table.keeper import Keeper
from ..table.painter import Painter
from ..table.peek import Peek
from ..table.resolver import Confirm, Do, Explain, Intent, Menu, Pick, Press, Resolver, Say
from ..table.stage import Stage
from ..table.status import Refusal
from ..table.story import Story
from ..table.summary import Summaries, Summary
from ..table.timeline import Timeline
from ..table.words import handover_line
from ..tokens import TableModel
from ..widgets import Button
from .newgame import COMPUTER_NAMES, GameSetup, SeatSetup
from .table_assist import TableAssist
from .table_drawing import TableDrawing
from .table_input import TableInput

SUMMARY_SECONDS = 4.0  # how long a table of computers shows a round's summary
REFUSAL_SECONDS = 3.5  # how long a refusal stays up (less if the moment it answers passes)


class TableScene(TableAssist, TableInput, TableDrawing, Scene):
    def __init__(
        self,
        app,
        setup: GameSetup,
        demo: bool = False,
        restored: tuple[Game, list[Event]] | None = None,
        watch: int | None = None,
    ) -> None:
        """``restored``: a saved game taken up again (its state and every event since the deal);
        ``watch``: in a demo, the seat whose side of the table is shown, its cards open."""
        super().__init__(app)
        self.setup = setup
        self.demo = demo
        self.spec = games.get(setup.game)
        self.layout = app.layout(setup.game)
        self.names = [s.name for s in setup.seats]
        self.seed = setup.seed if setup.seed is not None else random.randrange(2**31)
        seeds = [self.seed * 31 + i for i in range(len(setup.seats))]
        seats = [
            Seat(s.name, None if s.human else make_agent(s.level, self.spec, seeds[i]))
            for i, s in enumerate(setup.seats)
        ]
        self.variant = app.variants(setup.game).get(setup.variant, setup.variant)
        self.match = Match(self.spec, seats, setup.options, self.seed, self.variant, restored)
        self.resumed = restored is not None
        levels = [None if s.human else s.level for s in setup.seats]
        self.watch = watch if demo and watch is not None and 0 <= watch < len(setup.seats) else None
        self.driver = TurnDriver(self.match, levels, seeds, app.worker, self.spec.id, self.watch)
        self.humans = self.driver.humans
        self.keeper = Keeper(app.saver, app.data, self.match, self.names, levels, setup.variant, not demo)
        self.hinter = Hinter(app.worker, self.spec.id, self.seed)
        self.clock = 0.0
        self.said = Announcer(self.layout)
        self.plates: list[pygame.Rect] = []  # where the name plates lie (the buttons and prompt keep clear)
        self.pick = Pick()
        self.mode = ""  # a layout mode the viewer turned on (U-G-O's "Change positions")
        self.panel: str | None = None
        self.summaries = Summaries()
        self.summary: tuple[Summary, float] | None = None
        self.peek = Peek()
        self.painter = Painter(app)
        self.hud = Hud(app)
        self.controls = Controls(app)
        self.hook = hooks.load(self.layout.hook, self)
        self.input = Input(lambda: self.stage, self._draggable)
        self.panel_faces: set[Card] = set()
        self._idle = False
        self._turn_heard: int | None = None  # the viewer whose turn was last chimed (None: nobody's now)
        self._save_problem: str | None = None
        self._now: tuple[tuple[int | None, int, int], View] | None = None  # the view now, kept per moment
        self.refusal: Refusal | None = None
        self._ended = False
        self.summary_rect = pygame.Rect(0, 0, 0, 0)  # where the last summary was drawn
        self._rebuild(animate_opening=not self.resumed)
        if self.resumed:
            self._replay_summaries()

    @classmethod
    def demo(cls, app, game: str, seed: int | None = None, watch: int | None = None) -> TableScene:
        """Computers playing ``game``, seen from the middle, or from seat ``watch`` with its cards open."""
        spec = games.get(game)
        players = spec.table_size
        seats = [SeatSetup(COMPUTER_NAMES[i], False) for i in range(players)]
        setup = GameSetup(game, seats, seed=seed if seed is not None else 1)
        return cls(app, setup, demo=True, watch=watch)

    @classmethod
    def from_save(cls, app, record: MatchRecord) -> TableScene:
        """Sit down again at a saved game (raises ``SaveError`` if it cannot be replayed)."""
        restored = record.restore()
        seats = [SeatSetup(s.name, s.human, s.level or "normal") for s in record.seats]
        hints = [s.hints for s in record.seats]
        data = record.game
        setup = GameSetup(
            data["game"], seats, record.variant or "standard", data["seed"], dict(data["options"])
        )
        scene = cls(app, setup, restored=restored)
        scene.keeper.hints = hints
        return scene

    def resume(self) -> None:
        """Back from the pause menu, settings, the rules or the log: at a shared screen whoever sat
        there has left it (the next decision is handed over again)."""
        if self.driver.screen.release():
            self._rebuild()

    # -- state -------------------------------------------------------------------------

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
    def my_turn(self) -> bool:
        return (
            self.viewer is not None
            and self.viewer in self.humans  # a watched computer decides for itself
            and self.viewer in self.view.to_act
            and not self.timeline.busy
            and self.summary is None
        )

    @property
    def drawn_faces(self) -> set[Card]:
        """Every card face drawn in the last frame (for the privacy tests)."""
        return self.painter.drawn_faces | self.panel_faces

    def legal(self) -> tuple[Action, ...]:
        return self.view.legal if self.my_turn else ()

    def resolver(self) -> Resolver:
        view = self.view if self.my_turn else _without_choices(self.view)
        return Resolver(view, self.layout, self.mode)

    def table_view(self) -> View:
        """What the table shows: the viewer's view (a replay shows every hand)."""
        return self.match.view(self.viewer)

    def now_view(self) -> View:
        """The viewer's view of the game as it stands, which the cards on the table may still be
        moving toward: what the words on the table tell (made once per move)."""
        log = self.match.log
        key = (self.viewer, len(log), id(log[-1]) if log else 0)
        if self._now is None or self._now[0] != key:
            self._now = (key, self.table_view())
        return self._now[1]

    @property
    def moment(self) -> int:
        """How far the game has gone (its events so far): a hint or a refusal holds for one moment."""
        return len(self.match.log)

    def seen(self, events: list[Event]) -> list[Event]:
        """The events as the viewer may know them."""
        return redact(events, self.viewer)

    def _rebuild(self, animate_opening: bool = False, start: View | None = None, to_come: int = 0) -> None:
        """Show the current viewer's view from scratch (a new game, another human, or nobody).

        ``start``: the view to show (the public table before moves that ended a sitting, whose
        events, the last ``to_come`` of the log, then play as a spectator sees them); default: the
        viewer's view now."""
        self.built_for = self.viewer
        self.view = start if start is not None else self.table_view()
        self.geometry = Geometry(self.layout, self.app.size, self.view.players, self.driver.screen.bottom)
        self.model = TableModel()
        self.model.sync(self.view)
        self.stage = Stage(self.layout, self.geometry, self.model)
        self.timeline = Timeline(
            self.layout,
            self.model,
            lambda: self.factor,
            self.stage.place_all,
            self._played,
            self.sound,
            self._trick_over,
        )
        self.pick = Pick()
        self.peek = Peek()
        self.said.clear()  # written for the one who saw them (a "Your turn" is not the next player's)
        self.refusal = None
        past = None if animate_opening else self.seen(self.match.log[: len(self.match.log) - to_come])
        self.story = Story(self.layout, self.names, self.viewer, past)
        self.controls.menu = []
        self.input.cancel_drag()
        if animate_opening:
            opening = self.seen(self.match.log)
            self.model.unwind(opening)
            self.stage.place_all(0.0)
            self.timeline.enqueue(opening, self.view)
        else:
            self.stage.place_all(0.0)
        self.story.note_received(self.view)
        self._refresh()

    def resized(self, size: tuple[int, int]) -> None:
        self.geometry = Geometry(self.layout, size, self.view.players, self.driver.screen.bottom)
        self.stage = Stage(self.layout, self.geometry, self.model)
        self.timeline.place = self.stage.place_all
        self.stage.place_all(0.0)
        self._refresh()

    def _show(self, view: View) -> None:
        """The events have played: the table takes the view they led to."""
        self.view = view
        self.story.note_received(view)
        self.model.sync(view)
        self.stage.place_all(0.18 * self.factor)
        self._refresh()

    # -- events ------------------------------------------------------------------------

    def _played(self, event: Event, live: bool) -> None:
        self.hook.on_event(event, live)
        self.story.heard(event, live, self.clock, max(0.5, self.factor))
        summary = self.summaries.feed(event)
        if summary is not None:  # the last round's too: what happened, before the results
            self.summary = (summary, self.clock + SUMMARY_SECONDS * max(0.5, self.factor))
            self.pick = Pick()
        if not live:
            return
        self.said.heard(event, self.names, self.viewer, self.clock, self.factor)

    def _trick_over(self, event: Event) -> bool:
        """A trick is about to be gathered: its outcome over it; True to wait for a click there (the
        player asked for it, and someone plays at this table)."""
        waits = self.app.settings.trick_click and bool(self.humans) and not self.demo
        return self.story.trick_over(event, self.model, waits)

    def _replay_summaries(self) -> None:
        """Catch the round tallies up with a game that did not play out on this screen (resumed, undone)."""
        self.summaries = Summaries()
        for event in self.seen(self.match.log):
            self.summaries.feed(event)

    def _complain(self, text: str) -> None:
        """Say why in the status line, for as long as the moment it answers lasts."""
        text = format_prompt(text, self.names, self.viewer)
        self.refusal = Refusal(text, (self.moment, self.my_turn), self.clock + REFUSAL_SECONDS)

    def refusal_now(self) -> str | None:
        """The last refusal, while it still answers what is on the table."""
        r = self.refusal
        if r is None or r.until < self.clock or r.moment != (self.moment, self.my_turn):
            return None
        return r.text

    def skip_animation(self) -> None:
        """Play every queued event at once and put every card in its place."""
        view = self.timeline.skip()
        if view is not None:
            self._show(view)
        self.stage.place_all(0.0)
        self.timeline.land()

    # -- the loop ----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.built_for != self.viewer:
            self._rebuild()  # never draw one seat's table for another
        if self.summary is not None:
            self.timeline.step_tokens(dt)
            if self._computers_only() and self.clock >= self.summary[1]:
                self.close_summary()
        else:
            view = self.timeline.update(dt)
            if view is not None:
                self._show(view)
        self.peek.tick(self.stage, self.clock, 0.12 * self.factor)
        self.said.expire(self.clock)
        self._lift()
        idle = not self.timeline.busy
        if idle and not self._idle:
            self._refresh()  # the player's choices appear once the events have played
        self._idle = idle
        if not self.animating and not self.input.pressing and self.summary is None:
            self._advance()
        self._collect_hint()
        self._chime_turn()
        self.keeper.save()
        if self.keeper.problem and self.keeper.problem != self._save_problem:
            self.said.toast(self.keeper.problem, self.clock, 1.0, 6.0)  # said once, not after each move
        self._save_problem = self.keeper.problem

    def _computers_only(self) -> bool:
        return not self.humans

    @property
    def spotlight(self) -> tuple[tuple[Card, ...], str, float] | None:
        """The cards in the spotlight, the text and until when (None: none)."""
        return self.said.shown.now

    @property
    def spotlight_rect(self) -> pygame.Rect:
        return self.said.shown.rect

    def close_summary(self) -> None:
        self.summary = None
        self._refresh()

    def _advance(self) -> None:
        legal = self.view.legal if self.my_turn and not self.driver.pass_and_play else ()
        if len(legal) == 1 and self.layout.action(legal[0].kind).auto:
            # A lone human's only choice that says nothing they could hide (no 10 to play): made for them.
            self.perform([legal[0]])
            return
        if self.match.over and self.said.shown.now is not None:
            return  # the last announcements are read before the results
        step = self.driver.step(self.clock, self.app.settings.computer_pause)
        if isinstance(step, Acted):
            self._play_moves(step)
        elif isinstance(step, HandOver) and self.said.shown.now is None:
            self._hand_over(step.seat)  # once what was just shown large (a flipped Ugh! card) is read
        elif isinstance(step, Finished):
            self._finished()

    def _play_moves(self, acted: Acted) -> None:
        """Queue the events of moves just made, as the viewer may see them; when the viewer left the
        screen with them, the table first turns to the public one from before them."""
        if acted.left is not None:
            self._rebuild(start=acted.left, to_come=len(acted.events))
        self.timeline.enqueue(self.seen(acted.events), self.table_view())
        self._refresh()  # the panel buttons follow the game as it stands (no last trick in a new round)

    def _hand_over(self, seat: int) -> None:
        """The next decision is ``seat``'s, who is not at the screen: the privacy screen until they are."""
        from .privacy import PrivacyScene

        def ready() -> None:
            self.driver.screen.confirm(seat)
            self._rebuild()

        what = handover_line(self.layout, self.match.view(None), seat, self.names)
        self.app.push(PrivacyScene(self.app, self.names[seat], what, ready, self._pause))

    @property
    def results_by_click(self) -> bool:
        """The game is over and the table has caught up: a click goes on to the results."""
        return self.match.over and not self.demo and not self.timeline.busy and self.summary is None

    def _finished(self) -> None:
        if self._ended:
            return  # a click and the end of the pause in one frame: the game is recorded once
        self._ended = True
        if self.demo:
            setup = GameSetup(
                self.setup.game, self.setup.seats, self.setup.variant, self.seed + 1, self.setup.options
            )
            self.app.replace(TableScene(self.app, setup, demo=True, watch=self.watch))
            return
        from .results import ResultsScene

        self.replay_path = self.keeper.finished()
        kinds = [s.kind for s in self.setup.seats]  # "human" or a computer's level
        replay = self.replay_path.name if self.replay_path is not None else None
        self.app.stats.record(
            self.match.game, self.names, kinds, self.setup.variant, replay, self.keeper.hints
        )
        final = self.table_view()
        self.app.replace(
            ResultsScene(
                self.app,
                self.spec,
                final,
                self.names,
                self.play_again,
                self.new_game,
                self.layout,
                self.replay_path,
            )
        )

    def play_again(self) -> None:
        setup = GameSetup(self.setup.game, self.setup.seats, self.setup.variant, None, self.setup.options)
        self.app.replace(TableScene(self.app, setup))

    def new_game(self) -> None:
        from .newgame import NewGameScene

        self.app.replace(NewGameScene(self.app, self.setup))  # the table just played, to change

    def quit_to_title(self) -> None:
        from .title import TitleScene

        self.app.reset(TitleScene(self.app))

    # -- the viewer's choices ------------------------------------------------------------

    def perform(self, actions: list[Action]) -> bool:
        """Apply the viewer's actions; an illegal one is refused with the engine's reason."""
        if self.viewer is None or not self.my_turn:
            return False
        self.timeline.land()
        acted, refused = self.driver.act(self.viewer, actions)
        if refused is not None:
            self._refuse(str(refused))
            if acted.events:
                self._play_moves(acted)
            return False
        self.pick = Pick()
        self.controls.menu = []
        self.panel = None
        self.said.shown.dismiss()  # read and acted on: an attack answered leaves no call to answer it
        self.story.received = ()  # passed cards are marked until the viewer's next move
        if any(isinstance(e, (TrickWon, RoundEnded)) for e in acted.events):
            self._turn_heard = None  # a trick or round won that leaves the viewer to lead is a new turn
        self._play_moves(acted)
        self._refresh()
        return True

    def explain(self, probe: Action, others: tuple[Action, ...] = ()) -> None:
        """Say why a gesture is not allowed, in the engine's words: the first reason about more than
        the card being of another kind ("7♠ is not an 8" says little when it is a 7 to play)."""
        if self.viewer is None:
            return
        why = self.match.game.why_not
        reasons = [why(self.viewer, p, self.view.legal) for p in (probe, *others)]
        name = probe.card.name if probe.card is not None else ""
        telling = [
            r for r in reasons if not (name and r.startswith((f"{name} is not a ", f"{name} is not an ")))
        ]
        self._refuse((telling or reasons)[0])

    def intent(self, intent: Intent, pos: tuple[int, int] | None = None) -> None:
        """What the viewer did, resolved to an action, a menu, a reason or a new pick."""
        if not self.my_turn:
            return
        result = self.resolver().resolve(intent, self.pick)
        self.pick = result.pick
        outcome = result.outcome
        if isinstance(outcome, Do):
            if not self.perform(list(outcome.actions)):
                self.stage.place_all(0.25 * self.factor)
            return
        if isinstance(outcome, Menu):
            at = pos or (self.app.size[0] // 2, self.app.size[1] // 2)
            self.controls.open_menu(outcome.actions, at, self.geometry.scale, self._do, self.label)
        elif isinstance(outcome, Explain):
            self.explain(outcome.probe, outcome.others)
        elif isinstance(outcome, Say):
            self._refuse(outcome.text)
        self.stage.place_all(0.2 * self.factor)
        self._refresh()

    def log_lines(self) -> list[LogLine]:
        """This game so far, in words, from the events as the viewer may know them."""
        return log_lines(self.seen(self.match.log), self.layout, self.names, self.viewer)

    def open_log(self) -> None:
        from .gamelog import LogScene

        self.app.push(LogScene(self.app, self.log_lines(), f"{self.spec.name}: the game so far"))

    def _do(self, action: Action) -> None:
        self.controls.menu = []
        self.perform([action])

    def label(self, action: Action) -> str:
        return format_prompt(action.label or action.kind, self.names, self.viewer)

    def _draggable(self, card: Card) -> bool:
        if not self.my_turn:
            return False
        resolver = self.resolver()
        return card in resolver.pickable() or resolver.in_hand(card)

    def _lift(self) -> None:
        """Cards that may be played rise a little; picked ones rise more."""
        home = self.layout.home
        s = self.geometry.scale
        resolver = self.resolver() if self.my_turn else None
        legal = resolver.pickable() if resolver is not None else set()
        picked = set(self.pick.cards)
        focus = None
        if resolver is not None and self.pick.focus is not None:
            hinted = self.hint_now()
            if not resolver.select_kind() or (hinted is not None and hinted.card == self.pick.focus):
                focus = self.pick.focus  # not a picking cursor, which rises only once picked
        for ref, tokens in self.model.zones.items():
            mine = ref[0] == home and ref[1] == self.viewer
            joined = self.stage.joined(ref) is not None
            for t in tokens:
                if joined:
                    t.lift = 14 * s if ref[1] == self.viewer else 8 * s  # a set being picked, in its row
                elif t.card in picked:
                    t.lift = (34 if mine else 14) * s
                elif t.card == focus and t.card in legal:
                    t.lift = (24 if mine else 10) * s  # held by a click, or hinted: a second click plays it
                elif mine and t.card in legal:
                    t.lift = 10 * s
                else:
                    t.lift = 0.0

    def _refresh(self) -> None:
        """Buttons for the choices that are not dragged cards, Confirm for a pick, panel buttons."""
        if self.mode not in Resolver(self.view, self.layout).modes:
            self.mode = ""  # its plays are over (or the turn is): the next turn starts without it
        resolver = self.resolver()
        keep = [c for c in self.pick.cards if c in resolver.pickable()]
        focus = self.pick.focus if self.pick.focus in resolver.pickable() else None
        self.pick = Pick(tuple(keep), focus)
        items: list[Control] = []
        for action in resolver.buttons():
            if self.hook.claims(action):
                continue
            key = self.layout.action(action.kind).key
            text = self.label(action) + (f" ({key.upper()})" if key else "")
            items.append(Control(Button(text, self._binder(action), size=20), action, "action", key))
        for mode in resolver.modes:
            key = resolver.mode_key(mode)
            text = ("Done" if mode == self.mode else mode) + (f" ({key.upper()})" if key else "")
            button = Button(text, self._mode_toggler(mode), size=20, primary=mode == self.mode)
            items.append(Control(button, None, "action", key))
        enabled, text = resolver.confirm_state(self.pick)
        if text:
            confirm = Button(
                format_prompt(text, self.names, self.viewer), self._confirm, size=20, primary=True
            )
            confirm.enabled = enabled
            items.append(Control(confirm, None, "confirm"))
        if self.can_undo:
            items.append(Control(Button("Undo (Ctrl+Z)", self.undo, size=16), None, "panel"))
        if self.can_hint and self.my_turn:
            items.append(Control(Button("Hint (H)", self.hint, size=16), None, "aside", "h"))
        hinted = self.hint_now()
        for item in items:
            if hinted is not None and item.action == hinted:
                item.button.primary = True  # the hinted button stands out
        items.append(Control(Button("Log (G)", self.open_log, size=16), None, "panel", "g"))
        for panel in self.layout.panels:
            if self.now_view().info.get(panel.key):
                hotkey = panel.hotkey
                text = panel.button + (f" ({hotkey.upper()})" if hotkey else "")
                items.append(
                    Control(Button(text, self._panel_toggler(panel.key), size=16), None, "panel", hotkey)
                )
        self.controls.set(items)
        self.plates = plate_rects(self.layout, self.geometry, self.now_view(), self.names, self.app.size)
        drop = self.layout.plate.drop
        self.stage.plate_drops = [
            (r, ZoneRef(drop, s)) for s, r in enumerate(self.plates) if drop and s != self.viewer
        ]
        panels = self._hud("panels_crowded" if self.geometry.compact else "panels")
        self.controls.arrange(self._hud("buttons"), self.geometry.scale, self.app.size, panels, self.plates)
        self.hook.refresh()

    def _binder(self, action: Action):
        return lambda: self.intent(Press(action))

    def _mode_toggler(self, mode: str):
        def toggle() -> None:
            self.mode = "" if self.mode == mode else mode
            self.pick = Pick()
            self._refresh()

        return toggle

    def _panel_toggler(self, key: str):
        def toggle() -> None:
            self.panel = None if self.panel == key else key

        return toggle

    def _confirm(self) -> None:
        self.intent(Confirm())

    def _hud(self, key: str) -> tuple[int, int]:
        x, y = self.geometry.design_point(*self.layout.hud[key])
        return round(x), round(y)

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


def _without_choices(view: View) -> View:
    from dataclasses import replace

    return replace(view, legal=(), select=0)
