"""Rules: presets, strict loading, overrides, and the facts derived from the knobs."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import preset_rules

from scorepad.errors import RulesError
from scorepad.rules import (
    KNOBS,
    Rules,
    apply_overrides,
    describe_knob,
    load_preset,
    preset_names,
    presets_dir,
    rules_from_mapping,
    rules_to_mapping,
)

SHIPPED = [
    "bonus", "club", "house", "jokers", "long", "no-hell", "quicksand", "short",
    "solo-3", "solo-5", "solo-6", "standard", "suicide",
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
        pytest.param("exact_bonus_bids=[1]", (1,), id="list"),
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
        pytest.param("exact_bonus_bids=[20]", None, id="bids-ignored-while-off"),
    ],
)
def test_bad_overrides_name_key_value_and_what_is_allowed(
    override: str, message: str | None
) -> None:
    if message is None:  # harmless while the variant is off
        apply_overrides(Rules(), [override])
        return
    with pytest.raises(RulesError) as caught:
        apply_overrides(Rules(), [override])
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


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
    assert "unknown preset 'standart' (did you mean 'standard'?)" in str(caught.value)
    assert "solo-6" in str(caught.value)
