"""What the sweep's own checks found wrong, in the reader's language: a refused bid the
engine took (or refused otherwise), a club night's standings and its ratings, and what
the director's calls showed: a ruled round, who deals after a misdeal, a round waiting
for the other side's OK, the deal time was called in (scorepad.sim.refusaltries,
scorepad.sim.nights and scorepad.sim.director keep them as facts). A side's hands and
its round as the reference takes them are said here for `problems` too."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scorepad.engine.bids import say_bid
from scorepad.i18n import N_, _, format_number, ngettext, pgettext

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


# ---------------------------------------------------------------------------
# A side's hands and round (the reference's), and the director's calls


def hand_words(kind: str, bid: int, took: int) -> str:
    """A hand as the reference took it (its kind, number bid and tricks)."""
    if kind == "nil":
        return _("nil took {took}").format(took=took)
    if kind == "bnil":
        return _("blind nil took {took}").format(took=took)
    if kind == "blind":
        return _("blind {bid} took {took}").format(bid=bid, took=took)
    return _("bid {bid} took {took}").format(bid=bid, took=took)


def side_result_words(result: Sequence[Any]) -> str:
    """A side's round: points, bags after it, penalties, its contract, and Boston."""
    points, bags, penalties, made, boston = result
    contract = (
        _("no contract")
        if made is None
        else pgettext("contract", "made")
        if made
        else pgettext("contract", "set")
    )
    said = (
        _("{points} points, {bags} bags after, {penalties} penalties, {contract}, Boston")
        if boston
        else _("{points} points, {bags} bags after, {penalties} penalties, {contract}")
    )
    signed = ("+" if points >= 0 else "") + format_number(points)
    return said.format(points=signed, bags=bags, penalties=penalties, contract=contract)


def _ruling(side: int, what: str, amount: int) -> str:
    """A ruling as the reference reads it (docs/rules.md, Rulings)."""
    number = side + 1
    if what == "books":
        return ngettext(
            "{books} book against side {side}", "{books} books against side {side}", amount
        ).format(books=amount, side=number)
    if what == "points":
        return _("{points} points to side {side}").format(points=amount, side=number)
    if what == "set":
        return _("set against side {side}").format(side=number)
    return _("forfeit by side {side}").format(side=number)


def _ruled(v: Values) -> str:
    return _(
        "side {side} ({hands}) from score {score}, {bags} bags, ruled {rulings}: the engine"
        " gives {engine}, the reference scorer {reference}"
    ).format(
        side=v["side"] + 1,
        hands=", ".join(hand_words(*hand) for hand in v["hands"]),
        score=format_number(v["score"]),
        bags=v["bags"],
        rulings="; ".join(_ruling(*ruling) for ruling in v["rulings"]),
        engine=side_result_words(v["engine"]),
        reference=side_result_words(v["reference"]),
    )


def _dealer(v: Values) -> str:
    dealt = list(v["dealt"])  # "played", or a misdeal's redeal, in order
    since = dealt[len(dealt) - dealt[::-1].index("played"):] if "played" in dealt else dealt
    words = {"same": _("the same player deals again"), "next": _("the deal passes on")}
    return _(
        "after {played} deals played and the misdeals since ({misdeals}), the engine has"
        " seat {engine} deal, the reference seat {reference}"
    ).format(played=dealt.count("played"), misdeals="; ".join(words[one] for one in since),
             engine=v["engine"] + 1, reference=v["reference"] + 1)  # fmt: skip


def _waiting(v: Values) -> str:
    if v["scores"] is None:
        said = (
            _("round {deal} waits for the other side's OK, though the rules do not ask for it")
            if v["waiting"]
            else _("round {deal} does not wait for the other side's OK the rules ask for")
        )
        return said.format(deal=v["deal"])
    return _(
        "with round {deal} waiting for the other side's OK the sheet gives scores {scores},"
        " the reference's fold before it {ref_scores}"
    ).format(deal=v["deal"], scores=_listed(v["scores"]), ref_scores=_listed(v["ref_scores"]))


def _listed(numbers: Sequence[int]) -> str:
    return "[" + ", ".join(format_number(number) for number in numbers) + "]"


def _clock(v: Values) -> str:
    engine, reference = v["engine"], v["reference"]
    by_engine = (_("the engine does not call time") if engine is None else
                 _("the engine calls time in deal {deal}").format(deal=engine))  # fmt: skip
    by_reference = (_("the reference does not") if reference is None else
                    _("the reference in deal {deal}").format(deal=reference))  # fmt: skip
    return _("a clock of {minutes} minutes: {engine}, {reference}").format(
        minutes=v["minutes"], engine=by_engine, reference=by_reference
    )


_CALLS = {"misdeal": N_("a misdeal"), "confirm": N_("the other side's OK"),
          "ruling": N_("a ruling"), "tricks": N_("the deal's tricks")}  # fmt: skip


def _refused(v: Values) -> str:
    return _("the engine refused {call} in deal {deal}, which the rules allow: {error}").format(
        call=_(_CALLS[v["call"]]), deal=v["deal"], error=v["error"]
    )


# The director's problems (scorepad.sim.director, referee.GameFold.ruled_deal), by kind.
DIRECTOR_WORDS: dict[str, Callable[[Values], str]] = {
    "ruling": _ruled,
    "dealer": _dealer,
    "waiting": _waiting,
    "clock": _clock,
    "refused": _refused,
}
