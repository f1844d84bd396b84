"""The resolver, per game and without a window: every legal action is one gesture away, and
gestures that fit no action are explained, not guessed."""

import random

import pytest

from cardtable import games
from cardtable.app.layout import has_layout, load_layout
from cardtable.app.layout.schema import Layout, Plate, Ring
from cardtable.app.table.resolver import (
    Confirm,
    Do,
    Drop,
    Explain,
    Menu,
    Pick,
    Place,
    Press,
    Resolver,
    Say,
    Tap,
)
from cardtable.engine import Card, Slot, ZoneRef, find_action


def layout_for(game: str) -> Layout:
    """The game's table layout, or a bare one (no action specs) for games without a table yet."""
    if has_layout(game):
        return load_layout(game)
    return Layout(game, 86, Ring(), {}, Plate((0, 0), (0, 0), None, ()))


def place_of(target) -> Place:
    if isinstance(target, Card):
        return Place(None, target)
    if isinstance(target, Slot):
        return Place(ZoneRef(target.zone, target.owner), None, target)
    return Place(target)


def reach(resolver: Resolver, action) -> list:
    """The actions one natural gesture for ``action`` leads to (a menu counts all its items)."""
    cards = action.moved
    spec = resolver.spec(action.kind)
    if spec.mode != resolver.mode and cards:
        # A kind offered in a mode (U-G-O's position changes): its button first; or Done first.
        resolver = Resolver(resolver.view, resolver.layout, spec.mode)
    if not cards:
        if action in resolver.buttons():
            result = resolver.resolve(Press(action), Pick())
        else:
            result = resolver.resolve(Tap(Place(action.source or action.target)), Pick())
    elif spec.select == "count":
        pick = Pick()
        for card in cards:
            pick = resolver.resolve(Tap(Place(None, card)), pick).pick
        assert list(pick.cards) == list(cards)
        return [action] if len(cards) < resolver.view.select else _actions(resolver.resolve(Confirm(), pick))
    elif spec.select == "combo" and action.target is None:
        pick = Pick()
        for card in cards:
            pick = resolver.resolve(Tap(Place(None, card)), pick).pick
        result = resolver.resolve(Confirm(), pick)
    elif action.target is None:
        # A card that stays put (a U-G-O card turned): click it, and click it again to choose.
        first = resolver.resolve(Tap(Place(None, cards[0])), Pick())
        result = (
            first if first.outcome is not None else resolver.resolve(Tap(Place(None, cards[0])), first.pick)
        )
    else:
        result = resolver.resolve(Drop(tuple(cards), place_of(action.target)), Pick())
        if action not in _actions(result) and len(cards) == 1:
            # A plain drop took the layout's default (a U-G-O card in attack): the card clicked
            # twice asks which, from a menu.
            first = resolver.resolve(Tap(Place(None, cards[0])), Pick())
            if first.outcome is None:
                return _actions(result) + _actions(resolver.resolve(Tap(Place(None, cards[0])), first.pick))
    return _actions(result)


def _actions(result) -> list:
    outcome = result.outcome
    if isinstance(outcome, Do | Menu):
        return list(outcome.actions)
    return []


def walk(game_id: str, players: int, seed: int, steps: int):
    spec = games.get(game_id)
    game = spec.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over():
            return
        seat = game.to_act()[0]
        yield game, seat
        game.apply(seat, rng.choice(game.legal_actions(seat)))


CASES = [
    (g, n)
    for g in games.ids()
    for n in sorted({min(games.get(g).player_range), 4, 6})
    if n in games.get(g).player_range
]


@pytest.mark.parametrize("game_id, players", CASES)
def test_every_legal_action_is_one_gesture_away(game_id, players):
    layout = layout_for(game_id)
    checked = 0
    for seed in range(3):
        for game, seat in walk(game_id, players, seed, 150):
            view = game.view(seat)
            resolver = Resolver(view, layout)
            for action in view.legal:
                reached = reach(resolver, action)
                assert any(find_action([a], action) for a in reached) or any(a == action for a in reached), (
                    f"{game_id}: no gesture reaches {action}"
                )
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("game_id", [g for g in games.ids() if has_layout(g)])
def test_a_drop_no_action_fits_is_explained_or_refused(game_id):
    layout = layout_for(game_id)
    spec = games.get(game_id)
    found = 0
    for seed in range(6):
        for game, seat in walk(game_id, min(4, spec.max_players), seed, 200):
            view = game.view(seat)
            resolver = Resolver(view, layout)
            home = layout.home
            hand = view.zone(home, seat).known_cards if home else []
            drops = [k for k, a in layout.actions.items() if a.drop]
            legal_cards = resolver.pickable()
            for card in hand:
                if card in legal_cards or not drops:
                    continue
                zone = ZoneRef(layout.actions[drops[0]].drop[0], seat)
                result = resolver.resolve(Drop((card,), Place(zone)), Pick())
                assert isinstance(result.outcome, Explain | Say), result
                if isinstance(result.outcome, Explain):
                    reason = game.why_not(seat, result.outcome.probe, view.legal)
                    assert isinstance(reason, str) and reason.strip() and "not an action" not in reason
                found += 1
    assert found > 0


