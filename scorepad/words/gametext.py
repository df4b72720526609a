"""A game told in the words every sheet, export and message shares: the scores, a side's
bids and tricks, its entry item by item, and why the game ended."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from scorepad.engine.bids import Bid, say_bid, show_bid
from scorepad.engine.scoring import EndReason, Line, Outcome, Said
from scorepad.i18n import N_, _, ngettext, pgettext, speaking

if TYPE_CHECKING:
    from scorepad.engine.clock import Clock, ClockReading
    from scorepad.engine.game import BidWarning, Correction, Game, SideEntry, Standings
    from scorepad.engine.misdeals import Misdeal
    from scorepad.engine.rules import Rules


def scores_text(game: Game, scores: Sequence[int]) -> str:
    """Each side's score, as every sheet and message writes them: `Us 132, Them 210`."""
    return ", ".join(f"{name} {score}" for name, score in zip(game.sides, scores, strict=True))


def needs_text(game: Game, standings: Standings, side: int) -> str:
    """What a side still needs to reach the target: `Us need 120` for a team of two,
    `Ann needs 120` for a player alone."""
    return ngettext("{side} needs {points}", "{side} need {points}", game.rules.side_size).format(
        side=game.sides[side], points=max(0, game.rules.target - standings.scores[side])
    )


def deal_words(game: Game, standings: Standings) -> str | None:
    """`deal 1 of 2` while a deal limit counts (`deal 3, past the limit of 2` where a tie
    plays on past it); None with no limit, or once the game is over."""
    from scorepad.engine.game import deal_number

    number, limit = deal_number(game, standings), game.rules.deal_limit
    if number is None or not limit:
        return None
    if number > limit:
        return _("deal {number}, past the limit of {limit}").format(number=number, limit=limit)
    return _("deal {number} of {limit}").format(number=number, limit=limit)


def lead_text(game: Game, standings: Standings) -> str:
    """Who leads by how much, where the deal limit and not the target will end the game
    (`limit_decides`): `Us lead by 40; the deal limit of 2 decides.`"""
    order = sorted(range(len(game.sides)), key=lambda side: -standings.scores[side])
    first, second = order[0], order[1]
    limit = game.rules.deal_limit
    lead = standings.scores[first] - standings.scores[second]
    if lead == 0:
        level = [side for side in order if standings.scores[side] == standings.scores[first]]
        return _("{sides} are level at {score}; the deal limit of {limit} decides.").format(
            sides=_("{first} and {last}").format(
                first=", ".join(game.sides[side] for side in level[:-1]),
                last=game.sides[level[-1]],
            ),
            score=standings.scores[first],
            limit=limit,
        )
    return ngettext(
        "{side} leads by {points}; the deal limit of {limit} decides.",
        "{side} lead by {points}; the deal limit of {limit} decides.",
        game.rules.side_size,
    ).format(side=game.sides[first], points=lead, limit=limit)


def need_words(game: Game, standings: Standings, side: int, *, bare: bool = False) -> str:
    """What a side needs, as its card on a page says it: `needs 120` (`120` when `bare`,
    for a column headed so), or `level` where it is level at the top of a game that plays
    on (RULES.md 10: the next round decides)."""
    if standings.level is not None and side in standings.level.sides:
        return pgettext("standing", "level")
    points = max(0, game.rules.target - standings.scores[side])
    return str(points) if bare else _("needs {points}").format(points=points)


def level_text(game: Game, standings: Standings) -> str | None:
    """`Us and Them are level at 510: round 7 decides.` where a tie at the top plays on
    (at or over the target, at the deal limit, through the loss limit); else None."""
    level = standings.level
    if level is None:
        return None
    names = [game.sides[side] for side in level.sides]
    number = sum(1 for result in standings.rounds if result.sides is not None) + 1
    if len(names) == 2:
        said = _("{first} and {second} are level at {score}: round {number} decides.")
    else:
        said = _("{sides} are level at {score}: round {number} decides.")
    return said.format(
        first=names[0], second=names[-1], sides=", ".join(names), score=level.score, number=number
    )


