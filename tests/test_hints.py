"""Hints at the table: H or the Hint button shows the move the hard computer would make.

The real worker process thinks (a search of up to a second) while the table
keeps drawing; a hint counts only for the decision it was asked about.
"""

from __future__ import annotations

import pygame
import pytest

from cardtable.ai.ismcts import ISMCTSAgent
from cardtable.app.scenes.privacy import PrivacyScene
from cardtable.app.table.hint import Hinter
from cardtable.engine import Action
from ui import button, click, confirm_privacy, key, make_app, table_game, tick, until, until_my_turn

SOLO = {
    "ugly": [("You", True), ("Ada", False), ("Bo", False)],
    "ugo": [("You", True), ("Ada", False)],
    "ugh": [("You", True), ("Ada", False), ("Bo", False)],
    "ultimate-loser": [("You", True), ("Ada", False), ("Bo", False)],
}


class FakeWorker:
    """A worker whose answers the test gives (or never gives)."""

    def __init__(self) -> None:
        self.asked: list[tuple] = []
        self.answers: dict[int, tuple[Action | None, str | None]] = {}

    def ask(self, game_id, level, seed, seat, view) -> int:
        self.asked.append((game_id, level, seed, seat))
        return len(self.asked)

    def take(self, ticket):
        return self.answers.pop(ticket, None)


@pytest.mark.parametrize("game", list(SOLO))
def test_h_shows_the_hard_computers_move_without_freezing_the_table(game, monkeypatch):
    app = make_app()
    scene = table_game(app, SOLO[game], seed=7, game=game)
    until_my_turn(app, scene)
    moment = scene.session.moment

    def here(*_):
        raise AssertionError("the hint was searched in the table's own process")

    monkeypatch.setattr(ISMCTSAgent, "choose", here)  # the worker's process is not touched
    key(app, pygame.K_h)
    assert scene.status_text() == "Finding a hint..."
    frames = 0

    def frame() -> None:
        nonlocal frames
        frames += 1
        tick(app)

    until(app, lambda: scene.hint_now() is not None, limit=30, each=frame)
    assert frames > 1, "the table kept drawing while the hint was found"
    hinted = scene.hint_now()
    assert hinted in scene.view.legal and scene.session.moment == moment
    assert scene.status_text().startswith("Hint: ")
    if hinted.card is not None and hinted.card in scene.resolver().pickable():
        assert scene.session.pick.focus == hinted.card  # lifted and glowing, ready for Enter
    else:
        assert any(c.action == hinted and c.button.primary for c in scene.controls.items)
    assert scene.session.hinter.used == 1
    key(app, pygame.K_h)  # asking again for the same decision asks nothing new
    assert scene.session.hinter.used == 1 and scene.session.hinter.asked is None


def test_enter_plays_the_hinted_card():
    app = make_app()
    scene = table_game(app, SOLO["ugo"], seed=7, game="ugo")
    worker = scene.session.hinter.worker = FakeWorker()
    until_my_turn(app, scene)
    card_moves = [a for a in scene.view.legal if a.card is not None and a.card in scene.resolver().pickable()]
    several = [a for a in card_moves if sum(b.card == a.card for b in card_moves) > 1]
    assert several  # a card that could make several moves: the card alone would not say which
    chosen = several[-1]
    click(app, button(scene, "Hint").rect.center)
    assert worker.asked and worker.asked[0][1] == "hard"
    worker.answers[1] = (chosen, None)
    tick(app)
    assert scene.hint_now() == chosen and scene.session.pick.focus == chosen.card
    before = scene.session.moment
    key(app, pygame.K_RETURN)
    assert scene.session.moment > before
    assert scene.session.match.game.to_dict()["actions"][-1][1] == chosen.to_dict()


def _asked_for_a_hint():
    """Solo Ugly at the person's first decision, H pressed, the (fake) worker not yet answering."""
    app = make_app()
    scene = table_game(app, SOLO["ugly"], seed=7)
    worker = scene.session.hinter.worker = FakeWorker()
    until_my_turn(app, scene)
    key(app, pygame.K_h)
    return app, scene, worker


