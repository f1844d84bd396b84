"""Which sound the table asks for, and when: headless games of each game with a spy on the player.

The timeline asks for an event's sound (its layout rule's ``sound:``) as the
event's glide starts; the table asks for ``illegal`` when it refuses a move,
``turn`` when a decision comes to the person at the screen, and the results
screen for ``game_end``.
"""

from __future__ import annotations

import fnmatch
import random
from dataclasses import replace

import pygame
import pytest

from cardtable import games
from cardtable.app.layout import load_layout
from cardtable.app.layout.timing import EVENT_NAMES, timing_of
from cardtable.app.scenes.privacy import PrivacyScene
from cardtable.app.scenes.results import ResultsScene
from cardtable.engine import Announced, Event, Gathered, Moved, TrickWon, Turned, ZoneRef
from ui import card_point, click, confirm_privacy, drag, make_app, table_game, tick, until, until_my_turn

SOLO = [("You", True), ("Ada", False), ("Bo", False), ("Cy", False)]


class Heard:
    """Every sound the app is asked for: per event the timeline played, or outside any event."""

    def __init__(self, app, scene, monkeypatch) -> None:
        self.events: list[tuple[Event, list[str]]] = []
        self.other: list[str] = []
        self._current: list[str] | None = None
        real_play = app.sound.play

        def play(name: str) -> None:
            (self.other if self._current is None else self._current).append(name)
            real_play(name)

        monkeypatch.setattr(app.sound, "play", play)
        timeline = scene.timeline
        real_event = timeline._play

        def play_event(event: Event) -> None:
            self._current = []
            self.events.append((event, self._current))
            try:
                real_event(event)
            finally:
                self._current = None

        monkeypatch.setattr(timeline, "_play", play_event)

    def count(self) -> int:
        return len(self.other) + sum(len(s) for _, s in self.events)


def signature(event: Event) -> str:
    if isinstance(event, Moved):
        return f"moved {event.src[0]}>{event.dst[0]}"
    if isinstance(event, Gathered):
        return f"gathered >{event.dst[0]}"
    if isinstance(event, Announced):
        return f"announced {event.what}"
    return EVENT_NAMES.get(type(event), type(event).__name__)


# What each game's events sound like (the first pattern that fits; anything else is silent),
# and the ones a short game must show.
RULES = {
    "ugly": (
        [
            ("moved deck>hand", "deal"),
            ("moved hand>trick", "play"),
            ("moved hand>pass", "deal"),
            ("moved pass>hand", "deal"),
            ("moved *>removed", "deal"),
            ("gathered >*", "gather"),
        ],
        {"moved deck>hand", "moved hand>trick", "gathered >*"},
    ),
    "ugo": (
        [
            ("moved deck>discard", "flip"),
            ("moved deck>removed", "flip"),
            ("moved deck>hand", "deal"),
            ("moved *>table", "play"),
            ("moved hand>*", "play"),
            ("moved table>discard", "gather"),
            ("moved discard>hand", "deal"),
            ("turned", "flip"),
            ("rotated", "deal"),
        ],
        {"moved deck>hand", "moved *>table"},
    ),
    "ugh": (
        [
            ("moved deck>*", "flip"),
            ("moved *>victory", "gather"),
            ("moved *>*", "play"),
            ("announced ugh", "ugh"),
        ],
        {"moved deck>*", "moved *>*", "announced ugh"},
    ),
    "ultimate-loser": (
        [
            ("moved spares>hand", "deal"),
            ("moved *>play", "play"),
            ("moved spares>exposed", "flip"),
            ("moved *>exposed", "play"),
            ("moved exposed>hand", "deal"),
            ("gathered >*", "gather"),
        ],
        {"moved spares>hand", "moved *>play", "moved spares>exposed", "gathered >*"},
    ),
}


def expected_sound(game: str, event: Event) -> tuple[str | None, str | None]:
    """(the pattern that fits the event, its sound); (None, None) for a silent event."""
    sig = signature(event)
    for pattern, sound in RULES[game][0]:
        if fnmatch.fnmatchcase(sig, pattern):
            return pattern, sound
    return None, None


def _close_summary(app, scene) -> None:
    if scene.summary is not None and app.stack.top is scene:
        scene.close_summary()


