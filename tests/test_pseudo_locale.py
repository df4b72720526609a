"""Under a pseudo-locale no word reaches a person untranslated.

The engine returns facts (score lines, bid warnings, the kernel's reasons, refusals and
what to do about them) and the faces word them through gettext. Here gettext is a
pseudo-locale that says every message the German catalog holds as itself between ⟦ and
⟧, and leaves any other bare: a session provokes every kind of fact (every score line
of every preset, the bid warnings a correction leaves, every kernel reason, every bid
refusal, every "what to do" in the terminal's and the page's words), and any word left
outside the marks reached the person in English, or was never in the catalog. Fast: no
process is started and no catalog is extracted (the German .po says what it holds).
"""

from __future__ import annotations

import functools
import gettext
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import preset_rules
from test_i18n import rule_values, unmarked_words
from test_rules import MEANINGLESS

from scorepad import i18n
from scorepad.cli.core import error_words
from scorepad.cli.simulate import kernel_refused_words, why_not_kernel
from scorepad.engine.bids import (
    BLIND_NIL,
    NIL,
    Bid,
    BidKind,
    check_bid,
    check_side_bids,
    check_table_bids,
    number,
    parse_bid,
)
from scorepad.engine.entry import record_bids, record_tricks
from scorepad.engine.game import new_game, standings
from scorepad.engine.rules import KNOBS, Rules
from scorepad.engine.rulings import Ruling, RulingKind, ruling_lines
from scorepad.engine.scoring import Hand, Line, Said, score_side
from scorepad.errors import GameError, RulesError, ScorepadError, Todo
from scorepad.files.presets import preset_names
from scorepad.i18n import LOCALE_DIR
from scorepad.serve.guard import page_words
from scorepad.sim.kernel import KERNEL_BOTS, KernelReason, choose_kernel
from scorepad.words.gametext import line_english, line_words, warning_words

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
# What is a name or a notation in every language: the players and what is typed, the knobs
# and their values as TOML writes them (a rule change is quoted as typed), presets, bots.
NAMES = {
    *PLAYERS, "Us", "Them", "Zed", "lots", "nosuch", *KNOBS, *rule_values(), "true", "false",
    *preset_names(), *KERNEL_BOTS, "python",
}  # fmt: skip


@functools.cache
def german_messages() -> frozenset[object]:
    """Every message of the German catalog: a msgid, or (context, msgid)."""
    from babel.messages.pofile import read_po

    with (LOCALE_DIR / "de" / "LC_MESSAGES" / "scorepad.po").open("rb") as po:
        catalog = read_po(po)
    found: set[object] = set()
    for message in catalog:
        if message.id and message.string:
            singular = message.id[0] if isinstance(message.id, tuple) else message.id
            found.add(singular if message.context is None else (message.context, singular))
    return frozenset(found)


class Pseudo(gettext.NullTranslations):
    """A language that says each message the German catalog holds as ⟦itself⟧; a message
    it does not hold stays bare. `asked` keeps every msgid looked up."""

    def __init__(self) -> None:
        super().__init__()
        self.known = german_messages()
        self.asked: set[str] = set()  # a msgid, or `context|msgid`

    def gettext(self, message: str) -> str:
        self.asked.add(message)
        return f"⟦{message}⟧" if message in self.known else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add(msgid1)
        said = msgid1 if n == 1 else msgid2
        return f"⟦{said}⟧" if msgid1 in self.known else said

    def pgettext(self, context: str, message: str) -> str:
        self.asked.add(f"{context}|{message}")
        return f"⟦{message}⟧" if (context, message) in self.known else message


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch) -> Iterator[Pseudo]:
    language = Pseudo()
    monkeypatch.setattr(i18n, "_language", "de")  # not English: Babel's numbers, no shortcut
    monkeypatch.setattr(i18n, "_catalog", language)
    yield language


def bare(texts: list[str]) -> dict[str, list[str]]:
    """Each text that holds a word outside the marks, with those words."""
    found = {text: unmarked_words(text, NAMES) for text in texts}
    return {text: words for text, words in found.items() if words}


# ---------------------------------------------------------------------------
# Every score line of every preset

# One side's hands, (bid, tricks) a player, that between them make every line a preset can
# score: made, over, set, nil and blind nil made and failed, double nil, blind bids,
# exact and big-contract bonuses, 10-for-200, Boston, quicksand's short and over.
PAIRS = [
    ((4, 4), (3, 3)), ((4, 5), (3, 3)), ((4, 2), (3, 3)), ((1, 1), (1, 1)),
    (("nil", 0), (4, 4)), (("nil", 1), (4, 4)), (("nil", 2), (4, 3)),
    (("bnil", 0), (4, 4)), (("bnil", 1), (4, 4)), (("nil", 0), ("nil", 0)),
    (("nil", 1), ("nil", 0)), (("b6", 6), (3, 3)), (("b6", 4), (3, 3)),
    ((5, 5), (5, 5)), ((5, 4), (5, 5)), ((5, 5), (4, 5)), ((6, 6), (7, 7)), ((6, 6), (7, 5)),
    (("nil", 3), ("nil", 0)),
]  # fmt: skip
ALONE = [
    (4, 4), (4, 5), (4, 2), (1, 1), (2, 2), ("nil", 0), ("nil", 1), ("nil", 2), ("bnil", 0),
    ("bnil", 1), ("b6", 6), ("b6", 4), (10, 10), (10, 9), (12, 12), (12, 13),
]  # fmt: skip