def test_a_hint_for_a_decision_already_made_is_not_shown():
    app, scene, worker = _asked_for_a_hint()
    legal = scene.view.legal
    scene.perform([legal[0]])  # the person decided before the hint came
    worker.answers[1] = (legal[-1], None)
    for _ in range(3):
        tick(app)
    assert scene.hint_now() is None and scene.session.hinter.used == 0
    assert not scene.status_text().startswith("Hint")


def test_a_failed_search_shows_no_hint_and_the_game_goes_on():
    app, scene, worker = _asked_for_a_hint()
    worker.answers[1] = (None, "Traceback: the search fell over")
    tick(app)
    assert scene.hint_now() is None and scene.session.hinter.asked is None and scene.my_turn


def test_no_hints_in_pass_and_play_or_off_turn():
    app = make_app()
    scene = table_game(app, [("Mia", True), ("Noor", True), ("Ada", False)], seed=7)
    worker = scene.session.hinter.worker = FakeWorker()
    until(app, lambda: isinstance(app.stack.top, PrivacyScene))
    confirm_privacy(app)
    until_my_turn(app, scene)
    key(app, pygame.K_h)
    assert worker.asked == [] and scene.status_text().startswith("Hints are for one person")
    assert scene.button("Hint") is None

    solo = make_app()
    alone = table_game(solo, SOLO["ugly"], seed=7)
    worker = alone.session.hinter.worker = FakeWorker()
    for _ in range(2000):  # play on until a computer is about to move and the cards lie still
        if alone.my_turn:
            alone.perform([alone.view.legal[0]])
        elif (
            not alone.timeline.busy
            and alone.summary is None
            and alone.session.match.agent_to_act() is not None
        ):
            break
        tick(solo, dt=1 / 120)
    else:
        raise AssertionError("a computer never had the move while the table was still")
    key(solo, pygame.K_h)
    assert worker.asked == [] and alone.status_text() == "A hint is for your turn"


def test_the_hint_has_a_search_of_its_own():
    """Its seed is apart from every seat's, so asking for hints never changes how computers play."""
    worker = FakeWorker()
    hinter = Hinter(worker, "ugly", seed=5)
    seat_seeds = {5 * 31 + seat for seat in range(12)}
    hinter.ask(0, None, moment=3)
    assert worker.asked[0][2] not in seat_seeds
    assert not hinter.ask(0, None, moment=3)  # one question per decision
    assert hinter.collect(4, ()) is None  # still thinking, and by now a move was made
    worker.answers[1] = ("a move", None)
    assert hinter.collect(4, ("a move",)) is None and hinter.used == 0  # stale: not shown


def test_hints_are_kept_through_continue_and_counted_in_the_statistics():
    from cardtable.app.scenes.table import TableScene
    from cardtable.saves import read_autosave

    app = make_app()
    scene = table_game(app, SOLO["ugly"], seed=7, options={"rounds": 1})
    worker = scene.session.hinter.worker = FakeWorker()
    until_my_turn(app, scene)
    key(app, pygame.K_h)
    worker.answers[1] = (scene.view.legal[0], None)
    tick(app)
    assert scene.hint_now() is not None and scene.session.keeper.hints == [1, 0, 0]
    app.saver.flush()
    record, problem = read_autosave(app.data)
    assert problem is None and [s.hints for s in record.seats] == [1, 0, 0]

    again = TableScene.from_save(app, record)  # Continue
    app.replace(again)
    assert again.session.keeper.hints == [1, 0, 0]
    worker = again.session.hinter.worker = FakeWorker()
    until_my_turn(app, again)
    key(app, pygame.K_h)
    worker.answers[1] = (again.view.legal[0], None)
    tick(app)
    for _ in range(3000):
        if again.session.match.over:
            break
        if again.my_turn:
            again.perform([again.view.legal[0]])
        elif again.summary is not None:
            again.close_summary()
        tick(app)
    until(
        app,
        lambda: app.stack.top is not again,
        limit=30,
        each=lambda: again.summary and again.close_summary(),
    )
    game = app.stats.stats.records[-1]
    assert [s.hints for s in game.seats] == [2, 0, 0]
    totals = app.stats.stats.totals
    assert sum(t.hints for (player, *_), t in totals.items() if player == "You") == 2 * 2  # its row and "all"
    written = (app.data / "statistics.yaml").read_text()
    assert "hints: 2" in written
