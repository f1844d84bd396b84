"""Play online: host a table (on this computer, or at a server someone runs) or join one, by its
address and code or from the tables found on the local network. Hosting chooses the game, the
seats and the variant on the new-game screen; both lead to the lobby, where the seats fill and
the host starts."""

from __future__ import annotations

import pygame

from cardtable import games
from cardtable.i18n import _
from cardtable.net.args import DEFAULT_PORT
from cardtable.net.discovery import Finder, OpenTable
from cardtable.net.remote import RemoteMatch

from .. import theme
from ..scene import Scene
from ..text_field import TextField
from ..widgets import Button, FocusRing, draw_text
from .common import BACKGROUND, menu_handle
from .newgame import NewGameScene

DEFAULT_ADDRESS = "ws://"
FOUND_ROWS = 3
"""Tables found on the network that the screen lists (the rest are counted)."""
LOOK_AGAIN = 0.5
"""Seconds between looks at what the network search found."""


def normal_address(text: str) -> str:
    """What a person typed as a server's address, as a URL ("192.168.1.5" -> "ws://192.168.1.5:8765")."""
    text = text.strip()
    if text and "://" not in text:
        text = "ws://" + text
    rest = text.split("://", 1)[1] if "://" in text else ""
    if rest and ":" not in rest.rsplit("]", 1)[-1]:
        text += f":{DEFAULT_PORT}"
    return text


