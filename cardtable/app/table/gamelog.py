"""The game log: what happened this game, in words, from the events the viewer may know.

It reads only events already redacted for the viewer, so a card hidden from
them is never named ("Bo draws a card"). The game's announcements are its own
words; the moves no announcement tells are phrased by the layout's ``log``
section, and consecutive moves of the same kind make one line ("Ada is dealt
13 cards"). Nothing here knows a game: zone names and phrases come from the
events and the layout.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardtable.engine import (
    Announced,
    Event,
    GameOver,
    Moved,
    PlayerOut,
    Recap,
    RoundEnded,
    ScoreChanged,
    TrickWon,
    format_prompt,
)
from cardtable.engine.words import Seat, say
from cardtable.i18n import N_, _, ngettext

from ..layout.schema import Layout
from .words import round_over, winners_text


@dataclass(frozen=True)
class LogLine:
    text: str
    kind: str = "event"  # event, score, or mark (a round's end, the game's end)
    run: int = 0  # the run of moves told in this line and its neighbours (a deal, one per seat); 0: none


def _owner(ref: object) -> int | None:
    """A zone's owner: events name zones as (name, owner) pairs."""
    return ref[1] if isinstance(ref, tuple) and len(ref) == 2 else None


def _zone(ref: object) -> str:
    return str(ref[0]) if isinstance(ref, tuple) and len(ref) == 2 else str(ref)


def cards_text(cards: Sequence[object]) -> str:
    """The cards as the viewer knows them: named when seen, counted when not."""
    known = [_(c.name) for c in cards if c is not None]
    hidden = len(cards) - len(known)
    parts = list(known)
    if hidden:
        parts.append(
            _("a card") if hidden == 1 else ngettext("{n} card", "{n} cards", hidden).format(n=hidden)
        )
    if not known and hidden:
        return parts[0]
    if len(known) > 4 and not hidden:
        return ngettext("{n} card", "{n} cards", len(known)).format(n=len(known))
    return " ".join(parts)


