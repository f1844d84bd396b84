"""A privacy witness: what the app actually drew, frame by frame, against what each seat may see.

It listens where every card face and every line of text is drawn (the card
art's faces, the painter's cards with the zone each lies in, and the text
cache, during each scene's draw) and after every frame compares them with
the game. A face, or a card named in text, is allowed if it is known to the
public (``view(None)`` at some frame, its facts, or an event as a spectator
gets it, by its cards or by a card its words name), or to the seat confirmed
on the latest privacy screen while that seat's sitting lasts.

Knowledge lasts a deal. A game that plays every card each round has made
every card public by the second deal, and a new hand dealt face up to the
wrong person would pass unseen if the first deal's knowledge still counted.
So at a new deal (a round or hand ended) only what the old deal's last
moves told (its last trick, its summary) stays known as it was; a card
known only from an earlier deal may still be drawn where it lay then (the
table under a summary shows the old deal), never in the zone where the game
now holds it hidden. Likewise words drawn once when they named only public
cards may be drawn again (a toast from the last deal still fading). The game
log is a history: its words are held against everything known in any deal.

Who sits at the screen is worked out here from what happened, never asked of
the table: a seat sits from the frame its privacy screen is confirmed (the
screen, naming it, leaves the stack and the table is on top) until the
decision is no longer theirs, a deal, round, hand or game ends, another
scene (pause, rules, settings, the log) was on top and the table is back, or
another table (Continue, Play again) is sat at. With one human, that human
always sits. A leak raises :class:`PrivacyLeak` at the frame it was drawn.
"""

from __future__ import annotations

import re
from dataclasses import fields

from cardtable.app.scenes.privacy import PrivacyScene
from cardtable.app.scenes.table import TableScene
from cardtable.engine import Card, Event, GameOver, Recap, RoundEnded, ZoneRef

SCENES_NOT_OF_THE_GAME = ("TitleScene", "SettingsScene", "NewGameScene", "StatisticsScene")
"""Scenes whose faces are decoration or previews (the title's fan, the deck's look), not a game's cards."""
TEXT_OF_THE_GAME = ("TableScene", "PrivacyScene", "LogScene", "ResultsScene", "ConfirmScene")
HISTORY = "LogScene"
"""The scene that tells every deal of the game: held against all that was ever known."""
"""Scenes whose text tells the game (rules and option texts name cards as examples)."""


def _found(value, kind: type) -> list:
    """Every ``kind`` (a card, a piece of text) that an event or a view's facts hold, however deep."""
    if isinstance(value, kind):
        return [value]
    if isinstance(value, str):
        return []
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, Event):
        value = [getattr(value, f.name) for f in fields(value)]
    if isinstance(value, tuple | list):
        return [x for v in value for x in _found(v, kind)]
    return []


def _ends_a_sitting(event: Event) -> bool:
    # Written here again, not imported: the witness must not share the table's idea of it.
    return isinstance(event, RoundEnded | GameOver) or (isinstance(event, Recap) and event.pause)


class PrivacyLeak(AssertionError):
    pass


Seat = int | None  # None: the public (a spectator)


class Knowledge:
    """What the public and each seat may know: in this deal, as the last deal ended, and ever."""

    def __init__(self, players: int) -> None:
        seats: list[Seat] = [None, *range(players)]
        self.now: dict[Seat, set[Card]] = {s: set() for s in seats}
        self.ending: dict[Seat, set[Card]] = {s: set() for s in seats}
        self.ever: dict[Seat, set[Card]] = {s: set() for s in seats}

    def new_deal(self, told: dict[Seat, set[Card]]) -> None:
        """A deal ended; ``told``: what its last moves showed each seat."""
        self.ending = told
        self.now = {s: set() for s in self.now}

    def add(self, seat: Seat, cards) -> None:
        self.now[seat].update(cards)
        self.ever[seat].update(cards)

    def of(self, sitting: Seat) -> tuple[set[Card], set[Card]]:
        """(known in this deal, known in any deal) to the public and the seat at the screen."""
        seats = [None] if sitting is None else [None, sitting]
        deal = set().union(*(self.now[s] | self.ending[s] for s in seats))
        return deal, set().union(*(self.ever[s] for s in seats))


