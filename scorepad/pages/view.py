"""What the table's page shows, worked out from a game: plain values for the templates.

Everything here is read from the engine (`standings`) and the rules; nothing is kept
between requests. The templates only lay these values out, and escape every name.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorepad.engine.bids import show_bid
from scorepad.engine.game import (
    Game,
    Round,
    Standings,
    awaiting_ok,
    limit_decides,
    next_dealer,
    open_round,
    standings,
)
from scorepad.engine.rulings import ruling_lines
from scorepad.engine.scoring import LineKind, signed
from scorepad.i18n import _, ngettext
from scorepad.pages.forms import (
    EntryForm,
    MisdealForm,
    RulingForm,
    bids_form,
    misdeal_form,
    ruling_form,
    tricks_form,
)
from scorepad.service.games import game_version
from scorepad.words.gametext import (
    deal_words,
    describe_end,
    entry_words,
    lead_text,
    level_text,
    line_words,
    scores_text,
    warning_words,
)
from scorepad.words.rounds import side_order, side_rounds


def entry_count(game: Game) -> int:
    """How many entries the game holds: each round's bids, and its tricks once played."""
    return sum(1 + round_.played for round_ in game.rounds)


@dataclass(frozen=True, slots=True)
class SideCard:
    """A side at the top of the page: its name, players, score, bags and what it needs."""

    name: str
    players: tuple[str, ...]
    score: int
    bags: int | None  # None where the rules count no bags
    needs: int
    leads: bool
    won: bool
    level: bool = False  # level at the top of a game that plays on: no "needs 0"
    above_limit: int | None = None  # how far above the loss limit, while one counts


@dataclass(frozen=True, slots=True)
class RowSide:
    """One side's cells in one row of the sheet."""

    name: str
    bids: str
    tricks: str
    points: str
    score: str
    bags: str
    reasons: tuple[str, ...]
    made: tuple[str, ...] = ()  # its made nils and blind nils, which the phone marks


@dataclass(frozen=True, slots=True)
class SheetRow:
    number: int
    dealer: str
    sides: tuple[RowSide, ...]
    open: bool
    after_end: bool
    ends: bool
    waiting: bool = False  # its tricks wait for the other side's OK: not scored yet


@dataclass(frozen=True, slots=True)
class GameView:
    """Everything the game's page shows, for one state of the game."""

    name: str
    preset: str
    target: int
    loss_limit: int | None
    version: str
    entries: int
    cards: tuple[SideCard, ...]
    rows: tuple[SheetRow, ...]
    finished: bool
    banner: str
    level: str  # `Us and Them are level at 510: round 7 decides.`, or empty
    turn: str
    side_names: tuple[str, ...]
    warnings: tuple[str, ...]
    form: EntryForm | None
    can_undo: bool
    undo_what: str
    undo_question: str  # `Take back round 3's tricks?`, the undo page's question
    watch_turn: str  # the turn as a watcher reads it (only the keeper corrects rounds)
    steps: str  # a short mark of each entry, for the script to name what changed
    deal: str = ""  # `deal 1 of 2` while a deal limit counts, else empty
    lead: str = ""  # who leads by how much, where the deal limit (not the target) decides
    clock: str = ""  # `Time left: 12:30.` for a game to a clock, read by the server's clock
    agreeing: int | None = None  # the round whose tricks wait for the other side's OK
    ruling: RulingForm | None = None  # the director's forms (the keeper's page draws them)
    misdeal: MisdealForm | None = None


