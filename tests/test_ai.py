"""The agents: levels, information-set search that sees only views, the worker, simulate."""

import random
import time
from dataclasses import replace

import pytest

from cardtable import games
from cardtable.ai import AGENTS, LEVELS, EasyAgent, ISMCTSAgent, OmniscientAgent, RuleAgent, make_agent
from cardtable.ai.worker import Worker
from cardtable.simulate import simulate, wilson
from support import UGLY, random_step


def test_levels_and_names():
    assert list(LEVELS) == ["random", "easy", "normal", "hard"]
    assert AGENTS["rule"] is RuleAgent and AGENTS["normal"] is RuleAgent
    assert isinstance(make_agent("easy", UGLY, 1), EasyAgent)
    assert isinstance(make_agent("hard", UGLY, 1), ISMCTSAgent)
    assert isinstance(make_agent("omniscient", UGLY, 1), OmniscientAgent)


def _fast(agent, iterations=60):
    agent.seconds = 60.0  # the iteration budget decides: the same choice on any machine
    agent.iterations = iterations
    return agent


def _midgame(game_id, players, seed, steps):
    spec = games.get(game_id)
    game = spec.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over():
            break
        random_step(game, rng)
    return spec, game


def test_search_sees_only_the_view():
    """Two games that differ only in cards the seat cannot see get the same decisions."""
    compared = 0
    for seed in range(12):
        spec, game = _midgame("ugly", 4, seed, 60 + seed * 7)
        if game.is_over() or game.phase != "play":
            continue
        seat = game.to_act()[0]
        a, b = [s for s in range(4) if s != seat][:2]
        hidden_a = [c for c in game.hands[a].cards if not game.hands[a].known.get(c, 0) >> seat & 1]
        hidden_b = [c for c in game.hands[b].cards if not game.hands[b].known.get(c, 0) >> seat & 1]
        if not hidden_a or not hidden_b:
            continue
        other = game.clone()
        x, y = hidden_a[0], hidden_b[0]
        other.hands[a].cards.remove(x)
        other.hands[b].cards.remove(y)
        other.hands[a].cards = sorted([*other.hands[a].cards, y])
        other.hands[b].cards = sorted([*other.hands[b].cards, x])
        assert other.to_dict() != game.to_dict()
        first = _fast(make_agent("hard", spec, 99)).choose(game.view(seat))
        second = _fast(make_agent("hard", spec, 99)).choose(other.view(seat))
        assert first == second
        compared += 1
    assert compared >= 4


@pytest.mark.parametrize(
    "game_id, players, steps",
    [
        ("ugly", 4, 40),
        ("ugly", 3, 5),
        ("ugo", 2, 30),
        ("ugo", 3, 60),
        ("ugh", 4, 50),
        ("ultimate-loser", 4, 20),
    ],
)
def test_search_plays_legal_moves_in_every_game(game_id, players, steps):
    spec, game = _midgame(game_id, players, 7, steps)
    agent = _fast(make_agent("hard", spec, 3), iterations=40)
    rng = random.Random(1)
    for _ in range(25):
        if game.is_over():
            break
        seat = game.to_act()[0]
        view = game.view(seat)
        action = agent.choose(view)
        assert action in view.legal
        game.apply(seat, action)
        if rng.random() < 0.5 and not game.is_over():
            random_step(game, rng)


def test_search_answers_off_turn_decisions():
    """U-G-O's 10: the defender decides during the attacker's turn."""
    from support import act, ugo_game

    game = ugo_game(tables=[[("6S@0", "attack", True, "")], []], hands=["", "10H@0 2C@0"])
    act(game, "attack", "6S@0")
    assert game.to_act() == (1,)
    action = _fast(make_agent("hard", game.spec, 5), iterations=80).choose(game.view(1))
    assert action.kind == "ten"  # a 12-card direct hit is worth a 10


@pytest.mark.parametrize("paired", [0.0, 0.5])
def test_search_respects_its_time_limit(paired):
    spec, game = _midgame("ugly", 4, 3, 40)
    rng = random.Random(2)
    while len(game.legal_actions(game.to_act()[0])) < 2:
        random_step(game, rng)
    agent = make_agent("hard", spec, 1)
    agent.seconds, agent.iterations, agent.paired = 0.2, 10**9, paired
    read: list[float] = []  # a clock of the test's own, 5 ms on at each reading: no wall clock

    def clock() -> float:
        read.append(len(read) * 0.005)
        return read[-1]

    agent.clock = clock
    agent.choose(game.view(game.to_act()[0]))
    assert agent.last_iterations > 10, "it searched"
    past = [t for t in read if t > agent.seconds]
    assert len(past) == 1, f"it went on for {len(past)} readings past its limit"


