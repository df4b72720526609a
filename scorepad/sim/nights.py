"""Whole club nights played by bots: every format, fields of 8 to 21 with byes, players
added and dropped between rounds, deal limits; the event's standings held to the
reference's fold, and its ratings to openskill called in the order played.

A night is built as `scorepad event` builds one, but through the pure club functions
(`club.event`: the seats drawn by `draw_rounds`, a round seated, `with_player_added`,
`with_player_dropped`, a swiss round drawn by the standings), never the service. Each
table's game is played by heuristic bots (`gameloop.GameRunner`, every deal checked as
in any run) and kept as the table's game (`NAME-rR-tT`, its event seat). After every
round the event's standings (`event_standings`) are held to the reference's
(`reference.night.fold_night`, written from the README's "Club night"), and what the
night's pages show beside them to what the night made (`nightviews`: each table's state,
where its players sit next, who joined and left, the rounds planned, the event file).

At the end of the night its games are written to their files, each saved at the time
its table finished (a table of fewer deals finishes sooner; the rounds follow one
another), and rated as `scorepad ratings --event` rates them (`files.gameindex`: the
files read, put in the order played, rated by `club.ratings`), against openskill's
Thurstone-Mosteller model called here directly with the settings docs/ratings.md names,
the finished games in the order the tables finished; and once more as asked while the
last round's tables play their last deal (those games not rated, counted as unfinished).
"""

from __future__ import annotations

import dataclasses
import os
import random
import tempfile
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from openskill.models import ThurstoneMostellerFull

from scorepad.club.event import (
    Event,
    check_table_game,
    draw_rounds,
    event_standings,
    ranking_of,
    table_players,
    with_player_added,
    with_player_dropped,
)
from scorepad.club.ratings import Unrated
from scorepad.club.seats import FORMATS, Format, Pair, check_field
from scorepad.engine.game import EventSeat, Game, new_game
from scorepad.errors import ScorepadError
from scorepad.files.gameindex import in_order_played, rate_indexed, read_games
from scorepad.files.gamewrite import game_to_toml
from scorepad.files.presets import resolve_rules
from scorepad.reference.night import NightRound, NightTable, fold_night
from scorepad.sim import nightviews
from scorepad.sim.gameloop import GameRunner
from scorepad.sim.referee import knobs_of_preset
from scorepad.sim.results import GameResult, Violation
from scorepad.sim.validate import Problem

NIGHTS = 12  # the nights a sweep plays: each format four times
MAX_DEALS = 150  # a table's game still going after this many deals is cut off
# Presets a night may play (four players in two partnerships), and its deal limits.
NIGHT_PRESETS = ("standard", "club", "house", "no-hell", "suicide", "bonus", "jokers", "short")
DEAL_LIMITS = (0, 3, 4, 6, 8)
# Long rotating nights: their fields, and their rounds (round 10's games sort before round
# 2's by name, so that the order played and the order of the names differ).
LONG_NIGHTS = {11: 11, 13: 10}
# docs/ratings.md, "The model": openskill's Thurstone-Mosteller with full pairing.
MU, SIGMA, BETA, TAU, EPSILON = 25.0, 25 / 3, 14.0, 25 / 300, 0.1
PAIR_GAMES = 3  # docs/ratings.md: a partnership is rated once it has played 3 games
CLOSE = 1e-9  # how near scorepad's numbers must be to openskill's


@dataclass(frozen=True, slots=True)
class NightCase:
    """One night of a sweep: its format, field, rounds, rules, and who joins and leaves
    (after which round: `adds` and `drops`, a player or a pair each)."""

    number: int
    format: Format
    players: int
    rounds: int
    preset: str
    overrides: tuple[str, ...]
    adds: tuple[int, ...] = ()
    drops: tuple[int, ...] = ()

    def label(self) -> str:
        sets = "".join(f" --set {text}" for text in self.overrides)
        return (f"night {self.number + 1} ({self.format}, {self.players} players, "
                f"{self.rounds} rounds) --preset {self.preset}{sets}")  # fmt: skip


