"""A layout fitted to a window and a viewer: the seat ring and where every card lies.

Seats sit on a ring around the table for any count from 2 to 12: the viewer
at the bottom, the others spread evenly over the rest of an ellipse that
touches the window's edges (``Ring.bottom_gap`` keeps the viewer's corners
free). Each seat takes the frame of the window edge nearest to its point on
the ellipse, so its cards lie square to that edge and face the middle; a
zone placed from the seat (``seat: [across, in]``) or from the middle toward
it (``center: [across, out]``) follows that frame. Crowded tables use the
zones' ``compact`` values, and a seat's fans never spread into its
neighbours; another seat's zone the pointer rests on may take its
``expand`` style, above the others and kept inside the window. Pure arithmetic: no
pygame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .schema import DESIGN_H, DESIGN_W, Layout, Place, ZoneStyle


@dataclass(frozen=True)
class Frame:
    """A seat's place at the table: its anchor on the window edge and its directions."""

    edge: str
    anchor: tuple[float, float]  # window pixels
    inward: tuple[float, float]
    across: tuple[float, float]  # along the edge, to that player's right
    angle: int  # how that player's cards are turned (degrees, counter-clockwise)
    room: float  # design units to the nearest other seat
    ray: tuple[float, float] = (0.0, 1.0)  # from the middle of the table toward the seat

    @property
    def side(self) -> tuple[float, float]:
        """Across the ray, to that player's right (as ``across`` is along the edge)."""
        return (self.ray[1], -self.ray[0])


PLATE_HALF_WIDTH = 95.0
"""Half a name plate's width, in design units (the hud draws plates 190 wide)."""

EDGES: dict[str, tuple[tuple[float, float], tuple[float, float], int]] = {
    "bottom": ((0.0, -1.0), (1.0, 0.0), 0),
    "left": ((1.0, 0.0), (0.0, 1.0), 270),
    "top": ((0.0, 1.0), (-1.0, 0.0), 180),
    "right": ((-1.0, 0.0), (0.0, -1.0), 90),
}


PILE_DEPTH = 12
"""A pile or stack shows this many cards' thickness; the cards below lie under the last one."""

SIDE_TOP = 0.34
"""Seats on the side edges sit at least this far down the window (as a share of its height)."""


def ring_angle(offset: int, players: int, bottom_gap: float) -> float:
    """Where a seat ``offset`` places clockwise of the viewer sits, in degrees (90: the bottom)."""
    if offset == 0:
        return 90.0
    spread = 360.0 - 2 * bottom_gap
    return 90.0 + bottom_gap + spread * (offset - 0.5) / (players - 1)


def ring_frames(players: int, size: tuple[int, int], scale: float, bottom_gap: float) -> list[Frame]:
    """The frame of each place around the table, the viewer's (place 0) first."""
    w, h = size
    points: list[tuple[str, tuple[float, float], tuple[float, float]]] = []
    for offset in range(players):
        theta = math.radians(ring_angle(offset, players, bottom_gap))
        dx, dy = w / 2 * math.cos(theta), h / 2 * math.sin(theta)
        norm = math.hypot(dx, dy) or 1.0
        ray = (dx / norm, dy / norm)
        px, py = w / 2 + dx, h / 2 + dy
        if offset == 0:
            points.append(("bottom", (w / 2, float(h)), (0.0, 1.0)))
            continue
        edge = min((px, "left"), (py, "top"), (w - px, "right"))[1]
        if edge != "top":
            py = max(py, h * SIDE_TOP)  # off the corner: its plate would meet the top row's
        anchor = {"left": (0.0, py), "top": (px, 0.0), "right": (float(w), py)}[edge]
        points.append((edge, anchor, ray))
    frames = []
    for i, (edge, anchor, ray) in enumerate(points):
        others = [math.dist(anchor, p) for j, (_, p, _) in enumerate(points) if j != i]
        room = min(others) / scale if others else 2000.0
        inward, across, angle = EDGES[edge]
        frames.append(Frame(edge, anchor, inward, across, angle, min(room, 2000.0), ray))
    return frames


