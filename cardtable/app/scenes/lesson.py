"""Learn to play: the table with a coach (``config/tutorials/<game>.yaml``, :mod:`cardtable.tutorials`).

The lesson is the same table as a real game, played with the same drags,
clicks and keys. The coach's steps come in order: a step that only explains
stops the table under a note (Next, or Enter); a step that waits for a move
shows its words at the top and lights what it is about, and a different move
gets the step's own answer and is not made ("Not that one: ..."); a step that
waits for a moment lets the game play on until it comes. Skip goes to the
next step, Restart deals the same cards again, Esc opens the menu (leave).
At the end: what was learned, and a real game with sensible settings.

Nothing of a lesson is kept: no autosave, no statistics, no replay.
"""

from __future__ import annotations

import pygame

from cardtable import games
from cardtable.engine import Action, Event, same_action
from cardtable.i18n import _
from cardtable.tutorials import Step, Tutorial, cards_named, event_keys, expects, waited_key

from .. import theme
from ..scene import Scene
from ..table.layers import Layer, Layers
from ..table.resolver import Pick
from ..table.setup import GameSetup, SeatSetup, quick_setup
from ..theme import wrap
from ..widgets import Button, draw_fitted, draw_panel, draw_text
from .common import BACKGROUND, shade
from .table import TableScene


