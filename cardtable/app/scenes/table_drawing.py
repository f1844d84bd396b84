"""Drawing the table: the cards, plates and badges, the status line, buttons, panels, the spotlight
and the round's summary, from what the scene holds (drawing changes nothing).

A mixin of :class:`~cardtable.app.scenes.table.TableScene`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable.engine import GameOver, ZoneRef, format_prompt

from .. import theme
from ..table.aim import draw_aim
from ..table.banner import draw_banner
from ..table.hud import acting_seats
from ..table.life import draw_losses
from ..table.painter import Marks
from ..table.spotlight import draw_spotlight
from ..table.status import Doing, Status, status_line
from ..table.strip import FRESH_SECONDS, draw_strip, strip_point
from ..table.summary import draw_summary
from .common import BACKGROUND

if TYPE_CHECKING:
    from .table import TableScene

    _Base = TableScene
else:
    _Base = object


class TableDrawing(_Base):
    def status(self) -> Status:
        """The status line for this frame, from the game as it stands and what the person at the
        screen is doing (see :func:`~cardtable.app.table.status.status_line`)."""
        doing = Doing()
        if self.my_turn:
            hinted = self.hint_now()
            hint = "" if self.hinter.pending(self.moment) else None
            if hinted is not None and not self.input.dragged() and not self.pick.cards:
                hint = self.label(hinted)
            resolver = self.resolver()
            dragged = [t.card for t in self.input.dragged()]
            held = self.pick.focus if not self.pick.cards else None
            card = dragged[0] if len(dragged) == 1 else held
            doing = Doing(
                can_act=True,
                hint=hint,
                hint_ready=hinted is not None and hinted.card is not None and hinted.card == self.pick.focus,
                held=format_prompt(resolver.describe(card), self.names, self.viewer),
                held_by_click=held is not None and not dragged,
                mode=resolver.mode,
                select=resolver.select_kind() or "",
            )
        over = None  # the log is read back only once the game is over, not every frame of it
        if self.match.over:
            over = next((e for e in reversed(self.match.log) if isinstance(e, GameOver)), None)
        return status_line(
            self.now_view(),
            self.names,
            self.viewer,
            self.humans,
            watching=self.watch is not None,
            summary=self.summary is not None,
            refusal=self.refusal_now(),
            winners=over.winners if over is not None else (),
            results_by_click=self.results_by_click,
            doing=doing,
        )

    def status_text(self) -> str:
        return self.status().text

    def possessives(self) -> tuple[str, ...]:
        """Each seat's possessive for the table's words: "Your" for the person at the screen, "Bo's"
        for the others (a computer watched in a demo too)."""
        person = self.viewer if self.viewer in self.humans else None
        return tuple("Your" if s == person else f"{n}'s" for s, n in enumerate(self.names))

    def lit_plates(self) -> frozenset[int]:
        """The seats whose name plates are lit as deciding (from the view the plates are drawn from)."""
        return acting_seats(self.now_view())

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
                if isinstance(target, ZoneRef) and self.stage.joined(tuple(target)) is not None:
                    continue  # its cards stay in another row: that row is where they show
                rect = self.stage.target_rect(target, self.view)
                if rect is not None:
                    targets.append(rect)
                targets += [r for r, ref in self.stage.plate_drops if ref == target]  # its seat's plate too
        forming = tuple(
            t.card
            for ref, tokens in self.model.zones.items()
            if ref[1] == self.viewer and self.stage.joined(ref) is not None
            for t in tokens
            if t.card is not None
        )  # cards of a set being picked: outlined like a pick, in their row
        marks = Marks(
            legal,
            self.pick.cards + forming,
            self.pick.focus,
            self.input.hover,
            (self.layout.home, self.viewer) if self.my_turn else None,
            targets,
            self.view.info,
            frozenset(self.view.info.get(self.layout.ring.out, ()) if self.layout.ring.out else ()),
            frozenset(self.story.lit(self.clock)),
            frozenset(card for card, _ in self.story.received),
            self.possessives(),
        )
        self.painter.draw(surface, self.stage, marks, dragged)
        facts = self.now_view()  # the words tell the game as it stands; the cards catch up
        plates = self.hud.plates(surface, self.layout, self.geometry, facts, self.names)
        if self.layout.plate.life:
            self.story.losses.update(facts.info.get(self.layout.plate.life), self.clock)
            draw_losses(surface, self.app, self.geometry.scale, plates, self.story.losses.now(self.clock))
        aim = self.story.aim
        if aim is not None and aim.until > self.clock and max(aim.actor, aim.target) < len(plates):
            fade = min(1.0, (aim.until - self.clock) / 0.6)
            width = max(3, round(6 * self.geometry.scale))
            draw_aim(surface, plates[aim.actor], plates[aim.target], width, fade)
        self.hud.badges(surface, self.layout, self.geometry, facts, self.clock)
        peeked = self.geometry.expanded
        if peeked is not None:
            title = self.geometry.zone_style(*peeked).title
            name = self.names[peeked[1]]
            self.painter.draw_peek(surface, self.stage, marks, f"{name}: {title}" if title else name)
        fresh = self.clock - self.story.strip.fresh_at < FRESH_SECONDS
        at = strip_point(self.layout, self.geometry)
        strip = draw_strip(surface, self.app, self.geometry, at, self.story.strip.lines(), fresh)
        status = self.status()
        if status.text:
            color = {"refusal": theme.DANGER, "turn": theme.HIGHLIGHT}.get(status.tone, theme.TEXT)
            avoid = [*self.plates, strip]  # a long prompt wraps short of the strip too
            self.hud.status(surface, self.geometry, self._hud("status"), status.text, color, avoid)
        if self.story.received and self.viewer is not None and self.layout.home:
            hand = self.stage.zone_rect((self.layout.home, self.viewer))
            at = (hand.centerx, hand.top - round(18 * self.geometry.scale))
            self.hud.toasts(surface, self.geometry, at, [self.story.received_text()])
        if self.story.banner is not None:
            draw_banner(surface, self.app, self.geometry, self._hud("toasts"), self.story.banner)
        self.hud.toasts(surface, self.geometry, self._hud("toasts"), [t for t, _ in self.said.toasts[-3:]])
        self.controls.draw(surface)
        self.panel_faces = set()
        if self.panel is not None and facts.info.get(self.panel):
            spec = next(p for p in self.layout.panels if p.key == self.panel)
            self.hud.trick_panel(
                surface, self.geometry, spec.title, facts.info[self.panel], self.names, self.panel_faces
            )
        shown = self.said.shown
        if shown.now is not None and self.layout.spotlight is not None:
            cards, text, _ = shown.now
            seat = shown.seat if self.geometry.compact else None  # plates ring the middle of a crowded table
            about = plates[seat] if seat is not None and seat < len(plates) else None
            shown.rect = draw_spotlight(
                surface,
                self.app,
                self.geometry,
                self.layout.spotlight,
                cards,
                text,
                self.panel_faces,
                about,
                [b.rect for b in self.controls.buttons()],
            )
        self.hook.draw(surface)
        self.controls.draw_menu(surface)
        if self.summary is not None:
            hint = "Continuing..." if self._computers_only() else "Click or press Enter to continue"
            round_word = self.layout.word("round")
            self.summary_rect = draw_summary(
                surface, self.app, self.geometry, self.summary[0], self.names, round_word, hint, self.viewer
            )
