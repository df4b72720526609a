"""Player and partnership statistics across saved games, folded from their standings.

Pure: it takes games already loaded and returns numbers; reading the files (and
skipping damaged ones) is the caller's business. Each game is folded once with
`game.standings`. Rounds played after the round that ended a game do not count, and a
win needs a finished game, so unfinished games add to `games` and `rounds` but never to
`finished` or `wins`. Players are matched across games by name in any case.

Rulings (docs/rules.md, Rulings) are counted by kind against the side they were made
against, for the side's partnership and for each of its players (scorepad records the
side, not who reneged), and a misdeal for the player who dealt it (and that player's
partnership), both only up to the round that ended the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from scorepad.engine.bids import BidKind
from scorepad.engine.game import Game, Standings, standings
from scorepad.engine.rulings import RulingKind
from scorepad.errors import GameError
from scorepad.hints import did_you_mean


@dataclass(slots=True)
class PlayerStats:
    """One player's counts over the games read."""

    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    rounds: int = 0
    bids: int = 0  # the player's own number bids (not nil, not a joint team bid)
    _bid_total: int = 0  # for the average; not shown
    judged: int = 0  # of those, bids whose player's own tricks were entered
    exact: int = 0
    over: int = 0
    under: int = 0
    nil_bids: int = 0
    nil_made: int = 0
    blind_nil_bids: int = 0
    blind_nil_made: int = 0
    # Rulings against the player's side, by kind, and the misdeals the player dealt.
    ruled_books: int = 0
    ruled_points: int = 0
    ruled_set: int = 0
    ruled_forfeit: int = 0
    misdeals: int = 0

    @property
    def win_rate(self) -> float:
        return _ratio(self.wins, self.finished)

    @property
    def average_bid(self) -> float:
        return _ratio(self._bid_total, self.bids)

    @property
    def rulings(self) -> int:
        """Rulings of every kind against the player's side."""
        return _rulings_of(self)

    def as_json(self) -> dict[str, Any]:
        return _counts(self, win_rate=self.win_rate, average_bid=round(self.average_bid, 2))


@dataclass(slots=True)
class PartnershipStats:
    """Two players on the same side, over the games they played together."""

    players: tuple[str, str]
    games: int = 0
    finished: int = 0
    wins: int = 0
    rounds: int = 0
    contracts: int = 0  # rounds in which the side bid a contract (not only nils)
    made: int = 0
    set: int = 0
    bags: int = 0
    bag_penalties: int = 0
    # Rulings against the side, by kind, and the misdeals its players dealt.
    ruled_books: int = 0
    ruled_points: int = 0
    ruled_set: int = 0
    ruled_forfeit: int = 0
    misdeals: int = 0

    @property
    def win_rate(self) -> float:
        return _ratio(self.wins, self.finished)

    @property
    def rulings(self) -> int:
        """Rulings of every kind against the side."""
        return _rulings_of(self)

    @property
    def bags_per_round(self) -> float:
        return _ratio(self.bags, self.rounds)

    def as_json(self) -> dict[str, Any]:
        return _counts(self, win_rate=self.win_rate, bags_per_round=round(self.bags_per_round, 2))


@dataclass(slots=True)
class Meeting:
    """One player's record with or against another: games, finished games and wins."""

    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "games": self.games,
            "finished": self.finished,
            "wins": self.wins,
        }


@dataclass(slots=True)
class HeadToHead:
    """One player's partners and opponents: games and the player's wins with each."""

    name: str
    partners: list[Meeting] = field(default_factory=list)
    opponents: list[Meeting] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "partners": [meeting.as_json() for meeting in self.partners],
            "opponents": [meeting.as_json() for meeting in self.opponents],
        }


@dataclass(slots=True)
class Stats:
    """Everything `scorepad stats` shows: per player, per partnership, and head to head."""

    games: int = 0
    finished: int = 0
    players: list[PlayerStats] = field(default_factory=list)
    partnerships: list[PartnershipStats] = field(default_factory=list)
    head_to_head: HeadToHead | None = None

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "games": self.games,
            "finished": self.finished,
            "players": [player.as_json() for player in self.players],
            "partnerships": [pair.as_json() for pair in self.partnerships],
        }
        if self.head_to_head is not None:
            data["head_to_head"] = self.head_to_head.as_json()
        return data


