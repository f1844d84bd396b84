"""Random legal Ugh! play across seeds, 2-12 players and every variant never breaks an invariant."""

import random

from hypothesis import given
from hypothesis import strategies as st

from cardtable.engine import Action, GameOver, IllegalAction, Moved
from cardtable.games.ugh.cards import UGH as UGH_KIND
from cardtable.games.ugh.sets import is_set, set_score
from ugh_support import UGH

VARIANTS = sorted(UGH.variants)
KINDS = ("flip", "take", "lock", "cancel", "end", "steal", "pool", "keep", "discard", "done", "pass")


def _face_down(game, seat):
    z = game.victory[seat]
    return {c for c in z.cards if c in z.state and not z.state[c].face_up}


def _may_know(game, seat):
    """The cards ``seat`` may see, from the full state, not from a view."""
    zones = [*game.safety, game.flipped, game.discard, *game.pools, *game.forming]
    public = {c for z in zones for c in z.cards}
    for s in range(game.players):
        public |= set(game.victory[s].cards) - _face_down(game, s)
    return public if seat is None else public | _face_down(game, seat)


def _check_scores(game):
    t = game.t
    points = game.options["first_ugh_points"]
    for s in range(game.players):
        sets = game.sets[s]
        locked = [c for cards, _ in sets for c in cards]
        # Every set is one card of each color, scored by the rules, and lies in the Victory pile.
        for cards, score in sets:
            assert is_set(cards, t.color) and score == set_score(cards, t.kind, t.value)
        # The rest of the Victory pile is first-flip Ugh! cards, face up (everyone saw them).
        ughs = [c for c in game.victory[s].cards if t.kind[c] == UGH_KIND]
        assert not _face_down(game, s)
        assert sorted(locked) == sorted(set(game.victory[s].cards) - set(ughs))
        assert len(ughs) == game.ughs[s]
        assert game.scores()[s] == sum(score for _, score in sets) + points * len(ughs)
    assert game.view(None).info["sets"] == tuple(tuple(x) for x in game.sets)


def _check_views(game, events, before):
    catalog = sorted(game.catalog.cards)
    assert sorted(game.all_cards()) == catalog, "cards are conserved"
    for seat in before:
        allowed = _may_know(game, seat)
        view = game.view(seat)
        leaked = set(view.known_cards()) - allowed
        assert not leaked, f"the view of {seat} shows {leaked}"
        assert sum(len(z) for z in view.zones) == len(catalog)
        for e in events:
            shown = e.for_seat(seat)
            if not isinstance(shown, Moved) or shown.card is None:
                continue
            # Flips and moves between public places are seen by all; a card going face down
            # into a Victory pile only by its owner, and nothing ever goes back to the deck.
            assert shown.dst != ("deck", None)
            if not shown.face_up:
                assert shown.dst == ("victory", seat), f"an event shows {shown.card} to {seat}"
            elif shown.src != ("deck", None):  # a flip is seen by everyone, wherever it goes next
                assert shown.card in allowed | before[seat], f"an event shows {shown.card} to {seat}"


def _unlisted(game, seat, legal, rng):
    """An action of a random kind and card that the legal list does not offer."""
    pairs = {(a.kind, a.card) for a in legal}
    kinds = {a.kind for a in legal}
    for _ in range(20):
        kind = rng.choice(KINDS)
        card = rng.choice(game.catalog.cards) if rng.random() < 0.8 else None
        if (kind, card) in pairs or (card is None and kind in kinds):
            continue
        return Action(kind, card)
    return None


@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 12),
    variant=st.sampled_from(VARIANTS),
    check_every=st.integers(1, 12),
)
def test_random_games_keep_every_invariant_and_end(seed, players, variant, check_every):
    game = UGH.new_game(players, seed=seed, variant=variant)
    rng = random.Random(seed)
    step = 0
    limit = 20 * len(game.catalog)
    events = []
    while not game.is_over():
        to_act = game.to_act()
        assert len(to_act) == 1
        seat = to_act[0]
        legal = game.legal_actions(seat)
        assert legal, "a seat asked to act always has a legal action"
        # A card dropped on a place means one action (a Wild: on a card, the Pool or a pile).
        gestures = [(a.card, a.target) for a in legal if a.card is not None]
        assert len(gestures) == len(set(gestures))
        # The status line offers a flip exactly when flipping is legal.
        assert ("flip" in game.view(seat).prompt.lower()) == any(a.kind == "flip" for a in legal)
        check = step % check_every == 0
        # The acting seat, another seat and a spectator: every seat of 12 would take too long.
        watchers = (seat, rng.randrange(players), None)
        before = {s: _may_know(game, s) for s in watchers} if check else {}
        if check:
            bad = _unlisted(game, seat, legal, rng)
            if bad is not None:
                saved = game.to_dict()
                try:
                    game.apply(seat, bad)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"an unlisted action was accepted: {bad}")
                assert game.to_dict() == saved
            for action in legal:
                assert game.is_legal(seat, action)
        events = game.apply(seat, rng.choice(legal))
        step += 1
        assert step < limit, "every game ends"
        if check:
            _check_views(game, events, before)
            _check_scores(game)
    _check_views(game, [], {s: set() for s in [*range(players), None]})
    _check_scores(game)
    assert not game.deck.cards and not game.flipped.cards
    assert not any(z.cards for z in game.forming)
    assert isinstance(events[-1], GameOver)
    assert events[-1].winners == game.winners() and game.winners()
    best = max(game.scores())
    assert game.winners() == tuple(s for s in range(players) if game.scores()[s] == best)


@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 12),
    variant=st.sampled_from(VARIANTS),
    stop=st.floats(0.0, 1.0),
)
def test_determinized_worlds_match_the_view_and_play_on(seed, players, variant, stop):
    game = UGH.new_game(players, seed=seed, variant=variant)
    rng = random.Random(seed)
    steps = int(stop * 40 * players)
    for _ in range(steps):
        if game.is_over():
            break
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    seat = rng.choice([*range(players), None])
    view = game.view(seat)
    world = UGH.determinize(view, rng)
    assert world.view(seat) == view
    assert sorted(world.all_cards()) == sorted(game.all_cards())
    assert world.scores() == game.scores() and world.to_act() == game.to_act()
    while not world.is_over():
        s = world.to_act()[0]
        world.apply(s, rng.choice(world.legal_actions(s)))
    assert sorted(world.all_cards()) == sorted(game.catalog.cards)
