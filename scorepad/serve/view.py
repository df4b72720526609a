"""What the table's page shows, worked out from a game: plain values for the templates.

Everything here is read from the engine (`standings`) and the rules; nothing is kept
between requests. The templates only lay these values out, and escape every name.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from scorepad.bids import format_bid
from scorepad.export.view import side_order, side_rounds
from scorepad.game import Game, Round, Standings, next_dealer, open_round, standings
from scorepad.gametext import describe_end, entry_items, scores_text
from scorepad.scoring import signed


def game_version(game: Game) -> str:
    """A short fingerprint of everything a game holds: forms carry it, and an entry made
    from a form shown before another change is refused instead of entered twice."""
    return hashlib.sha256(repr(game).encode("utf-8")).hexdigest()[:16]


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


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a bid or tricks field: what the form sends and what a person reads."""

    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Field:
    """One input of an entry form: a player's (or a team's) bid or tricks."""

    name: str  # the form field: bid-SEAT, team-SIDE, took-SEAT
    label: str
    side: str
    choices: tuple[Choice, ...] = ()  # a select's options; empty for a number box
    value: str = ""
    note: str = ""  # `bids first`, `deals`


@dataclass(frozen=True, slots=True)
class EntryForm:
    """A form that enters or corrects one round's bids or tricks."""

    kind: str  # "bids" or "tricks"
    number: int
    fields: tuple[Field, ...]
    team_fields: tuple[Field, ...] = ()  # joint team bids, where partner bidding is on
    hints: tuple[str, ...] = ()
    corrects: bool = False


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


@dataclass(frozen=True, slots=True)
class SheetRow:
    number: int
    dealer: str
    sides: tuple[RowSide, ...]
    open: bool
    after_end: bool
    ends: bool


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
    turn: str
    side_names: tuple[str, ...]
    warnings: tuple[str, ...]
    form: EntryForm | None
    can_undo: bool
    undo_what: str


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
        )
        for side in order
    )
    banner = ""
    if result.outcome is not None:
        reason = describe_end(rules, result.outcome)
        who = "A draw" if result.winner is None else f"{game.sides[result.winner]} won"
        banner = f"{who} after round {result.ended_after} ({reason})."
    form: EntryForm | None = None
    waiting = open_round(game)
    if waiting is not None:
        round_ = game.rounds[waiting - 1]
        turn = (
            f"Round {waiting}: {game.players[round_.dealer]} dealt; the bids are in "
            f"({_bids_said(game, round_)}), the tricks to come."
        )
        form = tricks_form(game, waiting)
    elif result.finished:
        turn = "The game is over. A round can still be corrected from its page."
    else:
        number = len(game.rounds) + 1
        dealer = next_dealer(game)
        first = game.players[(dealer + 1) % len(game.players)]
        turn = f"Round {number}: {game.players[dealer]} deals, {first} bids first."
        form = bids_form(game, number, dealer, result)
    last = game.rounds[-1] if game.rounds else None
    undo_what = ""
    if last is not None:
        what = "tricks" if last.played else "bids"
        undo_what = f"Take back round {len(game.rounds)}'s {what}"
    warnings = tuple(warning for row in result.rounds for warning in row.warnings)
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
        turn=turn,
        side_names=tuple(game.sides[side] for side in order),
        warnings=warnings,
        form=form,
        can_undo=last is not None,
        undo_what=undo_what,
    )


def game_summary(game: Game, result: Standings) -> str:
    """A saved game in one line, for the list of games: `3 rounds: Us 216, Them 120; Us won.`"""
    count = len(game.rounds)
    text = f"{count} round{'' if count == 1 else 's'}: {scores_text(game, result.scores)}"
    if result.finished:
        text += "; a draw" if result.winner is None else f"; {game.sides[result.winner]} won"
    return text + "."


def _bids_said(game: Game, round_: Round) -> str:
    return "; ".join(
        f"{game.sides[side]} {'+'.join(format_bid(bid) for bid in round_.sides[side].bids)}"
        for side in side_order(game)
    )


def sheet_rows(game: Game, result: Standings) -> tuple[SheetRow, ...]:
    """Every round as a row of the sheet, with the reasons it stands out written out."""
    rows = []
    bags_counted = game.rules.bags and not game.rules.quicksand
    for row in result.rounds:
        cells = []
        for side in side_rounds(game, row):
            scored = side.result
            reasons = tuple(
                line.label for line in (scored.lines if scored else ()) if line.kind.is_bad
            )
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
                    bids="+".join(side.bids),
                    tricks=tricks,
                    points=signed(scored.points) if scored else "",
                    score=str(scored.score) if scored else "",
                    bags=str(scored.bags) if scored and bags_counted else "",
                    reasons=reasons,
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
            )
        )
    return tuple(rows)


# ---------------------------------------------------------------------------
# Entry forms: only what the rules allow is offered


def bid_choices(game: Game, *, team: bool = False) -> tuple[Choice, ...]:
    """The bids a player (or a team, for a joint bid) may pick under the game's rules."""
    rules = game.rules
    choices = [Choice("", "–")]
    if rules.nil and not team:
        choices.append(Choice("nil", "nil"))
    lowest = 0 if rules.zero_bid == "plain" else 1
    choices.extend(Choice(str(tricks), str(tricks)) for tricks in range(lowest, rules.tricks + 1))
    if rules.blind_nil and not team:
        choices.append(Choice("bnil", "blind nil"))
    if rules.blind_bids:
        choices.extend(
            Choice(f"b{tricks}", f"blind {tricks}")
            for tricks in range(rules.blind_bid_min, rules.tricks + 1)
        )
    return tuple(choices)


