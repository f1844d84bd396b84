"""Ultimate Loser at the table, driven headless with real clicks, drags and keys.

The humans here play the moves the rule-based player would choose, made
through the table's gestures (pick cards and Confirm, drag a group, the Pass
button, a drag onto the exposed card, the big rock-paper-scissors buttons),
so the games are real games and reach every phase.
"""

import random

import pygame

from cardtable import games
from cardtable.ai import make_agent
from cardtable.app.scenes.privacy import PrivacyScene
from cardtable.app.scenes.results import ResultsScene
from cardtable.app.scenes.table import TableScene
from cardtable.engine import Moved, ZoneRef
from ui import (
    button,
    card_point,
    click,
    confirm_privacy,
    continue_summary,
    drag,
    key,
    make_app,
    table_game,
    target_point,
    tick,
    until,
)

SPEC = games.get("ultimate-loser")


class Player:
    """Makes each human decision through the table, as the rule-based bot would choose it."""

    def __init__(self, scene: TableScene, seed: int = 0) -> None:
        self.scene = scene
        self.rng = random.Random(seed)
        self.agents = {s: make_agent("normal", SPEC, 1000 + s) for s in scene.session.humans}
        self.used: set[str] = set()

    def move(self, app) -> None:
        scene = self.scene
        view = scene.view
        seat = scene.viewer
        action = self.agents[seat].choose(view)
        before = len(scene.session.match.game.history)
        if action.kind == "rps":
            hook = scene.hook
            b = next(b for b, a in hook.buttons if a.value == action.value)
            click(app, b.rect.center)
            self.used.add("rps")
        elif action.kind == "pass":
            if self.rng.random() < 0.5:
                key(app, pygame.K_p)
                self.used.add("pass key")
            else:
                click(app, button(scene, "Pass").rect.center)
                self.used.add("pass button")
        elif action.kind == "exchange":
            exposed = scene.view.zone("exposed").cards[-1].card
            if self.rng.random() < 0.5:
                drag(app, card_point(scene, action.card), card_point(scene, exposed))
                self.used.add("exchange drag")
            else:
                click(app, card_point(scene, action.card))
                click(app, card_point(scene, exposed))
                self.used.add("exchange clicks")
        else:
            self.play(app, action)
        made = [entry[1] for entry in scene.session.match.game.history[before:] if entry[0] == seat]
        assert made[:1] == [action], f"{action} was not made (made: {made})"

    def play(self, app, action) -> None:
        scene = self.scene
        cards = list(action.cards)
        self.rng.shuffle(cards)
        way = self.rng.random()
        for card in cards:
            click(app, card_point(scene, card))
        assert set(scene.session.pick.cards) == set(action.cards)
        if way < 0.4:
            confirm = button(scene, scene.session.label(action))
            assert confirm.enabled
            click(app, confirm.rect.center)
            self.used.add("confirm")
        elif way < 0.7:
            key(app, pygame.K_RETURN)
            self.used.add("enter")
        else:
            drag(app, card_point(scene, cards[0]), target_point(scene, ZoneRef("play", scene.viewer)))
            self.used.add("drag group")


def wait_for_turn(app, scene) -> None:
    until(app, lambda: scene.my_turn or scene.session.match.over)


def play_out(app, scene, player, check=None, limit=6000):
    game = scene.session.match.game
    for _ in range(limit):
        if isinstance(app.stack.top, ResultsScene):
            return
        tick(app)
        if check is not None:
            check()
        top = app.stack.top
        if isinstance(top, PrivacyScene):
            confirm_privacy(app)
        elif scene.summary is not None:
            click(app, (640, 360))
        elif isinstance(top, TableScene) and scene.my_turn:
            player.move(app)
    assert game.is_over(), "the match did not end"


def test_a_whole_match_solo_by_gestures_ends_on_the_results_chart():
    app = make_app()
    seats = [("You", True), ("Ada", False), ("Bo", False), ("Cy", False)]
    scene = table_game(app, seats, seed=11, game="ultimate-loser", variant="standard")
    player = Player(scene, 1)
    summaries = []

    def check():
        if scene.summary is not None and scene.summary[0] not in summaries:
            summaries.append(scene.summary[0])

    play_out(app, scene, player, check)
    until(
        app,
        lambda: isinstance(app.stack.top, ResultsScene),
        10,
        each=lambda: check() or continue_summary(app, scene),
    )
    results = app.stack.top
    game = scene.session.match.game
    assert results.view.over and set(results.view.winners) == set(game.winners())
    assert len(results.rounds) == game.options["hands"] == 5
    assert results.order[0] in game.winners()  # the fewest penalties first
    assert len(summaries) == 5  # after each hand, the last too (who was the Ultimate Loser in it)
    assert all(s.recap is not None and "Ultimate Loser" in s.recap.notes[0] for s in summaries)
    assert {"confirm", "enter", "drag group"} <= player.used
    assert player.used & {"pass key", "pass button"}


