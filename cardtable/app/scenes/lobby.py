"""The lobby of an online table: the invitation to share (address and code), the seats filling,
and for the host the Start button. When the game is dealt, the table opens over the same remote
match: the game is played at the table every game is played at."""

from __future__ import annotations

import pygame

from cardtable import games
from cardtable.i18n import _
from cardtable.net.remote import RemoteMatch

from .. import theme
from ..scene import Scene
from ..table.layers.online import line_words
from ..table.setup import GameSetup, SeatSetup
from ..widgets import Button, FocusRing, draw_panel, draw_text
from .common import BACKGROUND, LEVEL_LABELS, ring_handle

POLL = 0.1


class LobbyScene(Scene):
    scene_name = "lobby"

    def __init__(self, app, match: RemoteMatch, url: str, here: bool) -> None:
        super().__init__(app)
        self.match = match
        self.url = url
        self.here = here  # the server runs in this app: the invitation gives this computer's address
        self.start = Button(_("Start the game"), self.start_game, primary=True)
        self.leave = Button(_("Leave"), self.leave_table)
        self.ring = FocusRing([self.start, self.leave])
        self.scale = 1.0

    @property
    def host(self) -> bool:
        return self.match.seat == 0 and self.match.first.get("type") == "create"

    @property
    def invitation(self) -> str:
        if self.here:
            return self.app.server_invitation()
        return self.url

    def start_game(self) -> None:
        ticket = self.match.link.ticket
        if ticket is None or ticket.token is None:
            return
        self.match.send({"type": "start", "table": ticket.table, "token": ticket.token})

    def leave_table(self) -> None:
        self.match.close()
        self.app.pop()

    def next_change(self) -> float | None:
        return POLL  # the seats fill at other computers

    def update(self, dt: float) -> None:
        match = self.match
        match.pump()
        self.start.visible = self.host
        if match.started and match.lobby is not None:
            match.arrived()  # the deal: the table opens on it and plays it out
            self.app.replace(self.app.scene("table", self.setup(), remote=match))

    def setup(self) -> GameSetup:
        """The table as the server has it: this seat the only person at this screen."""
        lobby = self.match.lobby
        assert lobby is not None
        seats = [
            SeatSetup(s["name"], i == self.match.seat, s.get("level") or "normal")
            for i, s in enumerate(lobby["seats"])
        ]
        return GameSetup(
            lobby["game"], seats, lobby.get("variant") or "standard", None, dict(lobby["options"])
        )

    # -- layout, input and drawing ------------------------------------------------------------

    def enter(self) -> None:
        self.resized(self.app.size)
        self.ring.focus(self.start)

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = min(w / 1280, h / 720)
        width, height = round(300 * s), round(46 * s)
        y = h - round(90 * s)
        self.start.rect = pygame.Rect(w // 2 - width - round(10 * s), y, width, height)
        self.leave.rect = pygame.Rect(w // 2 + round(10 * s), y, width, height)
        self.start.size = self.leave.size = round(20 * s)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave_table()
            return True
        return ring_handle(self.ring, event)

    def draw(self, surface: pygame.Surface) -> None:
        w, _h = surface.get_size()
        s = self.scale
        text = self.app.text
        surface.blit(BACKGROUND.get(surface.get_size()), (0, 0))
        lobby, match = self.match.lobby, self.match
        title = _("Online table")
        if lobby is not None:
            title = _("Online table: {game}").format(game=_(games.get(lobby["game"]).name))
        draw_text(surface, text, title, round(36 * s), (w // 2, round(40 * s)), theme.TEXT, "bold", "midtop")
        y = round(100 * s)
        if match.code is not None:
            invite = _("Others join at {address} with the code {code}").format(
                address=self.invitation, code=match.code
            )
            box = pygame.Rect(round(120 * s), y, w - round(240 * s), round(56 * s))
            draw_panel(surface, box, alpha=200, radius=10)
            draw_text(surface, text, invite, round(20 * s), box.center, theme.ACCENT, "bold", "center")
            y = box.bottom + round(24 * s)
            if self.here and self.host and self.app.server_announced():
                found = _("On this network it is also listed under Play online, for a click to join.")
                draw_text(
                    surface,
                    text,
                    found,
                    round(16 * s),
                    (w // 2, box.bottom + round(8 * s)),
                    theme.MUTED,
                    anchor="midtop",
                )
                y += round(22 * s)
        status = line_words(match.status, match.link.failure) or (match.errors[-1] if match.errors else "")
        if status:
            draw_text(
                surface,
                text,
                status,
                round(18 * s),
                (w // 2, y),
                theme.DANGER if match.errors else theme.MUTED,
                anchor="midtop",
            )
            y += round(34 * s)
        for i, seat in enumerate(lobby["seats"] if lobby is not None else []):
            line = self._seat_line(i, seat)
            draw_text(surface, text, line, round(20 * s), (w // 2 - round(260 * s), y), theme.TEXT)
            y += round(34 * s)
        if lobby is not None and not self.host:
            wait = _("The host starts the game when everyone is here.")
            draw_text(
                surface, text, wait, round(18 * s), (w // 2, y + round(10 * s)), theme.MUTED, anchor="midtop"
            )
        elif lobby is not None and any(not seat["taken"] for seat in lobby["seats"]):
            wait = _("Seats nobody has taken when the game starts are played by computers.")
            draw_text(
                surface, text, wait, round(18 * s), (w // 2, y + round(10 * s)), theme.MUTED, anchor="midtop"
            )
        self.start.draw(surface, text)
        self.leave.draw(surface, text)

    def _seat_line(self, i: int, seat: dict) -> str:
        you = _(" (you)") if i == self.match.seat else ""
        if seat["kind"] == "computer":
            state = _(LEVEL_LABELS.get(seat.get("level") or "normal", LEVEL_LABELS["normal"]))
        elif not seat["taken"]:
            state = _("waiting for a player")
        elif seat["connected"]:
            state = _("here")
        else:
            state = _("away")
        return _("Seat {number}: {name}{you} - {state}").format(
            number=i + 1, name=seat["name"], you=you, state=state
        )
