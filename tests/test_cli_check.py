"""`scorepad check` and `scorepad presets`, and the help text every command must have."""

from __future__ import annotations

import json

import pytest
import typer.main
from typer.testing import CliRunner

from scorepad.cli.main import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_check_issue_example_as_json() -> None:
    code, out, _ = run("check", "--score", "337", "--bags", "7", "2:4", "3:4", "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["points"], data["score"], data["bags"]) == (-47, 290, 0)
    assert data["lines"] == [
        {"label": "contract 5 made", "points": 50, "kind": "contract"},
        {"label": "3 overtricks", "points": 3, "kind": "overtricks"},
        {"label": "bag penalty (10 bags)", "points": -100, "kind": "bag-penalty"},
    ]


@pytest.mark.parametrize(
    ("args", "points", "bags"),
    [
        pytest.param(("nil:1", "nil:1"), -198, 2, id="double-nil-both-failed"),
        pytest.param(("nil:0", "nil:1"), 1, 1, id="double-nil-one-failed"),
        pytest.param(("--preset", "solo-3", "nil:3"), -97, 3, id="solo-nil-failed"),
    ],
)
def test_repro_2_check_failed_nil_tricks_count_toward_a_contract_of_0(
    args: tuple[str, ...], points: int, bags: int
) -> None:
    code, out, _ = run("check", "--set", "failed_nil_tricks=contract", "--json", *args)
    data = json.loads(out)
    assert code == 0
    assert (data["points"], data["bags"], data["new_bags"], data["made"]) == (
        points, bags, bags, None
    )
    assert data["lines"][-1] == {
        "label": f"{bags} overtrick{'s' if bags > 1 else ''}", "points": bags, "kind": "overtricks"
    }


@pytest.mark.parametrize(
    ("preset", "points", "label"),
    [
        pytest.param("standard", -140, "contract 14 set (11 taken)", id="standard"),
        pytest.param("house", -200, "10-for-200: 14 set (11 taken)", id="house-not-boston"),
        pytest.param("quicksand", -30, "contract 14 short by 3 (quicksand)", id="quicksand"),
    ],
)
def test_repro_4_check_partners_overbid_and_are_set(preset: str, points: int, label: str) -> None:
    code, out, _ = run("check", "-p", preset, "--json", "7:6", "7:5")
    data = json.loads(out)
    assert code == 0
    assert (data["points"], data["contract"], data["made"]) == (points, 14, False)
    assert data["lines"] == [{"label": label, "points": points, "kind": "set"}]


def test_check_explains_line_by_line() -> None:
    code, out, _ = run("check", "nil:1", "4:3")
    assert code == 0
    assert out.splitlines() == [
        "line                            points",
        "nil failed (player 1): 1 trick    -100",
        "contract 4 set (3 taken)           -40",
        "failed nil's 1 trick as bags        +1",
        "round                             -139",
        "score 0 -> -139; bags 0 -> 1",
    ]


def test_check_joint_team_bid_and_preset_and_set() -> None:
    code, out, _ = run("check", "-p", "club", "--set", "target=300", "--json", "--score",
                       "-20", "10:11")
    assert code == 0
    assert json.loads(out)["score"] == -20 + 101


def test_check_blind_nil_when_trailing_enough() -> None:
    code, out, _ = run("check", "-p", "club", "--trailing-by", "150", "--json", "bnil:0", "4:5")
    assert (code, json.loads(out)["points"]) == (0, 241)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(["9:14"], "14 tricks is more than the 13 in a deal", id="tricks-over-deal"),
        pytest.param(["7:7", "4:7"], "the tricks add up to 14; a deal has only 13", id="sum-over"),
        pytest.param(["14:3"], "out of range; bid 1 to 13, nil (or 0)", id="bid-range"),
        pytest.param(["bnil:0", "4:4"], "blind nil is not allowed by these rules",
                     id="blind-nil-forbidden"),
        pytest.param(["-p", "club", "bnil:0", "4:4"], "trail by 100 or more",
                     id="blind-nil-not-trailing"),
        pytest.param(["-p", "suicide", "3:3", "4:4"], "suicide needs one nil", id="suicide"),
        pytest.param(["4-5"], "not a token: '4-5'; write BID:TRICKS", id="token-form"),
        pytest.param(["x:5"], "not a bid: 'x'", id="bad-bid"),
        pytest.param(["1:1", "2:2", "3:3"], "3 tokens given", id="three-tokens"),
        pytest.param(["-p", "solo-3", "1:1", "2:2"], "this preset is played alone", id="solo"),
        pytest.param(["--bags", "10", "4:4"], "--bags 10 is out of range: 0 to 9", id="bags"),
        pytest.param(["-p", "nope", "4:4"], "unknown preset 'nope'", id="unknown-preset"),
        pytest.param(["--set", "targt=3", "4:4"], "did you mean 'target'", id="unknown-knob"),
    ],
)
def test_check_refuses_impossible_input_with_one_line_and_exit_2(
    args: list[str], message: str
) -> None:
    code, out, err = run("check", *args)
    assert code == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_presets_list_shows_every_preset() -> None:
    code, out, _ = run("presets", "list")
    assert code == 0
    names = [line.split()[0] for line in out.splitlines()[1:] if line and not line[0].isspace()]
    assert names == [
        "bonus", "bowl", "club", "house", "jokers", "league", "long", "no-hell", "quicksand",
        "round-robin", "short", "solo-3", "solo-5", "solo-6", "standard", "suicide",
    ]  # fmt: skip


