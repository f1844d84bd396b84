"""The status line, worked out afresh every frame from what is true now.

Nothing on the line is remembered text that something must clear: it is a
function of the game as it stands (the viewer's view of it now, not the view
an animation is still catching up to), who sits at the screen, and what the
person at it is doing this moment (a card held, a hint asked). A refusal is
shown only while the moment it answered lasts. Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.engine import View, format_prompt
from cardtable.i18n import _, ngettext

from .words import winners_text


@dataclass(frozen=True)
class Refusal:
    """Why a gesture was refused, and the moment it answers (it goes when the moment does)."""

    text: str
    moment: tuple[int, bool]  # (events so far, whether the viewer could act)
    until: float


@dataclass(frozen=True)
class Doing:
    """What the person at the screen is doing now, as the table's parts report it."""

    can_act: bool = False  # their choices are on the table (the events before them have played)
    hint: str | None = None  # "" while a hint is being found, else the hinted move in words
    hint_ready: bool = False  # the hinted card is the one held: Enter plays it
    hint_why: str = ""  # why the hinted move is good, where the game's rule-based player can say
    held: str = ""  # what the card held or dragged would do, in the viewer's words
    held_by_click: bool = False  # held by a click (a second click plays it), not dragged
    mode: str = ""  # a layout mode switched on ("Change positions")
    select: str = ""  # how this decision picks cards: "count", "combo" or ""


@dataclass(frozen=True)
class Status:
    text: str
    tone: str = "plain"  # plain, turn (the viewer must act) or refusal


def status_line(
    view: View,
    names: Sequence[str],
    viewer: int | None,
    humans: Sequence[int],
    *,
    watching: bool = False,
    summary: bool = False,
    refusal: str | None = None,
    winners: Sequence[int] = (),
    results_by_click: bool = False,
    doing: Doing = Doing(),
) -> Status:
    """The line under the table for this frame.

    ``view``: the viewer's view of the game now; ``watching``: a demo seen from a computer's seat;
    ``summary``: a round's summary is up (it says what matters, so the line says nothing);
    ``refusal``: a refusal still about this moment; ``winners``: the game's, once it is over;
    ``results_by_click``: the game is over and a click goes on to the results."""
    if summary:
        return Status("")
    if refusal:
        return Status(refusal[:1].upper() + refusal[1:], "refusal")
    if view.over:
        return _game_over(names, viewer, winners, results_by_click)
    text = format_prompt(view.prompt, names, viewer) if view.prompt else ""
    if viewer is None:
        return Status(text or _waiting(view, names))
    if watching:
        who = names[viewer]
        if text:
            # Translators: a demo of computers seen from {name}'s seat; {prompt} is what they are asked.
            return Status(_("Watching {name}: {prompt}").format(name=who, prompt=text))
        return Status(_("Watching {name}").format(name=who))
    deciding = viewer in view.to_act and viewer in humans
    if not deciding:
        return Status(text or _waiting(view, names))
    told = _hint_or_held(doing)
    if told is not None:
        return told
    if doing.mode:
        # Translators: {mode} is a button's label ("Change positions"); Done is the button that ends it.
        return Status(_("{mode}: click your cards, then press Done").format(mode=_(doing.mode)), "turn")
    if doing.select == "count":
        # Translators: {prompt} is what the player is asked ("Choose 3 cards to pass").
        text = _("{prompt} - click or drag cards, then confirm").format(prompt=text)
    elif doing.select == "combo":
        text = _("{prompt} - pick cards, then confirm").format(prompt=text)
    return Status(text, "turn")


def _game_over(names: Sequence[str], viewer: int | None, winners: Sequence[int], by_click: bool) -> Status:
    if winners:
        you = list(winners) == [viewer]
        won = winners_text([_name(names, s, viewer) for s in winners], you)
        if by_click:
            return Status(_("Game over: {winners} - click to see the results").format(winners=won))
        return Status(_("Game over: {winners}").format(winners=won))
    return Status(_("Game over - click to see the results") if by_click else _("Game over"))


def _hint_or_held(doing: Doing) -> Status | None:
    """A hint asked for (being found, ready, with its reason), or what the card held would do."""
    if doing.hint == "":
        return Status(_("Finding a hint..."), "turn")
    if doing.hint:
        if doing.hint_ready:
            # Translators: {move} is the hinted move ("Play 7♠").
            return Status(_("Hint: {move} - press Enter").format(move=doing.hint), "turn")
        if doing.hint_why:
            # Translators: {move} is the hinted move ("Play 7♠"), {why} the reason for it.
            return Status(_("Hint: {move} - {why}").format(move=doing.hint, why=doing.hint_why), "turn")
        return Status(_("Hint: {move}").format(move=doing.hint), "turn")
    if doing.held:
        if doing.held_by_click:
            # Translators: {move} is what the card held would do ("Play 7♠").
            return Status(_("{move} - click again or press Enter").format(move=doing.held), "turn")
        return Status(doing.held, "turn")
    return None


def _name(names: Sequence[str], seat: int, viewer: int | None) -> str:
    return _("You") if seat == viewer else names[seat]


def _waiting(view: View, names: Sequence[str]) -> str:
    """Whom the table waits for, from who must act (a game whose prompt says nothing)."""
    acting = [names[s] for s in view.to_act]
    if not acting:
        return ""
    if len(acting) < 3:
        joined = (" " + _("and") + " ").join(acting)
        # Translators: {names} is one player, or two: "Ada and Bo".
        return _("Waiting for {names}").format(names=joined)
    n = len(acting)
    return ngettext("Waiting for {n} player", "Waiting for {n} players", n).format(n=n)
