"""`scorepad simulate` end to end: the JSON, the summary, --jobs, --save read back by show."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import scorepad_process, stopped
from typer.testing import CliRunner

from scorepad.cli.main import app
from scorepad.sim.kernel import kernel_built

runner = CliRunner()


@pytest.fixture(autouse=True)
def plain(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("SCOREPAD_HOME", str(tmp_path / "home"))


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def simulate_json(*args: str) -> dict[str, object]:
    code, out, err = run("simulate", "--json", *args)
    assert (code, err) == (0, ""), err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_json_has_the_public_keys() -> None:
    data = simulate_json("--games", "6", "--seed", "3")
    assert isinstance(data["games"], int) and data["games"] == 6
    assert isinstance(data["deals"], int) and data["deals"] >= 6
    assert data["violations"] == []
    stats = data["stats"]
    assert isinstance(stats, dict)
    for key in ("nil", "blind_nil", "set_rate", "bag_penalties_per_game", "ends", "first_dealer"):
        assert key in stats
    assert sum(stats["ends"].values()) == 6


def without_timing(data: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in data.items() if k not in ("elapsed_seconds", "deals_per_second")}


def test_the_same_seed_gives_the_same_json_whatever_the_jobs() -> None:
    args = ("--preset", "club", "--games", "10", "--seed", "42", "--bots", "heuristic,random")
    one = simulate_json(*args)
    two = simulate_json(*args, "--jobs", "2")
    assert without_timing(one) == without_timing(two)
    assert set(one) - set(without_timing(one)) == {"elapsed_seconds", "deals_per_second"}


def test_set_overrides_reach_the_simulation() -> None:
    data = simulate_json("--games", "4", "--set", "target=200", "--seed", "1")
    short = simulate_json("--games", "4", "--seed", "1")
    assert data["deals"] < short["deals"]


def test_the_summary_names_every_figure() -> None:
    code, out, err = run(
        "simulate", "--games", "4", "--seed", "2", "--bots", "heuristic,random", "-p", "club"
    )
    assert (code, err) == (0, "")
    for label in (
        "games",
        "deals",
        "violations",
        "deals per game",
        "nil made",
        "blind nil made",
        "contracts set",
        "bag penalties per game",
        "games ended by",
        "first dealer's side won",
        "heuristic won",
    ):
        assert label in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--bots", "smart"), "unknown bot smart"),
        (("--preset", "nope"), "unknown preset 'nope'"),
        (("--set", "target=-5"), "target"),
        (("--hands",), "give --save DIR"),
        (("--kernel", "fast"), "--kernel 'fast': choose from auto, c, python"),
        (
            ("--kernel", "c", "--set", "partner_bidding=true", "--set", "zero_bid=plain"),
            "--kernel c: the compiled kernel cannot play this run: it makes joint partner bids"
            " only where a bid of 0 means nil",
        ),
        (
            ("--kernel", "c", "--bots", "heuristic,random"),
            "--kernel c: the compiled kernel cannot play this run: it plays one kind of bot",
        ),
        (("--check", "most"), "--check 'most': choose from sample, full"),
    ],
    ids=[
        "bot",
        "preset",
        "override",
        "hands-without-save",
        "kernel",
        "kernel-partner-bidding",
        "kernel-mixed-bots",
        "check",
    ],  # fmt: skip
)
def test_bad_options_are_one_line_on_stderr(args: tuple[str, ...], message: str) -> None:
    code, out, err = run("simulate", "--games", "1", *args)
    assert code != 0 and out == ""
    assert message in err and "Traceback" not in err


def test_saved_games_show_the_simulators_totals_and_winner(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    args = ("--preset", "house", "--games", "3", "--seed", "5", "--save", str(folder), "--hands")
    data = simulate_json(*args)
    files = sorted(folder.glob("game-*[0-9].toml"))
    assert len(files) == 3
    from scorepad.files.presets import load_preset
    from scorepad.sim.gameloop import GameRunner

    rules = load_preset("house").rules
    simulator = GameRunner(rules, preset="house", bots=("heuristic",), seed=5)
    for index, path in enumerate(files):
        mine = simulator.play_game(index)
        code, out, err = run("show", "--game", str(path), "--json")
        assert (code, err) == (0, ""), err
        shown = json.loads(out)
        assert [team["score"] for team in shown["teams"]] == list(mine.scores)
        assert shown["status"] == "finished"
        winner = shown["winner"]
        names = [team["name"] for team in shown["teams"]]
        assert mine.winner is not None and winner in (names[mine.winner], mine.winner)
        hands = sorted(folder.glob(f"{path.stem}-deal-*.hand.toml"))
        assert len(hands) == mine.deals
        code, out, err = run("verify", str(hands[0]), "--json")
        assert code == 0 and json.loads(out)["ok"] is True
    assert data["games"] == 3


def test_a_broken_engine_is_counted_and_reported_with_its_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Violations are counted, never raised: here the game 'ends' after every deal."""
    from scorepad.engine import fold
    from scorepad.engine.scoring import EndReason, Outcome

    # The end as the engine's one fold step (`fold.fold_round`) judges it.
    monkeypatch.setattr(
        fold, "judge_round", lambda *args, **kwargs: Outcome(0, EndReason.TARGET)
    )
    code, out, _ = run("simulate", "--games", "3", "--seed", "4", "--json")
    data = json.loads(out)
    # One "end" a game: the reference's fold says the game goes on.
    assert code == 1 and data["violation_count"] == 3
    assert [v["check"] for v in data["violations"]] == ["end", "end", "end"]
    violation = data["violations"][0]
    assert "won by side 1 (target) by the engine, not over by the reference" in violation["message"]
    assert (violation["check"], violation["seed"], violation["deal"]) == ("end", 4, 1)
    assert "North:" in violation["replay"] and "play:" in violation["replay"]
    code, out, _ = run("simulate", "--games", "1", "--seed", "4")
    assert code == 1 and "violation (end)" in out and "verify DIR/game-00001-deal-001" in out


