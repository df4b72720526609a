"""What the simulator's and verify's checks found wrong, in the reader's language.

A check (scorepad.sim.validate, checker, referee, kerneldeals, record, gameloop) keeps a
problem as facts: a kind and its values (card codes, seats, numbers, the engine's and
the reference's results). The words are made here, when the problem is shown, each kind
by one message of the catalog. `in_english` says a problem as the JSON keeps it:
English, the same bytes whatever language the run speaks, for scripts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from scorepad.engine.bids import Bid, check_side_bids, check_table_bids, say_bid
from scorepad.engine.cards import CODE_CARDS, Suit, format_card, format_cards
from scorepad.errors import BidError
from scorepad.i18n import N_, _, format_number, pgettext, speaking
from scorepad.render.sweepwords import (
    DIRECTOR_WORDS,
    hand_words,
    night_words,
    ratings_words,
    refusal_words,
    side_result_words,
)

Values = Mapping[str, Any]
Said = TypeVar("Said")


def in_english(words: Callable[..., Said], *args: Any) -> Said:
    """`words(*args)` said in English, whatever language this run speaks."""
    with speaking("en"):
        return words(*args)


def check_words(check: str) -> str:
    """A check's name in the reader's language (the JSON keeps the English name)."""
    names = {
        "deal": pgettext("check", "deal"),
        "tricks": pgettext("check", "tricks"),
        "holding": pgettext("check", "holding"),
        "legal": pgettext("check", "legal"),
        "winner": pgettext("check", "winner"),
        "engine": pgettext("check", "engine"),
        "bags": pgettext("check", "bags"),
        "reference": pgettext("check", "reference"),
        "fold": pgettext("check", "fold"),
        "end": pgettext("check", "end"),
        "bids": pgettext("check", "bids"),
        "bot": pgettext("check", "bot"),
        "kernel": pgettext("check", "kernel"),
        "standings": pgettext("check", "standings"),
        "file": pgettext("check", "file"),
        "ruling": pgettext("check", "ruling"),
        "misdeal": pgettext("check", "misdeal"),
        "confirm": pgettext("check", "confirm"),
        "clock": pgettext("check", "clock"),
    }
    return names.get(check, check)


def problem_words(kind: str, values: Values) -> str:
    """A problem of `kind` with its `values`, in the language spoken here."""
    return _SAY[kind](values)


def replay_words(
    names: Sequence[str],
    dealer: int,
    dealt: Sequence[Iterable[int]],
    discards: Sequence[int],
    bids: Sequence[tuple[int, Bid]],
    plays: Sequence[int],
) -> list[str]:
    """A deal as lines, enough to replay it by hand: the dealer, each hand, the discards,
    the bids in bidding order and every card in play order."""
    lines = [_("dealer {name}").format(name=names[dealer])]
    lines += [f"{names[seat]}: {_held(hand)}" for seat, hand in enumerate(dealt)]
    if discards:
        lines.append(_("discards: {cards}").format(cards=_played(discards)))
    said = ", ".join(f"{names[seat]} {say_bid(bid)}" for seat, bid in bids)
    lines.append(_("bids: {bids}").format(bids=said))
    lines.append(_("play: {cards}").format(cards=_played(plays)))
    return lines


# ---------------------------------------------------------------------------
# Values as the messages show them


def _held(codes: Iterable[int]) -> str:
    """Cards held, highest first."""
    return format_cards(sorted((CODE_CARDS[code] for code in codes), reverse=True))


def _cards(codes: Iterable[int]) -> str:
    """Cards held, highest first; `nothing` for none."""
    return _held(codes) or _("nothing")


def _played(codes: Iterable[int]) -> str:
    """Cards in the order they were played."""
    return format_cards(CODE_CARDS[code] for code in codes)


def _card(code: int) -> str:
    return format_card(CODE_CARDS[code])


def _numbers(values: Iterable[int], brackets: str = "[]") -> str:
    """`[523, 410]` (a tuple's `(523, 410)`), each number as this language writes it."""
    return brackets[0] + ", ".join(format_number(value) for value in values) + brackets[1]


def _seat(seat: int) -> str:
    return _("seat {number}").format(number=seat + 1)


def _side(side: int) -> str:
    return _("side {number}").format(number=side + 1)


_SUITS = {
    Suit.SPADES: N_("spades"),
    Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.CLUBS: N_("clubs"),
}
# Why a game ended, as the engine's `EndReason` and the reference name it.
_END_REASONS = {
    "target": N_("target"),
    "loss-limit": N_("loss-limit"),
    "boston": N_("boston"),
    "sets": N_("sets"),
    "deal-limit": N_("deal-limit"),
    "time": N_("time"),
    "sets-in-a-row": N_("sets-in-a-row"),
    "forfeit": N_("forfeit"),
}


# ---------------------------------------------------------------------------
# The deal and its play (validate.py, checker.py, record.py)


def _not_dealt_once(v: Values) -> str:
    return _(
        "cards not dealt once: missing {missing}, twice {twice}, not in the deck {strange}"
    ).format(missing=_cards(v["missing"]), twice=_cards(v["twice"]), strange=_cards(v["strange"]))


def _dealt_count(v: Values) -> str:
    who = v["who"] if v.get("who") is not None else _seat(v["seat"])
    return _("{who} was dealt {count} cards, not {wanted}").format(
        who=who, count=v["count"], wanted=v["wanted"]
    )


def _bad_discard(v: Values) -> str:
    return _("the dealer discarded cards it was not dealt")


def _holdings(v: Values) -> str:
    return _("holdings {counts} at play").format(counts=_numbers(v["counts"]))


def _short_trick(v: Values) -> str:
    return _("trick {number} has only {count} cards").format(number=v["trick"], count=v["count"])


def _still_holds(v: Values) -> str:
    return _("{who} still holds {cards} at the end of the play").format(
        who=v["who"], cards=_cards(v["cards"])
    )


def _not_held(v: Values) -> str:
    return _("{who} played {card} in trick {number}, a card it does not hold").format(
        who=v["who"], card=_card(v["card"]), number=v["trick"]
    )


def _early_spade(v: Values) -> str:
    return _(
        "{who} led {card} in trick {number} before spades were broken, holding {cards}"
    ).format(who=v["who"], card=_card(v["card"]), number=v["trick"], cards=_cards(v["cards"]))


def _revoke(v: Values) -> str:
    return _(
        "{who} revoked in trick {number}: played {card} on a {suit} lead, holding {cards}"
    ).format(
        who=v["who"],
        number=v["trick"],
        card=_card(v["card"]),
        suit=_(_SUITS[Suit(v["suit"])]),
        cards=_cards(v["cards"]),
    )


def _winners(v: Values) -> str:
    return _("trick winners {played}, the rules say {rules}").format(
        played=_numbers(v["played"]), rules=_numbers(v["rules"])
    )


def _tricks_taken(v: Values) -> str:
    return _("tricks {taken} (rules: {rules}), not {tricks}").format(
        taken=_numbers(v["taken"]), rules=_numbers(v["rules"]), tricks=v["tricks"]
    )


def _tricks_played(v: Values) -> str:
    return _("{count} tricks played, not {tricks}").format(count=v["count"], tricks=v["tricks"])


def _bids(v: Values) -> str:
    """The bid check's own refusal, said again from the same bids in this language."""
    try:
        if v["side"] is None:
            check_table_bids(v["rules"], v["bids"], last=_("the last bidder"))
        else:
            check_side_bids(
                v["rules"],
                v["bids"],
                who=v["who"],
                side=_side(v["side"]),
                trailing_by=v["deficit"],
                joint=v["joint"],
            )
    except BidError as error:
        return str(error)
    # Only if the bid checks changed between the run and its report.
    return _("bids the bid checks refused: {bids}").format(
        bids=", ".join(say_bid(bid) for bid in v["bids"])
    )


# ---------------------------------------------------------------------------
# The engine's numbers and the reference's (validate.py, referee.py, gameloop.py)


def _open_bids(v: Values) -> str:
    def listed(bids: Sequence[Any]) -> str:
        return ", ".join(say_bid(bid) for bid in bids) or _("none")

    return _(
        "trailing by {by}, the bids the engine lets a player make on their own leave out"
        " {missing} and add {extra}, against the reference"
    ).format(by=v["trailing_by"], missing=listed(v["missing"]), extra=listed(v["extra"]))


def _file(v: Values) -> str:
    if v["error"]:
        return _("the game written to its file does not read back: {error}").format(
            error=v["error"]
        )
    return _("the game written to its file reads back as another game")


def _lines_sum(v: Values) -> str:
    return _("lines sum to other than {points} points").format(points=format_number(v["points"]))


def _line_words(v: Values) -> str:
    return _("a score line of {points} points lacks its words or its kind").format(
        points=format_number(v["points"])
    )


def _score_sum(v: Values) -> str:
    return _("score {score} + {points} != {result}").format(
        score=format_number(v["score"]),
        points=format_number(v["points"]),
        result=format_number(v["result"]),
    )


def _bags_range(v: Values) -> str:
    return _("bags {bags} out of 0..{most}").format(bags=v["bags"], most=v["most"])


def _bag_penalties(v: Values) -> str:
    return _("{bags} + {new} bags gave {penalties} penalties").format(
        bags=v["bags"], new=v["new"], penalties=v["penalties"]
    )


def _bags_without_rule(v: Values) -> str:
    return _("bags counted though the rules have none")


def _reference(v: Values) -> str:
    return _(
        "side ({hands}) from score {score}, {bags} bags: the engine gives {engine}"
        " (score {result}), the reference scorer {reference}"
    ).format(
        hands=", ".join(hand_words(*hand) for hand in v["hands"]),
        score=format_number(v["score"]),
        bags=v["bags"],
        engine=side_result_words(v["engine"]),
        result=format_number(v["result"]),
        reference=side_result_words(v["reference"]),
    )


def _fold(v: Values) -> str:
    return _(
        "scores {scores}, bags {bags}, sets {sets}; the reference's fold gives"
        " scores {ref_scores}, bags {ref_bags}, sets {ref_sets}"
    ).format(**{name: _numbers(v[name]) for name in _FOLD_VALUES})


_FOLD_VALUES = ("scores", "bags", "sets", "ref_scores", "ref_bags", "ref_sets")


def _end_state(end: Sequence[Any]) -> str:
    """Whether a game is over, and how: (over, winning side or None, the reason)."""
    over, winner, reason = end
    if not over:
        return _("not over")
    because = _(_END_REASONS[reason]) if reason in _END_REASONS else reason
    if winner is None:
        return _("a draw ({reason})").format(reason=because)
    return _("won by side {side} ({reason})").format(side=winner + 1, reason=because)


def _end(v: Values) -> str:
    return _(
        "after scores {scores}: the game is {engine} by the engine, {reference} by the reference"
    ).format(
        scores=_numbers(v["scores"]),
        engine=_end_state(v["engine"]),
        reference=_end_state(v["reference"]),
    )


def _winner(side: int | None) -> str:
    return str(side) if side is not None else _("None")


def _standings(v: Values) -> str:
    return _(
        "standings give {scores}, winner {winner}; the simulator {sim_scores}, winner {sim_winner}"
    ).format(
        scores=_numbers(v["scores"], "()"),
        winner=_winner(v["winner"]),
        sim_scores=_numbers(v["sim_scores"], "()"),
        sim_winner=_winner(v["sim_winner"]),
    )


# ---------------------------------------------------------------------------
# The kernel's table against the Python bots (kerneldeals.py)


def _kernel_check(v: Values) -> str:
    return _("the kernel's own check failed (bits {bits})").format(bits=v["bits"])


def _bot_discards(v: Values) -> str:
    return _("the kernel's heuristic bots discarded {ours}; the Python bot {theirs}").format(
        ours=v["ours"], theirs=v["theirs"]
    )


def _bot_passes(v: Values) -> str:
    return _("the kernel's heuristic bots passed {ours}; the Python bot {theirs}").format(
        ours=v["ours"], theirs=v["theirs"]
    )


def _seat_bids(bids: Sequence[tuple[int, Bid]]) -> str:
    return ", ".join(
        _("seat {number} {bid}").format(number=seat + 1, bid=say_bid(bid)) for seat, bid in bids
    )


def _bot_bids(v: Values) -> str:
    return _("the kernel's heuristic bots bid {ours}; the Python bot bids {theirs}").format(
        ours=_seat_bids(v["ours"]), theirs=_seat_bids(v["theirs"])
    )


def _bot_play(v: Values) -> str:
    return _(
        "trick {number}: the kernel's heuristic bot played {played}, the Python bot plays {wanted}"
    ).format(number=v["trick"], played=_card(v["played"]), wanted=_card(v["wanted"]))


# Every kind of problem and how it is said.
_SAY: dict[str, Callable[[Values], str]] = {
    "not-dealt-once": _not_dealt_once,
    "dealt-count": _dealt_count,
    "bad-discard": _bad_discard,
    "holdings": _holdings,
    "short-trick": _short_trick,
    "still-holds": _still_holds,
    "not-held": _not_held,
    "early-spade": _early_spade,
    "revoke": _revoke,
    "winners": _winners,
    "tricks-taken": _tricks_taken,
    "tricks-played": _tricks_played,
    "bids": _bids,
    "open-bids": _open_bids,
    "refusal": refusal_words,
    "night": night_words,
    "ratings": ratings_words,
    "file": _file,
    "lines-sum": _lines_sum,
    "line-words": _line_words,
    "score-sum": _score_sum,
    "bags-range": _bags_range,
    "bag-penalties": _bag_penalties,
    "bags-without-rule": _bags_without_rule,
    "reference": _reference,
    "fold": _fold,
    "end": _end,
    "standings": _standings,
    "kernel-check": _kernel_check,
    "bot-discards": _bot_discards,
    "bot-passes": _bot_passes,
    "bot-bids": _bot_bids,
    "bot-play": _bot_play,
    **DIRECTOR_WORDS,
}
KINDS = tuple(_SAY)
