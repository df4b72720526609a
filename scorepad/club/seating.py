"""Seating a club night: who partners and who faces whom each round, drawn from a seed.

Three formats share one search. `rotate` seats individual players: each round they are
matched into partnerships, and the partnerships into tables of four, so that nobody
partners the same player twice while a seating without it exists for the rounds asked,
and opponents meet as evenly as the seating allows. `pairs` (a round robin) and `swiss`
seat fixed partnerships: two pairs to a table, never the same two twice. Byes (players or
pairs left over) rotate: nobody sits out a second time before everyone has sat out once.

Pure: the randomness is the caller's (a `random.Random` made from the event's seed, so the
same seed draws the same night), and what could not be avoided comes back as facts
(`SeatingProblem`), for the faces to put into words.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from scorepad.club.seats import (
    Draw,
    Pair,
    Plan,
    RoundSeats,
    SeatingProblem,
    TableSeats,
    check_field,
    pair_key,
)

# How many partial seatings the search may try before it settles for the best it has
# found: enough to search small fields exhaustively (8 to 13 players, a few rounds) and to
# keep a 40-player night of 10 rounds well under a second (benchmarks/event_load.py).
SEARCH_BUDGET = 20_000
# Candidate matchings of a round ranked by how often their opponents have met, before the
# search takes the others in drawn order.
RANKED = 6
# Whole searches a rotating night tries, keeping the one whose opponents meet most evenly.
TRIES = 8


def _shuffled(items: Sequence[str], draw: Draw) -> list[str]:
    """The items in an order drawn from `draw` (a decorated sort: stable across versions)."""
    keyed = sorted((draw.random(), index) for index in range(len(items)))
    return [items[index] for _key, index in keyed]


# ---------------------------------------------------------------------------
# History: what the rounds already played have used


@dataclass
class _History:
    partners: Counter[Pair]
    opponents: Counter[Pair]
    byes: Counter[str]

    @classmethod
    def of(cls, rounds: Sequence[RoundSeats], unit_of: dict[str, str] | None = None) -> _History:
        """Partners, opponents and byes counted over `rounds`; for fixed pairs (`unit_of`
        maps a player to their pair's key), meetings of pairs instead of players."""
        history = cls(Counter(), Counter(), Counter())
        for seats in rounds:
            history.add(seats, unit_of)
        return history

    def add(self, seats: RoundSeats, unit_of: dict[str, str] | None = None) -> None:
        for table in seats.tables:
            one, two = table.sides
            if unit_of is None:
                self.partners[pair_key(*one)] += 1
                self.partners[pair_key(*two)] += 1
                for a in one:
                    for b in two:
                        self.opponents[pair_key(a, b)] += 1
            else:
                # A pair that has left the field since is not in `unit_of`: a fixed pair's
                # side is the pair itself, whose key it still makes.
                self.opponents[pair_key(_unit_key(one), _unit_key(two))] += 1
        byes = (
            seats.byes
            if unit_of is None
            else sorted({unit_of[name] for name in seats.byes if name in unit_of})
        )
        for unit in byes:
            self.byes[unit] += 1


def _unit_key(pair: Pair) -> str:
    """A fixed pair's key as a unit: its names in a fixed order, joined by `+`."""
    first, second = pair_key(*pair)
    return f"{first}+{second}"


def _fair_byes(units: Sequence[str], count: int, byes: Counter[str]) -> Iterator[tuple[str, ...]]:
    """Every choice of `count` units to sit out that keeps byes fair: those with the fewest
    byes first, so nobody sits out a second time before everyone has once. `units` is in
    drawn order, which the choices follow."""
    if count == 0:
        yield ()
        return
    levels = sorted({byes[unit] for unit in units})
    must: list[str] = []
    for level in levels:
        at_level = [unit for unit in units if byes[unit] == level]
        if len(must) + len(at_level) >= count:
            for chosen in itertools.combinations(at_level, count - len(must)):
                yield (*must, *chosen)
            return
        must += at_level


def _matchings(units: list[str], used: Counter[Pair]) -> Iterator[list[Pair]]:
    """Every way to match `units` (in drawn order) into twos of which none is in `used`."""
    if not units:
        yield []
        return
    first, rest = units[0], units[1:]
    for index, other in enumerate(rest):
        if used[pair_key(first, other)]:
            continue
        for more in _matchings(rest[:index] + rest[index + 1 :], used):
            yield [(first, other), *more]


def _greedy_matching(units: Sequence[str], used: Counter[Pair]) -> list[Pair]:
    """`units` matched in twos, each in turn with the one it has been matched with least:
    for a round no matching without a repeat exists for."""
    left = list(units)
    matched: list[Pair] = []
    while left:
        first = left.pop(0)
        other = min(left, key=lambda unit: used[pair_key(first, unit)])
        left.remove(other)
        matched.append((first, other))
    return matched


# ---------------------------------------------------------------------------
# The search shared by every format


class _Search:
    """Rounds of matchings in twos, byes fair, no two units matched twice while it can be
    avoided: depth first over the rounds, the best partial seating kept."""

    def __init__(self, rounds: int, make_round: _RoundMaker) -> None:
        self.rounds = rounds
        self.make_round = make_round
        self.budget = SEARCH_BUDGET
        self.best: list[RoundSeats] = []
        self.exhausted = True

    def run(self, history: _History) -> list[RoundSeats]:
        # Rounds the counts alone show cannot all be seated without a repeat are not
        # searched: the search aims at as many as the counts allow, the rest are forced.
        while self.rounds and not self.make_round.feasible(history, self.rounds):
            self.rounds -= 1
        self._extend([], history)
        return self.best

    def _extend(self, drawn: list[RoundSeats], history: _History) -> bool:
        if len(drawn) > len(self.best):
            self.best = list(drawn)
        if len(drawn) == self.rounds:
            return True
        if not self.make_round.feasible(history, self.rounds - len(drawn)):
            return False
        for seats in self.make_round.candidates(history, len(drawn)):
            if self.budget <= 0:
                self.exhausted = False
                return False
            self.budget -= 1
            drawn.append(seats)
            following = self.make_round.after(history, seats)
            if self._extend(drawn, following):
                return True
            drawn.pop()
        return False


class _RoundMaker(Protocol):
    def candidates(self, history: _History, index: int) -> Iterator[RoundSeats]: ...

    def after(self, history: _History, seats: RoundSeats) -> _History: ...

    def feasible(self, history: _History, rounds: int) -> bool: ...

    def forced(self, history: _History, index: int) -> RoundSeats: ...


def _copy(history: _History) -> _History:
    return _History(Counter(history.partners), Counter(history.opponents), Counter(history.byes))


class _Rotate:
    """Rounds of the rotate format: partnerships first, then partnerships into tables."""

    def __init__(self, players: Sequence[str], draw: Draw) -> None:
        self.players = list(players)
        self.draw = draw

    def feasible(self, history: _History, rounds: int) -> bool:
        return _enough_left(self.players, history.partners, history.byes, rounds, 4)

    def after(self, history: _History, seats: RoundSeats) -> _History:
        following = _copy(history)
        following.add(seats)
        return following

    def candidates(self, history: _History, index: int) -> Iterator[RoundSeats]:
        order = _shuffled(self.players, self.draw)
        for byes in _fair_byes(order, len(order) % 4, history.byes):
            sitting = [name for name in order if name not in byes]
            found = _matchings(sitting, history.partners)
            ranked = sorted(
                (
                    self._tables(partnerships, history)
                    for partnerships in itertools.islice(found, RANKED)
                ),
                key=lambda scored: scored[0],
            )
            for _cost, tables in ranked:
                yield RoundSeats(tables, tuple(byes))
            for partnerships in found:
                yield RoundSeats(self._tables(partnerships, history)[1], tuple(byes))

    def forced(self, history: _History, index: int) -> RoundSeats:
        """A round when no seating avoids a repeated partner: the fewest repeats, greedily."""
        order = _shuffled(self.players, self.draw)
        byes = next(_fair_byes(order, len(order) % 4, history.byes))
        sitting = [name for name in order if name not in byes]
        partnerships = _greedy_matching(sitting, history.partners)
        return RoundSeats(self._tables(partnerships, history)[1], tuple(byes))

    def _tables(
        self, partnerships: Sequence[Pair], history: _History
    ) -> tuple[int, tuple[TableSeats, ...]]:
        """Partnerships grouped two to a table, each with the one whose players it has
        faced least (greedy, in drawn order); the cost is how often the opponents met."""
        left = list(partnerships)
        tables: list[TableSeats] = []
        cost = 0
        while left:
            one = left.pop(0)

            def met(two: Pair, one: Pair = one) -> int:
                return sum(history.opponents[pair_key(a, b)] ** 2 for a in one for b in two)

            two = min(left, key=met)
            cost += met(two)
            left.remove(two)
            tables.append(TableSeats((one, two)))
        return cost, tuple(tables)


class _Meetings:
    """Rounds of fixed pairs: two pairs to a table, never the same two twice.

    `order` ranks the pairs for a round (the swiss standings); None draws them.
    """

    def __init__(self, pairs: dict[str, Pair], draw: Draw, order: Sequence[str] | None) -> None:
        self.pairs = pairs
        self.draw = draw
        self.order = order

    def after(self, history: _History, seats: RoundSeats) -> _History:
        following = _copy(history)
        following.add(seats, self.unit_of)
        return following

    def feasible(self, history: _History, rounds: int) -> bool:
        return _enough_left(list(self.pairs), history.opponents, history.byes, rounds, 2)

    @property
    def unit_of(self) -> dict[str, str]:
        return {name: unit for unit, pair in self.pairs.items() for name in pair}

    def _order(self) -> list[str]:
        units = list(self.pairs)
        return list(self.order) if self.order is not None else _shuffled(units, self.draw)

    def _seats(self, meetings: Sequence[Pair], byes: Sequence[str]) -> RoundSeats:
        tables = tuple(TableSeats((self.pairs[a], self.pairs[b])) for a, b in meetings)
        return RoundSeats(tables, tuple(name for unit in byes for name in self.pairs[unit]))

    def candidates(self, history: _History, index: int) -> Iterator[RoundSeats]:
        order = self._order()
        # A swiss bye goes to the lowest ranked pair of those due one.
        bye_order = order[::-1] if self.order is not None else order
        for byes in _fair_byes(bye_order, len(order) % 2, history.byes):
            playing = [unit for unit in order if unit not in byes]
            for meetings in _matchings(playing, history.opponents):
                yield self._seats(meetings, byes)

    def forced(self, history: _History, index: int) -> RoundSeats:
        order = self._order()
        bye_order = order[::-1] if self.order is not None else order
        byes = next(_fair_byes(bye_order, len(order) % 2, history.byes))
        playing = [unit for unit in order if unit not in byes]
        return self._seats(_greedy_matching(playing, history.opponents), byes)


def _enough_left(
    units: Sequence[str], used: Counter[Pair], byes: Counter[str], rounds: int, per_table: int
) -> bool:
    """Whether every unit has enough partners (or opponents) it has not had for the rounds
    it must still sit: a bound that prunes searches that cannot succeed, never one that can.

    Byes are fair: in `rounds` rounds nobody sits out more than one time above the share
    of byes per unit, rounded up. When everyone has sat out as often, the share is exact:
    only `extra` units get one bye more, so at most that many may need it.
    """
    count = len(units)
    out = count % per_table * rounds
    had: Counter[str] = Counter()
    for (a, b), times in used.items():
        if times:
            had[a] += 1
            had[b] += 1
    if len({byes[unit] for unit in units}) > 1:
        most_byes = -(-out // count) + (1 if out else 0)
        return all(rounds - most_byes <= count - 1 - had[unit] for unit in units)
    fewest, extra = divmod(out, count)
    needing = 0
    for unit in units:
        unused = count - 1 - had[unit]
        if rounds - fewest - (1 if extra else 0) > unused:
            return False
        needing += rounds - fewest > unused
    return needing <= (extra or count)


def _plan(
    maker: _RoundMaker, rounds: int, history: _History, first: int, unit_of: dict[str, str] | None
) -> Plan:
    """Search `rounds` rounds after `history`; rounds it could not seat without a repeat
    are seated with the fewest, and every repeat is named.

    The search runs `TRIES` times, each from the next draws, and keeps the seating whose
    opponents meet most evenly (for fixed pairs every try is as even as the next).
    """
    best: tuple[tuple[int, int, int], Plan] | None = None
    for _try in range(TRIES if unit_of is None else 1):
        plan = _plan_once(maker, rounds, history, first, unit_of)
        running = _copy(history)
        for seats in plan.rounds:
            running.add(seats, unit_of)
        met = list(running.opponents.values()) or [0]
        score = (len(plan.problems), max(met), sum(times * times for times in met))
        if best is None or score < best[0]:
            best = (score, plan)
    assert best is not None
    return best[1]


def _plan_once(
    maker: _RoundMaker, rounds: int, history: _History, first: int, unit_of: dict[str, str] | None
) -> Plan:
    search = _Search(rounds, maker)
    drawn = search.run(history)
    running = _copy(history)
    for seats in drawn:
        running.add(seats, unit_of)
    while len(drawn) < rounds:
        seats = maker.forced(running, len(drawn))
        drawn.append(seats)
        running.add(seats, unit_of)
    why: Literal["exhausted", "not-found"] = "exhausted" if search.exhausted else "not-found"
    return Plan(tuple(drawn), _problems(drawn, history, first, unit_of, why))


def _problems(
    drawn: Sequence[RoundSeats],
    history: _History,
    first: int,
    unit_of: dict[str, str] | None,
    why: Literal["exhausted", "not-found"],
) -> tuple[SeatingProblem, ...]:
    running = _copy(history)
    found: list[SeatingProblem] = []
    for number, seats in enumerate(drawn, start=first):
        before = _copy(running)
        running.add(seats, unit_of)
        for table in seats.tables:
            if unit_of is None:
                for side in table.sides:
                    times = running.partners[pair_key(*side)]
                    if times > 1:
                        found.append(SeatingProblem("partner-again", number, side, times, why))
            else:
                one, two = table.sides
                times = running.opponents[pair_key(unit_of[one[0]], unit_of[two[0]])]
                if times > 1:
                    found.append(SeatingProblem("met-again", number, (*one, *two), times, why))
        units = seats.byes if unit_of is None else sorted({unit_of[name] for name in seats.byes})
        for unit in units:
            if before.byes[unit] >= 1:
                names = (
                    (unit,)
                    if unit_of is None
                    else tuple(name for name in seats.byes if unit_of[name] == unit)
                )
                found.append(SeatingProblem("bye-again", number, names, before.byes[unit] + 1))
    return tuple(found)


# ---------------------------------------------------------------------------
# The formats


def seat_rotate(
    players: Sequence[str], rounds: int, draw: Draw, played: Sequence[RoundSeats] = ()
) -> Plan:
    """Rounds `len(played) + 1` to `rounds` of a rotating night for `players`.

    The rounds already played count: partners they used are avoided, byes continue fairly.
    """
    check_field(len(players), "rotate")
    history = _History.of(played)
    left = rounds - len(played)
    return _plan(_Rotate(players, draw), left, history, len(played) + 1, None)


def seat_pairs(
    pairs: Sequence[Pair],
    rounds: int,
    draw: Draw,
    played: Sequence[RoundSeats] = (),
) -> Plan:
    """Rounds `len(played) + 1` to `rounds` of a round robin of fixed pairs.

    From the start, the classic circle: every pair meets every other once, one bye a
    round for an odd number of pairs. After a change of the field, the rest is searched
    like a swiss round with no ranking, never pairing two pairs that have met.
    """
    check_field(2 * len(pairs), "pairs")
    units = {pair_key(*pair)[0] + "+" + pair_key(*pair)[1]: pair for pair in pairs}
    maker = _Meetings(units, draw, None)
    if not played:
        return Plan(_circle(units, rounds, draw), ())
    history = _History.of(played, maker.unit_of)
    return _plan(maker, rounds - len(played), history, len(played) + 1, maker.unit_of)


def _circle(units: dict[str, Pair], rounds: int, draw: Draw) -> tuple[RoundSeats, ...]:
    """The circle method: one unit stays put, the rest turn one place a round."""
    order: list[str | None] = list(_shuffled(list(units), draw))
    if len(order) % 2:
        order.append(None)  # who meets None sits out
    count = len(order)
    drawn: list[RoundSeats] = []
    for turn in range(min(rounds, count - 1)):
        ring = [order[0], *(order[1:][-turn:] + order[1:][:-turn] if turn else order[1:])]
        tables: list[TableSeats] = []
        byes: tuple[str, ...] = ()
        for index in range(count // 2):
            a, b = ring[index], ring[count - 1 - index]
            if a is None or b is None:
                byes = units[b if a is None else a]  # type: ignore[index]
                continue
            # Alternate who sits as the first side, so neither pair is always "first".
            one, two = (a, b) if (turn + index) % 2 else (b, a)
            tables.append(TableSeats((units[one], units[two])))
        drawn.append(RoundSeats(tuple(tables), byes))
    return tuple(drawn)


def seat_swiss_round(
    pairs: Sequence[Pair], ranking: Sequence[Pair], draw: Draw, played: Sequence[RoundSeats]
) -> Plan:
    """The next round of a swiss night: pairs in `ranking` order (best first) meet the
    nearest they have not met; the bye goes to the lowest ranked pair not yet given one."""
    check_field(2 * len(pairs), "swiss")
    units = {pair_key(*pair)[0] + "+" + pair_key(*pair)[1]: pair for pair in pairs}
    order = [pair_key(*pair)[0] + "+" + pair_key(*pair)[1] for pair in ranking]
    maker = _Meetings(units, draw, order)
    history = _History.of(played, maker.unit_of)
    return _plan(maker, 1, history, len(played) + 1, maker.unit_of)
