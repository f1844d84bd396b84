"""Statistics: one person's results per game and table size.

Tabs choose the game; selectors choose the number of players and, when
several people have played, whose results. A table gives a row per kind of
opponents (the computers' level, mixed levels, pass-and-play) and one for
all games: played, won, win rate, mean and best score, current and best
streak of wins. A chart shows the score of each recent game with the wins
marked, and a list the latest games. Esc or Back returns.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from pathlib import Path

import pygame

from cardtable import games
from cardtable.engine import Variant
from cardtable.i18n import N_, _, ngettext, pgettext
from cardtable.lab.compare import score_word
from cardtable.saves import REPLAYS, SaveError, read_replay
from cardtable.standings import ordinal
from cardtable.stats import ALL, MIXED, PASS_AND_PLAY, GameRecord, SeatResult, Totals
from cardtable.variants import variant_title

from .. import theme
from ..chart import Series, draw_line_chart
from ..layout import playable_games
from ..scene import Scene
from ..theme import wrap
from ..widgets import Button, FocusRing, Selector, draw_panel, draw_text
from .common import BACKGROUND, NoticeBoard, variant_shown

CHART_GAMES = 40
"""Games the chart shows (the latest)."""

OPPONENT_NAMES = {
    "easy": N_("Easy computers"),
    "normal": N_("Normal computers"),
    "hard": N_("Hard computers"),
    MIXED: N_("Mixed computers"),
    PASS_AND_PLAY: N_("Pass and play"),
    ALL: N_("All games"),
}

# (heading, width) of the table's columns at 1280 x 720; the first names the opponents.
COLUMNS = [
    (N_("Opponents"), 176),
    (N_("Played"), 66),
    (N_("Won"), 56),
    (N_("Win rate"), 82),
    (N_("Mean"), 72),
    (N_("Best"), 64),
    (N_("Streak"), 70),
    (N_("Best streak"), 102),
]
# The list of recent games: when, variant, opponents, score, place, result.
RECENT = [
    (N_("When"), 112),
    (N_("Variant"), 138),
    (N_("Opponents"), 144),
    ("", 116),
    (N_("Place"), 70),
    ("", 48),
]
WATCH_W = 62  # the Watch button at the end of a recent game's row that has its replay
"""The score's heading is the game's word for it ("Penalty points")."""

EMPTY = (
    N_(
        "Finish a game with at least one person at the table and its result is counted here: games played"
        " and won, mean and best scores, and streaks of wins, for each game, number of players and computer"
        " level."
    ),
    N_("Demos and games played by computers alone are not counted."),
)


def when_text(stamp: str, today: date | None = None) -> str:
    """``"2026-10-19 00:53:10"`` -> ``"19 Oct 00:53"`` (this year) or ``"19 Oct 2025"``; odd text as it is."""
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp[:16]
    if when.year != (today or date.today()).year:
        return when.strftime("%d %b %Y").lstrip("0")
    return when.strftime("%d %b %H:%M").lstrip("0")


def opponents_name(key: str) -> str:
    if key in OPPONENT_NAMES:
        return _(OPPONENT_NAMES[key])
    return key.replace("-", " ").capitalize()


def cells(key: str, t: Totals) -> list[str]:
    """One row of the table, as text."""
    mean = "" if t.mean is None else f"{t.mean:.1f}"
    best = "" if t.best is None else f"{t.best:g}"
    rate = f"{t.win_rate:.0%}"
    return [
        opponents_name(key),
        str(t.played),
        str(t.won),
        rate,
        mean,
        best,
        str(t.streak),
        str(t.best_streak),
    ]


def recent_cells(
    record: GameRecord, seat: SeatResult, known: Mapping[str, Variant] | None = None
) -> list[str]:
    """A recent game's row; its variant by the title it has (``known``: the game's variants), or,
    for one since deleted, its file name in words."""
    # Translators: a player's place in a finished game: "2nd of 4".
    place = _("{place} of {players}").format(place=ordinal(seat.place), players=record.players)
    variant = (known or {}).get(record.variant)
    return [
        when_text(record.when),
        variant_shown(variant) if variant is not None else variant_title(record.variant),
        opponents_name(record.opponents),
        f"{seat.score:g}",
        place,
    ]


def _players_label(count: int) -> str:
    return ngettext("{n} player", "{n} players", count).format(n=count)


class StatisticsScene(Scene):
    scene_name = "statistics"

    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        self.stats = app.stats.stats
        self.games = playable_games()
        self.people = self.stats.players()
        mine = [s.name for s in app.settings.seats if s.human]
        self.player = next((n for n in mine if n in self.people), self.people[0] if self.people else "")
        self.tabs = [Button(_(games.get(g).name), self._switcher(g), size=18) for g in self.games]
        self.player_sel = Selector(self.people, 0, self._player_changed)
        self.player_sel.set_options(self.people, self.player)
        self.count_sel = Selector([], 0, self._count_changed, _players_label)
        self.back = Button(_("Back"), self.app.pop, primary=True)
        self.watch: list[Button] = []  # one per recent game with its replay kept
        self.board = NoticeBoard(app)
        self.ring = FocusRing()
        self.scale = 1.0
        self.game = game if game in self.games else self._latest_game()
        self._show(self.game)

    # -- choices ---------------------------------------------------------------------

    def _latest_game(self) -> str:
        """The game this person played last (the first tab if none)."""
        for record in reversed(self.stats.records):
            if record.game in self.games and any(s.name == self.player for s in record.humans):
                return record.game
        played = [g for g in self.games if self.stats.counts(self.player, g)]
        return (played or self.games)[0]

    def _show(self, game: str, count: int | None = None) -> None:
        self.game = game
        for b, g in zip(self.tabs, self.games, strict=True):
            b.primary = g == game
        counts = self.stats.counts(self.player, game)
        if count not in counts:
            latest = [r for r, _seat in self.stats.history(self.player, game)]
            count = latest[-1].players if latest and latest[-1].players in counts else None
        self.count_sel.set_options(counts, count if count is not None else (counts[0] if counts else None))
        self.ring.set(self.widgets())

    def _switcher(self, game: str):
        return lambda: self._show(game, self.players)

    def _player_changed(self, name: str) -> None:
        self.player = name
        self._show(self.game, self.players)

    def _count_changed(self, count: int) -> None:
        self.ring.set(self.widgets())

    @property
    def players(self) -> int | None:
        """The number of players whose tables are shown (None: no games of this game)."""
        return self.count_sel.value if self.count_sel.options else None

    def rows(self) -> list[tuple[str, Totals]]:
        """The table's rows; the ``all`` row only where it adds up more than one other."""
        if self.players is None:
            return []
        rows = self.stats.table(self.player, self.game, self.players)
        return rows if len(rows) > 2 else rows[:1]

    def hints_text(self) -> str:
        """The hints asked for at these tables, all opponents together ("" when none)."""
        rows = self.stats.table(self.player, self.game, self.players) if self.players else []
        used = rows[-1][1].hints if rows else 0
        if not used:
            return ""
        return ngettext(
            "{n} hint asked for at these tables", "{n} hints asked for at these tables", used
        ).format(n=used)

    def history(self) -> list[tuple[GameRecord, SeatResult]]:
        return self.stats.history(self.player, self.game, self.players) if self.players else []

    def widgets(self) -> list:
        more = [self.board.more] if self.board.more.visible else []  # the notices do not all fit
        if not self.people:
            return [*more, self.back]
        chooser = [self.player_sel] if len(self.people) > 1 else []
        counts = [self.count_sel] if self.count_sel.options else []
        return [*self.tabs, *chooser, *counts, *more, self.back]

    # -- layout ----------------------------------------------------------------------

    def enter(self) -> None:
        self.resized(self.app.size)
        self.ring.focus(self.tabs[self.games.index(self.game)] if self.people else self.back)

    def resume(self) -> None:
        self.resized(self.app.size)

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = min(w / 1280, h / 720)
        left = (w - round(1200 * s)) // 2
        self.back.rect = pygame.Rect(0, 0, round(180 * s), round(46 * s))
        self.back.rect.midbottom = (w // 2, h - round(16 * s))
        self.back.size = round(22 * s)
        width, gap = round(230 * s), round(10 * s)
        x = w // 2 - (len(self.tabs) * width + (len(self.tabs) - 1) * gap) // 2
        for b in self.tabs:
            b.size = max(13, round(18 * s))
            b.rect = pygame.Rect(x, round(64 * s), width, round(40 * s))
            x += width + gap
        row_y, row_h = round(118 * s), round(38 * s)
        self.player_sel.rect = pygame.Rect(w // 2 - round(330 * s), row_y, round(300 * s), row_h)
        self.count_sel.rect = pygame.Rect(w // 2 + round(110 * s), row_y, round(220 * s), row_h)
        for sel in (self.player_sel, self.count_sel):
            sel.size = round(19 * s)
        bottom = self.back.rect.top - round(14 * s)
        if self.app.stats.notices:
            font = self.app.fonts.get(round(15 * s))
            lines = 1 + sum(len(wrap(font, n, round(1186 * s))) for n in self.app.stats.notices)
            height = round(20 * s) * min(lines, 5)
            self.notice_rect = pygame.Rect(left, bottom - height, round(1200 * s), height)
            bottom = self.notice_rect.top - round(10 * s)
        top = round(170 * s)
        rows = max(1, len(self.rows()))
        table_h = round((74 + 32 * rows) * s)
        self.table_rect = pygame.Rect(left, top, round(720 * s), table_h)
        recent_top = self.table_rect.bottom + round(14 * s)
        self.recent_rect = pygame.Rect(left, recent_top, round(720 * s), bottom - recent_top)
        self.chart_rect = pygame.Rect(left + round(740 * s), top, round(460 * s), bottom - top)
        self.empty_rect = pygame.Rect(left, top, round(1200 * s), bottom - top)
        self._place_watch_buttons()
        self.ring.set(self.widgets())

    def _recent_rows(self) -> tuple[int, int, list[tuple[GameRecord, SeatResult]]]:
        """Where the recent games' rows start, their height, and the games that fit, newest first."""
        s = self.scale
        y = self.recent_rect.top + round(68 * s)
        row_h = round(26 * s)
        room = max(0, (self.recent_rect.bottom - round(10 * s) - y) // row_h)
        return y, row_h, list(reversed(self.history()))[:room]

    def _place_watch_buttons(self) -> None:
        """A Watch button for each recent game whose replay is still kept."""
        s = self.scale
        self.watch = []
        y, row_h, rows = self._recent_rows()
        for record, _seat in rows:
            path = self.app.data / REPLAYS / record.replay if record.replay else None
            if path is not None and path.is_file():
                b = Button(_("Watch"), self._watcher(path), size=max(11, round(14 * s)))
                b.rect = pygame.Rect(
                    self.recent_rect.right - round((WATCH_W + 10) * s),
                    y - round(3 * s),
                    round(WATCH_W * s),
                    row_h - 2,
                )
                self.watch.append(b)
            y += row_h

    def _watcher(self, path: Path):
        def watch() -> None:
            try:
                replay = read_replay(path)
            except SaveError as exc:
                note = _("{file}: the replay could not be opened ({error})").format(file=path, error=exc)
                self.app.stats.notices.append(note)
                self.resized(self.app.size)
                return
            self.app.open("replay", replay)

        return watch

    # -- input -----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if any(b.handle(event) for b in self.watch if self.people):
            return True
        self.ring.set(self.widgets())
        used = self.ring.handle(event)
        if used:
            self.resized(self.app.size)  # another table size or player: another number of rows
        return used

    # -- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.scale
        surface.blit(BACKGROUND.get((w, h)), (0, 0))
        self._text(surface, _("Statistics"), 32, (w // 2, round(34 * s)), theme.TEXT, "serif", "center")
        if self.app.stats.notices:
            heading = _("The statistics file could not be used:")
            self.board.draw(surface, self.notice_rect, s, self.app.stats.notices, heading=heading)
        if not self.people:
            self._empty(surface, _("No statistics yet"))
        else:
            for b in self.tabs:
                b.draw(surface, self.app.text)
            self._choosers(surface)
            if self.players is None:
                name = _(games.get(self.game).name)
                self._empty(
                    surface, _("No games of {game} yet for {player}").format(game=name, player=self.player)
                )
            else:
                self._table(surface)
                self._recent(surface)
                self._chart(surface)
        self.back.draw(surface, self.app.text)

    def _text(self, surface, text, size, pos, color=theme.TEXT, style="regular", anchor="topleft"):
        return draw_text(surface, self.app.text, text, round(size * self.scale), pos, color, style, anchor)

    def _choosers(self, surface: pygame.Surface) -> None:
        s = self.scale
        sel = self.player_sel
        caption = (sel.rect.left - round(12 * s), sel.rect.centery)
        if len(self.people) > 1:
            self._text(surface, _("Player"), 17, caption, theme.MUTED, anchor="midright")
            sel.draw(surface, self.app.text)
        else:
            mine = _("Your games ({player})").format(player=self.player)  # one person: the one at the screen
            self._text(surface, mine, 19, sel.rect.center, theme.TEXT, "bold", "center")
        if self.count_sel.options:
            where = (self.count_sel.rect.left - round(12 * s), self.count_sel.rect.centery)
            # Translators: the label before the number of players a statistics table is for.
            self._text(surface, pgettext("players", "Table"), 17, where, theme.MUTED, anchor="midright")
            self.count_sel.draw(surface, self.app.text)

    def _empty(self, surface: pygame.Surface, title: str) -> None:
        """What to do to get statistics, in a panel in the middle of the free space."""
        s = self.scale
        font = self.app.fonts.get(round(19 * s))
        width = min(self.empty_rect.width, round(860 * s))
        lines = [line for para in EMPTY for line in wrap(font, _(para), width - round(80 * s))]
        rect = pygame.Rect(0, 0, width, round(130 * s) + round(30 * s) * len(lines))
        rect.center = self.empty_rect.center
        draw_panel(surface, rect)
        self._text(
            surface, title, 28, (rect.centerx, rect.top + round(50 * s)), theme.ACCENT, "serif", "center"
        )
        y = rect.top + round(106 * s)
        for line in lines:
            self._text(surface, line, 19, (rect.centerx, y), theme.TEXT, anchor="center")
            y += round(30 * s)

    def _columns(self, rect: pygame.Rect, spec: list[tuple[str, int]]) -> list[int]:
        """The left edge of each column."""
        x, out = rect.left + round(18 * self.scale), []
        for _heading, width in spec:
            out.append(x)
            x += round(width * self.scale)
        return out

    def _table(self, surface: pygame.Surface) -> None:
        s = self.scale
        rect = self.table_rect
        draw_panel(surface, rect)
        spec = games.get(self.game)
        if spec.lower_scores_win:
            # Translators: {score} is what the game's scores count ("points", "cards left").
            title = _("{game} at tables of {players} (fewer {score} are better)").format(
                game=_(spec.name), players=self.players, score=score_word(self.game)
            )
        else:
            title = _("{game} at tables of {players}").format(game=_(spec.name), players=self.players)
        self._text(
            surface, title, 18, (rect.left + round(18 * s), rect.top + round(12 * s)), theme.TEXT, "bold"
        )
        xs = self._columns(rect, COLUMNS)
        y = rect.top + round(44 * s)
        for i, ((heading, width), x) in enumerate(zip(COLUMNS, xs, strict=True)):
            where, anchor = (
                ((x, y), "topleft") if i == 0 else ((x + round(width * s) - round(8 * s), y), "topright")
            )
            self._text(surface, _(heading), 14, where, theme.MUTED, "bold", anchor)
        y += round(26 * s)
        for key, totals in self.rows():
            color = theme.ACCENT if key == ALL else theme.TEXT
            for i, (text, (_heading, width), x) in enumerate(
                zip(cells(key, totals), COLUMNS, xs, strict=True)
            ):
                right = x + round(width * s) - round(8 * s)
                where, anchor = ((x, y), "topleft") if i == 0 else ((right, y), "topright")
                self._text(surface, text, 17, where, color, "bold" if i == 0 else "regular", anchor)
            y += round(32 * s)

    def _recent(self, surface: pygame.Surface) -> None:
        s = self.scale
        rect = self.recent_rect
        draw_panel(surface, rect)
        self._text(
            surface,
            _("Recent games"),
            18,
            (rect.left + round(18 * s), rect.top + round(12 * s)),
            style="bold",
        )
        hints = self.hints_text()  # beside the short heading: the table's own title can be long
        if hints:
            corner = (rect.right - round(18 * s), rect.top + round(14 * s))
            self._text(surface, hints, 15, corner, theme.MUTED, anchor="topright")
        xs = self._columns(rect, RECENT)
        y = rect.top + round(44 * s)
        headings = [_(h) if h else score_word(self.game).capitalize() for h, _width in RECENT[:-1]]
        for heading, x in zip(headings, xs, strict=False):
            self._text(surface, heading, 14, (x, y), theme.MUTED, "bold")
        y, row_h, rows = self._recent_rows()
        known = self.app.variants(self.game)
        for record, seat in rows:
            for text, x in zip(recent_cells(record, seat, known), xs, strict=False):
                self._text(surface, text, 15, (x, y), theme.TEXT)
            if seat.won:
                # Translators: beside a recent game that was won.
                self._text(surface, pgettext("game", "Won"), 15, (xs[-1], y), theme.ACCENT, "bold")
            y += row_h
        for b in self.watch:
            b.draw(surface, self.app.text)

    def _chart(self, surface: pygame.Surface) -> None:
        shown = self.history()[-CHART_GAMES:]
        first = len(self.history()) - len(shown) + 1
        scores = [seat.score for _record, seat in shown]
        wins = [seat.won for _record, seat in shown]
        # Translators: the chart's title; {score} is what the game's scores count ("Points", "Cards left").
        title = _("{score} in each game").format(score=score_word(self.game).capitalize())

        line = Series(theme.DROP, scores, wins)
        # Translators: the chart's x axis: the games, one after another.
        axis = pgettext("chart", "game")
        draw_line_chart(surface, self.app.text, self.chart_rect, self.scale, title, [line], axis, first)
        key = (self.chart_rect.centerx, self.chart_rect.top + round(40 * self.scale))
        self._text(surface, _("gold dots: games won"), 14, key, theme.HIGHLIGHT, anchor="midtop")
