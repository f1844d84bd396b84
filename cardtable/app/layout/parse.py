"""Reading a layout file into a :class:`~.schema.Layout`; every mistake names file, line and key.

The schema is documented in the header of each built-in layout file
(``config/layouts/<game>.yaml``); this module enforces it.
"""

from __future__ import annotations

import pkgutil
import string
from collections.abc import Iterator
from dataclasses import fields
from functools import cache
from pathlib import Path
from typing import Any

from cardtable.i18n import _
from cardtable.resources import asset_file
from cardtable.yamlfile import YamlDoc

from .schema import (
    CLICKS,
    DESIGN_H,
    DESIGN_W,
    FACES,
    HUD_DEFAULTS,
    LOG_FIELDS,
    SELECTS,
    SORTS,
    STYLES,
    ActionSpec,
    Badge,
    Layout,
    LogSpec,
    Panel,
    Place,
    Plate,
    PlateLine,
    Ring,
    Spotlight,
    Timing,
    ZoneSpec,
    ZoneStyle,
)

TOP_KEYS = (
    "card_width",
    "seats",
    "zones",
    "plate",
    "badges",
    "panels",
    "timing",
    "actions",
    "hud",
    "words",
    "hook",
    "spotlight",
    "log",
    "handover",
    "received",
    "arrows",
)
STYLE_KEYS = tuple(f.name for f in fields(ZoneStyle))
PLACE_KEYS = ("at", "seat", "center")
ZONE_KEYS = (*PLACE_KEYS, *STYLE_KEYS, "viewer", "compact", "expand", "home")
EVENTS = (
    "moved",
    "gathered",
    "turned",
    "rotated",
    "attached",
    "shuffled",
    "announced",
    "score",
    "trick_won",
    "player_out",
    "round_ended",
    "game_over",
)

Keys = tuple[Any, ...]
HOOKS = frozenset(
    m.name for m in pkgutil.iter_modules([str(Path(__file__).parent.parent / "table" / "hooks")])
)
"""The widget modules a layout may name (``cardtable/app/table/hooks/``); listed through the import
system, not as files, so a frozen app whose modules are in an archive finds them too."""


@cache
def sound_names() -> frozenset[str]:
    """The sounds a timing rule may name: the files of ``assets/sounds/`` (data files, frozen or not)."""
    return frozenset(p.stem for p in asset_file("sounds").glob("*.wav"))


def _number(doc: YamlDoc, keys: Keys, value: Any, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise doc.error(
            keys, _("must be a number from {low} to {high}").format(low=f"{low:g}", high=f"{high:g}")
        )
    return float(value)


MARGIN = 40
"""How far past the design's edge a point may lie (a pile half off the table, as on a real one)."""
ON_TABLE = ((-MARGIN, DESIGN_W + MARGIN), (-MARGIN, DESIGN_H + MARGIN))
"""Where a point of the design may lie: on the table, with a margin."""
OFFSET = ((-DESIGN_W, DESIGN_W), (-DESIGN_H, DESIGN_H))
"""How far an offset (from a seat's edge, from the middle) may reach: at most across the table."""


def _pair(
    doc: YamlDoc, keys: Keys, value: Any, bounds: tuple[tuple[int, int], tuple[int, int]] = ON_TABLE
) -> tuple[float, float]:
    """A pair of numbers within ``bounds`` (a typo would put a zone off the screen unseen)."""
    (x0, x1), (y0, y1) = bounds
    offset = bounds == OFFSET
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        or not (x0 <= value[0] <= x1 and y0 <= value[1] <= y1)
    ):
        if offset:
            # Translators: a layout file's mistake; "across" and "in" name the two numbers of an offset.
            said = _("must be an offset, across from {x0} to {x1} and in from {y0} to {y1}, like [0, 40]")
        else:
            said = _(
                "must be a point on the table, x from {x0} to {x1} and y from {y0} to {y1}, like [640, 360]"
            )
        raise doc.error(keys, said.format(x0=x0, x1=x1, y0=y0, y1=y1))
    return float(value[0]), float(value[1])