def test_omniscient_needs_the_true_game():
    spec, game = _midgame("ugly", 4, 3, 40)
    rng = random.Random(2)
    while len(game.legal_actions(game.to_act()[0])) < 2:
        random_step(game, rng)
    agent = _fast(make_agent("omniscient", spec, 1), iterations=30)
    with pytest.raises(ValueError, match="true game"):
        agent.choose(game.view(game.to_act()[0]))
    agent.game = game
    view = game.view(game.to_act()[0])
    assert agent.choose(view) in view.legal


def test_easy_makes_mistakes_but_stays_legal():
    spec, game = _midgame("ugly", 4, 5, 40)
    rng = random.Random(2)
    while len(game.legal_actions(game.to_act()[0])) < 3:
        random_step(game, rng)
    view = game.view(game.to_act()[0])
    normal = RuleAgent(spec, 1).choose(view)
    easy = EasyAgent(spec, 1)
    picks = [easy.choose(view) for _ in range(200)]
    assert all(p in view.legal for p in picks)
    assert any(p != normal for p in picks) and sum(p == normal for p in picks) > 100


def test_parallel_simulation_gives_the_same_games():
    one = simulate(UGLY, 4, 6, ["normal", "random", "easy", "random"], seed=5, workers=1)
    two = simulate(UGLY, 4, 6, ["normal", "random", "easy", "random"], seed=5, workers=2)
    assert (one.wins, one.mean_scores, one.means) == (two.wins, two.mean_scores, two.means)
    assert two.workers == 2 and one.decisions == two.decisions


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_the_worker_process_decides_for_the_app():
    spec, game = _midgame("ugly", 4, 3, 40)
    seat = game.to_act()[0]
    view = game.view(seat)
    worker = Worker()
    try:
        ticket = worker.ask("ugly", "normal", 4, seat, view)
        deadline = time.time() + 30
        answer = None
        while answer is None and time.time() < deadline:
            answer = worker.poll()
            time.sleep(0.01)
        assert answer is not None
        got, action, error = answer
        assert got == ticket and error is None and action in view.legal
        assert action == RuleAgent(spec, 4).choose(view)  # the same agent, seeded the same
    finally:
        worker.close()


def test_a_strong_guard_keeps_the_rule_based_move():
    spec, game = _midgame("ugly", 4, 5, 30)
    for _ in range(6):
        seat = game.to_act()[0]
        view = game.view(seat)
        agent = _fast(ISMCTSAgent(spec, 3, guard=1e9), iterations=40)
        choice = agent.choose(view)
        if len(view.legal) > 1:
            assert choice == agent.guide_move
        game.apply(seat, choice)


def test_rewards_follow_standings_until_the_game_ends():
    game = games.get("ugo").new_game(2, seed=1)
    base = game.standings()
    assert game.rewards(base) == (0.5, 0.5)
    game.standings = lambda: (base[0] + 8, base[1])  # seat 0 is better placed; scores unchanged
    low, high = sorted(game.rewards(base))
    assert game.rewards(base)[0] == high > 0.5 > low


def test_search_breaks_a_circle_with_the_rule_based_move():
    spec, game = _midgame("ugh", 4, 3, 0)
    rng = random.Random(3)
    while len(game.legal_actions(game.to_act()[0])) < 2:
        random_step(game, rng)
    seat = game.to_act()[0]
    view = game.view(seat)
    agent = _fast(ISMCTSAgent(spec, 1), iterations=30)
    agent.choose(view)
    assert agent.last_iterations >= 28  # searched: the budget, less what a paired world could not fit
    again = agent.choose(view)  # the same position again, as after putting a set back
    assert agent.last_iterations == 0
    assert again == agent.guide_move


def test_paired_comparison_keeps_the_bot_move_without_evidence():
    spec, game = _midgame("ultimate-loser", 4, 5, 6)
    decided = 0
    while decided < 4 and not game.is_over():
        seat = game.to_act()[0]
        view = game.view(seat)
        agent = _fast(ISMCTSAgent(spec, 3, guard=1e9, paired=0.5), iterations=40)
        choice = agent.choose(view)
        if len(view.legal) > 1:
            assert choice == agent.guide_move and agent.last_iterations >= 38
            decided += 1
        game.apply(seat, choice)
    assert decided == 4


