"""Explain as I play: in a real game, a note says why the first time a rule fires; once; never
stopping play; as the setting says (a player's first games, every game, or never)."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.app.scenes.table import TableScene
from cardtable.app.table.explainer import SEEN_FILE
from cardtable.settings import FIRST_GAMES
from cardtable.stats import GameRecord, SeatResult
from cardtable.tutorials import builtin_tutorials
from ui import make_app, table_game, tick

SOLO = [("Mia", True), ("Ada", False), ("Bo", False), ("Cy", False)]
UGLY = builtin_tutorials()[0]["ugly"]


def _play(app, scene: TableScene, seed: int = 1) -> list[str]:
    """The whole game played (the person's moves made as the table's gestures make them), and
    every note said."""
    rng = random.Random(seed)
    match = scene.session.match
    said: list[str] = []
    for _frame in range(20000):
        said += [t for t, _until in scene.said.toasts if t not in said]
        if match.game.is_over() or app.stack.top is not scene:
            break
        if scene.summary is not None:
            scene.close_summary()
        if scene.my_turn:
            scene.perform([rng.choice(scene.view.legal)])  # as the table's own gestures end
        tick(app, dt=0.1)
    return said


def _notes(game) -> dict[str, str]:
    return {n.id: n.say for n in UGLY.explain}


def test_each_note_comes_once_the_first_time_its_rule_fires_and_play_goes_on():
    app = make_app(speed="fast")
    scene = table_game(app, SOLO, seed=5, options={"rounds": 2})
    said = _play(app, scene)
    notes = _notes("ugly")
    assert scene.session.match.game.is_over()  # nothing stopped the game
    fired = [n for n in UGLY.explain if n.say in said]
    assert fired, "no rule explained in a whole game"
    assert len(said) == len(set(said))
    seen = json.loads((app.data / SEEN_FILE).read_text())
    assert {f"ugly:{n.id}" for n in fired} <= set(seen)
    assert set(notes.values()) >= set(said)
    # the next game: what was explained is not said again
    again = table_game(app, SOLO, seed=6, options={"rounds": 2})
    assert not set(_play(app, again, seed=2)) & {n.say for n in fired}


def test_no_notes_when_the_setting_is_off_or_after_the_first_games():
    app = make_app(speed="fast")
    app.settings.explain = "off"
    assert table_game(app, SOLO, seed=5).explainer is None
    app.settings.explain = "first games"
    assert table_game(app, SOLO, seed=5).explainer is not None
    for i in range(FIRST_GAMES):
        seats = (SeatResult("Mia", "human", 1.0, 1, True), SeatResult("Ada", "normal", 0.0, 2, False))
        app.stats.stats.add(GameRecord("ugly", 4, f"2026-11-2{i} 10:00:00", "standard", seats))
    assert table_game(app, SOLO, seed=5).explainer is None
    app.settings.explain = "always"
    assert table_game(app, SOLO, seed=5).explainer is not None


@pytest.mark.parametrize("auto", [True, False])
def test_a_forced_move_is_made_for_the_player_who_asks(auto):
    """The person makes only real choices: with Forced moves on, the game still ends (each lone
    move made for them); off, it waits at the first lone move."""
    app = make_app(speed="fast")
    app.settings.auto_play = auto
    scene = table_game(app, SOLO, seed=5, options={"rounds": 1})
    match = scene.session.match
    rng = random.Random(3)
    waited = 0
    for _frame in range(20000):
        game = match.game
        if game.is_over() or waited > 20:
            break
        if scene.summary is not None:
            scene.close_summary()
        choices = scene.view.legal if scene.my_turn else ()
        if len(choices) > 1:
            scene.perform([rng.choice(choices)])  # as the table's own gestures end
        waited = waited + 1 if len(choices) == 1 else 0
        tick(app, dt=0.1)
    assert match.game.is_over() == auto
    if not auto:
        assert len(scene.view.legal) == 1  # it waits for the person, at their only move


@pytest.mark.parametrize(
    "key, value, good",
    [
        ("explain", "sometimes", ("first games", "always", "off")),
        ("hand_order", "by colour", ("table", "suit", "rank")),
        ("auto_play", "maybe", None),
    ],
)
def test_the_help_settings_round_trip_and_a_wrong_value_is_named(tmp_path, key, value, good):
    from cardtable.settings import Settings
    from cardtable.userfiles import UserFiles

    for choice in good or (True, False):
        settings = Settings(**{key: choice})
        files = UserFiles(tmp_path / f"ok-{key}-{choice}")
        files.save_settings(settings)
        assert UserFiles(files.root).load_settings() == settings
    folder = tmp_path / f"bad-{key}"
    folder.mkdir()
    written = f"volume: 40\n{key}: {value}\n".encode()
    (folder / "settings.yaml").write_bytes(written)
    files = UserFiles(folder)
    assert files.load_settings() == Settings()
    error = files.problems[files.settings_path]
    assert (error.line, error.key) == (2, key)
    assert (folder / "settings.yaml").read_bytes() == written


ALL = builtin_tutorials()[0]


@pytest.mark.parametrize("game", sorted(g for g, t in ALL.items() if t.explain))
def test_every_note_of_every_game_comes_up_in_real_games(game):
    """No note waits for a moment that never comes: each fires in some of 40 random games."""
    from cardtable import games

    spec = games.get(game)
    notes = {n.id: n for n in ALL[game].explain}
    fired: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        g = spec.new_game(rng.choice(list(spec.player_range)), seed=seed)
        while not g.is_over() and len(fired) < len(notes):
            seat = rng.choice(g.to_act())
            for event in g.apply(seat, rng.choice(g.legal_actions(seat))):
                fired |= {i for i, n in notes.items() if n.fires(event)}
        if len(fired) == len(notes):
            break
    assert fired == set(notes)
