"""U-G-O over whole games: invariants, hidden information, saves, determinization."""

import json
import random
from dataclasses import fields, is_dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.engine import Card
from support import UGO, play_out, random_step

VARIANTS = sorted(UGO.variants)


def _cards_in(obj, out):
    """Every Card inside an event, action, view value or container."""
    if isinstance(obj, Card):
        out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _cards_in(k, out)
            _cards_in(v, out)
    elif isinstance(obj, list | tuple | set | frozenset):
        for x in obj:
            _cards_in(x, out)
    elif is_dataclass(obj) and not isinstance(obj, type):
        for f in fields(obj):
            _cards_in(getattr(obj, f.name), out)
    return out


def _may_know(game, seat):
    """The cards ``seat`` may see, from the full state (not from any view)."""
    ok = set(game.removed.cards)
    for s in range(game.players):
        for zone in (game.tables[s], game.discards[s]):
            for card in zone.cards:
                st_ = zone.state.get(card)
                if st_ is None or st_.face_up or seat == s:
                    ok.add(card)
                if st_ is not None:
                    ok.update(st_.attached)
    if seat is not None:
        ok.update(game.hands[seat].cards)
    return ok


def _check(game, before, events, public_ever):
    """``public_ever``: every card seen by all at some point (everyone remembers those)."""
    cards = game.all_cards()
    n = game.players
    assert len(cards) == 52 * n and len(set(cards)) == 52 * n, "cards are conserved"
    for seat in [*range(n), None]:
        allowed = _may_know(game, seat) | public_ever
        view = game.view(seat)
        leaked = _cards_in(view, set()) - allowed
        assert not leaked, f"view of {seat} shows {leaked}"
        allowed |= before[seat]
        shown = _cards_in([e.for_seat(seat) for e in events], set())
        assert not shown - allowed, f"events show {shown - allowed} to {seat}"


@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    variant=st.sampled_from(VARIANTS),
    every=st.integers(1, 12),
)
def test_random_games_keep_every_invariant_and_end(seed, players, variant, every):
    game = UGO.new_game(players, seed=seed, variant=variant)
    rng = random.Random(seed)
    step = 0
    public_ever = _may_know(game, None)
    while not game.is_over():
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        assert legal
        check = step % every == 0
        before = {s: _may_know(game, s) for s in [*range(players), None]} if check else None
        events = game.apply(seat, rng.choice(legal))
        step += 1
        assert step < 30000, "every game ends"
        if check:
            _check(game, before, events, public_ever)
        public_ever |= _may_know(game, None)
    assert game.winners() and all(not game.alive[s] or s in game.winners() for s in range(players))
    assert len(game.all_cards()) == 52 * players


def _positions(game):
    return [(s, i) for s in range(game.players) for i in range(len(game.decks[s].cards))]


def test_views_do_not_change_when_unseen_cards_move():
    compared = 0
    for seed in range(12):
        game = UGO.new_game(3, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 120)):
            if game.is_over():
                break
            random_step(game, rng)
        if game.is_over():
            continue
        for viewer in range(3):
            other = (viewer + 1) % 3
            if not game.alive[other]:
                continue
            deck = game.decks[other].cards
            hand = game.hands[other].cards
            pairs = [(h, d) for h in hand for d in deck if h.back == d.back]
            if not pairs:
                continue
            h, d = pairs[0]
            data = game.to_dict()
            zones = data["state"]["zones"]
            zones["deck"][other]["cards"] = [
                h.code if x == d.code else x for x in zones["deck"][other]["cards"]
            ]
            new_hand = [d.code if x == h.code else x for x in zones["hand"][other]["cards"]]
            zones["hand"][other]["cards"] = sorted(new_hand, key=game.catalog.by_code)
            swapped = UGO.from_dict(data)
            assert swapped.view(viewer) == game.view(viewer)
            assert swapped.view(other) != game.view(other)
            compared += 1
    assert compared >= 10


@pytest.mark.parametrize("players", [2, 3, 5])
def test_determinized_games_look_the_same_to_the_seat(players):
    rng = random.Random(players)
    checked = 0
    for seed in range(6):
        game = UGO.new_game(players, seed=seed, variant=VARIANTS[seed % len(VARIANTS)])
        g = random.Random(seed)
        while not game.is_over():
            if g.random() < 0.1:
                for seat in [*range(players), None]:
                    view = game.view(seat)
                    world = UGO.determinize(view, rng)
                    assert world.view(seat) == view
                    assert sorted(world.all_cards()) == sorted(game.all_cards())
                    checked += 1
            random_step(game, g)
    assert checked > 50


def test_determinization_keeps_seen_cards_out_of_decks_and_backs_in_place():
    rng = random.Random(0)
    game = UGO.new_game(2, seed=3)
    g = random.Random(3)
    for _ in range(150):
        if game.is_over():
            break
        random_step(game, g)
    view = game.view(0)
    revealed = set(view.info["revealed"])
    assert revealed
    for _ in range(20):
        world = UGO.determinize(view, rng)
        for s in range(2):
            assert not revealed & set(world.decks[s].cards)
            assert [c.back for c in world.decks[s].cards] == [c.back for c in game.decks[s].cards]
            assert sorted(c.back for c in world.hands[s].cards) == sorted(c.back for c in game.hands[s].cards)


@pytest.mark.parametrize("players, steps", [(2, 0), (2, 80), (4, 200), (6, 300)])
def test_save_load_continues_identically(players, steps):
    game = UGO.new_game(players, seed=steps)
    rng = random.Random(steps)
    for _ in range(steps):
        if game.is_over():
            break
        random_step(game, rng)
    loaded = UGO.from_dict(json.loads(json.dumps(game.to_dict())))
    assert loaded.to_dict() == game.to_dict()
    rng = random.Random(1)
    while not game.is_over():
        seat = game.to_act()[0]
        action = rng.choice(game.legal_actions(seat))
        assert game.apply(seat, action) == loaded.apply(seat, action)
    assert loaded.to_dict() == game.to_dict()


@pytest.mark.parametrize("variant", VARIANTS)
def test_replay_from_seed_and_actions_is_exact(variant):
    game = UGO.new_game(3, seed=11, variant=variant)
    play_out(game, random.Random(2), limit=30000)
    record = json.loads(json.dumps(game.to_dict()))
    assert UGO.replay(record).to_dict() == game.to_dict()


def test_illegal_actions_change_nothing():
    from cardtable.engine import Action, IllegalAction

    game = UGO.new_game(2, seed=5)
    rng = random.Random(5)
    refused = 0
    for _ in range(300):
        if game.is_over():
            break
        seat = game.to_act()[0]
        before = game.to_dict()
        other = 1 - seat if game.players == 2 else (seat + 1) % game.players
        for bad in (
            Action("end"),  # by the wrong seat
            Action("attack", game.catalog[0]),
            Action("play", game.catalog[51], value="sideways"),
        ):
            for who in (other, seat):
                if game.is_legal(who, bad):
                    continue
                with pytest.raises(IllegalAction):
                    game.apply(who, bad)
                assert game.to_dict() == before
                refused += 1
        random_step(game, rng)
    assert refused > 100


def test_clone_is_independent():
    game = UGO.new_game(4, seed=9)
    rng = random.Random(9)
    for _ in range(60):
        random_step(game, rng)
    twin = game.clone()
    assert twin.to_dict() == game.to_dict()
    play_out(twin, random.Random(1), limit=30000)
    assert not game.is_over() or twin.to_dict() != game.to_dict()
    assert game.to_dict() == UGO.from_dict(game.to_dict()).to_dict()
