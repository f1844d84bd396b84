"""Drawing the table: the cards, plates and badges, the status line, buttons, panels, the spotlight
and the round's summary, from what the scene holds (drawing changes nothing).

A mixin of :class:`~cardtable.app.scenes.table.TableScene`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.engine import (
    format_prompt,
)

from .. import theme
from ..table.painter import Marks
from ..table.spotlight import draw_spotlight
from ..table.summary import draw_summary
from .common import BACKGROUND

if TYPE_CHECKING:
    from .table import TableScene

    _Base = TableScene
else:
    _Base = object


class TableDrawing(_Base):
    def status_text(self) -> str:
        if self.said.error is not None:
            return self.said.error[0]
        if self.view.over:
            return "Game over"
        if self.my_turn and self.hinter.pending(self.moment):
            return "Finding a hint..."
        hinted = self.hint_now()
        if hinted is not None and not self.input.dragged() and not self.pick.cards:
            key = " - press Enter" if hinted.card is not None and hinted.card == self.pick.focus else ""
            return f"Hint: {self.label(hinted)}{key}"
        prompt = self.view.prompt
        if self.viewer is None:
            # The prompt of the table on screen, not of a game animations have yet to catch up with.
            return format_prompt(prompt, self.names) if prompt else "Watching"
        text = format_prompt(prompt, self.names, self.viewer)
        if self.watch is not None:  # a demo seen from a computer's seat: its words, not the onlooker's
            return (
                f"Watching {self.names[self.viewer]}: {text}"
                if text
                else f"Watching {self.names[self.viewer]}"
            )
        if self.my_turn:
            resolver = self.resolver()
            dragged = [t.card for t in self.input.dragged()]
            held = self.pick.focus if not self.pick.cards else None
            said = format_prompt(
                resolver.describe(dragged[0] if len(dragged) == 1 else held), self.names, self.viewer
            )
            if said:  # what the card in hand will do: a click again (or a drop) makes it
                return f"{said} - click again or press Enter" if held is not None and not dragged else said
            if resolver.mode:
                return f"{resolver.mode}: click your cards, then press Done"
            mode = resolver.select_kind()
            if mode == "count":
                text += " - click or drag cards, then confirm"
            elif mode == "combo":
                text += " - pick cards, then confirm"
        return text

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(BACKGROUND.get((w, h)), (0, 0))
        if self.built_for != self.viewer:
            return  # the table was built for someone else (rebuilt at the next update): draw none of it
        resolver = self.resolver()
        legal = resolver.pickable() if self.my_turn else set()
        dragged = self.input.dragged()
        moving = [t.card for t in dragged if t.card is not None]
        aim = moving or list(self.pick.cards) or ([self.pick.focus] if self.pick.focus is not None else [])
        targets = []
        hinted = self.hint_now()
        if hinted is not None and hinted.target is not None and aim == [hinted.card]:
            aim_targets = [hinted.target]  # the hint's own target, not every place the card may go
        else:
            aim_targets = resolver.targets(aim) if self.my_turn and aim else []
        if self.my_turn and aim:
            for target in aim_targets:
                rect = self.stage.target_rect(target, self.view)
                if rect is not None:
                    targets.append(rect)
                targets += [r for r, ref in self.stage.plate_drops if ref == target]  # its seat's plate too
        marks = Marks(
            legal,
            self.pick.cards,
            self.pick.focus,
            self.input.hover,
            (self.layout.home, self.viewer) if self.my_turn else None,
            targets,
            self.view.info,
            frozenset(self.view.info.get(self.layout.ring.out, ()) if self.layout.ring.out else ()),
        )
        self.painter.draw(surface, self.stage, marks, dragged)
        self.hud.plates(surface, self.layout, self.geometry, self.view, self.names)
        self.hud.badges(surface, self.layout, self.geometry, self.view, self.clock)
        peeked = self.geometry.expanded
        if peeked is not None:
            title = self.geometry.zone_style(*peeked).title
            name = self.names[peeked[1]]
            self.painter.draw_peek(surface, self.stage, marks, f"{name}: {title}" if title else name)
        color = theme.DANGER if self.said.error else (theme.HIGHLIGHT if self.my_turn else theme.TEXT)
        self.hud.status(surface, self.geometry, self._hud("status"), self.status_text(), color, self.plates)
        self.hud.toasts(surface, self.geometry, self._hud("toasts"), [t for t, _ in self.said.toasts[-3:]])
        self.controls.draw(surface)
        self.panel_faces = set()
        if self.panel is not None and self.view.info.get(self.panel):
            spec = next(p for p in self.layout.panels if p.key == self.panel)
            self.hud.trick_panel(
                surface, self.geometry, spec.title, self.view.info[self.panel], self.names, self.panel_faces
            )
        shown = self.said.shown
        if shown.now is not None and self.layout.spotlight is not None:
            cards, text, _ = shown.now
            shown.rect = draw_spotlight(
                surface, self.app, self.geometry, self.layout.spotlight, cards, text, self.panel_faces
            )
        self.hook.draw(surface)
        self.controls.draw_menu(surface)
        if self.summary is not None:
            hint = "Continuing..." if self._computers_only() else "Click or press Enter to continue"
            round_word = self.layout.word("round")
            self.summary_rect = draw_summary(
                surface, self.app, self.geometry, self.summary[0], self.names, round_word, hint, self.viewer
            )