def game_view(game: Game, result: Standings | None = None) -> GameView:
    """The page's view of `game`: scores on top, whose turn, the form to fill, the sheet."""
    if result is None:
        result = standings(game)
    rules = game.rules
    order = side_order(game)
    best = max(result.scores) if result.scores else 0
    cards = tuple(
        SideCard(
            name=game.sides[side],
            players=game.side_players(side),
            score=result.scores[side],
            bags=result.bags[side] if rules.bags and not rules.quicksand else None,
            needs=max(0, rules.target - result.scores[side]),
            leads=result.scores[side] == best and result.scores.count(best) == 1,
            won=result.winner == side,
            level=result.level is not None and side in result.level.sides,
            above_limit=None
            if rules.loss_limit is None or result.finished
            else result.scores[side] - rules.loss_limit,
        )
        for side in order
    )
    banner = ""
    if result.outcome is not None:
        said = (
            _("A draw after round {number} ({reason}).")
            if result.winner is None
            else _("{side} won after round {number} ({reason}).")
        )
        banner = said.format(
            side=game.sides[result.winner] if result.winner is not None else "",
            number=result.ended_after,
            reason=describe_end(rules, result.outcome),
        )
    form: EntryForm | None = None
    misdeal: MisdealForm | None = None
    deal = deal_words(game, result) or ""
    waiting = open_round(game)
    agreeing = awaiting_ok(game)
    if agreeing is not None:
        round_ = game.rounds[agreeing - 1]
        turn = _(
            "Round {number}: {dealer} dealt; the tricks are in ({tricks}) and wait for the"
            " other side's OK."
        ).format(
            number=_numbered(agreeing, deal),
            dealer=game.players[round_.dealer],
            tricks=_tricks_said(game, round_),
        )
    elif waiting is not None:
        round_ = game.rounds[waiting - 1]
        turn = _("Round {number}: {dealer} dealt; the bids are in ({bids}), the tricks to come.")
        turn = turn.format(
            number=_numbered(waiting, deal),
            dealer=game.players[round_.dealer],
            bids=_bids_said(game, round_),
        )
        form = tricks_form(game, waiting)
    elif result.finished:
        turn = _("The game is over. A round can still be corrected from its page.")
    else:
        number = len(game.rounds) + 1
        dealer = next_dealer(game)
        first = game.players[game.rules.bidding_order(dealer)[0]]
        turn = _("Round {number}: {dealer} deals, {first} bids first.").format(
            number=_numbered(number, deal), dealer=game.players[dealer], first=first
        )
        form = bids_form(game, number, dealer, result)
        misdeal = misdeal_form(game)
    undo_what, undo_question = _undo_words(game)
    warnings = tuple(warning_words(warning) for row in result.rounds for warning in row.warnings)
    return GameView(
        name=game.name,
        preset=game.preset,
        target=rules.target,
        loss_limit=rules.loss_limit,
        version=game_version(game),
        entries=entry_count(game),
        cards=cards,
        rows=sheet_rows(game, result),
        finished=result.finished,
        banner=banner,
        level=level_text(game, result) or "",
        turn=turn,
        side_names=tuple(game.sides[side] for side in order),
        warnings=warnings,
        form=form,
        can_undo=bool(undo_what),
        undo_what=undo_what,
        undo_question=undo_question,
        watch_turn=_("The game is over.") if result.finished and waiting is None else turn,
        steps=entry_steps(game),
        deal=deal,
        lead=lead_text(game, result) if limit_decides(game, result) else "",
        clock=_clock_said(game, result),
        agreeing=agreeing,
        ruling=ruling_form(game),
        misdeal=misdeal,
    )


def _undo_words(game: Game) -> tuple[str, str]:
    """What "Take back" takes, as its button and as the question before it (empty: there
    is nothing to take back): the engine's last entry (`last_entry`)."""
    from scorepad.engine.entry import last_entry

    entry = last_entry(game)
    if entry is None:
        return "", ""
    if entry == "misdeal":
        number = game.misdeals[-1].before_round
        what = _("Take back the misdeal before round {number}")
        question = _("Take back the misdeal before round {number}?")
    else:
        number = len(game.rounds)
        what, question = {
            "ruling": (
                _("Take back the last ruling on round {number}"),
                _("Take back the last ruling on round {number}?"),
            ),
            "tricks": (
                _("Take back round {number}'s tricks"),
                _("Take back round {number}'s tricks?"),
            ),
            "bids": (
                _("Take back round {number}'s bids"),
                _("Take back round {number}'s bids?"),
            ),
        }[entry]
    return what.format(number=number), question.format(number=number)


