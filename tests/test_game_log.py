"""The game log and the round summaries: readable, from the viewer's events, never a hidden card."""

from __future__ import annotations

import re

import pygame
import pytest

from cardtable import games
from cardtable.ai import make_agent
from cardtable.app.layout import load_layout
from cardtable.app.scenes.gamelog import LogScene
from cardtable.app.scenes.table import TableScene
from cardtable.app.table.gamelog import log_lines
from cardtable.app.table.setup import GameSetup, SeatSetup
from cardtable.app.table.summary import Summaries, summary_lines
from cardtable.engine import (
    STANDARD,
    Announced,
    Moved,
    PlayerOut,
    Recap,
    Slot,
    TrickWon,
    format_prompt,
    redact,
)
from cardtable.games.ugly.scoring import score_working
from cardtable.match import Match, Seat
from tests.ui import button, click, key, make_app, run, table_game, tick, until, until_my_turn

COUNTS = [
    ("ugly", 3),
    ("ugly", 4),
    ("ugo", 2),
    ("ugo", 4),
    ("ugh", 3),
    ("ugh", 8),
    ("ultimate-loser", 2),
    ("ultimate-loser", 5),
]


def _played(game: str, players: int, seed: int) -> tuple[Match, list[set]]:
    """A whole game between computers, and what each seat saw of it along the way."""
    spec = games.get(game)
    match = Match(
        spec, [Seat(f"P{i}", make_agent("easy", spec, seed + i)) for i in range(players)], seed=seed
    )
    seen = [set(match.view(s).known_cards()) for s in range(players)]
    while not match.over:
        match.step_agent()
        for s in range(players):
            seen[s] |= set(match.view(s).known_cards())
    for s in range(players):
        for e in redact(match.log, s):
            if isinstance(e, Moved) and e.card is not None:
                seen[s].add(e.card)
            elif isinstance(e, TrickWon):
                seen[s] |= set(e.cards)
    return match, seen


def _named(text: str, names: set[str]) -> set[str]:
    return {n for n in names if re.search(rf"(?<![\w]){re.escape(n)}(?![\w])", text)}


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_the_log_and_the_summaries_never_name_a_card_hidden_from_their_viewer(game, players):
    assert {g for g, _ in COUNTS} == set(games.ids())
    match, seen = _played(game, players, seed=7)
    layout = load_layout(game)
    every = {c.name for c in match.game.all_cards()}
    for viewer in range(players):
        events = redact(match.log, viewer)
        lines = [line.text for line in log_lines(events, layout, match.names, viewer)]
        summaries = Summaries()
        for event in events:
            summary = summaries.feed(event)
            if summary is not None:
                lines += summary_lines(summary, match.names, viewer, layout.word("round"))
        hidden = every - {c.name for c in seen[viewer]}
        text = "\n".join(lines)
        assert not _named(text, hidden), f"seat {viewer} reads {_named(text, hidden)}"
        assert len(lines) > 10 and "Game over" in text


def test_another_seat_sees_a_hidden_card_as_a_card_and_its_owner_by_name():
    match, _ = _played("ugly", 4, seed=3)
    layout = load_layout("ugly")
    own = log_lines(redact(match.log, 0), layout, match.names, 0)
    other = log_lines(redact(match.log, 1), layout, match.names, 1)
    dealt_mine = next(line.text for line in own if line.text.startswith("You are dealt"))
    assert dealt_mine == "You are dealt 13 cards"
    passed = [line.text for line in other if line.text.startswith("P0 passes")]
    assert passed and all(re.fullmatch(r"P0 passes (a card|\d+ cards)", t) for t in passed)
    assert any(line.text.startswith("You pass ") and "card" not in line.text for line in own)
    assert any(line.kind == "mark" and line.text == "Round 1 is over" for line in own)
    assert any(re.fullmatch(r"P\d wins the trick|You win the trick", line.text) for line in own)


