"""U-G-O's hand prior: worlds deal the hands players keep, and never an impossible deal."""

import random

import pytest

from cardtable.games.ugo import hands
from cardtable.games.ugo.cards import is_ad
from cardtable.games.ugo.rules import catalog_for
from support import UGO, random_step

CATALOG = catalog_for(2)


def _cards(rank, suits, back=1):
    return [c for c in CATALOG if c.rank == rank and c.suit in suits and c.back == back]


def _any(card):
    return True


def _mean_in_hand(weights, rank, deals=400):
    """Mean number of ``rank`` cards dealt to a 4-card hand from 4 tens, 4 Jacks and 12 A/D twos-to-fives."""
    unseen = _cards(10, "SHDC") + _cards(11, "SHDC") + [c for r in (2, 3, 4, 5) for c in _cards(r, "SHC")]
    rng = random.Random(5)
    total = 0
    for _ in range(deals):
        hand, deck = hands.deal(unseen, [4, len(unseen) - 4], [_any, _any], [True, False], weights, rng)
        assert sorted(hand + deck) == sorted(unseen)
        total += sum(c.rank == rank for c in hand)
    return total / deals


def test_weighted_hands_hold_the_10s_players_keep_and_not_the_jacks_they_play():
    uniform_tens, weighted_tens = _mean_in_hand({}, 10), _mean_in_hand(hands.TWO_PLAYERS, 10)
    uniform_jacks, weighted_jacks = _mean_in_hand({}, 11), _mean_in_hand(hands.TWO_PLAYERS, 11)
    assert 0.7 < uniform_tens < 0.9  # 4 of 20 cards, 4 drawn: 0.8
    assert weighted_tens > 1.5 * uniform_tens
    assert weighted_jacks < 0.2 * uniform_jacks


def test_a_hand_draws_each_card_in_proportion_to_its_weight():
    ten, jack, two = _cards(10, "S")[0], _cards(11, "S")[0], _cards(2, "S")[0]
    weights = {"sp10": 3.0, "sp11": 1.0, "ad2": 1.0}
    rng = random.Random(3)
    deals = 4000
    held = {ten: 0, jack: 0, two: 0}
    for _ in range(deals):
        hand, _deck = hands.deal([ten, jack, two], [1, 2], [_any, _any], [True, False], weights, rng)
        held[hand[0]] += 1
    assert abs(held[ten] / deals - 0.6) < 0.03  # 3 / (3 + 1 + 1)
    assert abs(held[jack] / deals - 0.2) < 0.03


def test_weighted_hands_never_take_a_card_another_place_needs():
    # The hand strongly wants the only A/D card, but the face-down table card must be it.
    ad, ten = _cards(2, "S")[0], _cards(10, "S")[0]
    weights = {"ad2": 1000.0, "sp10": 0.001}
    for seed in range(30):
        rng = random.Random(seed)
        hand, table = hands.deal([ad, ten], [1, 1], [_any, is_ad], [True, False], weights, rng)
        assert (hand, table) == ([ten], [ad])


def test_every_card_has_a_weight():
    for players in (2, 3, 6):
        table = hands.weights_for(players)
        assert {hands.card_kind(c) for c in catalog_for(players)} == set(table)
        assert all(w > 0 for w in table.values())


@pytest.mark.parametrize("players", [2, 4])
def test_worlds_deal_the_others_more_10s_than_a_uniform_deal(players, monkeypatch):
    """Across seeded games' views, the opponents' dealt hands hold more 10s with the weights."""
    rng = random.Random(players)
    views = []
    for seed in range(11, 21):
        game = UGO.new_game(players, seed=seed)
        while not game.is_over() and len(views) < 40 * (seed - 10):
            if game.to_act()[0] == 0 and rng.random() < 0.5:
                views.append(game.view(0))
            random_step(game, rng)

    def tens(seed):
        wrng = random.Random(seed)
        count = 0
        for view in views:
            for _ in range(3):
                world = UGO.determinize(view, wrng)
                count += sum(c.rank == 10 for h in world.hands[1:] for c in h.cards)
                assert world.view(0) == view
        return count

    weighted = tens(1)
    monkeypatch.setattr(hands, "TWO_PLAYERS", {})
    monkeypatch.setattr(hands, "MORE_PLAYERS", {})
    assert weighted > 1.2 * tens(1)
