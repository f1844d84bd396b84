"""The status line: one function of the game as it stands, checked in every phase of every game at
every table size, with views taken from real games (rule-based players), and the table's stale
cases: words that outlived what they were about."""

from __future__ import annotations

import pytest

from cardtable import games
from cardtable.ai import make_agent
from cardtable.app.layout import has_layout, load_layout
from cardtable.app.table.status import Doing, status_line
from cardtable.engine import format_prompt

TABLES = [g for g in games.ids() if has_layout(g)]


def _views_by_phase(game: str, players: int, seed: int = 1):
    """(phase, view of the seat to act, view of a seat that is not, public view), once per phase
    and deciding-seat count, through a whole game; and the final views."""
    spec = games.get(game)
    state = spec.new_game(players, seed=seed)
    agents = [make_agent("normal", spec, seed * 10 + s) for s in range(players)]
    seen: dict[tuple, tuple] = {}
    moves = 0
    while not state.is_over() and moves < 4000:
        acting = state.to_act()
        waiting = next((s for s in range(players) if s not in acting), None)
        key = (state.view(None).phase, len(acting) > 1)
        if key not in seen:
            seen[key] = (
                state.view(acting[0]),
                None if waiting is None else state.view(waiting),
                state.view(None),
            )
        seat = acting[0]
        state.apply(seat, agents[seat].choose(state.view(seat)))
        moves += 1
    assert state.is_over(), f"{game} did not end"
    return seen, state


def _cases():
    for game in TABLES:
        for players in games.get(game).player_range:
            yield game, players


@pytest.mark.parametrize(("game", "players"), list(_cases()))
def test_the_status_says_who_decides_in_every_phase(game, players):
    names = [f"P{i}" for i in range(players)]
    seen, state = _views_by_phase(game, players)
    phases = {phase for phase, _ in seen}
    handed = set(load_layout(game).handover)
    assert handed - {"over"} <= phases | {"rps", "window", "choose", "wild", "discard", "react"}
    for (phase, _), (mine, other, public) in seen.items():
        me = mine.seat
        status = status_line(mine, names, me, [me], doing=Doing(can_act=True))
        assert status.tone == "turn", (phase, status)
        assert status.text == format_prompt(mine.prompt, names, me), (phase, status)
        assert not status.text.startswith("Waiting"), (phase, status)
        # The same seat played by a computer (a demo): nobody at the screen decides.
        assert status_line(mine, names, me, []).tone == "plain"
        if other is not None:
            waiting = status_line(other, names, other.seat, [other.seat])
            assert waiting.tone == "plain", (phase, waiting)
            deciding = [names[s] for s in other.to_act]
            assert any(n in waiting.text for n in deciding), (phase, waiting.text, deciding)
            assert waiting.text != status.text, (phase, waiting.text)  # not the decider's words
        nobody = status_line(public, names, None, list(range(players)))
        assert nobody.tone == "plain" and nobody.text, (phase, nobody)
        assert names[me] in nobody.text or any(names[s] in nobody.text for s in public.to_act)
        # A round's summary says what matters: nothing under it.
        assert status_line(mine, names, me, [me], summary=True).text == ""
    final = state.view(0)
    over = status_line(final, names, 0, [0], winners=tuple(state.winners()))
    winners = [("You" if s == 0 else names[s]) for s in state.winners()]
    assert over.text.startswith("Game over") and all(w in over.text for w in winners), over.text


@pytest.mark.parametrize("game", TABLES)
def test_a_refusal_and_what_the_person_does_take_their_turn_in_order(game):
    players = games.get(game).table_size
    names = [f"P{i}" for i in range(players)]
    seen, _ = _views_by_phase(game, players)
    mine = next(iter(seen.values()))[0]
    me = mine.seat
    refused = status_line(
        mine, names, me, [me], refusal="you must follow spades", doing=Doing(True, hint="x")
    )
    assert (refused.text, refused.tone) == ("You must follow spades", "refusal")
    assert status_line(mine, names, me, [me], doing=Doing(True, hint="")).text == "Finding a hint..."
    hinted = status_line(mine, names, me, [me], doing=Doing(True, hint="Play 2♣", hint_ready=True))
    assert hinted.text == "Hint: Play 2♣ - press Enter"
    held = status_line(mine, names, me, [me], doing=Doing(True, held="Play 2♣", held_by_click=True))
    assert held.text == "Play 2♣ - click again or press Enter"
    assert status_line(mine, names, me, [me], doing=Doing(True, held="Play 2♣")).text == "Play 2♣"
    watched = status_line(mine, names, me, [], watching=True)
    assert watched.text.startswith(f"Watching {names[me]}")
