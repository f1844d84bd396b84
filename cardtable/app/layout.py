"""Table layouts: where each zone of a game lies, from ``config/layouts/<game>.yaml``.

Coordinates are in a 1280 x 720 design space and scale with the window. A
zone that belongs to a seat is placed in that seat's own frame: ``across``
runs along the seat's edge of the table (to the player's right) and ``in``
points from the edge toward the middle, so one entry places every player's
hand. Seats are arranged relative to the viewer, who always sits at the
bottom. Shared zones give a point ``at`` in the design space. A player may change
a layout with ``layouts/<game>.yaml`` in the config folder (see ``load_layout``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from cardtable import games
from cardtable.resources import config_file
from cardtable.yamlfile import ConfigError, YamlDoc, load_yaml, overlay

DESIGN_W, DESIGN_H = 1280, 720


@dataclass(frozen=True)
class Frame:
    """A seat's place at the table: its anchor on the window edge and directions."""

    anchor: tuple[float, float]
    inward: tuple[float, float]
    across: tuple[float, float]
    angle: int  # how that player's cards are turned (degrees, counter-clockwise)


FRAMES: dict[str, Frame] = {
    "bottom": Frame((0.5, 1.0), (0.0, -1.0), (1.0, 0.0), 0),
    "bottom-left": Frame((0.22, 1.0), (0.0, -1.0), (1.0, 0.0), 0),
    "bottom-right": Frame((0.78, 1.0), (0.0, -1.0), (1.0, 0.0), 0),
    "left": Frame((0.0, 0.5), (1.0, 0.0), (0.0, 1.0), 270),
    "top-left": Frame((0.27, 0.0), (0.0, 1.0), (-1.0, 0.0), 180),
    "top": Frame((0.5, 0.0), (0.0, 1.0), (-1.0, 0.0), 180),
    "top-right": Frame((0.73, 0.0), (0.0, 1.0), (-1.0, 0.0), 180),
    "right": Frame((1.0, 0.5), (-1.0, 0.0), (0.0, -1.0), 90),
}

STYLES = ("fan", "row", "stack", "pile", "slots")
HUD_DEFAULTS: dict[str, tuple[float, float]] = {
    "status": (640, 508),
    "buttons": (640, 458),
    "toasts": (640, 215),
}
"""Where the status line, the action buttons and passing messages sit (design space)."""
_ZONE_KEYS = {
    "at",
    "seat",
    "center",
    "style",
    "scale",
    "gap",
    "max_span",
    "face",
    "rotate",
    "viewer",
    "count",
    "title",
}


@dataclass(frozen=True)
class ZoneStyle:
    style: str = "row"
    scale: float = 1.0
    gap: float = 0.3  # distance between neighbouring cards, in card widths
    max_span: float = 900.0  # the longest a fan or row may get, in design units
    face: str = "auto"  # auto: as the view says; down: always the back
    rotate: bool = True  # turn cards to face their seat
    count: bool = False  # show how many cards the zone holds
    title: str = ""


@dataclass(frozen=True)
class ZoneSpec:
    name: str
    at: tuple[float, float] | None  # shared zones: a point in the design space
    seat: tuple[float, float] | None  # seat zones: (across, in) from the seat's edge
    style: ZoneStyle
    viewer_style: ZoneStyle
    viewer_seat: tuple[float, float] | None
    center: tuple[float, float] | None = None  # seat zones: (across, out) from the table's centre
    viewer_center: tuple[float, float] | None = None

    @property
    def shared(self) -> bool:
        return self.at is not None


@dataclass(frozen=True)
class Badge:
    key: str
    title: str
    at: tuple[float, float]
    values: dict[str, str] = field(default_factory=dict)
    of: str | None = None


@dataclass(frozen=True)
class ActionSpec:
    drop: str | None = None  # the zone (of the acting seat) a card is dropped on
    select: bool = False  # choose several cards, then confirm


