"""The engine's play rules on card codes (scorepad.engine.play) agree with a plain reading
of RULES.md 3-4."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.engine.cards import CODE_CARDS, CODE_COUNT, Suit, card_code, parse_card, parse_cards
from scorepad.engine.play import (
    BEATS,
    NO_SUIT,
    SPADES,
    SUIT_OF,
    codes_of,
    legal_mask,
    mask_of,
    suit_lists,
    trick_winner,
)
from scorepad.sim.validate import replay_play


def codes(text: str) -> list[int]:
    return [card_code(card) for card in parse_cards(text)]


def legal_text(hand: str, led: str | None, broken: bool) -> str:
    suit = NO_SUIT if led is None else int(parse_card(led).suit)
    mask = legal_mask(mask_of(codes(hand)), suit, broken)
    return " ".join(str(CODE_CARDS[code]) for code in codes_of(mask))


@pytest.mark.parametrize(
    ("hand", "led", "broken", "legal"),
    [
        ("2C 5C AH", "KC", False, "2C 5C"),
        ("2C 5C AH", "KD", False, "2C 5C AH"),
        ("2S AH", "KD", False, "AH 2S"),
        ("2S 3S", "KH", False, "2S 3S"),
        ("2C AS", None, False, "2C"),
        ("2C AS", None, True, "2C AS"),
        ("AS KS", None, False, "KS AS"),
        ("BJ 2H", "3S", True, "BJ"),
        ("LJ 2H", None, False, "2H"),
        ("LJ BJ", None, False, "LJ BJ"),
        ("LJ 4D", "KS", True, "LJ"),
    ],
    ids=[
        "follow-suit",
        "void-plays-anything",
        "void-may-trump",
        "only-spades-on-a-side-lead",
        "no-spade-lead-before-broken",
        "spade-lead-once-broken",
        "spade-lead-when-only-spades",
        "joker-follows-spades",
        "joker-is-a-spade-to-lead",
        "jokers-only-may-lead",
        "little-joker-follows-spades",
    ],
)
def test_legal_cards(hand: str, led: str | None, broken: bool, legal: str) -> None:
    assert legal_text(hand, led, broken) == legal


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("KC 2C AC 3C", 2),
        ("KC 2D AH 3H", 0),
        ("KC 2S AC 3C", 1),
        ("KC 2S 3S AC", 2),
        ("AS LJ BJ KS", 2),
        ("2H LJ AS 3H", 1),
        ("2D 3D", 1),
    ],
    ids=[
        "highest-of-suit",
        "off-suit-never-wins",
        "a-spade-trumps",
        "higher-spade-overtrumps",
        "big-joker-tops",
        "little-joker-over-ace",
        "two-players",
    ],
)
def test_trick_winner(trick: str, winner: int) -> None:
    assert trick_winner(codes(trick)) == winner


def reference_winner(trick: list[int]) -> int:
    cards = [CODE_CARDS[code] for code in trick]
    led = cards[0].suit
    keys = [(card.suit == Suit.SPADES, card.suit == led, card.rank) for card in cards]
    return keys.index(max(keys))


@given(st.lists(st.sampled_from(range(54)), min_size=3, max_size=6, unique=True))
def test_trick_winner_agrees_with_the_card_objects(trick: list[int]) -> None:
    assert trick_winner(trick) == reference_winner(trick)


@given(st.sets(st.sampled_from(range(54)), min_size=1, max_size=17), st.booleans())
def test_legal_mask_agrees_with_the_card_objects(hand: set[int], broken: bool) -> None:
    cards = [CODE_CARDS[code] for code in hand]
    for led in [None, *Suit]:
        legal = set(codes_of(legal_mask(mask_of(hand), NO_SUIT if led is None else led, broken)))
        if led is not None and any(card.suit == led for card in cards):
            expected = {code for code in hand if CODE_CARDS[code].suit == led}
        elif led is None and not broken and any(card.suit != Suit.SPADES for card in cards):
            expected = {code for code in hand if CODE_CARDS[code].suit != Suit.SPADES}
        else:
            expected = set(hand)
        assert legal == expected


def test_suit_lists_split_a_hand_lowest_first() -> None:
    rng = random.Random(4)
    for _ in range(200):
        hand = set(rng.sample(range(54), rng.randint(0, 18)))
        lists = suit_lists(hand)
        assert [code for cards in lists for code in cards] == sorted(hand)
        assert all(SUIT_OF[code] == suit for suit, cards in enumerate(lists) for code in cards)


@pytest.mark.parametrize(
    ("led", "trumped"),
    [("5H", False), ("5H", True), ("9C", True), ("QS", False), ("LJ", False)],
    ids=["a-heart-winning", "a-trump-over-hearts", "a-trump-over-clubs", "a-spade", "a-joker"],
)
def test_beats_holds_the_cards_that_take_the_trick(led: str, trumped: bool) -> None:
    """BEATS[best]: the cards a later player takes the trick with (by `trick_winner`), for
    the card winning it, led or a trump."""
    start = codes(led)
    trumps = [code for code in range(CODE_COUNT) if SUIT_OF[code] == SPADES]
    for best in trumps if trumped else start:
        trick = [*start, best] if trumped else start
        takers = {
            code
            for code in range(CODE_COUNT)
            if code not in trick and trick_winner([*trick, code]) == len(trick)
        }
        assert set(codes_of(BEATS[best])) == takers, CODE_CARDS[best]


# -- the validator against the one source of the rules of play -------------------------


def play_out(
    rng: random.Random, dealer: int, revoke_at: int | None = None
) -> tuple[list[list[int]], list[int], list[int], bool]:
    """A four-seat deal played by `legal_mask` and `trick_winner` (the fast play's
    source), with card `revoke_at` played off the suit led where the player could follow;
    and whether it was."""
    deck = list(range(52))
    rng.shuffle(deck)
    dealt = [sorted(deck[13 * seat : 13 * seat + 13]) for seat in range(4)]
    hands = [mask_of(hand) for hand in dealt]
    plays, winners = [], []
    leader, broken, revoked = (dealer + 1) % 4, False, False
    for _ in range(13):
        led, trick = NO_SUIT, []
        for step in range(4):
            seat = (leader + step) % 4
            legal = legal_mask(hands[seat], led, broken)
            if len(plays) == revoke_at and led != NO_SUIT and hands[seat] & ~legal:
                legal = hands[seat] & ~legal  # only cards off the suit led
                revoked = True
            code = rng.choice(codes_of(legal))
            hands[seat] ^= 1 << code
            trick.append(code)
            plays.append(code)
            led = SUIT_OF[trick[0]]
            broken = broken or SUIT_OF[code] == SPADES
        leader = (leader + trick_winner(trick)) % 4
        winners.append(leader)
    return dealt, plays, winners, revoked


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 10**6), dealer=st.integers(0, 3))
def test_the_validator_reads_legal_play_and_winners_as_the_rules_of_play(
    seed: int, dealer: int
) -> None:
    dealt, plays, winners, _ = play_out(random.Random(seed), dealer)
    leader = (dealer + 1) % 4
    replay = replay_play(dealt, leader, plays, ["N", "E", "S", "W"])
    assert replay.problems == [] and replay.winners == winners


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 10**6), at=st.integers(1, 51))
def test_the_validator_finds_each_card_the_rules_of_play_refuse(seed: int, at: int) -> None:
    rng = random.Random(seed)
    dealt, plays, _, revoked = play_out(rng, 0, revoke_at=at)
    replay = replay_play(dealt, 1, plays, ["N", "E", "S", "W"])
    assert revoked == (replay.problems != [])
    assert all(problem.check == "legal" for problem in replay.problems)
