"""Layouts: the built-in ones cover their games; mistakes name file, line and key."""

import pytest

from cardtable import games
from cardtable.app.layout import Geometry, has_layout, load_layout, parse_layout
from cardtable.yamlfile import ConfigError, parse_yaml


@pytest.mark.parametrize("game", [g for g in games.ids() if has_layout(g)])
def test_builtin_layouts_place_every_zone_for_every_player_count(game):
    spec = games.get(game)
    layout = load_layout(game)
    for players in spec.player_range:
        assert players in layout.seats
        view = spec.new_game(players, seed=1).view(0)
        for zv in view.zones:
            assert zv.name in layout.zones, f"{game} has no place for zone {zv.name}"
        geometry = Geometry(layout, (1280, 720), players, 0)
        for zv in view.zones:
            for x, y, _ in geometry.slots(zv.name, zv.owner, max(1, len(zv))):
                assert 0 <= x <= 1280 and 0 <= y <= 720


@pytest.mark.parametrize(
    "text, line, key, words",
    [
        (
            "card_width: 90\nseats: {4: [bottom, left, top, rigth]}\nzones: {hand: {seat: [0, 1]}}\n",
            2,
            "seats.4.3",
            "unknown position",
        ),
        (
            "card_width: 90\nseats: {2: [bottom, top]}\nzones:\n  hand: {seat: [0, 1], style: spiral}\n",
            4,
            "zones.hand.style",
            "one of",
        ),
        (
            "card_width: 90\nseats: {2: [bottom, top]}\nzones:\n  hand: {at: [1, 2], seat: [0, 1]}\n",
            4,
            "zones.hand",
            "give one of",
        ),
        (
            "card_width: 9000\nseats: {2: [bottom, top]}\nzones: {hand: {seat: [0, 1]}}\n",
            1,
            "card_width",
            "20 to 300",
        ),
        (
            "card_width: 90\nseats: {2: [top, bottom]}\nzones: {hand: {seat: [0, 1]}}\n",
            2,
            "seats.2.0",
            "bottom",
        ),
        (
            "card_width: 90\nseats: {2: [bottom, top]}\nzones: {hand: {seat: [0, 1]}}\n"
            "actions: {play: {drop: table}}\n",
            4,
            "actions.play.drop",
            "no zone",
        ),
    ],
)
def test_layout_mistakes_are_located(text, line, key, words):
    with pytest.raises(ConfigError) as info:
        parse_layout("x", parse_yaml(text, "layouts/x.yaml"))
    assert info.value.line == line and info.value.key == key and words in str(info.value)
    assert str(info.value).startswith("layouts/x.yaml:")


def test_seats_are_placed_relative_to_the_viewer():
    layout = load_layout("ugly")
    assert [layout.position_of(s, 2, 4) for s in range(4)] == ["top", "right", "bottom", "left"]
    assert [layout.position_of(s, None, 3) for s in range(3)] == ["bottom", "left", "right"]