@dataclass(frozen=True)
class Layout:
    game: str
    card_width: float
    seats: dict[int, list[str]]
    zones: dict[str, ZoneSpec]
    plate: tuple[float, float]
    viewer_plate: tuple[float, float]
    plate_info: dict[str, str]
    badges: list[Badge]
    actions: dict[str, ActionSpec]
    hud: dict[str, tuple[float, float]] = field(default_factory=dict)

    def position_of(self, seat: int, viewer: int | None, players: int) -> str:
        """Where ``seat`` sits on screen for ``viewer`` (a spectator sees seat 0 at the bottom)."""
        base = 0 if viewer is None else viewer
        order = self.seats[players]
        return order[(seat - base) % players]

    def frame(self, seat: int, viewer: int | None, players: int) -> Frame:
        return FRAMES[self.position_of(seat, viewer, players)]


class Geometry:
    """A layout fitted to one window size, for one viewer."""

    def __init__(self, layout: Layout, size: tuple[int, int], players: int, viewer: int | None) -> None:
        self.layout = layout
        self.size = size
        self.players = players
        self.viewer = viewer
        w, h = size
        self.scale = min(w / DESIGN_W, h / DESIGN_H)
        self.card_width = max(24, round(layout.card_width * self.scale))

    def design_point(self, x: float, y: float) -> tuple[float, float]:
        w, h = self.size
        return (w / 2 + (x - DESIGN_W / 2) * self.scale, h / 2 + (y - DESIGN_H / 2) * self.scale)

    def seat_point(self, seat: int, across: float, inward: float) -> tuple[float, float]:
        f = self.layout.frame(seat, self.viewer, self.players)
        w, h = self.size
        s = self.scale
        return (
            f.anchor[0] * w + (f.across[0] * across + f.inward[0] * inward) * s,
            f.anchor[1] * h + (f.across[1] * across + f.inward[1] * inward) * s,
        )

    def zone_style(self, name: str, owner: int | None) -> ZoneStyle:
        spec = self.layout.zones[name]
        if owner is not None and owner == self.viewer:
            return spec.viewer_style
        return spec.style

    def zone_frame(
        self, name: str, owner: int | None
    ) -> tuple[tuple[float, float], tuple[float, float], int]:
        """(centre, direction cards spread along, card angle) of a zone on screen."""
        spec = self.layout.zones[name]
        style = self.zone_style(name, owner)
        if owner is not None and not spec.shared:
            frame = self.layout.frame(owner, self.viewer, self.players)
            angle = frame.angle if style.rotate else 0
            viewing = owner == self.viewer
            if spec.center is not None or (viewing and spec.viewer_center is not None):
                across, out = (
                    spec.viewer_center if viewing and spec.viewer_center is not None else spec.center
                )
                cx, cy = self.design_point(DESIGN_W / 2, DESIGN_H / 2)
                s = self.scale
                point = (
                    cx + (frame.across[0] * across - frame.inward[0] * out) * s,
                    cy + (frame.across[1] * across - frame.inward[1] * out) * s,
                )
                return point, frame.across, angle
            across, inward = spec.viewer_seat if viewing and spec.viewer_seat is not None else spec.seat
            return self.seat_point(owner, across, inward), frame.across, angle
        assert spec.at is not None
        return self.design_point(*spec.at), (1.0, 0.0), 0

    def card_size(self, name: str, owner: int | None) -> int:
        return max(16, round(self.card_width * self.zone_style(name, owner).scale))

    def slots(self, name: str, owner: int | None, count: int) -> list[tuple[float, float, int]]:
        """Screen (x, y, angle) of each card of a zone holding ``count`` cards."""
        if count == 0:
            return []
        style = self.zone_style(name, owner)
        (cx, cy), (ax, ay), angle = self.zone_frame(name, owner)
        width = self.card_size(name, owner)
        if style.style in ("stack", "pile"):
            step = 0.35 if style.style == "pile" else 0.02 * width
            shown = min(count, 12)
            out = []
            for k in range(count):
                lift = min(k, shown) * step
                out.append((cx - lift * 0.6, cy - lift, angle))
            return out
        step = style.gap * width
        span_max = style.max_span * self.scale
        if step * (count - 1) > span_max and count > 1:
            step = span_max / (count - 1)
        first = -(count - 1) / 2 * step
        return [(cx + ax * (first + k * step), cy + ay * (first + k * step), angle) for k in range(count)]

    def plate_point(self, seat: int) -> tuple[float, float]:
        across, inward = self.layout.viewer_plate if seat == self.viewer else self.layout.plate
        return self.seat_point(seat, across, inward)