def bids_text(entry: SideEntry) -> str:
    """A side's bids in seat order, nil and blind nil by name: `4+nil`, `bnil+5`, `7`."""
    return "+".join(show_bid(bid) for bid in entry.bids)


def tricks_text(entry: SideEntry) -> str:
    """A side's tricks in seat order, or its team total; empty while the round is open."""
    return "+".join(str(took) for took in entry.tricks) if entry.tricks is not None else ""


def line_words(line: Line) -> str:
    """A scoring line in the words of the language spoken here: `contract 6 set (3 taken)`,
    `Kontrakt 6 verfehlt (3 gemacht)`. The sheet, `explain`, the page and the exports for
    people say it so; `line_english` says it for scripts."""
    said, count, name = line.said, line.tricks, line.name
    if said is Said.CONTRACT_MADE:
        text = _("contract {contract} made")
    elif said is Said.CONTRACT_SET:
        text = _("contract {contract} set ({taken} taken)")
    elif said is Said.OVERTRICKS:
        text = ngettext("{count} overtrick", "{count} overtricks", count)
    elif said is Said.NIL_MADE:
        text = _("nil made ({name})") if name else _("nil made")
    elif said is Said.BLIND_NIL_MADE:
        text = _("blind nil made ({name})") if name else _("blind nil made")
    elif said is Said.NIL_FAILED:
        count = line.taken
        text = (
            ngettext("nil failed ({name}): {count} trick", "nil failed ({name}): {count} tricks",
                     count)
            if name
            else ngettext("nil failed: {count} trick", "nil failed: {count} tricks", count)
        )  # fmt: skip
    elif said is Said.BLIND_NIL_FAILED:
        count = line.taken
        text = (
            ngettext("blind nil failed ({name}): {count} trick",
                     "blind nil failed ({name}): {count} tricks", count)
            if name
            else ngettext("blind nil failed: {count} trick", "blind nil failed: {count} tricks",
                          count)
        )  # fmt: skip
    elif said is Said.DOUBLE_NIL_MADE:
        text = _("double nil made")
    elif said is Said.DOUBLE_NIL_FAILED:
        count = line.taken
        text = ngettext(
            "double nil failed ({count} trick taken)",
            "double nil failed ({count} tricks taken)",
            count,
        )
    elif said is Said.NIL_TRICKS:
        text = ngettext(
            "failed nil's {count} trick as bags", "failed nil's {count} tricks as bags", count
        )
    elif said is Said.BAG_PENALTY:
        text = _("bag penalty ({limit} bags)")
    elif said is Said.BOSTON_MADE:
        text = _("Boston: all {contract} made")
    elif said is Said.BOSTON_SET:
        text = _("Boston set ({taken} taken)")
    elif said is Said.TEN_FOR_200_MADE:
        text = _("{bid}-for-{points}: {contract} made")
    elif said is Said.TEN_FOR_200_SET:
        text = _("{bid}-for-{points}: {contract} set ({taken} taken)")
    elif said is Said.BLIND_MADE:
        text = _("blind {contract} (doubled) made")
    elif said is Said.BLIND_SET:
        text = _("blind {contract} (doubled) set ({taken} taken)")
    elif said is Said.EXACT_BONUS:
        text = _("exact bonus ({contract} bid, {taken} taken)")
    elif said is Said.BIG_CONTRACT_BONUS:
        text = ngettext(
            "big-contract bonus ({count} trick over {least})",
            "big-contract bonus ({count} tricks over {least})",
            count,
        )
    elif said is Said.QUICKSAND_SHORT:
        text = _("contract {contract} short by {short} (quicksand)")
    elif said is Said.RULING_BOOKS:
        text = ngettext(
            "ruling: {count} book to the other side ({name})",
            "ruling: {count} books to the other side ({name})",
            count,
        )
    elif said is Said.RULING_POINTS:
        text = _("ruling: points ({name})")
    elif said is Said.RULING_SET:
        text = _("ruling: set for the round ({name})")
    elif said is Said.RULING_FORFEIT:
        text = _("ruling: forfeits the game ({name})")
    else:  # Said.QUICKSAND_OVER
        text = ngettext("{count} trick over (quicksand)", "{count} tricks over (quicksand)", count)
    return text.format(
        contract=line.contract,
        taken=line.taken,
        count=count,
        name=name,
        short=line.tricks,
        limit=line.threshold,
        least=line.threshold,
        bid=line.threshold,
        points=line.worth,
    )


