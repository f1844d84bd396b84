"""The spotlight's line: announcements that come together are each shown, words alone never dropped."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from cardtable import games
from cardtable.app.table.spotlight import Shown


def test_two_players_out_at_once_are_shown_one_after_the_other():
    shown = Shown()
    shown.show((), "Ann is out", 0.0, 2.0)
    shown.show((), "Bo is out", 0.0, 2.0)
    assert shown.now is not None and shown.now[1] == "Ann is out"
    shown.expire(0.5)
    assert shown.now[1] == "Ann is out", "each has half its time at least"
    shown.expire(1.0)
    assert shown.now[1] == "Bo is out"
    shown.expire(3.1)
    assert shown.now is None


def test_a_crowd_of_attacks_gives_way_before_a_player_out():
    shown = Shown()
    card = next(iter(games.get("ugo").new_game(2, seed=1).catalog))
    shown.show((card,), "attack 0", 0.0, 2.0)
    shown.show((), "Ann is out", 0.0, 2.0)
    for i in range(1, 8):
        shown.show((card,), f"attack {i}", 0.0, 2.0)
    texts = [shown.now[1]] + [w[1] for w in shown.waiting]
    assert "Ann is out" in texts and "attack 7" in texts
    assert len(shown.waiting) == Shown.WAITING


def test_a_click_puts_it_away_and_the_next_comes():
    shown = Shown()
    shown.show((), "one", 0.0, 2.0)
    shown.show((), "two", 0.0, 2.0)
    shown.rect.update(0, 0, 100, 100)
    assert shown.clicked((50, 50), 0.0) is True
    shown.expire(0.1)
    assert shown.now[1] == "two"


def test_a_click_elsewhere_spares_one_that_came_on_just_now():
    shown = Shown()
    shown.show((), "Bo is out", 1.0, 2.0)
    shown.rect.update(0, 0, 100, 100)
    assert shown.clicked((500, 500), 1.1) is False and shown.now[1] == "Bo is out", "not yet read"
    assert shown.clicked((500, 500), 1.0 + Shown.READ) is False and shown.now is None


def test_a_move_puts_away_what_it_answered_but_not_news_that_came_with_it():
    shown = Shown()
    shown.show((), "Cy attacks you", 0.0, 3.0)
    shown.show((), "Bo is out", 0.0, 3.0)
    shown.dismiss(2.0)  # answered after reading it
    shown.expire(2.0)
    assert shown.now[1] == "Bo is out"
    shown.dismiss(2.1)  # the next move came at once: the news stays to be read
    assert shown.now is not None and shown.now[1] == "Bo is out"
