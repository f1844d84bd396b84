"""The resolver: what a person's gesture at the table means. Pure: no pygame, no game rules.

The input layer turns mouse and keys into intents (:class:`Tap`,
:class:`Drop`, :class:`Confirm`, :class:`Press`); :func:`resolve` turns an
intent, the viewer's view, the layout's action specs and what is picked so
far into an outcome: actions to perform (:class:`Do`), a short menu
(:class:`Menu`), a probe whose refusal the engine explains (:class:`Explain`),
a message of the table's own (:class:`Say`), or a new pick. It asks
:func:`cardtable.engine.match` which legal actions a gesture can mean, and
the layout only what a kind of action does at the table (picked card by card,
a default for a plain drop, where its cards are dropped).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.engine import Action, Card, Slot, View, ZoneRef, could_extend, match
from cardtable.engine.words import Said, say
from cardtable.i18n import _

from ..layout.schema import ActionSpec, Layout


@dataclass(frozen=True)
class Place:
    """Where the pointer is: a card (if its face is known), its slot, and the zone it lies in."""

    zone: ZoneRef | None = None
    card: Card | None = None
    slot: Slot | None = None

    def candidates(self) -> list[Card | Slot | ZoneRef]:
        """What a drop here may aim at, the most specific first."""
        return [x for x in (self.card, self.slot, self.zone) if x is not None]


@dataclass(frozen=True)
class Tap:
    """A click (or Enter) on a card, or on a zone where there is no card."""

    place: Place


@dataclass(frozen=True)
class Drop:
    """Cards dragged and let go over ``place`` (None: over nothing)."""

    cards: tuple[Card, ...]
    place: Place | None


@dataclass(frozen=True)
class Confirm:
    """The Confirm button or Enter: make the choice the picked cards spell."""


@dataclass(frozen=True)
class Press:
    """A button for an action that moves no card (or a layout's ``button: true``)."""

    action: Action


Intent = Tap | Drop | Confirm | Press


@dataclass(frozen=True)
class Pick:
    """What the person has picked so far: cards toward a choice, and the card in focus."""

    cards: tuple[Card, ...] = ()
    focus: Card | None = None

    def toggled(self, card: Card) -> Pick:
        if card in self.cards:
            return Pick(tuple(c for c in self.cards if c != card), self.focus)
        return Pick((*self.cards, card), self.focus)


@dataclass(frozen=True)
class Do:
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Menu:
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Explain:
    """No legal action fits: the engine's reason for this probe tells the person why.

    ``others`` are probes of other kinds the gesture may have meant (a card in hand clicked):
    the table says the first reason that is about more than the card being of another kind.
    """

    probe: Action
    others: tuple[Action, ...] = ()


@dataclass(frozen=True)
class Say:
    text: str


Outcome = Do | Menu | Explain | Say | None


@dataclass(frozen=True)
class Result:
    outcome: Outcome = None
    pick: Pick = field(default_factory=Pick)


class Resolver:
    """Intents against one view of one seat (the viewer, whose decision it is).

    ``mode`` is the layout mode the person has turned on (U-G-O's "Change
    positions"): its kinds are offered only then, and then only they and the
    actions that move no card; the rest of the time they are held back.
    """

    def __init__(self, view: View, layout: Layout, mode: str = "") -> None:
        self.view = view
        self.layout = layout
        modes = {layout.action(a.kind).mode for a in view.legal} - {""}
        self.modes: tuple[str, ...] = tuple(sorted(modes))
        self.mode = mode if mode in modes else ""
        if self.mode:
            self.legal: tuple[Action, ...] = tuple(
                a for a in view.legal if layout.action(a.kind).mode == self.mode or not a.moved
            )
        else:
            self.legal = tuple(a for a in view.legal if not layout.action(a.kind).mode)
        self.held = tuple(a for a in view.legal if a not in self.legal)

    # -- what the view offers ----------------------------------------------------------

    def spec(self, kind: str) -> ActionSpec:
        return self.layout.action(kind)

    def mode_key(self, mode: str) -> str:
        """The key that turns ``mode`` on and off (the key of its kinds in the layout)."""
        return next((spec.key for spec in self.layout.actions.values() if spec.mode == mode and spec.key), "")

    def pickable(self) -> set[Card]:
        """Cards that take part in some legal action."""
        return {c for a in self.legal for c in a.moved}

    def select_kind(self) -> str:
        """``count`` or ``combo`` if the legal choice now is made by picking cards, else ""."""
        modes = {self.spec(a.kind).select for a in self.legal if a.moved}
        if "count" in modes and self.view.select > 0:
            return "count"
        return "combo" if "combo" in modes else ""

    def selecting(self, card: Card) -> bool:
        """Is a click on ``card`` a pick toward a choice made of several cards?"""
        return any(card in a.moved and self.spec(a.kind).select for a in self.legal)

    def buttons(self) -> list[Action]:
        """Actions offered as buttons: those that move no card, and kinds the layout says."""
        return [a for a in self.legal if not a.moved or self.spec(a.kind).button]

    def targets(self, cards: Sequence[Card]) -> list[Card | Slot | ZoneRef]:
        """Where ``cards`` may go now (for lighting up drop places)."""
        out: list[Card | Slot | ZoneRef] = []
        for a in match(self.legal, cards):
            if a.target is not None and a.target not in out:
                out.append(a.target)
        if self.select_kind() == "count" and any(self.selecting(c) for c in cards):
            out.extend(z for z in self._select_zones() if z not in out)
        return out

    def _select_zones(self) -> list[ZoneRef]:
        seat = self.view.seat
        kinds = {a.kind for a in self.legal if self.spec(a.kind).select == "count"}
        return [ZoneRef(name, seat) for k in sorted(kinds) for name in self.spec(k).drop]

    def combo_actions(self, pick: Pick) -> list[Action]:
        """The legal choices of the picking kinds that the picked cards spell exactly."""
        return [a for a in match(self.legal, pick.cards) if self.spec(a.kind).select == "combo"]

    def confirm_state(self, pick: Pick) -> tuple[bool, str]:
        """(enabled, label) of the Confirm button, or (False, "") when there is none."""
        mode = self.select_kind()
        if mode == "count":
            need = self.view.select
            # Translators: the Confirm button while cards are picked: 2 of the 3 to pick so far.
            return len(pick.cards) == need, _("Confirm ({count}/{need})").format(
                count=len(pick.cards), need=need
            )
        if mode == "combo":
            chosen = _chosen(pick)
            found = self.combo_actions(Pick(chosen)) if chosen else []
            if len(found) == 1:
                return True, found[0].label or _("Confirm")
            return False, _("Pick cards") if not chosen else _("No play with these cards")
        return False, ""

    def extendable(self, pick: Pick) -> set[Card]:
        """Cards that could still join the pick on the way to a legal choice."""
        return could_extend(self.legal, pick.cards)

    # -- intents -----------------------------------------------------------------------

    def resolve(self, intent: Intent, pick: Pick) -> Result:
        if isinstance(intent, Press):
            return Result(Do((intent.action,)), Pick())
        if isinstance(intent, Confirm):
            return self._confirm(pick)
        if isinstance(intent, Drop):
            return self._drop(intent, pick)
        return self._tap(intent.place, pick)

    def _confirm(self, pick: Pick) -> Result:
        mode = self.select_kind()
        if mode == "count":
            if len(pick.cards) != self.view.select:
                return Result(Say(_("Choose {n} cards, then confirm").format(n=self.view.select)), pick)
            chosen = []
            for card in pick.cards:
                found = [a for a in match(self.legal, [card]) if self.spec(a.kind).select == "count"]
                if not found:
                    return Result(Explain(self._probe("", (card,), None)), pick)
                chosen.append(found[0])
            return Result(Do(tuple(chosen)), Pick())
        if mode == "combo":
            chosen = _chosen(pick)
            found = self.combo_actions(Pick(chosen)) if chosen else []
            if len(found) == 1:
                return Result(Do((found[0],)), Pick())
            if not chosen:
                return Result(Say(_("Pick the cards to play first")), pick)
            return Result(Explain(self._probe("", pick.cards, None)), pick)
        if pick.focus is not None:
            return self._choose(match(self.legal, [pick.focus]), pick, None)
        return Result(None, pick)

    def _tap(self, place: Place, pick: Pick) -> Result:
        card = place.card
        legal_cards = self.pickable()
        if card is not None and card in legal_cards and self.selecting(card):
            mode = self.select_kind()
            if mode == "count" and card not in pick.cards and len(pick.cards) >= self.view.select:
                chosen_all = _("You have already chosen {n}; click one to put it back")
                return Result(Say(chosen_all.format(n=self.view.select)), pick)
            if mode == "combo" and pick.cards == (card,) and len(self.combo_actions(pick)) == 1:
                return Result(Do(tuple(self.combo_actions(pick))), Pick())  # a second click plays it
            return Result(None, Pick(pick.toggled(card).cards, card))
        chosen = _chosen(pick)
        home = self._in_home(place)
        if chosen and not home and card not in chosen and (card is None or card not in legal_cards):
            # A card or place that is not itself a choice: aim what is picked at it.
            return self._drop(Drop(tuple(chosen), place), pick)
        if card is not None and card in legal_cards:
            actions = match(self.legal, [card])
            if pick.focus == card or self._one_click(actions):
                return self._choose(actions, Pick(), None)
            return Result(None, Pick((), card))
        if card is None and place.zone is not None:
            found = match(self.legal, (), place.zone)
            if found:
                return self._choose(found, Pick(), place.zone)
            return Result(None, Pick())
        if card is not None and self._held_back((card,)):
            return Result(self._held_back((card,)), Pick())
        if card is not None and home and self.legal:
            return Result(self._explain_card((card,)), Pick())
        return Result(self._held_back(() if card is None else (card,)), Pick())

    def _held_back(self, cards: Sequence[Card], place: Place | None = None) -> Say | None:
        """What to press first when ``cards`` have plays (aimed at ``place``) only outside (or
        inside) the mode."""
        held = [a for a in self.held if any(c in a.moved for c in cards)]
        if place is not None:
            held = [a for a in held if any(match([a], cards, c) for c in place.candidates())]
        if not held or any(c in self.pickable() for c in cards):
            return None
        if self.mode:
            # Translators: {mode} is the button that turned a mode on ("change positions"); Done ends it.
            return Say(_("Press Done to finish first ({mode})").format(mode=_(self.mode).lower()))
        button = self.layout.action(held[0].kind).mode
        # Translators: {button} is a button's label ("Change positions"); {action} a move ("play 7♠").
        return Say(say("Press {button} first to {action}", button=button, action=_lowered(held[0].label)))

    def _one_click(self, actions: list[Action]) -> bool:
        if len(actions) != 1:
            return False
        spec = self.spec(actions[0].kind)
        if spec.confirm and actions[0].preview:
            return False  # worth a look first: the first click shows what it does
        return spec.click == "do"

    def describe(self, card: Card | None) -> str:
        """What playing ``card`` would do, when it does exactly one thing (the status line says it)."""
        if card is None:
            return ""
        actions = match(self.legal, [card])
        return actions[0].label if len(actions) == 1 else ""

    def _drop(self, drop: Drop, pick: Pick) -> Result:
        """Cards let go: on the felt, back among cards being chosen, onto a place that takes them,
        or onto one that does not (then why not, or what to press first)."""
        cards, place = drop.cards, drop.place
        if place is None:
            return self._on_the_felt(cards, pick)
        if self.select_kind() == "count" and all(self.selecting(c) for c in cards):
            return self._among_the_chosen(cards, place, pick)
        for candidate in place.candidates():
            found = match(self.legal, cards, candidate)
            if found:
                return self._choose(found, Pick(), candidate)
        return self._refused_drop(cards, place, Pick(pick.cards, pick.focus))

    def _on_the_felt(self, cards: Sequence[Card], pick: Pick) -> Result:
        """Dropped on the bare felt: where the cards may go, or why they may go nowhere."""
        if any(c in self.pickable() for c in cards):
            return Result(Say(_("Drop the cards on a highlighted place")), pick)
        if cards and all(self.in_hand(c) for c in cards) and self.legal:
            return Result(self._explain_card(cards), pick)
        return Result(None, pick)

    def _among_the_chosen(self, cards: Sequence[Card], place: Place, pick: Pick) -> Result:
        """Cards chosen one action each: a drop on their place picks them, a drop elsewhere puts back."""
        cards_now = [c for c in pick.cards if c not in cards]
        if place.zone in self._select_zones():
            room = self.view.select - len(cards_now)
            cards_now.extend(cards[:room])
        return Result(None, Pick(tuple(cards_now), pick.focus))

    def _refused_drop(self, cards: Sequence[Card], place: Place, keep: Pick) -> Result:
        """No action takes ``cards`` to ``place``: what to press first, which of the cards there they
        go on, or what the engine says is wrong with the gesture."""
        said = self._held_back(cards, place)
        if said:
            return Result(said, keep)
        aimed = self._at_cards_in(place.zone, cards)
        if aimed:  # dropped beside the cards it must go on (a 6 or 7 and its tribute): asked which
            default = dict(self.spec(aimed[0].kind).default).get("value")
            plain = [a for a in aimed if default is not None and str(a.value) == default]
            return Result(Menu(tuple(plain or aimed)), keep)
        probe = self._probe_drop(cards, place)
        if probe is not None:
            return Result(Explain(probe), keep)
        if any(c in self.pickable() for c in cards):
            return Result(Say(_("Drop the cards on a highlighted place")), keep)
        return Result(None, keep)

    def _probe_drop(self, cards: Sequence[Card], place: Place) -> Action | None:
        """The action the drop looks like, for the engine to refuse with its reason (None: it looks
        like none the layout knows)."""
        if place.zone is None:
            return None
        kinds = [k for k, spec in self.layout.actions.items() if place.zone.zone in spec.drop]
        source = self._zone_of(cards[0]) if cards else None
        natural = [k for k in kinds if source in (self.spec(k).source or (self.layout.home,))]
        if natural:
            # A card dragged from the table aims at what it is dropped on (an attack's target).
            aimed = place.card or place.slot or place.zone
            return self._probe(natural[0], cards, aimed if self.spec(natural[0]).source else place.zone)
        if kinds and any(c in self.pickable() or self.in_hand(c) for c in cards):
            return self._probe(kinds[0], cards, place.zone)
        return None

    def _at_cards_in(self, zone: ZoneRef | None, cards: Sequence[Card]) -> list[Action]:
        """Legal actions for ``cards`` aimed at a card lying in ``zone``."""
        if zone is None:
            return []
        try:
            there = set(self.view.zone(zone.zone, zone.owner).known_cards)
        except KeyError:
            return []
        return [a for a in match(self.legal, cards) if isinstance(a.target, Card) and a.target in there]

    def _choose(self, actions: list[Action], pick: Pick, dropped_on: object) -> Result:
        """One action: do it. Several: the layout's default for a plain drop, or a menu (a card
        clicked twice, or Enter, asks: so every choice, a U-G-O card's position too, is reachable)."""
        if len(actions) == 1:
            return Result(Do((actions[0],)), pick)
        if not actions:
            return Result(None, pick)
        for kind in dict.fromkeys(a.kind for a in actions) if dropped_on is not None else ():
            default = dict(self.spec(kind).default)
            if default:
                fits = [a for a in actions if a.kind == kind and str(a.value) == default.get("value")]
                if len(fits) == 1:
                    return Result(Do((fits[0],)), pick)
        return Result(Menu(tuple(actions)), pick)

    # -- explaining ----------------------------------------------------------------------

    def in_hand(self, card: Card) -> bool:
        """Is ``card`` in the viewer's home zone (their hand)?"""
        home = self.layout.home
        if home is None or self.view.seat is None:
            return False
        try:
            return card in self.view.zone(home, self.view.seat).known_cards
        except KeyError:
            return False

    def _explain_card(self, cards: Sequence[Card]) -> Explain:
        """Probes of each kind a card from the hand is played as, for the engine to say why not."""
        kinds = [k for k, spec in self.layout.actions.items() if spec.drop and not spec.source]
        probes = [self._probe(k, cards, None) for k in kinds]
        first = self._probe("", cards, None)
        return Explain(first, tuple(p for p in probes if p != first))

    def _zone_of(self, card: Card) -> str | None:
        """Which of the viewer's own zones ``card`` lies in (None: none of them)."""
        seat = self.view.seat
        for name in self.layout.zones:
            try:
                if card in self.view.zone(name, seat).known_cards:
                    return name
            except KeyError:
                continue
        return None

    def _in_home(self, place: Place) -> bool:
        home = self.layout.home
        return place.zone is not None and place.zone.zone == home and place.zone.owner == self.view.seat

    def _probe(self, kind: str, cards: Sequence[Card], target: Card | Slot | ZoneRef | None) -> Action:
        """An action shaped like the person's gesture, for the engine to say why it is not allowed."""
        if not kind:
            kinds = [a.kind for a in self.legal if a.moved]
            # No choice moves a card (a trump to name): a card gesture is a play, which the engine
            # refuses by what must come first ("trump must be named first").
            kinds += [k for k, spec in self.layout.actions.items() if spec.drop and not spec.source]
            kind = kinds[0] if kinds else (self.legal[0].kind if self.legal else "play")
        if target is None:
            like = next((a for a in self.legal if a.kind == kind and a.target is not None), None)
            target = like.target if like is not None and isinstance(like.target, ZoneRef) else None
        ordered = tuple(sorted(cards))
        top = max(ordered) if ordered else None
        value = dict(self.spec(kind).default).get("value")  # what a plain drop would choose
        if len(ordered) > 1:
            return Action(kind, top, value=value, target=target, cards=ordered)
        return Action(kind, top, value=value, target=target)


def _chosen(pick: Pick) -> tuple[Card, ...]:
    """The cards a pick stands for: those picked, or else the one a click is holding."""
    if pick.cards:
        return pick.cards
    return (pick.focus,) if pick.focus is not None else ()


def _lowered(words: str) -> Said:
    """A move's words inside a sentence, with a small first letter ("... first to play 7♠"); in
    another language they are translated whole, as the move's own words."""
    text = words[:1].lower() + words[1:]
    if isinstance(words, Said) and words.template is not None:
        return Said(text, words.template, words.plural, words.params)
    return Said(text, str(words))
