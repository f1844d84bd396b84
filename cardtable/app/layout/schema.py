"""What a table layout says, as plain frozen values (read by ``parse``, used by the table).

Nothing here knows a game: every game-specific choice of the table (which
zone is the viewer's home, how it sorts, what a plate says, how long an
event takes, what each kind of action does on a drop, a click or a key) is a
value in one of these, read from ``config/layouts/<game>.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

DESIGN_W, DESIGN_H = 1280, 720
"""The design space layouts are written in; it scales with the window."""

STYLES = ("fan", "row", "stack", "pile")
SORTS = ("none", "suit", "rank", "color")
FACES = ("auto", "down", "up", "known")
SELECTS = ("", "count", "combo")
CLICKS = ("focus", "do")


@dataclass(frozen=True)
class ZoneStyle:
    """How a zone's cards are drawn."""

    style: str = "row"
    scale: float = 1.0
    gap: float = 0.3  # distance between neighbouring cards, in card widths
    max_span: float = 900.0  # the longest a fan or row may get, in design units
    face: str = "auto"  # auto: as the view says; down: always the back; known: see below
    # known: as auto, but a face-down card the viewer knows (their own) shows its face under a band
    # of its back, so its owner reads it and still sees it lies face down (U-G-O's defense cards)
    rotate: bool = True  # turn cards to face their seat
    count: bool = False  # show how many cards the zone holds
    title: str = ""
    sort: str = "none"  # how the cards are ordered on screen
    hidden: bool = False  # not drawn at all (the cards still animate through it)
    outline: bool = False  # show the place (and its title) even while it is empty
    stat: str = ""  # a view fact mapping each card to its values, shown in a pill under it (U-G-O's A/D)
    joins: str = ""  # another zone of the same seat whose row these cards stay in, raised (a set being
    # picked from a Pool: a card picked does not move, and neither do the others)


@dataclass(frozen=True)
class Place:
    """Where a zone lies: ``at`` a design point, from a seat's edge, or from the centre toward a seat."""

    kind: str  # "at", "seat" or "center"
    point: tuple[float, float]


@dataclass(frozen=True)
class ZoneSpec:
    """A zone of the game: its place and style, and how they change for the viewer or a crowded table."""

    name: str
    place: Place
    style: ZoneStyle
    viewer_place: Place | None = None
    viewer_style: ZoneStyle | None = None
    compact_place: Place | None = None
    compact_style: ZoneStyle | None = None
    expand_style: ZoneStyle | None = None  # another seat's zone while the pointer rests on it (read it)
    home: bool = False  # the viewer's hand: keys move over it, picking starts there

    @property
    def shared(self) -> bool:
        return self.place.kind == "at"

    def resolved(self, viewer: bool, compact: bool, expanded: bool = False) -> tuple[Place, ZoneStyle]:
        """The place and style for the viewer's own zone or another seat's (crowded, expanded or not)."""
        place, style = self.place, self.style
        if compact and not viewer:
            place = self.compact_place or place
            style = self.compact_style or style
        if expanded and not viewer and self.expand_style is not None:
            style = self.expand_style
        if viewer:
            place = self.viewer_place or place
            style = self.viewer_style or style
        return place, style


@dataclass(frozen=True)
class Ring:
    """Seats around the table: the viewer at the bottom, the others spread around the rest."""

    bottom_gap: float = 50.0  # degrees on each side of the viewer kept free of other seats
    compact_from: int = 6  # from this many players, other seats use their zones' compact values
    out: str = ""  # a view fact listing the seats out of the game: their places grey out


@dataclass(frozen=True)
class PlateLine:
    """A line on a name plate: text with ``{placeholders}``, shown always or only when a fact says."""

    text: str
    when: str = ""  # shown only if info[when] is this seat
    when_in: str = ""  # shown only if this seat is in info[when_in]
    unless_zero: str = ""  # hidden while this placeholder's value is 0
    joins: bool = False  # said at the end of the line before it ("42 cards in deck, 1 Queen out")


@dataclass(frozen=True)
class Plate:
    place: tuple[float, float]  # (across, in) from each seat's edge to the plate's near side
    viewer_place: tuple[float, float]
    compact_place: tuple[float, float] | None
    lines: tuple[PlateLine, ...]
    top_place: tuple[float, float] | None = None  # for seats at the top edge, where plates are wide
    drop: str = ""  # a zone: a card dropped on a seat's plate goes to that seat's zone (U-G-O: its table)
    life: str = ""  # a per-seat count that is a player's life (U-G-O: deck sizes): a drop shows by the plate


@dataclass(frozen=True)
class Badge:
    key: str
    title: str
    at: tuple[float, float]
    values: dict[str, str] = field(default_factory=dict)
    of: str | None = None
    arrow: bool = False  # the value is a direction of play (1 or -1): a round arrow, flipped when it turns


@dataclass(frozen=True)
class Panel:
    """A panel a button or a key opens, showing a fact (the last trick)."""

    key: str  # the fact: a key of the view's info; the button shows while it is set
    title: str  # the panel's heading (the key where the layout names none)
    button: str  # the words on the button (the title where the layout names none)
    hotkey: str = ""  # a key (one character, lower case) that opens it too; none when empty