def _mapping(doc: YamlDoc, keys: Keys, value: Any, allowed: tuple[str, ...] | None) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise doc.error(keys, _("must be a mapping"))
    for key in value if allowed is not None else ():
        if key not in allowed:
            raise doc.error(
                (*keys, key), _("unknown key; expected one of {keys}").format(keys=", ".join(allowed))
            )
    return value


def _entries(
    doc: YamlDoc, raw: Any, section: str, mistake: str, allowed: tuple[str, ...]
) -> Iterator[tuple[Keys, dict[str, Any]]]:
    """Each entry of a list section (none when it is absent), with where it stands in the file; a
    section that is not a list is ``mistake``."""
    if raw is None:
        return
    if not isinstance(raw, list):
        raise doc.error((section,), mistake)
    for i, entry in enumerate(raw):
        keys = (section, i)
        yield keys, _mapping(doc, keys, entry, allowed)


def _text(doc: YamlDoc, keys: Keys, value: Any, limit: int = 80) -> str:
    if not isinstance(value, str | int | float) or isinstance(value, bool) or len(str(value)) > limit:
        raise doc.error(keys, _("must be text (at most {limit} characters)").format(limit=limit))
    return str(value)


def _names(doc: YamlDoc, keys: Keys, value: Any) -> tuple[str, ...]:
    """One name or a list of names."""
    items = value if isinstance(value, list) else [value]
    return tuple(_text(doc, (*keys, i) if isinstance(value, list) else keys, v) for i, v in enumerate(items))


def _flag(doc: YamlDoc, keys: Keys, value: Any) -> bool:
    if not isinstance(value, bool):
        raise doc.error(keys, _("must be true or false"))
    return value


def _choice(doc: YamlDoc, keys: Keys, value: Any, choices: tuple[str, ...]) -> str:
    if value not in choices:
        shown = ", ".join(c or '""' for c in choices)
        raise doc.error(keys, _("must be one of {choices}").format(choices=shown))
    return value


def _style(doc: YamlDoc, keys: Keys, body: dict[str, Any], base: ZoneStyle | None = None) -> ZoneStyle:
    values = {} if base is None else dict(base.__dict__)
    for key in STYLE_KEYS:
        if key not in body:
            continue
        v = body[key]
        here = (*keys, key)
        if key == "style":
            v = _choice(doc, here, v, STYLES)
        elif key == "face":
            v = _choice(doc, here, v, FACES)
        elif key == "sort":
            v = _choice(doc, here, v, SORTS)
        elif key == "scale":
            v = _number(doc, here, v, 0.1, 4.0)
        elif key == "gap":
            v = _number(doc, here, v, 0.0, 3.0)
        elif key == "max_span":
            v = _number(doc, here, v, 1.0, 5000.0)
        elif key in ("rotate", "count", "hidden", "outline"):
            if not isinstance(v, bool):
                raise doc.error(here, _("must be true or false"))
        elif key in ("title", "stat", "joins"):
            v = _text(doc, here, v, 40)
        values[key] = v
    return ZoneStyle(**values)


def _place(doc: YamlDoc, keys: Keys, body: dict[str, Any], required: bool) -> Place | None:
    given = [k for k in PLACE_KEYS if k in body]
    if not given and not required:
        return None
    if len(given) != 1:
        raise doc.error(
            keys,
            # Translators: at:, seat: and center: are a layout file's keys (they stay as they are).
            _(
                "give one of at: [x, y] (a shared zone), seat: [across, in] (from each seat's edge) "
                "or center: [across, out] (from the middle toward each seat)"
            ),
        )
    kind = given[0]
    return Place(kind, _pair(doc, (*keys, kind), body[kind], ON_TABLE if kind == "at" else OFFSET))


