"""One table on the server: its game (the only full game there is), its seats and their tokens.

A table knows nothing of connections: the server asks it to seat, start and move, and sends
what it returns. Every change that must survive is written to the store first; a table rebuilt
from its record (:meth:`ServerTable.restore`) is the table it was, move for move.
"""

from __future__ import annotations

import hmac
import logging
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from cardtable import games
from cardtable.ai import LEVELS, Agent, make_agent
from cardtable.engine import Action, Event, Game, GameSpec, OptionError, View
from cardtable.settings import SEAT_NAME_LENGTH, clean_name

from .protocol import CODE_ALPHABET, CODE_LENGTH, ProtocolError
from .store import SeatRecord, Store, StoreError, TableRecord, digest

log = logging.getLogger(__name__)

DEFAULT_GRACE = 120.0
"""Seconds a player who dropped keeps the seat, unless the host says otherwise."""
STANDIN_DELAY = 10.0
"""Seconds a seat is away before its stand-in plays (a line that drops for a moment loses no turn)."""
DEFAULT_PACE = 0.8
"""Seconds between a computer's moves, so people can follow them."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass
class Moved:
    """What a move changed: its events (full: each receiver gets them redacted) and its number."""

    move: int
    events: list[Event]
    seat: int


@dataclass(eq=False)
class ServerTable:
    record: TableRecord
    spec: GameSpec
    game: Game | None = None
    log: list[Event] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)
    """``marks[n]``: how many events the log had after move ``n`` (move 0: the deal)."""
    agents: dict[int, Agent] = field(default_factory=dict)
    away: dict[int, float] = field(default_factory=dict)
    """Seats whose person dropped, and when."""
    legal_since: dict[int, int] = field(default_factory=dict)
    """The move from which each seat's choices have been what they are (an action made on a view
    from before then is stale)."""
    _legal: dict[int, tuple[Action, ...]] = field(default_factory=dict)

    @property
    def code(self) -> str:
        return self.record.code

    @property
    def settings(self) -> dict[str, Any]:
        return self.record.settings

    @property
    def moves(self) -> int:
        return len(self.game.history) if self.game is not None else 0

    # -- making and seating ---------------------------------------------------------------

    @classmethod
    def create(cls, store: Store, code: str, msg: Mapping[str, Any]) -> tuple[ServerTable, str]:
        """A new table from a ``create`` message; returns it and the creator's token (seat 0)."""
        try:
            spec = games.get(msg["game"])
        except KeyError:
            raise ProtocolError(
                "bad_game", f"no game {msg['game']!r} (known: {', '.join(games.ids())})"
            ) from None
        players = msg["players"]
        try:
            options = spec.resolve_options(players, msg.get("options"), msg.get("variant"))
        except OptionError as exc:
            raise ProtocolError("bad_options", str(exc)) from None
        seats = _seats(msg.get("seats"), players, msg.get("name") or "Host")
        token = new_token()
        seats[0].token = digest(token)
        settings = {
            "grace": float(msg.get("grace", DEFAULT_GRACE)),
            "standin": bool(msg.get("standin", True)),
            "pace": float(msg.get("pace", DEFAULT_PACE)),
            "autostart": bool(msg.get("autostart", False)),
        }
        seed = secrets.randbelow(2**31)
        record = TableRecord(code, spec.id, players, options, msg.get("variant"), seed, settings, seats)
        store.add_table(record)
        return cls(record, spec), token

    @classmethod
    def restore(cls, record: TableRecord) -> ServerTable:
        """The table as its record left it: the game replayed from its seed and moves."""
        table = cls(record, games.get(record.game))
        if record.started:
            table._deal()
            game = table.game
            assert game is not None
            for seat, raw in record.moves:
                table.log += game.apply(seat, Action.from_dict(raw, game.catalog))
                table.marks.append(len(table.log))
            table._refresh_legal()
        return table

    def free_seat(self, wanted: int | None) -> int:
        """The seat a newcomer takes: ``wanted`` if it is free, else the first free one."""
        free = [i for i, s in enumerate(self.record.seats) if s.kind == "human" and s.token is None]
        if not free or self.record.started:
            raise ProtocolError("table_full", "every seat at this table is taken")
        if wanted is not None:
            if wanted not in free:
                raise ProtocolError("seat_taken", f"seat {wanted + 1} is not free")
            return wanted
        return free[0]

    def seat_person(self, store: Store, seat: int, name: str | None) -> str:
        """``seat`` is taken by a person: its new token (given once; only its digest is kept)."""
        token = new_token()
        rec = self.record.seats[seat]
        own = self._own_name(seat, clean_name(name)) if name and clean_name(name) else rec.name
        taken = replace(rec, name=own, token=digest(token), last_seq=-1)
        store.take_seat(self.code, seat, taken)  # written first: a seat the store refused is not taken
        self.record.seats[seat] = taken
        return token

    def _own_name(self, seat: int, name: str) -> str:
        """``name``, or with a number if another seat has it ("Bot", "Bot 2"): who won, and whose
        turn it is, must be plain at a table of two Sams."""
        taken = {s.name.casefold() for i, s in enumerate(self.record.seats) if i != seat}
        n, own = 1, name
        while own.casefold() in taken:
            n += 1
            own = f"{name[: SEAT_NAME_LENGTH - len(str(n)) - 1]} {n}"
        return own

    def seat_of(self, token: str) -> int:
        """The seat this token acts for; a :class:`ProtocolError` for any other string."""
        wanted = digest(token)
        for i, s in enumerate(self.record.seats):
            if s.token is not None and hmac.compare_digest(s.token, wanted):
                if s.kind == "computer":
                    raise ProtocolError(
                        "seat_lost", "this seat was given to a computer when its player stayed away"
                    )
                return i
        raise ProtocolError("bad_token", "this token holds no seat at this table")

    def start(self, store: Store) -> None:
        """Deal; seats no person took are played by computers."""
        if self.record.started:
            raise ProtocolError("started", "this game has already started")
        seats = [
            replace(s, kind="computer") if s.kind == "human" and s.token is None else s
            for s in self.record.seats
        ]
        store.set_started(self.code, seats)  # written first: a start the store refused changes nothing
        self.record.seats, self.record.started = seats, True
        self._deal()
        self._refresh_legal()

    def _deal(self) -> None:
        r = self.record
        self.game = self.spec.new_game(r.players, r.options, r.seed)
        self.log = list(self.game.opening_events)
        self.marks = [len(self.log)]

    # -- moves ---------------------------------------------------------------------------

    def act(self, store: Store, seat: int, action: Action, move: int, seq: int | None) -> Moved:
        """A move by ``seat`` (``move``: the number of moves its view had seen; ``seq``: a
        person's sequence number). Written before it is returned; an illegal, stale or replayed
        action changes nothing."""
        game = self.game
        if game is None:
            raise ProtocolError("not_started", "the game has not started")
        rec = self.record.seats[seat]
        if seq is not None and seq <= rec.last_seq:
            raise ProtocolError("replayed", f"action {seq} was already taken (the last was {rec.last_seq})")
        if move > self.moves or move < self.legal_since.get(seat, 0):
            raise ProtocolError("stale", "the game has moved on since that view: decide again")
        n = self.moves
        events = game.apply(seat, action)  # IllegalAction: nothing changed
        try:
            store.add_move(self.code, n, seat, action.to_dict(), seq)
        except BaseException:
            self._take_back()
            raise  # Fenced: another process has this table now; Unavailable: try again later
        if seq is not None:
            rec.last_seq = seq
        self.log += events
        self.marks.append(len(self.log))
        self._refresh_legal()
        if game.is_over():
            try:
                store.set_ended(self.code)
            except StoreError as exc:  # the last move is kept: a table replayed to its end is over
                log.warning("table %s ended, but its record could not say so: %s", self.code, exc)
        return Moved(self.moves, events, seat)

    def _take_back(self) -> None:
        """The move just made could not be written: the game goes back to the moves before it
        (replayed from the seed here, since the store may be out of reach)."""
        game = self.game
        assert game is not None
        kept = game.history[:-1]
        self._deal()
        fresh = self.game
        assert fresh is not None
        self.log = list(fresh.opening_events)
        self.marks = [len(self.log)]
        for seat, action in kept:
            self.log += fresh.apply(seat, Action.from_dict(action.to_dict(), fresh.catalog))
            self.marks.append(len(self.log))
        self._refresh_legal()

    def _refresh_legal(self) -> None:
        game = self.game
        assert game is not None
        to_act = game.to_act()
        for seat in range(self.record.players):
            legal = tuple(game.legal_actions(seat)) if seat in to_act else ()
            if self._legal.get(seat) != legal or seat not in self.legal_since:
                self._legal[seat] = legal
                self.legal_since[seat] = self.moves

    def give_up(self, store: Store, seat: int) -> None:
        """The person at ``seat`` stayed away past the grace time: a computer plays it from now on."""
        computer = replace(self.record.seats[seat], kind="computer")
        store.set_seat(self.code, seat, computer)
        self.record.seats[seat] = computer
        self.away.pop(seat, None)

    def computer_to_act(self) -> int | None:
        """A seat a computer decides for now: a computer's, or an away person's stand-in."""
        game = self.game
        if game is None or game.is_over():
            return None
        for seat in game.to_act():
            if self.played_by_computer(seat):
                return seat
        return None

    def played_by_computer(self, seat: int) -> bool:
        rec = self.record.seats[seat]
        if rec.kind == "computer":
            return True
        since = self.away.get(seat)
        return (
            since is not None and bool(self.settings["standin"]) and time.monotonic() - since >= STANDIN_DELAY
        )

    def agent(self, seat: int) -> Agent:
        if seat not in self.agents:
            level = self.record.seats[seat].level
            self.agents[seat] = make_agent(level, self.spec, self.record.seed * 31 + seat)
        return self.agents[seat]

    # -- what each receives ------------------------------------------------------------------

    def view(self, seat: int | None) -> View:
        assert self.game is not None
        return self.game.view(seat)

    def events_since(self, move: int) -> list[Event]:
        """The full events after move ``move`` (all of them from before the deal for -1)."""
        if move < 0 or move >= len(self.marks):
            return list(self.log)
        return self.log[self.marks[move] :]

    def lobby(self, connected: set[int]) -> dict[str, Any]:
        """The public facts of the table: its game, its seats and who is there."""
        r = self.record
        return {
            "type": "table",
            "table": r.code,
            "game": r.game,
            "players": r.players,
            "variant": r.variant,
            "options": r.options,
            "started": r.started,
            "over": self.game is not None and self.game.is_over(),
            "move": self.moves,
            "grace": r.settings["grace"],
            "standin": r.settings["standin"],
            "seats": [
                {
                    "name": s.name,
                    "kind": s.kind,
                    "level": s.level if s.kind == "computer" else None,
                    "taken": s.kind == "computer" or s.token is not None,
                    "connected": i in connected,
                    "away": i in self.away,
                    "computer_now": r.started and self.played_by_computer(i),
                }
                for i, s in enumerate(r.seats)
            ],
        }


def _seats(spec: Any, players: int, host: str) -> list[SeatRecord]:
    """A create's seats: the host's first, each a person to come or a computer at a level."""
    given = list(spec or [])
    if len(given) > players:
        raise ProtocolError("bad_seats", f"{len(given)} seats for {players} players")
    seats: list[SeatRecord] = []
    for i in range(players):
        s = given[i] if i < len(given) else {"kind": "human"}
        kind = s.get("kind")
        level = s.get("level") or "normal"
        if kind not in ("human", "computer") or level not in LEVELS:
            raise ProtocolError(
                "bad_seats", f"seat {i + 1}: a kind 'human' or 'computer' and a level in {list(LEVELS)}"
            )
        if i == 0 and kind != "human":
            raise ProtocolError("bad_seats", "the first seat is the host's")
        name = (
            clean_name(str(s.get("name") or ""))
            or (clean_name(host) if i == 0 else "")
            or (f"Seat {i + 1}" if kind == "human" else f"Computer {i + 1}")
        )
        seats.append(SeatRecord(name, kind, level))
    return seats