# -- loading -------------------------------------------------------------------


def _pair(doc: YamlDoc, keys: tuple, value: Any) -> tuple[float, float]:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        raise doc.error(keys, "must be a pair of numbers, like [640, 360]")
    return float(value[0]), float(value[1])


def _style(doc: YamlDoc, keys: tuple, body: dict[str, Any], base: ZoneStyle | None = None) -> ZoneStyle:
    values = {} if base is None else dict(base.__dict__)
    for key in ("style", "scale", "gap", "max_span", "face", "rotate", "count", "title"):
        if key not in body:
            continue
        v = body[key]
        here = (*keys, key)
        if key == "style" and v not in STYLES:
            raise doc.error(here, f"must be one of {', '.join(STYLES)}")
        if key == "face" and v not in ("auto", "down"):
            raise doc.error(here, "must be auto or down")
        if key in ("scale", "gap", "max_span"):
            if isinstance(v, bool) or not isinstance(v, int | float) or v <= 0:
                raise doc.error(here, "must be a positive number")
            v = float(v)
        if key in ("rotate", "count") and not isinstance(v, bool):
            raise doc.error(here, "must be true or false")
        if key == "title" and not isinstance(v, str):
            raise doc.error(here, "must be text")
        values[key] = v
    return ZoneStyle(**values)