def hand(rules: Rules, bid: object, tricks: int, name: str) -> Hand:
    return Hand(parse_bid(str(bid), rules), tricks, name)


def side_entries(rules: Rules) -> Iterator[list[tuple[object, int]]]:
    if rules.side_size == 1:
        yield from ([entry] for entry in ALONE)
        yield [(rules.tricks, rules.tricks)]  # Boston alone, made and set
        yield [(rules.tricks, rules.tricks - 1)]
    else:
        yield from (list(pair) for pair in PAIRS)


# Every preset, and the one line no preset scores: double nil, all or nothing.
RULE_SETS = [*((name, ()) for name in preset_names()), ("standard", ("double_nil=all-or-nothing",))]


def preset_lines(name: str, overrides: tuple[str, ...]) -> list[Line]:
    """Every line the entries above score under these rules, with and without names."""
    rules = preset_rules(name, *overrides)
    lines = []
    for entry in side_entries(rules):
        for names in (("Ann", "Cat"), ("", "")):
            hands = [
                hand(rules, bid, took, who)
                for (bid, took), who in zip(entry, names[: len(entry)], strict=True)
            ]
            lines.extend(score_side(rules, hands, bags=rules.bag_limit - 1).lines)
    return lines


@pytest.mark.parametrize(
    ("preset", "overrides"), RULE_SETS, ids=[" ".join((name, *more)) for name, more in RULE_SETS]
)
def test_every_score_line_of_every_preset_is_said_in_the_reader_s_language(
    pseudo: Pseudo, preset: str, overrides: tuple[str, ...]
) -> None:
    lines = set(preset_lines(preset, overrides))
    assert bare([line_words(line) for line in lines]) == {}
    # The csv's and JSON's words stay one stable English whatever the language.
    assert not any("⟦" in line_english(line) for line in lines)


# A director's ruling is a line of its own, which no preset scores: one of each kind.
RULING_LINES = [
    line
    for kind in RulingKind
    for line in ruling_lines([Ruling(0, kind, 3 if kind is RulingKind.BOOKS else 30, "renege")], 0)
]


def test_the_presets_score_every_kind_of_line() -> None:
    """So that the test above says every kind: none is left out of every preset, but for
    the rulings' lines, said in the test below."""
    kinds = {line.said for rule_set in RULE_SETS for line in preset_lines(*rule_set)}
    assert kinds | {line.said for line in RULING_LINES} == set(Said)


def test_every_ruling_line_is_said_in_the_reader_s_language(pseudo: Pseudo) -> None:
    assert bare([line_words(line) for line in RULING_LINES]) == {}
    assert not any("⟦" in line_english(line) for line in RULING_LINES)


# ---------------------------------------------------------------------------
# The bid warnings a correction leaves


def test_the_warnings_a_correction_leaves_are_said_in_the_reader_s_language(
    pseudo: Pseudo,
) -> None:
    game = new_game("t", PLAYERS, preset_rules("club"), preset="club")
    game = record_bids(game, ["Ann=6", "Bob=nil", "Cat=5", "Dan=4"])
    game = record_tricks(game, ["Ann=6", "Bob=1", "Cat=5", "Dan=1"])
    game = record_bids(game, ["Ann=4", "Bob=bnil", "Cat=4", "Dan=4"])  # Them trail by 250
    game = record_tricks(game, ["Ann=4", "Bob=0", "Cat=4", "Dan=5"])
    # Round 1 corrected: Them led after it, so round 2's blind nil was not allowed.
    game = record_tricks(game, ["Ann=1", "Bob=0", "Cat=1", "Dan=11"], number=1)
    (warning,) = standings(game).rounds[1].warnings
    assert warning.behind < 0
    warnings = [
        warning._replace(behind=behind, blind=blind)
        for behind in (40, 0, -40)
        for blind in (None, 6)
    ]
    assert bare([warning_words(each) for each in warnings]) == {}


# ---------------------------------------------------------------------------
# The kernel's reasons


@pytest.mark.parametrize("reason", list(KernelReason), ids=lambda reason: reason.name)
def test_every_kernel_reason_is_said_in_the_reader_s_language(
    pseudo: Pseudo, reason: KernelReason
) -> None:
    said = [why_not_kernel(reason)]
    if reason is not KernelReason.CHOSEN_PYTHON:
        said.append(kernel_refused_words(reason))
    assert bare(said) == {}


# ---------------------------------------------------------------------------
# Every bid refusal, and what to do about an error