def _zone(doc: YamlDoc, name: str, body: Any) -> ZoneSpec:
    keys = ("zones", name)
    body = _mapping(doc, keys, body, ZONE_KEYS)
    place = _place(doc, keys, body, True)
    assert place is not None
    style = _style(doc, keys, body)
    home = body.get("home", False)
    if not isinstance(home, bool):
        raise doc.error((*keys, "home"), _("must be true or false"))
    extra: dict[str, Any] = {}
    for part in ("viewer", "compact"):
        sub = _mapping(doc, (*keys, part), body.get(part), (*PLACE_KEYS, *STYLE_KEYS))
        if not sub:
            continue
        sub_place = _place(doc, (*keys, part), sub, False)
        if sub_place is not None and (sub_place.kind == "at") != (place.kind == "at"):
            raise doc.error((*keys, part), _("a shared zone stays shared: use at: here too, or seat/center"))
        extra[f"{part}_place"] = sub_place
        extra[f"{part}_style"] = _style(doc, (*keys, part), sub, style)
    expand = _mapping(doc, (*keys, "expand"), body.get("expand"), STYLE_KEYS)
    if expand:
        if place.kind == "at":
            raise doc.error((*keys, "expand"), _("only a seat's own zone expands (this one is shared)"))
        extra["expand_style"] = _style(doc, (*keys, "expand"), expand, style)
    return ZoneSpec(name, place, style, home=home, **extra)


def _plate(doc: YamlDoc, body: Any, zones: dict[str, ZoneSpec]) -> Plate:
    keys = ("plate",)
    body = _mapping(doc, keys, body, ("seat", "viewer", "compact", "top", "lines", "drop", "life"))
    drop = _text(doc, (*keys, "drop"), body.get("drop", ""))
    if drop and drop not in zones:
        raise doc.error((*keys, "drop"), _("no zone {name} in this layout").format(name=repr(drop)))
    place = _pair(doc, (*keys, "seat"), body.get("seat", [-250, 40]), OFFSET)
    viewer = _pair(doc, (*keys, "viewer"), body["viewer"], OFFSET) if "viewer" in body else place
    compact = _pair(doc, (*keys, "compact"), body["compact"], OFFSET) if "compact" in body else None
    raw = body.get("lines", ["{score}"])
    if not isinstance(raw, list):
        raise doc.error((*keys, "lines"), _("must be a list of lines"))
    lines = []
    for i, item in enumerate(raw):
        here = (*keys, "lines", i)
        if isinstance(item, str):
            lines.append(PlateLine(_text(doc, here, item)))
            continue
        item = _mapping(doc, here, item, ("text", "when", "when_in", "unless_zero", "joins"))
        if "text" not in item:
            raise doc.error(here, _("a line needs text"))
        lines.append(
            PlateLine(
                _text(doc, (*here, "text"), item["text"]),
                _text(doc, (*here, "when"), item.get("when", "")),
                _text(doc, (*here, "when_in"), item.get("when_in", "")),
                _text(doc, (*here, "unless_zero"), item.get("unless_zero", "")),
                _flag(doc, (*here, "joins"), item.get("joins", False)),
            )
        )
    top = _pair(doc, (*keys, "top"), body["top"], OFFSET) if "top" in body else None
    life = _text(doc, (*keys, "life"), body.get("life", ""))
    return Plate(place, viewer, compact, tuple(lines), top, drop, life)


