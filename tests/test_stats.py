"""Statistics: records of finished games, running totals, and statistics.yaml read and written safely."""

import random
from datetime import datetime

import pytest

from cardtable import games
from cardtable.standings import places
from cardtable.stats import (
    ALL,
    MIXED,
    PASS_AND_PLAY,
    GameRecord,
    SeatResult,
    Statistics,
    opponents_of,
    record_of,
)
from cardtable.statsfile import FILE_NAME, StatsFile, parse_statistics, set_aside_path, statistics_yaml
from cardtable.yamlfile import ConfigError, parse_yaml
from support import play_out

WHEN = datetime(2026, 11, 23, 7, 41, 23)


def record(game: str, mine: float, others: list[float], won: bool, name: str = "Mia", level: str = "normal"):
    """A two-or-more seat game: ``name`` (human) against computers of ``level``."""
    seats = (SeatResult(name, "human", mine, 1 if won else 2, won),) + tuple(
        SeatResult(f"C{i}", level, v, 1 if not won and i == 0 else 2, not won and i == 0)
        for i, v in enumerate(others)
    )
    return GameRecord(game, len(seats), "2026-11-23 07:41:23", "standard", seats)


def finished(game_id: str, players: int | None = None, seed: int = 1):
    spec = games.get(game_id)
    game = spec.new_game(players or spec.min_players, seed=seed)
    play_out(game, random.Random(seed), 100_000)
    return game


# -- what a record says --------------------------------------------------------------


def test_opponents_are_one_level_mixed_or_pass_and_play():
    assert opponents_of(["human", "easy", "easy"]) == "easy"
    assert opponents_of(["hard", "human", "hard", "hard"]) == "hard"
    assert opponents_of(["human", "easy", "hard"]) == MIXED
    assert opponents_of(["human", "easy", "human"]) == PASS_AND_PLAY
    assert opponents_of(["human", "human"]) == PASS_AND_PLAY


def test_places_follow_the_results_screen():
    # Ultimate Loser: fewest penalties first; equal scores share a place.
    assert places((10, 5, 5, 20), {1, 2}, lower_better=True) == [3, 1, 1, 4]
    assert places((10, 5, 5, 20), {3}, lower_better=False) == [2, 3, 3, 1]
    # U-G-O: everybody out has 0 cards; the later out places higher.
    assert places((14, 0, 0, 0), {0}, lower_better=False, out_order=(3, 2, 1)) == [1, 2, 3, 4]


@pytest.mark.parametrize("game_id", games.ids())
def test_a_finished_game_is_recorded_with_every_seat(game_id):
    game = finished(game_id)
    names = [f"P{s}" for s in range(game.players)]
    kinds = ["human"] + ["easy"] * (game.players - 1)
    rec = record_of(game, names, kinds, "standard", when=WHEN)
    assert rec is not None
    assert (rec.game, rec.players, rec.when, rec.variant, rec.replay) == (
        game_id,
        game.players,
        "2026-11-23 07:41:23",
        "standard",
        None,
    )
    assert [s.name for s in rec.seats] == names and [s.kind for s in rec.seats] == kinds
    assert [s.score for s in rec.seats] == list(game.scores())
    assert {s for s, seat in enumerate(rec.seats) if seat.won} == set(game.winners())
    assert all(seat.place == 1 for seat in rec.seats if seat.won)
    assert all(seat.place > 1 for seat in rec.seats if not seat.won)


@pytest.mark.parametrize("game_id", games.ids())
def test_games_nobody_human_played_and_unfinished_games_are_not_recorded(game_id):
    game = finished(game_id)
    assert record_of(game, ["A"] * game.players, ["normal"] * game.players, "standard") is None
    spec = games.get(game_id)
    fresh = spec.new_game(spec.min_players, seed=1)
    kinds = ["human"] * fresh.players
    assert record_of(fresh, ["A"] * fresh.players, kinds, "standard") is None


# -- totals --------------------------------------------------------------------------


