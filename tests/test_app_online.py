"""Online at the app's own table: join a table by its address and code, or host one on this
computer, and play a whole game by mouse through the real event queue against bots at the server."""

from __future__ import annotations

import asyncio
import threading
import time

import pygame
import pytest
from net_support import cards_in, record, server

from cardtable import games
from cardtable.app.scenes.lobby import LobbyScene
from cardtable.app.scenes.online import OnlineScene, normal_address
from cardtable.app.scenes.table import TableScene
from cardtable.net.bot import Bot
from gestures import OnlinePerson
from ui import card_point, click, continue_summary, make_app, tick


def _bots(url: str, first: dict, count: int, code_ready=None, gap: float = 0) -> threading.Thread:
    """Bots on a thread of their own (the app's loop is this test's); ``gap``: seconds at least
    between one bot's moves."""

    async def play() -> None:
        bots = []
        if first["type"] == "create":
            got: asyncio.Future = asyncio.get_running_loop().create_future()
            host = Bot(url, first, "normal", 1, announce=got.set_result, gap=gap)
            bots.append(asyncio.ensure_future(host.play()))
            code_ready(await got)
        for i in range(count):
            bots.append(
                asyncio.ensure_future(
                    Bot(
                        url,
                        {"type": "join", "table": first.get("table") or host.link.ticket.table},
                        "normal",
                        10 + i,
                        gap=gap,
                    ).play()
                )
            )
        await asyncio.gather(*bots)

    thread = threading.Thread(target=lambda: asyncio.run(play()), daemon=True)
    thread.start()
    return thread


def _type(app, field, text: str) -> None:
    click(app, field.rect.center)
    field.value = ""
    for ch in text:
        tick(app, [pygame.event.Event(pygame.TEXTINPUT, text=ch)])


def _join_by_typing(url: str, code: list[str], lower: bool = False):
    """A new app that types the server's address and the table's code (once the host's bot has it)
    into Play online and clicks Join."""
    for _ in range(200):
        if code:
            break
        time.sleep(0.05)
    app = make_app()
    app.open("online")
    online = app.stack.top
    assert isinstance(online, OnlineScene)
    _type(app, online.address, url.removeprefix("ws://"))
    _type(app, online.code, code[0].lower() if lower else code[0])  # a code is read in either case
    click(app, online.join.rect.center)
    return app


FRAMES = 40_000
"""Frames a game may take before the test calls it stuck (a count, not a clock: a busy machine
only makes each frame slower)."""


def _play_to_the_end(app) -> TableScene:
    for _ in range(FRAMES):
        if isinstance(app.stack.top, TableScene):
            break
        tick(app, dt=0.05)
        time.sleep(0.01)
    scene = app.stack.top
    assert isinstance(scene, TableScene), f"no table: {type(scene).__name__}"
    person = OnlinePerson(scene)
    witness = _FaceWitness(scene)
    settled = False
    for _ in range(FRAMES):
        if scene.session.match.over:
            assert witness.faces > 10, "the witness saw no face drawn"
            return scene
        if continue_summary(app, scene):  # a round's summary over the table: clicked away
            continue
        if scene.my_turn and not scene.animating and settled:
            person.move(app)
            settled = False
        else:
            settled = scene.my_turn  # a person looks at the table a moment before moving
            tick(app, dt=0.05)
            time.sleep(0.005)
        witness.check()
    m = scene.session.match
    raise AssertionError(
        f"the game did not end: {m.status} waiting={m.waiting} to_act={m.to_act()} mine={scene.my_turn} "
        f"status={scene.status_text()!r} errors={m.errors}"
    )