def test_ugly_needs_two_clicks_and_a_click_on_another_hand_card_moves_the_focus():
    for game, seat in walk("ugly", 4, 3, 400):
        view = game.view(seat)
        if view.phase == "play" and len(view.legal) >= 2:
            break
    else:
        raise AssertionError("never a choice of two plays")
    resolver = Resolver(view, load_layout("ugly"))
    a, b = view.legal[0], view.legal[1]
    first = resolver.resolve(Tap(Place(ZoneRef("hand", seat), a.card)), Pick())
    assert first.outcome is None and first.pick.focus == a.card
    moved = resolver.resolve(Tap(Place(ZoneRef("hand", seat), b.card)), first.pick)
    assert moved.outcome is None and moved.pick.focus == b.card
    played = resolver.resolve(Tap(Place(ZoneRef("hand", seat), b.card)), moved.pick)
    assert isinstance(played.outcome, Do) and played.outcome.actions == (b,)


def test_ugly_passing_picks_up_to_the_count_then_confirms_all_at_once():
    for game, seat in walk("ugly", 4, 5, 2000):
        view = game.view(seat)
        if view.phase == "pass" and view.select >= 2 and len(view.legal) > view.select:
            break
    else:
        raise AssertionError("the passes never grew to two cards")
    resolver = Resolver(view, load_layout("ugly"))
    cards = [a.card for a in view.legal]
    pick = Pick()
    for card in cards[: view.select]:
        pick = resolver.resolve(Tap(Place(ZoneRef("hand", seat), card)), pick).pick
    assert resolver.confirm_state(pick)[0]
    over = resolver.resolve(Tap(Place(ZoneRef("hand", seat), cards[view.select])), pick)
    assert isinstance(over.outcome, Say) and over.pick == pick
    done = resolver.resolve(Confirm(), pick)
    assert isinstance(done.outcome, Do) and [a.card for a in done.outcome.actions] == cards[: view.select]


def first_state(game_id: str, players: int, fits, seeds: int = 60, steps: int = 400):
    """(game, seat, view) of the first state of random games where ``fits(view)``."""
    for seed in range(seeds):
        for game, seat in walk(game_id, players, seed, steps):
            view = game.view(seat)
            if fits(view):
                return game, seat, view
    raise AssertionError(f"no {game_id} state of the kind wanted in {seeds} games")


def test_ugo_position_changes_wait_for_their_mode_and_the_mode_holds_other_plays_back():
    layout = layout_for("ugo")
    _, _, view = first_state("ugo", 2, lambda v: {"turn", "play"} <= {a.kind for a in v.legal})
    turn = next(a for a in view.legal if a.kind == "turn")
    play = next(a for a in view.legal if a.kind == "play")
    plain = Resolver(view, layout)
    assert plain.modes == ("Change positions",)
    assert turn not in plain.legal
    said = plain.resolve(Tap(Place(None, turn.card)), Pick()).outcome
    if turn.card not in plain.pickable():  # an attack-position card could still attack
        assert isinstance(said, Say) and said.text.startswith("Press Change positions first to turn")
    moded = Resolver(view, layout, "Change positions")
    assert moded.resolve(Tap(Place(None, turn.card)), Pick()).outcome == Do((turn,))
    assert play not in moded.legal
    held = moded.resolve(Drop((play.card,), place_of(play.target)), Pick()).outcome
    assert isinstance(held, Say) and held.text.startswith("Press Done")
    assert Resolver(view, layout, "No such mode").mode == ""