def test_win_rate_mean_and_streaks_worked_example():
    stats = Statistics()
    results = [(30, True), (20, True), (5, False), (40, True), (41, True), (12, True), (8, False)]
    for score, won in results:
        stats.add(record("ugly", score, [10, 10], won))
    (opp, t), (all_, same) = stats.table("Mia", "ugly", 3)
    assert (opp, all_) == ("normal", ALL) and same == t
    assert (t.played, t.won) == (7, 5)
    assert t.win_rate == pytest.approx(5 / 7)
    assert t.mean == pytest.approx(156 / 7)
    assert t.best == 41  # more points are better in Ugly
    assert (t.streak, t.best_streak) == (0, 3)
    stats.add(record("ugly", 1, [10, 10], True))
    assert (t.streak, t.best_streak, t.best) == (1, 3, 41)


def test_the_best_score_is_the_lowest_where_lower_scores_win():
    stats = Statistics()
    for mine in (40, 12, 33):
        stats.add(record("ultimate-loser", mine, [20], mine < 20))
    [(_, t), _] = stats.table("Mia", "ultimate-loser", 2)
    assert t.best == 12 and t.won == 1 and t.mean == pytest.approx(85 / 3)


def test_totals_split_by_opponents_and_the_all_row_has_its_own_streak():
    stats = Statistics()
    stats.add(record("ugh", 10, [1], True, level="easy"))
    stats.add(record("ugh", 10, [1], True, level="hard"))
    stats.add(record("ugh", 1, [10], False, level="easy"))
    stats.add(record("ugh", 10, [1], True, level="hard"))
    rows = dict(stats.table("Mia", "ugh", 2))
    assert list(rows) == ["easy", "hard", ALL]
    assert (rows["easy"].played, rows["easy"].won, rows["easy"].streak) == (2, 1, 0)
    assert (rows["hard"].played, rows["hard"].won, rows["hard"].best_streak) == (2, 2, 2)
    assert (rows[ALL].played, rows[ALL].streak, rows[ALL].best_streak) == (4, 1, 2)


def test_each_person_of_a_pass_and_play_game_gets_the_game():
    seats = (
        SeatResult("Mia", "human", 30, 1, True),
        SeatResult("Tom", "human", 20, 2, False),
        SeatResult("Ada", "easy", 10, 3, False),
    )
    stats = Statistics()
    stats.add(GameRecord("ugly", 3, "2026-11-23 07:41:23", "standard", seats))
    stats.add(record("ugly", 30, [1, 1], True, name="Mia"))
    assert stats.players() == ["Mia", "Tom"]
    assert [o for o, _ in stats.table("Tom", "ugly", 3)] == [PASS_AND_PLAY, ALL]
    assert [o for o, _ in stats.table("Mia", "ugly", 3)] == ["normal", PASS_AND_PLAY, ALL]
    assert [seat.name for _, seat in stats.history("Tom", "ugly")] == ["Tom"]
    assert stats.counts("Mia", "ugly") == [3] and stats.counts("Mia", "ugh") == []


def test_old_records_go_but_the_totals_still_count_them():
    stats = Statistics(keep=3)
    for i in range(5):
        stats.add(record("ugly", i, [2, 2], i >= 2))
    assert [r.seats[0].score for r in stats.records] == [2, 3, 4]
    [(_, t), _] = stats.table("Mia", "ugly", 3)
    assert (t.played, t.won, t.score_sum, t.best, t.streak) == (5, 3, 10, 4, 3)


# -- the file ------------------------------------------------------------------------

TRICKY = ["Mia: the 2nd", "yes", "null", "#1", 'it\'s "me"', "Zoë", "- x", "007"]


def test_the_file_reads_back_what_was_written_names_and_all():
    stats = Statistics()
    for i, name in enumerate(TRICKY):
        stats.add(record("ultimate-loser", 10.5 + i, [3], i % 2 == 0, name=name))
    stats.add(record("ugo", 0, [12, 0, 0], False, level="hard"))
    text = statistics_yaml(stats)
    back = parse_statistics(parse_yaml(text, "statistics.yaml"))
    assert back.records == stats.records
    assert back.totals == stats.totals
    assert set(back.players()) == {*TRICKY, "Mia"}