def _numbered(number: int, deal: str) -> str:
    """A round's number in the turn line, with the deal it is while a limit counts:
    `2 (deal 2 of 2)`."""
    return f"{number} ({deal})" if deal else str(number)


def _clock_said(game: Game, result: Standings) -> str:
    """The time left on a game's clock, by the server's clock (empty: none, or over)."""
    if game.clock is None or result.finished:
        return ""
    from scorepad.engine.clock import clock_reading
    from scorepad.service import clock as service_clock
    from scorepad.words.gametext import clock_words

    reading = clock_reading(game, service_clock.now())
    return clock_words(reading) if reading is not None else ""


def entry_steps(game: Game) -> str:
    """A short mark of each entry (a round's bids, then its tricks), space-separated: the
    page's script compares two states' marks to name the entry that changed."""
    marks = []
    for round_ in game.rounds:
        entries = round_.sides
        marks.append(_mark(repr(tuple(entry.bids for entry in entries))))
        if round_.played:
            marks.append(_mark(repr(tuple(entry.tricks for entry in entries))))
    return " ".join(marks)


def _mark(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:6]


def game_summary(game: Game, result: Standings) -> str:
    """A saved game in one line, for the list of games: `3 rounds: Us 216, Them 120; Us won.`"""
    count = len(game.rounds)
    scores = scores_text(game, result.scores)
    if result.level is not None:  # a tie at the top that plays on
        said = ngettext(
            "{count} round: {scores}; level, the next round decides.",
            "{count} rounds: {scores}; level, the next round decides.",
            count,
        )
    elif not result.finished:
        said = ngettext("{count} round: {scores}.", "{count} rounds: {scores}.", count)
    elif result.winner is None:
        said = ngettext(
            "{count} round: {scores}; a draw.", "{count} rounds: {scores}; a draw.", count
        )
    else:
        said = ngettext(
            "{count} round: {scores}; {side} won.", "{count} rounds: {scores}; {side} won.", count
        )
    side = game.sides[result.winner] if result.winner is not None else ""
    return said.format(count=count, scores=scores, side=side)


def _bids_said(game: Game, round_: Round) -> str:
    return "; ".join(
        f"{game.sides[side]} {'+'.join(show_bid(bid) for bid in round_.sides[side].bids)}"
        for side in side_order(game)
    )


def _tricks_said(game: Game, round_: Round) -> str:
    from scorepad.words.gametext import tricks_text

    return "; ".join(
        f"{game.sides[side]} {tricks_text(round_.sides[side])}" for side in side_order(game)
    )


def sheet_rows(game: Game, result: Standings) -> tuple[SheetRow, ...]:
    """Every round as a row of the sheet, with the reasons it stands out written out."""
    rows = []
    bags_counted = game.rules.bags and not game.rules.quicksand
    for row in result.rounds:
        cells = []
        for side in side_rounds(game, row):
            scored = side.result
            # A round not scored (yet) says its rulings all the same: a forfeit ends a
            # game with its round in play, and a ruling's reason is shown everywhere.
            lines = scored.lines if scored else side.unscored_rulings
            reasons = tuple(line_words(line) for line in lines if line.kind.is_bad)
            tricks = ""
            if side.tricks is not None:
                tricks = (
                    "+".join(map(str, side.player_tricks))
                    if side.player_tricks is not None and len(side.player_tricks) > 1
                    else str(side.tricks)
                )
            cells.append(
                RowSide(
                    name=side.name,
                    bids="+".join(_shown(bid) for bid in side.bids),
                    tricks=tricks,
                    points=signed(scored.points) if scored else "",
                    score=str(scored.score) if scored else "",
                    bags=str(scored.bags) if scored and bags_counted else "",
                    reasons=reasons,
                    made=tuple(
                        line_words(line)
                        for line in (scored.lines if scored else ())
                        if line.kind is LineKind.NIL
                    ),
                )
            )
        rows.append(
            SheetRow(
                number=row.number,
                dealer=game.players[row.round.dealer],
                sides=tuple(cells),
                open=row.sides is None,
                after_end=row.after_end,
                ends=row.outcome is not None,
                waiting=row.round.waiting,
            )
        )
    return tuple(rows)


