"""Ugh! views and events never show a seat what it may not see; determinization respects views."""

import itertools
import random
from collections import Counter

import pytest

from cardtable import games
from cardtable.engine import Moved, redact
from cardtable.games.ugh.cards import UGH as UGH_KIND
from ugh_support import UGH, base_code, do, ugh_game


def _positions(players, seed, every, variant=None):
    """A game paused every ``every`` random actions, to the end."""
    game = UGH.new_game(players, seed=seed, variant=variant)
    rng = random.Random(seed)
    step = 0
    while not game.is_over():
        if step % every == 0:
            yield game
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        step += 1
    yield game


def _face_down(game, seat):
    z = game.victory[seat]
    return [c for c in z.cards if c in z.state and not z.state[c].face_up]


def _public(game):
    zones = [*game.safety, game.flipped, game.discard, *game.pools, *game.forming]
    out = {c for z in zones for c in z.cards}
    for z in game.victory:
        out |= {c for c in z.cards if c not in z.state}
    return out


def _swapped(game, zone_a, i, zone_b, j):
    """The same game with card ``i`` of one saved zone and card ``j`` of another exchanged."""
    d = game.to_dict()
    zones = d["state"]["zones"]

    def at(ref):
        name, owner = ref
        return zones[name] if owner is None else zones[name][owner]

    a, b = at(zone_a), at(zone_b)
    ca, cb = a["cards"][i], b["cards"][j]
    a["cards"][i], b["cards"][j] = cb, ca
    for z, old, new in ((a, ca, cb), (b, cb, ca)):
        if old in z.get("state", {}):
            z["state"][new] = z["state"].pop(old)
    return UGH.from_dict(d)


def test_the_deck_is_hidden_from_everyone_and_its_order_changes_no_view():
    compared = 0
    for game in _positions(4, seed=3, every=7):
        deck = game.deck.cards
        if len(deck) < 3:
            continue
        view = game.view(None)
        assert view.zone("deck").hidden_count == len(deck)
        # Two cards of different faces deep in the deck change places: nobody can tell.
        j = next((j for j in range(1, len(deck) - 1) if game.t.face[deck[j]] != game.t.face[deck[0]]), None)
        if j is None:
            continue
        other = _swapped(game, ("deck", None), 0, ("deck", None), j)
        assert other.to_dict() != game.to_dict()
        for seat in [*range(4), None]:
            assert other.view(seat) == game.view(seat)
        compared += 1
    assert compared > 10


def test_a_first_flip_ugh_is_seen_by_everyone():
    for game in _positions(4, seed=11, every=3):
        owners = [s for s in range(4) if game.ughs[s]]
        if not owners:
            continue
        s = owners[0]
        ughs = [c for c in game.victory[s].cards if game.t.kind[c] == UGH_KIND]
        for seat in [*range(4), None]:
            zone = game.view(seat).zone("victory", s)
            assert zone.hidden_count == 0 and set(ughs) <= set(zone.known_cards)
        return
    pytest.fail("no position with a first-flip Ugh!")


def test_redacted_events_do_not_depend_on_unseen_cards():
    checked = 0
    for game in _positions(4, seed=5, every=2):
        if game.is_over() or len(game.deck.cards) < 3:
            continue
        deck = game.deck.cards
        j = next((j for j in range(len(deck) - 1) if game.t.face[deck[j]] != game.t.face[deck[0]]), None)
        if j is None:
            continue
        other = _swapped(game, ("deck", None), 0, ("deck", None), j)  # below the top card
        actor = game.to_act()[0]
        for action in game.legal_actions(actor):
            a = game.clone().apply(actor, action)
            b = other.clone().apply(actor, action)
            for seat in [*range(4), None]:
                assert redact(a, seat) == redact(b, seat)
            checked += 1
    assert checked > 30


def test_flips_are_seen_by_everyone():
    game = ugh_game(deck="G4 UGH-1")
    events = do(game, 0, "flip")
    assert events[0].card is not None
    for seat in [*range(4), None]:
        assert redact(events, seat)[0].card == events[0].card
    assert events[0].src == ("deck", None) and events[0].dst == ("safety1", None)


def test_everything_but_the_deck_is_public():
    for game in _positions(5, seed=8, every=9):
        assert not any(_face_down(game, s) for s in range(5))  # first-flip Ugh! cards lie face up
        spectator = set(game.view(None).known_cards())
        assert spectator == _public(game)
        for seat in range(5):
            view = game.view(seat)
            assert set(view.known_cards()) == _public(game) | set(_face_down(game, seat))
            assert sum(len(z) for z in view.zones) == len(game.catalog)
            assert view.zone("deck").known_cards == []


@pytest.mark.parametrize("players, variant", [(2, "standard"), (4, "younger-players"), (8, "standard")])
def test_determinized_games_look_the_same_to_the_seat(players, variant):
    rng = random.Random(1)
    checked = 0
    for game in _positions(players, seed=players, every=11, variant=variant):
        for seat in [*range(players), None]:
            view = game.view(seat)
            world = UGH.determinize(view, rng)
            assert world.view(seat) == view
            assert sorted(world.all_cards()) == sorted(game.all_cards())
            for s in range(players):
                # The unseen face-down cards are always Ugh! cards, wherever they came from.
                assert all(world.t.kind[c] == UGH_KIND for c in _face_down(world, s))
                if s == seat:
                    assert _face_down(world, s) == _face_down(game, s)
            checked += 1
    assert checked > 20