@pytest.mark.parametrize("game", list(RULES))
def test_each_event_asks_for_its_sound_as_it_plays(game, monkeypatch):
    app = make_app()
    app.settings.computer_speed = "fast"
    scene = table_game(app, SOLO, seed=5, game=game)
    heard = Heard(app, scene, monkeypatch)
    required = RULES[game][1]
    rng = random.Random(4)
    seen: set[str] = set()
    for _ in range(6000):
        if required <= seen or scene.session.match.over:
            break
        _close_summary(app, scene)
        if scene.my_turn:
            scene.perform([rng.choice(scene.view.legal)])
        tick(app, dt=1 / 20)
        seen = {expected_sound(game, e)[0] for e, _ in heard.events}
    assert required <= seen, f"the game never showed {required - seen}"
    for event, sounds in heard.events:
        _, sound = expected_sound(game, event)
        assert sounds == ([sound] if sound else []), f"{signature(event)} asked for {sounds}"
    assert not {"deal", "play", "flip", "gather", "ugh"} & set(heard.other)


@pytest.mark.parametrize(
    "game, event, sound",
    [
        ("ugly", Moved(None, 0, ZoneRef("deck"), ZoneRef("hand", 1), 2), "deal"),
        ("ugly", Gathered((ZoneRef("won", 0), ZoneRef("won", 1)), ZoneRef("deck")), "gather"),
        ("ugo", Turned(None, 0, ZoneRef("table", 2), True), "flip"),
        ("ugo", Moved(None, 0, ZoneRef("deck", 1), ZoneRef("discard", 1)), "flip"),
        ("ugo", Moved(None, 0, ZoneRef("table", 1), ZoneRef("discard", 1)), "gather"),
        ("ugh", Moved(None, 0, ZoneRef("flipped"), ZoneRef("victory", 0)), "gather"),
        ("ugh", Moved(None, 0, ZoneRef("safety2"), ZoneRef("pool", 3)), "play"),
        ("ugh", Announced("ugh", 1, None, "Ugh!"), "ugh"),
        ("ugh", Announced("lock", 1, None, "locks"), ""),
        ("ultimate-loser", Moved(None, 0, ZoneRef("spares"), ZoneRef("exposed")), "flip"),
        ("ultimate-loser", Moved(None, 0, ZoneRef("hand", 0), ZoneRef("exposed")), "play"),
    ],
)
def test_rarer_events_have_their_sounds_in_the_layouts(game, event, sound):
    assert timing_of(load_layout(game), event).sound == sound


def _every_count():
    return [
        (game, players)
        for game in RULES
        for players in range(games.get(game).min_players, games.get(game).max_players + 1)
    ]


@pytest.mark.parametrize(("game", "players"), _every_count())
def test_a_sound_tells_nothing_of_a_card_its_listener_cannot_see(game, players):
    """The sound of an event is the same for every seat and without any card's face."""
    spec = games.get(game)
    layout = load_layout(game)
    state = spec.new_game(players, seed=9)
    rng = random.Random(9)
    events = list(state.opening_events)
    for _ in range(300):
        if state.is_over():
            break
        seat = rng.choice(state.to_act())
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    hidden = 0
    for event in events:
        sound = timing_of(layout, event).sound
        for seat in (None, *range(players)):
            seen = event.for_seat(seat)
            hidden += seen is not event
            assert timing_of(layout, seen).sound == sound
        if getattr(event, "card", None) is not None:
            assert timing_of(layout, replace(event, card=None)).sound == sound
    assert hidden or game == "ugh", "no event hid a card: the test saw nothing"  # Ugh!'s cards are all open


def test_a_refused_move_asks_for_the_illegal_sound(monkeypatch):
    app = make_app()
    scene = table_game(app, SOLO, seed=21)
    heard = Heard(app, scene, monkeypatch)
    rng = random.Random(2)
    for _ in range(400):
        until_my_turn(app, scene)
        view = scene.view
        if view.phase == "play" and view.info["lead_suit"] is not None:
            legal = {a.card for a in view.legal}
            illegal = [c for c in view.zone("hand", 0).known_cards if c not in legal]
            if illegal:
                break
        scene.perform([rng.choice(view.legal)])
    else:
        raise AssertionError("never had to follow suit with another suit in hand")
    assert "illegal" not in heard.other
    drag(app, card_point(scene, illegal[0]), scene.zone_rect(("trick", 0)).center)
    assert scene.status_text().startswith("You must follow")
    assert heard.other.count("illegal") == 1
    scene.perform([scene.view.legal[0]])  # a move made is no refusal
    assert heard.other.count("illegal") == 1


