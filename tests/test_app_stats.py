"""Statistics in the app: games finished at the table are counted, survive a restart and show on the
statistics screen; demos and tables of computers are not counted; a broken file does not stop the app."""

import random

import pygame
import pytest

from cardtable import games
from cardtable.app.app import App
from cardtable.app.layout import playable_games
from cardtable.app.scenes.replay import ReplayScene
from cardtable.app.scenes.results import ResultsScene
from cardtable.app.scenes.statistics import (
    COLUMNS,
    RECENT,
    StatisticsScene,
    cells,
    recent_cells,
    score_word,
    when_text,
)
from cardtable.app.scenes.table import TableScene
from cardtable.app.scenes.title import TitleScene
from cardtable.settings import data_dir
from cardtable.stats import ALL
from cardtable.statsfile import FILE_NAME
from ui import click, continue_summary, key, make_app, table_game, tick, until

SIZES = [(1280, 720), (900, 540)]


def play_out(scene: TableScene, seed: int = 1) -> None:
    """Every seat's moves made at random straight on the match, to the end."""
    rng = random.Random(seed)
    game = scene.session.match.game
    while not game.is_over():
        seat = rng.choice(game.to_act())
        scene.session.match.act(seat, rng.choice(game.legal_actions(seat)))


def solo(game: str) -> list[tuple[str, bool]]:
    spec = games.get(game)
    return [("Mia", True)] + [(n, False) for n in ("Ada", "Bo", "Cy")[: spec.min_players - 1]]


def open_statistics(app: App) -> StatisticsScene:
    app.reset(TitleScene(app))
    tick(app)
    title = app.stack.top
    click(app, next(b for b in title.buttons if b.label == "Statistics").rect.center)
    scene = app.stack.top
    assert isinstance(scene, StatisticsScene)
    return scene


# -- counting ------------------------------------------------------------------------


@pytest.mark.parametrize("game", playable_games())
def test_a_finished_game_is_counted_and_read_again_after_a_restart(game):
    app = make_app()
    scene = table_game(app, solo(game), seed=5, game=game)
    play_out(scene, seed=5)
    scene.exits.finish()
    assert isinstance(app.stack.top, ResultsScene)
    won = 0 in scene.session.match.game.winners()
    again = make_app()  # a new start reads what the last one wrote
    [record] = again.stats.stats.records
    assert record.game == game and record.humans[0].name == "Mia" and record.humans[0].won == won
    assert record.opponents == "normal"
    assert (again.data / "replays" / record.replay).is_file()  # its replay is kept, to watch
    stats = open_statistics(again)
    assert stats.game == game and stats.player == "Mia" and stats.players == len(solo(game))
    assert stats.player_sel not in stats.widgets()  # one person: nobody else to choose
    [(opponents, totals)] = stats.rows()
    assert opponents == "normal" and (totals.played, totals.won) == (1, int(won))
    assert totals.best == scene.session.match.game.scores()[0]
    [watch] = stats.watch
    click(again, watch.rect.center)
    replay = again.stack.top
    assert isinstance(replay, ReplayScene) and replay.replay.moves == len(scene.session.match.game.history)


@pytest.mark.parametrize("game", playable_games())
def test_demos_are_not_counted(game):
    app = make_app()
    demo = TableScene.of_computers(app, game, 2)
    app.push(demo)
    play_out(demo, seed=2)
    demo.exits.finish()
    assert isinstance(app.stack.top, TableScene) and app.stack.top.session.demo  # the next demo
    assert app.stats.stats.records == [] and not (data_dir() / FILE_NAME).exists()


def test_a_new_game_of_computers_only_is_not_counted():
    app = make_app()
    scene = table_game(app, [("Ada", False), ("Bo", False), ("Cy", False)], seed=3)
    play_out(scene)
    scene.exits.finish()
    assert isinstance(app.stack.top, ResultsScene)
    assert app.stats.stats.records == [] and not (data_dir() / FILE_NAME).exists()