class Geometry:
    """A layout fitted to one window size, for one viewer (None: a spectator, seat 0 at the bottom)."""

    def __init__(self, layout: Layout, size: tuple[int, int], players: int, viewer: int | None) -> None:
        self.layout = layout
        self.size = size
        self.players = players
        self.viewer = viewer
        w, h = size
        self.scale = min(w / DESIGN_W, h / DESIGN_H)
        self.card_width = max(24, round(layout.card_width * self.scale))
        self.compact = players >= layout.ring.compact_from
        self._frames = ring_frames(players, size, self.scale, layout.ring.bottom_gap)
        self._base = 0 if viewer is None else viewer
        self.expanded: tuple[str, int] | None = None  # another seat's zone shown large (``expand:``)
        self._boxes: dict[tuple, tuple[int, int, int, int]] = {}  # zone boxes asked for every frame

    # -- seats ---------------------------------------------------------------------

    def frame(self, seat: int) -> Frame:
        return self._frames[(seat - self._base) % self.players]

    def edge_of(self, seat: int) -> str:
        return self.frame(seat).edge

    def design_point(self, x: float, y: float) -> tuple[float, float]:
        w, h = self.size
        return (w / 2 + (x - DESIGN_W / 2) * self.scale, h / 2 + (y - DESIGN_H / 2) * self.scale)

    def seat_point(self, seat: int, across: float, inward: float) -> tuple[float, float]:
        f = self.frame(seat)
        s = self.scale
        return (
            f.anchor[0] + (f.across[0] * across + f.inward[0] * inward) * s,
            f.anchor[1] + (f.across[1] * across + f.inward[1] * inward) * s,
        )

    def plate_box(self, seat: int, width: float, height: float) -> tuple[float, float, float, float]:
        """(left, top, width, height) of a seat's name plate of that size, before clamping to the window.

        The plate's ``in`` is measured from the seat's edge to the plate's near side, so plates of
        seats on the sides and at the top keep the same clear gap from their hands.
        """
        plate = self.layout.plate
        f = self.frame(seat)
        if seat == self.viewer or (self.viewer is None and seat == self._base):
            across, inward = plate.viewer_place  # a spectator's bottom seat too: the HUD is laid out round it
        elif self.compact and plate.compact_place is not None:
            across, inward = plate.compact_place  # a crowded top row has no room beside each hand
        elif f.edge == "top" and plate.top_place is not None:
            across, inward = plate.top_place
        else:
            across, inward = plate.place
        x, y = self.seat_point(seat, across, inward)
        depth = abs(f.inward[0]) * width / 2 + abs(f.inward[1]) * height / 2
        x += f.inward[0] * depth
        y += f.inward[1] * depth
        return (x - width / 2, y - height / 2, width, height)

    # -- zones ---------------------------------------------------------------------

    def _resolved(self, name: str, owner: int | None) -> tuple[Place, ZoneStyle]:
        spec = self.layout.zones[name]
        viewing = owner is not None and owner == self.viewer
        return spec.resolved(viewing, self.compact, self.expanded == (name, owner))

    def expands(self, name: str, owner: int | None) -> bool:
        """Whether this zone grows while the pointer rests on it (another seat's, drawn small)."""
        spec = self.layout.zones.get(name)
        return (
            spec is not None and spec.expand_style is not None and owner is not None and owner != self.viewer
        )

    def zone_style(self, name: str, owner: int | None) -> ZoneStyle:
        return self._resolved(name, owner)[1]

    def zone_frame(
        self, name: str, owner: int | None
    ) -> tuple[tuple[float, float], tuple[float, float], int]:
        """(centre, direction cards spread along, card angle) of a zone on screen."""
        place, style = self._resolved(name, owner)
        if place.kind == "at" or owner is None:
            x, y = place.point if place.kind == "at" else (DESIGN_W / 2, DESIGN_H / 2)
            return self.design_point(x, y), (1.0, 0.0), 0
        frame = self.frame(owner)
        angle = frame.angle if style.rotate else 0
        axis = frame.across if style.rotate or frame.edge in ("bottom", "top") else (1.0, 0.0)
        if self.expanded == (name, owner):
            axis = (1.0, 0.0)  # read left to right, whichever edge the seat is on
        a, b = place.point
        if place.kind == "center":
            # Out from the middle along the ray toward the seat, so seats sharing an edge keep apart.
            cx, cy = self.design_point(DESIGN_W / 2, DESIGN_H / 2)
            s = self.scale
            (rx, ry), (sx, sy) = frame.ray, frame.side
            point = (cx + (sx * a + rx * b) * s, cy + (sy * a + ry * b) * s)
            return point, axis, angle
        return self.seat_point(owner, a, b), axis, angle

    def card_size(self, name: str, owner: int | None) -> int:
        return max(16, round(self.card_width * self.zone_style(name, owner).scale))

    def span_limit(self, name: str, owner: int | None) -> float:
        """The longest a zone may spread, in pixels: its style's limit, and never into a neighbour."""
        place, style = self._resolved(name, owner)
        limit = style.max_span
        spec = self.layout.zones[name]
        if owner is not None and owner != self.viewer and not spec.shared and self.expanded != (name, owner):
            limit = min(limit, self.frame(owner).room * 0.72)
        if spec.home and owner is not None and owner == self.viewer and place.kind == "seat":
            # The viewer's hand stops short of their name plate, however many cards it holds.
            plate = self.layout.plate.viewer_place[0]
            half_card = self.layout.card_width * style.scale / 2
            room = abs(plate - place.point[0]) - PLATE_HALF_WIDTH - half_card - 24
            limit = min(limit, max(2 * room, 100.0))
        return limit * self.scale

    def slots(self, name: str, owner: int | None, count: int) -> list[tuple[float, float, int]]:
        """Screen (x, y, angle) of each card of a zone holding ``count`` cards."""
        if count == 0:
            return []
        style = self.zone_style(name, owner)
        (cx, cy), (ax, ay), angle = self.zone_frame(name, owner)
        width = self.card_size(name, owner)
        if style.style in ("stack", "pile"):
            step = 0.35 if style.style == "pile" else 0.02 * width
            shown = min(count, PILE_DEPTH)
            return [(cx - min(k, shown) * step * 0.6, cy - min(k, shown) * step, angle) for k in range(count)]
        step = style.gap * width
        span = self.span_limit(name, owner)
        if count > 1 and step * (count - 1) > span:
            step = span / (count - 1)
        first = -(count - 1) / 2 * step
        out = [(cx + ax * (first + k * step), cy + ay * (first + k * step), angle) for k in range(count)]
        if self.expanded == (name, owner):
            out = self._on_screen(out, width)
        return out

    def _on_screen(self, slots: list[tuple[float, float, int]], width: int) -> list[tuple[float, float, int]]:
        """Slots moved as a whole so every card lies inside the window (an expanded zone near an edge)."""
        margin, head = 16 * self.scale, 38 * self.scale  # room for the panel and its title
        boxes = [self.card_box(x, y, a, width) for x, y, a in slots]
        w, h = self.size
        dx = dy = 0.0
        left, right = min(b[0] for b in boxes), max(b[0] + b[2] for b in boxes)
        top, bottom = min(b[1] for b in boxes), max(b[1] + b[3] for b in boxes)
        if left < margin:
            dx = margin - left
        elif right > w - margin:
            dx = w - margin - right
        if top < head:
            dy = head - top
        elif bottom > h - margin:
            dy = h - margin - bottom
        return [(x + dx, y + dy, a) for x, y, a in slots]

    def card_box(self, x: float, y: float, angle: float, width: int, quarter_turns: int = 0) -> tuple:
        """(left, top, width, height) of a card drawn at (x, y) turned by ``angle`` (and quarter turns)."""
        height = card_height(width)
        turned = (round(angle / 90) + quarter_turns) % 2 == 1
        w, h = (height, width) if turned else (width, height)
        return (round(x - w / 2), round(y - h / 2), w, h)

    def zone_box(self, name: str, owner: int | None, count: int) -> tuple[int, int, int, int]:
        """(left, top, width, height) around where a zone's cards lie (or its first card would)."""
        key = (name, owner, count, self.expanded)
        found = self._boxes.get(key)
        if found is None:
            if len(self._boxes) > 2000:
                self._boxes.clear()
            found = self._boxes[key] = self._zone_box(name, owner, count)
        return found

    def _zone_box(self, name: str, owner: int | None, count: int) -> tuple[int, int, int, int]:
        width = self.card_size(name, owner)
        if self.zone_style(name, owner).style in ("stack", "pile"):
            count = min(count, PILE_DEPTH + 1)  # the cards below those lie where the last one does
        boxes = [self.card_box(x, y, a, width) for x, y, a in self.slots(name, owner, max(1, count))]
        left = min(b[0] for b in boxes)
        top = min(b[1] for b in boxes)
        right = max(b[0] + b[2] for b in boxes)
        bottom = max(b[1] + b[3] for b in boxes)
        pad = round(width * 0.15)
        return (left - pad, top - pad, right - left + 2 * pad, bottom - top + 2 * pad)


def card_height(width: int) -> int:
    """A card's height for its width (the standard 2.5 x 3.5 inch shape)."""
    return round(width * 1.4)