# The tallies' fields that count rulings, by the kind's word (`RulingKind`'s value).
RULED = {kind.value: f"ruled_{kind.value}" for kind in RulingKind}


def _rulings_of(tally: PlayerStats | PartnershipStats) -> int:
    return sum(getattr(tally, name) for name in RULED.values())


def _counts(tally: PlayerStats | PartnershipStats, **figures: float) -> dict[str, Any]:
    """A tally's fields as JSON (names and counts, the hidden ones left out) and figures
    worked out from them, ratios to 4 decimals unless rounded already. The rulings come
    as one object by kind: `"rulings": {"books": 1, "points": 0, "set": 0, "forfeit": 0}`."""
    data: dict[str, Any] = {}
    ruled = set(RULED.values())
    for item in fields(tally):
        if not item.name.startswith("_") and item.name not in ruled:
            value = getattr(tally, item.name)
            data[item.name] = list(value) if isinstance(value, tuple) else value
    data.update({key: round(value, 4) for key, value in figures.items()})
    data["rulings"] = {kind: getattr(tally, name) for kind, name in RULED.items()}
    data["misdeals"] = data.pop("misdeals")  # beside the rulings
    return data


def _ratio(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def _key(name: str) -> str:
    return name.casefold()


# The counts `GameFacts` holds per seat and per side, in this order (a change of them is a
# change of the games' index: bump `gameindex.VERSION`).
PLAYER_COUNTS = (
    "rounds", "bids", "_bid_total", "judged", "exact", "over", "under",
    "nil_bids", "nil_made", "blind_nil_bids", "blind_nil_made", *RULED.values(), "misdeals",
)  # fmt: skip
PAIR_COUNTS = (
    "rounds", "contracts", "made", "set", "bags", "bag_penalties", *RULED.values(), "misdeals",
)  # fmt: skip


class GameFacts(NamedTuple):
    """What one game says, as the statistics and the ratings read it: who sat where, which
    seats make each side, whether it ended and who won, and each seat's and side's counts.

    Plain numbers and names, so that the games' index (`gameindex`) can keep them as JSON
    and a command reads them without loading and folding the game again.
    """

    players: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...]  # the seats of each side
    finished: bool
    winner: int | None  # a side; None unless the game ended with a winner
    seat_counts: tuple[tuple[int, ...], ...]  # by seat, as PLAYER_COUNTS
    side_counts: tuple[tuple[int, ...], ...]  # by side, as PAIR_COUNTS

    def as_json(self) -> list[Any]:
        return [list(self.players), [list(seats) for seats in self.sides], self.finished,
                self.winner, [list(c) for c in self.seat_counts],
                [list(c) for c in self.side_counts]]  # fmt: skip

    @classmethod
    def from_json(cls, data: list[Any]) -> GameFacts:
        players, sides, finished, winner, seat_counts, side_counts = data
        return cls(
            tuple(players), tuple(tuple(seats) for seats in sides), bool(finished), winner,
            tuple(tuple(c) for c in seat_counts), tuple(tuple(c) for c in side_counts),
        )  # fmt: skip


def count_game(game: Game) -> GameFacts:
    """Fold a game once (`game.standings`) into its facts and counts."""
    result = standings(game)
    rules = game.rules
    sides = tuple(rules.seats_of(side) for side in range(rules.sides))
    seat_stats = [PlayerStats(name) for name in game.players]
    side_pairs = [PartnershipStats(("", "")) if len(seats) == 2 else None for seats in sides]
    _count_rounds(game, result, sides, seat_stats, side_pairs)
    _count_rulings(game, result, sides, seat_stats, side_pairs)
    seat_counts = tuple(tuple(getattr(tally, c) for c in PLAYER_COUNTS) for tally in seat_stats)
    side_counts = tuple(
        tuple(getattr(pair, c) for c in PAIR_COUNTS) if pair else () for pair in side_pairs
    )
    winner = result.winner if result.finished else None
    return GameFacts(game.players, sides, result.finished, winner, seat_counts, side_counts)


