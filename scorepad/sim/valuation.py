"""What a hand is worth to a bidder: its sure tricks, the risk of its nil, its count
under suicide, and those of an average hand under a set of rules (the heuristic bot bids by them).
"""

from __future__ import annotations

import random
from functools import cache

from scorepad.engine.play import SPADES, SUIT_OF, mask_of
from scorepad.engine.rules import Rules

# A card's rank within its suit, 0 (a two) to 12 (an ace); the jokers 13 and 14.
RANK_OF: tuple[int, ...] = tuple(code - 13 * SUIT_OF[code] for code in range(54))
ACE, KING, QUEEN, JACK = 12, 11, 10, 9
ACES = sum(1 << (13 * suit + ACE) for suit in range(4))
# The cards of each rank, all suits (the jokers' ranks hold one card each).
RANK_MASKS: tuple[int, ...] = tuple(
    sum(1 << code for code in range(54) if RANK_OF[code] == rank) for rank in range(15)
)

# A hand is valued suit by suit, and a suit's value depends only on which of its cards
# are held (13 bits, the ace highest; spades 15, the jokers above the ace). A side suit's
# value and risk are looked up in a table by the few facts they read (`side_key`,
# `side_risk_key`: a few hundred entries), tables the compiled kernel's heuristic bot
# reads too (`kernel.heuristic_values`). The other parts are worked out as asked: caches
# of them by a suit's bits bought 0.94x on the Python path with heuristic bots (standard
# preset) and 1.04x under suicide (`python benchmarks/sim_memo.py --memo valuation` at
# commit 7f3b17a), so there are none; the keys written inline in `hand_tricks` and
# `nil_risk` bought 1.13x (`--memo inlined` at commit 7e30888), so they are called.


def suit_tricks(bits: int, spades_held: int) -> float:
    """Tricks a side suit should take (its cards as 13 bits): its top cards, less when the
    suit is long, and a void or singleton to trump with when there are spades to do it."""
    length = bits.bit_count()
    value = 0.0
    ace, king, queen = bits >> ACE & 1, bits >> KING & 1, bits >> QUEEN & 1
    if ace:
        value += 1.0 if length <= 5 else 0.7
    if king and length >= 2:
        value += 0.8 if length <= 4 else 0.5
        if length == 2 and not ace:
            value -= 0.3
    if queen and length >= 3 and ace:
        value += 0.3
    if length == 0 and spades_held >= 2:
        value += 0.9
    elif length == 1 and spades_held >= 3:
        value += 0.5
    return value


def spade_tricks(bits: int, top: int) -> float:
    """Tricks the spades should take (as 15 bits): the honours that stand up, and length.
    `top` is the rank of the highest spade in the deck (the ace, or the big joker)."""
    length = bits.bit_count()
    value = 0.0
    rest = bits
    while rest:  # from the highest spade down
        rank = rest.bit_length() - 1
        # A spade is good when it is high enough to beat the spades above it not held.
        missing_above = top - rank - (length - rest.bit_count())
        if missing_above <= 0:
            value += 1.0
        elif missing_above == 1 and length >= 2:
            value += 0.7
        elif missing_above == 2 and length >= 3:
            value += 0.4
        else:
            break  # the spades below miss as many above, or more: none is good
        rest ^= 1 << rank
    return value + max(0, length - 4) * 0.8



def side_key(bits: int, spades_held: int) -> int:
    """What `suit_tricks` reads of a side suit (its ace, king and queen, its length, and up
    to 3 spades held) as a small int: the index of the suit's value in `SIDE_VALUES`."""
    return bits >> QUEEN | bits.bit_count() << 3 | min(spades_held, 3) << 7


def _side_values() -> tuple[float, ...]:
    values = [0.0] * (4 << 7)
    for held in range(4):
        for length in range(14):
            for top in range(8):  # the queen, king and ace, as bits
                low = length - top.bit_count()  # the cards under the queen
                if 0 <= low <= QUEEN:
                    bits = top << QUEEN | (1 << low) - 1
                    values[side_key(bits, held)] = suit_tricks(bits, held)
    return tuple(values)


def hand_tricks(hand: int, top: int = ACE) -> float:
    """A club player's count of the tricks a hand should take."""
    spades, clubs = hand >> 39, hand & 0x1FFF
    diamonds, hearts = hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF
    held, values = spades.bit_count(), SIDE_VALUES
    return (
        spade_tricks(spades, top)
        + values[side_key(clubs, held)]
        + values[side_key(diamonds, held)]
        + values[side_key(hearts, held)]
    )


