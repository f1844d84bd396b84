"""Learn to play: each game's guided first game played to its end through the real event queue,
following the coach, with a wrong move tried at every step that waits for one."""

from __future__ import annotations

import pygame
import pytest

from cardtable.app.scenes.lesson import CoachNoteScene, LessonEndScene, LessonScene
from cardtable.tutorials import builtin_tutorials, expects, tutorial_path, wanted
from gestures import Person
from ui import click, continue_summary, key, make_app, tick

TUTORIALS, PROBLEMS = builtin_tutorials()


def test_every_shipped_tutorial_reads():
    assert not PROBLEMS, [str(p) for p in PROBLEMS]
    assert "ugly" in TUTORIALS


def _play_through(app, lesson: LessonScene, seed: int = 0, wrong: bool = True, limit: int = 6000):
    """Follow the coach to the lesson's end: Next on each note, the step's own move where it waits
    for one (after a wrong one first), and otherwise the moves a player would make."""
    person = Person(lesson, seed)
    game = lesson.session.match.game
    notes, answered = [], []
    waited = False
    for _frame in range(limit):
        top = app.stack.top
        if isinstance(top, LessonEndScene):
            return notes, answered
        if isinstance(top, CoachNoteScene):
            notes.append(lesson.step.id)
            key(app, pygame.K_RETURN)
            continue
        if top is not lesson:
            tick(app, dt=0.1)
            continue
        if continue_summary(app, lesson):
            continue
        step = lesson.step
        if lesson.my_turn and not lesson.animating and step is not None and lesson.started and step.do:
            moves = wanted(step, lesson.view.legal)
            assert moves, f"step {step.id}: its move is not among the legal ones"
            others = [a for a in lesson.view.legal if not expects(step, a)]
            if wrong and others and step.id not in answered:
                before = game.to_dict()
                person._make(app, others[0])
                assert game.to_dict() == before, f"step {step.id}: the wrong move was made"
                assert lesson.refusal_now() == step.wrong, f"step {step.id}: not the step's answer"
                answered.append(step.id)
                assert lesson.step is step
                continue
            index = lesson.index
            person._make(app, moves[0])
            assert lesson.index == index + 1, f"step {step.id}: its move did not end it"
            continue
        if lesson.my_turn and not lesson.animating and not waited:
            waited = True  # one more frame first: a step whose moment this is starts in it
            tick(app, dt=0.05)
            continue
        if lesson.my_turn and not lesson.animating:
            waited = False
            person.move(app)
            continue
        tick(app, dt=0.1)
    raise AssertionError(f"the lesson did not end (step {lesson.index}: {lesson.step})")


@pytest.mark.parametrize("game", sorted(TUTORIALS))
def test_a_lesson_played_as_told_reaches_its_end(game):
    app = make_app(speed="fast")
    tutorial = TUTORIALS[game]
    lesson = LessonScene(app, tutorial)
    app.push(lesson)
    notes, answered = _play_through(app, lesson)
    expected_notes = [s.id for s in tutorial.steps if s.waits_for_next]
    assert notes == expected_notes
    assert answered == [s.id for s in tutorial.steps if s.do is not None]
    end = app.stack.top
    assert isinstance(end, LessonEndScene)
    assert end.learned == [s.title for s in tutorial.steps if s.title]
    assert not (app.data / "autosave.json").exists()  # nothing of a lesson is kept


@pytest.mark.parametrize("gesture", ["click", "enter"])
@pytest.mark.parametrize("game", sorted(TUTORIALS))
def test_play_a_real_game_after_a_lesson_opens_that_game_against_computers(game, gesture):
    """The end screen's default button, clicked or taken with Enter, opens a real game of the lesson's
    game: the settings' first seat is the player, every other seat a computer (it once crashed the app:
    the settings were handed over where the app was wanted)."""
    from cardtable.app.scenes.table import TableScene

    app = make_app()
    end = LessonEndScene(app, TUTORIALS[game])
    app.push(end)
    tick(app)
    if gesture == "click":
        click(app, end.play.rect.center)
    else:
        key(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TableScene), f"{type(table).__name__} after Play a real game"
    assert table.session.setup.game == game
    seats = table.session.setup.seats
    assert seats[0].human and seats[0].name == app.settings.seats[0].name
    assert not any(s.human for s in seats[1:])
    tick(app)
    assert app.stack.top is table and not table.session.match.over


@pytest.mark.parametrize("which", ["again", "title"])
def test_the_lesson_end_screens_other_buttons(which):
    from cardtable.app.scenes.title import TitleScene

    game = sorted(TUTORIALS)[0]
    app = make_app()
    end = LessonEndScene(app, TUTORIALS[game])
    app.push(end)
    tick(app)
    click(app, getattr(end, which).rect.center)
    top = app.stack.top
    assert end not in app.stack.scenes
    if which == "again":  # the lesson starts over (its first note over it)
        lessons = [s for s in app.stack.scenes if isinstance(s, LessonScene)]
        assert len(lessons) == 1 and lessons[0].tutorial is TUTORIALS[game] and lessons[0].index == 0
    else:
        assert isinstance(top, TitleScene) and len(app.stack.scenes) == 1