class Witness:
    def __init__(self, app) -> None:
        self.app = app
        self.table: TableScene | None = None
        self.knowledge = Knowledge(0)
        self.logged = 0
        self.sitting: int | None = None  # the seat at the screen, as the witness saw it confirmed
        self.mark = 0  # the log's length when they sat down
        self.away = False  # another scene was on top during the sitting
        self.faces: list[tuple[str, Card, ZoneRef | None]] = []  # (scene, card, zone) drawn this frame
        self.texts: list[tuple[str, str]] = []
        self.public_texts: set[str] = set()
        self.current = ""
        self.zone: ZoneRef | None = None  # the zone of the card the painter is drawing
        self.last_top = None
        self.frames = 0  # frames checked with a game's table on the stack
        self.faces_checked = 0
        self.names_checked = 0
        self.earlier_deals = 0  # faces let through as pictures of an earlier deal
        self.sat = 0  # frames drawn for a seated human
        self.confirmed: list[int] = []
        self._install()

    # -- listening -------------------------------------------------------------------

    def _install(self) -> None:
        app = self.app
        face, render, draw, tick = app.cards.face, app.text.render, app.draw, app.tick

        def face_spy(card, width):
            self.faces.append((self.current, card, self.zone))
            return face(card, width)

        def render_spy(text, *args, **kwargs):
            self.texts.append((self.current, text))
            return render(text, *args, **kwargs)

        def draw_spy():
            visible = app.stack.visible()
            for scene in visible:
                original = scene.draw

                def spied(surface, scene=scene, original=original):
                    self.current = type(scene).__name__
                    try:
                        original(surface)
                    finally:
                        self.current = ""

                scene.draw = spied
            try:
                draw()
            finally:
                for scene in visible:
                    del scene.draw

        def tick_spy(events, dt):
            self.faces, self.texts = [], []
            tick(events, dt)
            self.check()

        app.cards.face = face_spy
        app.text.render = render_spy
        app.draw = draw_spy
        app.tick = tick_spy

    def _listen_to_painter(self, table: TableScene) -> None:
        """Each card the table's painter draws, with the zone it lies in."""
        painter = table.painter
        sprite = painter._sprite

        def sprite_spy(surface, stage, one, marks):
            self.zone = one.ref
            try:
                sprite(surface, stage, one, marks)
            finally:
                self.zone = None

        painter._sprite = sprite_spy

    # -- what each seat may know -------------------------------------------------------

    def _watch(self, table: TableScene) -> None:
        """A new table (a new game, Continue, Play again): nobody sits until a screen is confirmed."""
        self.table = table
        self.knowledge = Knowledge(table.session.match.game.view(None).players)
        self.fresh = True  # nothing learnt of this table yet
        self.logged = 0
        self.away = False
        humans = table.session.humans
        self.sitting = humans[0] if len(humans) == 1 else None
        self.public_texts: set[str] = set()  # words drawn so far that named only public cards
        self._catalog(table)
        self._listen_to_painter(table)

    def _catalog(self, table: TableScene) -> None:
        """Card names to look for in text: those with a digit or a suit (not "Ugh!" or "All Wild")."""
        names: dict[str, list[Card]] = {}
        for card in table.session.match.game.catalog:
            if re.search(r"[0-9\u2660\u2665\u2666\u2663]", card.name):
                names.setdefault(card.name, []).append(card)
        self.by_name = names
        alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        self.pattern = re.compile(rf"(?<![\w-])(?:{alternatives})(?!\w)")

    def _told(self, events: list[Event], seat: Seat) -> set[Card]:
        """The cards ``events`` show ``seat``: as cards, or named in their words."""
        out: set[Card] = set()
        for event in events:
            seen = event.for_seat(seat)
            out.update(_found(seen, Card))
            for text in _found(seen, str):
                for m in self.pattern.finditer(text):
                    out.update(self.by_name[m.group(0)])
        return out

    def _learn(self) -> None:
        game = self.table.session.match.game
        log = self.table.session.match.log
        batch = log[self.logged :]
        knowing = self.knowledge
        ends = [i for i, e in enumerate(batch) if isinstance(e, RoundEnded)]
        if ends:
            ended, batch = batch[: ends[-1] + 1], batch[ends[-1] + 1 :]
            told = {s: self._told(ended, s) for s in knowing.now}
            for seat, cards in told.items():
                knowing.add(seat, cards)
            knowing.new_deal(told)
        if batch or self.fresh:  # a view changes only with a move: its events are in the log
            self.fresh = False
            for seat in knowing.now:
                view = game.view(seat)
                knowing.add(seat, self._told(batch, seat))
                knowing.add(seat, view.known_cards())
                knowing.add(seat, _found(view.info, Card))
        if self.sitting is not None and len(self.table.session.humans) > 1:
            ended_sitting = any(_ends_a_sitting(e) for e in log[max(self.mark, self.logged) :])
            if ended_sitting or self.sitting not in game.to_act():
                self.sitting = None
        self.logged = len(log)

    def _where(self) -> dict[Card, tuple[str, int | None]]:
        """Where the game holds each card now."""
        return {
            cv.card: (zone.name, zone.owner)
            for zone in self.table.session.match.game.open_view().zones
            for cv in zone.cards
            if cv.card is not None
        }

    # -- each frame -------------------------------------------------------------------

    def check(self) -> None:
        stack = self.app.stack.scenes
        tables = [s for s in stack if isinstance(s, TableScene)]
        top = self.app.stack.top
        if tables and tables[-1] is not self.table:
            self._watch(tables[-1])
        if self.table is None:
            self.last_top = top
            return
        shared = len(self.table.session.humans) > 1
        if shared:
            if isinstance(self.last_top, PrivacyScene) and self.last_top not in stack and top is self.table:
                seat = self.table.session.names.index(self.last_top.name)
                self.sitting, self.mark, self.away = seat, self.logged, False
                self.confirmed.append(seat)
            elif self.sitting is not None and top is not self.table:
                self.away = True
            elif self.sitting is not None and self.away and top is self.table:
                self.sitting = None  # back from the pause menu, the rules, settings or the log
        self._learn()
        self.last_top = top
        if tables or any(type(s).__name__ == "ResultsScene" for s in stack):
            self.frames += 1
            if self.sitting is not None:
                self.sat += 1
        self._check_faces()
        self._check_texts()

    def _who(self) -> str:
        return "nobody" if self.sitting is None else self.table.session.names[self.sitting]

    def _check_faces(self) -> None:
        deal, ever = self.knowledge.of(self.sitting)
        where = None
        for scene, card, zone in self.faces:
            if scene in SCENES_NOT_OF_THE_GAME:
                continue
            self.faces_checked += 1
            if card in deal:
                continue
            if zone is not None and card in ever:
                where = where if where is not None else self._where()
                if where.get(card) != (zone.zone, zone.owner):
                    self.earlier_deals += 1  # where it lay in an earlier deal, not where it hides now
                    continue
            scene = scene or "a card face made outside any draw"
            place = f" in {zone.zone} of seat {zone.owner}" if zone is not None else ""
            raise PrivacyLeak(f"{scene} drew {card.name}{place} while {self._who()} sat at the screen")

    def _check_texts(self) -> None:
        deal, ever = self.knowledge.of(self.sitting)
        public, _ = self.knowledge.of(None)
        for scene, text in self.texts:
            if scene not in TEXT_OF_THE_GAME or text in self.public_texts:
                continue  # words anyone could read when first drawn (a toast from the last deal)
            allowed = ever if scene == HISTORY else deal
            names = [m.group(0) for m in self.pattern.finditer(text)]
            self.names_checked += len(names)
            if not all(any(c in allowed for c in self.by_name[n]) for n in names):
                raise PrivacyLeak(f"{scene} wrote {text!r} while {self._who()} sat at the screen")
            if all(any(c in public for c in self.by_name[n]) for n in names):
                self.public_texts.add(text)
