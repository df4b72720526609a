"""Independent checks of a played deal: the second, plain reading of the rules of play.

The first reading is the engine's (`scorepad.engine.play`), which every deal is played
by; `replay_play` here is the second, and nothing here uses the first: suits and ranks
come from the `Card` objects, a trick's winner is the maximum of an explicit key, and a
hand is a set of codes. A problem is returned as a `Problem`, never raised, so a run
counts them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorepad.engine.cards import CODE_CARDS, Rank, Suit
from scorepad.engine.rules import Rules
from scorepad.engine.scoring import SideScore

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


# A suit's cards as a bit mask over the codes, from the Card objects alone.
_SUIT_MASKS: tuple[int, ...] = tuple(
    sum(1 << code for code in range(len(CODE_CARDS)) if REF_SUIT[code] == suit) for suit in Suit
)
_NON_SPADES = sum(_SUIT_MASKS) & ~_SUIT_MASKS[_SPADES]


def replay_play(
    holdings: Sequence[Iterable[int]],
    leader: int,
    plays: Sequence[int],
    names: Sequence[str],
) -> Replay:
    """Replay `plays` (card codes in play order) from these holdings; note every card not
    held, every revoke and every spade led too early; find each trick's winner.

    A hand is a bit mask of the codes it holds: a player revokes when it plays off the
    suit led while it holds a card of that suit.
    """
    players = len(holdings)
    held = []
    for cards in holdings:
        mask = 0
        for code in cards:
            mask |= 1 << code
        held.append(mask)
    replay = Replay(taken=[0] * players)
    winners, taken, problems = replay.winners, replay.taken, replay.problems
    broken = False
    seat = leader
    trick_count = len(plays) // players
    for number in range(trick_count):
        start = number * players
        led = _SUIT_NUMBER[plays[start]]
        strength, follow = _STRENGTH[led], _SUIT_MASKS[led]
        best, winner = -1, seat
        who = seat
        for code in plays[start : start + players]:
            hand = held[who]
            suit = _SUIT_NUMBER[code]
            if suit != led:
                if hand & follow:
                    problems.append(_revoke(_codes(hand), code, led, who, number, names))
            elif who == seat and suit == _SPADES and not broken and hand & _NON_SPADES:
                problems.append(_early_spade(_codes(hand), code, who, number, names))
            if not hand >> code & 1:
                problems.append(_not_held(code, who, number, names))
            held[who] = hand & ~(1 << code)
            if suit == _SPADES:
                broken = True
            if strength[code] > best:
                best, winner = strength[code], who
            who = who + 1 if who + 1 < players else 0
        winners.append(winner)
        taken[winner] += 1
        seat = winner
    if len(plays) != trick_count * players:
        problems.append(
            Problem(
                "tricks", "short-trick", {"trick": trick_count + 1, "count": len(plays) % players}
            )
        )
    for who, hand in enumerate(held):
        if hand:
            problems.append(
                Problem("holding", "still-holds", {"who": names[who], "cards": _codes(hand)}, who)
            )
    return replay


def _codes(mask: int) -> list[int]:
    """The card codes of a mask, lowest first."""
    return [code for code in range(len(CODE_CARDS)) if mask >> code & 1]


def _not_held(code: int, who: int, number: int, names: Sequence[str]) -> Problem:
    return Problem(
        "holding",
        "not-held",
        {"who": names[who], "card": code, "trick": number + 1},
        who,
        number + 1,
    )


def _early_spade(
    hand: list[int], code: int, who: int, number: int, names: Sequence[str]
) -> Problem:
    others = [c for c in hand if REF_SUIT[c] != Suit.SPADES]
    return Problem(
        "legal",
        "early-spade",
        {"who": names[who], "card": code, "trick": number + 1, "cards": others},
        who,
        number + 1,
    )


def _revoke(
    hand: list[int], code: int, led: int, who: int, number: int, names: Sequence[str]
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