@pytest.mark.parametrize(
    ("tricks", "codes", "working"),
    [
        (4, ["JH"], "4 - 4 = 0"),
        (3, ["7D"], "2 \u00d7 3 = 6"),
        (3, ["7D", "JS", "JC"], "3 - 2\u00d73 = -3"),
        (2, ["7D", "7C"], "4 \u00d7 2 = 8"),
        (2, ["7D", "7C", "JD"], "2 - 3 = -1"),
        (5, ["7C"], "5"),
        (0, [], "0"),
    ],
)
def test_ugly_summaries_work_the_score_out_by_the_scoring_table(tricks, codes, working):
    jacks = {STANDARD.by_code(c): v for c, v in (("JS", 1), ("JC", 2), ("JD", 3), ("JH", 4))}
    cards = [STANDARD.by_code(c) for c in codes]
    assert score_working(tricks, cards, jacks, STANDARD.by_code("7D"), STANDARD.by_code("7C")) == working


@pytest.mark.parametrize("game", games.ids())
def test_each_game_says_what_happened_in_its_own_words(game):
    players = 3
    match, _ = _played(game, players, seed=5)
    recaps = [e for e in match.log if isinstance(e, Recap)]
    assert recaps and all(len(r.rows) == players for r in recaps)
    g = match.game
    if game == "ugly":
        assert len(recaps) == g.n_rounds
        last = recaps[-1]
        assert [int(row[0]) for row in last.rows] == list(g.tricks_won)  # tricks taken this round
        assert (
            last.score_column
            and last.rows[0][-1].endswith(f"= {g.round_scores[-1][0]}")
            or (last.rows[0][-1] == str(g.round_scores[-1][0]))
        )
    elif game == "ultimate-loser":
        assert len(recaps) == g.n_rounds
        assert all(
            f"{{seat:{loser}}} is the Ultimate Loser" in r.notes[0]
            for r, loser in zip(recaps, g.losers, strict=True)
        )
    elif game == "ugh":
        [end] = recaps
        for seat, row in enumerate(end.rows):
            assert row[-1] == str(g.totals[seat])
            assert row[0].count("=") == len(g.sets[seat])  # each locked set multiplied out
            for (_, score), text in zip(g.sets[seat], row[0].split("; "), strict=False):
                assert text.endswith(f"= {score}")
    else:
        assert len(recaps) == len(g.out_order)
        first = recaps[0]
        out = g.out_order[0]
        assert (
            first.pause and first.title == f"{{seat:{out}}} is out" and first.rows[out][-1].startswith("out")
        )


def test_ugh_sets_are_multiplied_out_as_players_count_them():
    from cardtable.games.ugh.recap import set_text

    spec = games.get("ugh")
    game = spec.new_game(3, seed=1)
    t = game.t
    by_name = {}
    for c in range(len(t.kind)):
        by_name.setdefault(game.catalog.cards[c].name if hasattr(game.catalog, "cards") else c, c)
    cards = list(game.all_cards())
    purple5 = next(c for c in cards if c.name == "purple 5")
    green4 = next(c for c in cards if c.name == "green 4")
    orange_wild = next(c for c in cards if "orange" in c.name and "Wild" in c.name)
    assert set_text([purple5, green4, orange_wild], t.kind, t.value) == "5\u00d74\u00d73 = 60"


def test_the_log_opens_by_key_and_button_scrolls_and_closes():
    app = make_app()
    scene = table_game(app, [("You", True), ("Ada", False), ("Bo", False)], game="ultimate-loser", seed=4)
    for _ in range(6):
        until_my_turn(app, scene)
        scene.perform([scene.view.legal[-1]])
        run(app, 0.2)
    until_my_turn(app, scene)
    key(app, pygame.K_g)
    log = app.stack.top
    assert isinstance(log, LogScene) and len(log.rows) > log.room  # more than a screenful
    assert log.first == log.last_first  # opened at the newest line
    tick(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)])
    assert log.first == log.last_first - 6
    key(app, pygame.K_HOME)
    assert log.first == 0
    texts = [t for t, _ in log.rows]
    assert any(t.startswith("You are dealt") for t in texts)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    click(app, button(scene, "Log").rect.center)
    assert isinstance(app.stack.top, LogScene)
    key(app, pygame.K_g)
    assert app.stack.top is scene


