"""The table session: a whole game at the table without a window, for every game and table size.

The session is the table without its screen (the match, the turn driver, the keeper, hints, undo,
the pick); these tests play through it alone, with no pygame display, as a window would.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from cardtable import games
from cardtable.app.layout import has_layout, load_layout
from cardtable.app.table.driver import Acted, Finished, HandOver
from cardtable.app.table.resolver import Pick
from cardtable.app.table.session import TableSession
from cardtable.app.table.setup import GameSetup, SeatSetup
from cardtable.app.table.status import Doing
from cardtable.engine import Action
from cardtable.saves import SaveWriter

TABLES = [g for g in games.ids() if has_layout(g)]


def _cases():
    for game in TABLES:
        spec = games.get(game)
        counts = sorted({min(spec.player_range), spec.table_size, max(spec.player_range)})
        for players in counts:
            yield game, players


def _session(game: str, humans: int, players: int, folder, seed: int = 5) -> TableSession:
    seats = [SeatSetup(f"P{i}", i < humans, "easy") for i in range(players)]
    setup = GameSetup(game, seats, seed=seed)
    return TableSession(setup, load_layout(game), "standard", None, SaveWriter(), folder)


def test_the_session_and_all_it_imports_need_no_pygame():
    code = "import sys, cardtable.app.table.session; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False", "the table session pulls pygame in"


def _off_choice(session: TableSession, legal: tuple[Action, ...]) -> Action | None:
    """An action of the viewer's that the engine refuses: a legal one's card played as another kind."""
    for action in legal:
        for other in legal:
            if other.kind != action.kind and action.card is not None:
                probe = Action(other.kind, card=action.card, target=other.target, value=other.value)
                if probe not in legal:
                    return probe
    return None


@pytest.mark.parametrize(("game", "players"), list(_cases()))
def test_a_whole_game_plays_through_the_session_alone(game, players, tmp_path):
    session = _session(game, 1, players, tmp_path)
    rng = random.Random(players)
    clock, turns, refused = 0.0, 0, 0
    for _ in range(20000):
        if session.match.over:
            break
        clock += 1.0
        view = session.now_view()
        if session.viewer in view.to_act:
            assert session.status(
                Doing(can_act=True), summary=False, results_by_click=False, refusal=None
            ).tone == ("turn")
            before = session.moment
            probe = _off_choice(session, view.legal)
            if probe is not None and refused < 3:
                acted, why = session.act([probe])
                if why is not None:  # refused: said why, and nothing moved
                    refused += 1
                    assert why and session.moment == before and not acted.events
                    continue
            session.pick = Pick((), view.legal[0].card)
            acted, why = session.act([rng.choice(view.legal)])
            assert why is None and acted.events and session.moment > before
            assert session.pick == Pick(), "a move made clears the choice in the making"
            turns += 1
            continue
        step = session.driver.step(clock, 0.0)
        assert not isinstance(step, HandOver), "one person at the table: never handed over"
        assert step is None or isinstance(step, (Acted, Finished))
    assert session.match.over and turns > 0
    status = session.status(Doing(), summary=False, results_by_click=True, refusal=None)
    assert status.text.startswith("Game over") and status.text.endswith("click to see the results")


@pytest.mark.parametrize("game", TABLES)
def test_undo_takes_the_person_back_to_their_last_decision(game, tmp_path):
    spec = games.get(game)
    session = _session(game, 1, spec.table_size, tmp_path)
    clock, before = 0.0, None
    for _ in range(2000):
        view = session.now_view()
        if session.viewer not in view.to_act:
            clock += 1.0
            session.driver.step(clock, 0.0)
        elif len(view.legal) == 1:
            session.act([view.legal[0]])  # an only move is no decision: nothing to undo to
        else:
            assert not session.can_undo, "nothing decided yet"
            before = session.moment
            session.act([view.legal[0]])
            break
    assert before is not None and session.can_undo and session.moment > before
    assert session.undo()
    assert session.moment == before and session.viewer in session.now_view().to_act
    assert not session.undo(), "back at the first decision: nothing more to undo"


@pytest.mark.parametrize("game", TABLES)
def test_at_a_shared_screen_there_is_neither_hint_nor_undo(game, tmp_path):
    spec = games.get(game)
    players = max(2, min(spec.player_range))
    session = _session(game, 2, players, tmp_path)
    assert session.driver.pass_and_play and not session.can_hint and not session.can_undo
    solo = _session(game, 1, players, tmp_path)
    assert solo.can_hint and not solo.driver.pass_and_play