def line_english(line: Line) -> str:
    """A scoring line in the one stable English of the csv and JSON, whatever the language
    spoken here: `contract 6 set (3 taken)`."""
    with speaking("en"):
        return line_words(line)


class EntryItem(NamedTuple):  # not a dataclass: `show` would pay to create one it never uses
    """One part of a side's entry as it is told: a player's (or, with `who` None, the
    team's) bid, tricks, or both."""

    who: str | None
    bid: Bid | None
    tricks: int | None


def entry_items(game: Game, side: int, entry: SideEntry) -> list[EntryItem]:
    """A side's entry in the order `explain` tells it: each player's bid with the tricks
    taken, or the team's joint bid, each player's tricks, and the team's total."""
    seats = game.rules.seats_of(side)
    per_player = entry.tricks is not None and len(entry.tricks) == len(seats)
    items: list[EntryItem] = []
    if len(entry.bids) == len(seats):
        for index, seat in enumerate(seats):
            took = entry.tricks[index] if per_player and entry.tricks is not None else None
            items.append(EntryItem(game.players[seat], entry.bids[index], took))
    else:
        items.append(EntryItem(None, entry.bids[0], None))
        if per_player and entry.tricks is not None:
            items.extend(
                EntryItem(game.players[seat], None, took)
                for seat, took in zip(seats, entry.tricks, strict=True)
            )
    if entry.tricks is not None and not per_player:
        items.append(EntryItem(None, None, entry.tricks[0]))
    return items


def entry_words(game: Game, side: int, entry: SideEntry) -> list[str]:
    """A side's entry told part by part, as `explain` and the served round page both say
    it: `Ann bid 4 took 5`, `Cat bid nil took 0` (or the team's joint bid and tricks)."""
    return [item_words(item) for item in entry_items(game, side, entry)]


def item_words(item: EntryItem) -> str:
    """One part of an entry as a whole sentence: `Ann bid 4 took 5`, `team bid 7`."""
    if item.bid is None:
        said = _("team took {tricks}") if item.who is None else _("{who} took {tricks}")
    elif item.who is None:  # a joint bid: the tricks are the players' or the team's own item
        said = _("team bid {bid}")
    elif item.tricks is None:
        said = _("{who} bid {bid}")
    else:
        said = _("{who} bid {bid} took {tricks}")
    bid = say_bid(item.bid) if item.bid is not None else ""
    return said.format(who=item.who, bid=bid, tricks=item.tricks)


_END_WORDS = {
    EndReason.TARGET: N_("reached {target}"),
    EndReason.LOSS_LIMIT: N_("a side fell to the loss limit of {limit}"),
    EndReason.BOSTON: N_("Boston"),
    EndReason.DEAL_LIMIT: N_("the deal limit of {deals}"),
    EndReason.TIME: N_("time was called"),
    EndReason.FORFEIT: N_("a side forfeited"),
}