@pytest.mark.parametrize("size", [(1280, 720), (900, 540)])
def test_a_summary_of_twelve_players_is_drawn_whole_in_the_smallest_window(size):
    from cardtable.app.app import App

    app = App(size=size)
    app.settings.animation_speed = "instant"
    app.settings.computer_speed = "fast"
    spec = games.get("ugh")
    near_end = Match(spec, [Seat(f"C{i}", make_agent("easy", spec, i)) for i in range(12)], seed=2)
    while len(near_end.game.deck.cards) > 3:  # computers play most of it at once, off the table
        near_end.step_agent()
    seats = [SeatSetup("You", True)] + [SeatSetup(f"C{i}", False, "easy") for i in range(1, 12)]
    setup = GameSetup("ugh", seats, seed=2)
    scene = TableScene(app, setup, restored=(near_end.game, near_end.log))
    app.push(scene)

    def step() -> None:
        if scene.my_turn:
            scene.perform([scene.view.legal[0]])

    until(app, lambda: scene.summary is not None and scene.session.match.over, limit=900, each=step)
    lines = summary_lines(scene.summary[0], scene.session.names, 0, "turn")
    assert lines[0] == "The deck is played out" and len(lines) >= 13
    run(app, 0.1)
    panel = scene.summary_layer.rect
    assert pygame.Rect((0, 0), size).contains(panel)
    assert panel.height > 12 * 16  # a row per player


@pytest.mark.parametrize("game", games.ids())
def test_a_game_searched_tells_no_stories_and_plays_the_same(game):
    spec = games.get(game)
    told, quiet = spec.new_game(3, seed=4), spec.new_game(3, seed=4)
    quiet.narrate = False
    rng = __import__("random").Random(4)
    recaps = 0
    while not told.is_over():
        seat = told.to_act()[0]
        action = rng.choice(told.legal_actions(seat))
        recaps += sum(isinstance(e, Recap) for e in told.apply(seat, action))
        assert not any(isinstance(e, Recap) for e in quiet.apply(seat, action))
    assert recaps > 0 and quiet.to_dict() == told.to_dict()


# -- every trick, every move off the deck, and on whom a card was used -----------------------------


def _texts(events, game: str, names, viewer) -> list[str]:
    return [line.text for line in log_lines(redact(events, viewer), load_layout(game), names, viewer)]