def test_a_real_game_played_at_the_table_shows_on_the_statistics_screen():
    app = make_app()
    seats = [("Mia", True), ("Ada", False)]
    scene = table_game(app, seats, seed=4, game="ultimate-loser", variant="short-match")
    rng = random.Random(4)

    def move() -> None:
        if app.stack.top is not scene or continue_summary(app, scene):
            return
        if scene.my_turn:
            scene.perform([rng.choice(scene.view.legal)])

    until(app, lambda: isinstance(app.stack.top, ResultsScene), limit=600, dt=0.25, each=move)
    game = scene.session.match.game
    assert sum(seat == 0 for seat, _ in game.history) > 10  # the person played it through the table
    stats = open_statistics(app)
    assert (stats.game, stats.players) == ("ultimate-loser", 2)
    [(opponents, totals)] = stats.rows()
    assert opponents == "normal" and totals.played == 1
    assert totals.won == (0 in game.winners()) and totals.best == game.scores()[0]
    [(record, seat)] = stats.history()
    assert record.variant == "short-match" and seat.score == game.scores()[0]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


# -- a broken file -------------------------------------------------------------------


def test_the_app_starts_with_a_broken_file_says_so_and_keeps_it():
    path = data_dir() / FILE_NAME
    path.parent.mkdir(parents=True)
    raw = b"format: 1\ngames:\n  - !!python/object/apply:os.system ['echo hi']\n"
    path.write_bytes(raw)
    app = make_app()
    [notice] = app.stats.notices
    assert str(path) in notice and "line 3" in notice and "!!python" in notice
    [kept] = path.parent.glob("statistics.broken-*.yaml")
    assert kept.read_bytes() == raw and not path.exists()
    app.push(TitleScene(app))
    tick(app)
    scene = open_statistics(app)
    tick(app)
    assert scene.notice_rect.bottom <= scene.back.rect.top
    click(app, scene.back.rect.center)
    assert isinstance(app.stack.top, TitleScene)


# -- the screen ----------------------------------------------------------------------


def filled_app(size=(1280, 720)) -> App:
    """An app whose statistics hold a few games: Mia alone at 3 and 4 players, and with Tom."""
    app = App(size=size)
    app.settings.animation_speed = "instant"
    spec = games.get("ugly")
    rng = random.Random(1)
    tables = [
        (["Mia", "Ada", "Bo"], ["human", "easy", "easy"]),
        (["Mia", "Ada", "Bo", "Cy"], ["human", "hard", "hard", "hard"]),
        (["Mia", "Ada", "Bo", "Cy"], ["human", "easy", "hard", "hard"]),
        (["Mia", "Tom", "Bo"], ["human", "human", "normal"]),
    ]
    for i, (names, kinds) in enumerate(tables * 2):
        game = spec.new_game(len(names), seed=i)
        while not game.is_over():
            seat = rng.choice(game.to_act())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        app.stats.record(game, names, kinds, "standard")
    return app


def test_choosing_the_table_size_and_the_player():
    app = filled_app()
    scene = open_statistics(app)
    tick(app)
    assert scene.game == "ugly" and scene.player == "Mia" and scene.count_sel.options == [3, 4]
    assert scene.players == 3  # the table of the latest game
    assert [o for o, _ in scene.rows()] == ["easy", "pass-and-play", ALL]
    click(app, (scene.count_sel.rect.right - 5, scene.count_sel.rect.centery))
    assert scene.players == 4 and [o for o, _ in scene.rows()] == ["hard", "mixed", ALL]
    assert sum(1 for _ in scene.history()) == 4
    click(app, (scene.player_sel.rect.right - 5, scene.player_sel.rect.centery))
    assert scene.player == "Tom" and scene.count_sel.options == [3]
    [(opponents, totals)] = scene.rows()
    assert opponents == "pass-and-play" and totals.played == 2


def test_a_game_with_no_games_yet_says_how_to_get_some():
    app = filled_app()
    scene = open_statistics(app)
    click(app, scene.tabs[playable_games().index("ugh")].rect.center)
    tick(app)
    assert scene.game == "ugh" and scene.players is None and scene.rows() == []
    assert scene.count_sel not in scene.widgets()


