"""Views and events never show a seat what it may not see; determinization respects views."""

import random

import pytest

from cardtable.engine import redact
from support import UGLY, c, random_step


def _games_at_every_phase(players, seed, every=5):
    game = UGLY.new_game(players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not game.is_over():
        if step % every == 0:
            yield game
        random_step(game, rng)
        step += 1
    yield game


def _hidden_swaps(game, seat):
    """Pairs of cards in two other hands that ``seat`` cannot see."""
    view = game.view(seat)
    for a in range(game.players):
        for b in range(a + 1, game.players):
            if seat in (a, b):
                continue
            ka = set(view.zone("hand", a).known_cards)
            kb = set(view.zone("hand", b).known_cards)
            ha = [x for x in game.hands[a].cards if x not in ka]
            hb = [x for x in game.hands[b].cards if x not in kb]
            if ha and hb:
                yield a, ha[0], b, hb[0]


def _swapped(game, a, ca, b, cb):
    d = game.to_dict()
    hands = d["state"]["zones"]["hand"]
    hands[a]["cards"] = sorted(
        [x for x in hands[a]["cards"] if x != ca.code] + [cb.code], key=lambda code: c(code)
    )
    hands[b]["cards"] = sorted(
        [x for x in hands[b]["cards"] if x != cb.code] + [ca.code], key=lambda code: c(code)
    )
    for h in (hands[a], hands[b]):
        h.pop("known", None)
    known_a = {k: v for k, v in game.hands[a].known.items()}
    known_b = {k: v for k, v in game.hands[b].known.items()}
    if known_a:
        hands[a]["known"] = {k.code: v for k, v in known_a.items() if k != ca}
    if known_b:
        hands[b]["known"] = {k.code: v for k, v in known_b.items() if k != cb}
    return UGLY.from_dict(d)


@pytest.mark.parametrize("players", [3, 4])
def test_views_do_not_change_when_unseen_cards_move(players):
    """Two games that differ only in cards a seat cannot see look identical to it."""
    compared = 0
    for game in _games_at_every_phase(players, seed=players * 7, every=9):
        for seat in range(players):
            for a, ca, b, cb in _hidden_swaps(game, seat):
                other = _swapped(game, a, ca, b, cb)
                assert other.view(seat) == game.view(seat)
                assert other.view(a) != game.view(a)  # the swap is real
                compared += 1
                break
    assert compared > 50


def test_events_redacted_for_a_seat_do_not_depend_on_unseen_cards():
    for game in _games_at_every_phase(4, seed=3, every=4):
        if game.is_over() or game.phase == "trump":
            continue
        for seat in range(4):
            swaps = list(_hidden_swaps(game, seat))
            if not swaps:
                continue
            other = _swapped(game, *swaps[0])
            actor = game.to_act()[0]
            legal = game.legal_actions(actor)
            if legal != other.legal_actions(actor):
                continue  # the swap touched the actor's hand's options
            action = legal[0]
            a = redact(game.clone().apply(actor, action), seat)
            b = redact(other.clone().apply(actor, action), seat)
            assert a == b


def test_spectators_see_only_public_cards():
    for game in _games_at_every_phase(4, seed=12, every=11):
        view = game.view(None)
        assert view.legal == ()
        for s in range(4):
            assert view.zone("hand", s).known_cards == []
            assert view.zone("pass", s).known_cards == []
        shown = set(view.known_cards())
        public = {x for z in (*game.played, *game.won, game.removed) for x in z.cards}
        assert shown == public


def test_every_card_in_a_view_is_one_the_seat_may_know():
    for game in _games_at_every_phase(4, seed=5, every=3):
        for seat in range(4):
            view = game.view(seat)
            allowed = set(game.hands[seat].cards) | set(game.passing[seat].cards)
            allowed |= {x for z in (*game.played, *game.won, game.removed) for x in z.cards}
            allowed |= {x for h in game.hands for x, m in h.known.items() if m >> seat & 1}
            assert set(view.known_cards()) <= allowed
            # The number of cards shown or hidden adds up to every card.
            total = sum(len(z) for z in view.zones)
            assert total == 52


@pytest.mark.parametrize("players", [3, 4])
def test_determinized_games_look_the_same_to_the_seat(players):
    rng = random.Random(1)
    checked = 0
    for game in _games_at_every_phase(players, seed=players, every=6):
        for seat in [*range(players), None]:
            view = game.view(seat)
            world = UGLY.determinize(view, rng)
            assert world.view(seat) == view
            assert sorted(world.all_cards()) == sorted(game.all_cards())
            checked += 1
    assert checked > 100


def test_determinization_respects_voids_and_passed_cards():
    # Seat 1 showed out of hearts; seat 0 passed the Q♠ to seat 1 this round.
    rng = random.Random(0)
    for seed in range(30):
        game = UGLY.new_game(4, seed=seed)
        g = random.Random(seed)
        while not (game.phase == "play" and any(game.voids) and any(h.known for h in game.hands)):
            random_step(game, g)
            if game.is_over():
                break
        if game.is_over():
            continue
        for seat in range(4):
            view = game.view(seat)
            for _ in range(5):
                world = UGLY.determinize(view, rng)
                for s, voids in enumerate(view.info["voids"]):
                    assert not any(x.suit in voids for x in world.hands[s].cards)
                for s in range(4):
                    for x in view.zone("hand", s).known_cards:
                        assert x in world.hands[s].cards
        return
    pytest.fail("no game reached a void with passed cards in hand")
