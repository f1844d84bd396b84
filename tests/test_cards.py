import copy
import pickle

import pytest

from cardtable.engine import STANDARD, Card, CardSpec, Catalog
from cardtable.engine.cards import parse_rank_suit, standard_deck_list


def test_standard_deck_has_52_distinct_cards_in_suit_rank_order():
    assert len(STANDARD) == 52
    assert len({c.code for c in STANDARD}) == 52
    assert [c.code for c in STANDARD[:3]] == ["2S", "3S", "4S"]
    assert STANDARD[12].code == "AS" and STANDARD[13].code == "2H"
    ace = STANDARD.by_code("AS")
    assert (ace.rank, ace.suit, ace.back, ace.kind) == (14, "S", 0, "standard")
    assert str(STANDARD.by_code("10H")) == "10\u2665"


def test_cards_are_ints_that_keep_their_attributes_through_copy_and_pickle():
    q = STANDARD.by_code("QD")
    assert int(q) == 13 * 2 + 10
    for twin in (copy.copy(q), copy.deepcopy(q), pickle.loads(pickle.dumps(q))):
        assert twin == q and hash(twin) == hash(q)
        assert (twin.rank, twin.suit, twin.code, twin.name) == (12, "D", "QD", q.name)


def test_cards_are_immutable():
    with pytest.raises(AttributeError):
        STANDARD[0].rank = 3  # type: ignore[misc]


def test_one_deck_per_owner_gives_each_card_its_back():
    cat = Catalog.standard(backs=(0, 1, 2))
    assert len(cat) == 156
    q1 = cat.by_code("QS@1")
    assert q1.back == 1 and q1.rank == 12
    assert cat.find(12, "S", back=2).code == "QS@2"
    assert len({c.code for c in cat}) == 156


def test_jokers():
    cat = Catalog.standard(jokers=2)
    jokers = [c for c in cat if c.is_joker]
    assert [j.code for j in jokers] == ["JK1", "JK2"]
    assert all(j.rank is None and j.suit is None for j in jokers)


def test_deck_described_as_data_numbers_repeated_faces():
    deck = (
        CardSpec(kind="number", code="G1", color="green", value=1, count=3),
        CardSpec(kind="ugh", code="UGH-3", value=-3, tags=frozenset({"blue"})),
    )
    cat = Catalog([(deck, 0)])
    assert [c.code for c in cat] == ["G1#1", "G1#2", "G1#3", "UGH-3"]
    assert cat.by_code("UGH-3").tags == {"blue"}
    assert cat.by_code("G1#2").color == "green"


def test_unknown_code_is_a_clear_error():
    with pytest.raises(KeyError, match="no card 'ZZ'"):
        STANDARD.by_code("ZZ")


@pytest.mark.parametrize("text, expected", [("7D", (7, "D")), ("q\u2660", (12, "S")), ("10h", (10, "H"))])
def test_parse_rank_suit(text, expected):
    assert parse_rank_suit(text) == expected


def test_parse_rank_suit_rejects_nonsense():
    with pytest.raises(ValueError, match="not a card"):
        parse_rank_suit("1X")


def test_standard_deck_list_is_data():
    specs = standard_deck_list(jokers=1)
    assert len(specs) == 53 and specs[-1].kind == "joker"
    assert isinstance(STANDARD[0], Card)
