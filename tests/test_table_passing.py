"""Passing is visible: the cards passed to you are marked in your hand with whom they came from,
and a card you passed never lies face up on another player's face-down hand."""

from __future__ import annotations

import random

import pytest

from gestures import Person
from ui import continue_summary, make_app, table_game, tick

OPPONENTS = ["Bo", "Cy", "Dee"]


@pytest.mark.parametrize("players", [3, 4])
def test_cards_passed_to_you_are_marked_until_your_next_move(players):
    random.seed(players)
    app = make_app("fast")
    scene = table_game(app, [("You", True)] + [(n, False) for n in OPPONENTS[: players - 1]], seed=players)
    person = Person(scene, players)
    marked_rounds = 0
    others_faces = 0
    frames = 0
    while marked_rounds < 2 and frames < 30 * 600:
        frames += 1
        if scene.summary is not None:
            continue_summary(app, scene)
        elif scene.my_turn and not scene.animating:
            if scene.story.received:
                mine = {v.card for v in scene.view.zone("hand", 0).cards}
                received = {card for card, _ in scene.story.received}
                assert received and received <= mine
                passer = scene.session.names[scene.view.info["pass_to"].index(0)]
                assert scene.story.received_text().startswith(f"From {passer}: "), scene.story.received_text()
                assert all(card.name in scene.story.received_text() for card in received)
                person.move(app)
                assert not scene.story.received, "the mark outlived the next move"
                marked_rounds += 1
                continue
            person.move(app)
        tick(app)
        if not scene.animating:
            for seat in range(1, players):
                held = {t.card for t in scene.model.zones.get(("hand", seat), [])}
                others_faces += len(held & scene.drawn_faces)
    assert marked_rounds == 2, "no pass was marked in two rounds"
    assert others_faces == 0, "a card lay face up in another player's hand"
