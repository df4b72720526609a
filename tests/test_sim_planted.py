"""Bugs planted on purpose: `scorepad simulate` itself reports each, on both paths.

Each bug is of a kind the simulator once let through (issue 17): a scoring bug the
engine's own lines agree with, one that reads the running score, two side deals that
share a memo key, a misreading of a trick's winner common to the kernel's play and its
own check, and a revoke. Each is planted in this process (the engine, the memo keys, a
bot, or a kernel compiled with the bug: `SCOREPAD_KERNEL_MUTATE`), and the simulator is
run through the CLI on each path: the compiled kernel's table, its pure-Python twin, and
bots in Python; each must report violations, named by the check that caught them, and
the clean tree none.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.engine import scoring
from scorepad.engine.play import BEATS, NO_SUIT, SPADE_MASK, SUIT_MASKS, SUIT_OF, legal_mask
from scorepad.engine.rules import Rules
from scorepad.engine.scoring import BAG_PENALTY, BONUS, Line, Said, SideScore
from scorepad.sim import botdeals, bots, kernel, keys
from tests.test_sim_kernel import build_mutant, needs_kernel

runner = CliRunner()
twin = kernel.kernel_module("python")  # the kernel's pure-Python twin
GAMES = "30"
real_score_side = scoring.score_side


def simulate(path: str, games: str = GAMES) -> dict[str, Any]:
    """`scorepad simulate` with random bots on a path, as JSON; it exits 1 on violations."""
    args = ["simulate", "--bots", "random", "--games", games, "--seed", "3", "--json"]
    result = runner.invoke(app, [*args, *PATHS[path]])
    data: dict[str, Any] = json.loads(result.stdout)
    assert data["kernel"] == PATHS[path][1]
    assert result.exit_code == (1 if data["violation_count"] else 0), result.stderr
    return data


def checks(data: dict[str, Any]) -> set[str]:
    return {violation["check"] for violation in data["violations"]}


# -- bugs in the engine -------------------------------------------------------------


def extra_bag_at_seven(rules: Rules, hands: Any, *, score: int = 0, bags: int = 0) -> SideScore:
    """One bag too many once a side holds 7 or more, its penalties and lines to match."""
    scored = real_score_side(rules, hands, score=score, bags=bags)
    if bags < 7 or not scored.new_bags:
        return scored
    new_bags = scored.new_bags + 1
    penalties, after = divmod(bags + new_bags, rules.bag_limit)
    lines = scored.lines
    if penalties > scored.penalties:
        penalty = Line(Said.BAG_PENALTY, -rules.bag_penalty, BAG_PENALTY, threshold=rules.bag_limit)
        lines += (penalty,)
    points = sum(line.points for line in lines)
    return scored._replace(lines=lines, points=points, score=score + points, bags=after,
                           new_bags=new_bags, penalties=penalties)  # fmt: skip


def _with_bonus(scored: SideScore, score: int, bonus: int) -> SideScore:
    lines = (*scored.lines, Line(Said.EXACT_BONUS, bonus, BONUS))  # a bonus no rule gives
    return scored._replace(lines=lines, points=scored.points + bonus,
                           score=score + scored.points + bonus)  # fmt: skip


def nil_ten_too_high(rules: Rules, hands: Any, *, score: int = 0, bags: int = 0) -> SideScore:
    """A made nil scores 10 more than the rules say, on a line of its own."""
    scored = real_score_side(rules, hands, score=score, bags=bags)
    made = [hand for hand in hands if hand.bid.is_nil and hand.tricks == 0]
    return _with_bonus(scored, score, 10) if made else scored


def reads_the_score(rules: Rules, hands: Any, *, score: int = 0, bags: int = 0) -> SideScore:
    """A side at 250 or more scores 10 more: a bug only the running score shows."""
    scored = real_score_side(rules, hands, score=score, bags=bags)
    return _with_bonus(scored, score, 10) if score >= 250 else scored


# -- a memo-key collision, a misread winner, a revoke ---------------------------------


def colliding_keys(self: keys.MemoKeys, side: object, bags: int, score: int) -> tuple[object, ...]:
    """Side deals with other bags share a key: the bags are left out."""
    return (side,)


# Spades do not trump: the winner is the highest card of the suit led.
WINNER_MISREAD = tuple(
    beats & ~SPADE_MASK | beats & SUIT_MASKS[SUIT_OF[code]] for code, beats in enumerate(BEATS)
)


def revoking_play(self: bots.RandomBot, seat: int, hand: int, legal: int, seen: Any) -> int:
    """Plays off the suit led while it could follow, whenever it can."""
    off = hand & ~legal if seen.trick else 0
    return bots.random_card(off or legal, self.rnd)


def revoking_legal_mask(hand: int, led: int, broken: bool) -> int:
    """Any card may follow: a revoke whenever the random draw picks one."""
    return hand if led != NO_SUIT else legal_mask(hand, led, broken)


class Mutants(dict[int, Any]):
    """Kernels compiled with a bug, each built when first asked for."""

    def __init__(self, factory: pytest.TempPathFactory) -> None:
        super().__init__()
        self.factory = factory

    def __missing__(self, mutation: int) -> Any:
        module = build_mutant(self.factory.mktemp(f"mutant{mutation}"), mutation)
        self[mutation] = module
        return module


@pytest.fixture(scope="session")
def mutants(tmp_path_factory: pytest.TempPathFactory) -> Mutants:
    return Mutants(tmp_path_factory)


# The paths: the compiled kernel's table, its pure-Python twin, and bots in Python
# (joint partner bids where 0 is a plain bid, which only they play). A plant puts the bug
# where the path has it.
PATHS = {
    "c": ("--kernel", "c"),
    "python": ("--kernel", "python"),
    "bots": ("--kernel", "python", "--set", "partner_bidding=true", "--set", "zero_bid=plain"),
}
Plant = Callable[[str, pytest.MonkeyPatch, Mutants], None]


def engine_bug(bug: Callable[..., SideScore]) -> Plant:
    def plant(path: str, monkeypatch: pytest.MonkeyPatch, mutants: Mutants) -> None:
        monkeypatch.setattr(scoring, "score_side", bug)

    return plant


def key_collision(path: str, monkeypatch: pytest.MonkeyPatch, mutants: Mutants) -> None:
    if path == "c":  # the kernel gives two side deals one key
        monkeypatch.setattr(kernel, "KERNEL", mutants[4])
    else:  # the scorer's memo keyed without the bags
        monkeypatch.setattr(keys.MemoKeys, "scored", colliding_keys)


def winner_misread(path: str, monkeypatch: pytest.MonkeyPatch, mutants: Mutants) -> None:
    """The same misreading in the play and in the table's own check."""
    if path == "c":
        monkeypatch.setattr(kernel, "KERNEL", mutants[3])
    elif path == "python":
        monkeypatch.setattr(botdeals, "BEATS", WINNER_MISREAD)
        monkeypatch.setattr(twin.Table, "_check", lambda self, record: 0)
    else:
        monkeypatch.setattr(botdeals, "BEATS", WINNER_MISREAD)


