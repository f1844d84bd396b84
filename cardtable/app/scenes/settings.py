"""Settings: house rules (every option of every game, own variants) and the table (speed, window, seats).

Two pages behind tabs share one focus ring and one Done button. The house
rules page scrolls (wheel, Page Up/Down, or moving focus with Tab and the
arrow keys). Table settings apply at once and are saved when the scene
closes; house rules are saved with the page's buttons, and leaving with
unsaved edits asks first. Problems with the player's files are shown at the
bottom, as on the title screen. A new language is saved at once, and the
screens are made again to speak it (edits not yet saved stay).
"""

from __future__ import annotations

import pygame

from cardtable.i18n import _

from .. import theme
from ..scene import Scene
from ..text_field import TextField
from ..widgets import Button, FocusRing, Stepper, Widget, draw_panel, draw_text
from .common import BACKGROUND, NoticeBoard
from .house_rules import HouseRulesPage
from .table_settings import TablePage

RULES, TABLE = "rules", "table"


class SettingsScene(Scene):
    scene_name = "settings"

    def __init__(self, app, tab: str = RULES, game: str | None = None) -> None:
        super().__init__(app)
        self.message: tuple[str, theme.Color] = ("", theme.MUTED)
        self.settings_before = app.settings.to_dict()  # saved on leaving if anything changed here
        self.rules = HouseRulesPage(self, game)
        self.table = TablePage(self)
        self.pages = {RULES: self.rules, TABLE: self.table}
        self.tabs = {k: Button(_(page.title), lambda k=k: self.show(k)) for k, page in self.pages.items()}
        self.done = Button(_("Done"), self.close, primary=True)
        self.board = NoticeBoard(app)
        self.ring = FocusRing()
        self.mouse = (0, 0)
        self.tab = tab if tab in self.pages else RULES
        self.scale = 1.0

    @property
    def page(self) -> HouseRulesPage | TablePage:
        return self.pages[self.tab]

    def show(self, tab: str) -> None:
        self.tab = tab
        for key, button in self.tabs.items():
            button.primary = key == tab
        self.ring.set(self.widgets())

    def close(self) -> None:
        self.rules.leave(lambda: self.table.leave(self._closed))

    def _closed(self) -> None:
        self.save()
        if self.app.stack.top is self:
            self.app.pop()

    def save(self) -> None:
        """Write the settings if anything changed here (a problem is noted under the page)."""
        if self.app.settings.to_dict() != self.settings_before:
            error = self.app.save_settings(only_if_changed=False)
            if error:
                self.app.files.notes.append(error)
            else:
                self.settings_before = self.app.settings.to_dict()

    def language_changed(self) -> None:
        """The language was changed here: it is saved at once, and this screen and those under it
        are made again in it (this page as it was, house rules not yet saved included)."""
        self.save()
        again = SettingsScene(self.app, self.tab, self.rules.game)
        again.settings_before = self.settings_before
        again.rules.take_over(self.rules)
        stack = self.app.stack.scenes
        for i, scene in enumerate(stack):
            renewed = getattr(scene, "renewed", None)
            if scene is not self and renewed is not None:
                stack[i] = renewed()
                stack[i].resized(self.app.size)
        if self.app.stack.top is self:
            self.app.replace(again)
            again.ring.focus(again.table.language)

    def widgets(self) -> list[Widget]:
        more = [self.board.more] if self.board.more.visible else []  # the notices do not all fit
        return [*self.tabs.values(), *self.page.widgets(), *more, self.done]

    # -- layout ---------------------------------------------------------------------

    def enter(self) -> None:
        self.resized(self.app.size)
        self.show(self.tab)
        self.ring.focus(self.tabs[self.tab])

    def resume(self) -> None:
        self.resized(self.app.size)

    def update(self, dt: float) -> None:
        self.table.sync()  # F11 works here too

    def resized(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = min(w / 1280, h / 720)
        margin = round(20 * s)
        self.panel = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        tab_w, tab_h = round(220 * s), round(40 * s)
        x = w // 2 - tab_w - round(6 * s)
        for button in self.tabs.values():
            button.rect = pygame.Rect(x, self.panel.top + round(64 * s), tab_w, tab_h)
            button.size = round(19 * s)
            x += tab_w + round(12 * s)
        self.done.rect = pygame.Rect(0, 0, round(180 * s), round(46 * s))
        self.done.rect.bottomright = (self.panel.right - round(24 * s), self.panel.bottom - round(20 * s))
        self.done.size = round(22 * s)
        inner = self.panel.inflate(-round(60 * s), 0)
        top = self.panel.top + round(124 * s)
        self.area = pygame.Rect(inner.left, top, inner.width, self.panel.bottom - round(104 * s) - top)
        self.notice_rect = pygame.Rect(
            inner.left, self.area.bottom + round(14 * s), self.done.rect.left - inner.left - round(24 * s), 0
        )
        self.notice_rect.height = self.panel.bottom - round(14 * s) - self.notice_rect.top
        for page in self.pages.values():
            page.layout(self.area, s)
        self.ring.set(self.widgets())

    # -- input ----------------------------------------------------------------------

    def _move_focus(self, delta: int) -> None:
        self.ring.set(self.widgets())
        self.ring.move(delta)
        self.page.reveal(self.ring.current)

    def handle(self, event: pygame.event.Event) -> bool:
        current = self.ring.current
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
            if event.key == pygame.K_TAB:
                self._move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self._move_focus(-1 if event.key == pygame.K_UP else 1)
                return True
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and not isinstance(current, Stepper):
                self.page.scroll_by(self.area.height * 0.8 * (-1 if event.key == pygame.K_PAGEUP else 1))
                return True
            if (
                event.key in (pygame.K_BACKSPACE, pygame.K_DELETE)
                and not isinstance(current, TextField)
                and self.tab == RULES
            ):
                for editor in self.rules.editors:  # Backspace on an option: back to its default
                    if current in editor.widgets and editor.changed:
                        editor.reset_default()
                        return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        if event.type == pygame.MOUSEWHEEL and self.page.scroll.contains(self.mouse):
            self.page.scroll_by(-event.y * 60 * self.scale)
            return True
        return self._dispatch(event)

    def _dispatch(self, event: pygame.event.Event) -> bool:
        """Give the event to the widgets; pointer events skip rows scrolled out of view."""
        widgets = self.widgets()
        self.ring.set(widgets)
        pos = getattr(event, "pos", None)
        if pos is None:
            return any(w.handle(event) for w in widgets)
        hidden = set() if self.page.scroll.contains(pos) else set(self.page.scrolled())
        usable = [w for w in widgets if w not in hidden]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for w in usable:
                if w.visible and w.focusable and w.rect.collidepoint(pos):
                    self.ring.focus(w)
                    break
        return any(w.handle(event) for w in usable)

    # -- drawing --------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.scale
        surface.blit(BACKGROUND.get((w, h)), (0, 0))
        draw_panel(surface, self.panel, alpha=252)  # opaque: nothing of the table shows through
        draw_text(
            surface,
            self.app.text,
            _("Settings"),
            round(32 * s),
            (w // 2, self.panel.top + round(34 * s)),
            theme.TEXT,
            "serif",
            "center",
        )
        for button in self.tabs.values():
            button.draw(surface, self.app.text)
        self.page.draw(surface)
        text, color = self.message
        notices = self.app.notices(variants=self.tab == RULES)
        if self.tab == RULES:  # the chosen game's variant files first
            mine = f"variants/{self.rules.game}/"
            notices.sort(key=lambda n: not n.startswith(mine))
        notes = list(self.app.files.notes)
        if self.tab == TABLE and self.app.files.settings_broken:
            name = self.app.files.settings_path.name
            notes.append(
                _("Changing a setting here saves a new {file} and keeps the old one as a .bak file.").format(
                    file=name
                )
            )
        rect = self.notice_rect

        if self.page.content_bottom is not None:
            rect = rect.union(rect.move(0, self.page.content_bottom + round(16 * s) - rect.top))
        first = (text, color) if text else None
        self.board.draw(surface, rect, s, notices, notes, first)
        self.done.draw(surface, self.app.text)
