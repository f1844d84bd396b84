"""Views: what one seat may know of a game, as plain immutable values.

A view holds no face and no identity of a card its seat may not see: such a
card appears as a :class:`CardView` whose ``card`` is ``None`` and which shows
only its back. The table draws views; agents decide from views; determinizers
rebuild a full game from one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .cards import Card
from .words import translator


@dataclass(frozen=True, slots=True)
class CardView:
    """One card as a viewer sees it.

    ``card`` is None when the viewer may not see the face. ``face_up`` is how
    the card lies (a face-down card its owner may look at has ``card`` set and
    ``face_up`` False). ``orientation`` and ``attached`` describe table cards.
    """

    card: Card | None
    back: int = 0
    face_up: bool = True
    orientation: str | None = None
    attached: tuple[CardView, ...] = ()

    @property
    def hidden(self) -> bool:
        return self.card is None


@dataclass(frozen=True, slots=True)
class ZoneView:
    name: str
    owner: int | None
    kind: str
    cards: tuple[CardView, ...]

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[CardView]:
        return iter(self.cards)

    @property
    def known_cards(self) -> list[Card]:
        """The faces this viewer sees in the zone (attachments included)."""
        out: list[Card] = []
        for cv in self.cards:
            if cv.card is not None:
                out.append(cv.card)
            out.extend(a.card for a in cv.attached if a.card is not None)
        return out

    @property
    def hidden_count(self) -> int:
        return sum(1 for cv in self.cards if cv.card is None) + sum(
            1 for cv in self.cards for a in cv.attached if a.card is None
        )


@dataclass(frozen=True)
class View:
    """Everything ``seat`` may know now (``seat`` None: a spectator).

    ``select`` is how many cards this seat must still pick, one action each,
    before the game goes on (passing 3 cards); a table may let the player pick
    them all and then confirm. ``options`` are the game's house rules (public: everyone agreed to them);
    ``info`` holds the game's public facts (trump, dealer, round, ...), keyed
    by name; ``legal`` the actions this seat may take now; ``prompt`` the
    status line for this seat, with ``{seat:N}`` placeholders for names (see
    :func:`format_prompt`).
    """

    game: str
    seat: int | None
    players: int
    phase: str
    to_act: tuple[int, ...]
    zones: tuple[ZoneView, ...]
    scores: tuple[float, ...]
    info: Mapping[str, Any] = field(default_factory=dict)
    legal: tuple[Action, ...] = ()
    prompt: str = ""
    over: bool = False
    winners: tuple[int, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    select: int = 0

    def choices(self) -> tuple[Action, ...]:
        """The legal actions, for a player that must decide: a ValueError where there are none
        (a player asked to act on a view with nothing to decide was asked wrongly)."""
        if not self.legal:
            raise ValueError("there is nothing to decide in this view")
        return self.legal

    def zone(self, name: str, owner: int | None = None) -> ZoneView:
        for z in self.zones:
            if z.name == name and z.owner == owner:
                return z
        raise KeyError(f"no zone {name!r} owned by {owner!r} in this view")

    def zones_named(self, name: str) -> list[ZoneView]:
        return [z for z in self.zones if z.name == name]

    def known_cards(self) -> list[Card]:
        """Every card face in the view (each zone's visible cards)."""
        out: list[Card] = []
        for z in self.zones:
            out.extend(z.known_cards)
        return out


def seat_ref(seat: int) -> str:
    """The placeholder for a seat's name in prompts and announcements."""
    return "{seat:%d}" % seat  # noqa: UP031 - braces are literal here


def seat_refs(seats: Sequence[int]) -> str:
    """Several seats for a prompt: "A", "A and B", "A, B and C" ("nobody" for none).

    Plain English text: in a sentence to translate, give ``Seats(seats)`` to
    :func:`~cardtable.engine.words.say` instead, which reads the same in English."""
    from .words import Seats, english

    return english(Seats(seats))


SECOND_PERSON: dict[str, str] = {
    "is": "are",
    "was": "were",
    "has": "have",
    "does": "do",
    "isn't": "aren't",
    "wasn't": "weren't",
    "hasn't": "haven't",
    "doesn't": "don't",
    "holds": "hold",
    "leads": "lead",
    "plays": "play",
    "passes": "pass",
    "takes": "take",
    "needs": "need",
    "owns": "own",
    "deals": "deal",
    "wins": "win",
    "loses": "lose",
    "chooses": "choose",
    "calls": "call",
    "flips": "flip",
    "locks": "lock",
    "steals": "steal",
    "attacks": "attack",
    "draws": "draw",
    "discards": "discard",
    "exchanges": "exchange",
    "shows": "show",
    "gets": "get",
    "goes": "go",
    "keeps": "keep",
    "knows": "know",
    "sees": "see",
    "receives": "receive",
    "puts": "put",
    "cuts": "cut",
    "scores": "score",
}
"""Verbs after a seat, as they read when that seat is "you" ("Ada has" -> "You have")."""
MODALS = frozenset({"must", "may", "can", "cannot", "can't", "could", "should", "will", "would", "had"})
_ADVERBS = frozenset({"only", "still", "already", "also", "now", "just", "never"})
SEAT_PLACEHOLDER = re.compile(r"\{seat:(\d+)\}('s)?")
"""A seat's placeholder in English text, with its possessive."""


def format_prompt(text: str, names: Sequence[str], you: int | None = None) -> str:
    """Replace ``{seat:N}`` placeholders with player names.

    With ``you``, that seat is addressed in the second person: "{seat:0}
    must follow diamonds" reads "You must follow diamonds", "{seat:0}'s hand"
    "your hand", "waiting for {seat:0}" "waiting for you" (the verb after
    the seat is changed with :data:`SECOND_PERSON`). In another language the
    sentence is translated whole (:func:`cardtable.i18n.render`).
    """
    translate = translator()
    if translate is not None:
        return translate(text, names, you)

    def name(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        if seat == you:
            start = _sentence_start(text, m.start())
            if m.group(2):
                return "Your" if start else "your"
            return "You" if start else "you"
        label = names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
        return label + (m.group(2) or "")

    if you is None:
        return SEAT_PLACEHOLDER.sub(name, text)
    out: list[str] = []
    pos = 0
    for m in SEAT_PLACEHOLDER.finditer(text):
        out.append(text[pos : m.start()])
        out.append(name(m))
        pos = m.end()
        if int(m.group(1)) == you and not m.group(2):
            rest, pos = _conjugate(text, pos)
            out.append(rest)
            clause = re.match(r"[^.!?;{]*", text[pos:])
            if clause is not None and clause.end():
                # "you played lowest and takes 1": the verbs joined by "and" follow the subject too
                out.append(_AND_VERB.sub(_and_verb, clause.group(0)))
                pos += clause.end()
    out.append(text[pos:])
    return "".join(out)


_AND_VERB = re.compile(r"\band(\s+)([A-Za-z']+)")


def _and_verb(m: re.Match[str]) -> str:
    return f"and{m.group(1)}{SECOND_PERSON.get(m.group(2), m.group(2))}"


def _sentence_start(text: str, index: int) -> bool:
    before = text[:index].rstrip()
    return not before or before[-1] in ".!?:("


def _conjugate(text: str, pos: int) -> tuple[str, int]:
    """The words after a "you" up to its verb, the verb in the second person."""
    out = ""
    while True:
        m = re.match(r"(\s+)([A-Za-z']+)", text[pos:])
        if m is None:
            return out, pos
        space, word = m.groups()
        end = pos + m.end()
        if word in _ADVERBS:
            out += space + word
            pos = end
            continue
        return out + space + SECOND_PERSON.get(word, word), end
