"""What the sweep's own checks found wrong, in the reader's language: a refused bid the
engine took (or refused otherwise), a club night's standings and its ratings
(scorepad.sim.refusaltries and scorepad.sim.nights keep them as facts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorepad.engine.bids import say_bid
from scorepad.i18n import N_, _, format_number, ngettext

Values = Mapping[str, Any]


# The reference's reasons for refusing bids (`sim.refusaltries`), and the levels tried.
_REASONS = {
    "nil-off": N_("nil, which these rules do not allow"),
    "blind-nil-off": N_("blind nil, which these rules do not allow"),
    "blind-nil-not-behind": N_("blind nil by a side not trailing enough"),
    "blind-bids-off": N_("a blind bid, which these rules do not allow"),
    "blind-bid-too-small": N_("a blind bid under the least blind bid"),
    "blind-bid-not-behind": N_("a blind bid by a side not trailing enough"),
    "above-the-deal": N_("a bid above the tricks of a deal"),
    "zero-is-nil": N_("a plain 0 where 0 is nil"),
    "joint-nil": N_("a joint team bid of nil"),
    "joint-bid-under-suicide": N_("a joint team bid under suicide"),
    "joint-bid-of-0": N_("a joint team bid of 0"),
    "suicide": N_("not one nil and one bid high enough under suicide"),
    "min-team-bid": N_("a contract under the least team bid"),
    "no-hell": N_("bids adding up to the tricks of a deal under no hell"),
}
_LEVELS = {
    "bid": N_("a player's bid"),
    "side": N_("a side's bids"),
    "table": N_("the table's bids"),
}


def reason_words(why: str) -> str:
    """The reference's reason for refusing bids (`sim.refusaltries`), in the reader's
    language."""
    return _(_REASONS[why])


def refusal_words(v: Values) -> str:
    bids = "; ".join(" ".join(say_bid(bid) for bid in side) for side in v["sides"])
    level, reference = _(_LEVELS[v["level"]]), _(_REASONS[v["reference"]])
    if v["engine"] is None:
        return _(
            "the bid checks take {bids} ({level}), which the reference refuses: {reference}"
        ).format(bids=bids, level=level, reference=reference)
    engine = _(_REASONS[v["engine"]]) if v["engine"] in _REASONS else v["engine"]
    return _(
        "the bid checks refuse {bids} ({level}) as {engine}, the reference as {reference}"
    ).format(bids=bids, level=level, engine=engine, reference=reference)


def night_words(v: Values) -> str:
    return _(
        "the standings of night {night} after round {round}: the event's {engine}, the"
        " reference's {reference}"
    ).format(night=v["night"], round=v["round"], engine=v["engine"], reference=v["reference"])


def _belief(belief: Sequence[Any] | None) -> str:
    if belief is None:
        return _("not rated")
    mu, sigma, games = belief
    return ngettext(
        "μ {mu}, σ {sigma} after {games} game", "μ {mu}, σ {sigma} after {games} games", games
    ).format(mu=format_number(mu, 4), sigma=format_number(sigma, 4), games=games)


def ratings_words(v: Values) -> str:
    return _(
        "the ratings of night {night}: scorepad rates {player} {engine}, openskill in the"
        " order played {reference}"
    ).format(night=v["night"], player=v["player"], engine=_belief(v["engine"]),
             reference=_belief(v["reference"]))  # fmt: skip
