"""Watching a finished game again, move by move, with every hand open.

A replay is the table itself, fed from a replay file instead of players:
the game is replayed from its seed, each step forward applies the next
recorded move (animated as it was played), a step back replays the game up
to the move before. Nobody plays, so nothing is hidden: the table shows the
game's open view, every hand face up.
"""

from __future__ import annotations

import pygame

from cardtable.engine import Action
from cardtable.i18n import _, pgettext
from cardtable.saves import Replay

from ..table.layers import Layer, Layers
from ..table.setup import GameSetup, SeatSetup
from ..table.status import Status
from ..widgets import Button
from .table import TableScene

AUTO_SECONDS = 0.9  # between moves when the replay plays by itself (times the animation speed)


class ReplayScene(TableScene):
    scene_name = "replay"

    def __init__(self, app, replay: Replay, title: str = "") -> None:
        self.replay = replay
        self.title = title or _("Replay: {game}").format(game=_(replay.spec.name))
        self.playing = False
        self.next_at = 0.0
        data = replay.data
        seats = [SeatSetup(s.name, True) for s in replay.seats]  # nobody plays: no computer moves
        setup = GameSetup(
            replay.spec.id, seats, replay.variant or "standard", data["seed"], dict(data["options"])
        )
        self.bar = [
            Button("|<", self.to_start, size=18),
            Button(_("< Back"), self.back, size=18),
            # Translators: the replay's button that plays the moves one after another.
            Button(pgettext("replay", "Play"), self.toggle_play, size=18, primary=True),
            Button(_("Next >"), self.forward, size=18),
            Button(">|", self.to_end, size=18),
            Button(_("Close"), self.close, size=18),
        ]
        # Seen from the seat of the person who played (their hand large at the bottom), all hands open.
        seat = next((i for i, s in enumerate(replay.seats) if s.human), 0)
        super().__init__(app, setup, demo=True, restored=replay.at(0), watch=seat, open_hands=True)

    def make_layers(self) -> Layers:
        """The table's, with the replay's bar over all (no play, no menu, no table keys)."""
        return Layers([*self.shown_layers(), self.summary_layer, ReplayBar(self)])

    @property
    def my_turn(self) -> bool:
        return False  # nobody plays a replay

    def next_change(self) -> float | None:
        """Frames while it plays or cards move; else only what fades (it waits for the viewer)."""
        if self.playing or self.animating or self.built_for != self.viewer:
            return 0.0
        return self.fading()

    def enter(self) -> None:
        self._arrange()

    @property
    def moves(self) -> int:
        return len(self.session.match.game.history)

    # -- stepping --------------------------------------------------------------------------

    def forward(self) -> bool:
        """Play the next recorded move (animated); False at the end."""
        if self.summary is not None:
            self.close_summary()
            return True
        if self.moves >= self.replay.moves:
            self.playing = False
            return False
        self.skip_animation()
        seat, raw = self.replay.data["actions"][self.moves]
        events = self.session.match.act(seat, Action.from_dict(raw, self.session.match.game.catalog))
        self.timeline.enqueue(self.session.seen(events), self.session.table_view())
        return True

    def back(self) -> bool:
        if self.moves == 0:
            return False
        self.go_to(self.moves - 1)
        return True

    def go_to(self, moves: int) -> None:
        """Show the game after ``moves`` moves, at once."""
        moves = max(0, min(moves, self.replay.moves))
        if moves < self.moves:
            self.session.match.rewind(moves)
        else:
            for seat, raw in self.replay.data["actions"][self.moves : moves]:
                self.session.match.act(seat, Action.from_dict(raw, self.session.match.game.catalog))
        self.playing = False
        self.summary_layer.shown = None
        self.rebuild()
        self._replay_summaries()

    def to_start(self) -> None:
        self.go_to(0)

    def to_end(self) -> None:
        self.go_to(self.replay.moves)

    def toggle_play(self) -> None:
        self.playing = not self.playing
        self.next_at = self.clock
        if self.playing and self.moves >= self.replay.moves:
            self.go_to(0)
            self.playing = True

    def close(self) -> None:
        self.app.pop()

    # -- the loop ----------------------------------------------------------------------------

    def _advance(self) -> None:
        """Nobody decides in a replay: it moves on only when asked, or by itself while playing."""
        if self.playing and self.clock >= self.next_at:
            self.next_at = self.clock + AUTO_SECONDS * max(0.3, self.factor)
            self.forward()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.summary is not None and self.playing and self.clock >= self.summary[1]:
            self.close_summary()
        self.bar[2].label = pgettext("replay", "Pause") if self.playing else pgettext("replay", "Play")
        self.bar[0].enabled = self.bar[1].enabled = self.moves > 0
        self.bar[3].enabled = self.bar[4].enabled = self.moves < self.replay.moves

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self._arrange()

    def _arrange(self) -> None:
        w, h = self.app.size
        s = min(w / 1280, h / 720)
        height = max(26, round(34 * s))
        gap = round(8 * s)
        for b in self.bar:
            b.size = max(12, round(17 * s))
        widths = [b.preferred_width(self.app.text) for b in self.bar]
        cx, cy = self.hud_point("buttons")  # where the players' buttons would be: kept clear of the cards
        x = cx - (sum(widths) + gap * (len(widths) - 1)) // 2
        for b, bw in zip(self.bar, widths, strict=True):
            b.rect = pygame.Rect(x, cy - height // 2, bw, height)
            x += bw + gap

    def status(self) -> Status:
        if self.view.over:
            text = _("{title}, the end: game over (every hand open)").format(title=self.title)
        else:
            text = _("{title}, move {move} of {moves} (every hand open)").format(
                title=self.title, move=self.moves, moves=self.replay.moves
            )
        return Status(text)


class ReplayBar(Layer):
    """The replay's buttons and keys: step, play, jump, close; letters open the layout's panels."""

    def __init__(self, scene: ReplayScene) -> None:
        self.scene = scene

    def handle(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_RIGHT: scene.forward,
                pygame.K_SPACE: scene.toggle_play,
                pygame.K_LEFT: scene.back,
                pygame.K_HOME: scene.to_start,
                pygame.K_END: scene.to_end,
                pygame.K_ESCAPE: scene.close,
            }
            if event.key in keys:
                keys[event.key]()
                return True
        if any(b.handle(event) for b in scene.bar):
            return True
        letter = getattr(event, "unicode", "") if event.type == pygame.KEYDOWN else ""
        return bool(letter) and scene.controls.press_key(letter.lower())

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.scene.bar:
            b.draw(surface, self.scene.app.text)
