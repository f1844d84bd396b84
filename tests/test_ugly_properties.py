"""Random legal play from many seeds, every player count and variant, never breaks an invariant."""

import random

from hypothesis import given
from hypothesis import strategies as st

from cardtable.engine import STANDARD, GameOver, IllegalAction, Moved
from support import UGLY

VARIANTS = sorted(UGLY.variants)


PUBLIC_ZONES = ("trick", "won", "removed")


def _may_know(game, seat):
    """The cards ``seat`` may know, computed from the full state, not from a view."""
    public = {x for z in (*game.played, *game.won, game.removed) for x in z.cards}
    if seat is None:
        return public
    mine = set(game.hands[seat].cards) | set(game.passing[seat].cards)
    told = {x for h in game.hands for x, m in h.known.items() if m >> seat & 1}
    return public | mine | told


def _check_invariants(game, before, events, step):
    cards = game.all_cards()
    assert len(cards) == 52 and set(cards) == set(STANDARD), "cards are conserved"
    if game.phase == "play":
        sizes = [len(h) for h in game.hands]
        # Hands differ by at most one card: those who played this trick hold one fewer.
        assert max(sizes) - min(sizes) <= 1
    for seat in [*range(game.players), None]:
        allowed = _may_know(game, seat)
        leaked = set(game.view(seat).known_cards()) - allowed
        assert not leaked, f"view of {seat} shows {leaked} at step {step}"
        allowed |= before[seat]
        for e in events:
            shown = e.for_seat(seat)
            if isinstance(shown, Moved) and shown.card is not None and shown.dst[0] not in PUBLIC_ZONES:
                assert shown.card in allowed, f"event shows {shown.card} to {seat}"


@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([3, 4]),
    variant=st.sampled_from(VARIANTS),
    check_every=st.integers(1, 15),
)
def test_random_games_keep_every_invariant_and_end(seed, players, variant, check_every):
    game = UGLY.new_game(players, seed=seed, variant=variant)
    rng = random.Random(seed)
    step = 0
    limit = 3000
    while not game.is_over():
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        assert legal, "a seat asked to act always has a legal action"
        check = step % check_every == 0
        before = {s: _may_know(game, s) for s in [*range(players), None]} if check else {}
        events = game.apply(seat, rng.choice(legal))
        step += 1
        assert step < limit, "every game ends"
        if check:
            _check_invariants(game, before, events, step)
    assert sorted(game.all_cards()) == list(STANDARD)
    assert isinstance(events[-1], GameOver)
    assert events[-1].winners == game.winners() and game.winners()
    totals = [sum(r[s] for r in game.view(0).info["round_scores"]) for s in range(players)]
    assert tuple(totals) == game.scores()


@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_only_listed_actions_are_legal(seed, steps):
    """Every listed action applies; a random unlisted play raises and changes nothing."""
    game = UGLY.new_game(4, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over():
            return
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        for action in legal:
            assert game.is_legal(seat, action)
        if game.phase == "play":
            hand = game.hands[seat].cards
            unlisted = [x for x in hand if x not in {a.card for a in legal}]
            if unlisted:
                before = game.to_dict()
                bad = type(legal[0])("play", rng.choice(unlisted))
                try:
                    game.apply(seat, bad)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError("an unlisted card was accepted")
                assert game.to_dict() == before
        game.apply(seat, rng.choice(legal))