def test_a_file_without_totals_has_them_rebuilt_from_its_games():
    stats = Statistics()
    for score, won in [(5, True), (7, False), (9, True)]:
        stats.add(record("ugh", score, [6], won))
    text = statistics_yaml(stats)
    head, games_part = text.split("\ntotals:", 1)
    without = head + "\ngames:" + games_part.split("\ngames:", 1)[1]
    assert "totals" not in without.split("format:")[1]
    back = parse_statistics(parse_yaml(without, "statistics.yaml"))
    assert back.totals == stats.totals


def test_statistics_survive_a_restart(tmp_path):
    first = StatsFile(tmp_path)
    assert first.load().records == []
    ugly = finished("ugly", 3, seed=4)
    loser = finished("ultimate-loser", 2, seed=5)
    first.record(ugly, ["Mia", "Ada", "Bo"], ["human", "easy", "easy"], "standard")
    first.record(loser, ["Mia", "Ada"], ["human", "hard"], "short-match")
    again = StatsFile(tmp_path)
    stats = again.load()
    assert again.notices == []
    assert stats.records == first.stats.records and len(stats.records) == 2
    assert stats.totals == first.stats.totals
    assert stats.records[1].variant == "short-match" and stats.records[1].opponents == "hard"
    assert "replay: null" in (tmp_path / FILE_NAME).read_text()


def test_a_game_of_computers_writes_nothing(tmp_path):
    store = StatsFile(tmp_path)
    store.load()
    game = finished("ugh", 3)
    assert store.record(game, ["A", "B", "C"], ["easy", "normal", "hard"], "standard") is None
    assert not (tmp_path / FILE_NAME).exists()


def test_games_finished_in_another_window_are_kept(tmp_path):
    one, two = StatsFile(tmp_path), StatsFile(tmp_path)
    one.load()
    two.load()
    one.record(finished("ugh", 2, seed=1), ["Mia", "Ada"], ["human", "easy"], "standard")
    two.record(finished("ugh", 2, seed=2), ["Tom", "Ada"], ["human", "easy"], "standard")
    stats = StatsFile(tmp_path).load()
    assert [r.humans[0].name for r in stats.records] == ["Mia", "Tom"]


BROKEN = {
    "syntax": (b"format: 1\ngames: [\n  {game: ugly\n", 3),  # where the { opens
    "python tag": (b"format: 1\ngames:\n  - !!python/object/apply:os.system ['echo hi']\n", 3),
    "not a mapping": (b"- just\n- a list\n", 1),
    "wrong type": (
        b"format: 1\ngames:\n  - {game: ugly, players: four, when: x, variant: standard, seats: []}\n",
        3,
    ),
    "wrong seat": (
        b"format: 1\ngames:\n  - game: ugly\n    players: 2\n    when: x\n    variant: standard\n"
        b"    seats:\n      - {name: Mia, kind: human, score: 5, place: 1, won: true}\n"
        b"      - {name: Ada, kind: easy, score: lots, place: 2, won: false}\n",
        9,
    ),
    "unknown key": (b"format: 1\nfavourite: ugly\n", 2),
    "newer format": (b"format: 7\ngames: []\n", 1),
    "bad totals": (
        b"format: 1\ntotals:\n  - {player: Mia, game: ugly, players: 3, opponents: easy, played: 2,"
        b" won: 5, score_sum: 3, best: 2, streak: 0, best_streak: 0}\n",
        3,
    ),
    "not utf-8": (b"format: 1\ngames: []\n# caf\xe9\n", None),
}


@pytest.mark.parametrize("kind", BROKEN)
def test_a_broken_file_is_reported_set_aside_and_statistics_start_afresh(tmp_path, kind):
    raw, line = BROKEN[kind]
    path = tmp_path / FILE_NAME
    path.write_bytes(raw)
    store = StatsFile(tmp_path)
    stats = store.load()
    assert stats.records == [] and stats.totals == {}
    [notice] = store.notices
    assert str(path) in notice and "set aside" in notice
    if line is not None:
        assert f"line {line}:" in notice
    assert not path.exists()
    [kept] = tmp_path.glob("statistics.broken-*.yaml")
    assert kept.read_bytes() == raw
    assert kept.name in notice
    store.record(finished("ugh", 2), ["Mia", "Ada"], ["human", "easy"], "standard")
    assert len(StatsFile(tmp_path).load().records) == 1
    assert kept.read_bytes() == raw


