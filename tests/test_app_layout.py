"""Layouts: every built-in one places every zone for every player count its game allows, in a
large and a small window, without seats running into each other; mistakes name file, line and key."""

import pytest

from cardtable import games
from cardtable.app.layout import Geometry, has_layout, load_layout, parse_layout, ring_frames
from cardtable.app.layout.geometry import ring_angle
from cardtable.yamlfile import ConfigError, parse_yaml

TABLES = [g for g in games.ids() if has_layout(g)]
SIZES = [(1280, 720), (900, 600), (900, 540)]
BASE = "card_width: 90\nzones: {hand: {seat: [0, 1]}}\n"


def boxes_overlap(a, b, slack=0) -> bool:
    return (
        a[0] + slack < b[0] + b[2]
        and b[0] + slack < a[0] + a[2]
        and a[1] + slack < b[1] + b[3]
        and b[1] + slack < a[1] + a[3]
    )


def cases():
    for game in TABLES:
        for players in games.get(game).player_range:
            for size in SIZES:
                yield game, players, size


@pytest.mark.parametrize("game, players, size", list(cases()))
def test_every_zone_of_every_seat_lies_in_the_window(game, players, size):
    spec = games.get(game)
    layout = load_layout(game)
    view = spec.new_game(players, seed=1).view(0)
    geometry = Geometry(layout, size, players, 0)
    for zv in view.zones:
        assert zv.name in layout.zones, f"{game} has no place for zone {zv.name}"
        count = max(1, len(zv))
        for x, y, _ in geometry.slots(zv.name, zv.owner, count):
            assert 0 <= x <= size[0] and 0 <= y <= size[1], (zv.name, zv.owner, x, y)


@pytest.mark.parametrize("game, players, size", list(cases()))
def test_seats_do_not_run_into_each_other(game, players, size):
    """Each seat's home zone (its hand) and name plate keep clear of every other seat's."""
    spec = games.get(game)
    layout = load_layout(game)
    view = spec.new_game(players, seed=1).view(0)
    geometry = Geometry(layout, size, players, 0)
    home = layout.home
    hands = {}
    for zv in view.zones_named(home):
        hands[zv.owner] = geometry.zone_box(home, zv.owner, len(zv))
    for a in range(players):
        for b in range(a + 1, players):
            assert not boxes_overlap(hands[a], hands[b], slack=8), f"hands of seats {a} and {b} overlap"
    plates = []
    for seat in range(players):
        plates.append(geometry.plate_box(seat, 190 * geometry.scale, 90 * geometry.scale))
    for a in range(players):
        for b in range(a + 1, players):
            assert not boxes_overlap(plates[a], plates[b]), f"plates of seats {a} and {b} overlap"
    assert not boxes_overlap(plates[0], hands[0]), "the viewer's plate covers their hand"


@pytest.mark.parametrize("players", range(2, 13))
def test_the_ring_puts_the_viewer_at_the_bottom_and_the_next_seat_to_their_left(players):
    frames = ring_frames(players, (1280, 720), 1.0, 50)
    assert frames[0].edge == "bottom" and frames[0].anchor == (640, 720)
    assert all(f.edge != "bottom" for f in frames[1:])
    assert frames[1].edge in ("left", "top")  # clockwise: the next seat sits on the viewer's left
    assert frames[-1].edge in ("right", "top")
    angles = [ring_angle(k, players, 50) for k in range(players)]
    assert angles == sorted(angles) and angles[-1] < 450 - 50 + 1e-9
    if players == 4:
        assert [f.edge for f in frames] == ["bottom", "left", "top", "right"]


def test_seats_are_placed_relative_to_the_viewer():
    layout = load_layout("ugly")
    g = Geometry(layout, (1280, 720), 4, 2)
    assert [g.edge_of(s) for s in range(4)] == ["top", "right", "bottom", "left"]
    spectator = Geometry(layout, (1280, 720), 3, None)
    assert spectator.edge_of(0) == "bottom"