class LogWriter:
    """Turns events, in order, into lines (fed as they come, so the log grows with the game)."""

    def __init__(self, layout: Layout, names: Sequence[str], viewer: int | None) -> None:
        self.layout = layout
        self.names = names
        self.viewer = viewer
        self.lines: list[LogLine] = []
        self.last_seat: int | None = None  # who acted last, for moves between zones nobody owns
        self.runs = 0  # runs of moves told so far (each line of one shares its number)
        self._run: tuple[tuple[str, str], list[tuple[int | None, int | None, int | None, object]]] | None = (
            None
        )

    def say(self, text: str, kind: str = "event", once: bool = False, run: int = 0) -> None:
        """A line in the viewer's words ("You play", "Bo plays"); one that repeats the line before
        at more length (a flip, then what the flipped card does) takes its place.

        A line that happens again is told again ("Bo wins the trick" twice running); only with
        ``once`` (a recap's note that repeats an announcement just made) is it left out."""
        text = format_prompt(text, self.names, self.viewer)
        text = text[:1].upper() + text[1:]
        if once and any(line.text == text for line in self.lines[-6:]):
            return
        if self.lines and kind == "event" and _says_more(text, self.lines[-1]):
            self.lines.pop()
        self.lines.append(LogLine(text, kind, run))

    def feed(self, events: Iterable[Event]) -> None:
        events = list(events)
        for i, event in enumerate(events):
            if isinstance(event, Moved):
                self._moved(event)
                continue
            self._flush()
            self._event(event, events[i + 1] if i + 1 < len(events) else None)

    def finish(self) -> list[LogLine]:
        """The lines so far, the run of moves in progress included."""
        self._flush()
        return self.lines

    # -- moves -------------------------------------------------------------------------

    def _moved(self, event: Moved) -> None:
        """Moves of one kind in a row (a deal, a trick's plays, a pass) are told together."""
        key = (_zone(event.src), _zone(event.dst))
        if key not in self.layout.log.moves:
            self._flush()
            return
        src, dst = _owner(event.src), _owner(event.dst)
        who = src if src is not None else dst if dst is not None else self.last_seat
        if self._run is None or self._run[0] != key:
            self._flush()
            self._run = (key, [])
        self._run[1].append((who, src, dst, event.card))

    def _flush(self) -> None:
        if self._run is None:
            return
        key, moves = self._run
        self._run = None
        self.runs += 1
        phrase = self.layout.log.moves[key]  # the layout's words, translated whole where said
        groups: dict[tuple[int | None, int | None, int | None], list[object]] = {}
        for who, src, dst, card in moves:
            groups.setdefault((who, src, dst), []).append(card)
        for (who, src, dst), cards in groups.items():
            fields = {"who": _ref(who), "from": _ref(src), "to": _ref(dst), "cards": cards_text(cards)}
            self.say(say(phrase, **fields), run=self.runs)

    # -- the rest --------------------------------------------------------------------

    def _event(self, event: Event, after: Event | None) -> None:
        if isinstance(event, Announced):
            if event.seat is not None:
                self.last_seat = event.seat
            if event.text and event.what not in self.layout.log.quiet:
                self.say(event.said)
        elif isinstance(event, TrickWon):
            self.last_seat = event.seat
            if self.layout.log.won:
                self.say(say(self.layout.log.won, who=_ref(event.seat), cards=cards_text(event.cards)))
        elif isinstance(event, ScoreChanged) and event.delta:
            self.say(_scored(event), "score")
        elif isinstance(event, PlayerOut):
            told = isinstance(after, Announced) and after.what == "out" and after.seat == event.seat
            if not told:
                if event.reason:
                    self.say(say("{seat} is out: {reason}", seat=Seat(event.seat), reason=event.reason))
                else:
                    self.say(say("{seat} is out", seat=Seat(event.seat)))
        elif isinstance(event, Recap):
            for note in event.notes:
                self.say(note, once=True)  # "Bo is out: ..." was just told as it happened
        elif isinstance(event, RoundEnded):
            self.say(round_over(self.layout.word("round"), event.round), "mark")
        elif isinstance(event, GameOver):
            won = winners_text([self.names[s] for s in event.winners])
            self.say(_("Game over: {winners}").format(winners=won), "mark")


def _scored(event: ScoreChanged) -> str:
    """ "Bo scores +3 (set): 12 in all", said whole so that the person looking reads "You score"."""
    seat, delta, total = Seat(event.seat), f"{event.delta:+g}", f"{event.total:g}"
    if event.reason:
        # Translators: {delta} is the points scored ("+3"), {reason} what for ("set"), {total} the score now.
        return say(
            "{seat} scores {delta} ({reason}): {total} in all",
            seat=seat,
            delta=delta,
            reason=event.reason,
            total=total,
        )
    return say("{seat} scores {delta}: {total} in all", seat=seat, delta=delta, total=total)


def _says_more(text: str, before: LogLine) -> bool:
    """Does ``text`` repeat the line ``before`` and go on ("Bo flips Ugh! -2", then "Bo flips Ugh! -2:
    2 cards are discarded ...")? The same line again is a new line: the same thing happened twice."""
    if before.kind != "event" or len(text) <= len(before.text) or not text.startswith(before.text):
        return False
    return not text[len(before.text)].isalnum()


def _ref(seat: int | None) -> Seat | str:
    """A seat for a layout's phrase, so the log says "you" to its viewer (no seat: the table)."""
    return Seat(seat) if seat is not None else N_("the table")


def log_lines(
    events: Iterable[Event], layout: Layout, names: Sequence[str], viewer: int | None
) -> list[LogLine]:
    """The whole log of ``events`` (already redacted for ``viewer``)."""
    writer = LogWriter(layout, names, viewer)
    writer.feed(events)
    return writer.finish()
