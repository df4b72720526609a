"""Refusals: the knobs another knob makes meaningless, which a new game refuses and a
saved game keeps as it was played."""

from __future__ import annotations

import typing

from scorepad.engine.rules import Rules, format_value, toml_value
from scorepad.errors import RulesError
from scorepad.i18n import N_, _


class Refusal(typing.NamedTuple):
    """A setting a new game refuses because another knob makes it mean nothing (or less)."""

    key: str
    message: str  # the one-line error a preset or --set gets


def check_new_rules(rules: Rules) -> None:
    """Refuse rules for a new game (a preset, --set) holding a knob another makes meaningless.

    A saved game's rules are not checked so: they are read as they were written, since
    games saved before a refusal existed must score as they did (see `refusals`).
    """
    for refusal in refusals(rules):
        raise RulesError(refusal.message)


def refusals(rules: Rules) -> list[Refusal]:
    """Every knob that another knob makes meaningless: a new game would refuse each."""
    found: list[Refusal] = []

    def no_effect(key: str, other: str, fix: str) -> None:
        default = Rules.__dataclass_fields__[key].default
        other_value = format_value(toml_value(other, getattr(rules, other)))
        found.append(
            Refusal(
                key,
                _("{setting} has no effect with {other} = {value}: set {fix}, or {default}").format(
                    setting=_shown(key, getattr(rules, key)),
                    other=other,
                    value=other_value,
                    fix=fix,
                    default=_shown(key, default),
                ),
            )
        )

    def not_allowed(key: str, allowed: str) -> None:
        said = _("{key} = {value} is not allowed: {allowed}").format(
            key=key, value=format_value(toml_value(key, getattr(rules, key))), allowed=allowed
        )
        found.append(Refusal(key, said))

    if rules.quicksand:
        for key in _NOT_IN_QUICKSAND:
            if not _is_default(rules, key):
                no_effect(key, "contract_scoring", 'contract_scoring = "standard"')
    for key, switch, on in _NEEDS_SWITCH:
        if not getattr(rules, switch) and not _is_default(rules, key):
            no_effect(key, switch, _(on))
    if not rules.nil and not rules.blind_nil:
        for key in ("failed_nil_tricks", "double_nil"):
            if not _is_default(rules, key):
                no_effect(key, "nil", _("nil = true (or blind_nil = true)"))
    if not rules.partnerships and not _is_default(rules, "double_nil"):
        no_effect("double_nil", "partnerships", "partnerships = true")
    if rules.quicksand and rules.failed_nil_tricks == "none":
        # Quicksand already scores a failed nil's tricks as nothing: "none" is "bags" there.
        no_effect("failed_nil_tricks", "contract_scoring", 'failed_nil_tricks = "contract"')
    if rules.suicide and rules.partner_bidding:
        # Under suicide each player bids (one nil, one number): a joint bid never can.
        no_effect("partner_bidding", "suicide", "suicide = false")
    if rules.suicide and 0 < rules.min_team_bid <= rules.suicide_min_bid:
        # The side with a contract bids suicide_min_bid or more already (or is double nil).
        not_allowed(
            "min_team_bid",
            _(
                "0, or above suicide_min_bid ({least}) under suicide, where every contract is"
                " at least that"
            ).format(least=rules.suicide_min_bid),
        )
    if rules.suicide and rules.no_hell:
        # The last bidder, whose partner bid a number, may bid only nil under suicide, and
        # no hell refuses that nil when the others' bids add up to the deal: no bid is left.
        not_allowed(
            "no_hell",
            _(
                "false while suicide = true, which can leave the last bidder no legal bid;"
                " or suicide = false"
            ),
        )
    tricks = rules.tricks
    if rules.ten_for_200 and rules.boston and rules.ten_for_200_bid >= tricks:
        # Boston takes the place of 10-for-200 at every trick: it would never be made.
        not_allowed(
            "ten_for_200_bid",
            _(
                "1 to {most} with boston = true (Boston scores a contract of all {tricks}),"
                " or boston = false"
            ).format(most=tricks - 1, tricks=tricks),
        )
    if rules.big_contract_bonus and rules.big_contract_from >= tricks:
        # The bonus counts contract tricks above the threshold, and no contract above
        # the tricks in a deal can be made.
        not_allowed(
            "big_contract_threshold",
            _(
                "0 to {most} while big_contract_bonus is on (the bonus counts tricks above it)"
            ).format(most=tricks - 1),
        )
    if rules.exact_bonus and not rules.exact_bonus_bids:
        not_allowed("exact_bonus_bids", _("at least one contract while exact_bonus is on"))
    return found


def refusals_text(rules: Rules) -> str:
    """One line naming the settings a new game would refuse; empty if there are none."""
    keys = dict.fromkeys(refusal.key for refusal in refusals(rules))  # each knob once
    if not keys:
        return ""
    listed = ", ".join(_shown(key, getattr(rules, key)) for key in keys)
    return _("Kept as played: a new game would refuse {listed}.").format(listed=listed)


def _shown(key: str, value: object) -> str:
    return f"{key} = {format_value(toml_value(key, value))}"


# Knobs that only mean something while a switch turns their variant on: set away from
# their default while it is off, they would silently do nothing. (knob, switch, what
# turns the switch on.)
_NEEDS_SWITCH: tuple[tuple[str, str, str], ...] = (
    ("nil_points", "nil", "nil = true"),
    ("blind_nil_points", "blind_nil", "blind_nil = true"),
    ("blind_nil_deficit", "blind_nil", "blind_nil = true"),
    ("blind_bid_min", "blind_bids", "blind_bids = true"),
    ("blind_bid_deficit", "blind_bids", "blind_bids = true"),
    ("suicide_min_bid", "suicide", "suicide = true"),
    ("bag_limit", "bags", "bags = true"),
    ("bag_penalty", "bags", "bags = true"),
    ("ten_for_200_bid", "ten_for_200", "ten_for_200 = true"),
    ("ten_for_200_points", "ten_for_200", "ten_for_200 = true"),
    ("ten_for_200_penalty", "ten_for_200", "ten_for_200 = true"),
    ("boston_points", "boston", "boston = true"),
    ("boston_penalty", "boston", "boston = true"),
    ("boston_wins", "boston", "boston = true"),
    ("exact_bonus_bids", "exact_bonus", N_("exact_bonus above 0")),
    ("big_contract_threshold", "big_contract_bonus", N_("big_contract_bonus above 0")),
)

# What quicksand scoring leaves out (RULES.md: exact +10 a trick, -10 a trick over or
# under, no bags): each knob here, away from its default, would silently do nothing.
_NOT_IN_QUICKSAND = (
    "blind_bids",
    "exact_bonus",
    "big_contract_bonus",
    "ten_for_200",
    "boston",
    "overtrick_points",
    "set_scoring",
    "bag_limit",
    "bag_penalty",
)


def _is_default(rules: Rules, key: str) -> bool:
    return bool(getattr(rules, key) == Rules.__dataclass_fields__[key].default)
