"""Cards: the notation round-trips, the decks of each preset, and the card codes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.engine.cards import (
    CODE_CARDS,
    CODE_COUNT,
    JOKERS,
    STANDARD_DECK,
    Card,
    Rank,
    Suit,
    build_deck,
    card_code,
    card_of_code,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)
from scorepad.errors import CardError
from scorepad.files.presets import load_preset, preset_names

ALL_CARDS = STANDARD_DECK + JOKERS


@given(st.sampled_from(ALL_CARDS))
def test_a_card_round_trips(card: Card) -> None:
    assert parse_card(format_card(card)) == card


@given(st.lists(st.sampled_from(ALL_CARDS)))
def test_a_list_of_cards_round_trips(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == cards


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("AS", Card(Suit.SPADES, Rank.ACE)),
        ("10H", Card(Suit.HEARTS, Rank.TEN)),
        ("td", Card(Suit.DIAMONDS, Rank.TEN)),
        ("2C", Card(Suit.CLUBS, Rank.TWO)),
        ("Q♥", Card(Suit.HEARTS, Rank.QUEEN)),
        ("BJ", Card(Suit.SPADES, Rank.BIG_JOKER)),
        ("lj", Card(Suit.SPADES, Rank.LITTLE_JOKER)),
    ],
    ids=["ace", "ten", "T-for-ten", "two", "symbol", "big-joker", "little-joker"],
)
def test_parse_card(text: str, card: Card) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "1S", "11H", "AX", "J", "JOKER", "BS"])
def test_bad_card_text_is_refused_with_the_text(text: str) -> None:
    with pytest.raises(CardError, match="not a card"):
        parse_card(text)


def test_jokers_are_the_highest_spades() -> None:
    little, big = JOKERS
    assert little.suit == big.suit == Suit.SPADES
    assert Card(Suit.SPADES, Rank.ACE).rank < little.rank < big.rank
    assert (format_card(little), format_card(big)) == ("LJ", "BJ")


@pytest.mark.parametrize(
    ("preset", "size", "tricks", "discards"),
    [
        ("standard", 52, 13, 0),
        ("jokers", 54, 13, 2),
        ("solo-3", 51, 17, 0),
        ("solo-5", 50, 10, 0),
        ("solo-6", 48, 8, 0),
    ],
)
def test_deck_of_each_table(preset: str, size: int, tricks: int, discards: int) -> None:
    rules = load_preset(preset).rules
    assert len(rules.deck) == len(set(rules.deck)) == size
    assert (rules.tricks, rules.discards) == (tricks, discards)


def test_removed_cards_leave_the_deck() -> None:
    deck = build_deck(removed=[parse_card("2C"), parse_card("2D")])
    assert parse_card("2C") not in deck and parse_card("2D") not in deck and len(deck) == 50


@pytest.mark.parametrize("preset", preset_names())
def test_every_preset_deck_has_distinct_codes(preset: str) -> None:
    codes = [card_code(card) for card in load_preset(preset).rules.deck]
    assert len(set(codes)) == len(codes)


def test_codes_round_trip_and_order_ranks_within_a_suit() -> None:
    assert len(CODE_CARDS) == CODE_COUNT == 54
    for code, card in enumerate(CODE_CARDS):
        assert card_code(card) == code and card_of_code(code) == card
    for a in ALL_CARDS:
        for b in ALL_CARDS:
            if a.suit == b.suit:
                assert (card_code(a) < card_code(b)) == (a.rank < b.rank)
    spades = [card_code(card) for card in ALL_CARDS if card.suit == Suit.SPADES]
    assert sorted(spades) == list(range(39, 54))


def test_a_bad_code_is_refused() -> None:
    with pytest.raises(CardError, match="not a card code: 54"):
        card_of_code(54)
