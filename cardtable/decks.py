"""Deck files: the card list of a custom deck, as YAML (``config/decks/<name>.yaml``).

A deck file names each face of card once, with how many copies the deck
holds, and becomes a :data:`~cardtable.engine.DeckList` of
:class:`~cardtable.engine.CardSpec` lines from which a game builds its
catalog. Card lists are data so that a table owning the physical game can
correct them, which is also why they are checked strictly: the loader checks
what every deck shares (codes, kinds, counts, field types), the game passes
checks for what its own cards mean, and any problem is a
:class:`~cardtable.yamlfile.ConfigError` naming the file, the line and the
key. No deck list ever comes out of a malformed file.

The file format::

    name: Ugh!
    description: One line about the deck.
    cards:
      - {code: G1, kind: number, color: green, value: 1, count: 6, name: green 1}
      - {code: ICE, kind: ugh, tags: [blue, ice-age], name: The Coming of the Ice Age}
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.engine import CardSpec, DeckList
from cardtable.i18n import N_
from cardtable.resources import config_file
from cardtable.yamlfile import YamlDoc, as_said, load_yaml, mistake

CardCheck = Callable[[CardSpec], tuple[str | None, str] | None]
"""A game's check of one card: None if fine, else (the field at fault or None, why)."""

DeckCheck = Callable[[DeckList], str | None]
"""A game's check of the whole list (e.g. a color with no cards): None or why not."""

MAX_COPIES = 1000

_CODE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+-]*$")
_TOP_FIELDS = ("name", "description", "cards")
_TEXT_FIELDS = ("code", "kind", "name", "color", "suit")
_INT_FIELDS = ("value", "rank", "count")
_CARD_FIELDS = ("code", "kind", "name", "color", "value", "rank", "suit", "count", "tags")


@dataclass(frozen=True)
class DeckFile:
    """A checked deck file: its name, description and card list."""

    name: str
    description: str
    cards: DeckList
    path: str

    @property
    def size(self) -> int:
        return sum(spec.count for spec in self.cards)


def parse_deck(
    doc: YamlDoc,
    check_card: CardCheck | None = None,
    check_deck: DeckCheck | None = None,
) -> DeckFile:
    """Check a parsed deck document and turn it into a :class:`DeckFile`."""
    data = doc.data
    if not isinstance(data, dict):
        raise doc.error((), mistake(N_("a deck file must be a mapping with name, description and cards")))
    for key in data:
        if key not in _TOP_FIELDS:
            raise doc.error(
                (key,), mistake(N_("unknown field; expected {fields}"), fields=", ".join(_TOP_FIELDS))
            )
    name = data.get("name", "")
    if not isinstance(name, str):
        raise doc.error(("name",), mistake(N_("must be text")))
    description = data.get("description", "")
    if not isinstance(description, str):
        raise doc.error(("description",), mistake(N_("must be text")))
    if "cards" not in data:
        raise doc.error((), mistake(N_("the deck has no cards list")))
    cards = data["cards"]
    if not isinstance(cards, list) or not cards:
        raise doc.error(("cards",), mistake(N_("must be a list with one entry per face of card")))
    specs: list[CardSpec] = []
    codes: dict[str, int] = {}
    for i, entry in enumerate(cards):
        spec = _parse_card(doc, i, entry)
        first = codes.get(spec.code)
        if first is not None:
            raise doc.error(
                ("cards", i, "code"),
                mistake(
                    N_("{code} is used twice (first in entry {entry})"), code=repr(spec.code), entry=first + 1
                ),
            )
        codes[spec.code] = i
        if check_card is not None:
            problem = check_card(spec)
            if problem is not None:
                key, message = problem
                where = ("cards", i, key) if key else ("cards", i)
                raise doc.error(
                    where, mistake(N_("{code}: {problem}"), code=spec.code, problem=as_said(message))
                )
        specs.append(spec)
    deck = tuple(specs)
    if check_deck is not None:
        problem = check_deck(deck)
        if problem is not None:
            raise doc.error(("cards",), as_said(problem))
    return DeckFile(name.strip(), description.strip(), deck, doc.path)


def _check_fields(doc: YamlDoc, where: tuple, entry: dict) -> None:
    """Each field of a card is known and of its type, and the card has a code and a kind."""
    for key in entry:
        if key not in _CARD_FIELDS:
            raise doc.error(
                (*where, key),
                mistake(N_("unknown field; expected one of {fields}"), fields=", ".join(_CARD_FIELDS)),
            )
    for key in ("code", "kind"):
        if key not in entry:
            raise doc.error(where, mistake(N_("the card has no {field}"), field=key))
    for key in _TEXT_FIELDS:
        if key in entry and (not isinstance(entry[key], str) or not entry[key].strip()):
            raise doc.error((*where, key), mistake(N_("must be text, not {value}"), value=repr(entry[key])))
    for key in _INT_FIELDS:
        value = entry.get(key)
        if key in entry and (isinstance(value, bool) or not isinstance(value, int)):
            raise doc.error(
                (*where, key), mistake(N_("must be a whole number, not {value}"), value=repr(value))
            )


def _parse_card(doc: YamlDoc, i: int, entry: Any) -> CardSpec:
    where = ("cards", i)
    if not isinstance(entry, dict):
        raise doc.error(
            where,
            mistake(
                N_("each card must be a mapping such as {example}"),
                example="{code: G1, kind: number, count: 6}",
            ),
        )
    _check_fields(doc, where, entry)
    code = entry["code"].strip()
    if not _CODE.match(code):
        raise doc.error(
            (*where, "code"),
            mistake(N_("{code}: use letters, digits, '-', '_' and '+' only"), code=repr(code)),
        )
    count = entry.get("count", 1)
    if not 1 <= count <= MAX_COPIES:
        raise doc.error(
            (*where, "count"),
            mistake(N_("must be between 1 and {most} (got {value})"), most=MAX_COPIES, value=count),
        )
    tags = entry.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) and t.strip() for t in tags):
        raise doc.error(
            (*where, "tags"), mistake(N_("must be a list of words, e.g. {example}"), example="[blue]")
        )
    if len(set(tags)) != len(tags):
        raise doc.error((*where, "tags"), mistake(N_("lists a tag twice")))

    def text(key: str) -> str | None:
        value = entry.get(key)
        return value.strip() if isinstance(value, str) else None

    return CardSpec(
        kind=entry["kind"].strip(),
        code=code,
        rank=entry.get("rank"),
        suit=text("suit"),
        color=text("color"),
        value=entry.get("value"),
        tags=frozenset(t.strip() for t in tags),
        count=count,
        name=text("name"),
    )


def load_deck(
    path: str | Path,
    check_card: CardCheck | None = None,
    check_deck: DeckCheck | None = None,
) -> DeckFile:
    """Read and check one deck file; raises :class:`~cardtable.yamlfile.ConfigError`."""
    return parse_deck(load_yaml(path), check_card, check_deck)


def builtin_deck_path(name: str) -> Path:
    """Where the shipped deck ``name`` lives: ``config/decks/<name>.yaml``."""
    return config_file("decks", f"{name}.yaml")
