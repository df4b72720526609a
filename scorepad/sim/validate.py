"""Independent checks of a played deal: a slow, plain reading of the rules.

Nothing here uses the simulator's fast play functions: suits and ranks come from the
`Card` objects, a trick's winner is the maximum of an explicit key, and a hand is a
set of codes. A problem is returned as a `Problem`, never raised, so a run counts them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorepad.cards import CODE_CARDS, Rank, Suit
from scorepad.rules import Rules
from scorepad.scoring import SideScore

REF_SUIT: tuple[Suit, ...] = tuple(card.suit for card in CODE_CARDS)
REF_RANK: tuple[Rank, ...] = tuple(card.rank for card in CODE_CARDS)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a deal, as facts: which check, what kind of problem (a kind
    of scorepad.render.problems, which words it) and its values (card codes, seats,
    numbers, the engine's and the reference's results), who (a seat), which trick
    (1-based)."""

    check: str
    kind: str
    values: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None
    trick: int | None = None

    # (The words are imported when a problem is shown: a clean run never loads them.)
    @property
    def words(self) -> str:
        """The problem in the language spoken here."""
        from scorepad.render.problems import problem_words

        return problem_words(self.kind, self.values)

    @property
    def message(self) -> str:
        """The problem in English, as the JSON keeps it for scripts."""
        from scorepad.render.problems import in_english, problem_words

        return in_english(problem_words, self.kind, self.values)


@dataclass(slots=True)
class Replay:
    """A deal's play replayed by the reference rules."""

    taken: list[int]
    winners: list[int] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def check_dealt(
    deck: Sequence[int],
    dealt: Sequence[Sequence[int]],
    dealer: int,
    tricks: int,
    extra: int,
    names: Sequence[str] | None = None,
) -> list[Problem]:
    """Every card of the deck dealt exactly once; each seat the right number of cards
    (a seat is named by `names` where given, else by its number)."""
    problems = []
    flat = [code for hand in dealt for code in hand]
    if len(flat) != len(deck) or set(flat) != set(deck):
        missing = set(deck) - set(flat)
        doubled = {code for code in flat if flat.count(code) > 1}
        strange = set(flat) - set(deck)
        problems.append(
            Problem(
                "deal",
                "not-dealt-once",
                {"missing": missing, "twice": doubled, "strange": strange},
            )
        )
    for seat, hand in enumerate(dealt):
        wanted = tricks + (extra if seat == dealer else 0)
        if len(hand) != wanted:
            who = names[seat] if names is not None else None
            problems.append(
                Problem(
                    "deal",
                    "dealt-count",
                    {"seat": seat, "who": who, "count": len(hand), "wanted": wanted},
                    seat,
                )
            )
    return problems


# A card's strength in a trick, by the suit led, from the Card objects alone: a spade
# beats any other suit, a card of the suit led beats the other side suits, then rank.
_STRENGTH: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        200 * (REF_SUIT[code] == Suit.SPADES) + 100 * (REF_SUIT[code] == led) + REF_RANK[code]
        for code in range(len(CODE_CARDS))
    )
    for led in Suit
)
_SUIT_NUMBER: tuple[int, ...] = tuple(int(suit) for suit in REF_SUIT)
_SPADES = int(Suit.SPADES)


def replay_play(
    holdings: Sequence[Iterable[int]],
    leader: int,
    plays: Sequence[int],
    names: Sequence[str],
) -> Replay:
    """Replay `plays` (card codes in play order) from these holdings; note every card not
    held, every revoke and every spade led too early; find each trick's winner.

    A hand is a set of codes with a count of cards per suit: a player revokes when it
    plays off the suit led while its count of that suit is not zero.
    """
    players = len(holdings)
    held = [set(hand) for hand in holdings]
    counts = [[0, 0, 0, 0] for _ in range(players)]
    for seat, hand in enumerate(held):
        for code in hand:
            counts[seat][_SUIT_NUMBER[code]] += 1
    replay = Replay(taken=[0] * players)
    winners, taken = replay.winners, replay.taken
    suit_number, strength_by_led = _SUIT_NUMBER, _STRENGTH
    broken = False
    seat = leader
    trick_count = len(plays) // players
    orders = [[(first + offset) % players for offset in range(players)] for first in range(players)]
    problems = replay.problems
    for number in range(trick_count):
        start = number * players
        trick = plays[start : start + players]
        led = suit_number[trick[0]]
        strength = strength_by_led[led]
        best, winner = -1, seat
        for who, code in zip(orders[seat], trick, strict=True):
            count = counts[who]
            suit = suit_number[code]
            if suit != led:
                if count[led]:
                    problems.append(_revoke(held[who], code, led, who, number, names))
            elif who == seat and suit == _SPADES and not broken and sum(count) > count[_SPADES]:
                problems.append(_early_spade(held[who], code, who, number, names))
            try:
                held[who].remove(code)
                count[suit] -= 1
            except KeyError:
                problems.append(_not_held(code, who, number, names))
            if suit == _SPADES:
                broken = True
            if strength[code] > best:
                best, winner = strength[code], who
        winners.append(winner)
        taken[winner] += 1
        seat = winner
    if len(plays) != trick_count * players:
        replay.problems.append(
            Problem(
                "tricks", "short-trick", {"trick": trick_count + 1, "count": len(plays) % players}
            )
        )
    for who, hand in enumerate(held):
        if hand:
            replay.problems.append(
                Problem("holding", "still-holds", {"who": names[who], "cards": sorted(hand)}, who)
            )
    return replay