@pytest.mark.parametrize(
    "text, line, key, words",
    [
        (
            "card_width: 90\nseats: {compact_from: 40}\nzones: {hand: {seat: [0, 1]}}\n",
            2,
            "seats.compact_from",
            "2 to 13",
        ),
        ("card_width: 90\nzones:\n  hand: {seat: [0, 1], style: spiral}\n", 3, "zones.hand.style", "one of"),
        ("card_width: 90\nzones:\n  hand: {at: [1, 2], seat: [0, 1]}\n", 3, "zones.hand", "give one of"),
        ("card_width: 9000\nzones: {hand: {seat: [0, 1]}}\n", 1, "card_width", "20 to 300"),
        (BASE + "actions: {play: {drop: table}}\n", 3, "actions.play.drop", "no zone"),
        (BASE + "actions: {play: {select: many}}\n", 3, "actions.play.select", "one of"),
        (BASE + "actions: {attack: {from: [hand, tabel]}}\n", 3, "actions.attack.from.1", "no zone"),
        (BASE + "actions: {turn: {mode: [a, b]}}\n", 3, "actions.turn.mode", "must be text"),
        (BASE + "plate: {drop: tabel}\n", 3, "plate.drop", "no zone"),
        (BASE + "badges: [{key: direction, at: [1, 1], arrow: maybe}]\n", 3, "badges.0.arrow", "true or"),
        (BASE + "plate: {lines: [{txt: x}]}\n", 3, "plate.lines.0.txt", "unknown key"),
        (BASE + "timing: [{event: explode}]\n", 3, "timing.0.event", "one of"),
        (
            BASE + "timing:\n  - {event: moved}\n  - {event: moved, sound: kazoo}\n",
            5,
            "timing.1.sound",
            "no sound",
        ),
        (BASE + "timing: [{event: moved, sound: [deal]}]\n", 3, "timing.0.sound", "must be text"),
        (
            "card_width: 90\nzones:\n  pile: {at: [1, 1], outline: yes please}\n",
            3,
            "zones.pile.outline",
            "true or",
        ),
        (BASE + "hook: rm -rf\n", 3, "hook", "hooks"),
        (BASE + "log: {moves: {hand>trick: '{whom} plays'}}\n", 3, "log.moves.hand>trick", "placeholder"),
        (BASE + "log: {moves: {hand: '{who} plays'}}\n", 3, "log.moves.hand", "from>to"),
        (BASE + "log: {won: '{who'}\n", 3, "log.won", "placeholders"),
        (BASE + "log: {quiet: [turn], loud: [x]}\n", 3, "log.loud", "unknown key"),
        (BASE + "handover: {play: '{who plays'}\n", 3, "handover.play", "placeholders"),
        (
            BASE + "handover:\n  play:\n    - '{who} leads'\n    - '{who'\n",
            6,
            "handover.play.1",
            "placeholders",
        ),
        (BASE + "handover: {play: [{who: x}]}\n", 3, "handover.play.0", "must be text"),
        (
            "card_width: 90\nzones:\n  hand: {seat: [0, 1], home: true}\n  pile: {at: [1, 1], home: true}\n",
            4,
            "zones.pile.home",
            "only one",
        ),
        (
            "card_width: 90\nzones:\n  deck: {at: [1, 1], viewer: {seat: [1, 2]}}\n",
            3,
            "zones.deck.viewer",
            "shared",
        ),
        (  # a typo puts the pile off the table: refused, with the range it must lie in
            "card_width: 90\nzones:\n  deck: {at: [6400, 360]}\n",
            3,
            "zones.deck.at",
            "x from -40 to 1320 and y from -40 to 760",
        ),
        ("card_width: 90\nzones:\n  hand: {seat: [0, 4000]}\n", 3, "zones.hand.seat", "in from -720 to 720"),
        (BASE + "hud: {status: [640, -300]}\n", 3, "hud.status", "a point on the table"),
    ],
)
def test_layout_mistakes_are_located(text, line, key, words):
    """Each mistake names its file, line and key (every style key is read, outline included)."""
    with pytest.raises(ConfigError) as info:
        parse_layout("x", parse_yaml(text, "layouts/x.yaml"))
    assert info.value.line == line and info.value.key == key and words in str(info.value)
    assert str(info.value).startswith("layouts/x.yaml:")


@pytest.mark.parametrize("game", TABLES)
def test_every_action_kind_of_the_game_is_known_to_its_layout(game):
    """A kind the layout does not mention still works (from its target), but a drop on a zone the
    layout names must be a zone of the game."""
    spec = games.get(game)
    layout = load_layout(game)
    zone_names = {zv.name for zv in spec.new_game(spec.min_players, seed=1).view(0).zones}
    for kind, action in layout.actions.items():
        for name in action.drop:
            assert name in zone_names, f"{game}: actions.{kind}.drop names {name}, not a zone of the game"
    assert layout.home in zone_names