def side_suit_risk(bits: int) -> float:
    """How likely a side suit (its cards as 13 bits) is to force a nil to take a trick."""
    length = bits.bit_count()
    risk = 0.0
    below = 0  # cards of the suit under this one
    for rank in range(13):
        if not bits >> rank & 1:
            continue
        if rank >= ACE:
            risk += 0.6
        elif rank >= QUEEN and below < 2:
            risk += 0.3
        elif rank >= 8 and below == 0 and length <= 2:
            risk += 0.15
        below += 1
    return risk


def spade_risk(bits: int) -> float:
    """The same for the spades (as 15 bits)."""
    risk = 0.0
    for rank in range(15):
        if bits >> rank & 1:
            if rank >= JACK:
                risk += 0.6
            elif rank >= 7:
                risk += 0.2
    return risk + max(0, bits.bit_count() - 3) * 0.3


def side_risk_key(bits: int) -> int:
    """What `side_suit_risk` reads of a side suit (its cards from the eight up, and how many
    below them) as a small int: the index of the suit's risk in `SIDE_RISKS`."""
    return bits >> 8 | (bits & 0xFF).bit_count() << 5


def spade_risk_key(bits: int) -> int:
    """What `spade_risk` reads of the spades (whether the seven and the eight are held, how
    many from the jack up, how many in all): the index of their risk in `SPADE_RISKS`."""
    return bits >> 7 & 3 | (bits >> JACK).bit_count() << 2 | bits.bit_count() << 5


def _side_risks() -> tuple[float, ...]:
    risks = [0.0] * (9 << 5)
    for top in range(32):  # the cards from the eight up, as bits
        for low in range(9):  # the cards under the eight
            bits = top << 8 | (1 << low) - 1
            risks[side_risk_key(bits)] = side_suit_risk(bits)
    return tuple(risks)


def _spade_risks() -> tuple[float, ...]:
    risks = [0.0] * (16 << 5)
    for middle in range(4):  # the seven and the eight, as bits
        for high in range(7):  # how many from the jack up (to the big joker)
            for low in range(8):  # how many under the seven
                bits = (1 << high) - 1 << JACK | middle << 7 | (1 << low) - 1
                risks[spade_risk_key(bits)] = spade_risk(bits)
    return tuple(risks)


SIDE_VALUES = _side_values()
SIDE_RISKS = _side_risks()
SPADE_RISKS = _spade_risks()


def nil_risk(hand: int) -> float:
    """How likely the hand is to be forced to take a trick: 0 safe, 1 hopeless (rough)."""
    spades, clubs = hand >> 39, hand & 0x1FFF
    diamonds, hearts = hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF
    risks = SIDE_RISKS
    return (
        SPADE_RISKS[spade_risk_key(spades)]
        + risks[side_risk_key(clubs)]
        + risks[side_risk_key(diamonds)]
        + risks[side_risk_key(hearts)]
    )


# Suicide: the tricks a side's number bidder takes, by its cards (a least-squares fit of the
# tricks taken on these counts over some 7,000 simulated suicide deals; it leaves a spread
# of 1.66 tricks where `hand_tricks` leaves 1.80). Every side has a nil ducking under its
# partner, so middling cards take tricks they would not take in the standard game.
_SUICIDE_SIDE_VALUE = {ACE: 1.2, KING: 0.82, QUEEN: 0.54, JACK: 0.44, 8: 0.24, 7: 0.13}
_SUICIDE_SPADE_VALUE = {ACE: 1.39, KING: 1.13, QUEEN: 0.9, JACK: 0.62, 8: 0.45, 7: 0.26}
_SUICIDE_LOW_CARD = -0.17  # a side card of rank 6 or lower


def _suicide_side(bits: int) -> float:
    length = bits.bit_count()
    value = 0.08 if length == 0 else 0.14 if length == 1 else 0.15 * max(0, length - 4)
    for rank in range(13):
        if bits >> rank & 1:
            value += _SUICIDE_SIDE_VALUE.get(rank, _SUICIDE_LOW_CARD if rank <= 4 else 0.0)
    return value


def _suicide_spades(bits: int) -> float:
    length = bits.bit_count()
    value = 0.39 * length + 0.33 * max(0, length - 4)
    for rank in range(15):
        if bits >> rank & 1:
            value += _SUICIDE_SPADE_VALUE.get(min(rank, ACE), 0.0)  # a joker counts as the ace
    return value


