"""What just happened, for one viewer: the strip, the trick's outcome, the card just played, an aim,
lives lost, and the cards passed to them.

One job for the table's words and marks about recent events, so the scene only feeds it the
events the timeline plays (already redacted for this viewer: nothing here can learn a hidden
card) and draws what it holds. A new viewer gets a new story, caught up without animation.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine import Card, Event, Moved, View
from cardtable.i18n import _

from ..layout.schema import Layout
from ..tokens import TableModel
from .aim import AIM_SECONDS, Aim, aim_of
from .banner import Banner, TrickTeller
from .life import LOSS_SECONDS, Losses
from .strip import FRESH_SECONDS as STRIP_FRESH
from .strip import EventStrip

FRESH_SECONDS = 1.6  # how long a card just played stays lit


class Story:
    def __init__(
        self, layout: Layout, names: Sequence[str], viewer: int | None, past: Sequence[Event] | None = None
    ) -> None:
        """``past``: the viewer's events before this story began (None: they will be played)."""
        self.layout = layout
        self.names = names
        self.viewer = viewer
        self.strip = EventStrip(layout, names, viewer)
        if past is not None:
            self.strip.catch_up(past)
        self.teller = TrickTeller(layout, names, viewer)
        self.fresh: dict[Card, float] = {}  # the card just played, lit until then
        self.aim: Aim | None = None  # a move just aimed at a player: an arrow to them
        self.losses = Losses()  # lives just lost, shown by the plates
        self.received: tuple[tuple[Card, int], ...] = ()  # cards passed to the viewer, marked
        self._received_seen: object = None

    def heard(self, event: Event, live: bool, clock: float, slow: float) -> None:
        """An event the timeline played (``live``: as an animation, not skipped); ``slow``: how much
        longer than normal things stay up."""
        self.strip.feed(event, clock if live else None)
        self.teller.heard(event)
        aim = aim_of(event, self.layout.arrows, clock + AIM_SECONDS * slow)
        if live and aim is not None:
            self.aim = aim
        if isinstance(event, Moved) and event.card is not None:
            if live and event.dst[0] != self.layout.home:
                self.fresh = {event.card: clock + FRESH_SECONDS * slow}  # the last only
            else:
                self.fresh.pop(event.card, None)  # into a hand: no longer a card in play

    def trick_over(self, event: Event, model: TableModel, waits: bool) -> bool:
        """A trick is about to be gathered: its outcome is said over it; ``waits`` is returned."""
        return self.teller.trick_over(event, model, waits).waits

    @property
    def banner(self) -> Banner | None:
        """The trick's outcome said over it now, if any."""
        return self.teller.banner

    def lit(self, clock: float) -> set[Card]:
        """The card just played, lit; while a trick's outcome is said, the cards that won it."""
        banner = self.teller.banner
        if banner is not None:
            return set(banner.cards)  # the trick's winner, alone
        return {card for card, until in self.fresh.items() if until > clock}

    def note_received(self, view: View) -> None:
        """Cards just passed to the viewer are marked (until their next move), with whom from."""
        pairs = tuple(view.info.get(self.layout.received) or ()) if self.layout.received else ()
        if self.viewer is None:
            pairs = ()
        if pairs != self._received_seen:
            self._received_seen = pairs
            self.received = pairs

    def next_change(self, clock: float) -> float | None:
        """When the next of its marks fades (the card just played, the aim, the strip's newest line,
        a loss by a plate), on the table's clock; None: none will."""
        times = [*self.fresh.values(), self.strip.fresh_at + STRIP_FRESH]
        times += [since + LOSS_SECONDS for _lost, since in self.losses.shown.values()]
        if self.aim is not None:
            times.append(self.aim.until)
        later = [t for t in times if t > clock]
        return min(later) if later else None

    def received_text(self) -> str:
        """ "From Cy: 2♥, J♦" for the cards marked as passed to the viewer."""
        by: dict[int, list[str]] = {}
        for card, seat in self.received:
            by.setdefault(seat, []).append(_(card.name))
        # Translators: the cards passed to you, marked in your hand: whom they came from ("From Cy: 2♥, J♦").
        told = _("From {name}: {cards}")
        return "; ".join(told.format(name=self.names[s], cards=", ".join(c)) for s, c in by.items())