@dataclass(frozen=True)
class Timing:
    """How long an event takes: a hold before, a glide, a gap after (seconds at normal speed), and the
    sound played as its glide starts (a file of ``assets/sounds/``; none when empty)."""

    event: str  # moved, gathered, turned, rotated, attached, announced, score, round_ended, ...
    src: tuple[str, ...] = ()
    dst: tuple[str, ...] = ()
    what: tuple[str, ...] = ()
    hold: float = 0.0
    glide: float = 0.0
    gap: float = 0.0
    sound: str = ""
    wait: str = ""  # "trick": the trick's outcome is shown during the hold (held for a click if asked)

    def matches(self, event: str, src: str | None, dst: str | None, what: str | None) -> bool:
        return (
            self.event == event
            and (not self.src or src in self.src)
            and (not self.dst or dst in self.dst)
            and (not self.what or what in self.what)
        )


DEFAULT_TIMINGS: tuple[Timing, ...] = (
    Timing("moved", glide=0.35, gap=0.05),
    Timing("gathered", hold=0.9, glide=0.45, gap=0.45),
    Timing("turned", glide=0.3, gap=0.25),
    Timing("rotated", glide=0.25, gap=0.15),
    Timing("attached", glide=0.3, gap=0.15),
    Timing("announced", gap=0.05),
    Timing("round_ended", gap=1.2),
    Timing("game_over", gap=0.8),
)
"""What an event takes when the layout does not say (its own rules come first)."""


@dataclass(frozen=True)
class ActionSpec:
    """What a kind of action does at the table."""

    drop: tuple[str, ...] = ()  # zones a card is dropped on for it (to explain a refused drop)
    select: str = ""  # count: pick cards one action each; combo: pick the cards of one action
    button: bool = False  # also offered as a button though it moves a card
    key: str = ""  # a key that presses its button (a letter or a digit)
    default: tuple[tuple[str, str], ...] = ()  # field values a plain drop chooses among several
    click: str = "focus"  # a click on its card: focus (a second click plays) or do (one click plays)
    confirm: bool = False  # with click: do, an action marked preview waits for a second click (label shown)
    auto: bool = False  # made for a lone human when it is their only choice (U-G-O: no 10 to play)
    mode: str = ""  # offered only in a mode its button (this label) turns on: U-G-O's position changes
    source: tuple[
        str, ...
    ] = ()  # zones its cards are dragged from (to explain a refused drop; default: hand)


@dataclass(frozen=True)
class Spotlight:
    """Announcements whose card is shown large for a moment, with what it does (a flipped Ugh! card)."""

    what: tuple[str, ...]
    at: tuple[float, float]
    scale: float = 1.6  # of the layout's card width
    seconds: float = 1.8  # at normal speed


@dataclass(frozen=True)
class LogSpec:
    """How the game log tells the moves no announcement tells: a phrase per (from zone, to zone),
    with ``{who}`` (who moved them), ``{from}``, ``{to}`` (the zones' owners) and ``{cards}``;
    ``won``: a won trick (``{who}``, ``{cards}``); ``quiet``: announcements left out; ``trick``: the
    announcements that tell how a trick ended, said over it before it is gathered."""

    moves: dict[tuple[str, str], str] = field(default_factory=dict)
    won: str = ""
    quiet: tuple[str, ...] = ()
    trick: tuple[str, ...] = ()


LOG_FIELDS = ("who", "from", "to", "cards")


@dataclass(frozen=True)
class Layout:
    """A game's table: zones, seats, plates, badges, panels, timings, actions and words."""

    game: str
    card_width: float
    ring: Ring
    zones: dict[str, ZoneSpec]
    plate: Plate
    badges: tuple[Badge, ...] = ()
    panels: tuple[Panel, ...] = ()
    timings: tuple[Timing, ...] = DEFAULT_TIMINGS
    actions: dict[str, ActionSpec] = field(default_factory=dict)
    hud: dict[str, tuple[float, float]] = field(default_factory=dict)
    words: dict[str, str] = field(default_factory=dict)
    hook: str = ""
    spotlight: Spotlight | None = None
    log: LogSpec = field(default_factory=LogSpec)
    handover: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """What a player does next in each phase, for the privacy screen ("{who} names trump"): the
    first phrase whose facts are all known."""
    arrows: tuple[str, ...] = ()
    """Announcements aimed at a player (its value names the target seat first): an arrow is drawn
    from the actor's plate to the target's for a moment."""
    received: str = ""
    """The fact listing the cards the viewer was passed, as (card, from seat) pairs: they are
    marked in the hand, with whom they came from, until the viewer's next move."""

    @property
    def home(self) -> str | None:
        """The zone that is the viewer's hand, if the game has one."""
        return next((name for name, spec in self.zones.items() if spec.home), None)

    def action(self, kind: str) -> ActionSpec:
        return self.actions.get(kind, ActionSpec())

    def timing(self, event: str, src: str | None = None, dst: str | None = None, what: str | None = None):
        """The first timing rule for an event (the layout's before the defaults)."""
        for rule in (*self.timings, *DEFAULT_TIMINGS):
            if rule.matches(event, src, dst, what):
                return rule
        return Timing(event)

    def word(self, key: str) -> str:
        """A word the table uses for this game ("round" or "hand"), with a neutral default."""
        return self.words.get(key, WORDS.get(key, key))

    def with_card_width(self, width: float) -> Layout:
        return replace(self, card_width=width)


WORDS = {"round": "round", "rounds": "rounds", "score": "score"}

HUD_DEFAULTS: dict[str, tuple[float, float]] = {
    "status": (640, 508),
    "buttons": (640, 458),
    "toasts": (640, 215),
    "panels": (1190, 100),
    "strip": (1262, 700),
    "strip_crowded": (1262, 700),
    "panels_crowded": (1190, 100),
}
"""Where the status line, the action buttons, announcements, panel buttons and the strip of what
just happened sit (design space; the strip hangs from its point toward the middle; strip_crowded
and panels_crowded: at a table of compact seats, where not set the same as strip and panels)."""
