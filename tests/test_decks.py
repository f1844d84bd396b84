"""The deck-file loader on its own: the fields every deck shares, without a game's checks."""

from cardtable.decks import builtin_deck_path, load_deck
from cardtable.engine import CardSpec, Catalog
from cardtable.resources import config_file


def test_a_deck_file_becomes_card_specs_and_a_catalog(tmp_path):
    path = tmp_path / "mini.yaml"
    path.write_text(
        "name: Mini\n"
        "description: '  Two faces.  '\n"
        "cards:\n"
        "  - {code: AS, kind: standard, rank: 14, suit: S, count: 2, name: Ace}\n"
        "  - {code: X1, kind: token, color: red, value: -4, tags: [shiny]}\n",
        encoding="utf-8",
    )
    deck = load_deck(path)
    assert (deck.name, deck.description, deck.size, deck.path) == ("Mini", "Two faces.", 3, str(path))
    assert deck.cards == (
        CardSpec(kind="standard", code="AS", rank=14, suit="S", count=2, name="Ace"),
        CardSpec(kind="token", code="X1", color="red", value=-4, tags=frozenset({"shiny"})),
    )
    catalog = Catalog([(deck.cards, 0)])
    assert [c.code for c in catalog] == ["AS#1", "AS#2", "X1"]
    assert catalog.by_code("X1").tags == {"shiny"} and catalog.by_code("AS#2").rank == 14


def test_builtin_decks_are_found_through_resources():
    assert builtin_deck_path("ugh") == config_file("decks", "ugh.yaml")
    assert builtin_deck_path("ugh").is_file()