def test_the_python_tag_is_named_and_never_run(tmp_path):
    marker = tmp_path / "ran"
    (tmp_path / FILE_NAME).write_text(
        f"format: 1\ngames: !!python/object/apply:os.system ['touch {marker}']\n"
    )
    store = StatsFile(tmp_path)
    store.load()
    assert "!!python/object/apply:os.system" in store.notices[0]
    assert not marker.exists()


def test_set_aside_names_never_collide(tmp_path):
    path = tmp_path / FILE_NAME
    first = set_aside_path(path, WHEN)
    assert first.name == "statistics.broken-20261123-074123.yaml"
    first.write_text("x")
    second = set_aside_path(path, WHEN)
    assert second.name == "statistics.broken-20261123-074123-2.yaml"


def test_a_file_that_cannot_be_set_aside_is_never_written_over(tmp_path, monkeypatch):
    path = tmp_path / FILE_NAME
    path.write_bytes(b"format: [\n")

    def refuse(self, target):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(type(path), "rename", refuse)
    store = StatsFile(tmp_path)
    store.load()
    store.record(finished("ugh", 2), ["Mia", "Ada"], ["human", "easy"], "standard")
    assert path.read_bytes() == b"format: [\n"
    assert len(store.notices) == 1 and "could not be set aside" in store.notices[0]
    assert len(store.stats.records) == 1  # still counted while the app runs


def test_a_failed_save_is_a_notice_not_a_crash(tmp_path):
    folder = tmp_path / "data"
    folder.write_text("a file where the folder should be")
    store = StatsFile(folder)
    store.load()
    assert store.record(finished("ugh", 2), ["Mia", "Ada"], ["human", "easy"], "standard") is not None
    assert "could not be saved" in store.notices[0]


def test_an_empty_file_is_no_statistics_and_no_problem(tmp_path):
    (tmp_path / FILE_NAME).write_text("")
    store = StatsFile(tmp_path)
    assert store.load().records == [] and store.notices == []
    assert (tmp_path / FILE_NAME).exists()


def test_parse_errors_name_the_key():
    text = "format: 1\ngames:\n  - {game: ugly, players: 2, when: x, variant: v, seats: [], extra: 1}\n"
    with pytest.raises(ConfigError) as err:
        parse_statistics(parse_yaml(text, "s.yaml"))
    assert err.value.line == 3 and err.value.key == "games.0.extra"


def test_hints_are_counted_written_and_read_back_and_old_files_count_none():
    seats = (SeatResult("Mia", "human", 30, 1, True, 3), SeatResult("Ada", "hard", 20, 2, False))
    stats = Statistics()
    stats.add(GameRecord("ugly", 2, "2026-11-23 07:41:23", "standard", seats))
    stats.add(GameRecord("ugly", 2, "2026-11-23 08:00:00", "standard", (seats[0], seats[1])))
    [(_, row), (_, every)] = stats.table("Mia", "ugly", 2)
    assert row.hints == every.hints == 6
    text = statistics_yaml(stats)
    assert "hints: 3" in text and "hints: 6" in text and text.count("hints:") == 4  # none written as 0
    back = parse_statistics(parse_yaml(text, "statistics.yaml"))
    assert back.records == stats.records and back.totals == stats.totals
    old = text.replace(", hints: 3", "").replace(", hints: 6", "")
    assert "hints" not in old
    assert all(t.hints == 0 for t in parse_statistics(parse_yaml(old, "statistics.yaml")).totals.values())
    with pytest.raises(ConfigError, match="hints"):
        parse_statistics(parse_yaml(text.replace("hints: 3", "hints: -1", 1), "statistics.yaml"))