def test_a_face_down_ugh_is_dealt_from_every_unseen_ugh_card_alike():
    # A game saved when first-flip Ugh! cards lay face down still loads and determinizes:
    # seat 0 holds a face-down Ugh! card; to seat 1 it may be any of the 28 (none seen yet).
    game = ugh_game(ughs=["UGH-3", "", "", ""], deck="G1")
    view = game.view(1)
    rng = random.Random(4)
    dealt = Counter()
    for _ in range(560):
        world = UGH.determinize(view, rng)
        (card,) = _face_down(world, 0)
        dealt[base_code(card)] += 1
    # 8 plain, 8 of -1, 6 of -2, 5 of -3 and the Ice Age: 20 worlds per card on average.
    assert set(dealt) == {"UGH", "UGH-1", "UGH-2", "UGH-3", "ICE"}
    for face, copies in {"UGH": 8, "UGH-1": 8, "UGH-2": 6, "UGH-3": 5}.items():
        assert 10 * copies <= dealt[face] <= 30 * copies, dealt


def test_determinized_games_play_on():
    rng = random.Random(2)
    for game in _positions(4, seed=21, every=25):
        if game.is_over():
            continue
        seat = game.to_act()[0]
        world = UGH.determinize(game.view(seat), rng)
        assert world.legal_actions(seat) == game.legal_actions(seat)
        steps = 0
        while not world.is_over():
            s = world.to_act()[0]
            world.apply(s, rng.choice(world.legal_actions(s)))
            steps += 1
            assert steps < 3000
        assert sorted(world.all_cards()) == sorted(game.all_cards())


def test_a_moved_event_into_a_victory_pile_shows_the_ugh_to_everyone():
    game = ugh_game(deck="UGH-2 G1")
    events = do(game, 0, "flip")
    moved = [e for e in events if isinstance(e, Moved) and e.dst == ("victory", 0)]
    assert len(moved) == 1 and moved[0].face_up is True
    assert all(redact(moved, s)[0].card == moved[0].card for s in (0, 1, 2, 3, None))


def test_a_view_that_does_not_add_up_is_refused():
    from dataclasses import replace

    game = ugh_game(deck="G1 G2", ughs=["UGH", "", "", ""], rest="discard")
    view = game.view(1)
    assert UGH.determinize(view, random.Random(0)).view(1) == view

    def changed(*zones):
        new = {(z.name, z.owner): z for z in zones}
        return replace(view, zones=tuple(new.get((z.name, z.owner), z) for z in view.zones))

    deck = view.zone("deck")
    fewer = replace(deck, cards=deck.cards[1:])
    with pytest.raises(ValueError, match="in the deck"):
        UGH.determinize(changed(fewer), random.Random(0))
    # Two face-down Ugh! cards, but only one Ugh! card is unseen by seat 1.
    victory = view.zone("victory", 0)
    two = replace(victory, cards=victory.cards * 2)
    with pytest.raises(ValueError, match="face-down Ugh! cards"):
        UGH.determinize(changed(fewer, two), random.Random(0))


@pytest.mark.parametrize("players, seed", [(2, 4), (4, 5), (10, 6)])
def test_moved_events_account_for_every_card_movement(players, seed):
    """A table that only follows the events always has every card where the game has it."""
    game = UGH.new_game(players, seed=seed)
    table = {z.ref: list(z.cards) for z in game.zones()}
    rng = random.Random(seed)
    moves = 0
    while not game.is_over():
        seat = game.to_act()[0]
        for e in game.apply(seat, rng.choice(game.legal_actions(seat))):
            if isinstance(e, Moved):
                table[e.src].remove(e.card)
                table[e.dst].append(e.card)
                moves += 1
        for z in game.zones():
            assert sorted(table[z.ref]) == sorted(z.cards), z.ref
    assert moves >= len(game.catalog)


def test_the_ugh_cards_left_in_the_deck_follow_from_what_every_seat_sees():
    checked = 0
    for game in _positions(4, seed=6, every=5):
        for seat in [*range(4), None]:
            view = game.view(seat)
            seen = set(view.known_cards())
            unseen_ughs = [c for c in game.catalog.cards if game.t.kind[c] == UGH_KIND and c not in seen]
            assert view.info["deck_ughs"] == len(unseen_ughs)
            assert view.info["deck_size"] == view.zone("deck").hidden_count
            checked += 1
    assert checked > 20


def test_each_pool_is_told_by_its_colours_and_the_best_set_it_holds():
    from cardtable.games.ugh.sets import best_set, is_set, set_score

    spec = games.get("ugh")
    rng = random.Random(4)
    game = spec.new_game(4, seed=4)
    told = 0
    while not game.is_over() and told < 40:
        view = game.view(None)
        for seat, pool in enumerate(game.pools):
            text = view.info["pool"][seat]
            cards = pool.cards
            if not cards:
                assert text == ""
                continue
            t = game.t
            counts = {}
            for c in cards:
                name = ("green", "orange", "purple")[t.color[c]] if t.color[c] < 3 else "wild"
                counts[name] = counts.get(name, 0) + 1
            for name, n in counts.items():
                assert f"{n} {name}" in text, (text, counts)
            trios = [x for x in itertools.combinations(cards, 3) if is_set(x, t.color)]
            best = max((set_score(x, t.kind, t.value) for x in trios), default=None)
            assert best_set(cards, t.kind, t.value, t.color) == best
            assert text.endswith(f": set {best}") if best is not None else ": set" not in text
            told += 1
        seat = game.to_act()[0]
        legal = game.view(seat).legal
        game.apply(seat, rng.choice(legal))
    assert told >= 40
