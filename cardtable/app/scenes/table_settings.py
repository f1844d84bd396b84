"""Settings, table: language, animation speed, window, sound, the cards' look, quitting, and the seats
of a new game.

Every change applies at once; the settings scene saves them when it closes. A new language is
saved at once, and the screens are made again to speak it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from cardtable import i18n
from cardtable.engine.cards import STANDARD
from cardtable.i18n import LANGUAGES, N_, _, pgettext
from cardtable.settings import (
    ANIMATION_SPEEDS,
    CARD_BACKS,
    COMPUTER_SPEEDS,
    EXPLAIN_CHOICES,
    HAND_ORDERS,
    LANGUAGE_CHOICES,
    LEVELS,
    SYSTEM_LANGUAGE,
    WINDOW_SIZES,
    SeatDefault,
    Settings,
    clean_name,
)

from .. import theme
from ..text_field import TextField
from ..theme import wrap
from ..widgets import ScrollArea, Selector, Stepper, Toggle, Widget, draw_fitted, draw_text
from .common import kind_label

if TYPE_CHECKING:
    from .settings import SettingsScene

SEATS_SHOWN = 6
PREVIEW = tuple(STANDARD.find(rank, suit) for rank, suit in ((10, "C"), (12, "D"), (13, "H"), (14, "S")))
"""A card of each suit, shown beside the deck's look."""
NOTES = (N_("A new game fills its seats in this order; any more are computers."),)
VOLUMES = range(0, 101, 10)
KINDS = ["human", *LEVELS]

HAND_ORDER_NAMES = {
    "table": N_("As the game sorts it"),
    "suit": N_("By suit, trump first"),
    "rank": N_("By rank"),
}

EXPLAIN_NAMES = {
    "first games": N_("In my first games"),
    "always": N_("In every game"),
    "off": N_("Never"),
}

SPEED_NAMES = {
    "instant": N_("Instant"),
    "fast": N_("Fast"),
    "normal": N_("Normal"),
    "slow": N_("Slow"),
    "very slow": N_("Very slow"),
}
"""The animation and computer speeds as the selectors show them."""
BACK_NAMES = {
    "red": N_("Red"),
    "blue": N_("Blue"),
    "green": N_("Green"),
    "purple": N_("Purple"),
    "gold": N_("Gold"),
    "black": N_("Black"),
}
"""The card backs by their colours."""


def _named(names: dict[str, str]) -> Callable[[str], str]:
    """A selector's format: a value by its marked name, in the language in use (else as written)."""

    def name(value: str) -> str:
        return _(names[value]) if value in names else value.capitalize()

    return name


def _language_label(code: str) -> str:
    """A language by its own name (never translated); the system's choice says which it is now."""
    if code == SYSTEM_LANGUAGE:
        # Translators: the language setting that follows the system's; {language} is that language's own name.
        return _("System ({language})").format(language=LANGUAGES[i18n.system_language()])
    return LANGUAGES.get(code, code)


def _volume_label(volume: int) -> str:
    return _("Off") if volume == 0 else f"{volume}%"


def _size_label(size: tuple[int, int]) -> str:
    return f"{size[0]} \u00d7 {size[1]}"


