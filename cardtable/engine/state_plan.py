"""The functions the engine makes from a game's declared state (see :mod:`.state`).

Each is compiled once per game class into straight-line code, as fast as one written by hand:
search clones a game, and a determinizer loads one, in every world it imagines. The source is
made only from the declaration's field names; the values it needs (openings, codecs, zone
makers) are passed in its scope, never written into it.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, get_type_hints

from .codecs import Codec, codec_for
from .state import Part, ZonePart
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class _Kept:
    name: str
    key: str  # in a save
    codec: Codec
    part: Part

    @property
    def shown_key(self) -> str:
        return self.part.shown if isinstance(self.part.shown, str) else self.key


class StatePlan:
    """What the engine derives from one game's declaration: ``start``, ``zones``, ``save``,
    ``load``, ``show`` and ``clone``."""

    def __init__(self, declared: type) -> None:
        where = declared.__name__
        hints = get_type_hints(declared, include_extras=True)
        self.zones: list[tuple[str, ZonePart]] = []
        self.kept: list[_Kept] = []
        for f in dataclasses.fields(declared):
            if "zone" in f.metadata:
                self.zones.append((f.name, f.metadata["zone"]))
                continue
            spec = f.metadata.get("part") or Part(start=f.default)
            codec = codec_for(hints[f.name], f"{where}.{f.name}")
            self.kept.append(_Kept(f.name, spec.saved_as or f.name, codec, spec))
        self._scope: dict[str, Any] = {"_mismatch": _mismatch}
        self.start: Callable[[Any], None] = self._compile("start", self._start_lines())
        """Every part at its opening value: zones made, empty; counters and records as declared."""
        self.load: Callable[[Any, Mapping[str, Any]], None] = self._compile("load", self._load_lines())
        """Set a game to a state :meth:`save` wrote (or a determinizer built: cards may be cards).
        A part an older save lacks gets its opening value; one per seat must have one per seat."""
        self.show: Callable[[Any], dict[str, Any]] = self._compile("show", self._show_lines())
        """The parts every seat may know, frozen, for each view's facts."""
        pairs = ", ".join(f"{k.key!r}: info[{k.shown_key!r}]" for k in self.kept if k.part.shown)
        self.from_view: Callable[[Mapping[str, Any]], dict[str, Any]] = self._compile(
            "from_view", ["def from_view(info):", f"    return {{{pairs}}}"]
        )
        """The shown parts of a view's facts, keyed as a save keys them (their frozen forms load as
        they are): where a determinizer's world starts, so a part added as shown needs nothing more."""

    def save(self, game: Game) -> dict[str, Any]:
        """The whole state as JSON-ready data (cards by code)."""
        out: dict[str, Any] = {}
        for k in self.kept:
            if k.part.saved:
                value = getattr(game, k.name)
                out[k.key] = value if k.codec.plain else k.codec.save(value)
        zones: dict[str, Any] = {}
        for name, zp in self.zones:
            z = getattr(game, name)
            zones[zp.name] = z.to_dict() if zp.per == "one" else [one.to_dict() for one in z]
        out["zones"] = zones
        return out

    def zone_function(self) -> Callable[[Game], list[Zone]]:
        """``zones(self)``: every zone, in the declared order."""
        items = [f"*self.{n}" if zp.per != "one" else f"self.{n}" for n, zp in self.zones]
        return _compiled("zones", [f"def zones(self):\n    return [{', '.join(items)}]"], {})

    def clone_function(self, cls: type) -> Callable[..., Any]:
        """``clone(self, rng=None)`` for ``cls``: an independent copy, its RNG exactly copied (or,
        with ``rng``, freshly seeded from it, for search), its history and each changing part copied."""
        lines = [  # the very lines a clone written by hand has
            "def clone(self, rng=None):",
            "    g = new(cls)",
            "    g.__dict__.update(self.__dict__)",
            "    if rng is None:",
            "        g.rng = Random()",
            "        g.rng.setstate(self.rng.getstate())",
            "    else:",
            "        g.rng = Random(rng.getrandbits(64))",
            "    g.history = list(self.history)",
            "    g.options = dict(self.options)",
        ]
        for n, zp in self.zones:
            made = f"self.{n}.copy()" if zp.per == "one" else f"[z.copy() for z in self.{n}]"
            lines.append(f"    g.{n} = {made}")
        for k in self.kept:
            lines += _copy_lines(k.name, k.codec)
        lines.append("    return g")
        scope = {"cls": cls, "new": cls.__new__, "Random": random.Random}
        return _compiled(f"{cls.__name__}.clone", lines, scope)

    # -- the source of each --------------------------------------------------------------------

    def _compile(self, name: str, lines: list[str]) -> Callable[..., Any]:
        return _compiled(name, lines, self._scope)

    def _opening(self, k: _Kept) -> str:
        """The source of ``k``'s opening value (its start is in the scope as ``V_<name>``)."""
        start = k.part.start
        self._scope[f"V_{k.name}"] = start
        made = f"V_{k.name}()" if callable(start) else f"V_{k.name}"
        if not k.part.each_seat:
            return made
        return f"[{made} for _ in range(n)]" if callable(start) else f"[{made}] * n"

    def _zone_lines(self) -> list[str]:
        """Each zone made, written out (a determinizer makes every zone of every world)."""
        self._scope["Zone"] = Zone
        lines = []
        for name, zp in self.zones:
            self._scope[f"S_{name}"] = zp.visibility
            how = f"{zp.kind!r}, S_{name}, {zp.private_order}"
            if zp.per == "seat":
                made = f"[Zone({zp.name!r}, s, {how}) for s in range(n)]"
            elif zp.per == "row":
                made = f"[Zone(f'{zp.name}{{i + 1}}', None, {how}) for i in range({zp.count})]"
            else:
                made = f"Zone({zp.name!r}, None, {how})"
            lines.append(f"    game.{name} = {made}")
        return lines

    def _start_lines(self) -> list[str]:
        lines = ["def start(game):", "    n = game.players", *self._zone_lines()]
        return lines + [f"    game.{k.name} = {self._opening(k)}" for k in self.kept]

    def _load_lines(self) -> list[str]:
        lines = ["def load(game, state):", "    n = game.players", "    catalog = game.catalog"]
        lines += [*self._zone_lines(), '    zones = state["zones"]']
        for name, zp in self.zones:
            if zp.per == "one":
                lines.append(f"    game.{name}.load(zones[{zp.name!r}], catalog)")
            else:
                wanted = "players" if zp.per == "seat" else f"{zp.name} zones"
                lines += [
                    f"    data = zones[{zp.name!r}]",
                    f"    if len(data) != len(game.{name}):",
                    f"        _mismatch(game.{name}, data, {zp.name!r}, {wanted!r})",
                    f"    for z, d in zip(game.{name}, data):",
                    "        z.load(d, catalog)",
                ]
        for k in self.kept:
            opening = f"    game.{k.name} = {self._opening(k)}"
            if not k.part.saved:
                lines.append(opening)
                continue
            lines += [f"    if {k.key!r} in state:", f"        v = state[{k.key!r}]"]
            if k.part.each_seat:
                lines += [
                    "        if len(v) != n:",
                    f"            raise ValueError(f'saved {k.key} do not match {{n}} players')",
                ]
            if k.codec.plain:
                lines.append(f"        game.{k.name} = v")
            else:
                self._scope[f"L_{k.name}"] = k.codec.load
                lines.append(f"        game.{k.name} = L_{k.name}(v, catalog)")
            lines += ["    else:", "    " + opening]
        return lines

    def _show_lines(self) -> list[str]:
        items = []
        for k in self.kept:
            if not k.part.shown:
                continue
            if k.codec.plain:
                items.append(f"{k.shown_key!r}: game.{k.name}")
            elif k.codec.show is tuple:
                items.append(f"{k.shown_key!r}: tuple(game.{k.name})")
            else:
                self._scope[f"W_{k.name}"] = k.codec.show
                items.append(f"{k.shown_key!r}: W_{k.name}(game.{k.name})")
        return ["def show(game):", f"    return {{{', '.join(items)}}}"]


def _mismatch(zones: list[Zone], data: Sequence[Any], name: str, wanted: str) -> None:
    raise ValueError(f"saved {name} zones do not match {len(zones)} {wanted} (got {len(data)})")


def _copy_lines(n: str, codec: Codec) -> list[str]:
    copy = codec.copy
    if not copy:
        return []
    if copy == "copy":
        made = f"self.{n}.copy()"
    elif copy == "rows":
        made = f"[list(r) for r in self.{n}]"
    else:  # a dict some of whose values are themselves copied
        inner = ", ".join(f"{k!r}: self.{n}[{k!r}].copy()" for k in copy)
        made = f"{{**self.{n}, {inner}}}"
    return [f"    g.{n} = None if self.{n} is None else {made}" if codec.optional else f"    g.{n} = {made}"]


def _compiled(name: str, lines: list[str], scope: dict[str, Any]) -> Callable[..., Any]:
    """A function from source made only of field names a dataclass declared, never from data."""
    source = "\n".join(lines)
    exec(source, scope)  # noqa: S102 - see above
    fn = scope[source.split("(", 1)[0].removeprefix("def ")]
    fn.__qualname__ = name
    return fn
