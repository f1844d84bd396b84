"""The table: any game, drawn from its views and layout, animated by its events.

Nothing here knows the rules of a particular game. The scene shows one
viewer's view (the human at the screen; nobody's hand for spectators),
plays the events of each action as animations, lets computer seats act after
a natural pause, and turns the human's drags, clicks and keys into the legal
actions of their view. With several humans, a privacy screen covers the
table whenever the next decision belongs to another human.
"""

from __future__ import annotations

import logging
import random
from collections import deque
from dataclasses import dataclass

import pygame

from cardtable import games
from cardtable.ai import make_agent
from cardtable.engine import (
    Action,
    Announced,
    Card,
    Event,
    GameOver,
    Gathered,
    IllegalAction,
    Moved,
    RoundEnded,
    Slot,
    Turned,
    View,
    format_prompt,
    redact,
)
from cardtable.match import Match, Seat

from .. import theme
from ..cardart import card_height
from ..layout import Geometry
from ..scene import Scene
from ..tokens import TableModel, Token
from ..widgets import Button, box, draw_panel, draw_text
from .common import BACKGROUND
from .newgame import COMPUTER_NAMES, GameSetup, SeatSetup

DRAG_START = 6  # pixels the mouse must move before a press becomes a drag
SLOW_LEVELS = frozenset({"hard"})
"""Levels that think long enough to need the worker process (the others decide in a blink)."""
log = logging.getLogger(__name__)


@dataclass
class Drag:
    token: Token
    start: tuple[int, int]
    offset: tuple[float, float]
    active: bool = False