KERNEL_BUILT = kernel_built()


@pytest.mark.parametrize(
    ("args", "kernel", "reason"),
    [
        (("--bots", "random"), "c" if KERNEL_BUILT else "python", None if KERNEL_BUILT else
         "the compiled kernel: it is not built in this install (no C compiler when it was"
         " installed)"),
        (("--bots", "random", "--kernel", "python"), "python", "--kernel python"),
        (("--bots", "random", "--set", "partner_bidding=true", "--set", "zero_bid=plain"),
         "python", "the compiled kernel: it makes joint partner bids only where a bid of 0"
         " means nil"),
        (("--bots", "random", "--set", "partner_bidding=true"), "c" if KERNEL_BUILT else
         "python", None if KERNEL_BUILT else "the compiled kernel: it is not built in this"
         " install (no C compiler when it was installed)"),
        (("--bots", "random", "--preset", "house"), "c" if KERNEL_BUILT else "python",
         None if KERNEL_BUILT else "the compiled kernel: it is not built in this install (no"
         " C compiler when it was installed)"),
        ((), "c" if KERNEL_BUILT else "python", None if KERNEL_BUILT else
         "the compiled kernel: it is not built in this install (no C compiler when it was"
         " installed)"),
        (("--bots", "heuristic,random"), "python",
         "the compiled kernel: it plays one kind of bot at every seat"),
    ],
    ids=["random-auto", "random-python", "joint-plain-zero", "joint", "house", "heuristic",
         "mixed-bots"],
)  # fmt: skip
def test_the_json_says_which_path_ran_and_why_not_the_kernel(
    args: tuple[str, ...], kernel: str, reason: str | None
) -> None:
    data = simulate_json("--games", "3", "--seed", "2", *args)
    assert (data["kernel"], data["kernel_reason"]) == (kernel, reason)
    assert data["violation_count"] == 0