@pytest.mark.parametrize("game", ["ugly", "ultimate-loser"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_trick_and_every_announcement_is_in_the_log(game, seed):
    """A line that happens again soon after (a player who wins two tricks in a row) is told again."""
    match, _ = _played(game, 4, seed)
    layout = load_layout(game)
    lines = _texts(match.log, game, match.names, 0)
    told: list[str] = []
    for event in match.log:
        if isinstance(event, TrickWon) and layout.log.won:
            told.append(layout.log.won.format(who="{seat:%d}" % event.seat, cards=""))  # noqa: UP031
        elif isinstance(event, Announced) and event.text and event.what not in layout.log.quiet:
            told.append(event.text)
    said = [format_prompt(t, match.names, 0) for t in told]
    said = [t[:1].upper() + t[1:] for t in said]
    assert any(t in said[max(0, i - 6) : i] for i, t in enumerate(said)), "no line happened again soon after"
    for text in set(said):
        in_log = sum(
            line == text or (line.startswith(text) and not line[len(text)].isalnum()) for line in lines
        )
        assert in_log >= said.count(text), f"{text!r}: {said.count(text)} happened, {in_log} told"


def test_the_log_still_tells_a_recap_note_once_and_a_flip_with_what_it_does_as_one_line():
    layout = load_layout("ugh")
    names = ["Ada", "Bo"]
    ugh = [c for c in games.get("ugh").new_game(2, seed=0).catalog.cards if c.name == "Ugh! -2"][0]
    events = [
        Announced("turn", 1, None, "{seat:1}'s turn"),
        Moved(ugh, 0, ("deck", None), ("flipped", None)),
        Announced("ugh", 1, ugh, "{seat:1} flips Ugh! -2: discard 2 cards"),
        PlayerOut(1, "ran out"),
        Announced("out", 1, None, "{seat:1} is out: ran out"),
        Recap("{seat:1} is out", ("",), (("",), ("",)), ("{seat:1} is out: ran out",)),
    ]
    lines = [line.text for line in log_lines(events, layout, names, 0)]
    assert lines == ["Bo's turn", "Bo flips Ugh! -2: discard 2 cards", "Bo is out: ran out"]


@pytest.mark.parametrize("game", ["ugly", "ugo", "ugh"])  # the games with a deck to draw or flip from
def test_every_card_that_leaves_the_deck_is_told_in_the_log(game):
    spec = games.get(game)
    layout = load_layout(game)
    rng = __import__("random").Random(2)
    pairs = set()
    for seed in range(3):
        state = spec.new_game(3, seed=seed)
        events = list(state.opening_events)
        while not state.is_over():
            seat = rng.choice(state.to_act())
            events += state.apply(seat, rng.choice(state.legal_actions(seat)))
        pairs |= {(e.src[0], e.dst[0]) for e in events if isinstance(e, Moved) and e.src[0] == "deck"}
    assert pairs
    assert not [p for p in pairs if p not in layout.log.moves], (
        f"untold: {sorted(pairs - set(layout.log.moves))}"
    )


def test_ugh_a_fourth_flip_into_the_own_pool_is_in_the_log():
    from ugh_support import do, ugh_game

    game = ugh_game(2, deck="G1 O2 P3 G5 O5")
    events = [Announced("turn", 0, None, "{seat:0}'s turn")]  # as the turn began
    for _ in range(4):
        events += do(game, 0, "flip")
    assert [c.name for c in game.pools[0].cards] == ["green 5"]
    assert "You flip green 5 into your Pool" in _texts(events, "ugh", ["Ada", "Bo"], 0)
    assert "Ada flips green 5 into Ada's Pool" in _texts(events, "ugh", ["Ada", "Bo"], 1)


def test_ugo_the_log_says_on_whom_a_card_was_used_and_what_it_cost():
    from support import act, ugo_game

    game = ugo_game(
        hands=["KS@1 JS@1 AS@1 AH@1", "2C@0"],
        tables=[[], [("4C@1", "defense", True, ""), ("5C@1", "defense", False, "")]],
    )
    milled, taken = game.decks[1].cards[-1], game.decks[1].cards[-2]
    events = act(game, "king", "KS@1")
    events += act(game, "jack", "JS@1")
    events += act(game, "ace", "AS@1", target="4C@1")
    events += act(game, "ace", "AH@1", target=Slot("table", 1, 0))  # the face-down 5♣, now first
    names = ["Ada", "Bo"]
    mine, theirs = _texts(events, "ugo", names, 0), _texts(events, "ugo", names, 1)
    gone = "out of the game" if milled.rank == 12 else ""
    assert mine == [
        "You play K♠ on Bo",
        f"Bo loses {milled.name} from the deck" + (f", {gone}" if gone else ""),
        "You play J♠ on Bo",
        "You take the top card of Bo's deck",
        f"You draw {taken.name}",
        "You play A♠ on Bo's 4♣",
        "Bo's 4♣ is destroyed",
        "You play A♥ on Bo's face-down card",
        "Bo's 5♣ is destroyed",
    ]
    assert theirs[:5] == [
        "Ada plays K♠ on you",
        f"You lose {milled.name} from the deck" + (f", {gone}" if gone else ""),
        "Ada plays J♠ on you",
        "Ada takes the top card of your deck",
        "Ada draws a card",
    ]
    assert taken.name not in "\n".join(theirs)


@pytest.mark.parametrize("seed", [1, 2])
def test_ugo_every_ace_king_and_jack_in_the_log_names_its_target(seed):
    match, _ = _played("ugo", 3, seed)
    for viewer in range(3):
        lines = _texts(match.log, "ugo", match.names, viewer)
        used = [t for t in lines if re.search(r"\bplays? [AKJ][♠♥♦♣]", t)]
        assert used and all(" on " in t for t in used), used
        assert not [t for t in lines if "and draw as many" in t or ": Your " in t]  # reads as said to you