def _badges(doc: YamlDoc, raw: Any) -> tuple[Badge, ...]:
    out = []
    allowed = ("key", "title", "at", "values", "of", "arrow")
    for keys, b in _entries(doc, raw, "badges", _("must be a list of badges"), allowed):
        if "key" not in b or "at" not in b:
            raise doc.error(keys, _("each badge needs a key and at: [x, y]"))
        values = b.get("values") or {}
        if not isinstance(values, dict):
            raise doc.error((*keys, "values"), _("must map values to the text shown"))
        out.append(
            Badge(
                _text(doc, (*keys, "key"), b["key"]),
                _text(doc, (*keys, "title"), b.get("title", b["key"])),
                _pair(doc, (*keys, "at"), b["at"]),
                {str(k): _text(doc, (*keys, "values", k), v) for k, v in values.items()},
                _text(doc, (*keys, "of"), b["of"]) if b.get("of") is not None else None,
                _flag(doc, (*keys, "arrow"), b.get("arrow", False)),
            )
        )
    return tuple(out)


def _panels(doc: YamlDoc, raw: Any) -> tuple[Panel, ...]:
    out = []
    allowed = ("key", "title", "button", "hotkey")
    for keys, p in _entries(doc, raw, "panels", _("must be a list of panels"), allowed):
        if "key" not in p:
            raise doc.error(keys, _("each panel needs the key of the fact it shows"))
        hotkey = _text(doc, (*keys, "hotkey"), p.get("hotkey", ""), 1).lower()
        out.append(
            Panel(
                _text(doc, (*keys, "key"), p["key"]),
                _text(doc, (*keys, "title"), p.get("title", p["key"])),
                _text(doc, (*keys, "button"), p.get("button", p.get("title", p["key"]))),
                hotkey,
            )
        )
    return tuple(out)


def _timings(doc: YamlDoc, raw: Any) -> tuple[Timing, ...]:
    out = []
    mistake = _("must be a list of rules, the first that fits an event counts")
    allowed = ("event", "from", "to", "what", "hold", "glide", "gap", "sound", "wait")
    for keys, t in _entries(doc, raw, "timing", mistake, allowed):
        event = _choice(doc, (*keys, "event"), t.get("event"), EVENTS)
        sound = _text(doc, (*keys, "sound"), t.get("sound", ""), 40)
        if sound and sound not in sound_names():
            known = ", ".join(sorted(sound_names()))
            said = _("no sound {name}; the sounds are {sounds}").format(name=repr(sound), sounds=known)
            raise doc.error((*keys, "sound"), said)
        out.append(
            Timing(
                event,
                _names(doc, (*keys, "from"), t["from"]) if "from" in t else (),
                _names(doc, (*keys, "to"), t["to"]) if "to" in t else (),
                _names(doc, (*keys, "what"), t["what"]) if "what" in t else (),
                *(_number(doc, (*keys, k), t.get(k, 0.0), 0.0, 10.0) for k in ("hold", "glide", "gap")),
                sound,
                _choice(doc, (*keys, "wait"), t.get("wait", ""), ("", "trick")),
            )
        )
    return tuple(out)


def _spotlight(doc: YamlDoc, raw: Any) -> Spotlight | None:
    if raw is None:
        return None
    body = _mapping(doc, ("spotlight",), raw, ("what", "at", "scale", "seconds"))
    if "what" not in body or "at" not in body:
        raise doc.error(("spotlight",), _("needs what: (the announcements) and at: [x, y]"))
    return Spotlight(
        _names(doc, ("spotlight", "what"), body["what"]),
        _pair(doc, ("spotlight", "at"), body["at"]),
        _number(doc, ("spotlight", "scale"), body.get("scale", 1.6), 0.5, 3.0),
        _number(doc, ("spotlight", "seconds"), body.get("seconds", 1.8), 0.3, 8.0),
    )


def _zone_names(doc: YamlDoc, keys: Keys, raw: Any, zones: dict[str, ZoneSpec]) -> tuple[str, ...]:
    """Names of zones of this layout (one or a list; none when absent)."""
    names = () if raw is None else _names(doc, keys, raw)
    for i, name in enumerate(names):
        if name not in zones:
            where = (*keys, i) if isinstance(raw, list) else keys
            raise doc.error(where, _("no zone {name} in this layout").format(name=repr(name)))
    return names


