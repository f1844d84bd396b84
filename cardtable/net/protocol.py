"""The table protocol's messages and their checks (docs/protocol.md says the same in words).

Every message is one JSON object in one WebSocket text frame, with a ``type``. What a client
sends is checked field by field before anything reads it: a wrong type, an unknown field or a
value out of range is a :class:`ProtocolError` with a code and a reason, answered to that
client alone.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

VERSION = 1
"""The protocol's version: a client that says another in its ``hello`` is refused."""
MAX_MESSAGE = 64 * 1024
"""The largest frame either side accepts, in bytes (a bigger one closes the connection)."""
HELLO_SECONDS = 5.0
"""How long a new connection has to say ``hello``."""
NAME_LENGTH = 24
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I: read aloud or typed without doubt
CODE_LENGTH = 6


class ProtocolError(Exception):
    """A message the server will not take: ``code`` for programs, the text for people."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code


@dataclass(frozen=True)
class Field:
    kind: type | tuple[type, ...]
    required: bool = True
    low: float | None = None
    high: float | None = None  # a number's range; a string's, list's or object's largest length


def _names(high: int) -> Field:
    return Field(str, False, 1, high)


_CODE = Field(str, True, CODE_LENGTH, CODE_LENGTH)
_TOKEN = Field(str, True, 16, 64)
_SEAT_SPEC = Field(dict, True, None, 4)

MESSAGES: dict[str, dict[str, Field]] = {
    "hello": {"version": Field(int, True, 0, 1_000_000), "client": _names(80)},
    "create": {
        "game": Field(str, True, 1, 40),
        "players": Field(int, True, 1, 64),
        "variant": _names(80),
        "options": Field(dict, False, None, 64),
        "seats": Field(list, False, None, 64),
        "name": _names(NAME_LENGTH),
        "grace": Field((int, float), False, 0, 24 * 3600),
        "standin": Field(bool, False),
        "pace": Field((int, float), False, 0, 10),
        "autostart": Field(bool, False),
    },
    "join": {"table": _CODE, "name": _names(NAME_LENGTH), "seat": Field(int, False, 0, 63)},
    "resume": {"table": _CODE, "token": _TOKEN, "move": Field(int, False, 0, 10**7)},
    "watch": {"table": _CODE, "move": Field(int, False, 0, 10**7)},
    "start": {"table": _CODE, "token": _TOKEN},
    "act": {
        "seq": Field(int, True, 0, 2**53),
        "move": Field(int, True, 0, 10**7),
        "seat": Field(int, True, 0, 63),
        "action": Field(dict, True, None, 8),
    },
    "leave": {},
    "ping": {},
}
"""Each message a client may send: its fields and what each must be."""

SEAT_FIELDS: dict[str, Field] = {
    "kind": Field(str, True, 1, 10),
    "level": _names(10),
    "name": _names(NAME_LENGTH),
}
"""Each seat of a ``create``: ``kind`` "human" or "computer", and a computer's level."""


def parse(text: str | bytes) -> dict[str, Any]:
    """A client's frame as a checked message; a :class:`ProtocolError` otherwise."""
    if isinstance(text, bytes):
        raise ProtocolError("bad_frame", "messages are JSON text frames, not binary")
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "the message is not JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    _unicode(msg)
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in MESSAGES:
        raise ProtocolError("unknown_type", f"unknown message type {_short(kind)}")
    check(msg, MESSAGES[kind], kind)
    if kind == "create":
        for i, seat in enumerate(msg.get("seats", [])):
            if not isinstance(seat, dict):
                raise ProtocolError("bad_field", f"create: seats[{i}] is an object")
            check(seat, SEAT_FIELDS, f"create: seats[{i}]", typed=False)
    return msg


def _unicode(value: Any) -> None:
    """Every string in a message, keys too, is text that can be written: JSON lets a message spell
    a lone surrogate (``"\\ud800"``), which no UTF-8 encoder takes, so one such name kept at a table
    would make every later message to it fail."""
    if isinstance(value, str):
        if _SURROGATES.search(value):
            raise ProtocolError("bad_text", "the message holds text that is not Unicode (a lone surrogate)")
    elif isinstance(value, dict):
        for key, item in value.items():
            _unicode(key)
            _unicode(item)
    elif isinstance(value, list):
        for item in value:
            _unicode(item)


_SURROGATES = re.compile("[\ud800-\udfff]")


def check(msg: dict[str, Any], fields: dict[str, Field], where: str, *, typed: bool = True) -> None:
    allowed = set(fields) | ({"type"} if typed else set())
    unknown = [k for k in msg if k not in allowed]
    if unknown:
        raise ProtocolError("bad_field", f"{where}: unknown field {_short(unknown[0])}")
    for name, f in fields.items():
        if name not in msg:
            if f.required:
                raise ProtocolError("bad_field", f"{where}: {name} is missing")
            continue
        value = msg[name]
        if isinstance(value, bool) and f.kind is not bool or not isinstance(value, f.kind):
            raise ProtocolError("bad_field", f"{where}: {name} has the wrong type")
        if isinstance(value, float) and not math.isfinite(value):
            raise ProtocolError("bad_field", f"{where}: {name} is not a number")
        size = (
            value if isinstance(value, int | float) else len(value) if not isinstance(value, bool) else None
        )
        if size is not None and (
            (f.low is not None and size < f.low) or (f.high is not None and size > f.high)
        ):
            raise ProtocolError("bad_field", f"{where}: {name} is out of range")


def _short(x: Any) -> str:
    text = repr(x)
    return text if len(text) <= 40 else text[:37] + "..."


def dumps(msg: dict[str, Any]) -> str:
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)
