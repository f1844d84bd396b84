"""What the table shows: one token per card, grouped by zone, moving smoothly.

The model starts from a view, changes as events arrive (a card moves, turns,
is gathered), and is reconciled with the next view once the events have
played, so the picture always ends exactly where the rules say. A token
carries a card only if the viewer may see its face.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable

from cardtable.engine import Card, CardView, Event, Gathered, Moved, Rotated, Shuffled, Turned, View

ZoneRef = tuple[str, int | None]
_ids = itertools.count(1)


def ease(t: float) -> float:
    """Ease in and out (smoothstep)."""
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


class Token:
    __slots__ = (
        "id",
        "card",
        "back",
        "face_up",
        "orientation",
        "attached",
        "x",
        "y",
        "angle",
        "width",
        "sx",
        "sy",
        "sangle",
        "swidth",
        "tx",
        "ty",
        "tangle",
        "twidth",
        "t",
        "duration",
        "delay",
        "placed",
        "flip",
        "lift",
    )

    def __init__(
        self, card: Card | None, back: int, face_up: bool = True, orientation: str | None = None
    ) -> None:
        self.id = next(_ids)
        self.card = card
        self.back = back
        self.face_up = face_up
        self.orientation = orientation
        self.attached: list[Token] = []
        self.x = self.y = self.sx = self.sy = self.tx = self.ty = 0.0
        self.angle = self.sangle = self.tangle = 0.0
        self.width = self.swidth = self.twidth = 0
        self.t = 1.0
        self.duration = 0.0
        self.delay = 0.0
        self.placed = False
        self.flip = False  # turning over during the current move
        self.lift = 0.0

    def __repr__(self) -> str:
        return f"<Token {self.card.code if self.card is not None else 'hidden'} at {self.x:.0f},{self.y:.0f}>"

    @property
    def shows_face(self) -> bool:
        return self.card is not None and self.face_up

    @property
    def moving(self) -> bool:
        return self.t < 1.0

    def retarget(
        self, x: float, y: float, angle: float, width: int, duration: float, delay: float = 0.0
    ) -> None:
        """Glide to a new place (or jump there if not placed yet or ``duration`` is 0)."""
        if not self.placed or duration <= 0:
            self.x, self.y, self.angle, self.width = x, y, angle, width
            self.tx, self.ty, self.tangle, self.twidth = x, y, angle, width
            self.t = 1.0
            self.placed = True
            self.flip = False
            return
        if (x, y, angle, width) == (self.tx, self.ty, self.tangle, self.twidth) and self.moving:
            return
        if (x, y, angle, width) == (self.x, self.y, self.angle, self.width):
            self.tx, self.ty, self.tangle, self.twidth = x, y, angle, width
            return
        self.sx, self.sy, self.sangle, self.swidth = self.x, self.y, self.angle, self.width
        self.tx, self.ty, self.tangle, self.twidth = x, y, angle, width
        self.t = 0.0
        self.duration = duration
        self.delay = delay

    def step(self, dt: float) -> None:
        if self.t >= 1.0:
            return
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return
            dt = -self.delay
            self.delay = 0.0
        self.t = min(1.0, self.t + dt / self.duration) if self.duration > 0 else 1.0
        k = ease(self.t)
        self.x = self.sx + (self.tx - self.sx) * k
        self.y = self.sy + (self.ty - self.sy) * k
        turn = (self.tangle - self.sangle + 180) % 360 - 180
        self.angle = (self.sangle + turn * k) % 360
        self.width = self.swidth if self.t < 0.5 else self.twidth
        if self.t >= 1.0:
            self.x, self.y, self.angle, self.width = self.tx, self.ty, self.tangle, self.twidth
            self.flip = False

    def finish(self) -> None:
        self.delay = 0.0
        self.t = 1.0
        self.x, self.y, self.angle, self.width = self.tx, self.ty, self.tangle, self.twidth
        self.flip = False

    def squash(self) -> float:
        """Horizontal scale while turning over: 1 -> 0 -> 1 across the move."""
        if not self.flip or not self.moving:
            return 1.0
        return max(0.05, abs(math.cos(math.pi * self.t)))


class TableModel:
    """Tokens per zone, in the zones' order."""

    def __init__(self) -> None:
        self.zones: dict[ZoneRef, list[Token]] = {}

    def tokens(self) -> Iterable[Token]:
        for tokens in self.zones.values():
            yield from tokens

    def find(self, card: Card) -> tuple[ZoneRef, Token] | None:
        for ref, tokens in self.zones.items():
            for t in tokens:
                if t.card == card:
                    return ref, t
        return None

    # -- from a view -------------------------------------------------------------

    def sync(self, view: View) -> set[ZoneRef]:
        """Make the tokens match ``view`` exactly, reusing tokens so nothing jumps."""
        by_card: dict[Card, Token] = {}
        hidden: dict[ZoneRef, list[Token]] = {}
        for ref, tokens in self.zones.items():
            for t in tokens:
                if t.card is not None:
                    by_card[t.card] = t
                else:
                    hidden.setdefault(ref, []).append(t)
        changed: set[ZoneRef] = set()
        new: dict[ZoneRef, list[Token]] = {}
        for zv in view.zones:
            ref = (zv.name, zv.owner)
            out = []
            for cv in zv.cards:
                token = self._reuse(cv, ref, by_card, hidden)
                token.attached = [self._reuse(a, ref, by_card, hidden) for a in cv.attached]
                out.append(token)
            if [t.id for t in out] != [t.id for t in self.zones.get(ref, [])]:
                changed.add(ref)
            new[ref] = out
        self.zones = new
        return changed

    @staticmethod
    def _reuse(
        cv: CardView, ref: ZoneRef, by_card: dict[Card, Token], hidden: dict[ZoneRef, list[Token]]
    ) -> Token:
        token = None
        if cv.card is not None:
            token = by_card.pop(cv.card, None)
        if token is None and hidden.get(ref):
            token = hidden[ref].pop()
        if token is None:
            token = Token(cv.card, cv.back)
        token.card = cv.card
        token.back = cv.back
        token.face_up = cv.face_up
        token.orientation = cv.orientation
        return token

    # -- from events -------------------------------------------------------------

    def _take(self, ref: ZoneRef, card: Card | None) -> Token:
        tokens = self.zones.setdefault(ref, [])
        if card is not None:
            for i, t in enumerate(tokens):
                if t.card == card:
                    return tokens.pop(i)
            found = self.find(card)
            if found is not None:
                other, token = found
                self.zones[other].remove(token)
                return token
        for i in range(len(tokens) - 1, -1, -1):
            if tokens[i].card is None:
                return tokens.pop(i)
        if tokens:
            return tokens.pop()
        return Token(card, 0)

    def apply(self, event: Event) -> set[ZoneRef]:
        """Change the tokens as ``event`` says; returns the zones whose layout changed."""
        if isinstance(event, Moved):
            token = self._take(event.src, event.card)
            revealed = not token.shows_face and event.card is not None and event.face_up
            token.card = event.card
            token.back = event.back
            token.face_up = event.face_up
            token.flip = revealed
            self.zones.setdefault(event.dst, []).append(token)
            return {event.src, event.dst}
        if isinstance(event, Gathered):
            dst = self.zones.setdefault(event.dst, [])
            for src in event.srcs:
                for token in self.zones.get(src, []):
                    token.face_up = False  # gathered cards lie face down
                    dst.append(token)
                self.zones[src] = []
            return {*event.srcs, event.dst}
        if isinstance(event, Turned):
            tokens = self.zones.get(event.zone, [])
            token = next((t for t in tokens if event.card is not None and t.card == event.card), None)
            if token is None:
                token = next((t for t in tokens if not t.face_up), None)
            if token is not None:
                token.card = event.card if event.card is not None else token.card
                token.face_up = event.face_up
                token.flip = True
                token.t = 0.0
                token.sx, token.sy, token.sangle, token.swidth = token.x, token.y, token.angle, token.width
                token.duration = max(token.duration, 0.3)
            return {event.zone}
        if isinstance(event, Rotated):
            for t in self.zones.get(event.zone, []):
                if event.card is not None and t.card == event.card:
                    t.orientation = event.orientation
            return {event.zone}
        if isinstance(event, Shuffled):
            return {event.zone}
        return set()

    def unwind(self, events: Iterable[Event]) -> None:
        """Put cards back where they were before ``events`` (for the opening deal)."""
        for event in reversed(list(events)):
            if isinstance(event, Moved):
                token = self._take(event.dst, event.card)
                token.placed = False
                token.face_up = False
                self.zones.setdefault(event.src, []).insert(0, token)