def warning_words(warning: BidWarning) -> str:
    """A questionable blind bid in the reader's words: `round 2: Ann's blind nil needed Ann
    & Cat to trail by 100 or more; before round 2 they led by 40`."""
    nil = warning.blind is None
    if warning.behind > 0:
        said = (
            _("round {number}: {who}'s blind nil needed {side} to trail by {deficit} or more;"
              " before round {number} they trailed by only {behind}")
            if nil
            else _("round {number}: {who}'s blind {tricks} needed {side} to trail by {deficit}"
                   " or more; before round {number} they trailed by only {behind}")
        )  # fmt: skip
    elif warning.behind < 0:
        said = (
            _("round {number}: {who}'s blind nil needed {side} to trail by {deficit} or more;"
              " before round {number} they led by {lead}")
            if nil
            else _("round {number}: {who}'s blind {tricks} needed {side} to trail by {deficit}"
                   " or more; before round {number} they led by {lead}")
        )  # fmt: skip
    else:
        said = (
            _("round {number}: {who}'s blind nil needed {side} to trail by {deficit} or more;"
              " before round {number} they were level")
            if nil
            else _("round {number}: {who}'s blind {tricks} needed {side} to trail by {deficit}"
                   " or more; before round {number} they were level")
        )  # fmt: skip
    return said.format(
        number=warning.number,
        who=warning.who,
        side=warning.side,
        tricks=warning.blind,
        deficit=warning.deficit,
        behind=warning.behind,
        lead=-warning.behind,
    )


def deals_left_text(game: Game, standings: Standings) -> str | None:
    """`3 deals left before the deal limit.`, or None when no limit counts down."""
    from scorepad.engine.game import deals_left

    left = deals_left(game, standings)
    if left is None:
        return None
    return ngettext(
        "{count} deal left before the deal limit of {limit}.",
        "{count} deals left before the deal limit of {limit}.",
        left,
    ).format(count=left, limit=game.rules.deal_limit)


def describe_end(rules: Rules, outcome: Outcome) -> str:
    """Why a game ended, in the words every sheet and export uses."""
    if outcome.reason is EndReason.SETS:
        sets = rules.sets_to_lose
        return ngettext("a side was set once", "a side was set {sets} times", sets).format(
            sets=sets
        )
    if outcome.reason is EndReason.SETS_IN_A_ROW:
        run = rules.sets_in_a_row
        return ngettext(
            "a side was set in {run} deal in a row", "a side was set {run} deals in a row", run
        ).format(run=run)
    return _(_END_WORDS[outcome.reason]).format(
        target=rules.target,
        limit=rules.loss_limit,
        sets=rules.sets_to_lose,
        deals=rules.deal_limit,
    )


def already_words(number: int, kind: str) -> str:
    """`Round 3's bids are in already, as given; nothing changed.`"""
    said = (
        _("Round {number}'s bids are in already, as given; nothing changed.")
        if kind == "bids"
        else _("Round {number}'s tricks are in already, as given; nothing changed.")
    )
    return said.format(number=number)


def contract_warnings(
    rules: Rules, contracts: Sequence[tuple[str, int]], done: str = N_("kept as entered")
) -> list[str]:
    """`Warning: Us's contract is 26, ...` for each side bidding more than a deal has.

    Such a contract is legal (every bid is in range) but almost always a typo: it is kept,
    and said.
    """
    said = _(
        "Warning: {side}'s contract is {contract}, more than the {tricks} tricks in a deal;"
        " {done}. A typo?"
    )
    return [
        said.format(side=name, contract=contract, tricks=rules.tricks, done=_(done))
        for name, contract in contracts
        if contract > rules.tricks
    ]


def correction_words(correction: Correction, after: Standings, number: int) -> str:
    """What a correction of round `number` changed beyond its own numbers: rounds that no
    longer count (or count again) as the end moved, and later bids it made questionable."""
    text = ""
    if stopped := correction.stopped_counting:
        text += " " + ngettext(
            "Round {rounds} was played after the game ended (round {end}) and no longer counts.",
            "Rounds {rounds} were played after the game ended (round {end}) and no longer count.",
            len(stopped),
        ).format(rounds=_numbers_text(stopped), end=after.ended_after)
    if again := correction.counting_again:
        text += " " + ngettext(
            "Round {rounds} counts again.", "Rounds {rounds} count again.", len(again)
        ).format(rounds=_numbers_text(again))
    if correction.after_end:
        text += " " + _(
            "Round {number} was played after the game ended (round {end}) and does not count."
        ).format(number=number, end=after.ended_after)
    for warning in correction.later_warnings:
        text += "\n" + _("Warning: {message}").format(message=_sentence(warning_words(warning)))
    return text


