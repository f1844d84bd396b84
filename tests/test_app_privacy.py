"""Pass-and-play: whole games of every game through the real event queue, with a witness on every
frame that no hidden card is drawn for anyone but the person who confirmed the privacy screen.

Each game is started from New game (Start clicked, or Enter), played to the end by gestures
(privacy screens confirmed, summaries clicked on), with the pause menu, settings, the rules, the
log and the last trick opened at moments of every kind, a window resize, Continue after leaving
to the title and after a killed process, and Play again.
"""

from __future__ import annotations

import random

import pygame
import pytest

from cardtable import games
from cardtable.app.app import App
from cardtable.app.scenes.newgame import NewGameScene
from cardtable.app.scenes.privacy import PrivacyScene
from cardtable.app.scenes.results import ResultsScene
from cardtable.app.scenes.table import TableScene
from cardtable.app.scenes.title import TitleScene
from cardtable.app.table import screen
from cardtable.app.table.setup import GameSetup, SeatSetup
from gestures import Person
from privacy_witness import PrivacyLeak, Witness
from ui import click, confirm_privacy, key, tick, until

SHORT = {"ugly": {"rounds": 2}, "ultimate-loser": {"hands": 2}}
"""Options that keep a game short and still take it through a new round (or hand)."""


def _app(config) -> App:
    """A new app (a new process, as far as the files go), with short variants to choose."""
    for game, options in SHORT.items():
        folder = config / "variants" / game
        folder.mkdir(parents=True, exist_ok=True)
        lines = "".join(f"  {k}: {v}\n" for k, v in options.items())
        (folder / "short.yaml").write_text(f"description: A short game for the tests.\noptions:\n{lines}")
    app = App(size=(1280, 720))
    app.settings.animation_speed = "instant"
    app.settings.computer_speed = "fast"
    app.settings.confirm_quit = True
    pygame.event.clear()
    return app