def suicide_tricks(hand: int) -> float:
    """The tricks a suicide side's number bidder should take with a 13-card hand."""
    return (
        0.22
        + _suicide_spades(hand >> 39)
        + _suicide_side(hand & 0x1FFF)
        + _suicide_side(hand >> 13 & 0x1FFF)
        + _suicide_side(hand >> 26 & 0x1FFF)
    )


@cache
def average_count(rules: Rules) -> float:
    """The mean `hand_tricks` of a random hand under these rules (a fixed sample).

    A value of the rules, worked out once per rules and process (a heuristic bot asks for
    it every game): not a speed trick but a constant of the rules, like a table. The cache
    assumes only that `Rules` is frozen (its key is the whole of the rules, so it leaves
    nothing out) and that the value reads nothing else: the sample is drawn from its own
    `random.Random(0)`, never the game's stream, so a forked worker that inherits the
    value holds the one it would work out itself.
    """
    from scorepad.sim.deal import deck_plan

    plan = deck_plan(rules)
    rng = random.Random(0)
    top = RANK_OF[max(plan.codes)]
    hands = [mask_of(rng.sample(plan.codes, plan.tricks)) for _ in range(400)]
    return sum(hand_tricks(hand, top) for hand in hands) / len(hands)


# How much each card takes off a nil's chance, and what a low card adds: fitted on
# simulated forced nils (a linear fit over a few thousand suicide deals). Spades weigh
# most: a nil can shed a high side card on a suit it is out of, but a high spade only
# under a higher one.
_SPADE_NIL_COST = {
    14: 0.47,
    13: 0.47,
    ACE: 0.47,
    KING: 0.27,
    QUEEN: 0.17,
    JACK: 0.14,
    8: 0.08,
    7: 0.08,
}
_SIDE_NIL_COST = {ACE: 0.11, KING: 0.06, QUEEN: 0.03, JACK: 0.03, 8: 0.01}


def _side_nil_chance(bits: int) -> float:
    length = bits.bit_count()
    chance = 0.0
    for rank in range(13):
        if bits >> rank & 1:
            chance -= _SIDE_NIL_COST.get(rank, 0.0)
            chance += 0.035 if rank <= 3 else 0.0
            if rank >= QUEEN and length <= 2:
                chance -= 0.065  # a short honour is hard to shed under others
    return chance


def _spade_nil_chance(bits: int) -> float:
    chance = -0.11 * max(0, bits.bit_count() - 3)
    for rank in range(15):
        if bits >> rank & 1:
            chance -= _SPADE_NIL_COST.get(rank, 0.0)
    return chance


def nil_chance(hand: int, top: int = SPADES * 13 + ACE) -> float:
    """A rough chance that the hand makes a nil that is covered (0 to 1); none with the
    deck's highest card `top`, which wins any trick it is played to."""
    if hand >> top & 1:
        return 0.0
    chance = (
        0.73
        + _spade_nil_chance(hand >> 39)
        + _side_nil_chance(hand & 0x1FFF)
        + _side_nil_chance(hand >> 13 & 0x1FFF)
        + _side_nil_chance(hand >> 26 & 0x1FFF)
    )
    return min(1.0, max(0.0, chance))


@cache
def median_nil_chance(rules: Rules) -> float:
    """The median `nil_chance` of a random hand under these rules (a fixed sample).

    A value of the rules, kept per rules and process as `average_count` is, on the same
    assumptions: frozen rules, a sample of its own (`random.Random(0)`).
    """
    from scorepad.sim.deal import deck_plan

    plan = deck_plan(rules)
    rng = random.Random(0)
    top = max(plan.codes)
    hands = [mask_of(rng.sample(plan.codes, plan.tricks)) for _ in range(400)]
    chances = sorted(nil_chance(hand, top) for hand in hands)
    return chances[len(chances) // 2]


def suit_parts(bits: int) -> tuple[float, float, float, float]:
    """A suit's parts (its cards as 13 bits) of `nil_chance` and `suicide_tricks`: as a
    side suit and as the spades, each; the compiled kernel's bot sums them as these do."""
    return (
        _side_nil_chance(bits),
        _spade_nil_chance(bits),
        _suicide_side(bits),
        _suicide_spades(bits),
    )