def night_cases(seed: int, nights: int = NIGHTS) -> list[NightCase]:
    """The nights of a sweep from `seed`: the formats in turn, fields from 8 to 21 (the
    fixed pairs formats even), with byes on most, a player or pair added after round 1
    on every other night and one dropped after round 2 on every third, deal limits, and
    two long nights of rotating partners (`LONG_NIGHTS`)."""
    rng = random.Random(f"scorepad-nights:{seed}")
    cases = []
    for number in range(nights):
        format_ = FORMATS[number % len(FORMATS)]
        if format_ == "rotate":
            players = (8, 13, 21, 11, 9, 18, 14, 10)[(number // len(FORMATS)) % 8]
        else:  # an odd number of pairs sits one pair out each round
            players = (10, 8, 18, 14, 20, 12)[(number // len(FORMATS)) % 6]
        rounds = 3 + int(rng.random() * 3)
        if format_ != "rotate":
            rounds = min(rounds, players // 2 - 1)
        limit = DEAL_LIMITS[int(rng.random() * len(DEAL_LIMITS))]
        if format_ == "rotate" and players in LONG_NIGHTS:  # rounds past 9: see LONG_NIGHTS
            rounds, limit = LONG_NIGHTS[players], min(limit, 3) or 3
        preset = NIGHT_PRESETS[int(rng.random() * len(NIGHT_PRESETS))]
        overrides = (f"deal_limit={limit}",) if limit else ()
        if not limit and preset not in ("short", "club"):
            overrides = ("target=250",)  # a night's game to 500 is long for the bots
        cases.append(NightCase(number, format_, players, rounds, preset, overrides,
                               adds=(1,) if number % 2 else (),
                               drops=(2,) if number % 3 == 1 else ()))  # fmt: skip
    return cases


@dataclass(slots=True)
class NightTally:
    """What the nights reached, and their violations (by night)."""

    nights: int = 0
    games: int = 0
    deals: int = 0
    violation_count: int = 0
    violations: list[tuple[int, Violation]] = field(default_factory=list)
    reached: Counter[str] = field(default_factory=Counter)

    def merge(self, other: NightTally) -> None:
        self.nights += other.nights
        self.games += other.games
        self.deals += other.deals
        self.violation_count += other.violation_count
        both = [*self.violations, *other.violations]
        self.violations = sorted(both, key=lambda found: found[0])[:MAX_KEPT]
        self.reached.update(other.reached)


MAX_KEPT = 50

# What the nights look for, so that the report can say which were not reached.
NIGHT_SITUATIONS = (
    *(f"{format_} night" for format_ in FORMATS),
    "table game", "bye", "player or pair added", "player or pair dropped",
    "game ended by the deal limit", "rows level on wins, margin and points",
    "game rated", "partnership rated",
)  # fmt: skip


def _names(count: int, start: int = 0) -> list[str]:
    return [f"P{number:02d}" for number in range(start + 1, start + count + 1)]


class NightPlayer:
    """Plays the nights of a sweep (a range of them at a time, in any process)."""

    def __init__(self, seed: int, cases: Sequence[NightCase]) -> None:
        self.seed = seed
        self.cases = cases

    def play(self, tally: NightTally, start: int, stop: int) -> None:
        for number in range(start, stop):
            problems, reached, games, deals = play_night(self.seed, self.cases[number])
            tally.nights += 1
            tally.games += games
            tally.deals += deals
            tally.reached.update(reached)
            tally.violation_count += len(problems)
            room = max(MAX_KEPT - len(tally.violations), 0)
            tally.violations.extend((number, found) for found in problems[:room])


def play_night(seed: int, case: NightCase) -> tuple[list[Violation], Counter[str], int, int]:
    """Play one night: its violations, what it reached, its games and deals."""
    name = f"night{case.number + 1}"
    reached: Counter[str] = Counter({f"{case.format} night": 1})
    preset, rules = resolve_rules(case.preset, case.overrides)
    knobs = knobs_of_preset(case.preset, case.overrides)
    runner = GameRunner(rules, preset=preset, seed=seed + 7919 * (case.number + 1),
                        keep_game=True, max_deals=MAX_DEALS, knobs=knobs)  # fmt: skip
    draw = random.Random(f"scorepad-night:{seed}:{case.number}")
    names = _names(case.players)
    pairs: tuple[Pair, ...] = ()
    if case.format != "rotate":
        pairs = tuple((names[i], names[i + 1]) for i in range(0, len(names), 2))
    check_field(len(names), case.format)
    event = Event(name, case.format, tuple(names), pairs, preset, case.overrides,
                  str(seed), case.rounds)  # fmt: skip
    event = draw_rounds(event, draw)
    every_pair = list(pairs)
    games: dict[str, Game] = {}
    results: dict[str, GameResult] = {}
    made: nightviews.Changes = {}  # who joined and who left, by round
    finished: list[tuple[int, Game, GameResult]] = []  # (when it finished, game, result)
    views = nightviews.rounds_problems(case.number, event)  # what the pages show
    violations: list[Violation] = []
    clock, index, deals, joined = 0, 0, 0, 0
    for number in range(1, case.rounds + 1):
        if event.format in ("swiss", "most-wins") and number > 1:  # drawn round by round
            now = event_standings(event, games)
            ranking = ranking_of(event, now.rows)
            if sorted(ranking) != sorted(event.pairs):  # the field's pairs, each once
                violations.append(Violation(0, case.number, number, Problem("night", "night", {
                    "night": case.number + 1, "round": number, "column": "swiss ranking",
                    "engine": ranking, "reference": list(event.pairs)})))  # fmt: skip
                ranking = list(event.pairs)  # the night goes on, its seats drawn in field order
            event = draw_rounds(event, draw, ranking)
        seated = [dataclasses.replace(r, seated=True) if r.number == number else r
                  for r in event.rounds]  # fmt: skip
        event = dataclasses.replace(event, rounds=tuple(seated))
        round_ = event.round(number)
        assert round_ is not None
        views += nightviews.next_seat_problems(case.number, event, number)
        reached["bye"] += len(round_.seats.byes)
        latest = clock
        tables = range(1, len(round_.seats.tables) + 1)
        in_play = {event.game_name(number, table) for table in tables}  # the last, at the end
        for table, seats in enumerate(round_.seats.tables, start=1):
            result = runner.play_game(index)
            index += 1
            deals += result.deals
            violations += [dataclasses.replace(found, game=case.number) for found in
                           result.violations]  # fmt: skip
            assert result.game is not None
            players = table_players(seats.sides)
            fresh = new_game(event.game_name(number, table), list(players), rules, preset=preset)
            game = dataclasses.replace(fresh, first_dealer=result.game.first_dealer,
                                       rounds=result.game.rounds,
                                       event=EventSeat(name, number, table))  # fmt: skip
            games[game.name] = game
            results[game.name] = result
            try:  # the table's game as the night seated it, as the service checks it
                check_table_game(event, number, table, game)
            except ScorepadError as error:
                violations.append(Violation(0, case.number, number, Problem("night", "night", {
                    "night": case.number + 1, "round": number, "column": "table game",
                    "engine": [str(error)], "reference": []})))  # fmt: skip
            reached["table game"] += 1
            reached["game ended by the deal limit"] += result.end == "deal-limit"
            # A table of fewer deals finishes sooner; the tables of a round never at once.
            when = clock + result.deals * 600 + table * 7
            latest = max(latest, when)
            finished.append((when, game, result))
        clock = latest + 60
        violations += _standings_violations(event, games, every_pair, case, number, reached)
        views += nightviews.table_problems(case.number, number, event,
                                           event_standings(event, games).rounds, results,
                                           rules.deal_limit)  # fmt: skip
        views += nightviews.file_problems(case.number, number, event)
        if number in case.adds:
            added: str | Pair = _names(1, 40 + joined)[0]
            if case.format != "rotate":
                first, second = _names(2, 40 + joined)
                added = (first, second)
                every_pair.append(added)
            joined += 2
            made.setdefault(number + 1, (set(), set()))[0].update(
                (added,) if isinstance(added, str) else added)  # fmt: skip
            event = _changed(event, with_player_added(event, added), draw)
            reached["player or pair added"] += 1
        if number in case.drops:
            dropped = event.players[int(draw.random() * len(event.players))]
            try:
                changed, gone = with_player_dropped(event, dropped)
                check_field(len(changed.players), changed.format)
            except ScorepadError:
                pass  # the field would be too small: the night goes on as it is
            else:
                made.setdefault(number + 1, (set(), set()))[1].update(gone)
                event = _changed(event, changed, draw)
                reached["player or pair dropped"] += 1
    views += nightviews.field_problems(case.number, event, made)
    violations += [Violation(0, case.number, found.values["round"], found) for found in views]
    violations += _ratings_violations(case, finished, reached)
    # The ratings asked while the last round's tables play their last deal: those games
    # are not finished, so not rated but counted as unfinished (`scorepad ratings`).
    violations += _ratings_violations(case, finished, reached, in_play=in_play)
    return violations, reached, index, deals


def _changed(event: Event, changed: Event, draw: random.Random) -> Event:
    """The event after a change of its field: the rounds not seated drawn again."""
    kept = tuple(r for r in changed.rounds if r.seated)
    return draw_rounds(dataclasses.replace(changed, rounds=kept), draw)


def _standings_violations(
    event: Event,
    games: dict[str, Game],
    pairs: Sequence[Pair],
    case: NightCase,
    number: int,
    reached: Counter[str],
) -> list[Violation]:
    """The event's standings after round `number`, against the reference's fold."""
    rounds = []
    for round_ in event.rounds:
        tables = []
        for table, seats in enumerate(round_.seats.tables, start=1):
            seated = round_.number <= number  # as the night seated them, not as the event says
            game = games.get(event.game_name(round_.number, table)) if seated else None
            tables.append(NightTable(seats.sides, _result_of(game)))
        rounds.append(NightRound(round_.number <= number, tuple(tables), round_.seats.byes))
    truth = fold_night(event.players, rounds, pairs if event.format != "rotate" else None,
                       by_points=event.format != "most-wins")  # fmt: skip
    rows = event_standings(event, games).rows
    ranks = Counter(row.rank for row in rows)
    reached["rows level on wins, margin and points"] += sum(1 for n in ranks.values() if n > 1)
    engine = sorted((row.rank, row.player, row.games, row.wins, row.margin, row.points,
                     row.byes) for row in rows)  # fmt: skip
    if engine == sorted(truth):
        return []
    problem = Problem("night", "night", {
        "night": case.number + 1, "round": number, "column": _first_column(engine, truth),
        "engine": [row for row in engine if row not in truth][:3],
        "reference": [row for row in truth if row not in engine][:3],
    })  # fmt: skip
    return [Violation(0, case.number, number, problem)]


COLUMNS = ("rank", "player", "games", "wins", "margin", "points", "byes")


def _first_column(engine: Sequence[tuple[object, ...]], truth: Sequence[tuple[object, ...]]) -> str:
    """The first column (after the names) where the two standings differ."""
    theirs = {row[1]: row for row in truth}
    mine = {row[1]: row for row in engine}
    if theirs.keys() != mine.keys():
        return "player"
    for place in (2, 3, 4, 5, 6, 0):
        if any(mine[name][place] != theirs[name][place] for name in mine):
            return COLUMNS[place]
    return "rank"


def _result_of(game: Game | None) -> tuple[int, int, int | None] | None:
    """A table's result as the reference reads it: the scores and the winner, once over,
    from the game's own fold (held to the reference's fold deal by deal as it was played)."""
    if game is None:
        return None
    from scorepad.engine.game import standings

    folded = standings(game)
    if not folded.finished:
        return None
    return folded.scores[0], folded.scores[1], folded.winner


def _ratings_violations(
    case: NightCase,
    finished: Sequence[tuple[int, Game, GameResult]],
    reached: Counter[str],
    in_play: Collection[str] = (),
) -> list[Violation]:
    """The night's games rated as `scorepad ratings --event` rates them, from their files
    saved at the time each table finished, against openskill in the order played; the
    games `in_play` as saved before their last deal, not finished, so not rated but
    counted as unfinished, as a game cut off is, and each side's chance to win them as
    the event's page shows it (openskill's prediction from the ratings before them)."""
    model = ThurstoneMostellerFull(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU, epsilon=EPSILON)
    truth: dict[str, Belief] = {}
    truth_pairs: dict[str, Belief] = {}
    count = 0  # the games rated
    for _when, game, result in sorted(finished, key=lambda done: done[0]):
        if result.end == "unfinished" or game.name in in_play:
            continue
        sides = [[game.players[seat] for seat in (side, side + 2)] for side in (0, 1)]
        ranks = [0.0, 0.0] if result.winner is None else [
            0.0 if side == result.winner else 1.0 for side in (0, 1)]  # fmt: skip
        _rate(model, truth, sides, ranks)
        _rate(model, truth_pairs, [["+".join(sorted(side))] for side in sides], ranks)
        count += 1
    truth_pairs = {key: value for key, value in truth_pairs.items() if value[2] >= PAIR_GAMES}
    if not in_play:
        reached["game rated"] += count
        reached["partnership rated"] += len(truth_pairs)
    with tempfile.TemporaryDirectory(prefix="scorepad-night-") as folder:
        paths = []
        for when, game, _result in finished:
            if game.name in in_play:  # saved after the deal before its last
                game = dataclasses.replace(game, rounds=game.rounds[:-1])
                when -= 600
            path = Path(folder) / f"{game.name}.toml"
            path.write_text(game_to_toml(game), encoding="utf-8")
            at = (1_800_000_000 + when) * 1_000_000_000
            os.utime(path, ns=(at, at))
            paths.append(path)
        rated = rate_indexed(in_order_played(read_games(paths, None)), None)
    problems = []
    # docs/ratings.md: ranked by mu - 3 sigma; a partnership's own rating from 3 games.
    shown = {key: rated.rating_of(key.split("+")) for key in (*truth, *truth_pairs)}
    for key, (mu, sigma, _games) in (*truth.items(), *truth_pairs.items()):
        value = shown[key]
        if value is None or abs(value - (mu - 3 * sigma)) > CLOSE:
            problems.append(Problem("ratings", "ratings", {
                "night": case.number + 1, "player": f"{key} (rating {value})",
                "engine": None, "reference": truth.get(key, truth_pairs.get(key))}))  # fmt: skip
            break
    # docs/ratings.md: only finished partnership games are rated; the others are counted.
    not_rated = (rated.unrated[Unrated.UNFINISHED], rated.unrated[Unrated.INDIVIDUAL])
    for _when, game, _result in finished if in_play else ():  # the chances shown for them
        if game.name in in_play:
            sides = [[game.players[seat] for seat in (side, side + 2)] for side in (0, 1)]
            predicted = model.predict_win([[model.rating(mu=mu, sigma=sigma) for mu, sigma, _
                                            in (truth.get(name, (MU, SIGMA, 0)) for name in side)]
                                           for side in sides])  # fmt: skip
            chances = rated.chances(sides)
            if any(abs(a - b) > CLOSE for a, b in zip(chances, predicted, strict=True)):
                problems.append(Problem("ratings", "ratings", {
                    "night": case.number + 1, "engine": None, "reference": None,
                    "player": f"{game.name}'s chances {chances} (of {predicted})"}))  # fmt: skip
                break
    if (rated.rated, not_rated) != (count, (len(finished) - count, 0)):
        problems.append(Problem("ratings", "ratings", {
            "night": case.number + 1, "engine": None, "reference": None,
            "player": f"games rated {rated.rated}, unfinished {not_rated[0]}, of one player"
                      f" {not_rated[1]} (of {count}, {len(finished) - count}, 0)",
        }))  # fmt: skip
    engine = {entry.player: (entry.mu, entry.sigma, entry.games) for entry in rated.players()}
    engine_pairs = {"+".join(sorted(entry.pair)): (entry.mu, entry.sigma, entry.games)
                    for entry in rated.partnerships()}  # fmt: skip
    for theirs, mine in ((truth, engine), (truth_pairs, engine_pairs)):
        for key in sorted(theirs.keys() | mine.keys()):
            want, got = theirs.get(key), mine.get(key)
            if (
                want is None
                or got is None
                or got[2] != want[2]
                or any(abs(a - b) > CLOSE for a, b in zip(got[:2], want[:2], strict=True))
            ):
                problems.append(Problem("ratings", "ratings", {
                    "night": case.number + 1, "player": key,
                    "engine": got, "reference": want,
                }))  # fmt: skip
                break
    return [Violation(0, case.number, 0, problem) for problem in problems]


Belief = tuple[float, float, int]  # mu, sigma, games rated


def _rate(
    model: ThurstoneMostellerFull, beliefs: dict[str, Belief], sides: list[list[str]],
    ranks: list[float],
) -> None:  # fmt: skip
    """One game's result, each side's players (or a pair as one) rated by openskill."""
    before = [[beliefs.get(key, (MU, SIGMA, 0)) for key in side] for side in sides]
    after = model.rate([[model.rating(mu=mu, sigma=sigma) for mu, sigma, _ in side]
                        for side in before], ranks=ranks)  # fmt: skip
    for keys, old, new in zip(sides, before, after, strict=True):
        for key, (_mu, _sigma, games), rated in zip(keys, old, new, strict=True):
            beliefs[key] = (rated.mu, rated.sigma, games + 1)