def revoke(path: str, monkeypatch: pytest.MonkeyPatch, mutants: Mutants) -> None:
    if path == "c":
        monkeypatch.setattr(kernel, "KERNEL", mutants[2])
    elif path == "python":
        monkeypatch.setattr(botdeals, "legal_mask", revoking_legal_mask)
    else:
        monkeypatch.setattr(bots.RandomBot, "play", revoking_play)


# (name, the checks that may catch it, the plant, the games to play: a bug of play shows
# in the first deals)
BUGS: list[tuple[str, set[str], Plant, str]] = [
    ("extra-bag-at-seven", {"reference"}, engine_bug(extra_bag_at_seven), GAMES),
    ("nil-ten-too-high", {"reference"}, engine_bug(nil_ten_too_high), GAMES),
    ("score-dependent", {"reference"}, engine_bug(reads_the_score), GAMES),
    ("memo-key-collision", {"fold"}, key_collision, GAMES),
    ("winner-misread", {"winner", "holding", "legal"}, winner_misread, "20"),
    ("revoke", {"legal"}, revoke, "5"),
]
PATH_PARAMS = [pytest.param("c", marks=needs_kernel), "python", "bots"]


@pytest.mark.parametrize("path", PATH_PARAMS)
def test_the_clean_tree_has_no_violations(path: str) -> None:
    data = simulate(path)
    assert data["violation_count"] == 0, data["violations"][:3]


