"""Hand records: one played deal as TOML (the hands, the bids, the cards in play order),
read back and replayed to find illegal plays and the tricks each player took.

    format = "scorepad-hand"
    version = 1
    preset = "standard"
    deal = 1
    players = ["North", "East", "South", "West"]
    dealer = "West"
    hands = ["AS KS 7S ...", ...]        # as dealt, in seat order
    discards = ""                        # the dealer's discard (jokers games)
    bids = [{player = "North", bid = "4"}, {team = "East & West", bid = "6"}, ...]
    play = ["QC 2C AC 5C", ...]          # trick by trick, from the trick's leader
    exchanges = [{from = "North", to = "South", cards = "AS KD"}, ...]
    [rules]                              # every knob, so a record stands alone
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorepad.engine.bids import Bid, format_bid, parse_bid
from scorepad.engine.cards import CODE_CARDS, Card, card_code, format_cards, parse_cards
from scorepad.engine.names import default_side_names
from scorepad.engine.ruledata import rules_from_mapping, rules_to_mapping
from scorepad.engine.rules import Rules
from scorepad.errors import CardError, ScorepadError
from scorepad.hints import os_reason
from scorepad.i18n import _
from scorepad.sim.results import DealRecord, seat_names
from scorepad.sim.validate import Problem, check_dealt, replay_play

FORMAT = "scorepad-hand"
VERSION = 1


class HandRecordError(ScorepadError):
    """A hand record that cannot be read."""


@dataclass(frozen=True, slots=True)
class Exchange:
    """Cards one player passed to another (blind nil's exchange)."""

    giver: int
    taker: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One deal as played: who held what, who bid what, and every card in play order."""

    rules: Rules
    preset: str
    players: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    bids: tuple[tuple[str, Bid], ...]  # (player or team name, bid) in bidding order
    play: tuple[tuple[Card, ...], ...]
    discards: tuple[Card, ...] = ()
    exchanges: tuple[Exchange, ...] = ()
    deal: int = 1

    @property
    def leader(self) -> int:
        """The seat that leads the first trick: the dealer's left."""
        return self.rules.first_leader(self.dealer)

    def holdings(self) -> list[list[Card]]:
        """Each seat's cards when play starts: dealt, less the discards, after exchanges."""
        held = [list(hand) for hand in self.hands]
        held[self.dealer] = [card for card in held[self.dealer] if card not in self.discards]
        for exchange in self.exchanges:
            held[exchange.giver] = [c for c in held[exchange.giver] if c not in exchange.cards]
            held[exchange.taker] += exchange.cards
        return held


@dataclass(frozen=True, slots=True)
class Verification:
    """A hand record replayed: problems found, each trick's winner, tricks per seat."""

    problems: tuple[Problem, ...]
    winners: tuple[int, ...]
    tricks: tuple[int, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def verify_record(record: HandRecord) -> Verification:
    """Replay a hand record by the rules: cards dealt once, every play legal, winners."""
    rules = record.rules
    codes = sorted(card_code(card) for card in rules.deck)
    dealt = [[card_code(card) for card in hand] for hand in record.hands]
    problems = check_dealt(
        codes, dealt, record.dealer, rules.tricks, rules.discards, names=record.players
    )
    holdings = [[card_code(card) for card in hand] for hand in record.holdings()]
    plays = [card_code(card) for trick in record.play for card in trick]
    replay = replay_play(holdings, record.leader, plays, record.players)
    problems.extend(replay.problems)
    if len(record.play) != rules.tricks:
        problems.append(
            Problem("tricks", "tricks-played", {"count": len(record.play), "tricks": rules.tricks})
        )
    return Verification(tuple(problems), tuple(replay.winners), tuple(replay.taken))


# ---------------------------------------------------------------------------
# From the simulator


def hand_record(
    rules: Rules,
    preset: str,
    deal: DealRecord,
    number: int,
    players: Sequence[str] | None = None,
) -> HandRecord:
    """A simulator `DealRecord` as a hand record."""
    names = tuple(players or seat_names(rules.players))
    sides = default_side_names(rules, names)

    def cards(codes: Sequence[int]) -> tuple[Card, ...]:
        return tuple(CODE_CARDS[code] for code in codes)

    bids = []
    for seat, bid in deal.bids:
        side = rules.side_of(seat)
        who = sides[side] if deal.joint[side] else names[seat]
        bids.append((who, bid))
    players_count = rules.players
    tricks = tuple(
        cards(deal.plays[start : start + players_count])
        for start in range(0, len(deal.plays), players_count)
    )
    return HandRecord(
        rules=rules,
        preset=preset,
        players=names,
        dealer=deal.dealer,
        hands=tuple(cards(sorted(hand, reverse=True)) for hand in deal.dealt),
        bids=tuple(bids),
        play=tricks,
        discards=cards(deal.discards),
        exchanges=tuple(
            Exchange(giver, taker, cards(codes)) for giver, taker, codes in deal.exchanges
        ),
        deal=number,
    )


# ---------------------------------------------------------------------------
# TOML


def format_hand_record(record: HandRecord) -> str:
    """The record as TOML text; `parse_hand_record` reads it back to an equal record."""
    import tomli_w

    names = record.players
    sides = default_side_names(record.rules, names)
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "preset": record.preset,
        "deal": record.deal,
        "players": list(names),
        "dealer": names[record.dealer],
        "hands": [format_cards(hand) for hand in record.hands],
        "discards": format_cards(record.discards),
        "bids": [
            {"team" if who in sides and who not in names else "player": who, "bid": format_bid(bid)}
            for who, bid in record.bids
        ],
        "play": [format_cards(trick) for trick in record.play],
        "exchanges": [
            {"from": names[ex.giver], "to": names[ex.taker], "cards": format_cards(ex.cards)}
            for ex in record.exchanges
        ],
        "rules": rules_to_mapping(record.rules),
    }
    return "# scorepad hand record: replay it with `scorepad verify FILE`\n" + tomli_w.dumps(data)


def write_hand_record(path: Path, record: HandRecord) -> None:
    path.write_text(format_hand_record(record), encoding="utf-8")


def read_hand_record(path: Path) -> HandRecord:
    """Read a hand record file; a HandRecordError names the file and what is wrong."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise HandRecordError(
            _("{path}: cannot read the hand record: {reason}").format(
                path=path, reason=os_reason(error)
            )
        ) from None
    return parse_hand_record(text, source=str(path))


def parse_hand_record(text: str, *, source: str = "hand record") -> HandRecord:
    """Read hand record TOML text."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        from scorepad.files.tomltext import not_toml

        raise HandRecordError(not_toml(source, error)) from None
    try:
        return _record_from_mapping(data, source)
    except HandRecordError:
        raise  # it names the source already
    except CardError as error:
        raise HandRecordError(f"{source}: {error}") from None
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, ScorepadError):
            raise HandRecordError(f"{source}: {error}") from None
        raise HandRecordError(
            _("{source}: missing or malformed entry: {error}").format(source=source, error=error)
        ) from None


