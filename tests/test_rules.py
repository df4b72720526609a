"""Rules: presets, strict loading, overrides, and the facts derived from the knobs."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from pathlib import Path

import pytest
from conftest import preset_rules

from scorepad.cli.core import error_words  # the refusal as the terminal says it
from scorepad.engine.refusals import refusals_text
from scorepad.engine.ruledata import rules_from_mapping, rules_to_mapping
from scorepad.engine.rules import KNOBS, Rules, describe_knob
from scorepad.errors import RulesError
from scorepad.files.presets import apply_overrides, load_preset, preset_names, presets_dir

QS = 'contract_scoring = "quicksand"'

SHIPPED = [
    "bonus", "bowl", "club", "house", "jokers", "league", "long", "no-hell", "quicksand",
    "round-robin", "short", "solo-3", "solo-5", "solo-6", "standard", "suicide",
]  # fmt: skip


def test_exactly_the_promised_presets_ship() -> None:
    assert preset_names() == SHIPPED


@pytest.mark.parametrize("name", SHIPPED)
def test_every_preset_loads_with_a_summary_and_a_header(name: str) -> None:
    preset = load_preset(name)
    assert preset.summary
    header = (presets_dir() / f"{name}.toml").read_text().splitlines()[0]
    # The header describes the game to players (tests/test_words.py keeps it in their words).
    assert header.startswith(f"# {name}: ") and len(header) > len(f"# {name}: ") + 10


@pytest.mark.parametrize("name", SHIPPED)
def test_preset_rules_round_trip_through_toml_data(name: str) -> None:
    rules = load_preset(name).rules
    assert rules_from_mapping(rules_to_mapping(rules)) == rules


# What each preset promises (issue 2's list), as knob values.
PRESET_FACTS = [
    ("standard", {"target": 500, "loss_limit": None, "blind_nil": False, "tricks": 13}),
    ("club", {"target": 500, "loss_limit": -200, "blind_nil": True, "blind_nil_points": 200,
              "blind_nil_deficit": 100}),
    ("short", {"target": 250, "loss_limit": -200, "blind_nil": True, "blind_nil_deficit": 100}),
    ("long", {"target": 1000, "loss_limit": None}),
    ("house", {"blind_nil_exchange": 2, "blind_nil_deficit": 100, "loss_limit": -500,
               "ten_for_200": True, "boston": True, "boston_points": 200,
               "redeal_without_spades": True}),
    ("jokers", {"jokers": True, "tricks": 13, "discards": 2}),
    ("quicksand", {"contract_scoring": "quicksand", "bags": False}),
    ("suicide", {"suicide": True, "suicide_min_bid": 4}),
    ("no-hell", {"no_hell": True}),
    ("bonus", {"players": 4, "exact_bonus": 20, "big_contract_bonus": 10,
               "big_contract_from": 8}),
    ("solo-3", {"players": 3, "partnerships": False, "tricks": 17, "sides": 3,
                "exact_bonus": 20, "big_contract_from": 10}),
    ("solo-5", {"players": 5, "tricks": 10, "sides": 5, "exact_bonus": 0,
                "big_contract_from": 7}),
    ("solo-6", {"players": 6, "tricks": 8, "sides": 6, "exact_bonus": 0,
                "big_contract_from": 6}),
]  # fmt: skip


@pytest.mark.parametrize(("name", "facts"), PRESET_FACTS, ids=[n for n, _ in PRESET_FACTS])
def test_preset_facts(name: str, facts: dict[str, object]) -> None:
    rules = load_preset(name).rules
    assert {key: getattr(rules, key) for key in facts} == facts


@pytest.mark.parametrize(
    ("overrides", "cards", "tricks", "discards"),
    [
        pytest.param({}, 52, 13, 0, id="standard"),
        pytest.param({"jokers": True}, 54, 13, 2, id="jokers-dealer-discards-two"),
        pytest.param({"players": 3, "partnerships": False, "removed_cards": ("2C",)}, 51, 17, 0,
                     id="three"),
        pytest.param({"players": 5, "partnerships": False, "removed_cards": ("2C", "2D")}, 50, 10,
                     0, id="five"),
        pytest.param({"players": 6, "partnerships": False,
                      "removed_cards": ("2C", "2D", "2H", "2S")}, 48, 8, 0, id="six"),
    ],
)
def test_deck_and_tricks(overrides: dict[str, object], cards: int, tricks: int,
                         discards: int) -> None:
    rules = Rules(**overrides)  # type: ignore[arg-type]
    assert (len(rules.deck), rules.tricks, rules.discards) == (cards, tricks, discards)


def test_every_knob_has_a_description_and_is_documented() -> None:
    documented = (Path(__file__).parent.parent / "docs" / "rules.md").read_text()
    for key in KNOBS:
        assert describe_knob(key)
        assert f"`{key}`" in documented, f"{key} is missing from docs/rules.md"


def test_rules_stay_a_frozen_value_that_copies_and_pickles() -> None:
    """Rules' methods are written by hand (no compiled dataclass code at import): it is
    still a frozen dataclass of keyword-only knobs, equal to its copies and pickles."""
    rules = Rules(players=3, partnerships=False, removed_cards=("2C",), target=300)
    assert dataclasses.is_dataclass(rules)
    for copied in (
        pickle.loads(pickle.dumps(rules)),
        copy.deepcopy(rules),
        dataclasses.replace(rules, target=300),
    ):
        assert copied == rules and hash(copied) == hash(rules)
        assert (copied.tricks, copied.sides, copied.side_size) == (17, 3, 1)
    assert dataclasses.replace(rules, target=400).target == 400
    assert Rules().target == 500 and Rules() != rules
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'target'"):
        rules.target = 1  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'nil'"):
        del rules.nil  # type: ignore[misc]
    with pytest.raises(TypeError, match="unexpected keyword argument 'trumps'"):
        Rules(trumps=True)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Rules(4)  # type: ignore[misc]


def test_partners_sit_opposite() -> None:
    rules = Rules()
    assert [rules.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert rules.seats_of(1) == (1, 3)


@pytest.mark.parametrize(
    ("override", "value"),
    [
        pytest.param("target=300", 300, id="integer"),
        pytest.param("loss_limit=-500", -500, id="negative"),
        pytest.param("loss_limit=none", None, id="none-word"),
        pytest.param("double_nil=all-or-nothing", "all-or-nothing", id="bare-word"),
        pytest.param('failed_nil_tricks="contract"', "contract", id="quoted"),
        pytest.param('removed_cards=["2C", "2D", "2H", "2S"]', ("2C", "2D", "2H", "2S"),
                     id="list"),
        pytest.param("bags=false", False, id="boolean"),
    ],
)
def test_overrides(override: str, value: object) -> None:
    key = override.partition("=")[0]
    assert getattr(apply_overrides(Rules(), [override]), key) == value


@pytest.mark.parametrize(
    ("override", "message"),
    [
        pytest.param("targt=300", "unknown key 'targt' (did you mean 'target'?)", id="typo"),
        pytest.param("target=0", "target = 0 is not allowed: a positive number", id="target-0"),
        pytest.param("target=-5", "target = -5 is not allowed", id="target-negative"),
        pytest.param("bag_limit=0", "bag_limit = 0 is not allowed: 1 or more", id="bag-limit-0"),
        pytest.param("loss_limit=100", "loss_limit = 100 is not allowed: a negative", id="limit+"),
        pytest.param("target=ten", 'target = "ten" is not allowed: a whole number', id="type"),
        pytest.param("bags=1", "bags = 1 is not allowed: true or false", id="bool-type"),
        pytest.param("double_nil=both", 'one of "separate", "all-or-nothing"', id="choice"),
        pytest.param("players=5", "partnerships need 4 players", id="players"),
        pytest.param("removed_cards=[\"ZZ\"]", "not a card: 'ZZ'", id="card"),
        pytest.param("removed_cards=[\"2C\"]", "51 cards do not deal evenly to 4", id="uneven"),
        pytest.param("removed_cards=[\"BJ\"]", "BJ is not in the deck", id="not-in-deck"),
        pytest.param("removed_cards=[\"2C\", \"2c\"]", "2C is listed twice", id="twice"),
        pytest.param("target", "write key=value", id="no-equals"),
        pytest.param("exact_bonus_bids=[2]", "--set exact_bonus_bids=[2]: exact_bonus_bids = [2]"
                     " has no effect with exact_bonus = 0: set exact_bonus above 0, or"
                     " exact_bonus_bids = [1, 2]", id="bids-refused-while-off"),
    ],
)
def test_bad_overrides_name_key_value_and_what_is_allowed(override: str, message: str) -> None:
    with pytest.raises(RulesError) as caught:
        apply_overrides(Rules(), [override])
    assert message in error_words(caught.value)
    assert "\n" not in error_words(caught.value)


def test_exact_bonus_refused_for_five_players() -> None:
    with pytest.raises(RulesError, match="3 or 4 only"):
        preset_rules("solo-5", "exact_bonus=20")


def test_thresholds_only_checked_when_their_variant_is_on() -> None:
    solo6 = preset_rules("solo-6")
    assert solo6.ten_for_200_bid == 10  # off, so the 8-trick deal does not refuse it
    with pytest.raises(RulesError, match="ten_for_200_bid = 10 is not allowed: 1 to 8"):
        apply_overrides(solo6, ["ten_for_200=true"])


def test_unknown_key_in_a_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('summary = "x"\ntarget = 300\nbag_limt = 5\n')
    with pytest.raises(RulesError) as caught:
        load_preset(str(path))
    assert str(caught.value) == f"{path}: unknown key 'bag_limt' (did you mean 'bag_limit'?)"


def test_a_preset_file_by_path(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('summary = "Ours"\ntarget = 300\nloss_limit = -300\n')
    preset = load_preset(str(path))
    assert (preset.name, preset.summary, preset.rules.target, preset.rules.loss_limit) == (
        "mine", "Ours", 300, -300,
    )


def test_broken_toml_is_named(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("target = = 3\n")
    with pytest.raises(RulesError, match=r"bad.toml: not valid TOML: .*line 1"):
        load_preset(str(path))


def test_unknown_preset_suggests_and_lists() -> None:
    with pytest.raises(RulesError) as caught:
        load_preset("standart")
    assert "unknown preset 'standart' (did you mean 'standard'?)" in error_words(caught.value)
    assert "solo-6" in error_words(caught.value)


# Issue 7, repro 5: a knob another knob makes meaningless is refused in one line naming
# both knobs and what would work. (preset, overrides, the knob refused, the knob it needs)
MEANINGLESS = [
    pytest.param("standard", ["boston_wins=true"], "boston_wins = true", "boston = false",
                 id="boston-wins-without-boston"),
    pytest.param("quicksand", ["blind_bids=true"], "blind_bids = true", QS, id="qs-blind-bids"),
    pytest.param("quicksand", ["exact_bonus=20"], "exact_bonus = 20", QS, id="qs-exact"),
    pytest.param("quicksand", ["big_contract_bonus=10"], "big_contract_bonus = 10", QS,
                 id="qs-big-contract"),
    pytest.param("quicksand", ["ten_for_200=true"], "ten_for_200 = true", QS, id="qs-10-for-200"),
    pytest.param("quicksand", ["boston=true"], "boston = true", QS, id="qs-boston"),
    pytest.param("quicksand", ["overtrick_points=2"], "overtrick_points = 2", QS,
                 id="qs-overtrick-points"),
    pytest.param("quicksand", ["set_scoring=zero"], 'set_scoring = "zero"', QS,
                 id="qs-set-scoring"),
    pytest.param("standard", ["contract_scoring=quicksand", "bag_limit=5"], "bag_limit = 5", QS,
                 id="qs-bag-limit"),
    pytest.param("standard", ["nil=false", "nil_points=50"], "nil_points = 50", "nil = false",
                 id="nil-points-without-nil"),
    pytest.param("standard", ["blind_nil_points=300"], "blind_nil_points = 300",
                 "blind_nil = false", id="blind-nil-points-without-blind-nil"),
    pytest.param("standard", ["blind_nil_deficit=100"], "blind_nil_deficit = 100",
                 "blind_nil = false", id="blind-nil-deficit-without-blind-nil"),
    pytest.param("house", ["blind_nil=false"], "blind_nil_exchange = 2", "blind_nil = true",
                 id="exchange-without-blind-nil"),
    pytest.param("standard", ["blind_bid_min=5"], "blind_bid_min = 5", "blind_bids = false",
                 id="blind-bid-min-without-blind-bids"),
    pytest.param("standard", ["blind_bid_deficit=50"], "blind_bid_deficit = 50",
                 "blind_bids = false", id="blind-bid-deficit-without-blind-bids"),
    pytest.param("standard", ["suicide_min_bid=3"], "suicide_min_bid = 3", "suicide = false",
                 id="suicide-min-without-suicide"),
    pytest.param("standard", ["bag_penalty=50", "bags=false"], "bag_penalty = 50", "bags = false",
                 id="bag-penalty-without-bags"),
    pytest.param("standard", ["bags=false", "bag_limit=5"], "bag_limit = 5", "bags = false",
                 id="bag-limit-without-bags"),
    pytest.param("standard", ["ten_for_200_bid=9"], "ten_for_200_bid = 9", "ten_for_200 = false",
                 id="10-for-200-bid-while-off"),
    pytest.param("standard", ["ten_for_200_points=300"], "ten_for_200_points = 300",
                 "ten_for_200 = false", id="10-for-200-points-while-off"),
    pytest.param("standard", ["ten_for_200_penalty=100"], "ten_for_200_penalty = 100",
                 "ten_for_200 = false", id="10-for-200-penalty-while-off"),
    pytest.param("standard", ["boston_points=300"], "boston_points = 300", "boston = false",
                 id="boston-points-while-off"),
    pytest.param("standard", ["boston_penalty=100"], "boston_penalty = 100", "boston = false",
                 id="boston-penalty-while-off"),
    pytest.param("standard", ["exact_bonus_bids=[1]"], "exact_bonus_bids = [1]",
                 "exact_bonus = 0", id="exact-bids-while-off"),
    pytest.param("bonus", ["exact_bonus_bids=[]"], "exact_bonus_bids = []", "exact_bonus",
                 id="exact-bonus-with-no-bids"),
    pytest.param("standard", ["big_contract_threshold=8"], "big_contract_threshold = 8",
                 "big_contract_bonus = 0", id="big-threshold-while-off"),
    pytest.param("bonus", ["big_contract_threshold=13"], "big_contract_threshold = 13",
                 "big_contract_bonus", id="big-threshold-at-all-tricks"),
    pytest.param("standard", ["nil=false", "failed_nil_tricks=contract"],
                 'failed_nil_tricks = "contract"', "nil = false", id="failed-nil-without-nil"),
    pytest.param("standard", ["nil=false", "double_nil=all-or-nothing"],
                 'double_nil = "all-or-nothing"', "nil = false", id="double-nil-without-nil"),
    pytest.param("solo-3", ["double_nil=all-or-nothing"], 'double_nil = "all-or-nothing"',
                 "partnerships = false", id="double-nil-alone"),
    pytest.param("suicide", ["partner_bidding=true"], "partner_bidding = true", "suicide = true",
                 id="joint-bids-under-suicide"),
    pytest.param("house", ["ten_for_200_bid=13"], "ten_for_200_bid = 13", "boston = true",
                 id="10-for-200-only-at-boston"),
    pytest.param("quicksand", ["failed_nil_tricks=none"], 'failed_nil_tricks = "none"', QS,
                 id="settings-that-change-nothing-qs-failed-nil-none"),
    pytest.param("suicide", ["min_team_bid=4"], "min_team_bid = 4", "suicide_min_bid (4)",
                 id="settings-that-change-nothing-suicide-min-team-bid"),
    pytest.param("suicide", ["min_team_bid=2"], "min_team_bid = 2", "suicide_min_bid (4)",
                 id="settings-that-change-nothing-suicide-min-team-bid-below"),
    pytest.param("suicide", ["no_hell=true"], "no_hell = true", "suicide = false",
                 id="no-hell-under-suicide"),
    pytest.param("no-hell", ["suicide=true"], "no_hell = true", "suicide = false",
                 id="suicide-under-no-hell"),
]


@pytest.mark.parametrize(("preset", "overrides", "refused", "needs"), MEANINGLESS)
def test_repro_5_a_knob_that_cannot_work_is_refused(
    preset: str, overrides: list[str], refused: str, needs: str
) -> None:
    with pytest.raises(RulesError) as caught:
        preset_rules(preset, *overrides)
    message = error_words(caught.value)
    assert message.startswith("--set ") and "\n" not in message
    assert refused in message and needs in message
    assert " set " in message or "is not allowed" in message  # what would work


def test_repro_5_exact_wording() -> None:
    with pytest.raises(RulesError) as caught:
        preset_rules("standard", "boston_wins=true")
    assert error_words(caught.value) == (
        "--set boston_wins=true: boston_wins = true has no effect with boston = false:"
        " set boston = true, or boston_wins = false"
    )
    with pytest.raises(RulesError) as caught:
        preset_rules("quicksand", "blind_bids=true")
    assert error_words(caught.value) == (
        '--set blind_bids=true: blind_bids = true has no effect with contract_scoring ='
        ' "quicksand": set contract_scoring = "standard", or blind_bids = false'
    )


def test_suicide_with_no_hell_is_refused_and_a_saved_game_keeps_it() -> None:
    """The last bidder beside a partner's number may bid only nil, which no hell refuses
    when the others' bids add up to the deal: a new game refuses the two together, and a
    game saved with them opens as it was played."""
    with pytest.raises(RulesError) as caught:
        preset_rules("no-hell", "suicide=true")
    assert error_words(caught.value) == (
        "--set suicide=true: no_hell = true is not allowed: false while suicide = true, which"
        " can leave the last bidder no legal bid; or suicide = false"
    )
    saved = rules_to_mapping(load_preset("suicide").rules) | {"no_hell": True}
    rules = rules_from_mapping(saved, saved=True)
    assert (rules.suicide, rules.no_hell) == (True, True)
    assert refusals_text(rules) == "Kept as played: a new game would refuse no_hell = true."


def test_repro_5_refused_at_preset_load_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('contract_scoring = "quicksand"\nten_for_200 = true\n')
    with pytest.raises(RulesError) as caught:
        load_preset(str(path))
    assert error_words(caught.value) == (
        f'{path}: ten_for_200 = true has no effect with contract_scoring = "quicksand":'
        ' set contract_scoring = "standard", or ten_for_200 = false'
    )


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [
        pytest.param("standard", ["boston_wins=true", "boston=true"], id="switch-given-after"),
        pytest.param("house", ["blind_nil=false", "blind_nil_deficit=0",
                               "blind_nil_exchange=0"], id="variant-turned-off-whole"),
        pytest.param("quicksand", ["contract_scoring=standard", "ten_for_200=true"],
                     id="quicksand-turned-off"),
        pytest.param("quicksand", ["failed_nil_tricks=contract"], id="qs-failed-nil-contract"),
        pytest.param("house", ["big_contract_bonus=10"], id="big-bonus-beside-10-for-200"),
        pytest.param("standard", ["nil=false", "blind_nil=true", "double_nil=all-or-nothing"],
                     id="blind-nil-only-double-nil"),
        pytest.param("solo-3", ["failed_nil_tricks=contract"], id="solo-failed-nil-contract"),
        pytest.param("standard", ["contract_scoring=quicksand"], id="quicksand-keeps-bags-knob"),
        pytest.param("suicide", ["min_team_bid=5"], id="suicide-min-team-bid-above"),
    ],
)  # fmt: skip
def test_meaningful_combinations_are_accepted_in_any_order(
    preset: str, overrides: list[str]
) -> None:
    forward = preset_rules(preset, *overrides)
    assert preset_rules(preset, *reversed(overrides)) == forward


@pytest.mark.parametrize(
    ("override", "message"),
    [
        pytest.param("trick_points=" + "9" * 310, "trick_points = a number of 310 digits is not"
                     " allowed: zero or more, at most 10000", id="310-digits"),
        pytest.param("trick_points=" + "9" * 5000, "trick_points = a number of 5000 digits is not"
                     " allowed: no knob takes more than 5", id="5000-digits"),
        pytest.param("target=10001", "target = 10001 is not allowed: a positive number of"
                     " points, at most 10000", id="target"),
        pytest.param("loss_limit=-10001", "loss_limit = -10001 is not allowed", id="loss-limit"),
        pytest.param("sets_to_lose=101", "sets_to_lose = 101 is not allowed: zero or more, at"
                     " most 100", id="sets"),
        pytest.param("bag_limit=101", "bag_limit = 101 is not allowed: 1 or more bags, at most"
                     " 100", id="bag-limit"),
        pytest.param("blind_bid_deficit=20000", "at most 10000", id="deficit"),
        pytest.param("ten_for_200_bid=55", "ten_for_200_bid = 55 is not allowed: 0 to 54",
                     id="bid-threshold-while-off"),
        pytest.param("exact_bonus_bids=[1, 99]", "bids from 1 to 54", id="exact-bids-while-off"),
    ],
)  # fmt: skip
def test_bound_every_knob_number(override: str, message: str) -> None:
    """A number no game can mean is refused in one line, from --set and from a file."""
    with pytest.raises(RulesError) as caught:
        apply_overrides(Rules(), [override])
    assert message in error_words(caught.value)
    assert "\n" not in error_words(caught.value) and len(error_words(caught.value)) < 200


def test_bound_every_knob_number_in_a_preset_file(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_text("trick_points = " + "9" * 310 + "\n")
    with pytest.raises(RulesError) as caught:
        load_preset(str(path))
    assert error_words(caught.value) == (
        f"{path}: trick_points = a number of 310 digits is not allowed: zero or more, at most"
        " 10000"
    )


@pytest.mark.parametrize(
    ("preset", "dealer", "order"),
    [
        pytest.param("standard", 0, (1, 2, 3, 0), id="4-first-dealer"),
        pytest.param("standard", 3, (0, 1, 2, 3), id="4-last-seat-deals"),
        pytest.param("solo-3", 1, (2, 0, 1), id="3-players"),
        pytest.param("solo-6", 5, (0, 1, 2, 3, 4, 5), id="6-players"),
    ],
)
def test_bidding_starts_left_of_the_dealer_who_bids_last(
    preset: str, dealer: int, order: tuple[int, ...]
) -> None:
    assert preset_rules(preset).bidding_order(dealer) == order