def _pair_key(names: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(_key(name) for name in names))


def collect_stats(games: Iterable[Game], *, player: str | None = None) -> Stats:
    """Fold every game once into player, partnership and (for `player`) head-to-head counts
    (see `collect_facts`)."""
    return collect_facts(map(count_game, games), player=player)


def collect_facts(games: Iterable[GameFacts], *, player: str | None = None) -> Stats:
    """Add up the games' facts into player, partnership and (for `player`) head-to-head counts.

    Players and partnerships come out most games first, then by name. A name is shown in
    the spelling most of its games use (the first seen on a tie). With `player`, only that
    player (in any case) and the partnerships they were part of are kept.
    """
    stats = Stats()
    players: dict[str, PlayerStats] = {}  # by folded name, named so until the end
    spellings: dict[str, Counter[str]] = {}
    pairs: dict[tuple[str, str], PartnershipStats] = {}
    partners: dict[str, Meeting] = {}
    opponents: dict[str, Meeting] = {}
    wanted = _key(player) if player is not None else None
    for facts in games:
        for name in facts.players:
            spellings.setdefault(_key(name), Counter())[name] += 1
        _add_facts(stats, facts, players, pairs)
        if wanted is not None:
            _add_meetings(facts, wanted, partners, opponents)
    shown = {key: counts.most_common(1)[0][0] for key, counts in spellings.items()}
    for tally in players.values():
        tally.name = shown[tally.name]
    for pair in pairs.values():
        first, second = sorted((shown[key] for key in pair.players), key=_key)
        pair.players = (first, second)
    if wanted is not None and wanted not in players:
        names = sorted(shown.values(), key=_key)
        from scorepad.i18n import _

        known = _("players: {names}").format(names=", ".join(names)) if names else _("no games")
        hint = did_you_mean(player or "", names)
        raise GameError(
            _("no player named {name} in these games{hint}; {known}").format(
                name=repr(player), hint=hint, known=known
            )
        )
    chosen = [stats for key, stats in players.items() if wanted is None or key == wanted]
    stats.players = sorted(chosen, key=lambda p: (-p.games, _key(p.name)))
    kept = [pair for key, pair in pairs.items() if wanted is None or wanted in key]
    stats.partnerships = sorted(kept, key=lambda p: (-p.games, [_key(n) for n in p.players]))
    if wanted is not None:
        for meeting in (*partners.values(), *opponents.values()):
            meeting.name = shown[meeting.name]
        stats.head_to_head = HeadToHead(
            players[wanted].name, _by_games(partners.values()), _by_games(opponents.values())
        )
    return stats


def _add_facts(
    stats: Stats,
    facts: GameFacts,
    players: dict[str, PlayerStats],
    pairs: dict[tuple[str, str], PartnershipStats],
) -> None:
    finished, winner = facts.finished, facts.winner
    stats.games += 1
    stats.finished += finished
    for side, seats in enumerate(facts.sides):
        won = finished and winner == side
        for seat in seats:
            key = _key(facts.players[seat])
            tally = players.get(key)
            if tally is None:
                tally = players[key] = PlayerStats(key)
            tally.games += 1
            tally.finished += finished
            tally.wins += won
            for count, value in zip(PLAYER_COUNTS, facts.seat_counts[seat], strict=True):
                setattr(tally, count, getattr(tally, count) + value)
        if len(seats) != 2:
            continue
        first, second = _pair_key([facts.players[seat] for seat in seats])
        pair = pairs.get((first, second))
        if pair is None:
            pair = pairs[first, second] = PartnershipStats((first, second))
        pair.games += 1
        pair.finished += finished
        pair.wins += won
        for count, value in zip(PAIR_COUNTS, facts.side_counts[side], strict=True):
            setattr(pair, count, getattr(pair, count) + value)


def _by_games(meetings: Iterable[Meeting]) -> list[Meeting]:
    return sorted(meetings, key=lambda meeting: (-meeting.games, _key(meeting.name)))