# The same reading of the rules on bit masks, for the common case of a deal with nothing
# wrong: a suit's mask and a card's bit come from the Card objects (REF_SUIT), not from
# the play code's tables, and a trick's winner is still the maximum of `_STRENGTH`.
_REF_SUIT_MASKS: tuple[int, ...] = tuple(
    sum(1 << code for code in range(len(CODE_CARDS)) if REF_SUIT[code] == suit) for suit in Suit
)
_REF_NON_SPADES = (1 << len(CODE_CARDS)) - 1 & ~_REF_SUIT_MASKS[_SPADES]


_REF_BIT: tuple[int, ...] = tuple(1 << code for code in range(len(CODE_CARDS)))


def dealt_masks(
    deck_mask: int, dealt: Sequence[Sequence[int]], dealer: int, tricks: int, extra: int
) -> list[int] | None:
    """Each seat's dealt cards as a bit mask when every card of the deck (`deck_mask`)
    was dealt exactly once and each seat got its number of cards, else None
    (`check_dealt` then says what is wrong).

    A sum of n powers of two has at most n bits set, and exactly n only when no two are
    equal (no carry): so the masks, summed, equal the deck's mask with as many cards
    dealt as the deck has exactly when no card was dealt twice and none was left out.
    """
    wanted = [tricks] * len(dealt)
    if extra:
        wanted[dealer] += extra
    if list(map(len, dealt)) != wanted or sum(wanted) != deck_mask.bit_count():
        return None
    bit = _REF_BIT.__getitem__
    masks = [sum(map(bit, hand)) for hand in dealt]
    return masks if sum(masks) == deck_mask else None


def replay_clean(
    holdings: Sequence[Iterable[int]], leader: int, plays: Sequence[int], tricks: int
) -> tuple[list[int], list[int]] | None:
    """The trick winners and tricks per seat of a deal in which every card is held and
    legal and every card is played, or None when anything is wrong (`replay_play` then
    says what). As strict as `replay_play`; only quicker, and without the wording."""
    held = []
    for hand in holdings:
        mask = 0
        for code in hand:
            mask |= 1 << code
        held.append(mask)
    return replay_masks(held, leader, plays, tricks)


def replay_masks(
    holdings: Sequence[int], leader: int, plays: Sequence[int], tricks: int
) -> tuple[list[int], list[int]] | None:
    """`replay_clean` from each seat's holding as a bit mask."""
    players = len(holdings)
    if len(plays) != tricks * players:
        return None
    if players == 4:
        return _replay_masks_4(list(holdings), leader, plays)
    held = list(holdings)
    suit_number, strength_by_led, suit_masks = _SUIT_NUMBER, _STRENGTH, _REF_SUIT_MASKS
    winners: list[int] = []
    taken = [0] * players
    broken = False
    seat = leader
    start = 0
    for _ in range(tricks):
        code = plays[start]
        led = suit_number[code]
        mask = held[seat]
        if not mask >> code & 1 or led == _SPADES and not broken and mask & _REF_NON_SPADES:
            return None
        held[seat] = mask ^ (1 << code)
        strength = strength_by_led[led]
        best, winner = strength[code], seat
        follow = suit_masks[led]
        who = seat
        for position in range(start + 1, start + players):
            who += 1
            if who == players:
                who = 0
            code = plays[position]
            mask = held[who]
            if not mask >> code & 1 or suit_number[code] != led and mask & follow:
                return None
            held[who] = mask ^ (1 << code)
            if strength[code] > best:
                best, winner = strength[code], who
        if led == _SPADES or best >= 200:
            broken = True
        winners.append(winner)
        taken[winner] += 1
        seat = winner
        start += players
    if any(held):
        return None  # a card still held at the end
    return winners, taken