@pytest.mark.parametrize("game, players, size", list(cases()))
def test_badges_keep_clear_of_name_plates(game, players, size):
    """The corner badges (round, trump, lead) never cover a player's name plate."""
    layout = load_layout(game)
    geometry = Geometry(layout, size, players, 0)
    s = geometry.scale
    for badge in layout.badges:
        x, y = geometry.design_point(*badge.at)
        box = (x - 85 * s, y - 26 * s, 170 * s, 52 * s)  # a badge of a typical width
        for seat in range(players):
            plate = geometry.plate_box(seat, 190 * s, 70 * s)
            assert not boxes_overlap(box, plate), f"the {badge.key} badge covers the plate of seat {seat}"


def test_every_style_key_is_read_for_zones_and_their_variants():
    text = (
        "card_width: 90\nzones:\n  hand: {seat: [0, 1], home: true}\n"
        "  pile: {at: [1, 1], outline: true, sort: color, compact: {outline: false}}\n"
    )
    layout = parse_layout("x", parse_yaml(text, "layouts/x.yaml"))
    assert layout.zones["pile"].resolved(False, False)[1].outline is True
    assert layout.zones["pile"].resolved(False, True)[1].outline is False
    assert layout.zones["pile"].resolved(False, False)[1].sort == "color"


def _states_of_a_played_game(game: str, players: int, every: int = 12):
    """Seat 0's view at points through a game the rule-based players play (real zone sizes)."""
    from cardtable.ai import make_agent

    spec = games.get(game)
    state = spec.new_game(players, seed=players)
    agents = [make_agent("normal", spec, seat) for seat in range(players)]
    views = [state.view(0)]
    moves = 0
    while not state.is_over() and moves < 3000:
        seat = state.to_act()[0]
        state.apply(seat, agents[seat].choose(state.view(seat)))
        moves += 1
        if moves % every == 0:
            views.append(state.view(0))
    return views


@pytest.mark.parametrize("game, players", [(g, n) for g in TABLES for n in games.get(g).player_range])
def test_zones_and_plates_keep_apart_through_a_real_game(game, players):
    """At every point of a played game, in both window sizes, no seat's cards or plate lie on
    another seat's, or on the middle of the table (the zones hold the cards they really hold); no
    seat's cards cover its own plate (a pile of won tricks over the points on it); and the strip
    of what just happened covers nothing."""
    from cardtable.app.table.hud import plate_size
    from cardtable.app.table.strip import strip_box, strip_point
    from cardtable.app.table.words import plate_lines

    layout = load_layout(game)
    names = [f"P{i}" for i in range(players)]
    for view in _states_of_a_played_game(game, players):
        for size in SIZES[:1] + SIZES[2:]:
            geometry = Geometry(layout, size, players, 0)
            boxes = []  # (owner or None for the middle, what, box)
            middle = []
            for zv in view.zones:
                style = geometry.zone_style(zv.name, zv.owner)
                if style.hidden or (not len(zv) and not style.outline):
                    continue
                box = geometry.zone_box(zv.name, zv.owner, max(1, len(zv)))
                if layout.zones[zv.name].place.kind == "center":
                    middle.append(box)  # one trick in the middle: its cards lie on each other, as on a table
                    continue
                boxes.append((zv.owner, zv.name, box))
            for seat in range(players):
                small = geometry.compact and seat != 0
                w, h = plate_size(geometry, small, len(plate_lines(layout, view, seat, names)))
                boxes.append((seat, "plate", geometry.plate_box(seat, w, h)))
            strip = tuple(strip_box(geometry, strip_point(layout, geometry), size))
            boxes.append(("strip", "strip", strip))
            for box in middle:
                assert not boxes_overlap(strip, box, slack=8), f"{size}: the strip covers the trick {box}"
            for i, (owner_a, what_a, a) in enumerate(boxes):
                for owner_b, what_b, b in boxes[i + 1 :]:
                    if owner_a == owner_b and "plate" not in (what_a, what_b):
                        continue
                    assert not boxes_overlap(a, b, slack=8), (
                        f"{size}: {what_a} of {owner_a} {a} overlaps {what_b} of {owner_b} {b}"
                    )