def _actions(doc: YamlDoc, raw: Any, zones: dict[str, ZoneSpec]) -> dict[str, ActionSpec]:
    out: dict[str, ActionSpec] = {}
    if raw is None:
        return out
    if not isinstance(raw, dict):
        raise doc.error(("actions",), _("must map action kinds to what they do at the table"))
    for kind, body in raw.items():
        keys = ("actions", kind)
        body = _mapping(
            doc,
            keys,
            body,
            ("drop", "select", "button", "key", "default", "click", "confirm", "auto", "mode", "from"),
        )
        drop = _names(doc, (*keys, "drop"), body["drop"]) if "drop" in body else ()
        for i, name in enumerate(drop):
            if name not in zones:
                where = (*keys, "drop", i) if isinstance(body["drop"], list) else (*keys, "drop")
                raise doc.error(where, _("no zone {name} in this layout").format(name=repr(name)))
        button = body.get("button", False)
        if not isinstance(button, bool):
            raise doc.error((*keys, "button"), _("must be true or false"))
        key = _text(doc, (*keys, "key"), body.get("key", ""), 1).lower()
        default = _mapping(doc, (*keys, "default"), body.get("default"), ("value",))
        out[str(kind)] = ActionSpec(
            drop,
            _choice(doc, (*keys, "select"), body.get("select", ""), SELECTS),
            button,
            key,
            tuple((k, _text(doc, (*keys, "default", k), v)) for k, v in default.items()),
            _choice(doc, (*keys, "click"), body.get("click", "focus"), CLICKS),
            _flag(doc, (*keys, "confirm"), body.get("confirm", False)),
            _flag(doc, (*keys, "auto"), body.get("auto", False)),
            _text(doc, (*keys, "mode"), body.get("mode", ""), 40),
            _zone_names(doc, (*keys, "from"), body.get("from"), zones),
        )
    return out


def parse_layout(game: str, doc: YamlDoc) -> Layout:
    """Check a layout document and build the :class:`Layout`; a mistake is a located ConfigError."""
    data = doc.data
    if not isinstance(data, dict):
        raise doc.error((), _("a layout must be a mapping with card_width, seats and zones"))
    _mapping(doc, (), data, TOP_KEYS)
    card_width = _number(doc, ("card_width",), data.get("card_width", 90), 20, 300)

    seats = _mapping(doc, ("seats",), data.get("seats"), ("bottom_gap", "compact_from", "out"))
    compact_from = seats.get("compact_from", 6)
    if isinstance(compact_from, bool) or not isinstance(compact_from, int) or not 2 <= compact_from <= 13:
        raise doc.error(("seats", "compact_from"), _("must be a player count from 2 to 13"))
    ring = Ring(
        _number(doc, ("seats", "bottom_gap"), seats.get("bottom_gap", 50), 0, 90),
        compact_from,
        _text(doc, ("seats", "out"), seats.get("out", ""), 40),
    )

    raw_zones = data.get("zones")
    if not isinstance(raw_zones, dict) or not raw_zones:
        raise doc.error(("zones",), _("must map zone names to their placement"))
    zones = {str(name): _zone(doc, str(name), body) for name, body in raw_zones.items()}
    homes = [name for name, z in zones.items() if z.home]
    if len(homes) > 1:
        said = _("only one zone is the viewer's home ({zone} is)").format(zone=homes[0])
        raise doc.error(("zones", homes[1], "home"), said)

    hud = _hud(doc, data.get("hud"))
    words = {
        str(k): _text(doc, ("words", k), v, 30)
        for k, v in _mapping(doc, ("words",), data.get("words"), ("round", "rounds", "score")).items()
    }
    hook = data.get("hook", "")
    if hook and (not isinstance(hook, str) or not hook.replace("_", "").isalnum() or hook not in HOOKS):
        said = _("must name one of the table's hooks: {hooks}").format(hooks=", ".join(sorted(HOOKS)))
        raise doc.error(("hook",), said)
    return Layout(
        game,
        card_width,
        ring,
        zones,
        _plate(doc, data.get("plate", {}), zones),
        _badges(doc, data.get("badges")),
        _panels(doc, data.get("panels")),
        _timings(doc, data.get("timing")),
        _actions(doc, data.get("actions"), zones),
        hud,
        words,
        str(hook or ""),
        _spotlight(doc, data.get("spotlight")),
        _log(doc, data.get("log")),
        _handover(doc, data.get("handover")),
        _names(doc, ("arrows",), data["arrows"]) if "arrows" in data else (),
        _text(doc, ("received",), data.get("received", ""), 40),
    )