def parse_layout(game: str, doc: YamlDoc) -> Layout:
    data = doc.data
    if not isinstance(data, dict):
        raise doc.error((), "a layout must be a mapping with card_width, seats and zones")
    top_keys = ("card_width", "seats", "zones", "plate", "badges", "actions", "hud")
    for key in data:
        if key not in top_keys:
            raise doc.error((key,), f"unknown key; expected one of {', '.join(top_keys)}")
    card_width = data.get("card_width", 90)
    if isinstance(card_width, bool) or not isinstance(card_width, int | float) or not 20 <= card_width <= 300:
        raise doc.error(("card_width",), "must be a number from 20 to 300")

    seats: dict[int, list[str]] = {}
    raw_seats = data.get("seats")
    if not isinstance(raw_seats, dict) or not raw_seats:
        raise doc.error(("seats",), "must map each player count to the seat positions, viewer first")
    for count, names in raw_seats.items():
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 12:
            raise doc.error(("seats", count), "player counts are whole numbers from 1 to 12")
        if not isinstance(names, list) or len(names) != count:
            raise doc.error(("seats", count), f"must list {count} positions")
        for i, name in enumerate(names):
            if name not in FRAMES:
                raise doc.error(("seats", count, i), f"unknown position {name!r}; use {', '.join(FRAMES)}")
        if names[0] != "bottom":
            raise doc.error(("seats", count, 0), "the viewer sits at the bottom")
        seats[count] = list(names)

    zones: dict[str, ZoneSpec] = {}
    raw_zones = data.get("zones")
    if not isinstance(raw_zones, dict) or not raw_zones:
        raise doc.error(("zones",), "must map zone names to their placement")
    for name, body in raw_zones.items():
        keys = ("zones", name)
        if not isinstance(body, dict):
            raise doc.error(keys, "must be a mapping")
        for key in body:
            if key not in _ZONE_KEYS:
                raise doc.error((*keys, key), f"unknown key; expected one of {', '.join(sorted(_ZONE_KEYS))}")
        at = _pair(doc, (*keys, "at"), body["at"]) if "at" in body else None
        seat = _pair(doc, (*keys, "seat"), body["seat"]) if "seat" in body else None
        center = _pair(doc, (*keys, "center"), body["center"]) if "center" in body else None
        if sum(x is not None for x in (at, seat, center)) != 1:
            raise doc.error(
                keys,
                "give one of at: [x, y] (a shared zone), seat: [across, in] (from each seat's edge) "
                "or center: [across, out] (from the middle toward each seat)",
            )
        style = _style(doc, keys, body)
        viewer = body.get("viewer", {})
        if not isinstance(viewer, dict):
            raise doc.error((*keys, "viewer"), "must be a mapping")
        viewer_style = _style(doc, (*keys, "viewer"), viewer, style)
        viewer_seat = _pair(doc, (*keys, "viewer", "seat"), viewer["seat"]) if "seat" in viewer else None
        viewer_center = (
            _pair(doc, (*keys, "viewer", "center"), viewer["center"]) if "center" in viewer else None
        )
        zones[name] = ZoneSpec(name, at, seat, style, viewer_style, viewer_seat, center, viewer_center)

    plate_body = data.get("plate", {"seat": [-250, 40]})
    if not isinstance(plate_body, dict) or "seat" not in plate_body:
        raise doc.error(("plate",), "must give seat: [across, in]")
    plate = _pair(doc, ("plate", "seat"), plate_body["seat"])
    viewer_plate = _pair(doc, ("plate", "viewer"), plate_body["viewer"]) if "viewer" in plate_body else plate
    plate_info = plate_body.get("info", {}) or {}
    if not isinstance(plate_info, dict):
        raise doc.error(("plate", "info"), "must map info keys to the label shown on each name plate")
    plate_info = {str(k): str(v) for k, v in plate_info.items()}

    badges = []
    for i, b in enumerate(data.get("badges", []) or []):
        if not isinstance(b, dict) or "key" not in b or "at" not in b:
            raise doc.error(("badges", i), "each badge needs a key and at: [x, y]")
        values = b.get("values", {}) or {}
        if not isinstance(values, dict):
            raise doc.error(("badges", i, "values"), "must map values to the text shown")
        badges.append(
            Badge(
                str(b["key"]),
                str(b.get("title", b["key"])),
                _pair(doc, ("badges", i, "at"), b["at"]),
                {str(k): str(v) for k, v in values.items()},
                b.get("of"),
            )
        )

    actions = {}
    for kind, body in (data.get("actions", {}) or {}).items():
        if not isinstance(body, dict):
            raise doc.error(("actions", kind), "must be a mapping")
        drop = body.get("drop")
        if drop is not None and drop not in zones:
            raise doc.error(("actions", kind, "drop"), f"no zone {drop!r} in this layout")
        select = body.get("select", False)
        if not isinstance(select, bool):
            raise doc.error(("actions", kind, "select"), "must be true or false")
        actions[str(kind)] = ActionSpec(drop, select)

    hud = dict(HUD_DEFAULTS)
    raw_hud = data.get("hud", {}) or {}
    if not isinstance(raw_hud, dict):
        raise doc.error(("hud",), "must map status, buttons and toasts to points [x, y]")
    for key, value in raw_hud.items():
        if key not in HUD_DEFAULTS:
            raise doc.error(("hud", key), f"unknown key; expected {', '.join(HUD_DEFAULTS)}")
        hud[key] = _pair(doc, ("hud", key), value)
    return Layout(
        game, float(card_width), seats, zones, plate, viewer_plate, plate_info, badges, actions, hud
    )


def load_layout(game: str, override: YamlDoc | None = None) -> Layout:
    """The built-in layout of ``game``, with a player's ``override`` merged over it.

    The override (``layouts/<game>.yaml`` in the config folder) need only hold
    what it changes: mappings merge key by key, anything else replaces. A
    mistake is a :class:`ConfigError` naming the override's file and line.
    """
    base = load_yaml(config_file("layouts", f"{game}.yaml"))
    return parse_layout(game, base if override is None else overlay(base, override))


def has_layout(game: str) -> bool:
    return config_file("layouts", f"{game}.yaml").is_file()


def playable_games() -> list[str]:
    """Games that have a table layout (the others play headless only, for now)."""
    return [g for g in games.ids() if has_layout(g)]


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


__all__ = ["ConfigError", "Geometry", "Layout", "has_layout", "load_layout", "playable_games"]