def test_two_humans_see_only_their_own_hands_from_the_first_frame():
    app = make_app()
    seats = [("Mia", True), ("Ada", False), ("Noor", True), ("Bo", False)]
    scene = table_game(app, seats, seed=5, game="ultimate-loser")
    game = scene.session.match.game
    humans = (0, 2)
    frames = 0
    # What each human's own views showed, hand by hand: while a hand's last trick is still on
    # screen the game has already dealt the next, so the last hand's public cards count too.
    seen: dict[tuple[int, int], set] = {}

    def check():
        nonlocal frames
        hand = game.hand_no
        for h in (*humans, None):
            seen.setdefault((h, hand), set()).update(scene.session.match.view(h).known_cards())
        visible = app.stack.visible()
        if scene not in visible:
            return
        if scene.viewer is None:  # nobody at the screen: only what everyone may see
            told = scene.session.match.events_for(
                None, scene.session.match.log
            )  # a hand's last play is told to all
            named = {e.card for e in told if isinstance(e, Moved) and e.card is not None}
            public = seen[(None, hand)] | seen.get((None, hand - 1), set()) | named
            assert scene.drawn_faces <= public, "a hidden card showed while nobody sat at the screen"
            frames += 1
            return
        assert scene.viewer in humans
        me = scene.viewer
        allowed = seen[(me, hand)] | seen.get((me, hand - 1), set())
        for other in humans:
            if other != me:
                leaked = scene.drawn_faces & (set(game.hands[other].cards) - allowed)
                assert not leaked, f"{scene.session.names[me]} saw {leaked}"
        frames += 1

    tick(app)
    assert scene.viewer is None  # nobody's cards before the first player is ready
    check()
    player = Player(scene, 2)
    play_out(app, scene, player, check, limit=8000)
    assert frames > 200


def test_a_hand_card_dropped_on_the_exposed_card_exchanges_it():
    app = make_app()
    seats = [("You", True), ("Ada", False), ("Bo", False)]
    for seed in range(30):
        scene = table_game(app, seats, seed=seed, game="ultimate-loser")
        wait_for_turn(app, scene)
        if any(a.kind == "exchange" for a in scene.view.legal):
            break
        app.pop()
    else:
        raise AssertionError("never followed a trick")
    game = scene.session.match.game
    card = next(a.card for a in scene.view.legal if a.kind == "exchange")
    exposed = scene.view.zone("exposed").cards[-1].card
    drag(app, card_point(scene, card), card_point(scene, exposed))
    assert game.exposed.cards[-1] == card and exposed in game.hands[0].cards


def test_an_illegal_combination_is_refused_with_the_reason():
    app = make_app()
    seats = [("You", True), ("Ada", False), ("Bo", False), ("Cy", False)]
    for seed in range(40):
        scene = table_game(app, seats, seed=seed, game="ultimate-loser")
        wait_for_turn(app, scene)
        lead = scene.view.info.get("lead_type")
        if lead is not None and lead[1] == 1:  # a single was led: a pair does not follow it
            hand = scene.view.zone("hand", 0).known_cards
            ranks = {}
            for c in hand:
                ranks.setdefault(c.rank, []).append(c)
            pair = next((cs[:2] for cs in ranks.values() if len(cs) >= 2), None)
            if pair:
                break
        app.pop()
    else:
        raise AssertionError("no pair in hand against a single lead")
    game = scene.session.match.game
    before = game.to_dict()
    for card in pair:
        click(app, card_point(scene, card))
    confirm = scene.controls.find("confirm")
    assert confirm is not None and not confirm.button.enabled  # no legal play with these cards
    drag(app, card_point(scene, pair[0]), target_point(scene, ZoneRef("play", 0)))
    assert game.to_dict() == before
    assert scene.status_text().startswith("This trick was led with a single")


def test_keyboard_picks_and_plays_a_single():
    app = make_app()
    seats = [("You", True), ("Ada", False), ("Bo", False), ("Cy", False)]
    for seed in range(40):
        scene = table_game(app, seats, seed=seed, game="ultimate-loser")
        wait_for_turn(app, scene)
        if scene.view.info.get("lead_type") is None:  # the viewer leads: any single goes
            break
        app.pop()
    else:
        raise AssertionError("the viewer never led")
    game = scene.session.match.game
    before = len(game.history)
    key(app, pygame.K_RIGHT)
    focus = scene.session.pick.focus
    assert focus is not None
    key(app, pygame.K_SPACE)
    assert scene.session.pick.cards == (focus,)
    key(app, pygame.K_RETURN)
    assert len(game.history) > before and game.history[before][1].cards == (focus,)


def test_a_pair_is_picked_and_played_with_the_keyboard_alone():
    app = make_app()
    seats = [("You", True), ("Ada", False), ("Bo", False)]
    for seed in range(40):
        scene = table_game(app, seats, seed=seed, game="ultimate-loser")
        wait_for_turn(app, scene)
        pairs = [a for a in scene.view.legal if a.kind == "play" and len(a.cards) == 2]
        if pairs and scene.view.info["lead_type"] is None:
            break
        app.pop()
    else:
        raise AssertionError("never a pair to lead")
    pair = pairs[0]
    key(app, pygame.K_RIGHT)
    for _ in range(40):  # Right walks the hand; Space picks the focused card
        if (
            scene.session.pick.focus in pair.cards
            and scene.session.pick.focus not in scene.session.pick.cards
        ):
            key(app, pygame.K_SPACE)
        if set(scene.session.pick.cards) == set(pair.cards):
            break
        key(app, pygame.K_RIGHT)
    assert set(scene.session.pick.cards) == set(pair.cards)
    made = len(scene.session.match.game.history)
    key(app, pygame.K_RETURN)
    assert scene.session.match.game.history[made] == (0, pair)