class LessonScene(TableScene):
    scene_name = "lesson"

    def __init__(self, app, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.index = 0  # the step in hand
        self.started = False  # its moment has come (its words show)
        self.heard: list[str] = []  # the events seen since the step in hand began to wait
        self.noted = False  # its note is open over the table
        self.game_over = False  # the lesson's game has ended (its steps may go on)
        seats = [SeatSetup(_(name), i == 0, tutorial.level) for i, name in enumerate(tutorial.seats)]
        setup = GameSetup(tutorial.game, seats, tutorial.variant, tutorial.seed, dict(tutorial.options))
        super().__init__(app, setup)
        self.session.keeper.enabled = False  # a lesson is not a game to continue, count or replay
        self.explainer = None  # the coach explains
        self.session.undoable = False
        self.exits.finish = self.finish_game  # type: ignore[method-assign]  # no results: the lesson's end
        self.coach = CoachLayer(self)
        self.layers = self.make_layers()

    def _auto_plays(self) -> bool:
        return False  # the coach waits for the learner's own moves

    def make_layers(self) -> Layers:
        layers = super().make_layers()
        coach = getattr(self, "coach", None)
        if coach is not None:
            layers.stack.insert(len(layers.stack) - 2, coach)  # under the menu and a round's summary
        return layers

    def renewed(self) -> LessonScene:
        return LessonScene(self.app, self.tutorial)

    # -- the step in hand ----------------------------------------------------------------------

    @property
    def step(self) -> Step | None:
        steps = self.tutorial.steps
        return steps[self.index] if self.index < len(steps) else None

    def _played(self, event: Event, live: bool) -> None:
        super()._played(event, live)
        self.heard += event_keys(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app.stack.top is self:
            self.follow()

    def follow(self) -> None:
        """Start the step in hand when its moment comes; end a step that waited for a moment."""
        step = self.step
        if step is None:
            self.finish_lesson()
            return
        if self.animating and not self.game_over:
            return
        if not self.started:
            if not self._moment(step.when):
                return
            self.started = True
            self.heard.clear()  # a step waits for what comes after its start
            if step.waits_for_next:
                self.noted = True
                self.app.push(CoachNoteScene(self.app, self))
            return
        if step.until is not None and self._reached(step.until):
            self.next_step()

    def _moment(self, when) -> bool:
        game = self.session.match.game
        if "phase" in when and game.phase != when["phase"]:
            return False
        if "my_turn" in when and bool(self.my_turn) != bool(when["my_turn"]):
            return False
        key = waited_key(when)
        return key is None or key in self.heard

    def _reached(self, until) -> bool:
        game = self.session.match.game
        if until.get("over") and game.is_over():
            return True
        if "phase" in until and game.phase == until["phase"]:
            return True
        key = waited_key(until)
        return key is not None and key in self.heard

    def next_step(self) -> None:
        """On to the next step (a skipped one too): its moment is waited for afresh."""
        self.index += 1
        self.started = False
        self.noted = False
        self.refresh()

    def restart(self) -> None:
        self.app.replace(LessonScene(self.app, self.tutorial))

    def finish_lesson(self) -> None:
        if not isinstance(self.app.stack.top, LessonEndScene):
            self.app.replace(LessonEndScene(self.app, self.tutorial))

    # -- moves: the one the step waits for, or its answer ---------------------------------------

    def perform(self, actions: list[Action]) -> bool:
        step = self.step
        if step is not None and self.started and step.do is not None:
            legal = self.view.legal
            if not all(any(same_action(a, b) for b in legal) for a in actions):
                return super().perform(actions)  # not allowed at all: the rules' own reason
            if not all(expects(step, a) for a in actions):
                self.session.pick = Pick()  # the cards picked go back: the step's move is still to make
                self._refuse(
                    _(step.wrong) if step.wrong else _("Not that one: {words}").format(words=_(step.say))
                )
                return False
            if super().perform(actions):
                self.next_step()
                return True
            return False
        return super().perform(actions)

    @property
    def results_by_click(self) -> bool:
        return False  # a lesson has no results screen: its last notes, then its end

    def undo(self) -> bool:
        return False  # the coach has counted the moves made: a lesson goes forward (Restart deals again)

    def finish_game(self) -> None:
        """The game of a lesson is over: no results screen; the steps left (what the last round
        showed, how a game ends) still come, then the lesson's end."""
        self.game_over = True


class CoachLayer(Layer):
    """The step in hand's words at the top of the table, and a light on what it is about."""

    def __init__(self, lesson: LessonScene) -> None:
        self.lesson = lesson
        self.skip = Button(_("Skip step"), lesson.next_step, size=16)
        self.rect = pygame.Rect(0, 0, 0, 0)

    def handle(self, event: pygame.event.Event) -> bool:
        return self.lesson.started and not self.lesson.noted and self.skip.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        lesson = self.lesson
        step = lesson.step
        if step is None or not lesson.started or lesson.noted:
            return
        draw_lights(surface, lesson, step)
        self.rect = draw_words(surface, lesson, _(step.say), top=True)
        s = lesson.geometry.scale
        self.skip.size = max(12, round(16 * s))
        w = lesson.app.text.fonts.get(self.skip.size, "bold").size(self.skip.label)[0] + round(28 * s)
        self.skip.rect = pygame.Rect(0, 0, w, round(30 * s))
        self.skip.rect.topright = (self.rect.right, self.rect.bottom + round(6 * s))
        self.skip.draw(surface, lesson.app.text)


def draw_lights(surface: pygame.Surface, lesson: LessonScene, step: Step) -> list[pygame.Rect]:
    """A ring round each card and place the step names (cards by code, places by zone name); the
    rings drawn."""
    s = lesson.geometry.scale
    rings: list[pygame.Rect] = []
    codes = [h for h in step.highlight if not h.islower()]
    # Only cards the learner sees: a ring round a face-down card would tell which card it is.
    for card in cards_named(codes, lesson.view.known_cards()):
        rect = lesson.target_rect(card)
        if rect is not None:
            rings.append(rect.inflate(round(10 * s), round(10 * s)))
            pygame.draw.rect(surface, theme.HIGHLIGHT, rings[-1], 3, 8)
    for name in (h for h in step.highlight if h.islower()):
        owner = lesson.viewer if name in ("hand", "won", "pool", "table", "deck", "discard") else None
        try:
            rect = lesson.zone_rect((name, owner))
        except (KeyError, ValueError):
            continue
        rings.append(rect.inflate(round(16 * s), round(16 * s)))
        pygame.draw.rect(surface, theme.HIGHLIGHT, rings[-1], 3, 12)
    return rings


def draw_words(surface: pygame.Surface, lesson: LessonScene, words: str, top: bool) -> pygame.Rect:
    """The coach's words in a panel where they cover least of the cards and places in play (a
    step that waits for a move), or in the middle of the shaded table (a note)."""
    app = lesson.app
    w, h = app.size
    s = lesson.geometry.scale
    px = max(13, round(19 * s))
    font = app.text.fonts.get(px)
    width = min(round(760 * s) + 40, w - 40)
    lines = wrap(font, words, width - round(40 * s))
    line_h = font.get_linesize()
    height = len(lines) * line_h + round(30 * s)
    rect = pygame.Rect(0, 0, width, height)
    if top:
        rect.midtop = (w // 2, round(70 * s))
        rect = min(_spots(rect, h, s), key=lambda r: _covered(lesson, r))
    else:
        rect.midtop = (w // 2, max(round(40 * s), h // 2 - height // 2 - round(60 * s)))
    draw_panel(surface, rect, alpha=235)
    y = rect.top + round(15 * s)
    for line in lines:
        draw_text(surface, app.text, line, px, (rect.left + round(20 * s), y))
        y += line_h
    return rect


def _spots(rect: pygame.Rect, h: int, s: float) -> list[pygame.Rect]:
    """Where a step's words may go: the top of the table first, then lower down."""
    return [rect.move(0, dy) for dy in (0, round(h * 0.2), round(h * 0.33)) if rect.bottom + dy < h * 0.7]


def _covered(lesson: LessonScene, rect: pygame.Rect) -> int:
    """How much of the cards, places and name plates in play ``rect`` would hide."""
    shown = [lesson.zone_rect(ref) for ref, tokens in lesson.model.zones.items() if tokens]
    return sum(rect.clip(r).width * rect.clip(r).height for r in [*shown, *lesson.plates])


class CoachNoteScene(Scene):
    """A step that explains: the table stops under it until the player reads on (Next or Enter)."""

    scene_name = "coach note"
    opaque = False  # the table shows under the note

    def __init__(self, app, lesson: LessonScene) -> None:
        super().__init__(app)
        self.lesson = lesson
        self.next = Button(_("Next"), self.go_on, primary=True)
        self.restart = Button(_("Restart"), self.restart_lesson)
        self.leave = Button(_("Leave"), self.leave_lesson)
        self.buttons = [self.next, self.restart, self.leave]
        self.rect = pygame.Rect(0, 0, 0, 0)

    def go_on(self) -> None:
        if self.app.stack.top is self:
            self.app.pop()
        self.lesson.next_step()

    def restart_lesson(self) -> None:
        self.app.pop()
        self.lesson.restart()

    def leave_lesson(self) -> None:
        self.app.reset(self.app.scene("title"))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.go_on()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave_lesson()
            return True
        return any(b.handle(event) for b in self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        step = self.lesson.step
        if step is None:
            return
        shade(surface)  # the table waits under the note: its own buttons do nothing now
        draw_lights(surface, self.lesson, step)
        # In the middle of the table; at its top while a round's summary takes the middle.
        self.rect = draw_words(surface, self.lesson, _(step.say), top=self.lesson.summary is not None)
        s = self.lesson.geometry.scale
        size = max(13, round(18 * s))
        gap = round(12 * s)
        widths = [
            self.app.text.fonts.get(size, "bold").size(b.label)[0] + round(40 * s) for b in self.buttons
        ]
        x = self.rect.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
        for b, bw in zip(self.buttons, widths, strict=True):
            b.size = size
            b.rect = pygame.Rect(x, self.rect.bottom + gap, bw, round(40 * s))
            b.draw(surface, self.app.text)
            x += bw + gap
        number = self.lesson.tutorial.steps.index(step) + 1
        count = len(self.lesson.tutorial.steps)
        tag = _("Step {number} of {count}").format(number=number, count=count)
        draw_text(
            surface,
            self.app.text,
            tag,
            max(11, round(14 * s)),
            (self.rect.right, self.rect.top - 4),
            theme.MUTED,
            anchor="bottomright",
        )


class LessonEndScene(Scene):
    """What the lesson taught, and a real game to play it in."""

    scene_name = "lesson end"

    def __init__(self, app, tutorial: Tutorial) -> None:
        super().__init__(app)
        self.tutorial = tutorial
        spec = games.get(tutorial.game)
        self.play = Button(_("Play a real game"), self.play_real, primary=True)
        self.again = Button(_("Again"), lambda: app.replace(LessonScene(app, tutorial)))
        self.title = Button(_("Title"), lambda: app.reset(app.scene("title")))
        self.buttons = [self.play, self.again, self.title]
        self.heading = _("You have learned to play {game}").format(game=_(spec.name))
        self.learned = [_(s.title) for s in tutorial.steps if s.title]

    def play_real(self) -> None:
        setup = quick_setup(self.app.settings, self.tutorial.game)
        self.app.replace(self.app.scene("table", setup))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play_real()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.reset(self.app.scene("title"))
            return True
        return any(b.handle(event) for b in self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(BACKGROUND.get(surface.get_size()), (0, 0))
        w, h = surface.get_size()
        s = min(w / 1280, h / 720)
        text = self.app.text
        y = round(60 * s)
        draw_text(
            surface, text, self.heading, max(18, round(34 * s)), (w // 2, y), theme.ACCENT, "bold", "midtop"
        )
        y += round(70 * s)
        px = max(13, round(20 * s))
        rows = max(1, (h - round(150 * s) - y) // round(32 * s))  # what fits above the buttons
        columns = 1 if len(self.learned) <= rows else 2
        column_w = round(620 * s) if columns == 1 else round(560 * s)
        left = w // 2 - (column_w * columns) // 2
        per = -(-len(self.learned) // columns)
        for i, line in enumerate(self.learned):
            at = (left + (i // per) * column_w, y + (i % per) * round(32 * s))
            draw_fitted(surface, text, "\u2022 " + line, px, at, column_w - round(20 * s))
        size = max(13, round(20 * s))
        widths = [text.fonts.get(size, "bold").size(b.label)[0] + round(44 * s) for b in self.buttons]
        gap = round(16 * s)
        x = w // 2 - (sum(widths) + gap * 2) // 2
        for b, bw in zip(self.buttons, widths, strict=True):
            b.size = size
            b.rect = pygame.Rect(x, h - round(110 * s), bw, round(48 * s))
            b.draw(surface, text)
            x += bw + gap