@pytest.mark.parametrize(
    ("caught_by", "plant", "games"), [pytest.param(*bug, id=name) for name, *bug in BUGS]
)
@pytest.mark.parametrize("path", PATH_PARAMS)
def test_a_planted_bug_is_reported_by_simulate(
    path: str,
    caught_by: set[str],
    plant: Plant,
    games: str,
    mutants: Mutants,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plant(path, monkeypatch, mutants)
    data = simulate(path, games)
    assert data["violation_count"] > 0
    assert checks(data) & caught_by, checks(data)


@pytest.mark.parametrize("path", [pytest.param("c", marks=needs_kernel), "python"])
def test_check_full_replays_every_table_deal_and_sample_one_in_twenty(
    path: str, mutants: Mutants, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A misreading the table's own check shares is seen on the sampled deals only
    (deal `n` of game `i` where i + n is a multiple of 20), or on every deal."""
    winner_misread(path, monkeypatch, mutants)
    sample = simulate(path, "8")
    found = {(v["game"], v["deal"]) for v in sample["violations"]}
    assert found and all((game + deal) % 20 == 0 for game, deal in found)
    args = ["simulate", "--bots", "random", "--games", "2", "--seed", "3", "--json"]
    result = runner.invoke(app, [*args, *PATHS[path], "--check", "full"])
    full = json.loads(result.stdout)
    # The first deals each break (the first 100 violations are kept, several a deal).
    assert {(0, 1), (0, 2), (0, 3)} <= {(v["game"], v["deal"]) for v in full["violations"]}


def test_a_bad_play_is_said_in_german_and_kept_in_english_in_the_json(
    monkeypatch: pytest.MonkeyPatch, mutants: Mutants
) -> None:
    """The summary says a revoke in the run's language, as verify does; scripts reading
    the JSON keep the English."""
    revoke("python", monkeypatch, mutants)
    args = ["simulate", "--bots", "random", "--games", "5", "--seed", "3", *PATHS["python"]]
    german = runner.invoke(app, ["--lang", "de", *args], env={"COLUMNS": "200"})
    assert german.exit_code == 1
    said = [
        line for line in german.stdout.splitlines() if line.startswith("Verstoß (Spielregel): ")
    ]
    assert said and all("Farbe nicht bedient" in line for line in said), said[:2]
    assert "revoked" not in german.stdout
    english = json.loads(runner.invoke(app, ["--lang", "de", *args, "--json"]).stdout)
    assert any("revoked in trick" in v["message"] for v in english["violations"])


def test_the_details_of_a_planted_bug_are_said_in_german_every_word_marked(
    monkeypatch: pytest.MonkeyPatch, mutants: Mutants
) -> None:
    """One bag too many from 7 on: the reference's side, the fold and the end of a game
    differ from the engine's, and the summary says each in German, with the deal to replay
    it; no English word is left in the report, and under the pseudo-locale none unmarked.
    """
    from test_i18n import _NOT_WORDS, pseudo_catalog, unmarked_words

    from scorepad import i18n

    engine_bug(extra_bag_at_seven)("python", monkeypatch, mutants)
    args = ["simulate", "--bots", "random", "--games", "5", "--seed", "3", *PATHS["python"]]

    def report(*language: str) -> str:
        result = runner.invoke(app, [*language, *args], env={"COLUMNS": "400"})
        assert result.exit_code == 1, result.stderr
        return result.stdout[result.stdout.index("\n\n") :]  # the violations, after the table

    german = report("--lang", "de")
    said: dict[str, str] = {}
    for line in german.splitlines():
        if line.startswith("Verstoß"):
            said.setdefault(line.split(":")[0], line)
    assert said == {
        "Verstoß (Referenz)": "Verstoß (Referenz): Partei (Ansage 3: 7 gemacht, Ansage 2: 3"
        " gemacht) ab Stand 17, Überstiche 7: die Engine gibt Punkte -45, Überstiche danach 3,"
        " Strafen 1, Kontrakt erfüllt (Stand -28), die Referenz Punkte -45, Überstiche danach"
        " 2, Strafen 1, Kontrakt erfüllt",
        "Verstoß (Spielstand)": "Verstoß (Spielstand): Stände [-28, 145], Überstiche [3, 5],"
        " verfehlte Kontrakte [1, 1]; die Referenz zählt Stände [-28, 145], Überstiche [2, 5],"
        " verfehlte Kontrakte [1, 1]",
        "Verstoß (Spielende)": "Verstoß (Spielende): bei den Ständen [407, 294] ist die Partie"
        " laut Engine nicht zu Ende, laut Referenz gewonnen von Partei 1 (Ziel)",
    }  # the first of each check
    assert "  Geber South\n" in german and "  Ansagen: West 4, North 3, East 2, South 2\n" in german

    def words(text: str) -> set[str]:
        text = _NOT_WORDS.sub(" ", re.sub(r"\S+\.hand\.toml|\b(?:10|[2-9JQKA])[SHDC]\b", " ", text))
        return set(re.findall(r"[A-Za-z][A-Za-z']+", text))

    # The seats' names are names (the checks' names are said in German, the JSON keeps
    # them English).
    identifiers = {"North", "East", "South", "West", "simulate", "verify", "Python", "in"}
    assert words(german) & words(report("--lang", "en")) <= identifiers
    monkeypatch.setattr(i18n, "_language", "de")
    monkeypatch.setattr(i18n, "_catalog", pseudo_catalog())
    pseudo = report()
    assert pseudo.count("⟦violation (") == german.count("Verstoß (")  # the same report
    assert unmarked_words(pseudo, identifiers) == []
