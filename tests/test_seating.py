"""The seating of a club night: partners rotate, byes go round, pairs meet once."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest

from scorepad.club.seating import seat_pairs, seat_rotate, seat_swiss_round
from scorepad.club.seats import RoundSeats, SeatingError, check_field, pair_key, round_robin_rounds


def names(count: int) -> list[str]:
    return [f"P{index:02}" for index in range(count)]


def partner_counts(rounds: Sequence[RoundSeats]) -> Counter[tuple[str, str]]:
    return Counter(pair_key(*side) for seats in rounds for t in seats.tables for side in t.sides)


def opponent_counts(rounds: Sequence[RoundSeats]) -> Counter[tuple[str, str]]:
    return Counter(
        pair_key(a, b)
        for seats in rounds
        for table in seats.tables
        for a in table.sides[0]
        for b in table.sides[1]
    )


def check_everyone_seated_once(players: Sequence[str], seats: RoundSeats) -> None:
    seated = [name for table in seats.tables for name in table.players] + list(seats.byes)
    assert sorted(seated) == sorted(players)
    assert len(seats.byes) == len(players) % 4


def check_byes_fair(players: Sequence[str], rounds: Sequence[RoundSeats]) -> None:
    """Nobody sits out a second time before everyone has sat out once (at every round)."""
    byes: Counter[str] = Counter()
    for seats in rounds:
        for name in seats.byes:
            assert all(byes[other] >= byes[name] for other in players), (name, byes)
            byes[name] += 1
        assert max(byes[name] for name in players) - min(byes[name] for name in players) <= 1


# ---------------------------------------------------------------------------
# A plain oracle for small fields: does any seating of `count` players over `rounds`
# rounds, byes fair, have no repeated partner? Every fair bye choice and every partnering.


def _fair_bye_sets(players: list[str], out: int, byes: Counter[str]) -> Iterator[tuple[str, ...]]:
    for chosen in itertools.combinations(players, out):
        others = [name for name in players if name not in chosen]
        if not chosen or max(byes[name] for name in chosen) <= min(byes[n] for n in others):
            yield chosen


def _partnerings(players: list[str], used: set[tuple[str, str]]) -> Iterator[list[tuple[str, str]]]:
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for other in rest:
        if pair_key(first, other) not in used:
            left = [name for name in rest if name != other]
            for more in _partnerings(left, used):
                yield [(first, other), *more]


def seating_without_repeat_exists(count: int, rounds: int) -> bool:
    players = names(count)

    # Counting alone, from the start: a player sits out `fewest` rounds, or one more, but
    # fewer than all can have the one more, so every player must manage with `fewest`.
    fewest = count % 4 * rounds // count
    if rounds - fewest > count - 1:
        return False

    def search(left: int, used: set[tuple[str, str]], byes: Counter[str]) -> bool:
        if left == 0:
            return True
        # Counting alone: a player who must still sit more rounds than partners are left.
        partners = Counter(name for pair in used for name in pair)
        most_out = -(-(count % 4) * left // count) + (1 if count % 4 else 0)
        if any(left - most_out > count - 1 - partners[name] for name in players):
            return False
        for out in _fair_bye_sets(players, count % 4, byes):
            sitting = [name for name in players if name not in out]
            for partnering in _partnerings(sitting, used):
                if search(left - 1, used | {pair_key(*p) for p in partnering}, byes + Counter(out)):
                    return True
        return False

    return search(rounds, set(), Counter())


SMALL = (
    [(8, r) for r in range(1, 9)]
    + [(9, r) for r in range(1, 11)]
    + [(10, r) for r in range(1, 6)]
    + [(10, 9), (11, 8), (12, 6), (13, 6)]
    + [(11, r) for r in range(1, 5)]
    + [(12, r) for r in range(1, 5)]
    + [(13, r) for r in (1, 4)]
)


@pytest.mark.parametrize(("count", "rounds"), SMALL, ids=[f"{c}p-{r}r" for c, r in SMALL])
def test_small_fields_repeat_a_partner_only_when_every_seating_does(
    count: int, rounds: int
) -> None:
    players = names(count)
    plan = seat_rotate(players, rounds, random.Random(count * 100 + rounds))
    assert len(plan.rounds) == rounds
    for seats in plan.rounds:
        check_everyone_seated_once(players, seats)
    check_byes_fair(players, plan.rounds)
    repeated = sum(times - 1 for times in partner_counts(plan.rounds).values() if times > 1)
    exists = seating_without_repeat_exists(count, rounds)
    assert (repeated == 0) == exists
    named = [problem for problem in plan.problems if problem.kind == "partner-again"]
    assert bool(named) == (not exists)
    assert all(problem.why == "exhausted" for problem in named)


FIELDS = [(16, 8), (17, 8), (18, 8), (19, 8), (20, 10), (23, 10), (31, 10), (40, 10)]


@pytest.mark.parametrize(("count", "rounds"), FIELDS, ids=[f"{c}p-{r}r" for c, r in FIELDS])
def test_larger_fields_never_repeat_a_partner_and_spread_opponents(count: int, rounds: int) -> None:
    players = names(count)
    plan = seat_rotate(players, rounds, random.Random(count))
    for seats in plan.rounds:
        check_everyone_seated_once(players, seats)
    check_byes_fair(players, plan.rounds)
    assert max(partner_counts(plan.rounds).values()) == 1
    # Each player faces two opponents a round, out of count - 1: with so few rounds
    # nobody need face the same player three times.
    assert max(opponent_counts(plan.rounds).values()) <= 2
    assert [p for p in plan.problems if p.kind == "partner-again"] == []


@pytest.mark.parametrize("seed", range(5))
def test_eight_players_over_seven_rounds_partner_everyone_once_and_face_everyone(
    seed: int,
) -> None:
    plan = seat_rotate(names(8), 7, random.Random(seed))
    assert set(partner_counts(plan.rounds).values()) == {1}
    met = opponent_counts(plan.rounds)
    # 14 opponents each over 7 others: twice each on average, never 4 times.
    assert len(met) == 28 and max(met.values()) <= 3


def test_a_second_bye_is_named_once_everyone_has_sat_out() -> None:
    plan = seat_rotate(names(11), 4, random.Random(3))  # 3 byes a round: 12 > 11
    second = [problem for problem in plan.problems if problem.kind == "bye-again"]
    assert len(second) == 1 and second[0].round == 4 and second[0].times == 2


def test_the_same_seed_draws_the_same_night_and_another_seed_another() -> None:
    one = seat_rotate(names(13), 4, random.Random("club"))
    assert seat_rotate(names(13), 4, random.Random("club")) == one
    assert seat_rotate(names(13), 4, random.Random("other")) != one


def test_a_redraw_keeps_the_rounds_played_and_their_partners_and_byes() -> None:
    players = names(13)
    first = seat_rotate(players, 4, random.Random(5))
    played = first.rounds[:2]
    redrawn = seat_rotate([*players, "Late"], 4, random.Random(6), played)
    assert len(redrawn.rounds) == 2
    whole = [*played, *redrawn.rounds]
    assert max(partner_counts(whole).values()) == 1
    for seats in redrawn.rounds:
        check_everyone_seated_once([*players, "Late"], seats)  # 14 players: 2 byes
    had_bye = {name for seats in played for name in seats.byes}
    assert not had_bye & {name for seats in redrawn.rounds for name in seats.byes}


@pytest.mark.parametrize("count", range(4, 11), ids=lambda count: f"{count}-pairs")
def test_a_round_robin_meets_every_pair_exactly_once(count: int) -> None:
    players = names(2 * count)
    pairs = [(players[2 * index], players[2 * index + 1]) for index in range(count)]
    plan = seat_pairs(pairs, round_robin_rounds(count), random.Random(count))
    assert len(plan.rounds) == (count - 1 if count % 2 == 0 else count)
    meetings = Counter(
        pair_key(table.sides[0][0], table.sides[1][0])
        for seats in plan.rounds
        for table in seats.tables
    )
    assert len(meetings) == count * (count - 1) // 2 and set(meetings.values()) == {1}
    byes = Counter(name for seats in plan.rounds for name in seats.byes)
    assert byes == (Counter(players) if count % 2 else Counter())


@pytest.mark.parametrize("count", [4, 5, 6, 7, 8], ids=lambda count: f"{count}-pairs")
def test_swiss_never_repeats_a_meeting(count: int) -> None:
    players = names(2 * count)
    pairs = [(players[2 * index], players[2 * index + 1]) for index in range(count)]
    draw = random.Random(count)
    played: list[RoundSeats] = []
    for _round in range(round_robin_rounds(count)):
        ranking = sorted(pairs, key=lambda _pair: draw.random())  # results vary each round
        plan = seat_swiss_round(pairs, ranking, draw, played)
        assert [p for p in plan.problems if p.kind == "met-again"] == []
        played.extend(plan.rounds)
    meetings = Counter(
        pair_key(table.sides[0][0], table.sides[1][0]) for seats in played for table in seats.tables
    )
    assert set(meetings.values()) == {1}
    check_byes_fair(players, played) if count % 2 == 0 else None


def test_swiss_pairs_the_top_of_the_ranking_together() -> None:
    players = names(12)
    pairs = [(players[2 * index], players[2 * index + 1]) for index in range(6)]
    plan = seat_swiss_round(pairs, pairs, random.Random(1), [])
    assert [table.sides for table in plan.rounds[0].tables] == [
        (pairs[0], pairs[1]),
        (pairs[2], pairs[3]),
        (pairs[4], pairs[5]),
    ]


@pytest.mark.parametrize(
    ("players", "format_", "words"),
    [
        pytest.param(7, "rotate", "an event needs 8 players or more", id="seven"),
        pytest.param(4, "pairs", "an event needs 8 players or more", id="two-pairs"),
    ],
)
def test_a_field_too_small_is_refused(players: int, format_: str, words: str) -> None:
    with pytest.raises(SeatingError, match=words):
        check_field(players, format_)  # type: ignore[arg-type]