def test_paired_comparison_overrules_a_bad_bot_move(monkeypatch):
    """A bot that lets a 12-card direct hit through is overruled: the 10 stops it."""
    from support import act, ugo_game

    game = ugo_game(tables=[[("6S@0", "attack", True, "")], []], hands=["", "10H@0 2C@0"])
    act(game, "attack", "6S@0")
    spec = game.spec
    bot = spec.bot

    def lets_it_happen(view, rng):
        return next((a for a in view.legal if a.kind == "take"), None) or bot(view, rng)

    monkeypatch.setattr(spec, "bot", lets_it_happen)
    monkeypatch.setattr(spec, "search", replace(spec.search, bot=lets_it_happen))
    agent = _fast(ISMCTSAgent(spec, 5, guard=1.5, paired=0.5), iterations=80)
    action = agent.choose(game.view(1))
    assert agent.guide_move.kind == "take"
    assert action.kind == "ten"


@pytest.mark.parametrize("paired", [0.0, 0.5])
def test_search_plays_its_own_seat_with_the_search_bot(monkeypatch, paired):
    """The seat's guide move and its part of every play-out are ``search.bot``'s; the others stay ``bot``."""
    spec = games.get("ugo")
    bot = spec.bot
    own: set[int] = set()
    model: set[int] = set()

    def recording(seats):
        def play(view, rng):
            seats.add(view.seat)
            return bot(view, rng)

        return play

    monkeypatch.setattr(spec, "bot", recording(model))
    monkeypatch.setattr(spec, "search", replace(spec.search, bot=recording(own)))
    game = None
    for seed in range(50):
        spec, game = _midgame("ugo", 2, seed, 30)
        if not game.is_over() and len(game.legal_actions(game.to_act()[0])) > 2:
            break
    seat = game.to_act()[0]
    agent = _fast(ISMCTSAgent(spec, 3, paired=paired), iterations=40)
    agent.choose(game.view(seat))
    assert own == {seat}
    assert model == {1 - seat}


@pytest.mark.parametrize("paired", [0.0, 0.5])
def test_search_makes_its_own_simultaneous_choice(paired):
    """Rock-paper-scissors: a seat that is not first among the choosers still searches its own shapes."""
    spec = games.get("ultimate-loser")
    found = None
    for seed in range(200):
        game = spec.new_game(4, seed=seed)
        rng = random.Random(seed)
        while not game.is_over() and not (game.phase == "rps" and len(game.to_act()) > 1):
            random_step(game, rng)
        if not game.is_over():
            found = game
            break
    assert found is not None
    seat = found.to_act()[1]
    view = found.view(seat)
    choices = set()
    for seed in range(8):
        agent = _fast(ISMCTSAgent(spec, seed, guard=0.0, paired=paired), iterations=30)
        choices.add(agent.choose(view))
    assert len(choices) > 1  # searched, not always the first shape


def _every_count():
    out = []
    for spec in games.all_specs():
        counts = sorted({spec.min_players, *range(spec.min_players, min(spec.max_players, 6) + 1)})
        if spec.max_players > 6:
            counts += [8, spec.max_players]  # Ugh! with two decks
        out += [(spec.id, n) for n in counts]
    return out


@pytest.mark.parametrize(("game_id", "players"), _every_count())
def test_hard_decides_alike_in_worlds_that_differ_only_in_what_the_seat_cannot_see(game_id, players):
    """Another world dealt from the seat's own view (hidden cards elsewhere) gets the same decision:
    the search never reads a card the seat was not shown, in any game at any table size."""
    compared = differed = 0
    for seed in range(40):
        spec, game = _midgame(game_id, players, seed, 8 + seed * 5)
        if game.is_over():
            continue
        seat = game.to_act()[0]
        view = game.view(seat)
        if len(view.legal) < 2:
            continue
        other = spec.determinize(view, random.Random(seed))
        assert other.view(seat).legal == view.legal
        differed += other.to_dict() != game.to_dict()
        first = _fast(make_agent("hard", spec, 5), iterations=30).choose(view)
        second = _fast(make_agent("hard", spec, 5), iterations=30).choose(other.view(seat))
        assert first == second, f"seed {seed}: {first} in the real world, {second} in another"
        compared += 1
        if compared == 3:
            break
    assert compared >= 2 and differed >= 1
