"""U-G-O attacks explained: the words the table shows agree with what the rules do."""

import random
import re

import pytest

from cardtable import games
from cardtable.engine import Announced, Moved, format_prompt
from cardtable.games.ugo.cards import ATTACK, DEFENSE
from cardtable.games.ugo.clash import Clash, decide, tell

SPEC = games.get("ugo")


def test_decide_follows_the_rules_table():
    assert decide(13, None, 0, 0, "lose") == Clash((), "victim", 13)
    assert decide(9, ATTACK, 7, 3, "lose") == Clash(("target",), "victim", 2)
    assert decide(5, ATTACK, 7, 3, "lose") == Clash(("attacker",), "user", 2)
    assert decide(5, ATTACK, 7, 3, "nothing") == Clash()
    assert decide(7, ATTACK, 7, 3, "lose") == Clash(("target", "attacker"))
    assert decide(9, DEFENSE, 7, 8, "lose") == Clash(("target",))
    assert decide(9, DEFENSE, 7, 10, "lose") == Clash((), "user", 1)
    assert decide(9, DEFENSE, 7, 9, "lose") == Clash()


def test_tell_names_both_values_and_the_outcome():
    game = SPEC.new_game(2, seed=1)
    k, q = game.catalog.by_code("KS@0"), game.catalog.by_code("QH@1")
    names = ["Ann", "Bo"]
    text = ": ".join(tell(Clash(("target",), "victim", 4), 0, k, 13, 1, q, ATTACK, 9))
    assert format_prompt(text, names, 1) == (
        "Ann's K♠ (attack 13) attacks your Q♥ (attack 9): 13 beats 9; Q♥ is destroyed; "
        "4 cards go from your deck to the discard pile"
    )
    text = ": ".join(tell(Clash((), "user", 1), 0, k, 9, 1, q, DEFENSE, 10))
    assert format_prompt(text, names, None).endswith(
        "10 beats 9; Q♥ holds; 1 card goes from Ann's deck to the discard pile"
    )
    text = ": ".join(tell(Clash(("target", "attacker")), 0, k, 9, 1, q, ATTACK, 9))
    assert "9 against 9, a tie; Q♥ and K♠ are destroyed" in format_prompt(text, names, None)
    text = ": ".join(tell(Clash((), "victim", 13), 0, k, 13, 1, None, None, 0))
    assert format_prompt(text, names, 0) == (
        "Your K♠ (attack 13) attacks Bo directly: 13 cards go from Bo's deck to the discard pile"
    )


@pytest.mark.parametrize("players", SPEC.player_range)
def test_every_attack_told_is_the_attack_made(players):
    """Random games: after each clash, the destroyed cards and deck cards sent are the ones it names."""
    told = 0
    for seed in range(6):
        game = SPEC.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            seat = game.to_act()[0]
            events = game.apply(seat, rng.choice(game.legal_actions(seat)))
            for i, e in enumerate(events):
                if not (isinstance(e, Announced) and e.what == "clash"):
                    continue
                told += 1
                rest = events[i + 1 :]
                destroyed = {x.value.name for x in rest if isinstance(x, Announced) and x.what == "destroyed"}
                said = re.search(r"; ([^;]+?) (?:is|are) destroyed", e.said)
                named = set(said.group(1).split(" and ")) if said else set()
                assert destroyed == named, e.said
                sent = re.search(r"(\d+) cards? (?:goes|go) from \{seat:(\d+)\}'s deck", e.said)
                # Sent cards go to their owner's discard pile (a Queen leaves the game instead).
                moved = [
                    x for x in rest if isinstance(x, Moved) and x.src.zone == "deck" and x.dst.zone != "hand"
                ]
                if sent:
                    count, loser = int(sent.group(1)), int(sent.group(2))
                    assert all(m.src == ("deck", loser) for m in moved), e.said
                    assert len(moved) <= count, e.said
                    assert len(moved) == count or not game.alive[loser], e.said  # a deck that ran dry: out
                else:
                    assert not moved, e.said
    assert told > 0
