"""Ultimate Loser views and events never show a seat what it may not see; determinization respects views."""

import random

import pytest

from cardtable.engine import Action, redact
from cardtable.engine.zones import ALL_SEATS
from loser_support import LOSER, loser_game, play
from support import c, random_step


def _games_along_the_way(players, seed, every=5, options=None):
    game = LOSER.new_game(players, options or {}, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not game.is_over():
        if step % every == 0:
            yield game
        random_step(game, rng)
        step += 1
    yield game


def _may_know(game, seat):
    """The cards ``seat`` may know, from the full state (not from a view)."""
    public = {x for z in (game.exposed, game.discard, *game.plays) for x in z.cards}
    public |= {x for h in game.hands for x, m in h.known.items() if m == ALL_SEATS}  # exchanged in
    if seat is None:
        return public
    told = {x for h in game.hands for x, m in h.known.items() if m & (1 << seat)}
    return public | set(game.hands[seat].cards) | told


def _hidden_places(game, seat):
    """(zone, card) pairs for cards ``seat`` cannot see: other hands and the spares."""
    view = game.view(seat)
    out = []
    for s in range(game.players):
        if s == seat:
            continue
        shown = set(view.zone("hand", s).known_cards)
        out += [(("hand", s), x) for x in game.hands[s].cards if x not in shown]
    out += [(("spares", None), x) for x in game.spares.cards]
    return out


def _zone(d, ref):
    name, owner = ref
    zones = d["state"]["zones"]
    return zones[name] if owner is None else zones[name][owner]


def _swapped(game, a, ca, b, cb):
    """The same game with unseen cards ``ca`` (in zone a) and ``cb`` (in zone b) swapped."""
    d = game.to_dict()
    for ref, out, into in ((a, ca, cb), (b, cb, ca)):
        z = _zone(d, ref)
        z["cards"] = [into.code if x == out.code else x for x in z["cards"]]
        if ref[0] == "hand":
            z["cards"].sort(key=game.catalog.by_code)
    return LOSER.from_dict(d)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_views_do_not_change_when_unseen_cards_move(players):
    """Two games that differ only in cards a seat cannot see look identical to it."""
    compared = 0
    rng = random.Random(players)
    for game in _games_along_the_way(players, seed=players * 7, every=7 if players > 2 else 3):
        for seat in range(players):
            hidden = _hidden_places(game, seat)
            pairs = [(p, q) for p in hidden for q in hidden if p[0] != q[0]]
            if not pairs:
                continue
            (a, ca), (b, cb) = rng.choice(pairs)
            other = _swapped(game, a, ca, b, cb)
            assert other.view(seat) == game.view(seat)
            holder = a[1] if a[0] == "hand" else b[1]
            assert other.view(holder) != game.view(holder)  # the swap is real
            compared += 1
    assert compared > 60


def test_events_redacted_for_a_seat_do_not_depend_on_unseen_cards():
    checked = 0
    for game in _games_along_the_way(4, seed=3, every=3):
        if game.is_over():
            continue
        for seat in range(4):
            actor = game.to_act()[0]
            if actor == seat:
                continue
            hidden = [h for h in _hidden_places(game, seat) if h[0] != ("hand", actor)]
            pairs = [(p, q) for p in hidden for q in hidden if p[0] != q[0]]
            if not pairs:
                continue
            other = _swapped(game, *pairs[0][0], *pairs[0][1])
            legal = game.legal_actions(actor)
            assert legal == other.legal_actions(actor)
            action = legal[len(legal) // 2]
            a = redact(game.clone().apply(actor, action), seat)
            b = redact(other.clone().apply(actor, action), seat)
            assert a == b
            checked += 1
    assert checked > 50


def test_spectators_see_only_public_cards():
    for game in _games_along_the_way(4, seed=12, every=11):
        view = game.view(None)
        assert view.legal == ()
        for s in range(4):
            # Of a hand, a spectator sees only the cards everyone saw taken from the exposed spot.
            assert view.zone("hand", s).known_cards == list(view.info["exchanged"][s])
        assert view.zone("spares").known_cards == []
        assert set(view.known_cards()) == _may_know(game, None)


@pytest.mark.parametrize("players, options", [(4, {}), (3, {"joker": True}), (6, {})])
def test_every_card_in_a_view_is_one_the_seat_may_know(players, options):
    size = 53 if options else 52
    for game in _games_along_the_way(players, seed=5, every=3, options=options):
        for seat in range(players):
            view = game.view(seat)
            assert set(view.known_cards()) <= _may_know(game, seat)
            assert sum(len(z) for z in view.zones) == size  # shown plus hidden: every card


def test_an_exchanged_card_is_known_to_every_seat_and_nothing_else_is():
    game = loser_game(["5S 2D", "3H 4D", "KD 6D"], exposed="9C")
    play(game, "5S", "x:3H")
    assert game.hands[1].known == {c("9C"): ALL_SEATS}
    for seat in (0, 2):
        assert game.view(seat).zone("hand", 1).known_cards == [c("9C")]
        assert game.view(seat).zone("hand", 1).hidden_count == 1


@pytest.mark.parametrize("players", [2, 4, 5])
def test_determinized_games_look_the_same_to_the_seat(players):
    rng = random.Random(1)
    checked = 0
    for game in _games_along_the_way(players, seed=players, every=6 if players > 2 else 2):
        for seat in [*range(players), None]:
            view = game.view(seat)
            world = LOSER.determinize(view, rng)
            assert world.view(seat) == view
            assert sorted(world.all_cards()) == sorted(game.all_cards())
            checked += 1
    assert checked > 100


def test_determinization_keeps_exchanged_cards_where_everyone_saw_them_go():
    game = loser_game(["5S 2D 7H", "3H 4D 8H", "KD 6D 9H"], exposed="9C")
    play(game, "5S", "x:3H")
    rng = random.Random(0)
    for seat in (0, 2):
        view = game.view(seat)
        for _ in range(20):
            world = LOSER.determinize(view, rng)
            assert c("9C") in world.hands[1].cards
            assert world.hands[1].known[c("9C")] == ALL_SEATS
            assert world.exposed.cards == [c("3H")]
            for s in range(3):
                assert world.view(s).info["exchanged"] == view.info["exchanged"]
    # The seat's own exchanged card is known to the others in its worlds too.
    world = LOSER.determinize(game.view(1), rng)
    assert c("9C") in world.view(0).zone("hand", 1).known_cards


def test_determinization_varies_the_hidden_cards():
    game = LOSER.new_game(4, seed=2)
    view = game.view(0)
    rng = random.Random(2)
    hands = {tuple(LOSER.determinize(view, rng).hands[1].cards) for _ in range(10)}
    assert len(hands) == 10


def test_determinization_during_rock_paper_scissors_keeps_who_has_chosen():
    game = loser_game(["AS", "3H 4D", "5D 6D", "7C 8C"])
    play(game, "AS", "pass", "pass", "pass")
    game.apply(1, Action("rps", value="scissors"))
    game.apply(3, Action("rps", value="rock"))
    rng = random.Random(5)
    shapes = set()
    for seat in (0, 1, 2, 3):
        view = game.view(seat)
        world = LOSER.determinize(view, rng)
        assert world.view(seat) == view and world.to_act() == (2,)
        assert world.rps["choices"][1] == "scissors" if seat == 1 else True
        shapes.add(world.rps["choices"][3])
    for _ in range(30):
        shapes.add(LOSER.determinize(game.view(2), rng).rps["choices"][3])
    assert shapes == {"rock", "paper", "scissors"}  # others' hidden shapes are guessed, not copied