def _record_from_mapping(data: Mapping[str, Any], source: str) -> HandRecord:
    if data.get("format") != FORMAT:
        raise HandRecordError(
            _('{source}: not a hand record (format = "{format}" expected)').format(
                source=source, format=FORMAT
            )
        )
    if data.get("version") != VERSION:
        raise HandRecordError(
            _("{source}: hand record version {version}; read {read}").format(
                source=source, version=repr(data.get("version")), read=VERSION
            )
        )
    rules = rules_from_mapping(data["rules"], source=f"{source} [rules]")
    names = tuple(str(name) for name in data["players"])
    if len(names) != rules.players:
        raise HandRecordError(
            _("{source}: {count} players; the rules have {players}").format(
                source=source, count=len(names), players=rules.players
            )
        )
    seat = {name: index for index, name in enumerate(names)}

    def seat_of(name: object, what: str) -> int:
        if name not in seat:
            raise HandRecordError(
                _("{source}: {what} {name} is not one of {names}").format(
                    source=source, what=what, name=repr(name), names=", ".join(names)
                )
            )
        return seat[str(name)]

    hands = tuple(tuple(parse_cards(str(hand))) for hand in data["hands"])
    if len(hands) != len(names):
        raise HandRecordError(
            _("{source}: {hands} hands for {players} players").format(
                source=source, hands=len(hands), players=len(names)
            )
        )
    sides = default_side_names(rules, names)
    bids = []
    for entry in data.get("bids", []):
        who = entry.get("player", entry.get("team"))
        if "player" in entry:
            seat_of(who, _("bidder"))
        elif who not in sides:
            raise HandRecordError(
                _("{source}: team {name} is not one of {teams}").format(
                    source=source, name=repr(who), teams=", ".join(sides)
                )
            )
        bids.append((str(who), parse_bid(str(entry["bid"]), rules)))
    exchanges = tuple(
        Exchange(
            seat_of(entry["from"], _("exchange from")),
            seat_of(entry["to"], _("exchange to")),
            tuple(parse_cards(str(entry["cards"]))),
        )
        for entry in data.get("exchanges", [])
    )
    return HandRecord(
        rules=rules,
        preset=str(data.get("preset", "")),
        players=names,
        dealer=seat_of(data["dealer"], _("dealer")),
        hands=hands,
        bids=tuple(bids),
        play=tuple(tuple(parse_cards(str(trick))) for trick in data.get("play", [])),
        discards=tuple(parse_cards(str(data.get("discards", "")))),
        exchanges=exchanges,
        deal=int(data.get("deal", 1)),
    )