def _hud(doc: YamlDoc, value: Any) -> dict[str, tuple[int, int]]:
    """Where the table's words and buttons go: the defaults, with what the layout moves."""
    hud = dict(HUD_DEFAULTS)
    given = _mapping(doc, ("hud",), value, tuple(HUD_DEFAULTS))
    for key, place in given.items():
        hud[key] = _pair(doc, ("hud", key), place)
    for key in ("strip", "panels"):
        if f"{key}_crowded" not in given:
            hud[f"{key}_crowded"] = hud[key]
    return hud


def _handover(doc: YamlDoc, value: Any) -> dict[str, tuple[str, ...]]:
    """Per phase, what the next player does: a phrase with {who} and the view's facts, or a list of
    them, the first whose facts are all known at the time being said."""
    out = {}
    for phase, phrases in _mapping(doc, ("handover",), value, None).items():
        keys = ("handover", phase)
        texts = _names(doc, keys, phrases)
        for i, text in enumerate(texts):
            try:
                list(string.Formatter().parse(text))
            except ValueError as exc:
                where = (*keys, i) if isinstance(phrases, list) else keys
                raise doc.error(where, _not_a_phrase(exc)) from exc
        out[str(phase)] = texts
    return out


def _phrase(doc: YamlDoc, keys: Keys, value: Any) -> str:
    """A log phrase: text whose only placeholders are the log's fields."""
    text = _text(doc, keys, value, 80)
    try:
        names = {f for _text_before, f, _spec, _conversion in string.Formatter().parse(text) if f is not None}
    except ValueError as exc:
        raise doc.error(keys, _not_a_phrase(exc)) from exc
    unknown = names - set(LOG_FIELDS)
    if unknown:
        said = _("unknown placeholder {name}; use {fields}")
        raise doc.error(keys, said.format(name=repr(sorted(unknown)[0]), fields=", ".join(LOG_FIELDS)))
    return text


def _not_a_phrase(exc: Exception) -> str:
    """A phrase whose braces do not pair up (``exc``: what the formatter found)."""
    # Translators: {{placeholders}} reads "{placeholders}" (keep the double braces); {error}: what is wrong.
    return _("is not a phrase with {{placeholders}} ({error})").format(error=exc)


def _log(doc: YamlDoc, value: Any) -> LogSpec:
    body = _mapping(doc, ("log",), value, ("moves", "won", "quiet", "trick"))
    moves = {}
    for key, phrase in _mapping(doc, ("log", "moves"), body.get("moves"), None).items():
        parts = str(key).split(">")
        if len(parts) != 2 or not all(parts):
            raise doc.error(("log", "moves", key), _("must be written from>to, two zone names"))
        moves[(parts[0].strip(), parts[1].strip())] = _phrase(doc, ("log", "moves", key), phrase)
    won = _phrase(doc, ("log", "won"), body["won"]) if "won" in body else ""
    quiet = _names(doc, ("log", "quiet"), body["quiet"]) if "quiet" in body else ()
    trick = _names(doc, ("log", "trick"), body["trick"]) if "trick" in body else ()
    return LogSpec(moves, won, quiet, trick)