class TablePage:
    title = N_("Table")
    """The page's tab (marked: shown through ``_()``)."""

    def __init__(self, scene: SettingsScene) -> None:
        self.scene = scene
        self.app = app = scene.app
        st = app.settings
        languages = list(LANGUAGE_CHOICES)
        chosen = st.language if st.language in languages else SYSTEM_LANGUAGE
        self.language = Selector(languages, languages.index(chosen), self._language, _language_label)
        speeds = list(ANIMATION_SPEEDS)
        self.speed = Selector(speeds, speeds.index(st.animation_speed), self._speed, _named(SPEED_NAMES))
        paces = list(COMPUTER_SPEEDS)
        self.pace = Selector(paces, paces.index(st.computer_speed), self._pace, _named(SPEED_NAMES))
        sizes = list(WINDOW_SIZES)
        if tuple(st.window_size) not in sizes:
            sizes = sorted([*sizes, tuple(st.window_size)])
        self.size = Selector(sizes, sizes.index(tuple(st.window_size)), self._size, _size_label)
        self.fullscreen = Toggle(app.fullscreen, self._fullscreen, (_("Window"), _("Full screen")))
        volumes = sorted({*VOLUMES, st.volume})  # a volume set by hand between the steps is kept
        self.volume = Stepper(volumes, st.volume, self._volume, _volume_label)
        self.back = Selector(list(CARD_BACKS), st.back_index, self._back, _named(BACK_NAMES))
        self.four_color = Toggle(st.four_color, self._four_color, (_("Two colours"), _("Four colours")))
        corners = (pgettext("card corners", "Normal"), pgettext("card corners", "Large"))
        self.large_index = Toggle(st.large_index, self._large_index, corners)
        self.confirm = Toggle(st.confirm_quit, self._confirm, (_("Don't ask"), _("Ask first")))
        self.trick = Toggle(st.trick_click, self._trick, (_("Go on by itself"), _("Wait for a click")))
        self.help_rows = self._help_rows(st)
        self.rows: list[tuple[str, Widget]] = [
            (_("Language"), self.language),
            (_("Animation speed"), self.speed),
            (_("Computers play"), self.pace),
            (_("Window size"), self.size),
            (_("Display (F11)"), self.fullscreen),
            (_("Sound volume"), self.volume),
            (_("Card back"), self.back),
            (_("Suit colours"), self.four_color),
            (_("Card corners"), self.large_index),
            (_("Quitting or leaving a game"), self.confirm),
            (_("After each trick"), self.trick),
            (_("Forced moves"), self.auto),
        ]
        self.names: list[TextField] = []
        self.kinds: list[Selector] = []
        self.names_before: list[str] = []
        defaults = Settings().seats
        for i in range(SEATS_SHOWN):
            seat = st.seats[i] if i < len(st.seats) else defaults[i]
            self.names_before.append(seat.name)
            self.names.append(TextField(seat.name, max_length=16, on_change=self._namer(i)))
            kind = "human" if seat.human else seat.level
            self.kinds.append(Selector(KINDS, KINDS.index(kind), self._kinder(i), kind_label))
        self.scroll = ScrollArea()  # unused: everything fits; kept so the scene treats pages alike
        self.area = pygame.Rect(0, 0, 0, 0)
        self.s = 1.0
        self.content_bottom: int | None = None

    def _help_rows(self, st: Settings) -> list[tuple[str, Widget]]:
        """Help while playing: Explain as I play, the order of one's hand (Forced moves is a row of
        the table's own)."""
        explain = list(EXPLAIN_CHOICES)
        self.explain = Selector(explain, explain.index(st.explain), self._explain, _named(EXPLAIN_NAMES))
        self.auto = Toggle(st.auto_play, self._auto, (_("I make them"), _("Made for me")))
        orders = list(HAND_ORDERS)
        self.order = Selector(orders, orders.index(st.hand_order), self._order, _named(HAND_ORDER_NAMES))
        return [
            (_("Explain rules as I play"), self.explain),
            (_("My hand"), self.order),
        ]

    # -- changes ----------------------------------------------------------------------

    def _language(self, value: str) -> None:
        """Speak ``value`` from now on: saved at once, and every screen made again in it."""
        self.app.settings.language = value
        i18n.use(value)
        self.scene.language_changed()

    def _speed(self, value: str) -> None:
        self.app.settings.animation_speed = value

    def _pace(self, value: str) -> None:
        self.app.settings.computer_speed = value

    def _size(self, value: tuple[int, int]) -> None:
        self.app.set_window_size(value)

    def _fullscreen(self, value: bool) -> None:
        if value != self.app.fullscreen:
            self.app.toggle_fullscreen()

    def _volume(self, value: int) -> None:
        self.app.set_volume(value)
        self.app.sound.play("play")  # a sample at the new volume

    def _back(self, value: str) -> None:
        self.app.set_card_back(value)

    def _four_color(self, value: bool) -> None:
        self.app.set_card_style(value, self.app.settings.large_index)

    def _large_index(self, value: bool) -> None:
        self.app.set_card_style(self.app.settings.four_color, value)

    def _confirm(self, value: bool) -> None:
        self.app.settings.confirm_quit = value

    def _trick(self, value: bool) -> None:
        self.app.settings.trick_click = value

    def _explain(self, value: str) -> None:
        self.app.settings.explain = value

    def _auto(self, value: bool) -> None:
        self.app.settings.auto_play = value

    def _order(self, value: str) -> None:
        self.app.settings.hand_order = value

    def _seat(self, i: int) -> SeatDefault:
        """Seat ``i`` of the settings, filling in default seats before it if the file had fewer."""
        seats = self.app.settings.seats
        defaults = Settings().seats
        while len(seats) <= i:
            seats.append(defaults[len(seats)])
        return seats[i]

    def _namer(self, i: int) -> Callable[[str], None]:
        def set_name(value: str) -> None:
            # A seat needs a name: an emptied field stands for the name it had when the page opened.
            self._seat(i).name = clean_name(value) or self.names_before[i]

        return set_name

    def _kinder(self, i: int) -> Callable[[str], None]:
        def set_kind(value: str) -> None:
            seat = self._seat(i)
            seat.human = value == "human"
            if not seat.human:
                seat.level = value

        return set_kind

    def leave(self, then: Callable[[], None]) -> None:
        for field, seat in zip(self.names, self.app.settings.seats, strict=False):
            field.value = seat.name  # a field left empty shows the name kept
        then()

    def sync(self) -> None:
        """Show settings changed elsewhere (F11)."""
        self.fullscreen.set(self.app.fullscreen)

    # -- layout, input, drawing ---------------------------------------------------------

    def widgets(self) -> list[Widget]:
        out: list[Widget] = [w for _label, w in self.rows]
        for name, kind in zip(self.names, self.kinds, strict=True):
            out += [name, kind]
        return out + [w for _label, w in self.help_rows]

    def scrolled(self) -> list[Widget]:
        return []

    def layout(self, area: pygame.Rect, s: float) -> None:
        self.area, self.s = area, s
        h = round(38 * s)
        step = round(48 * s)
        left = area.left + round(250 * s)
        y = area.top + round(40 * s)
        row_step = round(max(504 / len(self.rows), 42) * s)  # the rows share the height nine once took
        for _label, w in self.rows:
            w.rect = pygame.Rect(left, y, round(250 * s), h)
            w.size = round(18 * s)
            y += row_step
        self.seats_x = area.left + round(660 * s)
        y = area.top + round(40 * s)
        for name, kind in zip(self.names, self.kinds, strict=True):
            name.rect = pygame.Rect(self.seats_x + round(80 * s), y, round(190 * s), h)
            name.size = round(18 * s)
            kind.rect = pygame.Rect(name.rect.right + round(12 * s), y, round(240 * s), h)
            kind.size = round(17 * s)
            y += step
        font = self.app.text.fonts.get(round(15 * s))  # the notes as drawn: wrapped where long
        notes = sum(len(wrap(font, _(n), area.right - self.seats_x)) for n in NOTES) * font.get_linesize()
        y = self.names[-1].rect.bottom + round(18 * s) + notes + len(NOTES) * round(6 * s) + round(40 * s)
        self.help_top = y - round(34 * s)
        for _label, w in self.help_rows:  # help while playing, under the seats
            w.rect = pygame.Rect(self.seats_x + round(250 * s), y, round(272 * s), h)
            w.size = round(17 * s)
            y += round(44 * s)
        self.content_bottom = y

    def reveal(self, widget: Widget | None) -> None:
        pass

    def scroll_by(self, delta: float) -> None:
        pass

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def _draw_rows(
        self, surface: pygame.Surface, rows: list[tuple[str, Widget]], left: int, gap: int
    ) -> None:
        """Each setting with its label before it, the label fitted between ``left`` and the widget."""
        for label, w in rows:
            pos = (w.rect.left - gap, w.rect.centery)
            size = round(18 * self.s)
            draw_fitted(
                surface, self.app.text, label, size, pos, pos[0] - left, theme.MUTED, anchor="midright"
            )
            w.draw(surface, self.app.text)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        text = self.app.text
        a = self.area
        draw_text(surface, text, _("The table"), round(21 * s), (a.left, a.top), theme.ACCENT, "bold")
        draw_text(
            surface,
            text,
            _("Seats of a new game"),
            round(21 * s),
            (self.seats_x, a.top),
            theme.ACCENT,
            "bold",
        )
        self._draw_rows(surface, self.rows, a.left, round(16 * s))
        card_w = round(36 * s)
        img = self.app.cards.back(0, card_w)
        spot = (self.back.rect.right + round(18 * s), self.back.rect.centery)
        surface.blit(img, img.get_rect(midleft=spot))
        # The deck's look as it is now: a card of each suit, fanned, so a change shows at once.
        face_w = round(44 * s)
        middle = (self.four_color.rect.centery + self.large_index.rect.centery) // 2
        for i, card in enumerate(PREVIEW):
            face = self.app.cards.face(card, face_w)
            x = self.four_color.rect.right + round(18 * s) + i * round(26 * s)
            surface.blit(face, face.get_rect(midleft=(x, middle)))
        for i, (name, kind) in enumerate(zip(self.names, self.kinds, strict=True)):
            pos = (name.rect.left - round(14 * s), name.rect.centery)
            seat = _("Seat {number}").format(number=i + 1)
            draw_text(surface, text, seat, round(18 * s), pos, theme.MUTED, anchor="midright")
            name.draw(surface, text)
            kind.draw(surface, text)
        draw_text(
            surface,
            text,
            _("Help while playing"),
            round(21 * s),
            (self.seats_x, self.help_top),
            theme.ACCENT,
            "bold",
        )
        self._draw_rows(surface, self.help_rows, self.seats_x, round(14 * s))
        y = self.names[-1].rect.bottom + round(18 * s)
        for note in NOTES:
            room = a.right - self.seats_x
            y = draw_fitted(
                surface, text, _(note), round(15 * s), (self.seats_x, y), room, theme.MUTED
            ).bottom

            y += round(21 * s)