def refusals() -> list[Callable[[], object]]:
    """A call for each way a bid is refused: by the bid itself, its side, the table."""
    standard = Rules()
    club = preset_rules("club")
    blind = preset_rules("standard", "blind_bids=true")
    joint = preset_rules("standard", "partner_bidding=true", "zero_bid=plain")
    suicide = preset_rules("suicide")
    blind_suicide = preset_rules("suicide", "blind_nil=true")
    no_hell = preset_rules("no-hell")
    least = preset_rules("standard", "min_team_bid=4")
    no_nil = preset_rules("standard", "nil=false")
    blind_bid = Bid(BidKind.BLIND, 6)
    game = new_game("t", PLAYERS, club, preset="club")
    return [
        lambda: parse_bid("x", standard),
        lambda: parse_bid("x"),
        lambda: check_bid(no_nil, NIL, who="Ann"),
        lambda: check_bid(standard, BLIND_NIL, who="Ann"),
        lambda: check_bid(club, BLIND_NIL, who="Ann", trailing_by=50),
        lambda: check_bid(club, BLIND_NIL, who="Ann", trailing_by=-10),
        lambda: check_bid(standard, blind_bid, who="Ann"),
        lambda: check_bid(blind, Bid(BidKind.BLIND, 3), who="Ann"),
        lambda: check_bid(blind, blind_bid, who="Ann", trailing_by=50),
        lambda: check_bid(standard, number(14), who="Ann"),
        lambda: check_bid(blind, number(14), who="Ann"),
        lambda: check_bid(joint, number(14), who="Ann"),
        lambda: check_bid(standard, number(0), who="Ann"),
        lambda: check_side_bids(joint, [NIL], who=["Us"], side="Us", joint=True),
        lambda: check_side_bids(suicide, [number(7)], who=["Us"], side="Us", joint=True),
        lambda: check_side_bids(joint, [number(0)], who=["Us"], side="Us", joint=True),
        lambda: check_side_bids(suicide, [number(3), number(4)], who=["Ann", "Cat"], side="Us"),
        lambda: check_side_bids(suicide, [NIL, number(3)], who=["Ann", "Cat"], side="Us"),
        lambda: check_side_bids(
            blind_suicide, [BLIND_NIL, number(3)], who=["Ann", "Cat"], side="Us", trailing_by=200
        ),
        lambda: check_side_bids(least, [number(1), number(2)], who=["Ann", "Cat"], side="Us"),
        lambda: check_table_bids(no_hell, [number(3)] * 3 + [number(4)], last="Dan"),
        lambda: record_bids(game, ["Ann=x", "Bob=3", "Cat=3", "Dan=3"]),
        lambda: record_bids(game, ["Zed=4"]),
        lambda: record_bids(game, ["Ann=4", "Ann=5"]),
        lambda: record_bids(game, ["Ann=4"]),
        lambda: record_bids(game, ["Ann=bnil", "Bob=3", "Cat=3", "Dan=3"]),
        lambda: record_tricks(game, ["Ann=4"]),
        *[
            functools.partial(preset_rules, preset, *overrides)
            for preset, overrides, *_ in (param.values for param in MEANINGLESS)
        ],
        lambda: preset_rules("standard", "target=lots"),
        lambda: preset_rules("standard", "nosuch=1"),
        lambda: choose_kernel("fast", standard, ["random"]),
    ]


def refused(call: Callable[[], object]) -> ScorepadError:
    with pytest.raises(ScorepadError) as caught:
        call()
    return caught.value


def test_every_refusal_is_said_in_the_reader_s_language_in_both_faces(pseudo: Pseudo) -> None:
    errors = [refused(call) for call in refusals()]
    assert any(isinstance(error, RulesError) and error.settings for error in errors)
    faces = [words(error) for error in errors for words in (error_words, page_words)]
    assert bare(faces) == {}
    # Every message of the bidding rules was said: none of them is left out above.
    assert bids_messages() - pseudo.asked == set()


def bids_messages() -> set[str]:
    """The msgids of scorepad/engine/bids.py: its refusals and the words they are made of (a
    bid as the sheet shows it, context `bid`, is the sheet's)."""
    from babel.messages.extract import extract_from_file

    from scorepad.words.catalog import KEYWORDS

    path = Path(i18n.__file__).parent / "engine" / "bids.py"
    found = set()
    for _line, message, _comments, context in extract_from_file("python", path, KEYWORDS):
        said = message[0] if isinstance(message, tuple) else message
        if context != "bid":
            found.add(said if context is None else f"{context}|{said}")
    return found


@pytest.mark.parametrize("todo", list(Todo), ids=lambda todo: todo.value)
def test_what_to_do_is_said_in_the_reader_s_language_in_both_faces(
    pseudo: Pseudo, todo: Todo
) -> None:
    error = GameError(i18n._("no current game"), todo=todo, number=3, name="fri")
    assert bare([error_words(error), page_words(error)]) == {}