class TableScene(Scene):
    def __init__(self, app, setup: GameSetup, demo: bool = False) -> None:
        super().__init__(app)
        self.setup = setup
        self.demo = demo
        self.spec = games.get(setup.game)
        self.layout = app.layout(setup.game)
        self.names = [s.name for s in setup.seats]
        self.seed = setup.seed if setup.seed is not None else random.randrange(2**31)
        self.agent_seeds = [self.seed * 31 + i for i in range(len(setup.seats))]
        seats = [
            Seat(s.name, None if s.human else make_agent(s.level, self.spec, self.agent_seeds[i]))
            for i, s in enumerate(setup.seats)
        ]
        self.variant = app.variants(setup.game).get(setup.variant, setup.variant)
        self.match = Match(self.spec, seats, setup.options, self.seed, self.variant)
        self.humans = [i for i, s in enumerate(seats) if s.agent is None]
        to_act = self.match.humans_to_act()
        self.viewer: int | None = None
        if self.humans:
            self.viewer = to_act[0] if len(self.humans) > 1 and to_act else self.humans[0]
        self.clock = 0.0
        self.queue: deque[tuple[float, Event, float]] = deque()
        self.next_event_at = 0.0
        self.pending_view: View | None = None
        self.think_at: float | None = None
        self.thinking: tuple[int, int] | None = None  # (ticket, seat) of a decision in the worker
        self.over_at: float | None = None
        self.toasts: list[tuple[str, float]] = []
        self.error: tuple[str, float] | None = None
        self.drag: Drag | None = None
        self.selected: list[Card] = []
        self.focus: Card | None = None
        self.menu: list[tuple[Button, Action]] = []
        self.hover: Token | None = None
        self.show_last = False
        self.buttons: list[tuple[Button, Action | None]] = []
        self.drawn_faces: set[Card] = set()
        self._idle = False
        self._rebuild(animate_opening=True)

    @classmethod
    def demo(cls, app, game: str, seed: int | None = None) -> TableScene:
        spec = games.get(game)
        players = min(max(4, spec.min_players), spec.max_players)
        seats = [SeatSetup(COMPUTER_NAMES[i], False) for i in range(players)]
        return cls(app, GameSetup(game, seats, seed=seed if seed is not None else 1), demo=True)

    # -- viewer, model and geometry ------------------------------------------------

    @property
    def in_progress(self) -> bool:
        """A game someone plays that is not over (leaving it loses it)."""
        return not self.demo and not self.match.over

    @property
    def factor(self) -> float:
        return self.app.settings.animation_factor

    def _rebuild(self, animate_opening: bool = False) -> None:
        """Show the current viewer's view from scratch (a new game, or another human)."""
        self.view = self.match.view(self.viewer)
        self.geometry = Geometry(self.layout, self.app.size, self.view.players, self.viewer)
        self.model = TableModel()
        self.model.sync(self.view)
        self.queue.clear()
        self.pending_view = None
        self.selected = []
        self.focus = None
        self.menu = []
        self.drag = None
        if animate_opening:
            opening = redact(self.match.log, self.viewer)
            self.model.unwind(opening)
            self._place_all(0.0)
            self._enqueue(opening, self.view)
        else:
            self._place_all(0.0)
        self._refresh_controls()

    def resized(self, size: tuple[int, int]) -> None:
        self.geometry = Geometry(self.layout, size, self.view.players, self.viewer)
        self._place_all(0.0)
        self._refresh_controls()

    def _zone_known(self, ref) -> bool:
        return ref[0] in self.layout.zones

    def _place_all(self, duration: float) -> None:
        """Send every token to where the layout puts it now."""
        for ref, tokens in self.model.zones.items():
            if not self._zone_known(ref):
                continue
            if ref[0] == "hand":
                tokens.sort(key=theme.display_key)
            slots = self.geometry.slots(ref[0], ref[1], len(tokens))
            width = self.geometry.card_size(*ref)
            for token, (x, y, angle) in zip(tokens, slots, strict=True):
                token.retarget(x, y, angle, width, duration)
                for i, extra in enumerate(token.attached):
                    extra.retarget(
                        x + (i + 1) * width * 0.12, y + (i + 1) * width * 0.2, angle, width, duration
                    )

    # -- the timeline -----------------------------------------------------------------

    def _timing(self, event: Event) -> tuple[float, float, float]:
        """(hold before, glide time, gap after) of an event, before the speed factor."""
        if isinstance(event, Moved):
            if event.src[0] == "deck" and event.dst[0] == "hand":
                return 0.0, 0.3, 0.035
            style = self.layout.zones.get(event.dst[0])
            if style is not None and style.style.style == "stack":
                return 0.0, 0.32, 0.3
            if event.dst[0] in ("discard", "removed"):
                return 0.0, 0.3, 0.12
            return 0.0, 0.35, 0.05
        if isinstance(event, Gathered):
            return 0.9, 0.45, 0.45
        if isinstance(event, Turned):
            return 0.0, 0.3, 0.25
        if isinstance(event, Announced):
            return 0.0, 0.0, 0.5 if event.what in ("trump", "attack", "out") else 0.05
        if isinstance(event, RoundEnded):
            return 0.0, 0.0, 1.2
        if isinstance(event, GameOver):
            return 0.0, 0.0, 0.8
        return 0.0, 0.0, 0.0

    def _enqueue(self, events: list[Event], final: View) -> None:
        for event in events:
            hold, _, gap = self._timing(event)
            self.queue.append((hold, event, gap))
        self.pending_view = final
        self.next_event_at = max(self.next_event_at, self.clock)

    def _play(self, event: Event) -> None:
        changed = self.model.apply(event)
        _, glide, _ = self._timing(event)
        if changed:
            self._place_all(glide * self.factor)
        if isinstance(event, Announced) and event.text:
            self._toast(format_prompt(event.text, self.names))
        elif isinstance(event, RoundEnded):
            scores = ", ".join(f"{self.names[s]} {v:+g}" for s, v in enumerate(event.scores))
            self._toast(f"Round {event.round}: {scores}", 3.0)
        elif isinstance(event, GameOver):
            winners = " and ".join(self.names[s] for s in event.winners)
            self._toast(f"{winners} win{'s' if len(event.winners) == 1 else ''}!", 3.0)

    def _toast(self, text: str, seconds: float = 2.2) -> None:
        self.toasts.append((text, self.clock + seconds * max(0.5, self.factor)))
        self.toasts = self.toasts[-4:]

    @property
    def busy(self) -> bool:
        """Events are still playing out: the picture has not caught up with the game."""
        return bool(self.queue) or self.pending_view is not None

    @property
    def animating(self) -> bool:
        return self.busy or any(t.moving for t in self.model.tokens())

    def _land(self) -> None:
        """Cards still gliding into place (after a drop, a re-sort) land at once."""
        for token in self.model.tokens():
            if token.moving:
                token.finish()

    def skip_animation(self) -> None:
        """Play every queued event at once and put every card in its place."""
        while self.queue:
            _, event, _ = self.queue.popleft()
            self.model.apply(event)
        self._settle()
        self._place_all(0.0)
        for token in self.model.tokens():
            token.finish()

    def _settle(self) -> None:
        if self.pending_view is not None:
            self.view = self.pending_view
            self.pending_view = None
            self.model.sync(self.view)
            self._place_all(0.18 * self.factor)
            self._refresh_controls()

    def update(self, dt: float) -> None:
        self.clock += dt
        for token in self.model.tokens():
            token.step(dt)
            for extra in token.attached:
                extra.step(dt)
        while self.queue and self.clock >= self.next_event_at:
            hold, event, gap = self.queue.popleft()
            if hold > 0 and self.factor > 0:
                self.queue.appendleft((0.0, event, gap))
                self.next_event_at = self.clock + hold * self.factor
                break
            self._play(event)
            self.next_event_at = self.clock + gap * self.factor
        if (
            not self.queue
            and self.pending_view is not None
            and not any(t.moving for t in self.model.tokens())
        ):
            self._settle()
        self.toasts = [(t, until) for t, until in self.toasts if until > self.clock]
        if self.error is not None and self.error[1] < self.clock:
            self.error = None
        idle = not self.busy
        if idle and not self._idle:
            self._refresh_controls()  # the player's choices appear once the events have played
        self._idle = idle
        if not self.animating and self.drag is None:
            self._advance()

    # -- whose turn -------------------------------------------------------------------

    def _advance(self) -> None:
        """Nothing moving: let a computer act, hand over to another human, or finish."""
        match = self.match
        if match.over:
            if self.over_at is None:
                self.over_at = self.clock + 1.5
            elif self.clock >= self.over_at:
                self._finished()
            return
        humans = match.humans_to_act()
        if humans and len(self.humans) > 1 and self.viewer not in humans:
            self._hand_over(humans[0])
            return
        if self.thinking is not None:
            self._collect()
            return
        seat = match.agent_to_act()
        if seat is None:
            return
        simultaneous = len(match.to_act()) > 1
        if self.think_at is None:
            pause = 0.05 if simultaneous else 0.15 + 0.55 * self.factor
            self.think_at = self.clock + pause
            return
        if self.clock < self.think_at:
            return
        self.think_at = None
        if self.setup.seats[seat].level in SLOW_LEVELS:
            ticket = self.app.worker.ask(
                self.spec.id, self.setup.seats[seat].level, self.agent_seeds[seat], seat, match.view(seat)
            )
            self.thinking = (ticket, seat)
            return
        events: list[Event] = []
        if simultaneous:
            # Choices made at once: every computer seat makes all of its choices now.
            for _ in range(200):
                seat = match.agent_to_act()
                if seat is None or len(match.to_act()) < 2:
                    break
                events += match.step_agent() or []
        else:
            events += match.step_agent() or []
        self._enqueue(redact(events, self.viewer), match.view(self.viewer))

    def _collect(self) -> None:
        """Take a decision the worker has finished (the table kept drawing meanwhile)."""
        answer = self.app.worker.poll()
        if answer is None or self.thinking is None:
            return
        ticket, action, error = answer
        want, seat = self.thinking
        if ticket != want:
            return  # an answer for a game that has since been left
        self.thinking = None
        if action is None:
            log.error("a computer player failed; it plays its rule-based move instead:\n%s", error)
            action = self.match.seats[seat].agent.choose(self.match.view(seat))  # type: ignore[union-attr]
        events = self.match.act(seat, action)
        self._enqueue(redact(events, self.viewer), self.match.view(self.viewer))

    def _hand_over(self, seat: int) -> None:
        from .privacy import PrivacyScene

        reason = "It is their turn." if len(self.match.to_act()) == 1 else "Everyone chooses at once."

        def ready() -> None:
            self.viewer = seat
            self._rebuild()

        self.app.push(PrivacyScene(self.app, self.names[seat], reason, ready))

    def _finished(self) -> None:
        if self.demo:
            setup = GameSetup(
                self.setup.game, self.setup.seats, self.setup.variant, self.seed + 1, self.setup.options
            )
            self.app.replace(TableScene(self.app, setup, demo=True))
            return
        from .results import ResultsScene

        final = self.match.view(self.viewer)
        self.app.replace(ResultsScene(self.app, self.spec, final, self.names, self.play_again, self.new_game))

    def play_again(self) -> None:
        setup = GameSetup(self.setup.game, self.setup.seats, self.setup.variant, None, self.setup.options)
        self.app.replace(TableScene(self.app, setup))

    def new_game(self) -> None:
        from .newgame import NewGameScene

        self.app.replace(NewGameScene(self.app))

    def quit_to_title(self) -> None:
        from .title import TitleScene

        self.app.reset(TitleScene(self.app))

    # -- the human's choices ------------------------------------------------------------

    @property
    def my_turn(self) -> bool:
        return self.viewer is not None and self.viewer in self.view.to_act and not self.busy

    def _legal(self) -> tuple[Action, ...]:
        return self.view.legal if self.my_turn else ()

    def _card_actions(self, card: Card) -> list[Action]:
        return [a for a in self._legal() if a.card == card]

    def _select_mode(self) -> bool:
        if not self.my_turn or self.view.select <= 0:
            return False
        kinds = {a.kind for a in self._legal()}
        return any(self.layout.actions.get(k) and self.layout.actions[k].select for k in kinds)

    def _refresh_controls(self) -> None:
        """Buttons for the actions that are not about a card (trump calls, end of turn, ...)."""
        self.selected = [c for c in self.selected if self._card_actions(c)]
        self.buttons = []
        legal = self._legal()
        plain = [a for a in legal if a.card is None and not isinstance(a.target, Card | Slot)]
        for i, action in enumerate(plain):
            self.buttons.append(
                (
                    Button(action.label or action.kind, self._doer([action]), size=20, tooltip=str(i + 1)),
                    action,
                )
            )
        if self._select_mode():
            need = self.view.select
            label = f"Confirm ({len(self.selected)}/{need})"
            confirm = Button(label, self.confirm_selection, size=20, primary=True)
            confirm.enabled = len(self.selected) == need
            self.buttons.append((confirm, None))
        if self.view.info.get("last_trick"):
            self.buttons.append((Button("Last trick", self._toggle_last, size=16), None))
        self._layout_buttons()

    def _layout_buttons(self) -> None:
        w, h = self.app.size
        s = self.geometry.scale
        row = [b for b, a in self.buttons if b.label != "Last trick"]
        widths = [b.preferred_width(self.app.text) for b in row]
        total = sum(widths) + 12 * s * max(0, len(row) - 1)
        cx, cy = self._hud("buttons")
        x = cx - total / 2
        for b, bw in zip(row, widths, strict=True):
            b.rect = pygame.Rect(round(x), cy - round(20 * s), round(bw), round(40 * s))
            x += bw + 12 * s
        for b, _ in self.buttons:
            if b.label == "Last trick":
                b.rect = pygame.Rect(round(16 * s), h - round(52 * s), round(130 * s), round(36 * s))

    def _toggle_last(self) -> None:
        self.show_last = not self.show_last

    def _doer(self, actions: list[Action]):
        def do() -> None:
            self.perform(actions)

        return do

    def perform(self, actions: list[Action]) -> bool:
        """Apply the viewer's actions; an illegal one is refused with the engine's reason."""
        if self.viewer is None or self.busy:
            return False
        self._land()
        events: list[Event] = []
        try:
            for action in actions:
                events += self.match.act(self.viewer, action)
        except IllegalAction as exc:
            self._complain(str(exc))
            if events:
                self._enqueue(redact(events, self.viewer), self.match.view(self.viewer))
            return False
        self.selected = []
        self.menu = []
        self.focus = None
        self.show_last = False
        self._enqueue(redact(events, self.viewer), self.match.view(self.viewer))
        return True

    def confirm_selection(self) -> None:
        if self._select_mode() and len(self.selected) == self.view.select:
            kind = next(a.kind for a in self._legal() if a.card is not None)
            picks = [next(a for a in self._card_actions(c) if a.kind == kind) for c in self.selected]
            self.perform(picks)

    def _complain(self, text: str) -> None:
        text = text[0].upper() + text[1:] if text else text
        self.error = (format_prompt(text, self.names), self.clock + 3.5)

    def _toggle_select(self, card: Card) -> None:
        if card in self.selected:
            self.selected.remove(card)
        elif len(self.selected) < self.view.select:
            self.selected.append(card)
        else:
            self._complain(f"You have already chosen {self.view.select}; click one to put it back")
        self._refresh_controls()

    # -- targets ----------------------------------------------------------------------

    def _zone_rect(self, name: str, owner: int | None) -> pygame.Rect:
        tokens = self.model.zones.get((name, owner), [])
        width = self.geometry.card_size(name, owner)
        height = card_height(width)
        rects = []
        slots = self.geometry.slots(name, owner, max(1, len(tokens)))
        for x, y, angle in slots:
            w, h = (height, width) if angle % 180 == 90 else (width, height)
            rects.append(pygame.Rect(round(x - w / 2), round(y - h / 2), w, h))
        rect = rects[0].unionall(rects[1:]) if len(rects) > 1 else rects[0]
        return rect.inflate(round(width * 0.3), round(width * 0.3))

    def _token_rect(self, token: Token) -> pygame.Rect:
        w = token.width or self.geometry.card_width
        h = card_height(w)
        if round(token.angle) % 180 == 90:
            w, h = h, w
        return pygame.Rect(round(token.x - w / 2), round(token.y - h / 2 - token.lift), w, h)

    def _target_rect(self, action: Action) -> pygame.Rect | None:
        target = action.target
        if isinstance(target, Card):
            found = self.model.find(target)
            return self._token_rect(found[1]).inflate(8, 8) if found else None
        if isinstance(target, Slot):
            tokens = self.model.zones.get((target.zone, target.owner), [])
            return (
                self._token_rect(tokens[target.index]).inflate(8, 8) if target.index < len(tokens) else None
            )
        spec = self.layout.actions.get(action.kind)
        if spec is None or spec.drop is None or self.viewer is None:
            return None
        owner = None if self.layout.zones[spec.drop].shared else self.viewer
        return self._zone_rect(spec.drop, owner)

    def _targets(self, card: Card) -> list[tuple[pygame.Rect, Action]]:
        out = []
        for action in self._card_actions(card):
            rect = self._target_rect(action)
            if rect is not None:
                out.append((rect, action))
        return out

    def _drop(self, token: Token, pos: tuple[int, int]) -> None:
        card = token.card
        assert card is not None
        if self._select_mode():
            spec_zones = {s.drop for s in self.layout.actions.values() if s.select and s.drop}
            inside = any(self._zone_rect(z, self.viewer).collidepoint(pos) for z in spec_zones)
            picking = inside and card not in self.selected and self._card_actions(card)
            putting_back = not inside and card in self.selected
            if picking or putting_back:
                self._toggle_select(card)
            self._place_all(0.2 * self.factor)
            return
        hits = [a for rect, a in self._targets(card) if rect.collidepoint(pos)]
        if len(hits) == 1:
            if not self.perform(hits):
                self._place_all(0.25 * self.factor)
            return
        if len(hits) > 1:
            self._open_menu(hits, pos)
            self._place_all(0.2 * self.factor)
            return
        # Not a legal place: ask the rules why, so the player learns something.
        for kind, spec in self.layout.actions.items():
            if spec.drop is None:
                continue
            owner = None if self.layout.zones[spec.drop].shared else self.viewer
            if self._zone_rect(spec.drop, owner).collidepoint(pos):
                self.perform([Action(kind, card)])
                break
        else:
            if self._card_actions(card):
                self._complain("Drop the card on a highlighted place")
        self._place_all(0.25 * self.factor)

    def _open_menu(self, actions: list[Action], pos: tuple[int, int]) -> None:
        s = self.geometry.scale
        self.menu = []
        y = pos[1] - round(20 * s) * len(actions)
        for action in actions:
            b = Button(action.label or action.kind, self._doer([action]), size=18)
            width = b.preferred_width(self.app.text)
            b.rect = pygame.Rect(0, 0, width, round(36 * s))
            b.rect.midtop = (pos[0], y)
            b.rect.clamp_ip(pygame.Rect((0, 0), self.app.size))
            y += round(42 * s)
            self.menu.append((b, action))
        self.menu[0][0].focused = True

    def _click_card(self, token: Token) -> None:
        card = token.card
        if card is None:
            return
        if self._select_mode():
            if self._card_actions(card):
                self._toggle_select(card)
            else:
                kind = next((a.kind for a in self._legal() if a.card is not None), None)
                if kind:
                    self.perform([Action(kind, card)])
            return
        actions = self._card_actions(card)
        if not actions:
            kinds = sorted({a.kind for a in self._legal() if a.card is not None})
            if kinds and self._in_own_hand(card):
                self.perform([Action(kinds[0], card)])
            return
        if self.focus == card:
            self._activate(card, (round(token.x), round(token.y)))
        else:
            self.focus = card

    def _activate(self, card: Card, pos: tuple[int, int]) -> None:
        actions = self._card_actions(card)
        if len(actions) == 1:
            self.perform(actions)
        elif actions:
            self._open_menu(actions, pos)

    def _in_own_hand(self, card: Card) -> bool:
        return any(t.card == card for t in self.model.zones.get(("hand", self.viewer), []))

    def _keyboard_cards(self) -> list[Card]:
        """The viewer's cards in screen order that keys can move over."""
        out = []
        for ref, tokens in self.model.zones.items():
            if ref[1] != self.viewer:
                continue
            for t in sorted(tokens, key=lambda t: (t.y, t.x)):
                if t.card is not None and (
                    self._card_actions(t.card) or (ref[0] == "hand" and self._select_mode())
                ):
                    out.append(t.card)
        return out

    def _token_at(self, pos: tuple[int, int]) -> Token | None:
        best = None
        for ref, tokens in self.model.zones.items():
            if not self._zone_known(ref):
                continue
            for t in tokens:
                if self._token_rect(t).collidepoint(pos):
                    best = t
        return best

    # -- input --------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.menu:
                self.menu = []
            elif self.drag is not None:
                self.drag = None
                self._place_all(0.2 * self.factor)
            elif self.focus is not None or self.selected:
                self.focus = None
                self.selected = []
                self._refresh_controls()
            else:
                self._pause()
            return True
        if self.busy:
            if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)
            ):
                self.skip_animation()
                return True
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self._land()
        if self.menu:
            return self._handle_menu(event)
        for b, _ in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN:
            return self._handle_key(event)
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._token_at(event.pos)
            if self.drag is not None:
                d = self.drag
                if (
                    not d.active
                    and abs(event.pos[0] - d.start[0]) + abs(event.pos[1] - d.start[1]) > DRAG_START
                ):
                    d.active = True
                if d.active:
                    d.token.x = event.pos[0] - d.offset[0]
                    d.token.y = event.pos[1] - d.offset[1]
                    d.token.t = 1.0
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            token = self._token_at(event.pos)
            if (
                token is not None
                and token.card is not None
                and self.my_turn
                and (self._card_actions(token.card) or self._in_own_hand(token.card))
            ):
                self.drag = Drag(token, event.pos, (event.pos[0] - token.x, event.pos[1] - token.y))
                return True
            if self.focus is not None:
                hits = [a for rect, a in self._targets(self.focus) if rect.collidepoint(event.pos)]
                if len(hits) == 1:
                    self.perform(hits)
                elif hits:
                    self._open_menu(hits, event.pos)
                else:
                    self.focus = None
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            d, self.drag = self.drag, None
            if d.active:
                self._drop(d.token, event.pos)
            else:
                self._click_card(d.token)
            return True
        return False

    def _handle_menu(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            index = next((i for i, (b, _) in enumerate(self.menu) if b.focused), 0)
            index = (index + (1 if event.key == pygame.K_DOWN else -1)) % len(self.menu)
            for i, (b, _) in enumerate(self.menu):
                b.focused = i == index
            return True
        for b, _ in self.menu:
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.menu = []
            return True
        return False

    def _handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_l and self.view.info.get("last_trick"):
            self._toggle_last()
            return True
        if pygame.K_1 <= key <= pygame.K_9:
            plain = [b for b, a in self.buttons if a is not None]
            index = key - pygame.K_1
            if index < len(plain):
                plain[index].activate()
                return True
        cards = self._keyboard_cards()
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and cards:
            step = -1 if key == pygame.K_LEFT else 1
            index = (
                cards.index(self.focus) + step if self.focus in cards else (0 if step > 0 else len(cards) - 1)
            )
            self.focus = cards[index % len(cards)]
            return True
        if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if self._select_mode():
                if key == pygame.K_SPACE and self.focus is not None:
                    self._toggle_select(self.focus)
                elif key != pygame.K_SPACE:
                    if len(self.selected) == self.view.select:
                        self.confirm_selection()
                    elif self.focus is not None:
                        self._toggle_select(self.focus)
                return True
            if self.focus is not None:
                found = self.model.find(self.focus)
                pos = (round(found[1].x), round(found[1].y - 80)) if found else (0, 0)
                self._activate(self.focus, pos)
                return True
        return False

    def _pause(self) -> None:
        from .pause import PauseScene

        game = self.match.game
        self.app.push(
            PauseScene(
                self.app, self.spec, dict(game.options), self.variant, self.quit_to_title, self.in_progress
            )
        )

    # -- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(BACKGROUND.get((w, h)), (0, 0))
        self.drawn_faces = set()
        self._draw_targets(surface)
        self._draw_zone_labels(surface)
        legal_cards = {a.card for a in self._legal() if a.card is not None}
        moving: list[Token] = []
        dragged = self.drag.token if self.drag is not None and self.drag.active else None
        for ref, tokens in self.model.zones.items():
            if not self._zone_known(ref):
                continue
            mine = ref[1] is not None and ref[1] == self.viewer and ref[0] == "hand"
            face_down = self.geometry.zone_style(*ref).face == "down"
            for token in tokens:
                if token is dragged:
                    continue
                if token.moving:
                    moving.append(token)
                    continue
                lift = 0.0
                if mine and self.my_turn:
                    if token.card in self.selected:
                        lift = 34 * self.geometry.scale
                    elif token.card in legal_cards:
                        lift = 10 * self.geometry.scale
                token.lift = lift
                dim = mine and self.my_turn and bool(legal_cards) and token.card not in legal_cards
                glow = token.card == self.focus or (token is self.hover and token.card in legal_cards)
                self._draw_token(surface, token, dim=dim, glow=glow, face_down=face_down)
        for token in moving:
            token.lift = 0.0
            self._draw_token(surface, token)
        self._draw_plates(surface)
        self._draw_badges(surface)
        self._draw_status(surface)
        for b, _ in self.buttons:
            b.draw(surface, self.app.text)
        if self.show_last:
            self._draw_last_trick(surface)
        if self.menu:
            for b, _ in self.menu:
                b.draw(surface, self.app.text)
        if dragged is not None:  # the card in the hand is above everything
            dragged.lift = 0.0
            self._draw_token(surface, dragged, glow=True)

    def _draw_token(
        self,
        surface: pygame.Surface,
        token: Token,
        dim: bool = False,
        glow: bool = False,
        face_down: bool = False,
    ) -> None:
        width = token.width or self.geometry.card_width
        face_up = token.face_up and not face_down
        if token.flip and token.moving and token.t < 0.5:
            face_up = False
        angle = round(token.angle / 5) * 5
        img = self.app.cards.image(token.card, token.back, width, face_up, angle)
        squash = token.squash()
        if squash < 0.999:
            img = pygame.transform.scale(img, (max(1, round(img.get_width() * squash)), img.get_height()))
        if token.orientation == "defense":
            img = pygame.transform.rotate(img, 90)
        rect = img.get_rect(center=(round(token.x), round(token.y - token.lift)))
        shadow = pygame.Rect(rect).move(3, 4)
        pygame.draw.rect(surface, (10, 40, 25), shadow, border_radius=max(3, width // 12))
        surface.blit(img, rect)
        for extra in token.attached:
            eimg = self.app.cards.image(extra.card, extra.back, max(16, width // 2), extra.face_up, 0)
            surface.blit(eimg, eimg.get_rect(center=(rect.centerx + width // 3, rect.bottom - width // 6)))
            if extra.card is not None and extra.face_up:
                self.drawn_faces.add(extra.card)
        if token.card is not None and face_up:
            self.drawn_faces.add(token.card)
        if dim:
            surface.blit(box(rect.size, (20, 30, 25, 110), None, 0, max(3, width // 12)), rect)
        if glow:
            pygame.draw.rect(
                surface, theme.HIGHLIGHT, rect.inflate(4, 4), width=3, border_radius=max(3, width // 10)
            )
        if token.card is not None and token.card in self.selected:
            pygame.draw.rect(
                surface, theme.ACCENT, rect.inflate(6, 6), width=3, border_radius=max(3, width // 10)
            )

    def _draw_targets(self, surface: pygame.Surface) -> None:
        """Light up the legal places for the card being dragged or chosen."""
        card = None
        if self.drag is not None and self.drag.active:
            card = self.drag.token.card
        elif self.focus is not None:
            card = self.focus
        rects = []
        if self._select_mode():
            if card is not None:
                for spec in self.layout.actions.values():
                    if spec.select and spec.drop:
                        rects.append(self._zone_rect(spec.drop, self.viewer))
        elif card is not None:
            rects = [rect for rect, _ in self._targets(card)]
        for rect in rects:
            surface.blit(box(rect.size, (*theme.DROP, 70), (*theme.DROP, 220), 3, 12), rect)

    def _draw_zone_labels(self, surface: pygame.Surface) -> None:
        s = self.geometry.scale
        for ref, tokens in self.model.zones.items():
            if not self._zone_known(ref) or not tokens:
                continue
            style = self.geometry.zone_style(*ref)
            if not (style.count or style.title):
                continue
            rect = self._zone_rect(*ref)
            label = style.title if style.title else ""
            if style.count:
                label = f"{label} {len(tokens)}".strip()
            draw_text(
                surface,
                self.app.text,
                label,
                round(15 * s),
                (rect.centerx, rect.bottom - round(4 * s)),
                theme.MUTED,
                "bold",
                "midtop",
            )

    def _draw_plates(self, surface: pygame.Surface) -> None:
        s = self.geometry.scale
        info = self.view.info
        for seat in range(self.view.players):
            x, y = self.geometry.plate_point(seat)
            acting = seat in self.view.to_act
            name = self.names[seat]
            lines = [f"{self.view.scores[seat]:g} points"]
            for key, label in self.layout.plate_info.items():
                value = info.get(key)
                if isinstance(value, tuple | list) and seat < len(value):
                    count = value[seat]
                    word = label[:-1] if count == 1 and label.endswith("s") else label
                    lines.append(f"{count} {word}")
            if info.get("dealer") == seat:
                lines.append("dealer")
            width = round(190 * s)
            rect = pygame.Rect(0, 0, width, round((34 + 20 * len(lines)) * s))
            rect.center = (round(x), round(y))
            rect.clamp_ip(surface.get_rect().inflate(-8, -8))
            edge = theme.HIGHLIGHT if acting else theme.PANEL_EDGE
            surface.blit(box(rect.size, (*theme.PANEL, 215), (*edge, 255), 3 if acting else 1, 10), rect)
            draw_text(
                surface,
                self.app.text,
                name,
                round(18 * s),
                (rect.centerx, rect.top + round(6 * s)),
                theme.HIGHLIGHT if acting else theme.TEXT,
                "bold",
                "midtop",
            )
            ly = rect.top + round(30 * s)
            for line in lines:
                draw_text(
                    surface,
                    self.app.text,
                    line,
                    round(14 * s),
                    (rect.centerx, ly),
                    theme.MUTED,
                    anchor="midtop",
                )
                ly += round(19 * s)

    def _draw_badges(self, surface: pygame.Surface) -> None:
        s = self.geometry.scale
        info = self.view.info
        for badge in self.layout.badges:
            value = info.get(badge.key)
            if value is None:
                continue
            text = badge.values.get(str(value), str(value))
            if badge.of and info.get(badge.of) is not None:
                text = f"{text} of {info[badge.of]}"
            x, y = self.geometry.design_point(*badge.at)
            rect = pygame.Rect(0, 0, round(170 * s), round(52 * s))
            rect.center = (round(x), round(y))
            rect.clamp_ip(surface.get_rect().inflate(-8, -8))
            draw_panel(surface, rect, alpha=200, radius=10)
            draw_text(
                surface,
                self.app.text,
                badge.title,
                round(13 * s),
                (rect.centerx, rect.top + round(5 * s)),
                theme.MUTED,
                anchor="midtop",
            )
            draw_text(
                surface,
                self.app.text,
                text,
                round(19 * s),
                (rect.centerx, rect.top + round(23 * s)),
                theme.TEXT,
                "bold",
                "midtop",
            )

    def _status_text(self) -> str:
        if self.error is not None:
            return self.error[0]
        if self.view.over:
            return "Game over"
        if self.viewer is None:
            # The prompt of the table on screen, not of a game animations have yet to catch up with.
            prompt = self.view.prompt
            return format_prompt(prompt, self.names) if prompt else "Watching"
        text = format_prompt(self.view.prompt, self.names)
        if self._select_mode():
            text += " - click or drag cards, then confirm"
        return text

    def _hud(self, key: str) -> tuple[int, int]:
        x, y = self.geometry.design_point(*self.layout.hud[key])
        return round(x), round(y)

    def _draw_status(self, surface: pygame.Surface) -> None:
        s = self.geometry.scale
        w, h = surface.get_size()
        text = self._status_text()
        color = theme.DANGER if self.error is not None else (theme.HIGHLIGHT if self.my_turn else theme.TEXT)
        img = self.app.text.render(text, round(20 * s), color, "bold")
        rect = img.get_rect(center=self._hud("status"))
        draw_panel(surface, rect.inflate(round(36 * s), round(14 * s)), alpha=205, radius=12)
        surface.blit(img, rect)
        x, y = self._hud("toasts")
        for toast, _ in self.toasts[-3:]:
            timg = self.app.text.render(toast, round(18 * s), theme.TEXT, "bold")
            trect = timg.get_rect(midtop=(x, y))
            area = trect.inflate(round(24 * s), round(10 * s))
            surface.blit(box(area.size, (0, 0, 0, 140), None, 0, 10), area)
            surface.blit(timg, trect)
            y = area.bottom + round(6 * s)

    def _draw_last_trick(self, surface: pygame.Surface) -> None:
        last = self.view.info.get("last_trick")
        if not last:
            return
        winner, plays = last
        s = self.geometry.scale
        w, h = surface.get_size()
        width = round(self.geometry.card_width * 0.9)
        panel = pygame.Rect(0, 0, round(len(plays) * (width + 20) + 40), round(card_height(width) + 90 * s))
        panel.center = (w // 2, h // 2)
        draw_panel(surface, panel, alpha=235)
        draw_text(
            surface,
            self.app.text,
            f"Last trick - won by {self.names[winner]}",
            round(18 * s),
            (panel.centerx, panel.top + round(10 * s)),
            theme.TEXT,
            "bold",
            "midtop",
        )
        x = panel.left + 20
        for seat, card in plays:
            img = self.app.cards.face(card, width)
            surface.blit(img, (x, panel.top + round(40 * s)))
            self.drawn_faces.add(card)
            draw_text(
                surface,
                self.app.text,
                self.names[seat],
                round(14 * s),
                (x + width // 2, panel.bottom - round(8 * s)),
                theme.MUTED,
                anchor="midbottom",
            )
            x += width + 20
