"""The hint says why: the rule-based player's reason for a move, in a sentence, never naming a card
its seat cannot see."""

from __future__ import annotations

import random

import pytest

from cardtable import games
from cardtable.engine import Card
from cardtable.engine.words import Said

WITH_REASONS = [g for g in games.ids() if games.get(g).why is not None]


def test_ugly_has_reasons():
    assert "ugly" in WITH_REASONS


@pytest.mark.parametrize("game", WITH_REASONS)
@pytest.mark.parametrize("seed", range(6))
def test_every_reason_is_a_sentence_about_what_its_seat_sees(game, seed):
    spec = games.get(game)
    rng = random.Random(seed)
    players = rng.choice(list(spec.player_range))
    g = spec.new_game(players, seed=seed)
    given = 0
    while not g.is_over():
        seat = rng.choice(g.to_act())
        view = g.view(seat)
        seen = set(view.known_cards())
        for action in view.legal:
            reason = spec.why(view, action)
            if reason is None:
                continue
            given += 1
            assert isinstance(reason, Said) and str(reason).strip()
            cards = [v for _k, v in reason.params if isinstance(v, Card)]
            assert all(c in seen for c in cards), f"{reason!r} names a card seat {seat} cannot see"
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    assert given > 0


def test_the_ugly_reasons_say_why_in_the_games_terms():
    spec = games.get("ugly")
    g = spec.new_game(4, options={"rounds": 1}, seed=6)
    view = g.view(0)
    hearts = next(a for a in view.legal if a.value == "H")
    assert spec.why(view, hearts) == "hearts is your strongest suit: 5 cards"
    g.apply(0, hearts)
    view = g.view(0)
    jack = next(a for a in view.legal if a.card.code == "JD")
    assert spec.why(view, jack) == "Jacks cost points when you take them: J♦ would cost 3"


def test_the_ugo_reasons_say_why_in_the_games_terms():
    spec = games.get("ugo")
    g = spec.new_game(2, seed=0)

    def bot_until(kind):
        """Play the rule-based player's moves up to its first move of ``kind``."""
        while True:
            seat = g.to_act()[0]
            view = g.view(seat)
            action = spec.bot(view, random.Random(0))
            if action.kind == kind:
                return seat, view, action
            g.apply(seat, action)

    seat, view, jack = bot_until("jack")
    assert spec.why(view, jack) == "A Jack costs {seat:0} the top card of their deck and gives it to you"
    g.apply(seat, jack)
    seat, view, heart = bot_until("play")
    assert heart.card.code == "5H@0" and heart.value == "defense_down"
    assert spec.why(view, heart) == "A heart defends with twice its rank: 5♥ defends with 10"
    g.apply(seat, heart)
    seat, view, ten = bot_until("ten")
    assert spec.why(view, ten) == "This attack would cost you 17 cards from your deck: stop it with a 10"


def test_the_ultimate_loser_reasons_say_why_in_the_games_terms():
    spec = games.get("ultimate-loser")
    g = spec.new_game(4, options={"hands": 1}, seed=1)

    def action(seat, kind, *codes):
        return next(
            a
            for a in g.view(seat).legal
            if a.kind == kind
            and sorted(c.code for c in (a.cards if kind == "play" else (a.card,))) == sorted(codes)
        )

    low = action(2, "play", "2C")
    assert spec.why(g.view(2), low) == (
        "You cannot expect to win this lead: get rid of 2♣, your lowest card outside a combination"
    )
    g.apply(2, low)
    for seat, code in ((3, "4D"), (0, "AC"), (1, "3C")):
        g.apply(seat, action(seat, "play", code))
    run = action(0, "play", "JH", "QH", "KH")
    assert spec.why(g.view(0), run) == (
        "It gets rid of 3 cards at once, and nobody is likely to beat it: you lead again"
    )
    g.apply(0, run)
    exchange = action(1, "exchange", "4C")
    assert spec.why(g.view(1), exchange) == (
        "Q♦ makes a combination with your cards, and 4♣ is the loose card you need least"
    )


def test_the_ugh_reasons_say_why_in_the_games_terms():
    spec = games.get("ugh")
    g = spec.new_game(3, options={"first_player": "first_seat"}, seed=2)
    view = g.view(0)
    flip = next(a for a in view.legal if a.kind == "flip")
    assert spec.why(view, flip) == (
        "Your Pool is empty, and an Ugh! card on your first flip would score 3 points"
    )

    def bot_until(kind):
        """Play the rule-based player's moves up to its first chosen move of ``kind``."""
        while True:
            seat = g.to_act()[0]
            view = g.view(seat)
            action = spec.bot(view, random.Random(0))
            if action.kind == kind and len(view.legal) > 1:
                return seat, view, action
            g.apply(seat, action)

    seat, view, take = bot_until("take")
    assert spec.why(view, take) == (
        "green 2 helps your sets most, and flipping again risks more than it brings"
    )
    g.apply(seat, take)
    seat, view, discard = bot_until("discard")
    assert discard.card.code == "O3#2"
    assert spec.why(view, discard) == "orange 3 is the card your sets need least"
    g.apply(seat, discard)
    seat, view, steal = bot_until("steal")
    assert steal.target.code == "P5#1"
    assert spec.why(view, steal) == "purple 5 is worth more to your sets than the All Wild"
