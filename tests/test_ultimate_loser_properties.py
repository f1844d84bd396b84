"""Random legal play from many seeds, 2-6 players and every variant never breaks an invariant."""

import random
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from cardtable.engine import Action, GameOver, IllegalAction, Moved, RoundEnded, ScoreChanged, ZoneRef
from cardtable.engine.zones import ALL_SEATS
from cardtable.games.ultimate_loser.combos import classify
from loser_support import LOSER

VARIANTS = sorted(LOSER.variants)
PUBLIC = {"play", "exposed", "discard"}


def _may_know(game, seat):
    public = {x for z in (game.exposed, game.discard, *game.plays) for x in z.cards}
    public |= {x for h in game.hands for x, m in h.known.items() if m == ALL_SEATS}  # exchanged in
    if seat is None:
        return public
    told = {x for h in game.hands for x, m in h.known.items() if m & (1 << seat)}
    return public | set(game.hands[seat].cards) | told


def _check_state(game, before, events, step):
    cards = game.all_cards()
    assert len(cards) == len(set(cards)) and set(cards) == set(game.in_play), "cards are conserved"
    if not game.is_over():
        assert len(game.exposed.cards) == 1, "one card is always exposed"
    for seat in [*range(game.players), None]:
        allowed = _may_know(game, seat)
        leaked = set(game.view(seat).known_cards()) - allowed
        assert not leaked, f"view of {seat} shows {leaked} at step {step}"
        for e in events:
            shown = e.for_seat(seat)
            if isinstance(shown, Moved) and shown.card is not None and shown.seen != -1:
                # A private move shows a face only to a seat that knew it or may know it now.
                assert shown.card in allowed | before[seat], f"event shows {shown.card} to {seat}"
    for e in events:
        if isinstance(e, Moved) and e.seen == -1:
            # Only plays, the exposed card and exchanges move face up for everyone.
            assert {e.src[0], e.dst[0]} & PUBLIC, f"a public move between private places: {e}"


@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    variant=st.sampled_from(VARIANTS),
    check_every=st.integers(1, 12),
    fourplay_out_players=st.booleans(),
)
def test_random_matches_keep_every_invariant_and_end(
    seed, players, variant, check_every, fourplay_out_players
):
    game = LOSER.new_game(players, {"fourplay_out_players": fourplay_out_players}, seed=seed, variant=variant)
    rng = random.Random(seed)
    step = 0
    deltas = [0] * players
    by_reason: dict[str, int] = {}
    hand_sums = []
    current = 0
    all_events = list(game.opening_events)
    while not game.is_over():
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        assert legal, "a seat asked to act always has a legal action"
        assert len(legal) <= 130, "the action list stays small (about 100 at most with 17 cards)"
        check = step % check_every == 0
        before = {s: _may_know(game, s) for s in [*range(players), None]} if check else {}
        in_trick = set(game.view(None).info["order"])
        events = game.apply(seat, rng.choice(legal))
        fourplay = {e.seat for e in events if isinstance(e, ScoreChanged) and e.reason == "fourplay"}
        if fourplay:
            assert fourplay == (set(range(players)) if fourplay_out_players else in_trick)
        all_events += events
        step += 1
        assert step < 20_000, "every match ends"
        for e in events:
            if isinstance(e, ScoreChanged):
                deltas[e.seat] += e.delta
                by_reason[e.reason] = by_reason.get(e.reason, 0) + e.delta
                current += e.delta
                assert e.total == deltas[e.seat]
            elif isinstance(e, RoundEnded):
                assert sum(e.scores) == current, "a hand's penalties add up"
                hand_sums.append(current)
                current = 0
        if check:
            _check_state(game, before, events, step)
    options = game.options
    assert sorted(game.all_cards()) == sorted(game.in_play)
    assert tuple(deltas) == game.scores(), "penalties add up to the scores"
    info = game.view(0).info
    assert len(hand_sums) == options["hands"] == len(info["losers"])
    assert [sum(h) for h in info["round_scores"]] == hand_sums
    assert by_reason.get("ultimate loser", 0) == options["hands"] * options["loser_penalty"]
    fourplays = sum(1 for e in all_events if getattr(e, "what", None) == "fourplay")
    fourplay_penalties = sum(1 for e in all_events if isinstance(e, ScoreChanged) and e.reason == "fourplay")
    assert by_reason.get("fourplay", 0) == fourplay_penalties * options["fourplay_penalty"]
    assert fourplays * 2 <= fourplay_penalties <= fourplays * players
    tricks = sum(1 for e in all_events if getattr(e, "what", None) == "trick_lost")
    losers = sum(len(e.value) for e in all_events if getattr(e, "what", None) == "trick_lost")
    assert by_reason.get("passed", 0) + by_reason.get("lowest", 0) == losers >= tricks
    assert isinstance(events[-1], GameOver)
    assert events[-1].winners == game.winners()
    assert game.winners() == tuple(s for s in range(players) if deltas[s] == min(deltas))


@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), steps=st.integers(0, 300))
def test_only_listed_actions_are_legal(seed, players, steps):
    """Every listed action is legal; an unlisted combination from the hand raises and changes nothing."""
    game = LOSER.new_game(players, seed=seed)
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
            listed = {frozenset(a.cards) for a in legal if a.kind == "play"}
            tries = [tuple(rng.sample(hand, k)) for k in (1, 2, 3) if len(hand) >= k]
            for cards in tries:
                if frozenset(cards) in listed:
                    continue
                before = game.to_dict()
                bad = Action("play", max(cards), target=ZoneRef("play", seat), cards=tuple(sorted(cards)))
                try:
                    game.apply(seat, bad)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"an unlisted play {cards} was accepted")
                assert game.to_dict() == before
            # And every combination in the hand of the right type is listed.
            lead = game.lead_type
            for k in range(1, min(4, len(hand)) + 1):
                for cards in combinations(hand, k):
                    try:
                        ptype, _ = classify(cards)
                    except ValueError:
                        continue
                    if lead is None or ptype == lead:
                        assert frozenset(cards) in listed
        game.apply(seat, rng.choice(legal))