def test_the_turn_sound_comes_once_when_a_decision_comes_to_the_viewer(monkeypatch):
    app = make_app()
    scene = table_game(app, SOLO, seed=5)
    heard = Heard(app, scene, monkeypatch)
    game = scene.session.match.game
    until_my_turn(app, scene)
    assert heard.other.count("turn") == 1
    turns = 1
    led_after_winning = 0
    for _ in range(30):  # the pass (three cards, one move each, one turn) and then tricks
        before_move_to_act = scene.viewer in game.to_act()
        assert before_move_to_act
        tricks = sum(isinstance(e, TrickWon) for e in scene.session.match.log)
        scene.perform([scene.view.legal[0]])
        still_mine = scene.viewer in game.to_act()
        won = sum(isinstance(e, TrickWon) for e in scene.session.match.log) > tricks
        for _ in range(3):
            tick(app)
        until_my_turn(app, scene)
        if not still_mine or won:  # winning a trick and leading the next is a new turn too
            turns += 1
            led_after_winning += still_mine and won
        assert heard.other.count("turn") == turns, f"phase {game.phase}"
        run_frames = heard.other.count("turn")
        for _ in range(5):
            tick(app)
        assert heard.other.count("turn") == run_frames, "asked again while waiting"
    assert turns > 5 and led_after_winning  # the seed has the viewer win a trick and lead


def test_a_refusal_in_pass_and_play_makes_no_sound_the_room_would_hear(monkeypatch):
    app = make_app()
    scene = table_game(app, [("Mia", True), ("Noor", True), ("Ada", False)], seed=21)
    heard = Heard(app, scene, monkeypatch)
    rng = random.Random(3)
    for _ in range(600):
        top = app.stack.top
        if isinstance(top, PrivacyScene):
            click(app, (640, 360))
            continue
        if not scene.my_turn:
            tick(app)
            continue
        view = scene.view
        if view.phase == "play" and view.info["lead_suit"] is not None:
            legal = {a.card for a in view.legal}
            illegal = [c for c in view.zone("hand", scene.viewer).known_cards if c not in legal]
            if illegal:
                break
        scene.perform([rng.choice(view.legal)])
    else:
        raise AssertionError("never had to follow suit with another suit in hand")
    drag(app, card_point(scene, illegal[0]), scene.zone_rect(("trick", scene.viewer)).center)
    assert scene.status_text().startswith("You must follow")  # refused, and said on the screen
    assert "illegal" not in heard.other


def test_pass_and_play_sounds_the_turn_after_the_privacy_screen(monkeypatch):
    app = make_app()
    scene = table_game(app, [("Mia", True), ("Ada", False), ("Noor", True), ("Bo", False)], seed=6)
    heard = Heard(app, scene, monkeypatch)
    screens = 0
    for _ in range(400):
        tick(app)
        top = app.stack.top
        if isinstance(top, PrivacyScene):
            screens += 1
            before = heard.other.count("turn")
            for _ in range(5):
                tick(app)
            assert heard.other.count("turn") == before, "a turn sound behind the privacy screen"
            confirm_privacy(app)
            until_my_turn(app, scene)
            assert heard.other.count("turn") == before + 1
            if screens == 3:
                break
        elif scene.my_turn:
            scene.perform([scene.view.legal[0]])
    assert screens == 3


def test_a_skipped_animation_asks_for_no_burst_of_sounds(monkeypatch):
    app = make_app(speed="slow")
    scene = table_game(app, SOLO, seed=3)
    heard = Heard(app, scene, monkeypatch)
    for _ in range(30):
        if heard.count():
            break
        tick(app)
    assert scene.animating and heard.count() >= 1  # the deal has begun: a card or two
    before = heard.count()
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 300), button=1)])
    assert not scene.timeline.queue
    assert heard.count() == before


def test_the_end_of_a_game_asks_for_the_game_end_sound_once(monkeypatch):
    app = make_app()
    app.settings.computer_speed = "fast"
    scene = table_game(app, [("Ada", False), ("Bo", False)], seed=2, game="ugh")
    heard = Heard(app, scene, monkeypatch)
    until(app, lambda: scene.session.match.over, limit=600, each=lambda: _close_summary(app, scene))
    assert "game_end" not in heard.other
    until(
        app,
        lambda: isinstance(app.stack.top, ResultsScene),
        limit=30,
        each=lambda: _close_summary(app, scene),
    )
    tick(app)
    assert heard.other.count("game_end") == 1
