"""How each type of a game's state is saved, loaded, shown and copied, read from its annotation.

A card is saved as its code; a list, tuple or set as a list (a set's sorted); a dict with int
keys as sorted ``[key, value]`` pairs (JSON keys are strings); a ``TypedDict`` key by key;
``Annotated[int, Names(...)]`` as the name at that index. Shown in a view, lists become tuples
and sets sorted tuples, so a view can never change the game. Copying follows the type too: a
list, set or dict is copied with the game, a tuple, number or string shared, and
``Annotated[T, SHARED]`` marks a list or dict the rules only ever replace whole (shared too).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Union, get_args, get_origin, get_type_hints

from .cards import Card, Catalog

SHARED = "shared"
"""``Annotated[T, SHARED]``: a list or dict the rules replace whole, never change in place."""


@dataclass(frozen=True)
class Names:
    """``Annotated[int, Names(...)]``: an index saved and shown as the name at that index."""

    names: tuple[str, ...]


def _same(x: Any) -> Any:
    return x


def _same_loaded(x: Any, catalog: Catalog) -> Any:
    return x


@dataclass(frozen=True)
class Codec:
    """One type's way to JSON and back (``load`` may meet cards already made, from a determinizer),
    its frozen form for a view, and how a copy of the game gets its own (``copy``: ``""`` shared,
    ``"copy"`` the container copied, ``"rows"`` each row copied too, or a dict's keys to copy)."""

    save: Callable[[Any], Any] = _same
    load: Callable[[Any, Catalog], Any] = _same_loaded
    show: Callable[[Any], Any] = _same
    copy: str | tuple[str, ...] = ""
    plain: bool = True
    """Saved, loaded and shown as it is (a number, string, flag or ``None``)."""
    optional: bool = False
    """May be ``None`` (then saved, shown and copied as ``None``)."""


PLAIN = Codec()


def codec_for(tp: Any, where: str) -> Codec:
    """The codec of annotation ``tp``; ``where`` names the part, for the error a bad type gets."""
    origin, args = get_origin(tp), get_args(tp)
    if origin is Annotated:
        inner = codec_for(args[0], where)
        names = next((a for a in args[1:] if isinstance(a, Names)), None)
        if names is not None:
            return _named(names.names)
        return _replace_copy(inner, "") if SHARED in args[1:] else inner
    if tp in (int, str, bool, float, type(None), Any):
        return PLAIN
    if tp is Card:
        return Codec(_card_code, _card, plain=False)
    if origin in (Union, types.UnionType):
        return _optional([a for a in args if a is not type(None)], where)
    if typing.is_typeddict(tp):
        return _typed_dict(tp, where)
    if origin in (list, tuple, set, dict):
        return _container(origin, args, where)
    raise TypeError(
        f"{where}: cannot keep a part of type {tp!r} (use a card, number, string, flag or "
        "a list, tuple, set or dict of them)"
    )


def _card_code(c: Card) -> str:
    return c.code


def _card(c: Any, catalog: Catalog) -> Card:
    return c if isinstance(c, Card) else catalog.by_code(c)


def _replace_copy(c: Codec, copy: str | tuple[str, ...]) -> Codec:
    return Codec(c.save, c.load, c.show, copy, c.plain, c.optional)


def _named(names: tuple[str, ...]) -> Codec:
    return Codec(names.__getitem__, lambda x, catalog: names.index(x), names.__getitem__, plain=False)


def _optional(options: list[Any], where: str) -> Codec:
    if len(options) != 1:
        raise TypeError(f"{where}: a part may be one type or None, not {options!r}")
    inner = codec_for(options[0], where)
    if inner.plain:
        return inner
    save, load, show = inner.save, inner.load, inner.show
    return Codec(
        lambda x: None if x is None else save(x),
        lambda x, catalog: None if x is None else load(x, catalog),
        lambda x: None if x is None else show(x),
        inner.copy,
        plain=False,
        optional=True,
    )


def _typed_dict(tp: Any, where: str) -> Codec:
    keys = {k: codec_for(t, f"{where}[{k!r}]") for k, t in get_type_hints(tp, include_extras=True).items()}
    mutable = tuple(k for k, c in keys.items() if c.copy)
    return Codec(
        lambda d: {k: c.save(d[k]) for k, c in keys.items()},
        lambda d, catalog: {k: c.load(d[k], catalog) for k, c in keys.items()},
        lambda d: {k: c.show(d[k]) for k, c in keys.items()},
        mutable or "copy",
        plain=False,
    )


def _container(origin: type, args: tuple[Any, ...], where: str) -> Codec:
    if origin is dict:
        return _dict(args, where)
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        return _fixed_tuple(args, where)
    item = codec_for(args[0], f"{where}[]")
    if origin is set:
        return Codec(
            lambda s: sorted(item.save(x) for x in s),
            lambda s, catalog: {item.load(x, catalog) for x in s},
            lambda s: tuple(sorted(s)),
            "copy",
            plain=False,
        )
    make = list if origin is list else tuple
    copy = "" if origin is tuple else ("rows" if item.copy == "copy" and make is list else "copy")
    if item.plain:
        return Codec(list, lambda xs, catalog: make(xs), tuple, copy, plain=False)
    save, load, show = item.save, item.load, item.show
    return Codec(
        lambda xs: [save(x) for x in xs],
        lambda xs, catalog: make([load(x, catalog) for x in xs]),
        lambda xs: tuple([show(x) for x in xs]),
        copy,
        plain=False,
    )


def _fixed_tuple(args: tuple[Any, ...], where: str) -> Codec:
    """A tuple of so many parts (a seat and its cards): each function compiled for its shape, as
    determinizers load thousands of these a second."""
    items = [codec_for(a, f"{where}[{i}]") for i, a in enumerate(args)]
    scope: dict[str, Any] = {}
    names = ", ".join(f"x{i}" for i in range(len(items)))
    save, load, show = [], [], []
    for i, c in enumerate(items):
        scope[f"S{i}"], scope[f"L{i}"], scope[f"W{i}"] = c.save, c.load, c.show
        save.append(f"x{i}" if c.plain else f"S{i}(x{i})")
        load.append(f"x{i}" if c.plain else f"L{i}(x{i}, catalog)")
        show.append(f"x{i}" if c.plain else f"W{i}(x{i})")
    source = (
        f"def save(xs):\n    {names}, = xs\n    return [{', '.join(save)}]\n"
        f"def load(xs, catalog):\n    {names}, = xs\n    return ({', '.join(load)},)\n"
        f"def show(xs):\n    {names}, = xs\n    return ({', '.join(show)},)\n"
    )
    exec(source, scope)  # noqa: S102 - made here from the number of a tuple's items, never from data
    return Codec(scope["save"], scope["load"], scope["show"], plain=False)


def _dict(args: tuple[Any, ...], where: str) -> Codec:
    key, value = codec_for(args[0], f"{where} key"), codec_for(args[1], f"{where}[]")
    if args[0] is str:
        return Codec(
            lambda d: {k: value.save(v) for k, v in d.items()},
            lambda d, catalog: {k: value.load(v, catalog) for k, v in d.items()},
            lambda d: {k: value.show(v) for k, v in d.items()},
            "copy",
            plain=False,
        )
    return Codec(  # keys that are not strings: sorted [key, value] pairs
        lambda d: [[key.save(k), value.save(v)] for k, v in sorted(d.items())],
        lambda pairs, catalog: {key.load(k, catalog): value.load(v, catalog) for k, v in pairs},
        lambda d: {k: value.show(v) for k, v in d.items()},
        "copy",
        plain=False,
    )
