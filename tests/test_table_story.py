"""The table tells the story: the words on it are about what is true now, every trick is seen won,
and the last few events are told in a strip. Real tables, driven through the event queue."""

from __future__ import annotations

import random
import time
from functools import partial

import pygame
import pytest

from cardtable import games
from cardtable.app.layout import has_layout
from cardtable.app.table.strip import strip_box, strip_point, together
from cardtable.app.table.words import plate_lines
from cardtable.engine import Announced, Gathered
from cardtable.tutorials import builtin_tutorials
from gestures import Person
from ui import card_point, click, continue_summary, drag, key, make_app, table_game, tick, until

TABLES = [g for g in games.ids() if has_layout(g)]
OPPONENTS = ["Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]


def _table(game: str, players: int, speed: str = "normal", seed: int = 3):
    random.seed(seed)
    app = make_app(speed)
    seats = [("You", True)] + [(n, False) for n in OPPONENTS[: players - 1]]
    return app, table_game(app, seats, seed=seed, game=game)


def _play(app, scene, person, done, limit: float = 240.0) -> None:
    """The person plays their turns and clicks summaries away until ``done()``."""
    t = 0.0
    while not done():
        if scene.summary is not None:
            continue_summary(app, scene)
        elif scene.my_turn and app.stack.top is scene and not scene.animating:
            person.move(app)
        tick(app)
        t += 1 / 30
        assert t < limit, "the table did not get there"


def test_after_passing_the_status_no_longer_asks_for_the_pass():
    """Seen: "Choose 3 cards to pass to Ada" stayed up after the cards were passed."""
    app, scene = _table("ugly", 4)
    person = Person(scene, 1)
    _play(app, scene, person, lambda: scene.my_turn and scene.view.phase == "pass")
    person.move(app)  # the pass, made through the table
    assert scene.timeline.busy, "the pass should still be gliding"
    assert not scene.status_text().startswith("Choose"), scene.status_text()
    assert scene.status_text().startswith("Waiting for"), scene.status_text()


def test_a_hint_asked_as_the_turn_comes_is_found_not_refused():
    """Seen: "A hint is for your turn" during your turn (asked while the last card still moved)."""
    app, scene = _table("ugly", 4)
    person = Person(scene, 2)
    _play(
        app,
        scene,
        person,
        lambda: scene.view.phase == "play" and scene.timeline.busy and 0 in scene.session.now_view().to_act,
    )
    key(app, pygame.K_h)
    assert scene.refusal_now() is None, scene.refusal_now()
    until(app, lambda: scene.hint_now() is not None, limit=120, each=lambda: time.sleep(0.01))  # its worker
    assert scene.status_text().startswith("Hint:"), scene.status_text()


def _must_follow(scene) -> bool:
    """The viewer must follow a suit they hold, and holds other cards too."""
    view = scene.view
    if not scene.my_turn or view.phase != "play" or not view.info.get("lead_suit"):
        return False
    suits = {v.card.suit for v in view.zone("hand", 0).cards}
    return view.info["lead_suit"] in suits and len(suits) > 1


def test_a_refusal_goes_with_the_moment_it_answered():
    """Seen: a refusal stayed up after the move it refused was put right."""
    app, scene = _table("ugly", 4, speed="instant")
    person = Person(scene, 3)
    _play(app, scene, person, lambda: _must_follow(scene))
    lead = scene.view.info["lead_suit"]
    wrong = next(v.card for v in scene.view.zone("hand", 0).cards if v.card.suit != lead)
    drag(app, card_point(scene, wrong), scene.zone_rect(("trick", 0)).center)
    assert scene.refusal_now() and scene.status().tone == "refusal", scene.status_text()
    person.move(app)
    assert scene.refusal_now() is None, scene.refusal_now()  # long before its time is up


def test_nothing_is_said_under_a_summary_and_the_plates_agree_with_it():
    """Seen: old prompts under the round's summary, and plates that disagreed with it (2 tricks
    against 3; 4 points against 9)."""
    app, scene = _table("ugly", 4, speed="fast")
    person = Person(scene, 4)
    _play(app, scene, person, lambda: scene.summary is not None)
    assert scene.status_text() == "", scene.status_text()
    summary = scene.summary[0]
    facts = scene.session.now_view()
    for seat, total in enumerate(summary.totals):
        lines = plate_lines(scene.layout, facts, seat, scene.session.names)
        assert lines[0] in (f"{total:g} points", f"{total:g} point"), (seat, lines, summary.totals)


@pytest.mark.parametrize("game", ["ugly", "ultimate-loser"])
@pytest.mark.parametrize("players", [3, 4])
def test_every_trick_is_seen_won_before_it_is_gathered(game, players):
    """Each trick stays on the table with who took it (and what it cost), the last of a round too,
    before the summary; the winner's cards are lit."""
    app, scene = _table(game, players)
    person = Person(scene, 5)
    shown: list[tuple[str, ...]] = []
    gathered = 0

    def watch(event, live, original=scene._played):
        nonlocal gathered
        if isinstance(event, Gathered) and event.dst[0] in ("won", "discard"):
            gathered += 1
            assert scene.story.banner is not None and scene.story.banner.lines, "a trick went unannounced"
            assert scene.summary is None, "the summary covered the trick"
            shown.append(scene.story.banner.lines)
            lit = set(scene.story.lit(scene.clock))
            trick = {t.card for t in scene.model.zones.get(tuple(event.dst), [])}  # gathered just now
            assert lit and lit <= trick, (lit, trick)
        original(event, live)

    scene.timeline.on_event = watch
    rounds = 0

    def two_rounds():
        nonlocal rounds
        if scene.summary is not None:
            rounds += 1
        return rounds >= 1 and scene.summary is None and gathered > 8

    _play(app, scene, person, two_rounds, limit=900)
    names = scene.session.names
    assert all(any(n in line or "You" in line for n in names for line in lines) for lines in shown)
    if game == "ugly":
        assert any(":" in lines[0] for lines in shown), "no trick said what it cost"


def test_with_the_setting_the_table_waits_for_a_click_after_each_trick():
    app, scene = _table("ugly", 4)
    app.settings.trick_click = True
    person = Person(scene, 6)
    _play(app, scene, person, lambda: scene.timeline.waiting)
    lines = scene.story.banner.lines
    queued = len(scene.timeline.queue)
    for _ in range(150):  # five seconds: nothing goes on
        tick(app)
    assert scene.timeline.waiting and len(scene.timeline.queue) == queued
    assert scene.story.banner.lines == lines
    click(app, (app.size[0] // 2, app.size[1] // 2))
    until(app, lambda: scene.story.banner is None, limit=10)
    assert not scene.timeline.waiting


@pytest.mark.parametrize("game", TABLES)
def test_the_strip_tells_the_last_events_in_the_log_s_words(game):
    """No announcement is toasted over the status line (a rule explained is a note of its own); the
    strip's lines are the log's last."""
    players = games.get(game).table_size
    app, scene = _table(game, players, speed="fast")
    person = Person(scene, 7)
    _play(
        app,
        scene,
        person,
        lambda: len(scene.session.match.log) > 120 and scene.my_turn and not scene.animating,
    )
    strip = [line.text for line in scene.story.strip.lines()]
    log = [line.text for line in together(scene.session.log_lines())]  # a run of moves on one line
    assert len(strip) == 4 and strip == log[-4:], (strip, log[-6:])
    explained = {n.say for t in builtin_tutorials()[0].values() for n in t.explain}  # Explain as I play
    assert not [t for t, _until in scene.said.toasts if t not in explained], scene.said.toasts
    announced = [e for e in scene.session.match.log if isinstance(e, Announced) and e.text]
    assert announced  # the game says things: they are in the strip, not in toasts
    box = strip_box(scene.geometry, strip_point(scene.layout, scene.geometry), app.size)
    for control in scene.controls.buttons():
        assert not box.colliderect(control.rect), f"the strip lies under {control.label}"


def _locks(scene) -> list:
    return [a for a in scene.view.legal if a.kind == "lock"]


def _lock_ready(scene) -> bool:
    return scene.my_turn and not scene.animating and bool(_locks(scene))


def test_picking_a_set_in_ugh_moves_no_other_card():
    """Seen: picked cards went under the buttons and the rest of the Pool shifted under the pointer."""
    for seed in (3, 5, 7, 11, 13, 17):
        app, scene = _table("ugh", 4, speed="fast", seed=seed)
        person = Person(scene, seed)
        try:
            _play(app, scene, person, partial(_lock_ready, scene), 200)
        except AssertionError:
            continue
        break
    else:
        raise AssertionError("no set came to the person")
    pool = scene.model.zones[("pool", 0)]
    before = {t.card: (t.tx, t.ty) for t in pool}
    card = _locks(scene)[0].card
    click(app, card_point(scene, card))
    for _ in range(30):
        tick(app)
    placed = {t.card: (t.tx, t.ty) for z in (("pool", 0), ("set", 0)) for t in scene.model.zones.get(z, [])}
    assert placed == before, "a card moved when one was picked for the set"
    picked = [t for t in scene.model.zones.get(("set", 0), [])]
    assert [t.card for t in picked] == [card] and picked[0].lift > 0  # it rises where it lies


def test_an_attack_draws_an_arrow_from_attacker_to_target():
    app, scene = _table("ugo", 2)
    person = Person(scene, 8)
    aims = []

    def watch(event, live, original=scene._played):
        original(event, live)
        if isinstance(event, Announced) and event.what == "attack" and live:
            aims.append((event.seat, event.value[1], scene.story.aim))

    scene.timeline.on_event = watch
    _play(app, scene, person, lambda: len(aims) >= 2, limit=900)
    for actor, victim, aim in aims:
        assert aim is not None and (aim.actor, aim.target) == (actor, victim)


def test_a_watched_demo_names_the_watched_seat_s_zones_and_yours_at_your_table():
    from cardtable.app.scenes.table import TableScene

    app = make_app("fast")
    demo = TableScene.of_computers(app, "ugo", seed=2, watch=1)
    app.push(demo)
    tick(app)
    assert (
        demo.session.possessives()[1] == f"{demo.session.names[1]}'s"
        and "Your" not in demo.session.possessives()
    )
    app2, scene = _table("ugo", 3)
    tick(app2)
    assert scene.session.possessives()[0] == "Your" and scene.session.possessives()[1] == "Bo's"


def test_the_end_of_a_game_says_click_for_the_results_and_a_click_goes_there():
    from cardtable.app.scenes.results import ResultsScene

    app, scene = _table("ugly", 3, speed="instant")
    person = Person(scene, 9)
    _play(app, scene, person, lambda: scene.results_by_click, limit=3000)
    assert scene.status_text().endswith("click to see the results"), scene.status_text()
    click(app, (app.size[0] // 2, app.size[1] // 3))
    assert isinstance(app.stack.top, ResultsScene)


def test_at_a_crowded_ugh_table_a_flip_shown_large_leaves_the_flipper_s_plate_in_sight():
    """Seen: at 12 players the flip pop-up hid the panel of the player who flipped."""
    app, scene = _table("ugh", 12, speed="normal", seed=4)
    person = Person(scene, 10)
    seen = 0
    t = 0.0
    while seen < 6 and t < 600:
        shown = scene.said.shown
        if shown.now is not None and shown.seat is not None and shown.rect.width:
            plate = scene.plates[shown.seat]
            assert not shown.rect.colliderect(plate), (shown.now[1], shown.rect, plate)
            seen += 1
            shown.now = None  # read: on to the next one
        if scene.summary is not None:
            continue_summary(app, scene)
        elif scene.my_turn and not scene.animating:
            person.move(app)
        tick(app)
        t += 1 / 30
    assert seen >= 6, "too few flips were shown large"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_ugo_pile_says_whose_it_is(players):
    """Seen: decks passed on sit by another player, and nothing said whose pile was whose."""
    app, scene = _table("ugo", players, speed="instant")
    drawn: list[str] = []
    render = app.text.render

    def spy(text, *args, **kwargs):
        drawn.append(text)
        return render(text, *args, **kwargs)

    app.text.render = spy
    person = Person(scene, players)
    _play(app, scene, person, lambda: len(scene.session.match.game.history) > 30, limit=600)
    drawn.clear()
    tick(app)
    names = ["Your", *(f"{n}'s" for n in OPPONENTS[: players - 1])]
    told = 0
    for seat, whose in enumerate(names):
        for pile in ("deck", "discard"):
            if scene.model.zones.get((pile, seat)):  # an empty pile is not there to be named
                assert f"{whose} {pile}" in drawn, (whose, pile, sorted(t for t in drawn if pile in t))
                told += 1
    assert told >= players + 1


def test_a_hint_raises_its_card_and_keeps_what_was_picked():
    """Seen in Ugly: the hint did not raise the hinted card, and it cleared the cards picked to pass."""
    app, scene = _table("ugly", 4, speed="instant")
    person = Person(scene, 11)
    _play(app, scene, person, lambda: scene.my_turn and scene.view.phase == "pass" and scene.view.select >= 2)
    first = scene.view.legal[0].card
    click(app, card_point(scene, first))
    assert scene.session.pick.cards == (first,)
    key(app, pygame.K_h)
    until(app, lambda: scene.hint_now() is not None, limit=120, each=lambda: time.sleep(0.01))
    tick(app)
    hinted = scene.hint_now().card
    assert first in scene.session.pick.cards, "the hint cleared the pick"
    hand = {t.card: t.lift for t in scene.model.zones[("hand", 0)]}
    others = [lift for card, lift in hand.items() if card not in (hinted, first)]
    assert hinted == first or hand[hinted] > max(others), (hand[hinted], max(others))