class _FaceWitness:
    """Every card face the table drew is one this seat was sent (in a view or an event): what the
    seat was sent is itself checked message by message (test_net_privacy.py)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.known: set = set()
        self.read = 0
        self.faces = 0
        """Frames that drew a face (a witness that never saw one proves nothing)."""

    def check(self) -> None:
        match = self.scene.session.match
        self.known |= set(cards_in(match.view(match.seat))) | set(cards_in(match.log[self.read :]))
        self.read = len(match.log)
        drawn = self.scene.drawn_faces
        self.faces += bool(drawn)
        leaked = drawn - self.known
        assert not leaked, f"drawn but never sent to this seat: {sorted(c.code for c in leaked)}"


@pytest.mark.parametrize("game", [s.id for s in games.all_specs()])
def test_join_a_table_by_address_and_code_and_play_it_by_mouse(tmp_path, game):
    spec = games.get(game)
    with server(tmp_path) as srv:
        code: list[str] = []
        first = {"type": "create", "game": game, "players": spec.min_players, "autostart": True, "pace": 0}
        thread = _bots(srv.url, first, spec.min_players - 2, code.append)
        app = _join_by_typing(srv.url, code, lower=True)
        assert isinstance(app.stack.top, LobbyScene | TableScene)  # a full table may be dealt at once
        scene = _play_to_the_end(app)
        thread.join(60)
        rec = record(srv.data, code[0])
    seat = scene.session.match.seat
    assert seat == spec.min_players - 1
    assert any(s == seat for s, _ in rec["moves"]), "the person made no move"
    final = scene.session.match.view(seat)
    assert final.over and final.winners


def test_an_address_is_read_as_a_person_types_it():
    assert normal_address("192.168.1.5") == "ws://192.168.1.5:8765"
    assert normal_address(" example.org:9000 ") == "ws://example.org:9000"
    assert normal_address("wss://tables.example.org:443") == "wss://tables.example.org:443"


def test_join_a_table_found_on_the_network_with_one_click(tmp_path):
    game = "ultimate-loser"  # finding a table is the same for every game: the game is played out
    with server(tmp_path, "--announce") as srv:
        code: list[str] = []
        # the host's name sorts first, so the table is on the screen's first row whatever other
        # tables this network lists meanwhile
        first = {"type": "create", "game": game, "players": 2, "name": "0 Found", "autostart": True}
        thread = _bots(srv.url, first, 0, code.append)
        app = make_app()
        app.open("online")
        online = app.stack.top
        assert isinstance(online, OnlineScene)
        for _ in range(FRAMES):
            if code and any(t.code == code[0] for t in online.found):
                break
            tick(app, dt=0.05)
            time.sleep(0.01)
        row = [t.code for t in online.found].index(code[0])
        button = online.found_buttons[row]
        assert button.visible
        assert "Ultimate Loser" in button.label and "0 Found" in button.label and "1 of 2" in button.label
        click(app, button.rect.center)
        assert isinstance(app.stack.top, LobbyScene | TableScene)  # a full table may be dealt at once
        assert online.address.value.endswith(f":{srv.port}") and online.code.value == code[0]
        scene = _play_to_the_end(app)
        thread.join(60)
    assert scene.session.match.seat == 1
    assert scene.session.match.view(1).over


def test_the_join_screen_says_when_the_network_cannot_be_searched(monkeypatch):
    import zeroconf

    def no_multicast(*_args, **_kwargs):
        raise OSError("No multicast here")

    monkeypatch.setattr(zeroconf, "Zeroconf", no_multicast)
    app = make_app()
    app.open("online")
    online = app.stack.top
    tick(app)
    assert "No multicast here" in online.found_heading()
    assert not any(b.visible for b in online.found_buttons)
    assert online.next_change() is None  # nothing to look at again: the screen rests


def test_a_pick_in_the_making_stays_while_others_passes_land(tmp_path):
    """Ugly's passes are made at once by everyone: the cards this player has picked stay picked
    while the others' passes arrive and play out at the table."""
    with server(tmp_path) as srv:
        code: list[str] = []
        first = {"type": "create", "game": "ugly", "players": 3, "autostart": True}
        thread = _bots(srv.url, first, 1, code.append, gap=0.1)  # the bots pass a card at a time
        app = _join_by_typing(srv.url, code)
        landed, person, settled = 0, None, False
        for _ in range(FRAMES):
            scene = app.stack.top
            if not isinstance(scene, TableScene):
                tick(app, dt=0.05)
                continue
            person = person or OnlinePerson(scene)
            if continue_summary(app, scene):
                continue
            if scene.my_turn and not scene.animating and settled:
                others = set(scene.view.to_act) - {scene.viewer}
                if scene.view.phase != "pass" or scene.view.select < 2 or not others:
                    person.move(app)  # no pass of several cards, or the others' are all in: played on
                    settled = False
                    continue
                card = sorted(scene.resolver().pickable(), key=lambda c: c.code)[0]
                log = len(scene.session.match.log)
                click(app, card_point(scene, card))
                if len(scene.session.match.log) != log:
                    settled = False  # a pass landed as the card was clicked: the click saw it; again
                    continue
                assert scene.session.pick.cards == (card,)
                while len(scene.session.match.log) == log or scene.busy:  # a pass lands, and plays out
                    tick(app, dt=0.05)
                    time.sleep(0.005)
                assert scene.deciding  # this player has not passed: the pass phase goes on
                assert scene.session.pick.cards == (card,), "the pick was dropped when others' passes landed"
                for _try in range(5):  # picked again: let go (a click that met a pass landing plays it out)
                    click(app, card_point(scene, card))
                    if not scene.session.pick.cards:
                        break
                assert scene.session.pick.cards == ()
                landed += 1
                break
            settled = scene.my_turn
            tick(app, dt=0.05)
            time.sleep(0.005)
        assert landed == 1
        scene = _play_to_the_end(app)  # the game goes on to its end from there
        thread.join(60)
    assert scene.session.match.view(2).over