# ---------------------------------------------------------------------------
# One round, explained line by line


@dataclass(frozen=True, slots=True)
class ExplainedSide:
    name: str
    entry: str  # `Ann bid 4 took 5, Cat bid nil took 0`
    before: str  # `337 points, 7 bags`
    lines: tuple[tuple[str, str, bool], ...]  # label, points, stands out
    total: str
    after: str


@dataclass(frozen=True, slots=True)
class ExplainedRound:
    number: int
    dealer: str
    played: bool
    sides: tuple[ExplainedSide, ...]
    notes: tuple[str, ...] = field(default=())


def explained_round(game: Game, result: Standings, number: int) -> ExplainedRound:
    """Round `number` as `scorepad explain` tells it: each side's entry, then its lines."""
    row = result.rounds[number - 1]
    before = result.rounds[number - 2].sides if number > 1 else None
    bags_counted = game.rules.bags and not game.rules.quicksand
    sides = []
    for side in side_order(game):
        entry = row.round.sides[side]
        parts = entry_words(game, side, entry)
        score = before[side].score if before else 0
        bags = before[side].bags if before else 0
        scored = row.sides[side] if row.sides is not None else None
        lines: tuple[tuple[str, str, bool], ...] = ()
        total = after = ""
        if scored is not None:
            lines = tuple(
                (line_words(line), signed(line.points), line.kind.is_bad) for line in scored.lines
            )
            total = signed(scored.points)
            after = _standing(scored.score, scored.bags, bags_counted)
        sides.append(
            ExplainedSide(
                name=game.sides[side],
                entry=", ".join(parts),  # as `scorepad explain` says it, word for word
                before=_standing(score, bags, bags_counted),
                lines=lines,
                total=total,
                after=after,
            )
        )
    notes = []
    if row.outcome is not None:
        winner = row.outcome.winner
        said = (
            _("This round ends the game: {side} won ({scores}).")
            if winner is not None
            else _("This round ends the game: a draw ({scores}).")
        )
        notes.append(
            said.format(
                side=game.sides[winner] if winner is not None else "",
                scores=scores_text(game, result.scores),
            )
        )
    if row.after_end:
        notes.append(
            _(
                "This round was played after the game ended (round {end}): it does not count."
            ).format(end=result.ended_after)
        )
    notes.extend(warning_words(warning) for warning in row.warnings)
    if row.sides is None:  # not scored (yet): its rulings are said apart from its lines
        notes.extend(
            _("{side}: {ruling}.").format(side=game.sides[side], ruling=line_words(line))
            for side in side_order(game)
            for line in ruling_lines(row.round.rulings, side)
        )
    return ExplainedRound(
        number, game.players[row.round.dealer], row.sides is not None, tuple(sides), tuple(notes)
    )


def _standing(score: int, bags: int, bags_counted: bool) -> str:
    points = ngettext("{score} point", "{score} points", score).format(score=score)
    if not bags_counted:
        return points
    return ngettext("{points}, {bags} bag", "{points}, {bags} bags", bags).format(
        points=points, bags=bags
    )


def _shown(bid: str) -> str:
    """A bid as the sheet's exports write it (`nil`), as a player of this language says it."""
    from scorepad.engine.bids import parse_bid

    return show_bid(parse_bid(bid)) if bid in ("nil", "bnil") else bid
