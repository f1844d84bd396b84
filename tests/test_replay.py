"""Replays: a finished game watched again, forward and back, with every hand open."""

from __future__ import annotations

import subprocess
import sys

import pygame
import pytest

from cardtable import games
from cardtable.ai import make_agent
from cardtable.app.scenes.replay import ReplayScene
from cardtable.match import Match, Seat
from cardtable.saves import MatchRecord, SaveError, read_replay, replay_yaml, seats_of
from tests.ui import click, key, make_app, run


def _replay_file(tmp_path, game: str, players: int, seed: int = 3):
    spec = games.get(game)
    seats = [Seat(f"P{i}", make_agent("easy", spec, i)) for i in range(players)]
    match = Match(spec, seats, seed=seed)
    match.run_agents()
    record = MatchRecord(seats_of(match.names, ["easy"] * players), "standard", match.game.to_dict())
    path = tmp_path / f"{game}.yaml"
    path.write_text(replay_yaml(record), encoding="utf-8")
    return path, match


@pytest.mark.parametrize("game", games.ids())
def test_stepping_forward_and_back_shows_each_state_with_every_hand_open(game, tmp_path):
    spec = games.get(game)
    path, match = _replay_file(tmp_path, game, max(3, spec.min_players))
    replay = read_replay(path)
    app = make_app()
    scene = ReplayScene(app, replay)
    app.push(scene)
    run(app, 0.1)
    for _ in range(5):
        key(app, pygame.K_RIGHT)
        run(app, 0.05)
    assert scene.moves == 5
    assert all(cv.card is not None for z in scene.view.zones for cv in z.cards)  # nothing is hidden
    spectator = scene.session.match.game.view(None)
    hidden = set(scene.session.match.game.all_cards()) - set(spectator.known_cards())
    in_hands = {cv.card for z in scene.view.zones for cv in z.cards if cv.face_up} & hidden
    if game != "ugh":  # Ugh! hides only its deck, which stays face down
        assert in_hands, "no hand is open"
        assert in_hands & scene.drawn_faces
    key(app, pygame.K_LEFT)
    assert scene.moves == 4
    assert scene.session.match.game.to_dict() == replay.at(4)[0].to_dict()
    click(app, scene.bar[4].rect.center)  # to the end
    assert scene.moves == replay.moves and scene.view.over
    assert scene.session.match.game.scores() == match.game.scores()
    key(app, pygame.K_HOME)
    assert scene.moves == 0
    run(app, 0.2)
    assert scene.drawn_faces <= set(scene.session.match.game.all_cards())


def test_play_runs_the_replay_by_itself_and_escape_closes_it(tmp_path):
    path, _ = _replay_file(tmp_path, "ultimate-loser", 3)
    app = make_app()
    app.push(ReplayScene(app, read_replay(path)))
    scene = app.stack.top
    key(app, pygame.K_SPACE)
    run(app, 3.0)
    assert scene.playing and scene.moves >= 3
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene


@pytest.mark.parametrize(
    "text",
    [
        "card_table_replay: 1\ngame: ugly\nseed: 1\nseats: [{name: A}, {name: B}, {name: C}]\n"
        "actions: [[0, {kind: nonsense}]]\n",
        "card_table_replay: 1\ngame: chess\nseed: 1\nseats: [{name: A}]\nactions: []\n",
        "just: a mapping\n",
        "!!python/object/apply:os.system ['echo hi']\n",
        "[unclosed\n",
    ],
)
def test_a_bad_replay_file_is_refused_with_a_reason(tmp_path, text):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(SaveError):
        read_replay(path)
    assert path.read_text() == text


def test_the_replay_command_opens_a_replay_and_refuses_a_bad_file(tmp_path):
    path, _ = _replay_file(tmp_path, "ugh", 3)
    env_run = dict(capture_output=True, text=True, timeout=120)
    ok = subprocess.run(
        [sys.executable, "-m", "cardtable.cli", "--exit-after", "1", "replay", str(path)], **env_run
    )
    assert ok.returncode == 0, ok.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text("card_table_replay: 1\n")
    refused = subprocess.run([sys.executable, "-m", "cardtable.cli", "replay", str(bad)], **env_run)
    assert refused.returncode == 2 and "bad.yaml" in refused.stderr and "replay" in refused.stderr


def test_a_replay_shows_the_rock_paper_scissors_reveal(tmp_path, monkeypatch):
    """The layout's own widget (Ultimate Loser's rock-paper-scissors) is part of the table a
    replay shows: stepping through a lead decided by shapes shows everyone's shape."""
    from cardtable.app.table.hooks import rock_paper_scissors as rps

    path, _ = _replay_file(tmp_path, "ultimate-loser", 4, seed=2)  # a deal whose leads go to shapes
    replay = read_replay(path)
    app = make_app()
    scene = ReplayScene(app, replay)
    app.push(scene)
    said: list[str] = []
    real = rps.draw_text
    monkeypatch.setattr(
        rps, "draw_text", lambda s, c, text, *a, **k: said.append(text) or real(s, c, text, *a, **k)
    )
    for _ in range(replay.moves):
        key(app, pygame.K_RIGHT)
        run(app, 0.05)
        if "Rock, paper, scissors!" in said:
            break
    assert "Rock, paper, scissors!" in said, "the shapes were never shown"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("card_table_replay: 1\nactions:\n" + "- [0, {kind: play}]\n" * 250_000, "larger than 4 MB"),
        ("card_table_replay: 1\nactions: " + "[" * 5000 + "]" * 5000 + "\n", "nest"),
        (
            "card_table_replay: 1\na: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n"
            + "".join(
                f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
                f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
                for i in range(9)
            ),
            "values",
        ),
    ],
    ids=["huge", "deep", "aliases"],
)
def test_a_hostile_replay_is_refused_at_once_within_the_limits_of_every_yaml_file(tmp_path, text, said):
    path = tmp_path / "replay.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError, match=said):
        read_replay(path)