@pytest.mark.parametrize("game", sorted(TUTORIALS))
def test_a_tutorial_names_a_step_for_every_section_of_its_rules(game):
    from cardtable.resources import asset_file

    tutorial = TUTORIALS[game]
    text = asset_file("rules", f"{game}.md").read_text(encoding="utf-8")
    sections = [line[3:].strip() for line in text.splitlines() if line.startswith("## ")]
    assert sections and set(tutorial.teaches) == set(sections)
    ids = {s.id for s in tutorial.steps}
    assert all(step is None or step in ids for step in tutorial.teaches.values())


def test_a_broken_tutorial_of_ones_own_is_named_and_the_shipped_one_is_offered(config_folder):
    own = config_folder / "tutorials"
    own.mkdir(parents=True)
    broken = own / "ugly.yaml"
    broken.write_text("game: ugly\nseats: [You, Ada, Bo, Cy]\nseed: 6\nsteps:\n  - id: a\n    sya: hello\n")
    before = broken.read_bytes()
    app = make_app()
    app.open("learn")
    tick(app)
    learn = app.stack.top
    assert [b.label for b in learn.buttons] == ["Learn Ugly", *[b.label for b in learn.buttons[1:]]]
    assert learn.tutorials["ugly"].path.endswith("config/tutorials/ugly.yaml")  # the shipped one
    (problem,) = learn.problems
    assert "tutorials/ugly.yaml, line 6" in problem and "sya" in problem
    assert broken.read_bytes() == before


def test_ones_own_tutorial_replaces_the_shipped_one(config_folder):
    own = config_folder / "tutorials"
    own.mkdir(parents=True)
    text = tutorial_path("ugly").read_text(encoding="utf-8").replace("seed: 6", "seed: 7")
    (own / "ugly.yaml").write_text(text, encoding="utf-8")
    app = make_app()
    app.open("learn")
    tick(app)
    assert app.stack.top.tutorials["ugly"].seed == 7 and not app.stack.top.problems


def test_skip_and_restart_from_a_note():
    app = make_app()
    lesson = LessonScene(app, TUTORIALS["ugly"])
    app.push(lesson)
    for _frame in range(50):
        if isinstance(app.stack.top, CoachNoteScene):
            break
        tick(app, dt=0.1)
    note = app.stack.top
    assert isinstance(note, CoachNoteScene) and lesson.step.id == "welcome"
    click(app, note.next.rect.center)
    assert app.stack.top is not note and lesson.index == 1  # the next note may open at once
    for _frame in range(100):
        if isinstance(app.stack.top, CoachNoteScene):
            break
        tick(app, dt=0.1)
    hand = sorted(c.code for c in lesson.session.match.game.hands[0].cards)
    click(app, app.stack.top.restart.rect.center)
    (again,) = [scene for scene in app.stack.scenes if isinstance(scene, LessonScene)]
    assert again is not lesson and again.index == 0  # its first note may already be open
    assert sorted(c.code for c in again.session.match.game.hands[0].cards) == hand  # the same deal


def test_skip_step_moves_on_without_the_move():
    app = make_app()
    lesson = LessonScene(app, TUTORIALS["ugly"])
    app.push(lesson)
    for _frame in range(400):
        top = app.stack.top
        if isinstance(top, CoachNoteScene):
            key(app, pygame.K_RETURN)
        elif lesson.started and lesson.step.do is not None:
            break
        else:
            tick(app, dt=0.1)
    step = lesson.step
    assert step.id == "trump"
    tick(app)
    click(app, lesson.coach.skip.rect.center)
    assert lesson.step is not step


def test_learn_on_the_command_line(monkeypatch):
    from cardtable import cli

    opened = []
    monkeypatch.setattr("cardtable.app.app.launch", lambda **kw: opened.append(kw) or 0)
    assert cli.main(["--learn", "ugly"]) == 0 and opened[0]["learn"] == "ugly"
    assert cli.main(["--learn", "chess"]) == 2


def test_a_light_never_points_at_a_card_the_learner_cannot_see():
    """A tutorial may name any card; a ring round a face-down one would tell which card it is."""
    import dataclasses

    from cardtable.app.scenes.lesson import draw_lights

    app = make_app()
    lesson = LessonScene(app, TUTORIALS["ugly"])
    app.push(lesson)
    for _frame in range(100):
        tick(app, dt=0.1)
    view = lesson.view
    mine = sorted(c.code for c in view.zone("hand", 0).known_cards)
    hidden = sorted(c.code for c in lesson.session.match.game.hands[1].cards)
    step = dataclasses.replace(lesson.tutorial.steps[0], highlight=(mine[0], *hidden))
    # Wherever the table would draw them (a card seen before may keep its face in the model):
    lesson.target_rect = lambda card: pygame.Rect(10, 10, 40, 60)
    rings = draw_lights(pygame.Surface(app.size), lesson, step)
    assert len(rings) == 1  # the learner's own card only


@pytest.mark.parametrize("game", sorted(TUTORIALS))
def test_a_lesson_draws_no_card_its_learner_may_not_see(game):
    """The whole lesson under the privacy witness: every face and card name drawn on every frame."""
    from privacy_witness import Witness

    app = make_app(speed="fast")
    witness = Witness(app)
    lesson = LessonScene(app, TUTORIALS[game])
    app.push(lesson)
    _play_through(app, lesson, wrong=False)
    assert witness.frames > 50 and witness.faces_checked > 0
