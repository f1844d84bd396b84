from cardtable.engine import STANDARD, CardState, Visibility, Zone
from cardtable.engine.zones import ALL_SEATS

A, B, C = STANDARD.by_code("AS"), STANDARD.by_code("7D"), STANDARD.by_code("QH")


def test_hand_is_seen_by_its_owner_only():
    hand = Zone("hand", 1, "hand", Visibility.OWNER, private_order=True, cards=[A, B])
    assert hand.view(1).known_cards == [A, B]
    assert hand.view(0).known_cards == [] and hand.view(0).hidden_count == 2
    assert hand.view(None).hidden_count == 2


def test_known_cards_are_listed_before_placeholders_so_order_leaks_nothing():
    hand = Zone("hand", 1, "hand", Visibility.OWNER, private_order=True, cards=[A, B, C])
    hand.known[C] = 1 << 0  # seat 0 passed the Q♥ to seat 1
    view = hand.view(0)
    assert [cv.card for cv in view.cards] == [C, None, None]


def test_public_pile_and_face_down_cards():
    table = Zone("table", 2, "slots", Visibility.PUBLIC)
    table.add(A)
    table.add(B, state=CardState(face_up=False, orientation="defense"))
    for seat in (0, 1, None):
        cvs = table.view(seat).cards
        assert cvs[0].card == A
        assert cvs[1].card is None and cvs[1].face_up is False and cvs[1].orientation == "defense"
    own = table.view(2).cards[1]
    assert own.card == B and own.face_up is False


def test_deck_is_seen_by_nobody_unless_known():
    deck = Zone("deck", 0, "deck", Visibility.NOBODY, cards=[A, B])
    deck.known[B] = 1 << 3
    assert deck.view(0).hidden_count == 2
    assert deck.view(3).known_cards == [B]


def test_a_card_known_to_all_seats_is_seen_by_spectators_too():
    # Everyone watched the Q♥ go into seat 1's hand (as an event with seen=-1 shows it to all).
    hand = Zone("hand", 1, "hand", Visibility.OWNER, private_order=True, cards=[A, C])
    hand.known[C] = ALL_SEATS
    for seat in (0, 2, None):
        assert hand.view(seat).known_cards == [C] and hand.view(seat).hidden_count == 1
    assert hand.seen_mask(C, 3) == ALL_SEATS
    # Every seat's bit is not the same as everyone: a spectator did not see that card.
    hand.known[C] = 0b111
    assert hand.view(2).known_cards == [C] and hand.view(None).known_cards == []


def test_attached_cards_are_part_of_the_zone():
    table = Zone("table", 0, "slots", Visibility.PUBLIC)
    table.add(A, state=CardState(orientation="attack", attached=[B]))
    assert sorted(table.all_cards()) == sorted([A, B])
    view = table.view(1).cards[0]
    assert view.attached[0].card == B
    assert table.remove(A).attached == [B]


def test_seen_mask_for_event_redaction():
    hand = Zone("hand", 2, "hand", Visibility.OWNER, cards=[A])
    assert hand.seen_mask(A, 4) == 1 << 2
    pile = Zone("pile", None, "pile", Visibility.PUBLIC, cards=[A])
    assert pile.seen_mask(A, 4) == -1


def test_round_trip_through_dict_and_copy_independence():
    table = Zone("table", 0, "slots", Visibility.PUBLIC)
    table.add(A, known=1, state=CardState(False, "defense", [B]))
    table.add(C)
    again = Zone("table", 0, "slots", Visibility.PUBLIC)
    again.load(table.to_dict(), STANDARD)
    assert again.cards == table.cards and again.known == table.known
    assert again.state[A] == table.state[A]
    dup = table.copy()
    dup.state[A].attached.append(C)
    dup.cards.pop()
    assert table.state[A].attached == [B] and len(table.cards) == 2