def _count_rounds(
    game: Game,
    result: Standings,
    side_seats: Sequence[tuple[int, ...]],
    seat_stats: Sequence[PlayerStats],
    side_pairs: Sequence[PartnershipStats | None],
) -> None:
    """Count the game's played rounds up to its end into each seat's and side's tally."""
    last = result.ended_after if result.ended_after is not None else len(game.rounds)
    for round_result in result.rounds[:last]:
        scored = round_result.sides
        if scored is None:
            continue  # an open round, its tricks not in yet
        round_ = round_result.round
        for side, entry in enumerate(round_.sides):
            seats = side_seats[side]
            for seat in seats:
                seat_stats[seat].rounds += 1
            pair = side_pairs[side]
            if pair is not None:
                side_score = scored[side]
                pair.rounds += 1
                if side_score.made is not None:
                    pair.contracts += 1
                    pair.made += side_score.made
                    pair.set += not side_score.made
                pair.bags += side_score.new_bags
                pair.bag_penalties += side_score.penalties
            if len(entry.bids) != len(seats):
                continue  # a joint team bid: nobody's own bid
            per_player = entry.tricks is not None and len(entry.tricks) == len(seats)
            for index, bid in enumerate(entry.bids):
                tally = seat_stats[seats[index]]
                took = entry.tricks[index] if per_player and entry.tricks else None
                if bid.is_nil:
                    made = took == 0
                    if bid.kind is BidKind.BLIND_NIL:
                        tally.blind_nil_bids += 1
                        tally.blind_nil_made += made
                    else:
                        tally.nil_bids += 1
                        tally.nil_made += made
                    continue
                tally.bids += 1
                tally._bid_total += bid.tricks
                if took is None:
                    continue
                tally.judged += 1
                if took == bid.tricks:
                    tally.exact += 1
                elif took > bid.tricks:
                    tally.over += 1
                else:
                    tally.under += 1


def _count_rulings(
    game: Game,
    result: Standings,
    side_seats: Sequence[tuple[int, ...]],
    seat_stats: Sequence[PlayerStats],
    side_pairs: Sequence[PartnershipStats | None],
) -> None:
    """Count the rulings made on the rounds up to the game's end (a forfeit on a round
    whose tricks are not in too), by kind, against their side and each of its players;
    and each misdeal before a round up to the end for the player who dealt it."""
    last = result.ended_after if result.ended_after is not None else len(game.rounds)
    for round_ in game.rounds[:last]:
        for ruling in round_.rulings:
            name = RULED[ruling.kind.value]
            pair = side_pairs[ruling.side]
            tallies: list[PlayerStats | PartnershipStats] = [
                seat_stats[seat] for seat in side_seats[ruling.side]
            ]
            tallies += [pair] if pair is not None else []
            for tally in tallies:
                setattr(tally, name, getattr(tally, name) + 1)
    # A misdeal comes before the round dealt again: up to the one after the last, while
    # the game is open; a correction that moves the end earlier leaves later ones out.
    limit = result.ended_after if result.ended_after is not None else len(game.rounds) + 1
    side_of = {seat: side for side, seats in enumerate(side_seats) for seat in seats}
    for misdeal in game.misdeals:
        if misdeal.before_round <= limit:
            seat_stats[misdeal.dealer].misdeals += 1
            pair = side_pairs[side_of[misdeal.dealer]]
            if pair is not None:
                pair.misdeals += 1


def _add_meetings(
    facts: GameFacts,
    wanted: str,
    partners: dict[str, Meeting],
    opponents: dict[str, Meeting],
) -> None:
    """Count `wanted`'s games and wins with each partner and against each opponent."""
    names = facts.players
    seat = next((seat for seat, name in enumerate(names) if _key(name) == wanted), None)
    if seat is None:
        return
    side_of = {seat: side for side, seats in enumerate(facts.sides) for seat in seats}
    side = side_of[seat]
    finished, won = facts.finished, facts.finished and facts.winner == side
    for other, name in enumerate(names):
        if other == seat:
            continue
        table = partners if side_of[other] == side else opponents
        meeting = table.get(_key(name))
        if meeting is None:
            meeting = table[_key(name)] = Meeting(_key(name))
        meeting.games += 1
        meeting.finished += finished
        meeting.wins += won
