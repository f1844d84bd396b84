"""Views: what one seat may know of a game, as plain immutable values.

A view holds no face and no identity of a card its seat may not see: such a
card appears as a :class:`CardView` whose ``card`` is ``None`` and which shows
only its back. The table draws views; agents decide from views; determinizers
rebuild a full game from one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .cards import Card


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
    """Several seats for a prompt: "A", "A and B", "A, B and C"."""
    refs = [seat_ref(s) for s in seats]
    return refs[0] if len(refs) == 1 else ", ".join(refs[:-1]) + " and " + refs[-1]


def format_prompt(text: str, names: list[str] | tuple[str, ...]) -> str:
    """Replace ``{seat:N}`` placeholders with player names."""
    for i, name in enumerate(names):
        text = text.replace(f"{{seat:{i}}}", name)
    return text