def bid_hints(game: Game) -> tuple[str, ...]:
    """The rules' own limits on bidding, said before anyone picks a bid."""
    rules = game.rules
    hints = []
    if rules.blind_nil and rules.blind_nil_deficit:
        hints.append(f"Blind nil only for a side trailing by {rules.blind_nil_deficit} or more.")
    if rules.blind_bids:
        hints.append(
            f"Blind bids of {rules.blind_bid_min} or more"
            + (
                f", only for a side trailing by {rules.blind_bid_deficit} or more."
                if rules.blind_bid_deficit
                else "."
            )
        )
    if rules.partner_bidding and rules.side_size > 1:
        hints.append("A team may give one joint bid instead of its players' bids.")
    if rules.min_team_bid:
        hints.append(f"A side's contract must be {rules.min_team_bid} or more.")
    if rules.suicide:
        hints.append(
            f"Suicide: in each team one bids nil, the other {rules.suicide_min_bid} or more."
        )
    if rules.no_hell:
        hints.append(f"No hell: the bids may not add up to {rules.tricks}.")
    return tuple(hints)


def bids_form(
    game: Game,
    number: int,
    dealer: int,
    result: Standings | None = None,
    *,
    values: dict[str, str] | None = None,
    corrects: bool = False,
) -> EntryForm:
    """The bids of round `number`, one field per player in bidding order (left of the dealer)."""
    rules, seats = game.rules, len(game.players)
    values = values or {}
    choices = bid_choices(game)
    fields = []
    for step in range(1, seats + 1):
        seat = (dealer + step) % seats
        note = "bids first" if step == 1 else ("deals" if seat == dealer else "")
        name = f"bid-{seat}"
        fields.append(
            Field(
                name=name,
                label=game.players[seat],
                side=game.sides[rules.side_of(seat)],
                choices=choices,
                value=values.get(name, ""),
                note=note,
            )
        )
    team_fields: tuple[Field, ...] = ()
    if rules.partner_bidding and rules.side_size > 1:
        team_choices = bid_choices(game, team=True)
        team_fields = tuple(
            Field(
                name=f"team-{side}",
                label=game.sides[side],
                side=game.sides[side],
                choices=team_choices,
                value=values.get(f"team-{side}", ""),
            )
            for side in side_order(game)
        )
    return EntryForm("bids", number, tuple(fields), team_fields, bid_hints(game), corrects)


def tricks_form(
    game: Game, number: int, *, values: dict[str, str] | None = None, corrects: bool = False
) -> EntryForm:
    """The tricks of round `number`: a team's total, or each player's where a side has a
    nil bidder (or plays alone, or bid per player and took per player before)."""
    rules = game.rules
    round_ = game.rounds[number - 1]
    values = values or {}
    fields = []
    for side in side_order(game):
        entry = round_.sides[side]
        seats = rules.seats_of(side)
        per_player = (
            len(seats) == 1
            or any(bid.is_nil for bid in entry.bids)
            or (entry.tricks is not None and len(entry.tricks) == len(seats))
        )
        if per_player:
            for index, seat in enumerate(seats):
                name = f"took-{seat}"
                value = values.get(name)
                if value is None and entry.tricks is not None:
                    value = str(entry.tricks[index])
                fields.append(Field(name, game.players[seat], game.sides[side], value=value or ""))
        else:
            name = f"team-{side}"
            value = values.get(name)
            if value is None and entry.tricks is not None:
                value = str(sum(entry.tricks))
            fields.append(
                Field(name, game.sides[side], game.sides[side], value=value or "", note="team")
            )
    hints = (f"Leave one box empty: it takes the rest of the {rules.tricks} tricks.",)
    return EntryForm("tricks", number, tuple(fields), (), hints, corrects)


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
        parts = []
        for item in entry_items(game, side, entry):
            who = item.who or "team"
            if item.bid is None:
                parts.append(f"{who} took {item.tricks}")
                continue
            part = f"{who} bid {format_bid(item.bid)}"
            if item.tricks is not None:
                part += f", took {item.tricks}"
            parts.append(part)
        score = before[side].score if before else 0
        bags = before[side].bags if before else 0
        scored = row.sides[side] if row.sides is not None else None
        lines: tuple[tuple[str, str, bool], ...] = ()
        total = after = ""
        if scored is not None:
            lines = tuple(
                (line.label, signed(line.points), line.kind.is_bad) for line in scored.lines
            )
            total = signed(scored.points)
            after = _standing(scored.score, scored.bags, bags_counted)
        sides.append(
            ExplainedSide(
                name=game.sides[side],
                entry="; ".join(parts),
                before=_standing(score, bags, bags_counted),
                lines=lines,
                total=total,
                after=after,
            )
        )
    notes = []
    if row.outcome is not None:
        winner = row.outcome.winner
        what = f"{game.sides[winner]} won" if winner is not None else "a draw"
        notes.append(f"This round ends the game: {what} ({scores_text(game, result.scores)}).")
    if row.after_end:
        notes.append(
            f"This round was played after the game ended (round {result.ended_after}): "
            "it does not count."
        )
    notes.extend(row.warnings)
    return ExplainedRound(
        number, game.players[row.round.dealer], row.sides is not None, tuple(sides), tuple(notes)
    )


def _standing(score: int, bags: int, bags_counted: bool) -> str:
    if not bags_counted:
        return f"{score} points"
    return f"{score} points, {bags} bag{'' if bags == 1 else 's'}"