@pytest.mark.skipif(not KERNEL_BUILT, reason="the compiled kernel is not built here")
def test_the_summary_names_the_path_and_kernel_c_runs_the_kernel() -> None:
    code, out, err = run("simulate", "--games", "3", "--bots", "random", "--kernel", "c")
    assert (code, err) == (0, "")
    assert "deals played in          the compiled kernel" in out
    code, out, err = run("simulate", "--games", "3", "--bots", "random", "--kernel", "python")
    assert "deals played in          Python (--kernel python)" in out


@pytest.mark.skipif(not KERNEL_BUILT, reason="the compiled kernel is not built here")
def test_kernel_games_save_as_games_and_hand_records_the_score_pad_reads(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    data = simulate_json("--bots", "random", "--games", "2", "--seed", "3", "--save",
                         str(folder), "--hands")  # fmt: skip
    assert data["kernel"] == "c"
    for path in sorted(folder.glob("game-*[0-9].toml")):
        code, out, err = run("show", "--game", str(path), "--json")
        assert (code, err) == (0, ""), err
        assert json.loads(out)["status"] == "finished"
        hands = sorted(folder.glob(f"{path.stem}-deal-*.hand.toml"))
        assert hands
        for hand in hands:
            code, out, _ = run("verify", str(hand), "--json")
            assert code == 0 and json.loads(out)["ok"] is True


@pytest.mark.parametrize(
    ("where", "message"),
    [
        pytest.param("afile", "--save {} is a file, not a folder; give a folder", id="a-file"),
        pytest.param("afile/sub", "--save {} lies under {t}/afile, which is not a folder",
                     id="under-a-file"),
        pytest.param("dead", "--save {} is a link to nothing; give a folder", id="dead-link"),
        pytest.param("/proc/scorepad/x", "--save {}: cannot make the folder: ",
                     id="cannot-make"),
    ],
)  # fmt: skip
def test_a_save_folder_that_cannot_be_one_is_one_line(
    tmp_path: Path, where: str, message: str
) -> None:
    (tmp_path / "afile").write_text("notes\n")
    (tmp_path / "dead").symlink_to(tmp_path / "nowhere" / "x")
    target = where if where.startswith("/") else str(tmp_path / where)
    code, out, err = run("simulate", "--games", "2", "--save", target)
    assert (code, out) == (2, "")
    assert err.startswith("scorepad: " + message.format(target, t=tmp_path)), err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert (tmp_path / "afile").read_text() == "notes\n"


def test_ctrl_c_stops_a_run_with_status_130_and_no_traceback(tmp_path: Path) -> None:
    import os
    import signal
    import time

    folder = tmp_path / "run"
    env = {**os.environ, "SCOREPAD_HOME": str(tmp_path / "home")}
    process = scorepad_process("simulate", "--games", "100000", "--save", str(folder), env=env)
    try:
        deadline = time.monotonic() + 30
        while not list(folder.glob("*.toml")) and time.monotonic() < deadline:
            time.sleep(0.05)  # stopped mid-run, once games are being written
    finally:
        process.send_signal(signal.SIGINT)
        out, err = stopped(process, timeout=30)
    assert process.returncode == 130
    assert "Traceback" not in err + out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(
            ("--preset", "standard"),
            "--compare names the rule sets, so --preset standard would be ignored; put it in the"
            " list, like --compare standard,club",
            id="preset",
        ),
        pytest.param(
            ("--kernel", "python"),
            "--kernel python: --compare plays each rule set in the kernel where it can"
            " (--kernel auto); leave --kernel out",
            id="kernel",
        ),
    ],
)
def test_compare_refuses_the_options_it_would_ignore(args: tuple[str, ...], message: str) -> None:
    code, out, err = run("simulate", "--compare", "club,house", "--games", "2", *args)
    assert (code, out, err) == (2, "", f"scorepad: {message}\n")
    code, _, err = run("simulate", "--compare", "club,house", "--games", "2", "--kernel", "auto")
    assert (code, err) == (0, "")


def test_a_bid_the_rules_do_not_allow_has_no_row() -> None:
    # standard has no blind nil: no "blind nil made 0.0% of 0".
    code, out, err = run("simulate", "--games", "2", "--seed", "2")
    assert (code, err) == (0, "")
    assert "nil made" in out and "blind nil" not in out