_AFTER_4 = ((1, 2, 3), (2, 3, 0), (3, 0, 1), (0, 1, 2))  # the seats after each leader


def _replay_masks_4(
    held: list[int], leader: int, plays: Sequence[int]
) -> tuple[list[int], list[int]] | None:
    """`replay_masks` for four seats, a trick at a time. A card is not looked for in its
    player's hand as it is played: a seat that plays a card it does not hold is left with
    a card at the end (each seat plays once a trick, as many cards as it holds, and a
    bit flipped by a card not held stays flipped unless that card comes twice, which
    leaves one it held unplayed), and that refuses the deal."""
    suit_number, strength_by_led, suit_masks = _SUIT_NUMBER, _STRENGTH, _REF_SUIT_MASKS
    bit, after = _REF_BIT, _AFTER_4
    winners: list[int] = []
    taken = [0, 0, 0, 0]
    broken = False
    seat = leader
    cards = iter(plays)
    for c0, c1, c2, c3 in zip(cards, cards, cards, cards, strict=True):
        led = suit_number[c0]
        mask = held[seat]
        if led == _SPADES and not broken and mask & _REF_NON_SPADES:
            return None
        held[seat] = mask ^ bit[c0]
        follow = suit_masks[led]
        s1, s2, s3 = after[seat]
        mask = held[s1]
        if suit_number[c1] != led and mask & follow:
            return None
        held[s1] = mask ^ bit[c1]
        mask = held[s2]
        if suit_number[c2] != led and mask & follow:
            return None
        held[s2] = mask ^ bit[c2]
        mask = held[s3]
        if suit_number[c3] != led and mask & follow:
            return None
        held[s3] = mask ^ bit[c3]
        # The winner: the card of the greatest strength (strengths differ within a trick).
        strength = strength_by_led[led]
        best = strength[c0]
        if (rank := strength[c1]) > best:
            best, seat = rank, s1
        if (rank := strength[c2]) > best:
            best, seat = rank, s2
        if (rank := strength[c3]) > best:
            best, seat = rank, s3
        if best >= 200:  # a spade in the trick breaks spades
            broken = True
        winners.append(seat)
        taken[seat] += 1
    if any(held):
        return None  # a card still held at the end (or one played that was not held)
    return winners, taken


def _not_held(code: int, who: int, number: int, names: Sequence[str]) -> Problem:
    return Problem(
        "holding",
        "not-held",
        {"who": names[who], "card": code, "trick": number + 1},
        who,
        number + 1,
    )


def _early_spade(hand: set[int], code: int, who: int, number: int, names: Sequence[str]) -> Problem:
    others = [c for c in hand if REF_SUIT[c] != Suit.SPADES]
    return Problem(
        "legal",
        "early-spade",
        {"who": names[who], "card": code, "trick": number + 1, "cards": others},
        who,
        number + 1,
    )


def _revoke(
    hand: set[int], code: int, led: int, who: int, number: int, names: Sequence[str]
) -> Problem:
    followers = [c for c in hand if REF_SUIT[c] == led]
    return Problem(
        "legal",
        "revoke",
        {"who": names[who], "trick": number + 1, "card": code, "suit": led, "cards": followers},
        who,
        number + 1,
    )


def check_side_score(rules: Rules, result: SideScore, score: int, bags: int) -> list[Problem]:
    """The engine's result adds up: lines sum to points, the score moves by the points,
    bags stay in range and appear only when the rules count them."""
    problems = []
    if sum([line.points for line in result.lines]) != result.points:
        problems.append(Problem("engine", "lines-sum", {"points": result.points}))
    if result.score != score + result.points:
        problems.append(
            Problem(
                "engine",
                "score-sum",
                {"score": score, "points": result.points, "result": result.score},
            )
        )
    if rules.bags:
        if not 0 <= result.bags < rules.bag_limit:
            problems.append(
                Problem("bags", "bags-range", {"bags": result.bags, "most": rules.bag_limit - 1})
            )
        if (bags + result.new_bags) // rules.bag_limit != result.penalties:
            problems.append(
                Problem(
                    "bags",
                    "bag-penalties",
                    {"bags": bags, "new": result.new_bags, "penalties": result.penalties},
                )
            )
    elif result.bags or result.new_bags or result.penalties:
        problems.append(Problem("bags", "bags-without-rule"))
    return problems