def test_ugo_a_six_or_seven_dropped_on_the_table_asks_for_its_tribute():
    layout = layout_for("ugo")

    def tribute(view):
        return [a for a in view.legal if a.kind == "play" and isinstance(a.target, Card)]

    game, seat, view = first_state("ugo", 2, tribute)
    tributes = tribute(view)
    card = tributes[0].card
    resolver = Resolver(view, layout)
    asked = resolver.resolve(Drop((card,), Place(ZoneRef("table", seat))), Pick()).outcome
    assert isinstance(asked, Menu), "a tribute is never taken without asking"
    own = set(view.zone("table", seat).known_cards)
    assert {a.target for a in asked.actions} == {a.target for a in tributes if a.card == card} <= own
    assert all(a.value == "attack" and "tribute" in a.label for a in asked.actions)
    enemy = 1 - seat
    refused = resolver.resolve(Drop((card,), Place(ZoneRef("table", enemy))), Pick()).outcome
    assert isinstance(refused, Explain)
    assert "tribute" in game.why_not(seat, refused.probe, view.legal)


def test_ugo_an_attack_in_the_first_round_is_explained_as_an_attack():
    """A table card dragged onto the enemy before attacks are allowed: the first-round rule, not a mode."""
    layout = layout_for("ugo")

    def early(view):
        mine = view.zone("table", view.seat).known_cards
        return not view.info["attacks_allowed"] and mine and view.info["turn"] == view.seat

    game, seat, view = first_state("ugo", 3, early)
    card = view.zone("table", seat).known_cards[0]
    enemy = view.info["targets"][seat]
    result = Resolver(view, layout).resolve(Drop((card,), Place(ZoneRef("table", enemy))), Pick()).outcome
    assert isinstance(result, Explain) and result.probe.kind == "attack"
    assert (
        game.why_not(seat, result.probe, view.legal) == "only the last player of the first round may attack"
    )


def test_ugo_a_second_card_dropped_beside_the_first_joins_the_row():
    layout = layout_for("ugo")

    def beside(view):
        plays = [a for a in view.legal if a.kind == "play" and isinstance(a.target, ZoneRef)]
        return plays and view.zone("table", view.seat).known_cards

    game, seat, view = first_state("ugo", 2, beside)
    play = next(a for a in view.legal if a.kind == "play" and isinstance(a.target, ZoneRef))
    # What the stage reports for a drop on the empty room beside the row: the row's zone.
    result = Resolver(view, layout).resolve(Drop((play.card,), Place(ZoneRef("table", seat))), Pick())
    assert isinstance(result.outcome, Do) and result.outcome.actions[0].card == play.card


def _single_and_in_pair(view, seat) -> Card | None:
    """A card of the viewer's that is a play alone and also part of a bigger play."""
    singles = {a.moved[0] for a in view.legal if a.kind == "play" and len(a.moved) == 1}
    bigger = {c for a in view.legal if a.kind == "play" and len(a.moved) > 1 for c in a.moved}
    return next(iter(sorted(singles & bigger)), None)


def test_ultimate_loser_plays_a_chosen_single_on_a_second_click_as_ugly_does():
    """One click model: a second click on a card chosen alone plays it, even where it could also
    start a pair; and a card held by a click names its play on the button, not "Pick cards"."""
    layout = load_layout("ultimate-loser")
    _, seat, view = first_state("ultimate-loser", 4, lambda v: _single_and_in_pair(v, v.seat) is not None)
    resolver = Resolver(view, layout)
    card = _single_and_in_pair(view, seat)
    first = resolver.resolve(Tap(Place(ZoneRef("hand", seat), card)), Pick())
    assert first.outcome is None and first.pick.cards == (card,)
    assert resolver.confirm_state(first.pick)[0]
    second = resolver.resolve(Tap(Place(ZoneRef("hand", seat), card)), first.pick)
    assert isinstance(second.outcome, Do) and second.outcome.actions[0].moved == (card,)

    def only_alone(v):
        bigger = {c for a in v.legal if a.kind == "play" and len(a.moved) > 1 for c in a.moved}
        return [a for a in v.legal if a.kind == "play" and len(a.moved) == 1 and a.moved[0] not in bigger]

    _, seat, view = first_state("ultimate-loser", 4, lambda v: bool(only_alone(v)))
    resolver = Resolver(view, layout)
    alone = only_alone(view)[0]
    held = Pick((), alone.moved[0])  # the keys' focus (or a hint) on it, nothing picked yet
    assert resolver.confirm_state(held) == (True, alone.label)
    done = resolver.resolve(Confirm(), held)
    assert isinstance(done.outcome, Do) and done.outcome.actions == (alone,)