def format_words(format_: str) -> str:
    """A club night's format as the reader says it: in English its `--format` name
    (rotate, pairs, swiss, most-wins), which the JSON keeps in every language."""
    if format_ == "rotate":
        return pgettext("event format", "rotate")
    if format_ == "pairs":
        return pgettext("event format", "pairs")
    if format_ == "most-wins":
        return pgettext("event format", "most-wins")
    return pgettext("event format", "swiss")


def _numbers_text(numbers: Sequence[int]) -> str:
    """`3`, `3 and 4`, `3, 4 and 5`."""
    shown = [str(number) for number in sorted(numbers)]
    if len(shown) == 1:
        return shown[0]
    return _("{first} and {last}").format(first=", ".join(shown[:-1]), last=shown[-1])


def _sentence(message: str) -> str:
    return message[0].upper() + message[1:] + "."


def clock_words(reading: ClockReading) -> str:
    """The clock in words: `Time left: 1:05:30.`, `Time is up: deal 7 is the last (a tie
    plays one more).`, or `Time is up.` for a game that is over."""
    if not reading.up:
        hours, rest = divmod(reading.seconds_left, 3600)
        minutes, seconds = divmod(rest, 60)
        left = f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"
        return _("Time left: {left}.").format(left=left)
    if reading.last_deal is None:
        return _("Time is up.")
    return _("Time is up: deal {number} is the last (a tie plays one more).").format(
        number=reading.last_deal
    )


def clock_start_text(start: int) -> str:
    """The moment a clock started, in UTC, the same on every machine: `2025-03-14 19:00 UTC`."""
    from datetime import UTC, datetime

    return datetime.fromtimestamp(start, tz=UTC).strftime("%Y-%m-%d %H:%M UTC")


def clock_fact_words(clock: Clock) -> str:
    """A game's clock as a record says it, read at no moment: `Clock: 45 minutes from
    2025-03-14 19:00 UTC; time was called in deal 2.` (the time left is the live sheet's)."""
    start = clock_start_text(clock.start)
    if clock.called is None:
        said = ngettext(
            "Clock: {minutes} minute from {start}.",
            "Clock: {minutes} minutes from {start}.",
            clock.minutes,
        )
    else:
        said = ngettext(
            "Clock: {minutes} minute from {start}; time was called in deal {number}.",
            "Clock: {minutes} minutes from {start}; time was called in deal {number}.",
            clock.minutes,
        )
    return said.format(minutes=clock.minutes, start=start, number=clock.called)


def misdeal_english(game: Game, called: Misdeal) -> str:
    """A misdeal in the stable English of scripts (csv): `misdeal: Bob dealt, Bob deals
    again` or `misdeal: Bob dealt, Cat deals`."""
    dealer = game.players[called.dealer]
    if called.redeal == "same":
        return f"misdeal: {dealer} dealt, {dealer} deals again"
    return f"misdeal: {dealer} dealt, {game.players[called.deals_again(len(game.players))]} deals"


def misdeal_words(game: Game, called: Misdeal) -> str:
    """`Misdeal before round 3: Bob dealt; Bob deals again.`"""
    said = (
        _("Misdeal before round {number}: {dealer} dealt; {dealer} deals again.")
        if called.redeal == "same"
        else _("Misdeal before round {number}: {dealer} dealt; {next} deals.")
    )
    return said.format(
        number=called.before_round,
        dealer=game.players[called.dealer],
        next=game.players[called.deals_again(len(game.players))],
    )


def waiting_words(number: int) -> str:
    """`Round 3: tricks in, waiting for the other side's OK (scorepad confirm).`"""
    said = _("Round {number}: tricks in, waiting for the other side's OK (scorepad confirm).")
    return said.format(number=number)