@pytest.mark.parametrize("size", SIZES)
def test_the_statistics_screen_fits_the_window(size):
    app = filled_app(size)
    scene = open_statistics(app)
    click(app, (scene.count_sel.rect.right - 5, scene.count_sel.rect.centery))  # the most rows
    tick(app)
    screen = pygame.Rect((0, 0), size)
    rects = [scene.table_rect, scene.recent_rect, scene.chart_rect, scene.back.rect]
    assert all(screen.contains(r) for r in rects)
    assert scene.table_rect.bottom < scene.recent_rect.top and scene.recent_rect.bottom < scene.back.rect.top
    assert scene.table_rect.right < scene.chart_rect.left
    s = scene.scale
    for heading, width in COLUMNS:  # right-aligned 8 px before the next column begins
        assert app.fonts.get(round(14 * s), "bold").size(heading)[0] <= round(width * s) - 4, heading
    for key_, totals in scene.rows():
        for i, (text, (_, width)) in enumerate(zip(cells(key_, totals), COLUMNS, strict=True)):
            font = app.fonts.get(round(17 * s), "bold" if i == 0 else "regular")
            assert font.size(text)[0] <= round(width * s) - 4, text
    for heading, width in RECENT[:-1]:
        heading = heading or score_word(scene.game).capitalize()
        assert app.fonts.get(round(14 * s), "bold").size(heading)[0] <= round(width * s), heading
    widgets = [*scene.tabs, scene.player_sel, scene.count_sel]
    assert all(screen.contains(w.rect) for w in widgets)
    assert all(not a.rect.colliderect(b.rect) for i, a in enumerate(widgets) for b in widgets[i + 1 :])


@pytest.mark.parametrize("size", SIZES)
def test_the_title_buttons_stay_in_the_window_and_apart(size):
    app = App(size=size)
    app.push(TitleScene(app))
    tick(app)
    buttons = app.stack.top.buttons
    assert "Statistics" in [b.label for b in buttons]
    screen = pygame.Rect((0, 0), size)
    assert all(screen.contains(b.rect) for b in buttons)
    assert all(not a.rect.colliderect(b.rect) for i, a in enumerate(buttons) for b in buttons[i + 1 :])


def test_the_statistics_screen_with_nothing_yet():
    app = make_app()
    scene = open_statistics(app)
    tick(app)
    assert scene.people == [] and scene.widgets() == [scene.back]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def test_dates_read_as_days():
    from datetime import date

    assert when_text("2026-10-19 00:53:10", date(2026, 11, 23)) == "19 Oct 00:53"
    assert when_text("2025-01-05 10:00:00", date(2026, 11, 23)) == "5 Jan 2025"
    assert when_text("last tuesday", date(2026, 11, 23)) == "last tuesday"


def test_the_hints_asked_for_show_beside_the_table():
    app = filled_app()
    scene = open_statistics(app)
    tick(app)
    assert scene.players == 3 and scene.hints_text() == ""  # none asked for yet: nothing said
    game = games.get("ugly").new_game(3, seed=99)
    play_out_game = random.Random(2)
    while not game.is_over():
        seat = play_out_game.choice(game.to_act())
        game.apply(seat, play_out_game.choice(game.legal_actions(seat)))
    app.stats.record(game, ["Mia", "Ada", "Bo"], ["human", "easy", "easy"], "standard", hints=[3, 0, 0])
    scene = open_statistics(app)
    tick(app)
    assert scene.players == 3 and scene.hints_text() == "3 hints asked for at these tables"


def test_a_recent_games_variant_reads_by_its_title_and_a_deleted_one_by_its_name_in_words():
    from dataclasses import replace

    from cardtable.stats import GameRecord, SeatResult

    seat = SeatResult("Ada", "human", 12, 1, True)
    ugly = games.get("ugly").variants
    known = {"pub-rules": replace(ugly["short-game"], name="pub-rules", title="Pub Ugly, Friday night")}
    record = GameRecord("ugly", 4, "2026-11-20 21:00:00", "pub-rules", (seat,))
    assert recent_cells(record, seat, known)[1] == "Pub Ugly, Friday night"
    gone = replace(record, variant="old-house-rules")
    assert recent_cells(gone, seat, known)[1] == "Old house rules"