class OnlineScene(Scene):
    scene_name = "online"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.host_here = Button(_("Host a table on this computer"), self.host_locally, primary=True)
        self.server = TextField(DEFAULT_ADDRESS, max_length=80, on_change=self._typed)
        self.host_there = Button(_("Host at this server"), self.host_at_server)
        self.address = TextField(DEFAULT_ADDRESS, max_length=80, on_change=self._typed)
        self.code = TextField("", max_length=6, on_change=self._typed)
        self.join = Button(_("Join"), self.join_table, primary=True)
        self.back = Button(_("Back"), app.pop)
        self.found_buttons = [
            Button("", lambda i=i: self.join_found(i), tooltip=_("Join this table"))
            for i in range(FOUND_ROWS)
        ]
        for button in self.found_buttons:
            button.visible = False  # until a table is found
        self.ring = FocusRing(
            [self.host_here, self.server, self.host_there, self.address, self.code, self.join]
            + self.found_buttons
            + [self.back]
        )
        self.error = ""
        self.finder: Finder | None = None
        self.found: list[OpenTable] = []

    def _typed(self, _value: str) -> None:
        self.error = ""

    # -- what each button does ---------------------------------------------------------------

    def host_locally(self) -> None:
        try:
            url = self.app.local_server()
        except OSError as exc:
            self.error = _("This computer cannot host a table: {why}").format(why=exc)
            return
        self.app.open("host", url, True)

    def host_at_server(self) -> None:
        url = normal_address(self.server.value)
        if url == normal_address(DEFAULT_ADDRESS):
            self.error = _("Type the server's address first (for example 192.168.1.5)")
            return
        self.app.open("host", url, False)

    def join_table(self) -> None:
        url = normal_address(self.address.value)
        code = self.code.value.strip().upper()
        if url == normal_address(DEFAULT_ADDRESS) or len(code) != 6:
            self.error = _("Type the address and the six-letter code the host gave you")
            return
        self._join(url, code)

    def join_found(self, index: int) -> None:
        """Join a table found on the network (its address and code fill the fields, as if typed)."""
        if index < len(self.found):
            table = self.found[index]
            self.address.value, self.code.value = table.url, table.code
            self._join(table.url, table.code)

    def _join(self, url: str, code: str) -> None:
        name = self.app.settings.seats[0].name if self.app.settings.seats else ""
        first = {"type": "join", "table": code}
        if name.strip():
            first["name"] = name.strip()
        self.app.open("lobby", RemoteMatch(url, first), url, False)

    def found_heading(self) -> str:
        """What the search of the local network has come to, over the tables it found."""
        if self.finder is not None and self.finder.error is not None:
            return _("Tables on this network cannot be looked for here: {why}").format(why=self.finder.error)
        if not self.found:
            return _("Looking for tables on this network... (none is gathering players yet)")
        more = len(self.found) - FOUND_ROWS
        if more > 0:
            return _("Tables on this network ({more} more not shown):").format(more=more)
        return _("Tables on this network:")

    # -- layout, input and drawing ------------------------------------------------------------

    def enter(self) -> None:
        self.resized(self.app.size)
        self.ring.focus(self.host_here)
        self._look()

    def exit(self) -> None:
        self._stop_looking()

    def pause(self) -> None:
        self._stop_looking()  # the lobby or the table: the network is not searched meanwhile

    def resume(self) -> None:
        self._look()

    def _look(self) -> None:
        if self.finder is None:
            self.finder = Finder()
            self.finder.start()
        self.update(0.0)

    def _stop_looking(self) -> None:
        if self.finder is not None:
            self.finder.close()
            self.finder = None

    def next_change(self) -> float | None:
        return LOOK_AGAIN if self.finder is not None and self.finder.error is None else None

    def update(self, dt: float) -> None:
        if self.finder is None:
            return
        known = [t for t in self.finder.tables() if t.game in games.ids()]
        if known == self.found:
            return
        self.found = known
        for button, table in zip(self.found_buttons, known + [None] * FOUND_ROWS, strict=False):
            button.visible = table is not None
            if table is not None:
                button.label = _("{game} with {host}: {free} of {players} seats free").format(
                    game=_(games.get(table.game).name),
                    host=table.host[:20] or _("Host"),
                    free=table.free,
                    players=table.players,
                )
        self.resized(self.app.size)

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = min(w / 1280, h / 720)
        width, height, gap = round(600 * s), round(46 * s), round(12 * s)
        left = w // 2 - width // 2
        field = round(300 * s)
        y = round(150 * s)
        self.host_here.rect = pygame.Rect(left, y, width, height)
        y += height + round(46 * s)
        server = round(240 * s)
        self.server.rect = pygame.Rect(left, y, server, height)
        self.host_there.rect = pygame.Rect(left + server + gap, y, width - server - gap, height)
        y += height + round(90 * s)
        self.address.rect = pygame.Rect(left, y, field - round(40 * s), height)
        self.code.rect = pygame.Rect(self.address.rect.right + gap, y, round(110 * s), height)
        self.join.rect = pygame.Rect(
            self.code.rect.right + gap, y, left + width - self.code.rect.right - gap, height
        )
        y += height + round(46 * s)  # the tables found on the network, under their heading
        row, row_gap = round(40 * s), round(8 * s)
        for button in self.found_buttons:
            button.rect = pygame.Rect(left, y, width, row)
            y += row + row_gap
        y += round(14 * s)
        self.back.rect = pygame.Rect(w // 2 - round(120 * s), y, round(240 * s), height)
        for widget in (
            self.host_here,
            self.host_there,
            self.join,
            self.back,
            self.server,
            self.address,
            self.code,
        ):
            widget.size = round(20 * s)
        for button in self.found_buttons:
            button.size = round(17 * s)
        for button in (
            self.host_here,
            self.host_there,
            self.join,
            self.back,
            *self.found_buttons,
        ):  # a longer word is made smaller
            while button.size > 12 and button.preferred_width(self.app.text) > button.rect.width:
                button.size -= 1

    def handle(self, event: pygame.event.Event) -> bool:
        return menu_handle(self.app, self.ring, event)

    def draw(self, surface: pygame.Surface) -> None:
        w, _h = surface.get_size()
        s = self.scale
        text = self.app.text
        surface.blit(BACKGROUND.get(surface.get_size()), (0, 0))
        for words, size, at, colour, style, anchor in self._words(w):
            draw_text(surface, text, words, round(size * s), at, colour, style, anchor)
        for widget in (
            self.host_here,
            self.server,
            self.host_there,
            self.address,
            self.code,
            self.join,
            *self.found_buttons,
            self.back,
        ):
            widget.draw(surface, text)

    def _words(self, w: int) -> list[tuple[str, int, tuple[int, int], tuple, str, str]]:
        """The screen's words: what, its size at 1280x720, where, its colour, style and anchor."""
        s = self.scale
        lead = _("Play with friends at their own computers: one hosts a table, the others join it.")
        server, address = self.server.rect, self.address.rect
        words = [
            (_("Play online"), 40, (w // 2, round(50 * s)), theme.TEXT, "bold", "midtop"),
            (lead, 18, (w // 2, round(108 * s)), theme.MUTED, "regular", "midtop"),
            (
                _("Or host at a table server someone runs (its address):"),
                16,
                (server.left, server.top - round(26 * s)),
                theme.MUTED,
                "regular",
                "topleft",
            ),
            (
                _("Join a table: the host's address and the table's code"),
                22,
                (address.left, address.top - round(34 * s)),
                theme.TEXT,
                "bold",
                "topleft",
            ),
            (
                self.found_heading(),
                16,
                (address.left, address.bottom + round(14 * s)),
                theme.MUTED,
                "regular",
                "topleft",
            ),
        ]
        if self.error:
            at = (w // 2, self.back.rect.bottom + round(16 * s))
            words.append((self.error, 17, at, theme.DANGER, "bold", "midtop"))
        return words


class HostScene(NewGameScene):
    """The new-game screen for a table others join: a seat set to a person waits for one to join;
    the first seat is the host's."""

    scene_name = "host"

    def __init__(self, app, url: str, here: bool) -> None:
        super().__init__(app)
        self.url = url
        self.here = here
        self.start.label = _("Host")

    @property
    def asks_first(self) -> bool:
        return False  # the server deals; the host sits first

    def start_game(self) -> None:
        if self.blocked is not None:
            return
        setup = self.setup
        variant = self.variant
        first: dict = {
            "type": "create",
            "game": setup.game,
            "players": setup.players,
            "name": (setup.seats[0].name.strip() or _("Host"))[:24],
            "seats": [
                {"kind": "human" if i == 0 or seat.human else "computer", "level": seat.level}
                | ({"name": seat.name.strip()[:24]} if not seat.human and seat.name.strip() else {})
                for i, seat in enumerate(setup.seats)
            ],
        }
        if variant.builtin:
            first["variant"] = variant.name
        else:
            first["options"] = dict(variant.options)  # a variant of the host's own: its rules travel
        self.app.replace(self.app.scene("lobby", RemoteMatch(self.url, first), self.url, self.here))
