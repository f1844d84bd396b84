"""Pieces several scenes share: a column of buttons, arrow keys along a screen's widgets, the felt
background, file notices, the question before a variant is deleted."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from cardtable.engine import Variant
from cardtable.i18n import N_, _, ngettext
from cardtable.saves import read_autosave
from cardtable.variants import variant_label, variant_title

from .. import theme
from ..table.gamelog import LogLine
from ..theme import wrap
from ..widgets import Button, FocusRing, Widget, draw_text
from ..widgets import box as widget_box


def layout_column(
    buttons: Sequence[Button], center_x: int, top: int, width: int, height: int, gap: int
) -> int:
    """Stack buttons in a centred column; returns the bottom edge."""
    y = top
    for b in buttons:
        b.rect = pygame.Rect(0, 0, width, height)
        b.rect.midtop = (center_x, y)
        y += height + gap
    return y


class Background:
    """The felt with a soft vignette, rendered once per window size."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, int], pygame.Surface] = {}

    def get(self, size: tuple[int, int]) -> pygame.Surface:
        surf = self._cache.get(size)
        if surf is None:
            self._cache.clear()
            surf = pygame.Surface(size)
            surf.fill(theme.FELT)
            w, h = size
            small = pygame.Surface((64, 36))
            for y in range(36):
                for x in range(64):
                    dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
                    d = min(1.0, (dx * dx + dy * dy) ** 0.5)
                    k = d * d
                    small.set_at(
                        (x, y),
                        tuple(
                            round(a + (b - a) * k)
                            for a, b in zip(theme.FELT_LIGHT, theme.FELT_DARK, strict=True)
                        ),
                    )
            surf = pygame.transform.smoothscale(small, size)
            self._cache[size] = surf
        return surf


BACKGROUND = Background()


def widgets_handle(ring: FocusRing, widgets: Sequence[Widget], event: pygame.event.Event) -> bool:
    ring.set(widgets)
    return ring.handle(event)


COLUMN = (pygame.K_UP, pygame.K_DOWN)
ROW = (pygame.K_LEFT, pygame.K_RIGHT)


def ring_handle(ring: FocusRing, event: pygame.event.Event, arrows: tuple[int, int] = COLUMN) -> bool:
    """A screen's widgets: the ``arrows`` (back, forward) move the focus along them, as they are laid
    out (a column or a ROW), besides Tab; every other event goes to them."""
    if event.type == pygame.KEYDOWN and event.key in arrows:
        ring.move(-1 if event.key == arrows[0] else 1)
        return True
    return ring.handle(event)


def menu_handle(app, ring: FocusRing, event: pygame.event.Event) -> bool:
    """A panel over the screen below (pause, About): Esc closes it; the rest goes to its widgets."""
    if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
        app.pop()
        return True
    return ring_handle(ring, event)


def shade(surface: pygame.Surface) -> None:
    """Dim the screen below a panel or dialog drawn over it."""
    dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    dim.fill((0, 0, 0, 150))
    surface.blit(dim, (0, 0))


FILES_HEADING = N_("Files with mistakes (Card Table uses its defaults for them):")
"""The notices' heading (marked: shown through ``_()``)."""

LEVEL_LABELS = {
    "easy": N_("Computer: easy"),
    "normal": N_("Computer: normal"),
    "hard": N_("Computer: hard"),
}
"""A seat's kind as New game and the settings show it, per computer level."""


def variant_shown(variant: Variant) -> str:
    """A variant's name as a player reads it: a built-in one's in the language in use, the player's
    own as they wrote it."""
    return _(variant.shown) if variant.builtin else variant.shown


def variant_listed(variant: Variant) -> str:
    """A variant as lists show it: a built-in one's name in the language in use, or the player's own
    name marked as theirs."""
    return _(variant.shown) if variant.builtin else variant_label(variant)


def kind_label(kind: str) -> str:
    """A seat's kind as shown in a selector: "Human", or a computer with its level."""
    if kind == "human":
        return _("Human")
    if kind in LEVEL_LABELS:
        return _(LEVEL_LABELS[kind])
    return _("Computer: {level}").format(level=kind)


def notice_lines(
    font: pygame.font.Font,
    width: int,
    notices: Sequence[str],
    notes: Sequence[str] = (),
    first: tuple[str, theme.Color] | None = None,
    heading: str | None = None,
    indent: int = 14,
) -> list[tuple[str, theme.Color, str]]:
    """The notices wrapped to ``width``: (line, colour, style), in the order they are read
    (``heading``: over the notices; by default :data:`FILES_HEADING`)."""
    if heading is None:
        heading = _(FILES_HEADING)
    lines: list[tuple[str, theme.Color, str]] = []
    if first is not None:
        lines += [(line, first[1], "bold") for line in wrap(font, first[0], width)]
    if notices:
        lines += [(line, theme.ACCENT, "bold") for line in wrap(font, heading, width)]
        for notice in notices:
            lines += [(line, theme.TEXT, "regular") for line in wrap(font, notice, width - indent)]
    for note in notes:
        lines += [(line, theme.MUTED, "regular") for line in wrap(font, note, width)]
    return lines


def _padding(s: float, boxed: bool) -> int:
    """The space between a box of notices and its lines (none when they are not boxed)."""
    return round(10 * s) if boxed else 0