def _seats(players: int, humans: int) -> list[SeatSetup]:
    """``humans`` people with a computer between two of them where the table has room."""
    spots = [0, 2, 3, 5, 6, 8][:humans] if players > humans else list(range(humans))
    spots = sorted({min(s, players - 1) for s in spots})
    while len(spots) < humans:
        spots.append(next(s for s in range(players) if s not in spots))
    names = ["Ada", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"]
    return [SeatSetup(names[i], i in spots) for i in range(players)]


def _start(app, setup: GameSetup, by_key: bool) -> None:
    """New game with these seats, then Start: clicked, or Enter (the deal is New game's own, from
    ``random``)."""
    scene = NewGameScene(app, setup)
    app.push(scene)
    tick(app)
    if by_key:
        scene.ring.focus(scene.names[0])  # Enter on the form (not on a button) starts the game
        key(app, pygame.K_RETURN)
    else:
        click(app, scene.start.rect.center)
    replace = app.stack.top
    if type(replace).__name__ == "ConfirmScene":  # a game in progress is saved: give it up
        if by_key:
            key(app, pygame.K_RETURN)
        else:
            click(app, replace.yes.rect.center)
    assert any(isinstance(s, TableScene) for s in app.stack.scenes), "the game started"


def _table(app) -> TableScene | None:
    tables = [s for s in app.stack.scenes if isinstance(s, TableScene)]
    return tables[-1] if tables else None


LOOKS = ("pause", "settings", "rules", "log", "last", "resize")
"""What a person opens (and closes) during a game, each in turn; a window resize among them."""


class Round:
    """Plays on through the queue: privacy screens, summaries, each person's moves; now and then
    opens something (pause, settings, rules, the log, the last trick) and comes back."""

    def __init__(self, app, seed: int) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.people: dict[int, Person] = {}
        self.opened: set[tuple[str, str]] = set()  # (what, at what moment)
        self.looks = 0
        self.unavailable: set[str] = set()
        self.decisions = 0

    def person(self, table: TableScene) -> Person:
        if id(table) not in self.people:
            self.people[id(table)] = Person(table, self.rng.randrange(1000))
        return self.people[id(table)]

    def play(self, until_done=lambda: False, frames: int = 30000) -> None:
        app = self.app
        for _ in range(frames):
            top = app.stack.top
            if until_done() or isinstance(top, ResultsScene):
                return
            table = _table(app)
            if isinstance(top, PrivacyScene):
                if self.rng.random() < 0.08:
                    self._escape_from_privacy()
                confirm_privacy(app, by_key=self.rng.random() < 0.3)
            elif table is not None and top is table and self.rng.random() < self._curiosity(table):
                self._look_around(table)
            elif table is not None and top is table and table.summary is not None:
                if self.rng.random() < 0.5:
                    click(app, (app.size[0] // 2, app.size[1] // 2))
                else:
                    key(app, pygame.K_RETURN)
            elif table is not None and top is table and table.my_turn:
                self.person(table).move(app)
                self.decisions += 1
            else:
                tick(app)
        raise AssertionError("the game did not end")

    def _moment(self, table: TableScene) -> str:
        if table.summary is not None:
            return "summary"
        return "sitting" if table.viewer is not None else "nobody sitting"

    def _curiosity(self, table: TableScene) -> float:
        """How likely something is opened now: often while something is still to be opened at a
        moment like this one (so a short game has them all), seldom after."""
        moment = self._moment(table)
        done = {w for w, m in self.opened if m == moment}
        return 0.3 if moment != "summary" and set(LOOKS) - done else 0.02

    def _escape_from_privacy(self) -> None:
        key(self.app, pygame.K_ESCAPE)
        assert type(self.app.stack.top).__name__ == "PauseScene"
        key(self.app, pygame.K_ESCAPE)
        self.opened.add(("pause", "privacy screen"))

    def _look_around(self, table: TableScene) -> None:
        """Something opened and closed at this moment (whoever's turn, whatever is on the table)."""
        app = self.app
        moment = self._moment(table)
        done = {w for w, m in self.opened if m == moment}
        what = next((w for w in LOOKS if w not in done and w not in self.unavailable), None)
        if what is None:
            what = LOOKS[self.looks % len(LOOKS)]  # each in turn
        if what in ("rules", "log", "last") and (table.summary is not None or table.busy):
            return  # keys wait for the summary to be read and the cards to land
        seen = ""
        if what == "pause":
            key(app, pygame.K_ESCAPE)
            if app.stack.top is table:
                key(app, pygame.K_ESCAPE)  # the first Esc put back what was picked
            seen = type(app.stack.top).__name__
            key(app, pygame.K_ESCAPE)
        elif what == "settings":
            key(app, pygame.K_ESCAPE)
            if app.stack.top is table:
                key(app, pygame.K_ESCAPE)
            pause = app.stack.top
            if type(pause).__name__ == "PauseScene":
                click(app, pause.buttons[2].rect.center)
                seen = type(app.stack.top).__name__
        elif what == "rules":
            key(app, pygame.K_F1)
            seen = type(app.stack.top).__name__
        elif what == "log":
            key(app, pygame.K_g)
            seen = type(app.stack.top).__name__
        elif what == "last":
            if "last_trick" not in {p.key for p in table.layout.panels}:
                self.unavailable.add("last")  # a game without a last trick to look at
                self.looks += 1
                return
            key(app, pygame.K_l)
            seen = "LastTrick" if table.panel.open == "last_trick" else ""
            tick(app)
            key(app, pygame.K_l)
        elif what == "resize":
            size = (960, 600) if app.size == (1280, 720) else (1280, 720)
            app.window.size = size
            tick(app, [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])])
            seen = "Resized" if app.size == size else ""
        expected = {
            "pause": "PauseScene",
            "settings": "SettingsScene",
            "rules": "RulesScene",
            "log": "LogScene",
            "last": "LastTrick",
            "resize": "Resized",
        }[what]
        for _ in range(5):  # back to the table, whatever is still open (unless the game ended)
            if app.stack.top is table or isinstance(app.stack.top, PrivacyScene | ResultsScene):
                break
            key(app, pygame.K_ESCAPE)
        else:
            raise AssertionError(f"Esc did not lead back to the table from {type(app.stack.top).__name__}")
        if seen == expected:
            self.opened.add((what, moment))
            self.looks += 1


def _leave_to_title(app) -> None:
    """Esc, Quit to title, and yes, leave: the game stays saved."""
    until(app, lambda: app.stack.top is _table(app) or isinstance(app.stack.top, PrivacyScene))
    key(app, pygame.K_ESCAPE)
    top = app.stack.top
    if isinstance(_table(app), TableScene) and top is _table(app):
        key(app, pygame.K_ESCAPE)  # the first one put back picked cards
        top = app.stack.top
    assert type(top).__name__ == "PauseScene", type(top).__name__
    click(app, top.leave.rect.center)
    if type(app.stack.top).__name__ == "ConfirmScene":
        click(app, app.stack.top.yes.rect.center)
    until(app, lambda: isinstance(app.stack.top, TitleScene))


def _continue(app) -> None:
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.saved is not None, "Continue is offered"
    click(app, title.resume_button.rect.center)
    assert _table(app) is not None


CASES = []
for _spec in games.all_specs():
    _low, _high = _spec.min_players, _spec.max_players
    CASES += [(_spec.id, _low, 2), (_spec.id, _high, 2), (_spec.id, max(_low, 4), 3)]
    if _high > max(_low, 4):
        CASES.append((_spec.id, _high, 3))


@pytest.mark.parametrize(("game", "players", "humans"), CASES)
def test_whole_games_show_hidden_cards_only_to_who_confirmed(game, players, humans, config_folder):
    index = CASES.index((game, players, humans))
    random.seed(index)  # Play again deals a game of its own seed: the same one every run
    variant = "short" if game in SHORT else "standard"
    setup = GameSetup(game, _seats(players, humans), variant)
    app = _app(config_folder)
    witness = Witness(app)
    app.push(TitleScene(app))
    tick(app)
    _start(app, setup, by_key=index % 2 == 1)
    player = Round(app, index)
    player.play(lambda: player.decisions >= 3)
    if index % 2 == 0:
        _leave_to_title(app)
        _continue(app)
    else:
        app.saver.flush()  # what a killed process left on disk: the autosave, nothing else
        app = _app(config_folder)
        witness = Witness(app)
        app.push(TitleScene(app))
        tick(app)
        _continue(app)
        player.app = app
    player.play()
    assert isinstance(app.stack.top, ResultsScene)
    assert _table(app) is None and witness.table.session.match.over
    results = app.stack.top
    click(app, results.buttons[0].rect.center)  # Play again
    again = _table(app)
    assert again is not None and not again.session.match.over and again.viewer is None, "nobody sits at first"
    sat, decided = witness.sat, player.decisions
    player.play(lambda: witness.table is again and witness.sat > sat and player.decisions > decided)
    humans_seen = {s for s, seat in enumerate(setup.seats) if seat.human}
    assert set(witness.confirmed) >= humans_seen, "every human was handed the screen"
    assert witness.faces_checked > 100 and witness.sat > 50, "the witness saw hands drawn for their owners"
    assert witness.frames > 300
    panels = {p.key for p in again.layout.panels}
    wanted = set(LOOKS) - (set() if "last_trick" in panels else {"last"})
    assert {w for w, _ in player.opened} == wanted, player.opened
    assert {m for _, m in player.opened} >= {"sitting", "nobody sitting"}, player.opened


@pytest.mark.parametrize("reset", [True, False], ids=["as built", "reset removed"])
def test_a_new_deal_leaves_nobody_at_the_screen_and_the_witness_sees_it_if_not(
    reset, monkeypatch, config_folder
):
    """Three people at three seats of Ugly, on a deal whose last card is played by the person who
    names trump in the next. As built, the new hand is dealt face down to nobody. Without the reset
    at a new deal, that person's next hand is dealt face up before anyone is handed the screen, and
    the witness says so."""
    if not reset:
        monkeypatch.setattr(screen, "ends_a_sitting", lambda event: False)
    random.seed(2)
    app = _app(config_folder)
    witness = Witness(app)
    app.push(TitleScene(app))
    tick(app)
    _start(app, GameSetup("ugly", _seats(3, 3), "short"), by_key=False)
    player = Round(app, 1)
    if reset:
        player.play()
        assert isinstance(app.stack.top, ResultsScene) and witness.table.session.match.game.round == 2
        return
    with pytest.raises(PrivacyLeak, match=r"drew .+ in hand of seat \d while nobody sat at the screen"):
        player.play()
    assert witness.table.session.match.game.round == 2, "caught as the second round was dealt"


def test_the_privacy_screen_takes_only_a_fresh_press_on_it(config_folder):
    """The release of the click that opened it, a key let go, a double click's second press and
    another button go nowhere; a press and release on it once it is up (or Enter) hands it over."""
    random.seed(4)
    app = _app(config_folder)
    app.push(TitleScene(app))
    tick(app)
    _start(app, GameSetup("ugo", _seats(2, 2), "standard"), by_key=False)
    until(app, lambda: isinstance(app.stack.top, PrivacyScene))
    shield = app.stack.top
    table = _table(app)
    middle = (app.size[0] // 2, app.size[1] // 2)
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=middle, button=1)])
    tick(app, [pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
    click(app, middle)  # at once: the second press of a double click
    key(app, pygame.K_RETURN)
    assert app.stack.top is shield and table.viewer is None
    until(app, lambda: shield.armed, limit=5.0, dt=1 / 30)
    click(app, middle, button=3)
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=middle, button=1)])
    assert app.stack.top is shield and table.viewer is None, "a press alone is not yet a yes"
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=middle, button=1)])
    assert app.stack.top is table and table.viewer == table.session.names.index(shield.name)
    assert shield.what.startswith(shield.name)  # what they do next, in words anyone may read