def test_presets_show_resolves_knobs() -> None:
    code, out, _ = run("presets", "show", "bonus", "--json", "--set", "target=300")
    rules = json.loads(out)["rules"]
    assert code == 0
    assert (rules["target"], rules["exact_bonus"], rules["big_contract_threshold"]) == (300, 20, 8)


def test_presets_show_text_names_each_knob_and_the_auto_threshold() -> None:
    code, out, _ = run("presets", "show", "standard")
    assert code == 0
    assert out.startswith("standard: The classic partnership game")
    assert any(line.split()[:2] == ["loss_limit", '"none"'] for line in out.splitlines())
    assert any(line.split()[:3] == ["big_contract_threshold", '"auto"', "(8)"]
               for line in out.splitlines())


def all_commands() -> list[tuple[str, object]]:
    found = []

    def walk(command: object, path: str) -> None:
        found.append((path, command))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{path} {name}".strip())

    walk(typer.main.get_command(app), "")
    return found


@pytest.mark.parametrize(("path", "command"), all_commands(), ids=lambda v: str(v) or "app")
def test_every_command_and_option_has_help(path: str, command: object) -> None:
    assert getattr(command, "help", None), f"`scorepad {path}` has no help text"
    for param in getattr(command, "params", []):
        if param.param_type_name == "option" and param.name != "help":
            assert param.help, f"`scorepad {path}` option {param.name} has no help"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(["frobnicate"], "No such command 'frobnicate'", id="unknown-command"),
        pytest.param(["check"], "Missing argument 'BID:TRICKS...'", id="missing-argument"),
        pytest.param(["check", "--bogus", "1:1"], "No such option: --bogus", id="unknown-option"),
        pytest.param(
            ["check", "--score", "x", "1:1"],
            "--score must be a whole number, not 'x'",
            id="not-int",
        ),
        pytest.param(["presets", "show"], "Missing argument 'NAME'", id="nested-missing"),
    ],
)
def test_command_line_mistakes_are_one_line_too(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert message in err and "--help" in err
    assert len(err.strip().splitlines()) == 1
    assert "╭" not in err


def test_bare_command_shows_help() -> None:
    code, out, err = run()
    assert "Usage:" in out + err and "check" in out + err


def test_a_side_contract_over_13_is_scored_with_a_warning() -> None:
    result = CliRunner().invoke(app, ["check", "--json", "7:7", "7:6"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["points"] == -140
    assert result.stderr == (
        "Warning: the side's contract is 14, more than the 13 tricks in a deal; scored as"
        " given. A typo?\n"
    )
