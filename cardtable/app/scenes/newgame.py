"""New game: the game, the number of players, each seat (name, human or computer), the variant.

The variants are the game's built-in ones and the player's own; the screen
says what the chosen one changes from the standard rules, and will not start
a game whose variant does not fit the number of players. A game with a
``first_player`` option lets the table say who goes first: a chosen seat is
turned to the head of the seat order (the order round the table stays).
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from cardtable import games
from cardtable.engine import OptionError, Variant
from cardtable.engine.views import format_prompt
from cardtable.i18n import _, ngettext
from cardtable.settings import LEVELS, NewGameDefault, SeatDefault, clean_name
from cardtable.variants import change_list, describe_changes

from .. import theme
from ..layout import playable_games
from ..scene import Scene
from ..table.setup import COMPUTER_NAMES, GameSetup, default_setup, remembered_setup, seat_defaults
from ..text_field import TextField
from ..theme import wrap
from ..widgets import Button, FocusRing, Selector, draw_panel, draw_text
from .broken_variant import BrokenEntry
from .common import BACKGROUND, kind_label, replacing_saved_game, ring_handle, variant_listed

RANDOM_FIRST = "random"
"""The "goes first" choice that leaves it to the draw (the others are seat numbers)."""


def seated(setup: GameSetup, first: int | str) -> GameSetup:
    """``setup`` with seat ``first`` at the head of the order (``first_player`` set to match)."""
    if first == RANDOM_FIRST:
        return replace(setup, options={**setup.options, "first_player": "random"})
    assert isinstance(first, int)
    seats = setup.seats[first:] + setup.seats[:first]
    return replace(setup, seats=seats, options={**setup.options, "first_player": "first_seat"})


def remember(app, setup: GameSetup) -> None:
    """New game opens on this table next time, in this session and the next (the settings file is
    written at once, unless it could not be read: a broken file is left for its owner to mend)."""
    settings = app.settings
    settings.new_game = NewGameDefault(setup.game, setup.players, setup.variant)
    chosen = [SeatDefault(s.name, s.human, s.level) for s in setup.seats]
    settings.seats = chosen + settings.seats[len(chosen) :]
    if not app.files.settings_broken:
        app.save_settings()


def _players_label(count: int) -> str:
    return ngettext("{n} player", "{n} players", count).format(n=count)


class NewGameScene(Scene):
    scene_name = "new game"

    def __init__(self, app, last: GameSetup | None = None) -> None:
        super().__init__(app)
        self.games = playable_games()
        if last is None:
            last = remembered_setup(app.settings, self.games)
        first = last.game if last is not None and last.game in self.games else self.games[0]
        self.setup = default_setup(app.settings, first)
        self.game_sel = Selector(self.games, 0, self._game_changed, lambda g: _(games.get(g).name))
        self.players_sel = Selector([], 0, self._players_changed, _players_label)
        self.variant_sel = Selector(
            [], 0, self._variant_changed, self._variant_name, muted=lambda v: isinstance(v, BrokenEntry)
        )
        self.broken: BrokenEntry | None = None
        """A variant whose file has a mistake, chosen: shown with its mistake, never played."""
        self.first_sel = Selector([RANDOM_FIRST], 0, None, self._first_name)
        self.start = Button(_("Start"), self.start_game, primary=True)
        self.preview = Button(
            _("Quick look\u2026"),
            self.quick_look,
            size=16,
            tooltip=_("Computers play 20 deals of these rules"),
        )
        self.preview.visible = False
        self.back = Button(_("Back"), self.app.pop)
        self.learn = Button(_("Learn to play"), self.learn_game)
        self.names: list[TextField] = []
        self.kinds: list[Selector] = []
        self.ring = FocusRing()
        self.game_sel.set_options(self.games, first)
        self._game_changed(first)
        if last is not None and last.game == first:  # the same table again: its seats and variant
            self.players_sel.set_options(self.players_sel.options, last.players)
            self.setup.seats = [replace(seat) for seat in last.seats]
            self._players_changed(last.players)
            if last.variant in self.variant_sel.options:
                self.variant_sel.set_options(self.variant_sel.options, last.variant)
                self._variant_changed(last.variant)

    # -- choices ------------------------------------------------------------------

    def _variant_name(self, name: str | BrokenEntry) -> str:
        if isinstance(name, BrokenEntry):
            return name.label
        variant = self.app.variants(self.setup.game).get(name)
        return variant_listed(variant) if variant is not None else name

    def _first_name(self, first: int | str) -> str:
        if first == RANDOM_FIRST:
            return _("Drawn at random")
        assert isinstance(first, int)
        name = self.setup.seats[first].name.strip() if first < len(self.setup.seats) else ""
        if name:
            return _("Seat {number}: {name}").format(number=first + 1, name=name)
        return _("Seat {number}").format(number=first + 1)

    @property
    def asks_first(self) -> bool:
        """Whether the game lets the table choose who goes first."""
        return "first_player" in games.get(self.setup.game).schema

    def _reset_first(self) -> None:
        """Offer each seat; the default is the variant's (seat 1 when it says the first seat)."""
        spec = games.get(self.setup.game)
        default = RANDOM_FIRST
        if self.asks_first:
            options = spec.schema.validate(self.variant.options)
            if options.get("first_player") == "first_seat":
                default = 0
        self.first_sel.set_options([RANDOM_FIRST, *range(self.setup.players)], default)

    @property
    def variant(self) -> Variant:
        variants = self.app.variants(self.setup.game)
        return variants.get(self.setup.variant, variants["standard"])

    def variant_notes(self) -> list[str]:
        """The chosen variant's description and what it changes from the standard rules."""
        spec = games.get(self.setup.game)
        if self.broken is not None:
            error = self.app.files.broken_variants(spec)[self.broken.name]
            return [self.app.files.describe(error)]
        variant = self.variant
        written = describe_changes(spec, variant.options)  # already says what the list below says
        description = variant.description
        if variant.builtin and description:  # a built-in's words, in the language in use
            description = _(description)
        lines = [description] if variant.description not in ("", written) else []
        if spec.schema.changes(spec.schema.validate(variant.options)):
            lines.append(_("Changes: {changes}").format(changes=change_list(spec, variant.options)))
        elif variant.name != "standard":
            lines.append(_("Changes nothing from the standard rules."))
        return lines

    def _check(self) -> None:
        self.blocked = self.problem
        self.start.enabled = self.blocked is None

    @property
    def problem(self) -> str | None:
        """Why the chosen variant cannot be played (by this many players), if it cannot."""
        if self.broken is not None:
            return _("This variant's file has a mistake: mend it, reset it or delete it in Settings.")
        spec = games.get(self.setup.game)
        try:
            spec.resolve_options(self.setup.players, self.setup.options, self.variant)
        except OptionError as exc:
            key = exc.key.split(".")[0]
            title = _(spec.schema[key].title) if key in spec.schema else key
            problem = format_prompt(exc.message, ())
            return _("Not with {players} players: {option}: {problem}").format(
                players=self.setup.players, option=title, problem=problem
            )
        return None

    def _variant_choices(self, game: str) -> list[str | BrokenEntry]:
        broken = self.app.files.broken_variants(games.get(game))
        return [*self.app.variants(game), *(BrokenEntry(n) for n in broken)]

    def _game_changed(self, game: str) -> None:
        spec = games.get(game)
        self.setup.game = game
        count = spec.table_size
        self.players_sel.set_options(list(spec.player_range), count)
        self.variant_sel.set_options(self._variant_choices(game), "standard")
        self.setup.variant = "standard"
        self.broken = None
        self.preview.visible = False
        self._players_changed(count)
        self._reset_first()

    def _players_changed(self, count: int) -> None:
        old = self.setup.seats
        seats = seat_defaults(self.app.settings, count)
        for i in range(min(len(old), count)):
            seats[i] = old[i]
        self.setup.seats = seats
        self.names = [TextField(s.name, on_change=self._name_setter(i)) for i, s in enumerate(seats)]
        kinds = ["human", *LEVELS]
        self.kinds = [
            Selector(kinds, kinds.index(s.kind), self._kind_setter(i), kind_label)
            for i, s in enumerate(seats)
        ]
        keep = self.first_sel.value
        self._reset_first()
        if keep in self.first_sel.options:
            self.first_sel.set_options(self.first_sel.options, keep)
        self._check()
        self.resized(self.app.size)

    def _name_setter(self, i: int):
        def set_name(value: str) -> None:
            self.setup.seats[i].name = clean_name(value)  # what can be drawn (no zero-width name)

        return set_name

    def _kind_setter(self, i: int):
        def set_kind(value: str) -> None:
            seat = self.setup.seats[i]
            seat.human = value == "human"
            if not seat.human:
                seat.level = value

        return set_kind

    def _variant_changed(self, name: str | BrokenEntry) -> None:
        self.broken = name if isinstance(name, BrokenEntry) else None
        self.setup.variant = name if isinstance(name, str) else "standard"
        self.preview.visible = self.broken is None and self.setup.variant != "standard"
        self.ring.set(self.widgets())
        self._reset_first()
        self._check()

    def quick_look(self) -> None:
        """The chosen variant against the standard rules over 20 deals, played at once: a rough first
        idea of what it changes (the lab's screen can play more)."""

        if self.broken is not None or self.blocked is not None:
            return
        spec = games.get(self.setup.game)
        variant = self.variant
        options = spec.schema.validate(variant.options)
        scene = self.app.scene(
            "lab",
            spec.id,
            variant.shown,
            options,
            self.app.variants(spec.id),
            self.setup.players,
            20,
            True,
        )
        self.app.push(scene)

    def start_game(self) -> None:

        if self.blocked is not None:
            return
        for i, seat in enumerate(self.setup.seats):
            if not clean_name(seat.name):
                seat.name = _("You") if seat.human and i == 0 else COMPUTER_NAMES[i % len(COMPUTER_NAMES)]
        setup = seated(self.setup, self.first_sel.value) if self.asks_first else self.setup
        chosen = replace(self.setup, seats=[replace(seat) for seat in self.setup.seats])

        def start() -> None:
            remember(self.app, chosen)  # the seats as set here, before who goes first turns them
            self.app.replace(self.app.scene("table", setup))

        replacing_saved_game(self.app, start)

    # -- layout and input ---------------------------------------------------------------

    def enter(self) -> None:
        self.resized(self.app.size)
        self.ring.focus(self.start)

    def widgets(self) -> list:
        out = [self.game_sel, self.players_sel]
        for name, kind in zip(self.names, self.kinds, strict=True):
            out += [name, kind]
        out.append(self.variant_sel)
        if self.preview.visible:
            out.append(self.preview)
        if self.asks_first:
            out.append(self.first_sel)
        return [*out, self.start, self.back, self.learn]

    def learn_game(self) -> None:
        """The chosen game's guided first game (Learn to play)."""
        self.app.replace(self.app.scene("learn", self.game_sel.value))

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = min(w / 1280, h / 720)
        size_text = round(20 * s)
        col = round(w / 2 - 110 * s)
        row_h = round(44 * s)
        y = round(110 * s)
        self.rows: list[tuple[str, int, int]] = []  # (label, its right edge, top)
        for label, widget in ((_("Game"), self.game_sel), (_("Players"), self.players_sel)):
            widget.rect = pygame.Rect(col, y, round(330 * s), round(36 * s))
            widget.size = size_text
            self.rows.append((label, col - round(20 * s), y))
            y += row_h
        y += round(8 * s)
        self.seat_top = y
        y = self._place_seats(y, s, size_text)
        y += round(8 * s)
        rows = [(_("Variant"), self.variant_sel)]
        if self.asks_first:
            rows.append((_("Goes first"), self.first_sel))
        for label, widget in rows:
            widget.rect = pygame.Rect(col, y, round(330 * s), round(36 * s))
            widget.size = size_text
            self.rows.append((label, col - round(20 * s), y))
            y += row_h
        self.preview.size = round(16 * s)
        self.preview.rect = pygame.Rect(0, 0, self.preview.preferred_width(self.app.text), round(34 * s))
        self.preview.rect.midleft = (
            self.variant_sel.rect.right + round(12 * s),
            self.variant_sel.rect.centery,
        )
        self.variant_y = y - row_h
        self.start.rect = pygame.Rect(0, 0, round(220 * s), round(50 * s))
        self.start.rect.bottomright = (w // 2 + round(230 * s), h - round(40 * s))
        self.back.rect = pygame.Rect(0, 0, round(160 * s), round(50 * s))
        self.back.rect.bottomright = (self.start.rect.left - round(16 * s), h - round(40 * s))
        for b in (self.start, self.back):
            b.size = round(22 * s)
        self.learn.size = round(22 * s)
        self.learn.rect = pygame.Rect(0, 0, self.learn.preferred_width(self.app.text), round(50 * s))
        self.learn.rect.bottomleft = (
            w // 2 - round(390 * s),
            h - round(40 * s),
        )  # inside the panel (820 wide)
        while self.learn.size > 11 and self.learn.rect.right > self.back.rect.left - round(12 * s):
            self.learn.size -= 1  # a long word in some language: smaller, never over Back
            self.learn.rect.width = self.learn.preferred_width(self.app.text)
        self.ring.set(self.widgets())

    def _place_seats(self, y: int, s: float, size_text: int) -> int:
        """One row per seat, or two columns of them past six seats; the y below them."""
        w = self.app.size[0]
        count = len(self.names)
        if count <= 6:
            columns = [(round(w / 2 - 110 * s), round(200 * s), round(262 * s))]
        else:
            columns = [(round(w / 2 - 390 * s), round(130 * s), round(220 * s))]
            columns.append((round(w / 2 + 100 * s), round(130 * s), round(220 * s)))
        per_column = -(-count // len(columns))
        bottom = y
        for i, (name, kind) in enumerate(zip(self.names, self.kinds, strict=True)):
            left, name_w, kind_w = columns[i // per_column]
            top = y + (i % per_column) * round(40 * s)
            name.rect = pygame.Rect(left, top, name_w, round(34 * s))
            name.size = size_text
            kind.rect = pygame.Rect(left + name_w + round(10 * s), top, kind_w, round(34 * s))
            kind.size = round(18 * s if count <= 6 else 16 * s)
            seat = _("Seat {number}").format(number=i + 1)
            self.rows.append((seat, left - round(12 * s if count > 6 else 20 * s), top))
            bottom = max(bottom, top + round(40 * s))
        return bottom

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_RETURN
            and not isinstance(self.ring.current, Button)
        ):
            self.start_game()
            return True
        return ring_handle(self.ring, event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.scale
        surface.blit(BACKGROUND.get((w, h)), (0, 0))
        panel = pygame.Rect(0, 0, round((820 if len(self.names) <= 6 else 1000) * s), h - round(60 * s))
        panel.midtop = (w // 2, round(30 * s))
        draw_panel(surface, panel)
        draw_text(
            surface,
            self.app.text,
            _("New game"),
            round(34 * s),
            (w // 2, round(62 * s)),
            theme.TEXT,
            "serif",
            "center",
        )
        for label, right, y in self.rows:
            draw_text(
                surface,
                self.app.text,
                label,
                round(20 * s if len(self.names) <= 6 else 17 * s),
                (right, y + round(17 * s)),
                theme.MUTED,
                anchor="midright",
            )
        for widget in self.widgets():
            widget.draw(surface, self.app.text)
        lines = self.variant_notes()
        y = self.variant_y + round(48 * s)
        font = self.app.fonts.get(round(17 * s))
        for text in lines:
            for line in wrap(font, text, round(600 * s)):
                draw_text(
                    surface, self.app.text, line, round(17 * s), (w // 2, y), theme.MUTED, anchor="midtop"
                )
                y += round(22 * s)
        humans = sum(1 for seat in self.setup.seats if seat.human)
        note = (
            _("Pass and play: a privacy screen hides the table between human players.")
            if humans > 1
            else _("Computers only: you watch.")
            if humans == 0
            else ""
        )
        problem = self.blocked
        if problem is not None:
            note = problem
        if note:
            draw_text(
                surface,
                self.app.text,
                note,
                round(16 * s),
                (w // 2, y + round(8 * s)),
                theme.DANGER if problem is not None else theme.ACCENT,
                anchor="midtop",
            )