def _draw_notice_lines(
    surface: pygame.Surface,
    app,
    rect: pygame.Rect,
    s: float,
    lines: list[tuple[str, theme.Color, str]],
    boxed: bool,
) -> pygame.Rect | None:
    """``lines`` (from :func:`notice_lines`) drawn into ``rect``; those that do not fit end in a count of
    what is left out, and the rect of that line is returned (for a button that shows them all)."""
    size = round(15 * s)
    line_h = round(20 * s)
    pad = _padding(s, boxed)
    room = max(1, (rect.height - 2 * pad) // line_h)
    more = None
    if len(lines) > room:
        left_out = len(lines) - room + 1
        more_lines = ngettext("\u2026 and {n} more line", "\u2026 and {n} more lines", left_out)
        lines = [*lines[: room - 1], (more_lines.format(n=left_out), theme.MUTED, "regular")]
        more = pygame.Rect(
            rect.left + pad, rect.top + pad + (room - 1) * line_h, rect.width - 2 * pad, line_h
        )
    if boxed:
        height = len(lines) * line_h + 2 * pad
        box_rect = pygame.Rect(rect.left, rect.top, rect.width, height)
        surface.blit(widget_box(box_rect.size, (*theme.PANEL, 235), (*theme.DANGER, 255), 2, 10), box_rect)
    y = rect.top + pad
    for line, color, style in lines:
        indent = round(14 * s) if color == theme.TEXT else 0
        draw_text(surface, app.text, line, size, (rect.left + pad + indent, y), color, style)
        y += line_h
    return more


class NoticeBoard:
    """The notices a screen shows in a box of its own, with a button to read all of them when they
    do not fit (every notice can be read in full somewhere)."""

    def __init__(self, app) -> None:
        self.app = app
        self.more = Button(_("Read them all\u2026"), self.open, size=15)
        self.more.visible = False
        self._shown: tuple[str, list[str], list[str]] = (_(FILES_HEADING), [], [])

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        s: float,
        notices: list[str],
        notes: list[str] | tuple[str, ...] = (),
        first: tuple[str, theme.Color] | None = None,
        boxed: bool = False,
        heading: str | None = None,
    ) -> None:
        """Problems with the player's files (file, line, what is wrong) wrapped into ``rect``.

        ``notes`` (where a file was kept) follow them; ``first`` is a message of
        the scene's own shown above all (e.g. "Saved"). Lines that do not fit end
        in a count of what is left out, and a button beside it shows them all. ``heading``: over
        the notices (by default :data:`FILES_HEADING`).
        """
        if heading is None:
            heading = _(FILES_HEADING)
        self._shown = (heading, list(notices), list(notes))
        font = self.app.fonts.get(round(15 * s))
        room = rect.width - 2 * _padding(s, boxed)
        lines = notice_lines(font, room, notices, notes, first, heading, round(14 * s))
        line = _draw_notice_lines(surface, self.app, rect, s, lines, boxed) if lines else None
        self.more.visible = line is not None
        if line is not None:
            self.more.size = round(15 * s)
            width = self.more.preferred_width(self.app.text)
            self.more.rect = pygame.Rect(0, 0, width, round(line.height * 1.2))
            self.more.rect.midright = line.midright
            self.more.draw(surface, self.app.text)

    def open(self) -> None:
        """Every notice in the log's scrolling list, read from the top."""
        heading, notices, notes = self._shown
        lines = [LogLine(heading, "mark")] if notices else []
        lines += [LogLine(n) for n in notices] + [LogLine(n, "score") for n in notes]
        title = _("Notices ({count})").format(count=len(notices) + len(notes))
        hint = _("Wheel or Up/Down to scroll; Esc closes")
        self.app.open("log", lines, title, from_start=True, hint=hint)


def replacing_saved_game(app, start: Callable[[], object]) -> None:
    """Start a new game; first ask, if a game in progress is saved, whether to give it up.

    Only one game is kept in progress: a new one takes its place. Asked only
    when the settings ask before leaving a game.
    """
    app.saver.flush()
    saved, problem = read_autosave(app.data)
    if problem is not None:
        app.save_notes.append(problem)
    if saved is None or not app.settings.confirm_quit:
        start()
        return
    detail = _(
        "Your {game} game in progress will be given up. "
        "To play it on instead, press Cancel, then Continue on the title screen."
    ).format(game=_(saved.spec.name))
    app.open("confirm", _("Start a new game?"), detail, _("Start"), start, tag="replace")


def ask_to_delete_variant(
    app, game: str, name: str, on_yes: Callable[[], object], mistake: bool = False
) -> None:
    """Ask before a variant's file is removed: it cannot be undone, so Cancel is the first answer.
    ``mistake``: the file cannot be read (it goes with its mistake)."""
    where = f"variants/{game}/{name}.yaml"
    if mistake:
        detail = _("Its file {file}, with its mistake, is removed.").format(file=where)
    else:
        detail = _("Its file {file} is removed.").format(file=where)
    app.open(
        "confirm",
        _("Delete {variant}?").format(variant=variant_title(name)),
        detail,
        _("Delete"),
        on_yes,
        danger=True,
    )
